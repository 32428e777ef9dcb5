"""The post-game review: honest estimates from the reviewed seat's view, ordered by the players' strength,
resumable, and told by `drako-desktop review`."""

from __future__ import annotations

import json
import subprocess
import sys

from drako_desktop.ai import make_agent
from drako_desktop.controller.review import review_game, summarize
from drako_desktop.controller.runner import run_game
from drako_desktop.games.aetherya_pocket.engine import CLAIM, TURN_START_STEP

DEPTH = 10  # a low depth keeps the suite fast; the ordering shows already


def decision_points(aetherya, games=3):
    """(state before, seat) at the turn-start and placement decisions of a few fixed 2-player games."""
    points = []
    for seed in range(games):
        state = aetherya.new_state(2, 100 + seed, seed % 2)
        agents = [make_agent(aetherya, "random", seed), make_agent(aetherya, "random", seed + 1)]
        while not state.is_terminal():
            if state.turn >= 6 and len(state.legal_actions()) > 2 and len(points) < 6 * (seed + 1):
                points.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[agents[state.current].choose(None, legal)])
    return points


def accuracy_of(aetherya, level, points):
    """The analyst's mean accuracy of the moves `level` makes in the positions."""
    analyst = aetherya.analyst(7, DEPTH)
    shares = []
    for n, state in enumerate(points):
        seat = state.current
        legal = state.legal_actions()
        agent = make_agent(aetherya, level, n)
        chosen = agent.choose(state.view(seat) if agent.wants_view else None, legal)
        judged = analyst.assess(state.view(seat), legal, chosen)
        best, mine = judged.outcomes[judged.best], judged.outcomes[chosen]
        shares.append(1.0 if chosen == judged.best or best.win <= 0 else min(1.0, mine.win / best.win))
    return sum(shares) / len(shares)


def test_the_review_orders_random_below_medium_on_fixed_positions(aetherya):
    points = decision_points(aetherya)
    random_play, medium, hard = (accuracy_of(aetherya, level, points) for level in ("random", "medium", "hard"))
    assert random_play < medium - 0.05, (random_play, medium)
    assert hard >= medium - 0.02, (medium, hard)


def draco_decision_points(draco, games=2, each=4):
    """(state before) at turn decisions of a few fixed 2-player Draco Mundis games between random players."""
    points = []
    for seed in range(games):
        state = draco.new_state(2, seed, seed % 2)
        agents = [make_agent(draco, "random", seed), make_agent(draco, "random", seed + 1)]
        taken = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.turn >= 10 and state.turn % 6 == 0 and len(legal) > 3 and taken < each:
                points.append(state.clone())
                taken += 1
            agent = agents[state.current]
            state.apply(legal[agent.choose(state.view(state.current) if agent.wants_view else None, legal)])
    return points


def test_the_draco_review_orders_random_below_medium_on_fixed_positions(library):
    draco = library["draco-mundis"]
    points = draco_decision_points(draco)
    random_play, medium, hard = (accuracy_of(draco, level, points) for level in ("random", "medium", "hard"))
    assert random_play < medium - 0.05, (random_play, medium)
    assert hard >= medium - 0.02, (medium, hard)


