"""Draco Mundis over the bot protocol (docs/bot-protocol.md): a whole game against the example bot, the
messages' documented shape, and simulate with a bot from the command line. The protocol's handling of bots
that crash, answer garbage or time out is the same for every game (tests/test_bot_protocol.py)."""

from __future__ import annotations

import io
import json
import logging
import shlex
import sys
import textwrap
from contextlib import redirect_stdout
from pathlib import Path

from drako_desktop import cli
from drako_desktop.ai import make_agent
from drako_desktop.controller.runner import run_game
from drako_desktop.games.draco_mundis.engine import GameState
from test_draco_support import GAME

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_BOT = ROOT / "examples" / "bot_draco_greedy.py"
VIEW_FIELDS = {
    "seat", "players", "first", "variants", "turn", "current", "decision", "actions_left", "reveal_any_used",
    "stall", "stall_limit", "progress", "sacrifices_left", "ended", "columns", "squares", "trophies", "destroyed",
    "sacrificed", "supply_left", "placed", "supply", "selected",
}
SQUARE_FIELDS = {"at", "down", "down_kind", "peeked_by", "land", "character", "prisoner", "trap"}


def example_bot() -> str:
    return "exec:" + shlex.join([sys.executable, str(EXAMPLE_BOT)])


def play(spec: str, opponent: str, seed: int = 1, variants: tuple[str, ...] = ()) -> GameState:
    bot = make_agent(GAME, spec, seed=seed, bot_timeout=10)
    other = make_agent(GAME, opponent, seed=seed + 1)
    try:
        state = run_game(GAME, GAME.new_state(2, 0, seed % 2, variants), [bot, other]).state
    finally:
        bot.close()
    assert state.is_terminal()
    return state


def fallbacks(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "drako_desktop.ai" and r.levelno == logging.WARNING]


def test_a_whole_game_against_the_example_bot(caplog):
    caplog.set_level(logging.WARNING, logger="drako_desktop.ai")
    state = play(example_bot(), "medium", variants=("sherpa_sacrifice", "dragon_trap"))
    assert fallbacks(caplog) == []  # every answer was a legal choice, in time
    assert state.turn > 0 and len(state.history) > 2 * 20 * 2  # the whole setup (select + place) and turns


def test_the_example_bot_beats_random():
    wins = sum(0 in play(example_bot(), "random", seed=seed, variants=("fast_setup",)).winners() for seed in range(3))
    assert wins >= 2


def test_the_messages_have_the_documented_shape(tmp_path):
    log = tmp_path / "received.jsonl"
    path = tmp_path / "bot.py"
    path.write_text("import json, sys\n" + textwrap.dedent(f"""
        with open({str(log)!r}, "w") as out:
            for line in sys.stdin:
                out.write(line)
                out.flush()
                message = json.loads(line)
                if message["type"] == "decide":  # the last action: a pass, once the turns begin
                    print(json.dumps({{"choice": len(message["legal"]) - 1}}), flush=True)
    """), encoding="utf-8")
    bot = make_agent(GAME, "exec:" + shlex.join([sys.executable, str(path)]), seed=0)
    state = run_game(GAME, GAME.new_state(2, 0, 0, ("fast_setup",)), [bot, make_agent(GAME, "easy", 1)]).state
    bot.close()
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    decides, end = messages[:-1], messages[-1]
    assert decides and all(m["type"] == "decide" for m in decides)
    for m in decides:
        assert set(m) == {"type", "game", "seat", "view", "legal"}
        assert m["game"] == "draco-mundis" and m["seat"] == 0 == m["view"]["seat"] == m["view"]["current"]
        assert set(m["view"]) == VIEW_FIELDS
        assert all(set(spot) <= SQUARE_FIELDS and "at" in spot for spot in m["view"]["squares"])
        for action in m["legal"]:
            assert GAME.action_from_json(action).to_json() == action
    assert {m["view"]["decision"] for m in decides} == {"select", "place", "act"}
    assert {a["type"] for m in decides for a in m["legal"]} >= {"select", "place", "peek", "reveal", "move", "pass"}
    assert end["type"] == "end" and end["winners"] == state.winners()
    assert [s["total"] for s in end["scores"]] == [b.total for b in state.scores()]
    assert list(end["scores"][0]["categories"]) == [line.id for line in GAME.data.lines]


def test_simulate_draco_mundis_with_the_example_bot_from_the_command_line():
    out = io.StringIO()
    spec = example_bot()
    with redirect_stdout(out):
        status = cli.main(["simulate", "--game", "draco-mundis", "--agents", f"{spec},medium", "--games", "2",
                           "--variants", "fast_setup", "--json"])
    assert status == 0
    result = json.loads(out.getvalue())
    assert result["game"] == "draco-mundis"
    assert [s["agent"] for s in result["seats"]] == [spec, "medium"]
    assert result["seats"][0]["decisions"] > 0
