"""A move is not final until the turn is: End turn, what Undo takes back (and says when it cannot),
the setting that ends a turn by itself, resuming a turn left open, and the table's gestures around it.

Both tables are driven with synthetic events; screenshots of the End turn state go to
tests/output/screenshots/ in English and Chinese.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pygame
import pytest

from conftest import act, aetherya_game
from drako_desktop import i18n, saves
from drako_desktop.controller.game import COMPUTER, GameController, GameSetup, Phase, Seat
from drako_desktop.games.aetherya_pocket.engine import CENTRE
from drako_desktop.games.aetherya_pocket.ui.beats import TurnPasses
from drako_desktop.games.aetherya_pocket.ui.model import FACE_DOWN
from drako_desktop.games.aetherya_pocket.words import card_name
from drako_desktop.games.draco_mundis.actions import Move, Pass, Peek
from drako_desktop.settings import Settings, settings_path
from drako_desktop.ui.scenes.hand_over import HandOverScene
from drako_desktop.ui.scenes.overlay import PauseMenu
from drako_desktop.ui.scenes.settings import SettingsScene
from test_draco_ui import can, draco, finish_setup, play_on, seats
from test_draco_ui import start as start_draco
from test_ui_table import centre_of, legal_cells, wait_for_person
from ui_support import click, drag, frames, key, make_app, motion, screenshot, take_screen

CTRL_Z = (pygame.K_z, pygame.KMOD_CTRL)


def first_turn(seed=3, language="en", speed="fast", **settings):
    """Ana (a person) against a computer, at Ana's first real turn."""
    app = make_app(aetherya_game(), animation_speed=speed, language=language, **settings)
    table = app.start_game(GameSetup((Seat("Ana"), Seat("Brynja", COMPUTER, "random")), seed))
    wait_for_person(app, table)
    frames(app, 1, [key(pygame.K_RETURN)])  # accept the offered arrangement
    assert wait_for_person(app, table).kind == "turn-start"
    return app, table


def settle(app, table, limit=2000):
    """Frames until nothing animates."""
    for _ in range(limit):
        if table.choreo.idle:
            return
        frames(app)
    raise AssertionError("the table never settled")


def place_the_discard(app, table):
    """Ana drags the discard onto a face-up card (nothing hidden comes to light); returns the cell."""
    seat = table.decision().seat
    cell = next(k for k in legal_cells(table, ("discard",)) if table.board.model.kingdoms[seat][k[2]] != FACE_DOWN)
    drag(app, centre_of(table, ("discard",)), centre_of(table, cell))
    settle(app, table)
    return cell


def end_turn_button(table):
    return next((w for w in table.widgets.widgets if w.label.startswith(i18n.tr("table.end_turn"))), None)


def test_placing_the_discard_waits_for_end_turn_and_can_be_taken_back(rules):
    app, table = first_turn()
    seat, start = table.decision().seat, len(table.controller.actions)
    card = table.board.model.discard_top
    cell = place_the_discard(app, table)
    frames(app, 30)
    c = table.controller
    # The turn is over in the engine, but nobody else has moved and the table is still Ana's.
    assert c.phase == Phase.END_TURN and len(c.actions) == start + 2 and table.board.model.current == seat
    assert table.board.model.kingdoms[seat][cell[2]] == card and end_turn_button(table) is not None
    assert "End turn" in table.status_text() and "Undo" in table.status_text()
    frames(app, 1, [key(*CTRL_Z)])  # the placement comes back into hand...
    assert c.phase == Phase.DECIDE and c.actions[-1].kind == "take-discard" and table.board.model.drawn == card
    frames(app, 1, [key(*CTRL_Z)])  # ...and the discard back onto its pile
    assert len(c.actions) == start and table.board.model.discard_top == card and table.decision().kind == "turn-start"
    assert table.board.model.matches(c._state.view(0))
    frames(app, 1, [key(*CTRL_Z)])  # nothing left: Ctrl+Z says so in words
    assert table.toast[0] == i18n.tr("table.undo_refused.nothing")
    place_the_discard(app, table)
    click(app, end_turn_button(table).rect.center)
    assert c.phase != Phase.END_TURN and c._held == 0
    frames(app, 1, [key(*CTRL_Z)])  # the computer's turn now
    assert table.toast[0] == i18n.tr("table.undo_refused.not_yours")
    assert wait_for_person(app, table).kind == "turn-start" and c._state.turn == 3
    app.close()


