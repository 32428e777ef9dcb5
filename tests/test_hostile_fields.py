"""Every field of every file the app reads, of every JSON type (issue 39).

Each top-level field of a sound file in turn is replaced by null, true, 0, 1.5, "x", [], [1], {} and {"a": 1}: the
file's reader refuses it with its own error (a save's SaveError, the settings' message, a record's RecordError, ...)
or, when the value is of the field's own type, may take it; no other exception ever comes out, and no value is taken
for a field of another type (true for the version 1). Then the cases met in use: a save whose "cards" is a list made
`replay`, `view`, `review` and `play --continue` end in a traceback and Load game and Continue fail until the file was
deleted by hand, and `"version": true` was read as version 1.
"""

from __future__ import annotations

import json
import os
import random
import socket
from pathlib import Path
from typing import Any, Callable

import pytest

from conftest import aetherya_game
from drako_desktop import jsonio, reviews, saves
from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.games.aetherya_pocket.engine.report import KingdomFormatError
from drako_desktop.games.aetherya_pocket.ui.tutorial_scene import PROGRESS_FILE
from drako_desktop.interface.registry import Library, load
from drako_desktop.records import RecordError, replay_record
from drako_desktop.settings import Settings, settings_path
from drako_desktop.stats import Statistics, stats_path
from drako_desktop.ui import lesson as lesson_progress
from test_cli_input import run_main
from test_hostile import continue_from_menu, one_line, persisted
from ui_support import frames

VALUES = (None, True, 0, 1.5, "x", [], [1], {}, {"a": 1})  # a value of every JSON type, empty and not
GAME_ID = "20260101-120000-abcdef"
STAMP = "2026-01-01T12:00:00Z"


def taken_wrongly(document: dict[str, Any], read: Callable[[dict[str, Any]], bool]) -> list[str]:
    """What goes wrong when each field of `document` in turn holds each of VALUES: `read` says whether the reader
    took the file (True) or refused it with its own error (False), and lets any other exception out."""
    assert read(document) is True, "the sound file is taken"
    problems = []
    for field, original in document.items():
        for value in VALUES:
            shown = f"{field} = {json.dumps(value)}"
            try:
                taken = read({**document, field: value})
            except Exception as exc:  # the class of bug: the reader's own error is the only one
                problems.append(f"{shown}: {type(exc).__name__}: {exc}")
                continue
            if taken and type(value) is not type(original):
                problems.append(f"{shown}: taken for a {type(original).__name__}")
    return problems


Document = dict[str, Any]


def taken_unless(error: type[Exception], reader: Callable[[Document], object]) -> Callable[[Document], bool]:
    """`taken_wrongly`'s `read` of a reader that raises `error` for a file it refuses."""

    def read(document: dict[str, Any]) -> bool:
        try:
            reader(document)
        except error:
            return False
        return True

    return read


def game_of(game_id: str):
    return aetherya_game() if game_id == "aetherya-pocket" else load(game_id)


def library_of(game) -> Library:
    library = Library()
    library.add(game)
    return library


def sound_save(game, actions: int = 12) -> dict[str, Any]:
    """A save of `game` with every field a save may have (the optional ones too)."""
    variants = tuple(v.id for v in game.variants[:1])
    setup = GameSetup((Seat("Ana"), Seat("Bo", COMPUTER, "easy")), 5, 0, game.id, variants, colours=(1, 0),
                      seed_chosen=True)
    state = game.new_state(2, 5, 0, variants)
    while len(state.history) < actions:
        state.apply(state.legal_actions()[0])
    saved = saves.SavedGame(GAME_ID, setup, tuple(state.history), STAMP, STAMP, False, False, hints=(1, 0),
                            turn_ended=True)
    data = json.loads(saves.encode(saved, state, game))
    assert {"variants", "colours", "hints", "turn_ended", "seed_chosen"} <= set(data) or not game.variants
    return {"variants": [], **data}  # a game without variants: the field is there all the same


def finished(game, seed: int = 3):
    state = game.new_state(2, seed, 0)
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize("game_id", ["aetherya-pocket", "draco-mundis"])
def test_every_field_of_a_save(game_id):
    game = game_of(game_id)
    library = library_of(game)
    read = taken_unless(saves.SaveError, lambda document: saves.decode(json.dumps(document), library))
    assert taken_wrongly(sound_save(game), read) == []


