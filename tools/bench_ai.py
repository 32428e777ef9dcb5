#!/usr/bin/env python3
"""Strength and speed of the computer opponents, against the targets of each game's AI issue.

Plays each pairing through the same `simulate` function as `drako-desktop simulate`
(seat 0 is the agent under test, who starts rotates, seeds derived from --seed), prints
a table, checks every target and exits 1 if one is missed.

Aetherya Pocket (the default, --game aetherya-pocket):

    hard vs medium (2 players)              hard wins >= 65%
    medium vs easy (2 players)              medium wins >= 65%
    easy vs random (2 players)              easy wins >= 75%
    hard, medium, medium, medium (4)        hard wins >= 40%
    decisions: hard median <= 500 ms and p99 <= 1500 ms; every other agent p99 <= 20 ms

Draco Mundis (--game draco-mundis), the targets of issue 31 ("sampler" is the yardstick, a one-step
sampling bot: games/draco_mundis/ai/sampling.py):

    hard vs sampler (2 players)             hard wins >= 95%
    medium vs sampler (2 players)           medium wins >= 65%
    easy vs sampler (2 players)             easy wins >= 35%
    hard vs medium (2 players)              hard wins >= 80%
    hard, medium, medium (3)                hard wins >= 67% (twice its fair share)
    hard, medium, medium, medium (4)        hard wins >= 50% (twice its fair share)
    medium vs easy, easy vs random (2)      medium wins >= 80%, easy >= 90% (the ladder's earlier bars)
    decisions of every level, at every player count: median <= 300 ms and p99 <= 1500 ms

And the review's accuracy (issue 31): --review-games N games of each level (random, easy, medium, hard) as seat 0
against medium at 2 players, seat 0's decisions reviewed by the hard level at --review-depth sampled worlds; the mean
accuracy must rank random < easy < medium < hard.

Every win rate is printed with its 95% interval (Wilson); a target "holds" when the measured rate reaches
it, and the interval says how sure that is ("surely" when all of it is on the same side).

Run it alone on the machine (one process; decision times are wall-clock):
    make bench-ai                           # Aetherya Pocket, 200 games per pairing (about an hour)
    make bench-ai ARGS="--game draco-mundis"
    make bench-ai ARGS=--quick              # 30 games per pairing: a smoke run, loose numbers
    python tools/bench_ai.py --game draco-mundis --games 100 --only hard-medium --json out.json
"""

from __future__ import annotations

import argparse
import io
import json
import math
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from drako_desktop.controller import review  # noqa: E402
from drako_desktop.controller.runner import simulate  # noqa: E402
from drako_desktop.interface import registry  # noqa: E402

QUICK_GAMES = 30


@dataclass(frozen=True)
class Targets:
    """One game's pairings (name, agent per seat, minimum win rate of seat 0) and decision-time limits (at most,
    per agent; an agent not named has none)."""

    pairings: tuple[tuple[str, tuple[str, ...], float], ...]
    median_ms: dict[str, float]
    p99_ms: dict[str, float]


DRACO_LEVEL_MS = {"hard": 300.0, "medium": 300.0, "easy": 300.0}  # issue 31: median, every player count
DRACO_LEVEL_P99_MS = {"hard": 1500.0, "medium": 1500.0, "easy": 1500.0}

TARGETS = {
    "aetherya-pocket": Targets(
        pairings=(
            ("hard-medium", ("hard", "medium"), 0.65),
            ("medium-easy", ("medium", "easy"), 0.65),
            ("easy-random", ("easy", "random"), 0.75),
            ("hard-3medium", ("hard", "medium", "medium", "medium"), 0.40),
        ),
        median_ms={"hard": 500.0},
        p99_ms={"hard": 1500.0, "medium": 20.0, "easy": 20.0, "random": 20.0},
    ),
    "draco-mundis": Targets(
        pairings=(
            ("hard-sampler", ("hard", "sampler"), 0.95),
            ("medium-sampler", ("medium", "sampler"), 0.65),
            ("easy-sampler", ("easy", "sampler"), 0.35),
            ("hard-medium", ("hard", "medium"), 0.80),
            ("hard-2medium", ("hard", "medium", "medium"), 2 / 3),
            ("hard-3medium", ("hard", "medium", "medium", "medium"), 0.50),
            ("medium-easy", ("medium", "easy"), 0.80),
            ("easy-random", ("easy", "random"), 0.90),
        ),
        median_ms=DRACO_LEVEL_MS,
        p99_ms=DRACO_LEVEL_P99_MS,
    ),
}


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of a win rate."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)  # (rounding could step past either end)