def test_ctrl_z_puts_back_what_the_game_has_not_seen(rules):
    """Starting cards put in the centre and a card picked up are the person's alone until played: Ctrl+Z puts
    them back (it said "you have done nothing this turn" with a card in the centre)."""
    app = make_app(aetherya_game(), animation_speed="fast")
    table = app.start_game(GameSetup((Seat("Ana"), Seat("Brynja", COMPUTER, "random")), 3))
    seat = wait_for_person(app, table).seat
    hand = table.board.gestures.hand()
    drag(app, centre_of(table, ("hand", 0)), centre_of(table, ("cell", seat, CENTRE[0])))
    drag(app, centre_of(table, ("hand", 0)), centre_of(table, ("cell", seat, CENTRE[3])))
    drag(app, centre_of(table, ("cell", seat, CENTRE[0])), centre_of(table, ("cell", seat, CENTRE[1])))
    assert table.board.gestures.arrangement == {CENTRE[3]: hand[1], CENTRE[1]: hand[0]}
    frames(app, 1, [key(*CTRL_Z)])  # the card moved last goes back to the hand
    g = table.board.gestures
    assert g.arrangement == {CENTRE[3]: hand[1]} and g.hand() == [hand[0]] + hand[2:]
    assert table.toast is None
    frames(app, 1, [key(*CTRL_Z)])
    assert table.board.gestures.arrangement == {} and sorted(table.board.gestures.hand()) == sorted(hand)
    frames(app, 1, [key(*CTRL_Z)])  # nothing left: the words again
    assert table.toast[0] == i18n.tr("table.undo_refused.nothing")
    frames(app, 1, [key(pygame.K_RETURN)])
    assert wait_for_person(app, table).kind == "turn-start"
    actions = list(table.controller.actions)
    click(app, centre_of(table, ("discard",)))  # picked up, not played yet
    assert table.board.gestures.held is not None
    table.toast = None
    frames(app, 1, [key(*CTRL_Z)])
    assert table.board.gestures.held is None and table.toast is None and table.controller.actions == actions
    app.close()


def test_a_click_on_the_piles_or_legends_while_the_turn_waits_says_to_end_it(rules):
    """Nothing more can be taken or claimed once the turn is done: a click there answered nothing at all."""
    app, table = first_turn()
    place_the_discard(app, table)
    assert table.ending_turn()
    for place in (("draw",), ("discard",), ("legend", 0), ("cell", 0, 0)):
        table.toast = None
        click(app, centre_of(table, place))
        assert table.toast[0] == i18n.tr("table.say.turn_done") and table.ending_turn(), place
    table.toast = None
    click(app, table.board.layout.kingdoms[1].grid.center)  # another's kingdom: only looked at
    assert table.toast is None
    app.close()


def test_taking_a_move_back_keeps_the_others_turns_marked_and_told(rules):
    """Undo rebuilt the table and forgot what the computer had just done: its marks and sentence vanished."""
    app, table = first_turn(seed=4)
    place_the_discard(app, table)
    table.end_turn()
    assert wait_for_person(app, table).kind == "turn-start"
    settle(app, table)
    told = table.board.recent_turns()
    assert [r.seat for r in told] == [1] and told[0].events[0].kind != "arrange"
    place_the_discard(app, table)
    frames(app, 1, [key(*CTRL_Z)])
    assert table.decision().kind == "after-take-discard" and table.board.recent_turns() == told
    assert "must be placed" in table.status_text()  # back in hand, nothing glows yet: drag it, it must go
    frames(app, 1, [key(*CTRL_Z)])
    assert table.decision().kind == "turn-start" and table.board.recent_turns() == told  # same time: no second pulse
    app.close()


