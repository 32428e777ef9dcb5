"""The turn controller: an explicit state machine over any game's engine.

    decide -> decide ... [-> end-turn] -> next-seat -> decide ... -> game-end -> scoring

It knows who sits where (a person or a computer agent), asks the right one for
the next action, applies it, and hands the resulting events to whoever drives
it (the table scene, a test, the demo runner) so they can be animated and
logged. Computer decisions run in a worker thread so the frame loop never
waits for them; `poll()` picks the answer up when it is ready.

The controller never decides a rule: legality, scoring and the end all come
from the engine, and what kind of decision is pending (Aetherya's arrange or
after-draw, Draco Mundis's select or act) is the game's business: the
controller passes it on as an opaque `Decision.kind` for the game's table.

A person ends their own turn (`people_end_turns`, the table's way): when their
last action has passed the turn on in the engine, the controller waits in
END_TURN, where `undo()` can still take steps back within the turn and
`proceed()` hands the turn over, as in online play. Computers never wait.

Who is looking at the screen is the controller's business too (`screen`): one of
the people, or nobody (the public view). Whoever draws the game (a table, its
log, the hint) gets only that viewer's view (`view()`) and events (`act`, `poll`,
`proceed` and `seen_history` return them filtered by `for_viewer`), never the
state. In a game with private information (`Game.secrets`) and more than one
person at the table, the screen goes to the public view as soon as a person's
turn is over and stays there through the computers' turns; before a person sees
anything that is only theirs, `hand_over_due` names them until `take_screen`
(the hand-over screen). A resumed game starts the same way.
"""

from __future__ import annotations

import threading
import unicodedata
from dataclasses import dataclass
from enum import Enum
from functools import partial
from typing import Any, Callable, Generic, Sequence

from ..ai import REMOTE, make_agent
from ..interface.game import (
    ActionT,
    Agent,
    Breakdown,
    DecisionWithdrawn,
    Game,
    GameState,
    IllegalActionError,
    Secrets,
    ViewT,
)
from ..interface.registry import DEFAULT_GAME
from .runner import derive_seed
from .undo import ActionLog

HUMAN = "human"
COMPUTER = "ai"
MAX_NAME = 32  # characters of a player's name from a file (the new-game screen takes 16)
# Invisible characters a name must not bring to a terminal or the screen: controls (which can move
# a terminal's cursor), format characters (which can reverse text), surrogates, private and
# unassigned code points, line and paragraph separators. The joiners of emoji and scripts stay.
_INVISIBLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
_JOINERS = {"\u200c", "\u200d"}


def clean_name(text: str) -> str:
    """A player's name as it may be shown: invisible characters removed, spaces around it trimmed."""
    return "".join(c for c in text if c in _JOINERS or unicodedata.category(c) not in _INVISIBLE).strip()


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = HUMAN  # HUMAN or COMPUTER
    level: str = ""  # the agent for computer seats: a built-in level of the game, random, or exec:COMMAND

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    @property
    def is_person(self) -> bool:
        """A person plays the seat: at this screen, or from another computer (a hosted game's remote seat, which
        the controller asks as it asks a computer)."""
        return self.is_human or self.level == REMOTE

    def spec(self) -> str:
        """The seat as written on the command line: `human` or `ai:LEVEL`."""
        return HUMAN if self.is_human else f"ai:{self.level}"


@dataclass(frozen=True)
class GameSetup:
    seats: tuple[Seat, ...]
    seed: int
    first: int = 0
    game: str = DEFAULT_GAME  # the registry id
    variants: tuple[str, ...] = ()  # the optional rules switched on (ids of the game's variants)
    colours: tuple[int, ...] = ()  # per seat, its colour (with its pattern and mark) of the palette; () = seat order
    # The seed was typed by a player, not drawn at random: whoever chose it may know every hidden card, so the
    # game is marked in the history and counted apart in the statistics.
    seed_chosen: bool = False

    @property
    def players(self) -> int:
        return len(self.seats)

    def colour_of(self, seat: int) -> int:
        """The seat's place in the palette of seat colours (and patterns and marks) it is drawn with."""
        return self.colours[seat] if self.colours else seat


