"""A table served to other computers: the turn controller drives the game on a thread of its own, and each seat
played from another computer is an agent whose decisions come from that seat's client.

The controller asks a remote seat's agent (`RemoteSeat`) for a decision as it asks any computer seat; the question
goes to the seat's client (the bot protocol's `decide`, numbered), and the answer is checked as an `exec:` bot's is
(`chosen_index`) and for being the decision asked, by the seat asked, not taken already. A decision is asked of one
seat's one client: a second client with the same invitation takes the seat over, and the first is told so.

What each client is sent is made from its seat's view and the events filtered for its seat (`view_of`,
`as_seen_by`), never from the position: after every action it sends every remote seat its events and its view. The
game is written (by the session's writer, on a thread of its own) whenever the table waits more than a moment for a
player, and at least every `SAVE_EVERY` seconds: players answering at once (bots) do not cost a write of the whole
game each. A host killed in the middle continues from there; the seats' clients then get a fresh state, and a
decision asked again gets the answer it got before (`client.AnswerCache`). It keeps, per seat, the view and the
events told so far as text, so that a client that joins or asks again is answered without the controller (which
only the table's own thread touches).

A player on another computer ends their turn and takes steps back as a person at the host's screen does: when their
last action passed the turn on, the controller waits (END_TURN) and their client is told so (`turn-over`, with
whether a step can still be taken back); the next turn's start is told to everyone once they end it (`ended`). An
`undo` or `end-turn` of a client is a request that the controller's thread serves (`serve`), checked as a local
one is (`why_no_undo` for that seat); a decision the seat was being asked meanwhile is withdrawn
(`DecisionWithdrawn`). A client that does not say it ends its own turns (a bot, `join --agent`) has them ended for
it at once, as has a seat a computer stands in for.

A seat whose decision waits longer than `away_after` is played by the `away_level` computer until its client is
back (joins again, or says anything). Without `away_after` the table waits for the seat as long as it takes.

The app hosts a table it drives itself (`driven_by`): the table scene's controller, whose remote seats are this
table's `RemoteSeat` agents, runs from the frame loop with the host's own people at the screen and saves the game
itself; the table then has no thread of its own, tells the clients the end as soon as the last action is applied,
and leaves the controller and the saving to the scene.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable, Mapping, Protocol, Sequence

from .. import __version__
from ..ai import REMOTE, make_agent
from ..ai.external import AnswerError, chosen_index, decide_message
from ..controller.game import GameController, Phase, Seat, as_seen_by
from ..controller.runner import derive_seed
from ..interface.game import Agent, AnyGame, DecisionWithdrawn
from ..saves import SavedGame
from ..session import GameSession
from .hosting import Hosting
from .invitation import KEY_BYTES, InvitationError, decode_bytes
from .protocol import PROTOCOL, Refusal, chat_line, encode

log = logging.getLogger("drako_desktop.net")

PROGRESS_EVERY = 25  # actions between two "so many actions played" lines of the host's log
QUICK = 0.05  # seconds an answer may take before the table writes the game meanwhile
SAVE_EVERY = 0.5  # seconds between two writes of a game whose players answer at once


class TableClosed(Exception):
    """The host is closing the table: the decision waited for will not come."""


class Link(Protocol):
    """A client's connection as the table sees it; both may be called from any thread."""

    address: str

    def send(self, text: str) -> None: ...

    def ask(self, text: str) -> None:
        """Send a decision's question: its answer is owed, so it does not count against the client's rate."""

    def drop(self, refusal: Refusal) -> None: ...

    def refuse(self, refusal: Refusal) -> None:
        """Say a request was turned down (counted with the connection's other refusals: too many close it)."""


class Presence(str, Enum):
    HERE = "here"  # the seat's client is connected
    AWAY = "away"  # no client is connected for the seat
    STAND_IN = "stand-in"  # the away level plays the seat until its client is back
    HOST = "host"  # a seat of the host itself (a computer level)


