"""The hard level's beliefs about its rivals' face-down tokens (games/draco_mundis/ai/belief.py): consistent with the
counts, and better than the uniform prior at naming the true tokens in self-play."""

from __future__ import annotations

import math
import random
from collections import Counter

from drako_desktop.controller.runner import derive_seed
from drako_desktop.games.draco_mundis.actions import square
from drako_desktop.games.draco_mundis.ai import MediumAgent
from drako_desktop.games.draco_mundis.ai.belief import Watch
from drako_desktop.games.draco_mundis.ai.knowledge import Knowledge
from drako_desktop.games.draco_mundis.rules import KIND_BITS, KIND_MASK
from test_draco_support import GAME, RULES


def log_likelihoods(players: int, seed: int) -> tuple[float, float, int]:
    """One seeded medium-level game: at the first decision of every turn, the log-likelihood of the true kinds
    of the seat's unknown rival tokens under its beliefs and under the uniform prior (each kind by its count),
    summed, and how many tokens that was."""
    state = GAME.new_state(players, derive_seed(seed, "game"), 0, ())
    agents = [MediumAgent(RULES, derive_seed(seed, "agent", i)) for i in range(players)]
    watches = [Watch() for _ in range(players)]
    believed = uniform = 0.0
    tokens = 0
    while not state.is_terminal():
        seat = state.current
        view = state.view(seat)
        legal = state.legal_actions()
        watches[seat].observe(view)
        if view.decision == "act" and view.actions_left == 2:
            know = Knowledge(RULES, view)
            beliefs = know.beliefs(watches[seat])
            for owner, squares in enumerate(know.unknown):
                if owner == seat or not squares:
                    continue
                kinds = beliefs.kinds[owner]
                counts = beliefs.counts[owner]
                for sq, chances in zip(squares, beliefs.marginals(owner)):
                    j = kinds.index(state.down[sq] & KIND_MASK)
                    believed += math.log(chances[j])
                    uniform += math.log(counts[j] / len(squares))
                    tokens += 1
        state.apply(legal[agents[seat].choose(view, legal)])
    return believed, uniform, tokens


def test_beliefs_name_the_true_tokens_better_than_the_counts_alone():
    """Seeds other than the fitting's (tools/fit_draco_beliefs.py): the beliefs give the true kinds a higher
    likelihood than the uniform prior over the same tokens, at 2 and at 3 players."""
    for players, seed in ((2, 3101), (2, 3102), (3, 3103)):
        believed, uniform, tokens = log_likelihoods(players, seed)
        assert tokens > 100
        assert believed > uniform, (players, seed, believed, uniform)


def test_marginals_give_every_square_one_token_and_every_kind_its_count():
    state = GAME.new_state(2, 31, 0, ())
    agents = [MediumAgent(RULES, i) for i in range(2)]
    watch = Watch()
    while state.turn < 6:
        legal = state.legal_actions()
        view = state.view(state.current)
        if state.current == 0:
            watch.observe(view)
        state.apply(legal[agents[state.current].choose(view, legal)])
    while state.current != 0:
        legal = state.legal_actions()
        state.apply(legal[agents[1].choose(state.view(1), legal)])
    view = state.view(0)
    watch.observe(view)
    know = Knowledge(RULES, view)
    beliefs = know.beliefs(watch)
    rows = beliefs.marginals(1)
    assert len(rows) == len(know.unknown[1]) > 5
    for row in rows:
        assert math.isclose(sum(row), 1.0)
    for j, n in enumerate(beliefs.counts[1]):
        assert math.isclose(sum(row[j] for row in rows), n, rel_tol=1e-6)
    # a world dealt from the beliefs keeps every count and every token the seat knows
    rng = random.Random(5)
    for _ in range(20):
        world = know.sample(rng, beliefs)
        dealt = Counter(world.down[sq] for sq in know.unknown[1])
        assert dealt == Counter(1 << KIND_BITS | k for k in know.pools[1])
        for spot in view.squares:
            if spot.down >= 0 and spot.down_kind is not None:
                assert RULES.kinds[world.down[square(*spot.at)] & KIND_MASK] == spot.down_kind
