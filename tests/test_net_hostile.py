"""Every byte from the network is hostile: each bad input of the issue gets its one-sentence refusal (said to the
sender, logged once), costs a bounded amount, and the table goes on for the others.

Most tests seat one raw client (this test's own, sending whatever it likes) at a table of one remote seat and one
computer level, so that what the game asks of the remote seat is known; a seat played to the end beside the bad
client shows the others are not stopped."""

from __future__ import annotations

import socket
import ssl
from contextlib import contextmanager
from typing import Iterator

from drako_desktop import __version__
from drako_desktop.net.invitation import encode_bytes
from drako_desktop.net.protocol import MAX_CLIENT_MESSAGE, PROTOCOL, REFUSALS, encode
from drako_desktop.net.server import TRIES
from drako_desktop.saves import history_dir
from net_support import (
    LOOPBACK,
    CuttingProxy,
    HostThread,
    LogLines,
    RawClient,
    SeatThread,
    client_of,
    library,
    loop_thread,
    net_log,
    table,
)


@contextmanager
def hosted(specs=("remote", "ai:random"), game_id="aetherya-pocket",
           **options) -> Iterator[tuple[HostThread, LogLines]]:
    limits = {k: options.pop(k) for k in ("hello_seconds", "heartbeat") if k in options}
    with net_log() as lines, HostThread([table(library()[game_id], specs, **options)], **limits) as host:
        yield host, lines


def raw(loop, host: HostThread, seat: int = 0) -> RawClient:
    client = RawClient(loop, host.invitations()[seat])
    client.connect()
    return client


def refused(client: RawClient, code: str) -> dict:
    message = client.read_until("refused")
    assert message["code"] == code and message["message"]
    return message


def test_an_action_out_of_turn_and_an_old_one_again_are_refused_and_the_seat_plays_on():
    with loop_thread() as loop, hosted() as (host, lines):
        client = raw(loop, host)
        client.hello()
        ask = client.read_until("decide")
        d = ask["decision"]
        client.send(encode({"type": "action", "decision": d + 1, "choice": 0}))  # not asked (yet)
        refusal = refused(client, "not-yours")
        assert refusal["closing"] is False and f"Decision {d + 1} is not this seat's" in refusal["message"]
        client.send(encode({"type": "action", "decision": d, "choice": 0}))
        events = client.read_until("events")
        assert events["n"] == d + 1 and events["seat"] == 0
        client.send(encode({"type": "action", "decision": d, "choice": 0}))  # the same answer again: replayed
        said = [client.read()]
        while said[-1]["type"] != "refused":  # the next question may come before the refusal
            said.append(client.read())
        assert said[-1]["code"] == "taken" and len(host.host.tables[0].controller.actions) >= d + 1
        ask = next((m for m in said if m["type"] == "decide"), None) or client.read_until("decide")
        client.send(encode({"type": "action", "decision": ask["decision"], "choice": 99}))
        assert "outside the" in refused(client, "illegal")["message"]
        assert sum("refused seat 1" in line for line in lines.seen) == 3  # each kind of refusal logged once


def test_the_first_message_must_be_a_hello_of_this_protocol_and_release():
    cases = [({"protocol": PROTOCOL + 1}, "protocol", f"version {PROTOCOL} of the network protocol"),
             ({"release": "0.0.1"}, "release", f"runs Drako Desktop {__version__} and this client 0.0.1"),
             ({"rules": {"aetherya-pocket": "other-rules"}}, "rules", "rules data this client does not have"),
             ({"seat": 1}, "no-seat", "no seat 2 played from another computer"),
             ({"key": encode_bytes(bytes(16))}, "wrong-key", "is not the key of seat 1"),
             ({"table": "20200101-000000-abcdef"}, "unknown-table", "does not run the game")]
    with loop_thread() as loop, hosted() as (host, lines):
        for changes, code, words in cases:
            client = raw(loop, host)
            client.hello(**changes)
            message = refused(client, code)
            assert words in message["message"] and message["closing"] and REFUSALS[code].final
            assert client.read() is None and client.close_code() == 1008
        # a stranger's refusals: one line a minute for its address, however many
        assert sum("refused 127.0.0.1" in line for line in lines.seen) == 1