def test_a_card_drawn_from_the_pile_is_final_and_undo_says_so(rules):
    app, table = first_turn()
    click(app, centre_of(table, ("draw",)))
    frames(app, 1, [key(*CTRL_Z)])  # while it flies: still refused, in words
    assert table.toast[0] == i18n.tr("table.undo_refused.drawn")
    settle(app, table)
    assert table.controller.actions[-1].kind == "draw"
    seat = table.decision().seat
    face_up = next(k for k in legal_cells(table) if table.board.model.kingdoms[seat][k[2]] != FACE_DOWN)
    click(app, centre_of(table, face_up))  # placed on a face-up card: that placement can be taken back...
    settle(app, table)
    assert table.ending_turn() and table.undo_target() is not None
    frames(app, 1, [key(*CTRL_Z)])
    assert table.decision().kind == "after-draw" and table.board.model.drawn is not None
    frames(app, 1, [key(*CTRL_Z)])  # ...but not the draw
    assert table.toast[0] == i18n.tr("table.undo_refused.drawn") and table.controller.actions[-1].kind == "draw"
    face_down = next(k for k in legal_cells(table, ("drawn",)) if table.board.model.kingdoms[seat][k[2]] == FACE_DOWN)
    click(app, centre_of(table, ("drawn",)))
    click(app, centre_of(table, face_down))  # an Unexplored Land replaced: it has been seen
    settle(app, table)
    assert table.ending_turn() and table.undo_target() is None
    assert table.status_text() == i18n.tr("table.status.end_turn_final")
    frames(app, 1, [key(*CTRL_Z)])
    assert table.toast[0] == i18n.tr("table.undo_refused.replaced") and table.ending_turn()
    frames(app, 1, [key(pygame.K_e)])  # E ends the turn
    assert table.controller.phase != Phase.END_TURN
    app.close()


def test_enter_ends_a_waiting_turn_and_e_is_refused_before_it_is_over(rules):
    app, table = first_turn()
    frames(app, 1, [key(pygame.K_e)])
    assert table.toast[0] == i18n.tr("table.say.turn_not_over") and table.decision().kind == "turn-start"
    place_the_discard(app, table)
    assert table.ending_turn()
    frames(app, 1, [key(pygame.K_RETURN)])
    assert table.controller.phase != Phase.END_TURN
    app.close()


def test_the_setting_ends_a_turn_by_itself(rules):
    app, table = first_turn(auto_end_turn=True)
    turn = table.controller._state.turn
    place_the_discard(app, table)
    assert wait_for_person(app, table).kind == "turn-start"
    assert table.controller._state.turn == turn + 2  # the computer played without End turn
    app.close()


def waiting_for_end_turn(app):
    """Ana and Ben at one screen, Ana's first placement made and her turn waiting for End turn; returns
    the table and Ana's seat."""
    for seed in range(4, 40):  # a game where Ana's first placement makes no legend claimable
        table = app.start_game(GameSetup((Seat("Ana"), Seat("Ben")), seed))
        for _ in range(2):
            wait_for_person(app, table)
            frames(app, 1, [key(pygame.K_RETURN)])
        wait_for_person(app, table)
        seat = table.decision().seat
        place_the_discard(app, table)
        if table.ending_turn():
            return table, seat
    pytest.fail("every first placement offered a legend")


def reopen(app, table, library):
    """The table's game read back from its save and put on a new table, as Continue does."""
    assert table.session.flush()
    game, _ = saves.read(table.session.saved_path(), library)
    app.scenes.pop()
    resumed = app.table(game.setup, saved=game)
    app.scenes.push(resumed)
    frames(app, 3)
    take_screen(app)  # Draco Mundis: who resumes takes the screen first (Aetherya's turns hide nothing)
    frames(app, 3)
    return game, resumed


def test_a_game_left_waiting_for_end_turn_resumes_waiting(rules, library):
    app = make_app(aetherya_game(), persist=True, animation_speed="instant")
    table, seat = waiting_for_end_turn(app)
    game, resumed = reopen(app, table, library)
    assert not game.turn_ended
    assert resumed.ending_turn() and resumed.board.model.current == seat and resumed.undo_target() is not None
    assert resumed.controller._held == 1  # the next turn's start, told at End turn
    resumed.end_turn()
    frames(app, 3)
    assert resumed.board.model.current != seat and resumed.controller.current().seat != seat
    app.close()


def test_a_turn_resumed_waiting_for_end_turn_still_shows_the_others_turns_and_logs_the_next_once(rules, library):
    """Left waiting for End turn and resumed: the others' turns since the person's last are still marked and
    told (the person's own turn is not over yet), and the next turn is logged at End turn, once."""
    app = make_app(aetherya_game(), persist=True, animation_speed="instant")
    table, seat = waiting_for_end_turn(app)
    marked = [(r.seat, r.events) for r in table.board.recent_turns()]
    assert marked and all(s != seat for s, _ in marked)
    log = list(table.log_lines())
    game, resumed = reopen(app, table, library)
    assert [(r.seat, r.events) for r in resumed.board.recent_turns()] == marked
    assert resumed.log_lines() == log
    resumed.end_turn()
    frames(app, 3)
    assert resumed.log_lines()[len(log):] == [i18n.tr("log.turn", turn=2, name="Ben")]
    app.close()


