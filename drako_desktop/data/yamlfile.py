"""Reading a game's YAML data files: safe loading and validation that names file, key and problem.

Both games' loaders read their `cards/<game-id>/` folders through `YamlFile`, so
every bad file is reported the same way:

    drako-desktop: cards/kingdom.yaml: types[0].copies.2: must be a whole number, not the text 'four'

A card folder may come from anyone (house rules are shared), so the reader is
strict where YAML is generous: a file is at most MAX_BYTES of UTF-8, aliases
(`*name`, which can make a few kilobytes expand until memory runs out), a key
twice in one mapping, nesting deeper than MAX_DEPTH (the reader recurses) and more
than MAX_NODES values (each costs memory and time to build) are refused, before a
node is built where they can be, a number has at most MAX_DIGITS digits, texts
hold no control characters, and every file a value names (an icon) is checked
up front: a regular file inside the folder, and an SVG picture. A data file itself is
read only from inside its folder too: a link to a file elsewhere is refused unread.
"""

from __future__ import annotations

import builtins
import errno
import os
import re
import stat
from collections.abc import Collection, Hashable
from pathlib import Path
from typing import Any

import yaml

MAX_BYTES = 1_000_000  # the bundled files are a few kilobytes
MAX_DIGITS = 12  # no number of the games' data needs more
MAX_DEPTH = 32  # the games' deepest file nests 8 levels; reading recurses a few frames a level
MAX_NODES = 20_000  # values in one file: the bundled files have at most about 500
MAX_ASSET_BYTES = 1_000_000  # an icon is a few kilobytes
_SVG = re.compile(rb"<svg[\s>]")
_DECLARATIONS = re.compile(rb"<!(DOCTYPE|ENTITY)", re.IGNORECASE)
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # texts may hold line breaks and tabs, nothing else
_UNPRINTABLE = yaml.reader.Reader.NON_PRINTABLE  # what YAML allows in no file at all


# libyaml's loader where the wheel has it (the same safe loading, at C speed: PyYAML's own takes a minute and
# hundreds of megabytes for a file of half a million numbers).
_SafeLoader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _check_events(text: str) -> None:
    """Refuse what a hostile file could abuse from the parser's events, before any node is built: aliases,
    nesting deep enough to exhaust Python's stack, and more than MAX_NODES values (a refusal stops reading,
    so a file of half a million numbers is refused after its first MAX_NODES)."""
    parser = _SafeLoader(text)
    depth = nodes = 0  # the collections open around the next event, the values so far
    try:
        while parser.check_event():
            event = parser.get_event()
            problem = None
            if isinstance(event, yaml.AliasEvent):
                problem = "aliases (*name) are not allowed in card data"
            elif isinstance(event, (yaml.ScalarEvent, yaml.CollectionStartEvent)):
                nodes += 1
                if depth >= MAX_DEPTH:
                    problem = f"nested more than {MAX_DEPTH} levels deep"
                elif nodes > MAX_NODES:
                    problem = f"more than {MAX_NODES:,} values (texts, numbers, lists and mappings)"
                depth += isinstance(event, yaml.CollectionStartEvent)
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
            if problem is not None:
                raise yaml.composer.ComposerError(None, None, problem, event.start_mark)
    finally:
        parser.dispose()


class _StrictLoader(_SafeLoader):
    """The safe loader without what a hostile file could abuse once `_check_events` passed it: repeated
    keys, huge numbers."""

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        if isinstance(node, yaml.MappingNode):
            seen = set()
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=True)
                if isinstance(key, (str, int, float, bool)) or key is None:
                    if key in seen:
                        raise yaml.constructor.ConstructorError(None, None, f"the key {quoted(key)} appears twice",
                                                                key_node.start_mark)
                    seen.add(key)
        return super().construct_mapping(node, deep)

    def construct_yaml_int(self, node: Any) -> Any:
        digits = sum(c.isdigit() for c in str(node.value))
        if digits > MAX_DIGITS:
            raise yaml.constructor.ConstructorError(None, None, f"a number of {digits} digits (at most {MAX_DIGITS})",
                                                    node.start_mark)
        value = super().construct_yaml_int(node)
        if abs(value) >= 10**MAX_DIGITS:  # written in hexadecimal, octal or binary: its digits were not counted
            raise yaml.constructor.ConstructorError(None, None, f"a number of more than {MAX_DIGITS} digits",
                                                    node.start_mark)
        return value


