"""The one way JSON from outside is read: saves, records, settings, statistics, the lesson's
progress, the command-line tools' input, the opponents' process and external bots' answers.

Python's decoder alone is not enough for a file from a stranger: a number of thousands of
digits raises ValueError (not a syntax error), deep nesting raises RecursionError, a lone
surrogate in a text cannot be written back as UTF-8, and an unbounded file or line exhausts
memory. Here every size, depth and number is bounded, a key may appear once per object, and
every failure is one `JsonError` whose reason and values make the message (`file_errors.<reason>`
in the translations).

What a document holds is read through `Fields` and `Field`: every field by the type its format
gives it (a text, a whole number or a number within bounds, true or false, a list, an object, a
version), a boolean never taken for a number (Python's True is 1) and a constant compared with its
type, so that a value of any JSON type in any field of any file is refused as one `FieldError`
naming the field, never taken for another type or left to fail later where it is used (a list
where a text was expected, used as a dict key, raised TypeError in the middle of the Load screen).
"""

from __future__ import annotations

import builtins
import errno
import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any, Collection, Sequence

MAX_DEPTH = 64  # far more nesting than any file of the game has
MAX_INT_DIGITS = 30  # the largest number the game keeps is a 63-bit seed (19 digits)
_SURROGATE = re.compile("[\ud800-\udfff]")


class JsonError(ValueError):
    """JSON that cannot be used. `reason` is a stable id (bad_json, duplicate_key, too_big, too_deep,
    big_number, not_a_number, bad_text, not_text, unreadable, missing, broken_link, link_loop, not_a_file;
    for what a document holds: not_an_object, missing_field, field, version); `values` fill its message."""

    def __init__(self, reason: str, message: str, /, **values: Any) -> None:
        super().__init__(message)
        self.reason = reason
        self.values = values


# What a field of each kind must be (English: logs, the command line); `file_errors.kinds.<kind>` translates it.
KINDS = {
    "text": "a text",
    "short_text": "a text of at most {longest} characters",
    "printable_text": "a printable text of at most {longest} characters",
    "choice": "one of {allowed}",
    "integer": "a whole number from {low} to {high}",
    "number": "a number from {low} to {high}",
    "boolean": "true or false",
    "list": "a list of at most {longest} items",
    "unique_list": "a list of at most {longest} items, none of them twice",
    "object": "an object",
    "form": "a text like {example}",
}
MISSING: Any = object()  # the value of a field a document does not have


class FieldError(JsonError):
    """A field of a document that is missing (reason missing_field), or that is not what its format says
    (reason field: `kind`, a key of KINDS, with its limits, and the value `found`, shown short). `field` names
    it as a path: "seats[1].name"."""

    def __init__(self, field: str, kind: str | None = None, found: Any = MISSING, **limits: Any) -> None:
        self.field = field
        if kind is None:
            super().__init__("missing_field", f"the field “{field}” is missing", field=field)
            return
        expected = KINDS[kind].format(**{k: ", ".join(v) if isinstance(v, tuple) else v for k, v in limits.items()})
        super().__init__("field", f"the field “{field}” must be {expected}, not {shown(found)}", field=field,
                         kind=kind, found=shown(found), **limits)


class VersionError(JsonError):
    """A document of a version this copy does not read. `version` is the version found if it is a whole number
    (else None), and `newer` says whether it is above every version read (a later release's file)."""

    def __init__(self, field: str, value: Any, reads: Collection[int]) -> None:
        self.field = field
        self.version = value if _whole(value) else None
        self.newer = self.version is not None and self.version > max(reads)
        known = ", ".join(map(str, sorted(reads)))
        super().__init__("version", f"made by another version of the game (format {shown(value)}; this version "
                         f"reads {known})", found=shown(value), reads=known)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _distinct(items: list[Any]) -> bool:
    keys = [(type(item), item) for item in items if isinstance(item, (str, int, float, bool)) or item is None]
    return len(keys) == len(items) and len(set(keys)) == len(keys)


