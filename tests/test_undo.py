"""Undo in the turn controller: within the person's turn until something hidden shows; practice goes further."""

from __future__ import annotations

import shutil

from conftest import act, aetherya_game
from drako_desktop.controller.game import COMPUTER, GameController, GameSetup, Phase, Seat
from drako_desktop.controller.undo import ActionLog
from drako_desktop.games.aetherya_pocket.engine import CLAIM, DRAW, PLACE, TAKE_DISCARD, Event
from drako_desktop.interface import registry

ONE_PERSON = GameSetup((Seat("Ana"), Seat("Bot", COMPUTER, "random")), seed=12)


def run_computers(c: GameController) -> None:
    """Let the computers and the turn changes go until a person must decide (or the game ends)."""
    while c.phase != Phase.SCORING:
        decision = c.current()
        if decision is None:
            c.proceed()
        elif decision.human:
            return
        else:
            c.poll()


def person_turn(setup=ONE_PERSON, practice=False, actions=()) -> GameController:
    c = GameController(aetherya_game(), setup, threaded=False, practice=practice, actions=actions)
    run_computers(c)
    while c.current() is not None and c.current().kind == "arrange":
        act(c, c.current().legal[0])
        run_computers(c)
    return c




def play_on(c: GameController, until, limit: int = 300) -> None:
    """The person plays simply (first legal move; ends the turn when asked) until `until(decision)`."""
    for _ in range(limit):
        decision = c.current()
        if decision is not None and decision.human and until(decision):
            return
        if decision is not None and decision.human:
            act(c, decision.legal[-1] if decision.kind == "after-place" else decision.legal[0])
        run_computers(c)
    raise AssertionError("never came up")


def test_taking_the_discard_can_be_undone_but_not_a_draw(rules):
    c = person_turn()
    start = len(c.actions)
    act(c, next(a for a in c.current().legal if a.kind == TAKE_DISCARD))
    heard = []
    c.listeners.append(lambda action, events: heard.append(action))
    assert c.undo_target() == start
    assert c.undo() and len(c.actions) == start and c.current().kind == "turn-start"
    assert heard == [None]  # the autosave hears of the undo
    assert c.undo_target() is None and not c.undo()  # nothing of this turn is left to take back
    act(c, next(a for a in c.current().legal if a.kind == DRAW))
    assert c.undo_target() is None  # the drawn card was hidden: it stays drawn
    act(c, next(a for a in c.current().legal if a.kind == PLACE))
    assert c.undo_target() is None


def test_a_claim_that_refills_the_row_from_the_legend_deck_ends_undo(rules):
    c = person_turn()
    play_on(c, lambda d: d.kind == "turn-start" and any(a.kind == CLAIM for a in d.legal))
    events = act(c, next(a for a in c.current().legal if a.kind == CLAIM))
    claim = next(e for e in events if e.kind == CLAIM)
    assert claim.refill is not None  # early in the game the face-down legend deck refills the row
    assert c.undo_target() is None and not c.undo()  # the new legend came to light: the claim stands


def test_only_a_claim_that_turns_no_legend_over_is_undoable():
    # With the legend deck used up, a claim only takes a legend from the row: nothing hidden is shown.
    assert not Event(CLAIM, 0, legend="four-tribes", refill=None).reveals
    assert Event(CLAIM, 0, legend="four-tribes", refill="lands-swamp").reveals
    log = ActionLog()
    log.record(0, 5, [Event(CLAIM, 0, legend="four-tribes", refill=None)])
    assert log.undo_target(0, 5, practice=False, human_seats=[0]) == 0
    log.record(0, 5, [Event(CLAIM, 0, legend="tribes-elf", refill="lands-swamp")])
    assert log.undo_target(0, 5, practice=False, human_seats=[0]) is None


