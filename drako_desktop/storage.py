"""Where the game keeps the player's files, and how it writes them safely.

Folders come from platformdirs (per user, per OS); the environment variable
DRAKO_DESKTOP_HOME puts everything under one folder instead (tests, portable
installs). Every write is atomic: a temporary file in the same folder is
written, flushed and fsynced, then renamed over the target, so a crash or a
kill at any moment leaves either the old file or the new one, never half of it.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import platformdirs

APP = "drako-desktop"


def _home() -> Path | None:
    home = os.environ.get("DRAKO_DESKTOP_HOME")
    return Path(home) if home else None


def config_dir() -> Path:
    home = _home()
    return home / "config" if home else Path(platformdirs.user_config_dir(APP, appauthor=False))


def data_dir() -> Path:
    home = _home()
    return home / "data" if home else Path(platformdirs.user_data_dir(APP, appauthor=False))


def atomic_write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    if hasattr(os, "O_DIRECTORY"):  # make the rename itself durable
        dir_fd = os.open(path.parent, os.O_DIRECTORY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
