"""Who is looking at the screen is the controller's business (issue 26's two findings and their kin):

- after a person ends a turn and a computer plays next, the screen shows the public view at once and all through
  the computer's turn (it stayed in that person's private view until the next hand-over);
- a resumed game starts at the hand-over of the person whose decision is pending, whatever it waits for (a move,
  End turn, a setup placement), or in the public view when a computer's is (it showed nobody's view and skipped the
  hand-over);
- closing the menu, the rules or the log never skips a hand-over;
- Aetherya goes the same way: its `view(seat)` shows the starting cards only to the seat arranging them, and two
  people at one screen hand it over before each arrangement.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pygame

from conftest import aetherya_game
from drako_desktop.controller.game import COMPUTER, GameController, GameSetup, Phase, Seat
from drako_desktop.games.draco_mundis.actions import Pass
from drako_desktop.saves import start_game
from drako_desktop.ui.scenes.hand_over import HandOverScene
from drako_desktop.ui.scenes.overlay import PauseMenu
from test_draco_ui import draco, finish_setup, play_on
from ui_support import frames, key, make_app, screenshot, take_screen

PEOPLE_AND_COMPUTER = (Seat("Ana"), Seat("Bot", COMPUTER, "random"), Seat("Brynja"))
FIXTURES = Path(__file__).parent / "fixtures"


def own_kinds_shown(table) -> set:
    """The squares whose face-down token's kind the table's board shows."""
    return {spot.at for spot in table.board.model.squares.values() if spot.down >= 0 and spot.down_kind}


def ana_waits_for_end_turn(speed: str = "instant"):
    app = make_app(draco(), size=(1280, 720), animation_speed=speed, computer_pace="fast")
    table = app.start_game(GameSetup(PEOPLE_AND_COMPUTER, 0, 0, draco().id, ("fast_setup",)))
    frames(app, 2)
    rng = random.Random(3)
    finish_setup(app, table, rng)
    play_on(app, table, rng, lambda: table.decision() is not None and table.decision().seat == 0
            and table.decision().kind == "act")
    table.board.play(Pass())
    frames(app, 3)
    assert table.ending_turn() and table.viewer == 0 and own_kinds_shown(table)
    return app, table


def test_a_computers_turn_after_a_persons_end_turn_is_shown_in_the_public_view():
    app, table = ana_waits_for_end_turn(speed="normal")
    table.end_turn()
    assert table.viewer is None and not own_kinds_shown(table)  # at once, before any frame
    frames(app)
    screenshot(app, "screen-holder-computer-turn")
    seen_computer = False
    for _ in range(600):
        if isinstance(app.scenes.top, HandOverScene):
            break
        seen_computer |= table.controller.computer_to_move()
        assert table.viewer is None and not own_kinds_shown(table), "a private view during the computer's turn"
        frames(app)
    assert seen_computer and isinstance(app.scenes.top, HandOverScene) and app.scenes.top.seat == 2
    app.close()


def resumed(game, setup: GameSetup, actions, turn_ended: bool = False):
    app = make_app(game, size=(1280, 720), animation_speed="instant")
    saved = replace(start_game(setup), actions=tuple(actions), turn_ended=turn_ended)
    table = app.scenes.replace_all(app.table(setup, saved=saved))
    frames(app, 2)
    return app, table


def test_a_game_resumed_waiting_for_end_turn_starts_at_that_persons_hand_over():
    app, table = ana_waits_for_end_turn()
    actions = list(table.controller.actions)
    app.close()
    app, table = resumed(draco(), table.setup, actions)
    assert table.controller.phase == Phase.END_TURN
    assert isinstance(app.scenes.top, HandOverScene) and app.scenes.top.seat == 0 and table.viewer is None
    screenshot(app, "screen-holder-resumed-end-turn")
    assert take_screen(app)
    assert table.viewer == 0 and own_kinds_shown(table) and table.ending_turn()  # her tokens, her End turn
    app.close()


def test_a_game_resumed_at_a_setup_placement_or_a_move_starts_at_the_hand_over():
    game = draco()
    setup = GameSetup(PEOPLE_AND_COMPUTER, 0, 0, game.id)
    c = GameController(game, setup, threaded=False)
    rng = random.Random(1)
    moments = {}
    while not c.over and len(moments) < 2:
        decision = c.current()
        if decision is None:
            c.proceed()
            continue
        kind = "setup" if c.turn == 0 else "move"
        if decision.human and c.actions and kind not in moments:
            moments[kind] = (decision.seat, list(c.actions))
        if decision.human and c.hand_over_due is not None:
            c.take_screen(decision.seat)
        c.act(rng.choice(decision.legal)) if decision.human else c.poll()
    for seat, actions in moments.values():
        app, table = resumed(game, setup, actions, turn_ended=True)
        assert isinstance(app.scenes.top, HandOverScene) and app.scenes.top.seat == seat and table.viewer is None
        take_screen(app)
        assert table.viewer == seat and table.decision() is not None
        app.close()


def test_a_game_resumed_at_a_computers_decision_shows_the_public_view():
    game = draco()
    setup = GameSetup(PEOPLE_AND_COMPUTER, 0, 1, game.id)  # the computer places first
    app, table = resumed(game, setup, [], turn_ended=True)
    assert table.viewer is None and not isinstance(app.scenes.top, HandOverScene) and table.controller.people == (0, 2)
    app.close()


def test_closing_the_menu_or_the_rules_opened_on_the_hand_over_goes_back_to_it():
    app, table = ana_waits_for_end_turn()
    table.end_turn()
    for _ in range(600):
        if isinstance(app.scenes.top, HandOverScene):
            break
        frames(app)
    hand_over = app.scenes.top
    assert isinstance(hand_over, HandOverScene) and hand_over.seat == 2
    frames(app, 1, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scenes.top, PauseMenu)
    frames(app, 1, [key(pygame.K_ESCAPE)])  # the menu closed: the hand-over again, nothing of Brynja's shown
    assert app.scenes.top is hand_over and table.viewer is None
    table.open_rules()
    frames(app, 2)
    app.scenes.pop()
    frames(app, 2)
    assert app.scenes.top is hand_over and table.viewer is None
    table.toggle_log()
    table.toggle_log()
    frames(app, 2)
    assert app.scenes.top is hand_over and table.viewer is None and not own_kinds_shown(table)
    app.close()


# -- Aetherya ------------------------------------------------------------------------------------------------------


def test_aetherya_shows_starting_cards_only_to_the_seat_arranging_them():
    state = aetherya_game().new_state(3, 4, 0)
    assert len(state.view(0).hand) == 4
    assert state.view(1).hand == () and state.view(2).hand == () and state.view(None).hand == ()


def test_two_people_at_aetherya_hand_the_screen_over_before_each_arrangement():
    game = aetherya_game()
    app = make_app(game, size=(1280, 720), animation_speed="instant")
    table = app.start_game(GameSetup((Seat("Ana"), Seat("Ben")), 4, 0, game.id))
    frames(app, 2)
    for seat in (0, 1):
        assert isinstance(app.scenes.top, HandOverScene) and app.scenes.top.seat == seat
        assert table.board.model.hand == [] and table.controller.screen is None  # nobody's cards under the hand-over
        if seat == 0:
            screenshot(app, "aetherya-hand-over")
        assert take_screen(app)
        assert table.controller.screen == seat and len(table.board.model.hand) == 4
        frames(app, 1, [key(pygame.K_RETURN)])  # the arrangement as dealt
        frames(app, 3)
    assert table.controller.turn == 1 and not isinstance(app.scenes.top, HandOverScene)  # turns hide nothing
    app.close()


def test_one_person_against_computers_never_sees_a_hand_over_in_aetherya():
    game = aetherya_game()
    app = make_app(game, size=(1280, 720), animation_speed="instant")
    table = app.start_game(GameSetup((Seat("Ana"), Seat("Bot", COMPUTER, "random")), 4, 0, game.id))
    frames(app, 2)
    assert not isinstance(app.scenes.top, HandOverScene) and table.controller.screen == 0
    assert len(table.board.model.hand) == 4
    app.close()


def test_a_draco_person_whose_turn_starts_with_nothing_of_their_own_still_gets_the_screen_handed_over():
    """A Draco Mundis seat may learn something the others do not on any turn (a peek): the person whose turn it is
    takes the screen by the hand-over even when none of their tokens is face down, since the last person may
    still be looking when they peek. (The soak's seed 48 reached such a turn at its 224th action.)"""
    record = json.loads((FIXTURES / "draco-a-turn-with-nothing-of-its-own.json").read_text(encoding="utf-8"))
    game = draco()
    actions = [game.action_from_json(a) for a in record["actions"]]
    setup = GameSetup((Seat("Ana"), Seat("Ben")), 0, record["first"], game.id,
                      tuple(v for v, on in record["variants"].items() if on))
    c = GameController(game, setup, actions=actions, threaded=False, people_end_turns=True)
    assert c.phase is Phase.END_TURN and c.hand_over_due == 0  # resumed: Ana takes the screen to end her turn
    c.take_screen(0)
    while c.phase is not Phase.DECIDE:
        c.proceed()
    state = c._state
    own, public = state.view(1).to_json(), state.view(None).to_json()
    own.pop("seat"), public.pop("seat")
    assert state.current == 1 and own == public  # nothing of seat 2's own is hidden from the others now
    assert any(type(a).__name__ == "Peek" for a in state.legal_actions())  # yet it may peek this turn
    assert c.hand_over_due == 1 and c.screen is None
