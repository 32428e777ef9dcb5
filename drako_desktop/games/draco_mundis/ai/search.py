"""The hard and expert computer opponents: Monte Carlo search over the positions its seat cannot tell apart.

Nobody knows the other players' face-down tokens, so the search levels plan with
determinization (perfect-information Monte Carlo over the information set, Cowling, Powley
and Whitehouse 2012): every iteration deals each owner's unknown tokens over its unknown
squares (`Knowledge.sample`: consistent with everything the seat has seen and peeked at),
each rival's drawn from the seat's beliefs about them (`belief.py`: where the rival laid
each token and which it left down beside its characters, watched from the seat's own views
over the game; the plan's chance nodes weigh the kinds by the same beliefs), and in that
sampled world plays each candidate action, then the rest of the
turn and the rivals' turns with a fast policy (`Playout`: every player takes the single
action its evaluation rates best from its own knowledge in that world: its own tokens and
its peeks), until every rival has played its turn (with one rival: and the seat its next one) or
the game is over (near the end, when few face-down tokens are left, on to the end or a few turns
further). The evaluation
(the medium level's, a character's worth weighed 1.5 times: `HARD_WEIGHTS`) judges where
the playout stopped. An action's value is its average over the sampled worlds.

- Candidates are the best few actions by the medium level's turn plan; the search
  decides between them. Setup placement is the placement heuristic with a seeded jitter
  on the order of the tokens and a wide one on the campsite's square, so that no fixed
  pattern repeats from game to game.
- Every candidate is played out in the same sampled world with the same random numbers in
  each iteration (common random numbers), so their difference comes from the action, not
  the luck of the deal. A candidate whose paired difference to the leader is clearly
  negative is dropped, and the search ends early when one candidate is left.
- The plan's favourite is kept unless another candidate is better by more than the noise.
- It stops at a budget of work (`Effort`: positions evaluated, by number of players, more for
  a contested decision) or after a fixed number of iterations (the hint's and the review's
  analyst, tests): either way the choice depends only on the seed and the views seen, never
  on the machine's speed or load.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ....interface.game import Assessment, Outcome
from ..actions import Action
from ..engine import OVER, PLAY, GameState
from ..rules import Rules
from ..view import View
from .belief import Beliefs, Watch
from .evaluate import Evaluator, Weights
from .heuristic import MEDIUM_BUDGET, MEDIUM_WIDTH, LevelAgent, best_index
from .knowledge import Knowledge
from .placement import Placement, Style
from .plan import SHORTLIST, SKIPPED, Planner


@dataclass(frozen=True)
class Effort:
    """How much a search level thinks. Its budgets count positions evaluated (`Evaluator.evaluations`, counted from
    when the decision is asked: the plan that picks the candidates comes out of the same budget), not seconds, so
    that a seed gives the same decisions on any machine at any load; on the development machine an evaluation with
    the search's play around it takes about 0.1 ms (`tools/bench_ai.py` prints the decision times)."""

    name: str
    usual: dict[int, int]  # evaluations per decision, by number of players
    # ... when the decision is contested (the search leader is not the plan's favourite, and not clearly better or
    # worse than it): the search may go on to this many
    contested: dict[int, int]
    width: int  # candidate actions searched
    gap: float  # points below the plan's best value beyond which an action is not searched


# Issue 42's limits: the hard level's median 0.3 s and 99th percentile 1 s at every number of players, the expert's
# 2 s and 4 s. An evaluation costs more with more players (about 78 us with 2 on a quiet development machine, 1.4
# times that with 4), so the counts go down with them. Hard thought 0.25 s by the clock, up to 0.6, 0.9 and 1.1 s on a
# contested decision with 2, 3 and 4 players; its contested budget now takes up to about 0.75 s, the time the 1 s
# allows.
HARD = Effort("hard", usual={2: 2_500, 3: 2_000, 4: 2_000}, contested={2: 9_000, 3: 8_000, 4: 7_000}, width=5,
              gap=2.0)
