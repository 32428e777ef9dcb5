"""Learn to play, driven end to end with synthetic mouse and key events like a person would.

The lesson's game is real: the script is checked against the engine, and every
step is done on the table by drags and clicks on what the lesson points at -
with wrong moves on the way, which must be explained and put back, and with
leaving and resuming in the middle.
"""

from __future__ import annotations

import json
import shutil

import pygame
import pytest

from drako_desktop import i18n
from drako_desktop.games.aetherya_pocket import lesson as tutorial
from drako_desktop.games.aetherya_pocket.data import load_cards
from drako_desktop.games.aetherya_pocket.engine import CENTRE
from drako_desktop.games.aetherya_pocket.ui.model import FACE_DOWN
from drako_desktop.games.aetherya_pocket.ui.tutorial_scene import PROGRESS_FILE as AETHERYA_PROGRESS
from drako_desktop.games.aetherya_pocket.ui.tutorial_scene import TutorialPauseMenu, lesson_table
from drako_desktop.ui import lesson as lesson_progress
from drako_desktop.ui.lesson_table import LessonTable
from drako_desktop.ui.scenes.dialogs import Dialog
from drako_desktop.ui.scenes.menu import MainMenu
from drako_desktop.ui.scenes.scores import ScoreSheet
from ui_support import click, drag, frames, key, make_app, motion, screenshot

MAX_FRAMES = 3000


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DRAKO_DESKTOP_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_the_script_is_a_real_game_of_the_rules(rules, cards):
    script = tutorial.load_script(cards)
    assert tutorial.problems(rules, script) == []
    ids = [s.id for s in script.steps]
    assert len(ids) == len(set(ids))
    assert script.steps[-1].kind == "end"
    for step in script.steps:
        for part in ("title", "text", "wrong"):
            assert i18n.has(f"tutorial.steps.{step.id}.{part}"), (step.id, part)


def test_the_lesson_is_only_offered_for_the_rules_it_was_written_for(cards, tmp_path):
    assert tutorial.available(cards)
    folder = tmp_path / "house"
    shutil.copytree(cards.folder, folder)
    assert tutorial.available(load_cards(folder))
    scoring = (folder / "scoring.yaml").read_text().replace("plain: 2,", "plain: 3,")
    (folder / "scoring.yaml").write_text(scoring)
    assert not tutorial.available(load_cards(folder))
    (folder / tutorial.FILE).unlink()
    assert not tutorial.available(load_cards(folder))


def button(app, label):
    scene = app.scenes.top
    found = [w for w in scene.widgets.widgets if getattr(w, "label", None) == label]
    labels = [getattr(w, "label", "") for w in scene.widgets.widgets]
    assert found, f"no button {label!r} on {type(scene).__name__}: {labels}"
    return found[0].rect.center


def at(table, key):
    return table.board.rect_of(key).center


def settle(app, table, step_id=None):
    """Frames until the table waits for the person (and the lesson is at `step_id`, if given)."""
    for _ in range(MAX_FRAMES):
        frames(app)
        if table.choreo.idle and table.decision() is not None and (step_id is None or table.step.id == step_id):
            return
    raise AssertionError(f"stuck at step {table.step.id} waiting for {step_id}")


def points_at(table, key):
    """The lesson's highlight is on the table place `key`."""
    return table.board.rect_of(key) in table.guide.pointed()


def start_from_menu(app):
    app.main_menu()
    frames(app, 2)
    click(app, button(app, "Learn to play"))
    frames(app, 2)


