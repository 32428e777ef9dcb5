"""What a first game of Draco Mundis tripped over (issue 27): the stall ending named, the review of people's
placements, the lesson's words against what it accepts, the rules page, the log after the end, setup hints."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pygame
import pytest

from drako_desktop.games.draco_mundis.actions import Pass
from drako_desktop.i18n import tr
from drako_desktop.ui.scenes.hand_over import HandOverScene
from drako_desktop.ui.scenes.scores import ScoreSheet
from test_draco_ui import draco, finish_setup, start, words_drawn
from ui_support import click, frames, key, screenshot


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
            if shots and table.board.model.stall == table.board.model.stall_limit - 1:
                screenshot(app, shots)
                shots = ""
            table.board.play(Pass())
        frames(app)
    raise AssertionError("the stall rule never ended the game")


@pytest.mark.parametrize("size,language", [((1280, 720), "en"), ((1600, 900), "zh-TW")])  # each size, each language
def test_a_stalled_game_says_so_on_the_table_the_score_sheet_and_in_the_result(monkeypatch, size, language):
    app, table = start(players=2, people=2, size=size, language=language)
    finish_setup(app, table, random.Random(3))
    limit = draco().data.stall_turns_per_player * 2
    assert table.board.model.stall_limit == limit and table.board.stall_text() == ""  # nothing has stalled yet
    until_a_person_decides(app, table)
    table.board.play(Pass())
    table.end_turn()
    until_a_person_decides(app, table)
    assert table.board.stall_text() == tr("draco_table.stall_left", count=limit - 1)
    assert table.board.stall_text() in words_drawn(monkeypatch, app)
    pass_until_the_stall(app, table, f"draco-stall-counter-{size[0]}-{language}")
    assert table.controller._state.ended == "stall"
    assert draco().result(table.controller._state)["ended"] == "stall"
    sheet = app.scenes.find(ScoreSheet)
    words = words_drawn(monkeypatch, app, 120)
    assert sheet.ending_text() == tr("draco_table.ended.stall", limit=limit) and sheet.ending_text() in words
    screenshot(app, f"draco-stall-score-sheet-{size[0]}-{language}")
    sheet.toggle()
    words = words_drawn(monkeypatch, app, 2)
    assert tr("draco_table.how_over_stall") in words and tr("draco_table.how_over") not in words
    screenshot(app, f"draco-stall-board-{size[0]}-{language}")
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


# -- the lesson: each step's words match what it accepts ---------------------------------------------------

DIRECTION = {"N": "north", "E": "east", "S": "south", "W": "west"}


def direction(origin, target) -> str:
    (r0, c0), (r1, c1) = origin, target
    return "S" if r1 > r0 else "N" if r1 < r0 else "E" if c1 > c0 else "W"


def test_every_lesson_step_says_what_it_accepts_and_refuses_anything_else():
    from drako_desktop.games.draco_mundis import lesson as tutorial
    from drako_desktop.games.draco_mundis.actions import Capture, Move, row_col
    from drako_desktop.games.draco_mundis.ui.tutorial_scene import lesson_table
    from ui_support import make_app

    app = make_app(draco(), size=(1280, 720), animation_speed="instant")
    lesson = tutorial.load_lesson(draco())
    scene = app.scenes.replace_all(lesson_table(app, lesson, 0))
    checked = set()
    for _ in range(600):
        frames(app)
        step = scene.step
        if step.kind == "end":
            break
        words = scene.text("text") + " " + scene.text("wrong")
        if step.kind == "read" and scene.choreo.idle:
            if step.id == "your_tokens":  # the tokens it points at are near the explorer, not next to it
                explorer, *others = step.squares
                assert all(abs(r - explorer[0]) + abs(c - explorer[1]) > 1 for r, c in others)
                assert "not next to it" in scene.text("text")
            frames(app, 1, [key(pygame.K_RETURN)])
        elif step.kind == "hover" and scene.decision() is not None:
            scene.board.gestures.mouse = scene.board.layout.square_rect(step.squares[0]).center
        elif step.kind == "do" and scene.decision() is not None and step.id not in checked:
            accepted = step.action
            facing = getattr(accepted, "facing", -1)
            if facing >= 0:  # a facing: the one the step names (never "any facing")
                assert DIRECTION["NESW"[facing]] in words and "any facing" not in words, step.id
            if isinstance(accepted, (Move, Capture)):
                assert DIRECTION[direction(row_col(accepted.origin), row_col(accepted.target))] in words, step.id
            # one refused gesture: the same kind of action with another facing or target, else any other
            legal = scene.decision().legal
            others = [a for a in legal if a != accepted]
            refused = next((a for a in others if type(a) is type(accepted)), others[0])
            before = lesson.steps.index(step)
            scene.board.play(refused)
            frames(app)
            assert lesson.steps.index(scene.step) == before and scene.hint == scene.text("wrong"), step.id
            scene.board.play(accepted)
            checked.add(step.id)
            assert accepted in legal
    assert scene.step.kind == "end"
    assert checked == {s.id for s in lesson.steps if s.kind == "do"}
    app.close()


def test_the_rules_page_says_the_table_waits_for_end_turn_and_why():
    from drako_desktop.games.draco_mundis.ui.rules_scene import RulesScene
    from ui_support import make_app

    app = make_app(draco())
    words = " ".join(RulesScene(app).section_words("turn"))
    assert "ends by itself when your actions are spent" not in words
    assert "End turn" in words and "Ctrl+Z" in words
    app.close()


def test_after_the_end_both_the_log_and_the_score_sheet_can_be_opened():
    from ui_support import click

    app, table = start(players=2, people=2)
    finish_setup(app, table, random.Random(4))
    pass_until_the_stall(app, table)
    sheet = app.scenes.find(ScoreSheet)
    frames(app, 5)
    frames(app, 1, [key(pygame.K_l)])  # L: the log, on the table shown in full
    assert sheet.hidden and table.log_open
    frames(app, 1, [key(pygame.K_l)])  # L again closes the log; the sheet stays where it was
    assert sheet.hidden and not table.log_open
    log_button = next(w for w in table.widgets.widgets if w.label == tr("table.log"))
    click(app, log_button.rect.center)  # the table's own Game log button answers too
    assert table.log_open and sheet.hidden
    screenshot(app, "draco-log-after-the-end")
    click(app, sheet.toggle_button.rect.center)  # and the sheet comes back with its button
    assert not sheet.hidden
    app.close()


def test_a_hint_during_setup_names_the_token_to_place_and_why_from_the_hard_levels_policy():
    from drako_desktop.games.draco_mundis.actions import Select

    app, table = start(players=2, people=1)
    assert table.decision() is not None and table.decision().kind == "select"
    frames(app, 1, [key(pygame.K_h)])
    frames(app, 3)
    shown = table.hints.shown
    assert shown is not None and isinstance(shown.action, Select)
    role = draco()._placement.role(shown.action.token)
    assert shown.reason == tr(f"draco_mundis.hint.place_{role}", token=table.board.token_name(shown.action.token))
    assert "hints on the board start with the first turn" in shown.reason
    assert table.hint_places(shown.action) == [table.board.tray_slot(shown.action.token)]  # the token glows in the tray
    screenshot(app, "draco-setup-hint")
    app.close()


# -- setup that does not fight the player ------------------------------------------------------------------


def place_by_clicks(app, table, kind: str) -> tuple[int, int]:
    """A person's placement with the mouse: the kind in the tray, then a free square (face north)."""
    from drako_desktop.games.draco_mundis.actions import row_col
    from ui_support import click

    at = row_col(table.controller._state.free_squares[0])
    click(app, table.board.tray_slot(kind).center)
    click(app, table.board.layout.square_rect(at).center)
    if table.board.gestures.facing is not None:
        frames(app, 1, [key(pygame.K_UP)])
    frames(app, 2)
    return at


