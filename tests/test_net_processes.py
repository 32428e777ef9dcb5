"""The issue's "done when", as a player would do it from terminals: `drako-desktop host` and three `drako-desktop join
--agent` processes play a whole game of each game on loopback; one client's connection is cut in the middle and it
comes back by itself; the host is killed (SIGKILL) in the middle and continued with `host --continue`, and every
client comes back to it. The game is the one `simulate` plays with the same seed and agents. Every process started
here is reaped, whatever happens."""

from __future__ import annotations

import io
import json
import signal
from typing import Iterator

import pytest

from drako_desktop.controller.runner import simulate
from drako_desktop.net.invitation import Invitation
from drako_desktop.saves import read
from net_support import CuttingProxy, Program, library, loop_thread

SEED = 21


@pytest.fixture
def programs() -> Iterator[list[Program]]:
    started: list[Program] = []
    try:
        yield started
    finally:
        for program in started:
            program.kill()


def actions_played(program: Program, at_least: int) -> None:
    while int(program.wait_for("actions played").split(": ")[1].split()[0]) < at_least:
        pass


@pytest.mark.parametrize("game_id", ["aetherya-pocket", "draco-mundis"])
def test_a_host_and_three_joins_play_through_a_cut_and_a_killed_host(game_id, tmp_path, programs):
    invitations = tmp_path / "invitations.txt"
    variants = ["--variants", "fast_setup"] if game_id == "draco-mundis" else []  # a shorter setup
    host = Program(tmp_path / "host", "host", "--game", game_id, "--seats", "remote,remote,remote", "--seed",
                   str(SEED), "--bind", "127.0.0.1", "--port", "0", "--invitations", str(invitations), "--exit-at-end",
                   *variants)
    programs.append(host)
    host.wait_for("listens on port")
    lines = [Invitation.parse(line) for line in invitations.read_text().splitlines()]
    game_id_of_table = lines[0].game_id
    with loop_thread() as loop:
        proxy = CuttingProxy(loop, lines[0].port)
        through = [proxy.invitation(lines[0]), *lines[1:]]  # the first seat's connection goes through the proxy
        joins = [Program(tmp_path / f"seat{i + 1}", "join", str(invitation), "--agent", "random", "--seed", str(SEED))
                 for i, invitation in enumerate(through)]
        programs.extend(joins)
        actions_played(host, 25)
        assert proxy.cut() == 1
        joins[0].wait_for("connection lost")
        actions_played(host, 75)
        host.kill()  # SIGKILL, in the middle of the game
        assert host.process.returncode == -signal.SIGKILL
        again = Program(tmp_path / "host", "host", "--continue", game_id_of_table, "--exit-at-end")
        programs.append(again)
        status, printed = again.finish()
        assert status == 0, again.seen[-5:]
        results = [join.finish() for join in joins]
    assert [status for status, _ in results] == [0, 0, 0]
    result = json.loads(printed)
    assert all(json.loads(out) == result for _, out in results)
    assert sum("back in the game" in line for line in joins[0].seen) >= 2  # after the cut, after the kill

    records = io.StringIO()
    game = library()[game_id]
    simulate(game, ["random"] * 3, 1, SEED, records=records, variants=variants[1:])
    expected = json.loads(records.getvalue())
    _, state = read(tmp_path / "host" / "data" / "history" / f"{game_id_of_table}.json", library())
    assert game.record(state) == expected
