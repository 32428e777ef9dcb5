"""How a person plays a Draco Mundis action on the table, one gesture at a time (see `ui.hands`).

Setup: a token is picked in the tray (a click, Tab, or dragged from there) and put on a square; an explorer then
asks for its facing (an arrow around the square, an arrow key, or a drag from the square towards a side). Turns:
one of your characters is selected (a click, or Enter at the keyboard's cursor), then its target is clicked;
a move or a capture may instead be dragged; T and S (or the buttons under the selected character's card) turn
and sacrifice it; P (or the Pass button) passes. A square with several actions opens a small menu.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import pygame

from ....i18n import tr
from ....ui.hands import Click, Drag, Gesture, Press, button_at
from ..actions import (
    FACINGS,
    Action,
    Capture,
    Destroy,
    Fight,
    Move,
    Pass,
    Peek,
    Place,
    Push,
    Reveal,
    RevealAny,
    Rotate,
    Sacrifice,
    Select,
    row_col,
)
from ..board import FACING_STEPS, Square
from .gestures import KEY_FACINGS, Facing

if TYPE_CHECKING:
    from .board import DracoBoard

FACING_KEYS = {facing: key for key, facing in KEY_FACINGS.items()}
# The option a click on its target square means, by the kind of action.
OPTIONS: dict[type, str] = {Move: "move", Capture: "capture", Fight: "fight", Peek: "peek", Reveal: "reveal",
                            RevealAny: "reveal-any", Destroy: "destroy", Push: "push"}
NEXT_TO = (Peek, Fight, Reveal, Destroy)  # offered next to the selected character only, while one is


def gesture(board: "DracoBoard", intent: Sequence[Action], manner: str) -> Gesture | None:
    """The next gesture towards playing `intent`: one action, or a placement chosen in one step (its select and
    its place)."""
    decision = board.table.decision()
    if decision is None or not intent:
        return None
    g = board.gestures
    if decision.kind == "select":
        first, second = (intent[0], intent[1]) if len(intent) == 2 else (None, None)
        if not (isinstance(first, Select) and isinstance(second, Place) and first.token == second.token):
            return None
        return _placing(board, second, manner)
    if len(intent) != 1:
        return None
    action = intent[0]
    if decision.kind == "place":
        return _placing(board, action, manner) if isinstance(action, Place) else None
    if g.menu is not None:
        option = OPTIONS.get(type(action))
        if option is None or g.menu.at != _target_square(action) or option not in g.menu.options:
            return Press(pygame.K_ESCAPE)
        index = g.menu.options.index(option)
        rects = board.painter.menu_rects()
        if manner == "keys" or index >= len(rects):
            return Press(pygame.K_1 + index)
        return Click(rects[index].center)
    if g.facing is not None:
        wanted = _facing_of(action)
        if wanted is None or (g.facing.purpose, g.facing.at) != wanted[:2]:
            return Press(pygame.K_ESCAPE)
        return _facing(board, g.facing.at, wanted[2], manner)
    return _acting(board, action, manner)


def _placing(board: "DracoBoard", place: Place, manner: str) -> Gesture | None:
    g = board.gestures
    at = row_col(place.at)
    if g.menu is not None:
        return Press(pygame.K_ESCAPE)
    if g.facing is not None:
        if g.facing.purpose == "place" and g.facing.at == at and g.facing.kind == place.token:
            return _facing(board, at, FACINGS[place.facing], manner)
        return Press(pygame.K_ESCAPE)
    supply = g.supply()
    if place.token not in supply:
        return None
    chosen = g.tray_kind or (supply[0] if len(supply) == 1 else None)
    slot = board.tray_slot(place.token)
    if manner == "drag" and slot is not None:
        return Drag(slot.center, _centre(board, at))
    if chosen != place.token:
        if manner == "keys" or slot is None:
            return Press(pygame.K_TAB)
        return Click(slot.center)
    return _square(board, at, manner)


def _acting(board: "DracoBoard", action: Action, manner: str) -> Gesture | None:
    g = board.gestures
    selected = g.selected
    if isinstance(action, (Move, Capture)):
        if manner == "drag":
            return Drag(_centre(board, row_col(action.origin)), _centre(board, row_col(action.target)))
        if selected != row_col(action.origin):
            return _square(board, row_col(action.origin), manner)
        return _target(board, row_col(action.target), "move" if isinstance(action, Move) else "capture", manner)
    if isinstance(action, Push):
        if selected != row_col(action.by):
            return _square(board, row_col(action.by), manner)
        return _target(board, row_col(action.at), "push", manner)
    if isinstance(action, (Rotate, Sacrifice)):
        if selected != row_col(action.at):
            return _square(board, row_col(action.at), manner)
        if isinstance(action, Rotate):
            return Press(pygame.K_t) if manner == "keys" else _button(board, "draco_table.turn_button", pygame.K_t)
        return Press(pygame.K_s) if manner == "keys" else _button(board, "draco_table.sacrifice_button", pygame.K_s)
    if isinstance(action, Pass):
        return Press(pygame.K_p) if manner == "keys" else _button(board, "draco_table.pass", pygame.K_p)
    if isinstance(action, (Reveal, RevealAny)):
        purpose = OPTIONS[type(action)]
        if FACINGS[action.facing] not in g.facings(Facing(purpose, row_col(action.at))):
            return None  # a known land or trap is revealed without asking its facing (it has none)
    if isinstance(action, NEXT_TO + (RevealAny,)):
        at = row_col(action.at)
        if selected is not None and isinstance(action, NEXT_TO) and at not in board.model.neighbours(selected):
            return Press(pygame.K_ESCAPE) if manner == "keys" else Click(_centre(board, selected))  # deselect
        return _target(board, at, OPTIONS[type(action)], manner)
    return None


def _target(board: "DracoBoard", at: Square, option: str, manner: str) -> Gesture | None:
    """A click (or Enter) on the square where `option` is offered; None when it is not offered there."""
    if option not in board.gestures.targets().get(at, []):
        return None
    return _square(board, at, manner)


def _target_square(action: Action) -> Square | None:
    """The square a click plays `action` on, once its character is selected."""
    if isinstance(action, (Move, Capture)):
        return row_col(action.target)
    if isinstance(action, (Fight, Peek, Reveal, RevealAny, Destroy, Push)):
        return row_col(action.at)
    return None


def _facing_of(action: Action) -> tuple[str, Square, str] | None:
    """The facing an action asks for: (the picker's purpose, its square, the facing)."""
    if isinstance(action, (Reveal, RevealAny, Rotate)):
        return OPTIONS.get(type(action), "rotate"), row_col(action.at), FACINGS[action.facing]
    return None


def _facing(board: "DracoBoard", at: Square, facing: str, manner: str) -> Gesture:
    if manner == "keys":
        return Press(FACING_KEYS[facing])
    centre = _centre(board, at)
    if manner == "drag":  # from the square out towards the side it is to face
        dr, dc = FACING_STEPS[facing]
        return Drag(centre, (centre[0] + dc * board.layout.square, centre[1] + dr * board.layout.square))
    rect = board.painter.facing_rects().get(facing)
    return Click(rect.center) if rect is not None else Press(FACING_KEYS[facing])


def _square(board: "DracoBoard", at: Square, manner: str) -> Gesture:
    """A click on a square, or the keyboard's cursor taken there (an arrow a step) and Enter."""
    if manner != "keys":
        return Click(_centre(board, at))
    cursor = board.gestures.cursor
    if cursor[0] != at[0]:
        return Press(pygame.K_DOWN if at[0] > cursor[0] else pygame.K_UP)
    if cursor[1] != at[1]:
        return Press(pygame.K_RIGHT if at[1] > cursor[1] else pygame.K_LEFT)
    return Press(pygame.K_RETURN)


def _button(board: "DracoBoard", key: str, shortcut: int) -> Gesture:
    """A click on one of the table's buttons (its shortcut key where the button is not shown)."""
    return button_at(board.table.widgets.widgets, tr(key)) or Press(shortcut)


def _centre(board: "DracoBoard", at: Square) -> tuple[int, int]:
    centre: tuple[int, int] = board.square_rect(at).center
    return centre
