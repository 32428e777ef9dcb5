"""Files from anyone (issue 15): a save cannot run a command or write outside the data folder, and no
input crashes, hangs or loses data.

Every test builds its hostile file itself and checks exactly what comes of it: the command's one line
and exit status 2, the message the app shows, the files that must stay as they were, and that no
program was started. The card folders' own cases are in test_card_data.py, the bots' in
test_bot_protocol.py, the kills in test_kill.py.
"""

from __future__ import annotations

import io
import json
import os
import random
import shlex
import subprocess
import sys
import threading
from multiprocessing import Pipe
from pathlib import Path

import pytest

from conftest import aetherya_game
from drako_desktop import jsonio, saves
from drako_desktop.ai import EXTERNAL
from drako_desktop.controller import worker
from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.games.aetherya_pocket.engine import GameState
from drako_desktop.games.aetherya_pocket.ui.tutorial_scene import PROGRESS_FILE as AETHERYA_PROGRESS
from drako_desktop.settings import Settings, settings_path
from drako_desktop.stats import Statistics, stats_path
from drako_desktop.ui import lesson as lesson_progress
from drako_desktop.ui.launch import open_app
from drako_desktop.ui.scenes.dialogs import Dialog
from drako_desktop.ui.scenes.load import LoadScene
from drako_desktop.ui.scenes.scores import ScoreSheet
from drako_desktop.ui.table import TableScene
from test_cli_input import run_main
from ui_support import click, frames, make_app, play_until

SETUP = GameSetup((Seat("Ana"), Seat("Brynja", COMPUTER, "random")), seed=42, first=0)
GAME_ID = "20260101-120000-abcdef"
HOSTILE_JSON = {  # what Python's decoder rejects with something other than a syntax error
    "a number of 5000 digits": '{"n": ' + "7" * 5000 + "}",
    "nesting 100,000 deep": "[" * 100_000 + "]" * 100_000,
    "a key named twice": '{"version": 1, "version": 1}',  # told with the placeholder `key` (issue 30)
}
BIG_NUMBER = "holds a number too large for the game (more than 30 digits)"
TOO_DEEP = "nested more than 64 levels deep"
WHY = {"a number of 5000 digits": BIG_NUMBER, "nesting 100,000 deep": TOO_DEEP,
       "a key named twice": 'names the key "version" twice in one object'}


def save_data(moves: int = 30, setup: GameSetup = SETUP, game_id: str = GAME_ID) -> dict:
    """A sound save of a game played `moves` actions, as a dict to be made hostile."""
    state = GameState.new(aetherya_game().rules, setup.players, setup.seed, setup.first)
    rng = random.Random(1)
    while not state.is_terminal() and len(state.history) < moves:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    game = saves.SavedGame(game_id, setup, tuple(state.history), "2026-01-01T12:00:00Z", "2026-01-01T12:00:00Z",
                           False, state.is_terminal())
    return json.loads(saves.encode(game, state, aetherya_game()))


