"""Hostile places to write to and ways to be run (issue 30): standard output on a full disk, closed or into a
pipe nobody reads, a terminal that is not UTF-8, a log on a full disk, a save's lock whose name a folder took,
two copies opening one game, file names that hold escape sequences. Each ends in one line on stderr and an
exit status, never a traceback or a wait.

Most run in this process (`cli.main`, `open_app`) with the stream swapped; one runs the real program, for what
only the interpreter's own end does (flushing what is still buffered).
"""

from __future__ import annotations

import io
import json
import logging
import os
import random
import socket
import subprocess
import sys
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, TextIO

import pytest

from conftest import aetherya_game
from drako_desktop import cli, logsetup, saves
from drako_desktop.console import Output, let_go_of_stdout
from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.games.aetherya_pocket.engine import GameState
from drako_desktop.settings import Settings
from drako_desktop.ui import launch
from drako_desktop.ui.launch import open_app
from drako_desktop.ui.scenes.dialogs import CrashDialog, Dialog
from test_cli_input import run_main
from ui_support import frames

NAME = "Brynjá 龍🐉"
BOTS = GameSetup((Seat("Bot 1", COMPUTER, "random"), Seat(NAME, COMPUTER, "random")), seed=11)
GAME_ID = "20260101-120000-0fa11d"


def saved(setup: GameSetup = BOTS, finished: bool = True, moves: int = 10_000) -> Path:
    """A save of a game of Aetherya Pocket between `setup`'s seats, finished or played `moves` actions."""
    state = GameState.new(aetherya_game().rules, setup.players, setup.seed, setup.first)
    play_randomly(state, moves)
    game = saves.SavedGame(GAME_ID, setup, tuple(state.history), saves.now(), saves.now(), False, finished)
    folder = saves.history_dir() if state.is_terminal() else saves.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{GAME_ID}.json"
    path.write_text(saves.encode(game, state, aetherya_game()), encoding="utf-8")
    return path


def play_randomly(state: GameState, moves: int = 10_000, after_each=lambda state: None) -> None:
    """Random legal moves until the game ends or has `moves` actions; `after_each` is called after each."""
    rng = random.Random(3)
    while not state.is_terminal() and len(state.history) < moves:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        after_each(state)


def finished_by_a_writer(path: Path) -> saves.Autosaver:
    """The game of the save at `path` played to its end, saved after every move without a failure."""
    game, state = saves.read(path, {"aetherya-pocket": aetherya_game()})
    writer = saves.Autosaver(game, aetherya_game())

    def save(state: GameState) -> None:
        writer.save(state)
        assert writer.flush() and writer.error is None

    play_randomly(state, after_each=save)
    writer.close()
    return writer


def one_line(err: str) -> str:
    assert err.endswith("\n") and err.count("\n") == 1 and "Traceback" not in err, err
    return err[:-1]


@contextmanager
def full_stdout(monkeypatch) -> Iterator[TextIO]:
    """Standard output on a full disk (`> /dev/full`): every write that reaches it fails with ENOSPC. (Set in
    the test itself: pytest sets its own capture again between a fixture and the test.)"""
    with open("/dev/full", "w", encoding="utf-8") as full:
        monkeypatch.setattr(sys, "stdout", full)
        yield full
        let_go_of_stdout()  # what the failed writes left buffered goes nowhere when the file is closed


# -- standard output that takes nothing ----------------------------------------------------------------------------


@pytest.mark.parametrize("args", [["replay", "--last"], ["replay", "--last", "--json"],
                                  ["simulate", "--games", "2"], ["review", "--last", "--depth", "1", "--json"],
                                  ["--help"], ["replay", "--help"]])
def test_output_on_a_full_disk_is_one_line_and_a_failure(args, monkeypatch, capsys):
    saved()
    with full_stdout(monkeypatch):
        code, _, err = run_main(args, capsys)
    assert code == 1 and one_line(err) == "drako-desktop: cannot write the output (No space left on device)"


