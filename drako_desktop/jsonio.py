"""The one way JSON from outside is read: saves, records, settings, statistics, the lesson's
progress, the command-line tools' input, the opponents' process and external bots' answers.

Python's decoder alone is not enough for a file from a stranger: a number of thousands of
digits raises ValueError (not a syntax error), deep nesting raises RecursionError, a lone
surrogate in a text cannot be written back as UTF-8, and an unbounded file or line exhausts
memory. Here every size, depth and number is bounded, a key may appear once per object, and
every failure is one `JsonError` whose reason and values make the message (`file_errors.<reason>`
in the translations).
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any

MAX_DEPTH = 64  # far more nesting than any file of the game has
MAX_INT_DIGITS = 30  # the largest number the game keeps is a 63-bit seed (19 digits)
_SURROGATE = re.compile("[\ud800-\udfff]")


class JsonError(ValueError):
    """JSON that cannot be used. `reason` is a stable id (bad_json, duplicate_key, too_big, too_deep,
    big_number, not_a_number, bad_text, not_text, unreadable, missing, broken_link, link_loop, not_a_file);
    `values` fill its message."""

    def __init__(self, reason: str, message: str, /, **values: Any) -> None:
        super().__init__(message)
        self.reason = reason
        self.values = values


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _big_number()
    return int(text)


def _float(text: str) -> float:
    value = float(text) if len(text) <= 100 else math.inf
    if not math.isfinite(value):
        raise _big_number()
    return value


def _constant(name: str) -> Any:  # NaN, Infinity: not JSON, though Python's decoder takes them
    raise JsonError("not_a_number", f"holds {name}, which is not a number JSON allows", name=name)


def _big_number() -> JsonError:
    return JsonError("big_number", f"holds a number too large for the game (more than {MAX_INT_DIGITS} digits)",
                     digits=MAX_INT_DIGITS)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise JsonError("duplicate_key", f"names the key {shown(key)} twice in one object", key=shown(key))
            seen.add(key)
    return found


def shown(value: Any, limit: int = 40) -> str:
    """A value from outside as JSON for a message: cut short, and nothing unprintable in it (a text
    from a stranger must not move a terminal's cursor or hide what follows)."""
    text = dumps(value)
    text = "".join(c if c.isprintable() else "?" for c in text[:limit + 1])
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _check(value: Any) -> None:
    """Depth and text: iteratively, so that checking a deep document does not recurse."""
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise _too_deep()
        if isinstance(node, dict):
            stack.extend((k, depth) for k in node)
            stack.extend((v, depth + 1) for v in node.values())
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in node)
        elif isinstance(node, str) and _SURROGATE.search(node):
            raise JsonError("bad_text", "holds text that is not valid Unicode (a lone surrogate)")


def _too_deep() -> JsonError:
    return JsonError("too_deep", f"nested more than {MAX_DEPTH} levels deep", depth=MAX_DEPTH)


def loads(text: str | bytes, max_bytes: int) -> Any:
    """Parse one JSON document of at most `max_bytes`; JsonError for anything unusable."""
    if len(text) > max_bytes:
        raise JsonError("too_big", f"is larger than {max_bytes:,} bytes", limit=f"{max_bytes:,}")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise JsonError("not_text", "is not UTF-8 text") from None
    try:
        value = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant,
                           object_pairs_hook=_object)
    except json.JSONDecodeError as exc:
        raise JsonError("bad_json", f"not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}",
                        line=exc.lineno, column=exc.colno) from None
    except RecursionError:
        raise _too_deep() from None
    _check(value)
    return value


def read_bytes(path: Path, max_bytes: int) -> tuple[bytes, os.stat_result]:
    """The bytes of a regular file, at most `max_bytes + 1` of them (one more than allowed shows
    that it is too big), and the status of the file they were read from; JsonError naming what
    the path is when it is no file to read."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            raise JsonError("broken_link", "is a link to a file that does not exist") from None
        raise JsonError("missing", "does not exist") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise JsonError("link_loop", "is a symbolic link that leads back to itself") from None
        raise _unreadable(exc) from None
    if not stat.S_ISREG(found.st_mode):  # a folder, a device, a pipe: nothing to read a document from
        raise JsonError("not_a_file", "is not a file")
    try:
        # Non-blocking: should a pipe have taken the file's place since, opening it must not wait for a writer.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as f:
            status = os.fstat(f.fileno())
            if not stat.S_ISREG(status.st_mode):
                raise JsonError("not_a_file", "is not a file")
            return f.read(max_bytes + 1), status
    except OSError as exc:
        raise _unreadable(exc) from None


def _unreadable(exc: OSError) -> JsonError:
    reason = exc.strerror or str(exc)
    return JsonError("unreadable", f"cannot be read ({reason})", reason=reason)


def read_file(path: Path, max_bytes: int) -> Any:
    """Read and parse a JSON file of at most `max_bytes` (never more is read into memory)."""
    return loads(read_bytes(path, max_bytes)[0], max_bytes)


def dumps(value: Any) -> str:
    """Compact JSON for the game's own files and messages (non-ASCII kept: names in any script)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