def put(name: str, data: dict | str, folder: Path | None = None) -> Path:
    folder = folder or saves.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def hostile_file(path: Path, hostile: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(HOSTILE_JSON[hostile])
    return path


def one_line(err: str) -> str:
    assert err.endswith("\n") and err.count("\n") == 1 and "Traceback" not in err, err
    return err.strip()


def persisted(**settings):
    return make_app(aetherya_game(), persist=True, animation_speed="instant", **settings)


def continue_from_menu(app) -> None:
    app.main_menu()
    frames(app, 1)
    button = next(w for w in app.scenes.top.widgets.widgets if getattr(w, "label", "") == "Continue")
    click(app, button.rect.center)


def a_command_that_leaves(marker: Path) -> str:
    """A command that, if anything ever ran it, would leave `marker` behind."""
    return shlex.join([sys.executable, "-c", f"open({str(marker)!r}, 'w').close()"])


# -- security: a save never runs a command, never writes where it likes ----------------------------------------


def test_a_save_naming_a_command_is_refused_left_in_place_and_starts_nothing(tmp_path, capsys):
    marker = tmp_path / "the command ran"
    data = save_data()
    data["seats"][1]["level"] = "exec:" + a_command_that_leaves(marker)
    path = put(f"{GAME_ID}.json", data)
    before = path.read_bytes()
    shown = jsonio.shown(a_command_that_leaves(marker))
    why = (f"{path.name}: seat 2 is to be played by a program the file names ({shown}); a saved game may name only "
           "the game's own computer levels, and an external bot is chosen in this computer's Settings. Nothing was "
           "started. It was left where it is.")
    app = persisted()
    continue_from_menu(app)  # Continue
    assert isinstance(app.scenes.top, Dialog) and app.scenes.top.detail == why
    app.close()
    app = persisted()
    app.main_menu()
    app.open_load()  # Load
    frames(app, 1)
    assert isinstance(app.scenes.top, Dialog) and app.scenes.top.detail == why
    assert app.scenes.find(LoadScene).entries == {False: [], True: []}
    app.close()
    code, out, err = run_main(["play", "--continue"], capsys)  # play --continue
    assert (code, out) == (2, "") and one_line(err) == f"drako-desktop: there is no unfinished game to continue; {why}"
    code, out, err = run_main(["replay", str(path)], capsys)
    assert code == 2 and one_line(err).startswith(f"drako-desktop: {path}: seat 2 is to be played by a program")
    assert not marker.exists() and path.read_bytes() == before


def test_the_opponents_process_runs_no_command_a_seat_names(tmp_path):
    marker = tmp_path / "the command ran"
    ours, theirs = Pipe()
    serving = threading.Thread(target=worker._serve, args=(theirs, "aetherya-pocket", str(aetherya_game().folder),
                                                           None, ""), daemon=True)
    serving.start()
    worker._send(ours, ["make", 1, "exec:" + a_command_that_leaves(marker), 0])
    refusal = "a seat cannot name a program to run; the external bot is set in Settings"
    assert ours.poll(60) and worker._receive(ours) == ["spec-error", refusal]
    worker._send(ours, ["quit"])
    serving.join()
    assert not marker.exists()


def test_an_external_seat_is_played_by_this_machines_bot_and_its_save_names_no_command(tmp_path, library):
    started = tmp_path / "started"
    bot = tmp_path / "bot.py"
    bot.write_text("import json, sys\n"
                   f"open({str(started)!r}, 'a').write('started\\n')\n"
                   "for line in sys.stdin:\n"
                   "    if json.loads(line)['type'] == 'decide':\n"
                   "        print(json.dumps({'choice': 0}), flush=True)\n")
    command = shlex.join([sys.executable, str(bot)])
    app = persisted(bot_command=command)
    table = app.start_game(GameSetup((Seat("Ana"), Seat("Bot", COMPUTER, EXTERNAL)), seed=5))
    play_until(app, table, lambda: table.controller._state.turn >= 3 and table.decision() is not None)
    assert table.session.flush()
    path = table.session.saved_path()
    assert json.loads(path.read_text())["seats"][1] == {"name": "Bot", "kind": "ai", "level": "external"}
    assert command not in path.read_text() and started.read_text() == "started\n"
    app.close()
    game, _ = saves.read(path, library)  # resumed: the bot of the settings plays the seat again
    app = persisted(bot_command=command)
    table = app.resume_game(game)
    assert isinstance(table, TableScene) and table.controller.agents[1].name == f"exec:{command}"
    app.close()
    assert started.read_text() == "started\n" * 2
    app = persisted()  # a machine with no bot set: said, and nothing is opened
    app.main_menu()
    assert app.resume_game(game) is None and app.scenes.top.message == (
        "A seat of this game is played by this computer's external bot, but no bot command is set. Name one in "
        "Settings, then open the game again.")
    app.close()


def test_a_game_id_from_a_file_never_names_a_file(private_home, capsys):
    outside = private_home / "x" / "important.json"
    outside.parent.mkdir()
    outside.write_text("precious")
    path = put("evil.json", save_data(game_id="../../../x/important"))
    app = persisted()
    continue_from_menu(app)
    aside = next(saves.saves_dir().glob("evil.json.broken-*"))
    assert app.scenes.top.detail == f"evil.json: its game id is not one the game makes. It was kept as {aside.name}."
    app.close()
    assert outside.read_text() == "precious" and not path.exists()
    with pytest.raises(ValueError, match="not a game id"):
        saves.file_name("../../../x/important")


def test_a_save_is_written_back_to_the_file_it_was_read_from(library):
    path = put("my game.json", save_data(moves=30))
    app = persisted()
    continue_from_menu(app)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    play_until(app, table, lambda: len(table.controller.actions) > 40)
    assert table.session.flush()
    game, _ = saves.read(path, library)
    assert len(game.actions) == len(table.controller.actions) and game.game_id == GAME_ID
    assert [p.name for p in saves.saves_dir().glob("*.json")] == ["my game.json"]
    play_until(app, table, lambda: app.scenes.find(ScoreSheet) is not None)
    table.session.close()
    assert [p.name for p in saves.history_dir().glob("*.json")] == ["my game.json"]
    app.close()


# -- data loss --------------------------------------------------------------------------------------------------


def test_every_damaged_statistics_file_is_kept_under_a_name_of_its_own():
    path = stats_path()
    path.parent.mkdir(parents=True)
    kept = []
    for damage in ("{not json", '{"version": 2, "games": []}'):
        path.write_text(damage)
        stats, message = Statistics.load()
        assert stats.games == {} and message is not None and not path.exists()
        kept.append(damage)
    assert sorted(p.read_text() for p in path.parent.glob("statistics.json.broken-*")) == sorted(kept)


@pytest.fixture
def other_copy():
    """Another running copy of the app holding a save's lock: a process of its own, ended after the test."""
    holders = []

    def hold(path: Path) -> subprocess.Popen:
        proc = subprocess.Popen([sys.executable, "-c", "import sys; from pathlib import Path; "
                                 "from drako_desktop.saves import SaveLock; "
                                 f"SaveLock(Path({str(path)!r})).take(); "
                                 "print('locked', flush=True); sys.stdin.read()"],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        holders.append(proc)
        assert proc.stdout.readline() == "locked\n"
        return proc

    yield hold
    for proc in holders:
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0


def buttons(dialog: Dialog) -> dict:
    return {w.label: w for w in dialog.widgets.widgets}


def test_a_game_open_in_another_copy_opens_read_only_or_is_taken_over(other_copy):
    path = put(f"{GAME_ID}.json", save_data())
    before = path.read_bytes()
    holder = other_copy(path)
    app = persisted()
    continue_from_menu(app)
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog) and dialog.title == "Open elsewhere"
    assert dialog.message.startswith(f"Another copy of Drako Desktop has this game open (process {holder.pid} on ")
    assert list(buttons(dialog)) == ["Read-only", "Take over", "Cancel"]
    click(app, buttons(dialog)["Read-only"].rect.center)
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.session is None
    play_until(app, table, lambda: len(table.controller.actions) > 40)  # played on here, saved nowhere
    assert path.read_bytes() == before
    continue_from_menu(app)
    click(app, buttons(app.scenes.top)["Take over"].rect.center)
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.session is not None
    play_until(app, table, lambda: len(table.controller.actions) > 40)
    assert table.session.flush() and path.read_bytes() != before
    assert saves.SaveLock(path).holder() is None  # the claim is this copy's now
    app.close()


def test_the_lock_of_a_killed_copy_not_yet_collected_by_its_launcher_is_free():
    """A copy of the app killed while its launcher has not waited for it yet (a zombie, on Linux) still
    answers os.kill: its lock is free all the same, and Continue opens the game without asking."""
    path = put(f"{GAME_ID}.json", save_data())
    holder = subprocess.Popen([sys.executable, "-c", "import sys; from pathlib import Path; "
                               "from drako_desktop.saves import SaveLock; "
                               f"SaveLock(Path({str(path)!r})).take(); print('locked', flush=True); sys.stdin.read()"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "locked\n" and saves.SaveLock(path).holder() is not None
        holder.kill()
        os.waitid(os.P_PID, holder.pid, os.WEXITED | os.WNOWAIT)  # ended, and left uncollected
        assert saves.process_alive(holder.pid) is False and saves.SaveLock(path).holder() is None
        app = persisted()
        continue_from_menu(app)
        assert isinstance(app.scenes.top, TableScene) and app.scenes.top.session is not None
        app.close()
    finally:
        holder.kill()
        holder.wait(timeout=60)


def test_a_copy_whose_game_was_taken_over_stops_saving_and_a_finished_game_is_never_overwritten(library, rules):
    path = put(f"{GAME_ID}.json", save_data(moves=30))
    game, state = saves.read(path, library)
    first = saves.Autosaver(game, aetherya_game())  # two copies of the app playing the same game
    second = saves.Autosaver(game, aetherya_game())  # the second took it over
    rng = random.Random(2)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    second.save(state)  # the second finishes the game: into the history
    second.close()
    finished = (saves.history_dir() / path.name).read_bytes()
    first.save(state)  # the first still had the game: it writes nothing, and says why
    first.close()
    assert str(first.error) == (f"another copy of Drako Desktop took this game over ({path}): it saves the game from "
                                "now on, and this copy saves nothing more")
    assert (saves.history_dir() / path.name).read_bytes() == finished and not path.exists()
    third = saves.Autosaver(game, aetherya_game())  # a copy that kept the game from before it was finished
    third.save(state)
    third.close()
    assert str(third.error) == (f"{path} was changed, moved or deleted outside this copy of the game: it is not "
                                "written over, and nothing more is saved here")
    assert (saves.history_dir() / path.name).read_bytes() == finished and not path.exists()


def test_a_finished_game_moved_to_the_history_never_takes_another_ones_place(library):
    other = put(f"{GAME_ID}.json", "another finished game", saves.history_dir())
    path = put(f"{GAME_ID}.json", save_data(moves=30))
    game, state = saves.read(path, library)
    rng = random.Random(3)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    writer = saves.Autosaver(game, aetherya_game())
    writer.save(state)
    writer.close()
    assert other.read_text() == "another finished game"
    assert writer.location == saves.history_dir() / f"{GAME_ID}-2.json"
    assert saves.read(writer.location, library)[0].finished


# -- crashes and hangs: JSON the decoder rejects with something other than a syntax error ------------------------


@pytest.mark.parametrize("hostile", HOSTILE_JSON)
def test_score_and_replay_say_what_is_wrong_in_one_line(hostile, tmp_path, capsys):
    path = hostile_file(tmp_path / "hostile.json", hostile)
    code, out, err = run_main(["score", str(path)], capsys)
    assert (code, out) == (2, "") and one_line(err) == f"drako-desktop: line 1: bad JSON: {WHY[hostile]}"
    code, out, err = run_main(["replay", str(path)], capsys)
    assert (code, out) == (2, "") and one_line(err) == f"drako-desktop: {path}: {WHY[hostile]}"
    code, out, err = run_main(["replay", "--record", str(path)], capsys)
    assert (code, out) == (2, "") and one_line(err) == f"drako-desktop: {path}: {WHY[hostile]}"
    assert path.read_text() == HOSTILE_JSON[hostile]


@pytest.mark.parametrize("hostile", HOSTILE_JSON)
def test_a_hostile_save_is_set_aside_with_a_message_on_continue_and_load(hostile):
    path = put("zz-hostile.json", HOSTILE_JSON[hostile])
    app = persisted()
    continue_from_menu(app)
    aside = next(saves.saves_dir().glob("zz-hostile.json.broken-*"))
    assert app.crashes == []
    assert app.scenes.top.detail == f"zz-hostile.json: {WHY[hostile]}. It was kept as {aside.name}."
    assert aside.read_text() == HOSTILE_JSON[hostile] and not path.exists()
    put("zz-hostile.json", HOSTILE_JSON[hostile])
    app.main_menu()
    app.open_load()
    frames(app, 1)
    assert app.crashes == [] and app.scenes.top.detail.startswith(f"zz-hostile.json: {WHY[hostile]}. It was kept as ")
    app.close()


@pytest.mark.parametrize("hostile", HOSTILE_JSON)
def test_hostile_settings_start_the_game_with_defaults_and_a_message(hostile):
    path = hostile_file(settings_path(), hostile)
    settings, note = Settings.load()
    assert settings == Settings() and str(note) == f"{path}: {WHY[hostile]}; using the default settings"
    app = open_app(aetherya_game(), settings, note, size=(1280, 720), threaded=False)
    frames(app, 1)
    assert isinstance(app.scenes.top, Dialog) and app.scenes.top.detail == str(note) and app.crashes == []
    app.close()


@pytest.mark.parametrize("hostile", HOSTILE_JSON)
def test_hostile_statistics_and_lesson_progress_are_set_aside(hostile):
    path = hostile_file(stats_path(), hostile)
    stats, message = Statistics.load()
    aside = next(path.parent.glob("statistics.json.broken-*"))
    assert stats.games == {} and str(message) == (f"{path}: {WHY[hostile]}; statistics start again (the old file "
                                                  f"was kept as {aside.name})")
    progress = hostile_file(lesson_progress.progress_path(AETHERYA_PROGRESS), hostile)
    assert lesson_progress.load_progress(AETHERYA_PROGRESS) == lesson_progress.Progress()
    assert next(progress.parent.glob("tutorial.json.broken-*")).read_text() == HOSTILE_JSON[hostile]


def test_more_json_that_is_not_usable_is_refused_with_its_reason():
    cases = {
        '{"a": 1, "a": 2}': 'names the key "a" twice in one object',
        '"\\ud800"': "holds text that is not valid Unicode (a lone surrogate)",
        "[NaN]": "holds NaN, which is not a number JSON allows",
        "[1e999]": BIG_NUMBER,
        "[" * 65 + "]" * 65: TOO_DEEP,
        b"\xff": "is not UTF-8 text",
    }
    for text, reason in cases.items():
        with pytest.raises(jsonio.JsonError) as err:
            jsonio.loads(text, 1000)
        assert str(err.value) == reason
    assert jsonio.loads("[" * 64 + "]" * 64, 1000) is not None


# -- bounds: numbers and names from outside ----------------------------------------------------------------------


def test_a_bot_timeout_from_outside_is_bounded(capsys, monkeypatch):
    code, out, err = run_main(["simulate", "--bot-timeout", "1e308"], capsys)
    assert code == 2 and one_line(err) == ('drako-desktop simulate: error: argument --bot-timeout: must be a number of '
                                           'seconds from 0.1 to 600, not "1e308" (see --help)')
    monkeypatch.setenv("DRAKO_BOT_TIMEOUT", "inf")
    code, out, err = run_main(["simulate", "--agents", f"exec:{sys.executable},random", "--games", "1"], capsys)
    assert code == 2 and one_line(err) == ('drako-desktop: DRAKO_BOT_TIMEOUT must be a number of seconds from 0.1 '
                                           'to 600, not "inf"')


def test_replay_last_skips_a_link_to_nowhere(capsys):
    saves.saves_dir().mkdir(parents=True)
    (saves.saves_dir() / "dangling.json").symlink_to(saves.saves_dir() / "nowhere.json")
    code, out, err = run_main(["replay", "--last"], capsys)
    assert code == 2 and one_line(err) == "drako-desktop: there is no saved game yet"
    put(f"{GAME_ID}.json", save_data())
    code, out, err = run_main(["replay", "--last"], capsys)
    assert code == 0 and out.startswith(f"Game {GAME_ID} of aetherya-pocket: Ana, Brynja")


def test_a_name_of_a_megabyte_is_refused_at_once_and_invisible_characters_never_reach_a_terminal(library, capsys):
    data = save_data()
    data["seats"][0]["name"] = "A" * 1_000_000
    put("long.json", data)
    app = persisted()
    app.main_menu()
    app.open_load()
    frames(app, 1)
    aside = next(saves.saves_dir().glob("long.json.broken-*"))
    assert app.scenes.top.detail == ("long.json: the name of seat 1 is longer than 32 characters. It was kept as "
                                     f"{aside.name}.")
    app.close()
    data["seats"][0]["name"] = "\x1b[2J\x1b]0;pwned\x07Ana\u202e\u2028 "
    path = put(f"{GAME_ID}.json", data)
    assert saves.read(path, library)[0].setup.seats[0].name == "[2J]0;pwnedAna"
    code, out, err = run_main(["replay", str(path)], capsys)
    assert code == 0 and out.startswith(f"Game {GAME_ID} of aetherya-pocket: [2J]0;pwnedAna, Brynja")
    assert not any(c in out for c in "\x1b\x07\u202e\u2028")


def test_settings_from_a_file_are_bounded():
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"version": 1, "language": "../../../../etc/passwd", "bot_command": "x" * 5000,
                                "bot_timeout": 1e300}))
    settings, note = Settings.load()
    assert settings == Settings()
    assert str(note) == (f"{path}: the field “language” must be one of \"\"; \"en\"; \"zh-TW\", not "
                         "\"../../../../etc/passwd\"; the field “bot_command” must be a printable text of at most "
                         f"1000 characters, not \"{'x' * 38}…; the field “bot_timeout” must be a number from 0.1 to "
                         "600, not 1e+300; those settings were reset to their defaults")


