"""A seat of a game hosted on another computer, played at this screen (Join a game).

The table is the same table as any game's: the game's board, its animations, log and rules. What it asks of a turn
controller, `ClientController` answers from what the host told this seat and nothing else: the seat's view, the
events as the seat may know them, and the decisions the host asks of it. The other seats are played elsewhere: to
the table they are seats whose moves come by themselves, as a computer's do (`poll` hands over the next action's
events the host sent). A move of the person here is sent to the host (`act`), and shows when the host tells its
events back. When the host says the seat's turn is over (`turn-over`) the table waits for End turn, sent to the
host (`proceed`); a step back is asked of the host (`undo`) when it says one may be taken, and the table is made
again from the fresh state it sends. Once the game is over, the host sends its record, everything revealed: the
table goes on with a controller of the finished game, so the score sheet, the review and the viewer work on it as
on any game.

`JoinedGame` keeps the connection (`NetClient`, on a thread of its own: nothing here waits) and hands each message
to the table every frame. Whatever the host sends is read as hostile: a message that cannot be shown is answered by
asking for a fresh state, never by a crash.
"""

from __future__ import annotations

import logging
import re
import time
from dataclasses import dataclass, field
from typing import Any, Protocol, Sequence

from ..ai import REMOTE
from ..controller.game import COMPUTER, HUMAN, MAX_NAME, Decision, GameController, GameSetup, Phase, Seat, clean_name
from ..i18n import called_you, tr
from ..interface.game import AnyGame, EngineError, IllegalActionError
from ..net.client import NetClient
from ..net.invitation import Invitation
from ..net.seat import keep_finished
from ..records import RecordError, replay_record

log = logging.getLogger(__name__)


class JoinedTable(Protocol):
    """What the game's messages change on the table that shows it."""

    controller: Any

    def made_again(self) -> None: ...

    def hear(self, seat: int, line: str) -> None: ...

    def lost_joined(self, why: str) -> None: ...

    def refused_joined(self, code: str) -> None: ...


@dataclass
class Asked:
    """The decision the host asks of this seat."""

    decision: int  # its number: the actions before it
    kind: str  # the game's name for it
    legal: list[Any]
    undo: str = "nothing"  # "" when a step can be taken back now, else why not (as `GameController.why_no_undo`)


def undo_word(value: Any) -> str:
    """The host's word on a step back: "" (one may be taken), "nothing" or "final"; anything else is "nothing"."""
    return value if value in ("", "nothing", "final") else "nothing"


@dataclass
class Told:
    """One action as the host told this seat of it: who acted, its events, the seat's view after it."""

    seat: int
    events: list[Any]
    view: Any
    n: int
    held: bool = False  # the turn is over but waits for End turn: the next turn's start comes once it is ended


@dataclass
class HostPresence:
    """Who is at the host's table: per seat "here", "away", "stand-in" or "host"; whom it waits for, since when."""

    seats: list[str] = field(default_factory=list)
    waiting: int | None = None
    since: float = 0.0  # time.monotonic() when the wait began


def setup_of(game: AnyGame, welcome: dict[str, Any], seed: int = 0) -> GameSetup:
    """The table's seats as this seat sees them: itself a person at this screen, the others played elsewhere."""
    players, seat = welcome["players"], welcome["seat"]
    # Each seat by its name; another's "You" (a host's lone person's default name) as "Player n" here.
    names = [name if name and not (i != seat and called_you(name)) else tr("new_game.player_n", n=i + 1)
             for i, name in enumerate(clean_name(str(n))[:MAX_NAME] for n in welcome["names"])]
    first, variants = welcome.get("first"), welcome["variants"]
    if len(names) != players or not 0 <= seat < players or not isinstance(first, int) or not 0 <= first < players \
            or not all(isinstance(v, str) and v in {x.id for x in game.variants} for v in variants) \
            or not game.min_players <= players <= game.max_players:
        raise ValueError("the host's welcome names no table of this game")
    specs = welcome.get("seats")
    specs = specs if isinstance(specs, list) and len(specs) == players else [REMOTE] * players
    seats = tuple(Seat(name, HUMAN) if i == seat else Seat(name, COMPUTER, played_by(spec))
                  for i, (name, spec) in enumerate(zip(names, specs)))
    return GameSetup(seats, seed, first, game.id, tuple(variants))


