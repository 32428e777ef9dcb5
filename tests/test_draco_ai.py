"""Draco Mundis's computer opponents: honest (view only), always legal, reproducible, and ordered by strength.

The hard level runs with iteration budgets here, never time budgets, so every result is
reproducible and nothing depends on the machine's speed. The benchmark with the real
targets is tools/bench_ai.py --game draco-mundis.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drako_desktop.ai import AgentSpecError, agent_levels, make_agent
from drako_desktop.controller.runner import derive_seed, run_game
from drako_desktop.games.draco_mundis.actions import Capture, Move, Place, Select
from drako_desktop.games.draco_mundis.ai import EXPERT, HARD, EasyAgent, Effort, MediumAgent, SearchAgent
from drako_desktop.games.draco_mundis.ai.evaluate import Evaluator
from drako_desktop.games.draco_mundis.ai.knowledge import Knowledge
from drako_desktop.games.draco_mundis.ai.plan import Planner
from drako_desktop.games.draco_mundis.ai.search import ENDGAME_DOWN, ENDGAME_TURNS, HARD_WEIGHTS, Playout
from drako_desktop.games.draco_mundis.engine import OVER, GameState
from drako_desktop.games.draco_mundis.rules import KIND_BITS
from test_draco_properties import reshuffle_unknowns
from test_draco_support import GAME, RULES, random_game

LEVELS = ("random", "easy", "medium", "hard", "expert")
VARIANTS = ("fast_setup", "sherpa_sacrifice", "dragon_trap")
EVALUATOR = Evaluator(RULES)


def agent(level: str, seed: int):
    """A fresh agent of the level; the search levels with a small iteration budget (reproducible)."""
    if level == "hard":
        return SearchAgent(RULES, seed, HARD, iterations=3, evaluator=EVALUATOR)
    if level == "expert":  # wider: fewer worlds keep the tests quick
        return SearchAgent(RULES, seed, EXPERT, iterations=2, evaluator=EVALUATOR)
    if level == "medium":
        return MediumAgent(RULES, seed, evaluator=EVALUATOR)
    if level == "easy":
        return EasyAgent(RULES, seed, evaluator=EVALUATOR)
    return make_agent(GAME, level, seed)


def positions(count: int, seed: int, players: int = 2, variants: tuple[str, ...] = (),
              decisions: tuple[str, ...] = ("select", "place", "act")) -> list[GameState]:
    """Decision points of random games, spread from the first placement to the last turns."""
    rng = random.Random(seed)
    found: list[GameState] = []
    game = 0
    while len(found) < count:
        game += 1
        for s, action in random_game(players, game % players, variants, rng.randrange(2**32)):
            if s.decision() in decisions and rng.random() < 0.04:
                found.append(s.clone())
            s.apply(action)
    return found[:count]


# -- honesty ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", (*LEVELS, "sampler"))  # and the benchmark's yardstick
@pytest.mark.parametrize("players", (2, 4))
def test_hidden_tokens_never_change_a_decision(level, players):
    """Two positions that differ only in what the deciding seat does not know (the other players' face-down
    tokens and supplies) get the same decision from the same seed, during setup and in play."""
    rng = random.Random(players)
    differed = 0
    states = positions(12, seed=5 + players, players=players, decisions=("select", "place"))
    searching = level in ("hard", "expert")
    states += positions(8 if searching else 18, seed=7 + players, players=players, decisions=("act",))
    for n, s in enumerate(states):
        seat = s.current
        twin = reshuffle_unknowns(s, seat, rng)
        assert twin.view(seat) == s.view(seat)
        differed += twin.down != s.down or twin.supply != s.supply
        a = agent(level, seed=n).choose(s.view(seat), s.legal_actions())
        b = agent(level, seed=n).choose(twin.view(seat), twin.legal_actions())
        assert a == b, f"{level} decided differently on hidden tokens at {s.view(seat)}"
    assert differed > len(states) // 2  # the twins really did differ


@pytest.mark.parametrize("level", ("easy", "medium", "hard"))
def test_agents_keep_no_game_state(level):
    """An agent is handed a view and the legal actions only; it keeps no GameState between decisions."""
    s = positions(1, seed=2, decisions=("act",))[0]
    a = agent(level, seed=0)
    a.choose(s.view(s.current), s.legal_actions())
    assert not any(isinstance(v, GameState) for v in vars(a).values())


def test_sampled_worlds_agree_with_the_view():
    rng = random.Random(4)
    for players in (2, 3, 4):
        for s in positions(15, seed=players, players=players):
            view = s.view(s.current)
            know = Knowledge(RULES, view)
            for world in (know.state, know.sample(rng), know.sample(rng)):
                assert world.view(view.seat) == view
                assert world.legal_actions() == s.legal_actions()
                assert world.token_total() == s.token_total()


def test_the_pools_are_what_the_seat_cannot_place():
    for s in positions(30, seed=9, players=3, variants=("dragon_trap",)):
        seat = s.current
        know = Knowledge(RULES, s.view(seat))
        assert know.pools[seat] == sorted(k for k, n in enumerate(s.supply[seat]) for _ in range(n))
        for owner in range(3):
            if owner == seat:
                continue
            hidden = [s.down[sq] & 15 for sq in s.down_squares if s.down[sq] >> KIND_BITS == owner
                      and not s.knows(seat, sq)]
            hidden += [k for k, n in enumerate(s.supply[owner]) for _ in range(n)]
            assert know.pools[owner] == sorted(hidden)
            assert sorted(know.unknown[owner]) == sorted(
                sq for sq in s.down_squares if s.down[sq] >> KIND_BITS == owner and not s.knows(seat, sq))


# -- the opponents' fast paths against the engine ---------------------------------------------------------


games = st.tuples(st.integers(2, 4), st.sets(st.sampled_from(VARIANTS)).map(lambda v: tuple(sorted(v))),
                  st.integers(0, 2**32))


@settings(max_examples=12, deadline=None)
@given(games)
def test_the_evaluations_own_moves_captures_and_strengths_match_the_engine(game):
    players, variants, seed = game
    for s, action in random_game(players, seed % players, variants, seed):
        if s.decision() == "act":
            me = s.current
            legal = s.legal_actions()
            reach = EVALUATOR._reach(s, me)
            assert {(origin, target) for target, found in reach.items() for origin, _, _ in found} == {
                (a.origin, a.target) for a in legal if isinstance(a, Move)}
            assert EVALUATOR._capture_targets(s, me) == {a.target for a in legal if isinstance(a, Capture)}
            power = EVALUATOR.strengths(s)
            assert power == {sq: s.strength(sq) for p in range(players) for sq in s.chars_of[p]}
        s.apply(action)


@settings(max_examples=8, deadline=None)
@given(games)
def test_chance_branches_are_positions_the_seat_cannot_tell_apart(game):
    """A reveal or peek of a token the seat does not know branches over what it can be: each branch keeps
    the seat's view of the position before the action, and the probabilities add up to 1."""
    players, variants, seed = game
    rng = random.Random(seed)
    for s, action in random_game(players, seed % players, variants, seed):
        if s.decision() == "act" and rng.random() < 0.1:
            seat = s.current
            know = Knowledge(RULES, s.view(seat))
            planner = Planner(EVALUATOR, know.state, seat, 0, 0)
            for a in know.state.legal_actions():
                if a.type not in ("peek", "reveal", "reveal-any"):
                    continue
                branches = planner.outcomes(know.state, a)
                assert abs(sum(p for p, _ in branches) - 1) < 1e-9
                if planner.unknown_to_seat(know.state, a.at):
                    assert len(branches) == len({k for k, _, _ in planner.kinds_at(know.state, a.at)})
                break
        s.apply(action)


