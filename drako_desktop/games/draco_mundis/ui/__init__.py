"""Draco Mundis on the desktop: its table, rules reference, lesson and token pictures.

The shared UI reaches these through the game's handle (`DracoMundis.ui()`), never by
importing this package.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

import pygame

from ....i18n import has, tr
from ....interface.game import Breakdown, tie_break_steps
from ....ui.kept import for_the_texts
from ....ui.tooltips import behind_text, join_names, tie_step_key
from .token_art import TokenArt, identity_mark

if TYPE_CHECKING:
    from ....controller.game import GameSetup
    from ....ui.context import Context, Position
    from ....ui.room import GameRoom, Room
    from ....ui.scenes.base import Scene
    from ....ui.table import Board, TableScene
    from .. import DracoMundis

# engine event kind -> sound effect
EVENT_SOUNDS = {
    "place": "place", "move": "draw", "capture": "claim", "push": "draw", "reveal": "flip", "reveal-any": "flip",
    "peek": "click", "fight": "claim", "destroy": "discard", "sacrifice": "discard", "rotate": "click",
    "turn": "turn", "end": "end",
}
SHOWCASE = ("explorer", "dragon", "jungle", "cannibal", "campsite", "biplane", "tiger")  # the title screen's fan

_token_arts: dict[tuple[int, str, tuple[int, ...]], TokenArt] = {}


def game_of(ctx: "Context") -> "DracoMundis":
    """The Draco Mundis handle of the game on screen (the scenes here only ever show this game)."""
    from .. import DracoMundis

    game = ctx.game
    assert isinstance(game, DracoMundis), f"a Draco Mundis scene shows {game.id}"
    return game


def token_pictures(ctx: "Context", identities: tuple[int, ...] = (0, 1, 2, 3)) -> TokenArt:
    """The token pictures for the game on screen, with each seat's colour, pattern and mark of the palette
    (`GameSetup.colour_of`): made once per data, language and choice of colours, then kept."""
    return for_the_texts(_token_arts, (id(ctx.art), ctx.fonts.language, identities), ctx.text,
                         lambda art: art.data is game_of(ctx).data,
                         lambda: TokenArt(ctx.art, game_of(ctx).data, ctx.text, identities))


class DracoUI:
    """Draco Mundis's part of the desktop app (`ui.game_ui.GameScreens`)."""

    def __init__(self, game: "DracoMundis") -> None:
        self.game = game

    def title(self) -> str:
        return tr("draco_mundis.name")

    def tagline(self) -> str:
        return tr("draco_mundis.tagline")

    def variant_text(self, variant: str) -> tuple[str, str]:
        return tr(f"draco_mundis.variants.{variant}.name"), tr(f"draco_mundis.variants.{variant}.description")

    def board(self, table: "TableScene[Any, Any]") -> "Board[Any]":
        from .board import DracoBoard

        return DracoBoard(table)

    def rules_scene(self, app: "Room") -> "Scene":
        from .rules_scene import RulesScene

        return RulesScene(app)

    def has_lesson(self) -> bool:
        from ....ui.lesson import offers_lesson
        from ..lesson import available, script_path

        return offers_lesson(self.game, script_path(self.game), lambda: available(self.game))

    def open_lesson(self, app: "GameRoom") -> None:
        from .tutorial_scene import open_tutorial

        open_tutorial(app)

    def category_name(self, category: str) -> str:
        key = f"draco_mundis.categories.{category}"
        return tr(key) if has(key) else category.replace("_", " ")

    def tie_break_text(self, names: Sequence[str], scores: Sequence[Breakdown], winners: Sequence[int]) -> str:
        return tie_break_text(self.game, names, scores, winners)

    def ending_text(self, view: Any) -> str:
        """The last reveal or the stall rule (rule book 3, 5)."""
        return tr(f"draco_table.ended.{view.ended}", limit=view.stall_limit) if view.ended else ""

    def sound_for(self, event: Any) -> str | None:
        return EVENT_SOUNDS.get(event.kind)

    def seat_mark(self, ctx: "Context", identity: int, size: int) -> pygame.Surface | None:
        return identity_mark(ctx.art, identity, size)

    def showcase(self, ctx: "Context", width: int, height: int) -> list[pygame.Surface]:
        pictures = TokenArt(ctx.art, self.game.data, ctx.text)
        size = min(width, height)
        out = []
        for i, kind in enumerate(SHOWCASE):
            if any(c.id == kind for c in self.game.data.characters):
                out.append(pictures.character(kind, i % 4, "N", size))
            else:
                out.append(pictures.land(kind, i % 4, size))
        return out

    def position(self, ctx: "Context", setup: "GameSetup", view: Any, size: tuple[int, int],
                 highlight: Any = None) -> Position:
        from .position import position

        return position(ctx, setup, view, size, highlight)


def tie_break_text(game: "DracoMundis", names: Sequence[str], scores: Sequence[Breakdown],
                   winners: Sequence[int]) -> str:
    """Why the winner won when totals tie: each count (dragons eliminated, then characters) that split the
    players still tied, or that they share the victory; empty without a tie."""
    tied, steps = tie_break_steps(scores)
    if len(tied) < 2:
        return ""
    total = scores[tied[0]].total
    if not steps:
        return tr("draco_table.tie_shared", names=join_names([names[s] for s in tied]), total=total)
    rows = game.data.tiebreak
    words = [tr("draco_table.tie_intro", names=join_names([names[s] for s in tied]), total=total)]
    words += [tr(tie_step_key("draco_table", names, step.ahead),
                 what=tr(f"draco_mundis.tiebreak.{rows[step.position].id}"),
                 ahead=join_names([names[s] for s in step.ahead]), value=step.value,
                 behind=behind_text(names, step.behind)) for step in steps]
    if len(winners) > 1:
        words.append(tr("draco_table.tie_shared_rest", names=join_names([names[s] for s in winners])))
    return tr("language.sentence_separator").join(words)


__all__ = ["DracoUI", "TokenArt", "game_of", "token_pictures"]