def test_a_placement_is_taken_back_until_it_is_confirmed():
    app, table = start(players=2, people=1)
    at = place_by_clicks(app, table, "journalist")
    assert table.ending_turn() and table.board.ending_placements()  # placed: waiting for Confirm, not yet Brynja's
    assert table.status_text() == tr("draco_table.status.confirm_placements")
    button = next(w for w in table.widgets.widgets if w.label == tr("draco_table.confirm_placements"))
    screenshot(app, "draco-setup-confirm")
    frames(app, 1, [key(pygame.K_z, pygame.KMOD_CTRL)])  # taken back: the journalist is in the supply again
    frames(app, 2)
    assert table.decision() is not None and "journalist" in table.board.gestures.supply()
    assert table.controller.actions == [] and at not in table.board.model.squares
    at = place_by_clicks(app, table, "hunter")
    assert table.board.model.squares[at].down_kind == "hunter" and table.board.ending_placements()
    from ui_support import click

    button = next(w for w in table.widgets.widgets if w.label == tr("draco_table.confirm_placements"))
    click(app, button.rect.center)  # confirmed: the placing goes on to Brynja, and is final
    until_a_person_decides(app, table)
    assert not table.ending_turn() and len(table.controller.actions) > 1 and table.controller._state.current == 0
    assert table.controller.undo_target() is None
    app.close()


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)])
@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_the_tray_keeps_each_kinds_slot_and_greys_a_kind_all_placed(size, language):
    app, table = start(players=2, people=1, size=size, language=language)
    slots = {kind: table.board.tray_slot(kind) for kind in table.board.gestures.tray()}
    place_by_clicks(app, table, "journalist")  # the only journalist
    table.end_turn()
    until_a_person_decides(app, table)
    assert "journalist" not in table.board.gestures.supply()
    assert {kind: table.board.tray_slot(kind) for kind in table.board.gestures.tray()} == slots  # nothing moved
    from ui_support import click

    click(app, slots["journalist"].center)  # greyed: nothing to choose there
    assert table.board.gestures.tray_kind is None
    click(app, slots["hunter"].center)  # the slot after it is still the hunter's
    assert table.board.gestures.tray_kind == "hunter"
    screenshot(app, f"draco-setup-tray-greyed-{size[0]}-{language}")
    app.close()


