"""The hard and expert computer opponents: Monte Carlo search over sampled hidden cards.

Nobody knows the face-down cards or the draw pile, so the search levels plan
with determinization (perfect-information Monte Carlo): every iteration deals
the unseen pool at random over the hidden places (`Position.sample`), and in
that sampled world plays each candidate action followed by a fast greedy
playout (`Playout`, all players alike) for the next few turns of every
player, or to the end of the game when that comes first. A finished game
scores a win (shared on ties) plus a little for the margin, so that bigger
wins and smaller losses still count when the outcome is settled; an unfinished
one is judged by the static expected final scores, its margin turned into a
win chance (`Judge`). An action's value is its average over the sampled worlds.

- Candidates are the best few actions by the medium level's one-step values;
  the search decides between them. Claims after placing, and the starting
  arrangement, take the one-step choice without searching.
- Every candidate is played out in the same sampled world with the same
  random numbers in each iteration (common random numbers), so their
  difference comes from the action, not the luck of the deal. A candidate
  whose paired difference to the leader is clearly negative is dropped, and
  the search ends early when one candidate is left.
- The one-step favourite is kept unless another candidate is better by more
  than the noise: a few hundred samples cannot tell small differences apart.
- It stops at a budget of work (`Effort`: actions played out, by number of
  players; few decisions spend it all, as most end when one candidate is left)
  or after a fixed number of iterations (the hint's and the review's analyst,
  tests): either way the choice depends only on the seed and the views seen,
  never on the machine's speed or load.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Sequence

from ....interface.game import Assessment, Outcome
from ..engine import CELLS, CLAIM, PLACE, REVEAL, Action, GameState, Rules, Step, View
from ..engine.actions import CELL_ACTIONS
from .determinize import Position
from .evaluate import Evaluator, Odds
from .heuristic import LATER, Planner, best_index


@dataclass(frozen=True)
class Effort:
    """How much a search level thinks. Its budget counts the actions its playouts play (`Playout.actions`), not
    seconds, so that a seed gives the same decisions on any machine at any load; on the development machine a
    played-out action with its share of the sampling and judging takes about 0.1 ms (`tools/bench_ai.py` prints
    the decision times)."""

    name: str
    budget: dict[int, int]  # actions played out per decision, by number of players
    width: int  # candidate actions searched
    horizon: int  # turns per player a playout looks ahead before judging statically


# Issue 42's limits: the hard level's median 0.3 s and 99th percentile 1 s, the expert's 2 s and 4 s. A played-out
# action cost about 90 us with 2 players on a quiet development machine, more with more players (longer playouts,
# more kingdoms judged), so the counts go down with them; since the playouts remember their placements it costs
# about 70 us on a slow evening with 2 players as with 4 (`tools/calibrate_search.py`), and the budget takes up to
# about 0.6 s. Most decisions end long before, when one candidate is left.
HARD = Effort("hard", budget={2: 8_000, 3: 7_000, 4: 6_000}, width=6, horizon=2)
EXPERT = Effort("expert", budget={2: 30_000, 3: 27_000, 4: 24_000}, width=10, horizon=3)
# Reward per point of margin, next to 1 for a win: the margin is a steadier signal than
# win or loss alone (measured against medium: 0.1 won more often than 0.03 or 0.3).
MARGIN_WEIGHT = 0.1
HORIZON_SCALE = 6.0  # points of expected margin that make a win about 3 times as likely as a loss
PRUNE_EVERY = 8  # iterations between checks for clearly worse candidates
PRUNE_Z = 2.0  # how many standard errors below the leader a candidate must be to be dropped
STICK_Z = 1.0  # how many standard errors above the one-step favourite the leader must be to replace it
# The playout takes the discard only for a sure gain of at least this many points,
# else it draws (a fresh card usually has a placement about that good).
TAKE_GAIN = 2
# Best placements the playout remembers (about 320 bytes each: 6.4 MB at most; a game of the hard level meets about
# 13,000) before it forgets them all and starts again.
PLACES_LIMIT = 20_000

_PLACES = CELL_ACTIONS[PLACE]
_REVEALS = CELL_ACTIONS[REVEAL]


class Playout:
    """The fast policy sampled games are finished with: greedy on face-up points.

    It claims the best legend it can, takes the discard for a clear gain and
    otherwise draws, places where the face-up score gains most (legends it
    would then meet included), reveals a random face-down card when no
    placement gains, and does not end the game while it trails on the table.
    It looks at the sampled world only as a player would (face-up cards).
    """

    def __init__(self, evaluator: Evaluator) -> None:
        self.ev = evaluator
        self.rules = evaluator.rules
        self.points = evaluator.rules.legend_points
        # actions played so far, and one more per playout (its deal and judgement): the searches' measure of work
        self.actions = 0
        # Best placements by (kingdom, card, claimable legends). Every sampled world starts from the same face-up
        # kingdoms, so the first turns of the playouts meet the same placements over and over: remembering them
        # took 40% off what a played-out action costs (the choices are the same).
        self._places: dict[tuple[tuple[int, ...], int, int], tuple[int, float]] = {}

    def play(self, state: GameState, rng: random.Random, turns: int) -> None:
        """Play on until the game ends or `turns` more turns have started."""
        stop = state.turn + turns
        self.actions += 1
        while state.step != Step.GAME_OVER and state.turn < stop:
            state.apply(self.pick(state, rng))
            self.actions += 1

    def pick(self, s: GameState, rng: random.Random) -> Action:
        legal = s.legal_actions()
        if legal[0].kind == CLAIM:
            points = self.points
            index = self.rules.legend_index
            return max((a for a in legal if a.kind == CLAIM), key=lambda a: points[index[a.legend_id]])
        step = s.step
        if step == Step.TURN_START:  # no claim: the choice is [take-discard, draw]
            return legal[0] if self._best_place(s, s.discard[-1])[1] >= TAKE_GAIN else legal[1]
        if step == Step.AFTER_PLACE:
            return legal[-1]  # pass: a claim would have been picked above
        cell, gain = self._best_place(s, s.drawn)
        if step == Step.AFTER_DRAW and gain <= 0:
            reveal = self._reveal(s, rng)
            if reveal is not None:
                return reveal
        if cell < 0:  # every placement would end the game while behind: the least bad one
            return legal[0]
        return _PLACES[cell]

    def _best_place(self, s: GameState, card: int) -> tuple[int, float]:
        """(cell, gain in face-up points) of the best placement, cell -1 if none is acceptable."""
        seat = s.current
        k = s.visible_kingdom(seat)
        row = 0
        if not s.claimed_this_turn:
            for leg in s.legend_row:
                row |= 1 << leg
        if CELLS - s.face_up[seat].bit_count() == 1:
            # Placing on the last face-down card ends the game, which it does only when leading: that depends on
            # the other kingdoms, so such a choice is not remembered.
            return self._work_out_place(s, k, card, row, last=True)
        key = (k, card, row)
        found = self._places.get(key)
        if found is None:
            if len(self._places) >= PLACES_LIMIT:
                self._places.clear()
            found = self._places[key] = self._work_out_place(s, k, card, row, last=False)
        return found

    def _work_out_place(self, s: GameState, k: tuple[int, ...], card: int, row: int, last: bool) -> tuple[int, float]:
        """`_best_place` for the kingdom `k` of the player to move and the claimable legends `row` (a mask), trying
        every cell; with `last` (one face-down card left), placing there only when it leaves the player leading."""
        locked = self.rules.locked
        points = self.points
        place = self.ev.place
        best_cell, best_gain = -1, -math.inf
        for c in range(CELLS):
            here = k[c]
            if here >= 0 and (here in locked or here == card):
                continue
            gain, met = place(k, c, card, row)
            if met:
                gain += max(points[leg] for leg in s.legend_row if met >> leg & 1)
            if gain > best_gain and not (last and here < 0 and not self._leads(s, k[:c] + (card,) + k[c + 1:])):
                best_cell, best_gain = c, gain
        return best_cell, best_gain

    def _reveal(self, s: GameState, rng: random.Random) -> Action | None:
        seat = s.current
        down = [c for c in range(CELLS) if not s.face_up[seat] >> c & 1]
        if len(down) == 1 and not self._leads(s, None):
            return None
        return _REVEALS[rng.choice(down)]

    def _leads(self, s: GameState, kingdom: tuple[int, ...] | None) -> bool:
        """Whether the player to move leads on face-up points (with `kingdom` as theirs)."""
        seat = s.current
        total = self.ev.total
        points = self.points

        def score(p: int) -> int:
            k = kingdom if p == seat and kingdom is not None else s.visible_kingdom(p)
            return total(k) + sum(points[leg] for leg in s.claimed[p])

        mine = score(seat)
        return all(mine > score(p) for p in range(s.players) if p != seat)


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


class Judge:
    """The reward of a played-out sample, for the searching seat.

    A finished game gives a win (shared on ties) plus a little per point of
    margin over the best other player; a game stopped at the horizon is judged
    by the expected final scores (`Evaluator.expected`, legends included),
    each difference to another player turned into a chance of being ahead of
    them, and the win chance taken as the product of those.
    """

    def __init__(self, evaluator: Evaluator, pos: Position) -> None:
        self.ev = evaluator
        self.seat = pos.seat
        self.odds = Odds(evaluator, pos.unseen)
        self.points = evaluator.rules.legend_points

    def __call__(self, s: GameState) -> float:
        win, margin = self.outcome(s)
        return win + MARGIN_WEIGHT * margin

    def outcome(self, s: GameState) -> tuple[float, float]:
        """(win chance, score margin over the best other player) of a played-out sample: certain for a
        finished game, expected for one stopped at the horizon."""
        points = self.points
        claimed = [sum(points[leg] for leg in c) for c in s.claimed]
        totals: list[float]
        if s.step == Step.GAME_OVER:
            totals = [self.ev.total(s.visible_kingdom(p)) + claimed[p] for p in range(s.players)]
        else:
            totals = [self._expected(s, p) + claimed[p] for p in range(s.players)]
        mine = totals[self.seat]
        others = [t for p, t in enumerate(totals) if p != self.seat]
        margin = mine - max(others)
        if s.step != Step.GAME_OVER:
            # A win means beating every other player: the chances against each, multiplied.
            chance = 1.0
            for t in others:
                chance *= _sigmoid((mine - t) / HORIZON_SCALE)
            return chance, margin
        if margin > 0:
            return 1.0, margin
        if margin == 0:
            return 1.0 / totals.count(mine), margin  # ties on the total are shared (the category tie-break is left out)
        return 0.0, margin

    def _expected(self, s: GameState, seat: int) -> float:
        kingdom = s.visible_kingdom(seat)
        value = self.ev.expected(kingdom, self.odds)
        met = self.ev.rules.met_legends(kingdom)
        value += LATER * max((self.points[leg] for leg in s.legend_row if met >> leg & 1), default=0)
        return value


class SearchAgent:
    """Determinized Monte Carlo search with a budget of played-out actions (or a fixed number of iterations) per
    decision: the hard and the expert levels, by their `Effort`."""

    wants_view = True

    def __init__(
        self,
        rules: Rules,
        seed: int,
        effort: Effort = HARD,
        *,
        iterations: int | None = None,
        width: int | None = None,
        evaluator: Evaluator | None = None,
    ) -> None:
        self.rules = rules
        self.name = effort.name
        self.effort = effort
        self.ev = evaluator or Evaluator(rules)
        self.playout = Playout(self.ev)
        self.rng = random.Random(seed)
        self.iterations = iterations  # None: the effort's budget of played-out actions; else this many sampled worlds
        self.width = effort.width if width is None else width
        self.horizon = effort.horizon
        self.last_iterations = 0  # of the latest search, for tests and tuning

    def choose(self, view: View, legal: Sequence[Action]) -> int:
        if len(legal) == 1:
            return 0
        pos = Position(self.rules, view)
        values = Planner(self.ev, pos).values(legal)
        if pos.step in (Step.ARRANGE, Step.AFTER_PLACE):
            return best_index(values)
        order = sorted(range(len(legal)), key=lambda i: (-values[i], i))
        return self._search(pos, legal, order[: self.width]).best

    def observe(self, view: View) -> None:
        """Nothing to read from the rivals' past here: every card they played lies face up."""

    def assess(self, view: View, legal: Sequence[Action], chosen: int | None = None) -> Assessment | None:
        """What the search expects of its candidate actions (and of `chosen`, always among them): the
        hint and the post-game review ask this. A claim after placing, which the hard level takes
        without searching, is searched here too; the arrangement cannot be (nothing is dealt yet)."""
        pos = Position(self.rules, view)
        if pos.step == Step.ARRANGE:
            return None
        values = Planner(self.ev, pos).values(legal)
        order = sorted(range(len(legal)), key=lambda i: (-values[i], i))
        candidates = order[: self.width]
        if chosen is not None and chosen not in candidates:
            candidates.append(chosen)
        if len(candidates) == 1:  # nothing to compare: one sample tells the outcome
            candidates.append(candidates[0])
        return self._search(pos, legal, candidates, keep_all=True)

    def _search(
        self, pos: Position, legal: Sequence[Action], candidates: list[int], keep_all: bool = False
    ) -> Assessment:
        """Play the candidates out in the same sampled worlds until the budget is spent or one is left
        (with `keep_all`, none is dropped: every candidate keeps collecting samples)."""
        playout = self.playout
        budget = playout.actions + self.effort.budget[min(pos.players, max(self.effort.budget))]
        candidates = list(dict.fromkeys(candidates))
        alive = list(candidates)
        results: dict[int, list[float]] = {i: [] for i in candidates}
        outcomes: dict[int, list[tuple[float, float]]] = {i: [] for i in candidates}
        rng = self.rng
        judge = Judge(self.ev, pos)
        turns = 1 + pos.players * self.horizon
        done = 0
        while len(alive) > 1 or (keep_all and done < 2):
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif playout.actions >= budget:
                break
            world = pos.sample(rng)
            seed = rng.getrandbits(32)
            for i in alive:
                s = world.clone()
                s.apply(legal[i])
                playout.play(s, random.Random(seed), turns)
                win, margin = judge.outcome(s)
                results[i].append(win + MARGIN_WEIGHT * margin)
                outcomes[i].append((win, margin))
            done += 1
            if done % PRUNE_EVERY == 0 and not keep_all:
                alive = self._prune(alive, results)
        self.last_iterations = done
        summary = {i: Outcome(_mean([w for w, _ in o]), _mean([m for _, m in o]), len(o))
                   for i, o in outcomes.items() if o}
        if done < 2:
            return Assessment(candidates[0], summary)
        # The best average, but the one-step favourite keeps its place unless the
        # search finds something clearly better: few samples are noisy.
        leader = max(alive, key=lambda i: _mean(results[i]))
        favourite = candidates[0]
        if favourite in alive and _paired_bound(results[leader], results[favourite], -STICK_Z) <= 0:
            return Assessment(favourite, summary)
        return Assessment(leader, summary)

    @staticmethod
    def _prune(alive: list[int], results: dict[int, list[float]]) -> list[int]:
        """Drop candidates whose paired difference to the leader is clearly negative."""
        leader = max(alive, key=lambda i: _mean(results[i]))
        lead = results[leader]
        return [i for i in alive if i == leader or _paired_bound(results[i], lead, PRUNE_Z) >= 0]

    def game_over(self, scores: Sequence[dict[str, Any]], winners: Sequence[int]) -> None:
        pass

    def close(self) -> None:
        pass


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs)


def _paired_bound(a: Sequence[float], b: Sequence[float], z: float) -> float:
    """Mean of the paired differences a - b, plus z standard errors."""
    n = len(a)
    diffs = [x - y for x, y in zip(a, b)]
    mean = _mean(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean + z * math.sqrt(var / n)