def test_an_invitation_of_a_finished_game_is_told_so():
    with loop_thread() as loop, hosted() as (host, _):
        history_dir().mkdir(parents=True, exist_ok=True)
        (history_dir() / "20200101-000000-abcdef.json").write_text("{}")
        client = raw(loop, host)
        client.hello(table="20200101-000000-abcdef")
        assert refused(client, "finished")["message"] == "The game of that invitation is over."


def test_a_wrong_key_tried_again_and_again_costs_one_log_line_then_the_address_is_turned_away():
    with loop_thread() as loop, hosted() as (host, lines):
        for _ in range(TRIES):
            client = raw(loop, host)
            client.hello(key=encode_bytes(bytes(16)))
            refused(client, "wrong-key")
        client = raw(loop, host)  # even with the right key: the address has tried too often, it is not heard
        refused(client, "tries")
        assert sum("refused 127.0.0.1" in line for line in lines.seen) == 1


def test_garbage_bytes_that_are_not_tls_are_refused_with_a_log_line(tmp_path):
    with hosted() as (host, lines):
        port = host.invitations()[0].port
        with socket.create_connection((LOOPBACK, port), timeout=10) as stranger:
            stranger.sendall(b"GET / HTTP/1.0\r\n\r\n" + bytes(range(256)) * 4)
            stranger.settimeout(10)
            answer = stranger.recv(4096)
            assert stranger.recv(4096) == b""  # closed by the host
        assert answer[:1] in (b"\x15", b"")  # a TLS alert, if anything
        assert "not a TLS client of this table" in lines.wait_for("not a TLS client")


