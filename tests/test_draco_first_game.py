"""What a first game of Draco Mundis tripped over (issue 27): the stall ending named, the review of people's
placements, the lesson's words against what it accepts, the rules page, the log after the end, setup hints."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pygame
import pytest

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


# -- the review of a game in which people placed their own tokens ------------------------------------------


def people_placed_game(variants, seed: int) -> list:
    """A 2-player game's actions to turn 3: seat 0 places as the table does for a person (one Place, no Select),
    seat 1 as a computer does (Select, then Place); then both act at random."""
    from drako_desktop.games.draco_mundis.actions import place

    game, rng = draco(), random.Random(seed)
    state = game.new_state(2, 0, 0, variants)
    while state.turn < 3 and not state.is_terminal():
        if state.decision() == "select" and state.current == 0:
            kind = rng.choice(state.legal_actions()).token
            state.apply(place(kind, rng.choice(state.free_squares), 0 if game.rules.face_up_kinds[kind] else -1))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return list(state.history)


@pytest.mark.parametrize("variants", [v for n in range(4) for v in itertools.combinations(
    ("fast_setup", "sherpa_sacrifice", "dragon_trap"), n)])
def test_a_game_with_peoples_placements_is_reviewed_from_the_review_screen_and_the_command_line(variants):
    from drako_desktop.controller.game import GameSetup
    from drako_desktop.controller.review import decisions_of, review_game
    from drako_desktop.saves import start_game
    from drako_desktop.ui.scenes.review import ReviewJob
    from test_draco_ui import seats

    game = draco()
    actions = people_placed_game(variants, len(variants))
    setup = GameSetup(seats(1, 2), 0, 0, game.id, variants)
    saved = dataclasses.replace(start_game(setup, False), actions=tuple(actions), finished=True)
    placements = [i for i in decisions_of(game, 2, 0, 0, variants, actions, 0) if actions[i].type == "place"]
    assert placements  # the person's placements are decisions of the review
    job = ReviewJob(game, saved, 0, 1, keep=False)  # the review screen's
    job.start(threaded=False)
    while job.step():
        pass
    assert job.error is None and job.finished
    # the command line's (`drako-desktop review`), from the same saved game
    told = review_game(game, setup.players, setup.seed, setup.first, setup.variants, saved.actions, 0, depth=1)
    assert [d.to_json() for d in told] == [d.to_json() for d in job.decisions]


def test_a_placement_made_in_one_step_is_judged_as_the_choice_of_its_token():
    from drako_desktop.games.draco_mundis.actions import place, select

    state = draco().new_state(2, 0, 0, ("fast_setup",))
    one_step = place("dragon", state.free_squares[0])
    assert one_step not in state.legal_actions() and state.decision_of(one_step) == select("dragon")
    assert state.decision_of(select("dragon")) == select("dragon")