_StrictLoader.add_constructor("tag:yaml.org,2002:int", _StrictLoader.construct_yaml_int)


class CardDataError(Exception):
    """A card folder is missing, unreadable or invalid.

    The message always names the file, the key path inside it and the problem.
    """

    def __init__(self, file: Path | str, key: str, problem: str) -> None:
        self.file = str(file)
        self.key = key
        self.problem = problem
        where = f"{self.file}: {key}" if key else self.file
        super().__init__(f"{where}: {problem}")


class YamlFile:
    """One YAML data file, read safely, with validation helpers that name the file and key in every error."""

    def __init__(self, path: Path) -> None:
        """The file at `path`, in its data folder (`path.parent`): never a link to a file elsewhere."""
        self.path = path

        def fail(problem: str) -> CardDataError:
            return CardDataError(path, "", problem)

        data = _read_file(_inside(path.parent, path.name, fail), MAX_BYTES, fail)
        if len(data) > MAX_BYTES:
            raise CardDataError(path, "", f"is larger than {MAX_BYTES:,} bytes")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise CardDataError(path, "", f"is not UTF-8 text (byte {exc.start + 1})") from None
        if unprintable := _UNPRINTABLE.search(text):  # YAML refuses them as the loader starts, with a traceback
            number = text.count("\n", 0, unprintable.start()) + 1
            raise CardDataError(path, "", f"is not valid YAML at line {number}: it holds the character "
                                          f"U+{ord(unprintable.group()):04X}, which YAML does not allow")
        loader = None
        try:
            _check_events(text)
            loader = _StrictLoader(text)
            self.root = loader.get_single_data()
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = f" at line {mark.line + 1}" if mark is not None else ""
            problem = getattr(exc, "problem", None) or str(exc)
            if "maximum nesting depth" in problem:  # libyaml's own limit (1,000), met while it looks ahead
                problem = f"nested more than {MAX_DEPTH} levels deep"
            raise CardDataError(path, "", f"is not valid YAML{line}: {problem}") from None
        finally:
            if loader is not None:
                loader.dispose()

    def fail(self, key: str, problem: str) -> CardDataError:
        return CardDataError(self.path, key or "(top level)", problem)

    def mapping(self, node: Any, key: builtins.str, required: tuple[Hashable, ...],
                optional: tuple[Hashable, ...] = ()) -> dict[Any, Any]:
        if not isinstance(node, dict):
            raise self.fail(key, f"must be a mapping, not {describe(node)}")
        for name in node:
            if name not in required and name not in optional:
                allowed = ", ".join(map(str, required + optional))  # keys may be numbers (player counts)
                raise self.fail(join(key, str(name)), f"unknown key (allowed here: {allowed})")
        for name in required:
            if name not in node:
                raise self.fail(join(key, str(name)), "missing")
        return node

    def list(self, node: Any, key: builtins.str, min_len: builtins.int = 0) -> builtins.list:
        if not isinstance(node, list):
            raise self.fail(key, f"must be a list, not {describe(node)}")
        if len(node) < min_len:
            raise self.fail(key, f"must have at least {min_len} entries, has {len(node)}")
        return node

    def int(self, node: Any, key: builtins.str, low: builtins.int | None = None,
            high: builtins.int | None = None) -> builtins.int:
        if isinstance(node, bool) or not isinstance(node, int):
            raise self.fail(key, f"must be a whole number, not {describe(node)}")
        if low is not None and node < low:
            raise self.fail(key, f"must be at least {low}, is {node}")
        if high is not None and node > high:
            raise self.fail(key, f"must be at most {high}, is {node}")
        return node

    def str(self, node: Any, key: builtins.str) -> builtins.str:
        if not isinstance(node, str) or not node.strip():
            raise self.fail(key, f"must be a non-empty text, not {describe(node)}")
        if _CONTROL.search(node):
            raise self.fail(key, "must not hold control characters")
        return node

    def bool(self, node: Any, key: builtins.str) -> builtins.bool:
        if not isinstance(node, bool):
            raise self.fail(key, f"must be true or false, not {describe(node)}")
        return node

    def choice(self, node: Any, key: builtins.str, allowed: Collection[builtins.str],
               what: builtins.str) -> builtins.str:
        value = self.str(node, key)
        if value not in allowed:
            raise self.fail(key, f"unknown {what} {quoted(value)} (known: {', '.join(allowed)})")
        return value

    def colour(self, node: Any, key: builtins.str) -> builtins.str:
        value = self.str(node, key)
        if len(value) != 7 or value[0] != "#" or any(c not in "0123456789abcdefABCDEF" for c in value[1:]):
            raise self.fail(key, f"must be a colour like \"#a1b2c3\", is {quoted(value)}")
        return value.lower()

    def asset(self, node: Any, key: builtins.str) -> Path:
        """An SVG picture the data names, by a path relative to its folder (and inside it)."""
        return check_svg(self.path.parent, self.str(node, key), lambda problem: self.fail(key, problem))

    def unique(self, values: builtins.list[builtins.str], key: builtins.str, what: builtins.str) -> None:
        seen: set[builtins.str] = set()
        for i, value in enumerate(values):
            if value in seen:
                raise self.fail(f"{key}[{i}]", f"duplicate {what} {quoted(value)}")
            seen.add(value)


