"""Reading a game's YAML data files: safe loading and validation that names file, key and problem.

Both games' loaders read their `cards/<game-id>/` folders through `YamlFile`, so
every bad file is reported the same way:

    drako-desktop: cards/kingdom.yaml: types[0].copies.2: must be a whole number, not the text 'four'
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml


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
        self.path = path
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise CardDataError(path, "", "file is missing") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise CardDataError(path, "", f"cannot be read ({exc})") from None
        try:
            self.root = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = f" at line {mark.line + 1}" if mark is not None else ""
            problem = getattr(exc, "problem", None) or str(exc)
            raise CardDataError(path, "", f"is not valid YAML{line}: {problem}") from None

    def fail(self, key: str, problem: str) -> CardDataError:
        return CardDataError(self.path, key or "(top level)", problem)

    def mapping(self, node: Any, key: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict:
        if not isinstance(node, dict):
            raise self.fail(key, f"must be a mapping, not {describe(node)}")
        for name in node:
            if name not in required and name not in optional:
                allowed = ", ".join(required + optional)
                raise self.fail(join(key, str(name)), f"unknown key (allowed here: {allowed})")
        for name in required:
            if name not in node:
                raise self.fail(join(key, name), "missing")
        return node

    def list(self, node: Any, key: str, min_len: int = 0) -> list:
        if not isinstance(node, list):
            raise self.fail(key, f"must be a list, not {describe(node)}")
        if len(node) < min_len:
            raise self.fail(key, f"must have at least {min_len} entries, has {len(node)}")
        return node

    def int(self, node: Any, key: str, low: int | None = None, high: int | None = None) -> int:
        if isinstance(node, bool) or not isinstance(node, int):
            raise self.fail(key, f"must be a whole number, not {describe(node)}")
        if low is not None and node < low:
            raise self.fail(key, f"must be at least {low}, is {node}")
        if high is not None and node > high:
            raise self.fail(key, f"must be at most {high}, is {node}")
        return node

    def str(self, node: Any, key: str) -> str:
        if not isinstance(node, str) or not node.strip():
            raise self.fail(key, f"must be a non-empty text, not {describe(node)}")
        return node

    def bool(self, node: Any, key: str) -> bool:
        if not isinstance(node, bool):
            raise self.fail(key, f"must be true or false, not {describe(node)}")
        return node

    def choice(self, node: Any, key: str, allowed: tuple[str, ...] | list[str] | dict, what: str) -> str:
        value = self.str(node, key)
        if value not in allowed:
            raise self.fail(key, f"unknown {what} {value!r} (known: {', '.join(allowed)})")
        return value

    def colour(self, node: Any, key: str) -> str:
        value = self.str(node, key)
        if len(value) != 7 or value[0] != "#" or any(c not in "0123456789abcdefABCDEF" for c in value[1:]):
            raise self.fail(key, f"must be a colour like \"#a1b2c3\", is {value!r}")
        return value.lower()

    def asset(self, node: Any, key: str) -> Path:
        value = self.str(node, key)
        path = (self.path.parent / value).resolve()
        if not path.is_file():
            raise self.fail(key, f"file {value!r} not found next to the card data")
        return path

    def unique(self, values: list[str], key: str, what: str) -> None:
        seen: set[str] = set()
        for i, value in enumerate(values):
            if value in seen:
                raise self.fail(f"{key}[{i}]", f"duplicate {what} {value!r}")
            seen.add(value)


def describe(node: Any) -> str:
    if node is None:
        return "nothing"
    return {dict: "a mapping", list: "a list", str: f"the text {node!r}", bool: f"{node}".lower()}.get(
        type(node), f"{type(node).__name__} {node!r}"
    )


def join(key: str, name: str) -> str:
    return f"{key}.{name}" if key else name