@pytest.mark.parametrize("game_id", ["aetherya-pocket", "draco-mundis"])
def test_every_field_of_a_game_record(game_id):
    game = game_of(game_id)
    read = taken_unless(RecordError, lambda document: replay_record(library_of(game), document))
    assert taken_wrongly(game.record(finished(game)), read) == []


@pytest.mark.parametrize("game_id", ["aetherya-pocket", "draco-mundis"])
def test_every_field_of_a_kept_review(game_id):
    game = game_of(game_id)
    state = finished(game)
    setup = GameSetup((Seat("Ana"), Seat("Bo", COMPUTER, "easy")), 3, 0, game.id)
    saved = saves.SavedGame(GAME_ID, setup, tuple(state.history), STAMP, STAMP, False, True)
    played = saved.actions[12].to_json()
    decision = {"index": 12, "turn": 3, "chosen": played, "best": played, "missed": [],
                "chosen_outcome": {"win": 0.5, "margin": 1.5, "samples": 5},
                "best_outcome": {"win": 0.5, "margin": 1.5, "samples": 5}}
    document = {"format": reviews.FORMAT, "version": reviews.VERSION, "game": game.id, "cards": game.identity,
                "game_id": GAME_ID, "seat": 0, "depth": 8, "actions": len(saved.actions), "complete": False,
                "decisions": [decision]}
    path = reviews.review_path(GAME_ID, 0)
    path.parent.mkdir(parents=True)

    def review(document: dict[str, Any]) -> object:
        path.write_text(json.dumps(document))
        return reviews.read_review(path, game, saved, 0, 8)

    assert taken_wrongly(document, taken_unless(reviews.ReviewFileError, review)) == []


def test_every_field_of_the_settings():
    path = settings_path()
    path.parent.mkdir(parents=True)

    def read(document: dict[str, Any]) -> bool:
        path.write_text(json.dumps(document))
        settings, note = Settings.load()
        if note is not None:  # what was refused is at its default, what was taken is the file's
            defaults = Settings().to_json()
            assert all(v == document[k] or v == defaults[k] for k, v in settings.to_json().items())
        return note is None

    assert taken_wrongly(Settings(language="en", game="draco-mundis", bot_command="bot").to_json(), read) == []


def test_every_field_of_the_statistics():
    stats = Statistics()
    stats.record_game("g1", GameSetup((Seat("Ana"), Seat("Bo", COMPUTER, "easy")), 1, 0), [4, 2], [0], False)
    path = stats_path()
    path.parent.mkdir(parents=True)

    def read(document: dict[str, Any]) -> bool:
        path.write_text(json.dumps(document))
        loaded, message = Statistics.load()
        return message is None  # else set aside, and the statistics start again

    assert taken_wrongly(stats.to_json(), read) == []


def test_every_field_of_a_lessons_progress():
    path = lesson_progress.progress_path(PROGRESS_FILE)
    path.parent.mkdir(parents=True)

    def read(document: dict[str, Any]) -> bool:
        path.write_text(json.dumps(document))
        progress = lesson_progress.load_progress(PROGRESS_FILE)
        if not path.exists():  # set aside: the lesson starts from the start
            assert progress == lesson_progress.Progress()
            return False
        return True

    assert taken_wrongly({"version": 1, "step": "place", "finished": False}, read) == []


def test_every_field_of_a_lock_beside_a_save():
    """A lock of another running copy (this test's parent process, on this computer) holds the game; a broken one
    is nobody's claim."""
    save = saves.saves_dir() / f"{GAME_ID}.json"
    save.parent.mkdir(parents=True)
    lock = save.with_name(f".{save.name}.lock")

    def read(document: dict[str, Any]) -> bool:
        lock.write_text(json.dumps(document))
        return saves.SaveLock(save).holder() is not None

    assert taken_wrongly({"pid": os.getppid(), "host": socket.gethostname(), "since": STAMP, "token": "theirs"},
                         read) == []


def test_every_field_of_a_kingdom_to_score():
    read = taken_unless(KingdomFormatError, aetherya_game().score)
    kingdom = [["human", "plain", None, None], ["elf", "forest", None, None], [None] * 4, [None] * 4]
    assert taken_wrongly({"kingdom": kingdom, "legends": ["lands-plain"]}, read) == []


