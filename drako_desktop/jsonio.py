"""The one way JSON from outside is read: saves, records, settings, statistics, the lesson's
progress, the command-line tools' input, the opponents' process and external bots' answers.

Python's decoder alone is not enough for a file from a stranger: a number of thousands of
digits raises ValueError (not a syntax error), deep nesting raises RecursionError, and an
unbounded file or line exhausts memory. Here every size, depth and number is bounded and
every failure is one `JsonError` with a reason a message can be made from.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

MAX_DEPTH = 64  # far more nesting than any file of the game has
MAX_INT_DIGITS = 30  # the largest number the game keeps is a 63-bit seed (19 digits)


class JsonError(ValueError):
    """JSON that cannot be used. `reason` is a stable id (bad_json, too_big, too_deep, big_number,
    not_a_number, not_text, unreadable, missing, not_a_file); `values` fill the message."""

    def __init__(self, reason: str, message: str, **values: Any) -> None:
        super().__init__(message)
        self.reason = reason
        self.values = values


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise JsonError("big_number", f"a number of {len(text)} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    if len(text) > 100:
        raise JsonError("big_number", f"a number of {len(text)} characters")
    value = float(text)
    if not math.isfinite(value):
        raise JsonError("big_number", f"the number {text} is too large")
    return value


def _constant(name: str) -> Any:
    raise JsonError("not_a_number", f"{name} is not a number JSON allows")


def _check_depth(value: Any) -> None:
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise JsonError("too_deep", f"nested more than {MAX_DEPTH} levels deep")
        if isinstance(node, dict):
            stack.extend((v, depth + 1) for v in node.values())
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in node)


def loads(text: str | bytes, max_bytes: int) -> Any:
    """Parse one JSON document of at most `max_bytes`; JsonError for anything unusable."""
    if len(text) > max_bytes:
        raise JsonError("too_big", f"larger than {max_bytes:,} bytes", limit=max_bytes)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise JsonError("not_text", "not UTF-8 text") from None
    try:
        value = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise JsonError("bad_json", f"not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}",
                        line=exc.lineno, column=exc.colno) from None
    except RecursionError:
        raise JsonError("too_deep", f"nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as exc:  # a JsonError from the hooks, or the decoder's own limits
        if isinstance(exc, JsonError):
            raise
        raise JsonError("big_number", str(exc)) from None
    _check_depth(value)
    return value


def read_file(path: Path, max_bytes: int) -> Any:
    """Read and parse a JSON file of at most `max_bytes` (never more is read into memory)."""
    try:
        if not path.is_file():  # a folder, a device, a pipe: nothing to read a document from
            if path.exists():
                raise JsonError("not_a_file", "is not a file")
            raise JsonError("missing", "does not exist" if not path.is_symlink() else "is a broken link")
        with path.open("rb") as f:
            data = f.read(max_bytes + 1)
    except OSError as exc:
        raise JsonError("unreadable", f"cannot be read ({exc.strerror or exc})", reason=exc.strerror or str(exc)) from None
    return loads(data, max_bytes)


def dumps(value: Any) -> str:
    """Compact JSON for the game's own files and messages (non-ASCII kept: names in any script)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
