"""Bad input on the command line: one clear line on stderr, exit status 2, never a traceback; and `replay`."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest

from conftest import aetherya_game
from drako_desktop import cli, saves
from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.games.aetherya_pocket.engine import GameState

SETUP = GameSetup((Seat("Ana"), Seat("Brynja", COMPUTER, "easy")), seed=42, first=0)


def run_main(args, capsys) -> tuple[int, str, str]:
    try:
        code = cli.main(args)
    except SystemExit as exc:  # argparse's own errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def saved_game(rules, finished: bool, folder=None) -> saves.SavedGame:
    aetherya = aetherya_game()
    rng = random.Random(5)
    state = GameState.new(rules, 2, SETUP.seed, SETUP.first)
    while not state.is_terminal() and (finished or len(state.history) < 40):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    game = saves.SavedGame(saves.new_game_id(), SETUP, tuple(state.history), saves.now(), saves.now(), False,
                           state.is_terminal())
    folder = folder or (saves.history_dir() if finished else saves.saves_dir())
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{game.game_id}.json"
    path.write_text(saves.encode(game, state, aetherya))
    return game


@pytest.mark.parametrize("args, message", [
    (["--cards", "/no/such/folder", "score"], "card folder not found"),
    (["play", "--first", "first"], "invalid int value"),
    (["play", "--seed", "-4", "--seats", "human,ai:easy"], "--seed"),
    (["play", "--seed", "12345678901234567890123"], "--seed"),
    (["play", "--seed", "7"], "--seed, --first and --variants need --seats"),
    (["play", "--first", "2"], "--seed, --first and --variants need --seats"),
    (["play", "--seats", "human,ai:easy", "--first", "3"], "--first must be a seat 1-2"),
    (["play", "--seats", "human,ai:easy", "--first", "0"], "--first must be a seat 1-2"),
    (["play", "--seats", "human,,ai:easy"], "unknown seat"),
    (["play", "--seats", ""], "2-4"),
    (["play", "--continue", "--seats", "human,ai:easy"], "--continue resumes a saved game"),
    (["play", "--continue"], "no unfinished game to continue"),
    (["play", "--exit-at-end"], "--exit-at-end needs --seats"),
    (["simulate", "--players", "1"], "--players must be 2-4"),
    (["simulate", "--games", "0"], "must be at least 1"),
    (["simulate", "--games", "lots"], "is not a whole number"),
    (["simulate", "--agents", "random,random,random"], "names 3 agents for 2 players"),
    (["simulate", "--agents", "genius"], "genius"),
    (["simulate", "--bot-timeout", "-1"], "from 0.1 to 600, not \"-1\""),
    (["simulate", "--bot-timeout", "inf"], "from 0.1 to 600, not \"inf\""),
    (["bench-ui", "--size", "big"], "--size must look like 1600x900"),
    (["bench-ui", "--size", "640x480"], "--size must be from 1280x720"),
    (["bench-ui", "--size", "99999x99999"], "--size must be from 1280x720"),
    (["bench-ui", "--frames", "-3"], "must be at least 1"),
    (["bench-ui", "--frames", "99999999999"], "must be at most 1,000,000, not 99,999,999,999"),
    (["simulate", "--games", "1" * 5000], "is not a whole number"),
    (["simulate", "--games", "2", "--records", "/dev/full"], "--records /dev/full: cannot be written (No space left"),
    (["review", "--last", "--depth", "1000000000"], "must be at most 4,096"),
    (["bench-ui", "--level", "god"], "unknown level"),
    (["score", "/no/such/kingdom.json"], "cannot read"),
    (["replay"], "FILE, --last or --record FILE"),
    (["replay", "a.json", "--last"], "FILE, --last or --record FILE"),
    (["replay", "--last"], "no saved game yet"),
    (["replay", "/no/such/save.json"], "does not exist"),
    (["simulate", "--game", "draco-mundis", "--variants", "fast_setup,checkers"], "has no variant 'checkers'"),
    (["simulate", "--game", "draco-mundis", "--variants", "fast_setup,fast_setup"], "fast_setup is named twice"),
    (["nonsense"], "invalid choice"),
    (["--frobnicate"], "unrecognized arguments"),
])
def test_bad_arguments_say_what_is_wrong_in_one_line(args, message, capsys):
    code, out, err = run_main(args, capsys)
    assert code == 2, (args, err)
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert out == ""


@pytest.mark.parametrize("content", ["", "{", "[]", '{"format": "drako-desktop-save", "version": 99}', "\x00\xff",
                                     "nested"])
def test_replay_refuses_a_bad_file_in_one_line(tmp_path, content, capsys):
    path = tmp_path / "bad.json"
    if content == "nested":
        path.write_text("[" * 100_000 + "]" * 100_000)
    elif content == "\x00\xff":
        path.write_bytes(b"\x00\xff\xfe")
    else:
        path.write_text(content)
    code, out, err = run_main(["replay", str(path)], capsys)
    assert code == 2 and err.startswith(f"drako-desktop: {path}: ") and len(err.strip().splitlines()) == 1
    assert path.exists()  # a file named on the command line is never renamed


def test_replay_a_file_prints_the_game_turn_by_turn(rules, capsys):
    game = saved_game(rules, finished=True)
    code, out, err = run_main(["replay", str(saves.history_dir() / f"{game.game_id}.json")], capsys)
    assert code == 0, err
    assert out.startswith(f"Game {game.game_id} of aetherya-pocket: Ana, Brynja (seed 42")
    assert "Turn 1 - Ana" in out and "Final scores:" in out and "Winner:" in out


def test_replay_last_takes_the_newest_save_finished_or_not_and_json(rules, capsys):
    saved_game(rules, finished=True)
    newest = saved_game(rules, finished=False)
    code, out, err = run_main(["replay", "--last", "--json"], capsys)
    assert code == 0, err
    data = json.loads(out)
    assert data["game_id"] == newest.game_id and data["finished"] is False and data["final"] is None
    assert data["actions"] == len(newest.actions) == sum(1 for _ in newest.actions)
    assert all(turn["scores"] is not None for turn in data["turns"])


def test_the_real_program_never_prints_a_traceback(tmp_path):
    """A few bad inputs through the real executable (no capsys): one line, status 2."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", DRAKO_DESKTOP_HOME=str(tmp_path))
    (tmp_path / "garbage.json").write_bytes(os.urandom(2000))
    for args in (["replay", str(tmp_path / "garbage.json")], ["replay", str(tmp_path)], ["replay", "/dev/zero"],
                 ["play", "--seats", "human,ai:nobody"], ["--cards", str(tmp_path), "simulate"]):
        result = subprocess.run([sys.executable, "-m", "drako_desktop", *args], capture_output=True, text=True,
                                env=env, timeout=60)
        assert result.returncode == 2, (args, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr, result.stderr


def test_replay_piped_into_a_reader_that_stops_early(rules, tmp_path):
    """`replay | head -1`: the closed pipe ends the command quietly."""
    game = saved_game(rules, finished=True, folder=tmp_path / "data" / "history")
    env = dict(os.environ, DRAKO_DESKTOP_HOME=str(tmp_path))
    reader = subprocess.Popen([sys.executable, "-c", "pass"], stdin=subprocess.PIPE)
    reader.wait(timeout=60)  # gone before the first line is written: every write meets a closed pipe
    writer = subprocess.run([sys.executable, "-m", "drako_desktop", "replay", "--last"], stdout=reader.stdin,
                            stderr=subprocess.PIPE, text=True, env=env, timeout=60)
    reader.stdin.close()
    assert writer.stderr == "" and writer.returncode == 1
    assert game.game_id
