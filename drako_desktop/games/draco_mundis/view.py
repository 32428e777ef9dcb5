"""What one seat of Draco Mundis may see (and, with seat None, what everyone sees).

Everything public: every face-down token's owner, every face-up token (owner, kind,
facing), prisoners, traps, trophies, destroyed campsites, sacrificed sherpas, who peeked
at which token, the turn and its counters, the supply sizes during setup. For the view's
seat only: the kinds of its own face-down tokens and of those it peeked at, its own supply
by kind and its pending selection. Nothing else: squares are listed in board order, piles
sorted, and no internal token numbering appears, so that two positions a seat cannot tell
apart give it the same view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import FACINGS, SQUARES, row_col
from .rules import CHAR, DOWN, KIND_BITS, KIND_MASK, LAND, TRAP

if TYPE_CHECKING:
    from .engine import GameState

@dataclass(frozen=True, slots=True)
class Token:
    """A token everyone may see: owner, kind and, for a character on the board, its facing."""

    owner: int
    kind: str
    facing: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"owner": self.owner, "kind": self.kind}
        if self.facing is not None:
            out["facing"] = self.facing
        return out

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Token:
        return cls(int(obj["owner"]), str(obj["kind"]), obj.get("facing"))


@dataclass(frozen=True, slots=True)
class SquareView:
    """One non-empty square in use."""

    at: tuple[int, int]
    down: int = -1  # the owner of the face-down token here, -1 for none
    down_kind: str | None = None  # its kind, when the view's seat knows it
    peeked_by: tuple[int, ...] = ()  # the seats that peeked at the face-down token
    land: Token | None = None
    character: Token | None = None
    prisoner: Token | None = None  # held by the character
    trap: Token | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"at": list(self.at)}
        if self.down >= 0:
            out["down"] = self.down
            out["peeked_by"] = list(self.peeked_by)
            if self.down_kind is not None:
                out["down_kind"] = self.down_kind
        for name in ("land", "character", "prisoner", "trap"):
            token = getattr(self, name)
            if token is not None:
                out[name] = token.to_json()
        return out

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> SquareView:
        def token(name: str) -> Token | None:
            return Token.from_json(obj[name]) if name in obj else None

        return cls(
            at=(int(obj["at"][0]), int(obj["at"][1])),
            down=int(obj.get("down", -1)),
            down_kind=obj.get("down_kind"),
            peeked_by=tuple(int(s) for s in obj.get("peeked_by", ())),
            land=token("land"),
            character=token("character"),
            prisoner=token("prisoner"),
            trap=token("trap"),
        )


@dataclass(frozen=True, slots=True)
class View:
    seat: int | None
    players: int
    first: int
    variants: tuple[str, ...]  # sorted
    turn: int  # 0 during setup
    current: int
    decision: str  # select / place / act / over
    actions_left: int
    reveal_any_used: bool
    stall: int  # turns in a row without a reveal, an elimination in a fight or a capture
    stall_limit: int
    progress: bool  # this turn had a reveal, an elimination in a fight or a capture (resets the stall count)
    sacrifices_left: tuple[int, ...]  # per seat
    ended: str  # "", "last-reveal" or "stall"
    columns: tuple[int, int]  # the first and last column in use
    squares: tuple[SquareView, ...]  # the non-empty squares, in board order
    trophies: tuple[tuple[Token, ...], ...]  # per seat, the characters it eliminated (sorted)
    destroyed: tuple[tuple[Token, ...], ...]  # per seat, the campsites it destroyed (sorted)
    sacrificed: tuple[tuple[str, ...], ...]  # per seat, the kinds it sacrificed
    supply_left: tuple[int, ...]  # per seat, tokens still to place
    placed: int  # tokens placed in the current placement turn
    supply: tuple[tuple[str, int], ...]  # the view's seat's own supply: (kind, count) for each kind left
    selected: str | None  # the view's seat's pending selection

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "players": self.players,
            "first": self.first,
            "variants": list(self.variants),
            "turn": self.turn,
            "current": self.current,
            "decision": self.decision,
            "actions_left": self.actions_left,
            "reveal_any_used": self.reveal_any_used,
            "stall": self.stall,
            "stall_limit": self.stall_limit,
            "progress": self.progress,
            "sacrifices_left": list(self.sacrifices_left),
            "ended": self.ended,
            "columns": list(self.columns),
            "squares": [s.to_json() for s in self.squares],
            "trophies": [[t.to_json() for t in pile] for pile in self.trophies],
            "destroyed": [[t.to_json() for t in pile] for pile in self.destroyed],
            "sacrificed": [list(pile) for pile in self.sacrificed],
            "supply_left": list(self.supply_left),
            "placed": self.placed,
            "supply": {kind: n for kind, n in self.supply},
            "selected": self.selected,
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> View:
        """The inverse of to_json (views sent between the game's own processes)."""
        return cls(
            seat=None if obj["seat"] is None else int(obj["seat"]),
            players=int(obj["players"]),
            first=int(obj["first"]),
            variants=tuple(str(v) for v in obj["variants"]),
            turn=int(obj["turn"]),
            current=int(obj["current"]),
            decision=str(obj["decision"]),
            actions_left=int(obj["actions_left"]),
            reveal_any_used=bool(obj["reveal_any_used"]),
            stall=int(obj["stall"]),
            stall_limit=int(obj["stall_limit"]),
            progress=bool(obj["progress"]),
            sacrifices_left=tuple(int(n) for n in obj["sacrifices_left"]),
            ended=str(obj["ended"]),
            columns=(int(obj["columns"][0]), int(obj["columns"][1])),
            squares=tuple(SquareView.from_json(s) for s in obj["squares"]),
            trophies=tuple(tuple(Token.from_json(t) for t in pile) for pile in obj["trophies"]),
            destroyed=tuple(tuple(Token.from_json(t) for t in pile) for pile in obj["destroyed"]),
            sacrificed=tuple(tuple(str(k) for k in pile) for pile in obj["sacrificed"]),
            supply_left=tuple(int(n) for n in obj["supply_left"]),
            placed=int(obj["placed"]),
            supply=tuple((str(k), int(n)) for k, n in obj["supply"].items()),
            selected=obj["selected"],
        )


def make_view(state: GameState, seat: int | None) -> View:
    kinds = state.rules.kinds

    def token(t: int, facing: int = -1) -> Token:
        return Token(t >> KIND_BITS, kinds[t & KIND_MASK], FACINGS[facing] if facing >= 0 else None)

    squares = []
    for sq in range(SQUARES):
        b = state.busy[sq]
        if not b:
            continue
        spot = SquareView(at=row_col(sq))
        if b & DOWN:
            down = state.down[sq]
            known = seat is not None and state.knows(seat, sq)
            spot = SquareView(at=spot.at, down=down >> KIND_BITS, down_kind=kinds[down & KIND_MASK] if known else None,
                              peeked_by=tuple(s for s in range(state.players) if state.known[s] >> sq & 1))
        else:
            spot = SquareView(
                at=spot.at,
                land=token(state.land[sq]) if b & LAND else None,
                character=token(state.char[sq], state.face[sq]) if b & CHAR else None,
                prisoner=token(state.held[sq], state.held_face[sq]) if b & CHAR and state.held[sq] >= 0 else None,
                trap=token(state.trap[sq]) if b & TRAP else None,
            )
        squares.append(spot)
    own = seat is not None and 0 <= seat < state.players
    columns = [sq % 12 for sq in state.geometry.squares]
    return View(
        seat=seat,
        players=state.players,
        first=state.first,
        variants=tuple(sorted(state.variants)),
        turn=state.turn,
        current=state.current,
        decision=state.decision(),
        actions_left=state.actions_left,
        reveal_any_used=state.reveal_any_used,
        stall=state.stall,
        stall_limit=state.stall_limit,
        progress=state.progress,
        sacrifices_left=tuple(state.sacrifices_left),
        ended=state.ended,
        columns=(min(columns), max(columns)),
        squares=tuple(squares),
        trophies=tuple(tuple(sorted((token(t) for t in pile), key=_order)) for pile in state.trophies),
        destroyed=tuple(tuple(sorted((token(t) for t in pile), key=_order)) for pile in state.destroyed),
        sacrificed=tuple(tuple(sorted(kinds[t & KIND_MASK] for t in pile)) for pile in state.sacrificed),
        supply_left=tuple(state.supply_left),
        placed=state.placed,
        supply=tuple((kinds[k], n) for k, n in enumerate(state.supply[seat]) if n > 0) if own and seat is not None
        else (),
        selected=kinds[state.selected] if own and seat == state.current and state.selected >= 0 else None,
    )


def _order(token: Token) -> tuple[int, str]:
    return token.owner, token.kind
