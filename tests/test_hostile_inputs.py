"""More files from anyone (issue 15), found by trying both games as a hostile user would: a card folder
nested deeper than the reader's stack, values of megabytes quoted into messages, and Draco Mundis house
rules and lessons the app could not open. Each test builds its hostile input itself; the older cases are in
test_hostile.py, test_card_data.py, test_draco_data.py and test_bot_protocol.py.
"""

from __future__ import annotations

import json
import random
import re
import socket
from pathlib import Path

import pytest
import yaml

from conftest import aetherya_game, copy_of, replace_text
from drako_desktop import reviews, saves
from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.data import yamlfile
from drako_desktop.games.aetherya_pocket import lesson as aetherya_tutorial
from drako_desktop.games.draco_mundis import lesson as tutorial
from drako_desktop.interface.registry import Library, load
from drako_desktop.settings import Settings, settings_path
from drako_desktop.ui import text as text_module
from drako_desktop.ui.launch import selftest
from drako_desktop.ui.scenes.new_game import NewGameScene
from drako_desktop.ui.scenes.review import ReviewScene
from test_cli_input import run_main
from test_hostile import continue_from_menu, one_line
from ui_support import click, frames, make_app, screenshot

MEGABYTE = "x" * 1_000_000
CUT = "'" + "x" * 38 + "…"  # a long text as a message quotes it: 40 characters


def lesson_problems(folder: Path):
    """The Draco Mundis handle of `folder`, and what its lesson check finds wrong once the lesson names the
    folder's rules (as the author of a lesson for house rules would mark it)."""
    game = load("draco-mundis", folder)
    script = folder / tutorial.FILE
    script.write_text(re.sub(r"(?m)^rules: \w+$", f"rules: {game.identity}", script.read_text()))
    return game, tutorial.problems(game, tutorial.load_lesson(game))


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


@pytest.mark.parametrize("number", ["0x" + "f" * 5000, "0x" + "f" * 11])
def test_a_number_written_in_another_base_is_bounded_too(number, tmp_path, capsys):
    """Only decimal digits were counted: 5000 hexadecimal ones made a number Python cannot print (ValueError)."""
    folder = copy_of("draco-mundis", tmp_path)
    replace_text(folder / "game.yaml", "placements_per_turn: 1", f"placements_per_turn: {number}")
    line = (folder / "game.yaml").read_text().splitlines().index(f"  placements_per_turn: {number}") + 1
    code, out, err = run_main(["--cards", str(folder), "simulate", "--games", "1"], capsys)
    assert (code, out) == (2, "") and one_line(err) == (f"drako-desktop: {folder / 'game.yaml'}: is not valid YAML at "
                                                        f"line {line}: a number of more than 12 digits")


def test_a_card_file_quotes_a_text_of_half_a_megabyte_short(tmp_path, capsys):
    folder = copy_of("draco-mundis", tmp_path)
    replace_text(folder / "tokens.yaml", "icons/campsite.svg\n    count: 1\n    entry: none",
                 "icons/campsite.svg\n    count: 1\n    entry: " + "x" * 500_000)
    code, out, err = run_main(["--cards", str(folder), "simulate", "--games", "1"], capsys)
    assert (code, out) == (2, "") and one_line(err) == (
        f"drako-desktop: {folder / 'tokens.yaml'}: lands.campsite.entry: unknown entry '{'x' * 58}… (known: all, none)")


def test_a_lesson_naming_a_key_of_100000_letters_twice_is_told_short(tmp_path):
    folder = copy_of("aetherya-pocket", tmp_path)
    script = folder / "tutorial.yaml"
    key = "k" * 100_000
    script.write_text(script.read_text() + f"? {key}\n: 1\n? {key}\n: 2\n")  # ?: a key longer than 1024
    line = len(script.read_text().splitlines()) - 1  # the second key
    with pytest.raises(aetherya_tutorial.TutorialError) as err:  # Learn to play shows it in a message box
        aetherya_tutorial.load_script(load("aetherya-pocket", folder).cards)
    assert str(err.value) == f"{script}: is not valid YAML at line {line}: the key '{'k' * 58}… appears twice"


