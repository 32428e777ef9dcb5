"""The turn controller: phases, who is asked, hand-over banners, and the log in words."""

from __future__ import annotations

from conftest import act
from drako_desktop.controller.game import COMPUTER, GameController, GameSetup, Phase, Seat
from drako_desktop.games.aetherya_pocket.engine import Event, GameState
from drako_desktop.games.aetherya_pocket.narrate import describe


def computers(n: int) -> tuple[Seat, ...]:
    return tuple(Seat(f"Bot {i}", COMPUTER, "random") for i in range(n))


def run_to_end(c: GameController) -> list[str]:
    """Play on to the score sheet; every step seen: the game's kind of decision, or the controller's phase."""
    phases = []
    while c.phase != Phase.SCORING:
        decision = c.current()
        phases.append(decision.kind if decision is not None else c.phase.value)
        if c.current() is None:
            c.proceed()
        elif c.current().human:
            act(c, c.current().legal[0])
        else:
            assert c.poll() is not None  # unthreaded: decided and applied at once
    return phases


def test_computer_game_runs_through_every_phase_in_order(aetherya, rules):
    c = GameController(aetherya, GameSetup(computers(3), seed=5, first=2), threaded=False)
    phases = run_to_end(c)
    assert phases[0] == "arrange"
    assert phases[-1] == Phase.GAME_END.value
    assert {"turn-start", "after-draw", Phase.NEXT_SEAT.value} <= set(phases)
    # The controller only drives the engine: a replay of its actions is the same game.
    again = GameState.replay(rules, 3, 5, 2, c.actions)
    assert [b.values for b in again.scores()] == [b.values for b in c._state.scores()]


def test_people_are_asked_and_computers_are_not(aetherya, rules):
    seats = (Seat("Ana"), Seat("Bot", COMPUTER, "random"))
    c = GameController(aetherya, GameSetup(seats, seed=1), threaded=False)
    d = c.current()
    assert d.human and d.seat == 0 and d.kind == "arrange" and len(d.legal) == 24
    assert c.poll() is None  # nothing happens for a person's decision
    act(c, d.legal[3])
    assert c.phase == Phase.NEXT_SEAT and not c.hand_over  # to a computer: no banner
    c.proceed()
    assert c.computer_to_move()
    c.poll()
    assert c.phase == Phase.NEXT_SEAT
    c.proceed()
    assert c.current().human and c.current().kind == "turn-start"


def test_hand_over_banner_only_between_two_people(aetherya, rules):
    seats = (Seat("Ana"), Seat("Ben"), Seat("Bot", COMPUTER, "random"))
    c = GameController(aetherya, GameSetup(seats, seed=2), threaded=False)
    act(c, c.current().legal[0])  # Ana -> Ben
    assert c.hand_over
    c.proceed()
    act(c, c.current().legal[0])  # Ben -> Bot
    assert c.phase == Phase.NEXT_SEAT and not c.hand_over


def test_threaded_computer_decision_is_picked_up_by_polling(aetherya, rules):
    c = GameController(aetherya, GameSetup(computers(2), seed=3))
    events = c.poll()  # starts the worker; applied now only if it already finished
    if events is None:
        assert c.thinking()
        c._thinking.thread.join()
        events = c.poll()
    assert events[0].kind == "arrange" and events[0].seat == 0
    assert len(c.actions) == 1 and not c.thinking()
    c.close()


def test_resuming_from_actions_continues_the_same_game(aetherya, rules):
    c = GameController(aetherya, GameSetup(computers(2), seed=9), threaded=False)
    for _ in range(30):
        if c.current() is None:
            c.proceed()
        else:
            c.poll()
    resumed = GameController(aetherya, c.setup, actions=c.actions, threaded=False)
    assert resumed._state.view(0) == c._state.view(0)


def test_log_lines_tell_what_happened(cards):
    names = ["Ana", "Bo"]
    assert describe(Event("place", 0, card="goblin", replaced="swamp", was_face_down=True), names, cards) == \
        "Ana replaced an Unexplored Land (a Swamp) with a Goblin."
    assert describe(Event("place", 1, card="elf", replaced="plain"), names, cards) == "Bo replaced a Plain with an Elf."
    assert describe(Event("draw", 1, card="portal"), names, cards) == "Bo drew a Magical Portal."
    assert describe(Event("claim", 0, legend="lands-forest"), names, cards) == \
        "Ana claimed the legend Lands of Forests (+4)."
    assert describe(Event("reveal", 0, card="dragon", replaced="mountain", was_face_down=True), names, cards) == \
        "Ana discarded a Dragon and revealed an Unexplored Land: a Mountain."
