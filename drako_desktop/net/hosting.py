"""What a host keeps of a game besides its save, so that the old invitations let their seats in again (`Hosting`):
its TLS certificate and private key, each remote seat's key, where it listens, and the seeds of its computer seats,
in `tables/GAME-ID.json` of the data folder.

The file is written atomically and readable by its owner only (the temporary file of `atomic_write_text` is made
that way), and it is never part of the save, which a bug report attaches, nor of anything a client is sent. The
certificate is self-signed, made by `cryptography` for this one game: a client trusts it because its SHA-256 (the
pin) is in the invitation, not because anybody signed it.
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import os
import secrets
import ssl
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Sequence

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from .. import jsonio
from ..saves import GAME_ID
from ..storage import atomic_write_text, data_dir
from .invitation import KEY_BYTES, REGISTRY_ID, Invitation, decode_bytes, encode_bytes

FORMAT = "drako-desktop-table"
VERSION = 1
MAX_BYTES = 64_000  # a certificate, a private key and four keys: about 2 KB
VALID_DAYS = 3650  # a game may wait years to be continued; the pin, not the dates, is what a client checks


class TableFileError(ValueError):
    """A table file that cannot be used (the message says which and why, one sentence)."""


def tables_dir() -> Path:
    return data_dir() / "tables"


def table_path(game_id: str) -> Path:
    if not GAME_ID.fullmatch(game_id):
        raise ValueError(f"not a game id: {game_id!r}")
    return tables_dir() / f"{game_id}.json"


def pin_of(certificate_der: bytes) -> bytes:
    """What an invitation pins: the SHA-256 of the certificate as sent in the TLS handshake."""
    return hashlib.sha256(certificate_der).digest()


def new_certificate(game_id: str) -> tuple[bytes, bytes]:
    """A self-signed certificate for one game and its private key (P-256), both PEM."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"Drako Desktop game {game_id}")])
    now = datetime.datetime.now(datetime.timezone.utc)
    certificate = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
                   .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(days=1))
                   .not_valid_after(now + datetime.timedelta(days=VALID_DAYS)).sign(key, hashes.SHA256()))
    return (certificate.public_bytes(serialization.Encoding.PEM),
            key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                              serialization.NoEncryption()))


def client_context() -> ssl.SSLContext:
    """TLS 1.3 for a client: the host's certificate is checked against the invitation's pin once the handshake is
    done and before anything is sent (`pinned`), not against authorities that never signed it."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_3
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def pinned(ssl_object: Any, pin: bytes) -> bool:
    """Whether the host at the other end of a TLS connection showed the certificate `pin` names."""
    der = ssl_object.getpeercert(binary_form=True) if ssl_object is not None else None
    return der is not None and hmac.compare_digest(pin_of(der), pin)


@dataclass(frozen=True)
class Hosting:
    game_id: str
    game: str  # the game's registry id
    certificate: bytes  # PEM
    private_key: bytes  # PEM
    keys: tuple[bytes | None, ...]  # per seat, its key (None: a seat of the host itself)
    address: str  # the host's address as the invitations name it
    port: int
    bind: str  # the address the host listens on ("" for every interface)
    seeds: tuple[int, ...]  # per seat, the seed its computer agent starts from (the same again when continued)
    away_after: float | None = None  # seconds a remote seat's decision waits before the away level plays it
    away_level: str = "medium"

    @classmethod
    def new(cls, game_id: str, game: str, remote: Sequence[bool], address: str, port: int, bind: str,
            seeds: Sequence[int], away_after: float | None = None, away_level: str = "medium") -> "Hosting":
        certificate, private_key = new_certificate(game_id)
        keys = tuple(secrets.token_bytes(KEY_BYTES) if is_remote else None for is_remote in remote)
        return cls(game_id, game, certificate, private_key, keys, address, port, bind, tuple(seeds), away_after,
                   away_level)

    @property
    def pin(self) -> bytes:
        return pin_of(x509.load_pem_x509_certificate(self.certificate).public_bytes(serialization.Encoding.DER))

    def invitation(self, seat: int) -> Invitation:
        key = self.keys[seat]
        if key is None:
            raise ValueError(f"seat {seat + 1} is not played from another computer")
        return Invitation(self.address, self.port, self.game_id, self.game, seat, key, self.pin)

    def invitations(self) -> list[Invitation]:
        return [self.invitation(seat) for seat, key in enumerate(self.keys) if key is not None]

    def admits(self, seat: int, key: bytes) -> bool:
        """Whether `key` is the key of `seat` (compared in constant time: a stranger learns nothing from timing)."""
        own = self.keys[seat] if 0 <= seat < len(self.keys) else None
        return hmac.compare_digest(own or bytes(KEY_BYTES), key) and own is not None

    def but(self, **changes: Any) -> "Hosting":
        """The same hosting with other settings (the port listened on, an address or away settings given anew)."""
        return replace(self, **changes)

    def server_context(self) -> ssl.SSLContext:
        """TLS 1.3 with this game's certificate (ssl reads a key only from a file: a temporary one of the owner's,
        gone once read)."""
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.minimum_version = ssl.TLSVersion.TLSv1_3
        tables_dir().mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix=".key.", suffix=".tmp", dir=tables_dir())
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(self.private_key + self.certificate)
            context.load_cert_chain(name)
        finally:
            os.unlink(name)
        return context

    def save(self) -> None:
        atomic_write_text(table_path(self.game_id), jsonio.dumps({
            "format": FORMAT, "version": VERSION, "game_id": self.game_id, "game": self.game,
            "certificate": self.certificate.decode("ascii"), "private_key": self.private_key.decode("ascii"),
            "keys": [encode_bytes(k) if k is not None else None for k in self.keys],
            "address": self.address, "port": self.port, "bind": self.bind, "seeds": list(self.seeds),
            "away_after": self.away_after, "away_level": self.away_level,
        }) + "\n")

    @classmethod
    def load(cls, game_id: str) -> "Hosting":
        path = table_path(game_id)
        try:
            data = jsonio.read_file(path, MAX_BYTES)
        except jsonio.JsonError as exc:
            raise TableFileError(f"{path} {exc}") from None
        try:
            if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
                raise ValueError("it is not a table file of this version")
            keys = tuple(None if k is None else decode_bytes(k, KEY_BYTES, "key") for k in data["keys"])
            port, seeds, away_after = data["port"], data["seeds"], data["away_after"]
            if data["game_id"] != game_id or not isinstance(port, int) or not 0 < port < 65536:
                raise ValueError("its game or port is wrong")
            if len(seeds) != len(keys) or not all(isinstance(s, int) and 0 <= s < 2**63 for s in seeds):
                raise ValueError("its seeds are wrong")
            if away_after is not None and not (isinstance(away_after, (int, float)) and 0 < away_after <= 86_400):
                raise ValueError("its away time is wrong")
            if not REGISTRY_ID.fullmatch(data["game"]):
                raise ValueError("its game is wrong")
            found = cls(game_id, data["game"], data["certificate"].encode("ascii"),
                        data["private_key"].encode("ascii"), keys, str(data["address"]), port, str(data["bind"]),
                        tuple(seeds), away_after, str(data["away_level"]))
            x509.load_pem_x509_certificate(found.certificate)  # a certificate, or ValueError
        except (KeyError, TypeError, AttributeError, ValueError, UnicodeError) as exc:
            raise TableFileError(f"{path} cannot be used: {exc}") from None
        return found
