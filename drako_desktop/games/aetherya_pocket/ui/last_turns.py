"""What the other players did since a person last played: each turn's places and its summary.

The table hands every event to `LastTurns.see` as it becomes visible (the same
events the log tells, which carry only what became public). A seat's turn is
closed when the next turn begins; the table then marks the places it changed
(a pulse, then a thin frame in the seat's colour) and says it in one sentence,
for every turn since the person shown large last played.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterable, Sequence

from ..engine import CENTRE, Event

PULSE = 1.2  # seconds a turn's places pulse when it is first shown, before their lasting frame
TOLD = ("arrange", "claim", "take-discard", "draw", "place", "reveal")  # the events of a seat's own turn


@dataclass(frozen=True)
class TurnRecord:
    seat: int
    events: tuple[Event, ...]
    ended: float  # the table's clock when the turn was over

    def marks(self) -> list[tuple[Any, ...]]:
        """What the turn changed, as keys the table finds on screen: ("cell", seat, index), ("discard",),
        ("draw",), ("claimed-legend", seat, legend) and ("legend-card", legend) for a refilled slot."""
        keys: list[tuple[Any, ...]] = []
        for e in self.events:
            if e.kind in ("place", "reveal"):
                keys += [("cell", e.seat, e.row * 4 + e.col), ("discard",)]
            elif e.kind == "take-discard":
                keys.append(("discard",))
            elif e.kind == "draw":
                keys.append(("draw",))
            elif e.kind == "claim":
                keys.append(("claimed-legend", e.seat, e.legend))
                if e.refill:
                    keys.append(("legend-card", e.refill))
            elif e.kind == "arrange":
                keys += [("cell", e.seat, index) for index in CENTRE]
        return list(dict.fromkeys(keys))


class LastTurns:
    def __init__(self) -> None:
        self.records: list[TurnRecord] = []
        self.pending: list[Event] = []  # the turn being played

    def see(self, event: Event, clock: float) -> None:
        if event.kind == "arrange":  # setup: each arrangement is that seat's whole turn
            self.records.append(TurnRecord(event.seat, (event,), clock))
        elif event.kind in TOLD:
            self.pending.append(event)
        elif event.kind in ("turn", "end") and self.pending:
            self.records.append(TurnRecord(self.pending[0].seat, tuple(self.pending), clock))
            self.pending = []

    def retold(self, events: Iterable[Event], clock: float) -> None:
        """A move was taken back: the turns told again from the events of the moves kept (a replay); a turn
        told before keeps its time (its places do not pulse again), one that did not happen is gone."""
        told = {(r.seat, r.events): r.ended for r in self.records}
        self.records, self.pending = [], []
        for event in events:
            self.see(event, clock)
        self.records = [replace(r, ended=told.get((r.seat, r.events), r.ended)) for r in self.records]

    def has_played(self, seat: int) -> bool:
        """Whether `seat` has had a turn (its arrangement counts) this game."""
        return any(record.seat == seat for record in self.records)

    def since(self, viewer: int, players: int) -> Sequence[TurnRecord]:
        """The turns played since `viewer`'s last turn (at most one per other seat), oldest first."""
        shown: list[TurnRecord] = []
        for record in reversed(self.records):
            if record.seat == viewer or len(shown) == players - 1:
                break
            shown.append(record)
        return shown[::-1]
