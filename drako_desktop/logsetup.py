"""The game's log file: what happened, for a bug report.

`drako-desktop.log` in the user's data folder (rotating, a few MB) gets one
line per applied action (game id, action count), the saves set aside, and the
full traceback of anything that went wrong, with the path of the game's save.
Errors that escape everything else (the main thread, worker threads) are
written there too by the hooks installed here.
"""

from __future__ import annotations

import errno
import io
import logging
import logging.handlers
import os
import stat
import sys
import threading
from pathlib import Path

from .console import error_line
from .storage import data_dir

LOGGER = "drako_desktop"
FILE_NAME = "drako-desktop.log"
MAX_BYTES = 2_000_000
BACKUPS = 2
FORMAT = "%(asctime)s %(levelname)s %(name)s [%(threadName)s] %(message)s"

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # Windows has no pipes in the file system, nor the flag
_BINARY = getattr(os, "O_BINARY", 0)  # Windows: the text layer above writes the line ends, not the system too

_handler: logging.Handler | None = None
_failed: Path | None = None  # the log file that could not be opened (not tried again)


class _LogFile(logging.handlers.RotatingFileHandler):
    """The log file. One that cannot be written (a full disk) says so once on stderr, and the game goes on:
    logging's own way is a traceback on stderr for every line it could not write."""

    told = False

    def _open(self) -> io.TextIOWrapper:
        """The file, opened to append without waiting: a pipe in its place would hold the app before its window
        opens (opening one waits for a reader) or at any line later (writing waits while nobody reads), so a
        pipe or a socket is refused like any file that cannot be written."""
        try:
            fd = os.open(self.baseFilename, os.O_WRONLY | os.O_APPEND | os.O_CREAT | _NONBLOCK | _BINARY, 0o644)
        except OSError as exc:
            if exc.errno == errno.ENXIO:  # a pipe nobody reads
                raise _a_pipe(self.baseFilename) from None
            raise
        try:
            mode = os.fstat(fd).st_mode
            if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
                raise _a_pipe(self.baseFilename)
            if _NONBLOCK:  # a device (/dev/null) is written as usual
                os.set_blocking(fd, True)
            return open(fd, "a", encoding=self.encoding, errors=self.errors)
        except BaseException:
            os.close(fd)
            raise

    def handleError(self, record: logging.LogRecord | None) -> None:
        if not self.told:
            self.told = True
            problem = sys.exc_info()[1]
            reason = (problem.strerror if isinstance(problem, OSError) else None) or str(problem)
            error_line(f"the log file {self.baseFilename} cannot be written ({reason}): the game goes on without it")

    def close(self) -> None:
        try:  # closing writes what is left, which fails as every line did
            super().close()
        except OSError:
            self.handleError(None)


def _a_pipe(path: str) -> OSError:
    return OSError(errno.EINVAL, "a pipe or a socket has its name", path)


def log_path() -> Path:
    return data_dir() / FILE_NAME


def current_log() -> Path | None:
    """The log file being written, if any."""
    return Path(_handler.baseFilename) if isinstance(_handler, logging.FileHandler) else None


def setup_logging(tell: bool = True) -> Path | None:
    """Send the game's log to the log file (again, if the data folder changed); the file's path,
    or None when it cannot be written (the game then runs without a log file). That is said on stderr once
    (`tell`: at all; the caller said why already) and not tried again for the same file."""
    global _handler, _failed
    logger = logging.getLogger(LOGGER)
    logger.setLevel(logging.INFO)
    path = log_path()
    if isinstance(_handler, logging.FileHandler) and Path(_handler.baseFilename) == path.resolve():
        return path
    if path == _failed:
        return None
    close_logging()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = _LogFile(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
    except OSError as exc:
        _failed = path
        if tell:
            error_line(f"the log file {path} cannot be written ({exc.strerror or exc}): the game goes on without it")
        return None
    _failed = None
    handler.setFormatter(logging.Formatter(FORMAT))
    logger.addHandler(handler)
    _handler = handler
    install_hooks()
    return path


def close_logging() -> None:
    global _handler
    if _handler is not None:
        logging.getLogger(LOGGER).removeHandler(_handler)
        _handler.close()
        _handler = None


def install_hooks() -> None:
    """Log errors nobody caught: in the main thread (then Python's usual report) and in threads.
    Each hook hands on to the one it replaced; installing twice changes nothing."""
    logger = logging.getLogger(LOGGER)
    if not getattr(sys.excepthook, "drako_logs", False):
        previous_sys = sys.excepthook

        def sys_hook(kind, value, tb) -> None:
            if not issubclass(kind, KeyboardInterrupt):
                logger.critical("unexpected error", exc_info=(kind, value, tb))
            previous_sys(kind, value, tb)

        # marks our hook: installing twice changes nothing (setattr: a function has no such attribute for mypy)
        setattr(sys_hook, "drako_logs", True)  # noqa: B010
        sys.excepthook = sys_hook
    if not getattr(threading.excepthook, "drako_logs", False):
        previous_thread = threading.excepthook

        def thread_hook(args) -> None:
            if args.exc_type is not SystemExit:
                name = args.thread.name if args.thread is not None else "?"
                logger.error("unexpected error in thread %s", name,
                             exc_info=(args.exc_type, args.exc_value, args.exc_traceback))
            previous_thread(args)

        setattr(thread_hook, "drako_logs", True)  # noqa: B010
        threading.excepthook = thread_hook