def played_by(spec: Any) -> str:
    """Who plays another seat, as the host's welcome says: a computer level of the host (`ai:LEVEL`), or a player
    on another computer (anything else)."""
    level = spec[3:] if isinstance(spec, str) and spec.startswith("ai:") else ""
    return level if re.fullmatch(r"[a-z][a-z0-9-]{0,30}", level) else REMOTE


class ClientController:
    """The turn controller's answers for a seat whose game runs on another computer (see the module's words)."""

    practice = False
    hand_over = False
    hand_over_due = None
    turn_ended = False
    over = False

    def __init__(self, game: AnyGame, welcome: dict[str, Any], client: NetClient) -> None:
        self.game = game
        self.client = client
        self.setup = setup_of(game, welcome)
        self.seat: int = welcome["seat"]
        self.people = (self.seat,)
        self.screen: int | None = self.seat
        self.hints = [0] * self.setup.players
        self.follow_ups: list[Any] = []  # the rest of a gesture that plays more than one action, sent as asked
        self.asked: Asked | None = None
        self.turn_over: tuple[int, str] | None = None  # the host waits for this seat's End turn: (at n, undo's why)
        self.held: int | None = None  # the seat whose turn is over, shown, and waits for End turn
        self.asking = False  # End turn or a step back was asked of the host, its answer not come yet
        self.load(welcome["state"])

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.setup.seats

    def load(self, state: dict[str, Any]) -> None:
        """The table as the host says it is now (a welcome, a fresh state): ValueError if it cannot be shown."""
        self._view = self.game.view_from_json(state["view"])
        self._history = [self.game.event_from_json(e) for e in state["events"]]
        self.n: int = state["n"]
        self._last: list[Any] = []
        self._coming: list[Told] = []
        ending = state.get("ending")
        self.held = ending if isinstance(ending, int) and 0 <= ending < self.setup.players else None
        self.asking = False
        # A question the host asked for this position stays asked: a fresh state the client asked for (it missed
        # some events) comes after the host's next question, which is not asked again.
        if self.asked is not None and self.asked.decision != self.n:
            self.asked = None
        if self.turn_over is not None and self.turn_over[0] != self.n:
            self.turn_over = None

    @property
    def shown_n(self) -> int:
        """The actions the table will have shown once everything told is shown."""
        return self._coming[-1].n if self._coming else self.n

    @property
    def phase(self) -> Phase:
        """END_TURN while the turn shown last waits for End turn (this seat's, or another's at the host), until the
        turn's end is shown; else DECIDE (the table asks `current` who decides)."""
        return Phase.END_TURN if self.held is not None else Phase.DECIDE

    @property
    def ending_seat(self) -> int | None:
        """The seat whose turn waits for End turn (not this one's once it asked the host to end it)."""
        if self.phase != Phase.END_TURN or self.held == self.seat and self.asking:
            return None
        return self.held

    @property
    def ending_turn(self) -> int | None:
        """The turn waiting for End turn: the latest one told (the next turn's start is told once it is ended)."""
        return self.turn if self.ending_seat is not None else None

    # -- what the table asks ---------------------------------------------------------------------------------------

    def view(self) -> Any:
        return self._view

    @property
    def to_move(self) -> int:
        current: int = self._view.current
        return current

    @property
    def turn(self) -> int:
        """The game's turn number (0 in setup): the number of the last "turn" event, which starts every turn."""
        return next((e.number for e in reversed(self._history) if e.kind == "turn"), 0)

    @property
    def actions(self) -> list[None]:
        """As many entries as actions were played (a seat is not told the others' actions: None each)."""
        return [None] * self.n

    def seen_history(self) -> list[Any]:
        return list(self._history)

    @property
    def last_events(self) -> list[Any]:
        return self._last

    def current(self) -> Decision[Any]:
        """The person's decision when the host asks one and nothing it told is still to be shown; else the seat
        whose action comes next from the host (played elsewhere, as a computer's comes)."""
        if self._coming:
            return Decision(self._coming[0].seat, "", [], False)
        asked = self.asked
        if asked is not None and asked.decision == self.n:
            return Decision(self.seat, asked.kind, asked.legal, True)
        return Decision(self.to_move, "", [], False)

    def computer_to_move(self) -> bool:
        return not self.current().human

    def thinking(self) -> bool:
        return False

    def why_illegal(self, action: Any) -> IllegalActionError | None:
        asked = self.asked
        if asked is None or asked.decision != self.n or self._coming:
            return IllegalActionError("not-now", "the host has not asked this seat for a move now")
        if self.game.decisions_of(action, asked.kind)[0] in asked.legal:
            return None
        return IllegalActionError("illegal", "the host did not offer that move")

    def act(self, action: Any) -> list[Any]:
        """The person's move, sent to the host (its events show when the host tells them back)."""
        self.act_all([action])
        return []

    def act_all(self, actions: Sequence[Any]) -> None:
        """A gesture's actions, one decision each: the first sent now, each next one as soon as the host asks for
        it (IllegalActionError when the first is not the host's to ask now)."""
        problem = self.why_illegal(actions[0])
        if problem is not None:
            raise problem
        asked = self.asked
        assert asked is not None, "a move is legal only when asked for"
        steps = self.game.decisions_of(actions[0], asked.kind) + list(actions[1:])
        self.client.send({"type": "action", "decision": asked.decision, "choice": asked.legal.index(steps[0])})
        self.asked = None
        self.follow_ups = steps[1:]

    def poll(self) -> list[Any] | None:
        """The next action the host told of (the seat's view goes with it), or None."""
        if not self._coming:
            return None
        told = self._coming.pop(0)
        self._view, self.n, self._last = told.view, told.n, told.events
        self._history.extend(told.events)
        self.held = told.seat if told.held else None
        if not told.held:
            self.asking = False
        return told.events

    def undo_target(self, practice: bool | None = None) -> int | None:
        return self.why_no_undo(practice)[0]

    def why_no_undo(self, practice: bool | None = None) -> tuple[int | None, str]:
        """As the host said with its question or its turn-over: (the actions a step back keeps, "") or (None,
        why not); "not-yours" while nothing is asked of this seat."""
        if self.ending_seat == self.seat:
            over = self.turn_over
            why = over[1] if over is not None and over[0] == self.n else "nothing"
        elif self.phase == Phase.END_TURN:
            return None, "not-yours"
        elif self.current().human:
            assert self.asked is not None, "the person decides what the host asked"
            why = self.asked.undo
        else:
            return None, "not-yours"
        return (self.n - 1, "") if why == "" else (None, why)

    def undo(self, practice: bool | None = None) -> bool:
        """Ask the host for a step back (False when it said none can be taken): nothing is asked of this seat until
        the host's fresh state comes (or its refusal, with its question again)."""
        if self.undo_target() is None:
            return False
        self.client.send({"type": "undo", "n": self.n})
        self.asked, self.turn_over, self.follow_ups, self.asking = None, None, [], True
        return True

    def proceed(self) -> list[Any]:
        """End turn, sent to the host: the next turn's start comes from it."""
        if self.ending_seat == self.seat:
            self.client.send({"type": "end-turn", "n": self.n})
            self.asking = True
        return []

    def take_screen(self, seat: int) -> None:
        pass  # the one person at this screen always has it

    def hinted(self, seat: int) -> None:
        self.hints[seat] += 1

    def watched_by(self, seat: int) -> list[Any]:
        return []

    def close(self) -> None:
        pass

    # -- what the host said ------------------------------------------------------------------------------------------

    def told(self, message: dict[str, Any]) -> None:
        """An action's events, or a turn's end with the next turn's start (ValueError if they cannot be shown)."""
        events = [self.game.event_from_json(e) for e in message["events"]]
        self._coming.append(Told(message["seat"], events, self.game.view_from_json(message["view"]), message["n"],
                                 message["type"] == "events" and message.get("held") is True))

    def ask(self, message: dict[str, Any]) -> None:
        """A decision asked of this seat (ValueError if it cannot be read); the rest of a gesture answers it."""
        kind = message.get("kind")
        if not isinstance(kind, str) or len(kind) > 40:
            raise ValueError("the host's decision has no kind")
        legal = [self.game.action_from_json(a) for a in message["legal"]]
        self.asked = Asked(message["decision"], kind, legal, undo_word(message.get("undo")))
        self.asking = False
        if self.follow_ups:
            follow_up = self.follow_ups.pop(0)
            if follow_up in legal and self.asked.decision == self.shown_n:
                self.client.send({"type": "action", "decision": self.asked.decision,
                                  "choice": legal.index(follow_up)})
                self.asked = None
            else:
                self.follow_ups = []

    def turn_is_over(self, message: dict[str, Any]) -> None:
        """The host waits for this seat's End turn (shown once the turn's last action is)."""
        self.turn_over = message["n"], undo_word(message["undo"])
        self.follow_ups, self.asking = [], False


