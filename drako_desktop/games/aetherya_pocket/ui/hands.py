"""How a person plays an Aetherya Pocket action on the table, one gesture at a time (see `ui.hands`).

A card is picked up (a click, or Enter on the keyboard's focus, which Tab moves) and put down where it goes, or
dragged there. Setup: the starting cards are put in the four centre places, then confirmed. A turn: the draw
pile is clicked (or pulled); the drawn card goes to a place of the kingdom, or onto the discard pile before a
face-down land is clicked to reveal; the discard pile's top card is taken to a place; a legend is clicked (or
dragged onto the kingdom) to claim it; End turn passes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import pygame

from ....i18n import tr
from ....ui.hands import Click, Drag, Gesture, Press, button_at
from ..engine import ARRANGE, CENTRE, CLAIM, DRAW, PASS, PLACE, REVEAL, TAKE_DISCARD, Action

if TYPE_CHECKING:
    from .board import AetheryaBoard

PULL = 40  # pixels a card is pulled off the draw pile to draw it


def gesture(board: "AetheryaBoard", intent: Sequence[Action], manner: str) -> Gesture | None:
    """The next gesture towards playing `intent`: one action, or the discard pile's card taken and placed."""
    decision = board.table.decision()
    if decision is None or not intent:
        return None
    seat, first = decision.seat, intent[0]
    if first.kind == TAKE_DISCARD:
        if len(intent) != 2 or intent[1].kind != PLACE:
            return None
        return _moving(board, ("discard",), _cell(seat, intent[1]), manner)
    if len(intent) != 1:
        return None
    g = board.gestures
    if first.kind == ARRANGE:
        return _arranging(board, seat, first, manner)
    if first.kind == PLACE:
        return _moving(board, ("drawn",), _cell(seat, first), manner)
    if first.kind == REVEAL:
        if not g.discarding:  # the drawn card onto the discard pile first
            return _moving(board, ("drawn",), ("discard",), manner)
        return _at(board, _cell(seat, first), manner)
    if g.held is not None or g.discarding:
        return Press(pygame.K_ESCAPE)  # what is in hand goes back first
    if first.kind == DRAW:
        if manner == "drag":
            centre = board.pile_rect("draw").center
            return Drag(centre, (centre[0], centre[1] + PULL))
        return _at(board, ("draw",), manner)
    if first.kind == CLAIM:
        slot = board.model.legend_row.index(first.legend_id)
        if manner == "drag":  # onto the kingdom
            return Drag(board.legend_rect(slot).center, board.cell_rect(seat, CENTRE[0]).center)
        return _at(board, ("legend", slot), manner)
    if first.kind == PASS:
        return Press(pygame.K_e) if manner == "keys" else \
            button_at(board.table.widgets.widgets, tr("table.end_turn")) or Press(pygame.K_e)
    return None


def _arranging(board: "AetheryaBoard", seat: int, action: Action, manner: str) -> Gesture | None:
    """The starting cards put in the centre places one by one, where `action` has them, then confirmed."""
    g = board.gestures
    wanted = dict(zip(CENTRE, (card for row in action.arranged for card in row)))
    wrong = [cell for cell in CENTRE if g.arrangement.get(cell) != wanted[cell]]
    if not wrong:
        if g.held is not None:
            return Press(pygame.K_ESCAPE)
        if manner == "keys":
            return _at(board, ("button", "confirm"), manner)
        return button_at(board.table.widgets.widgets, tr("table.confirm_arrangement"))
    cell = wrong[0]
    card = wanted[cell]
    hand = g.hand()
    source = ("hand", hand.index(card)) if card in hand else \
        next(("cell", seat, c) for c in wrong if g.arrangement.get(c) == card)
    return _moving(board, source, ("cell", seat, cell), manner)


def _moving(board: "AetheryaBoard", source: tuple, target: tuple, manner: str) -> Gesture | None:
    """A card taken from `source` to `target`: dragged, or picked up and put down."""
    g = board.gestures
    held = g.held
    if held is not None and held.source != source or g.discarding:
        return Press(pygame.K_ESCAPE)  # another card in hand (or on its way to the discard): it goes back
    if manner == "drag":
        start, end = board.rect_of(source), board.rect_of(target)
        if start is None or end is None:
            return None
        return Drag(start.center, end.center)
    return _at(board, source if held is None else target, manner)


def _at(board: "AetheryaBoard", key: tuple, manner: str) -> Gesture | None:
    """A click on a place of the table, or the keyboard's focus taken there (Tab) and Enter."""
    if manner == "keys":
        return Press(pygame.K_RETURN if board.gestures.focus == key else pygame.K_TAB)
    rect = board.rect_of(key)
    return Click(rect.center) if rect is not None else None


def _cell(seat: int, action: Action) -> tuple:
    return ("cell", seat, action.row * 4 + action.col)
