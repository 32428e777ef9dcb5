"""The medium level's turn planner: every legal action valued by the best turn it starts.

A turn is two actions. The planner looks at pairs: it values every first action by the
position it leads to with one action still to come, keeps the most promising few, and
values each of those by the best second action after it; the turn's end is valued by
the evaluation with the rivals to move. An action whose result the seat cannot know
(revealing a token it does not know) is a chance node: its value is the average over
the kinds that token can be (its owner's multiset of unknown tokens), each branch made
by swapping that kind onto the square from another unknown square of the same owner,
so that every branch stays a position consistent with the seat's view; each kind weighs
by how many of it are left or, given the seat's beliefs (`chances`, the hard level's),
by the chance it believes the token is that kind. A peek is worth
what it lets the second action do: for each kind the token can be, the better of
revealing it (now known) and the best other single action.

A rotation is valued as a pass plus a little for aiming the character at enemies: what
it changes (where the character can go next turn) is beyond one turn's evaluation.

The facing of a reveal matters only when a character comes out: one's own faces its
enemies, an enemy's faces away from the seat's characters (a dragon facing away cannot
turn back), so only that facing of each reveal is valued (the others rank last).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import REVEAL, REVEAL_ANY, Action, Capture, Destroy, Fight, Pass, Peek, Reveal, RevealAny, Rotate
from ..engine import PLAY, GameState
from ..fight import WIN, result
from ..rules import CHAR, DOWN, KIND_BITS, KIND_MASK
from .evaluate import DISTANCE, Evaluator

SKIPPED = float("-inf")  # the value of a reveal with a facing that is not its chosen one
# Of the unknown tokens that "reveal any token" could turn over, only this many nearest to the
# seat's characters are valued (the rest are alike and far from anything).
REVEAL_ANY_UNKNOWN = 4
# After a first action whose result was a surprise, the second actions tried are the best few first
# actions (but no second gamble on an unknown token), the fights won on the preview, the other takings,
# reveals of known tokens, and the pass.
SHORTLIST = 4
AIM_WEIGHT = 0.05  # points per enemy token a rotation brings into a character's way (a tie-break over passing)


TAKINGS = (Capture, Destroy, Pass)  # (with the fights won on the preview)


class Planner:
    """Values of the legal actions of the seat to move, in one position it knows."""

    def __init__(self, evaluator: Evaluator, state: GameState, seat: int, width: int, budget: int,
                 chances: dict[int, dict[int, float]] | None = None) -> None:
        self.ev = evaluator
        self.rules = evaluator.rules
        self.state = state
        self.seat = seat
        self.width = width  # first actions whose best second action is searched
        self.budget = budget  # evaluations after which no further first action is searched (the best one always is)
        self.evaluations = 0
        self.shortlist: set[Action] = set()
        # first action -> the best second action after it, for the first actions with a sure result that were searched
        self.follow: dict[Action, Action] = {}
        self.strongest = max(self.rules.strength)
        # square -> kind -> the chance the seat believes the unknown token there is that kind (None: by the counts)
        self.chances = chances

    # -- what an action leads to --------------------------------------------------------------

    def unknown_to_seat(self, s: GameState, sq: int) -> bool:
        return bool(s.busy[sq] & DOWN) and not s.knows(self.seat, sq)

    def outcomes(self, s: GameState, action: Action) -> list[tuple[float, GameState]]:
        """(probability, position after the action) for every way the action can turn out, as the seat knows."""
        at = target(action)
        if at < 0 or not self.unknown_to_seat(s, at):
            after = s.clone()
            after.apply(action)
            return [(1.0, after)]
        out = []
        branches = self.kinds_at(s, at)
        total = sum(n for _, n, _ in branches)
        for _, n, source in branches:
            after = s.clone()
            after.down[at], after.down[source] = after.down[source], after.down[at]
            after.apply(action)
            out.append((n / total, after))
        return out

    def kinds_at(self, s: GameState, sq: int) -> list[tuple[int, float, int]]:
        """(kind, weight, a square holding one) for each kind the unknown token on `sq` can be: the
        multiset of its owner's tokens the seat does not know, in this position; the weight is how many
        of them are of that kind or, with beliefs about the square, the chance believed."""
        owner = s.down[sq] >> KIND_BITS
        known = s.known[self.seat]
        found: dict[int, list[int]] = {}
        for t in s.down_squares:
            token = s.down[t]
            if token >> KIND_BITS == owner and not known >> t & 1:
                entry = found.get(token & KIND_MASK)
                if entry is None:
                    found[token & KIND_MASK] = [1, t]
                else:
                    entry[0] += 1
        believed = self.chances.get(sq) if self.chances is not None else None
        if believed is None:
            return [(k, n, t) for k, (n, t) in sorted(found.items())]
        return [(k, believed[k], t) for k, (_, t) in sorted(found.items())]

    def value_after(self, s: GameState, action: Action) -> float:
        """The seat's expected evaluation right after the action."""
        total = 0.0
        for p, after in self.outcomes(s, action):
            total += p * self.ev.evaluate(after, self.seat)
            self.evaluations += 1
        return total

    # -- facings ---------------------------------------------------------------------------------

    def chosen_facings(self, s: GameState, legal: Sequence[Action]) -> set[Action]:
        """The one reveal per square worth valuing (see the module docstring)."""
        chosen: set[Action] = set()
        for action in legal:
            if isinstance(action, (Reveal, RevealAny)) and action.facing == 0:
                table = REVEAL if isinstance(action, Reveal) else REVEAL_ANY
                chosen.add(table[action.at][self.reveal_facing(s, action.at)])
        return chosen

    def reveal_facing(self, s: GameState, sq: int) -> int:
        token = s.down[sq]
        mine = token >> KIND_BITS == self.seat
        rays = s.geometry.rays[sq]
        busy, char, down = s.busy, s.char, s.down
        best, best_score = 0, float("-inf")
        for facing in range(4):
            enemies = friends = 0
            for t in rays[facing][:3]:
                b = busy[t]
                if b & CHAR:
                    if char[t] >> KIND_BITS == self.seat:
                        friends += 1
                    else:
                        enemies += 1
                elif b & DOWN and down[t] >> KIND_BITS != self.seat:
                    enemies += 1
            reach = len(rays[facing])
            # own characters look for enemies with room to go; enemy ones are turned away from ours, to the edge
            score = 2.0 * enemies - friends + 0.1 * reach if mine else -2.0 * friends - 0.1 * reach
            if score > best_score:
                best, best_score = facing, score
        return best

    # -- the plan -----------------------------------------------------------------------------------

    def values(self, legal: Sequence[Action]) -> list[float]:
        """One value per legal action (higher is better; reveals with another facing than the chosen one rank last)."""
        s = self.state
        considered = self.considered(s, legal)
        rotations = [i for i, a in enumerate(legal) if isinstance(a, Rotate)]
        if s.actions_left < 2:
            values = [SKIPPED] * len(legal)
            for i in considered:
                values[i] = self.value_after(s, legal[i])
            self._value_rotations(s, legal, rotations, values)
            return values
        # First actions, valued with one action still to come (a peek by what it lets the second one do, below).
        peeks = [i for i in considered if isinstance(legal[i], Peek)]
        others = [i for i in considered if not isinstance(legal[i], Peek)]
        first = [SKIPPED] * len(legal)
        for i in others:
            first[i] = self.value_after(s, legal[i])
        values = list(first)
        ranked = sorted(others, key=lambda i: (-first[i], i))
        # the second actions worth trying after a first action whose result was a surprise
        self.shortlist = {legal[i] for i in ranked[:SHORTLIST]}
        searched: list[int] = []
        for i in ranked[: self.width]:
            if searched and self.evaluations >= self.budget:
                break
            values[i] = self._best_turn_after(s, legal[i])
            searched.append(i)
        floor = min(values[i] for i in searched)
        for i in others:
            if i not in searched:  # below every searched action, in their first-action order
                values[i] = min(first[i], floor) - 1.0
        if peeks:
            # The best single actions as the turn's last: what a peek's second action can be besides the reveal.
            last_turn = s.clone()
            last_turn.actions_left = 1
            last = {i: self.value_after(last_turn, legal[i]) for i in ranked[:SHORTLIST]}
            for i in peeks:
                values[i] = self._peek_value(s, legal, i, last)
        self._value_rotations(s, legal, rotations, values)
        return values

    def considered(self, s: GameState, legal: Sequence[Action]) -> list[int]:
        """The actions worth evaluating: not rotations (see `_value_rotations`), one facing per reveal, and only
        some of the "reveal any token" ones."""
        chosen = self.chosen_facings(s, legal)
        reveal_any = self._reveal_any_kept(s, legal)
        return [i for i, a in enumerate(legal)
                if not isinstance(a, Rotate) and (not isinstance(a, (Reveal, RevealAny)) or a in chosen)
                and (not isinstance(a, RevealAny) or a.at in reveal_any)]

    def second_choices(self, s: GameState, legal: Sequence[Action], choices: list[int],
                       shortlist: set[Action]) -> list[int]:
        """Of `choices`, those worth trying when the first action's result was a surprise or is not searched:
        the shortlist's (but no gamble on an unknown token), the fights won on the preview, the other takings,
        reveals of known tokens, and the pass."""
        kept = []
        for i in choices:
            action = legal[i]
            if ((action in shortlist and target(action) < 0) or isinstance(action, TAKINGS)
                    or (isinstance(action, Fight) and self.wins(s, action.at))
                    or (isinstance(action, Reveal) and not self.unknown_to_seat(s, action.at))):
                kept.append(i)
        return kept

    def wins(self, s: GameState, sq: int) -> bool:
        """Whether the seat's characters next to the character on `sq` beat it on the preview."""
        return result([s.attack(sq, self.seat)], s.strength(sq))[1] == WIN

    def worth_last(self, s: GameState, action: Action) -> bool:
        """Whether the action can be worth it as the turn's last: not a peek (what it learns, nothing uses this
        turn), not a reveal of an unknown token next to too little strength to beat most of what it can be."""
        if isinstance(action, Peek):
            return False
        if isinstance(action, Reveal) and self.unknown_to_seat(s, action.at):
            return s.attack(action.at, self.seat) >= self.strongest - 1
        return True

    def _value_rotations(self, s: GameState, legal: Sequence[Action], rotations: list[int],
                         values: list[float]) -> None:
        """A rotation changes nothing the evaluation sees this turn, only where a character can go next: it is
        worth a pass, plus a little for turning a character to face more enemies and more room."""
        if not rotations:
            return
        passing = values[-1]  # the engine lists the pass last
        for i in rotations:
            action = legal[i]
            assert isinstance(action, Rotate)
            gain = self.aim(s, action.at, action.facing) - self.aim(s, action.at, s.face[action.at])
            values[i] = passing + AIM_WEIGHT * gain if gain > 0 else SKIPPED

    def aim(self, s: GameState, sq: int, facing: int) -> float:
        """How well a character facing that way is placed to go at enemies: enemy tokens ahead, then room."""
        busy, char, down = s.busy, s.char, s.down
        enemies = 0
        for t in s.geometry.rays[sq][facing][:3]:
            b = busy[t]
            if (b & CHAR and char[t] >> KIND_BITS != self.seat) or (b & DOWN and down[t] >> KIND_BITS != self.seat):
                enemies += 1
        return enemies + 0.1 * len(s.geometry.rays[sq][facing])

    def _best_turn_after(self, s: GameState, action: Action) -> float:
        """The action's value followed by the best second action: every one after a sure result, after a
        surprise (a chance branch) the shortlist and whatever the surprise made possible to fight or take."""
        total = 0.0
        branches = self.outcomes(s, action)
        for p, after in branches:
            if after.phase != PLAY or after.current != self.seat:
                total += p * self.ev.evaluate(after, self.seat)
                self.evaluations += 1
                continue
            legal = after.legal_actions()
            seconds = [i for i in self.considered(after, legal) if self.worth_last(after, legal[i])]
            if len(branches) > 1:
                seconds = self.second_choices(after, legal, seconds, self.shortlist)
            values = {i: self.value_after(after, legal[i]) for i in seconds}
            best = max(values, key=lambda i: (values[i], -i))
            if len(branches) == 1:
                self.follow[action] = legal[best]
            total += p * values[best]
        return total

    def _peek_value(self, s: GameState, legal: Sequence[Action], i: int, last: dict[int, float]) -> float:
        """For each kind the token can be: the better of revealing it and the best other single action."""
        at = target(legal[i])
        best_other = max((v for j, v in last.items() if target(legal[j]) != at), default=SKIPPED)
        branches = self.kinds_at(s, at)
        total = sum(n for _, n, _ in branches)
        value = 0.0
        for _, n, source in branches:
            peeked = s.clone()
            peeked.down[at], peeked.down[source] = peeked.down[source], peeked.down[at]
            peeked.apply(legal[i])  # the seat knows the token from now on
            reveal_value = SKIPPED
            if peeked.phase == PLAY and peeked.current == self.seat:
                facing = self.reveal_facing(peeked, at)
                reveal_value = self.value_after(peeked, REVEAL[at][facing])
            value += n / total * max(best_other, reveal_value)
        return value

    def _reveal_any_kept(self, s: GameState, legal: Sequence[Action]) -> set[int]:
        """The squares whose "reveal any token" is valued: every token the seat knows, and the unknown ones
        nearest to its characters."""
        squares = {a.at for a in legal if isinstance(a, RevealAny)}
        if not squares:
            return squares
        known = {sq for sq in squares if not self.unknown_to_seat(s, sq)}
        mine = s.chars_of[self.seat]

        def distance(sq: int) -> int:
            return min((DISTANCE[sq][c] for c in mine), default=0)

        unknown = sorted(squares - known, key=lambda sq: (distance(sq), sq))
        return known | set(unknown[:REVEAL_ANY_UNKNOWN])


def target(action: Action) -> int:
    """The square a peek or a reveal looks at, -1 for any other action."""
    return action.at if isinstance(action, (Peek, Reveal, RevealAny)) else -1