def test_learn_to_play_end_to_end_with_wrong_moves_leaving_and_resuming(aetherya, rules, home):
    app = make_app(aetherya, persist=True, animation_speed="fast")
    start_from_menu(app)
    table = app.scenes.top
    assert isinstance(table, LessonTable) and table.step.id == "welcome"
    frames(app, 2)
    screenshot(app, "tutorial-01-welcome")

    # Reading first: the table does not react, and says so.
    click(app, at(table, ("hand", 0)))
    assert table.hint == i18n.tr("tutorial.read_first")
    click(app, button(app, "Next"))
    assert table.step.id == "arrange"

    # Arrange: a card dropped on the wrong place goes back, with the reason.
    seat = table.decision().seat
    hand = table.board.gestures.hand()
    wanted = table.step.arranged()
    wrong_cell = next(c for c in CENTRE if wanted[c] != hand[0])
    drag(app, at(table, ("hand", 0)), at(table, ("cell", seat, wrong_cell)))
    frames(app, 2)
    assert table.board.gestures.arrangement == {}
    assert table.hint == i18n.tr("tutorial.steps.arrange.wrong")
    for _ in range(4):
        assert points_at(table, ("hand", 0))
        card = table.board.gestures.hand()[0]
        cell = next(c for c, t in wanted.items() if t == card)
        assert points_at(table, ("cell", seat, cell))
        drag(app, at(table, ("hand", 0)), at(table, ("cell", seat, cell)))
    screenshot(app, "tutorial-02-arranged")
    click(app, button(app, "Confirm"))
    settle(app, table, "take_discard")

    # Take the discard: drawing instead is explained and changes nothing.
    actions = len(table.controller.actions)
    click(app, at(table, ("draw",)))
    assert len(table.controller.actions) == actions
    assert "discard pile" in table.hint
    assert points_at(table, ("discard",))
    # Picking the discard up is the step; the drop that follows is the next one.
    start = at(table, ("discard",))
    frames(app, 1, [motion(start), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    frames(app, 2, [motion((start[0] - 40, start[1]), (1, 0, 0))])
    assert table.step.id == "favoured_land"
    target = ("cell", seat, table.step.target_cell())
    other = next(k for k, r in table.board.gestures.targets().items() if r is None and k != target and k[0] == "cell")
    frames(app, 2, [motion(at(table, target), (1, 0, 0))])
    preview = table.board.gestures.preview()
    assert preview is not None and preview[1].delta["human"] == 2
    screenshot(app, "tutorial-03-score-preview")
    frames(app, 1, [motion(at(table, other), (1, 0, 0))])
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at(table, other), button=1)])
    assert len(table.controller.actions) == actions, "a legal move that is not the lesson's is put back"
    assert table.step.id == "favoured_land" and "next to your Human" in table.hint
    drag(app, at(table, ("discard",)), at(table, target))
    assert table.step.id == "opponent"
    frames(app, 10)
    screenshot(app, "tutorial-04-opponent")
    settle(app, table, "conflict_take")

    # An Elf: pick it up by clicking, aim at the conflict (the preview says -2), place it elsewhere.
    click(app, at(table, ("discard",)))
    assert table.step.id == "conflict"
    frames(app, 30, [motion(at(table, ("cell", seat, table.step.cell)))])
    assert table.step.id == "conflict", "the conflict stays explained while the person looks at it"
    assert table.board.gestures.preview()[1].delta["conflicts"] == -2
    screenshot(app, "tutorial-05-conflict")
    frames(app, 80)
    assert table.step.id == "legend_place"
    click(app, at(table, ("cell", seat, table.step.target_cell())))
    settle(app, table, "legend_claim")
    end_turn = button(app, "End turn")
    click(app, end_turn)
    click(app, end_turn)  # pressed twice: no "are you sure" either way
    assert table.step.id == "legend_claim" and table.decision().kind == "after-place"
    slot = table.board.model.legend_row.index("alliance-human-elf")
    assert points_at(table, ("legend", slot))
    screenshot(app, "tutorial-06-claim")
    click(app, at(table, ("legend", slot)))
    assert table.board.model.claimed[seat] or table.controller._state.claimed[seat]
    settle(app, table, "draw")

    # Leave in the middle (Esc, then the pause menu) and come back to the same step.
    frames(app, 1, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scenes.top, TutorialPauseMenu)
    click(app, button(app, "Leave the tutorial"))
    assert isinstance(app.scenes.top, MainMenu)
    saved = json.loads((home / "data" / "tutorial.json").read_text())
    assert saved["step"] == "draw" and not saved["finished"]
    kingdom_before = list(table.controller._state.visible_kingdom(seat))
    click(app, button(app, "Learn to play"))
    assert isinstance(app.scenes.top, Dialog)
    screenshot(app, "tutorial-07-resume")
    click(app, button(app, "Continue"))
    table = app.scenes.top
    assert isinstance(table, LessonTable) and table.step.id == "draw"
    settle(app, table, "draw")
    assert list(table.controller._state.visible_kingdom(seat)) == kingdom_before
    assert table.log_lines(), "a resumed lesson tells its game so far"

    # Draw (by pulling a card off the pile), discard it, reveal: a wrong land first.
    draw = at(table, ("draw",))
    drag(app, draw, (draw[0], draw[1] + 40))
    settle(app, table, "reveal")
    assert table.board.model.drawn == "swamp"
    drag(app, at(table, ("drawn",)), at(table, ("discard",)))
    assert table.board.gestures.discarding
    target = table.step.target_cell()
    wrong_land = next(i for i, t in enumerate(table.board.model.kingdoms[seat]) if t == FACE_DOWN and i != target)
    click(app, at(table, ("cell", seat, wrong_land)))
    assert table.step.id == "reveal" and table.board.gestures.discarding and table.hint
    assert points_at(table, ("cell", seat, target))
    click(app, at(table, ("cell", seat, target)))
    settle(app, table, "portal")

    # A Magical Portal, then a Dragon it helps to domesticate.
    assert table.board.model.discard_top == "portal"
    drag(app, at(table, ("discard",)), at(table, ("cell", seat, table.step.target_cell())))
    settle(app, table, "dragon")
    assert table.board.model.discard_top == "dragon"
    frames(app, 1, [motion(at(table, ("discard",)))])
    screenshot(app, "tutorial-08-dragon")
    drag(app, at(table, ("discard",)), at(table, ("cell", seat, table.step.target_cell())))
    for _ in range(200):
        frames(app)
        if table.choreo.idle:
            break
    assert table.step.id == "ready"
    score = table.controller._state.breakdown(seat)
    assert score["dragons"] == 3 and score["conflicts"] == 0 and score.total == 14
    frames(app, 5)
    screenshot(app, "tutorial-09-ready")
    assert json.loads((home / "data" / "tutorial.json").read_text())["finished"]

    # Play on to the end: a normal game against the computer from here.
    click(app, button(app, "Play on"))
    assert table.free and not table.coach_buttons
    for _ in range(20_000):
        if app.scenes.find(ScoreSheet):
            break
        decision = table.decision()
        if decision is not None:
            table.play([decision.legal[-1] if decision.kind == "turn-start" else decision.legal[0]])
        frames(app)
    assert app.scenes.find(ScoreSheet) is not None
    app.close()


