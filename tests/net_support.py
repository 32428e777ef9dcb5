"""Helpers of the network tests: a host on a thread of its own, seats played on threads, a proxy that cuts
connections, and a raw client that sends whatever a test wants. Everything binds and connects to 127.0.0.1 only,
and every wait has a limit that fails the test."""

from __future__ import annotations

import asyncio
import io
import logging
import queue
import threading
from contextlib import contextmanager
from functools import cache
from typing import Any, Iterator, Sequence

from websockets.asyncio.client import ClientConnection, connect

from drako_desktop import __version__
from drako_desktop.ai import REMOTE
from drako_desktop.controller.game import COMPUTER, Seat
from drako_desktop.games import Library, game_ids, load
from drako_desktop.games.base import AnyGame
from drako_desktop.net.client import NetClient
from drako_desktop.net.host import Host, new_table
from drako_desktop.net.hosting import client_context, pinned
from drako_desktop.net.invitation import Invitation, encode_bytes
from drako_desktop.net.protocol import PROTOCOL, encode
from drako_desktop.net.seat import play_seat
from drako_desktop.net.table import Table

LOOPBACK = "127.0.0.1"
WAIT = 60.0  # seconds any one wait of a test may take before it fails (a game on a busy machine takes a few)


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


class LoopThread:
    """An asyncio loop on a thread, for the proxy and the raw clients of a test."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True, name="test-loop")
        self.thread.start()

    def run(self, coroutine: Any, timeout: float = WAIT) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def close(self) -> None:
        async def stop() -> None:
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        self.run(stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(WAIT)
        self.loop.close()


@contextmanager
def loop_thread() -> Iterator[LoopThread]:
    loop = LoopThread()
    try:
        yield loop
    finally:
        loop.close()


class CuttingProxy:
    """A TCP proxy from a port of its own to the host's: `cut()` closes every connection through it at once (a
    lost network, as both sides see it); new connections go through again."""

    def __init__(self, loop: LoopThread, target_port: int) -> None:
        self.loop = loop
        self.target_port = target_port
        self.pipes: set[asyncio.StreamWriter] = set()
        self.connections = 0
        self.flowing = loop.run(_event())  # cleared: bytes stop going through, connections stay open (half-open)
        self.server = loop.run(asyncio.start_server(self._pipe, LOOPBACK, 0))
        self.port: int = self.server.sockets[0].getsockname()[1]

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        try:
            up_reader, up_writer = await asyncio.open_connection(LOOPBACK, self.target_port)
        except OSError:
            writer.close()
            return
        self.pipes.update((writer, up_writer))

        async def copy(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            try:
                while data := await source.read(65536):
                    await self.flowing.wait()
                    sink.write(data)
                    await sink.drain()
            except (OSError, asyncio.CancelledError):
                pass
            finally:
                sink.close()

        await asyncio.gather(copy(reader, up_writer), copy(up_reader, writer))
        self.pipes.difference_update((writer, up_writer))

    def cut(self) -> int:
        """Close every connection through the proxy now; how many were open."""
        async def cut() -> int:
            pipes = list(self.pipes)
            for pipe in pipes:
                pipe.transport.abort()
            return len(pipes) // 2

        cut_now: int = self.loop.run(cut())
        return cut_now

    def freeze(self) -> None:
        """Nothing goes through any more, and nothing is closed: the other side of a pulled cable."""
        self.loop.loop.call_soon_threadsafe(self.flowing.clear)

    def thaw(self) -> None:
        self.loop.loop.call_soon_threadsafe(self.flowing.set)

    def invitation(self, invitation: Invitation) -> Invitation:
        return invitation.at(LOOPBACK, self.port)


async def _event() -> asyncio.Event:
    flowing = asyncio.Event()
    flowing.set()
    return flowing


class RawClient:
    """A client that says what a test wants: a hello of its choosing, frames of any content, and reads what the
    host says back (each read waits at most `timeout`)."""

    def __init__(self, loop: LoopThread, invitation: Invitation) -> None:
        self.loop = loop
        self.invitation = invitation
        self.websocket: ClientConnection | None = None

    def connect(self) -> None:
        async def opened() -> ClientConnection:
            websocket = await connect(self.invitation.uri, ssl=client_context(), proxy=None, compression=None,
                                      max_size=16_000_000)
            assert pinned(websocket.transport.get_extra_info("ssl_object"), self.invitation.pin)
            return websocket

        self.websocket = self.loop.run(opened())

    def hello(self, **changes: Any) -> None:
        rules = {game_id: identity for game_id, identity in changes.pop("rules", _rules()).items()}
        message = {"type": "hello", "protocol": PROTOCOL, "release": __version__, "table": self.invitation.game_id,
                   "seat": self.invitation.seat, "key": encode_bytes(self.invitation.key), "rules": rules, **changes}
        self.send(encode(message))

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


def _rules() -> dict[str, str]:
    games = library()
    return {game_id: games[game_id].identity for game_id in games}


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
    return NetClient(invitation, _rules())
