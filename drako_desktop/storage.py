"""Where the game keeps the player's files, and how it writes and moves them safely.

Folders come from platformdirs (per user, per OS); the environment variable
DRAKO_DESKTOP_HOME puts everything under one folder instead (tests, portable
installs). Every write is atomic: a temporary file in the same folder is
written, flushed and fsynced, then renamed over the target, so a crash or a
kill at any moment leaves either the old file or the new one, never half of it.
A file moved elsewhere (a finished game into the history, a bad file set aside)
never takes the place of one that is there already: it gets a name of its own.
On Windows the rename fails while another program has the target open (a virus scanner reading
it, a second copy of the game): it is tried again for about a second, then the write gives up
with FileInUseError, the previous file untouched (the caller still has the new text, tells the
player and writes it at its next save).
"""

from __future__ import annotations

import errno
import fnmatch
import os
import tempfile
import threading
import time
from datetime import datetime, timezone
from itertools import count
from pathlib import Path
from typing import Callable

import platformdirs

APP = "drako-desktop"
# Tests only (tests/test_kill.py): "PATTERN STAGE N" makes the Nth atomic write of a file whose
# "folder/name" matches PATTERN stop for good at STAGE, after saying so on stderr, so that the
# test can kill the program at that very moment of the write.
PAUSE_ENV = "DRAKO_DESKTOP_TEST_PAUSE"
WRITE_STAGES = ("written", "flushed", "synced", "renamed")
# Seconds between the tries of a rename another program's open file refused (about a second in all).
REPLACE_PAUSES = (0.01, 0.02, 0.05, 0.1, 0.15, 0.2, 0.25, 0.25)
pause = time.sleep  # how those tries wait (tests count the waits instead)


class FileInUseError(PermissionError):
    """A file could not be replaced: another program holds it open. The previous file is kept."""


def _home() -> Path | None:
    home = os.environ.get("DRAKO_DESKTOP_HOME")
    return Path(home) if home else None


def config_dir() -> Path:
    home = _home()
    return home / "config" if home else Path(platformdirs.user_config_dir(APP, appauthor=False))


def data_dir() -> Path:
    home = _home()
    return home / "data" if home else Path(platformdirs.user_data_dir(APP, appauthor=False))


class _PausePoint:
    """The test hook of PAUSE_ENV: which write to stop, and how many matching writes began."""

    def __init__(self, spec: str) -> None:
        self.pattern, self.stage, number = spec.split()
        self.number = int(number)
        self.writes = 0
        self.lock = threading.Lock()

    def begin(self, path: Path) -> int:
        """A write of `path` begins: its number among the matching writes (0 if it does not match)."""
        if not fnmatch.fnmatch(f"{path.parent.name}/{path.name}", self.pattern):
            return 0
        with self.lock:
            self.writes += 1
            return self.writes

    def reached(self, stage: str, path: Path, write: int) -> None:
        if write == self.number and stage == self.stage:
            os.write(2, f"paused {stage} {path}\n".encode())
            threading.Event().wait()  # until the test kills the program


_pause = _PausePoint(os.environ[PAUSE_ENV]) if os.environ.get(PAUSE_ENV) else None


def write_begins(path: Path) -> int:
    """Tests' pause hook: the number of this write among those PAUSE_ENV watches (0: not watched)."""
    return _pause.begin(path) if _pause is not None else 0


def write_reached(stage: str, path: Path, write: int) -> None:
    """Tests' pause hook: stop here if PAUSE_ENV asks for this stage of this write."""
    if _pause is not None and write:
        _pause.reached(stage, path, write)


def atomic_write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write = write_begins(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            write_reached("written", path, write)
            f.flush()
            write_reached("flushed", path, write)
            os.fsync(f.fileno())
            write_reached("synced", path, write)
        _replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    write_reached("renamed", path, write)
    if hasattr(os, "O_DIRECTORY"):  # make the rename itself durable
        dir_fd = os.open(path.parent, os.O_DIRECTORY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def _replace(tmp: str, path: Path) -> None:
    for wait in (*REPLACE_PAUSES, None):
        try:
            os.replace(tmp, path)
            return
        except PermissionError as exc:
            if wait is None:
                raise FileInUseError(exc.errno, f"{path.name} is open in another program (a virus scanner, another "
                                     "copy of the game?) and could not be replaced: the previous version is kept",
                                     str(path)) from exc
            pause(wait)


def move_to_free_name(path: Path, names: Callable[[int], Path]) -> Path:
    """Move a file to the first of `names(1)`, `names(2)`, ... that is free, never over another
    file (even one that appears meanwhile), and return where it went."""
    for n in count(1):
        target = names(n)
        try:  # a link fails if the target exists: nothing is ever replaced (a symbolic link moves itself)
            os.link(path, target, follow_symlinks=False)
        except FileExistsError:
            continue
        except (OSError, NotImplementedError) as exc:
            if isinstance(exc, OSError) and exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EXDEV, errno.EMLINK,
                                                               errno.ENOSYS):
                raise
            # No hard links here (some file systems): rename, after making sure the name is free.
            if os.path.lexists(target):
                continue
            os.rename(path, target)
            return target
        os.unlink(path)
        return target
    raise AssertionError("unreachable")


def unwritable(folder: Path) -> str | None:
    """Why no file can be written in `folder` (made, with its parents, when it is not there), or None: a file has
    its name or a parent's, it is read-only, the disk takes nothing. Tried by writing a nameless file there."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        return exc.strerror or str(exc)
    return None


def set_aside(path: Path) -> Path:
    """Rename a bad file aside as `NAME.broken-DATE` (`-2`, `-3` ... if taken) and return the new path:
    kept for the player and for bug reports, never deleted, never over another file set aside."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    return move_to_free_name(path, lambda n: path.with_name(f"{path.name}.broken-{stamp}" + (f"-{n}" if n > 1 else "")))


def write_new(path: Path, text: str) -> bool:
    """Write `text` as the file `path` unless something has that name already: True if written, False if
    not. The file appears whole or not at all (a hard link of a finished temporary file), so of two
    processes racing for the name exactly one wins and the other can read what the winner wrote."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        try:
            os.link(tmp, path)
        except FileExistsError:
            return False
        except (OSError, NotImplementedError) as exc:
            if isinstance(exc, OSError) and exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.ENOSYS):
                raise
            # No hard links here (some file systems): created exclusively, then written (a reader may see
            # it empty for a moment, and takes that for a broken file).
            try:
                new = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0))
            except FileExistsError:
                return False
            with os.fdopen(new, "w", encoding="utf-8") as f:
                f.write(text)
        return True
    finally:
        os.unlink(tmp)
