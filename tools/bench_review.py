"""How honest the post-game review is, and how long it takes.

Plays N 2-player games for each of random, medium and hard (seat 0, the first seat rotating)
against a medium opponent, reviews seat 0 of every game at the default depth (the game's analyst:
the expert level), and prints the mean accuracy per level (they must come out ordered: random <
medium < hard) and the review time per game, wall-clock and processor time. A benchmark prints
figures; no test asserts a time.

    .venv/bin/python tools/bench_review.py [--games 20] [--depth 48] [--game aetherya-pocket] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from drako_desktop.ai import make_agent  # noqa: E402
from drako_desktop.controller.review import DEFAULT_DEPTH, review_game, summarize  # noqa: E402
from drako_desktop.controller.runner import derive_seed, run_game  # noqa: E402
from drako_desktop.interface import registry  # noqa: E402

LEVELS = ("random", "medium", "hard")
OPPONENT = "medium"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per level (default 20)")
    parser.add_argument("--depth", type=int, default=DEFAULT_DEPTH, help=f"review depth (default {DEFAULT_DEPTH})")
    parser.add_argument("--game", default="aetherya-pocket", choices=registry.game_ids())
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    game = registry.load(args.game)
    results = {}
    for level in LEVELS:
        accuracies, seconds, cpu_seconds, mistakes = [], [], [], []
        for g in range(args.games):
            state = game.new_state(2, derive_seed(args.seed, level, g), g % 2)
            agents = [make_agent(game, level, derive_seed(args.seed, "reviewed", g)),
                      make_agent(game, OPPONENT, derive_seed(args.seed, "opponent", g))]
            run_game(game, state, agents)
            started, cpu_started = time.perf_counter(), time.thread_time()
            decisions = review_game(
                game, 2, state.seed, state.first, sorted(state.variants), state.history, 0, depth=args.depth
            )
            seconds.append(time.perf_counter() - started)
            cpu_seconds.append(time.thread_time() - cpu_started)  # what it costs whatever else the machine runs
            summary = summarize(decisions)
            accuracies.append(summary.accuracy)
            mistakes.append(sum(d.mistake for d in decisions))
        results[level] = {
            "games": args.games, "mean_accuracy": round(statistics.fmean(accuracies), 2),
            "stdev_accuracy": round(statistics.stdev(accuracies), 2) if len(accuracies) > 1 else 0.0,
            "mean_mistakes": round(statistics.fmean(mistakes), 2),
            "median_review_s": round(statistics.median(seconds), 1), "max_review_s": round(max(seconds), 1),
            "median_review_cpu_s": round(statistics.median(cpu_seconds), 1),
            "max_review_cpu_s": round(max(cpu_seconds), 1),
        }
        r = results[level]
        print(f"{level:<7} accuracy {r['mean_accuracy']:5.1f}% (sd {r['stdev_accuracy']:4.1f}), "
              f"{r['mean_mistakes']:4.1f} mistakes a game, review {r['median_review_s']} s median, "
              f"{r['max_review_s']} s at most (processor time {r['median_review_cpu_s']} s median, "
              f"{r['max_review_cpu_s']} s at most)", flush=True)
    ordered = results["random"]["mean_accuracy"] < results["medium"]["mean_accuracy"] < results["hard"]["mean_accuracy"]
    print(f"ordered random < medium < hard: {ordered}")
    if args.json:
        args.json.write_text(json.dumps({"game": args.game, "depth": args.depth, "levels": results}, indent=1))
    return 0 if ordered else 1


if __name__ == "__main__":
    sys.exit(main())
