"""The turn controller: an explicit state machine over the engine.

    arrange -> turn-start -> after-draw -> after-place -> next-seat -> ... -> final-reveal -> scoring

It knows who sits where (a person or a computer agent), asks the right one for
the next action, applies it, and hands the resulting events to whoever drives
it (the table scene, a test, the demo runner) so they can be animated and
logged. Computer decisions run in a worker thread so the frame loop never
waits for them; `poll()` picks the answer up when it is ready.

The controller never decides a rule: legality, scoring and the end all come
from the engine.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from enum import Enum
from typing import Callable, Sequence

from ..ai import Agent, make_agent
from ..engine import Action, Event, GameState, Rules, Step, View
from .runner import derive_seed
from .undo import ActionLog

HUMAN = "human"
COMPUTER = "ai"


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = HUMAN  # HUMAN or COMPUTER
    level: str = ""  # the agent for computer seats: random, easy, medium, hard, exec:COMMAND

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def spec(self) -> str:
        """The seat as written on the command line: `human` or `ai:LEVEL`."""
        return HUMAN if self.is_human else f"ai:{self.level}"


@dataclass(frozen=True)
class GameSetup:
    seats: tuple[Seat, ...]
    seed: int
    first: int = 0

    @property
    def players(self) -> int:
        return len(self.seats)


class Phase(str, Enum):
    ARRANGE = "arrange"
    TURN_START = "turn-start"
    AFTER_DRAW = "after-draw"  # a card in hand (drawn or taken from the discard), to place or discard
    AFTER_PLACE = "after-place"  # the optional claim after placing
    NEXT_SEAT = "next-seat"  # a turn ended: the driver shows the hand-over, then calls proceed()
    FINAL_REVEAL = "final-reveal"  # the game ended: the driver animates the reveal, then calls proceed()
    SCORING = "scoring"


_PHASE_OF_STEP = {
    Step.ARRANGE: Phase.ARRANGE,
    Step.TURN_START: Phase.TURN_START,
    Step.AFTER_DRAW: Phase.AFTER_DRAW,
    Step.AFTER_TAKE_DISCARD: Phase.AFTER_DRAW,
    Step.AFTER_PLACE: Phase.AFTER_PLACE,
}


@dataclass
class _Thinking:
    """A computer decision being worked out in a worker thread."""

    seat: int
    legal: list[Action]
    thread: threading.Thread
    choice: int | None = None
    error: BaseException | None = None


@dataclass
class Decision:
    """Who must act now, and what they may do."""

    seat: int
    phase: Phase
    legal: list[Action]
    human: bool


class GameController:
    def __init__(
        self,
        rules: Rules,
        setup: GameSetup,
        *,
        actions: Sequence[Action] = (),
        threaded: bool = True,
        agent_factory: Callable[[str, Rules, int], Agent] = make_agent,
        practice: bool = False,
    ) -> None:
        self.rules = rules
        self.setup = setup
        self.threaded = threaded
        self.agent_factory = agent_factory
        # Practice (unlimited undo) is decided when the game starts and only ever applies to one
        # person playing against computer opponents.
        self.practice = practice and sum(seat.is_human for seat in setup.seats) == 1
        # Called after every applied action with (action, events), and with (None, []) when undo
        # rebuilt the position: whoever keeps the game (the autosave) writes it again.
        self.listeners: list[Callable[[Action | None, list[Event]], None]] = []
        self._thinking: _Thinking | None = None
        self.agents: list[Agent | None] = []
        self._rebuild(actions)

    def _rebuild(self, actions: Sequence[Action]) -> None:
        """The position after `actions`, with the undo log and fresh computer agents for it.

        A finished game needs no agents (it is only looked at), so none are started for it."""
        state = GameState.new(self.rules, self.setup.players, self.setup.seed, self.setup.first)
        log = ActionLog()
        for action in actions:
            seat, turn = state.current, state.turn
            log.record(seat, turn, state.apply(action))
        self.state = state
        self.log = log
        self.agents = [
            None if seat.is_human or state.is_terminal()
            else self.agent_factory(seat.level, self.rules, derive_seed(self.setup.seed, "seat", i))
            for i, seat in enumerate(self.setup.seats)
        ]
        self._hand_over = False
        self.phase = self._phase_from_state()
        if self.phase == Phase.FINAL_REVEAL:
            self.phase = Phase.SCORING  # a finished game is loaded straight onto its score sheet

    # -- where are we ---------------------------------------------------------------

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.setup.seats

    @property
    def actions(self) -> list[Action]:
        """The chosen actions so far: with the setup, everything needed to replay the game."""
        return self.state.history

    def _phase_from_state(self) -> Phase:
        if self.state.is_terminal():
            return Phase.FINAL_REVEAL
        return _PHASE_OF_STEP[self.state.step]

    def current(self) -> Decision | None:
        """The decision the game is waiting for, or None while the driver must proceed() or it is over."""
        if self.phase in (Phase.NEXT_SEAT, Phase.FINAL_REVEAL, Phase.SCORING):
            return None
        seat = self.state.current
        return Decision(seat, self.phase, self.state.legal_actions(), self.seats[seat].is_human)

    def view(self, seat: int) -> View:
        return self.state.view(seat)

    @property
    def hand_over(self) -> bool:
        """True in NEXT_SEAT when the turn passes between two different human seats (the banner)."""
        return self._hand_over

    # -- acting -----------------------------------------------------------------------

    def act(self, action: Action) -> list[Event]:
        """Apply a person's action for the seat to move (IllegalActionError if not legal: nothing changes)."""
        decision = self.current()
        if decision is None:
            raise RuntimeError(f"no decision is pending in phase {self.phase.value}")
        return self._apply(action)

    def _apply(self, action: Action) -> list[Event]:
        before, turn = self.state.current, self.state.turn
        events = self.state.apply(action)
        self.log.record(before, turn, events)
        after = self.state.current
        if self.state.is_terminal():
            self.phase = Phase.FINAL_REVEAL
        elif after != before:
            self.phase = Phase.NEXT_SEAT
            self._hand_over = self.seats[before].is_human and self.seats[after].is_human
        else:
            self.phase = self._phase_from_state()
        for listener in self.listeners:
            listener(action, events)
        return events

    # -- undo ---------------------------------------------------------------------------------

    def undo_target(self, practice: bool | None = None) -> int | None:
        """How many actions to keep to take the person's last step back, or None (controller/undo.py:
        within the turn while nothing hidden came to light; in practice games, as far back as wished).
        `practice` defaults to the game's own setting."""
        decision = self.current()
        if decision is None or not decision.human or decision.phase == Phase.ARRANGE:
            return None
        practice = self.practice if practice is None else practice
        people = [i for i, seat in enumerate(self.seats) if seat.is_human]
        return self.log.undo_target(decision.seat, self.state.turn, practice and len(people) == 1, people)

    def undo(self, practice: bool | None = None) -> bool:
        """Take the person's last step back: replay the actions kept, start the computer agents
        afresh, and tell the listeners. False (and nothing changes) when undo is not allowed."""
        keep = self.undo_target(practice)
        if keep is None:
            return False
        actions = self.actions[:keep]
        self._close_agents()
        self._rebuild(actions)
        for listener in self.listeners:
            listener(None, [])
        return True

    def proceed(self) -> None:
        """The driver has shown the turn change or the final reveal: go on."""
        if self.phase == Phase.NEXT_SEAT:
            self._hand_over = False
            self.phase = self._phase_from_state()
        elif self.phase == Phase.FINAL_REVEAL:
            self.phase = Phase.SCORING
            self._game_over()

    def _game_over(self) -> None:
        from ..engine.report import score_report

        scores = [score_report(self.rules, self.state.visible_kingdom(s), self.state.claimed[s])
                  for s in range(self.setup.players)]
        for agent in self.agents:
            if agent is not None:
                agent.game_over(scores, self.state.winners())

    # -- computer seats ------------------------------------------------------------------

    def computer_to_move(self) -> bool:
        decision = self.current()
        return decision is not None and not decision.human

    def thinking(self) -> bool:
        return self._thinking is not None

    def poll(self) -> list[Event] | None:
        """Advance a computer seat: start its decision, or apply it once it is ready.

        Returns the events of an applied computer action, or None if nothing was applied.
        In unthreaded mode (tests, simulations) the decision is made and applied at once.
        """
        decision = self.current()
        if decision is None or decision.human:
            return None
        if self._thinking is None:
            self._thinking = self._start(decision)
        job = self._thinking
        if job.thread.is_alive():
            return None
        self._thinking = None
        if job.error is not None:
            raise job.error
        return self._apply(job.legal[job.choice])

    def _start(self, decision: Decision) -> _Thinking:
        agent = self.agents[decision.seat]
        view = self.state.view(decision.seat)
        legal = list(decision.legal)

        def think() -> None:
            try:
                choice = agent.choose(view if agent.wants_view else None, legal)
                if not 0 <= choice < len(legal):
                    raise ValueError(f"agent {agent.name} chose {choice} of {len(legal)} actions")
                job.choice = choice
            except BaseException as exc:  # handed to the frame loop, which reports it
                job.error = exc

        thread = threading.Thread(target=think, name=f"agent-seat-{decision.seat}", daemon=True)
        job = _Thinking(decision.seat, legal, thread)
        if self.threaded:
            thread.start()
        else:
            think()
        return job

    def close(self) -> None:
        self._close_agents()

    def _close_agents(self) -> None:
        if self._thinking is not None and self._thinking.thread.is_alive():
            self._thinking.thread.join(timeout=5)
        self._thinking = None
        for agent in self.agents:
            if agent is not None:
                agent.close()
        self.agents = []