def rate_check(name: str, agent: str, wins: float, games: int, target: float) -> tuple[str, bool]:
    """Whether seat 0 reached its target win rate, said with the 95% interval and how sure the verdict is."""
    rate = wins / games if games else 0.0
    low, high = wilson(wins, games)
    holds = rate >= target
    sure = low >= target if holds else high < target
    text = (f"{name}: {agent} wins {100 * rate:.1f}% (95% interval {100 * low:.1f}-{100 * high:.1f}%, "
            f"{games} games) >= {100 * target:.0f}%: {'holds' if holds else 'missed'}"
            f"{', surely' if sure else ', not surely'}")
    return text, holds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(TARGETS), default="aetherya-pocket",
                        help="which game's opponents (default aetherya-pocket)")
    parser.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_GAMES} games per pairing (a smoke run)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of every pairing (default 2024)")
    parser.add_argument("--only", action="append", choices=sorted({p[0] for t in TARGETS.values() for p in t.pairings}),
                        help="run only this pairing (repeatable)")
    parser.add_argument("--json", type=Path, help="also write the simulate results to this file")
    parser.add_argument("--review-games", type=int, default=20,
                        help="games per level for the review's accuracy ranking (default 20; 0: none)")
    parser.add_argument("--review-depth", type=int, default=4,
                        help="sampled worlds per reviewed decision (default 4)")
    args = parser.parse_args(argv)
    games = QUICK_GAMES if args.quick else args.games
    targets = TARGETS[args.game]

    game = registry.load(args.game)
    results = {}
    checks: list[tuple[str, bool]] = []
    print(f"{game.name}")
    print(f"{'pairing':<14} {'games':>5} {'seed':>6} {'seat 0 wins':>12} {'95% interval':>14} {'target':>7}  "
          f"{'decision ms: agent median / p99 ...'}")
    for name, specs, target in targets.pairings:
        if args.only and name not in args.only:
            continue
        started = time.perf_counter()
        result = simulate(game, list(specs), games, args.seed)
        result["wall_seconds"] = round(time.perf_counter() - started, 1)
        results[name] = result
        seats = result["seats"]
        rate = seats[0]["win_rate"]
        low, high = wilson(seats[0]["wins"], games)
        checks.append(rate_check(name, specs[0], seats[0]["wins"], games, target))
        times = "  ".join(f"{s['agent']} {s['median_decision_ms']:.1f}/{s['p99_decision_ms']:.1f}" for s in seats)
        print(f"{name:<14} {games:>5} {args.seed:>6} {100 * rate:>11.1f}% {100 * low:>6.1f}-{100 * high:>5.1f}% "
              f"{100 * target:>6.0f}%  {times}   ({result['wall_seconds']:.0f} s)", flush=True)
        checks += speed_checks(name, seats, targets, len(specs))
    if args.review_games > 0 and not args.only:
        checks.append(review_ranking(game, args.review_games, args.seed, args.review_depth))
    print()
    for text, ok in checks:
        print(f"{'PASS' if ok else 'FAIL'}  {text}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0 if all(ok for _, ok in checks) else 1


REVIEWED_LEVELS = ("random", "easy", "medium", "hard")


def review_ranking(game: Any, games: int, seed: int, depth: int) -> tuple[str, bool]:
    """The review's mean accuracy of each level's decisions (seat 0 against medium): it must rank the levels."""
    means = []
    for level in REVIEWED_LEVELS:
        started = time.perf_counter()
        records = io.StringIO()
        simulate(game, [level, "medium"], games, seed, records=records)
        accuracies = []
        for line in records.getvalue().splitlines():
            record = json.loads(line)
            variants = [v for v, on in record.get("variants", {}).items() if on]
            actions = [game.action_from_json(a) for a in record["actions"]]
            judged = review.review_game(game, record["players"], record.get("seed", 0), record["first"], variants,
                                        actions, 0, depth=depth)
            accuracies.append(review.summarize(judged).accuracy)
        means.append(statistics.fmean(accuracies))
        spread = statistics.stdev(accuracies) if len(accuracies) > 1 else 0.0
        print(f"review accuracy of {level:<7} {means[-1]:5.1f}% (sd {spread:4.1f}, {games} games, depth {depth})"
              f"   ({time.perf_counter() - started:.0f} s)", flush=True)
    ranked = all(a < b for a, b in zip(means, means[1:]))
    text = ("review accuracy ranks " + " < ".join(f"{lv} {m:.1f}%" for lv, m in zip(REVIEWED_LEVELS, means))
            + f": {'holds' if ranked else 'missed'}")
    return text, ranked


def speed_checks(name: str, seats: list[dict[str, Any]], targets: Targets, players: int) -> list[tuple[str, bool]]:
    """The decision-time targets of one pairing: each agent's median and 99th percentile within its limits."""
    checks = []
    for s in seats:
        median, p99 = s["median_decision_ms"], s["p99_decision_ms"]
        who = f"{name} ({players} players): seat {s['seat']} {s['agent']}"
        if s["agent"] in targets.median_ms:
            limit = targets.median_ms[s["agent"]]
            checks.append((f"{who} median {median:.1f} ms <= {limit:.0f} ms", median <= limit))
        if s["agent"] in targets.p99_ms:
            limit = targets.p99_ms[s["agent"]]
            checks.append((f"{who} p99 {p99:.1f} ms <= {limit:.0f} ms", p99 <= limit))
    return checks


if __name__ == "__main__":
    sys.exit(main())
