"""`drako-desktop host`: a table without a window, on a spare computer or a rented server, so that no player's
computer holds what the game hides.

A new table is a normal saved game (in the data folder's saves, then its history) whose remote seats are computer
seats of the level `remote`, and its `Hosting` (certificate, keys, port, seeds) beside it in `tables/`; it writes
one invitation per remote seat, logs joins and leaves, and prints the final result as JSON like `play
--exit-at-end`. `host --continue` takes both up again after a crash or a kill: the old invitations work again.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import signal
import socket
import sys
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any, Sequence

from ..ai import REMOTE
from ..console import Writable
from ..controller.game import GameSetup, Seat
from ..controller.runner import derive_seed
from ..interface.game import AnyGame
from ..saves import GAME_ID, SavedGame, SaveError, SaveLock, history_dir, list_saves, read, saves_dir, start_game
from ..storage import atomic_write_text
from .hosting import Hosting, TableFileError, table_path
from .server import TableServer
from .table import Table

log = logging.getLogger("drako_desktop.net")

PORT_WAIT = 5.0  # seconds a continued game's host waits for its old port (see `_wait_for_port`)
END_GRACE = 30.0  # seconds a host told to exit at the end waits for clients that are away to come back for it
NOWHERE = "192.0.2.1"  # TEST-NET-1 (RFC 5737): routed nowhere; a UDP socket "connected" to it names this computer's
# own address on its way out to the network, and sends nothing


class HostError(ValueError):
    """A table that cannot be hosted or continued (one sentence: the command line's exit status 2)."""


def own_address() -> str:
    """This computer's address on the network it reaches others by (no packet is sent to find it out)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect((NOWHERE, 9))
            return str(probe.getsockname()[0])
        except OSError:
            return socket.gethostname()


def new_table(game: AnyGame, seats: tuple[Seat, ...], *, seed: int | None, variants: Sequence[str], bind: str,
              port: int, address: str | None, away_after: float | None, away_level: str) -> tuple[SavedGame, Hosting]:
    """A new game and its hosting, saved before anyone is invited. With `seed`, the game `simulate --seed SEED`
    plays first (its seat i's agent is seeded as simulate seeds it); without, the game's seed has 63 random bits,
    too many to guess from what the table shows."""
    if seed is None:
        game_seed, seeds = secrets.randbits(63), [secrets.randbits(63) for _ in seats]
    else:
        game_seed, seeds = derive_seed(seed, "game", 0), [derive_seed(seed, "agent", 0, i) for i in range(len(seats))]
    saved = start_game(GameSetup(seats, game_seed, 0, game.id, tuple(variants), seed_chosen=seed is not None))
    hosting = Hosting.new(saved.game_id, game.id, [s.level == REMOTE for s in seats], address or default_address(bind),
                          port, bind, seeds, away_after, away_level)
    return saved, hosting


def default_address(bind: str) -> str:
    return bind if bind not in ("", "0.0.0.0", "::") else own_address()


def continued_table(library: Any, game_id: str | None) -> tuple[AnyGame, SavedGame, Hosting]:
    """The saved game and hosting of a table to continue: `game_id`'s, or the latest unfinished hosted game's."""
    if game_id is not None:
        if not GAME_ID.fullmatch(game_id):
            raise HostError(f"{game_id[:40]!r} is not a game id (they look like 20261207-142210-3fa9c1)")
        if (history_dir() / f"{game_id}.json").is_file():
            raise HostError(f"the game {game_id} is over: its record is in {history_dir()}")
        path = saves_dir() / f"{game_id}.json"
        if not path.is_file():
            raise HostError(f"there is no game {game_id} among the saves in {saves_dir()}")
    else:
        hosted = [g for g in list_saves(library).games if not g.finished and table_path(g.game_id).is_file()]
        if not hosted:
            raise HostError("there is no unfinished hosted game to continue")
        path = hosted[0].path or saves_dir() / f"{hosted[0].game_id}.json"
    try:
        saved, _ = read(path, library)
        hosting = Hosting.load(saved.game_id)
    except (SaveError, TableFileError) as exc:
        raise HostError(f"{path.name}: {exc}") from None
    if saved.finished:
        raise HostError(f"the game {saved.game_id} is over")
    if [key is not None for key in hosting.keys] != [s.level == REMOTE for s in saved.setup.seats]:
        raise HostError(f"{table_path(saved.game_id)} does not match the seats of the game {saved.game_id}")
    holder = SaveLock(path).claim()
    if holder is not None:
        raise HostError(f"the game {saved.game_id} is open in another copy of Drako Desktop (process {holder.pid} "
                        f"on {holder.host}, since {holder.since})")
    return library[saved.setup.game], saved, hosting


class Host:
    """Tables served on one asyncio loop (the caller's `run`), each game on a thread of its own. `stop` and `ready`
    may be used from any thread."""

    def __init__(self, tables: Sequence[Table], *, exit_at_end: bool, invitations: Path | None = None,
                 out: Writable | None = None, **limits: Any) -> None:
        self.tables = tuple(tables)
        self.exit_at_end = exit_at_end
        self.invitations = invitations
        self.out = out
        self.limits = limits  # TableServer's: max_connections, max_per_address, hello_seconds, heartbeat
        self.servers: list[TableServer] = []
        self.ready = threading.Event()  # every table listens and its invitations are written
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopped: asyncio.Event | None = None
        self._changed: asyncio.Event | None = None
        self._stop_asked = False  # `stop` came before the run started: it ends as soon as it starts

    def stop(self) -> None:
        """End the run (from any thread): the tables are saved, their clients told the host is closing."""
        self._stop_asked = True
        loop, stopped = self._loop, self._stopped
        if loop is not None and stopped is not None:
            try:
                loop.call_soon_threadsafe(stopped.set)
            except RuntimeError:  # the run is over already
                pass

    async def run(self, signals: bool = False) -> int:
        """Serve the tables until their games are over and told (`exit_at_end`) or until stopped (`stop`, or with
        `signals` SIGINT and SIGTERM): 0 once every game ended, 1 if a table failed, 130 when stopped."""
        self._loop = loop = asyncio.get_running_loop()
        self._stopped = stopped = asyncio.Event()
        self._changed = changed = asyncio.Event()
        if self._stop_asked:
            stopped.set()
        try:
            await self._open()
            if signals and sys.platform != "win32":
                for number in (signal.SIGINT, signal.SIGTERM):
                    loop.add_signal_handler(number, stopped.set)
            printed: set[str] = set()
            while not stopped.is_set():
                for table in self.tables:
                    if table.ended.is_set() and table.failure is None and table.game_id not in printed:
                        printed.add(table.game_id)
                        if self.out is not None:
                            self.out.write(json.dumps(table.result()) + "\n")
                            self.out.flush()
                if any(table.failure is not None for table in self.tables):
                    return 1
                if self.exit_at_end and len(printed) == len(self.tables):
                    await _told_or_grace(self.tables, changed, stopped)
                    return 0
                changed.clear()
                await _first_of(changed, stopped)
            log.info("stopped: continue with drako-desktop host --continue %s",
                     " ".join(t.game_id for t in self.tables))
            return 130
        finally:
            for server in self.servers:
                await server.close()
            for table in self.tables:
                await asyncio.to_thread(table.close)

    async def _open(self) -> None:
        loop, changed = asyncio.get_running_loop(), self._changed
        assert changed is not None
        for table in self.tables:
            server = TableServer(table, **self.limits)
            self.servers.append(server)
            port = await server.start(table.hosting.bind, table.hosting.port)
            if port != table.hosting.port:
                table.hosting = table.hosting.but(port=port)
            table.hosting.save()
            table.watchers.append(partial(loop.call_soon_threadsafe, changed.set))
        lines = [str(invitation) for table in self.tables for invitation in table.hosting.invitations()]
        if self.invitations is not None:
            atomic_write_text(self.invitations, "".join(line + "\n" for line in lines))
        for table in self.tables:
            names = table.controller.setup.seats
            log.info("table %s (%s) listens on port %d; invitations:", table.game_id, table.game.name,
                     table.hosting.port)
            for invitation in table.hosting.invitations():
                log.info("  seat %d (%s): %s", invitation.seat + 1, names[invitation.seat].name, invitation)
            table.start()
        self.ready.set()


class BackgroundHost:
    """One table served on a thread of its own (an asyncio loop of its own) beside a frame loop that never waits
    for it: a game the app hosts, whose table the app's scene drives. `failure` says why it stopped, if it failed
    (the port taken by another program...)."""

    def __init__(self, table: Table) -> None:
        self.host = Host([table], exit_at_end=False)
        self.failure: BaseException | None = None
        self.thread = threading.Thread(target=self._run, name=f"host-{table.game_id}", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def _run(self) -> None:
        hosting = self.host.tables[0].hosting
        _wait_for_port(hosting.bind, hosting.port, PORT_WAIT)
        try:
            asyncio.run(self.host.run())
        except Exception as exc:  # said on the app's screen; the game itself goes on being saved by the app
            log.warning("the hosted table stopped: %s", exc)
            self.failure = exc

    @property
    def listening(self) -> bool:
        return self.host.ready.is_set() and self.thread.is_alive()

    def stop(self) -> None:
        """Stop serving (never waits): the clients are told the host is closing, and come back when it is back."""
        self.host.stop()

    def join(self, timeout: float) -> bool:
        """Wait for the thread to end after `stop`; whether it did."""
        self.thread.join(timeout)
        return not self.thread.is_alive()


def port_for_new_table(bind: str, preferred: int) -> int:
    """`preferred` if nothing listens there now, else 0 (any free port, chosen when the table starts listening): a
    second hosted game, or another program on the port, does not keep a new game from being hosted."""
    return preferred if _port_free(bind, preferred) else 0


def _port_free(bind: str, port: int) -> bool:
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server listens: TIME_WAIT is no bar
        try:
            probe.bind((bind, port))
        except OSError:
            return False
    return True


def _wait_for_port(bind: str, port: int, seconds: float) -> None:
    """A game left and continued at once finds its port held a moment longer by the host that is closing it (on
    its own thread): up to `seconds` for it to be free (a port held longer is said by the host's failure)."""
    deadline = time.monotonic() + seconds
    while port and not _port_free(bind, port) and time.monotonic() < deadline:
        time.sleep(0.1)


async def _first_of(*events: asyncio.Event) -> None:
    """Until one of `events` is set."""
    waiters = [asyncio.create_task(event.wait()) for event in events]
    try:
        await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for waiter in waiters:
            waiter.cancel()


async def _told_or_grace(tables: Sequence[Table], changed: asyncio.Event, stopped: asyncio.Event) -> None:
    """Until every client had the end of its game, at most `END_GRACE` seconds, or until the host is stopped (the
    games are over and saved: nothing is lost by not waiting)."""
    if not all(table.all_told() for table in tables):
        log.info("every game is over: waiting up to %g s for its end to be told to every client", END_GRACE)
    try:
        async with asyncio.timeout(END_GRACE):
            while not all(table.all_told() for table in tables):
                if stopped.is_set():
                    log.info("stopped before the end was told to every client")
                    return
                changed.clear()
                await _first_of(changed, stopped)
    except TimeoutError:
        log.info("the end was not told to every client within %g s", END_GRACE)
