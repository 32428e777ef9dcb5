"""Aetherya Pocket on the desktop: its table, rules reference, lesson and card art.

The shared UI reaches these through the game's handle (`AetheryaPocket.ui()`), never
by importing this package.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

import pygame

from ....i18n import tr
from ....interface.game import Breakdown, tie_break_steps
from ....ui.kept import for_the_texts
from ....ui.tooltips import behind_text, join_names, tie_step_key
from ..narrate import category_name
from .card_art import CARD_ASPECT, CardArt

if TYPE_CHECKING:
    from ....controller.game import GameSetup
    from ....ui.context import Context, Position
    from ....ui.room import GameRoom, Room
    from ....ui.scenes.base import Scene
    from ....ui.table import Board, TableScene
    from .. import AetheryaPocket

# engine event kind -> sound effect
EVENT_SOUNDS = {
    "draw": "draw",
    "take-discard": "draw",
    "place": "place",
    "reveal": "flip",
    "final-reveal": "flip",
    "reshuffle": "shuffle",
    "claim": "claim",
    "turn": "turn",
    "end": "end",
}
SHOWCASE = ("plain", "forest", "dragon", "elf", "portal", "human", "mountain")  # the title screen's card fan

_card_arts: dict[tuple[int, str], CardArt] = {}


def game_of(ctx: "Context") -> "AetheryaPocket":
    """The Aetherya handle of the game on screen (the scenes here only ever show this game)."""
    from .. import AetheryaPocket

    game = ctx.game
    assert isinstance(game, AetheryaPocket), f"an Aetherya Pocket scene shows {game.id}"
    return game


def card_pictures(ctx: "Context") -> CardArt:
    """The card pictures for the game on screen in the current language (made once, then kept)."""
    return for_the_texts(_card_arts, (id(ctx.art), ctx.fonts.language), ctx.text,
                         lambda art: art.cards is game_of(ctx).cards,
                         lambda: CardArt(ctx.art, game_of(ctx).cards, ctx.text))


class AetheryaUI:
    """Aetherya Pocket's part of the desktop app (`ui.game_ui.GameScreens`)."""

    def __init__(self, game: "AetheryaPocket") -> None:
        self.game = game

    def title(self) -> str:
        return tr("menu.subtitle")

    def tagline(self) -> str:
        return tr("menu.tagline")

    def variant_text(self, variant: str) -> tuple[str, str]:
        raise KeyError(f"{self.game.name} has no variant {variant!r}")

    def board(self, table: "TableScene[Any, Any]") -> "Board[Any]":
        from .board import AetheryaBoard

        return AetheryaBoard(table)

    def rules_scene(self, app: "Room") -> "Scene":
        from .rules_scene import RulesScene

        return RulesScene(app)

    def has_lesson(self) -> bool:
        from ....ui.lesson import offers_lesson
        from ..lesson import available, script_path

        return offers_lesson(self.game, script_path(self.game.cards), lambda: available(self.game.cards))

    def open_lesson(self, app: "GameRoom") -> None:
        from .tutorial_scene import open_tutorial

        open_tutorial(app)

    def category_name(self, category: str) -> str:
        return category_name(self.game.cards, category)

    def tie_break_text(self, names: Sequence[str], scores: Sequence[Breakdown], winners: Sequence[int]) -> str:
        return tie_break_text(names, scores, winners)

    def ending_text(self, view: Any) -> str:
        return ""  # a game of Aetherya Pocket ends one way only: the last card placed

    def sound_for(self, event: Any) -> str | None:
        return EVENT_SOUNDS.get(event.kind)

    def seat_mark(self, ctx: "Context", identity: int, size: int) -> pygame.Surface | None:
        return None  # a kingdom is its player's: named on its plate

    def showcase(self, ctx: "Context", width: int, height: int) -> list[pygame.Surface]:
        pictures = CardArt(ctx.art, self.game.cards, ctx.text)  # shown on the menu whichever game is chosen
        w = min(width, round(height * CARD_ASPECT))
        return [pictures.face(card, w, round(w / CARD_ASPECT)) for card in SHOWCASE]

    def position(self, ctx: "Context", setup: "GameSetup", view: Any, size: tuple[int, int],
                 highlight: Any = None) -> Position:
        from .position import position

        return position(ctx, setup, view, size, highlight)


def tie_break_text(names: Sequence[str], scores: Sequence[Breakdown], winners: Sequence[int]) -> str:
    """Why the winner won, in words, when totals tie (rule book 6.5): each comparison that split the players
    still tied, or that they share the victory; empty without a tie."""
    tied, steps = tie_break_steps(scores)
    if len(tied) < 2:
        return ""
    total = scores[tied[0]].total
    if not steps:
        return tr("scores.shared", names=join_names([names[s] for s in tied]), total=total)
    words = [tr("scores.tie_intro", names=join_names([names[s] for s in tied]), total=total)]
    words += [tr(tie_step_key("scores", names, step.ahead), rank=step.position + 1,
                 ahead=join_names([names[s] for s in step.ahead]), value=step.value,
                 behind=behind_text(names, step.behind)) for step in steps]
    if len(winners) > 1:
        words.append(tr("scores.tie_shared_rest", names=join_names([names[s] for s in winners])))
    return tr("language.sentence_separator").join(words)


__all__ = ["AetheryaUI", "CardArt", "card_pictures", "game_of"]
