"""The program tests/test_kill.py kills: the real App, keeping a person's games as it does for a player.

    DRAKO_DESKTOP_HOME=DIR python tests/kill_program.py SEED [--naive]

It opens the app (SDL's dummy drivers, persistence on: saves, statistics, settings
and the log are all real), continues the unfinished game if there is one (as
Continue does) or starts one: Ana, a person, against a computer playing random
moves. A script plays Ana: a random legal move on her turn, once the last one is
saved (a person is never quicker than a write), and every few moves it toggles a
setting (settings.json is written). When a game ends (statistics.json is
written), the next one starts. It never ends by itself: the test kills it, at
the moment of a write that storage.PAUSE_ENV chose. Anything that should not
happen (a message on the screen, an unusable file) ends it with status 3.

With --naive, every file is written the way the kill test must catch: truncated
and then written in place, with the same pause points ("truncated", "written").
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from drako_desktop import storage  # noqa: E402 - first, so that --naive replaces the writer everywhere

SETTING_EVERY = 5  # Ana's moves between two settings changes
NAIVE_STAGES = ("truncated", "written")


def naive_write_text(path: Path, text: str) -> None:
    """The file written in place: a kill between the two stages leaves it empty."""
    write = storage.write_begins(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        storage.write_reached("truncated", path, write)
        f.write(text)
        f.flush()
        storage.write_reached("written", path, write)


def fail(why: str) -> None:
    print(f"kill_program: {why}", file=sys.stderr, flush=True)
    sys.exit(3)


def main(seed: int) -> None:
    from drako_desktop import logsetup, saves
    from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
    from drako_desktop.interface import registry
    from drako_desktop.settings import Settings
    from drako_desktop.ui.app import App
    from drako_desktop.ui.scenes.dialogs import Dialog
    from drako_desktop.ui.scenes.scores import ScoreSheet

    logsetup.setup_logging()
    rng = random.Random(seed)
    settings, note = Settings.load()
    if note is not None:
        fail(f"the settings were damaged: {note}")
    app = App(registry.load("aetherya-pocket"), settings, persist=True, threaded=False)
    app.main_menu()
    unfinished, listing = saves.latest_unfinished(app.library)
    if listing.problems or listing.kept:
        fail(f"unusable saves: {'; '.join(map(str, listing.problems + listing.kept))}")

    def new_game() -> None:
        seats = (Seat("Ana"), Seat("Brynja", COMPUTER, "random"))
        app.start_game(GameSetup(seats, rng.randrange(2**31), rng.randrange(2)))

    if unfinished is not None:
        app.resume_game(unfinished)
    else:
        new_game()
    moves = 0
    while True:
        app.frame(1 / 60)
        top = app.scenes.top
        if isinstance(top, Dialog):
            fail(f"a message: {top.title}: {top.message} {top.detail}")
        if app.scenes.find(ScoreSheet) is not None:
            new_game()
            continue
        table = top
        if table.ending_turn():
            table.end_turn()  # the person's turn waits for End turn
            continue
        decision = table.decision()
        if decision is None or table.session.busy:
            continue
        table.play([rng.choice(decision.legal)])
        moves += 1
        if moves % SETTING_EVERY == 0:
            app.update_settings(sound=not app.ctx.settings.sound)


if __name__ == "__main__":
    if "--naive" in sys.argv:
        storage.atomic_write_text = naive_write_text  # before the modules that write are imported
    main(int(sys.argv[1]))
