"""Which actions may be taken back.

Normal undo works within the current person's turn, one action at a time, as
long as nothing hidden came to light since the turn started. The game says
which events reveal something (`Event.reveals`): in Aetherya Pocket drawing from
the draw pile, revealing or replacing an Unexplored Land, or a claim that
refills the legend row from the face-down legend deck; in Draco Mundis a peek
or a reveal.

Practice undo (a setting, only for one person against computer opponents) goes
back to that person's previous decision as far as they like; such games are
marked in the statistics.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ..interface.game import Event


def reveals_hidden(events: Sequence[Event]) -> bool:
    return any(e.reveals for e in events)


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
