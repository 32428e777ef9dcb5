"""How a person's hands play an action on a table, one gesture at a time.

A board knows its own gestures: which card to pick up, where to drop it, which key turns a token. Asked for the
next gesture towards some actions (`Board.gesture`), it answers from what the table shows now and what is
half-made (a card held, a character selected, a facing asked for), so the answer holds after any interruption:
a menu opened and closed, a choice cancelled with Esc, a window resized. Three manners, as people play: clicks
(pick, then put), drags (press, move, release) and the keyboard; a manner the action has no way for is done by
clicks. The tests' screen player plays whole games this way, through the app's frame loop.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from .widgets import Button, Widget

MANNERS = ("click", "drag", "keys")


class Click(NamedTuple):
    """Press and release the left button at `pos`, without moving."""

    pos: tuple[int, int]


class Drag(NamedTuple):
    """Press at `start`, move to `end` (through the points between), release there."""

    start: tuple[int, int]
    end: tuple[int, int]


class Press(NamedTuple):
    """A key pressed and released."""

    key: int


Gesture = Click | Drag | Press


def button_at(widgets: Sequence[Widget], label: str) -> Click | None:
    """A click on the enabled button labelled `label` among `widgets` (None: there is none)."""
    for widget in widgets:
        if isinstance(widget, Button) and widget.label == label and widget.enabled:
            return Click(widget.rect.center)
    return None
