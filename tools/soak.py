"""Many whole games played through the screen the way people play them: the soak before a release.

    make soak ARGS="--games 300 --first 0 --jobs 2"

Each seed makes one game of each registered game (or of `--game`) with the tests' screen player
(tests/screen_player.py): 2-4 players, one to all of them people at the screen and the rest computers, a
variant set, an animation speed (normal most often) and how the people choose (at random, or by a level), all
drawn from the seed; the people click, drag and type through the app's frame loop with every frame drawn, and
interrupt themselves as people do. A game that raises (an error escaping a scene, a person's secret on screen
while somebody else may look, a move its gestures cannot play, a record that replays to another result) is
counted with its seed and its first line, and the soak goes on. It prints a line for each game as it ends, then
games, frames, moves, errors and privacy findings, and exits 1 if there was any.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

SPEEDS = ("normal", "normal", "fast", "instant")  # (no slow: as normal, only longer)


def mix(game_id: str, seed: int) -> dict:
    """The table a seed makes: players, people, speed, variants and how the people choose."""
    from drako_desktop.interface.registry import load
    from drako_desktop.settings import COMPUTER_PACES

    game = load(game_id)
    rng = random.Random(f"soak/{game_id}/{seed}")
    players = rng.randint(game.min_players, game.max_players)
    variants = tuple(v.id for v in game.variants if rng.random() < 0.5)
    return {"players": players, "people": rng.randint(1, players), "speed": rng.choice(SPEEDS),
            "pace": rng.choice(COMPUTER_PACES), "variants": variants,
            "chooser": rng.choice(("random", "random", "easy"))}


def play(game_id: str, seed: int) -> tuple[str, int, dict, int, int, str]:
    """One game: (game, seed, its mix, frames, moves, "" or what went wrong)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["DRAKO_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="drako-soak-")
    from drako_desktop.interface.registry import load

    screen_player = importlib.import_module("screen_player")  # the tests' (tests/ is on the path)
    table = mix(game_id, seed)
    seats = screen_player.seats_of(table["people"], table["players"])
    player = screen_player.ScreenPlayer(load(game_id), seats, seed=seed, speed=table["speed"], pace=table["pace"],
                                        variants=table["variants"], chooser=table["chooser"],
                                        name=f"soak-{game_id}-{seed}")
    try:
        report = player.play()
    except screen_player.Leak as exc:
        return game_id, seed, table, player.report.frames, player.report.moves, f"privacy: {exc}"
    except Exception as exc:  # the soak counts every failure and goes on
        return game_id, seed, table, player.report.frames, player.report.moves, f"{type(exc).__name__}: {exc}"
    finally:
        player.app.close()
    return game_id, seed, table, report.frames, report.moves, ""


def main(argv: list[str] | None = None) -> int:
    from drako_desktop.interface.registry import game_ids

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="seeds to play (each: one game of each game)")
    parser.add_argument("--first", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--game", choices=game_ids(), help="only this game")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="games played at once")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= 100_000 or not 1 <= args.jobs <= 64:
        parser.error("--games: 1 to 100000; --jobs: 1 to 64")
    games = [args.game] if args.game else list(game_ids())
    work = [(g, seed) for seed in range(args.first, args.first + args.games) for g in games]
    started = time.perf_counter()
    totals = {g: {"games": 0, "frames": 0, "moves": 0, "errors": 0, "privacy": 0} for g in games}
    failures: list[str] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for game_id, seed, table, frames, moves, problem in pool.map(play, *zip(*work)):
            total = totals[game_id]
            total["games"] += 1
            total["frames"] += frames
            total["moves"] += moves
            print(f"{game_id} seed {seed}: {frames} frames, {moves} moves, {'FAILED' if problem else 'ok'}", flush=True)
            if problem:
                total["privacy" if problem.startswith("privacy") else "errors"] += 1
                failures.append(f"{game_id} seed {seed} {table}: {problem.splitlines()[0][:400]}")
                print(failures[-1], flush=True)
    elapsed = time.perf_counter() - started
    print(f"seeds {args.first}-{args.first + args.games - 1}, {elapsed:.0f} s with {args.jobs} jobs")
    for game_id, total in totals.items():
        print(f"{game_id}: {total['games']} games, {total['frames']} frames, {total['moves']} moves, "
              f"{total['errors']} errors, {total['privacy']} privacy findings")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
