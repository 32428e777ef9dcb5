"""The card-data loader: the bundled set is right, and every kind of bad file says file, key and problem."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from drako_desktop import resources
from drako_desktop.data import CardDataError
from drako_desktop.games.aetherya_pocket.data import load_cards


def test_bundled_cards_match_the_rule_book(cards):
    assert [t.id for t in cards.types] == [
        "plain", "swamp", "mountain", "forest", "human", "elf", "dwarf", "goblin", "dragon", "portal"
    ]
    assert [t.id for t in cards.types if t.locked] == ["dragon", "portal"]
    assert {t.family for t in cards.types} == {"land", "tribe", "dragon", "portal"}
    for players, size in ((2, 40), (3, 60), (4, 80)):
        assert sum(t.count_for(players) for t in cards.types) == size
    assert [leg.id for leg in cards.legends] == [
        "alliance-human-elf", "alliance-human-dwarf", "tribes-goblin", "tribes-human", "tribes-elf",
        "tribes-dwarf", "four-tribes", "battle-goblin-human", "battle-goblin-elf", "battle-goblin-dwarf",
        "battle-elf-dwarf", "lands-plain", "lands-swamp", "lands-mountain", "lands-forest",
    ]
    assert [leg.points for leg in cards.legends] == [2] * 6 + [4] + [3] * 4 + [4] * 4
    assert cards.categories == ("elf", "dwarf", "human", "goblin", "dragons", "legends", "conflicts")
    assert cards.dragons.score(4, 2) == 0  # worked example F
    assert cards.legend_row == 8 and cards.unexplored == 12


@pytest.fixture()
def folder(tmp_path):
    target = tmp_path / "cards"
    shutil.copytree(resources.default_cards(), target)
    return target


def edit(folder: Path, name: str, change) -> None:
    path = folder / name
    data = yaml.safe_load(path.read_text())
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False))


def expect(folder: Path, file: str, key: str, problem: str) -> None:
    with pytest.raises(CardDataError) as err:
        load_cards(folder)
    assert Path(err.value.file).name == file
    assert err.value.key == key
    assert problem in err.value.problem
    assert str(err.value) == f"{err.value.file}: {key}: {err.value.problem}"


def test_missing_folder(tmp_path):
    with pytest.raises(CardDataError, match="card folder not found"):
        load_cards(tmp_path / "nowhere")


def test_missing_file(folder):
    (folder / "legends.yaml").unlink()
    with pytest.raises(CardDataError) as err:
        load_cards(folder)
    assert err.value.file.endswith("legends.yaml") and "missing" in err.value.problem


def test_invalid_yaml_names_the_line(folder):
    (folder / "scoring.yaml").write_text("tribes:\n  elf: {forest: 2\n")
    with pytest.raises(CardDataError) as err:
        load_cards(folder)
    assert "not valid YAML at line" in err.value.problem


def test_unknown_key(folder):
    edit(folder, "kingdom.yaml", lambda d: d["types"][2].update(colur="#ffffff"))
    expect(folder, "kingdom.yaml", "types[2].colur", "unknown key")


def test_missing_field(folder):
    edit(folder, "kingdom.yaml", lambda d: d["types"][4].pop("family"))
    expect(folder, "kingdom.yaml", "types[4].family", "missing")


def test_wrong_type(folder):
    edit(folder, "legends.yaml", lambda d: d["legends"][3].update(points="two"))
    expect(folder, "legends.yaml", "legends[3].points", "must be a whole number")


def test_wrong_boolean(folder):
    edit(folder, "kingdom.yaml", lambda d: d["types"][8].update(locked="yes"))
    expect(folder, "kingdom.yaml", "types[8].locked", "must be true or false")


def test_unknown_family(folder):
    edit(folder, "kingdom.yaml", lambda d: d["types"][0].update(family="sea"))
    expect(folder, "kingdom.yaml", "types[0].family", "unknown family 'sea'")


def test_duplicate_type_id(folder):
    edit(folder, "kingdom.yaml", lambda d: d["types"][1].update(id="plain"))
    expect(folder, "kingdom.yaml", "types[1]", "duplicate card type id 'plain'")


def test_counts_that_do_not_add_up(folder):
    edit(folder, "kingdom.yaml", lambda d: d["types"][0]["copies"].update({3: 3}))
    expect(folder, "kingdom.yaml", "types", "copies add up to 61 cards for 3 players")


def test_bad_colour(folder):
    edit(folder, "kingdom.yaml", lambda d: d["types"][0].update(colour="yellow"))
    expect(folder, "kingdom.yaml", "types[0].colour", "must be a colour")


def test_missing_icon(folder):
    edit(folder, "kingdom.yaml", lambda d: d["types"][0].update(icon="icons/nope.svg"))
    expect(folder, "kingdom.yaml", "types[0].icon", "not found")


def test_unknown_type_in_a_legend(folder):
    edit(folder, "legends.yaml", lambda d: d["legends"][0]["requires"].update(pair=["human", "elff"]))
    expect(folder, "legends.yaml", "legends[0].requires.pair[1]", "unknown card type 'elff'")


def test_unknown_pattern(folder):
    edit(folder, "legends.yaml", lambda d: d["legends"][0].update(requires={"triangle": ["human"]}))
    expect(folder, "legends.yaml", "legends[0].requires.triangle", "unknown key")


def test_nested_pattern_error_has_the_full_path(folder):
    edit(folder, "legends.yaml", lambda d: d["legends"][7]["requires"]["any"][1]["hub"].update(count=0))
    expect(folder, "legends.yaml", "legends[7].requires.any[1].hub.count", "must be at least 1")


def test_unknown_legend_family(folder):
    edit(folder, "legends.yaml", lambda d: d["legends"][0].update(family="friends"))
    expect(folder, "legends.yaml", "legends[0].family", "unknown legend family 'friends'")


def test_duplicate_legend(folder):
    edit(folder, "legends.yaml", lambda d: d["legends"][1].update(id="alliance-human-elf"))
    expect(folder, "legends.yaml", "legends[1]", "duplicate legend id")


def test_tribe_value_for_a_non_land(folder):
    edit(folder, "scoring.yaml", lambda d: d["tribes"]["elf"].update(goblin=1))
    expect(folder, "scoring.yaml", "tribes.elf.goblin", "'goblin' is a tribe, not a land")


def test_hostile_pair_must_be_tribes(folder):
    edit(folder, "scoring.yaml", lambda d: d["conflicts"]["hostile"].append(["elf", "dragon"]))
    expect(folder, "scoring.yaml", "conflicts.hostile[5][1]", "'dragon' is a dragon, not a tribe")


def test_dragon_table_without_gaps(folder):
    edit(folder, "scoring.yaml", lambda d: d["dragons"]["values"].pop(2))
    expect(folder, "scoring.yaml", "dragons.values", "without gaps")


def test_missing_tribe_values(folder):
    edit(folder, "scoring.yaml", lambda d: d["tribes"].pop("dwarf"))
    expect(folder, "scoring.yaml", "tribes", "missing the tribe(s) dwarf")


def test_top_level_not_a_mapping(folder):
    (folder / "game.yaml").write_text("- just a list\n")
    expect(folder, "game.yaml", "(top level)", "must be a mapping")


def test_house_rules_change_the_scores(folder, tmp_path):
    edit(folder, "scoring.yaml", lambda d: d["tribes"]["human"].update(plain=5))
    kingdom = tmp_path / "k.json"
    kingdom.write_text('{"kingdom": [["human", "plain", null, null], [null, null, null, null], '
                       '[null, null, null, null], [null, null, null, null]], "legends": []}')
    out = subprocess.run([sys.executable, "-m", "drako_desktop", "--cards", str(folder), "score", str(kingdom)],
                         capture_output=True, text=True, check=True)
    assert '"human": 5' in out.stdout


def test_broken_folder_on_the_command_line_exits_2_without_traceback(folder):
    edit(folder, "kingdom.yaml", lambda d: d["types"][0].update(copies={2: "four"}))
    out = subprocess.run([sys.executable, "-m", "drako_desktop", "--cards", str(folder), "score"],
                         input="{}", capture_output=True, text=True)
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    assert out.stderr.strip().count("\n") == 0
    assert "kingdom.yaml: types[0].copies.2: must be a whole number" in out.stderr
