"""What the shared screens need of a game's own user interface.

The main menu, the new-game screen, Load/History, the score sheet, the pause menu and
the sound effects serve every game; the table, the rules reference, the lesson and the
pictures are the game's own. A game's handle makes its `GameUI` (`Game.ui()`), which
imports the game's UI package only when a window is open.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, Sequence

import pygame
from pygame import Rect

from ..interface.game import Breakdown
from .tooltips import Tooltip

if TYPE_CHECKING:
    from ..controller.game import GameSetup
    from .context import Context
    from .room import GameRoom, Room
    from .scenes.base import Scene
    from .table import Board, TableScene


@dataclass(frozen=True)
class Position:
    """A still picture of a position, and what each thing on it is (its rect on the picture, its tooltip)."""

    picture: pygame.Surface
    tips: tuple[tuple[Rect, Tooltip], ...] = ()

    def thing_at(self, point: tuple[int, int]) -> tuple[Rect, Tooltip] | None:
        """What lies at `point` of the picture, if anything: its rect and its tooltip."""
        return next(((rect, tip) for rect, tip in self.tips if rect.collidepoint(point)), None)


class GameUI(Protocol):
    def title(self) -> str:
        """The game's name in the player's language."""

    def tagline(self) -> str:
        """What the game is, in one line of the player's language (the main menu's game choice)."""

    def variant_text(self, variant: str) -> tuple[str, str]:
        """An optional rule's name and one-line explanation in the player's language."""

    def board(self, table: "TableScene[Any, Any]") -> "Board[Any]":
        """The game's board on the shared table (`ui.table`): its layout, drawing, pieces and gestures."""

    def rules_scene(self, app: "Room") -> "Scene":
        """The game's rules reference."""

    def has_lesson(self) -> bool:
        """Whether Learn to play has a lesson for this game (and its data)."""

    def open_lesson(self, app: "GameRoom") -> None:
        """Learn to play: start or resume the lesson."""

    def category_name(self, category: str) -> str:
        """A line of the score sheet in the player's language."""

    def tie_break_text(self, names: Sequence[str], scores: Sequence[Breakdown], winners: Sequence[int]) -> str:
        """Why the winner won when totals tie, in words (empty when no tie needed breaking)."""

    def ending_text(self, view: Any) -> str:
        """How a finished game ended, in words, for a game that can end in more than one way (else empty)."""

    def sound_for(self, event: Any) -> str | None:
        """The sound effect of an engine event (a file name of `ui/sounds` without .wav), if any."""

    def seat_mark(self, ctx: "Context", identity: int, size: int) -> pygame.Surface | None:
        """The mark a seat of colour `identity` carries beside its colour, so that it is told apart without
        colour (None: the game tells seats apart by colour and name)."""

    def showcase(self, ctx: "Context", width: int, height: int) -> list[pygame.Surface]:
        """A few pictures of the game's pieces at about width x height, for the title screen."""

    def position(self, ctx: "Context", setup: "GameSetup", view: Any, size: tuple[int, int],
                 highlight: Any = None) -> Position:
        """A still picture of a position as `view` shows it, at most `size` large (the game viewer, the review's
        boards), with the tooltip of each thing on it: drawn from the view alone, never touching a table.
        `highlight` is an action of the seat to move, marked on it (shown as made where it has a place)."""