@pytest.mark.parametrize("game_id", ["aetherya-pocket", "draco-mundis"])
def test_icons_that_are_svg_only_in_name_are_left_out_and_the_game_plays(game_id, tmp_path, caplog):
    """The loader checks that an icon is an SVG document; one the drawing library cannot read (an empty
    <svg></svg>) raised pygame.error on the first frame that drew it: the menu and every table."""
    folder = copy_of(game_id, tmp_path)
    for icon in (folder / "icons").glob("*.svg"):
        icon.write_text("<svg></svg>")
    game = load(game_id, folder)
    library = Library()
    library.add(game)
    assert selftest(game, library) == 0
    assert f"the icon {folder / 'icons'}" in caplog.text and "cannot be drawn" in caplog.text


# -- values of megabytes never make messages of megabytes -----------------------------------------------------------


def draco_save(actions: int = 12) -> tuple[dict, object]:
    """A sound Draco Mundis save of a game `actions` actions long, as a dict to be made hostile."""
    game = load("draco-mundis")
    setup = GameSetup((Seat("Ana"), Seat("Brynja", COMPUTER, "easy")), 0, 0, game.id)
    state = game.new_state(2, 0, 0)
    while len(state.history) < actions:
        state.apply(state.legal_actions()[0])
    saved = saves.SavedGame("20260101-120000-abcdef", setup, tuple(state.history), "2026-01-01T12:00:00Z",
                            "2026-01-01T12:00:00Z", False, False)
    return json.loads(saves.encode(saved, state, game)), game


def test_an_action_of_a_megabyte_in_a_draco_save_is_quoted_short_in_one_line(capsys):
    data, game = draco_save()
    data["actions"][3] = {"type": "place", "token": MEGABYTE, "at": [1, 6]}
    path = saves.saves_dir() / "huge.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data))
    code, out, err = run_main(["replay", str(path)], capsys)
    kinds = ", ".join(game.rules.kinds)
    assert (code, out) == (2, "") and one_line(err) == (
        f"drako-desktop: {path}: move 4 cannot be replayed (place: unknown token kind {CUT} (known: {kinds}))")


def test_a_save_quoting_a_long_value_is_told_on_continue_at_once():
    """A dialog wraps every character of its message: a value of 10,000 letters took minutes to lay out."""
    data, game = draco_save()
    data["actions"][3] = "x" * 10_000
    path = saves.saves_dir() / "long.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data))
    app = make_app(game, persist=True, animation_speed="instant")
    continue_from_menu(app)
    aside = next(saves.saves_dir().glob("long.json.broken-*"))
    assert app.scenes.top.detail == ("long.json: move 4 cannot be replayed (an action must be a JSON object, not "
                                     f"{CUT}). It was kept as {aside.name}.")
    screenshot(app, "hostile-long-value-set-aside")
    app.close()


def test_a_word_too_long_for_any_line_is_hyphenated_with_few_measurements():
    measured = []

    def fits(text: str) -> bool:
        measured.append(text)
        return len(text) <= 50

    assert text_module._hyphenated_head("x" * 10_000, fits) == "x" * 49
    assert len(measured) <= 14  # halving: log2 of 10,000; measuring every length was 9,950 texts of 10,000 letters
    assert text_module._hyphenated_head("xy", lambda text: False) == "x"  # at least one letter


