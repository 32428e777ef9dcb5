"""The yardstick: a one-step sampling bot, the benchmark opponent of issue 31 (not a level a player picks).

It knows the rules and nothing else. At each decision in play it deals the tokens its seat
cannot see a few times (`Knowledge.sample`, consistent with its view), applies every legal
action in each of those worlds and takes the action whose result one step on is best on
average: a won game, else the score as it stands (its total minus the best rival's).
Nothing deeper: no reply, no second action of the turn, no evaluation of threats or
positions. Like a plain program's argmax it takes the first of the best in the engine's
order of the legal actions (peeks, then reveals, moves, fights, rotations, ...), at setup
too, where no placement changes the score. An earlier version broke ties at random: its
characters wandered and rotated aimlessly and its setup was scattered, and easy beat it
87% of 30 games; the first of the best peeks and reveals next to its characters before it
wanders, and packs its own tokens together at setup, where its explorers reveal them
(against easy: 5 of 8 quick games instead of 1 of 8 with random setup). The issue measured
such a bot, written outside the project, over the bot protocol; this one plays in process
so that `simulate` and `tools/bench_ai.py` can seat it like any level (the `sampler` agent).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import Action
from ..engine import OVER, GameState
from ..rules import Rules
from ..view import View
from .heuristic import LevelAgent
from .knowledge import Knowledge

SAMPLES = 4  # worlds dealt per decision ("a few times")
WIN = 1000.0  # a won game outweighs any score


class SamplingAgent(LevelAgent):
    """Best average one-step result over a few dealings of the hidden tokens."""

    name = "sampler"

    def __init__(self, rules: Rules, seed: int, samples: int = SAMPLES) -> None:
        self.rules = rules
        self.rng = random.Random(seed)
        self.samples = samples

    def choose(self, view: View, legal: Sequence[Action]) -> int:
        if len(legal) == 1:
            return 0
        if view.decision != "act":
            return 0  # nothing placed scores: the first of the best is the first
        know = Knowledge(self.rules, view)
        totals = [0.0] * len(legal)
        for _ in range(self.samples):
            world = know.sample(self.rng)
            for i, action in enumerate(legal):
                s = world.clone()
                s.apply(action)
                totals[i] += one_step_result(s, know.seat)
        return max(range(len(legal)), key=lambda i: (totals[i], -i))  # the first of the best


def one_step_result(s: GameState, seat: int) -> float:
    """The seat's result where an action left the game: `WIN` shared among the winners when it is over, plus
    the score margin as it stands (its total minus the best rival's)."""
    totals = [b.total for b in s.scores()]
    margin = totals[seat] - max(t for p, t in enumerate(totals) if p != seat)
    if s.phase == OVER:
        winners = s.winners()
        return margin + (WIN / len(winners) if seat in winners else 0.0)
    return float(margin)
