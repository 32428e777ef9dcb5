"""`host` and `join` on the command line: bad arguments and bad invitations are one line and exit status 2, never a
traceback; an invitation is read back as it was written, in every shape an address takes."""

from __future__ import annotations

import socket

import pytest

from drako_desktop import cli
from drako_desktop.net.invitation import Invitation, InvitationError

GOOD = Invitation("127.0.0.1", 47474, "20261207-142210-3fa9c1", "draco-mundis", 1, bytes(range(16)),
                  bytes(range(32)))


@pytest.mark.parametrize("host", ["127.0.0.1", "::1", "fe80::1:2", "table.example.org", "localhost"])
def test_an_invitation_reads_back_as_written(host):
    invitation = Invitation(host, 1, "20261207-142210-3fa9c1", "aetherya-pocket", 3, bytes(16), bytes(32))
    text = str(invitation)
    assert Invitation.parse(f"  {text}\n") == invitation
    assert text.startswith(f"drako://{'[' + host + ']' if ':' in host else host}:1/") and "seat=4" in text
    assert len(str(GOOD)) < 160


@pytest.mark.parametrize("text, words", [
    ("", "starts with drako://"),
    ("https://127.0.0.1:1/20261207-142210-3fa9c1?seat=1&key=a&pin=b", "starts with drako://"),
    ("drako://127.0.0.1/20261207-142210-3fa9c1?seat=1", "does not name a host and a port"),
    ("drako://127.0.0.1:99999/x", "address cannot be read"),
    ("drako://127.0.0.1:1/../../etc?seat=1", "does not name a game"),
    (str(GOOD).replace("seat=2", "seat=0"), "seat is not a seat number"),
    (str(GOOD).replace("seat=2", "seat=2&seat=3"), "names its game, seat, key and pin once each"),
    (str(GOOD).replace("&pin=", "&pun="), "names its game, seat, key and pin once each"),
    (str(GOOD).replace("game=draco-mundis", "game=../x"), "game is not a game's name"),
    (str(GOOD).replace("key=", "key=AAAA"), "key has 19 bytes, not 16"),
    (str(GOOD).replace("pin=", "pin=%00"), "pin is not base64url text"),
    ("drako://" + "a" * 600, "at most 512 characters, not 608"),
])
def test_a_bad_invitation_says_what_is_wrong(text, words):
    with pytest.raises(InvitationError, match=words.replace("(", r"\(")):
        Invitation.parse(text)


def taken_port() -> tuple[socket.socket, int]:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen()
    return sock, sock.getsockname()[1]


@pytest.mark.parametrize("args, words", [
    (["join", "nonsense", "--agent", "random"], "an invitation starts with drako://"),
    (["join", str(GOOD)], "join needs --agent"),
    (["join", str(GOOD), "--agent", "genius"], "Draco Mundis has no level 'genius'"),
    (["join", str(GOOD).replace("draco-mundis", "chess"), "--agent", "random"], "for 'chess', a game this copy does"),
    (["join", str(GOOD).replace("key=", "key=AAAA"), "--agent", "random"], "key has 19 bytes, not 16"),
    (["host"], "host needs --seats"),
    (["host", "--seats", "ai:easy,ai:easy"], "names no remote seat"),
    (["host", "--seats", "remote,human"], "unknown seat 'human' (known: remote, ai:easy"),
    (["host", "--seats", "remote,remote", "--away-level", "god"], "--away-level: unknown level 'god'"),
    (["host", "--seats", "remote,remote", "--port", "70000"], "a port is 0-65535, not 70000"),
    (["host", "--seats", "remote,remote", "--away-after", "0"], "from 0.1 to 86,400, not '0'"),
    (["host", "--continue"], "no unfinished hosted game to continue"),
    (["host", "--continue", "nope"], "'nope' is not a game id"),
    (["host", "--continue", "20261207-142210-3fa9c1"], "there is no game 20261207-142210-3fa9c1 among the saves"),
    (["host", "--continue", "--seats", "remote,remote"], "--continue takes a hosted game up again"),
    (["host", "--game", "draco-mundis", "--seats", "remote,remote", "--variants", "checkers"], "no variant 'checkers'"),
])
def test_bad_host_and_join_arguments_are_one_line(args, words, capsys):
    try:
        status = cli.main(args)
    except SystemExit as exc:  # argparse's own refusals
        status = exc.code
    assert status == 2
    out, err = capsys.readouterr()
    assert words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err and out == ""


def test_a_port_in_use_is_said_in_one_line(capsys):
    sock, port = taken_port()
    with sock:
        status = cli.main(["host", "--seats", "remote,remote", "--bind", "127.0.0.1", "--port", str(port)])
    out, err = capsys.readouterr()
    assert status == 2 and f"cannot listen on 127.0.0.1 port {port}" in err.splitlines()[-1] and out == ""