class Phase(str, Enum):
    DECIDE = "decide"  # a seat must choose an action (see `current()`)
    END_TURN = "end-turn"  # a person's turn is over in the engine: proceed() ends it, undo() takes a step back
    NEXT_SEAT = "next-seat"  # a turn ended: the driver shows the hand-over, then calls proceed()
    GAME_END = "game-end"  # the game ended: the driver shows the end (a final reveal), then calls proceed()
    SCORING = "scoring"


AgentFactory = Callable[[str, int], Agent]  # (level or exec:COMMAND, seed) -> agent
SeatAgents = Callable[[int, Seat], Agent]  # (seat, its Seat) -> the agent of that computer seat


@dataclass
class _Thinking(Generic[ActionT]):
    """A computer decision being worked out in a worker thread."""

    seat: int
    legal: list[ActionT]
    thread: threading.Thread
    choice: int | None = None
    error: BaseException | None = None


@dataclass
class Decision(Generic[ActionT]):
    """Who must act now, what kind of decision it is (the game's own name for it), and what they may do."""

    seat: int
    kind: str
    legal: list[ActionT]
    human: bool


def as_seen_by(events: Sequence[Any], viewer: int | None) -> list[Any]:
    """`events` as `viewer` (None: everyone) may know them; those they do not learn of left out."""
    return [e for e in (event.for_viewer(viewer) for event in events) if e is not None]