class JoinedGame:
    """A joined seat's connection and what the table is told of it each frame."""

    def __init__(self, game: AnyGame, invitation: Invitation, client: NetClient, welcome: dict[str, Any],
                 arrived: Sequence[dict[str, Any]] = ()) -> None:
        """`arrived`: what the host sent after its welcome, before the table was there to show it."""
        self.game = game
        self.arrived = list(arrived)
        self.welcome = welcome
        self.invitation = invitation
        self.client = client
        self.controller = ClientController(game, welcome, client)
        self.presence = HostPresence()
        self.lost = ""  # why the connection is down, while it is
        self.refused = ""  # what the host refused last (a move it did not take, ...)
        self.ended: GameController[Any, Any] | None = None  # the finished game, once the host sent its record

    def take(self, table: JoinedTable) -> None:
        """Everything the host sent since the last frame, shown on `table` (never waits)."""
        arrived, self.arrived = self.arrived + self.client.poll(), []
        for message in arrived:
            try:
                self._take(table, message)
            except (ValueError, KeyError, TypeError, AttributeError, RecordError, EngineError) as exc:  # not shown
                log.warning("the host's %s cannot be shown (%s): asking for a fresh state", message.get("type"), exc)
                self.client.send({"type": "sync"})

    def _take(self, table: JoinedTable, message: dict[str, Any]) -> None:
        kind = message["type"]
        c = self.controller
        if kind in ("welcome", "state"):
            self.lost = ""
            c.load(message["state"] if kind == "welcome" else message)
            table.made_again()
        elif kind in ("events", "ended"):
            c.told(message)
        elif kind == "decide":
            c.ask(message)
        elif kind == "turn-over":
            c.turn_is_over(message)
        elif kind == "presence":
            seats = [str(s) for s in message["seats"]][:c.setup.players]
            waiting = message.get("waiting")
            waited = message.get("waited")
            since = time.monotonic() - (waited if isinstance(waited, (int, float)) and 0 <= waited < 1e7 else 0)
            self.presence = HostPresence(seats, waiting if isinstance(waiting, int) else None, since)
        elif kind == "chat":
            if message["seat"] < c.setup.players:
                table.hear(message["seat"], clean_name(message["text"]))
        elif kind == "end":
            self.ended = self.finished(message["record"])
            keep_finished({self.game.id: self.game}, message["record"], self.welcome, None)
        elif kind == "lost":
            self.lost = str(message.get("why", ""))[:200]
        elif kind == "refused":
            self.refused = str(message["message"])[:300]
            log.warning("the host refused: %s", self.refused)
            if message.get("final"):
                table.lost_joined(self.refused)
            elif message["code"] in ("no-undo", "not-ending"):  # another step was quicker: said, and asked again
                table.refused_joined(message["code"])

    def finished(self, record: Any) -> GameController[Any, Any]:
        """The finished game from the host's record, everything revealed (RecordError if it is none of this
        table's)."""
        game, state = replay_record({self.game.id: self.game}, record)
        c = self.controller
        setup = setup_of(game, {"players": c.setup.players, "seat": c.seat, "names": [s.name for s in c.seats],
                                "first": state.first, "variants": list(state.variants),
                                "seats": [f"ai:{s.level}" if s.level != REMOTE else REMOTE for s in c.seats]},
                         state.seed)
        if setup.first != c.setup.first or setup.variants != c.setup.variants:
            raise RecordError("the host's record is of another table")
        return GameController(game, setup, actions=state.history, threaded=False, people_end_turns=True)

    def waiting(self) -> tuple[int, float, bool] | None:
        """Whom the host's table waits for, for how many seconds, and whether their player is away."""
        presence = self.presence
        if presence.waiting is None or not 0 <= presence.waiting < len(presence.seats):
            return None
        return presence.waiting, time.monotonic() - presence.since, presence.seats[presence.waiting] == "away"

    def say(self, text: str) -> None:
        self.client.send({"type": "chat", "text": text})

    def close(self) -> None:
        self.client.close()
