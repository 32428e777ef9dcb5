"""A game's own screens, which the app opens and wires: its board on the shared table, its rules reference, its
lesson. A game's handle makes its user interface (`Game.ui()`, imported only when a window is open): these screens,
and the words and pictures every shared screen shows (`context.GameUI`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from .context import GameUI

if TYPE_CHECKING:
    from .room import GameRoom, Room
    from .scenes.base import Scene
    from .table import Board, TableScene


class GameScreens(GameUI, Protocol):
    """A game's user interface as the app sees it: the screens it wires, beside what every shared screen shows."""

    def board(self, table: TableScene[Any, Any]) -> Board[Any]:
        """The game's board on the shared table (`ui.table`): its layout, drawing, pieces and gestures."""

    def rules_scene(self, app: Room) -> Scene:
        """The game's rules reference."""

    def open_lesson(self, app: GameRoom) -> None:
        """Learn to play: start or resume the lesson."""
