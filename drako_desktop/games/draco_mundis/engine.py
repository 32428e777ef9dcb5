"""The Draco Mundis engine: setup, turns, legality, fights, the end and the scores.

Pure and deterministic: no randomness at all (the game has no chance), no I/O. A
`GameState` is mutable and compact: per-square lists of ints (a token is `owner << 4 |
kind`), kept up to date incrementally with the sorted squares of the face-down tokens
and of each player's face-up characters, so that a query never scans the whole board.
`legal_actions()` is cached until the next `apply`.

Decisions: during setup a placement is two decisions, `select` (which token of your
supply: the list holds one `Select` per kind left) then `place` (where, and the facing of
an explorer). A `Place` is also accepted directly when nothing is selected (that is how a
game record, which has no selects, replays); the legal actions of a select decision list
only the selects. During the turns the decision is `act`: every action of section 3, a
lone `pass` included, is chosen by the player (nothing is applied automatically).

Where the rule book is silent, the engine decides (these are also rulings in
`rulings.yaml`, origin "engine"):
- a face-up trap of any colour weakens every dragon next to it (two traps do not add up);
- any face-up character of the player to act may push a trap of any colour, never off the
  board in use nor onto a face-down token;
- the "at most 6 face-down tokens" of Reveal any token counts every colour, before the reveal;
- every other player is an enemy; revealing your own character, a land or a trap starts no fight;
- a cannibal eliminated as an attacker frees its prisoner on its own square too;
- the last face-down token ends the game however it is revealed, and its revealer may still
  sacrifice a sherpa in that final turn;
- reveals are offered with all four facings whatever the token (the facing of a land or trap
  is ignored), since the revealer may not know what it is;
- with 3-4 players nobody is skipped in setup (all supplies are the same size); a turn's
  stall count is settled when the turn ends.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ...interface.game import Breakdown, IllegalActionError, listed, ranking_winners
from .actions import (
    CAPTURE,
    DESTROY,
    FACINGS,
    FIGHT,
    PASS,
    PEEK,
    PUSH,
    REVEAL,
    REVEAL_ANY,
    ROW_COL,
    SACRIFICE,
    SQUARES,
    Action,
    Capture,
    Destroy,
    Fight,
    Move,
    Pass,
    Peek,
    Place,
    Push,
    Reveal,
    RevealAny,
    Rotate,
    Sacrifice,
    Select,
    row_col,
    select,
    square,
)
from .entry import entry_refusal
from .events import Event, Fighter, Piece, numbered_event, token_event
from .fight import attackers, can_be_attacked, fight_refusal, result
from .rules import (
    CHAR,
    DOWN,
    KIND_BITS,
    KIND_MASK,
    LAND,
    TRAP,
    Geometry,
    Rules,
    direction,
    distance,
)
from .scoring import score
from .view import View, make_view

SETUP, PLAY, OVER = 0, 1, 2
VARIANTS = ("fast_setup", "sherpa_sacrifice", "dragon_trap")
_DIRECTION_OF_STEP = {-12: 0, 1: 1, 12: 2, -1: 3}
_ARROWS = ("forward", "right", "back", "left")  # the engine's arrow order: (direction - facing) & 3


class GameState:
    """One game in progress. Make one with `GameState.new(...)`, then `legal_actions()` / `apply()`."""

    __slots__ = (
        "_final_scores",
        "_legal",
        "actions_left",
        "busy",
        "char",
        "chars_of",
        "current",
        "destroyed",
        "down",
        "down_squares",
        "ended",
        "face",
        "first",
        "free_squares",
        "geometry",
        "held",
        "held_face",
        "history",
        "known",
        "land",
        "phase",
        "placed",
        "placements_per_turn",
        "players",
        "progress",
        "reveal_any_used",
        "rules",
        "sacrificed",
        "sacrifices_left",
        "selected",
        "stall",
        "stall_limit",
        "supply",
        "supply_left",
        "trap",
        "trophies",
        "turn",
        "variants",
    )

    seed = 0  # the game has no chance: nothing is ever drawn at random

    rules: Rules
    geometry: Geometry
    players: int
    first: int
    variants: frozenset[str]
    placements_per_turn: int
    stall_limit: int
    phase: int
    current: int
    turn: int
    history: list[Action]
    ended: str  # "" while the game goes on, then "last-reveal" or "stall"
    # per square: a token int or -1 (face, held_face: 0-3); busy: DOWN | LAND | CHAR | TRAP bits
    down: list[int]
    land: list[int]
    char: list[int]
    face: list[int]
    held: list[int]  # the prisoner of the character standing there
    held_face: list[int]
    trap: list[int]
    busy: list[int]
    down_squares: list[int]  # sorted
    chars_of: list[list[int]]  # per seat, sorted squares of its face-up characters
    free_squares: list[int]  # sorted empty squares in use, kept during setup only
    known: list[int]  # per seat, bit mask of the face-down squares it peeked at
    supply: list[list[int]]  # per seat, tokens of each kind still to place
    supply_left: list[int]
    selected: int  # the kind selected for the pending placement, -1 for none
    placed: int  # tokens placed in the current placement turn
    actions_left: int
    reveal_any_used: bool
    sacrifices_left: list[int]
    stall: int  # turns in a row without a reveal, an elimination in a fight or a capture
    progress: bool  # this turn had a reveal, an elimination in a fight or a capture
    trophies: list[list[int]]  # per seat, the characters it eliminated
    destroyed: list[list[int]]  # per seat, the campsites it destroyed
    sacrificed: list[list[int]]  # per seat, its sacrificed sherpas
    _legal: list[Action] | None
    _final_scores: tuple[Breakdown, ...] | None  # once the game is over (it never changes again)

    # -- creation ------------------------------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules, players: int, first: int = 0, variants: Iterable[str] = ()) -> GameState:
        data = rules.data
        if not data.min_players <= players <= data.max_players:
            raise ValueError(f"{data.name} is for {data.min_players}-{data.max_players} players, not {players}")
        if not 0 <= first < players:
            raise ValueError(f"the first player must be a seat 0-{players - 1}, not {first}")
        chosen = frozenset(variants)
        unknown = sorted(chosen - set(VARIANTS))
        if unknown:
            raise ValueError(f"unknown variant {', '.join(unknown)} (known: {', '.join(VARIANTS)})")
        s = cls._blank(rules, players, first, chosen)
        counts = rules.token_counts(chosen)
        s.supply = [list(counts) for _ in range(players)]
        s.supply_left = [sum(counts)] * players
        s.free_squares = list(s.geometry.squares)
        return s

    @classmethod
    def _blank(cls, rules: Rules, players: int, first: int, variants: frozenset[str]) -> GameState:
        s = cls.__new__(cls)
        data = rules.data
        s.rules = rules
        s.geometry = rules.geometry[players]
        s.players = players
        s.first = first
        s.variants = variants
        s.placements_per_turn = (data.variants.fast_setup_placements if "fast_setup" in variants
                                 else data.placements_per_turn)
        s.stall_limit = data.stall_turns_per_player * players
        s.phase = SETUP
        s.current = first
        s.turn = 0
        s.history = []
        s.ended = ""
        s.down = [-1] * SQUARES
        s.land = [-1] * SQUARES
        s.char = [-1] * SQUARES
        s.held = [-1] * SQUARES
        s.trap = [-1] * SQUARES
        s.face = [0] * SQUARES
        s.held_face = [0] * SQUARES
        s.busy = [0] * SQUARES
        s.down_squares = []
        s.chars_of = [[] for _ in range(players)]
        s.free_squares = []
        s.known = [0] * players
        s.supply = [[0] * len(rules.kinds) for _ in range(players)]
        s.supply_left = [0] * players
        s.selected = -1
        s.placed = 0
        s.actions_left = 0
        s.reveal_any_used = False
        per_game = data.variants.sacrifice_per_game if "sherpa_sacrifice" in variants else 0
        s.sacrifices_left = [per_game] * players
        s.stall = 0
        s.progress = False
        s.trophies = [[] for _ in range(players)]
        s.destroyed = [[] for _ in range(players)]
        s.sacrificed = [[] for _ in range(players)]
        s._legal = None
        s._final_scores = None
        return s

    @classmethod
    def from_view(cls, rules: Rules, view: View, kinds_by_square: Mapping[tuple[int, int], str],
                  selected: str | None = None) -> GameState:
        """A full state from one seat's view, with every face-down token's kind filled in.

        For searches over what a seat does not know (OpenSpiel's `resample_from_infostate`):
        `kinds_by_square` gives the kind of every face-down token the view does not show
        (others may be given too, if they agree). During setup the supplies are what is left
        of each player's tokens; `selected` is the kind another seat has selected, when the
        view is not that seat's. The new state has no history. Raises ValueError when the
        assignment does not fit the view (unknown kinds, more tokens of a kind than a player has).
        """
        index = rules.kind_index
        s = cls._blank(rules, view.players, view.first, frozenset(view.variants))
        s.phase = {"select": SETUP, "place": SETUP, "act": PLAY, "over": OVER}[view.decision]
        s.current, s.turn, s.ended = view.current, view.turn, view.ended
        s.actions_left, s.reveal_any_used, s.stall = view.actions_left, view.reveal_any_used, view.stall
        s.progress = view.progress
        s.sacrifices_left = list(view.sacrifices_left)

        def token(owner: int, kind: str) -> int:
            if kind not in index:
                raise ValueError(f"unknown token kind {kind!r}")
            return owner << KIND_BITS | index[kind]

        for spot in view.squares:
            sq = square(*spot.at)
            if spot.down >= 0:
                kind = spot.down_kind or kinds_by_square.get(spot.at)
                if kind is None:
                    raise ValueError(f"no kind given for the face-down token on {list(spot.at)}")
                if spot.down_kind and kinds_by_square.get(spot.at, kind) != kind:
                    raise ValueError(f"the view shows a {spot.down_kind} on {list(spot.at)}")
                s.down[sq] = token(spot.down, kind)
                s.busy[sq] |= DOWN
                s.down_squares.append(sq)
                for seat in spot.peeked_by:
                    s.known[seat] |= 1 << sq
            if spot.land is not None:
                s.land[sq] = token(spot.land.owner, spot.land.kind)
                s.busy[sq] |= LAND
            if spot.trap is not None:
                s.trap[sq] = token(spot.trap.owner, spot.trap.kind)
                s.busy[sq] |= TRAP
            if spot.character is not None:
                s.char[sq] = token(spot.character.owner, spot.character.kind)
                s.face[sq] = FACINGS.index(spot.character.facing or "N")
                s.busy[sq] |= CHAR
                s.chars_of[spot.character.owner].append(sq)
                if spot.prisoner is not None:
                    s.held[sq] = token(spot.prisoner.owner, spot.prisoner.kind)
                    s.held_face[sq] = FACINGS.index(spot.prisoner.facing or "N")
        s.trophies = [[token(t.owner, t.kind) for t in pile] for pile in view.trophies]
        s.destroyed = [[token(t.owner, t.kind) for t in pile] for pile in view.destroyed]
        s.sacrificed = [[token(seat, kind) for kind in pile] for seat, pile in enumerate(view.sacrificed)]
        s._fill_supplies()
        if s.phase == SETUP:
            s.free_squares = [sq for sq in s.geometry.squares if not s.busy[sq]]
            s.placed = view.placed
            pending = view.selected or selected
            if view.decision == "place":
                if pending is None:
                    raise ValueError("the view's seat is placing a token: say which kind it selected")
                s.selected = index[pending]
                if s.supply[s.current][s.selected] <= 0:
                    raise ValueError(f"seat {s.current} has no {pending} left to place")
        return s

    def _fill_supplies(self) -> None:
        """Each supply is what is nowhere else: on the board, held, kept or sacrificed (nothing, after setup)."""
        counts = self.rules.token_counts(self.variants)
        self.supply = [list(counts) for _ in range(self.players)]
        elsewhere = [t for layer in (self.down, self.land, self.char, self.held, self.trap) for t in layer if t >= 0]
        elsewhere += [t for piles in (self.trophies, self.destroyed, self.sacrificed) for pile in piles for t in pile]
        for token in elsewhere:
            self.supply[token >> KIND_BITS][token & KIND_MASK] -= 1
        for seat, supply in enumerate(self.supply):
            kind = self.rules.kinds[min(range(len(supply)), key=supply.__getitem__)]
            if min(supply) < 0:
                raise ValueError(f"seat {seat} would have more tokens of kind {kind} than it owns")
            if self.phase != SETUP and max(supply) > 0:
                kind = self.rules.kinds[max(range(len(supply)), key=supply.__getitem__)]
                raise ValueError(f"seat {seat}'s tokens of kind {kind} are not all accounted for")
        self.supply_left = [sum(supply) for supply in self.supply]

    def clone(self) -> GameState:
        s = GameState.__new__(GameState)
        s.rules = self.rules
        s.geometry = self.geometry
        s.players = self.players
        s.first = self.first
        s.variants = self.variants
        s.placements_per_turn = self.placements_per_turn
        s.stall_limit = self.stall_limit
        s.phase = self.phase
        s.current = self.current
        s.turn = self.turn
        s.history = self.history[:]
        s.ended = self.ended
        s.down = self.down[:]
        s.land = self.land[:]
        s.char = self.char[:]
        s.face = self.face[:]
        s.held = self.held[:]
        s.held_face = self.held_face[:]
        s.trap = self.trap[:]
        s.busy = self.busy[:]
        s.down_squares = self.down_squares[:]
        s.chars_of = [c[:] for c in self.chars_of]
        s.free_squares = self.free_squares[:]
        s.known = self.known[:]
        s.supply = [c[:] for c in self.supply]
        s.supply_left = self.supply_left[:]
        s.selected = self.selected
        s.placed = self.placed
        s.actions_left = self.actions_left
        s.reveal_any_used = self.reveal_any_used
        s.sacrifices_left = self.sacrifices_left[:]
        s.stall = self.stall
        s.progress = self.progress
        s.trophies = [c[:] for c in self.trophies]
        s.destroyed = [c[:] for c in self.destroyed]
        s.sacrificed = [c[:] for c in self.sacrificed]
        s._legal = self._legal
        s._final_scores = self._final_scores
        return s

    # -- queries -----------------------------------------------------------------------------

    def decision(self) -> str:
        if self.phase == SETUP:
            return "place" if self.selected >= 0 else "select"
        return "act" if self.phase == PLAY else "over"

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def token_total(self) -> int:
        """Every token of every player wherever it is (conserved: the property tests check it)."""
        on_board = sum(1 for layer in (self.down, self.land, self.char, self.held, self.trap) for t in layer if t >= 0)
        return (on_board + sum(self.supply_left) + sum(map(len, self.trophies)) + sum(map(len, self.destroyed))
                + sum(map(len, self.sacrificed)))

    def knows(self, seat: int, sq: int) -> bool:
        """Whether `seat` knows the kind of the face-down token on `sq` (its own, or peeked)."""
        return self.down[sq] >> KIND_BITS == seat or bool(self.known[seat] >> sq & 1)

    def view(self, seat: int | None) -> View:
        return make_view(self, seat)

    # -- legal actions -------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action in a fixed order that depends on the position only (bots index into
        it). At a select decision only the selects are listed (see the module docstring). The list is
        cached and shared with clones: read it, never change it."""
        legal = self._legal
        if legal is None:
            if self.phase == PLAY:
                legal = self._play_actions()
            elif self.phase == SETUP:
                legal = self._setup_actions()
            else:
                legal = []
            self._legal = legal
        return legal

    def _setup_actions(self) -> list[Action]:
        if self.selected < 0:
            selects = self.rules.selects
            return [selects[k] for k, n in enumerate(self.supply[self.current]) if n > 0]
        table = self.rules.place_actions[self.selected]
        if self.rules.placed_face_up[self.selected]:
            return [a for sq in self.free_squares for a in table[sq]]
        single = self.rules.face_down_places[self.selected]  # a token placed face down: one placement a square
        return [single[sq] for sq in self.free_squares]

    def _play_actions(self) -> list[Action]:
        """The hot path of every search: the paths, rotations, action objects and each kind's traits are
        precomputed, and a neighbour's question (may this character fight it, destroy it) is one table lookup."""
        me = self.current
        rules = self.rules
        busy, char, face, land, held = self.busy, self.char, self.face, self.land, self.held
        adjacent = self.geometry.adjacent
        paths, other_facings, traits = rules.paths[self.players], rules.other_facings, rules.traits[me]
        moves: list[Action] = []
        rotates: list[Action] = []
        captures: list[Action] = []
        pushes: list[Action] = []
        sacrifices: list[Action] = []
        reveals: set[int] = set()
        fights: set[int] = set()
        destroys: set[int] = set()
        add_move, add_reveal, add_fight = moves.append, reveals.add, fights.add
        sacrifice_kind = rules.sacrifice_kind if self.sacrifices_left[me] > 0 else -1
        traps = not self.variants.isdisjoint(rules.trap_variants)  # whether a square may hold one
        for sq in self.chars_of[me]:
            kind = char[sq] & KIND_MASK
            facing = face[sq]
            over_all, enters, fightable, ruinable, captures_others = traits[kind]
            if over_all:
                for path in paths[sq][kind << 2 | facing]:
                    for t, move in path:
                        b = busy[t]
                        if not b or b == LAND and enters[land[t]]:
                            add_move(move)
            else:
                for path in paths[sq][kind << 2 | facing]:
                    for t, move in path:
                        b = busy[t]
                        if b:
                            if b == LAND and enters[land[t]]:
                                add_move(move)
                            break
                        add_move(move)
            if ruinable is None and not traps:  # (nearly always: only a neighbour's reveal and fight to find)
                for a in adjacent[sq]:
                    b = busy[a]
                    if b & DOWN:
                        add_reveal(a)
                    elif b & CHAR and fightable[char[a]]:
                        add_fight(a)
            else:
                for a in adjacent[sq]:
                    b = busy[a]
                    if not b:
                        continue
                    if b & DOWN:
                        add_reveal(a)
                        continue
                    if b & CHAR and fightable[char[a]]:
                        add_fight(a)
                    if ruinable is not None and b & LAND and ruinable[land[a]]:
                        destroys.add(a)
                    if b & TRAP:
                        self._add_push(sq, a, pushes)
            rotates.extend(other_facings[sq][facing])
            if captures_others and held[sq] < 0:
                captures.extend([CAPTURE[sq, t] for t in self.capture_targets(sq, me)])
            if kind == sacrifice_kind:
                sacrifices.append(SACRIFICE[sq])
        legal: list[Action] = []
        if reveals:
            near = sorted(reveals)
            down, known = self.down, self.known[me]
            for a in near:
                if down[a] >> KIND_BITS != me and not known >> a & 1:
                    legal.append(PEEK[a])
            for a in near:
                legal.extend(REVEAL[a])
        legal.extend(moves)
        if fights:
            for a in sorted(fights):
                legal.append(FIGHT[a])
        legal.extend(rotates)
        if captures:
            legal.extend(captures)
        if destroys:
            for a in sorted(destroys):
                legal.append(DESTROY[a])
        if pushes:
            legal.extend(pushes)
        if not self.reveal_any_used and (len(self.down_squares) <= rules.data.reveal_any_at_most
                                         or not (moves or reveals)):
            for a in self.down_squares:
                legal.extend(REVEAL_ANY[a])
        if sacrifices:
            legal.extend(sacrifices)
        legal.append(PASS)
        return legal

    def _add_push(self, sq: int, a: int, pushes: list[Action]) -> None:
        """The push of the trap on `a` by the character on `sq`, if the square beyond it is free or a land."""
        busy = self.busy
        beyond = self.geometry.step[a][_DIRECTION_OF_STEP[a - sq]]
        if beyond >= 0 and (not busy[beyond] or busy[beyond] == LAND):
            pushes.append(PUSH[sq, a])

    def _can_move(self, sq: int) -> bool:
        """Whether the face-up character on `sq` has a legal move (the movement Ruling)."""
        busy, land = self.busy, self.land
        token = self.char[sq]
        kind, owner = token & KIND_MASK, token >> KIND_BITS
        over_all, enters = self.rules.passes_over_all[kind], self.rules.enters[owner][kind]
        for path in self.rules.paths[self.players][sq][kind << 2 | self.face[sq]]:
            for t, _ in path:
                b = busy[t]
                if not b:
                    return True
                if b == LAND and enters[land[t]]:
                    return True
                if not over_all:
                    break
        return False

    def capture_targets(self, sq: int, me: int) -> list[int]:
        """The squares of the enemy characters that `me`'s capturing character on `sq` can capture now
        (also the evaluation's measure of threats, for any seat: one rule, one place)."""
        rules = self.rules
        kind = self.char[sq] & KIND_MASK
        busy, char, land = self.busy, self.char, self.land
        capturable, enters, over_all = rules.capturable[me][kind], rules.enters[me][kind], rules.passes_over_all[kind]
        targets = []
        for path in rules.paths[self.players][sq][kind << 2 | self.face[sq]]:  # the squares its arrows reach
            for t, _ in path:
                b = busy[t]
                if not b:
                    continue
                if b & CHAR and not b & TRAP and capturable[char[t]] and (not b & LAND or enters[land[t]]):
                    targets.append(t)
                if not over_all:
                    break
        return targets

    def _attackers(self, target: int, seat: int) -> list[int]:
        busy, char = self.busy, self.char
        return attackers(seat, self.geometry.adjacent[target],
                         lambda a: char[a] >> KIND_BITS if busy[a] & CHAR else None)

    def attack(self, target: int, seat: int) -> int:
        """The strength `seat`'s face-up characters next to `target` would fight with there (`fight.py`'s side)."""
        return sum(self.strength(a) for a in self._attackers(target, seat))

    def _reveal_any_allowed(self) -> bool:
        """Few face-down tokens left, or no face-up character of yours can move or has a face-down neighbour."""
        if len(self.down_squares) <= self.rules.data.reveal_any_at_most:
            return True
        busy, adjacent = self.busy, self.geometry.adjacent
        return not any(self._can_move(sq) or any(busy[a] & DOWN for a in adjacent[sq])
                       for sq in self.chars_of[self.current])

    # -- legality ----------------------------------------------------------------------------

    def decision_of(self, action: Action) -> Action:
        """A placement made in one step (a person's, a game record's) at a select decision decides which
        token first: its select (see the module docstring); any other action decides itself."""
        if type(action) is Place and self.phase == SETUP and self.selected < 0:
            return select(action.token)
        return action

    def why_illegal(self, action: Action) -> IllegalActionError | None:
        """Why the action is not legal now, or None: THE legality function (apply raises its answer)."""
        if self.phase == OVER:
            return IllegalActionError("game-over", "the game is over")
        check = _CHECKS.get(type(action))
        if check is None:
            return IllegalActionError("unknown-action", f"{action!r} is not a Draco Mundis action")
        if (self.phase == SETUP) != (type(action) in (Select, Place)):
            if self.phase == SETUP:
                return IllegalActionError("setup", "during setup, place your tokens first")
            return IllegalActionError("not-setup", "setup is over: tokens are placed only during setup")
        return check(self, action)

    def _square_problem(self, sq: int, what: str = "square") -> IllegalActionError | None:
        if not (isinstance(sq, int) and 0 <= sq < SQUARES and self.geometry.in_use[sq]):
            where = list(row_col(sq)) if isinstance(sq, int) and 0 <= sq < SQUARES else sq
            return IllegalActionError("out-of-board", f"the {what} {where} is not on the board in use")
        return None

    def _own_character(self, sq: int) -> IllegalActionError | None:
        problem = self._square_problem(sq)
        if problem:
            return problem
        if not self.busy[sq] & CHAR:
            return IllegalActionError("no-character", f"there is no face-up character on {_at(sq)}")
        if self.char[sq] >> KIND_BITS != self.current:
            return IllegalActionError("not-yours", f"the {self._name(self.char[sq])} on {_at(sq)} is not yours")
        return None

    def _name(self, token: int) -> str:
        return self.rules.data.token_noun(self.rules.kinds[token & KIND_MASK])

    def _check_select(self, action: Select) -> IllegalActionError | None:
        if self.selected >= 0:
            return IllegalActionError("already-selected", "a token is already selected: place it")
        k = self.rules.kind_index.get(action.token, -1)
        if k < 0:
            return IllegalActionError("unknown-kind", f"there is no token {action.token!r}")
        if self.supply[self.current][k] <= 0:
            return IllegalActionError("none-left", f"you have no {action.token} left to place")
        return None

    def _check_place(self, action: Place) -> IllegalActionError | None:
        k = self.rules.kind_index.get(action.token, -1)
        if k < 0:
            return IllegalActionError("unknown-kind", f"there is no token {action.token!r}")
        if self.selected >= 0 and k != self.selected:
            chosen = self.rules.kinds[self.selected]
            return IllegalActionError("not-selected", f"you selected a {chosen}: place it, not a {action.token}")
        if self.supply[self.current][k] <= 0:
            return IllegalActionError("none-left", f"you have no {action.token} left to place")
        problem = self._square_problem(action.at)
        if problem:
            return problem
        if self.busy[action.at]:
            return IllegalActionError("occupied", f"{_at(action.at)} already holds a token")
        if self.rules.placed_face_up[k] != (action.facing >= 0):
            if action.facing < 0:
                return IllegalActionError("facing-needed", f"a {action.token} is placed face up: give its facing")
            return IllegalActionError("no-facing", f"a {action.token} is placed face down: it has no facing")
        if action.facing > 3:
            return IllegalActionError("bad-facing", f"there is no facing {action.facing}")
        return None

    def _face_down_problem(self, sq: int) -> IllegalActionError | None:
        problem = self._square_problem(sq)
        if problem:
            return problem
        if not self.busy[sq] & DOWN:
            return IllegalActionError("not-face-down", f"there is no face-down token on {_at(sq)}")
        return None

    def _adjacent_problem(self, sq: int) -> IllegalActionError | None:
        if not self._attackers(sq, self.current):
            return IllegalActionError("not-adjacent", f"none of your face-up characters is next to {_at(sq)}")
        return None

    def _check_peek(self, action: Peek) -> IllegalActionError | None:
        problem = self._face_down_problem(action.at) or self._adjacent_problem(action.at)
        if problem:
            return problem
        if self.knows(self.current, action.at):
            whose = "your own token" if self.down[action.at] >> KIND_BITS == self.current else "a token you have seen"
            return IllegalActionError("already-known", f"the token on {_at(action.at)} is {whose}")
        return None

    def _check_reveal(self, action: Reveal) -> IllegalActionError | None:
        return _facing_problem(action.facing) or self._face_down_problem(action.at) or self._adjacent_problem(action.at)

    def _check_reveal_any(self, action: RevealAny) -> IllegalActionError | None:
        problem = _facing_problem(action.facing) or self._face_down_problem(action.at)
        if problem:
            return problem
        if self.reveal_any_used:
            return IllegalActionError("reveal-any-used", "you have already revealed any token this turn")
        if not self._reveal_any_allowed():
            limit = self.rules.data.reveal_any_at_most
            return IllegalActionError(
                "reveal-any-not-allowed",
                f"you may reveal any token only when none of your characters can move or reveal, or at most {limit} "
                "face-down tokens remain",
            )
        return None

    def _path_problem(self, origin: int, target: int, verb: str) -> IllegalActionError | None:
        """Whether the character on `origin` may go straight to `target` along an arrow over empty
        squares (the target square itself is for the caller)."""
        problem = self._square_problem(target, "target")
        if problem:
            return problem
        token = self.char[origin]
        kind = token & KIND_MASK
        d = direction(origin, target)
        if d < 0:
            return IllegalActionError("not-straight", f"the {self._name(token)} {verb}s only in a straight line")
        arrow = (d - self.face[origin]) & 3
        allowed = self.rules.arrows[kind][arrow]
        if allowed == 0:
            return IllegalActionError("no-arrow", f"the {self._name(token)} cannot {verb} {_ARROWS[arrow]}")
        n = distance(origin, target)
        if n > allowed:
            squares = "square" if allowed == 1 else "squares"
            return IllegalActionError("too-far", f"the {self._name(token)} {verb}s at most {allowed} {squares} "
                                                 f"{_ARROWS[arrow]}")
        if not self.rules.passes_over_all[kind]:
            for t in self.geometry.rays[origin][d][:n - 1]:
                if self.busy[t]:
                    return IllegalActionError("blocked", f"{_at(t)} is in the way: only the biplane flies over tokens")
        return None

    def _entry_problem(self, token: int, sq: int) -> IllegalActionError | None:
        """Whether the character `token` may stand on the face-up land on `sq` (if any)."""
        if not self.busy[sq] & LAND:
            return None
        kinds, land = self.rules.kinds, self.land[sq]
        return entry_refusal(self.rules.data, kinds[token & KIND_MASK], kinds[land & KIND_MASK],
                             land >> KIND_BITS == token >> KIND_BITS)

    def _check_move(self, action: Move) -> IllegalActionError | None:
        problem = self._own_character(action.origin) or self._path_problem(action.origin, action.target, "move")
        if problem:
            return problem
        b = self.busy[action.target]
        if b & TRAP:
            return IllegalActionError("cannot-enter", "nobody may enter the trap's square")
        if b & (CHAR | DOWN):
            return IllegalActionError("occupied", f"{_at(action.target)} is not free")
        return self._entry_problem(self.char[action.origin], action.target)

    def _check_fight(self, action: Fight) -> IllegalActionError | None:
        problem = self._square_problem(action.at)
        if problem:
            return problem
        if not self.busy[action.at] & CHAR:
            return IllegalActionError("no-target", f"there is no face-up character on {_at(action.at)}")
        defender, kinds = self.char[action.at], self.rules.kinds
        return fight_refusal(self.rules.data, self.current, kinds[defender & KIND_MASK], defender >> KIND_BITS,
                             [kinds[self.char[a] & KIND_MASK] for a in self._attackers(action.at, self.current)],
                             _at(action.at))

    def _check_rotate(self, action: Rotate) -> IllegalActionError | None:
        problem = self._own_character(action.at) or _facing_problem(action.facing)
        if problem:
            return problem
        if self.face[action.at] == action.facing:
            return IllegalActionError("same-facing", f"the {self._name(self.char[action.at])} already faces "
                                                     f"{FACINGS[action.facing]}")
        return None

    def _check_capture(self, action: Capture) -> IllegalActionError | None:
        problem = self._own_character(action.origin)
        if problem:
            return problem
        rules = self.rules
        token = self.char[action.origin]
        kind = token & KIND_MASK
        if not rules.captures[kind]:
            return IllegalActionError("no-ability", f"the {self._name(token)} cannot capture")
        if self.held[action.origin] >= 0:
            return IllegalActionError("holds-prisoner", f"the {self._name(token)} already holds a prisoner")
        problem = self._square_problem(action.target, "target")
        if problem:
            return problem
        if not self.busy[action.target] & CHAR:
            return IllegalActionError("no-target", f"there is no face-up character on {_at(action.target)}")
        victim = self.char[action.target]
        vk = victim & KIND_MASK
        if victim >> KIND_BITS == self.current:
            return IllegalActionError("not-enemy", "you cannot capture your own character")
        if rules.never_attacked[vk] or vk in rules.capture_never[kind]:
            return IllegalActionError("cannot-capture", f"the {self._name(victim)} cannot be captured by the "
                                                        f"{self._name(token)}")
        if rules.strength[vk] > rules.strength[kind]:
            return IllegalActionError("too-strong", f"the {self._name(victim)} ({rules.strength[vk]}) is stronger "
                                                    f"than the {self._name(token)} ({rules.strength[kind]})")
        return self._path_problem(action.origin, action.target, "move") or self._entry_problem(token, action.target)

    def _check_destroy(self, action: Destroy) -> IllegalActionError | None:
        problem = self._square_problem(action.at)
        if problem:
            return problem
        if not self.busy[action.at] & LAND:
            return IllegalActionError("no-land", f"there is no face-up land on {_at(action.at)}")
        land = self.land[action.at]
        destroys = self.rules.destroys
        if not any(destroys[self.char[sq] & KIND_MASK] == land & KIND_MASK for sq in self.chars_of[self.current]):
            return IllegalActionError("no-ability", f"none of your face-up characters can destroy a {self._name(land)}")
        if land >> KIND_BITS == self.current:
            return IllegalActionError("not-enemy", f"you cannot destroy your own {self._name(land)}")
        if not any(destroys[self.char[a] & KIND_MASK] == land & KIND_MASK
                   for a in self._attackers(action.at, self.current)):
            return IllegalActionError("not-adjacent", f"no character of yours that can destroy it is next to "
                                                      f"{_at(action.at)}")
        return None

    def _check_push(self, action: Push) -> IllegalActionError | None:
        problem = self._own_character(action.by) or self._square_problem(action.at)
        if problem:
            return problem
        if not self.busy[action.at] & TRAP:
            return IllegalActionError("no-trap", f"there is no face-up trap on {_at(action.at)}")
        d = _DIRECTION_OF_STEP.get(action.at - action.by, -1)
        if d < 0 or action.at not in self.geometry.adjacent[action.by]:
            return IllegalActionError("not-adjacent", "the pusher must stand next to the trap")
        beyond = self.geometry.step[action.at][d]
        if beyond < 0:
            return IllegalActionError("out-of-board", "the trap cannot be pushed off the board in use")
        if self.busy[beyond] and self.busy[beyond] != LAND:
            return IllegalActionError("push-blocked", f"the trap cannot be pushed onto {_at(beyond)}: it is not free")
        return None

    def _check_sacrifice(self, action: Sacrifice) -> IllegalActionError | None:
        if "sherpa_sacrifice" not in self.variants:
            return IllegalActionError("variant-off", "the sherpa sacrifice variant is not in play")
        if self.sacrifices_left[self.current] <= 0:
            return IllegalActionError("sacrifice-used", "you have already sacrificed a sherpa in this game")
        problem = self._own_character(action.at)
        if problem:
            return problem
        if self.char[action.at] & KIND_MASK != self.rules.sacrifice_kind:
            name = self._name(self.rules.sacrifice_kind)
            return IllegalActionError("not-sherpa", f"only a {name} can be sacrificed")
        return None

    def _check_pass(self, action: Pass) -> IllegalActionError | None:
        return None

    # -- apply -------------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return what happened. An illegal action raises its
        IllegalActionError (see why_illegal) and leaves the state unchanged."""
        # An action object from the current legal list is legal (interned actions make this the usual case).
        if not listed(action, self._legal):
            problem = self.why_illegal(action)
            if problem is not None:
                raise problem
        self._legal = None
        self.history.append(action)
        in_play = self.phase == PLAY  # (the last placement starts the play: it costs no action)
        events: list[Event] = _DO[type(action)](self, action)
        if in_play and type(action) is not Sacrifice:
            self.actions_left -= 1
            if self.actions_left <= 0 or type(action) is Pass:
                self._end_turn(events)
        return events

    def _do_select(self, action: Select) -> list[Event]:
        self.selected = self.rules.kind_index[action.token]
        return [token_event("select", self.current, None, None, action.token, -1, None, self.current)]

    def _do_place(self, action: Place) -> list[Event]:
        me, sq = self.current, action.at
        k = self.rules.kind_index[action.token]
        token = me << KIND_BITS | k
        self.free_squares.remove(sq)
        if action.facing >= 0:
            self.char[sq] = token
            self.face[sq] = action.facing
            self.busy[sq] = CHAR
            insort(self.chars_of[me], sq)
            events = [token_event("place", me, ROW_COL[sq], None, action.token, me, FACINGS[action.facing])]
        else:
            self.down[sq] = token
            self.busy[sq] = DOWN
            insort(self.down_squares, sq)
            events = [token_event("place", me, ROW_COL[sq], None, action.token, me, None, me)]
        self.supply[me][k] -= 1
        self.supply_left[me] -= 1
        self.selected = -1
        self.placed += 1
        if self.placed >= self.placements_per_turn or not self.supply_left[me]:
            self.placed = 0
            for i in range(1, self.players + 1):
                seat = (me + i) % self.players
                if self.supply_left[seat]:
                    self.current = seat
                    break
            else:
                self.phase = PLAY
                self.free_squares = []
                self.current = self.first
                self._start_turn(events)
        return events

    def _do_peek(self, action: Peek) -> list[Event]:
        me, sq = self.current, action.at
        self.known[me] |= 1 << sq
        token = self.down[sq]
        return [token_event("peek", me, ROW_COL[sq], None, self.rules.kinds[token & KIND_MASK], token >> KIND_BITS,
                            None, me, True)]

    def _do_reveal(self, action: Reveal) -> list[Event]:
        me, sq = self.current, action.at
        events = [self._turn_up("reveal", sq, action.facing)]
        defender = self.char[sq]
        if self.busy[sq] & CHAR and can_be_attacked(self.rules.data, self.rules.kinds[defender & KIND_MASK],
                                                    defender >> KIND_BITS, me):
            events.append(self._fight(sq))
        return events

    def _do_reveal_any(self, action: RevealAny) -> list[Event]:
        self.reveal_any_used = True
        return [self._turn_up("reveal-any", action.at, action.facing)]

    def _turn_up(self, kind: str, sq: int, facing: int) -> Event:
        token = self.down[sq]
        k = token & KIND_MASK
        rules = self.rules
        self.down[sq] = -1
        self.down_squares.remove(sq)
        clear = ~(1 << sq)
        self.known = [mask & clear for mask in self.known]
        self.progress = True
        shown: str | None = None
        if rules.is_character[k]:
            self.char[sq] = token
            self.face[sq] = facing
            self.busy[sq] = CHAR
            insort(self.chars_of[token >> KIND_BITS], sq)
            shown = FACINGS[facing]
        elif rules.is_land[k]:
            self.land[sq] = token
            self.busy[sq] = LAND
        else:
            self.trap[sq] = token
            self.busy[sq] = TRAP
        return token_event(kind, self.current, ROW_COL[sq], None, rules.kinds[k], token >> KIND_BITS, shown, -1, True)

    def _do_move(self, action: Move) -> list[Event]:
        origin, target = action.origin, action.target
        token = self.char[origin]
        self._relocate(origin, target)
        return [token_event("move", self.current, ROW_COL[origin], ROW_COL[target], self.rules.kinds[token & KIND_MASK],
                            self.current, FACINGS[self.face[target]])]

    def _relocate(self, origin: int, target: int) -> None:
        """The character on `origin` (with its prisoner) goes to the free `target`."""
        token = self.char[origin]
        self.char[target], self.face[target] = token, self.face[origin]
        self.held[target], self.held_face[target] = self.held[origin], self.held_face[origin]
        self.char[origin] = self.held[origin] = -1
        self.busy[origin] &= ~CHAR
        self.busy[target] |= CHAR
        squares = self.chars_of[token >> KIND_BITS]
        squares.remove(origin)
        insort(squares, target)

    def _do_fight(self, action: Fight) -> list[Event]:
        return [self._fight(action.at)]

    def strength(self, sq: int) -> int:
        """The strength of the face-up character on `sq`, with its modifiers (`strength.py`)."""
        strengths = self.rules.strengths
        token, busy = self.char[sq], self.busy
        kind = token & KIND_MASK
        land = self.land[sq] if busy[sq] & LAND else -1
        traps = [self.trap[a] & KIND_MASK for a in self.geometry.adjacent[sq] if busy[a] & TRAP] \
            if strengths.weakened_by[kind] else ()
        return strengths.of(kind, land & KIND_MASK if land >= 0 else -1, land >> KIND_BITS == token >> KIND_BITS,
                            traps)

    def _fight(self, target: int) -> Event:
        me = self.current
        kinds = self.rules.kinds
        defender_token = self.char[target]
        defender = Fighter(row_col(target), defender_token >> KIND_BITS, kinds[defender_token & KIND_MASK],
                           self.strength(target))
        side = tuple(Fighter(row_col(a), me, kinds[self.char[a] & KIND_MASK], self.strength(a))
                     for a in self._attackers(target, me))
        attack, outcome = result([f.strength for f in side], defender.strength)
        eliminated: list[Piece] = []
        freed: list[Piece] = []
        if outcome == "win":
            self._eliminate(target, me, eliminated, freed)
        elif outcome == "loss":
            for a in self._attackers(target, me):
                self._eliminate(a, defender.owner, eliminated, freed)
        return Event("fight", me, at=row_col(target), token=defender.kind, owner=defender.owner,
                     attackers=side, defender=defender, attack=attack, defence=defender.strength,
                     outcome=outcome, eliminated=tuple(eliminated), freed=tuple(freed))

    def _eliminate(self, sq: int, winner: int, eliminated: list[Piece], freed: list[Piece]) -> None:
        token = self.char[sq]
        self.trophies[winner].append(token)
        self.chars_of[token >> KIND_BITS].remove(sq)
        self.progress = True
        kinds = self.rules.kinds
        eliminated.append(Piece(row_col(sq), token >> KIND_BITS, kinds[token & KIND_MASK], FACINGS[self.face[sq]]))
        prisoner = self.held[sq]
        if prisoner >= 0:
            self.char[sq], self.face[sq] = prisoner, self.held_face[sq]
            self.held[sq] = -1
            insort(self.chars_of[prisoner >> KIND_BITS], sq)
            freed.append(Piece(row_col(sq), prisoner >> KIND_BITS, kinds[prisoner & KIND_MASK], FACINGS[self.face[sq]]))
        else:
            self.char[sq] = -1
            self.busy[sq] &= ~CHAR

    def _do_rotate(self, action: Rotate) -> list[Event]:
        self.face[action.at] = action.facing
        token = self.char[action.at]
        return [token_event("rotate", self.current, ROW_COL[action.at], None, self.rules.kinds[token & KIND_MASK],
                            self.current, FACINGS[action.facing])]

    def _do_capture(self, action: Capture) -> list[Event]:
        origin, target = action.origin, action.target
        victim = self.char[target]
        kinds = self.rules.kinds
        prisoner = Piece(row_col(target), victim >> KIND_BITS, kinds[victim & KIND_MASK], FACINGS[self.face[target]])
        self.chars_of[victim >> KIND_BITS].remove(target)
        victim_face = self.face[target]
        self.char[target] = -1
        self.busy[target] &= ~CHAR
        self._relocate(origin, target)
        self.held[target], self.held_face[target] = victim, victim_face
        self.progress = True
        return [Event("capture", self.current, at=row_col(origin), to=row_col(target),
                      token=kinds[self.char[target] & KIND_MASK], owner=self.current, target=prisoner)]

    def _do_destroy(self, action: Destroy) -> list[Event]:
        sq = action.at
        land = self.land[sq]
        self.destroyed[self.current].append(land)
        self.land[sq] = -1
        self.busy[sq] &= ~LAND
        piece = Piece(row_col(sq), land >> KIND_BITS, self.rules.kinds[land & KIND_MASK])
        return [Event("destroy", self.current, at=row_col(sq), token=piece.kind, owner=piece.owner, target=piece)]

    def _do_push(self, action: Push) -> list[Event]:
        sq = action.at
        beyond = self.geometry.step[sq][_DIRECTION_OF_STEP[sq - action.by]]
        trap = self.trap[sq]
        self.trap[beyond], self.trap[sq] = trap, -1
        self.busy[sq] &= ~TRAP
        self.busy[beyond] |= TRAP
        return [Event("push", self.current, at=row_col(sq), to=row_col(beyond), by=row_col(action.by),
                      token=self.rules.kinds[trap & KIND_MASK], owner=trap >> KIND_BITS)]

    def _do_sacrifice(self, action: Sacrifice) -> list[Event]:
        me, sq = self.current, action.at
        token = self.char[sq]
        self.sacrificed[me].append(token)
        self.chars_of[me].remove(sq)
        self.char[sq] = -1
        self.busy[sq] &= ~CHAR
        self.sacrifices_left[me] -= 1
        self.actions_left += self.rules.data.variants.sacrifice_extra_actions
        return [token_event("sacrifice", me, ROW_COL[sq], None, self.rules.kinds[token & KIND_MASK], me, None)]

    def _do_pass(self, action: Pass) -> list[Event]:
        return [numbered_event("pass", self.current, self.actions_left)]  # the actions given up, this one too

    def _start_turn(self, events: list[Event]) -> None:
        self.turn += 1
        self.actions_left = self.rules.data.actions_per_turn
        self.reveal_any_used = False
        self.progress = False
        events.append(numbered_event("turn", self.current, self.turn))

    def _end_turn(self, events: list[Event]) -> None:
        self.stall = 0 if self.progress else self.stall + 1
        if not self.down_squares:
            self.ended = "last-reveal"
        elif self.stall >= self.stall_limit:
            self.ended = "stall"
        else:
            self.current = (self.current + 1) % self.players
            self._start_turn(events)
            return
        self.phase = OVER
        self.actions_left = 0
        events.append(Event("end", self.current, reason=self.ended))

    # -- scores ------------------------------------------------------------------------------

    def breakdown(self, seat: int) -> Breakdown:
        """The seat's score as it stands (final once the game is over): the rule of `scoring.py`."""
        kinds = self.rules.kinds
        land, char, busy = self.land, self.char, self.busy
        prisoners = [self.held[sq] for sq in self.chars_of[seat] if self.held[sq] >= 0]
        standing = [(kinds[char[sq] & KIND_MASK], kinds[land[sq] & KIND_MASK] if busy[sq] & LAND else None,
                     bool(busy[sq] & LAND) and land[sq] >> KIND_BITS == seat) for sq in self.chars_of[seat]]
        # its face-up tokens by square: its lands (found in one pass over the land layer), then its characters
        own: dict[int, list[str]] = {sq: [kinds[token & KIND_MASK]] for sq, token in enumerate(land)
                                     if token >= 0 and token >> KIND_BITS == seat}
        for sq in self.chars_of[seat]:
            own.setdefault(sq, []).append(kinds[char[sq] & KIND_MASK])
        return score(self.rules.data, [kinds[t & KIND_MASK] for t in self.trophies[seat] + prisoners],
                     [kinds[t & KIND_MASK] for t in self.destroyed[seat]], standing, own,
                     self.geometry.adjacent.__getitem__)

    def scores(self) -> list[Breakdown]:
        if self.phase != OVER:
            return [self.breakdown(seat) for seat in range(self.players)]
        # A finished game never changes: its scores are reckoned once (a finished game's report, its
        # winners and its record each ask for them).
        final = self._final_scores
        if final is None:
            final = self._final_scores = tuple(self.breakdown(seat) for seat in range(self.players))
        return list(final)

    def winners(self) -> list[int]:
        return ranking_winners(self.scores())


def _at(sq: int) -> str:
    r, c = row_col(sq)
    return f"[{r}, {c}]"


def _facing_problem(facing: int) -> IllegalActionError | None:
    if not (isinstance(facing, int) and 0 <= facing < 4):
        return IllegalActionError("bad-facing", f"there is no facing {facing!r}")
    return None


_CHECKS: dict[type, Callable[[GameState, Any], IllegalActionError | None]] = {
    Select: GameState._check_select, Place: GameState._check_place, Peek: GameState._check_peek,
    Move: GameState._check_move, Reveal: GameState._check_reveal, Fight: GameState._check_fight,
    Rotate: GameState._check_rotate, Capture: GameState._check_capture, Destroy: GameState._check_destroy,
    Push: GameState._check_push, Sacrifice: GameState._check_sacrifice, RevealAny: GameState._check_reveal_any,
    Pass: GameState._check_pass,
}
_DO: dict[type, Callable[[GameState, Any], list[Event]]] = {
    Select: GameState._do_select, Place: GameState._do_place, Peek: GameState._do_peek, Move: GameState._do_move,
    Reveal: GameState._do_reveal, Fight: GameState._do_fight, Rotate: GameState._do_rotate,
    Capture: GameState._do_capture, Destroy: GameState._do_destroy, Push: GameState._do_push,
    Sacrifice: GameState._do_sacrifice, RevealAny: GameState._do_reveal_any, Pass: GameState._do_pass,
}
