"""Hosted games played to their end on loopback, headless, in both games: seats played from other computers (by
levels and by exec: bots), seats of the host's own computer levels, mixed; the game is the one `simulate` plays with
the same seed and agents, every client gets the end with the record, and the host's save is a normal save."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from drako_desktop.controller.runner import simulate
from drako_desktop.interface.registry import load
from drako_desktop.saves import history_dir, read
from net_support import HostThread, SeatThread, library, table

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
GREEDY = {"aetherya-pocket": f"exec:{sys.executable} {EXAMPLES / 'bot_greedy.py'}",
          "draco-mundis": f"exec:{sys.executable} {EXAMPLES / 'bot_draco_greedy.py'}"}

# (game, the host's seats, who plays each remote seat, variants)
TABLES = [
    ("aetherya-pocket", ["remote", "remote"], {0: "random", 1: "random"}, ()),
    ("aetherya-pocket", ["remote", "ai:easy", "remote"], {0: "random", 2: "exec"}, ()),
    ("draco-mundis", ["remote", "ai:random", "remote"], {0: "exec", 2: "random"}, ("fast_setup", "dragon_trap")),
]


@pytest.mark.parametrize("game_id, specs, players, variants", TABLES)
def test_a_hosted_game_is_the_game_simulate_plays(game_id, specs, players, variants):
    game = library()[game_id]
    agents = {seat: GREEDY[game_id] if agent == "exec" else agent for seat, agent in players.items()}
    hosted = table(game, specs, seed=11, variants=variants)
    with HostThread([hosted]) as host:
        clients = [SeatThread(invitation, agents[invitation.seat], seed=11) for invitation in host.invitations()]
        assert [client.wait() for client in clients] == [0] * len(clients)
        assert host.wait() == 0
    result = json.loads(host.out.getvalue())
    assert all(json.loads(client.out.getvalue()) == result for client in clients)

    records = io.StringIO()
    simulate(game, [agents.get(i, spec.removeprefix("ai:")) for i, spec in enumerate(specs)], 1, 11,
             variants=variants, records=records)
    expected = json.loads(records.getvalue())
    assert hosted.controller.record() == expected
    assert [s["total"] for s in result["scores"]] == expected["scores"]
    assert result["winners"] == expected["winners"]

    # The host's game is a normal save, filed in its history; each client's history holds the record, too.
    saved, state = read(history_dir() / f"{hosted.game_id}.json", library())
    assert saved.finished and game.record(state) == expected


def test_the_events_a_client_gets_are_json_of_the_engine_events():
    """Events go out as JSON: the fields of the engine's event that differ from their defaults."""
    game = load("draco-mundis")
    state = game.new_state(2, 1, 0)
    events = state.apply(state.legal_actions()[0])
    assert [e.to_json() for e in events] == [{"kind": "select", "seat": 0, "token": events[0].token, "audience": 0}]
