"""What every scene needs, as protocols the app's own classes implement: the game on screen and what the shared
screens show of it (`GameUI`), the settings, fonts, text, pictures, the window's theme and the sounds.

A screen is handed them through its room (`ui/room.py`) and never sees the app's classes (the app's context is
`ui.app.AppContext`). The game's own screens (its board, rules reference and lesson), which only the app opens, are
`ui.game_ui.GameScreens`.
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
    from ..interface.game import AnyGame
    from ..settings import Settings
    from .art import Art
    from .fonts import Fonts
    from .sound import Sounds
    from .text import Text
    from .theme import Theme


class Context(Protocol):
    """The game on screen, its words and pictures for the shared screens, and what every screen draws with."""

    @property
    def game(self) -> AnyGame:
        """The game the menu and the table are about (its handle)."""

    @property
    def game_ui(self) -> GameUI: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def fonts(self) -> Fonts: ...

    @property
    def text(self) -> Text: ...

    @property
    def art(self) -> Art: ...

    @property
    def theme(self) -> Theme: ...

    @property
    def sounds(self) -> Sounds: ...


@dataclass(frozen=True)
class Position:
    """A still picture of a position, and what each thing on it is (its rect on the picture, its tooltip)."""

    picture: pygame.Surface
    tips: tuple[tuple[Rect, Tooltip], ...] = ()

    def thing_at(self, point: tuple[int, int]) -> tuple[Rect, Tooltip] | None:
        """What lies at `point` of the picture, if anything: its rect and its tooltip."""
        return next(((rect, tip) for rect, tip in self.tips if rect.collidepoint(point)), None)


class GameUI(Protocol):
    """What the shared screens (the main menu, the new-game screen, Load/History, the score sheet, the viewer and the
    review, the sound effects) need of a game's own user interface: its words, pictures and sounds."""

    def title(self) -> str:
        """The game's name in the player's language."""

    def tagline(self) -> str:
        """What the game is, in one line of the player's language (the main menu's game choice)."""

    def variant_text(self, variant: str) -> tuple[str, str]:
        """An optional rule's name and one-line explanation in the player's language."""

    def has_lesson(self) -> bool:
        """Whether Learn to play has a lesson for this game (and its data)."""

    def category_name(self, category: str) -> str:
        """A line of the score sheet in the player's language."""

    def tie_break_text(self, names: Sequence[str], scores: Sequence[Breakdown], winners: Sequence[int]) -> str:
        """Why the winner won when totals tie, in words (empty when no tie needed breaking)."""

    def ending_text(self, view: Any) -> str:
        """How a finished game ended, in words, for a game that can end in more than one way (else empty)."""

    def sound_for(self, event: Any) -> str | None:
        """The sound effect of an engine event (a file name of `ui/sounds` without .wav), if any."""

    def seat_mark(self, ctx: Context, identity: int, size: int) -> pygame.Surface | None:
        """The mark a seat of colour `identity` carries beside its colour, so that it is told apart without
        colour (None: the game tells seats apart by colour and name)."""

    def showcase(self, ctx: Context, width: int, height: int) -> list[pygame.Surface]:
        """A few pictures of the game's pieces at about width x height, for the title screen."""

    def position(self, ctx: Context, setup: GameSetup, view: Any, size: tuple[int, int],
                 highlight: Any = None) -> Position:
        """A still picture of a position as `view` shows it, at most `size` large (the game viewer, the review's
        boards), with the tooltip of each thing on it: drawn from the view alone, never touching a table.
        `highlight` is an action of the seat to move, marked on it (shown as made where it has a place)."""
