"""What a screen may touch: the app seen through narrow, typed rooms.

A scene is handed the app, but typed as the room it plays in, so that mypy holds every screen to what that room
offers and no screen module imports the app (the arrows run one way: `app` imports the scenes, never the reverse).

- `Room`, every screen's: the screens above and below it, the shared context (settings, text, pictures, sounds),
  messages, the rules reference, the settings screen and the settings it may change, the way back to the main menu.
- `GameRoom`, a table's (and its hint's and score sheet's): start a turn controller and the opponents' process,
  the game's saving, what the app does at a game's end.
- `MenuRoom`, the menus' (main menu, new game, load, statistics, viewer): open another screen or the lesson, start
  or resume a game, leave the app; `ReviewRoom` adds the opponents' process the review thinks in.
- `SettingsRoom`, the settings screen's: the window's size and full screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

import pygame

if TYPE_CHECKING:
    from ..controller.game import GameController, GameSetup
    from ..controller.worker import AgentProcess
    from ..i18n import Message
    from ..interface.game import AnyGame
    from ..interface.registry import Library
    from ..net.client import NetClient
    from ..net.invitation import Invitation
    from ..saves import SavedGame
    from ..session import GameSession
    from .context import Context
    from .scenes.base import Scene, SceneStack


class Room(Protocol):
    @property
    def ctx(self) -> Context: ...

    @property
    def scenes(self) -> SceneStack: ...

    @property
    def surface(self) -> pygame.Surface: ...

    @property
    def library(self) -> Library: ...

    def notify(self, title: str, message: str, detail: str = "") -> None: ...

    def show_error(self, message: str) -> None: ...

    def open_rules(self) -> None: ...

    def open_settings(self) -> None: ...

    def update_settings(self, **changes: Any) -> None: ...

    def main_menu(self) -> None: ...


class GameRoom(Room, Protocol):
    persist: bool  # games are saved and counted (not in the tests' and benchmarks' apps)
    threaded: bool  # computers and hints think in the opponents' process, off the frame loop
    hint_depth: int
    on_game_over: Callable[[GameController[Any, Any]], None] | None

    def controller(self, setup: GameSetup, saved: SavedGame | None = None,
                   practice: bool = False) -> GameController[Any, Any]: ...

    def opponents(self, game: AnyGame) -> AgentProcess: ...

    def practice_for(self, setup: GameSetup) -> bool: ...

    def current_session(self) -> GameSession | None: ...

    def rematch(self, setup: GameSetup) -> None: ...

    def open_review(self, saved: SavedGame, seat: int | None = None) -> Scene | None: ...


class MenuRoom(Room, Protocol):
    persist: bool

    def open_new_game(self) -> None: ...

    def open_join(self) -> None: ...

    def join_table(self, invitation: Invitation, client: NetClient, welcome: dict[str, Any],
                   arrived: list[dict[str, Any]]) -> Scene | None: ...

    def open_lesson(self) -> None: ...

    def open_about(self) -> None: ...

    def open_load(self, history: bool = False) -> None: ...

    def open_statistics(self) -> None: ...

    def show_game(self, game_id: str) -> None: ...

    def start_game(self, setup: GameSetup) -> Scene: ...

    def resume_game(self, saved: SavedGame, take_over: bool = False, read_only: bool = False) -> Scene | None: ...

    def continue_game(self) -> None: ...

    def review_game(self, saved: SavedGame) -> Scene | None: ...

    def open_review(self, saved: SavedGame, seat: int | None = None) -> Scene | None: ...

    def open_viewer(self, saved: SavedGame, start: int | None = None) -> Scene: ...

    def notify_unusable_saves(self, problems: list[Message], kept: list[Message]) -> bool: ...

    def quit(self, code: int = 0) -> None: ...


class ReviewRoom(MenuRoom, Protocol):
    threaded: bool
    review_depth: int

    def opponents(self, game: AnyGame) -> AgentProcess: ...


class SettingsRoom(Room, Protocol):
    fullscreen: bool

    def toggle_fullscreen(self) -> None: ...

    def resize(self, size: tuple[int, int]) -> None: ...
