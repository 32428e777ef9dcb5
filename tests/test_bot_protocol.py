"""External bots over JSON lines (docs/bot-protocol.md): a real game against the example
bot, and bots that misbehave in every way the game must survive.

No test sleeps: slow bots are cut off by short timeouts, and a bot that hangs
is stopped by `close()`. A bot that takes long to start waits itself, a bounded
moment, and no test asserts how long anything took.
"""

from __future__ import annotations

import io
import json
import logging
import os
import select
import shlex
import sys
import textwrap
import threading
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from conftest import aetherya_game
from drako_desktop import cli
from drako_desktop.ai import AgentSpecError, external, make_agent
from drako_desktop.controller import runner
from drako_desktop.controller.runner import run_game
from drako_desktop.games.aetherya_pocket.engine import Action, GameState

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_BOT = ROOT / "examples" / "bot_greedy.py"


def command(*args: object) -> str:
    return shlex.join([sys.executable, *map(str, args)])


def bot_script(tmp_path: Path, body: str) -> str:
    """`exec:` spec of a Python bot whose main loop is `body` (json and sys imported)."""
    path = tmp_path / "bot.py"
    path.write_text("import json, sys\n" + textwrap.dedent(body), encoding="utf-8")
    return "exec:" + command(path)


def play(rules, spec: str, timeout: float = 5.0, opponent: str = "medium", seed: int = 1) -> GameState:
    aetherya = aetherya_game()
    bot = make_agent(aetherya, spec, seed=seed, bot_timeout=timeout)
    other = make_agent(aetherya, opponent, seed=seed + 1)
    try:
        state = run_game(aetherya_game(), GameState.new(rules, 2, seed=seed), [bot, other]).state
    finally:
        bot.close()
    assert state.is_terminal()
    return state


@pytest.fixture
def no_start_up_allowance(monkeypatch):
    """The bots of a test that starts at once: their first decision's time limit is the only one (the start-up
    allowance has tests of its own)."""
    monkeypatch.setattr(external, "START_UP_ALLOWANCE", 0.0)


def fallbacks(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "drako_desktop.ai" and r.levelno == logging.WARNING]


# -- the example bot -----------------------------------------------------------


def test_a_whole_game_against_the_example_bot(rules, caplog):
    caplog.set_level(logging.WARNING, logger="drako_desktop.ai")
    state = play(rules, "exec:" + command(EXAMPLE_BOT))
    assert fallbacks(caplog) == []
    assert state.scores()[0].total > 0  # it plays sensibly, not at random


def test_the_example_bot_beats_random(rules):
    wins = 0
    for seed in range(4):
        state = play(rules, "exec:" + command(EXAMPLE_BOT), opponent="random", seed=seed)
        wins += 0 in state.winners()
    assert wins >= 3


def test_the_messages_have_the_documented_shape(aetherya, rules, tmp_path):
    log = tmp_path / "received.jsonl"
    spec = bot_script(tmp_path, f"""
        with open({str(log)!r}, "w") as out:
            for line in sys.stdin:
                out.write(line)
                out.flush()
                message = json.loads(line)
                if message["type"] == "decide":  # the last action: draw, reveal, pass
                    print(json.dumps({{"choice": len(message["legal"]) - 1}}), flush=True)
    """)
    bot = make_agent(aetherya, spec, seed=0)
    state = run_game(aetherya_game(), GameState.new(rules, 2, seed=7), [bot, make_agent(aetherya, "random", 1)]).state
    bot.close()
    assert bot.proc.poll() is not None  # stdin closed after "end": the bot exited on its own
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    decides, end = messages[:-1], messages[-1]
    assert decides and all(m["type"] == "decide" for m in decides)
    for m in decides:
        assert set(m) == {"type", "game", "seat", "view", "legal"}
        assert m["game"] == "aetherya-pocket" and m["seat"] == 0 == m["view"]["seat"] == m["view"]["current"]
        assert set(m["view"]) == {
            "players", "seat", "current", "step", "kingdoms", "hand", "drawn", "discard_top", "discard_size",
            "draw_size", "legend_row", "legends", "claimed_this_turn",
        }
        assert len(m["view"]["kingdoms"]) == 2 and all(len(row) == 4 for k in m["view"]["kingdoms"] for row in k)
        assert len(m["legal"]) >= 2
        for action in m["legal"]:
            assert Action.from_json(action).to_json() == action
    assert decides[0]["view"]["step"] == "arrange" and len(decides[0]["view"]["hand"]) == 4
    assert {m["view"]["step"] for m in decides} >= {"arrange", "turn-start", "after-draw"}
    assert end["type"] == "end" and end["winners"] == state.winners()
    assert [s["total"] for s in end["scores"]] == [b.total for b in state.scores()]
    assert set(end["scores"][0]) == {"categories", "total", "claimable"}


