"""The computer opponents: honest (view only), always legal, deterministic, and ordered by strength.

Searches run with iteration budgets here, never time budgets, so every result
is reproducible and nothing depends on the machine's speed. The benchmark
with the real targets is tools/bench_ai.py (make bench-ai).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import aetherya_game
from drako_desktop.ai import AgentSpecError, agent_levels, make_agent
from drako_desktop.controller.runner import derive_seed, run_game
from drako_desktop.games.aetherya_pocket.ai.determinize import Position
from drako_desktop.games.aetherya_pocket.ai.evaluate import Evaluator
from drako_desktop.games.aetherya_pocket.ai.heuristic import EasyAgent, MediumAgent
from drako_desktop.games.aetherya_pocket.ai.search import EXPERT, HARD, Effort, SearchAgent
from drako_desktop.games.aetherya_pocket.engine import CELLS, GameState, Step
from drako_desktop.games.aetherya_pocket.engine.kingdom import FULL

LEVELS = ("random", "easy", "medium", "hard", "expert")


def agent(level, rules, seed):
    """A fresh agent of the level; the search levels with a small iteration budget (reproducible)."""
    aetherya = aetherya_game()
    if level == "hard":
        return SearchAgent(rules, seed, HARD, iterations=6)
    if level == "expert":  # wider and deeper: fewer worlds keep the tests quick
        return SearchAgent(rules, seed, EXPERT, iterations=2)
    return make_agent(aetherya, level, seed)


def positions(rules, count, seed, players=2):
    """Decision points of random games, at every stage from arrange to the last turns."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = GameState.new(rules, players, rng.randrange(2**32), first=rng.randrange(players))
        stop = rng.randrange(60)
        while not state.is_terminal() and len(state.history) < stop:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if not state.is_terminal():
            found.append(state)
    return found


def reshuffle_hidden(state, rng):
    """A twin of `state` that differs only in what nobody can see: face-down cards,
    the draw pile, the discard pile under its top, the legend deck and the future shuffles."""
    twin = state.clone()
    slots = []
    if twin.step != Step.ARRANGE:
        slots += [(twin.kingdoms[s], c) for s in range(twin.players) for c in range(CELLS)
                  if not twin.face_up[s] >> c & 1]
    slots += [(twin.discard, i) for i in range(len(twin.discard) - 1)]
    slots += [(twin.deck, i) for i in range(len(twin.deck))]
    cards = [cards_list[i] for cards_list, i in slots]
    rng.shuffle(cards)
    for (cards_list, i), card in zip(slots, cards):
        cards_list[i] = card
    rng.shuffle(twin.legend_deck)
    twin.rng = random.Random(rng.random())
    return twin


# -- honesty --------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_information_never_changes_a_decision(rules, level):
    rng = random.Random(11)
    changed = 0
    for n, state in enumerate(positions(rules, 40, seed=5)):
        twin = reshuffle_hidden(state, rng)
        seat = state.current
        assert twin.view(seat) == state.view(seat)
        changed += twin.kingdoms != state.kingdoms or twin.deck != state.deck
        a = agent(level, rules, seed=n).choose(state.view(seat), state.legal_actions())
        b = agent(level, rules, seed=n).choose(twin.view(seat), twin.legal_actions())
        assert a == b, f"{level} decided differently on hidden cards at {state.view(seat)}"
    assert changed > 30  # the twins really did differ


@pytest.mark.parametrize("level", ("easy", "medium", "hard"))
def test_agents_never_see_the_state(rules, level):
    """An agent is handed a view and the legal actions only; it keeps no GameState."""
    state = positions(rules, 1, seed=2)[0]
    a = agent(level, rules, seed=0)
    a.choose(state.view(state.current), state.legal_actions())
    assert not any(isinstance(v, GameState) for v in vars(a).values())


# -- legality and determinism ----------------------------------------------------