class Field:
    """One value of a document and where it is in it, read as the type its format gives it: each reading
    returns the value, or raises FieldError naming the field (missing_field when it is not there).
    A field the reading gives a default to is there with that value (`Fields.get`)."""

    __slots__ = ("value", "path")

    def __init__(self, value: Any, path: str) -> None:
        self.value = value
        self.path = path

    @property
    def present(self) -> bool:
        return self.value is not MISSING

    def _check(self, ok: bool, kind: str, **limits: Any) -> None:
        if self.value is MISSING:
            raise FieldError(self.path)
        if not ok:
            raise FieldError(self.path, kind, self.value, **limits)

    def equals(self, expected: Any) -> bool:
        """Whether the field is there and is `expected`, of its type too (the version true is not 1)."""
        return type(self.value) is type(expected) and self.value == expected

    def text(self, longest: int | None = None, printable: bool = False) -> str:
        """A text (of at most `longest` characters; `printable`: with no control or invisible character)."""
        value = self.value
        if longest is None:
            self._check(isinstance(value, str), "text")
        elif printable:
            self._check(isinstance(value, str) and len(value) <= longest and value.isprintable(), "printable_text",
                        longest=longest)
        else:
            self._check(isinstance(value, str) and len(value) <= longest, "short_text", longest=longest)
        return str(value)

    def matching(self, form: re.Pattern[str], example: str) -> str:
        """A text of a fixed form (a date, an id): `example` shows it."""
        self._check(isinstance(self.value, str) and form.fullmatch(self.value) is not None, "form", example=example)
        return str(self.value)

    def choice(self, allowed: Sequence[str]) -> str:
        """One of the texts `allowed` (named as JSON writes them in the message: "" is one too)."""
        self._check(isinstance(self.value, str) and self.value in allowed, "choice",
                    allowed=tuple(dumps(a) for a in allowed))
        return str(self.value)

    def integer(self, low: int, high: int) -> int:
        value = self.value
        self._check(_whole(value) and low <= value <= high, "integer", low=low, high=high)
        return int(value)

    def number(self, low: float, high: float) -> float:
        value = self.value
        self._check(isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high,
                    "number", low=f"{low:g}", high=f"{high:g}")
        return float(value)

    def boolean(self) -> bool:
        self._check(isinstance(self.value, bool), "boolean")
        return bool(self.value)

    def list(self, longest: int, unique: bool = False) -> builtins.list[Field]:
        """The items, each a field of its own ("actions[3]"); `unique`: no item twice (items that are texts or
        numbers: a list of lists or objects is never unique)."""
        value = self.value
        if unique:
            self._check(isinstance(value, list) and len(value) <= longest and _distinct(value), "unique_list",
                        longest=longest)
        else:
            self._check(isinstance(value, list) and len(value) <= longest, "list", longest=longest)
        return [Field(item, f"{self.path}[{n}]") for n, item in enumerate(value)]

    def object(self) -> "Fields":
        self._check(isinstance(self.value, dict), "object")
        return Fields(self.value, self.path)

    def version(self, reads: Collection[int]) -> int:
        """The version of the document's format, if this copy reads it: VersionError otherwise."""
        if self.value is MISSING:
            raise FieldError(self.path)
        if not (_whole(self.value) and self.value in reads):
            raise VersionError(self.path, self.value, reads)
        return int(self.value)


class Fields:
    """The fields of one JSON object from outside (a whole document, or an object in one), each read through
    `Field` by the type its format gives it. Every file of the app is read this way."""

    def __init__(self, data: Any, path: str = "") -> None:
        if not isinstance(data, dict):
            if not path:
                raise JsonError("not_an_object", f"is not a JSON object: it holds {shown(data)}", found=shown(data))
            raise FieldError(path, "object", data)
        self.data: dict[str, Any] = data
        self.path = path

    def _path(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def __getitem__(self, key: str) -> Field:
        """A field the document must have."""
        return Field(self.data.get(key, MISSING), self._path(key))

    def get(self, key: str, default: Any) -> Field:
        """A field the document may leave out (files from before it was added): `default` if it does."""
        return Field(self.data.get(key, default), self._path(key))

    def keys(self) -> set[str]:
        return set(self.data)

    def items(self) -> list[tuple[str, Field]]:
        """Every key (a name the file gives: the caller checks it) with its field."""
        return [(key, Field(value, self._path(key))) for key, value in self.data.items()]


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
        if exc.errno == errno.ENOTDIR:  # a file where a folder of the path should be: no such file can be there
            raise JsonError("missing", "does not exist") from None
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