# -- a board that fits the game ----------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)])
@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_only_the_columns_in_play_are_drawn_and_the_squares_grow_into_the_room(size, language):
    from drako_desktop.games.draco_mundis.ui.layout import table_layout

    data = draco().data
    for players, in_use in data.columns_in_use:
        app, table = start(players=players, people=1, size=size, language=language)
        layout = table.board.layout
        first = data.columns - in_use
        assert (layout.columns, layout.first_column) == (in_use, first)
        assert layout.board.w == in_use * layout.square
        whole = table_layout(size, players, data.rows, data.columns)  # every column drawn, as before
        tallest = table_layout(size, players, data.rows, 1).square  # as large as the window's height allows
        assert layout.square >= whole.square and (in_use == data.columns or layout.square == tallest)
        assert layout.side.w >= whole.side.w  # the room the columns out of play took goes to the side panel
        # the leftmost square drawn is the first column in play, and back again
        assert layout.square_at(layout.square_rect((3, first)).center) == (3, first)
        assert layout.board.right <= layout.side.x and layout.side.right <= size[0]
        if players == 2:
            finish_setup(app, table, random.Random(1))
            until_a_person_decides(app, table)
            screenshot(app, f"draco-2-players-{size[0]}-{language}")
        app.close()


def test_no_facing_is_asked_when_only_one_makes_sense():
    from drako_desktop.games.draco_mundis.actions import Reveal, Rotate, row_col
    from test_draco_ui import play_on

    app, table = start(players=2, people=1)
    rng = random.Random(5)
    finish_setup(app, table, rng)

    def own_land_to_reveal():
        decision = table.decision()
        if decision is None or decision.kind != "act":
            return None
        for action in decision.legal:
            if isinstance(action, Reveal):
                spot = table.board.model.squares.get(row_col(action.at))
                if spot is not None and spot.down_kind and table.board.model.kind_group(spot.down_kind) == "land":
                    return row_col(action.at)
        return None

    play_on(app, table, rng, lambda: own_land_to_reveal() is not None and table.board.model.actions_left == 2)
    at = own_land_to_reveal()
    done = len(table.controller.actions)
    table.board.gestures.choose(at, "reveal")  # a land the person knows: its facing is ignored, so none is asked
    assert table.board.gestures.facing is None and len(table.controller.actions) == done + 1
    frames(app, 3)
    # the turn dial offers the three other facings only; the one it has does nothing
    until_a_person_decides(app, table)
    g = table.board.gestures
    g.selected = next(a for a, _ in table.board.model.characters_of(0))
    g.rotate()
    frames(app, 2)
    has = table.board.model.squares[g.selected].character.facing
    assert g.facing is not None and set(table.board.painter.facing_rects()) == {"N", "E", "S", "W"} - {has}
    done = len(table.controller.actions)
    g.face(has)
    assert g.facing is not None and len(table.controller.actions) == done
    other = next(f for f in "NESW" if f != has)
    g.face(other)
    assert isinstance(table.controller.actions[-1], Rotate) and len(table.controller.actions) == done + 1
    app.close()


