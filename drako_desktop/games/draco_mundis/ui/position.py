"""A still picture of one Draco Mundis position, for the game viewer and the review's boards.

Drawn from a view alone, through the table's own board model and painter: the columns in use
with every token as the view's seat knows it (a face-down token stays a back; the kinds the
seat knows show small on it, as on the table), and a plate per player with the score and the
trophies. An action of the seat to move can be marked on it: its squares ring and glow, a
token to place shows on its square, a move or capture is drawn as an arrow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect

from ....ui import theme
from ....ui.anim import Choreography
from ....ui.context import Position
from ....ui.text import blit_at
from ....ui.tooltips import number
from ..actions import FACINGS, Capture, Fight, Move, Place, Push, Select, row_col
from ..board import BoardModel, Square
from ..view import Token, View
from . import game_of
from .layout import TableLayout
from .painter import TablePainter
from .tips import square_tooltip

if TYPE_CHECKING:
    from ....ui.context import Context


class StillTable:
    """What the table's painter reads of a table, for one position that never moves."""

    def __init__(self, ctx: "Context", setup: Any, model: BoardModel, layout: TableLayout) -> None:
        """`setup`: the game's seats and their colours (the table's drawing knows nothing of the controller)."""
        self.ctx, self.setup, self.model, self.layout = ctx, setup, model, layout
        self.choreo = Choreography()  # idle: nothing in flight hides a square

    def score_counter(self, seat: int) -> int:
        return self.model.score(seat)

    def presence(self, seat: int) -> str | None:
        return None  # a position on its own has nobody on another computer