# -- legality and determinism -----------------------------------------------------------------------------


@settings(max_examples=6, deadline=None)
@given(games, st.sampled_from(("easy", "medium", "hard")))
def test_every_level_answers_a_legal_index(game, level):
    players, variants, seed = game
    rng = random.Random(seed)
    asked = 0
    for s, action in random_game(players, seed % players, variants, seed):
        if rng.random() < (0.03 if level == "hard" else 0.08):
            legal = s.legal_actions()
            choice = agent(level, seed=asked).choose(s.view(s.current), legal)
            assert isinstance(choice, int) and 0 <= choice < len(legal)
            asked += 1
        s.apply(action)


@pytest.mark.parametrize("variants", [(), VARIANTS])
def test_whole_games_between_the_levels_are_legal_and_reproducible(variants):
    def play() -> list[object]:
        agents = [agent("easy", 1), agent("medium", 2)]
        state = GAME.new_state(2, 0, 1, variants)
        return run_game(GAME, state, agents).state.history

    first = play()
    assert first == play()


def test_hard_runs_its_iteration_budget():
    s = next(s for s in positions(40, seed=8, decisions=("act",)) if len(s.legal_actions()) > 10)
    hard = SearchAgent(RULES, 0, iterations=4, evaluator=EVALUATOR)
    assert 0 <= hard.choose(s.view(s.current), s.legal_actions()) < len(s.legal_actions())
    assert hard.last_iterations <= 4


