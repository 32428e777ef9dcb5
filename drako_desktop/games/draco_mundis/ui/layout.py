"""Where everything on the Draco Mundis table goes, for any window size (1280 x 720 up to 4K).

    +--------------------------------------------------------------------+
    | top bar: menu, title, whose turn and the actions left     log rules |
    +------------------------------------------+-------------------------+
    |     0 1 2 3 4 5 6 7 8 9 10 11            | players: mark, name,    |
    |  0 +------------------------------+      |  score, trophies, ...   |
    |  . |  the 8 x 12 board (the       |      +-------------------------+
    |  7 |  unused columns hatched)     |      | supply tray (setup) /   |
    |    +------------------------------+      | the selected character  |
    |                                          | / the log               |
    +------------------------------------------+-------------------------+
    | status line: what to do now                       Pass / End turn  |
    +--------------------------------------------------------------------+

A pure function of the window size, the players and whether the log is open.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

from ....ui.theme import Theme

TRAY_COLUMNS = 4


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    players: int
    top_bar: Rect
    status_bar: Rect
    board: Rect  # the grid drawn: every row, the columns from `first_column` on
    square: int  # a square's side
    labels: int  # room for the row and column numbers
    side: Rect  # the right-hand column
    seats: tuple[Rect, ...]  # one plate per player, in seat order
    panel: Rect  # under the plates: the tray, the selected character or the log
    rows: int
    columns: int  # how many columns are drawn
    first_column: int = 0  # the board's column drawn leftmost (squares keep the board's numbers)

    def square_rect(self, at: tuple[int, int]) -> Rect:
        row, col = at
        return Rect(self.board.x + (col - self.first_column) * self.square, self.board.y + row * self.square,
                    self.square, self.square)

    def square_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        if not self.board.collidepoint(pos):
            return None
        return ((pos[1] - self.board.y) // self.square, (pos[0] - self.board.x) // self.square + self.first_column)

    @property
    def drawn_columns(self) -> range:
        return range(self.first_column, self.first_column + self.columns)

    def tray_slots(self, count: int) -> list[Rect]:
        """The supply tray's places inside the panel, under its title."""
        th = Theme(*self.size)
        title = th.text(24) + th.px(20)
        area = Rect(self.panel.x + th.px(12), self.panel.y + title, self.panel.w - 2 * th.px(12),
                    self.panel.h - title - th.px(12))
        gap = th.px(8)
        side = min((area.w - (TRAY_COLUMNS - 1) * gap) // TRAY_COLUMNS, th.px(96))
        rows = max(1, -(-count // TRAY_COLUMNS))
        side = max(8, min(side, (area.h - (rows - 1) * gap) // rows))
        return [Rect(area.x + (i % TRAY_COLUMNS) * (side + gap), area.y + (i // TRAY_COLUMNS) * (side + gap),
                     side, side) for i in range(count)]


def table_layout(size: tuple[int, int], players: int, rows: int = 8, columns: int = 12,
                 first_column: int = 0) -> TableLayout:
    """`columns` from `first_column` on are drawn: those in play for the number of players (the data says
    which), the squares as large as they fit; the board centred left of the side column, which takes what a
    narrow board leaves, within reason."""
    th = Theme(*size)
    width, height = size
    g = th.gap
    top_bar = Rect(0, 0, width, th.px(58))
    status_bar = Rect(0, height - th.px(62), width, th.px(62))
    body = Rect(g, top_bar.bottom + g, width - 2 * g, status_bar.top - top_bar.bottom - 2 * g)
    labels = th.px(22)
    side_min, side_max = th.px(400), th.px(600)
    square = min((body.h - labels) // rows, (body.w - side_min - g - labels) // columns)
    side_w = max(side_min, min(side_max, body.w - g - labels - square * columns))
    left = body.x + (body.w - side_w - g - labels - square * columns) // 2  # the board centred in what is left
    board = Rect(left + labels, body.y + labels, square * columns, square * rows)
    side = Rect(body.right - side_w, body.y, side_w, body.h)
    plate_h = min(th.px(96), (side.h // 2 - (players - 1) * th.px(6)) // players)
    seats = tuple(Rect(side.x, side.y + i * (plate_h + th.px(6)), side.w, plate_h) for i in range(players))
    top = seats[-1].bottom + g
    panel = Rect(side.x, top, side.w, side.bottom - top)
    return TableLayout(size, players, top_bar, status_bar, board, square, labels, side, seats, panel, rows, columns,
                       first_column)
