"""Draco Mundis's events: what happened, for the table to animate and the log to tell.

Squares are (row, col) tuples. An event may carry a private detail (the kind of a token
placed face down, or of a peeked token): `audience` is then the one seat that may know
it, and `for_viewer` gives everyone else the public copy.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...interface.game import fields_json

Square = tuple[int, int]


class Piece(NamedTuple):
    """A token somewhere: its square, owner, kind and facing (None for lands, traps, face down)."""

    at: Square
    owner: int
    kind: str
    facing: str | None = None


class Fighter(NamedTuple):
    """One side's character in a fight, with its strength after its own modifiers."""

    at: Square
    owner: int
    kind: str
    strength: int


class Event(NamedTuple):
    """kinds: select (token; only its seat learns of it), place (at, token, facing; the token hidden
    from others when face down), turn (number = the turn's number), peek (at, owner, token for the peeker
    only), move (at, to, token), reveal and reveal-any (at, owner, token, facing), fight (at = the defender's square,
    attackers, defender, attack, defence, outcome "win" | "loss" | "tie" for the attackers,
    eliminated, freed), rotate (at, token, facing), capture (at, to, token, target = the prisoner),
    destroy (at, target = the campsite), push (by, at, to, owner), sacrifice (at, token), pass (number),
    end (reason "last-reveal" | "stall")."""

    kind: str
    seat: int = -1
    at: Square | None = None
    to: Square | None = None
    token: str | None = None
    owner: int = -1
    facing: str | None = None
    by: Square | None = None
    attackers: tuple[Fighter, ...] = ()
    defender: Fighter | None = None
    attack: int = 0
    defence: int = 0
    outcome: str = ""
    eliminated: tuple[Piece, ...] = ()
    freed: tuple[Piece, ...] = ()
    target: Piece | None = None
    number: int = 0  # turn: the turn's number; pass: the actions left unused
    reason: str = ""
    audience: int = -1  # -1: everything here is public; a seat: `token` is that seat's alone
    reveals: bool = False  # something hidden came to light for somebody (ends undo)

    def for_viewer(self, viewer: int | None) -> Event | None:
        if self.audience < 0 or viewer == self.audience:
            return self
        if self.kind == "select":
            return None
        return self._replace(token=None)

    def to_json(self) -> dict[str, Any]:
        return fields_json(self)


# The engine tells one or two events an action; a NamedTuple of 20 fields made with keyword arguments
# costs four times one made from a whole tuple. These two make the same events from whole tuples.
_new_event = tuple.__new__
_FIELDS = Event._fields
_BETWEEN = tuple(Event._field_defaults[name] for name in _FIELDS[_FIELDS.index("by"):_FIELDS.index("audience")])
_BEFORE_NUMBER = tuple(Event._field_defaults[name] for name in _FIELDS[_FIELDS.index("at"):_FIELDS.index("number")])
_AFTER_NUMBER = tuple(Event._field_defaults[name] for name in _FIELDS[_FIELDS.index("reason"):])


def token_event(kind: str, seat: int, at: Square | None, to: Square | None, token: str, owner: int, facing: str | None,
                audience: int = -1, reveals: bool = False) -> Event:
    """`Event(kind, seat, at=at, to=to, token=token, owner=owner, facing=facing, audience=audience,
    reveals=reveals)`, every other field its default."""
    return _new_event(Event, (kind, seat, at, to, token, owner, facing, *_BETWEEN, audience, reveals))


def numbered_event(kind: str, seat: int, number: int) -> Event:
    """`Event(kind, seat, number=number)`, every other field its default (a turn, a pass)."""
    return _new_event(Event, (kind, seat, *_BEFORE_NUMBER, number, *_AFTER_NUMBER))
