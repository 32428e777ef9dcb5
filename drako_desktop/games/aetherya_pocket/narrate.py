"""The game log in words: one line per event ("Ana replaced an Unexplored Land (a Swamp) with a Goblin")."""

from __future__ import annotations

from typing import Sequence

from .data import CardSet
from .engine import Event
from ...i18n import card_name, legend_name, tr


def with_article(name: str) -> str:
    """"a Swamp", "an Elf" in English; languages without articles map both keys to the bare name."""
    return tr("article.an" if name[:1].lower() in "aeiou" else "article.a", name=name)


def describe(event: Event, names: Sequence[str], cards: CardSet) -> str | None:
    """The log line for one event, or None for events that the log does not tell one by one."""
    name = names[event.seat] if 0 <= event.seat < len(names) else ""

    def card(type_id: str | None) -> str:
        return with_article(card_name(cards, type_id)) if type_id else ""

    kind = event.kind
    if kind == "arrange":
        return tr("log.arrange", name=name)
    if kind == "deal":
        return tr("log.deal", count=event.number)
    if kind == "start-discard":
        return tr("log.start_discard", card=card(event.card))
    if kind == "turn":
        return tr("log.turn", name=name, turn=event.number)
    if kind == "claim":
        assert event.legend is not None
        points = cards.legend(event.legend).points
        return tr("log.claim", name=name, legend=legend_name(cards, event.legend), points=points)
    if kind == "take-discard":
        return tr("log.take_discard", name=name, card=card(event.card))
    if kind == "reshuffle":
        return tr("log.reshuffle", count=event.number)
    if kind == "draw":
        return tr("log.draw", name=name, card=card(event.card))
    if kind == "place":
        key = "log.place_unexplored" if event.was_face_down else "log.place"
        return tr(key, name=name, card=card(event.card), replaced=card(event.replaced))
    if kind == "reveal":
        return tr("log.reveal", name=name, card=card(event.card), revealed=card(event.replaced))
    if kind == "pass":
        return None
    if kind == "end":
        return tr("log.end", name=name)
    return None  # final-reveal: one summary line is written by the driver