# -- bots that misbehave -------------------------------------------------------------


def test_a_bot_that_crashes_at_start(rules, tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger="drako_desktop.ai")
    play(rules, bot_script(tmp_path, "sys.exit(3)"))
    messages = fallbacks(caplog)
    assert messages and all("has exited" in m for m in messages)


def test_a_bot_that_crashes_mid_game(rules, tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger="drako_desktop.ai")
    play(rules, bot_script(tmp_path, """
        for n, line in enumerate(sys.stdin):
            if n == 5:
                raise RuntimeError("bot bug")
            print(json.dumps({"choice": 0}), flush=True)
    """))
    messages = fallbacks(caplog)
    assert messages and all("has exited" in m for m in messages)


@pytest.mark.parametrize("answer, reason", [
    ("hello", 'answer "hello": not valid JSON'),
    ('{"pick": 0}', 'no whole-number "choice"'),
    ('{"choice": "0"}', 'no whole-number "choice"'),
    ('{"choice": true}', 'no whole-number "choice"'),
    ("[0]", 'no whole-number "choice"'),
    ('{"choice": 99}', "outside the"),
    ('{"choice": -1}', "outside the"),
    ('{"choice": ' + "7" * 5000 + "}", "holds a number too large for the game (more than 30 digits)"),
    ("[" * 20_000 + "]" * 20_000, "nested more than 64 levels deep"),
    ("[" * 100_000 + "]" * 100_000, "answer longer than 65,536 bytes"),
])
def test_a_bot_that_answers_garbage(rules, tmp_path, caplog, answer, reason):
    caplog.set_level(logging.WARNING, logger="drako_desktop.ai")
    play(rules, bot_script(tmp_path, f"""
        for line in sys.stdin:
            print({answer!r}, flush=True)
    """))
    messages = fallbacks(caplog)
    assert messages and all(reason in m for m in messages)


def test_a_slow_answer_is_skipped_and_the_bot_plays_on(rules, tmp_path, caplog, no_start_up_allowance):
    """The first answer comes after the timeout: that decision is random, and the late
    answer is not mistaken for the next one."""
    caplog.set_level(logging.WARNING, logger="drako_desktop.ai")
    play(rules, bot_script(tmp_path, """
        for n, line in enumerate(sys.stdin):
            if json.loads(line)["type"] != "decide":
                continue
            if n == 0:
                continue  # no answer in time: the game falls back and asks again
            if n == 1:
                print(json.dumps({"choice": 0}), flush=True)  # the late answer to decision 0
            print(json.dumps({"choice": 0}), flush=True)
    """), timeout=0.3)
    messages = fallbacks(caplog)
    assert 1 <= len(messages) <= 5 and all("no answer within 0.3 s" in m for m in messages)