def _read_file(path: Path, limit: int, fail: Any) -> bytes:
    """At most `limit + 1` bytes of a regular file; `fail(problem)` is raised for anything else."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        raise fail("is missing" if not os.path.islink(path) else "is a link to a file that does not exist") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise fail("is a symbolic link that leads back to itself") from None
        raise fail(f"cannot be read ({exc.strerror or exc})") from None
    if not stat.S_ISREG(found.st_mode):
        raise fail("is not a file")
    try:
        with open(path, "rb") as f:
            return f.read(limit + 1)
    except OSError as exc:
        raise fail(f"cannot be read ({exc.strerror or exc})") from None


def _inside(folder: Path, name: str, fail: Any) -> Path:
    """The file `name` of a data folder, where it really is, if that is inside the folder: a name or a link
    that leads out of it is refused before a byte of what it leads to is read (a message would quote it).
    `fail(problem)` is raised otherwise."""
    try:
        resolved = (folder / name).resolve(strict=False)
    except (OSError, RuntimeError):  # RuntimeError: a symbolic link loop (Python 3.11)
        raise fail("is a symbolic link that leads back to itself") from None
    if not resolved.is_relative_to(folder.resolve()):
        raise fail("is outside the data folder")
    return resolved


def check_svg(folder: Path, name: str, fail: Any) -> Path:
    """The path of an SVG picture named relative to a data folder, checked as the game will use it:
    inside the folder, a regular file of at most MAX_ASSET_BYTES, and an SVG document (with no
    DOCTYPE or ENTITY declarations to expand). `fail(problem)` is raised otherwise."""

    def named(problem: str) -> Any:
        return fail(f"file {quoted(name)} {problem}")

    path = _inside(folder, name, named)
    data = _read_file(path, MAX_ASSET_BYTES, named)
    if len(data) > MAX_ASSET_BYTES:
        raise fail(f"file {quoted(name)} is larger than {MAX_ASSET_BYTES:,} bytes")
    if not _SVG.search(data) or _DECLARATIONS.search(data):
        raise fail(f"file {quoted(name)} is not an SVG picture")
    return path


def quoted(value: Any, limit: int = 60) -> str:
    """A value of the file as a message quotes it: as Python writes it, cut short (a text of the file may be
    a megabyte long, and a message is one line)."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def describe(node: Any) -> str:
    if node is None:
        return "nothing"
    return {dict: "a mapping", list: "a list", str: f"the text {quoted(node)}", bool: f"{node}".lower()}.get(
        type(node), f"{type(node).__name__} {quoted(node)}"
    )


def join(key: str, name: str) -> str:
    return f"{key}.{name}" if key else name
