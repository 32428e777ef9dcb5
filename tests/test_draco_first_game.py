"""What a first game of Draco Mundis tripped over (issue 27): the stall ending named, the review of people's
placements, the lesson's words against what it accepts, the rules page, the log after the end, setup hints."""

from __future__ import annotations

import random

import pygame

from drako_desktop.games.draco_mundis.actions import Pass
from drako_desktop.games.draco_mundis.ui.hand_over import HandOverScene
from drako_desktop.i18n import tr
from drako_desktop.ui.scenes.scores import ScoreSheet
from test_draco_ui import draco, finish_setup, start, words_drawn
from ui_support import frames, key, screenshot


def until_a_person_decides(app, table) -> None:
    """Frames (hand-overs confirmed) until a person at the screen decides."""
    for _ in range(500):
        if table.decision() is not None and app.scenes.top is table:
            return
        frames(app, 1, [key(pygame.K_RETURN)] if isinstance(app.scenes.top, HandOverScene) else [])
    raise AssertionError("nobody got to decide")


def pass_until_the_stall(app, table, shots: str = "") -> None:
    """Two people pass every turn until the stall rule ends the game (hand-overs confirmed)."""
    for _ in range(5000):
        if app.scenes.find(ScoreSheet) is not None:
            return
        if isinstance(app.scenes.top, HandOverScene):
            frames(app, 1, [key(pygame.K_RETURN)])
            continue
        if table.ending_turn():
            table.end_turn()
        elif table.decision() is not None:
            if shots and table.model.stall == table.model.stall_limit - 1:
                screenshot(app, shots)
                shots = ""
            table.play(Pass())
        frames(app)
    raise AssertionError("the stall rule never ended the game")


def test_a_stalled_game_says_so_on_the_table_the_score_sheet_and_in_the_result(monkeypatch):
    app, table = start(players=2, people=2)
    finish_setup(app, table, random.Random(3))
    limit = draco().data.stall_turns_per_player * 2
    assert table.model.stall_limit == limit and table.stall_text() == ""  # nothing has stalled yet
    until_a_person_decides(app, table)
    table.play(Pass())
    table.end_turn()
    until_a_person_decides(app, table)
    assert table.stall_text() == tr("draco_table.stall_left", count=limit - 1)
    assert table.stall_text() in words_drawn(monkeypatch, app)
    pass_until_the_stall(app, table, "draco-stall-counter")
    assert table.controller.state.ended == "stall"
    assert draco().result(table.controller.state)["ended"] == "stall"
    sheet = app.scenes.find(ScoreSheet)
    words = words_drawn(monkeypatch, app, 120)
    assert sheet.ending_text() == tr("draco_table.ended.stall", limit=limit) and sheet.ending_text() in words
    screenshot(app, "draco-stall-score-sheet")
    sheet.toggle()
    words = words_drawn(monkeypatch, app, 2)
    assert tr("draco_table.how_over_stall") in words and tr("draco_table.how_over") not in words
    screenshot(app, "draco-stall-board")
    app.close()


def test_the_rules_page_end_and_score_tells_the_stall_rule():
    from drako_desktop.games.draco_mundis.ui.rules_scene import RulesScene
    from ui_support import make_app

    app = make_app(draco())
    rules = RulesScene(app)
    words = " ".join(rules.section_words("end"))
    assert str(draco().data.stall_turns_per_player) in words and "stall" in words
    app.close()