# -- fights, flips and marks you can follow ------------------------------------------------------------------


def test_the_move_glyph_points_the_way_the_move_goes():
    app, table = start(players=2, people=1)
    painter = table.board.painter
    east = table.board.painter.art.action_mark("move", 30, (200, 170, 80))

    def same(a, b) -> bool:
        return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")

    assert same(painter.pointing("move", 30, (200, 170, 80), (3, 8), (3, 10)), east)
    for target, angle in (((1, 8), 90), ((5, 8), -90), ((3, 6), 180)):
        turned = painter.pointing("move", 30, (200, 170, 80), (3, 8), target)
        assert same(turned, pygame.transform.rotate(east, angle)) and not same(turned, east)
    app.close()


def test_a_known_face_down_token_says_its_kind_in_letters_too(monkeypatch):
    from drako_desktop.i18n import set_language

    kinds = [t.id for group in (draco().data.characters, draco().data.lands, draco().data.items) for t in group]
    for language in ("en", "zh-TW"):
        set_language(language)
        marks = [tr(f"draco_table.token_marks.{kind}") for kind in kinds]
        assert len(set(marks)) == len(kinds) and all(0 < len(m) <= 2 for m in marks), language
    set_language("en")
    app, table = start(players=2, people=1, size=(1280, 720))
    finish_setup(app, table, random.Random(2))
    until_a_person_decides(app, table)
    table.board.painter.forget()
    shown = rendered(monkeypatch, app)
    own = {spot.down_kind for spot in table.board.model.squares.values() if spot.down == 0}
    assert own and all(tr(f"draco_table.token_marks.{kind}") in shown for kind in own)
    screenshot(app, "draco-letters-1280")
    app.close()


def test_a_tooltip_never_covers_the_square_it_is_about(monkeypatch):
    from drako_desktop.ui import table_parts
    from ui_support import motion

    app, table = start(players=2, people=1, size=(1280, 720))
    finish_setup(app, table, random.Random(2))
    until_a_person_decides(app, table)
    boxes = []
    original = table_parts.tooltip
    monkeypatch.setattr(table_parts, "tooltip", lambda *a, **k: boxes.append(original(*a, **k)) or boxes[-1])
    layout = table.board.layout
    for at in ((0, 6), (4, 9), (7, 11), (7, 6), (0, 11)):
        rect = layout.square_rect(at)
        for pos in (rect.center, (rect.x + 3, rect.y + 3), (rect.right - 3, rect.bottom - 3)):
            boxes.clear()
            frames(app, 60, [motion(pos)])
            assert boxes and not boxes[-1].colliderect(rect), (at, pos)
    app.close()


def test_the_turn_banner_draws_no_line_across_the_board():
    app, table = start(players=2, people=1, size=(1280, 720))
    surface = pygame.Surface(app.surface.get_size())
    surface.fill((0, 0, 0))
    table.board.draw_banner(surface, "Turn 3: Brynja", 1.0)
    board = table.board.layout.board
    drawn = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
    drawn.invert()  # every pixel the banner changed
    box = drawn.get_bounding_rects()[0]
    assert len(drawn.get_bounding_rects()) == 1 and board.contains(box) and box.w < board.w
    app.close()