@pytest.mark.parametrize("players", (2, 3, 4))
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_answers_a_legal_index(rules, level, players):
    for n, state in enumerate(positions(rules, 25, seed=players * 100, players=players)):
        legal = state.legal_actions()
        choice = agent(level, rules, seed=n).choose(state.view(state.current), legal)
        assert isinstance(choice, int) and 0 <= choice < len(legal)


@pytest.mark.parametrize("level", LEVELS)
def test_whole_games_are_reproducible_for_a_seed(rules, level):
    def play():
        agents = [agent(level, rules, seed=1), agent(level, rules, seed=2)]
        return run_game(aetherya_game(), GameState.new(rules, 2, seed=3), agents).state.history

    assert play() == play()


def test_hard_search_runs_its_iteration_budget_and_respects_width(rules):
    state = next(s for s in positions(rules, 50, seed=8) if s.step == Step.AFTER_DRAW and len(s.legal_actions()) > 6)
    hard = SearchAgent(rules, 0, iterations=5, width=3)
    choice = hard.choose(state.view(state.current), state.legal_actions())
    assert 0 <= choice < len(state.legal_actions())
    assert hard.last_iterations <= 5


def test_a_search_level_counts_its_work_not_the_time(rules, monkeypatch):
    """With its own budget (actions played out) a search level spends about that much, and decides the same
    whatever the clock says: a slow or busy machine changes no decision."""
    small = Effort("hard", budget={2: 300}, width=4, horizon=2)
    states = [s for s in positions(rules, 40, seed=9) if s.step in (Step.TURN_START, Step.AFTER_DRAW)][:6]

    def decide() -> list[tuple[int, int]]:
        found = []
        for n, state in enumerate(states):
            agent = SearchAgent(rules, n, small)
            choice = agent.choose(state.view(state.current), state.legal_actions())
            found.append((choice, agent.playout.actions))
        return found

    calm = decide()
    assert all(0 < spent <= 300 + 4 * 40 for _, spent in calm)  # at most one iteration past it
    assert any(spent >= 300 for _, spent in calm)
    ticks = iter(range(10**9))
    monkeypatch.setattr("time.perf_counter", lambda: float(next(ticks)) * 7.5)  # a clock racing by
    assert decide() == calm


def test_make_agent_names(aetherya, rules):
    levels = agent_levels(aetherya)
    assert set(levels) == {"random", "easy", "medium", "hard", "expert"}
    assert all(0 < len(text) <= 90 for text in levels.values())
    for level in LEVELS:
        assert make_agent(aetherya, level, 0).name == level
    with pytest.raises(AgentSpecError, match="unknown agent 'grandmaster'"):
        make_agent(aetherya, "grandmaster", 0)


# -- what the agents know ----------------------------------------------------------


def test_sampled_states_agree_with_the_view(rules):
    rng = random.Random(4)
    for state in positions(rules, 60, seed=12, players=3):
        if state.step == Step.ARRANGE:
            continue
        view = state.view(state.current)
        pos = Position(rules, view)
        for _ in range(3):
            world = pos.sample(rng)
            assert world.view(view.seat) == view
            assert world.legal_actions() == state.legal_actions()
            assert world.card_count() == state.card_count()
            assert sorted(world.legend_deck) == sorted(state.legend_deck)


def test_the_unseen_pool_is_the_deck_minus_what_the_view_shows(rules, kingdom):
    state = GameState.new(rules, 2, seed=1)
    while state.step == Step.ARRANGE:
        state.apply(state.legal_actions()[0])
    pos = Position(rules, state.view(0))
    shown = [t for s in range(2) for t in state.visible_kingdom(s) if t >= 0] + [state.discard[-1]]
    assert len(pos.pool) == 40 - len(shown) == 40 - 9
    hidden = [t for s in range(2) for t in state.kingdoms[s]] + state.discard + state.deck
    for t in shown:
        hidden.remove(t)
    assert sorted(pos.pool) == sorted(hidden)


