"""The host's side of the network: a TLS WebSocket server in front of one table, every byte it gets held hostile.

One server serves one table (one game, one certificate) on one port; a host process may run several on one asyncio
loop. What bounds a client's cost: frames of at most `MAX_CLIENT_MESSAGE` bytes (the library closes the connection
on a bigger one before reading it), at most 16 frames read ahead (then TCP's flow control holds the sender), `RATE`
messages a second on average, `MAX_REFUSED` refusals, a hello within `HELLO_SECONDS`, heartbeats every `HEARTBEAT`
seconds (an unanswered one closes the connection), `MAX_QUEUED` messages or `MAX_QUEUED_BYTES` waiting to be sent
to a client that does not read (then it is closed, and comes back to a fresh state). Connections are counted per
address and in all; an address whose hellos were refused `TRIES` times in a minute is refused without a look for the
rest of it. Every refusal is said to the client in one sentence and logged once; the lines about strangers (wrong
keys, no TLS) at most once a minute per address.
"""

from __future__ import annotations

import asyncio
import logging
import ssl
import threading
import time
from collections import OrderedDict, deque
from functools import partial
from typing import Any, Callable

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ..saves import GAME_ID, history_dir
from .protocol import (
    BURST,
    HEARTBEAT,
    HELLO_SECONDS,
    MAX_CLIENT_MESSAGE,
    MAX_REFUSED,
    RATE,
    Refusal,
    encode,
    read_client,
)
from .table import Table

log = logging.getLogger("drako_desktop.net")

MAX_CONNECTIONS = 64  # open connections to one table, strangers' included
MAX_PER_ADDRESS = 16  # of them from one address (a household behind one router has a few)
MAX_QUEUED = 1024  # messages waiting for a client that does not read: a whole game's events are fewer
MAX_QUEUED_BYTES = 16_000_000  # and their size: a few of the longest game's states
# What answers a question of the host (a decision, a turn over): owed, so not counted against the client's rate. A
# step back is counted: each makes the host replay the game and start its computers afresh.
ANSWERS = ("action", "end-turn")
TRIES = 10  # refused hellos from one address in `TRIES_WINDOW` seconds before the address is refused unheard
TRIES_WINDOW = 60.0
MAX_ADDRESSES = 4096  # addresses remembered for their tries (the oldest forgotten first)
LOG_EVERY = 60.0  # seconds between two log lines about one stranger's address


class Strangers:
    """Refused tries per address, bounded: whether an address is refused unheard, and whether a refusal of it is
    worth a log line now (a stranger trying keys costs the host one line a minute)."""

    def __init__(self) -> None:
        self._seen: OrderedDict[str, list[float]] = OrderedDict()  # address -> [window start, tries, logged at, quiet]

    def _entry(self, address: str) -> list[float]:
        now = time.monotonic()
        entry = self._seen.pop(address, None)
        if entry is None or now - entry[0] > TRIES_WINDOW:
            entry = [now, 0, -LOG_EVERY if entry is None else entry[2], 0 if entry is None else entry[3]]
        self._seen[address] = entry
        while len(self._seen) > MAX_ADDRESSES:
            self._seen.popitem(last=False)
        return entry

    def blocked(self, address: str) -> bool:
        return self._entry(address)[1] >= TRIES

    def refused(self, address: str, refusal: Refusal) -> None:
        entry = self._entry(address)
        entry[1] += 1
        now = time.monotonic()
        if now - entry[2] >= LOG_EVERY:
            quiet = int(entry[3])
            log.warning("refused %s: %s%s", address, refusal, f" ({quiet} more refusals since the last line)"
                        if quiet else "")
            entry[2], entry[3] = now, 0
        else:
            entry[3] += 1


class TLSObject(ssl.SSLObject):
    """An SSL object that says why a handshake failed (asyncio closes such a connection without a word): a port
    scanner, a browser or garbage bytes cost one log line, at most once a minute."""

    last_line = -LOG_EVERY
    quiet = 0

    def do_handshake(self) -> None:
        try:
            super().do_handshake()
        except ssl.SSLWantReadError:
            raise
        except ssl.SSLError as exc:
            now = time.monotonic()
            if now - TLSObject.last_line >= LOG_EVERY:
                more = f" ({TLSObject.quiet} more since the last line)" if TLSObject.quiet else ""
                log.warning("refused a connection that is not a TLS client of this table: %s%s",
                            exc.reason or exc, more)
                TLSObject.last_line, TLSObject.quiet = now, 0
            else:
                TLSObject.quiet += 1
            raise