def test_hovering_a_capture_previews_who_takes_whom_and_what_it_is_worth(monkeypatch):
    from ui_support import make_app

    app = make_app(draco(), size=(1280, 720), animation_speed="instant")
    scene = lesson_until(app, "capture")
    scene.board.gestures.selected = (3, 6)  # the cannibal
    scene.board.gestures.mouse = scene.board.layout.square_rect((3, 8)).center  # the blue explorer it may capture
    words = words_drawn(monkeypatch, app, 2)
    expected = tr("draco_table.preview.capture", captor="cannibal", strength=3, whose="Brynja's", token="explorer",
                  printed=2, points="+1")
    assert scene.board.painter.preview_box is not None and tr("draco_table.preview.capture_title") in words
    assert any(w.replace(scene.names()[1], "Brynja") == expected for w in words), [w for w in words if "cannibal" in w]
    screenshot(app, "draco-capture-preview")
    app.close()


def test_the_last_turns_actions_stay_marked_until_the_next_turn_is_over(monkeypatch):
    from test_draco_ui import play_on

    app, table = start(players=2, people=1, speed="normal")
    rng = random.Random(6)
    finish_setup(app, table, rng)
    c = table.controller
    # the computer's turn has been played and it is the person's again
    play_on(app, table, rng, lambda: c._state.turn >= 3 and table.decision() is not None
            and table.decision().kind == "act" and table.board.model.actions_left == 2)
    starts = [i for i, e in enumerate(table.told) if e.kind == "turn"]
    computers = [e for e in table.told[starts[-2] + 1:starts[-1]] if e.kind in ("move", "capture", "push", "reveal",
                                                                              "reveal-any", "peek", "fight", "rotate",
                                                                              "destroy", "sacrifice")]
    assert table.told[starts[-2]].seat == 1 and table.board.marked_events() == [e.for_viewer(0) for e in computers]
    frames(app, 1)
    screenshot(app, "draco-last-turn-marked")
    rings = []
    monkeypatch.setattr(table.board.painter, "ring", lambda surface, rect, *a, **k: rings.append(rect.center))
    frames(app, 1)
    for event in computers:
        assert table.board.layout.square_rect(event.to or event.at).center in rings
    app.close()


# -- small things people noticed ---------------------------------------------------------------------------


def text_event(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def test_ctrl_a_selects_the_whole_name_and_typing_replaces_it():
    from drako_desktop.ui.scenes.new_game import NewGameScene
    from drako_desktop.ui.widgets import TextField
    from ui_support import make_app

    app = make_app(draco(), size=(1280, 720))
    app.open_new_game()
    frames(app, 2)
    screen = app.scenes.top
    assert isinstance(screen, NewGameScene)
    field = screen.seat_widget(0, TextField)
    screen.widgets.focus = screen.widgets.widgets.index(field)
    frames(app, 1, [key(pygame.K_a, pygame.KMOD_CTRL)])
    assert field.all_selected
    screenshot(app, "draco-name-selected")
    frames(app, 1, [key(pygame.K_m), text_event("M"), text_event("i")])  # a letter's key, then its text
    assert field.value == "Mi" and screen.names[0] == "Mi" and not field.all_selected
    frames(app, 1, [key(pygame.K_a, pygame.KMOD_CTRL), key(pygame.K_BACKSPACE)])
    assert field.value == ""
    app.close()


def test_a_seat_made_a_person_drops_the_computers_name_but_keeps_a_typed_one():
    from drako_desktop.controller.game import HUMAN
    from drako_desktop.ui.scenes.new_game import NewGameScene
    from ui_support import make_app

    app = make_app(draco(), size=(1280, 720))
    app.open_new_game()
    frames(app, 2)
    screen = app.scenes.top
    assert isinstance(screen, NewGameScene) and screen.names[1] == "Brynja"
    screen.set_kind(1, HUMAN)
    assert [s.name for s in screen.setup().seats] == ["Player 1", "Player 2"]
    screen.set_kind(1, "ai:easy")
    screen.set_name(1, "Grandma")
    screen.set_kind(1, HUMAN)
    assert screen.setup().seats[1].name == "Grandma"
    app.close()


def test_p_asks_before_giving_up_the_actions_left():
    from drako_desktop.ui.scenes.dialogs import Dialog

    app, table = start(players=2, people=1)
    finish_setup(app, table, random.Random(3))
    until_a_person_decides(app, table)
    done = len(table.controller.actions)
    frames(app, 1, [key(pygame.K_p)])
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog) and len(table.controller.actions) == done
    assert tr("draco_table.pass_confirm.text", count=2) in dialog.message
    screenshot(app, "draco-pass-confirm")
    frames(app, 1, [key(pygame.K_RETURN)])  # Enter keeps playing: only a deliberate choice gives actions up
    assert app.scenes.top is table and len(table.controller.actions) == done
    frames(app, 1, [key(pygame.K_p)])
    click(app, app.scenes.top.widgets.widgets[0].rect.center)  # Pass
    frames(app, 2)
    assert type(table.controller.actions[done]).__name__ == "Pass"
    app.close()