def test_a_turn_ended_stays_ended_when_the_game_is_resumed(rules, library):
    """Ana ended her turn and the game was left before Ben moved: resumed, it is Ben's decision, and
    nobody at the screen can take Ana's move back."""
    app = make_app(aetherya_game(), persist=True, animation_speed="instant")
    table, seat = waiting_for_end_turn(app)
    placed = len(table.controller.actions)
    table.end_turn()
    frames(app, 3)
    game, resumed = reopen(app, table, library)
    assert game.turn_ended and len(game.actions) == placed
    assert not resumed.ending_turn() and resumed.controller._held == 0
    assert resumed.controller.phase == Phase.DECIDE and resumed.controller.current().seat != seat
    assert resumed.controller.why_no_undo() == (None, "nothing")
    frames(app, 1, [key(*CTRL_Z)])
    assert len(resumed.controller.actions) == placed and resumed.toast is not None
    app.close()


def test_settings_from_an_older_version_load_and_the_setting_is_shown(rules):
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, "confirm_end_turn": True, "sound": False}))
    settings, problem = Settings.load()
    assert problem is None and settings.sound is False and settings.auto_end_turn is False
    app = make_app(aetherya_game())
    app.main_menu()
    app.scenes.push(SettingsScene(app))
    frames(app, 2)
    labels = [getattr(w, "label", "") for w in app.scenes.top.widgets.widgets]
    assert "End my turn automatically" in labels
    app.close()


