"""Where bundled files live, from a source checkout and from the frozen build."""

from __future__ import annotations

import sys
from pathlib import Path


def root() -> Path:
    """The folder holding `cards/` and `fonts/`.

    PyInstaller unpacks data next to the executable and names the folder in
    `sys._MEIPASS`; from source (or an editable install) it is the checkout.
    """
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def cards_folder(game_id: str) -> Path:
    """The bundled data folder of a game (`cards/<game-id>/`)."""
    return root() / "cards" / game_id


def default_cards() -> Path:
    """The bundled data of the first game, Aetherya Pocket (the command-line tools' default)."""
    return cards_folder("aetherya-pocket")


def fonts() -> Path:
    return root() / "fonts"


def app_icon() -> Path:
    """The application's icon (tools/make_icons.py draws it; build.spec bundles it)."""
    return root() / "packaging" / "icons" / "drako-desktop.png"


def package() -> Path:
    """The `drako_desktop` package folder (locales, UI icons)."""
    return Path(__file__).resolve().parent