def test_the_hints_badge_is_shown_only_to_its_player_in_pass_and_play(monkeypatch):
    app, table = start(players=2, people=2)
    finish_setup(app, table, random.Random(3))
    until_a_person_decides(app, table)
    first = table.viewer
    table.controller.hints[first] = 2  # this person asked for two hints
    badge = tr("play_better.hint.badge", count=2)
    assert table.hints_shown == 2 and badge in words_drawn(monkeypatch, app)
    table.board.play(Pass())
    table.end_turn()
    until_a_person_decides(app, table)
    assert table.viewer != first and table.hints_shown == 0
    assert badge not in words_drawn(monkeypatch, app)  # the next person does not see the other's hints
    app.close()


def test_a_game_begun_in_english_calls_its_person_you_in_chinese(monkeypatch):
    from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
    from ui_support import make_app

    app = make_app(draco(), size=(1280, 720), language="zh-TW", animation_speed="instant")
    table = app.start_game(GameSetup((Seat("You"), Seat("Brynja", COMPUTER, "random")), 0, 0, draco().id, ()))
    frames(app, 2)
    assert table.names()[0] == "你" and table.turn_text() == tr("draco_table.setup_turn", name="你")
    table.board.painter.forget()  # the plates drawn again
    words = words_drawn(monkeypatch, app)
    assert "You" not in words and "你" in words
    screenshot(app, "draco-you-zh-TW")
    app.close()


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_the_rules_count_tokens_and_actions_in_proper_singular_and_plural(language):
    from drako_desktop.games.draco_mundis.ui.rules_scene import RulesScene, counted
    from ui_support import make_app

    app = make_app(draco(), language=language)
    words = " ".join(RulesScene(app).section_words("setup") + RulesScene(app).section_words("turn"))
    assert "(s)" not in words and "{" not in words
    if language == "en":
        assert counted("tokens", 1) == "1 token" and counted("tokens", 2) == "2 tokens"
        assert counted("more_actions", 1) == "1 more action" and counted("more_actions", 3) == "3 more actions"
        assert "places 1 token (2 with the fast setup variant)" in words and "gives you 1 more action this" in words
    app.close()


def test_a_hinted_moves_reason_says_why_in_words_not_only_where():
    from drako_desktop.games.draco_mundis.actions import Move, row_col

    game = draco()
    rng = random.Random(11)
    seen: dict[str, int] = {}
    templates = {key: tr(f"draco_mundis.hint.{key}", token="@", enemy="@", square="@", land="@").split("@")[-1]
                 for key in ("move_to_fight", "move_away", "move_to_reveal", "move_onto", "move")}
    for seed in range(3):
        state = game.new_state(2, 0, seed % 2)
        while not state.is_terminal() and state.turn < 25:
            legal = state.legal_actions()
            if state.decision() == "act":
                view = state.view(state.current)
                for move in [a for a in legal if isinstance(a, Move)][:6]:
                    reason = game.hint_reason(view, move)
                    kind = next(k for k, end in templates.items() if reason.endswith(end))
                    seen[kind] = seen.get(kind, 0) + 1
                    if kind in ("move_to_fight", "move_to_reveal", "move_away"):  # names the square it is about
                        r, c = row_col(move.target)
                        near = {(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)}
                        if kind == "move_away":
                            r, c = row_col(move.origin)
                            near = {(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)}
                        assert any(f"[{a}, {b}]" in reason for a, b in near), reason
            state.apply(rng.choice(legal))
    assert {"move_to_fight", "move_to_reveal", "move_away"} <= set(seen), seen