def test_a_bot_that_hangs_is_cut_off_and_stopped(rules, tmp_path, caplog, no_start_up_allowance):
    caplog.set_level(logging.WARNING, logger="drako_desktop.ai")
    never_answers = bot_script(tmp_path, "sys.stdin.read()")
    bot = make_agent(aetherya_game(), never_answers, seed=0, bot_timeout=0.2)
    state = GameState.new(rules, 2, seed=3)
    for _ in range(2):
        legal = state.legal_actions()
        assert 0 <= bot.choose(state.view(state.current), legal) < len(legal)
    bot.close()
    assert bot.proc.poll() is not None  # stopped, not left running
    assert len(fallbacks(caplog)) == 2


def test_a_bot_that_writes_an_endless_line_is_read_no_further_than_the_limit(rules, tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger="drako_desktop.ai")
    bot = make_agent(aetherya_game(), bot_script(tmp_path, """
        sys.stdin.readline()
        while True:
            sys.stdout.write("7" * 65536)  # a number that never ends: no newline, ever
    """), seed=0, bot_timeout=0.3)
    state = GameState.new(rules, 2, seed=3)
    legal = state.legal_actions()
    assert 0 <= bot.choose(state.view(state.current), legal) < len(legal)
    bot.close()
    assert fallbacks(caplog)[0].startswith(f"bot {bot.name}: answer longer than 65,536 bytes; playing the random")


def test_a_bot_that_prints_without_end_is_held_back_not_read_into_memory(rules, tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger="drako_desktop.ai")
    bot = make_agent(aetherya_game(), bot_script(tmp_path, """
        sys.stdin.readline()
        sys.stdout.write("garbage\\n" * 500_000)  # 4 MB of lines nobody asked for, then it is done
    """), seed=0, bot_timeout=5)
    state = GameState.new(rules, 2, seed=3)
    legal = state.legal_actions()
    assert 0 <= bot.choose(state.view(state.current), legal) < len(legal)  # a garbage line: a random action
    # Read at once, the 500,000 lines were queued within this second and the bot had written them all and
    # ended; held back, it waits with its pipe full and the game holds no more than a few lines.
    assert not ends_within(bot.proc.pid, 1.0)
    assert bot.answers.qsize() <= external.MAX_AHEAD
    bot.close()
    bot.reader.join(5)
    assert bot.proc.poll() is not None and not bot.reader.is_alive()
    (message,) = fallbacks(caplog)
    assert message.startswith(f'bot {bot.name}: answer "garbage": not valid JSON')


def test_a_bot_that_stays_silent_is_not_waited_for_after_three_timeouts(rules, tmp_path, caplog, no_start_up_allowance):
    caplog.set_level(logging.WARNING, logger="drako_desktop.ai")
    spec = bot_script(tmp_path, "sys.stdin.read()")  # reads everything, answers nothing
    bot = make_agent(aetherya_game(), spec, seed=1, bot_timeout=0.2)
    other = make_agent(aetherya_game(), "random", 2)
    state = run_game(aetherya_game(), GameState.new(rules, 2, seed=1), [bot, other]).state
    assert state.is_terminal() and bot.proc.poll() is not None  # played to the end; the bot was ended at once
    bot.close()
    messages = fallbacks(caplog)
    assert len(messages) == 4 and all(m.startswith(f"bot {spec}: no answer within 0.2 s; ") for m in messages[:3])
    assert messages[3] == (f"bot {spec}: 3 decisions in a row without an answer: the seat is played by random legal "
                           "actions for the rest of the game")


# -- start-up: loading is not thinking ------------------------------------------------

LOADING = "import time; time.sleep(2)"  # loading a model: longer than a decision's time limit here


def first_decision(rules, spec: str, timeout: float, start_up: float | None = None) -> tuple[int, int]:
    """The bot's first decision of a game (asked as soon as it is started) and the index of the last legal action
    (what the bots below choose, which a random fallback would not always)."""
    bot = external.ExecAgent(spec[len("exec:"):], "aetherya-pocket", 0, timeout=timeout, start_up=start_up)
    try:
        state = GameState.new(rules, 2, seed=3)
        legal = state.legal_actions()
        return bot.choose(state.view(state.current), legal), len(legal) - 1
    finally:
        bot.close()