# -- messages that do not mislead ---------------------------------------------------------------------------------


def test_a_link_loop_is_called_one(tmp_path, capsys):
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    code, out, err = run_main(["replay", str(loop)], capsys)
    assert code == 2 and one_line(err) == f"drako-desktop: {loop}: is a symbolic link that leads back to itself"
    code, out, err = run_main(["replay", str(tmp_path / "nowhere.json")], capsys)
    assert code == 2 and one_line(err) == f"drako-desktop: {tmp_path / 'nowhere.json'}: does not exist"


def test_a_save_that_cannot_be_set_aside_is_said_to_be_left_where_it_is(monkeypatch, capsys):
    path = put("broken.json", "{")

    def read_only_folder(path: Path) -> Path:
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(saves, "set_aside", read_only_folder)
    code, out, err = run_main(["play", "--continue"], capsys)
    assert code == 2 and one_line(err) == (
        "drako-desktop: there is no unfinished game to continue; broken.json: not valid JSON (line 1, column 2): the "
        "file is damaged or truncated. It was left where it is: it could not be renamed (Read-only file system).")
    assert path.read_text() == "{"


def test_a_save_of_a_newer_version_is_left_for_it_and_said_once(library):
    data = save_data()
    data["version"] = saves.VERSION + 1
    newer = put("newer.json", data)
    older = put(f"{GAME_ID}.json", save_data())
    app = persisted()
    continue_from_menu(app)
    assert app.scenes.top.detail == ("newer.json: saved by a newer version of the game (save format 2; this version "
                                     "reads 1). It was left where it is.")
    continue_from_menu(app)  # said once: Continue now continues the game it can
    assert isinstance(app.scenes.top, TableScene) and app.scenes.top.session.game.path == older
    app.close()
    assert json.loads(newer.read_text()) == data


