"""Starting the app from the command line: the game, a game straight away, the self-test and the UI benchmark.

Kept apart from cli.py so that the command-line tools that need no window
(score, simulate) never import pygame.
"""

from __future__ import annotations

import json
import logging
import random
import signal
import statistics
import threading
import time
from typing import Any

import pygame

from .. import __version__
from ..console import Failure, OutputError, Writable
from ..controller.game import COMPUTER, GameController, GameSetup, Seat
from ..i18n import Message, tr
from ..interface.game import Game
from ..interface.registry import Library
from ..logsetup import setup_logging
from ..saves import SavedGame, clear_stale_temporaries
from ..settings import Settings
from .app import FPS, App
from .scenes.scores import ScoreSheet
from .table import TableScene

log = logging.getLogger(__name__)


def game_result(controller: GameController) -> dict:
    """The `play --exit-at-end` object: the game's final result (Aetherya Pocket: the final kingdoms,
    claimed legends, scores and winners)."""
    return controller.result()


def run_app(game: Game, settings: Settings, note: Message | None, setup: GameSetup | None = None,
            exit_at_end: bool = False, out: Writable | None = None, resume: SavedGame | None = None,
            library: Library | None = None, view: tuple[SavedGame, int | None] | None = None,
            persist: bool = True) -> int:
    """The game: the main menu, a new game (`setup`) or a saved one (`resume`) straight away, or a game on the
    viewer (`view`: the game and the move to show first); `persist`: games, statistics and settings are saved."""
    log_file = setup_logging()
    log.info("drako-desktop %s starting (log %s)", __version__, log_file)
    if clear_stale_temporaries():
        log.info("removed the temporary files of saves cut short")
    with TerminationRequest() as terminated:  # before the window opens: SDL takes SIGTERM for a click on Close
        app = open_app(game, settings, note, setup, exit_at_end, out, resume, library=library, view=view,
                       persist=persist)
        terminated.attach(app)
        try:
            code = app.run()
        finally:
            log.info("drako-desktop closed%s", " (ended by SIGTERM)" if terminated.requested else "")
    if app.failure is not None:  # an unattended run that could not go on: the command says why
        raise app.failure
    return code


class TerminationRequest:
    """SIGTERM ends the app as Quit does (the game saved, the opponents' process ended), with the status a shell
    gives a process ended by it, 143: not 0, which a script takes for a game played to its end (SDL made it a click
    on the window's Close). SIGINT (130) and SIGHUP (129) end it as they end any program. Only the main thread
    can be given a signal's handler; elsewhere (tests driving the app) nothing changes."""

    STATUS = 128 + signal.SIGTERM

    def __init__(self) -> None:
        self.app: App | None = None
        self.requested = False
        self._installed = False
        self._previous: Any = None

    def __enter__(self) -> "TerminationRequest":
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGTERM, self._handle)
            self._installed = True
        return self

    def _handle(self, signum: int, frame: Any) -> None:
        self.requested = True
        self._ask()

    def attach(self, app: App) -> None:
        """The app to end: at once, if SIGTERM came while it was being opened."""
        self.app = app
        self._ask()

    def _ask(self) -> None:
        if self.requested and self.app is not None:
            self.app.quit(self.STATUS)

    def __exit__(self, *exc: object) -> None:
        if self._installed:
            signal.signal(signal.SIGTERM, self._previous)


def open_app(game: Game, settings: Settings, note: Message | None, setup: GameSetup | None = None,
             exit_at_end: bool = False, out: Writable | None = None, resume: SavedGame | None = None,
             view: tuple[SavedGame, int | None] | None = None, **options) -> App:
    """The app with its first scene up (and the broken-settings message over it), not yet running."""
    if note:
        log.warning("settings: %s", note)
    app = App(game, settings, **options)
    if exit_at_end:
        app.unattended = True

        def finish(controller: GameController) -> None:
            try:
                if out is not None:
                    out.write(json.dumps(game_result(controller)) + "\n")
                    out.flush()
            except OutputError as exc:
                app.fail(exc)
            session = app.current_session()
            if session is not None:
                session.flush()  # the last position: saved, or why not
                if session.error is not None:
                    app.fail(Failure(str(session.error)))
            app.quit(app.exit_code)

        app.on_game_over = finish
    if setup is not None:
        app.start_game(setup)
    else:
        app.main_menu()
        if resume is not None:  # straight onto the table (or its message over the menu if it cannot open)
            app.resume_game(resume)
        elif view is not None:  # the viewer over the menu: Back goes there
            app.open_viewer(*view)
    if note:  # a broken settings file: defaults, and the player is told (the next change writes a good file)
        app.notify(tr("errors.settings_title"), tr("errors.settings_reset_detail"), detail=str(note))
    return app


def selftest(game: Game, library: Library) -> int:
    """Open the app, draw the main menu and a table of every game for one frame each, close
    (a frozen build that left a game's modules out fails here)."""
    app = App(game, Settings(), library=library, persist=False, size=(1280, 720), threaded=False)
    app.main_menu()
    app.frame(1 / FPS)
    for game_id in app.library:
        computers = range(1, app.library[game_id].min_players)  # house rules may ask for more players
        seats = (Seat("Selftest"), *(Seat(f"Computer {i}", COMPUTER, "random") for i in computers))
        app.start_game(GameSetup(seats, seed=1, game=game_id))
        app.frame(1 / FPS)
    app.close()
    return 0


