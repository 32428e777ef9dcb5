"""What the shared screens need of a game's own user interface.

The main menu, the new-game screen, Load/History, the score sheet, the pause menu and
the sound effects serve every game; the table, the rules reference, the lesson and the
pictures are the game's own. A game's handle makes its `GameUI` (`Game.ui()`), which
imports the game's UI package only when a window is open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, Sequence

import pygame

from ..games.base import Breakdown

if TYPE_CHECKING:
    from ..controller.game import GameSetup
    from ..saves import SavedGame
    from .app import App
    from .context import Context
    from .scenes.base import Scene


class GameUI(Protocol):
    def title(self) -> str:
        """The game's name in the player's language."""

    def tagline(self) -> str:
        """What the game is, in one line of the player's language (the main menu's game choice)."""

    def variant_text(self, variant: str) -> tuple[str, str]:
        """An optional rule's name and one-line explanation in the player's language."""

    def table_scene(self, app: "App", setup: "GameSetup", saved: "SavedGame | None" = None,
                    review: bool = False) -> "Scene":
        """The table of a new game (`setup`), of a saved one where it was left, or of a finished one to
        look at (`review`)."""

    def rules_scene(self, app: "App") -> "Scene":
        """The game's rules reference."""

    def has_lesson(self) -> bool:
        """Whether Learn to play has a lesson for this game (and its data)."""

    def open_lesson(self, app: "App") -> None:
        """Learn to play: start or resume the lesson."""

    def category_name(self, category: str) -> str:
        """A line of the score sheet in the player's language."""

    def tie_break_text(self, names: Sequence[str], scores: Sequence[Breakdown], winners: Sequence[int]) -> str:
        """Why the winner won when totals tie, in words (empty when no tie needed breaking)."""

    def sound_for(self, event: Any) -> str | None:
        """The sound effect of an engine event (a file name of `ui/sounds` without .wav), if any."""

    def showcase(self, ctx: "Context", width: int, height: int) -> list[pygame.Surface]:
        """A few pictures of the game's pieces at about width x height, for the title screen."""
