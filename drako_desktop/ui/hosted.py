"""A game the app hosts: seats played from other computers beside the people at this screen and its computers.

The table scene's controller is the game. A `net.table.Table` driven by that controller tells each remote seat's
client what that seat may know and asks it for the seat's decisions (the seat's agent waits for the answer in the
controller's worker thread, as a computer's thinking does), and a `BackgroundHost` serves it on a thread of its own:
the frame loop never waits for the network. What lets the invitations in (`Hosting`: the certificate, each seat's
key, the port) is kept in the data folder beside the save, so a hosted game continued later lets the same
invitations in again.
"""

from __future__ import annotations

import queue
import secrets
import time
from dataclasses import dataclass
from typing import Any

from ..ai import REMOTE
from ..controller.game import GameController
from ..interface.game import AnyGame
from ..net.client import drained
from ..net.host import BackgroundHost, default_address, port_for_new_table
from ..net.hosting import Hosting, TableFileError
from ..net.invitation import Invitation
from ..net.protocol import DEFAULT_PORT
from ..net.table import ControllerMaker, Presence, Served, Table
from ..saves import SavedGame


@dataclass(frozen=True)
class HostingPlace:
    """Where a new hosted game listens and what address its invitations name (tests: 127.0.0.1, any port)."""

    bind: str = ""  # every interface
    port: int = DEFAULT_PORT
    address: str | None = None  # None: this computer's own address on its network


@dataclass(frozen=True)
class Waiting:
    """The game waits for the decision of a seat played from another computer."""

    seat: int
    seconds: float  # since it was asked
    away: bool  # no client of the seat is connected


class HostedTable:
    def __init__(self, game: AnyGame, saved: SavedGame, hosting: Hosting, make_controller: ControllerMaker) -> None:
        self.saved = saved
        self.table = Table(game, saved, hosting, driven_by=make_controller)
        self.server = BackgroundHost(self.table)
        self.heard: queue.Queue[tuple[int, str]] = queue.Queue()  # the clients' chat lines, from the network's thread
        self.table.chat_listeners.append(lambda seat, line: self.heard.put((seat, line)))

    @classmethod
    def new(cls, game: AnyGame, saved: SavedGame, place: HostingPlace,
            make_controller: ControllerMaker) -> "HostedTable":
        """A new game's table, with a certificate and a key for each remote seat made for it and saved."""
        seats = saved.setup.seats
        hosting = Hosting.new(saved.game_id, game.id, [seat.level == REMOTE for seat in seats],
                              place.address or default_address(place.bind), port_for_new_table(place.bind, place.port),
                              place.bind, [secrets.randbits(63) for _ in seats])
        hosting.save()
        return cls(game, saved, hosting, make_controller)

    @classmethod
    def reopened(cls, game: AnyGame, saved: SavedGame, make_controller: ControllerMaker) -> "HostedTable":
        """A hosted game continued: its old invitations (TableFileError when they cannot be used any more)."""
        hosting = Hosting.load(saved.game_id)
        if [key is not None for key in hosting.keys] != [seat.level == REMOTE for seat in saved.setup.seats]:
            raise TableFileError(f"the invitations of {saved.game_id} are not for its seats")
        return cls(game, saved, hosting, make_controller)

    @property
    def controller(self) -> "GameController[Any, Any]":
        return self.table.controller

    def start(self) -> None:
        self.server.start()

    def invitations(self) -> list[Invitation]:
        """Each remote seat's invitation, naming the port listened on (known once the host listens)."""
        return self.table.hosting.invitations()

    @property
    def listening(self) -> bool:
        return self.server.listening

    @property
    def failure(self) -> BaseException | None:
        """Why the game is not served (the port taken by another program, say), if it is not."""
        return self.server.failure

    def is_remote(self, seat: int) -> bool:
        return self.table.remote[seat]

    def presence(self) -> list[Presence]:
        with self.table.lock:
            return self.table.presence()

    def waiting(self) -> Waiting | None:
        """The remote seat whose decision (or End turn) the game waits for, if it waits for one."""
        with self.table.lock:
            found = self.table.waited()
            if found is None:
                return None
            seat, pending = found
            return Waiting(seat, time.monotonic() - pending.asked, self.table.presence()[seat] == Presence.AWAY)

    def serve(self) -> Served | None:
        """The remote seats' step back or End turn, carried out by the frame loop that drives the controller (or
        the turn of a seat whose player does not end it, ended): what was done, or None."""
        return self.table.serve()

    def stand_in_for(self, seat: int, level: str | None) -> None:
        """A computer `level` plays the seat of a player who is not here until they are back, or (None) the game
        waits for them."""
        self.table.stand_in_for(seat, level)

    def stand_in_level(self, seat: int) -> str | None:
        """The computer level playing the seat meanwhile (None: the game waits for its player)."""
        with self.table.lock:
            return self.table.stand_in[seat]

    @property
    def first_stand_in(self) -> str:
        """The level the host offers first (and a seat not answering in time gets: `host --away-level`)."""
        return self.table.away_level

    def chat_heard(self) -> list[tuple[int, str]]:
        """The clients' chat lines since the last call, (seat, line), in order (never waits)."""
        return drained(self.heard)

    def say(self, seat: int, text: str) -> str:
        """A chat line of a person at this screen (`seat`) to every client: the line as shown (Refusal when it is
        none: empty once cleaned, or too long)."""
        with self.table.lock:
            return self.table.say(seat, text)

    def close(self) -> None:
        """The table is left (never waits): a decision waited for is given up, the clients are told the host is
        closing (they come back by themselves when the game is continued)."""
        self.table.close()
        self.server.stop()