def test_a_bot_that_says_it_is_ready_after_loading_keeps_its_first_decision(rules, tmp_path, caplog):
    """It loads longer than a decision may take, says it is ready, answers: that answer is played."""
    caplog.set_level(logging.WARNING, logger="drako_desktop.ai")
    spec = bot_script(tmp_path, f"""
        message = json.loads(sys.stdin.readline())
        {LOADING}
        last = len(message["legal"]) - 1
        sys.stdout.write(json.dumps({{"type": "ready"}}) + "\\n" + json.dumps({{"choice": last}}) + "\\n")
        sys.stdout.flush()
        sys.stdin.read()
    """)
    chosen, last = first_decision(rules, spec, timeout=1.0)
    assert fallbacks(caplog) == [] and chosen == last


def test_a_bot_that_never_says_it_is_ready_has_the_start_up_allowance(rules, tmp_path, caplog):
    """Today's bots, that know of no ready line: loading counts against the allowance, not the time limit."""
    caplog.set_level(logging.WARNING, logger="drako_desktop.ai")
    spec = bot_script(tmp_path, f"""
        {LOADING}
        for line in sys.stdin:
            print(json.dumps({{"choice": len(json.loads(line)["legal"]) - 1}}), flush=True)
    """)
    chosen, last = first_decision(rules, spec, timeout=1.0)
    assert fallbacks(caplog) == [] and chosen == last


def test_the_start_up_is_waited_for_a_bounded_time(rules, tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger="drako_desktop.ai")
    spec = bot_script(tmp_path, "sys.stdin.read()")  # starts, and never answers
    first_decision(rules, spec, timeout=0.2, start_up=0.5)
    assert fallbacks(caplog)[0].startswith(f"bot {spec}: no answer within 0.2 s (after a start-up allowance of "
                                           "0.5 s); playing the random legal action")


def test_once_a_bot_said_it_is_ready_it_has_only_its_time_limit(rules, tmp_path, caplog):
    """Ready during its first decision, it does not answer: the decision ends its time limit after the ready line,
    not after the start-up allowance (ten minutes here, which the test would wait for). A ready line after the
    first is an answer like any other, with no choice in it."""
    caplog.set_level(logging.WARNING, logger="drako_desktop.ai")
    spec = bot_script(tmp_path, """
        ready = json.dumps({"type": "ready"})
        sys.stdin.readline()
        print(ready, flush=True)  # and no answer
        sys.stdin.readline()
        print(ready + "\\n" + ready, flush=True)  # the late answer to the first decision, and the second's
        sys.stdin.read()
    """)
    bot = external.ExecAgent(spec[len("exec:"):], "aetherya-pocket", 0, timeout=0.3, start_up=600)
    state = GameState.new(rules, 2, seed=3)
    decisions = threading.Thread(target=lambda: [bot.choose(state.view(0), state.legal_actions()) for _ in "12"])
    decisions.start()
    decisions.join(timeout=60)
    ended = not decisions.is_alive()
    bot.close()  # the bot's end ends a decision still waiting for it
    decisions.join()
    assert ended
    said = [m[len(f"bot {spec}: "):m.index(";")] for m in fallbacks(caplog)]
    assert said == ["no answer within 0.3 s", 'answer has no whole-number "choice": {"type":"ready"}']


def ends_within(pid: int, seconds: float) -> bool:
    """Whether the process (not necessarily a child of this one) has ended, or ends within `seconds`."""
    try:
        handle = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        return bool(select.select([handle], [], [], seconds)[0])  # readable once the process has ended
    finally:
        os.close(handle)


