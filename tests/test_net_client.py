"""The client against a host of this test's making: it numbers what it is told (a message it has is dropped, one
that skips some makes it ask for a fresh state), answers a decision asked again the same way, and refuses a host
whose certificate is not the invitation's or whose bytes are not of the protocol, for good."""

from __future__ import annotations

import json
import queue
from typing import Any

from websockets.asyncio.server import ServerConnection, serve

from drako_desktop import __version__
from drako_desktop.net.client import AnswerCache, NetClient
from drako_desktop.net.hosting import Hosting
from drako_desktop.net.protocol import PROTOCOL, encode
from net_support import LOOPBACK, loop_thread, rules

GAME_ID = "20261207-142210-3fa9c1"


def hosting() -> Hosting:
    return Hosting.new(GAME_ID, "aetherya-pocket", [True, False], LOOPBACK, 0, LOOPBACK, [1, 2])


def welcome(n: int) -> dict[str, Any]:
    return {"type": "welcome", "protocol": PROTOCOL, "release": __version__, "game": "aetherya-pocket",
            "rules": rules()["aetherya-pocket"], "table": GAME_ID, "seat": 0, "players": 2, "first": 0,
            "variants": [], "names": ["A", "B"], "seats": ["remote", "ai:easy"],
            "state": {"n": n, "view": {}, "events": []}}


def events(n: int) -> dict[str, Any]:
    return {"type": "events", "n": n, "seat": 1, "events": [], "view": {}}


class FakeHost:
    """A host that says what the test tells it to, and keeps what the client says."""

    def __init__(self, loop, says: list[Any], certificate_of: Hosting | None = None) -> None:
        self.said: queue.Queue[Any] = queue.Queue()
        self.says = says
        own = hosting()
        self.hosting = own
        context = (certificate_of or own).server_context()

        async def handler(websocket: ServerConnection) -> None:
            self.said.put(json.loads(await websocket.recv()))
            for message in says:
                await websocket.send(message if isinstance(message, str) else encode(message))
            async for text in websocket:
                self.said.put(json.loads(text))

        async def started() -> Any:
            return await serve(handler, LOOPBACK, 0, ssl=context, compression=None)

        self.server = loop.run(started())
        self.invitation = own.but(port=self.server.sockets[0].getsockname()[1]).invitation(0)


def inbox(client: NetClient, kind: str) -> list[dict[str, Any]]:
    """The client's messages up to the first of `kind`, in order (each waited for 30 s at most)."""
    found = []
    while True:
        found.append(client.inbox.get(timeout=30))
        if found[-1]["type"] == kind:
            return found


def test_told_twice_is_dropped_and_a_gap_asks_for_a_fresh_state():
    with loop_thread() as loop:
        host = FakeHost(loop, [welcome(4), events(5), events(5), events(4), events(7), events(8),
                               {"type": "state", "n": 9, "view": {}, "events": []}, events(10)])
        client = NetClient(host.invitation, rules())
        client.start()
        hello = host.said.get(timeout=30)
        assert hello["type"] == "hello" and hello["seat"] == 0 and hello["table"] == GAME_ID
        told = inbox(client, "events") + inbox(client, "events")
        assert [(m["type"], m.get("n", m.get("state", {}).get("n"))) for m in told] == [
            ("welcome", 4), ("events", 5), ("state", 9), ("events", 10)]
        assert host.said.get(timeout=30) == {"type": "sync"}  # 7 came after 5: 6 was missed
        client.close()
        assert client.join(10)
        host.server.close()


def test_a_host_with_another_certificate_is_left_before_anything_is_said():
    with loop_thread() as loop:
        host = FakeHost(loop, [welcome(0)], certificate_of=hosting())  # not the certificate the invitation pins
        client = NetClient(host.invitation, rules())
        client.start()
        refusal = inbox(client, "refused")[-1]
        assert refusal["code"] == "pin" and refusal["final"] and "somebody may be in between" in refusal["message"]
        assert client.join(10) and host.said.empty()  # no hello, no key went out
        host.server.close()


def test_a_host_that_sends_garbage_is_refused_for_good():
    for garbage, why in [("{nope", "not valid JSON"), (encode({"type": "events", "n": "x"}), "no proper n"),
                         (encode({**welcome(0), "table": "20000101-000000-000000"}), "another table or seat")]:
        with loop_thread() as loop:
            host = FakeHost(loop, [garbage])
            client = NetClient(host.invitation, rules())
            client.start()
            refusal = inbox(client, "refused")[-1]
            assert refusal["code"] == "host-message" and why in refusal["message"] and refusal["final"]
            assert client.join(10)
            host.server.close()


def test_a_decision_asked_again_gets_the_answer_it_got():
    cache = AnswerCache(size=2)
    legal = [{"type": "draw"}, {"type": "take-discard"}]
    cache.put(7, legal, 1)
    assert cache.get(7, legal) == 1
    assert cache.get(7, legal[:1]) is None  # another question under the same number: not the same decision
    cache.put(8, legal, 0)
    cache.put(9, legal, 0)
    assert cache.get(7, legal) is None and cache.get(9, legal) == 0  # only the latest few are kept