def test_a_closed_standard_output_is_one_line_and_a_failure(tmp_path, monkeypatch, capsys):
    """`>&-`: Python has no sys.stdout at all."""
    saved()
    record = tmp_path / "records.jsonl"
    assert run_main(["simulate", "--games", "1", "--records", str(record)], capsys)[0] == 0
    monkeypatch.setattr(sys, "stdout", None)
    for args in (["replay", "--record", str(record), "--json"], ["replay", "--last"], ["simulate", "--games", "1"]):
        code, _, err = run_main(args, capsys)
        assert code == 1 and one_line(err) == "drako-desktop: cannot write the output (standard output is closed)"


def test_the_real_program_on_a_full_disk_says_it_once_and_fails(tmp_path):
    """What is still buffered when the command ends is flushed by the interpreter itself: that must not fail
    again (a second report, and exit status 120)."""
    env = dict(os.environ, DRAKO_DESKTOP_HOME=str(tmp_path))
    for args in (["--version"], ["simulate", "--games", "1"]):
        with open("/dev/full", "w") as full:
            result = subprocess.run([sys.executable, "-m", "drako_desktop", *args], stdout=full,
                                    stderr=subprocess.PIPE, text=True, env=env, timeout=120)
        assert result.returncode == 1, (args, result.stderr)
        assert result.stderr == "drako-desktop: cannot write the output (No space left on device)\n", args


def nearly_finished() -> Path:
    """The save of a game of two computers four moves from its end (quicker to play on than a whole game)."""
    state = GameState.new(aetherya_game().rules, BOTS.players, BOTS.seed, BOTS.first)
    play_randomly(state)
    return saved(finished=False, moves=len(state.history) - 4)


def resumed(path: Path) -> saves.SavedGame:
    return saves.read(path, {"aetherya-pocket": aetherya_game()})[0]


def exit_at_end(out, setup: GameSetup = BOTS, resume: saves.SavedGame | None = None, limit: int = 20_000):
    """`play --exit-at-end` on the real table, nobody at the screen (a new game of `setup`, or `resume`): frames
    until it quits (or `limit`)."""
    app = open_app(aetherya_game(), Settings(animation_speed="instant", computer_pace="fast"), None,
                   None if resume else setup, exit_at_end=True, out=out, resume=resume, size=(1280, 720),
                   threaded=False)
    crashes = 0
    for _ in range(limit):
        if app.quit_requested:
            break
        frames(app)
        crashes += isinstance(app.scenes.top, CrashDialog)
    return app, crashes


def test_exit_at_end_whose_result_cannot_be_written_ends_and_says_why(monkeypatch):
    with full_stdout(monkeypatch) as full:
        app, crashes = exit_at_end(Output(full), resume=resumed(nearly_finished()))
    assert app.quit_requested and crashes == 0
    assert app.exit_code == 1 and str(app.failure) == "cannot write the output (No space left on device)"
    assert len(list(saves.history_dir().glob("*.json"))) == 1  # the game itself is kept
    app.close()


