"""The invitations this copy joined with lately, for Join a game to offer again: `recent-invitations.json` in the
data folder, written atomically (readable by its owner only, as every file `atomic_write_text` writes: an
invitation lets its seat in). It is read as any file from outside: bounded, each entry parsed as an invitation,
whatever is not one left out."""

from __future__ import annotations

import logging
from pathlib import Path

from .. import jsonio
from ..storage import atomic_write_text, data_dir
from .invitation import Invitation, InvitationError

log = logging.getLogger("drako_desktop.net")

FORMAT = "drako-desktop-recent-invitations"
VERSION = 1
KEPT = 8  # invitations remembered, the newest first
MAX_BYTES = 16_000  # eight invitations of at most 512 characters, and room to spare


def recent_path() -> Path:
    return data_dir() / "recent-invitations.json"


def recent_invitations() -> list[Invitation]:
    """The invitations joined with lately, the newest first (none when the file is missing or unusable)."""
    try:
        data = jsonio.read_file(recent_path(), MAX_BYTES)
    except jsonio.JsonError as exc:
        if exc.reason != "missing":
            log.warning("%s %s: no recent invitations", recent_path(), exc)
        return []
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION \
            or not isinstance(data.get("invitations"), list):
        log.warning("%s is not a list of recent invitations of this version", recent_path())
        return []
    found: list[Invitation] = []
    for line in data["invitations"][:KEPT]:
        try:
            found.append(Invitation.parse(line if isinstance(line, str) else ""))
        except InvitationError as exc:
            log.warning("a recent invitation is left out: %s", exc)
    return found


def remember(invitation: Invitation) -> None:
    """`invitation` joined with now: first of the recent ones (the same seat's older one gone), at most `KEPT`."""
    kept = [invitation] + [old for old in recent_invitations()
                           if (old.game_id, old.seat) != (invitation.game_id, invitation.seat)]
    try:
        atomic_write_text(recent_path(), jsonio.dumps({"format": FORMAT, "version": VERSION,
                                                       "invitations": [str(i) for i in kept[:KEPT]]}) + "\n")
    except OSError as exc:  # a convenience only: joining goes on without it
        log.warning("the recent invitations cannot be written to %s: %s", recent_path(), exc)
