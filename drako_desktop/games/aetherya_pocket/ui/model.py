"""What the table shows, one event behind the other.

The engine applies an action at once; the table shows its events one by one as
they are animated. `TableModel` is the table's own copy of everything public
(kingdoms as everyone sees them, piles, legends, the card in hand), changed
only by `apply(event)`. When no animation is pending it equals the engine's
view (`matches`), which the scene checks and, if ever not, resyncs from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..engine import CENTRE, FACE_DOWN, OUTER, Event, View

# FACE_DOWN: a dealt Unexplored Land (followed by its type id in a revealed view); None is an empty place (before
# the deal).
__all__ = ["FACE_DOWN", "TableModel", "discard_pile"]


@dataclass
class TableModel:
    players: int
    current: int
    kingdoms: list[list[str | None]]  # per seat, 16 cells: a type id, FACE_DOWN or None
    hand: list[str]  # the current player's starting cards (setup)
    discard: list[str]  # the whole discard pile, top last (every card in it is face up)
    draw_size: int
    legend_row: list[str]
    claimed: list[list[str]]
    drawn: str | None = None
    claimed_this_turn: bool = False
    over: bool = False
    dealt: bool = False
    discard_under: int = 0  # cards under what the table knows of the discard pile (a resumed game)
    turn: int = 0  # the number of the turn shown (0 during setup)

    @classmethod
    def from_view(cls, view: View, turn: int = 0, seen: Sequence[Event] = ()) -> "TableModel":
        """The table as `view` shows it; `turn`: the number of the turn being played (the view has none). The view
        shows the discard pile's top card only; `seen`, the game's events so far as its viewer was told them, name
        every card under it (each went there face up), so that the table shows the next one when the top is
        taken."""
        kingdoms = []
        dealt = view.step != "arrange"
        for grid in view.kingdoms:
            cells = [t for row in grid for t in row]
            if dealt:
                cells = [FACE_DOWN if t is None else t for t in cells]
            kingdoms.append(cells)
        discard = [view.discard_top] if view.discard_top else []
        pile = discard_pile(seen)
        if pile[-1:] == discard and len(pile) <= view.discard_size:
            discard = pile
        return cls(
            players=view.players, current=view.current, kingdoms=kingdoms, hand=list(view.hand),
            discard=discard, draw_size=view.draw_size, legend_row=list(view.legend_row),
            claimed=[list(c) for c in view.legends], drawn=view.drawn, claimed_this_turn=view.claimed_this_turn,
            over=view.step == "game-over", dealt=dealt, discard_under=max(0, view.discard_size - len(discard)),
            turn=turn,
        )

    @property
    def discard_top(self) -> str | None:
        return self.discard[-1] if self.discard else None

    @property
    def discard_size(self) -> int:
        return len(self.discard) + self.discard_under

    def matches(self, view: View) -> bool:
        other = TableModel.from_view(view)
        return (
            self.kingdoms == other.kingdoms and self.discard_top == other.discard_top
            and self.discard_size == view.discard_size and self.draw_size == other.draw_size
            and self.legend_row == other.legend_row and self.claimed == other.claimed
            and self.drawn == other.drawn and self.current == other.current and self.over == other.over
        )

    def apply(self, event: Event) -> None:
        kind, seat = event.kind, event.seat
        index = event.row * 4 + event.col
        if kind == "arrange":
            assert event.cards is not None, "an arrange event names the four cards"
            for cell, type_id in zip(CENTRE, (t for row in event.cards for t in row)):
                self.kingdoms[seat][cell] = type_id
            self.hand = []
            self.current = (seat + 1) % self.players
        elif kind == "deal":
            for kingdom in self.kingdoms:
                for cell in OUTER:
                    kingdom[cell] = FACE_DOWN
            self.draw_size -= event.number * self.players
            self.dealt = True
        elif kind == "start-discard":
            assert event.card is not None, "a start-discard event names its card"
            self.discard.append(event.card)
            self.draw_size -= 1
        elif kind == "turn":
            self.current = seat
            self.turn = event.number
            self.claimed_this_turn = False
        elif kind == "claim":
            assert event.legend is not None, "a claim event names its legend"
            slot = self.legend_row.index(event.legend)
            if event.refill:
                self.legend_row[slot] = event.refill
            else:
                del self.legend_row[slot]
            self.claimed[seat].append(event.legend)
            self.claimed_this_turn = True
        elif kind == "take-discard":
            self.drawn = self.discard.pop()
        elif kind == "reshuffle":
            self.draw_size = event.number
            self.discard = self.discard[-1:]
            self.discard_under = 0
        elif kind == "draw":
            self.drawn = event.card
            self.draw_size -= 1
        elif kind == "place":
            assert event.replaced is not None, "a place event names the card it replaced"
            self.kingdoms[seat][index] = event.card
            self.discard.append(event.replaced)
            self.drawn = None
        elif kind == "reveal":
            assert event.card is not None, "a reveal event names the drawn card it discards"
            self.kingdoms[seat][index] = event.replaced
            self.discard.append(event.card)
            self.drawn = None
        elif kind == "end":
            self.over = True
        elif kind == "final-reveal":
            self.kingdoms[seat][index] = event.replaced

    def set_hand(self, view: View) -> None:
        """The next player's starting cards, once the turn of setup passes to them."""
        self.hand = list(view.hand)


def discard_pile(events: Sequence[Event]) -> list[str]:
    """The whole discard pile, bottom first, as the table saw it build up: every card in it went there face up
    (the starting discard, a replaced card, a drawn card discarded); a reshuffle leaves only the top one."""
    pile: list[str] = []
    for event in events:
        if event.kind == "start-discard" and event.card is not None:
            pile.append(event.card)
        elif event.kind == "take-discard":
            pile.pop()
        elif event.kind == "reshuffle":
            del pile[:-1]
        elif event.kind == "place" and event.replaced is not None:
            pile.append(event.replaced)
        elif event.kind == "reveal" and event.card is not None:
            pile.append(event.card)
    return pile
