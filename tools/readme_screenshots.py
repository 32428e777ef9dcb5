"""Draw the README's table screenshots again from the real app (a fixed game, so the same pictures).

    SDL_VIDEODRIVER=dummy python tools/readme_screenshots.py [--out docs]

Each picture is a 4-player game at 1600 x 900 with one person and three medium computers, taken when the
person's turn comes after a few rounds: the computers' last turns marked and told, as a player sees it.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import pygame

from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.interface import registry
from drako_desktop.settings import Settings
from drako_desktop.ui.app import App
from drako_desktop.ui.table import TableScene

DT = 1 / 60
SIZE = (1600, 900)
MAX_FRAMES = 40_000
ROUNDS = 5  # the person's turn after this many rounds: the computers' turns marked and told


def table_picture(game_id: str, language: str, rounds: int, seed: int) -> pygame.Surface:
    """The table when the person's turn comes for the `rounds`-th time (the person plays as the medium
    computer level would, from their own view)."""
    game = registry.load(game_id)
    app = App(game, Settings(animation_speed="fast", language=language), size=SIZE, persist=False, threaded=False)
    names = ("You", "Brynja", "Corvin", "Dagny") if language == "en" else ("你", "布琳雅", "柯文", "達妮")
    seats = (Seat(names[0]),) + tuple(Seat(name, COMPUTER, "medium") for name in names[1:])
    table = app.start_game(GameSetup(seats, seed, 0, game.id))
    assert isinstance(table, TableScene)
    person = game.make_agent("medium", seed)
    turns = 0
    for _ in range(MAX_FRAMES):
        app.frame(DT)
        if getattr(table, "ending_turn", lambda: False)():
            table.end_turn()
            continue
        decision = table.decision()
        if decision is None or not table.choreo.idle:
            continue
        if decision.kind == "turn-start" and decision.seat == 0:
            turns += 1
            if turns > rounds:
                for _ in range(90):  # the marks' pulse settles into their lasting frame
                    app.frame(DT)
                picture = app.surface.copy()
                app.close()
                return picture
        chosen = person.choose(table.controller.view(), decision.legal)
        table.play([decision.legal[chosen]])
    raise SystemExit(f"{game_id}: the person's turn {rounds + 1} never came")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("docs"))
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    for name, game_id, language in (("screenshot-table", "aetherya-pocket", "en"),
                                    ("screenshot-zh-TW", "aetherya-pocket", "zh-TW")):
        path = args.out / f"{name}.jpg"
        pygame.image.save(table_picture(game_id, language, rounds=ROUNDS, seed=11), str(path))
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