class Outbox:
    """What other threads hand the network's loop, run there in order with one wake-up per batch (a wake-up per
    message, through the loop's own queue, costs a thread switch each: a move told to four seats took four)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.lock = threading.Lock()
        self.jobs: deque[Callable[[], None]] = deque()
        self.scheduled = False

    def put(self, job: Callable[[], None]) -> None:
        with self.lock:
            self.jobs.append(job)
            if self.scheduled:
                return
            self.scheduled = True
        try:
            self.loop.call_soon_threadsafe(self._run)
        except RuntimeError:  # the loop has ended: nobody is left to send anything to
            pass

    def _run(self) -> None:
        with self.lock:
            jobs, self.jobs, self.scheduled = self.jobs, deque(), False
        for job in jobs:
            job()


class Connection:
    """One client's connection on the host (a table's `Link`): what the table sends it is queued here from any
    thread and written by one task, which also says the refusal that closes it."""

    def __init__(self, websocket: ServerConnection, address: str, outbox: Outbox) -> None:
        self.websocket = websocket
        self.address = address
        self.outbox = outbox
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.queued = 0
        self.refusal: Refusal | None = None
        self.refused = 0
        self.owed = 0  # answers to the questions sent: they do not count against the client's rate
        self.told: set[str] = set()  # the refusals already logged for this connection

    def send(self, text: str) -> None:
        self.outbox.put(partial(self._put, text))

    def ask(self, text: str) -> None:
        self.outbox.put(partial(self._ask, text))

    def _ask(self, text: str) -> None:
        self.owed += 1
        self._put(text)

    def drop(self, refusal: Refusal) -> None:
        self.outbox.put(partial(self._close, refusal))

    def refuse(self, refusal: Refusal) -> None:
        self.outbox.put(partial(self._refuse, refusal))

    def _refuse(self, refusal: Refusal) -> None:
        """A request the table turned down on its own thread, counted as the refusals of `_listen` are."""
        self.refused += 1
        if self.refused > MAX_REFUSED:
            self._close(Refusal("refused-often"))
        else:
            self._put(encode(refusal.message()))

    def _put(self, text: str) -> None:
        if self.refusal is not None:
            return
        if self.queue.qsize() >= MAX_QUEUED or self.queued + len(text) > MAX_QUEUED_BYTES:
            self._close(Refusal("too-slow"))
            return
        self.queued += len(text)
        self.queue.put_nowait(text)

    def finish(self) -> None:
        """No more to send: the writer stops (at once when a refusal already stopped it)."""
        if self.refusal is None:
            self.queue.put_nowait(None)

    def _close(self, refusal: Refusal) -> None:
        if self.refusal is not None:
            return
        self.refusal = refusal
        while not self.queue.empty():  # what was queued is not worth waiting for: the refusal goes out at once
            self.queue.get_nowait()
        self.queued = 0
        self.queue.put_nowait(None)

    async def write(self) -> None:
        """Send what is queued, in order, until the connection closes or is refused (then say why and close)."""
        try:
            while (text := await self.queue.get()) is not None:
                await self.websocket.send(text)
                self.queued -= len(text)
            if self.refusal is not None:
                await self.websocket.send(encode(self.refusal.message()))
                await self.websocket.close(1001 if self.refusal.code == "closing" else 1008, self.refusal.code)
        except ConnectionClosed:
            pass


class TableServer:
    def __init__(self, table: Table, *, max_connections: int = MAX_CONNECTIONS,
                 max_per_address: int = MAX_PER_ADDRESS, hello_seconds: float = HELLO_SECONDS,
                 heartbeat: float = HEARTBEAT) -> None:
        self.table = table
        self.max_connections = max_connections
        self.max_per_address = max_per_address
        self.hello_seconds = hello_seconds
        self.heartbeat = heartbeat
        self.strangers = Strangers()
        self.open: dict[str, int] = {}  # address -> open connections
        self.connections: set[Connection] = set()
        self.server: Server | None = None
        self.outbox: Outbox | None = None
        self.port = 0

    async def start(self, bind: str, port: int) -> int:
        """Listen on `bind` ("" for every interface) and `port` (0: any free one); the port listened on."""
        context = self.table.hosting.server_context()
        context.sslobject_class = TLSObject
        self.server = await serve(
            self._serve, bind or None, port, ssl=context, compression=None, max_size=MAX_CLIENT_MESSAGE,
            max_queue=16, ping_interval=self.heartbeat, ping_timeout=self.heartbeat, open_timeout=self.hello_seconds,
            close_timeout=2, server_header=None, create_connection=_LoggedConnection)
        self.port = self.server.sockets[0].getsockname()[1]
        return self.port

    async def close(self) -> None:
        """Tell every client the host is closing (they come back by themselves when it is back), then stop."""
        for connection in list(self.connections):
            connection.drop(Refusal("closing"))
        if self.server is not None:
            self.server.close(close_connections=False)
            try:
                async with asyncio.timeout(3):
                    await self.server.wait_closed()
            except TimeoutError:
                self.server.close()
                await self.server.wait_closed()

    def _say(self, connection: Connection, seat: int | None, refusal: Refusal) -> None:
        """A refusal logged once per connection and kind (a stranger's at most once a minute per address)."""
        if seat is None:
            self.strangers.refused(connection.address, refusal)
        elif refusal.code not in connection.told:
            connection.told.add(refusal.code)
            log.warning("table %s: refused seat %d from %s: %s", self.table.game_id, seat + 1, connection.address,
                        refusal)

    async def _serve(self, websocket: ServerConnection) -> None:
        peer: Any = websocket.remote_address
        address = str(peer[0]) if peer else "?"
        if self.outbox is None:
            self.outbox = Outbox(asyncio.get_running_loop())
        connection = Connection(websocket, address, self.outbox)
        writer = asyncio.create_task(connection.write())
        seat: int | None = None
        self.open[address] = self.open.get(address, 0) + 1
        self.connections.add(connection)
        try:
            seat = await self._welcome(connection)
            if seat is not None:
                await self._listen(connection, seat)
        except ConnectionClosed:
            pass
        finally:
            if seat is not None:
                self.table.leave(seat, connection)
                why = connection.refusal.code if connection.refusal is not None else _closed_why(websocket)
                log.info("table %s: seat %d left (%s)", self.table.game_id, seat + 1, why)
            self.connections.discard(connection)
            self.open[address] -= 1
            if not self.open[address]:
                del self.open[address]
            connection.finish()
            try:
                async with asyncio.timeout(3):
                    await writer
            except TimeoutError:
                writer.cancel()

    async def _welcome(self, connection: Connection) -> int | None:
        """Read the hello and seat the client, or refuse it: the seat, or None."""
        address = connection.address
        try:
            if self.strangers.blocked(address):
                raise Refusal("tries")
            if self.open[address] > self.max_per_address or len(self.connections) > self.max_connections:
                raise Refusal("busy")
            try:
                async with asyncio.timeout(self.hello_seconds):
                    raw = await connection.websocket.recv()
            except TimeoutError:
                raise Refusal("no-hello", seconds=self.hello_seconds) from None
            hello = read_client(raw)
            if hello["type"] != "hello":
                raise Refusal("bad-message", why="a client's first message is its hello")
            table = hello["table"]
            if table != self.table.game_id and GAME_ID.fullmatch(table) and (history_dir() / f"{table}.json").is_file():
                raise Refusal("finished")
            seat: int = self.table.admit(hello)
        except Refusal as refusal:
            self._say(connection, None, refusal)
            connection._close(refusal)
            return None
        except ConnectionClosed:
            if _too_big(connection.websocket):
                self._say(connection, None, Refusal("too-big", limit=MAX_CLIENT_MESSAGE))
            return None
        old = self.table.join(seat, connection, ends_turns=hello.get("ends_turns") is True)
        if old is not None:
            old.drop(Refusal("taken-over"))
            log.info("table %s: seat %d taken over by a client from %s", self.table.game_id, seat + 1, address)
        else:
            log.info("table %s: seat %d joined from %s", self.table.game_id, seat + 1, address)
        return seat

    async def _listen(self, connection: Connection, seat: int) -> None:
        """The seat's client's messages until it leaves or is refused in a way that closes it."""
        tokens, last = float(BURST), time.monotonic()
        async for raw in connection.websocket:
            now = time.monotonic()
            tokens, last = min(float(BURST), tokens + (now - last) * RATE), now
            try:
                message = read_client(raw)
                if message["type"] in ANSWERS and connection.owed > 0:
                    connection.owed -= 1
                elif tokens >= 1:
                    tokens -= 1
                else:
                    raise Refusal("flood", rate=RATE)
                self.table.receive(seat, connection, message)
            except Refusal as turned_down:
                connection.refused += 1
                refusal = Refusal("refused-often") if connection.refused > MAX_REFUSED else turned_down
                self._say(connection, seat, refusal)
                if refusal.kind.closes:
                    connection._close(refusal)
                    return
                connection.send(encode(refusal.message()))


def _closed_why(websocket: ServerConnection) -> str:
    """Why a connection closed, as its close frames say (none: it was lost, or its heartbeat went unanswered)."""
    if _too_big(websocket):
        return str(Refusal("too-big", limit=MAX_CLIENT_MESSAGE))
    code, reason = websocket.close_code, websocket.close_reason
    if code is None or code == 1006:
        return "the connection was lost or its heartbeat went unanswered"
    return f"closed: {reason}" if reason else f"closed (code {code})"


def _too_big(websocket: ServerConnection) -> bool:
    """Whether the host closed the connection for a message over its limit (before reading the message)."""
    sent = websocket.protocol.close_sent
    return sent is not None and sent.code == 1009


class _LoggedConnection(ServerConnection):
    """websockets' server connection, saying why an opening handshake failed (a stranger speaking TLS but not the
    WebSocket protocol) in one line, where the library closes it with an HTTP error and a word to its own log."""

    peer = "?"

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        address = transport.get_extra_info("peername")
        self.peer = str(address[0]) if address else "?"

    async def handshake(self, *args: Any, **kwargs: Any) -> None:
        await super().handshake(*args, **kwargs)
        failure = self.protocol.handshake_exc
        if failure is not None:
            log.warning("refused %s: not a WebSocket client (%s)", self.peer, failure)
