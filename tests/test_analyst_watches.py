"""The hint's and the review's analyst watch the seat's game before judging a decision (issue 31: they use the hard
level with its beliefs, which read the rivals from what the seat watched them do since the first round)."""

from __future__ import annotations

import random

from drako_desktop.controller import review
from drako_desktop.controller.game import COMPUTER, GameController, GameSetup, Seat
from drako_desktop.controller.hint import think_inline
from drako_desktop.interface.registry import load

GAME = load("draco-mundis")


def played(actions: int) -> GameController:
    setup = GameSetup((Seat("Bot A", COMPUTER, "random"), Seat("Bot B", COMPUTER, "random")), 0, 0, GAME.id)
    c = GameController(GAME, setup, threaded=False)
    rng = random.Random(4)
    state = c.new_state()
    for _ in range(actions):
        state.apply(rng.choice(state.legal_actions()))
    return GameController(GAME, setup, actions=state.history, threaded=False)


def test_the_controller_gives_a_seat_its_own_earlier_views_only():
    c = played(120)
    watched = c.watched_by(1)
    state = c.new_state()
    decisions = 0
    for action in c.actions:
        decisions += state.current == 1
        state.apply(action)
    assert len(watched) == decisions > 10 and all(view.seat == 1 for view in watched)


def test_the_hints_analyst_watches_from_the_first_round(monkeypatch):
    c = played(120)
    analysts = []
    original = GAME.analyst

    def kept(seed: int, depth: int):
        analysts.append(original(seed, depth))
        return analysts[-1]

    monkeypatch.setattr(GAME, "analyst", kept)
    decision = c.current()
    think_inline(GAME, c._state.view(decision.seat), decision.legal, 1, 2, c.watched_by(decision.seat))
    assert analysts[0].watch.from_start and analysts[0].watch.start  # beliefs with evidence, not the counts alone
    think_inline(GAME, c._state.view(decision.seat), decision.legal, 1, 2)
    assert not analysts[1].watch.from_start  # sat down at this decision: the counts alone


def test_the_reviews_analyst_watches_the_seats_game_up_to_each_decision(monkeypatch):
    c = played(150)
    observed: list[int] = []
    original = GAME.analyst

    def counting(seed: int, depth: int):
        analyst = original(seed, depth)
        watch = analyst.observe

        def observe(view) -> None:
            observed[-1] += 1
            watch(view)

        observed.append(0)
        analyst.observe = observe
        return analyst

    monkeypatch.setattr(GAME, "analyst", counting)
    steps = review.review_steps(GAME, 2, 0, 0, (), c.actions, 0, depth=2)
    for _ in range(6):
        next(steps)
    assert observed[1:] and observed == sorted(observed) and observed[-1] > observed[1]
