"""The game log in words: one line per event ("Ana replaced an Unexplored Land (a Swamp) with a Goblin")."""

from __future__ import annotations

from typing import Sequence

from ...i18n import called_you, join_names, signed, tr
from .data import CardSet
from .engine import (
    ARRANGE,
    CLAIM,
    DRAW,
    PLACE,
    REVEAL,
    TAKE_DISCARD,
    Action,
    Event,
    Rules,
    View,
    placement_change,
    placement_problem,
)
from .words import card_name, legend_name


def category_name(cards: CardSet, category: str) -> str:
    """A score-sheet category: a tribe's name, or dragons / legends / conflicts."""
    if any(t.id == category for t in cards.types):
        return card_name(cards, category)
    return tr(f"scores.category.{category}")


def with_article(name: str) -> str:
    """"a Swamp", "an Elf" in English; languages without articles map both keys to the bare name."""
    return tr("article.an" if name[:1].lower() in "aeiou" else "article.a", name=name)


def describe(event: Event, names: Sequence[str], cards: CardSet) -> str | None:
    """The log line for one event, or None for events that the log does not tell one by one."""
    name = names[event.seat] if 0 <= event.seat < len(names) else ""

    def card(type_id: str | None) -> str:
        return with_article(card_name(cards, type_id)) if type_id else ""

    kind = event.kind
    if kind == "arrange":  # the person called You: "You arranged your starting cards", not "their"
        return tr("log.arrange_you") if called_you(name) else tr("log.arrange", name=name)
    if kind == "deal":
        return tr("log.deal", count=event.number)
    if kind == "start-discard":
        return tr("log.start_discard", card=card(event.card))
    if kind == "turn":
        return tr("log.turn", name=name, turn=event.number)
    if kind == "claim":
        assert event.legend is not None, "a claim names its legend"
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
        return tr("log.end_you") if called_you(name) else tr("log.end", name=name)
    return None  # final-reveal: one summary line is written by the driver


def summarize_turn(events: Sequence[Event], names: Sequence[str], cards: CardSet) -> str:
    """One seat's whole turn in one sentence, from its events (which carry only what became public):
    "Brynja took the Forest from the discard and replaced an Unexplored Land (it was a Portal)."."""
    if not events:
        return ""
    seat = events[0].seat
    name = names[seat] if 0 <= seat < len(names) else ""
    kinds = {e.kind: e for e in events}

    def card(type_id: str | None) -> str:
        return with_article(card_name(cards, type_id)) if type_id else ""

    action = ""
    if "arrange" in kinds:
        action = tr("summary.arrange", name=name)
    elif "place" in kinds:
        place = kinds["place"]
        assert place.card is not None, "a place names its card"
        taken = "take-discard" in kinds
        key = ("summary.take_place" if taken else "summary.draw_place") + ("_unexplored" if place.was_face_down else "")
        action = tr(key, name=name, card=card_name(cards, place.card) if taken else card(place.card),
                    replaced=card(place.replaced))
    elif "reveal" in kinds:
        reveal = kinds["reveal"]
        action = tr("summary.draw_reveal", name=name, card=card(reveal.card), revealed=card(reveal.replaced))
    claim = kinds.get("claim")
    if claim is not None:
        assert claim.legend is not None, "a claim names its legend"
        legend, points = legend_name(cards, claim.legend), cards.legend(claim.legend).points
        action = tr("summary.and_claimed", action=action, legend=legend, points=points) if action else \
            tr("summary.claimed", name=name, legend=legend, points=points)
    return tr("summary.sentence", text=action) if action else ""


def hint_reason(rules: Rules, view: View, action: Action) -> str:
    """Why the hint suggests `action`, in one line of the player's language (from the seat's view only):
    "+4 Human now, and makes Tribe of Humans claimable"."""
    cards = rules.cards
    assert view.seat is not None, "a hint is for a seat's view"
    seat = view.seat
    kingdom = rules.kingdom_from_ids(view.kingdoms[seat])
    legends = [rules.legend_index[leg] for leg in view.legends[seat]]
    kind = action.kind
    if kind == CLAIM:
        legend = action.legend_id
        return tr("hint.claim", legend=legend_name(cards, legend), points=cards.legend(legend).points)
    if kind == PLACE and view.drawn is not None:
        change = placement_change(rules, kingdom, legends, action.row * 4 + action.col, rules.type_index[view.drawn])
        gains = [_gain(cards, c, v) for c, v in change.delta.items() if v]
        words = tr("hint.place", changes=join_names(gains)) if gains else tr("hint.place_nothing")
        if change.newly_claimable:
            names = join_names([legend_name(cards, leg) for leg in change.newly_claimable])
            words = tr("hint.and_claimable", first=words, legends=names)
        return words
    if kind == REVEAL:
        return tr("hint.reveal")
    if kind in (TAKE_DISCARD, DRAW) and view.discard_top is not None:
        best = _best_gain(rules, kingdom, legends, view.discard_top)
        card = with_article(card_name(cards, view.discard_top))
        return tr("hint.take_discard" if kind == TAKE_DISCARD else "hint.draw", card=card, points=signed(best))
    if kind == DRAW:
        return tr("hint.draw_empty_discard")
    if kind == ARRANGE:
        arranged = list(kingdom)
        for index, type_id in zip((5, 6, 9, 10), (t for row in action.arranged for t in row)):
            arranged[index] = rules.type_index[type_id]
        return tr("hint.arrange", points=signed(rules.breakdown(arranged, legends).total))
    return tr("hint.pass")


def _gain(cards: CardSet, category: str, points: int) -> str:
    """"+4 Human" for a tribe, "+2 from conflicts" for the other categories."""
    if category in ("dragons", "legends", "conflicts"):
        return tr(f"hint.from.{category}", points=signed(points))
    return f"{signed(points)} {category_name(cards, category)}"


def _best_gain(rules: Rules, kingdom: tuple[int, ...], legends: list[int], type_id: str) -> int:
    """The most face-up points a card could add to the kingdom, over every place it may go."""
    card = rules.type_index[type_id]
    now = rules.breakdown(kingdom, legends).total
    gains = [placement_change(rules, kingdom, legends, i, card).after.total - now
             for i in range(len(kingdom)) if placement_problem(rules, kingdom, i, card) is None]
    return max(gains, default=0)