@pytest.mark.parametrize("change, message", [
    ({"players": [MEGABYTE]}, "\"players\" must be 2-4, not [" + CUT[:-2] + "…"),
    ({"game": MEGABYTE}, "\"game\" must be one of aetherya-pocket, draco-mundis, not " + CUT),
    ({"first": MEGABYTE}, "\"first\" must be a seat 0-1, not " + CUT),
    ({"actions": [{"type": MEGABYTE}]}, "action 0: unknown action type " + CUT + " "
                                        "(known: select, place, peek, move, reveal, fight, rotate, capture, destroy, "
                                        "push, sacrifice, reveal-any, pass)"),
])
def test_a_draco_record_quoting_a_megabyte_is_one_short_line(change, message, tmp_path, capsys):
    game = load("draco-mundis")
    record = game.record(game.new_state(2, 0, 0)) | change
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    code, out, err = run_main(["replay", "--record", str(path)], capsys)
    assert (code, out) == (2, "") and one_line(err) == f"drako-desktop: {path}: {message}"


def test_an_aetherya_record_arranging_cards_named_by_a_megabyte_is_one_short_line(tmp_path, capsys):
    game = aetherya_game()
    record = game.record(game.new_state(2, 7, 0))
    del record["scores"], record["winners"]
    record["actions"] = [{"type": "arrange", "cards": [[MEGABYTE, "plain"], ["elf", "dwarf"]]}]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    code, out, err = run_main(["replay", "--record", str(path)], capsys)
    assert (code, out) == (2, "") and one_line(err) == (
        f"drako-desktop: {path}: action 0 ({{\"type\":\"arrange\",\"cards\":[[\"{'x' * 70}…) is illegal: arrange "
        "exactly your starting cards (elf, mountain, dwarf, plain), got " + CUT)


def test_settings_of_an_unknown_version_quote_it_short():
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"version": "x" * 900_000}))  # the notice at start wrapped all of it
    settings, note = Settings.load()
    assert settings == Settings() and str(note) == (f"{path}: unknown settings version \"{'x' * 38}…; those settings "
                                                    "were reset to their defaults")


# -- Draco Mundis house rules and lessons the app could not open -----------------------------------------------------


def menu_labels(app) -> list[str]:
    app.main_menu()
    frames(app, 1)
    return [getattr(w, "label", "") for w in app.scenes.top.widgets.widgets]


def test_a_lesson_pointing_off_the_board_is_not_offered(tmp_path):
    folder = copy_of("draco-mundis", tmp_path)
    replace_text(folder / "tutorial.yaml", "read: [[1, 6], [2, 7], [3, 6]]", "read: [[1, 6], [2, 2], [3, 6]]")
    replace_text(folder / "tutorial.yaml", "hover: [1, 7]", "hover: [99, -7]")
    # [2, 2] is a column the 2-player game does not use: the lesson would point at nothing, and a hover
    # step off the board waits for ever
    assert lesson_problems(folder)[1] == ["step your_tokens: [2, 2] is not a square of the 2-player board"]
    replace_text(folder / "tutorial.yaml", "read: [[1, 6], [2, 2], [3, 6]]", "read: [[1, 6], [2, 7], [3, 6]]")
    game, problems = lesson_problems(folder)
    assert problems == ["step preview: [99, -7] is not a square of the 2-player board"]
    app = make_app(game)
    assert "Learn to play" not in menu_labels(app) and app.crashes == []
    app.close()


def test_draco_house_rules_for_three_or_four_players_open_play_and_pass_the_selftest(tmp_path):
    folder = copy_of("draco-mundis", tmp_path)
    replace_text(folder / "game.yaml", "players: {min: 2, max: 4}", "players: {min: 3, max: 4}")
    replace_text(folder / "game.yaml", "columns_in_use: {2: 6, 3: 9, 4: 12}", "columns_in_use: {3: 9, 4: 12}")
    game, problems = lesson_problems(folder)
    assert problems == ["the lesson is a game of 2 players, and these rules are for 3-4"]
    app = make_app(game, animation_speed="instant")
    assert "Learn to play" not in menu_labels(app)  # the menu asked whether the lesson plays: it crashed
    app.scenes.push(NewGameScene(app))
    frames(app, 1)
    screenshot(app, "draco-house-rules-3-4-new-game")
    start = next(w for w in app.scenes.top.widgets.widgets if getattr(w, "label", "") == "Start game")
    click(app, start.rect.center)  # a new game had two seats, one fewer than these rules allow
    assert app.crashes == [] and app.scenes.top.controller.setup.players == 3
    app.close()
    library = Library()
    library.add(game)
    assert selftest(game, library) == 0


