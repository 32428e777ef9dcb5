"""Computer opponents in their own process (the frame loop keeps the GIL): same decisions as inline."""

from __future__ import annotations

import pytest

from drako_desktop.ai import AgentSpecError
from drako_desktop.controller.game import COMPUTER, GameController, GameSetup, Phase, Seat
from drako_desktop.controller.worker import AgentProcess


def play_out(controller: GameController) -> None:
    while controller.phase != Phase.SCORING:
        if controller.current() is None:
            controller.proceed()
            continue
        events = controller.poll()
        if events is None:  # thinking in the worker thread, which waits on the opponents' process
            controller._thinking.thread.join()


def test_opponents_in_a_process_play_the_same_game_as_inline(aetherya, rules):
    setup = GameSetup(tuple(Seat(f"B{i}", COMPUTER, level) for i, level in enumerate(["random", "easy", "medium"])),
                      seed=31)
    inline = GameController(aetherya, setup, threaded=False)
    play_out(inline)
    process = AgentProcess(aetherya.id, aetherya.folder)
    try:
        remote = GameController(aetherya, setup, agent_factory=process.factory)
        play_out(remote)
        assert remote.actions == inline.actions
        remote.close()
    finally:
        process.close()


def test_an_unknown_level_is_refused_from_the_process(aetherya, rules):
    process = AgentProcess(aetherya.id, aetherya.folder)
    try:
        with pytest.raises(AgentSpecError):
            process.factory("no-such-level", 1)
        assert process.factory("random", 1).name == "random"  # and the process goes on
    finally:
        process.close()


def test_a_hint_is_thought_out_in_the_opponents_process_like_in_this_one(aetherya):
    from drako_desktop.controller.worker import AgentProcess

    state = aetherya.new_state(2, 31, 0)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    view, legal = state.view(state.current), state.legal_actions()
    process = AgentProcess(aetherya.id, aetherya.folder)
    try:
        remote = process.assess(view, legal, seed=5, depth=6)
    finally:
        process.close()
    local = aetherya.analyst(5, 6).assess(view, legal)
    assert local is not None and remote == local.best