# -- notices never stop a computer game ----------------------------------------------------------------------------


def test_notices_do_not_stop_computer_play_and_exit_at_end_never_waits_for_a_click():
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text('{"version": 1, "animation_speed": "instant", "window_width": 1}')  # a notice
    saves.saves_dir().parent.mkdir(parents=True)
    saves.saves_dir().write_text("a file where the saves folder should be")  # every save fails: another one
    settings, note = Settings.load()
    out = io.StringIO()
    seats = (Seat("Bot 1", COMPUTER, "random"), Seat("Bot 2", COMPUTER, "random"))
    app = open_app(aetherya_game(), settings, note, GameSetup(seats, seed=4), exit_at_end=True, out=out,
                   size=(1280, 720), threaded=False)
    notices = set()
    for _ in range(5000):
        if app.quit_requested:
            break
        frames(app, 1)  # no click, no key: nobody is there
        notices.update(s.title for s in app.scenes.scenes if isinstance(s, Dialog))  # (one may be over the other)
    assert app.quit_requested and notices == {"Settings reset", "The game cannot be saved"}
    assert set(json.loads(out.getvalue())) == {"kingdoms", "legends", "scores", "winners"}
    assert isinstance(app.scenes.top, Dialog) and app.scenes.find(ScoreSheet) is not None  # the notices wait on top
    app.close()
