"""Where a hint's suggested action shows on the Aetherya Pocket table.

The hint itself (asking, thinking, the glow, the bubble, counting) is shared (`ui/hints.py`);
the table only says which of its places an action is about: the pile to take from, the card
in hand and the place it goes, the legend to claim, or the End turn button.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pygame import Rect

from ....ui.hints import BubblePlace
from ..engine import ARRANGE, CENTRE, CLAIM, DRAW, PASS, PLACE, REVEAL, TAKE_DISCARD, Action

if TYPE_CHECKING:
    from .table_scene import TableScene


def hint_places(table: "TableScene", action: Action, seat: int) -> list[Rect]:
    """The places of `action` of `seat` on the table now, the card moved first (its arrow starts there)."""
    kind = action.kind
    if kind == DRAW:
        return [table.pile_rect("draw")]
    if kind == TAKE_DISCARD:
        return [table.pile_rect("discard")]
    if kind == PLACE:
        return [table.pile_rect("drawn"), table.cell_rect(seat, action.row * 4 + action.col)]
    if kind == REVEAL:  # the card in hand goes to the discard pile, and the land turns over
        cell = table.cell_rect(seat, action.row * 4 + action.col)
        return [table.pile_rect("drawn"), table.pile_rect("discard"), cell]
    if kind == CLAIM and action.legend_id in table.model.legend_row:
        return [table.legend_rect(table.model.legend_row.index(action.legend_id))]
    if kind == ARRANGE:
        return [table.cell_rect(seat, cell) for cell in CENTRE]
    if kind == PASS:
        button = table.rect_of(("button", "end_turn"))
        return [button] if button is not None else []
    return []


def bubble_places(table: "TableScene", told: bool) -> tuple[list[BubblePlace], list[Rect]]:
    """Where the hint's words may go, best first: above the status bar under the piles, under the legends,
    under the other kingdoms (no wider than their column: not over the large kingdom); and what they had better
    not cover (the last turns told, when `told`)."""
    layout, th = table.layout, table.ctx.theme
    bottom = layout.status_bar.top - th.px(8)
    width = max(th.px(420), layout.piles.w + th.px(200))
    places = [BubblePlace((layout.piles.centerx, bottom), width),
              BubblePlace((layout.legend_area.centerx, bottom), width)]
    others = [box.rect for seat, box in layout.kingdoms.items() if seat != layout.active]
    if others:
        column = others[0].unionall(others[1:])
        places.append(BubblePlace((column.centerx, bottom), min(width, column.w)))
    return places, [layout.news] if told and layout.news.h else []