def test_a_legend_dropped_between_the_cards_claims_it(rules):
    for seed in range(1, 200):
        app, table = first_turn(seed=seed)
        if table.board.claimable_now():
            break
        app.close()
    else:
        pytest.fail("no seed offers a legend on the first turn")
    seat = table.decision().seat
    legend = sorted(table.board.claimable_now())[0]
    box = table.board.layout.kingdoms[seat]
    a, b = box.cell(5), box.cell(6)
    gap = ((a.right + b.left) // 2, a.centery)  # between two cards, where no cell is
    assert table.board.hit(gap) == ("kingdom", seat)
    drag(app, centre_of(table, ("legend", table.board.model.legend_row.index(legend))), gap)
    settle(app, table)
    assert legend in table.board.model.claimed[seat] and table.controller.actions[-1].kind == "claim"
    refilled = any(e.kind == "claim" and e.refill for e in table.controller.last_events)
    frames(app, 1, [key(*CTRL_Z)])  # a claim is taken back, unless the legend deck refilled the row
    if refilled:
        assert table.toast[0] == i18n.tr("table.undo_refused.refilled") and legend in table.board.model.claimed[seat]
    else:
        assert legend not in table.board.model.claimed[seat] and legend in table.board.model.legend_row
    app.close()


def test_after_a_click_draw_the_hint_names_both_choices_and_esc_lands_the_card(rules):
    app, table = first_turn()
    click(app, centre_of(table, ("draw",)))
    assert not table.choreo.idle
    frames(app, 1, [key(pygame.K_ESCAPE)])  # while it flies: no menu, the card lands and stays to be chosen
    frames(app, 2)
    assert app.scenes.find(PauseMenu) is None
    assert table.choreo.idle and table.board.gestures.held is None and table.board.model.drawn is not None
    assert table.decision().kind == "after-draw"
    click(app, centre_of(table, ("drawn",)))  # picked up: the hint says both what it may do
    card = card_name(rules.cards, table.board.model.drawn)
    assert table.status_text() == i18n.tr("table.status.holding_drawn", card=card)
    assert "discard pile" in table.status_text() and "reveal" in table.status_text()
    app.close()


def test_claim_texts_name_both_moments_of_the_rule_book():
    for key_ in ("table.say.claim_not_now", "tooltip.legend_rule"):
        assert "reveal" in i18n.tr(key_) and "draw" in i18n.tr(key_)


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_screenshot_of_a_turn_waiting_for_end_turn(rules, language):
    app, table = first_turn(language=language)
    place_the_discard(app, table)
    frames(app, 30)
    assert table.ending_turn() and end_turn_button(table) is not None
    frames(app, 1, [motion((5, 400))])  # the mouse off the cards: no tooltip over the picture
    screenshot(app, f"end-turn-aetherya-{language}")
    app.close()


# -- Draco Mundis ---------------------------------------------------------------------------------


def draco_turn(language="en", **kw):
    app, table = start_draco(language=language, **kw)
    rng = random.Random(2)
    finish_setup(app, table, rng)
    play_on(app, table, rng, lambda: table.board.model.actions_left == 2 and can(table, Move) and can(table, Peek))
    return app, table


def test_a_draco_mundis_turn_resumed_waiting_for_end_turn_logs_the_next_turn_once(library):
    game = draco()
    library.add(game)
    app = make_app(game, persist=True, animation_speed="instant")
    table = app.start_game(GameSetup(seats(1, 2), 0, 0, game.id))
    rng = random.Random(2)
    finish_setup(app, table, rng)
    play_on(app, table, rng, lambda: table.board.model.actions_left == 2 and can(table, Move))
    for _ in range(2):
        table.board.play(next(a for a in table.decision().legal if isinstance(a, Move)))
        frames(app, 3)
    assert table.ending_turn()
    log = table.log_lines()
    _, resumed = reopen(app, table, library)
    assert resumed.ending_turn() and resumed.log_lines() == log
    next_turn = i18n.tr("log.turn", turn=resumed.controller.turn, name="Brynja")
    resumed.end_turn()
    frames(app, 3)
    assert resumed.log_lines().count(next_turn) == 1
    app.close()


def test_draco_mundis_turn_waits_for_end_turn_and_its_moves_can_be_taken_back():
    app, table = draco_turn()
    c = table.controller
    seat, start = table.decision().seat, len(c.actions)
    frames(app, 1, [key(*CTRL_Z)])  # nothing done yet this turn: said in words
    assert table.toast[0] == i18n.tr("table.undo_refused.nothing")
    table.board.play(next(a for a in table.decision().legal if isinstance(a, Peek)))
    frames(app, 3)
    table.board.play(next(a for a in table.decision().legal if isinstance(a, Move)))
    frames(app, 3)
    assert c.phase == Phase.END_TURN and table.board.model.current == seat and table.board.model.actions_left == 0
    assert table.ending_turn() and table.undo_target() is not None
    frames(app, 1, [key(*CTRL_Z)])  # the move is taken back...
    frames(app, 2)
    assert c.phase == Phase.DECIDE and len(c.actions) == start + 1 and table.decision().seat == seat
    frames(app, 1, [key(*CTRL_Z)])  # ...the peek is not
    assert table.toast[0] == i18n.tr("draco_table.undo_refused.peeked") and len(c.actions) == start + 1
    table.board.play(next(a for a in table.decision().legal if isinstance(a, Move)))
    frames(app, 3)
    turn = c._state.turn
    end = next(w for w in table.widgets.widgets if w.label == i18n.tr("draco_table.end_turn"))
    click(app, end.rect.center)
    frames(app, 3)
    assert c.phase != Phase.END_TURN and c._state.turn > turn
    app.close()


def test_draco_mundis_pass_ends_the_turn_and_the_setting_needs_no_end_turn():
    app, table = draco_turn()
    c = table.controller
    turn = c._state.turn
    frames(app, 1, [key(pygame.K_p)])
    frames(app, 1, [key(pygame.K_RETURN)])  # asked first (actions are left): Enter keeps playing
    assert c._state.turn == turn
    frames(app, 1, [key(pygame.K_p)])
    click(app, app.scenes.top.widgets.widgets[0].rect.center)  # Pass
    frames(app, 3)
    assert c._state.turn > turn and c.phase != Phase.END_TURN
    app.close()
    app, table = draco_turn()
    app.ctx.settings = replace(app.ctx.settings, auto_end_turn=True)
    c = table.controller
    turn = c._state.turn
    for _ in range(2):
        table.board.play(next(a for a in table.decision().legal if isinstance(a, Move)))
        frames(app, 3)
    assert c._state.turn > turn and c.phase != Phase.END_TURN
    app.close()


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_screenshot_of_a_draco_mundis_turn_waiting_for_end_turn(language):
    app, table = draco_turn(language=language)
    for _ in range(2):
        table.board.play(next(a for a in table.decision().legal if isinstance(a, Move)))
        frames(app, 3)
    frames(app, 2)
    assert table.ending_turn()
    screenshot(app, f"end-turn-draco-{language}")
    app.close()


def test_the_controller_waits_only_for_people_and_not_in_setup(aetherya):
    seats = (Seat("Ana"), Seat("Bot", COMPUTER, "random"))
    c = GameController(aetherya, GameSetup(seats, seed=1), threaded=False, people_end_turns=True)
    act(c, c.current().legal[0])  # the arrangement passes on by itself
    assert c.phase == Phase.NEXT_SEAT
    while c.current() is None or not c.current().human:
        c.proceed() if c.current() is None else c.poll()
    act(c, next(a for a in c.current().legal if a.kind == "take-discard"))
    act(c, c.current().legal[0])
    assert c.phase == Phase.END_TURN and c.ending_seat == 0 and c.current() is None and not c.computer_to_move()
    again = GameController(aetherya, GameSetup(seats, seed=1), actions=c.actions, threaded=False, people_end_turns=True)
    assert again.phase == Phase.END_TURN  # a game resumed there waits again
    c.proceed()
    assert c.phase == Phase.NEXT_SEAT


def test_pass_and_play_hands_over_only_after_end_turn(rules):
    # Aetherya Pocket: the banner naming the next person comes with End turn.
    app = make_app(aetherya_game(), animation_speed="fast")
    table = app.start_game(GameSetup((Seat("Ana"), Seat("Ben")), 9))
    for _ in range(2):
        wait_for_person(app, table)
        frames(app, 1, [key(pygame.K_RETURN)])
    wait_for_person(app, table)
    seat = table.decision().seat
    table.play([next(a for a in table.decision().legal if a.kind == "draw")])
    settle(app, table)
    table.play([next(a for a in table.decision().legal if a.kind == "place")])
    settle(app, table)
    if not table.ending_turn():  # a legend became claimable: End turn passes the claim first
        assert table.decision().kind == "after-place"
    frames(app, 20)
    assert table.board.model.current == seat and table.board.layout.active == seat  # nothing moved on by itself
    table.end_turn()
    frames(app, 1)
    beat = table.choreo.current
    assert isinstance(beat, TurnPasses) and beat.banner and beat.event.seat != seat
    app.close()
    # Draco Mundis: the hand-over screen hides the board only once the person ends the turn.
    app, table = start_draco(players=2, people=2)
    finish_setup(app, table, random.Random(3))
    for _ in range(50):
        if isinstance(app.scenes.top, HandOverScene):
            frames(app, 1, [key(pygame.K_RETURN)])
        elif table.decision() is not None:
            break
        frames(app)
    seat = table.decision().seat
    table.board.play(Pass())
    frames(app, 5)
    assert app.scenes.top is table and table.ending_turn() and table.viewer == seat
    frames(app, 1, [key(pygame.K_e)])
    frames(app, 5)
    assert isinstance(app.scenes.top, HandOverScene) and app.scenes.top.seat != seat
    app.close()


def test_end_turn_after_placing_skips_the_claim_and_ends_the_turn_in_one_press(rules):
    for seed in range(1, 80):  # a first turn whose placement makes a legend claimable
        app, table = first_turn(seed=seed, speed="instant")
        draw = next(a for a in table.decision().legal if a.kind == "draw")
        table.play([draw])
        settle(app, table)
        seat = table.decision().seat
        for place in [a for a in table.decision().legal if a.kind == "place"]:
            before = len(table.controller.actions)
            table.play([place])
            settle(app, table)
            if table.decision() is not None and table.decision().kind == "after-place":
                break
            frames(app, 1, [key(*CTRL_Z)])  # not this one: take it back (or it was final)
            if len(table.controller.actions) != before:
                break
        if table.decision() is not None and table.decision().kind == "after-place":
            break
        app.close()
    else:
        pytest.fail("no placement offered a legend")
    assert table.board.claimable_now()
    click(app, end_turn_button(table).rect.center)  # one press: the claim skipped and the turn ended
    assert table.controller.actions[-1].kind == "pass" and table.controller.phase != Phase.END_TURN
    assert table.toast is None
    assert wait_for_person(app, table).seat == seat and table.controller._state.turn == 3
    app.close()
