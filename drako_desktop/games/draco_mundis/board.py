"""The board as one seat sees it, reckoned from its view only: kept in step with the table's animation.

A `BoardModel` is made from a `View` (the viewer's, or the public one during a hand-over)
and nothing else, so the table can only ever draw what that seat may know. While an
action is animated, each event is applied to the model as its beat reaches it (a token
flies, turns over, leaves the board); when the action's beats are done the model is made
again from the new view, so it can never drift from the game.

The model also reckons what the table shows about it in numbers: each character's
strength with its modifiers, the fight a seat would start on a square, and the running
score of every player. Those are the rules of `strength.py`, `fight.py` and `scoring.py`,
the engine's own, asked about what is visible only (face-down tokens score and fight for nobody).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Iterator

from .fight import attackers as attacking_side
from .fight import can_be_attacked, result
from .scoring import score
from .strength import Modifier, strength_parts
from .view import SquareView, Token, View

if TYPE_CHECKING:
    from .data import DracoData
    from .events import Event

Square = tuple[int, int]
FACING_STEPS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
FACINGS = ("N", "E", "S", "W")


@dataclass(frozen=True)
class Fighter:
    at: Square
    token: Token
    parts: tuple[Modifier, ...]

    @property
    def strength(self) -> int:
        return sum(m.value for m in self.parts)


@dataclass(frozen=True)
class FightPreview:
    """What a fight on `defender` would be now: every attacker of `seat` next to it, and the outcome."""

    seat: int
    attackers: tuple[Fighter, ...]
    defender: Fighter

    @property
    def attack(self) -> int:
        return sum(f.strength for f in self.attackers)

    @property
    def defence(self) -> int:
        return self.defender.strength

    @property
    def outcome(self) -> str:
        """For the attackers: "win", "loss" or "tie"."""
        return result([f.strength for f in self.attackers], self.defence)[1]


@dataclass
class BoardModel:
    data: "DracoData"
    viewer: int | None
    players: int
    columns: tuple[int, int]
    variants: tuple[str, ...]
    turn: int
    current: int
    decision: str
    actions_left: int
    placed: int
    ended: str
    stall: int
    stall_limit: int
    reveal_any_used: bool
    sacrifices_left: tuple[int, ...]
    squares: dict[Square, SquareView]
    trophies: list[list[Token]]
    destroyed: list[list[Token]]
    sacrificed: list[list[str]]
    supply_left: list[int]
    supply: dict[str, int]  # the viewer's own supply during setup
    selected: str | None
    # Each seat's score as the board stands, reckoned once: the table's counters ask every frame, and a score
    # looks at every square. Only `apply` changes the board (a copy made by `replace` starts with none known).
    _scores: dict[int, int] = field(default_factory=dict, init=False, repr=False, compare=False)

    @classmethod
    def from_view(cls, view: View, data: "DracoData") -> BoardModel:
        return cls(
            data=data, viewer=view.seat, players=view.players, columns=view.columns, variants=view.variants,
            turn=view.turn, current=view.current, decision=view.decision, actions_left=view.actions_left,
            placed=view.placed, ended=view.ended, stall=view.stall, stall_limit=view.stall_limit,
            reveal_any_used=view.reveal_any_used, sacrifices_left=view.sacrifices_left,
            squares={s.at: s for s in view.squares},
            trophies=[list(pile) for pile in view.trophies], destroyed=[list(pile) for pile in view.destroyed],
            sacrificed=[list(pile) for pile in view.sacrificed], supply_left=list(view.supply_left),
            supply=dict(view.supply), selected=view.selected,
        )

    # -- the board -----------------------------------------------------------------------

    @property
    def rows(self) -> int:
        return self.data.rows

    @property
    def over(self) -> bool:
        return self.decision == "over"

    @property
    def in_setup(self) -> bool:
        return self.decision in ("select", "place")

    @property
    def last_turn(self) -> bool:
        """The turn under way is the game's last: no face-down token is left, and the player who revealed
        the last one finishes their actions (rule book 5)."""
        return self.decision == "act" and not any(spot.down >= 0 for spot in self.squares.values())

    def in_use(self, at: Square) -> bool:
        return 0 <= at[0] < self.data.rows and self.columns[0] <= at[1] <= self.columns[1]

    def squares_in_use(self) -> Iterator[Square]:
        for row in range(self.data.rows):
            for col in range(self.columns[0], self.columns[1] + 1):
                yield (row, col)

    def spot(self, at: Square) -> SquareView | None:
        return self.squares.get(at)

    def neighbours(self, at: Square) -> list[Square]:
        out = []
        for dr, dc in FACING_STEPS.values():
            near = (at[0] + dr, at[1] + dc)
            if self.in_use(near):
                out.append(near)
        return out

    def face_down_count(self) -> int:
        return sum(1 for s in self.squares.values() if s.down >= 0)

    def characters_of(self, seat: int) -> list[tuple[Square, Token]]:
        return [(at, s.character) for at, s in sorted(self.squares.items())
                if s.character is not None and s.character.owner == seat]

    def kind_group(self, kind: str) -> str:
        """"character", "land" or "item"."""
        data = self.data
        if any(c.id == kind for c in data.characters):
            return "character"
        return "land" if any(t.id == kind for t in data.lands) else "item"

    # -- events, as the animation reaches them -------------------------------------------

    def apply(self, event: "Event") -> None:
        """Show one event (as the viewer may know it): the board, trophies and counters it changes."""
        kind = event.kind
        handler = getattr(self, "_" + kind.replace("-", "_"), None)
        if handler is not None:
            self._scores.clear()
            handler(event)

    def _set(self, at: Square, **changes: Any) -> None:
        spot = self.squares.get(at) or SquareView(at=at)
        spot = replace(spot, **changes)
        if spot.down < 0 and spot.land is None and spot.character is None and spot.trap is None:
            self.squares.pop(at, None)
        else:
            self.squares[at] = spot

    def _place(self, e: "Event") -> None:
        assert e.at is not None, "the event names its square"
        if e.facing is not None:
            self._set(e.at, character=Token(e.seat, e.token or "", e.facing))
        else:
            self._set(e.at, down=e.seat, down_kind=e.token)
        self.supply_left[e.seat] -= 1
        if e.seat == self.viewer and e.token in self.supply:
            self.supply[e.token] -= 1
            if not self.supply[e.token]:
                del self.supply[e.token]

    def _turn(self, e: "Event") -> None:
        self.current, self.turn, self.decision = e.seat, e.number, "act"
        self.actions_left = self.data.actions_per_turn

    def _peek(self, e: "Event") -> None:
        assert e.at is not None, "the event names its square"
        spot = self.squares[e.at]
        known = e.token if e.token is not None and self.viewer == e.seat else spot.down_kind
        self._set(e.at, peeked_by=tuple(sorted({*spot.peeked_by, e.seat})), down_kind=known)

    def _reveal(self, e: "Event") -> None:
        assert e.at is not None and e.token is not None, "the event names its square and token"
        token = Token(e.owner, e.token, e.facing)
        group = self.kind_group(e.token)
        cleared = {"down": -1, "down_kind": None, "peeked_by": ()}
        if group == "character":
            self._set(e.at, character=token, **cleared)
        elif group == "land":
            self._set(e.at, land=Token(e.owner, e.token), **cleared)
        else:
            self._set(e.at, trap=Token(e.owner, e.token), **cleared)

    _reveal_any = _reveal

    def _move(self, e: "Event") -> None:
        assert e.at is not None and e.to is not None, "a move names both squares"
        spot = self.squares[e.at]
        self._set(e.to, character=spot.character, prisoner=spot.prisoner)
        self._set(e.at, character=None, prisoner=None)

    def _fight(self, e: "Event") -> None:
        if e.defender is None or e.outcome == "tie":
            return
        winner = e.seat if e.outcome == "win" else e.defender.owner
        freed = {p.at: p for p in e.freed}
        for piece in e.eliminated:
            self.trophies[winner].append(Token(piece.owner, piece.kind))
            released = freed.get(piece.at)
            character = Token(released.owner, released.kind, released.facing) if released else None
            self._set(piece.at, character=character, prisoner=None)
        for pile in self.trophies:
            pile.sort(key=lambda t: (t.owner, t.kind))

    def _rotate(self, e: "Event") -> None:
        assert e.at is not None, "the event names its square"
        spot = self.squares[e.at]
        if spot.character is not None:
            self._set(e.at, character=replace(spot.character, facing=e.facing))

    def _capture(self, e: "Event") -> None:
        assert e.at is not None and e.to is not None and e.target is not None, \
            "a capture names both squares and the prisoner"
        spot = self.squares[e.at]
        target = e.target
        self._set(e.to, character=spot.character, prisoner=Token(target.owner, target.kind, target.facing))
        self._set(e.at, character=None, prisoner=None)

    def _destroy(self, e: "Event") -> None:
        assert e.at is not None, "the event names its square"
        self.destroyed[e.seat].append(Token(e.owner, e.token or ""))
        self._set(e.at, land=None)

    def _push(self, e: "Event") -> None:
        assert e.at is not None and e.to is not None, "a push names both squares"
        trap = self.squares[e.at].trap
        self._set(e.to, trap=trap)
        self._set(e.at, trap=None)

    def _sacrifice(self, e: "Event") -> None:
        assert e.at is not None, "the event names its square"
        self.sacrificed[e.seat].append(e.token or "")
        self._set(e.at, character=None)

    def _end(self, e: "Event") -> None:
        self.ended = e.reason
        self.decision = "over"
        self.actions_left = 0

    # -- strength and fights -------------------------------------------------------------

    def strength_parts(self, at: Square) -> tuple[Modifier, ...]:
        """The face-up character on `at`: its printed strength and every modifier it has there."""
        spot = self.squares[at]
        token = spot.character
        assert token is not None, f"strength of {at}: no face-up character there"
        land = spot.land
        items = {near.trap.kind for a in self.neighbours(at)
                 if (near := self.squares.get(a)) is not None and near.trap is not None}
        return strength_parts(self.data, token.kind, land.kind if land else None,
                              land is not None and land.owner == token.owner, items)

    def fighter(self, at: Square) -> Fighter:
        character = self.squares[at].character
        assert character is not None, f"a fighter on {at}: no face-up character there"
        return Fighter(at, character, self.strength_parts(at))

    def fight_preview(self, seat: int, at: Square, defender: Token | None = None) -> FightPreview | None:
        """The fight `seat` would start against the character on `at` (or against `defender`, a token
        the seat knows is there face down: a reveal into a fight), or None when none would follow."""
        spot = self.squares.get(at)
        if spot is None:
            return None
        if defender is None:
            defender = spot.character
            if defender is None:
                return None
            target = self.fighter(at)
        else:
            if self.kind_group(defender.kind) != "character":
                return None
            probe = BoardModel.from_view_squares(self, at, defender)
            target = probe.fighter(at)
        if not can_be_attacked(self.data, defender.kind, defender.owner, seat):
            return None
        attackers = tuple(self.fighter(a) for a in attacking_side(seat, self.neighbours(at), self._owner_at))
        if not attackers:
            return None
        return FightPreview(seat, attackers, target)

    @classmethod
    def from_view_squares(cls, model: BoardModel, at: Square, character: Token) -> BoardModel:
        """A copy of the model with `character` standing face up on `at` (what a reveal would show)."""
        copy = replace(model, squares=dict(model.squares))
        copy._set(at, down=-1, down_kind=None, peeked_by=(), character=character)
        return copy

    # -- the score as it stands --------------------------------------------------------------

    def _owner_at(self, at: Square) -> int | None:
        """The owner of the face-up character on `at`, None for none."""
        spot = self.squares.get(at)
        return spot.character.owner if spot is not None and spot.character is not None else None

    def score_lines(self, seat: int) -> list[tuple[str, int]]:
        """Per line of the data's scoring table: (line id, points) for `seat` as the board stands."""
        own = self.characters_of(seat)
        held = [s.prisoner.kind for at, _ in own if (s := self.squares[at]).prisoner is not None]
        standing = [(token.kind, land.kind if (land := self.squares[at].land) else None,
                     land is not None and land.owner == seat) for at, token in own]
        face_up = {at: [t.kind for t in (spot.land, spot.character) if t is not None and t.owner == seat]
                   for at, spot in self.squares.items()}
        breakdown = score(self.data, [t.kind for t in self.trophies[seat]] + held,
                          [t.kind for t in self.destroyed[seat]], standing, face_up, self.neighbours)
        return list(zip(breakdown.categories, breakdown.values))

    def score(self, seat: int) -> int:
        known = self._scores.get(seat)
        if known is None:
            known = self._scores[seat] = sum(points for _, points in self.score_lines(seat))
        return known
