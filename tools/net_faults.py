"""Faults for the network's tests and its soak (`make bench-net`): an asyncio loop on a thread, a TCP proxy that
cuts or freezes connections, and `drako-desktop` processes whose standard error is read as it comes. Loopback
only."""

from __future__ import annotations

import asyncio
import ctypes
import os
import queue
import signal
import subprocess
import sys
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, Iterator

from websockets.asyncio.client import ClientConnection, connect

from drako_desktop import __version__
from drako_desktop.interface.registry import Library, game_ids
from drako_desktop.net.hosting import client_context, pinned
from drako_desktop.net.invitation import Invitation, encode_bytes
from drako_desktop.net.protocol import PROTOCOL, encode

LOOPBACK = "127.0.0.1"
WAIT = 120.0  # seconds for any one thing waited for (a game on a busy machine)
PR_SET_PDEATHSIG = 1  # prctl(2)


def die_with_parent() -> None:
    """In a child between fork and exec: the kernel kills it (SIGKILL) when the thread that started it ends, however
    that ends (a test or a soak killed in the middle leaves nothing behind). Start children from the main thread."""
    if sys.platform == "linux":
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def rules() -> dict[str, str]:
    """Every game of this copy with the identity of its rules, as a client's hello names them."""
    games = Library()
    return {game_id: games[game_id].identity for game_id in game_ids()}


def hello(invitation: Invitation, rules: dict[str, str], **changes: Any) -> str:
    """The hello of the invitation's seat (with `changes`: another release, key, table...)."""
    return encode({"type": "hello", "protocol": PROTOCOL, "release": __version__, "table": invitation.game_id,
                   "seat": invitation.seat, "key": encode_bytes(invitation.key), "rules": rules, **changes})


async def opened(invitation: Invitation) -> ClientConnection:
    """A connection to the invitation's host, its certificate checked against the pin, nothing said yet (a client
    of a test or a benchmark, free to say anything)."""
    websocket = await connect(invitation.uri, ssl=client_context(), proxy=None, compression=None, max_size=None,
                              open_timeout=60)
    assert pinned(websocket.transport.get_extra_info("ssl_object"), invitation.pin)
    return websocket


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

    def __init__(self, loop: LoopThread, target_port: int, listen: tuple[str, int] = (LOOPBACK, 0),
                 target_host: str = LOOPBACK) -> None:
        """`listen`: its own address and port (any free port on 127.0.0.1 by default); `target_host`: the host's."""
        self.loop = loop
        self.target_port = target_port
        self.target_host = target_host
        self.pipes: set[asyncio.StreamWriter] = set()
        self.connections = 0
        self.flowing = loop.run(_event())  # cleared: bytes stop going through, connections stay open (half-open)
        self.server = loop.run(asyncio.start_server(self._pipe, *listen))
        self.port: int = self.server.sockets[0].getsockname()[1]

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        try:
            up_reader, up_writer = await asyncio.open_connection(self.target_host, self.target_port)
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




class Program:
    """A `drako-desktop` process with its own data folder; its standard error read line by line as it comes."""

    def __init__(self, home: Path, *args: str) -> None:
        self.home = home
        home.mkdir(parents=True, exist_ok=True)
        env = {**os.environ, "DRAKO_DESKTOP_HOME": str(home), "SDL_VIDEODRIVER": "dummy"}
        self.stdout = open(home / "stdout.txt", "w+", encoding="utf-8")
        self.process = subprocess.Popen([sys.executable, "-m", "drako_desktop", *args], stdout=self.stdout,
                                        stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env, text=True,
                                        preexec_fn=die_with_parent)
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, args=(self.process.stderr,), daemon=True).start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self.lines.put(line)
        self.lines.put(None)

    def wait_for(self, words: str) -> str:
        """The next line of standard error holding `words` (fails the test if none comes, or the process ends)."""
        while True:
            try:
                line = self.lines.get(timeout=WAIT)
            except queue.Empty:
                raise AssertionError(f"no line with {words!r} within {WAIT:g} s: {self.seen[-5:]}") from None
            assert line is not None, f"the process ended before a line with {words!r}: {self.seen[-5:]}"
            self.seen.append(line)
            if words in line:
                return line

    def finish(self, timeout: float = WAIT) -> tuple[int, str]:
        """Its exit status and standard output, once it ended by itself (within `timeout` seconds)."""
        status = self.process.wait(timeout)
        while (line := self.lines.get(timeout=WAIT)) is not None:
            self.seen.append(line)
        self.stdout.seek(0)
        return status, self.stdout.read()

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(WAIT)
        self.stdout.close()


