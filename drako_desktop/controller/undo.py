"""Which actions may be taken back.

Normal undo works within the current person's turn, one action at a time, as
long as nothing hidden came to light since the turn started: drawing from the
draw pile, revealing an Unexplored Land, or replacing one (it goes face up to
the discard pile) ends undo for that turn. Taking the discard, placing on a
face-up card or claiming a legend can be undone.

Practice undo (a setting, only for one person against computer opponents) goes
back to that person's previous decision as far as they like; such games are
marked in the statistics.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ..engine import Event

# Events that show the player something that was hidden before.
_REVEALING = {"draw", "reshuffle", "reveal", "deal", "start-discard", "final-reveal"}


def reveals_hidden(events: Sequence[Event]) -> bool:
    return any(e.kind in _REVEALING or (e.kind == "place" and e.was_face_down) for e in events)


@dataclass
class ActionLog:
    """For every chosen action: who chose it, in which turn, and whether it revealed anything."""

    seats: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    revealing: list[bool] = field(default_factory=list)

    def record(self, seat: int, turn: int, events: Sequence[Event]) -> None:
        self.seats.append(seat)
        self.turns.append(turn)
        self.revealing.append(reveals_hidden(events))

    def truncate(self, keep: int) -> None:
        del self.seats[keep:], self.turns[keep:], self.revealing[keep:]

    def undo_target(self, seat: int, turn: int, practice: bool, human_seats: Sequence[int]) -> int | None:
        """How many actions to keep to undo one step for `seat` deciding now in `turn`, or None."""
        n = len(self.seats)
        if practice:
            # Back to before the person's latest action (whatever the computers did since).
            for i in range(n - 1, -1, -1):
                if self.seats[i] in human_seats:
                    return i
            return None
        if n == 0:
            return None
        last = n - 1
        if self.seats[last] != seat or self.turns[last] != turn or self.revealing[last]:
            return None
        return last