def test_placing_on_an_unexplored_land_reveals_it_and_ends_undo(rules):
    c = person_turn()
    act(c, next(a for a in c.current().legal if a.kind == TAKE_DISCARD))
    seat = c._state.current
    kingdom = c._state.visible_kingdom(seat)
    hidden = next(a for a in c.current().legal if a.kind == PLACE and kingdom[a.row * 4 + a.col] < 0)
    act(c, hidden)
    assert c.log.revealing[-1]
    assert c.undo_target() is None


def test_practice_undo_goes_back_past_the_computers_and_across_turns(rules):
    c = person_turn(practice=True)
    assert c.practice
    played = []
    for _ in range(3):  # three of the person's turns: draw, place, end
        act(c, next(a for a in c.current().legal if a.kind == DRAW))
        act(c, next(a for a in c.current().legal if a.kind == PLACE))
        if c.current() is not None and c.current().human:
            act(c, c.current().legal[-1])
        run_computers(c)
        played.append(len(c.actions))
    undone = 0
    while c.undo_target() is not None:
        before = len(c.actions)
        assert c.undo() and len(c.actions) < before and c.current().human
        undone += 1
    assert undone >= 9  # every decision of three turns (and the arrangement), the computers' moves in between
    assert 0 not in c.log.seats and len(c.log.seats) == len(c.actions)


def test_practice_is_only_for_one_person_against_computers(aetherya, rules):
    two = GameSetup((Seat("Ana"), Seat("Ben"), Seat("Bot", COMPUTER, "random")), seed=3)
    assert not GameController(aetherya, two, threaded=False, practice=True).practice
    assert GameController(aetherya, ONE_PERSON, threaded=False, practice=True).practice


def test_the_undo_log_is_rebuilt_when_a_game_is_resumed(aetherya, rules):
    c = person_turn()
    act(c, next(a for a in c.current().legal if a.kind == TAKE_DISCARD))
    resumed = GameController(aetherya, ONE_PERSON, threaded=False, actions=c.actions)
    assert resumed.log.seats == c.log.seats and resumed.log.revealing == c.log.revealing
    assert resumed.undo_target() == c.undo_target() == len(c.actions) - 1
    resumed.undo()
    assert resumed.current().kind == "turn-start"
    assert resumed._state.view(0) == GameController(aetherya, ONE_PERSON, threaded=False,
                                                   actions=c.actions[:-1])._state.view(0)


def test_a_finished_game_starts_no_computer_agents(aetherya, rules):
    c = GameController(aetherya, GameSetup(tuple(Seat(f"B{i}", COMPUTER, "random") for i in range(2)), 4),
                       threaded=False)
    run_computers(c)
    made = []
    again = GameController(aetherya, c.setup, threaded=False, actions=c.actions,
                           agent_factory=lambda *a: made.append(a))
    assert again.phase == Phase.SCORING and made == [] and again.agents == [None, None]


def test_a_claim_that_turns_no_legend_over_can_be_taken_back(tmp_path):
    """House rules with every legend in the row from the start: the legend deck is empty, so a claim shows
    nothing hidden and can be taken back until End turn."""
    folder = tmp_path / "cards"
    shutil.copytree(aetherya_game().folder, folder)
    rules_file = folder / "game.yaml"
    rules_file.write_text(rules_file.read_text().replace("legend_row: 8", "legend_row: 15"))
    game = registry.load("aetherya-pocket", folder)
    c = GameController(game, ONE_PERSON, threaded=False, people_end_turns=True)
    run_computers(c)
    while c.current() is not None and c.current().kind == "arrange":
        act(c, c.current().legal[0])
        run_computers(c)
    play_on(c, lambda d: d.kind == "turn-start" and any(a.kind == CLAIM for a in d.legal))
    before = len(c.actions)
    claim = next(a for a in c.current().legal if a.kind == CLAIM)
    events = act(c, claim)
    assert next(e for e in events if e.kind == CLAIM).refill is None
    assert c.undo_target() == before and c.undo()
    assert len(c.actions) == before and claim in c.current().legal
