"""The registry of games: a stable game id -> the module path of the game's package (`drako_desktop/games/<game>/`).

The shared layers reach a game only through here: `load(game_id)` imports the game's
package by its path on first use and returns its handle (`interface.game.Game`). The registry
imports no game: the games sit on top of the app and the table below is data, so that nothing under
the games has an import arrow pointing up at them. Ids are what saves, records and statistics key on:
an id is never renamed, and a retired id is never given to another game (PySolFC's rule).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import AnyGame, GameCommand

# game id -> the module path of the game's package, in the order the main menu shows them. PyInstaller cannot see
# these imports: build.spec names every module of the app.
GAMES: dict[str, str] = {
    "aetherya-pocket": "drako_desktop.games.aetherya_pocket",
    "draco-mundis": "drako_desktop.games.draco_mundis",
}
RETIRED: frozenset[str] = frozenset()  # ids of games no longer offered: never reused
DEFAULT_GAME = "aetherya-pocket"


class UnknownGameError(ValueError):
    """A game id that no game of this version has."""


def game_ids() -> tuple[str, ...]:
    return tuple(GAMES)


def load(game_id: str, folder: Path | None = None) -> "AnyGame":
    """The handle of a game, with its bundled data or the data folder given (house rules).

    Raises UnknownGameError for an id this version does not know, and the data layer's
    CardDataError for a data folder that cannot be used."""
    module_path = GAMES.get(game_id)
    if module_path is None:
        known = ", ".join(GAMES)
        raise UnknownGameError(f"unknown game {game_id!r} (known: {known})")
    module = importlib.import_module(module_path)
    game: AnyGame = module.load(folder)
    return game


def commands() -> dict[str, tuple[str, "GameCommand"]]:
    """The command-line commands of the games (`COMMANDS` of a game's package): name -> (game id, command)."""
    found: dict[str, tuple[str, GameCommand]] = {}
    for game_id, module_path in GAMES.items():
        for command in getattr(importlib.import_module(module_path), "COMMANDS", ()):
            found[command.name] = (game_id, command)
    return found


class Library(Mapping[str, "AnyGame"]):
    """The games this run of the app plays, by id, each loaded on first use: the bundled data, or
    the folder given for it (`--cards DIR`, house rules). Saves, the Load screen and the opponents'
    process find a game's handle here by the id its file names."""

    def __init__(self, folders: Mapping[str, Path] | None = None) -> None:
        self.folders = dict(folders or {})
        self._loaded: dict[str, AnyGame] = {}

    def add(self, game: "AnyGame") -> None:
        """Use this handle for its id (loaded already, e.g. from a `--cards` folder)."""
        self._loaded[game.id] = game
        self.folders[game.id] = game.folder

    def __getitem__(self, game_id: str) -> "AnyGame":
        game = self._loaded.get(game_id)
        if game is None:
            if game_id not in GAMES:
                raise KeyError(game_id)
            game = self._loaded[game_id] = load(game_id, self.folders.get(game_id))
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)