def bench_ui(game: Game, frames: int, level: str, size: tuple[int, int], joined: bool = False) -> dict:
    """Play a computer-only 4-player game through the real table scene at normal animation speed and
    time each frame's update + draw (the wait for the next 60 Hz tick is left out). `joined`: the table is a seat
    joined over the network (a host on a thread of this process plays the other seats at `level`, on loopback),
    whose decisions are made at random between frames, outside the time measured."""
    app = App(game, Settings(animation_speed="normal"), size=size, persist=False)
    seats = tuple(Seat(f"Computer {i + 1}", COMPUTER, level) for i in range(game.max_players))
    host = None
    if joined:
        host = _host_for_a_joined_table(app, game, seats[:-1])
    else:
        app.start_game(GameSetup(seats, seed=2024, game=game.id))
    rng = random.Random(2024)
    times, cpu = [], []
    clock = pygame.time.Clock()
    for _ in range(frames):
        start, start_cpu = time.perf_counter(), time.thread_time()
        app.frame(1 / FPS, pygame.event.get())
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - start_cpu) * 1000)
        if host is not None:
            _joined_seat_decides(app, rng)
        clock.tick(FPS)
    reached = app.scenes.find(ScoreSheet) is not None
    table = app.scenes.find(TableScene)
    moves = len(table.controller.actions) if isinstance(table, TableScene) else 0  # (a joined table's too)
    app.close()
    if host is not None:
        host.stop()
    ordered = sorted(times)
    # The first second makes every picture for the window's size and deals: the frames after it are play.
    settled = sorted(times[FPS:]) or ordered
    return {
        "frames": frames,
        "median_ms": round(statistics.median(ordered), 3),
        "p99_ms": _p99(ordered),
        "max_ms": round(ordered[-1], 3),
        # The frame's own processor time: what the wall times would be on a machine nothing else uses.
        "cpu_median_ms": round(statistics.median(cpu), 3),
        "cpu_p99_ms": _p99(sorted(cpu)),
        "first_frame_ms": round(times[0], 3),
        "settled_p99_ms": _p99(settled),
        "settled_max_ms": round(settled[-1], 3),
        "settled_cpu_p99_ms": _p99(sorted(cpu[FPS:] or cpu)),
        "settled_cpu_max_ms": round(max(cpu[FPS:] or cpu), 3),
        "settled_over_50_ms": sum(1 for t in settled if t > 50),
        "reached_scores": reached,
        "moves_shown": moves,
    }


def _host_for_a_joined_table(app: App, game: Game, computers: tuple[Seat, ...]) -> Any:
    """A table hosted on a thread of this process (its data in a folder of its own, removed with the process's
    temporary files) whose last seat the app joins: the host, once the app shows its table."""
    import os
    import tempfile

    from ..ai import REMOTE
    from ..net.client import NetClient
    from ..net.host import BackgroundHost, new_table
    from ..net.table import Table

    os.environ["DRAKO_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="drako-bench-ui-")  # the host saves its game there
    seats = computers + (Seat("Player", COMPUTER, REMOTE),)
    saved, hosting = new_table(game, seats, seed=2024, variants=(), bind="127.0.0.1", port=0, address="127.0.0.1",
                               away_after=None, away_level="medium")
    host = BackgroundHost(Table(game, saved, hosting))
    host.start()
    if not host.host.ready.wait(30):
        raise RuntimeError(f"the benchmark's host did not start: {host.failure}")
    invitation = host.host.tables[0].hosting.invitations()[0]  # naming the port it listens at now
    client = NetClient(invitation, {game.id: game.identity}, ends_turns=True)
    client.start()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        arrived = client.poll()
        welcome = next((i for i, m in enumerate(arrived) if m["type"] == "welcome"), None)
        if welcome is not None:
            if app.join_table(invitation, client, arrived[welcome], arrived[welcome + 1:]) is None:
                raise RuntimeError("the benchmark's host sent a welcome the table cannot show")
            return host
        time.sleep(0.01)
    raise RuntimeError("the benchmark's host did not welcome its client")


def _joined_seat_decides(app: App, rng: random.Random) -> None:
    """The joined seat's player, between frames: ends their turn when that is all there is, else plays a legal move
    at random (each step of a move of several is asked for by the host in turn)."""
    table = app.scenes.top
    if not isinstance(table, TableScene):
        return
    if table.ending_turn():
        table.end_turn()
        return
    decision = table.decision()
    if decision is not None and decision.legal:
        table.controller.act(rng.choice(list(decision.legal)))


def _p99(ordered: list[float]) -> float:
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 3)


def bench_idle(game: Game, seconds: float, size: tuple[int, int]) -> dict[str, float]:
    """Run the real app loop for `seconds` on the main menu, then on a table where a person is to play
    (against the quickest computer level), and measure the share of one core the app used on each: its
    process time (every thread) over the wall time."""
    app = App(game, Settings(), size=size, persist=False)
    try:
        app.main_menu()
        app.loop(0.5)  # its first frame (the backdrop and the art made for this size) is not what idle costs
        menu = _cpu_share(app, seconds)
        seats = (Seat("Player"), Seat("Computer", COMPUTER, "random"))
        table = app.start_game(GameSetup(seats, seed=2024, game=game.id))
        for _ in range(600):  # a minute at most: the deal, and any computer moves before the person's turn
            if table.decision() is not None or app.quit_requested:  # type: ignore[attr-defined]
                break
            app.loop(0.1)
        app.loop(0.5)
        waiting = _cpu_share(app, seconds)
    finally:
        app.close()
    return {"seconds": seconds, "menu_cpu": round(menu, 4), "table_cpu": round(waiting, 4),
            "frames_drawn": app.frames_drawn}


def _cpu_share(app: App, seconds: float) -> float:
    wall, cpu = time.perf_counter(), time.process_time()
    app.loop(seconds)
    return (time.process_time() - cpu) / max(1e-9, time.perf_counter() - wall)
