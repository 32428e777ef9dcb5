"""Draco Mundis's data files: the bundled data says what the rule book's tables say, and broken copies are
reported as FILE: key: problem."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from drako_desktop.data.yamlfile import CardDataError
from drako_desktop.games.draco_mundis import default_folder, load
from drako_desktop.games.draco_mundis.data import DATA_FILES, load_data

BUNDLED = default_folder()


def test_the_bundled_data_has_the_rule_books_numbers():
    data = load_data(BUNDLED)
    assert (data.game_id, data.min_players, data.max_players, data.rows, data.columns) == ("draco-mundis", 2, 4, 8, 12)
    assert data.columns_in_use == ((2, 6), (3, 9), (4, 12))
    assert (data.placements_per_turn, data.actions_per_turn, data.reveal_any_at_most, data.stall_turns_per_player) == (
        1, 2, 6, 10)
    table = {c.id: (c.arrows, c.strength, c.count) for c in data.characters}
    assert table == {
        "explorer": ((2, 1, 1, 1), 2, 2), "journalist": ((2, 1, 1, 1), 1, 1), "hunter": ((3, 2, 2, 1), 3, 1),
        "sherpa": ((1, 1, 1, 1), 1, 2), "dragon": ((1, 1, 1, 0), 4, 2), "cannibal": ((2, 1, 1, 1), 3, 1),
        "biplane": ((4, 2, 2, 1), 2, 1), "ss307": ((1, 1, 1, 1), 3, 1),
    }
    assert {t.id: (t.count, t.entry, t.barred, t.strength) for t in data.lands} == {
        "campsite": (1, "none", (), 0), "mountain": (2, "all", ("ss307",), 1), "jungle": (2, "all", (), 0),
        "swamp": (2, "all", (), -1), "tiger": (1, "none", (), 0)}
    (trap,) = data.items
    assert (trap.id, trap.count, trap.variant, trap.weakens, trap.push_distance) == ("trap", 1, "dragon_trap",
                                                                                     ("dragon", -3), 1)
    assert [(line.id, line.points) for line in data.lines] == [
        ("journalist_in_enemy_campsite", 7), ("campsites_destroyed", 5), ("dragons_eliminated", 3),
        ("characters_eliminated", 1), ("jungles_occupied", 2), ("mountains_occupied", 1), ("tiger_by_campsite", -5)]
    assert [t.id for t in data.tiebreak] == ["dragons_eliminated", "characters_eliminated"]
    assert sum(c.count for c in data.characters) + sum(t.count for t in data.lands) == 19
    v = data.variants
    assert (v.fast_setup_placements, v.sacrifice_token, v.sacrifice_extra_actions, v.sacrifice_per_game,
            v.trap_token) == (2, "sherpa", 1, 1, "trap")


def test_abilities_are_flags_and_rows_of_the_data():
    by_id = {c.id: c for c in load_data(BUNDLED).characters}
    assert [k for k, c in by_id.items() if c.placed_face_up] == ["explorer"]
    assert [k for k, c in by_id.items() if c.never_attacked] == ["journalist"]
    assert [k for k, c in by_id.items() if c.cannot_fight_alone] == ["journalist"]
    assert [k for k, c in by_id.items() if c.passes_over_all] == ["biplane"]
    assert [(k, c.capture.never, c.capture.holds) for k, c in by_id.items() if c.capture] == [
        ("cannibal", ("cannibal",), 1)]
    assert [(k, c.destroys.land) for k, c in by_id.items() if c.destroys] == [("ss307", "campsite")]
    assert [(e.land, e.whose) for e in by_id["journalist"].enters] == [("campsite", "any")]
    assert [(b.land, b.whose, b.strength) for b in by_id["hunter"].bonus] == [("campsite", "own", 1)]


def test_rulings_are_data_and_mark_existing_fields():
    data = load_data(BUNDLED)
    marks = data.ruling_marks()
    assert "game.yaml: board.columns_in_use" in marks and "game.yaml: turn.stall_turns_per_player" in marks
    assert "tokens.yaml: characters.dragon.strength" not in marks  # the sources give the dragon's 4
    assert "tokens.yaml: characters.dragon.arrows" in marks and "tokens.yaml: characters.biplane.strength" in marks
    assert {r.origin for r in data.rulings} == {"rule-book", "engine"}
    assert all(r.text and "\n" not in r.text for r in data.rulings)


def test_the_handle_names_its_data():
    game = load()
    assert (game.id, game.seeded, sorted(game.levels), game.min_players, game.max_players) == (
        "draco-mundis", False, ["easy", "expert", "hard", "medium"], 2, 4)
    assert len(game.identity) == 64 and game.folder == BUNDLED.resolve()
    assert [v.id for v in game.variants] == ["fast_setup", "sherpa_sacrifice", "dragon_trap"]
    assert all(v.description.endswith(".") and "\n" not in v.description for v in game.variants)


def broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    folder = tmp_path / "draco"
    shutil.copytree(BUNDLED, folder)
    text = (folder / file).read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not unique in {file}"
    (folder / file).write_text(text.replace(old, new), encoding="utf-8")
    return folder


@pytest.mark.parametrize("file, old, new, key, problem", [
    ("game.yaml", "id: draco-mundis", "id: aetherya-pocket", "id",
     "this folder is for the game 'aetherya-pocket', not 'draco-mundis'"),
    ("game.yaml", "{2: 6, 3: 9, 4: 12}", "{2: 6, 3: 9, 4: 13}", "board.columns_in_use.4", "must be at most 12, is 13"),
    ("game.yaml", "  actions: 2", "  actions: two", "turn.actions", "must be a whole number, not the text 'two'"),
    ("game.yaml", "stall_turns_per_player: 10", "stall_turns_per_player: 0", "turn.stall_turns_per_player",
     "must be at least 1, is 0"),
    ("game.yaml", "  dragon_trap:\n", "  dragon_traps:\n", "variants.dragon_traps",
     "unknown key (allowed here: fast_setup, sherpa_sacrifice, dragon_trap)"),
    ("tokens.yaml", "    strength: 4\n", "    strength: four\n", "characters.dragon.strength",
     "must be a whole number, not the text 'four'"),
    ("tokens.yaml", "right: 1, back: 0}", "right: 1, back: 20}",
     "characters.dragon.arrows.back", "must be at most 11, is 20"),
    ("tokens.yaml", "enters: [{land: campsite, whose: own}]", "enters: [{land: volcano, whose: own}]",
     "characters.hunter.enters[0].land", "unknown land 'volcano' (known: campsite, mountain, jungle, swamp, tiger)"),
    ("tokens.yaml", "    barred: [ss307]", "    barred: [ss308]", "lands.mountain.barred[0]",
     "unknown character 'ss308' (known: explorer, journalist, hunter, sherpa, dragon, cannibal, biplane, ss307)"),
    ("tokens.yaml", "    passes_over_all: true", "    passes_over_all: yes please",
     "characters.biplane.passes_over_all", "must be true or false, not the text 'yes please'"),
    ("tokens.yaml", "    name: Sherpa\n", "    name: Sherpa\n    colour: red\n",
     "characters.sherpa.colour", ("unknown key (allowed here: name, icon, count, arrows, strength, text, "
                                  "placed_face_up, never_attacked, cannot_fight_alone, passes_over_all, enters, bonus, "
                                  "capture, destroys)")),
    ("tokens.yaml", "icon: icons/tiger.svg", "icon: icons/leopard.svg", "lands.tiger.icon",
     "file 'icons/leopard.svg' is missing"),
    ("game.yaml", "{2: 6, 3: 9, 4: 12}", "{2: 4, 3: 9, 4: 12}", "board.columns_in_use.2",
     "2 players' 40 tokens (every variant included) do not fit on 32 squares"),
    ("scoring.yaml", "pattern: occupied, land: jungle, points: 2", "pattern: occupied, land: jungle, points: 99",
     "lines[4].points", "must be at most 20, is 99"),
    ("scoring.yaml", "pattern: eliminated, tokens: [dragon], points: 3",
     "pattern: eliminated, tokens: [dragon, sherpa], points: 3", "lines[3].tokens",
     "'sherpa' is already scored by the line 'dragons_eliminated'"),
    ("scoring.yaml", "pattern: adjacent_own", "pattern: next_to", "lines[6].pattern",
     "unknown pattern 'next_to' (known: stands_on, destroyed, eliminated, occupied, adjacent_own)"),
    ("rulings.yaml", "\"game.yaml: board.columns_in_use\"", "\"game.yaml: board.columns_used\"", "rulings[0].marks[0]",
     "'game.yaml: board.columns_used' names no field of game.yaml"),
    ("rulings.yaml", "  - id: stall\n    origin: rule-book", "  - id: stall\n    origin: folklore",
     "rulings[11].origin", "unknown origin 'folklore' (known: rule-book, engine)"),
])
def test_broken_data_names_file_key_and_problem(tmp_path, file, old, new, key, problem):
    folder = broken(tmp_path, file, old, new)
    with pytest.raises(CardDataError) as caught:
        load_data(folder)
    assert str(caught.value) == f"{folder / file}: {key}: {problem}"


def test_a_missing_file_or_folder_is_named(tmp_path):
    folder = tmp_path / "draco"
    shutil.copytree(BUNDLED, folder)
    (folder / "rulings.yaml").unlink()
    with pytest.raises(CardDataError, match=r"rulings\.yaml: is missing$"):
        load_data(folder)
    with pytest.raises(CardDataError, match="data folder not found"):
        load_data(tmp_path / "nowhere")


def test_the_identity_follows_the_data(tmp_path):
    folder = broken(tmp_path, "game.yaml", "name: \"Draco Mundis\"", "name: \"Draco Mundis (house rules)\"")
    assert load(folder).identity == load().identity and load(folder).name == "Draco Mundis (house rules)"
    folder = broken(tmp_path / "2", "game.yaml", "stall_turns_per_player: 10", "stall_turns_per_player: 11")
    assert load(folder).identity != load().identity and load(folder).former_identities == frozenset()
    # every rules file counts in the identity; the lesson's script is not rules (it checks itself against them)
    assert set(DATA_FILES) == {p.name for p in BUNDLED.glob("*.yaml")} - {"tutorial.yaml"}


def test_a_data_folder_from_anyone_is_read_strictly(tmp_path):
    """The reader every game shares (issue 15): a key twice, an alias, or a ruling's mark with a huge index."""
    folder = broken(tmp_path, "tokens.yaml", "    name: Sherpa\n", "    name: Sherpa\n    name: Sherpa\n")
    line = (folder / "tokens.yaml").read_text().splitlines().index("    name: Sherpa") + 2
    with pytest.raises(CardDataError) as caught:
        load_data(folder)
    assert str(caught.value) == (f"{folder / 'tokens.yaml'}: is not valid YAML at line {line}: the key 'name' "
                                 "appears twice")
    folder = broken(tmp_path / "2", "rulings.yaml", "\"game.yaml: board.columns_in_use\"",
                    "\"game.yaml: board.columns_in_use.2[" + "9" * 5000 + "]\"")
    with pytest.raises(CardDataError, match=r"rulings\[0\]\.marks\[0\]: 'game\.yaml: board\.columns_in_use\.2\[9+…?"):
        load_data(folder)
