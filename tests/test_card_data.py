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
    expect(folder, "kingdom.yaml", "types[0].icon", "file 'icons/nope.svg' is missing")


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


# -- card folders from anyone (issue 15): one line and status 2, never a crash, a hang or all the memory -----------


def replace_text(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def refused(folder: Path, capsys) -> str:
    """What the command line says of the folder: one line, status 2 (nothing else happens)."""
    from drako_desktop import cli

    status = cli.main(["--cards", str(folder), "simulate", "--games", "1"])
    out, err = capsys.readouterr()
    assert (status, out) == (2, "") and err.count("\n") == 1 and "Traceback" not in err, err
    return err.strip()


def test_an_alias_bomb_is_refused_before_it_expands(folder, capsys):
    """A few kilobytes that are 8^30 texts when expanded: the old reader expanded them to say what was wrong."""
    levels = ["  - &b0 [lol, lol, lol, lol, lol, lol, lol, lol]\n"]
    levels += [f"  - &b{i} [{', '.join([f'*b{i - 1}'] * 8)}]\n" for i in range(1, 30)]
    replace_text(folder, "game.yaml", "legend_row: 8\n", "legend_row:\n" + "".join(levels))
    assert len((folder / "game.yaml").read_bytes()) < 5000
    line = (folder / "game.yaml").read_text().splitlines().index(levels[1].rstrip("\n")) + 1
    assert refused(folder, capsys) == (f"drako-desktop: {folder / 'game.yaml'}: is not valid YAML at line {line}: "
                                       "aliases (*name) are not allowed in card data")


@pytest.mark.parametrize("name, old, new, problem", [
    ("game.yaml", "legend_row: 8\n", "legend_row: 8\nlegend_row: 7\n", "is not valid YAML at line 10: the key "
     "'legend_row' appears twice"),
    ("game.yaml", "legend_row: 8", "legend_row: " + "9" * 5000, "is not valid YAML at line 9: a number of 5000 digits "
     "(at most 12)"),
    ("game.yaml", "legend_row: 8", "legend_row: 1000000000000", "is not valid YAML at line 9: a number of 13 digits "
     "(at most 12)"),
    ("game.yaml", "legend_row: 8", "legend_row: 16", "legend_row: must be at most 15, is 16"),
    ("kingdom.yaml", "copies: {2: 4, 3: 2, 4: 2}", "copies: {2: 100000000, 3: 2, 4: 2}",
     "types[0].copies.2: must be at most 400, is 100000000"),
    ("kingdom.yaml", "name: Plain,", 'name: "Pla\\x1b[2Jin",', "types[0].name: must not hold control characters"),
    ("kingdom.yaml", "icon: icons/plain.svg", "icon: ../../../../../../etc/passwd",
     "types[0].icon: file '../../../../../../etc/passwd' is outside the data folder"),
])
def test_what_a_card_folder_from_anyone_may_not_do(folder, capsys, name, old, new, problem):
    replace_text(folder, name, old, new)
    assert refused(folder, capsys) == f"drako-desktop: {folder / name}: {problem}"


@pytest.mark.parametrize("name, character", [
    ("game.yaml", "\x00"), ("legends.yaml", "\x07"), ("scoring.yaml", "\ufffe")])
def test_a_character_yaml_allows_nowhere_is_one_line_naming_it(folder, capsys, name, character):
    # YAML refuses these as its reader starts, before the loader's own errors are caught: a traceback
    path = folder / name
    lines = path.read_text().splitlines(keepends=True)
    lines[3] = lines[3].rstrip("\n") + character + "\n"
    path.write_text("".join(lines))
    assert refused(folder, capsys) == (f"drako-desktop: {path}: is not valid YAML at line 4: it holds the character "
                                       f"U+{ord(character):04X}, which YAML does not allow")


def test_families_that_are_a_number(folder, capsys):
    edit(folder, "legends.yaml", lambda d: d.update(families=5))
    legends = folder / "legends.yaml"
    assert refused(folder, capsys) == f"drako-desktop: {legends}: families: must be a mapping, not int 5"


def test_every_icon_is_checked_up_front(folder, capsys):
    (folder / "icons" / "loop.svg").symlink_to(folder / "icons" / "loop.svg")
    replace_text(folder, "kingdom.yaml", "icon: icons/plain.svg", "icon: icons/loop.svg")
    assert refused(folder, capsys) == (f"drako-desktop: {folder / 'kingdom.yaml'}: types[0].icon: file "
                                       "'icons/loop.svg' is a symbolic link that leads back to itself")
    (folder / "icons" / "loop.svg").unlink()
    (folder / "icons" / "loop.svg").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(200))  # a picture, but not an SVG
    assert refused(folder, capsys) == (f"drako-desktop: {folder / 'kingdom.yaml'}: types[0].icon: file "
                                       "'icons/loop.svg' is not an SVG picture")
    (folder / "icons" / "unexplored.svg").unlink()  # named by no file: the table draws face-down cards with it
    replace_text(folder, "kingdom.yaml", "icon: icons/loop.svg", "icon: icons/plain.svg")
    assert refused(folder, capsys) == (f"drako-desktop: {folder}: file 'icons/unexplored.svg' is missing")


@pytest.mark.parametrize("spoil, problem", [
    (lambda good: good + b"# caf\xe9\n", lambda good: f"is not UTF-8 text (byte {len(good) + 6})"),
    (lambda good: b"\x00" + good, lambda good: "is not valid YAML at line 1: it holds the character U+0000, which YAML "
                                               "does not allow"),
], ids=["not-utf8", "nul"])
def test_a_broken_lesson_file_is_no_lesson_and_no_crash(folder, spoil, problem):
    from drako_desktop.games.aetherya_pocket import lesson as tutorial
    from drako_desktop.interface.registry import load
    from ui_support import frames, make_app

    good = (folder / "tutorial.yaml").read_bytes()
    (folder / "tutorial.yaml").write_bytes(spoil(good))
    game = load("aetherya-pocket", folder)
    app = make_app(game)
    app.main_menu()
    frames(app, 1)
    labels = [getattr(w, "label", "") for w in app.scenes.top.widgets.widgets]
    assert app.crashes == [] and "Learn to play" not in labels
    app.close()
    with pytest.raises(tutorial.TutorialError) as err:
        tutorial.load_script(game.cards)
    assert str(err.value) == f"{folder / 'tutorial.yaml'}: {problem(good)}"


def test_a_player_count_key_outside_the_game_is_named_with_the_allowed_counts(folder):
    # the keys of deck_size are numbers: listing them in the message must not itself fail
    edit(folder, "game.yaml", lambda d: d["deck_size"].update({7: 90}))
    expect(folder, "game.yaml", "deck_size.7", "unknown key (allowed here: 2, 3, 4)")


def test_a_missing_player_count_is_named(folder):
    edit(folder, "game.yaml", lambda d: d["deck_size"].pop(3))
    expect(folder, "game.yaml", "deck_size.3", "missing")