def test_assemble_refuses_setup_and_partial_kingdoms(rules):
    parts = dict(current=0, deck=[], discard=[0], drawn=-1, legend_row=[], legend_deck=[], claimed=[[], []],
                 claimed_this_turn=False, seed=0)
    full = [[0] * CELLS, [1] * CELLS]
    with pytest.raises(ValueError):
        GameState.assemble(rules, full, [FULL, FULL], step=Step.ARRANGE, **parts)
    with pytest.raises(ValueError):
        GameState.assemble(rules, [[-1] * CELLS, [1] * CELLS], [0, FULL], step=Step.TURN_START, **parts)
    state = GameState.assemble(rules, full, [1, 3], step=Step.TURN_START, **parts)
    assert state.visible_kingdom(1)[:3] == (1, 1, -1)


def test_incremental_placement_scores_match_the_engine(rules):
    """Evaluator.place (the searches' inner loop) against scoring the whole kingdom."""
    ev = Evaluator(rules)
    rng = random.Random(3)
    every_legend = (1 << len(rules.legend_ids)) - 1
    checked = 0
    while checked < 4000:
        k = tuple(rng.randrange(rules.ntypes) if rng.random() < 0.8 else -1 for _ in range(CELLS))
        c, card = rng.randrange(CELLS), rng.randrange(rules.ntypes)
        if k[c] >= 0 and (k[c] in rules.locked or k[c] == card):
            continue
        after = k[:c] + (card,) + k[c + 1:]
        gain, met = ev.place(k, c, card, every_legend)
        assert gain == sum(rules.board_scores(after)) - sum(rules.board_scores(k)), (k, c, card)
        before = rules.met_legends(k)
        assert met & ~before == rules.met_legends(after) & ~before, (k, c, card)
        checked += 1


def test_medium_values_what_it_cannot_see(rules, kingdom):
    """A face-down cell next to a Goblin is worth less than one next to a Human (conflicts)."""
    from drako_desktop.games.aetherya_pocket.ai.evaluate import Odds

    ev = Evaluator(rules)
    odds = Odds(ev, [4] * rules.ntypes)
    goblin = kingdom("? ? ? ? / ? goblin ? ?")
    human = kingdom("? ? ? ? / ? human ? ?")
    assert ev.expected(human, odds) - ev.total(human) > ev.expected(goblin, odds) - ev.total(goblin)


# -- strength, on a small scale ----------------------------------------------------


def win_rate(rules, make_a, make_b, games, seed):
    """Share of games won by seat 0 (ties shared), the first player alternating."""
    wins = 0.0
    for g in range(games):
        agents = [make_a(derive_seed(seed, g, 0)), make_b(derive_seed(seed, g, 1))]
        start = GameState.new(rules, 2, derive_seed(seed, "game", g), first=g % 2)
        state = run_game(aetherya_game(), start, agents).state
        winners = state.winners()
        wins += (0 in winners) / len(winners)
    return wins / games


def test_easy_beats_random(aetherya, rules):
    assert win_rate(rules, lambda s: EasyAgent(rules, s), lambda s: make_agent(aetherya, "random", s), 30,
                    seed=1) >= 0.7


def test_medium_beats_random(aetherya, rules):
    assert win_rate(rules, lambda s: MediumAgent(rules, s), lambda s: make_agent(aetherya, "random", s), 30,
                    seed=2) >= 0.6


def test_medium_beats_easy(rules):
    assert win_rate(rules, lambda s: MediumAgent(rules, s), lambda s: EasyAgent(rules, s), 30, seed=3) >= 0.55


def test_hard_beats_easy(rules):
    """With a tiny search budget; hard against medium needs hundreds of games (make bench-ai)."""
    hard = lambda s: SearchAgent(rules, s, iterations=8)  # noqa: E731
    assert win_rate(rules, hard, lambda s: EasyAgent(rules, s), 10, seed=4) >= 0.6


def test_easy_slips_like_a_person(rules):
    """Easy overlooks some claimable legends instead of playing uniformly at random."""
    claims = taken = 0
    for n, state in enumerate(positions(rules, 400, seed=21)):
        legal = state.legal_actions()
        if state.step == Step.TURN_START and legal[0].kind == "claim":
            claims += 1
            taken += legal[EasyAgent(rules, n).choose(state.view(state.current), legal)].kind == "claim"
    assert claims >= 10
    assert 0.4 <= taken / claims < 1.0