EXPERT = Effort("expert", usual={2: 16_000, 3: 14_000, 4: 12_000}, contested={2: 40_000, 3: 34_000, 4: 30_000},
                width=8, gap=4.0)
PRUNE_EVERY = 8  # iterations between checks for clearly worse candidates
PRUNE_Z = 2.0  # standard errors below the leader for a candidate to be dropped
STICK_Z = 0.5  # standard errors above the plan's favourite for the leader to replace it
# Setup: the campsite hides almost anywhere quiet, the order of the tokens varies, and the rest go where their
# roles want them (the seed breaks ties). Jitter on every square costs play: with 0.5 a medium planner won 51%
# of 300 games against the medium level, with 0.05 it won 67% (the same 300 deals); the campsite's 1.5 cost
# nothing measurable (66%).
HARD_STYLE = Style(order_jitter=0.3, square_jitter=0.05, home_jitter=1.5)
# The hard level's evaluation counts a character's worth as a fighter half as much again as the medium
# level's: a medium planner with these weights beat the plain medium level in 60.5% of 200 games (and 56%
# of 300 with a steadier setup); other weights tried (threats, lands, the journalist) gained nothing clear.
HARD_WEIGHTS = Weights(material_base=0.3, material_per_strength=0.375)
# Near the end the playouts go on past the next rival's turn: who reveals the last face-down token plays the
# game's last actions, and the evaluation cannot see who that will be. With 8 tokens left or fewer they play on
# to the end or 8 more turns: the hard level then won 80% of 100 games against medium, 72.5% with the usual
# playouts (the same deals).
ENDGAME_DOWN = 8
ENDGAME_TURNS = 8
# How far a position's expected final margin may still be off (one standard deviation, in points): wide at the
# start of the turns, narrow when little is left to reveal. Turns an expected margin into a chance to win.
SPREAD_START = 8.0
SPREAD_END = 2.0


class Playout:
    """Plays a sampled world on: every player takes, action by action, the one its own evaluation likes
    best from its own knowledge in that world (the medium level's values without the pairs), until every
    rival of the searching seat has played its turn (near the end: further). A player's later
    actions in its turn are chosen among the best few of its first choice and whatever can be taken
    (`Planner.second_choices`)."""

    def __init__(self, evaluator: Evaluator) -> None:
        self.ev = evaluator

    def play(self, s: GameState, seat: int, follow: Action | None) -> None:
        """Go on from an action of `seat`: `follow` (if given) as its next action, then the best ones, until
        its rival has replied and it has played its next turn (with 3-4 players: as many turns more as it has
        rivals); near the end (`ENDGAME_DOWN`), on to the end of the game or `ENDGAME_TURNS` more turns."""
        if follow is not None and s.phase == PLAY and s.current == seat:
            s.apply(follow)
        if len(s.down_squares) <= ENDGAME_DOWN:
            last = s.turn + ENDGAME_TURNS
        elif s.players > 2:
            # As many turns more as there are rivals: every rival replies, not only the next one (and mostly the
            # seat plays its next turn too). The hard level then won 52.5% of 40 games against three mediums,
            # 30% when only the next rival replied (the same deals; a fair share is 25%).
            last = s.turn + s.players - 1
        else:
            # The rival's reply and the seat's own next turn: what a threat made now is worth shows only when the
            # seat can carry it out. The hard level then won 79% of 100 games against medium, 73% when the
            # playouts stopped after the rival's reply (the same deals).
            last = s.turn + (s.current == seat) + 1
        shortlist: set[Action] | None = None
        turn = -1
        while s.phase != OVER and s.turn <= last:
            if s.turn != turn:
                turn, shortlist = s.turn, None
            action, shortlist = self.pick(s, shortlist)
            s.apply(action)

    def pick(self, s: GameState, shortlist: set[Action] | None) -> tuple[Action, set[Action]]:
        """The best action for the player to move (among `shortlist` and what can be taken, if given), and
        the shortlist for its next action this turn."""
        legal = s.legal_actions()
        planner = Planner(self.ev, s, s.current, 0, 0)
        choices = planner.considered(s, legal)
        if shortlist is not None:
            choices = planner.second_choices(s, legal, choices, shortlist)
        values = {}
        for i in choices:
            if planner.worth_last(s, legal[i]):
                values[i] = planner.value_after(s, legal[i])
        if not values:
            return legal[-1], set()
        ranked = sorted(values, key=lambda i: (-values[i], i))
        return legal[ranked[0]], {legal[i] for i in ranked[:SHORTLIST]}


