"""`drako-desktop join --agent`: a seat of a host's table played by a computer level or an `exec:` bot, without a
window (how the tests drive many seats, and how a bot author plays a friend's table).

The seat's agent is made once the host's welcome names the game; it is asked each decision the host sends, with
the view and legal actions of the `decide` message (an `exec:` bot gets that message as the bot protocol's), and
the answer goes back numbered. A decision asked again gets the answer given before (`AnswerCache`). At the end the
finished game's record, everything revealed, goes into this computer's history (a finished save, which the viewer
and the review open) and the result is printed as JSON like the host's.
"""

from __future__ import annotations

import json
import logging
import secrets
from dataclasses import replace
from typing import Any, Mapping

from ..ai import REMOTE, AgentSpecError, is_builtin, make_agent
from ..console import Writable
from ..controller.game import COMPUTER, MAX_NAME, GameSetup, Seat, clean_name
from ..controller.runner import derive_seed
from ..interface.game import Agent, AnyGame
from ..records import RecordError, replay_record
from ..saves import encode, file_name, history_dir, new_game_id, now, start_game
from ..storage import write_new
from .client import AnswerCache, NetClient
from .invitation import Invitation

log = logging.getLogger("drako_desktop.net")


class SeatPlayer:
    """What a headless seat does with each message of its host (the loop of `play_seat`)."""

    def __init__(self, client: NetClient, library: Mapping[str, AnyGame], agent: str, seed: int | None,
                 bot_timeout: float | None) -> None:
        self.client = client
        self.library = library
        self.spec = agent
        self.seed = seed
        self.bot_timeout = bot_timeout
        self.game: AnyGame | None = None
        self.agent: Agent | None = None
        self.welcome: dict[str, Any] = {}
        self.answers = AnswerCache()
        self.result: dict[str, Any] | None = None
        self.refusal: str | None = None

    def take(self, message: dict[str, Any]) -> bool:
        """Act on one message; whether the seat is done (the game's end, or a refusal for good)."""
        kind: str = message["type"]
        if kind == "welcome":
            try:
                self._welcomed(message)
            except AgentSpecError as exc:  # the agent is not one of the host's game (a level it does not have)
                self.refusal = str(exc)
                return True
        elif kind == "decide":
            self._decide(message)
        elif kind == "end":
            self._ended(message)
            return True
        elif kind == "refused":
            log.warning("the host refused: %s", message["message"])
            if message.get("final"):
                self.refusal = message["message"]
                return True
        elif kind == "lost":
            log.info("connection lost (%s): trying again in %g s", message["why"], message["retry"])
        elif kind == "chat":
            log.info("chat of seat %d: %s", message["seat"] + 1, message["text"])
        return kind == "closed"

    def _welcomed(self, message: dict[str, Any]) -> None:
        game = self.library[message["game"]]  # the client named only games it has, and the host checked the rules
        if self.agent is None:
            seat = message["seat"]
            seed = secrets.randbits(63) if self.seed is None else derive_seed(self.seed, "agent", 0, seat)
            self.game = game
            self.agent = make_agent(game, self.spec, seed, bot_timeout=self.bot_timeout)
            log.info("joined %s as seat %d of %d (%s)", game.name, seat + 1, message["players"], self.spec)
        else:
            log.info("back in the game after action %d", message["state"]["n"])
        self.welcome = message

    def _decide(self, message: dict[str, Any]) -> None:
        assert self.game is not None and self.agent is not None, "a decision comes after the welcome"
        decision, legal = message["decision"], message["legal"]
        choice = self.answers.get(decision, legal)
        if choice is None:
            try:
                view = self.game.view_from_json(message["view"])
                actions = [self.game.action_from_json(a) for a in legal]
            except Exception as exc:  # a host's bytes are as hostile as a client's: this one is not answered
                log.warning("the host's decision %d cannot be read (%s): not answered", decision, exc)
                return
            choice = self.agent.choose(view if self.agent.wants_view else None, actions)
            self.answers.put(decision, legal, choice)
        self.client.send({"type": "action", "decision": decision, "choice": choice})

    def _ended(self, message: dict[str, Any]) -> None:
        self.result = message["result"]
        if self.agent is not None:
            self.agent.game_over(message["scores"], message["winners"])
        keep_finished(self.library, message["record"], self.welcome, self.spec)

    def close(self) -> None:
        if self.agent is not None:
            self.agent.close()


def keep_finished(library: Mapping[str, AnyGame], record: Any, welcome: Mapping[str, Any],
                  agent: str | None) -> None:
    """The finished game from its host's record into this computer's history, named and seated as at the table
    (the other seats as played from elsewhere; this one by `agent`'s level, as remote too when it is a bot of the
    command line, or, with no `agent`, as the person at this screen); said in the log when it cannot be kept."""
    try:
        game, state = replay_record(library, record)
        seat = welcome["seat"]
        names = [clean_name(str(n))[:MAX_NAME] or f"Seat {i + 1}" for i, n in enumerate(welcome["names"])]
        if len(names) != state.players:
            raise ValueError("the welcome and the record name different seats")
        own = Seat(names[seat]) if agent is None else \
            Seat(names[seat], COMPUTER, agent if is_builtin(game, agent) else REMOTE)
        seats = tuple(own if i == seat else Seat(name, COMPUTER, REMOTE) for i, name in enumerate(names))
        setup = GameSetup(seats, state.seed, state.first, game.id, tuple(state.variants))
        saved = replace(start_game(setup), game_id=welcome["table"], actions=tuple(state.history), updated=now())
        text = encode(saved, state, game)
        history_dir().mkdir(parents=True, exist_ok=True)
        if not write_new(history_dir() / file_name(saved.game_id), text):  # this computer hosted it too
            write_new(history_dir() / file_name(new_game_id()), encode(replace(saved, game_id=new_game_id()), state,
                                                                        game))
    except (RecordError, ValueError, KeyError, TypeError, OSError) as exc:
        log.warning("the game's record from the host cannot be kept: %s", exc)
        return
    log.info("the game's record is in %s", history_dir())


def play_seat(invitation: Invitation, library: Mapping[str, AnyGame], agent: str, out: Writable, *,
              seed: int | None = None, bot_timeout: float | None = None) -> int:
    """Play the invitation's seat to the end of the game (the library has the invitation's game): 0 with the result
    printed, 2 when the host refused it."""
    client = NetClient(invitation, {invitation.game: library[invitation.game].identity})
    player = SeatPlayer(client, library, agent, seed, bot_timeout)
    client.start()
    try:
        while not player.take(client.inbox.get()):
            pass
    finally:
        client.close()
        player.close()
        client.join(5)
    if player.result is None:
        log.error("%s", player.refusal or "the connection ended before the game did")
        return 2
    out.write(json.dumps(player.result) + "\n")
    out.flush()
    return 0
