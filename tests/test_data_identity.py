"""The identity saves name a game's data by covers what changes play, and only that (issue 28).

Every data file of both games is rewritten with every text changed at once (names, texts, descriptions,
colours, icons, the rulings' explanations), its comments gone, its layout changed and the keys of each
row in the other order: the identity stays. Then every number, every yes-or-no and every word of the rules
(a kind, a land's owner, an arrow's pattern) is changed one at a time: each change the data accepts
changes the identity."""

from __future__ import annotations

import copy
import shutil
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
import yaml

from drako_desktop import resources
from drako_desktop.data.yamlfile import CardDataError
from drako_desktop.games.aetherya_pocket.data import CARD_FILES, load_cards
from drako_desktop.games.draco_mundis.data import DATA_FILES, load_data

GAMES: dict[str, tuple[tuple[str, ...], Callable[[Path], Any]]] = {
    "aetherya-pocket": (CARD_FILES, load_cards),
    "draco-mundis": (DATA_FILES, load_data),
}
WORDS = {"name", "text", "description", "colour", "icon"}  # what a row says and shows, no rule
ALL_WORDS = {"rulings.yaml"}  # files that only explain (a ruling's numbers are in the other files)

Path_ = tuple[Any, ...]
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def leaves(node: Any, path: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield from leaves(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from leaves(value, (*path, i))
    else:
        yield path, node


def set_at(node: Any, path: Path_, value: Any) -> None:
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


def is_words(file: str, path: Path_) -> bool:
    return file in ALL_WORDS or any(key in WORDS for key in path if isinstance(key, str))


def rows_reordered(node: Any, top: bool = True) -> Any:
    """The keys of the file's top level and of every row (a mapping in a list, or one with words) reversed."""
    if isinstance(node, list):
        return [rows_reordered(v, top=True) for v in node]
    if isinstance(node, dict):
        keys = list(node)
        if top or WORDS & set(keys):
            keys.reverse()
        return {k: rows_reordered(node[k], top=False) for k in keys}
    return node


@pytest.fixture(params=sorted(GAMES))
def game(request, tmp_path):
    files, load = GAMES[request.param]
    folder = tmp_path / request.param
    shutil.copytree(resources.cards_folder(request.param), folder)
    trees = {name: yaml.safe_load((folder / name).read_text(encoding="utf-8")) for name in files}
    return folder, trees, load


def write(folder: Path, name: str, tree: Any) -> None:
    """The file laid out as the YAML writer likes it: no comments, another layout than the shipped one."""
    text = yaml.dump(tree, Dumper=DUMPER, sort_keys=False, allow_unicode=True, width=60)
    (folder / name).write_text(text, encoding="utf-8")


def test_the_words_pictures_comments_key_order_and_layout_are_not_the_identity(game):
    folder, trees, load = game
    shipped = load(folder)
    icons = sorted(p.relative_to(folder).as_posix() for p in (folder / "icons").glob("*.svg"))
    changed = 0
    for name, tree in trees.items():
        for path, value in leaves(tree):
            if isinstance(value, str) and any(key in WORDS for key in path if isinstance(key, str)):
                if path[-1] == "colour":
                    new = "#123456"
                elif path[-1] == "icon":
                    new = icons[(icons.index(value) + 1) % len(icons)] if value in icons else value
                else:
                    new = f"{value} (edited)"
                set_at(tree, path, new)
                changed += new != value
        write(folder, name, rows_reordered(tree))
    edited = load(folder)
    assert changed > 60 and edited.name != shipped.name  # the texts were changed, and load as changed
    assert edited.identity == shipped.identity and edited.former_identities == shipped.former_identities != set()


def rule_changes(tree: Any, name: str) -> Iterator[tuple[Path_, Any]]:
    """Every rule value of a file changed one at a time: a number up (or down), a yes-or-no the other way,
    a word of the rules swapped for another word found under the same key."""
    seen: dict[Any, set[str]] = {}
    found = [(path, value) for path, value in leaves(tree) if not is_words(name, path)]
    for path, value in found:
        if isinstance(value, str):
            seen.setdefault(path[-1], set()).add(value)
    for path, value in found:
        if isinstance(value, bool):
            yield path, not value
        elif isinstance(value, int):
            yield path, value + 1 if value < 8 else value - 1  # most bounds are small
        elif isinstance(value, str):
            for other in sorted(seen[path[-1]] - {value})[:1]:
                yield path, other


def test_every_rule_value_is_in_the_identity(game):
    folder, trees, load = game
    shipped = load(folder).identity
    accepted = refused = 0
    for name, tree in trees.items():
        original = (folder / name).read_bytes()
        for path, new in rule_changes(tree, name):
            changed = copy.deepcopy(tree)
            set_at(changed, path, new)
            write(folder, name, changed)
            try:
                identity = load(folder).identity
            except CardDataError:
                refused += 1
                continue
            accepted += 1
            assert identity != shipped, f"{name}: {'.'.join(map(str, path))} = {new!r} is not in the identity"
        (folder / name).write_bytes(original)
    assert accepted > 100 and refused > 0  # most changes are data the game accepts (and each one counted)
