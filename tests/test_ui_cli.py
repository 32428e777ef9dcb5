"""The UI commands of `drako-desktop`, run as a person or a script would (subprocesses, dummy driver)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from drako_desktop import cli
from drako_desktop.games.aetherya_pocket.engine import GameState


def run(args, home, timeout=300):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", DRAKO_DESKTOP_HOME=str(home))
    return subprocess.run([sys.executable, "-m", "drako_desktop", *args], capture_output=True, text=True,
                          env=env, timeout=timeout)


@pytest.fixture
def home(tmp_path):
    """A player folder whose settings ask for instant animations (a scripted game need not be watched)."""
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({"version": 1, "animation_speed": "instant"}))
    return tmp_path


def test_selftest_exits_zero(home):
    result = run(["--selftest"], home)
    assert result.returncode == 0, result.stderr


def test_play_exit_at_end_prints_the_final_game(home, rules):
    """Even with a notice on the screen (a setting reset): a computer game never waits for a click."""
    (home / "config" / "settings.json").write_text(json.dumps({"version": 1, "animation_speed": "instant",
                                                               "window_width": 1}))
    result = run(["play", "--seats", "ai:random,ai:random,ai:random", "--seed", "17", "--exit-at-end"], home,
                 timeout=120)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout.strip().splitlines()[-1])
    assert set(out) == {"kingdoms", "legends", "scores", "winners"}
    assert len(out["kingdoms"]) == 3 and all(len(k) == 4 and all(len(r) == 4 for r in k) for k in out["kingdoms"])
    assert all(cell is not None for k in out["kingdoms"] for row in k for cell in row)  # all revealed
    # The printed scores are what the score command says of each final kingdom.
    for kingdom, legends, score in zip(out["kingdoms"], out["legends"], out["scores"]):
        grid = rules.kingdom_from_ids(kingdom)
        claimed = [rules.legend_index[leg] for leg in legends]
        assert score["total"] == rules.breakdown(grid, claimed).total
    totals = [s["total"] for s in out["scores"]]
    assert all(totals[w] == max(totals) for w in out["winners"])


@pytest.mark.parametrize("seats, message", [
    ("human", "2-4"),
    ("human,ai:nobody", "unknown seat"),
    ("human,robot", "unknown seat"),
    ("human,ai:random,ai:random,ai:random,ai:random", "2-4"),
])
def test_play_refuses_bad_seats_in_one_line(home, seats, message, capsys):
    """(In this process, `cli.main` as the program runs it: a refusal comes before any window opens.)"""
    assert cli.main(["play", "--seats", seats, "--exit-at-end"]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_bench_ui_prints_its_measures(home):
    result = run(["bench-ui", "--frames", "40", "--json"], home)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert set(out) == {"frames", "median_ms", "p99_ms", "max_ms", "cpu_median_ms", "cpu_p99_ms", "first_frame_ms",
                        "settled_p99_ms", "settled_max_ms", "settled_cpu_p99_ms", "settled_cpu_max_ms",
                        "settled_over_50_ms",
                        "reached_scores", "moves_shown"} and out["frames"] == 40
    assert 0 < out["median_ms"] <= out["p99_ms"] <= out["max_ms"]
    assert 0 < out["cpu_median_ms"] <= out["cpu_p99_ms"]
    assert 0 < out["settled_p99_ms"] <= out["settled_max_ms"] <= out["max_ms"]
    assert 0 < out["first_frame_ms"] <= out["max_ms"] and 0 < out["settled_cpu_p99_ms"] <= out["settled_cpu_max_ms"]
    assert out["settled_over_50_ms"] == 0 or out["settled_max_ms"] > 50


def test_bench_ui_times_a_table_joined_over_the_network(home):
    """bench-ui --joined: the table of a seat joined to a host on this computer, whose moves it is told of (and
    makes) over loopback; its frames are timed as a local table's."""
    result = run(["bench-ui", "--game", "draco-mundis", "--frames", "240", "--json", "--joined"], home)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["frames"] == 240 and 0 < out["median_ms"] <= out["p99_ms"]
    assert out["moves_shown"] >= 4, out  # the host's moves came and were shown (the setup's first placements)


def test_bench_idle_prints_the_cpu_share_of_each_screen(home):
    result = run(["bench-idle", "--seconds", "0.5", "--json"], home)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert set(out) == {"seconds", "menu_cpu", "table_cpu", "frames_drawn"} and out["seconds"] == 0.5
    assert 0 <= out["menu_cpu"] and 0 <= out["table_cpu"] and out["frames_drawn"] >= 2
    assert run(["bench-idle", "--seconds", "0"], home).returncode == 2


def test_score_and_simulate_still_work(home):
    kingdom = {"kingdom": [[None] * 4, [None, "human", "plain", None], [None, "plain", "forest", None], [None] * 4],
               "legends": []}
    env = dict(os.environ, DRAKO_DESKTOP_HOME=str(home))
    scored = subprocess.run([sys.executable, "-m", "drako_desktop", "score"], input=json.dumps(kingdom),
                            capture_output=True, text=True, env=env, timeout=60)
    assert json.loads(scored.stdout)["total"] == 4
    simulated = run(["simulate", "--games", "2", "--json"], home)
    assert json.loads(simulated.stdout)["games"] == 2
    assert GameState  # the engine is importable without pygame being touched by these commands
