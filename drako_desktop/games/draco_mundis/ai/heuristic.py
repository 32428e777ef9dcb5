"""The easy and medium computer opponents.

Both decide from their seat's view alone: `Knowledge` turns it into a position in which
the tokens the seat does not know are filled in by a fixed assignment that only the view
decides, and nothing they compute reads those tokens one by one.

The medium level is a one-turn planner (`Planner`): it weighs the pairs of actions of its
turn by the evaluation of where they lead, chance nodes averaged over what unknown tokens
can be. Its setup places each token by its role with little jitter.

The easy level plays like a casual player: it glances at each action on its own (a fight
it wins on the preview, a capture, a destroyed campsite, its own character brought out,
a reveal next to strength, a land to stand on), takes the best of them, sometimes
settles for any sensible one instead, and thinks neither about the next action of its
turn nor about what its rivals can do next. Its setup is nearly random.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import Action, Reveal, RevealAny
from ..rules import Rules
from ..view import View
from .evaluate import Evaluator
from .knowledge import Knowledge
from .placement import Placement, Style
from .plan import SKIPPED, Planner
from .tactics import Glance

MEDIUM_STYLE = Style(order_jitter=0.5, square_jitter=0.3, home_jitter=0.3)
EASY_STYLE = Style(order_jitter=4.0, square_jitter=2.5, home_jitter=2.5)
MEDIUM_WIDTH = 4  # first actions whose best second action the medium level searches
# Evaluations after which the medium level searches no further first action (about 15 ms of its time);
# a count, not a clock, so that its decisions never depend on the machine's speed.
MEDIUM_BUDGET = 150


def best_index(values: Sequence[float]) -> int:
    """The first of the best values (ties go to the engine's fixed action order)."""
    return max(range(len(values)), key=lambda i: (values[i], -i))


class LevelAgent:
    """What every level shares: it reads the view, and it has nothing to do when the game ends."""

    name = ""
    wants_view = True

    def game_over(self, scores: Sequence[dict[str, object]], winners: Sequence[int]) -> None:
        pass

    def close(self) -> None:
        pass


class MediumAgent(LevelAgent):
    """Plans its turn two actions at a time on the static evaluation."""

    name = "medium"

    def __init__(self, rules: Rules, seed: int, evaluator: Evaluator | None = None,
                 width: int = MEDIUM_WIDTH, budget: int = MEDIUM_BUDGET) -> None:
        self.rules = rules
        self.ev = evaluator or Evaluator(rules)
        self.placement = Placement(self.ev)
        self.rng = random.Random(seed)
        self.width = width
        self.budget = budget

    def choose(self, view: View, legal: Sequence[Action]) -> int:
        if len(legal) == 1:
            return 0
        if view.decision == "select":
            return self.placement.select(legal, self.rng, MEDIUM_STYLE)
        know = Knowledge(self.rules, view)
        if view.decision == "place":
            return self.placement.place(know.state, know.seat, legal, self.rng, MEDIUM_STYLE)
        return best_index(Planner(self.ev, know.state, know.seat, self.width, self.budget).values(legal))


class EasyAgent(LevelAgent):
    """A casual player: the obvious good action it sees, with slips."""

    name = "easy"
    SLIP = 0.25  # how often it settles for any sensible action instead of its best one
    SENSIBLE = 0.0  # a glance above this is sensible

    def __init__(self, rules: Rules, seed: int, evaluator: Evaluator | None = None) -> None:
        self.rules = rules
        self.ev = evaluator or Evaluator(rules)
        self.placement = Placement(self.ev)
        self.glance = Glance(self.ev)
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> int:
        if len(legal) == 1:
            return 0
        if view.decision == "select":
            return self.placement.select(legal, self.rng, EASY_STYLE)
        know = Knowledge(self.rules, view)
        if view.decision == "place":
            return self.placement.place(know.state, know.seat, legal, self.rng, EASY_STYLE)
        s = know.state
        facings = Planner(self.ev, s, know.seat, 0, 0).chosen_facings(s, legal)
        glances = [self.glance.value(s, a, self.rng) if not isinstance(a, (Reveal, RevealAny)) or a in facings
                   else SKIPPED for a in legal]
        sensible = [i for i, g in enumerate(glances) if g > self.SENSIBLE]
        if sensible and self.rng.random() < self.SLIP:
            return self.rng.choice(sensible)
        best = max(glances)
        return self.rng.choice([i for i, g in enumerate(glances) if g == best])