def test_tls_without_the_websocket_protocol_is_refused_with_a_log_line():
    """A browser's request gets an HTTP error that says why; garbage inside TLS is closed without a word."""
    with hosted() as (host, lines):
        port = host.invitations()[0].port
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
        answers = []
        for request in (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", b"\x00\xff garbage that is no HTTP request\r\n\r\n"):
            with socket.create_connection((LOOPBACK, port), timeout=10) as tcp, context.wrap_socket(tcp) as stranger:
                stranger.sendall(request)
                answers.append(b"".join(iter(lambda: stranger.recv(4096), b"")))
            assert "refused 127.0.0.1: not a WebSocket client" in lines.wait_for("not a WebSocket client")
        assert answers[0].startswith(b"HTTP/1.1 426") and b"Failed to open a WebSocket connection" in answers[0]
        assert answers[1] == b""


def test_a_frame_of_gigabytes_closes_the_connection_before_it_is_read():
    with loop_thread() as loop, hosted() as (host, lines):
        for hello_first in (False, True):
            client = raw(loop, host)
            if hello_first:
                client.hello()
            # a text frame's header announcing 2 GiB (masked, as a client's must be), then nothing of it
            header = b"\x81\xff" + (2**31).to_bytes(8, "big") + b"\x01\x02\x03\x04"
            assert client.websocket is not None
            loop.run(_write_raw(client, header))
            while client.read() is not None:  # the welcome and what follows it, up to the close
                pass
            assert client.close_code() == 1009
        assert f"more than {MAX_CLIENT_MESSAGE:,} bytes" in lines.wait_for("more than")


async def _write_raw(client: RawClient, data: bytes) -> None:
    assert client.websocket is not None
    client.websocket.transport.write(data)


def test_binary_frames_and_messages_of_no_known_shape_are_refused():
    with loop_thread() as loop, hosted() as (host, _):
        for frame, why in [(b"\x00\x01", "a binary frame"), ('{"type": "hello"', "not valid JSON"),
                           ('[1, 2]', "not an object with a type"), ('{"type": "move"}', 'a client sends no "move"'),
                           ('{"type": "action", "decision": -1}', "names the decision it answers"),
                           ("[" * 100 + "]" * 100, "nested more than")]:
            client = raw(loop, host)
            client.hello()
            client.read_until("welcome")
            client.send(frame)
            assert why in refused(client, "bad-message")["message"]
            assert client.read() is None or client.close_code() == 1008


def test_a_client_that_floods_is_closed_and_the_others_play_to_the_end():
    with loop_thread() as loop, hosted(("remote", "remote")) as (host, lines):
        good = SeatThread(host.invitations()[1])
        flooder = raw(loop, host)
        flooder.hello()
        flooder.read_until("welcome")
        for _ in range(3000):
            flooder.send(encode({"type": "sync"}))
            if flooder.close_code() is not None:
                break
        assert "More than 20 messages a second" in refused(flooder, "flood")["message"]
        assert "More than 20" in lines.wait_for("More than 20")
        player = SeatThread(host.invitations()[0])  # the flooded seat, back with a proper client
        assert good.wait() == 0 and player.wait() == 0 and host.wait() == 0


def test_chat_lines_are_plain_bounded_and_told_to_every_seat():
    with loop_thread() as loop, hosted(("remote", "remote")) as (host, lines):
        one, two = raw(loop, host, 0), raw(loop, host, 1)
        one.hello()
        two.hello()
        one.send(encode({"type": "chat", "text": "hello\x1b[2J \u202eevil\nthere"}))
        said = two.read_until("chat")
        assert said == {"type": "chat", "seat": 0, "text": "hello[2J evilthere"}
        one.send(encode({"type": "chat", "text": "x" * 201}))
        assert refused(one, "chat")["closing"] is False
        assert "chat of seat 1: hello[2J evilthere" in lines.wait_for("chat of seat 1")


def test_a_connection_that_never_says_hello_is_closed():
    with loop_thread() as loop, hosted(hello_seconds=0.3) as (host, lines):
        client = raw(loop, host)
        assert refused(client, "no-hello")["message"] == "No hello came within 0.3 seconds of connecting."


def test_a_half_open_connection_is_noticed_by_the_heartbeat_and_the_seat_comes_back():
    with loop_thread() as loop, hosted(heartbeat=0.2) as (host, lines):
        proxy = CuttingProxy(loop, host.invitations()[0].port)
        client = client_of(proxy.invitation(host.invitations()[0]))
        client.start()
        assert _next(client, "welcome")
        proxy.freeze()  # the cable pulled: nothing goes through, and nothing says so
        assert "heartbeat went unanswered" in lines.wait_for("seat 1 left")
        assert host.host.tables[0].presence()[0].value == "away"
        proxy.thaw()
        proxy.cut()  # the client's side learns of it too (its own heartbeat would, in 10 s)
        assert _next(client, "lost")["retry"] <= 0.25 * 1.25
        assert _next(client, "welcome")["state"]["n"] >= 0
        assert "seat 1 joined" in lines.wait_for("joined")
        client.close()
        assert client.join(10)


def test_a_second_client_with_the_same_invitation_takes_the_seat_over_and_the_first_is_told():
    with loop_thread() as loop, hosted() as (host, lines):
        first = client_of(host.invitations()[0])
        first.start()
        assert _next(first, "welcome")
        second = raw(loop, host)
        second.hello()
        assert second.read_until("welcome")["seat"] == 0
        told = _next(first, "refused")
        assert told["code"] == "taken-over" and told["final"] is True
        assert first.join(10)  # it does not come back by itself
        assert "taken over" in lines.wait_for("taken over")
        assert second.read_until("decide")  # the decision goes to the one client that has the seat


def test_a_client_that_never_answers_is_played_for_after_the_away_time_and_the_game_ends():
    with loop_thread() as loop, hosted(("remote", "remote"), away_after=0.5) as (host, lines):
        silent = raw(loop, host, 0)
        silent.hello()
        player = SeatThread(host.invitations()[1])
        assert "did not answer within 0.5 s" in lines.wait_for("seat 1 did not answer")
        assert player.wait() == 0
        assert host.host.tables[0].presence()[0].value == "stand-in"
        silent.send(encode({"type": "sync"}))  # anything from it: it is back
        assert lines.wait_for("seat 1 is back")
        silent.abort()  # it read nothing of what it was sent: the host would drop it at its next heartbeat
        assert host.wait() == 0


def _next(client, kind: str) -> dict:
    """The client's next message of `kind` (its inbox is read with a limit that fails the test)."""
    while True:
        message = client.inbox.get(timeout=30)
        if message["type"] == kind:
            return message
        assert message["type"] != "closed", f"closed before a {kind}"
