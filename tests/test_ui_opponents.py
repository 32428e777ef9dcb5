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


def test_opponents_in_a_process_play_the_same_game_as_inline(rules):
    setup = GameSetup(tuple(Seat(f"B{i}", COMPUTER, level) for i, level in enumerate(["random", "easy", "medium"])),
                      seed=31)
    inline = GameController(rules, setup, threaded=False)
    play_out(inline)
    process = AgentProcess(rules.cards.folder)
    try:
        remote = GameController(rules, setup, agent_factory=process.factory)
        play_out(remote)
        assert remote.actions == inline.actions
        remote.close()
    finally:
        process.close()


def test_an_unknown_level_is_refused_from_the_process(rules):
    process = AgentProcess(rules.cards.folder)
    try:
        with pytest.raises(AgentSpecError):
            process.factory("no-such-level", rules, 1)
        assert process.factory("random", rules, 1).name == "random"  # and the process goes on
    finally:
        process.close()
