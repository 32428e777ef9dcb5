"""Actions, events and errors: the small immutable values the engine speaks in.

Action names are the contract shared by the bot protocol and saved games:
arrange, claim, take-discard, draw, place, reveal, pass.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ....interface.game import ActionFormatError, EngineError, IllegalActionError, brief, fields_json

__all__ = ["ActionFormatError", "EngineError", "IllegalActionError"]  # the shared errors, re-exported

ARRANGE = "arrange"
CLAIM = "claim"
TAKE_DISCARD = "take-discard"
DRAW = "draw"
PLACE = "place"
REVEAL = "reveal"
PASS = "pass"
KINDS = (ARRANGE, CLAIM, TAKE_DISCARD, DRAW, PLACE, REVEAL, PASS)


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    row: int = -1
    col: int = -1
    legend: str | None = None
    cards: tuple[tuple[str, str], tuple[str, str]] | None = None
    forced: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        if self.kind in (PLACE, REVEAL):
            out["row"], out["col"] = self.row, self.col
        elif self.kind == CLAIM:
            out["legend"] = self.legend
        elif self.kind == ARRANGE:
            out["cards"] = [list(r) for r in self.arranged]
        return out

    @property
    def legend_id(self) -> str:
        """The legend a claim action takes."""
        assert self.legend is not None, f"{self.kind} claims no legend"
        return self.legend

    @property
    def arranged(self) -> tuple[tuple[str, str], tuple[str, str]]:
        """The starting cards of an arrange action, top row first."""
        assert self.cards is not None, f"{self.kind} arranges no cards"
        return self.cards

    @staticmethod
    def from_json(obj: Any) -> "Action":
        """Parse and shape-check one action; legality is the state's business."""
        if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
            raise ActionFormatError(f"an action must be an object with a \"type\", got {brief(obj)}")
        kind = obj["type"]
        expected = {PLACE: {"row", "col"}, REVEAL: {"row", "col"}, CLAIM: {"legend"}, ARRANGE: {"cards"}}.get(
            kind, set()
        )
        if kind not in KINDS:
            raise ActionFormatError(f"unknown action type {brief(kind)} (known: {', '.join(KINDS)})")
        extra = set(obj) - expected - {"type"}
        missing = expected - set(obj)
        if extra or missing:
            raise ActionFormatError(
                f"{kind} action needs exactly {sorted(expected) or 'no other fields'}, "
                f"got {sorted(set(obj) - {'type'})}"
            )
        if kind in (PLACE, REVEAL):
            row, col = obj["row"], obj["col"]
            if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 4 for v in (row, col)):
                raise ActionFormatError(f"{kind}: row and col must be whole numbers 0-3, got {brief(row)}, "
                                        f"{brief(col)}")
            index: int = row * 4 + col
            return CELL_ACTIONS[kind][index]
        if kind == CLAIM:
            if not isinstance(obj["legend"], str):
                raise ActionFormatError(f"claim: legend must be a legend id, got {brief(obj['legend'])}")
            return Action(CLAIM, legend=obj["legend"])
        if kind == ARRANGE:
            grid = obj["cards"]
            if not (
                isinstance(grid, list)
                and len(grid) == 2
                and all(isinstance(r, list) and len(r) == 2 and all(isinstance(t, str) for t in r) for r in grid)
            ):
                raise ActionFormatError(f"arrange: cards must be [[t, t], [t, t]] of type ids, got {brief(grid)}")
            return Action(ARRANGE, cards=((grid[0][0], grid[0][1]), (grid[1][0], grid[1][1])))
        return SIMPLE_ACTIONS[kind]

    def __str__(self) -> str:
        if self.kind in (PLACE, REVEAL):
            return f"{self.kind} {self.row},{self.col}"
        if self.kind == CLAIM:
            return f"claim {self.legend}"
        if self.kind == ARRANGE:
            (a, b), (c, d) = self.arranged
            return f"arrange {a} {b} / {c} {d}"
        return self.kind


# Interned actions: legal-action lists reuse these instead of building new ones.
SIMPLE_ACTIONS = {k: Action(k) for k in (TAKE_DISCARD, DRAW, PASS)}
CELL_ACTIONS = {k: tuple(Action(k, c // 4, c % 4) for c in range(16)) for k in (PLACE, REVEAL)}


def place(row: int, col: int) -> Action:
    return CELL_ACTIONS[PLACE][row * 4 + col]


def reveal(row: int, col: int) -> Action:
    return CELL_ACTIONS[REVEAL][row * 4 + col]


def claim(legend: str) -> Action:
    return Action(CLAIM, legend=legend)


def arrange(top_left: str, top_right: str, bottom_left: str, bottom_right: str) -> Action:
    return Action(ARRANGE, cards=((top_left, top_right), (bottom_left, bottom_right)))


class Event(NamedTuple):
    """Something that happened, for the UI to animate and the log to tell.

    Events carry only what became public: a replaced Unexplored Land is named
    because it goes face up to the discard pile; dealt cards are not.

    kinds: arrange (cards), deal (number), start-discard (card), turn (number), claim (legend,
    refill), take-discard (card), reshuffle (number), draw (card), place (card,
    cell, replaced, was_face_down), reveal (card = the discarded drawn card,
    cell, revealed), pass, end, final-reveal (cell, revealed).
    `forced` marks an action the engine applied because it was the only legal one.
    """

    kind: str
    seat: int = -1
    card: str | None = None
    row: int = -1
    col: int = -1
    replaced: str | None = None
    was_face_down: bool = False
    legend: str | None = None
    refill: str | None = None
    number: int = 0  # deal: cards dealt to each seat; reshuffle: cards reshuffled; turn: the turn's number
    cards: tuple[tuple[str, str], tuple[str, str]] | None = None
    forced: bool = False

    @property
    def reveals(self) -> bool:
        """Something hidden came to light: a card from the draw pile or the deck, a face-down card
        turned over, or a legend from the face-down legend deck refilling the row. Ends undo."""
        kind = self.kind
        return (
            kind in _REVEALING
            or (kind == PLACE and self.was_face_down)
            or (kind == CLAIM and self.refill is not None)
        )

    def for_viewer(self, viewer: int | None) -> "Event":
        """Every event of this game is public: the drawn card is seen by the whole table."""
        return self

    def to_json(self) -> dict[str, Any]:
        return fields_json(self)


_REVEALING = frozenset({"draw", "reshuffle", "reveal", "deal", "start-discard", "final-reveal"})