def test_a_search_level_counts_its_work_not_the_time(monkeypatch):
    """With its own budget (positions evaluated) a search level spends about that much, and decides the same
    whatever the clock says: a slow or busy machine changes no decision."""
    small = Effort("hard", usual={2: 400}, contested={2: 800}, width=4, gap=3.0)
    states = positions(5, seed=3, decisions=("act",))

    def decide() -> list[tuple[int, int]]:
        found = []
        for n, s in enumerate(states):
            ev = Evaluator(RULES)
            choice = SearchAgent(RULES, n, small, evaluator=ev).choose(s.view(s.current), s.legal_actions())
            found.append((choice, ev.evaluations))
        return found

    calm = decide()
    assert all(spent <= 800 + 600 for _, spent in calm)  # at most one iteration past the contested budget
    assert any(spent >= 400 for _, spent in calm)
    ticks = iter(range(10**9))
    monkeypatch.setattr("time.perf_counter", lambda: float(next(ticks)) * 7.5)  # a clock racing by
    assert decide() == calm


@pytest.mark.parametrize("players", (2, 4))
def test_playouts_stop_after_the_rivals_reply_except_near_the_end(players):
    """A playout ends when the rival has replied and the seat played its next turn (with 4 players: after 3
    turns more, one per rival); with few face-down tokens left (who reveals the last one plays the game's
    last actions), it goes on to the end of the game or ENDGAME_TURNS more turns."""
    playout = Playout(Evaluator(RULES, HARD_WEIGHTS))
    found = {"early": 0, "late": 0}
    for s in positions(60, seed=21, players=players, decisions=("act",)):
        start, world = s.turn, s.clone()
        playout.play(world, s.current, None)
        late = len(s.down_squares) <= ENDGAME_DOWN
        found["late" if late else "early"] += 1
        turns = ENDGAME_TURNS if late else players - 1 if players > 2 else 2
        assert world.phase == OVER or world.turn == start + turns + 1
        assert world.phase == OVER or world.current == (s.current + world.turn - start) % s.players
    assert min(found.values()) >= 5


def test_hard_setup_varies_with_the_seed():
    """Where the hard level hides its campsite (and the order it places in) is no fixed pattern."""
    campsites = set()
    orders = set()
    for seed in range(12):
        s = GAME.new_state(2, 0, 0)
        hard = SearchAgent(RULES, seed, evaluator=EVALUATOR)
        other = agent("easy", 100 + seed)
        order = []
        while s.decision() != "act":
            legal = s.legal_actions()
            chosen = legal[(hard if s.current == 0 else other).choose(s.view(s.current), legal)]
            if s.current == 0 and isinstance(chosen, Select):
                order.append(chosen.token)
            if s.current == 0 and isinstance(chosen, Place) and chosen.token == "campsite":
                campsites.add(chosen.at)
            s.apply(chosen)
        orders.add(tuple(order))
    assert len(campsites) >= 8 and len(orders) >= 10


def test_the_levels_are_registered():
    levels = agent_levels(GAME)
    assert set(levels) == {"random", "easy", "medium", "hard", "expert"}
    assert all(0 < len(text) <= 90 and "\n" not in text for text in levels.values())
    for level in LEVELS:
        assert make_agent(GAME, level, 0).name == level
    with pytest.raises(AgentSpecError, match="unknown agent 'grandmaster'"):
        make_agent(GAME, "grandmaster", 0)


# -- strength, on a small scale -----------------------------------------------------------------------------


def win_rate(make_a, make_b, games: int, seed: int, variants: tuple[str, ...] = ("fast_setup",)) -> float:
    """Share of games won by seat 0 (ties shared), the first player alternating."""
    wins = 0.0
    for g in range(games):
        agents = [make_a(derive_seed(seed, g, 0)), make_b(derive_seed(seed, g, 1))]
        state = run_game(GAME, GAME.new_state(2, 0, g % 2, variants), agents).state
        winners = state.winners()
        wins += (0 in winners) / len(winners)
    return wins / games


def test_easy_beats_random():
    assert win_rate(lambda s: agent("easy", s), lambda s: agent("random", s), 12, seed=1) >= 0.9


def test_medium_beats_random():
    assert win_rate(lambda s: agent("medium", s), lambda s: agent("random", s), 4, seed=2) == 1.0


def test_medium_beats_easy():
    assert win_rate(lambda s: agent("medium", s), lambda s: agent("easy", s), 6, seed=3) >= 4 / 6
