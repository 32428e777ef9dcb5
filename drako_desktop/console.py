"""What the game writes to a terminal, a file or a pipe: the command-line tools' output and their error lines.

Standard output may be a full disk (`> /dev/full`), closed (`>&-`), a pipe whose reader left (`| true`), or a
terminal that is not UTF-8 (`PYTHONIOENCODING=ascii`, the C locale, a Windows console's code page). None of
these is a traceback: a write that fails is one `OutputError`, told in one line on stderr, and what the
encoding cannot show is replaced (a player named `Brynjá 龍🐉` prints as `Brynj? ??` in ASCII). Names of
files and texts from outside may hold control characters: an error line shows them escaped, so no escape
sequence from a file name reaches the terminal.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Iterator, Protocol, TextIO


class Writable(Protocol):
    """Where a command's output goes: an `Output`, or a StringIO in the tests."""

    def write(self, text: str, /) -> int: ...

    def flush(self) -> None: ...


class Failure(Exception):
    """A run that cannot go on as asked (its output cannot be written, its game cannot be saved, a question
    nobody is there to answer): told in one line on stderr, and the run exits with `status`."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


class OutputError(Failure):
    """The output could not be written; `broken_pipe`: its reader has gone (then nothing is said: it has
    seen enough, as with `| head`)."""

    def __init__(self, reason: str, broken_pipe: bool = False) -> None:
        super().__init__(f"cannot write the output ({reason})")
        self.broken_pipe = broken_pipe


class Output:
    """A text stream (standard output) whose failures are `OutputError` and whose encoding never fails:
    what it cannot encode is replaced."""

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream
        self.encoding = getattr(stream, "encoding", None) or "utf-8"

    def write(self, text: str, /) -> int:
        text = text.encode(self.encoding, "replace").decode(self.encoding)  # a lone surrogate fails even UTF-8
        with _failures():
            return self._open().write(text)

    def flush(self) -> None:
        with _failures():
            self._open().flush()

    def _open(self) -> TextIO:
        if self.stream is None or self.stream.closed:
            raise OutputError("standard output is closed")
        return self.stream


@contextmanager
def _failures() -> Iterator[None]:
    """OSError (a full disk, a pipe nobody reads) as `OutputError`."""
    try:
        yield
    except BrokenPipeError as exc:
        raise OutputError(exc.strerror or "broken pipe", broken_pipe=True) from None
    except OSError as exc:
        raise OutputError(exc.strerror or str(exc)) from None


def let_go_of_stdout() -> None:
    """After output failed: standard output goes nowhere, so that the interpreter's own last flush of what
    is still buffered fails no more (it would say so and change the exit status)."""
    if sys.stdout is None:  # closed from the start: nothing is buffered
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def escaped(text: str) -> str:
    """`text` with every character a terminal would act on rather than show (escape sequences, line breaks,
    bidirectional marks, bytes that were not UTF-8) written as its Python escape: `\\x1b`, `\\n`, `\\udcff`."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape", "backslashreplace").decode("ascii")
                   for c in text)


def error_line(message: str) -> None:
    """`drako-desktop: message` on stderr, escaped and in what its encoding can show; nothing if there is no
    stderr to write to (closed, full): the exit status says it then."""
    stream = sys.stderr
    if stream is None:
        return
    encoding = getattr(stream, "encoding", None) or "utf-8"
    line = f"drako-desktop: {escaped(message)}\n".encode(encoding, "replace").decode(encoding)
    try:
        stream.write(line)
        stream.flush()
    except (OSError, ValueError):
        pass
