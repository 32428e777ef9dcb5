"""The network protocol (docs/network.md): JSON objects in WebSocket text frames, inside TLS 1.3.

Every message is one object with a `type`. A client sends `hello` first, then `action`, `undo`, `end-turn`, `chat`
and `sync`; the host sends `welcome`, `state`, `events`, `decide`, `turn-over`, `ended`, `presence`, `chat`,
`refused` and `end`. Both sides read what the
other sends as hostile: through the one bounded JSON reader (`jsonio`), each field's type and size checked here
before anything uses it. A message that does not have the protocol's shape is a `Refusal` (one sentence, said to
both sides), and so is every other input the host turns down: the table of `REFUSALS` is the whole list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from .. import jsonio
from ..controller.game import clean_name

DEFAULT_PORT = 47474  # where a host listens unless told otherwise (the firewall's one opening)
PROTOCOL = 2  # raised whenever a message changes shape: a host and a client of two versions refuse each other
MAX_CLIENT_MESSAGE = 4096  # bytes of one message from a client: a hello, an answer, a chat line
MAX_HOST_MESSAGE = 8_000_000  # bytes of one message from the host: a long game's log or its final record
MAX_CHAT = 200  # characters of one chat line
HEARTBEAT = 5.0  # seconds between pings both ways; an unanswered ping closes the connection as long after
HELLO_SECONDS = 10.0  # a connection that has not said hello by then is closed
RATE, BURST = 20.0, 40  # a client's messages: so many a second on average, so many at once
MAX_REFUSED = 50  # messages refused on one connection before it is closed
MAX_DECISION = 10**6  # far beyond any game's decisions (a save holds at most 20,000 actions)


@dataclass(frozen=True)
class RefusalKind:
    sentence: str  # the one sentence both sides get, with {placeholders}
    closes: bool  # the host closes the connection after it
    final: bool  # a client does not try again by itself (the same invitation would be refused again)


REFUSALS: Mapping[str, RefusalKind] = {
    "protocol": RefusalKind("This host speaks version {host} of the network protocol and this client version "
                            "{client}: both computers need the same release of Drako Desktop.", True, True),
    "release": RefusalKind("This table runs Drako Desktop {host} and this client {client}: both computers need the "
                           "same release.", True, True),
    "bad-message": RefusalKind("That is not a message of the Drako Desktop protocol: {why}.", True, True),
    "too-big": RefusalKind("A message of more than {limit:,} bytes came: the connection is closed.", True, False),
    "no-hello": RefusalKind("No hello came within {seconds:g} seconds of connecting.", True, False),
    "unknown-table": RefusalKind("This host does not run the game of that invitation.", True, True),
    "finished": RefusalKind("The game of that invitation is over.", True, True),
    "no-seat": RefusalKind("This table has no seat {seat} played from another computer.", True, True),
    "wrong-key": RefusalKind("That invitation's key is not the key of seat {seat}.", True, True),
    "rules": RefusalKind("This table plays {game} with rules data this client does not have: both computers need "
                         "the same rules.", True, True),
    "busy": RefusalKind("This host has too many connections now: try again later.", True, False),
    "tries": RefusalKind("Too many refused tries came from this address: wait a minute.", True, False),
    "taken-over": RefusalKind("Another client joined with this seat's invitation and took the seat over.", True,
                              True),
    "flood": RefusalKind("More than {rate:g} messages a second came from this client: the connection is closed.",
                         True, False),
    "too-slow": RefusalKind("This client did not read what the host sent: the connection is closed.", True, False),
    "refused-often": RefusalKind("Too many of this client's messages were refused: the connection is closed.",
                                 True, False),
    "closing": RefusalKind("The host is closing the table; the game is saved and goes on when it is back.", True,
                           False),
    "not-yours": RefusalKind("Decision {decision} is not this seat's to take now.", False, False),
    "taken": RefusalKind("Decision {decision} was taken already.", False, False),
    "illegal": RefusalKind("That choice is refused: {why}.", False, False),
    "chat": RefusalKind("A chat line is plain text of 1 to {limit} characters.", False, False),
    "no-undo": RefusalKind("Nothing of this seat's turn can be taken back now.", False, False),
    "not-ending": RefusalKind("This seat's turn is not waiting for End turn now.", False, False),
    # said by a client, of the host:
    "pin": RefusalKind("The host's certificate is not the one the invitation names: somebody may be in between, so "
                       "this client does not join.", True, True),
    "host-message": RefusalKind("The host sent something that is not of the protocol: {why}.", True, True),
}


class Refusal(Exception):
    """An input turned down: `code` names it in `REFUSALS`, the message is its one sentence."""

    def __init__(self, code: str, **values: Any) -> None:
        self.code = code
        self.kind = REFUSALS[code]
        super().__init__(self.kind.sentence.format(**values))

    def message(self) -> dict[str, Any]:
        """The `refused` message that tells the other side."""
        return {"type": "refused", "code": self.code, "message": str(self), "closing": self.kind.closes}


def encode(message: Mapping[str, Any]) -> str:
    return jsonio.dumps(message)


def _object(text: str | bytes, limit: int, refuse: Callable[[str], Refusal]) -> dict[str, Any]:
    if isinstance(text, bytes):
        raise refuse("a binary frame")
    try:
        message = jsonio.loads(text, limit)
    except jsonio.JsonError as exc:
        raise refuse(f"the text {exc}") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise refuse("not an object with a type")
    return message


def whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def short_text(value: Any, limit: int) -> bool:
    return isinstance(value, str) and len(value) <= limit


# -- what a client sends ---------------------------------------------------------------------------------------

CLIENT_TYPES = ("hello", "action", "undo", "end-turn", "chat", "sync")


def read_client(text: str | bytes) -> dict[str, Any]:
    """A client's message with the shape its type requires (other fields are ignored), or a Refusal. A hello of
    another protocol version is refused as such, whatever else it holds."""

    def bad(why: str) -> Refusal:
        return Refusal("bad-message", why=why)

    message = _object(text, MAX_CLIENT_MESSAGE, bad)
    kind = message["type"]
    if kind not in CLIENT_TYPES:
        raise bad(f"a client sends no {jsonio.shown(kind)}")
    if kind == "hello":
        if message.get("protocol") != PROTOCOL:
            raise Refusal("protocol", host=PROTOCOL, client=jsonio.shown(message.get("protocol")))
        rules = message.get("rules")
        if not (short_text(message.get("release"), 40) and short_text(message.get("table"), 40)
                and whole(message.get("seat"), 0, 99) and short_text(message.get("key"), 64)
                and isinstance(rules, dict) and len(rules) <= 16
                and all(short_text(k, 40) and short_text(v, 100) for k, v in rules.items())
                and isinstance(message.get("ends_turns", False), bool)):
            raise bad("a hello names its release, table, seat, key and rules")
    elif kind == "action":
        if not whole(message.get("decision"), 0, MAX_DECISION):
            raise bad("an action names the decision it answers")
    elif kind in ("undo", "end-turn"):
        if not whole(message.get("n"), 0, MAX_DECISION):
            raise bad(f"{kind} names the actions its player has seen")
    elif kind == "chat":
        if not short_text(message.get("text"), 4 * MAX_CHAT):
            raise Refusal("chat", limit=MAX_CHAT)
    return message


def chat_line(text: str) -> str:
    """A chat line as it may be shown (invisible characters and line breaks gone); Refusal if none is left or it is
    too long."""
    line = clean_name(text)
    if not 0 < len(line) <= MAX_CHAT:
        raise Refusal("chat", limit=MAX_CHAT)
    return line


# -- what the host sends -----------------------------------------------------------------------------------------

# The fields a client relies on, per type of the host's messages, and what each must be.
HOST_FIELDS: Mapping[str, Mapping[str, Callable[[Any], bool]]] = {
    "welcome": {"protocol": lambda v: v == PROTOCOL, "release": lambda v: short_text(v, 40),
                "game": lambda v: short_text(v, 40), "rules": lambda v: short_text(v, 100),
                "table": lambda v: short_text(v, 40), "seat": lambda v: whole(v, 0, 99),
                "players": lambda v: whole(v, 1, 99), "names": lambda v: isinstance(v, list),
                "seats": lambda v: isinstance(v, list), "variants": lambda v: isinstance(v, list),
                "state": lambda v: isinstance(v, dict)},
    "state": {"n": lambda v: whole(v, 0, MAX_DECISION), "view": lambda v: isinstance(v, dict),
              "events": lambda v: isinstance(v, list)},
    "events": {"n": lambda v: whole(v, 1, MAX_DECISION), "seat": lambda v: whole(v, -1, 99),
               "events": lambda v: isinstance(v, list), "view": lambda v: isinstance(v, dict)},
    "ended": {"n": lambda v: whole(v, 0, MAX_DECISION), "seat": lambda v: whole(v, -1, 99),
              "events": lambda v: isinstance(v, list), "view": lambda v: isinstance(v, dict)},
    "decide": {"decision": lambda v: whole(v, 0, MAX_DECISION), "view": lambda v: isinstance(v, dict),
               "legal": lambda v: isinstance(v, list) and len(v) > 0},
    "turn-over": {"n": lambda v: whole(v, 0, MAX_DECISION), "undo": lambda v: short_text(v, 20)},
    "presence": {"seats": lambda v: isinstance(v, list)},
    "chat": {"seat": lambda v: whole(v, 0, 99), "text": lambda v: short_text(v, MAX_CHAT)},
    "refused": {"code": lambda v: short_text(v, 40), "message": lambda v: short_text(v, 1000),
                "closing": lambda v: isinstance(v, bool)},
    "end": {"n": lambda v: whole(v, 0, MAX_DECISION), "result": lambda v: isinstance(v, dict),
            "record": lambda v: isinstance(v, dict)},
}


def read_host(text: str | bytes) -> dict[str, Any]:
    """The host's message with the fields its type requires, or a Refusal ("host-message")."""

    def bad(why: str) -> Refusal:
        return Refusal("host-message", why=why)

    message = _object(text, MAX_HOST_MESSAGE, bad)
    fields = HOST_FIELDS.get(message["type"])
    if fields is None:
        raise bad(f"a host sends no {jsonio.shown(message['type'])}")
    for name, good in fields.items():
        if not good(message.get(name)):
            raise bad(f"its {message['type']} has no proper {name}")
    if message["type"] == "state" or message["type"] == "welcome":
        state = message.get("state", message)
        if not all(HOST_FIELDS["state"][name](state.get(name)) for name in HOST_FIELDS["state"]):
            raise bad("its state has no proper n, view and events")
    return message