def test_a_boolean_is_never_a_number_and_a_constant_is_compared_with_its_type():
    for value in (True, False):
        with pytest.raises(jsonio.FieldError):
            jsonio.Field(value, "n").integer(0, 10)
        with pytest.raises(jsonio.FieldError):
            jsonio.Field(value, "n").number(0, 10)
        with pytest.raises(jsonio.VersionError):
            jsonio.Field(value, "version").version((0, 1))
    assert not jsonio.Field(True, "version").equals(1) and not jsonio.Field(1.0, "version").equals(1)
    assert jsonio.Field(1, "version").equals(1) and not jsonio.Field(jsonio.MISSING, "x").equals(None)


# -- the cases met in use ------------------------------------------------------------------------------------------


def saved_with(name: str, folder: Path | None = None, **changes: Any) -> Path:
    """A save of Aetherya Pocket with `changes`, as `name` in the saves folder (or `folder`)."""
    document = {**sound_save(aetherya_game()), **changes}
    document.pop("variants")
    path = (folder or saves.saves_dir()) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document))
    return path


@pytest.mark.parametrize("cards", [["x"], {"a": 1}])
def test_a_save_whose_cards_are_no_text_is_one_line_and_exit_2_for_every_command(cards, tmp_path, capsys):
    path = saved_with("elsewhere.json", tmp_path, cards=cards)
    said = f"the field “cards” must be a text of at most 200 characters, not {json.dumps(cards, separators=(',', ':'))}"
    for command in (["replay", str(path)], ["view", str(path)], ["review", str(path)]):
        code, out, err = run_main(command, capsys)
        assert (code, out) == (2, "") and one_line(err) == f"drako-desktop: {path}: {said}", command
    assert path.exists()  # a file named on the command line is left where it is
    saved_with(f"{GAME_ID}.json", cards=cards)
    code, out, err = run_main(["play", "--continue"], capsys)
    (aside,) = saves.saves_dir().glob(f"{GAME_ID}.json.broken-*")
    assert (code, out) == (2, "") and one_line(err) == (
        f"drako-desktop: there is no unfinished game to continue; {GAME_ID}.json: {said}. It was kept as {aside.name}.")


def test_load_game_and_continue_set_a_save_whose_cards_are_a_list_aside_and_show_the_rest():
    good = saved_with(f"{GAME_ID}.json", updated="2026-01-01T12:00:00Z")
    saved_with("20260102-120000-abcdef.json", cards=["x"], game_id="20260102-120000-abcdef",
               updated="2026-01-02T12:00:00Z")  # the newest: Continue would open it
    app = persisted()
    continue_from_menu(app)
    (aside,) = saves.saves_dir().glob("20260102-120000-abcdef.json.broken-*")
    assert app.crashes == [] and app.scenes.top.detail == (
        "20260102-120000-abcdef.json: the field “cards” must be a text of at most 200 characters, not [\"x\"]. It was "
        f"kept as {aside.name}.")
    app.main_menu()
    app.open_load()
    frames(app, 1)
    assert app.crashes == [] and [e.game.path for e in app.scenes.top.shown] == [good]
    continue_from_menu(app)
    assert app.crashes == [] and app.scenes.top.session.game.path == good  # the game left, on its table
    app.close()


@pytest.mark.parametrize("version", [True, 1.0, "1", [1]])
def test_a_version_that_is_not_a_whole_number_is_another_version_in_every_file(version, library, capsys):
    shown = json.dumps(version)
    path = saved_with(f"{GAME_ID}.json", version=version)
    with pytest.raises(saves.SaveError) as err:
        saves.read(path, library)
    assert str(err.value) == f"saved by another version of the game (save format {shown}, this game reads 1)"
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text(json.dumps({"version": version, "animation_speed": "fast"}))
    settings, note = Settings.load()
    assert settings == Settings() and str(note) == (f"{settings_path()}: made by another version of the game (format "
                                                    f"{shown}; this version reads 1); those settings were reset to "
                                                    "their defaults")
    stats = Statistics()
    stats.record_game("g1", GameSetup((Seat("Ana"), Seat("Bo", COMPUTER, "easy")), 1, 0), [4, 2], [0], False)
    stats_path().write_text(json.dumps({**stats.to_json(), "version": version}))
    loaded, message = Statistics.load()
    (aside,) = stats_path().parent.glob("statistics.json.broken-*")
    assert loaded.games == {} and str(message) == (
        f"{stats_path()}: made by another version of the game (format {shown}; this version reads 1, 2); statistics "
        f"start again (the old file was kept as {aside.name})")
