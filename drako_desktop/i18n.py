"""Translations: every user-visible text goes through `tr(key, **values)`.

A language is a YAML file in `drako_desktop/locales/` (`en.yaml`,
`zh-TW.yaml`, ...) and the parts in the folder of the same name (`en/*.yaml`,
one per screen): the words every game shares. Each game's own words are in its
package, the same way (`games/<game>/locales/en.yaml`, `en/*.yaml`, ...), found
through the registry. Both are nested mappings whose leaves are texts with `{name}`
placeholders. English is the fallback for any key a language lacks.
"""

from __future__ import annotations

import locale
import logging
import os
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from . import resources
from .interface.registry import GAMES

if TYPE_CHECKING:
    from .jsonio import JsonError

log = logging.getLogger(__name__)
FALLBACK = "en"


class Translations:
    """All strings of one language, flattened to dotted keys, with English behind them."""

    def __init__(self, code: str, folder: Path | None = None) -> None:
        self.folder = folder or resources.package() / "locales"
        self.fallback = language_strings(self.folder, FALLBACK)
        self.code = code if (self.folder / f"{code}.yaml").is_file() else FALLBACK
        self.strings = self.fallback if self.code == FALLBACK else language_strings(self.folder, self.code)
        self._missing: set[str] = set()

    def has(self, key: str) -> bool:
        return key in self.strings or key in self.fallback

    def get(self, key: str, default: str | None = None, /, **values: Any) -> str:
        """The text of `key` (else `default`, else "[key]") with `values` in its placeholders. `key` and
        `default` are positional only: a placeholder may have any name, `key` and `default` too."""
        text = self.strings.get(key)
        if text is None:
            text = self.fallback.get(key)
        if text is None:
            if default is not None:
                text = default
            else:
                if key not in self._missing:
                    self._missing.add(key)
                    log.warning("no translation for %r", key)
                return f"[{key}]"
        if values:
            try:
                return text.format_map(values)
            except (KeyError, IndexError, ValueError):
                log.warning("bad placeholders in %r (%s)", key, self.code)
                return text
        return text


_parsed: dict[Path, tuple[int, dict]] = {}  # path -> (modification time, contents): YAML parsing is slow


def _read(path: Path) -> dict:
    stamp = path.stat().st_mtime_ns
    found = _parsed.get(path)
    if found is not None and found[0] == stamp:
        return found[1]
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data = data if isinstance(data, dict) else {}
    _parsed[path] = (stamp, data)
    return data


def language_files(folder: Path, code: str) -> list[Path]:
    """The files of one language: `<code>.yaml` and its parts, `<code>/*.yaml`, then those of every game."""
    files = [folder / f"{code}.yaml", *sorted((folder / code).glob("*.yaml"))]
    for games_folder in game_locales():
        own = games_folder / f"{code}.yaml"
        files += [own] if own.is_file() else []
        files += sorted((games_folder / code).glob("*.yaml"))
    return files


def game_locales() -> list[Path]:
    """The folders of the games' own words, in the registry's order."""
    return [resources.package().parent.joinpath(*module_path.split(".")) / "locales" for module_path in GAMES.values()]


def language_strings(folder: Path, code: str) -> dict[str, str]:
    """Every text of one language by dotted key. A key in two of its files is a mistake: the
    first file keeps it, and the log says so."""
    out: dict[str, str] = {}
    for path in language_files(folder, code):
        for key, text in _flatten(_read(path)).items():
            if key in out:
                log.warning("%s: %r is already in another file of %s", path.name, key, code)
                continue
            out[key] = text
    return out


def _flatten(tree: dict, prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in tree.items():
        full = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(_flatten(value, full + "."))
        else:
            out[full] = str(value)
    return out


def available_languages(folder: Path | None = None) -> dict[str, str]:
    """Language code -> its own name (as written in the file's `language.name`)."""
    folder = folder or resources.package() / "locales"
    out = {}
    for path in sorted(folder.glob("*.yaml")):
        out[path.stem] = _flatten(_read(path)).get("language.name", path.stem)  # the main file names it
    return out


def detect_language() -> str:
    """The system locale's language if we have it (zh_TW -> zh-TW), else English."""
    codes = [os.environ.get(v, "") for v in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")]
    try:
        codes.append(locale.getlocale()[0] or "")
    except ValueError:
        pass
    known = available_languages()
    for code in codes:
        code = code.split(".")[0].split(":")[0].replace("_", "-")
        if not code:
            continue
        if code in known:
            return code
        if code.lower().startswith(("zh-tw", "zh-hk", "zh-hant")) and "zh-TW" in known:
            return "zh-TW"
        if code.split("-")[0] in known:
            return code.split("-")[0]
    return FALLBACK


_current = Translations(FALLBACK)


def set_language(code: str) -> str:
    """Switch the language of `tr`; returns the code actually used."""
    global _current
    _current = Translations(code)
    return _current.code


def language() -> str:
    return _current.code


def tr(key: str, /, **values: Any) -> str:
    return _current.get(key, None, **values)


def called_you(name: str) -> bool:
    """Whether a seat is named as the new-game screen names a lone person ("You", 你): spoken to, so "You win",
    "your dragon", "you have", never "You wins" or "You's". A game begun in another language counts too."""
    return name in _default_yous()


def shown_name(name: str) -> str:
    """A seat's name as the screen shows it: the lone person's default name in the language shown ("You" of a
    game begun in English is 你 in Chinese); any other name as it was typed."""
    return tr("new_game.default_you") if called_you(name) else name


@lru_cache(maxsize=1)
def _default_yous() -> frozenset[str]:
    folder = resources.package() / "locales"
    return frozenset(language_strings(folder, code).get("new_game.default_you", "") for code in
                     available_languages(folder)) - {""}


def signed(value: int) -> str:
    """+2, −1 (a real minus sign), 0."""
    return f"+{value}" if value > 0 else number(value)


def number(value: int) -> str:
    """A score as printed: 3, 0, −2 (a real minus sign, not a hyphen)."""
    return f"−{-value}" if value < 0 else str(value)


def join_names(names: list[str], last: str = "tooltip.and") -> str:
    """"Human, Elf and Dwarf" (or "... or ..."): the last two joined by the translated word."""
    if len(names) < 2:
        return "".join(names)
    return tr(last, first=tr("tooltip.list_separator").join(names[:-1]), last=names[-1])


class Message:
    """A text to show later, in the language of that moment.

    Problems with saves and settings are found before the player's language is
    known (settings are read first) or shown long after: they are kept as a key
    and values, and translated when shown. A tuple value is a list of messages,
    joined the way the language joins a list.
    """

    __slots__ = ("key", "values")

    def __init__(self, key: str, /, **values: Any) -> None:
        self.key = key
        self.values = values

    def __str__(self) -> str:
        joiner = _current.get("language.list_separator")
        values = {k: joiner.join(map(str, v)) if isinstance(v, tuple) else v for k, v in self.values.items()}
        return _current.get(self.key, None, **values)

    def __repr__(self) -> str:
        return f"Message({self.key!r}, {self.values!r})"


def file_problem(error: "JsonError") -> Message:
    """Why a JSON file (a save, the settings, the statistics) cannot be used, for the player."""
    return Message(f"file_errors.{error.reason}", **error.values)


def has(key: str) -> bool:
    """Whether the current language (or English behind it) has a text for `key`."""
    return _current.has(key)
