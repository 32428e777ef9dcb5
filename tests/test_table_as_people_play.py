"""What people playing by mouse at the normal speed ran into, each pinned as it happened: every frame of an
action's animation is drawn (people see them all), and nothing may escape a scene.

- A character selected on a land, moved (by clicks or a drag) or lost in a fight it started: the side panel
  drew it from its old square, where only the land was left ("AssertionError" from the painter).
- A pass ends the turn at once: its animation, made for the person, went on after the screen went to the next
  viewer, and the log told it as the person saw it.
- A token clicked in the tray, then dragged from there: the press chose it again, that is put it back, and the
  drop was refused with "pick a token first".
- A right-click while a card or a token is in hand puts it back (it only opened a tooltip).
- Save and leave before the first move: the game was not saved, Continue stayed greyed.
- Aetherya Pocket continued (or after an undo): its table knew only the discard pile's top card.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pygame

from drako_desktop.controller.game import COMPUTER, GameSetup, Seat, as_seen_by
from drako_desktop.games.draco_mundis.actions import Fight, Move, Pass, place, row_col
from drako_desktop.i18n import tr
from drako_desktop.interface.registry import load
from drako_desktop.saves import start_game
from drako_desktop.ui.scenes.hand_over import HandOverScene
from drako_desktop.ui.scenes.menu import MainMenu
from drako_desktop.ui.scenes.overlay import PauseMenu
from drako_desktop.ui.table import TableScene
from test_draco_ui import draco, finish_setup, seats
from ui_support import click, down, drag, frames, key, make_app, motion, up


def raise_instead(app) -> None:
    def crashed(exc: Exception, stage: str) -> None:
        raise exc

    app.crashed = crashed


def draco_table(players: int = 2, people: int = 1, seed: int = 0, persist: bool = False, speed: str = "normal"):
    app = make_app(draco(), animation_speed=speed, persist=persist)
    raise_instead(app)
    table = app.start_game(GameSetup(seats(people, players), seed, 0, draco().id))
    frames(app, 2)
    return app, table


def centre(table, at) -> tuple[int, int]:
    return table.board.square_rect(at).center


def until_decided(app, table, limit: int = 600) -> int:
    """Frames, each drawn, until the person decides again (or the turn waits for End turn); how many."""
    for n in range(limit):
        if table.decision() is not None or table.ending_turn():
            return n
        frames(app)
    raise AssertionError("the table never came back to the person")


def play_until(app, table, rng: random.Random, wanted, limit: int = 4000):
    """Random legal moves of the person (through the board) until `wanted(decision)` gives something."""
    for _ in range(limit):
        if isinstance(app.scenes.top, HandOverScene):
            frames(app, 1, [key(pygame.K_RETURN)])
            continue
        if table.ending_turn():
            table.end_turn()
        decision = table.decision()
        if decision is not None and decision.kind == "act":
            found = wanted(decision)
            if found is not None:
                return found
            table.board.play(rng.choice([a for a in decision.legal if not isinstance(a, Pass)] or decision.legal))
        frames(app)
    raise AssertionError("never got there")


def at_a_move_from_a_land(seed: int):
    """A table where the person may move a character off a land to an empty square, reached at the instant speed,
    then set to the normal one: (app, table, the move, its origin, its target)."""
    app, table = draco_table(seed=seed, speed="instant")
    rng = random.Random(seed)
    finish_setup(app, table, rng)

    def wanted(decision):
        squares = table.board.model.squares
        return next((a for a in decision.legal if isinstance(a, Move)
                     and squares[row_col(a.origin)].land is not None and row_col(a.target) not in squares),
                    None)

    move = play_until(app, table, rng, wanted)
    app.update_settings(animation_speed="normal")
    return app, table, move, row_col(move.origin), row_col(move.target)


def test_a_character_selected_on_a_land_and_moved_by_clicks_stays_selected_where_it_went():
    app, table, move, origin, target = at_a_move_from_a_land(3)
    click(app, centre(table, origin))
    assert table.board.gestures.selected == origin
    click(app, centre(table, target))
    assert table.controller.actions[-1] == move
    shown = until_decided(app, table)
    assert shown > 5  # its animation was drawn frame by frame
    if table.decision() is not None:  # the turn's next action: the character it moved is still the one selected
        assert table.board.gestures.selected == target


def test_a_character_dragged_off_a_land_is_drawn_through_its_move():
    app, table, move, origin, target = at_a_move_from_a_land(4)
    click(app, centre(table, origin))  # selected first, as people often do, then dragged
    drag(app, centre(table, origin), centre(table, target), steps=6)
    assert table.controller.actions[-1] == move
    assert until_decided(app, table) > 5


def test_a_selected_attacker_that_loses_its_fight_on_a_land_leaves_the_panel_to_the_help():
    app, table = draco_table(seed=1, speed="instant")  # the way there at once; the fight as people see it
    rng = random.Random(1)
    finish_setup(app, table, rng)

    def losing_fight(decision):
        model = table.board.model
        for action in decision.legal:
            if isinstance(action, Fight):
                preview = model.fight_preview(decision.seat, row_col(action.at))
                if preview is not None and preview.outcome == "loss":
                    attacker = next((f.at for f in preview.attackers if model.squares[f.at].land is not None), None)
                    if attacker is not None:
                        return action, attacker
        return None

    fight, attacker = play_until(app, table, rng, losing_fight, limit=20_000)
    app.update_settings(animation_speed="normal")
    click(app, centre(table, attacker))
    assert table.board.gestures.selected == attacker
    click(app, centre(table, row_col(fight.at)))
    assert table.controller.actions[-1] == fight
    until_decided(app, table)
    assert table.board.gestures.selected is None and table.board.gestures.selected_token() is None


def test_after_a_pass_the_log_tells_only_what_the_next_viewer_may_know():
    app, table = draco_table(players=3, people=2, seed=2)
    rng = random.Random(2)
    finish_setup(app, table, rng)
    play_until(app, table, rng, lambda d: d if Pass() in d.legal and d.seat == 0 else None)
    c = table.controller
    table.board.gestures.pass_now()  # the P key's question answered yes: the turn ends at once
    assert c.screen is None
    for _ in range(120):  # every frame of the pass and of the next turn's start
        assert table.shown_screen is None
        assert table.told == as_seen_by(c._events, None)[:len(table.told)]
        frames(app)


def test_a_token_clicked_in_the_tray_can_then_be_dragged_from_there():
    app, table = draco_table()
    g = table.board.gestures
    slot = table.board.tray_slot("dragon")
    click(app, slot.center)
    assert g.tray_kind == "dragon"
    free = table.controller._state.free_squares[0]
    drag(app, slot.center, centre(table, row_col(free)))
    assert table.controller.actions == [place("dragon", free)]


def test_a_right_click_puts_back_what_is_in_hand_else_opens_a_tooltip():
    app, table = draco_table()
    g = table.board.gestures
    click(app, table.board.tray_slot("explorer").center)
    free = row_col(table.controller._state.free_squares[0])
    click(app, centre(table, free))
    assert g.facing is not None  # the explorer asks which way it faces
    frames(app, 1, [motion(centre(table, free)), down(centre(table, free), button=3)])
    frames(app, 1, [up(centre(table, free), button=3)])
    assert g.facing is None and not table.pinned_tip
    frames(app, 1, [down(centre(table, free), button=3), up(centre(table, free), button=3)])
    assert table.pinned_tip  # nothing in hand: the right-click opens the square's tip at once
    aetherya = make_app(load("aetherya-pocket"), animation_speed="normal")
    raise_instead(aetherya)
    table = aetherya.start_game(GameSetup((Seat("Ana"), Seat("Ben", COMPUTER, "random")), 4))
    frames(aetherya, 2)
    hand = table.board.rect_of(("hand", 0))
    click(aetherya, hand.center)
    assert table.board.gestures.held is not None
    frames(aetherya, 1, [down(hand.center, button=3), up(hand.center, button=3)])
    assert table.board.gestures.held is None


def test_a_game_left_before_its_first_move_is_continued(private_home):
    app, table = draco_table(persist=True)
    frames(app, 1, [key(pygame.K_ESCAPE)])
    menu = app.scenes.top
    assert isinstance(menu, PauseMenu)
    leave = next(w for w in menu.widgets.widgets if getattr(w, "label", "") == tr("pause.save_and_leave"))
    click(app, leave.rect.center)
    assert isinstance(app.scenes.top, MainMenu)
    frames(app, 1)
    go_on = next(w for w in app.scenes.top.widgets.widgets if getattr(w, "label", "") == tr("menu.continue"))
    assert go_on.enabled
    click(app, go_on.rect.center)
    resumed = app.scenes.top
    assert isinstance(resumed, TableScene) and resumed is not table and resumed.controller.actions == []


def test_a_continued_game_knows_every_card_of_the_discard_pile():
    """A table made again from the view (a continued game, an undo) knew only the pile's top card: taking it left
    the pile shown empty over the cards under it, and the table warned it was out of step with the game."""
    game = load("aetherya-pocket")
    setup = GameSetup((Seat("Ana"), Seat("Ben", COMPUTER, "random")), 7, game=game.id)
    state = game.new_state(2, 7, 0, ())
    rng = random.Random(7)
    while not (state.decision() == "turn-start" and state.current == 0 and state.view(None).discard_size >= 3):
        state.apply(rng.choice(state.legal_actions()))
    app = make_app(game, animation_speed="normal")
    raise_instead(app)
    table = app.scenes.replace_all(app.table(setup, saved=replace(start_game(setup), actions=tuple(state.history))))
    until_decided(app, table)
    model, view = table.board.model, table.controller.view()
    assert len(model.discard) == view.discard_size and model.discard_top == view.discard_top
    take = next(a for a in table.decision().legal if a.kind == "take-discard")
    click(app, table.board.rect_of(("discard",)).center)
    target = next(i for i, t in enumerate(model.kingdoms[0]) if t is not None)  # any place may take it
    click(app, table.board.rect_of(("cell", 0, target)).center)
    assert table.controller.actions[-2] == take
    until_decided(app, table)
    assert table.board.model.discard_top == table.controller.view().discard_top is not None