def rendered(monkeypatch, app) -> list[str]:
    """The words drawn in the next frame, every way the text is drawn (a line, a fitted title, a block)."""
    from drako_desktop.ui.text import Text

    shown: list[str] = []
    with monkeypatch.context() as patch:
        for name in ("render", "fitted", "block"):
            original = getattr(Text, name)

            def noted(self, words, *args, original=original, **options):
                shown.append(words)
                return original(self, words, *args, **options)

            patch.setattr(Text, name, noted)
        frames(app)
    return shown


def lesson_until(app, step_id: str):
    """The lesson followed as a player would, up to the step `step_id` (its action not taken yet)."""
    from test_draco_ui import follow_the_lesson

    scene = follow_the_lesson(app, stop_at=step_id)
    assert scene.step.id == step_id and scene.decision() is not None, f"the lesson never got to {step_id}"
    return scene


@pytest.mark.parametrize("size,language", [((1280, 720), "en"), ((1600, 900), "zh-TW")])  # each size, each language
def test_a_flip_a_fight_with_its_sums_and_the_taken_tokens_going_to_their_takers_plate(monkeypatch, size, language):
    from drako_desktop.games.draco_mundis.ui.beats import FightBeat, Flip, Slide
    from ui_support import make_app

    app = make_app(draco(), size=size, animation_speed="normal", language=language)
    scene = lesson_until(app, "fight")
    pieces: list[tuple[str, pygame.Rect]] = []
    draw_piece = scene.board.draw_piece
    monkeypatch.setattr(scene.board, "draw_piece", lambda surface, what, token, rect, alpha=255: (
        pieces.append((token.kind, pygame.Rect(rect))), draw_piece(surface, what, token, rect, alpha)))
    scene.board.play(scene.step.action)  # the sherpa revealed: it turns over, then the dragon fights it
    seen, shots = set(), set()
    for _ in range(600):
        beat = scene.choreo.current
        name = type(beat).__name__ if beat is not None else ""
        seen.add(name)
        if isinstance(beat, Flip) and 0.6 < beat.progress < 0.9 and "flip" not in shots:
            screenshot(app, f"draco-flip-{size[0]}-{language}")
            shots.add("flip")
        if isinstance(beat, FightBeat) and 0.3 < beat.progress < 0.5 and "fight" not in shots:
            words = rendered(monkeypatch, app)
            assert tr("draco_table.fight_totals", attack=4, defence=1) in words and tr("draco_table.fight_win") in words
            screenshot(app, f"draco-fight-{size[0]}-{language}")
            shots.add("fight")
        if scene.choreo.idle and "FightBeat" in seen:
            break
        frames(app)
    assert {"Flip", "FightBeat"} <= seen and shots == {"flip", "fight"}
    plate = scene.board.plate_rect(0)  # the sherpa, the person's trophy, ends on the person's plate
    assert any(kind == "sherpa" and plate.colliderect(rect) for kind, rect in pieces)
    # the capture: the cannibal slides onto the explorer, whose copy goes to the captor's plate
    scene = lesson_until(app, "capture")
    pieces.clear()
    monkeypatch.setattr(scene.board, "draw_piece", lambda surface, what, token, rect, alpha=255: (
        pieces.append((token.kind, pygame.Rect(rect))), draw_piece(surface, what, token, rect, alpha)))
    scene.board.play(scene.step.action)
    shot = False
    for _ in range(300):
        beat = scene.choreo.current
        if isinstance(beat, Slide) and beat.progress > 0.8 and not shot:
            screenshot(app, f"draco-capture-{size[0]}-{language}")
            shot = True
        if scene.choreo.idle and shot:
            break
        frames(app)
    plate = scene.board.plate_rect(0)
    assert shot and any(kind == "explorer" and plate.colliderect(rect) for kind, rect in pieces)
    app.close()