def test_start_over_and_a_finished_lesson_starts_from_the_beginning(aetherya, rules, home):
    lesson_progress.save_progress(AETHERYA_PROGRESS, "portal")
    app = make_app(aetherya, persist=True, animation_speed="instant")
    start_from_menu(app)
    assert isinstance(app.scenes.top, Dialog)
    click(app, button(app, "Start over"))
    table = app.scenes.top
    assert isinstance(table, LessonTable) and table.step.id == "welcome"
    assert table.controller.actions == []
    lesson_progress.save_progress(AETHERYA_PROGRESS, "ready", finished=True)
    start_from_menu(app)
    assert isinstance(app.scenes.top, LessonTable) and app.scenes.top.step.id == "welcome"
    app.close()


def test_every_step_can_be_resumed_at(aetherya, rules, cards):
    """Each step's position is rebuilt from the script alone, and is the person's to play (or watch)."""
    script = tutorial.load_script(cards)
    app = make_app(aetherya, persist=True, animation_speed="instant")
    for index, step in enumerate(script.steps):
        table = app.scenes.replace_all(lesson_table(app, script, index))
        frames(app, 3)
        assert table.step.id == step.id or step.kind == "watch"
        if step.interactive:
            assert table.decision() is not None, step.id
            assert table.guide.pointed(), f"step {step.id} points at nothing"
    app.close()