@dataclass
class Pending:
    """A decision asked of a remote seat and not answered yet (or its turn over, waiting for its End turn)."""

    decision: int  # its number: the actions applied before it
    count: int  # how many legal actions it has
    text: str  # the `decide` message (the `turn-over` message)
    asked: float  # time.monotonic() when it was asked
    choice: int | None = None
    withdrawn: bool = False  # taken back before it was answered: the agent waiting for it gives up


@dataclass(frozen=True)
class Request:
    """What a remote seat's client asked of the game besides its decisions: "undo" or "end-turn"."""

    kind: str
    n: int  # the actions its player had seen: a request about another position is refused


@dataclass(frozen=True)
class Served:
    """A request the controller's thread carried out: a step taken back, or a turn ended (with the next turn's
    start, as the host's screen sees it)."""

    taken_back: bool
    told: list[Any]


class RemoteSeat:
    """The agent of a seat played from another computer: its decisions are its client's answers."""

    name = REMOTE
    wants_view = True

    def __init__(self, table: "Table", seat: int) -> None:
        self.table, self.seat = table, seat

    def choose(self, view: Any, legal: Sequence[Any]) -> int:
        return self.table.ask(self.seat, view, legal)

    def game_over(self, scores: Sequence[dict[str, Any]], winners: Sequence[int]) -> None:
        pass  # the table sends every client the end itself

    def close(self) -> None:
        pass


# The controller of a table its caller drives (its remote seats played by the table's `RemoteSeat`s)
ControllerMaker = Callable[["Table"], "GameController[Any, Any]"]


