"""Where a hint's suggested action shows on the Aetherya Pocket table.

The hint itself (asking, thinking, the glow, the bubble, counting) is shared (`ui/hints.py`);
the board only says which of its places an action is about: the pile to take from, the card
in hand and the place it goes, the legend to claim, or the End turn button.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pygame import Rect

from ....ui.hints import BubblePlace
from ..engine import ARRANGE, CENTRE, CLAIM, DRAW, PASS, PLACE, REVEAL, TAKE_DISCARD, Action

if TYPE_CHECKING:
    from .board import AetheryaBoard


def hint_places(board: "AetheryaBoard", action: Action, seat: int) -> list[Rect]:
    """The places of `action` of `seat` on the table now, the card moved first (its arrow starts there)."""
    kind = action.kind
    if kind == DRAW:
        return [board.pile_rect("draw")]
    if kind == TAKE_DISCARD:
        return [board.pile_rect("discard")]
    if kind == PLACE:
        return [board.pile_rect("drawn"), board.cell_rect(seat, action.row * 4 + action.col)]
    if kind == REVEAL:  # the card in hand goes to the discard pile, and the land turns over
        cell = board.cell_rect(seat, action.row * 4 + action.col)
        return [board.pile_rect("drawn"), board.pile_rect("discard"), cell]
    if kind == CLAIM and action.legend_id in board.model.legend_row:
        return [board.legend_rect(board.model.legend_row.index(action.legend_id))]
    if kind == ARRANGE:
        return [board.cell_rect(seat, cell) for cell in CENTRE]
    if kind == PASS:
        button = board.rect_of(("button", "end_turn"))
        return [button] if button is not None else []
    return []


def bubble_places(board: "AetheryaBoard", told: bool) -> tuple[list[BubblePlace], list[Rect]]:
    """Where the hint's words may go, best first: above the status bar under the piles, under the legends,
    under the other kingdoms (no wider than their column: not over the large kingdom); and what they had better
    not cover (the last turns told, when `told`)."""
    layout, th = board.layout, board.ctx.theme
    bottom = layout.status_bar.top - th.px(8)
    width = max(th.px(420), layout.piles.w + th.px(200))
    places = [BubblePlace((layout.piles.centerx, bottom), width),
              BubblePlace((layout.legend_area.centerx, bottom), width)]
    others = [box.rect for seat, box in layout.kingdoms.items() if seat != layout.active]
    if others:
        column = others[0].unionall(others[1:])
        places.append(BubblePlace((column.centerx, bottom), min(width, column.w)))
    return places, [layout.news] if told and layout.news.h else []
