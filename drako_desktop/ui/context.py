"""What every scene needs: the game on screen, settings, fonts, text, pictures, window theme, sounds."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..interface.game import Game
from ..settings import Settings
from .art import Art
from .fonts import Fonts
from .game_ui import GameUI
from .sound import Sounds
from .text import Text
from .theme import Theme


@dataclass
class Context:
    game: Game  # the game the menu and the table are about (its handle)
    settings: Settings
    fonts: Fonts
    text: Text
    art: Art
    theme: Theme
    sounds: Sounds
    game_ui: GameUI = field(init=False)

    def __post_init__(self) -> None:
        self.game_ui = self.game.ui()

    def show_game(self, game: Game) -> None:
        """Make `game` the one on screen."""
        self.game = game
        self.game_ui = game.ui()