class SearchAgent(LevelAgent):
    """Determinized Monte Carlo search with a budget of evaluations (or a fixed number of iterations) per
    decision: the hard and the expert levels, by their `Effort`."""

    def __init__(self, rules: Rules, seed: int, effort: Effort = HARD, *, iterations: int | None = None,
                 width: int | None = None, evaluator: Evaluator | None = None) -> None:
        self.rules = rules
        self.name = effort.name
        self.effort = effort
        self.ev = evaluator or Evaluator(rules, HARD_WEIGHTS)
        self.placement = Placement(self.ev)
        self.playout = Playout(self.ev)
        self.rng = random.Random(seed)
        self.iterations = iterations  # None: the effort's budget of evaluations; else this many sampled worlds
        self.width = effort.width if width is None else width
        self.last_iterations = 0  # of the latest search, for tests and tuning
        self.watch = Watch()  # what it has seen its rivals do this game, for its beliefs

    def choose(self, view: View, legal: Sequence[Action]) -> int:
        if len(legal) == 1:
            return 0
        started = self.ev.evaluations
        self.watch.observe(view)
        if view.decision == "select":
            return self.placement.select(legal, self.rng, HARD_STYLE)
        know = Knowledge(self.rules, view)
        if view.decision == "place":
            return self.placement.place(know.state, know.seat, legal, self.rng, HARD_STYLE)
        beliefs = know.beliefs(self.watch)
        planner = Planner(self.ev, know.state, know.seat, MEDIUM_WIDTH, MEDIUM_BUDGET, beliefs.chances(know.seat))
        values = planner.values(legal)
        order = sorted(range(len(legal)), key=lambda i: (-values[i], i))
        top = values[order[0]]
        candidates = [i for i in order[: self.width] if values[i] > SKIPPED and values[i] >= top - self.effort.gap]
        if len(candidates) < 2:
            return best_index(values)
        players = min(view.players, max(self.effort.usual))
        usual, contested = self.effort.usual[players], self.effort.contested[players]
        return self._search(know, beliefs, legal, candidates, planner.follow, started + usual, started + contested)

    def observe(self, view: View) -> None:
        """An earlier decision's view (the hint's and the review's analyst watches the seat's game so far)."""
        self.watch.observe(view)

    def assess(self, view: View, legal: Sequence[Action], chosen: int | None = None) -> Assessment | None:
        """The search's expected outcome of its candidate actions and of `chosen` (always among them), for the
        hint and the post-game review. Setup placements are not searched: which token to place next is the
        placement policy's suggestion, without an estimate (a review does not judge it); where, not at all."""
        if view.decision == "select":
            return Assessment(self.placement.select(legal, self.rng, HARD_STYLE), {})
        if view.decision != "act":
            return None
        self.watch.observe(view)
        know = Knowledge(self.rules, view)
        beliefs = know.beliefs(self.watch)
        planner = Planner(self.ev, know.state, know.seat, MEDIUM_WIDTH, MEDIUM_BUDGET, beliefs.chances(know.seat))
        values = planner.values(legal)
        order = sorted(range(len(legal)), key=lambda i: (-values[i], i))
        candidates = order[: self.width]
        if chosen is not None and chosen not in candidates:
            candidates.append(chosen)
        outcomes: dict[int, list[tuple[float, float]]] = {i: [] for i in candidates}
        for _ in range(max(2, self.iterations or 2)):
            world = know.sample(self.rng, beliefs)
            for i in candidates:
                s = world.clone()
                s.apply(legal[i])
                self.playout.play(s, know.seat, planner.follow.get(legal[i]))
                outcomes[i].append(self.outcome(s, know.seat))
        summary = {i: Outcome(_mean([w for w, _ in o]), _mean([m for _, m in o]), len(o)) for i, o in outcomes.items()}
        best = max(candidates, key=lambda i: (summary[i].win, summary[i].margin, -i))
        return Assessment(best, summary)

    def outcome(self, s: GameState, seat: int) -> tuple[float, float]:
        """(chance to win, final margin) of a played-out sample: certain when the game is over, else the
        evaluation's expected margin and the chance it holds up, the more surely the less is left to come."""
        if s.phase == OVER:
            totals = [b.total for b in s.scores()]
            winners = s.winners()
            margin = totals[seat] - max(t for p, t in enumerate(totals) if p != seat)
            return (1 / len(winners) if seat in winners else 0.0), float(margin)
        expected = self.ev.evaluate(s, seat)
        left = min(len(s.down_squares) / self.ev.full_down[s.players], (s.stall_limit - s.stall) / s.stall_limit)
        spread = SPREAD_END + (SPREAD_START - SPREAD_END) * left
        return 0.5 * (1 + math.erf(expected / (spread * math.sqrt(2)))), expected

    def _search(self, know: Knowledge, beliefs: Beliefs, legal: Sequence[Action], candidates: list[int],
                follow: dict[Action, Action], usual: int, contested: int) -> int:
        """Play the candidates out in the same sampled worlds until the evaluator has counted `usual` evaluations
        (`contested` on a contested decision), or the fixed number of iterations, or one candidate is left."""
        ev = self.ev
        alive = list(candidates)
        results: dict[int, list[float]] = {i: [] for i in candidates}
        rng = self.rng
        seat = know.seat
        done = 0
        while len(alive) > 1:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif ev.evaluations >= contested or (
                    ev.evaluations >= usual and not _contested(alive, results, candidates[0])):
                break
            world = know.sample(rng, beliefs)
            for i in alive:
                s = world.clone()
                s.apply(legal[i])
                self.playout.play(s, seat, follow.get(legal[i]))
                results[i].append(self.ev.evaluate(s, seat))
            done += 1
            if done % PRUNE_EVERY == 0:
                alive = _prune(alive, results)
        self.last_iterations = done
        if done < 2:
            return candidates[0]
        leader = max(alive, key=lambda i: _mean(results[i]))
        favourite = candidates[0]
        if favourite in alive and _paired_bound(results[leader], results[favourite], -STICK_Z) <= 0:
            return favourite
        return leader