class Table:
    def __init__(self, game: AnyGame, saved: SavedGame, hosting: Hosting, *,
                 driven_by: ControllerMaker | None = None) -> None:
        """A table that runs its game on a thread of its own and saves it; or, `driven_by` a caller (the app's
        table scene), one whose controller that caller makes (its remote seats played by `remote_seat`), runs
        and saves."""
        self.game = game
        self.hosting = hosting
        self.game_id = saved.game_id
        self.seeds = hosting.seeds  # per seat, the seed its computer agent starts from (the stand-in's comes from it)
        self.away_after = hosting.away_after
        self.away_level = hosting.away_level
        setup = saved.setup
        self.remote = tuple(seat.level == REMOTE for seat in setup.seats)
        players = setup.players
        self.lock = threading.Condition()
        self.links: list[Link | None] = [None] * players
        self.pending: list[Pending | None] = [None] * players
        # The computer level playing each remote seat until its player is back (None: the seat waits for its player).
        self.stand_in: list[str | None] = [None] * players
        self.stand_ins: dict[tuple[int, str], Agent] = {}  # (seat, level) -> its agent, once asked
        self.requests: list[Request | None] = [None] * players  # per seat, its client's latest undo or end-turn
        # Per seat, whether its client ends its turns itself (None: no client came yet, so the table waits for one).
        self.ends_turns: list[bool | None] = [None] * players
        self.ending: tuple[int, Pending] | None = None  # a remote seat whose turn is over, waiting for its End turn
        self.later: list[Any] = []  # the next turn's start, told once the turn waiting for End turn is ended
        self.closing = False
        self.end_text: str | None = None
        self.ended = threading.Event()  # the game is over and its end was said
        self.failure: BaseException | None = None  # what stopped the table's thread, if anything did
        self.told_end: set[int] = set()  # the remote seats whose client was sent the end
        self.watchers: list[Callable[[], object]] = []  # called (from any thread) when the game ends or a client leaves
        self.chat_listeners: list[Callable[[int, str], object]] = []  # called (network's thread) with a client's line
        self.driven = driven_by is not None
        self.session: GameSession | None = None
        if driven_by is not None:
            self.controller = driven_by(self)
        else:
            self.controller = GameController(game, setup, actions=saved.actions, hints=saved.hints, threaded=False,
                                             seat_agents=self._agent, people_end_turns=True,
                                             turn_ended=saved.turn_ended)
            self.session = GameSession(self.controller, saved)
            self.session.paced = True  # written when the table waits for a player, and every `SAVE_EVERY` seconds
        self.written = time.monotonic()
        self.unsaved = False
        self.controller.listeners.append(self._applied)
        self.controller.turn_end_listeners.append(self._turn_ended)
        c = self.controller
        self.n = len(c.actions)
        self.views = [encode(c.view_of(s).to_json()) if remote else "" for s, remote in enumerate(self.remote)]
        self.histories = [[encode(e.to_json()) for e in c.history_of(s)] if remote else []
                          for s, remote in enumerate(self.remote)]
        self.held_by: int | None = c.ending_seat  # the seat whose turn waits for End turn (its next start untold)
        self._await_turn_end()
        head = {"type": "welcome", "protocol": PROTOCOL, "release": __version__, "game": game.id,
                "rules": game.identity, "table": self.game_id, "players": players, "first": setup.first,
                "variants": list(setup.variants), "names": [seat.name for seat in setup.seats],
                "seats": [seat.spec() if seat.level != REMOTE else REMOTE for seat in setup.seats]}
        self._welcome_head = head
        self.thread = threading.Thread(target=self._play, name=f"table-{self.game_id}", daemon=True)

    # -- the game, on the table's thread -------------------------------------------------------------------------

    def start(self) -> None:
        if not self.driven:
            self.thread.start()

    def _agent(self, seat: int, spec: Seat) -> Agent:
        if self.remote[seat]:
            return self.remote_seat(seat)
        return make_agent(self.game, spec.level, self.seeds[seat])

    def remote_seat(self, seat: int) -> RemoteSeat:
        """The agent of a seat played from another computer: its client's answers."""
        return RemoteSeat(self, seat)

    def _play(self) -> None:
        c = self.controller
        try:
            while not self.closing:
                if self.serve() is not None:
                    continue
                if c.phase == Phase.DECIDE:
                    c.poll()
                elif c.phase == Phase.SCORING:
                    self._finish()
                    return
                elif c.phase == Phase.END_TURN:
                    with self.lock:  # until the seat's client ends its turn (or takes a step back), or is away
                        if not any(self.requests) and not self.closing:
                            self.lock.wait(self._turn_end_wait())
                else:
                    c.proceed()
        except TableClosed:
            return
        except BaseException as exc:  # said by whoever runs the table (the host command ends with it)
            self.failure = exc
            log.exception("table %s stopped", self.game_id)
            self.ended.set()
            self._tell_watchers()

    def ask(self, seat: int, view: Any, legal: Sequence[Any]) -> int:
        """A remote seat's decision: its client's answer, or the away level's once it has waited `away_after`."""
        decision = len(self.controller.actions)
        asked = self.controller.current()
        kind = asked.kind if asked is not None else ""  # the game's name for it: a client's table needs it
        undo = self.controller.why_no_undo(remote=seat)[1]  # whether its client may offer a step back
        text = encode({**decide_message(self.game.id, view, legal), "decision": decision, "kind": kind,
                       "undo": undo})
        with self.lock:
            if self.stand_in[seat] is None and self.requests[seat] is None:
                pending = self.pending[seat] = Pending(decision, len(legal), text, time.monotonic())
                link = self.links[seat]
                if link is not None:
                    link.ask(text)
                if self.unsaved and not self.lock.wait_for(lambda: pending.choice is not None, QUICK):
                    self._save()  # the player takes time: the table has time to write the game
                while pending.choice is None and not self.closing:
                    if pending.withdrawn or self.requests[seat] is not None:  # a step back, served by `serve`
                        if self.pending[seat] is pending:
                            self.pending[seat] = None
                        raise DecisionWithdrawn()
                    if self.stand_in[seat] is not None:  # the host gave the seat to a computer meanwhile
                        self.pending[seat] = None
                        break
                    left = None if self.away_after is None else pending.asked + self.away_after - time.monotonic()
                    if left is not None and left <= 0:
                        self.pending[seat] = None
                        self.stand_in[seat] = self.away_level
                        log.info("table %s: seat %d did not answer within %g s: %s plays it until it is back",
                                 self.game_id, seat + 1, self.away_after, self.away_level)
                        self._tell_presence()
                        break
                    self.lock.wait(left)
                if self.closing:
                    raise TableClosed()
                if pending.choice is not None:
                    return pending.choice
            elif self.stand_in[seat] is None:
                raise DecisionWithdrawn()  # the seat's client asked something first: `serve` answers it
            level = self.stand_in[seat] or self.away_level  # (a level on every way here; read under the lock)
        agent = self.stand_ins.get((seat, level))
        if agent is None:
            agent = self.stand_ins[seat, level] = make_agent(self.game, level,
                                                             derive_seed(self.seeds[seat], "stand-in"))
        return agent.choose(view if agent.wants_view else None, legal)

    def _applied(self, action: Any, events: list[Any]) -> None:
        """After every action: every remote seat told what it may know of it, but for the next turn's start while
        the turn waits for End turn (the session's writer saves the newest position meanwhile, never more than the
        one write in flight behind)."""
        c = self.controller
        n = len(c.actions)
        told = self._as_seen(events[:len(events) - len(c.held_events())])
        actor = c.log.seats[-1] if c.log.seats else -1
        ending = c.ending_seat
        with self.lock:
            self.held_by = ending
            if action is None:  # taken back: every seat's log and view anew
                self.histories = [[encode(e.to_json()) for e in c.history_of(s)] if r else []
                                  for s, r in enumerate(self.remote)]
            for seat, seen, view in told:
                if action is not None:
                    self.histories[seat].extend(seen)
                self.views[seat] = view
            self.n = n
            for seat, seen, view in told:
                link = self.links[seat]
                if link is None:
                    continue
                if action is None:
                    link.send(self._state_text(seat, "state"))
                else:  # `held`: the next turn's start comes once the turn is ended
                    link.send(_told_text("events", n, actor, seen, view, held=ending is not None))
        self._await_turn_end()
        if action is not None and n % PROGRESS_EVERY == 0:
            log.info("table %s: %d actions played", self.game_id, n)
        if self.driven:  # the scene saves every action itself, and no thread of the table's sees the end
            if c.over and self.end_text is None:
                self._tell_end()
            return
        self.unsaved = True
        if time.monotonic() - self.written >= SAVE_EVERY:
            self._save()

    def _as_seen(self, events: Sequence[Any]) -> list[tuple[int, list[str], str]]:
        """Per remote seat: (seat, `events` as it may know them, its view now), as text."""
        c = self.controller
        return [(seat, [encode(e.to_json()) for e in as_seen_by(events, seat)], encode(c.view_of(seat).to_json()))
                for seat, remote in enumerate(self.remote) if remote]

    def _await_turn_end(self) -> None:
        """After a change: a remote seat whose turn is over waits for its End turn, and its client is told so, with
        whether it may still take a step back."""
        c = self.controller
        seat = c.ending_seat
        self.later = c.held_events()
        with self.lock:
            self.ending = None
            if seat is None or not self.remote[seat]:
                return
            n = len(c.actions)
            text = encode({"type": "turn-over", "n": n, "undo": c.why_no_undo(remote=seat)[1]})
            self.ending = seat, Pending(n, 0, text, time.monotonic())
            link = self.links[seat]
            if link is not None and self.ends_turns[seat]:
                link.ask(text)  # (its answer, End turn or a step back, is owed: not counted against its rate)
            self._tell_presence()

    def _turn_ended(self) -> None:
        """A turn was ended (by its player here or on another computer): the next turn's start, held back until
        now, told to every remote seat as it may know it."""
        c = self.controller
        n = len(c.actions)
        actor = c.log.seats[-1] if c.log.seats else -1
        start, self.later = self.later, []
        told = self._as_seen(start)
        with self.lock:
            self.ending = self.held_by = None
            for seat, seen, view in told:
                self.histories[seat].extend(seen)
                self.views[seat] = view
                link = self.links[seat]
                if link is not None:
                    link.send(_told_text("ended", n, actor, seen, view))
            self._tell_presence()

    def serve(self) -> Served | None:
        """On the controller's thread, between its decisions: a remote seat's client's undo or end-turn carried out
        or refused, or the turn of a seat whose player does not end it (a bot's client, a computer standing in)
        ended. What was done, or None."""
        c = self.controller
        with self.lock:
            seat = next((s for s, request in enumerate(self.requests) if request is not None), None)
            request = self.requests[seat] if seat is not None else None
            if seat is not None:
                self.requests[seat] = None
            ending = c.ending_seat
            ends_itself = ending is not None and self.remote[ending] and self._turn_ended_for(ending)
        if seat is not None and request is not None:
            return self._carry_out(seat, request)
        if ends_itself:
            return Served(False, c.proceed())
        return None

    def _turn_ended_for(self, seat: int) -> bool:
        """Whether a remote seat's turn, over, is ended for it now (lock held): its client does not end turns, a
        computer plays the seat, or it was away longer than `away_after` (a computer then plays it)."""
        if self.stand_in[seat] is not None or self.ends_turns[seat] is False:
            return True
        ending = self.ending
        if self.links[seat] is None and ending is not None and self.away_after is not None \
                and time.monotonic() - ending[1].asked >= self.away_after:
            self.stand_in[seat] = self.away_level
            log.info("table %s: seat %d did not end its turn within %g s: %s plays it until it is back",
                     self.game_id, seat + 1, self.away_after, self.away_level)
            self._tell_presence()
            return True
        return False

    def _turn_end_wait(self) -> float:
        """How long the table's thread may wait for a remote seat's End turn before it looks again (lock held)."""
        ending = self.ending
        if ending is None or self.away_after is None:
            return 1.0
        return max(0.0, ending[1].asked + self.away_after - time.monotonic()) + 0.01

    def _carry_out(self, seat: int, request: Request) -> Served | None:
        """A remote seat's undo or end-turn, checked as a local one is: carried out, or refused to its client
        (which is asked again what it was asked)."""
        c = self.controller
        current = request.n == len(c.actions)
        if request.kind == "end-turn":
            if current and c.ending_seat == seat:
                return Served(False, c.proceed())
            refusal = Refusal("not-ending")
        else:
            if current and c.why_no_undo(remote=seat)[0] is not None:
                with self.lock:
                    pending = self.pending[seat]
                    if pending is not None:  # the agent waiting for it gives up (the controller then joins it)
                        pending.withdrawn = True
                        self.pending[seat] = None
                        self.lock.notify_all()
                c.undo(remote=seat)
                return Served(True, [])
            refusal = Refusal("no-undo")
        with self.lock:
            link = self.links[seat]
            if link is not None:
                link.refuse(refusal)
                pending = self.pending[seat]
                if self.ending is not None and self.ending[0] == seat:
                    link.ask(self.ending[1].text)
                elif pending is not None:
                    link.ask(pending.text)
        return None

    def _save(self) -> None:
        """Hand the position to the session's writer (it writes the newest it has, on a thread of its own)."""
        if self.session is not None:
            self.session.write()
        self.written, self.unsaved = time.monotonic(), False

    def _finish(self) -> None:
        assert self.session is not None, "a table that runs its own game saves it"
        self.session.flush()
        self._tell_end()

    def _tell_end(self) -> None:
        c = self.controller
        result = c.result()
        text = encode({"type": "end", "n": len(c.actions), "scores": c.score_reports(), "winners": c.winners(),
                       "result": result, "record": c.record()})
        with self.lock:
            self.end_text = text
            for seat, link in enumerate(self.links):
                if link is not None:
                    link.send(text)
                    self.told_end.add(seat)
        log.info("table %s: the game is over (winners: seats %s)", self.game_id,
                 ", ".join(str(w + 1) for w in c.winners()))
        self.ended.set()
        self._tell_watchers()

    def all_told(self) -> bool:
        """The game is over, every remote seat's client was sent its end and none is connected any more."""
        with self.lock:
            return (self.end_text is not None and all(link is None for link in self.links)
                    and self.told_end == {seat for seat, remote in enumerate(self.remote) if remote})

    def _tell_watchers(self) -> None:
        for watcher in self.watchers:
            watcher()

    def result(self) -> dict[str, Any]:
        return self.controller.result()

    def close(self) -> None:
        """Stop the table's thread (a decision waited for is given up: the save has everything before it)."""
        with self.lock:
            self.closing = True
            self.lock.notify_all()
        if self.thread.is_alive() and threading.current_thread() is not self.thread:
            self.thread.join(timeout=10)
        for agent in self.stand_ins.values():
            agent.close()
        if self.session is None:
            return  # the controller and the saving are the driving scene's
        if self.unsaved and not self.thread.is_alive():
            self._save()
        self.controller.close()
        self.session.close()

    # -- clients, on the network's thread -------------------------------------------------------------------------

    def admit(self, hello: Mapping[str, Any]) -> int:
        """The seat a hello may take, or the Refusal that says why not (its release, the table, the seat, its key,
        then its rules: a stranger learns no more than the release before its key is checked)."""
        if hello["release"] != __version__:
            raise Refusal("release", host=__version__, client=hello["release"][:40])
        if hello["table"] != self.game_id:
            raise Refusal("unknown-table")
        seat: int = hello["seat"]
        if not (seat < len(self.remote) and self.remote[seat]):
            raise Refusal("no-seat", seat=seat + 1)
        try:
            key = decode_bytes(hello["key"], KEY_BYTES, "key")
        except InvitationError:
            raise Refusal("wrong-key", seat=seat + 1) from None
        if not self.hosting.admits(seat, key):
            raise Refusal("wrong-key", seat=seat + 1)
        if hello["rules"].get(self.game.id) != self.game.identity:
            raise Refusal("rules", game=self.game.name)
        return seat

    def join(self, seat: int, link: Link, ends_turns: bool = False) -> Link | None:
        """`link` plays `seat` from now on (`ends_turns`: its player ends the seat's turns, as the app's client
        does): it is sent the table as the seat sees it now, and the decision it owes; the link it replaces (told by
        the caller that it was taken over), if any."""
        with self.lock:
            old, self.links[seat] = self.links[seat], link
            self.ends_turns[seat] = ends_turns
            self._back(seat)
            link.send(self._state_text(seat, "welcome"))
            link.send(self._presence_text())
            pending = self.pending[seat]
            if pending is not None:
                link.ask(pending.text)
            if self.ending is not None and self.ending[0] == seat and ends_turns:
                link.ask(self.ending[1].text)
            self.lock.notify_all()  # (a turn waiting for a client that does not end it goes on)
            if self.end_text is not None:
                link.send(self.end_text)
                self.told_end.add(seat)
            self._tell_presence()
        return old

    def leave(self, seat: int, link: Link) -> None:
        with self.lock:
            if self.links[seat] is link:
                self.links[seat] = None
                self._tell_presence()
        self._tell_watchers()

    def receive(self, seat: int, link: Link, message: Mapping[str, Any]) -> None:
        """A message of the seat's client (of the shape `read_client` checked): Refusal for one turned down."""
        with self.lock:
            if self.links[seat] is not link:
                raise Refusal("taken-over")
            if self._back(seat):
                self._tell_presence()
            kind = message["type"]
            if kind == "action":
                self._answer(seat, message)
            elif kind in ("undo", "end-turn"):
                self.requests[seat] = Request(kind, message["n"])  # carried out on the controller's thread
                self.lock.notify_all()
            elif kind == "chat":
                line = self.say(seat, message["text"])
                for listener in self.chat_listeners:
                    listener(seat, line)
            elif kind == "sync":
                link.send(self._state_text(seat, "state"))
            else:
                raise Refusal("bad-message", why="a client says hello once")

    def say(self, seat: int, text: str) -> str:
        """A chat line of `seat` (a client's, or a person's at the host's screen) to every client (lock held): the
        line as shown, or Refusal when it is no chat line."""
        line = chat_line(text)
        log.info("table %s: chat of seat %d: %s", self.game_id, seat + 1, line)
        self._to_all(encode({"type": "chat", "seat": seat, "text": line}))
        return line

    def _answer(self, seat: int, message: Mapping[str, Any]) -> None:
        decision = message["decision"]
        pending = self.pending[seat]
        if pending is None or decision != pending.decision:
            if decision < self.n or pending is not None and decision < pending.decision:
                raise Refusal("taken", decision=decision)
            raise Refusal("not-yours", decision=decision)
        try:
            pending.choice = chosen_index(message, pending.count)
        except AnswerError as exc:
            raise Refusal("illegal", why=str(exc)) from None
        self.pending[seat] = None
        self.lock.notify_all()

    def stand_in_for(self, seat: int, level: str | None) -> None:
        """The host gives a remote seat to a computer `level` until its player is back, or takes it back (None):
        its decisions wait for its client again."""
        with self.lock:
            if not self.remote[seat] or self.stand_in[seat] == level:
                return
            self.stand_in[seat] = level
            log.info("table %s: the host %s seat %d", self.game_id,
                     f"lets {level} play" if level is not None else "waits for the player of", seat + 1)
            self.lock.notify_all()
            self._tell_presence()

    def _back(self, seat: int) -> bool:
        """The seat's client is here: a computer standing in for it hands the seat back (lock held). Whether one
        did."""
        if self.stand_in[seat] is None:
            return False
        self.stand_in[seat] = None
        log.info("table %s: seat %d is back", self.game_id, seat + 1)
        return True

    def _state_text(self, seat: int, kind: str) -> str:
        ending = -1 if self.held_by is None else self.held_by  # whose turn waits for End turn, its next start untold
        state = (f'{{"n":{self.n},"view":{self.views[seat]},"events":[{",".join(self.histories[seat])}],'
                 f'"ending":{ending}}}')
        if kind == "state":
            return f'{{"type":"state",{state[1:]}'
        return encode({**self._welcome_head, "seat": seat})[:-1] + f',"state":{state}}}'

    def presence(self) -> list[Presence]:
        return [Presence.HOST if not remote else Presence.STAND_IN if self.stand_in[seat] is not None
                else Presence.HERE if self.links[seat] is not None else Presence.AWAY
                for seat, remote in enumerate(self.remote)]

    def waited(self) -> tuple[int, Pending] | None:
        """The remote seat the game waits for (its decision, or its End turn) and what it waits for (lock held)."""
        seat = next((s for s, p in enumerate(self.pending) if p is not None), None)
        if seat is not None:
            pending = self.pending[seat]
            assert pending is not None, "the seat found has a pending decision"
            return seat, pending
        return self.ending

    def _presence_text(self) -> str:
        found = self.waited()
        seat, waiting = found if found is not None else (None, None)
        return encode({"type": "presence", "seats": [p.value for p in self.presence()], "waiting": seat,
                       "waited": round(time.monotonic() - waiting.asked, 1) if waiting is not None else None})

    def _tell_presence(self) -> None:
        self._to_all(self._presence_text())

    def _to_all(self, text: str) -> None:
        for link in self.links:
            if link is not None:
                link.send(text)


def _told_text(kind: str, n: int, actor: int, seen: list[str], view: str, held: bool = False) -> str:
    """An `events` message (an action told) or an `ended` one (a turn's end told), of text encoded already."""
    more = ',"held":true' if held else ""
    return f'{{"type":"{kind}","n":{n},"seat":{actor},"events":[{",".join(seen)}],"view":{view}{more}}}'