def still_layout(ctx: "Context", size: tuple[int, int], model: BoardModel) -> TableLayout:
    """The columns in use, as large as fit in `size` above a row of player plates; the layout's size is the
    picture's, no larger than it needs (the columns out of play lie left of it, where nothing shows)."""
    th, text = ctx.theme, ctx.text
    w, h = size
    labels = text.line_height("number", th.text(15)) + th.px(8)
    gap = th.px(8)
    plate_h = th.px(70)
    used = model.columns[1] - model.columns[0] + 1
    square = max(8, min((w - labels) // used, (h - labels - plate_h - gap) // model.rows))
    board = Rect(labels - model.columns[0] * square, labels, square * model.data.columns, square * model.rows)
    width = labels + used * square
    plate_w = (used * square - gap * (model.players - 1)) // model.players  # under the board, as wide as it
    seats = tuple(Rect(labels + i * (plate_w + gap), board.bottom + gap, plate_w, plate_h)
                  for i in range(model.players))
    empty = Rect(0, 0, 0, 0)
    return TableLayout((width, board.bottom + gap + plate_h), model.players, empty, empty, board, square, labels,
                       empty, seats, empty, model.rows, model.data.columns)


def position(ctx: "Context", setup: Any, view: "View", size: tuple[int, int], highlight: Any = None) -> Position:
    """The position as `view` shows it, at most `size` large, with each square's tooltip as the table gives it
    to the view's seat; `highlight` an action of the seat to move, marked."""
    data = game_of(ctx).data
    model = BoardModel.from_view(view, data)
    layout = still_layout(ctx, size, model)
    still = StillTable(ctx, setup, model, layout)
    painter = TablePainter(still)  # type: ignore[arg-type]  # a still position: only what it draws from
    surface = pygame.Surface(layout.size, pygame.SRCALPHA)
    surface.blit(painter.grid(), (0, 0))
    row_numbers(surface, ctx, layout)
    for at, spot in model.squares.items():
        rect = layout.square_rect(at)
        surface.set_clip(rect)
        painter.spot(surface, spot, rect)
        surface.set_clip(None)
    wide = ctx.theme.px(260)
    for seat, rect in enumerate(layout.seats):
        surface.blit(painter.plate(seat, rect.size) if rect.w >= wide else small_plate(painter, still, seat, rect.size),
                     rect)
    if highlight is not None:
        mark(surface, painter, still, highlight)
    names = [seat.name for seat in setup.seats]
    tips = ((layout.square_rect(at), square_tooltip(data, model, at, names)) for at in model.squares)
    return Position(surface, tuple((rect, tip) for rect, tip in tips if tip is not None))


def row_numbers(surface: pygame.Surface, ctx: "Context", layout: TableLayout) -> None:
    """The row numbers in the left margin, where the table's grid drew the columns out of play."""
    th, text = ctx.theme, ctx.text
    used = layout.square_rect((0, 0)).x + layout.columns * layout.square
    margin = Rect(0, 0, layout.labels, layout.board.bottom + th.px(8))
    surface.fill((0, 0, 0, 0), margin)
    surface.fill((0, 0, 0, 0), Rect(0, 0, used, layout.labels))  # the cut column numbers of the unused part
    first = next(col for col in range(layout.columns) if layout.square_rect((0, col)).x >= layout.labels)
    for col in range(first, layout.columns):
        label = text.render(str(col), "number", th.text(15), theme.INK_MUTED)
        blit_at(surface, label, "midbottom", (layout.square_rect((0, col)).centerx, layout.board.y - th.px(4)))
    for row in range(layout.rows):
        label = text.render(str(row), "number", th.text(15), theme.INK_MUTED)
        blit_at(surface, label, "midright", (layout.labels - th.px(5), layout.square_rect((row, 0)).centery))


def small_plate(painter: TablePainter, still: StillTable, seat: int, size: tuple[int, int]) -> pygame.Surface:
    """A player where a table's plate has no room: mark, name and score, and the trophies in a row."""
    th, text, art = still.ctx.theme, still.ctx.text, painter.art
    model = still.model
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.blit(still.ctx.art.panel(w, h, alpha=170), (0, 0))
    pad = th.px(6)
    line = (h - 2 * pad) // 2
    mark_size = min(line, th.px(22))
    surf.blit(art.mark(seat, mark_size), (pad, pad + (line - mark_size) // 2))
    score = text.render(number(model.score(seat)), "number", th.text(18), theme.GOLD)
    blit_at(surf, score, "midright", (w - pad, pad + line // 2))
    x = pad + mark_size + th.px(5)
    name = text.fitted(still.setup.seats[seat].name, "bold", th.text(16), theme.INK,
                       max(10, w - x - score.get_width() - th.px(8) - pad))
    blit_at(surf, name, "midleft", (x, pad + line // 2))
    won = model.trophies[seat]
    chip = min(line, th.px(22))
    step = min(chip + 2, (w - 2 * pad - chip) // max(1, len(won) - 1)) if len(won) > 1 else chip
    for i, token in enumerate(won):
        surf.blit(art.character(token.kind, token.owner, None, chip), (pad + i * step, h - pad - chip))
    return surf


def squares_of(action: Any, model: BoardModel) -> list[Square]:
    """The squares an action is about, the acting ones first."""
    if isinstance(action, (Move, Capture)):
        return [row_col(action.origin), row_col(action.target)]
    if isinstance(action, Push):
        return [row_col(action.by), row_col(action.at)]
    if isinstance(action, Fight):
        defender = row_col(action.at)
        preview = model.fight_preview(model.current, defender)
        return [f.at for f in preview.attackers] + [defender] if preview is not None else [defender]
    square = getattr(action, "at", None)  # peek, reveal, rotate, destroy, sacrifice, reveal any, place
    return [row_col(square)] if isinstance(square, int) else []


def mark(surface: pygame.Surface, painter: TablePainter, still: StillTable, action: Any) -> None:
    ctx, layout, model = still.ctx, still.layout, still.model
    th, art = ctx.theme, ctx.art
    rects = [layout.square_rect(at) for at in squares_of(action, model)]
    if isinstance(action, Place):
        rect = rects[0]
        inner = rect.inflate(-max(2, rect.w // 16), -max(2, rect.h // 16))
        group = model.kind_group(action.token)
        if group == "character":
            painter.piece(surface, "character", _token(model, action), inner, alpha=200)
        else:
            painter.back(surface, model.current, inner)
    if isinstance(action, Select):  # which token to place next: shown on the plate of the seat to move
        plate = layout.seats[model.current]
        size = plate.h - th.px(8)
        rect = Rect(plate.right - size - th.px(4), plate.y + th.px(4), size, size)
        painter.token_picture(surface, action.token, model.current, rect)
        rects = [rect]
    if isinstance(action, (Move, Capture, Push)) and len(rects) == 2:
        pygame.draw.line(surface, theme.HINT, rects[0].center, rects[1].center, max(3, th.px(4)))
        pygame.draw.circle(surface, theme.HINT, rects[1].center, max(4, layout.square // 8))
    for rect in rects:
        m = art.halo(rect.w, rect.h)
        surface.blit(art.glow(rect.w, rect.h, theme.HINT), (rect.x - m, rect.y - m))
        pygame.draw.rect(surface, theme.HINT, rect, width=max(2, th.px(3)), border_radius=th.px(4))


def _token(model: BoardModel, action: Place) -> Token:
    return Token(model.current, action.token, FACINGS[action.facing] if action.facing >= 0 else "N")
