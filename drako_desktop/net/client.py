"""A seat's side of the network: the connection to the host, and the headless seat player of `drako-desktop join`.

`NetClient` keeps one seat's connection on a thread of its own (an asyncio loop beside the caller's): it connects,
checks the host's certificate against the invitation's pin before it sends anything, says hello, and from then on
reads the host's messages (each checked by `read_host`) into `inbox`. It numbers what it was told: events arrive
numbered by the actions they follow; one it has already is dropped, and one that skips some asks the host for a
fresh state (`sync`) instead. A lost connection is tried again by itself, after 0.25, 0.5, 1, 2, then every 4
seconds (give or take a quarter), until the game ends, `close()` is called, or the host refuses the seat for good
(`REFUSALS[code].final`: a wrong key, another release, the seat taken over by another client...).

Nothing here waits on the caller's thread, so a frame loop can use it as it is::

    client = NetClient(invitation, rules)
    client.start()
    ...each frame:
        for message in client.poll():  # what arrived since the last frame: welcome, events, decide, end, lost, ...
            ...
        client.send({"type": "action", "decision": d, "choice": i})
    ...leaving:
        client.close()

The inbox gets the host's messages as the protocol gives them (docs/network.md), and three of the client's own:
`{"type": "lost", "why": ..., "retry": seconds}` when the connection is lost, `{"type": "refused", ..., "final":
true}` when it will not connect again, and `{"type": "closed"}` last of all.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import queue
import random
import threading
from collections import OrderedDict
from typing import Any, Mapping, TypeVar

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from .. import __version__, jsonio
from .hosting import client_context, pinned
from .invitation import Invitation, encode_bytes
from .protocol import HEARTBEAT, HELLO_SECONDS, MAX_HOST_MESSAGE, PROTOCOL, REFUSALS, Refusal, encode, read_host

log = logging.getLogger("drako_desktop.net")

BACKOFF = (0.25, 0.5, 1.0, 2.0, 4.0)  # seconds before each try again; the last one repeats
JITTER = 0.25  # each wait is that much longer or shorter at random: clients cut together do not come back together


T = TypeVar("T")


def drained(arrivals: "queue.Queue[T]") -> list[T]:
    """Everything a thread has put in `arrivals` so far, in order, taken out (never waits): what a frame loop reads
    of a network thread."""
    taken = []
    while True:
        try:
            taken.append(arrivals.get_nowait())
        except queue.Empty:
            return taken


class NetClient:
    def __init__(self, invitation: Invitation, rules: Mapping[str, str], release: str = __version__, *,
                 ends_turns: bool = False) -> None:
        """`rules`: the games this copy has, by id, with the identity of their rules (`Game.identity`);
        `ends_turns`: the seat's player ends its turns (End turn, with a step back before it), as at the app's
        table; a seat that does not (a bot) has its turns ended by the host at once."""
        self.invitation = invitation
        self.rules = dict(rules)
        self.release = release
        self.ends_turns = ends_turns
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.position = -1  # the actions the host has told of (-1: no state yet)
        self._loop = asyncio.new_event_loop()
        self._stop: asyncio.Event | None = None  # set when leaving: the wait before trying again ends
        self._leaving = False
        self._websocket: ClientConnection | None = None
        self._outbox: asyncio.Queue[str] | None = None
        self._thread = threading.Thread(target=self._run, name=f"net-seat-{invitation.seat + 1}", daemon=True)

    # -- the caller's side: none of it waits -------------------------------------------------------------------

    def start(self) -> None:
        self._thread.start()

    def poll(self) -> list[dict[str, Any]]:
        """Everything that arrived since the last call, in order (never waits)."""
        return drained(self.inbox)

    def send(self, message: Mapping[str, Any]) -> None:
        """Send a message to the host (an answer, a chat line); one sent while the connection is down is dropped:
        on the way back in, the host asks again whatever is still owed."""
        text = encode(message)
        self._call(lambda: self._outbox.put_nowait(text) if self._outbox is not None else None)

    def close(self) -> None:
        """Leave: the connection is closed and not tried again (the thread ends by itself soon after)."""
        self._call(self._leave)

    def join(self, timeout: float) -> bool:
        """Wait for the thread to end (after `close`, the end, or a final refusal); whether it did."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def _call(self, job: Any) -> None:
        try:
            self._loop.call_soon_threadsafe(job)
        except RuntimeError:  # the loop has ended: nothing to send or close any more
            pass

    # -- the network's thread ---------------------------------------------------------------------------------------

    def _run(self) -> None:
        try:
            self._loop.run_until_complete(self._keep_connected())
        finally:
            self._loop.close()
            self.inbox.put({"type": "closed"})

    def _leave(self) -> None:
        self._leaving = True
        if self._stop is not None:
            self._stop.set()
        if self._websocket is not None:
            self._loop.create_task(self._websocket.close())

    async def _keep_connected(self) -> None:
        self._stop = asyncio.Event()
        if self._leaving:
            return
        tries = 0
        while not self._leaving:
            try:
                if await self._connection():
                    tries = 0
                why = "the host closed the connection"
            except Refusal as refusal:
                if refusal.kind.final:
                    self.inbox.put({**refusal.message(), "final": True})
                    return
                why = str(refusal)
            except ConnectionClosed as exc:
                why = exc.rcvd.reason if exc.rcvd is not None and exc.rcvd.reason else "the connection was lost"
            except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as exc:
                why = str(exc) or type(exc).__name__
            if self._leaving:
                return
            delay = BACKOFF[min(tries, len(BACKOFF) - 1)] * random.uniform(1 - JITTER, 1 + JITTER)
            tries += 1
            self.inbox.put({"type": "lost", "why": why, "retry": round(delay, 2)})
            try:
                async with asyncio.timeout(delay):
                    await self._stop.wait()
            except TimeoutError:
                pass

    async def _connection(self) -> bool:
        """One connection, from the handshake to its end; whether the host welcomed the seat."""
        invitation = self.invitation
        welcomed = False
        async with connect(invitation.uri, ssl=client_context(), open_timeout=HELLO_SECONDS, proxy=None,
                           ping_interval=HEARTBEAT, ping_timeout=HEARTBEAT, close_timeout=2,
                           max_size=MAX_HOST_MESSAGE, max_queue=64, compression=None,
                           user_agent_header=None) as websocket:
            if not pinned(websocket.transport.get_extra_info("ssl_object"), invitation.pin):
                raise Refusal("pin")
            await websocket.send(encode({
                "type": "hello", "protocol": PROTOCOL, "release": self.release, "table": invitation.game_id,
                "seat": invitation.seat, "key": encode_bytes(invitation.key), "rules": self.rules,
                "ends_turns": self.ends_turns}))
            self._websocket = websocket
            self._outbox = asyncio.Queue()
            writer = asyncio.create_task(self._write(websocket, self._outbox))
            try:
                async for raw in websocket:
                    welcomed = self._take(read_host(raw)) or welcomed
            finally:
                self._websocket = self._outbox = None
                writer.cancel()
        return welcomed

    async def _write(self, websocket: ClientConnection, outbox: asyncio.Queue[str]) -> None:
        try:
            while True:
                await websocket.send(await outbox.get())
        except ConnectionClosed:
            pass

    def _take(self, message: dict[str, Any]) -> bool:
        """Keep count of what the host told and hand it on; whether it was the welcome."""
        kind: str = message["type"]
        if kind == "welcome":
            if message["table"] != self.invitation.game_id or message["seat"] != self.invitation.seat:
                raise Refusal("host-message", why="it welcomed another table or seat than the invitation's")
            if self.rules.get(message["game"]) != message["rules"]:
                raise Refusal("rules", game=jsonio.shown(message["game"]))
            self.position = message["state"]["n"]
        elif kind == "state":
            self.position = message["n"]
        elif kind == "events":
            if self.position < 0 or message["n"] <= self.position:
                return False  # told already (or before any state: a fresh one is on its way)
            if message["n"] != self.position + 1:  # some were missed: a fresh state instead of them
                self.position = -1
                self.send({"type": "sync"})
                return False
            self.position = message["n"]
        elif kind == "ended" and message["n"] != self.position:  # (the turn's end follows its last action)
            if message["n"] > self.position >= 0:
                self.position = -1
                self.send({"type": "sync"})
            return False
        elif kind == "refused" and message["closing"]:
            known = REFUSALS.get(message["code"])
            final = known.final if known is not None else True  # a reason this release does not know: not again
            self.inbox.put({**message, "final": final})
            if final:
                self._leave()
            return False
        self.inbox.put(message)
        if kind == "end":
            self._leave()
        return kind == "welcome"


class AnswerCache:
    """The answers a seat gave lately, by decision: a decision asked again (the connection was lost before the
    answer arrived, the host was restarted from its save) gets the same answer, without asking the agent again, so a
    game replays exactly as it would have without the interruption."""

    def __init__(self, size: int = 256) -> None:
        self.size = size  # more than a host writing its game every half second can lose of one seat's answers
        self._answers: OrderedDict[int, tuple[bytes, int]] = OrderedDict()

    def get(self, decision: int, legal: Any) -> int | None:
        found = self._answers.get(decision)
        return found[1] if found is not None and found[0] == _digest(legal) else None

    def put(self, decision: int, legal: Any, choice: int) -> None:
        self._answers[decision] = (_digest(legal), choice)
        while len(self._answers) > self.size:
            self._answers.popitem(last=False)


def _digest(legal: Any) -> bytes:
    """What tells one question from another under the same number (its legal actions), in 32 bytes."""
    return hashlib.sha256(jsonio.dumps(legal).encode()).digest()
