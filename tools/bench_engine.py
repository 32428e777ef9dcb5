"""Engine benchmarks (`make bench`): they print figures, nothing asserts a time.

1. `drako-desktop score --jsonl` on 10,000 random kingdoms (a real subprocess).
2. `drako-desktop simulate --agents random,random --games 2000` (a real subprocess), for Aetherya Pocket.
3. The same simulation in-process, with its CPU time and peak memory.
4. `drako-desktop simulate --game draco-mundis --agents random,random --games 500` (a real subprocess).

Usage: python tools/bench_engine.py [--kingdoms N] [--games N] [--draco-games N] [--seed S]
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TYPES = ["plain", "swamp", "mountain", "forest", "human", "elf", "dwarf", "goblin", "dragon", "portal"]
LEGENDS = ["alliance-human-elf", "four-tribes", "lands-forest", "battle-goblin-human"]


def random_kingdoms(n: int, seed: int) -> str:
    rng = random.Random(seed)
    lines = []
    for _ in range(n):
        counts: dict[str, int] = {}
        grid = []
        for _ in range(4):
            row = []
            for _ in range(4):
                t = rng.choice(TYPES + [None, None])
                if t is not None and counts.get(t, 0) >= 8:
                    t = None
                if t is not None:
                    counts[t] = counts.get(t, 0) + 1
                row.append(t)
            grid.append(row)
        lines.append(json.dumps({"kingdom": grid, "legends": rng.sample(LEGENDS, rng.randrange(3))}))
    return "\n".join(lines) + "\n"


def command() -> list[str]:
    return [sys.executable, "-m", "drako_desktop"]


def bench_score(n: int, seed: int) -> None:
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write(random_kingdoms(n, seed))
        path = f.name
    start = time.perf_counter()
    out = subprocess.run([*command(), "score", "--jsonl", path], capture_output=True, text=True, check=True)
    elapsed = time.perf_counter() - start
    Path(path).unlink()
    results = out.stdout.count("\n")
    print(f"score --jsonl: {results} kingdoms in {elapsed:.2f} s (process start included): "
          f"{results / elapsed:,.0f} kingdoms/s")


def bench_simulate_cli(games: int, seed: int, game: str = "aetherya-pocket") -> None:
    start = time.perf_counter()
    out = subprocess.run([*command(), "simulate", "--game", game, "--agents", "random,random", "--games", str(games),
                          "--seed", str(seed), "--json"], capture_output=True, text=True, check=True)
    elapsed = time.perf_counter() - start
    result = json.loads(out.stdout)
    print(
        f"simulate --game {game} random,random: {games} games, {result['games_per_second']:,.0f} games/s "
        f"(inside the command), {result['mean_actions']} actions per game, {elapsed:.2f} s wall for the whole process"
    )


def bench_simulate_inprocess(games: int, seed: int) -> None:
    from drako_desktop import games as registry
    from drako_desktop.controller.runner import simulate

    game = registry.load("aetherya-pocket")
    cpu = time.process_time()
    result = simulate(game, ["random", "random"], games, seed)
    cpu = time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"in-process: {games / cpu:,.0f} games per CPU-second on one core, "
          f"{result['mean_turns']} turns per game, peak memory {peak:.0f} MiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kingdoms", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--draco-games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    bench_score(args.kingdoms, args.seed)
    bench_simulate_cli(args.games, args.seed)
    bench_simulate_inprocess(args.games, args.seed)
    bench_simulate_cli(args.draco_games, args.seed, "draco-mundis")


if __name__ == "__main__":
    main()