class GameController(Generic[ActionT, ViewT]):
    """The turn controller of one game, typed by that game's actions and views (`GameController[Action, View]`: a
    table is checked against its game)."""

    def __init__(
        self,
        game: Game[ActionT, ViewT],
        setup: GameSetup,
        *,
        actions: Sequence[ActionT] = (),
        threaded: bool = True,
        agent_factory: AgentFactory | None = None,
        practice: bool = False,
        hints: Sequence[int] = (),
        people_end_turns: bool = False,
        turn_ended: bool = False,
        seat_agents: SeatAgents | None = None,
    ) -> None:
        if setup.game != game.id:
            raise ValueError(f"a {setup.game} setup cannot be played with {game.id}")
        self.game = game
        self.setup = setup
        self.threaded = threaded
        self.agent_factory: AgentFactory = agent_factory or partial(make_agent, game)
        # A driver that seats its own agents (a network host: the seats played from other computers, and levels
        # seeded as `simulate` seeds them) makes every computer seat's agent itself.
        self.seat_agents: SeatAgents = seat_agents or (
            lambda i, seat: self.agent_factory(seat.level, derive_seed(self.setup.seed, "seat", i)))
        self.people = tuple(i for i, seat in enumerate(setup.seats) if seat.is_human)
        # Practice (unlimited undo) is decided when the game starts and only ever applies to one
        # person playing against computer opponents.
        self.practice = practice and len(self.people) == 1
        # A person's turn waits in END_TURN for them to end it (the table); drivers that only replay or
        # simulate (the command line, tests) go straight on.
        self.people_end_turns = people_end_turns
        # Per seat, the hints it was shown (a resumed game goes on counting): the save keeps them and a
        # person's game with hints is counted apart in the statistics. Undo never takes a hint back.
        self.hints = list(hints) if hints else [0] * setup.players
        if len(self.hints) != setup.players:
            raise ValueError(f"{len(self.hints)} hint counts for {setup.players} seats")
        # Called after every applied action with (action, events), and with (None, []) when undo
        # rebuilt the position: whoever keeps the game (the autosave) writes it again.
        self.listeners: list[Callable[[Any | None, list[Any]], None]] = []
        # Called when a person ended their turn: the autosave writes that down (`turn_ended`).
        self.turn_end_listeners: list[Callable[[], None]] = []
        self._thinking: _Thinking[ActionT] | None = None
        self.agents: list[Agent | None] = []
        # The seat whose view the screen shows (None: the public view). With one person it is always theirs.
        self.screen: int | None = self.people[0] if len(self.people) == 1 else None
        self._rebuild(actions, resumed=not turn_ended)

    def new_state(self) -> GameState[ActionT, ViewT]:
        """The game's position before any action (a game without chance ignores the seed)."""
        setup = self.setup
        return self.game.new_state(setup.players, setup.seed, setup.first, setup.variants)

    def _rebuild(self, actions: Sequence[ActionT], resumed: bool = False) -> None:
        """The position after `actions`, with the undo log and fresh computer agents for it. A `resumed`
        game left while a person had not yet ended their turn waits for them again; one whose save says
        the turn was ended (`turn_ended`) is not `resumed` here: it goes on with the next seat, and the turn
        ended stays ended (nobody at a pass-and-play table takes the previous person's move back).

        A finished game needs no agents (it is only looked at), so none are started for it."""
        state = self.new_state()
        log = ActionLog()
        events: list[Any] = []
        history: list[Any] = []
        for action in actions:
            seat, turn = state.current, state.turn
            events = state.apply(action)
            history.extend(events)
            log.record(seat, turn, events)
        self._state = state
        self.log = log
        self._events = history  # every event so far, as it happened (each viewer gets them through for_viewer)
        self._last = events  # what the latest action did (a table shows a resumed turn's end with it)
        self._held = 0  # how many of the latest events (the next turn's start) wait for End turn
        self.agents = [
            None if seat.is_human or state.is_terminal() else self.seat_agents(i, seat)
            for i, seat in enumerate(self.setup.seats)
        ]
        self._hand_over = False
        # A finished game is loaded straight onto its score sheet.
        if state.is_terminal():
            self.phase = Phase.SCORING
        elif resumed and self._turn_waits(log.seats[-1] if actions else None):
            self.phase = Phase.END_TURN
            self._hand_over = self.seats[log.seats[-1]].is_human and self.seats[state.current].is_human
            self._hold_back(events)
        else:
            self.phase = Phase.DECIDE
        if len(self.people) > 1:
            self.screen = None  # whoever sits down at a rebuilt game takes the screen anew (a hand-over)
        self._settle_screen()

    def _turn_waits(self, seat: int | None) -> bool:
        """Whether the latest action, by `seat`, ended a person's turn that they end themselves (at this screen or
        on another computer, whose End turn its host is sent): a turn that passed to another seat; in setup only in
        a game whose setup decisions are confirmed (`setup_confirmed`: Draco Mundis's placements are taken back like
        moves until then)."""
        return (self.people_end_turns and seat is not None and self.seats[seat].is_person
                and (self.log.turns[-1] > 0 or self.game.setup_confirmed) and self._state.current != seat)

    def _hold_back(self, events: Sequence[Any]) -> None:
        """In END_TURN: the next turn's events (from its "turn" event on) are told only once the turn is ended."""
        start = next((i for i, e in enumerate(events) if e.kind == "turn"), len(events))
        self._held = len(events) - start

    # -- where are we ---------------------------------------------------------------

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.setup.seats

    @property
    def actions(self) -> list[ActionT]:
        """The chosen actions so far: with the setup, everything needed to replay the game."""
        return self._state.history

    @property
    def to_move(self) -> int:
        """The seat whose decision the game waits for now (in END_TURN already the next seat's)."""
        return self._state.current

    @property
    def turn(self) -> int:
        """The game's turn number (0 in setup; in END_TURN already the next turn's)."""
        return self._state.turn

    @property
    def over(self) -> bool:
        return self._state.is_terminal()

    def scores(self) -> list[Breakdown]:
        """Every seat's score as everyone can see it (final once the game is over)."""
        return self._state.scores()

    def winners(self) -> list[int]:
        return self._state.winners()

    def score_reports(self) -> list[dict[str, Any]]:
        return self.game.score_reports(self._state)

    def result(self) -> dict[str, Any]:
        """The final result as JSON (`play --exit-at-end`)."""
        return self.game.result(self._state)

    def record(self) -> dict[str, Any]:
        """The finished game's record (`Game.record`): every action, and the seed of a game with chance, so nothing
        is hidden any more; only once the game is over (a network host sends it to every client then)."""
        if not self.over:
            raise RuntimeError("the record of a game in progress would tell what it hides")
        return self.game.record(self._state)

    def why_illegal(self, action: ActionT) -> IllegalActionError | None:
        """The engine's reason `action` is not legal now (None: it is)."""
        return self._state.why_illegal(action)

    @property
    def turn_ended(self) -> bool:
        """The latest action passed a person's turn on and they ended it (End turn): what a save keeps so
        that a resumed game does not wait for End turn again."""
        return (self.phase != Phase.END_TURN and not self._state.is_terminal() and bool(self.log.seats)
                and self._turn_waits(self.log.seats[-1]))

    @property
    def ending_seat(self) -> int | None:
        """In END_TURN, the person whose turn is over but not yet ended (None in any other phase)."""
        return self.log.seats[-1] if self.phase == Phase.END_TURN else None

    @property
    def ending_turn(self) -> int | None:
        """In END_TURN, the number of the turn that is over but not yet ended (the engine counts the next already)."""
        return self.log.turns[-1] if self.phase == Phase.END_TURN else None

    def held_events(self) -> list[Any]:
        """In END_TURN, the next turn's start, told once the turn is ended (as it happened: for every viewer)."""
        return self._last[len(self._last) - self._held:] if self._held else []

    def current(self) -> Decision[ActionT] | None:
        """The decision the game is waiting for, or None while the driver must proceed() or it is over."""
        if self.phase != Phase.DECIDE:
            return None
        state = self._state
        seat = state.current
        return Decision(seat, state.decision(), list(state.legal_actions()), self.seats[seat].is_human)

    @property
    def hand_over(self) -> bool:
        """True in END_TURN and NEXT_SEAT when the turn passes between two different human seats (the banner)."""
        return self._hand_over

    # -- who is looking ---------------------------------------------------------------

    def view(self) -> ViewT:
        """What the screen may show now: the view of the seat at the screen (None: what everyone sees)."""
        return self._state.view(self.screen)

    def seen(self, events: Sequence[Any]) -> list[Any]:
        """`events` as the viewer at the screen may know them."""
        return as_seen_by(events, self.screen)

    def seen_history(self) -> list[Any]:
        """Every event told so far (not the next turn's start held back for End turn), as the screen's viewer
        may know them: the log of a table that was resumed, taken back or handed over."""
        return self.history_of(self.screen)

    def history_of(self, viewer: int | None) -> list[Any]:
        """Every event told so far as `viewer` (None: everyone) may know them, whoever looks at this screen: the
        log a network host sends a remote seat's client when it joins."""
        return as_seen_by(self._events[:len(self._events) - self._held], viewer)

    def view_of(self, seat: int) -> ViewT:
        """What `seat` may see now, whoever looks at this screen: the view a network host sends that seat's
        client (its own screen, on another computer)."""
        return self._state.view(seat)

    @property
    def last_events(self) -> list[Any]:
        """What the latest action did, as the screen's viewer may know it (why undo is refused)."""
        return self.seen(self._last)

    def watched_by(self, seat: int) -> list[ViewT]:
        """The seat's views at each of its decisions before the present one (what it watched this game: the hint's
        analyst reads its rivals from them as the seat could)."""
        state = self.new_state()
        seen = []
        for action in self.actions:
            if state.current == seat:
                seen.append(state.view(seat))
            state.apply(action)
        return seen

    def pending_person(self) -> int | None:
        """The person at this screen whose decision the game waits for: a move, a setup placement, or End turn."""
        if self.phase == Phase.END_TURN:
            seat = self.log.seats[-1]
            return seat if self.seats[seat].is_human else None
        if self.phase == Phase.DECIDE and self.seats[self._state.current].is_human:
            return self._state.current
        return None

    @property
    def hand_over_due(self) -> int | None:
        """The person who must take the screen (the hand-over screen) before the game can go on, or None."""
        person = self.pending_person()
        return person if person is not None and person != self.screen else None

    def take_screen(self, seat: int) -> None:
        """The person in `seat` confirmed the hand-over: the screen shows their view from now on."""
        if seat != self.hand_over_due:
            raise ValueError(f"seat {seat} is not the one to take the screen (due: {self.hand_over_due})")
        self.screen = seat

    def _private(self, seat: int) -> bool:
        """Whether `seat`'s view shows anything the public view does not (its own tokens, its starting cards)."""
        if self.game.secrets is Secrets.NONE:
            return False
        own, public = self._state.view(seat).to_json(), self._state.view(None).to_json()
        own.pop("seat", None)
        public.pop("seat", None)
        return bool(own != public)

    def _settle_screen(self) -> None:
        """After every change: with several people, a turn over or a computer's turn shows the public view, and a
        person whose view holds nothing private takes the screen without a hand-over (Aetherya's turns), unless
        their game lets them learn something private on the way (Secrets.LEARNED: Draco Mundis's peek)."""
        if len(self.people) <= 1:
            return  # the one person's screen, or (only computers) the public view, for the whole game
        person = self.pending_person()
        if person is None:
            self.screen = None
        elif person != self.screen and self.game.secrets is not Secrets.LEARNED and not self._private(person):
            self.screen = person

    # -- acting -----------------------------------------------------------------------

    def act(self, action: ActionT) -> list[Any]:
        """Apply a person's action for the seat to move (IllegalActionError if not legal: nothing changes); its
        events as the person at the screen sees them (in END_TURN, up to the next turn's start)."""
        decision = self.current()
        if decision is None:
            raise RuntimeError(f"no decision is pending in phase {self.phase.value}")
        if self.hand_over_due is not None:
            raise RuntimeError(f"seat {decision.seat} has not taken the screen (the hand-over)")
        viewer = self.screen
        events = self._apply(action)
        return as_seen_by(events[:len(events) - self._held], viewer)

    def _apply(self, action: ActionT) -> list[Any]:
        before, turn = self._state.current, self._state.turn
        events = self._state.apply(action)
        self.log.record(before, turn, events)
        self._events.extend(events)
        self._last = events
        self._held = 0
        after = self._state.current
        if self._state.is_terminal():
            self.phase = Phase.GAME_END
        elif self._turn_waits(before):
            self.phase = Phase.END_TURN
            self._hand_over = self.seats[before].is_human and self.seats[after].is_human
            self._hold_back(events)
        elif after != before:
            self.phase = Phase.NEXT_SEAT
            self._hand_over = self.seats[before].is_human and self.seats[after].is_human
        else:
            self.phase = Phase.DECIDE
        self._settle_screen()
        for listener in self.listeners:
            listener(action, events)
        return events

    # -- undo ---------------------------------------------------------------------------------

    def undo_target(self, practice: bool | None = None) -> int | None:
        """How many actions to keep to take the person's last step back, or None (controller/undo.py:
        within the turn while nothing hidden came to light; in practice games, as far back as wished).
        `practice` defaults to the game's own setting. In END_TURN it is the turn just over that a step is
        taken back in."""
        return self.why_no_undo(practice)[0]

    def why_no_undo(self, practice: bool | None = None, remote: int | None = None) -> tuple[int | None, str]:
        """(actions to keep, "") when the person can take a step back, else (None, why): "not-yours" (no
        person is deciding now), "nothing" (no step of this turn to take back) or "final" (the last step
        brought something hidden to light). `remote`: the seat of a player on another computer asking (its host
        checks their step back as a local one, never as practice)."""
        if self.phase == Phase.END_TURN:
            seat, turn = self.log.seats[-1], self.log.turns[-1]
        elif self.phase != Phase.DECIDE:
            return None, "not-yours"
        else:  # (only the deciding seat matters here: its legal actions are not worked out)
            seat, turn = self._state.current, self._state.turn
            if not self.seats[seat].is_person:
                return None, "not-yours"
        if remote is not None:
            if seat != remote:
                return None, "not-yours"
            practice = False
        elif not self.seats[seat].is_human or seat != self.screen and len(self.people) > 1:
            return None, "not-yours"  # nobody takes a step back for a person who has not taken the screen
        practice = self.practice if practice is None else practice
        keep = self.log.undo_target(seat, turn, practice and len(self.people) == 1, list(self.people))
        if keep is not None:
            return keep, ""
        log = self.log
        mine = bool(log.seats) and log.seats[-1] == seat and log.turns[-1] == turn
        return None, "final" if mine and log.revealing[-1] else "nothing"

    def undo(self, practice: bool | None = None, remote: int | None = None) -> bool:
        """Take the person's last step back (`remote`: of the player on another computer in that seat): replay
        the actions kept, start the computer agents afresh, and tell the listeners. False (and nothing changes)
        when undo is not allowed. The screen stays with whoever looked at it."""
        keep = self.why_no_undo(practice, remote)[0]
        if keep is None:
            return False
        screen = self.screen
        actions = self.actions[:keep]
        self._close_agents()
        self._rebuild(actions)
        if self.pending_person() == screen:
            self.screen = screen
        for listener in self.listeners:
            listener(None, [])
        return True

    def hinted(self, seat: int) -> None:
        """A hint was shown to the person in `seat`."""
        self.hints[seat] += 1

    def proceed(self) -> list[Any]:
        """The person ended their turn, or the driver has shown the turn change or the final reveal: go on.
        Ending a turn gives the next turn's start, held back until now, as the screen's viewer then sees it."""
        told: list[Any] = []
        if self.phase == Phase.END_TURN:
            if self.hand_over_due is not None:
                raise RuntimeError(f"seat {self.hand_over_due} has not taken the screen to end their turn")
            self.phase = Phase.NEXT_SEAT
            held, self._held = self._held, 0
            self._settle_screen()
            told = self.seen(self._last[len(self._last) - held:]) if held else []
            for ended in self.turn_end_listeners:
                ended()
        elif self.phase == Phase.NEXT_SEAT:
            self._hand_over = False
            self.phase = Phase.DECIDE
            self._settle_screen()
        elif self.phase == Phase.GAME_END:
            self.phase = Phase.SCORING
            self._game_over()
        return told

    def _game_over(self) -> None:
        scores = self.game.score_reports(self._state)
        for agent in self.agents:
            if agent is not None:
                agent.game_over(scores, self._state.winners())

    # -- computer seats ------------------------------------------------------------------

    def computer_to_move(self) -> bool:
        decision = self.current()
        return decision is not None and not decision.human

    def thinking(self) -> bool:
        return self._thinking is not None

    def poll(self) -> list[Any] | None:
        """Advance a computer seat: start its decision, or apply it once it is ready.

        Returns the events of an applied computer action as the screen's viewer sees them, or None if nothing
        was applied. In unthreaded mode (tests, simulations) the decision is made and applied at once.
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
        if isinstance(job.error, DecisionWithdrawn):
            return None  # asked again at the next poll
        if job.error is not None:
            raise job.error
        assert job.choice is not None, "a finished thinking job without an error has a choice"
        return self.seen(self._apply(job.legal[job.choice]))

    def _start(self, decision: Decision[ActionT]) -> _Thinking[ActionT]:
        agent = self.agents[decision.seat]
        assert agent is not None, "a computer seat has an agent"
        view = self._state.view(decision.seat)
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