def test_exit_at_end_into_a_pipe_nobody_reads_ends_without_a_word():
    """`play --exit-at-end | true`: like `replay | head`, the reader has gone; nothing to say, status 1."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    with open(write_end, "w", encoding="utf-8") as pipe:
        app, crashes = exit_at_end(Output(pipe), resume=resumed(nearly_finished()))
        assert app.quit_requested and crashes == 0 and app.exit_code == 1 and app.failure.broken_pipe
        app.close()
        with pytest.raises(BrokenPipeError):  # what is still buffered fails too: let go of, not flushed
            pipe.close()


def test_exit_at_end_whose_game_cannot_be_saved_prints_the_result_and_fails(caplog):
    """Every move of the game fails to be saved: the log says so once (it said so at every move, on the terminal
    when there is no log file: 258 lines in one game)."""
    saves.saves_dir().parent.mkdir(parents=True)
    saves.saves_dir().write_text("a file where the saves folder should be")
    out = io.StringIO()
    app, _ = exit_at_end(out)
    assert app.quit_requested and app.exit_code == 1
    assert set(json.loads(out.getvalue())) == {"kingdoms", "legends", "scores", "winners"}
    assert str(app.failure).startswith(f"the game could not be saved to {saves.saves_dir()}")
    app.close()
    told = [r.getMessage() for r in caplog.records if r.getMessage().startswith("the game could not be saved to ")]
    assert len(told) == 1


def test_a_save_that_fails_is_told_once_and_once_more_when_it_is_saved_again(caplog):
    caplog.set_level(logging.INFO, logger="drako_desktop.saves")
    state = GameState.new(aetherya_game().rules, BOTS.players, BOTS.seed, BOTS.first)
    saves.saves_dir().parent.mkdir(parents=True)
    saves.saves_dir().write_text("a file where the saves folder should be")
    writer = saves.Autosaver(saves.start_game(BOTS), aetherya_game())
    for _ in range(5):
        state.apply(state.legal_actions()[0])
        writer.save(state)
        assert writer.flush() and writer.error is not None
    saves.saves_dir().unlink()
    saves.saves_dir().mkdir()
    writer.save(state)
    assert writer.flush() and writer.error is None and resumed(writer.path).actions == tuple(state.history)
    writer.close()
    told = [r.getMessage() for r in caplog.records if r.name == "drako_desktop.saves" and "saved" in r.getMessage()]
    assert len(told) == 2 and told[0].startswith("the game could not be saved to ")
    assert told[1] == f"the game is saved again to {writer.path}"


# -- a home where nothing can be saved ---------------------------------------------------------------------------


@pytest.fixture
def home_is_a_file(private_home, monkeypatch) -> Path:
    """DRAKO_DESKTOP_HOME names a regular file: no folder can be made under it."""
    home = private_home / "a-file"
    home.write_text("not a folder")
    monkeypatch.setenv("DRAKO_DESKTOP_HOME", str(home))
    return home


@pytest.fixture
def app_runs(monkeypatch) -> list[dict]:
    """What the command would open the app with (it is not opened): a list of run_app's arguments."""
    opened: list[dict] = []

    def run_app(game, settings, note, setup=None, **options) -> int:
        opened.append({"setup": setup, "note": note, **options})
        return 0

    monkeypatch.setattr(launch, "run_app", run_app)
    return opened


@pytest.mark.parametrize("args", [["play", "--seats", "human,ai:random"], ["play", "--continue"],
                                  ["play", "--seats", "ai:random,ai:random", "--exit-at-end"]])
def test_a_game_that_could_not_be_saved_is_not_started(args, home_is_a_file, app_runs, capsys):
    code, out, err = run_main(args, capsys)
    assert (code, out, app_runs) == (2, "", []) and one_line(err) == (
        f"drako-desktop: {home_is_a_file / 'data'} cannot be written (Not a directory): the game would not be saved "
        "(play --no-save plays it all the same)")


def test_a_game_that_could_not_be_saved_is_played_unsaved_when_asked(home_is_a_file, app_runs, capsys):
    code, out, err = run_main(["play", "--seats", "ai:random,ai:random", "--exit-at-end", "--no-save"], capsys)
    assert (code, out) == (0, "") and app_runs[0]["setup"] is not None
    assert app_runs[0]["persist"] is False  # the app saves nothing, nor tries to
    assert one_line(err) == (f"drako-desktop: the log file {home_is_a_file / 'data' / 'drako-desktop.log'} cannot be "
                             "written (Not a directory): the game goes on without it")


def test_the_menu_where_no_game_can_be_saved_says_so_once_at_start(home_is_a_file, app_runs, capsys):
    code, out, err = run_main([], capsys)
    assert (code, out) == (0, "") and app_runs[0]["persist"] is True and app_runs[0]["note"] is None
    assert one_line(err) == (f"drako-desktop: {home_is_a_file / 'data'} cannot be written (Not a directory): games "
                             "cannot be saved, and are played unsaved")


def test_an_unexpected_error_ends_an_unattended_game_instead_of_waiting_for_a_click(monkeypatch):
    out = io.StringIO()
    app = open_app(aetherya_game(), Settings(animation_speed="instant"), None, BOTS, exit_at_end=True, out=out,
                   size=(1280, 720), threaded=False)

    def broken(surface):
        raise RuntimeError("a scene that cannot draw")

    monkeypatch.setattr(app.scenes, "draw", broken)
    frames(app)
    assert app.quit_requested and app.exit_code == 1 and not isinstance(app.scenes.top, CrashDialog)
    assert str(app.failure).startswith("unexpected error: RuntimeError: a scene that cannot draw (the log has ")
    app.close()


