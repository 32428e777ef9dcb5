"""What every scene needs: card data and rules, settings, fonts, text, art, window theme, sounds."""

from __future__ import annotations

from dataclasses import dataclass

from ..data import CardSet
from ..engine import Rules
from ..settings import Settings
from .art import CardArt
from .fonts import Fonts
from .sound import Sounds
from .text import Text
from .theme import Theme


@dataclass
class Context:
    rules: Rules
    settings: Settings
    fonts: Fonts
    text: Text
    art: CardArt
    theme: Theme
    sounds: Sounds

    @property
    def cards(self) -> CardSet:
        return self.rules.cards
