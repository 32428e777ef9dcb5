"""The one-step sampling bot, the yardstick of `tools/bench_ai.py` (issue 31): it takes what one action wins, and
is a benchmark opponent rather than a level. That it decides from its seat's view alone is tested with the levels
(test_draco_ai.py: test_hidden_tokens_never_change_a_decision)."""

from __future__ import annotations

import pytest

from drako_desktop.ai import agent_levels, make_agent
from drako_desktop.ai.agents import yardsticks
from drako_desktop.games.draco_mundis.actions import Capture, Reveal, RevealAny, square
from drako_desktop.games.draco_mundis.ai import SamplingAgent
from drako_desktop.games.draco_mundis.ai.sampling import WIN, one_step_result
from drako_desktop.games.draco_mundis.engine import OVER, GameState
from drako_desktop.games.draco_mundis.rules import KIND_BITS, KIND_MASK
from test_draco_support import FILLER, GAME, RULES, build


def test_it_takes_the_capture_that_wins_a_point():
    """Seat 0's cannibal can capture Bo's explorer (+1 at once); nothing else it can do scores."""
    s = set_aside(build({(4, 6): "0 cannibal E", (4, 8): "1 explorer S", (6, 9): "0 ?dragon", **FILLER}))
    legal = s.legal_actions()
    capture = Capture(square(4, 6), square(4, 8))
    assert capture in legal and len(legal) > 5
    for seed in range(5):
        assert legal[SamplingAgent(RULES, seed).choose(s.view(0), legal)] == capture


@pytest.mark.parametrize(("hidden", "reveals"), [("sherpa", True), ("dragon", False)])
def test_it_reveals_into_a_fight_only_when_the_tokens_it_has_not_seen_lose_it(hidden, reveals):
    """Bo's two face-down tokens are both sherpas (strength 1), or both dragons (4): what Ann's explorer (2) next
    to one of them would meet, if it revealed it, is whatever is left of Bo's tokens, which is all Ann knows."""
    s = set_aside(build({(4, 8): "0 explorer N", (3, 8): f"1 ?{hidden}", (0, 11): f"1 ?{hidden}",
                         (7, 11): "0 ?swamp"}))
    legal = s.legal_actions()
    for seed in range(5):
        chosen = legal[SamplingAgent(RULES, seed).choose(s.view(0), legal)]
        assert (isinstance(chosen, Reveal) and chosen.at == square(3, 8)) is reveals


def set_aside(s: GameState) -> GameState:
    """The hand-built position with every token it does not hold put aside (in its owner's sacrificed pile,
    which scores nothing), so that a seat's view accounts for all its rivals' tokens as the agents require."""
    counts = RULES.token_counts(s.variants)
    for seat in range(s.players):
        present = [t & KIND_MASK for layer in (s.down, s.land, s.char, s.held, s.trap) for t in layer
                   if t >= 0 and t >> KIND_BITS == seat]
        s.sacrificed[seat] = [seat << KIND_BITS | k for k, n in enumerate(counts) for _ in range(n - present.count(k))]
    return s


def test_the_one_step_result_is_the_score_margin_and_a_win_outweighs_it():
    s = build({(4, 6): "0 cannibal E", (4, 8): "1 explorer S", (3, 11): "1 ?jungle"})
    assert one_step_result(s, 0) == 0.0
    s.apply(Capture(square(4, 6), square(4, 8)))
    assert one_step_result(s, 0) == 1.0 and one_step_result(s, 1) == -1.0
    s.apply(RevealAny(square(3, 11), 0))  # the last face-down token: the game ends, seat 0 ahead by one
    assert s.phase == OVER and s.winners() == [0]
    assert one_step_result(s, 0) == WIN + 1.0 and one_step_result(s, 1) == -1.0


def test_it_is_a_yardstick_not_a_level():
    """`simulate` and the benchmark can seat it; the new-game screen (the levels) does not offer it."""
    assert "sampler" in yardsticks(GAME) and "sampler" not in agent_levels(GAME)
    assert isinstance(make_agent(GAME, "sampler", 1), SamplingAgent)