# -- two copies, one game ------------------------------------------------------------------------------------------


def held_by_another_copy(path: Path) -> None:
    """The lock of a copy of the app that is running (process 1 of this computer is, always)."""
    lock = path.with_name(f".{path.name}.lock")
    lock.write_text(json.dumps({"pid": 1, "host": socket.gethostname(), "since": saves.now(), "token": "other"}))


def test_a_game_claimed_by_another_copy_ends_an_unattended_continue_instead_of_asking():
    """Two copies of `play --continue --exit-at-end` started a moment apart: the second used to find no claim
    when it looked, then the first's claim when it opened the game, and asked whether to take it over, of
    nobody, forever. The claim is taken first and decided on after; unattended, a claim of another is the end."""
    path = saved(finished=False, moves=20)
    game, _ = saves.read(path, {"aetherya-pocket": aetherya_game()})
    held_by_another_copy(path)  # the first copy claims it just before the second opens it
    app, _ = exit_at_end(io.StringIO(), resume=game, limit=5)
    assert app.quit_requested and app.exit_code == 2 and not isinstance(app.scenes.top, Dialog)
    since = json.loads(path.with_name(f".{path.name}.lock").read_text())["since"]
    assert str(app.failure) == (f"{path}: the game is open in another copy of Drako Desktop (process 1 on "
                                f"{socket.gethostname()}, since {since})")
    app.close()


def test_of_two_claims_at_once_one_wins():
    path = saved(finished=False, moves=20)
    assert saves.SaveLock(path).claim() is None  # free: claimed
    held_by_another_copy(path)
    holder = saves.SaveLock(path).claim()
    assert holder is not None and holder.pid == 1  # claimed by another: told, not taken
    path.with_name(f".{path.name}.lock").write_text(json.dumps({"pid": 2**31 - 1, "host": socket.gethostname(),
                                                                 "since": saves.now(), "token": "ended"}))
    assert saves.SaveLock(path).claim() is None  # a claim of no running copy: free


# -- saving that cannot be done as usual ---------------------------------------------------------------------------


def test_a_folder_where_the_lock_goes_does_not_stop_saving_and_the_finished_game_reaches_the_history(caplog):
    path = nearly_finished()
    path.with_name(f".{path.name}.lock").mkdir()
    finished_by_a_writer(path)
    kept = saves.history_dir() / path.name
    assert not path.exists() and saves.read(kept, {"aetherya-pocket": aetherya_game()})[1].is_terminal()
    told = [r.getMessage() for r in caplog.records if "lock" in r.getMessage()]
    assert len(told) == 1 and told[0].startswith(f"could not lock the save {path} ([Errno 21] Is a directory")


def test_a_finished_game_the_history_cannot_take_stays_among_the_saves():
    path = nearly_finished()
    saves.history_dir().write_text("a file where the history folder should be")
    assert finished_by_a_writer(path).location == path
    assert saves.read(path, {"aetherya-pocket": aetherya_game()})[0].finished


# -- terminals that are not UTF-8 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("encoding, shown", [("ascii", "Brynj? ??"), ("cp1252", "Brynjá ??")])
def test_a_name_the_terminal_cannot_show_is_printed_as_far_as_it_can(encoding, shown, monkeypatch, capsys):
    saved()
    for args in (["replay", "--last"], ["review", "--last", "--seat", "2", "--depth", "1"]):
        terminal = io.TextIOWrapper(io.BytesIO(), encoding=encoding)
        monkeypatch.setattr(sys, "stdout", terminal)
        code, _, err = run_main(args, capsys)
        assert (code, err) == (0, "")
        terminal.flush()
        assert shown in terminal.buffer.getvalue().decode(encoding), args


