"""Invitations: the one line of text that lets one seat of one game in.

    drako://HOST:PORT/GAME-ID?game=GAME&seat=N&key=KEY&pin=PIN

HOST and PORT say where the host listens (an IPv6 address in brackets), GAME-ID is the saved game's id, GAME the
game's registry id (`draco-mundis`: what a client must have, said before it connects), N the seat counted from 1,
KEY the seat's own random key (16 bytes) and PIN the SHA-256 of the host's certificate for this game (32 bytes), both
in unpadded base64url. Whoever holds the line can play that seat: it is sent to one person.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass, replace
from urllib.parse import parse_qs, urlsplit

from ..saves import GAME_ID

SCHEME = "drako"
KEY_BYTES = 16  # 128 bits: the brief's floor for a seat's key
PIN_BYTES = 32  # a SHA-256
MAX_LENGTH = 512  # characters: a real invitation has about 140
REGISTRY_ID = re.compile(r"[a-z][a-z0-9-]{0,39}")  # a game of the registry (`games.GAMES`)
HOST_NAME = re.compile(r"[A-Za-z0-9.-]{1,253}|[0-9A-Fa-f:.]{2,45}")  # a name, an IPv4 or an IPv6 address


class InvitationError(ValueError):
    """A line that is no invitation; the message says what is wrong with it (one sentence)."""


def encode_bytes(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def decode_bytes(text: str, size: int, what: str) -> bytes:
    if not re.fullmatch(r"[A-Za-z0-9_-]+", text):
        raise InvitationError(f"the invitation's {what} is not base64url text")
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise InvitationError(f"the invitation's {what} is not base64url text") from None
    if len(data) != size:
        raise InvitationError(f"the invitation's {what} has {len(data)} bytes, not {size}")
    return data


@dataclass(frozen=True)
class Invitation:
    host: str
    port: int
    game_id: str  # the saved game's id
    game: str  # the game's registry id
    seat: int  # from 0, as the protocol counts seats (the text counts from 1)
    key: bytes
    pin: bytes

    def __str__(self) -> str:
        where = f"[{self.host}]" if ":" in self.host else self.host
        return (f"{SCHEME}://{where}:{self.port}/{self.game_id}?game={self.game}&seat={self.seat + 1}"
                f"&key={encode_bytes(self.key)}&pin={encode_bytes(self.pin)}")

    @property
    def uri(self) -> str:
        """The WebSocket address the client connects to (inside TLS)."""
        where = f"[{self.host}]" if ":" in self.host else self.host
        return f"wss://{where}:{self.port}/"

    def at(self, host: str, port: int) -> "Invitation":
        """The same invitation naming another address (the host's address on a VPN, a forwarded port)."""
        return replace(self, host=host, port=port)

    @classmethod
    def parse(cls, text: str) -> "Invitation":
        text = text.strip()
        if len(text) > MAX_LENGTH:
            raise InvitationError(f"an invitation is at most {MAX_LENGTH} characters, not {len(text):,}")
        if not text.startswith(f"{SCHEME}://"):
            raise InvitationError(f"an invitation starts with {SCHEME}://")
        try:
            parts = urlsplit(text)
            port = parts.port
        except ValueError as exc:
            raise InvitationError(f"the invitation's address cannot be read ({exc})") from None
        host = parts.hostname or ""
        if not HOST_NAME.fullmatch(host) or port is None or not 0 < port < 65536:
            raise InvitationError("the invitation does not name a host and a port")
        game_id = parts.path.strip("/")
        if not GAME_ID.fullmatch(game_id):
            raise InvitationError("the invitation does not name a game")
        try:
            fields = parse_qs(parts.query, strict_parsing=True, max_num_fields=8)
        except ValueError:
            raise InvitationError("the invitation's game, seat, key and pin cannot be read") from None
        if sorted(fields) != ["game", "key", "pin", "seat"] or any(len(v) != 1 for v in fields.values()):
            raise InvitationError("an invitation names its game, seat, key and pin once each")
        if not REGISTRY_ID.fullmatch(fields["game"][0]):
            raise InvitationError("the invitation's game is not a game's name")
        seat = fields["seat"][0]
        if not re.fullmatch(r"[1-9]", seat):
            raise InvitationError("the invitation's seat is not a seat number")
        return cls(host, port, game_id, fields["game"][0], int(seat) - 1,
                   decode_bytes(fields["key"][0], KEY_BYTES, "key"), decode_bytes(fields["pin"][0], PIN_BYTES, "pin"))