@pytest.mark.parametrize("game_id, old, new, problem", [
    ("draco-mundis", "\nsteps:\n", "\nsteps: 5\nunused:\n", "steps: needs a list of steps"),
    ("aetherya-pocket", "    arrange: [[mountain, dwarf], [human, plain]]", "    arrange: [1, 2, 3, 4]",
     "steps[1].arrange: needs [[a, b], [c, d]]"),
    ("aetherya-pocket", "    read: [hand]", "    read: 5", "steps[0].read: can point at kingdom, opponent, legends, "
                                                             "piles, hand, draw, discard"),
])
def test_a_lesson_of_the_wrong_shape_is_refused_by_name(game_id, old, new, problem, tmp_path):
    """A lesson script whose steps are not the lists it describes raised TypeError: in the Draco Mundis main
    menu (which asks whether the lesson plays) and on Aetherya's Learn to play."""
    folder = copy_of(game_id, tmp_path)
    script = folder / "tutorial.yaml"
    replace_text(script, old, new)
    game = load(game_id, folder)
    if game_id == "draco-mundis":
        with pytest.raises(tutorial.TutorialError) as err:
            tutorial.load_lesson(game)
        app = make_app(game)
        assert "Learn to play" not in menu_labels(app) and app.crashes == []
        app.close()
    else:
        with pytest.raises(aetherya_tutorial.TutorialError) as err:
            aetherya_tutorial.load_script(game.cards)
    assert str(err.value) == f"{script}: {problem}"


# -- a kept review names moves the Review screen draws ----------------------------------------------------------------


def finished_game(game, seed: int = 3) -> saves.SavedGame:
    setup = GameSetup((Seat("Ana"), Seat("Bo", COMPUTER, "easy")), seed, 0, game.id)
    state = game.new_state(2, seed, 0)
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return saves.SavedGame("20260101-120000-abcdef", setup, tuple(state.history), "2026-01-01T12:00:00Z",
                           "2026-01-01T12:00:00Z", False, True)


@pytest.mark.parametrize("game_id, chosen, best, problem", [
    # a legend that is not in the game: drawing the better move raised KeyError, every frame
    ("aetherya-pocket", None, {"type": "claim", "legend": "nonexistent"},
     "the better move it names for move 13 is not legal there: there is no legend 'nonexistent'"),
    ("draco-mundis", None, {"type": "fly"}, "the better move it names for move 13 is not legal there: unknown action "
                                            "type 'fly' (known: select, place, peek, move, reveal, fight, rotate, "
                                            "capture, destroy, push, sacrifice, reveal-any, pass)"),
    ("draco-mundis", {"type": "fly"}, None, "its decisions are not the game's"),  # not the move made there
])
def test_a_review_file_naming_moves_not_of_the_game_is_told_and_the_review_starts_again(game_id, chosen, best,
                                                                                        problem):
    game = aetherya_game() if game_id == "aetherya-pocket" else load(game_id)
    saved = finished_game(game)
    app = make_app(game, persist=True, animation_speed="instant")
    played = saved.actions[12].to_json()
    decision = {"index": 12, "turn": 3, "chosen": chosen or played, "best": best or played,
                "chosen_outcome": {"win": 0, "margin": -30, "samples": 5},
                "best_outcome": {"win": 1, "margin": 30, "samples": 5}, "missed": []}
    path = reviews.review_path(saved.game_id, 0)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": reviews.FORMAT, "version": reviews.VERSION, "game": game.id,
                                "cards": game.identity, "game_id": saved.game_id, "seat": 0,
                                "depth": app.review_depth, "actions": len(saved.actions), "complete": True,
                                "decisions": [decision]}))
    app.main_menu()
    app.scenes.push(ReviewScene(app, game, saved, 0))
    frames(app, 3)
    assert app.crashes == [] and app.scenes.top.message == (
        f"The review kept for this game could not be used ({problem}); it starts again.")
    app.close()


