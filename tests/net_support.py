"""Helpers of the network tests: a host on a thread of its own, seats played on threads, a proxy that cuts
connections, and a raw client that sends whatever a test wants. Everything binds and connects to 127.0.0.1 only,
and every wait has a limit that fails the test."""

from __future__ import annotations

import asyncio
import io
import logging
import queue
import sys
import threading
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any, Iterator, Sequence

from websockets.asyncio.client import ClientConnection

from drako_desktop.ai import REMOTE
from drako_desktop.controller.game import COMPUTER, Seat
from drako_desktop.interface.game import AnyGame
from drako_desktop.interface.registry import Library, game_ids, load
from drako_desktop.net.client import NetClient
from drako_desktop.net.host import Host, new_table
from drako_desktop.net.invitation import Invitation
from drako_desktop.net.seat import play_seat
from drako_desktop.net.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from net_faults import (  # noqa: E402, F401  (for the tests)
    LOOPBACK,
    WAIT,
    CuttingProxy,
    LoopThread,
    Program,
    hello,
    loop_thread,
    opened,
    rules,
)


def seats(specs: Sequence[str]) -> tuple[Seat, ...]:
    return tuple(Seat(f"Seat {i + 1}", COMPUTER, REMOTE if spec == REMOTE else spec.removeprefix("ai:"))
                 for i, spec in enumerate(specs))


def table(game: AnyGame, specs: Sequence[str], seed: int | None = 1, variants: Sequence[str] = (),
          away_after: float | None = None, away_level: str = "random") -> Table:
    saved, hosting = new_table(game, seats(specs), seed=seed, variants=variants, bind=LOOPBACK, port=0,
                               address=LOOPBACK, away_after=away_after, away_level=away_level)
    return Table(game, saved, hosting)


class HostThread:
    """A `Host` running on a thread of its own (its own asyncio loop), until the games end or `stop`."""

    def __init__(self, tables: Sequence[Table], exit_at_end: bool = True, **limits: Any) -> None:
        self.out = io.StringIO()
        self.host = Host(tables, exit_at_end=exit_at_end, out=self.out, **limits)
        self.status: int | None = None
        self.thread = threading.Thread(target=self._run, name="test-host", daemon=True)

    def _run(self) -> None:
        self.status = asyncio.run(self.host.run())

    def __enter__(self) -> "HostThread":
        self.thread.start()
        assert self.host.ready.wait(WAIT), "the host did not start listening"
        return self

    def __exit__(self, *exc: Any) -> None:
        self.host.stop()
        self.thread.join(WAIT)
        assert not self.thread.is_alive(), "the host did not stop"

    def invitations(self, index: int = 0) -> list[Invitation]:
        return self.host.tables[index].hosting.invitations()

    def wait(self) -> int | None:
        self.thread.join(WAIT)
        assert not self.thread.is_alive(), "the host did not end by itself"
        return self.status


@cache
def library() -> Library:
    """Every game, loaded once for the whole run (seats on threads share them: a handle is read only)."""
    found = Library()
    for game_id in game_ids():
        found.add(load(game_id))
    return found


class SeatThread:
    """`play_seat` (what `join --agent` runs) on a thread."""

    def __init__(self, invitation: Invitation, agent: str = "random", seed: int | None = 1,
                 games: Library | None = None) -> None:
        self.out = io.StringIO()
        self.status: int | None = None
        self.thread = threading.Thread(target=self._run, args=(invitation, agent, seed, games or library()),
                                       daemon=True, name=f"test-seat-{invitation.seat + 1}")
        self.thread.start()

    def _run(self, invitation: Invitation, agent: str, seed: int | None, games: Library) -> None:
        self.status = play_seat(invitation, games, agent, self.out, seed=seed)

    def wait(self) -> int | None:
        self.thread.join(WAIT)
        assert not self.thread.is_alive(), "the seat did not finish"
        return self.status


class RawClient:
    """A client that says what a test wants: a hello of its choosing, frames of any content, and reads what the
    host says back (each read waits at most `timeout`)."""

    def __init__(self, loop: LoopThread, invitation: Invitation) -> None:
        self.loop = loop
        self.invitation = invitation
        self.websocket: ClientConnection | None = None

    def connect(self) -> None:
        self.websocket = self.loop.run(opened(self.invitation))

    def hello(self, **changes: Any) -> None:
        self.send(hello(self.invitation, changes.pop("rules", rules()), **changes))

    def send(self, data: str | bytes) -> None:
        assert self.websocket is not None
        self.loop.run(self.websocket.send(data))

    def read(self, timeout: float = WAIT) -> Any:
        """The host's next message (parsed), or None once the connection is closed."""
        import json

        from websockets.exceptions import ConnectionClosed

        assert self.websocket is not None

        async def next_message() -> Any:
            try:
                return json.loads(await self.websocket.recv())  # type: ignore[union-attr]
            except ConnectionClosed:
                return None

        return self.loop.run(next_message(), timeout)

    def read_until(self, kind: str, timeout: float = WAIT) -> dict[str, Any]:
        """Messages until one of `kind` (that one); fails on the connection's end."""
        while True:
            message = self.read(timeout)
            assert message is not None, f"the connection closed before a {kind} message"
            if message["type"] == kind:
                return message  # type: ignore[no-any-return]

    def close_code(self) -> int | None:
        assert self.websocket is not None
        return self.websocket.close_code

    def close(self) -> None:
        if self.websocket is not None:
            self.loop.run(self.websocket.close())

    def abort(self) -> None:
        """Drop the connection without a word (a process killed, a cable cut)."""
        async def abort() -> None:
            assert self.websocket is not None
            self.websocket.transport.abort()

        self.loop.run(abort())


class LogLines(logging.Handler):
    """The lines the network logs during a test, to count."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        line = record.getMessage()
        self.seen.append(line)
        self.lines.put(line)

    def wait_for(self, words: str, timeout: float = WAIT) -> str:
        """The next line holding `words` (fails the test after `timeout`)."""
        while True:
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError(f"no log line with {words!r}; seen: {self.seen[-5:]}") from None
            if words in line:
                return line


@contextmanager
def net_log() -> Iterator[LogLines]:
    handler = LogLines()
    logger = logging.getLogger("drako_desktop.net")
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


def client_of(invitation: Invitation) -> NetClient:
    return NetClient(invitation, rules())
