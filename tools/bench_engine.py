"""Engine benchmarks (`make bench`): they print figures, nothing asserts a time.

1. `drako-desktop score --jsonl` on 10,000 random kingdoms (a real subprocess).
2. `drako-desktop simulate --agents random,random --games 2000` (a real subprocess), for Aetherya Pocket.
3. The same simulation in-process, with its CPU time and peak memory.
4. `drako-desktop simulate --game draco-mundis --agents random,random --games 500` (a real subprocess).
5. The same simulation in-process, with its CPU time.

Each subprocess's processor time is printed beside its wall-clock time: on a shared machine the wall-clock
figures move with the other programs, the processor time much less.

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


def children_cpu() -> float:
    """Processor seconds of the finished subprocesses so far (user and system)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(args: list[str]) -> tuple[subprocess.CompletedProcess[str], float, float]:
    """Run a subprocess to its end: (its result, wall seconds, processor seconds)."""
    start, cpu = time.perf_counter(), children_cpu()
    out = subprocess.run(args, capture_output=True, text=True, check=True)
    return out, time.perf_counter() - start, children_cpu() - cpu


def bench_score(n: int, seed: int) -> None:
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write(random_kingdoms(n, seed))
        path = f.name
    out, elapsed, cpu = run([*command(), "score", "--jsonl", path])
    Path(path).unlink()
    results = out.stdout.count("\n")
    print(f"score --jsonl: {results} kingdoms in {elapsed:.2f} s, {cpu:.2f} s CPU (process start included): "
          f"{results / elapsed:,.0f} kingdoms/s, {results / cpu:,.0f} per CPU-second")


def bench_simulate_cli(games: int, seed: int, game: str = "aetherya-pocket") -> None:
    out, elapsed, cpu = run([*command(), "simulate", "--game", game, "--agents", "random,random",
                             "--games", str(games), "--seed", str(seed), "--json"])
    result = json.loads(out.stdout)
    print(
        f"simulate --game {game} random,random: {games} games, {result['games_per_second']:,.0f} games/s "
        f"(inside the command), {result['mean_actions']} actions per game, {elapsed:.2f} s wall and "
        f"{cpu:.2f} s CPU for the whole process"
    )


def bench_simulate_inprocess(games: int, seed: int, game_id: str = "aetherya-pocket") -> None:
    from drako_desktop.controller.runner import simulate
    from drako_desktop.interface import registry

    game = registry.load(game_id)
    cpu = time.process_time()
    result = simulate(game, ["random", "random"], games, seed)
    cpu = time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"in-process {game_id}: {games / cpu:,.0f} games per CPU-second on one core, "
          f"{result['mean_turns']} turns per game, peak memory so far {peak:.0f} MiB")


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
    bench_simulate_inprocess(args.draco_games, args.seed, "draco-mundis")


if __name__ == "__main__":
    main()