def _contested(alive: list[int], results: dict[int, list[float]], favourite: int) -> bool:
    """Whether the search leader is another action than the plan's favourite without being clearly better
    or clearly worse than it."""
    leader = max(alive, key=lambda i: _mean(results[i]))
    if leader == favourite or favourite not in alive or len(results[leader]) < 2:
        return False
    return abs(_paired_bound(results[leader], results[favourite], 0.0)) < PRUNE_Z * _paired_error(
        results[leader], results[favourite])


def _prune(alive: list[int], results: dict[int, list[float]]) -> list[int]:
    """Drop candidates whose paired difference to the leader is clearly negative."""
    leader = max(alive, key=lambda i: _mean(results[i]))
    lead = results[leader]
    return [i for i in alive if i == leader or _paired_bound(results[i], lead, PRUNE_Z) >= 0]


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs)


def _paired_bound(a: Sequence[float], b: Sequence[float], z: float) -> float:
    """Mean of the paired differences a - b, plus z standard errors."""
    return _mean([x - y for x, y in zip(a, b)]) + z * _paired_error(a, b)


def _paired_error(a: Sequence[float], b: Sequence[float]) -> float:
    """The standard error of the mean of the paired differences a - b."""
    n = len(a)
    diffs = [x - y for x, y in zip(a, b)]
    mean = _mean(diffs)
    return math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
