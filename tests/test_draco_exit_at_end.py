"""`play --game draco-mundis --seats ... --exit-at-end` plays a computer game on the real table and prints its
final result as one JSON line (every line of the scoring table per player, the winners), then quits: the
same way in as `play`, without a subprocess (tests/test_ui_cli.py runs Aetherya's through the command)."""

from __future__ import annotations

import io
import json

from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.interface.registry import load
from drako_desktop.settings import Settings
from drako_desktop.ui.launch import open_app
from ui_support import frames


def test_a_draco_computer_game_with_exit_at_end_prints_its_scores_and_quits():
    game = load("draco-mundis")
    out = io.StringIO()
    seats = tuple(Seat(f"Bot {i}", COMPUTER, "random") for i in (1, 2, 3))
    app = open_app(game, Settings(animation_speed="instant", computer_pace="fast"), None,
                   GameSetup(seats, seed=3, game=game.id), exit_at_end=True, out=out, size=(1280, 720),
                   threaded=False, persist=False)
    for _ in range(40_000):
        if app.quit_requested:
            break
        frames(app)
    assert app.quit_requested
    result = json.loads(out.getvalue())
    assert set(result) == {"scores", "winners", "ended"} and len(result["scores"]) == 3
    rows = {line.id for line in game.data.lines}
    assert all(set(score["categories"]) == rows for score in result["scores"])
    totals = [score["total"] for score in result["scores"]]
    assert all(sum(s["categories"].values()) == s["total"] for s in result["scores"])
    assert result["winners"] and all(totals[w] == max(totals) for w in result["winners"])
    app.close()
