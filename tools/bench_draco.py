"""Draco Mundis engine benchmark: it prints figures, nothing asserts a time.

Plays N games of uniformly random legal actions (setup selects included) from a seeded
random.Random, in-process on one core, and prints games per second (per second of wall-clock
and of processor time), the mean number of actions per game, the mean number of legal actions
per decision, how the games ended, and the speed of clone() and of legal_actions() + apply() alone.

Usage: python tools/bench_draco.py [--games N] [--players P] [--variants v1,v2] [--seed S] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time
from collections import Counter

from drako_desktop.games.draco_mundis import GameState, load


def play(game_state: GameState, rng: random.Random) -> tuple[int, int]:
    """Play one game to its end; (actions, sum of the legal-action counts over its decisions)."""
    actions = options = 0
    while not game_state.is_terminal():
        legal = game_state.legal_actions()
        options += len(legal)
        game_state.apply(legal[rng.randrange(len(legal))])
        actions += 1
    return actions, options


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variants", default="", help="comma-separated: fast_setup,sherpa_sacrifice,dragon_trap")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="print the 25 most expensive functions")
    args = parser.parse_args()
    game = load()
    variants = [v for v in args.variants.split(",") if v]
    rng = random.Random(args.seed)
    ends: Counter[str] = Counter()
    profiler = cProfile.Profile() if args.profile else None
    total_actions = total_options = 0
    start, cpu = time.perf_counter(), time.process_time()
    if profiler:
        profiler.enable()
    finals = []
    for i in range(args.games):
        s = game.new_state(args.players, 0, i % args.players, variants)
        actions, options = play(s, rng)
        total_actions += actions
        total_options += options
        ends[s.ended] += 1
        finals.append(s)
    if profiler:
        profiler.disable()
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"{args.games} random {args.players}-player games ({', '.join(variants) or 'no variant'}) in {elapsed:.2f} s:"
          f" {args.games / elapsed:,.0f} games/s, {total_actions / elapsed:,.0f} actions/s;"
          f" {args.games / cpu:,.0f} games per CPU-second (what a shared machine moves less)")
    print(f"mean actions per game {total_actions / args.games:.1f}, "
          f"mean legal actions per decision {total_options / total_actions:.1f}, ends {dict(ends)}")
    sample = finals[:50]
    start = time.perf_counter()
    for _ in range(20):
        for s in sample:
            s.clone()
    per_clone = (time.perf_counter() - start) / (20 * len(sample))
    print(f"clone(): {per_clone * 1e6:.1f} µs")
    if profiler:
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
