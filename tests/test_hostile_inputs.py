"""More files from anyone (issue 15), found by trying both games as a hostile user would: a card folder
nested deeper than the reader's stack, values of megabytes quoted into messages, and Draco Mundis house
rules and lessons the app could not open. Each test builds its hostile input itself; the older cases are in
test_hostile.py, test_card_data.py, test_draco_data.py and test_bot_protocol.py.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from drako_desktop import resources
from test_cli_input import run_main
from test_hostile import one_line

MEGABYTE = "x" * 1_000_000
CUT = "'" + "x" * 38 + "…"  # a long text as a message quotes it: 40 characters


def copy_of(game: str, tmp_path: Path) -> Path:
    folder = tmp_path / game
    shutil.copytree(resources.cards_folder(game), folder)
    return folder


def replace_text(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


# -- card folders: nesting the reader would recurse into until Python's stack runs out ------------------------------


@pytest.mark.parametrize("game, file, old", [
    ("aetherya-pocket", "game.yaml", "legend_row: 8"),
    ("draco-mundis", "scoring.yaml", "tiebreak:"),
])
def test_a_card_file_nested_a_hundred_thousand_deep_is_one_line(game, file, old, tmp_path, capsys):
    folder = copy_of(game, tmp_path)
    path = folder / file
    replace_text(path, old, f"{old}\ndeep: " + "[" * 100_000 + "]" * 100_000)
    line = path.read_text().splitlines().index("deep: " + "[" * 100_000 + "]" * 100_000) + 1
    code, out, err = run_main(["--cards", str(folder), "simulate", "--games", "1"], capsys)
    assert (code, out) == (2, "")
    assert one_line(err) == f"drako-desktop: {path}: is not valid YAML at line {line}: nested more than 32 levels deep"
