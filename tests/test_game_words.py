"""Each game's words in its own package (issue 28): `drako_desktop/games/<game>/locales/` holds them, in
English and Traditional Chinese, and the shared locales (`drako_desktop/locales/`) keep only the words more
than one part of the app uses. Every key a game's code names exists in both languages; no key of a game is in
the shared files; the palette of seat colours seats every game's players."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import frozen_data_files
from drako_desktop import i18n, resources
from drako_desktop.i18n import _flatten, _read
from drako_desktop.interface.registry import GAMES, load
from drako_desktop.palette import SEAT_COLOURS

LANGUAGES = ("en", "zh-TW")
SHARED = resources.package() / "locales"
PACKAGE = resources.package()
# A key named where the words are asked for: tr("a.b"), i18n.tr(f"a.{x}"), Message("a.b", ...), has("a.b").
CALL = re.compile(r"""(?<![\w.])(?:i18n\.)?(?:tr|has|Message)\(\s*(f?)(["'])([^"'\n]+)\2""")
LITERAL = re.compile(r"""["']([a-z_]+(?:\.[a-z0-9_-]+)+)["']""")  # any text that may be a key, wherever it is used


def files_of(folder: Path, code: str) -> list[Path]:
    return [p for p in (folder / f"{code}.yaml",) if p.is_file()] + sorted((folder / code).glob("*.yaml"))


def keys_in(folder: Path, code: str) -> set[str]:
    return {key for path in files_of(folder, code) for key in _flatten(_read(path))}


def named_in(folder: Path) -> tuple[set[str], set[str]]:
    """The keys the code under `folder` names: (whole keys, patterns of the keys it builds from parts)."""
    whole, built = set(), set()
    for path in folder.rglob("*.py"):
        for f, _, key in CALL.findall(path.read_text(encoding="utf-8")):
            if f and "{" in key:
                built.add("".join(r"[^.]+(\.[^.]+)*" if part.startswith("{") else re.escape(part)
                                  for part in re.split(r"(\{[^}]*\})", key)))
            elif "." in key:
                whole.add(key)
    return whole, built


def game_folder(game_id: str) -> Path:
    return PACKAGE.parent.joinpath(*GAMES[game_id].split("."))


def mentioned(paths) -> set[str]:
    """Every text of the code that may be a key, however it reaches `tr` (a table of keys, a helper)."""
    return {key for path in paths for key in LITERAL.findall(path.read_text(encoding="utf-8"))}


def shared_code_keys() -> set[str]:
    return mentioned(p for p in PACKAGE.rglob("*.py") if p.relative_to(PACKAGE).parts[0] != "games")


def game_code_keys(game_id: str) -> set[str]:
    return mentioned(game_folder(game_id).rglob("*.py"))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_key_a_game_names_is_in_both_languages(game_id):
    whole, built = named_in(game_folder(game_id))
    assert len(whole) > 50  # the game's code was read
    for code in LANGUAGES:
        known = set(i18n.language_strings(SHARED, code))
        assert sorted(whole - known) == [], f"{game_id} names keys {code} lacks"
        for pattern in built:
            assert any(re.fullmatch(pattern, key) for key in known), f"no {code} key is like {pattern}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_games_words_are_in_its_package_in_both_languages_and_nowhere_else(game_id):
    own = game_folder(game_id) / "locales"
    english, chinese = keys_in(own, "en"), keys_in(own, "zh-TW")
    assert len(english) > 100
    card_data = re.compile(r"^(cards\.[a-z-]+|legends\.[a-z-]+\.(name|text)|families\.[a-z-]+)$")  # English: data
    assert sorted(english - chinese) == [] and sorted(k for k in chinese - english if not card_data.match(k)) == []
    for code in LANGUAGES:
        shared = keys_in(SHARED, code)
        assert sorted(keys_in(own, code) & shared) == [], f"{game_id}'s keys in the shared {code} files"
        for other in GAMES:
            if other != game_id:
                assert keys_in(own, code).isdisjoint(keys_in(game_folder(other) / "locales", code))
    # A key only this game's code names is the game's, not a shared one.
    elsewhere = shared_code_keys().union(*(game_code_keys(g) for g in GAMES if g != game_id))
    assert sorted((game_code_keys(game_id) - elsewhere) & keys_in(SHARED, "en")) == []


def test_the_shared_words_are_words_of_the_app_or_of_every_game():
    """What stays shared is named by the shared code or by more than one game (a key no code names literally,
    built from parts, is allowed)."""
    by_game = {g: game_code_keys(g) for g in GAMES}
    shared, app = keys_in(SHARED, "en"), shared_code_keys()
    only_one = {key for key in shared if key not in app and sum(key in named for named in by_game.values()) == 1}
    assert sorted(only_one) == []


def test_one_palette_seats_every_game():
    """The seat colours are one list (`palette.py`), with a colour for every seat of every game."""
    assert len(set(SEAT_COLOURS)) == len(SEAT_COLOURS)
    assert all(load(g).max_players <= len(SEAT_COLOURS) for g in GAMES)


def test_the_frozen_build_bundles_every_language_file(monkeypatch):
    """build.spec's data files, read as PyInstaller reads them: every locale file of the shared words and of
    each game lies in a folder it bundles, under the same path inside the package."""
    bundled = frozen_data_files(monkeypatch)
    words = [p for p in PACKAGE.rglob("*.yaml") if "locales" in p.relative_to(PACKAGE).parts]
    assert len(words) > 8
    for path in words:
        folder = next((f for f in bundled if f in path.resolve().parents), None)
        assert folder is not None, f"{path} is not bundled"
        assert bundled[folder] == Path("drako_desktop", folder.relative_to(PACKAGE.resolve())).as_posix()
