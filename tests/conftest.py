"""Shared fixtures: the bundled card set, compiled rules, and a kingdom notation.

Kingdom notation for tests: 4 rows separated by "/" (or newlines), cells by
spaces; a type id, or "?" for a face-down card. Short rows are padded with "?".
    "human plain / plain forest"  ->  row 0: human plain ? ?, row 1: plain forest ? ?, rows 2-3 face down
"""

from __future__ import annotations

import pytest

from drako_desktop import i18n, resources
from drako_desktop.data import load_cards
from drako_desktop.engine import Rules


def parse_grid(text: str) -> list[list[str | None]]:
    rows = [r.split() for r in text.replace("\n", "/").split("/") if r.strip()]
    assert len(rows) <= 4 and all(len(r) <= 4 for r in rows), text
    rows += [[] for _ in range(4 - len(rows))]
    return [[None if t == "?" else t for t in r] + [None] * (4 - len(r)) for r in rows]


@pytest.fixture(scope="session")
def cards():
    return load_cards(resources.default_cards())


@pytest.fixture(scope="session")
def rules(cards):
    return Rules(cards)


@pytest.fixture(scope="session")
def kingdom(rules):
    """kingdom("human plain / plain forest") -> the engine's 16-int tuple."""
    return lambda text: rules.kingdom_from_ids(parse_grid(text))


@pytest.fixture(autouse=True)
def private_home(tmp_path_factory, monkeypatch):
    """No test touches the player's real folders: saves, settings, statistics and the log of every
    test go to a fresh temporary folder (DRAKO_DESKTOP_HOME)."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("DRAKO_DESKTOP_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def english_afterwards():
    """Messages are translated when shown: a test that switches language must not change the next one's."""
    yield
    i18n.set_language("en")