STARTED = {  # a process a bot starts, that lives on till killed, and how the bot learns its process id
    "a child": """
        import subprocess
        started = subprocess.Popen([sys.executable, "-c", "import signal; signal.pause()"]).pid
    """,
    # A helper that detaches itself as daemons do (setsid, then a second fork whose parent exits) is in no group
    # of the bot's and has no parent left: the game adopted it all the same (issue 30).
    "a daemon that left the bot's session": """
        import os, signal
        said, say = os.pipe()
        if os.fork() == 0:  # the helper
            os.setsid()
            if os.fork() == 0:  # the daemon: says where it is
                os.write(say, str(os.getpid()).encode() + b"\\n")
                signal.pause()
            os._exit(0)
        os.wait()  # the helper has left; the daemon is an orphan
        started = int(os.fdopen(said).readline())
    """,
}


@pytest.mark.parametrize("started", STARTED)
def test_what_a_bot_started_ends_with_it(started, rules, tmp_path):
    pids = tmp_path / "pids"
    bot = make_agent(aetherya_game(), bot_script(tmp_path, textwrap.dedent(STARTED[started]) + textwrap.dedent(f"""
        open({str(pids)!r}, "w").write(str(started))
        for line in sys.stdin:
            if json.loads(line)["type"] == "decide":
                print(json.dumps({{"choice": 0}}), flush=True)
    """)), seed=0, bot_timeout=20)
    state = GameState.new(rules, 2, seed=3)
    bot.choose(state.view(state.current), state.legal_actions())  # answered: the process is running by now
    pid = int(pids.read_text())
    assert not ends_within(pid, 0) and (os.getsid(pid) != os.getsid(bot.proc.pid)) == ("daemon" in started)
    bot.close()
    assert ends_within(pid, 10) and bot.proc.poll() is not None


def test_a_bot_that_closes_its_output_is_said_to_have_done_so(rules, tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger="drako_desktop.ai")
    bot = make_agent(aetherya_game(), bot_script(tmp_path, """
        import os
        os.close(1)  # no more answers, but it goes on running
        sys.stdin.read()
    """), seed=0, bot_timeout=5)
    state = GameState.new(rules, 2, seed=3)
    bot.choose(state.view(state.current), state.legal_actions())
    bot.close()
    (message,) = fallbacks(caplog)
    assert message.startswith(f"bot {bot.name}: the bot closed its output but is still running; playing the random")


def test_fallbacks_are_reproducible(rules, tmp_path):
    spec = bot_script(tmp_path, "sys.exit(0)")
    assert play(rules, spec, seed=5).history == play(rules, spec, seed=5).history


# -- starting bots --------------------------------------------------------------------


@pytest.mark.parametrize("spec, message", [
    ("exec:", "empty"),
    ("exec:   ", "empty"),
    ("exec:'unclosed", "cannot split"),
    ("exec:/no/such/bot", "cannot start"),
])
def test_a_bot_that_cannot_start_is_a_spec_error(aetherya, rules, spec, message):
    with pytest.raises(AgentSpecError, match=message):
        make_agent(aetherya, spec, 0)


def test_simulate_with_a_bot_from_the_command_line(aetherya, monkeypatch):
    timeouts = []

    def spy(game, spec, seed, *, bot_timeout=None):
        timeouts.append(bot_timeout)
        return make_agent(aetherya, spec, seed, bot_timeout=bot_timeout)

    monkeypatch.setattr(runner, "make_agent", spy)
    out = io.StringIO()
    spec = "exec:" + command(EXAMPLE_BOT)
    with redirect_stdout(out):
        status = cli.main(["simulate", "--agents", f"{spec},medium", "--games", "2", "--json", "--bot-timeout", "5"])
    assert status == 0
    assert timeouts == [5.0] * 4  # two agents in each of two games
    result = json.loads(out.getvalue())
    assert result["seats"][0]["agent"] == spec
    assert result["seats"][0]["decisions"] > 0 and result["seats"][0]["median_decision_ms"] > 0


def test_simulate_rejects_a_bad_bot_timeout(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["simulate", "--bot-timeout", "soon"])
    assert exc.value.code == 2
    assert "--bot-timeout" in capsys.readouterr().err
