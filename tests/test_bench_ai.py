"""tools/bench_ai.py's verdicts: the win-rate targets said with their 95% (Wilson) intervals, and the decision-time
limits of every level (no game is played here: the benchmark's win rates are never asserted in a test)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent / "tools"))
import bench_ai  # noqa: E402


def test_the_wilson_interval_of_known_cases():
    low, high = bench_ai.wilson(19, 20)
    assert (round(low, 4), round(high, 4)) == (0.7639, 0.9911)
    assert bench_ai.wilson(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))
    assert bench_ai.wilson(30, 30)[1] == 1.0 and bench_ai.wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(("wins", "games", "target", "holds", "verdict"), [
    (19, 20, 0.95, True, "holds, not surely"),  # on the bar, but 20 games say little
    (200, 200, 0.65, True, "holds, surely"),
    (10, 30, 0.65, False, "missed, surely"),
    (18, 30, 0.65, False, "missed, not surely"),
    (7.5, 10, 0.5, True, "holds, not surely"),  # a shared victory counts a fraction
])
def test_a_win_rate_target_is_judged_with_its_interval(wins, games, target, holds, verdict):
    text, ok = bench_ai.rate_check("hard-sampler", "hard", wins, games, target)
    assert ok is holds
    low, high = bench_ai.wilson(wins, games)
    assert text == (f"hard-sampler: hard wins {100 * wins / games:.1f}% (95% interval {100 * low:.1f}-"
                    f"{100 * high:.1f}%, {games} games) >= {100 * target:.0f}%: {verdict}")


def test_every_draco_level_is_held_to_the_decision_times_and_the_yardstick_is_not():
    seats = [{"seat": 0, "agent": "hard", "median_decision_ms": 301.0, "p99_decision_ms": 900.0},
             {"seat": 1, "agent": "medium", "median_decision_ms": 3.0, "p99_decision_ms": 1501.0},
             {"seat": 2, "agent": "sampler", "median_decision_ms": 5000.0, "p99_decision_ms": 9000.0}]
    checks = bench_ai.speed_checks("hard-2medium", seats, bench_ai.TARGETS["draco-mundis"], 3)
    assert [ok for _, ok in checks] == [False, True, True, False]
    assert checks[0][0] == "hard-2medium (3 players): seat 0 hard median 301.0 ms <= 300 ms"
    assert not any("sampler" in text for text, _ in checks)


def test_draco_targets_are_the_issues():
    """Issue 31: against the sampler at 2 players hard 95%, medium 65%, easy 35%; hard against medium 80% at 2
    players and twice its fair share with 3 and 4; every level at most 300 ms median and 1.5 s p99."""
    targets = bench_ai.TARGETS["draco-mundis"]
    pairings = {name: (agents, target) for name, agents, target in targets.pairings}
    assert {name: target for name, (agents, target) in pairings.items() if agents[1:] == ("sampler",)} == {
        "hard-sampler": 0.95, "medium-sampler": 0.65, "easy-sampler": 0.35}
    assert pairings["hard-medium"] == (("hard", "medium"), 0.80)
    for players in (3, 4):
        agents, target = next(p for p in pairings.values() if p[0] == ("hard",) + ("medium",) * (players - 1))
        assert target == pytest.approx(2 / players)
    assert targets.median_ms == {"hard": 300.0, "medium": 300.0, "easy": 300.0}
    assert targets.p99_ms == {"hard": 1500.0, "medium": 1500.0, "easy": 1500.0}
