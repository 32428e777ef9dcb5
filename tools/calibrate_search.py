#!/usr/bin/env python3
"""What a unit of the search levels' budget costs on this machine: processor time per unit of work.

The hard and expert levels budget their work in counts, not seconds (docs/computer-opponents.md): Draco Mundis the
positions its evaluator scores (`Evaluator.evaluations`), Aetherya Pocket the actions its playouts play
(`Playout.actions`). This plays a few games of the hard level against medium and divides the hard level's decision
time (processor time of this thread, the plan and the search around the counted work included) by its count, the
figure the budgets are calibrated with. A benchmark prints figures; no test asserts a time.

    .venv/bin/python tools/calibrate_search.py [--game aetherya-pocket] [--players 2] [--games 6] [--seed 9]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from drako_desktop.ai import make_agent  # noqa: E402
from drako_desktop.controller.runner import derive_seed, run_game  # noqa: E402
from drako_desktop.interface import registry  # noqa: E402

# Where each game's search level keeps its count of work, and what its units are called (many, one).
WORK: dict[str, tuple[str, str, Callable[[Any], int]]] = {
    "aetherya-pocket": ("played-out actions", "a played-out action", lambda agent: agent.playout.actions),
    "draco-mundis": ("evaluations", "an evaluation", lambda agent: agent.ev.evaluations),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(WORK), default="aetherya-pocket")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--games", type=int, default=6, help="games of hard against medium (default 6)")
    parser.add_argument("--seed", type=int, default=9, help="game i is dealt from derive_seed(seed, 'game', i)")
    args = parser.parse_args(argv)
    game = registry.load(args.game)
    units, one, count = WORK[args.game]
    spent = 0.0
    work = 0
    for i in range(args.games):
        state = game.new_state(args.players, derive_seed(args.seed, "game", i), i % args.players, ())
        hard = make_agent(game, "hard", derive_seed(args.seed, "agent", i, 0))
        decide = hard.choose

        def timed(view: Any, legal: Any, decide: Any = decide) -> int:
            nonlocal spent
            started = time.process_time()
            try:
                return int(decide(view, legal))
            finally:
                spent += time.process_time() - started

        hard.choose = timed  # type: ignore[method-assign]
        others = [make_agent(game, "medium", derive_seed(args.seed, "agent", i, p)) for p in range(1, args.players)]
        run_game(game, state, [hard, *others])
        work += count(hard)
    print(f"{args.game}, {args.players} players, {args.games} games of hard against medium: {work:,} {units} "
          f"in {spent:.1f} s of decisions, {spent / max(1, work) * 1e6:.0f} µs {one}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
