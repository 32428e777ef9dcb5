#!/usr/bin/env python3
"""Fit the Draco Mundis hard level's beliefs (games/draco_mundis/ai/belief_table.py) on self-play.

Plays medium-level games at 2, 3 and 4 players; every seat watches its rivals as the hard level
does (`belief.Watch`, from its own views), and at the first decision of each of its turns counts,
for every rival face-down token it does not know, the evidence against the token's true kind.
The table holds P(evidence bucket | kind) per feature, with one game-count added to every cell
(Laplace) so that no kind is ever ruled out. The seeds are not the tests' (test_draco_beliefs.py).

    python tools/fit_draco_beliefs.py            # 80 + 30 + 30 games, about two minutes
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from drako_desktop.controller.runner import derive_seed  # noqa: E402
from drako_desktop.games.draco_mundis import DracoMundis  # noqa: E402
from drako_desktop.games.draco_mundis.actions import square  # noqa: E402
from drako_desktop.games.draco_mundis.ai import MediumAgent  # noqa: E402
from drako_desktop.games.draco_mundis.ai.belief import (  # noqa: E402
    DECLINED_BUCKETS,
    DISTANCE_BUCKETS,
    Watch,
)
from drako_desktop.games.draco_mundis.engine import GameState  # noqa: E402
from drako_desktop.games.draco_mundis.rules import KIND_MASK  # noqa: E402
from drako_desktop.interface import registry  # noqa: E402

TABLE = "drako_desktop/games/draco_mundis/ai/belief_table.py"
FEATURES = {"distance": DISTANCE_BUCKETS, "declined": DECLINED_BUCKETS}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs=3, default=(80, 30, 30), metavar=("TWO", "THREE", "FOUR"),
                        help="games at 2, 3 and 4 players")
    parser.add_argument("--seed", type=int, default=9100)
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / TABLE)
    args = parser.parse_args(argv)
    game = registry.load("draco-mundis")
    assert isinstance(game, DracoMundis)
    kinds = game.rules.kinds
    counts = {f: {k: [0] * n for k in kinds} for f, n in FEATURES.items()}
    played = 0
    for players, games in zip((2, 3, 4), args.games):
        for g in range(games):
            state = game.new_state(players, derive_seed(args.seed, "game", players, g), g % players, ())
            agents = [MediumAgent(game.rules, derive_seed(args.seed, "agent", players, g, i)) for i in range(players)]
            watches = [Watch() for _ in range(players)]
            play(state, agents, watches, counts)
            played += 1
    table = {f: {k: [(n + 1) / (sum(row) + len(row)) for n in row] for k, row in by_kind.items()}
             for f, by_kind in counts.items()}
    lines = ['"""P(evidence bucket | kind) of the hard level\'s beliefs (belief.py), fitted by '
             'tools/fit_draco_beliefs.py',
             f"on {played} medium-level games (2/3/4 players: {'/'.join(map(str, args.games))}), seed {args.seed}.",
             "Do not edit: run the tool again. The observations behind each row are in the comments.\"\"\"", "",
             "LIKELIHOOD: dict[str, dict[str, list[float]]] = {"]
    for feature, by_kind in table.items():
        lines.append(f"    {feature!r}: {{")
        for kind, row in by_kind.items():
            observed = counts[feature][kind]
            lines.append(f"        {kind!r}: [{', '.join(f'{p:.5f}' for p in row)}],  # {observed}")
        lines.append("    },")
    lines.append("}")
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{played} games; written {args.out}")
    return 0


def play(state: GameState, agents: list[MediumAgent], watches: list[Watch],
         counts: dict[str, dict[str, list[int]]]) -> None:
    kinds = state.rules.kinds
    while not state.is_terminal():
        seat = state.current
        view = state.view(seat)
        legal = state.legal_actions()
        watch = watches[seat]
        watch.observe(view)
        if view.decision == "act" and view.actions_left == 2:
            for spot in view.squares:
                if spot.down >= 0 and spot.down != seat and spot.down_kind is None:
                    kind = kinds[state.down[square(*spot.at)] & KIND_MASK]
                    distance, declined = watch.evidence(spot.at)
                    counts["distance"][kind][distance] += 1
                    counts["declined"][kind][declined] += 1
        state.apply(legal[agents[seat].choose(view, legal)])


if __name__ == "__main__":
    sys.exit(main())