# -- the opponents' own move generation agrees with the rules ---------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 4))
def test_the_playouts_fast_moves_are_always_legal(rules, seed, players):
    """The playout builds its actions itself (for speed): each must be one of the engine's legal actions, and its
    placement test must agree with the engine's at every cell."""
    from drako_desktop.games.aetherya_pocket.ai.heuristic import _can_place
    from drako_desktop.games.aetherya_pocket.ai.search import Playout
    from drako_desktop.games.aetherya_pocket.engine import PLACE, place

    playout = Playout(Evaluator(rules))
    rng = random.Random(seed)
    state = GameState.new(rules, players, seed, first=seed % players)
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.step in (Step.AFTER_DRAW, Step.AFTER_TAKE_DISCARD):
            kingdom = state.visible_kingdom(state.current)
            allowed = {a for a in legal if a.kind == PLACE}
            assert {place(c // 4, c % 4) for c in range(CELLS) if _can_place(rules, kingdom[c], state.drawn)} == allowed
        if state.step != Step.ARRANGE:
            assert playout.pick(state, rng) in legal
        state.apply(legal[rng.randrange(len(legal))])


def test_the_playouts_remembered_placements_choose_as_working_them_out_again(rules):
    """The playout remembers its best placements by kingdom, card and claimable legends. Played as the search
    plays them (many sampled worlds from one position, where the same placements come up again with everything
    else different), every action it takes is the one a playout that remembers nothing takes."""
    from drako_desktop.games.aetherya_pocket.ai.search import Playout

    evaluator = Evaluator(rules)
    remembering = Playout(evaluator)
    # positions from the first turns to the last (where placing on the last face-down card ends the game)
    game_rng = random.Random(31)
    starts = []
    for n in range(12):
        state = GameState.new(rules, 3, n, first=n % 3)
        stop = n * 6
        while not state.is_terminal() and (state.step == Step.ARRANGE or state.turn < stop):
            legal = state.legal_actions()
            state.apply(legal[game_rng.randrange(len(legal))])
        if not state.is_terminal():
            starts.append(state)
    steps = 0
    for n, state in enumerate(starts):
        pos = Position(rules, state.view(state.current))
        rng = random.Random(n)
        for _ in range(10):
            world = pos.sample(rng)
            seed = rng.getrandbits(32)
            mine, fresh = random.Random(seed), random.Random(seed)
            while not world.is_terminal() and world.turn < state.turn + 8:
                action = remembering.pick(world, mine)
                assert action == Playout(evaluator).pick(world, fresh)
                world.apply(action)
                steps += 1
    assert steps > 1000
    assert len(remembering._places) > 100


def test_a_placement_that_would_end_the_game_is_not_remembered(rules):
    """With one face-down card left, placing there ends the game, which the playout does only when it leads: that
    depends on the other kingdoms, not on the key it remembers placements by, so it is worked out every time."""
    from drako_desktop.games.aetherya_pocket.ai.search import Playout

    rng = random.Random(8)
    leading = [True]
    found = 0
    for n in range(400):
        state = GameState.new(rules, 2, n, first=0)
        while not state.is_terminal():
            legal = state.legal_actions()
            kingdom = state.visible_kingdom(state.current)
            if state.step == Step.AFTER_DRAW and kingdom.count(-1) == 1:
                break
            state.apply(legal[rng.randrange(len(legal))])
        else:
            continue
        playout = Playout(Evaluator(rules))
        last = kingdom.index(-1)
        leading[0] = True
        playout._leads = lambda s, k: leading[0]  # type: ignore[method-assign]
        cell, _ = playout._best_place(state, state.drawn)
        if cell != last:
            continue
        leading[0] = False
        assert playout._best_place(state, state.drawn)[0] != last
        leading[0] = True
        assert playout._best_place(state, state.drawn)[0] == last
        found += 1
        if found == 5:
            break
    assert found == 5