def test_an_error_line_the_terminal_cannot_show_is_printed_as_far_as_it_can(tmp_path, monkeypatch):
    terminal = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    monkeypatch.setattr(sys, "stderr", terminal)
    assert cli.main(["replay", str(tmp_path / f"{NAME}.json")]) == 2
    terminal.flush()
    assert terminal.buffer.getvalue().decode("ascii") == f"drako-desktop: {tmp_path}/Brynj? ??.json: does not exist\n"


# -- a log that cannot be written ----------------------------------------------------------------------------------


def test_a_log_on_a_full_disk_says_so_once(capsys):
    logsetup.log_path().parent.mkdir(parents=True)
    logsetup.log_path().symlink_to("/dev/full")
    try:
        assert logsetup.setup_logging() == logsetup.log_path()
        for n in range(50):
            logging.getLogger("drako_desktop.saves").error("line %d", n)
    finally:
        logsetup.close_logging()
    assert one_line(capsys.readouterr().err) == (f"drako-desktop: the log file {logsetup.log_path()} cannot be "
                                                 "written (No space left on device): the game goes on without it")


@pytest.mark.parametrize("reading", [False, True], ids=["nobody-reads-it", "it-is-read"])
def test_a_pipe_in_place_of_the_log_is_told_once_and_the_game_goes_on_without_it(reading, capsys):
    """Opening a pipe to write waits for someone to read it: the app hung before its window opened. One that is
    read would let it open, and hold the game at the first line nobody reads. If it waits all the same, the test
    reads the pipe once a minute has gone by, so that it ends (and fails)."""
    path = logsetup.log_path()
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    reader = os.open(path, os.O_RDONLY | os.O_NONBLOCK) if reading else None
    opened = []
    setting_up = threading.Thread(target=lambda: opened.append(logsetup.setup_logging()), daemon=True)
    setting_up.start()
    setting_up.join(timeout=60)
    if setting_up.is_alive():
        os.close(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
        setting_up.join()
    if reader is not None:
        os.close(reader)
    logsetup.close_logging()
    assert opened == [None] and one_line(capsys.readouterr().err) == (
        f"drako-desktop: the log file {path} cannot be written (a pipe or a socket has its name): the game goes on "
        "without it")
    assert logsetup.current_log() is None


# -- names that would move the terminal ----------------------------------------------------------------------------


def test_file_names_with_escape_sequences_are_shown_escaped(tmp_path, capsys):
    name = tmp_path / "red\x1b[31m\rgame\u202e.json"
    for args in (["replay", str(name)], ["replay", "--record", str(name)], ["view", str(name)],
                 ["score", str(name)], ["--cards", str(name), "simulate"],
                 ["simulate", "--games", "1", "--records", str(tmp_path / "no" / "red\x1b[31m.jsonl")]):
        code, _, err = run_main(args, capsys)
        assert code == 2 and "\x1b" not in err and "\r" not in err and "\u202e" not in err, args
        assert "red\\x1b[31m" in one_line(err), err


def test_score_reads_standard_input_closed_as_one_line(monkeypatch, capsys):
    """`<&-`: Python has no sys.stdin at all; Aetherya Pocket's own command says so."""
    monkeypatch.setattr(sys, "stdin", None)
    code, _, err = run_main(["score"], capsys)
    assert code == 2 and one_line(err) == "drako-desktop: cannot read standard input: it is closed"


def test_score_jsonl_bounds_each_line_not_the_stream(monkeypatch, capsys):
    """A stream of kingdoms is as long as it likes; one line over the bound is refused by its number."""
    from drako_desktop.games.aetherya_pocket.commands import MAX_SCORE_LINE

    kingdom = json.dumps({"kingdom": [[None] * 4, [None, "human", "plain", None], [None, "plain", "forest", None],
                                      [None] * 4], "legends": []})
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{kingdom}\n{kingdom}\n" + "x" * (MAX_SCORE_LINE + 5) + "\n"))
    code, out, err = run_main(["score", "--jsonl"], capsys)
    assert [json.loads(line)["total"] for line in out.splitlines()] == [4, 4]
    assert code == 2 and one_line(err) == f"drako-desktop: line 3 is longer than {MAX_SCORE_LINE:,} characters"