# -- a lock beside a save names a process ----------------------------------------------------------------------------


@pytest.mark.parametrize("pid", [10**25, 0, -1, True, 2**31])
def test_a_lock_naming_no_possible_process_is_nobodys_claim(pid, capsys):
    """A lock is a file beside the save, shared with it: a process id of 25 digits crashed Continue (OverflowError
    in os.kill), and 0 or -1 (every process of the group, of the computer) held the game 'open elsewhere'."""
    data, game = draco_save()
    path = saves.saves_dir() / "20260101-120000-abcdef.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data))
    lock = path.with_name(f".{path.name}.lock")
    lock.write_text(json.dumps({"pid": pid, "host": socket.gethostname(), "since": "2026-01-01T12:00:00Z",
                                "token": "theirs"}))
    assert saves.SaveLock(path).holder() is None
    app = make_app(game, persist=True, animation_speed="instant")
    continue_from_menu(app)
    assert app.crashes == [] and app.scenes.top.session.game.path == path  # the game, on its table
    app.close()


# -- the program's own big files (issue 30) ------------------------------------------------------------------------


def big_records(tmp_path: Path, capsys) -> tuple[Path, str]:
    """A `simulate --records` file of more than 4 MB (600 games of Draco Mundis make 5 MB): its first line's
    game, then copies of it up to 4.5 MB. The first line's record, as written."""
    path = tmp_path / "games.jsonl"
    code, _, err = run_main(["simulate", "--game", "draco-mundis", "--games", "1", "--records", str(path)], capsys)
    assert code == 0, err
    line = path.read_text()
    with path.open("a") as f:
        f.write(line * (4_500_000 // len(line) + 1))
    assert path.stat().st_size > 4_500_000
    return path, line


def test_replay_and_view_read_the_first_game_of_a_records_file_of_any_size(tmp_path, capsys):
    from drako_desktop.cli import game_to_view

    path, line = big_records(tmp_path, capsys)
    code, out, err = run_main(["replay", "--record", str(path), "--json"], capsys)
    assert code == 0 and err == "" and json.loads(out)["scores"] == json.loads(line)["scores"]
    games = Library()
    games.add(load("draco-mundis"))
    assert len(game_to_view(games, path).actions) > 0


def test_a_records_line_longer_than_a_record_may_be_is_refused_by_its_length(tmp_path, capsys):
    path = tmp_path / "games.jsonl"
    path.write_text('{"game": "' + "x" * 4_000_000 + '"}\n{}\n')
    code, out, err = run_main(["replay", "--record", str(path)], capsys)
    assert (code, out) == (2, "") and one_line(err) == f"drako-desktop: {path}: line 1 is larger than 4,000,000 bytes"


def test_a_card_file_of_half_a_million_numbers_is_refused_before_they_are_built(tmp_path, capsys):
    """Just under the size limit, a flow list of 490,000 numbers: refused from the parser's events at the
    20,001st value (PyYAML's own loader built all of them first: 40-55 s and 350 MB), by libyaml where the
    wheel has it."""
    assert yamlfile._SafeLoader is yaml.CSafeLoader
    folder = copy_of("aetherya-pocket", tmp_path)
    path = folder / "game.yaml"
    numbers = "[" + "0," * 489_999 + "0]"
    path.write_text(path.read_text() + f"extra: {numbers}\n")
    assert path.stat().st_size < yamlfile.MAX_BYTES
    line = path.read_text().count("\n")
    code, out, err = run_main(["--cards", str(folder), "simulate", "--games", "1"], capsys)
    assert (code, out) == (2, "") and one_line(err) == (
        f"drako-desktop: {path}: is not valid YAML at line {line}: more than 20,000 values (texts, numbers, lists "
        "and mappings)")
