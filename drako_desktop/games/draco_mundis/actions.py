"""Draco Mundis's actions: small frozen values whose JSON is the rule book's notation (section 7).

Squares are numbered `row * 12 + column` inside the engine (the notation's [row, col] with
rows 0-7 and columns 0-11); facings are 0-3 for N, E, S, W. Actions are interned: the
same action is the same object wherever it is made (legal-action lists, JSON parsing), so
building a list of legal actions allocates nothing new.

`Select` is not part of the notation: it is the first half of a setup placement (which
token), recorded in a game's history so that a save replays it, but left out of records.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ...interface.game import ActionFormatError, brief

ROWS, COLUMNS = 8, 12
SQUARES = ROWS * COLUMNS
FACINGS = ("N", "E", "S", "W")
FACING_INDEX = {name: i for i, name in enumerate(FACINGS)}


def square(row: int, col: int) -> int:
    return row * COLUMNS + col


# by square: its (row, col), made once (the engine's events name squares so, an action or two at a time)
ROW_COL: tuple[tuple[int, int], ...] = tuple(divmod(sq, COLUMNS) for sq in range(SQUARES))


def row_col(sq: int) -> tuple[int, int]:
    return ROW_COL[sq] if 0 <= sq < SQUARES else divmod(sq, COLUMNS)


def _sq(sq: int) -> list[int]:
    return list(divmod(sq, COLUMNS))


@dataclass(frozen=True, slots=True)
class Select:
    """Setup, first half of a placement: which token of the supply to place (not in the notation)."""

    type: ClassVar[str] = "select"
    token: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "select", "token": self.token}


@dataclass(frozen=True, slots=True)
class Place:
    type: ClassVar[str] = "place"
    token: str
    at: int
    facing: int = -1  # only for tokens placed face up (explorers)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "place", "token": self.token, "at": _sq(self.at)}
        if self.facing >= 0:
            out["facing"] = FACINGS[self.facing]
        return out


@dataclass(frozen=True, slots=True)
class Peek:
    type: ClassVar[str] = "peek"
    at: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "peek", "at": _sq(self.at)}


@dataclass(frozen=True, slots=True)
class Move:
    type: ClassVar[str] = "move"
    origin: int
    target: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "move", "from": _sq(self.origin), "to": _sq(self.target)}


@dataclass(frozen=True, slots=True)
class Reveal:
    type: ClassVar[str] = "reveal"
    at: int
    facing: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "reveal", "at": _sq(self.at), "facing": FACINGS[self.facing]}


@dataclass(frozen=True, slots=True)
class Fight:
    type: ClassVar[str] = "fight"
    at: int  # the defender's square

    def to_json(self) -> dict[str, Any]:
        return {"type": "fight", "at": _sq(self.at)}


@dataclass(frozen=True, slots=True)
class Rotate:
    type: ClassVar[str] = "rotate"
    at: int
    facing: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "rotate", "at": _sq(self.at), "facing": FACINGS[self.facing]}


@dataclass(frozen=True, slots=True)
class Capture:
    type: ClassVar[str] = "capture"
    origin: int
    target: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "capture", "from": _sq(self.origin), "to": _sq(self.target)}


@dataclass(frozen=True, slots=True)
class Destroy:
    type: ClassVar[str] = "destroy"
    at: int  # the campsite's square

    def to_json(self) -> dict[str, Any]:
        return {"type": "destroy", "at": _sq(self.at)}


@dataclass(frozen=True, slots=True)
class Push:
    type: ClassVar[str] = "push"
    by: int  # the pusher's square
    at: int  # the trap's square

    def to_json(self) -> dict[str, Any]:
        return {"type": "push", "by": _sq(self.by), "at": _sq(self.at)}


@dataclass(frozen=True, slots=True)
class Sacrifice:
    type: ClassVar[str] = "sacrifice"
    at: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "sacrifice", "at": _sq(self.at)}


@dataclass(frozen=True, slots=True)
class RevealAny:
    type: ClassVar[str] = "reveal-any"
    at: int
    facing: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "reveal-any", "at": _sq(self.at), "facing": FACINGS[self.facing]}


@dataclass(frozen=True, slots=True)
class Pass:
    type: ClassVar[str] = "pass"

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass"}


Action = (Select | Place | Peek | Move | Reveal | Fight | Rotate | Capture | Destroy | Push | Sacrifice | RevealAny
          | Pass)

# -- interned actions -------------------------------------------------------------------------
PASS = Pass()
PEEK = tuple(Peek(sq) for sq in range(SQUARES))
FIGHT = tuple(Fight(sq) for sq in range(SQUARES))
DESTROY = tuple(Destroy(sq) for sq in range(SQUARES))
SACRIFICE = tuple(Sacrifice(sq) for sq in range(SQUARES))
REVEAL = tuple(tuple(Reveal(sq, f) for f in range(4)) for sq in range(SQUARES))
REVEAL_ANY = tuple(tuple(RevealAny(sq, f) for f in range(4)) for sq in range(SQUARES))
ROTATE = tuple(tuple(Rotate(sq, f) for f in range(4)) for sq in range(SQUARES))
# Moves, captures and pushes only ever join two squares of one row or column.
_LINES = [(a, b) for a in range(SQUARES) for b in range(SQUARES)
          if a != b and (a // COLUMNS == b // COLUMNS or a % COLUMNS == b % COLUMNS)]
MOVE: dict[tuple[int, int], Move] = {(a, b): Move(a, b) for a, b in _LINES}
CAPTURE: dict[tuple[int, int], Capture] = {(a, b): Capture(a, b) for a, b in _LINES}
PUSH: dict[tuple[int, int], Push] = {(a, b): Push(a, b) for a, b in _LINES}
_SELECTS: dict[str, Select] = {}
_PLACES: dict[tuple[str, int, int], Place] = {}


def select(token: str) -> Select:
    found = _SELECTS.get(token)
    if found is None:
        found = _SELECTS[token] = Select(token)
    return found


def place(token: str, at: int, facing: int = -1) -> Place:
    key = (token, at, facing)
    found = _PLACES.get(key)
    if found is None:
        found = _PLACES[key] = Place(token, at, facing)
    return found


def move(origin: int, target: int) -> Move:
    return MOVE.get((origin, target)) or Move(origin, target)


def capture(origin: int, target: int) -> Capture:
    return CAPTURE.get((origin, target)) or Capture(origin, target)


def push(by: int, at: int) -> Push:
    return PUSH.get((by, at)) or Push(by, at)


# -- parsing ------------------------------------------------------------------------------------
_FIELDS: dict[str, tuple[str, ...]] = {
    "select": ("token",),
    "place": ("token", "at"),  # + "facing" exactly for tokens placed face up
    "peek": ("at",),
    "move": ("from", "to"),
    "reveal": ("at", "facing"),
    "fight": ("at",),
    "rotate": ("at", "facing"),
    "capture": ("from", "to"),
    "destroy": ("at",),
    "push": ("by", "at"),
    "sacrifice": ("at",),
    "reveal-any": ("at", "facing"),
    "pass": (),
}
ACTION_TYPES = tuple(_FIELDS)


def action_from_json(obj: Any, face_up_kinds: Mapping[str, bool]) -> Action:
    """Parse and shape-check one action; legality is the state's business.

    `face_up_kinds` maps every token kind of the game to whether it is placed face up
    (those, and only those, take a "facing" when placed). Raises ActionFormatError."""
    if not isinstance(obj, dict):
        raise ActionFormatError(f"an action must be a JSON object, not {brief(obj)}")
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise ActionFormatError(f"unknown action type {brief(kind)} (known: {', '.join(ACTION_TYPES)})")
    expected = set(_FIELDS[kind])
    if kind == "place":
        token = _token(obj, face_up_kinds)
        if face_up_kinds[token]:
            expected.add("facing")
    keys = set(obj) - {"type"}
    if keys != expected:
        missing, extra = sorted(expected - keys), sorted(keys - expected)
        parts = [f"missing {', '.join(missing)}"] if missing else []
        parts += [f"unexpected {', '.join(extra)}"] if extra else []
        raise ActionFormatError(f"{kind}: needs exactly {sorted(expected) or 'no other field'} ({'; '.join(parts)})")
    if kind == "pass":
        return PASS
    if kind == "select":
        return select(_token(obj, face_up_kinds))
    if kind == "place":
        token = _token(obj, face_up_kinds)
        return place(token, _square(obj, "at", kind), _facing(obj, kind) if "facing" in expected else -1)
    if kind in ("move", "capture"):
        a, b = _square(obj, "from", kind), _square(obj, "to", kind)
        return move(a, b) if kind == "move" else capture(a, b)
    if kind == "push":
        return push(_square(obj, "by", kind), _square(obj, "at", kind))
    at = _square(obj, "at", kind)
    if kind in ("reveal", "rotate", "reveal-any"):
        facings: dict[str, tuple[tuple[Reveal, ...], ...] | tuple[tuple[Rotate, ...], ...] | tuple[
            tuple[RevealAny, ...], ...]] = {"reveal": REVEAL, "rotate": ROTATE, "reveal-any": REVEAL_ANY}
        return facings[kind][at][_facing(obj, kind)]
    squares: dict[str, tuple[Peek, ...] | tuple[Fight, ...] | tuple[Destroy, ...] | tuple[Sacrifice, ...]] = {
        "peek": PEEK, "fight": FIGHT, "destroy": DESTROY, "sacrifice": SACRIFICE}
    return squares[kind][at]


def _token(obj: dict[str, Any], kinds: Mapping[str, bool]) -> str:
    token = obj.get("token")
    if not isinstance(token, str) or token not in kinds:
        raise ActionFormatError(f"{obj.get('type')}: unknown token kind {brief(token)} (known: {', '.join(kinds)})")
    return token


def _square(obj: dict[str, Any], field: str, kind: str) -> int:
    value = obj[field]
    if not (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and 0 <= value[0] < ROWS and 0 <= value[1] < COLUMNS):
        raise ActionFormatError(f"{kind}: {field} must be a square [row, col] with row 0-7 and col 0-11, "
                                f"not {brief(value)}")
    return square(value[0], value[1])


def _facing(obj: dict[str, Any], kind: str) -> int:
    value = obj["facing"]
    if not isinstance(value, str) or value not in FACING_INDEX:
        raise ActionFormatError(f"{kind}: facing must be one of \"N\", \"E\", \"S\", \"W\", not {brief(value)}")
    return FACING_INDEX[value]