def claim_at_turn_start(aetherya):
    """The first turn start of a seeded random game at which a legend can be claimed."""
    for seed in range(50):
        state = aetherya.new_state(2, seed, 0)
        agent = make_agent(aetherya, "random", seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.decision() == TURN_START_STEP and any(a.kind == CLAIM for a in legal):
                return state
            state.apply(legal[agent.choose(None, legal)])
    raise AssertionError("no claimable legend in 50 games")


def test_a_missed_legend_is_named_and_the_estimates_come_from_the_seats_view(aetherya):
    state = claim_at_turn_start(aetherya)
    seat, legal = state.current, state.legal_actions()
    not_claiming = next(i for i, a in enumerate(legal) if a.kind != CLAIM)
    judged = aetherya.analyst(3, DEPTH).assess(state.view(seat), legal, not_claiming)
    assert not_claiming in judged.outcomes and judged.best in judged.outcomes
    claim = next(a for a in legal if a.kind == CLAIM)
    assert aetherya.missed(state.view(seat), legal[not_claiming], claim) == ["legend"]
    assert aetherya.missed(state.view(seat), claim, claim) == []
    # The same view gives the same judgement, whatever the hidden cards really are.
    other = state.clone()
    other.deck.reverse()
    again = aetherya.analyst(3, DEPTH).assess(other.view(seat), legal, not_claiming)
    assert again == judged


def finished_game(aetherya, seed=5):
    state = aetherya.new_state(2, seed, 0)
    run_game(aetherya, state, [make_agent(aetherya, "random", 1), make_agent(aetherya, "medium", 2)])
    return state


def test_a_review_stopped_half_way_goes_on_to_the_same_result(aetherya):
    state = finished_game(aetherya)
    whole = review_game(aetherya, 2, 5, 0, (), state.history, 0, depth=4)
    seen = []
    half = review_game(aetherya, 2, 5, 0, (), state.history, 0, depth=4,
                       progress=lambda done, total: seen.append((done, total)) or done < total // 2)
    assert 0 < len(half) < len(whole) and seen[-1][0] == len(seen)
    rest = review_game(aetherya, 2, 5, 0, (), state.history, 0, depth=4, done=half)
    assert rest == whole
    summary = summarize(whole)
    assert summary.decisions == len(whole) and 0 < summary.accuracy <= 100
    assert all(d.mistake for d in summary.mistakes)
    assert list(summary.mistakes) == sorted(summary.mistakes, key=lambda d: (-d.win_lost, -d.margin_lost, d.index))


def test_review_command_prints_the_decisions_and_the_summary_as_json(aetherya, library, private_home):
    from drako_desktop import saves
    from drako_desktop.controller.game import COMPUTER, GameSetup, Seat

    state = finished_game(aetherya, seed=8)
    setup = GameSetup((Seat("Ana"), Seat("Bot", COMPUTER, "medium")), seed=8, first=0)
    game = saves.SavedGame("20261201-120000-abcdef", setup, tuple(state.history), "2026-12-01T12:00:00Z",
                           "2026-12-01T12:00:00Z", False, True)
    saves.history_dir().mkdir(parents=True)
    path = saves.history_dir() / f"{game.game_id}.json"
    path.write_text(saves.encode(game, state, aetherya))
    out = subprocess.run([sys.executable, "-m", "drako_desktop", "review", str(path), "--depth", "3", "--json"],
                         capture_output=True, text=True, check=True).stdout
    result = json.loads(out)
    assert (result["seat"], result["name"], result["depth"]) == (0, "Ana", 3)
    assert result["summary"]["decisions"] == len(result["decisions"]) > 10
    first = result["decisions"][0]
    assert set(first) == {"index", "turn", "chosen", "best", "chosen_outcome", "best_outcome", "missed", "mistake"}
    # The text's "N mistakes" is in the object too: every mistake marked, the worst five of them listed
    marked = [d["index"] for d in result["decisions"] if d["mistake"]]
    assert result["summary"]["mistake_count"] == len(marked) and set(result["summary"]["mistakes"]) <= set(marked)
    text = subprocess.run([sys.executable, "-m", "drako_desktop", "review", str(path), "--depth", "3"],
                          capture_output=True, text=True, check=True).stdout
    assert f"decisions, accuracy {result['summary']['accuracy']:.1f}%, {len(marked)} mistakes\n" in text
    bad = subprocess.run([sys.executable, "-m", "drako_desktop", "review", str(path), "--seat", "3"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "--seat must be a seat 1-2, not 3" in bad.stderr


def test_a_hint_says_why_in_words(aetherya):
    from conftest import parse_grid
    from drako_desktop import i18n
    from drako_desktop.games.aetherya_pocket.engine import View, claim, place

    mine = tuple(tuple(row) for row in parse_grid("? ? ? ? / ? plain ? ? / plain ? human ? / ? ? ? ?"))
    other = tuple(tuple(row) for row in parse_grid(""))
    view = View(players=2, seat=0, current=0, step="after-draw", kingdoms=(mine, other), hand=(), drawn="human",
                discard_top="forest", discard_size=3, draw_size=20, legend_row=("tribes-human", "four-tribes"),
                legends=((), ()), claimed_this_turn=False)
    # A Human between two Plains: +4, and a second Human connected makes the Tribe of Humans claimable.
    assert aetherya.hint_reason(view, place(2, 1)) == "+4 Human now, and makes Tribe of Humans claimable"
    assert aetherya.hint_reason(view, claim("four-tribes")).startswith("Claims The Four Tribes now: 4 points")
    # In a corner among face-down cards it scores nothing now: the hint says why the level still chose it.
    assert aetherya.hint_reason(view, place(0, 3)) == ("No points now: of the games played out from here, those "
                                                       "with the card in this place ended best")
    i18n.set_language("zh-TW")
    assert aetherya.hint_reason(view, place(2, 1)).startswith("現在 +4 人類")
