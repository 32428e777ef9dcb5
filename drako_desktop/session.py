"""Keeping a game on the table safe: autosave after every action, a log line, statistics at the end.

A `GameSession` listens to the turn controller. After every applied action it
writes one line to the log (game id, action count) and hands the position to
the background `Autosaver`; an undo writes the rebuilt position the same way.
When the game ends it counts the game once in the statistics, and the
autosaver moves the file to the history folder. A game another copy of the app
took over is neither saved nor counted here any more.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from .controller.game import GameController
from .i18n import Message
from .saves import Autosaver, SavedGame
from .stats import Statistics

log = logging.getLogger(__name__)


class GameSession:
    def __init__(self, controller: GameController[Any, Any], game: SavedGame) -> None:
        self.controller = controller
        self.game = game
        self.autosaver = Autosaver(game, controller.game)
        # For the player once the game is over when the statistics file failed: (title, what happened, detail).
        self.notice: tuple[Message, Message, Message] | None = None
        self._recorded = game.finished
        # A driver that has the game written when it has time sets this (a network host, whose players may answer
        # a hundred times a second: it writes when it waits for one, and every so often): an action is then not
        # written by itself, except the last one.
        self.paced = False
        controller.listeners.append(self.applied)
        controller.turn_end_listeners.append(self.turn_ended)
        seats = ", ".join(seat.spec() for seat in controller.seats)
        how = "resumed" if game.actions else "started"
        # Not the seed: it decides every hidden card, and the log is there to read while the game goes on (the
        # save, which a bug report attaches, has it).
        log.info("game %s %s at action %d (seats %s, chosen seed %s, practice %s)", game.game_id, how,
                 len(controller.actions), seats, game.setup.seed_chosen, controller.practice)
        if not game.actions and not game.finished:
            self.write()  # a new game is kept from its start: left before its first move, Continue brings it back

    @property
    def game_id(self) -> str:
        return self.game.game_id

    def applied(self, action: Any | None, events: list[Any]) -> None:
        count = len(self.controller.actions)
        if action is None:
            log.info("game %s: undo back to action %d", self.game_id, count)
        else:
            # Written before the save is queued: the log never counts fewer actions than the file holds.
            log.info("game %s: action %d applied %s", self.game_id, count, action.to_json())
        if not self.paced or self.controller.over:
            self.write()
        if self.controller.over:
            self.record_statistics()

    def hinted(self, seat: int) -> None:
        """A hint was shown: the save counts it at once (leaving now does not lose it)."""
        log.info("game %s: hint for seat %d at action %d", self.game_id, seat, len(self.controller.actions))
        self.write()

    def turn_ended(self) -> None:
        """A person ended their turn: the save says so at once (resumed, it is not theirs to take back)."""
        log.info("game %s: turn ended at action %d", self.game_id, len(self.controller.actions))
        self.write()

    def write(self) -> None:
        c = self.controller
        # The save is the one place besides the controller that holds the whole position (the controller's layer).
        self.autosaver.save(c._state, tuple(c.hints), c.turn_ended)

    @property
    def busy(self) -> bool:
        """The last position is still being written (the table waits before the next computer move)."""
        return self.autosaver.busy

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until the last position is on disk."""
        return self.autosaver.flush(timeout)

    @property
    def error(self) -> Message | None:
        """Why the game could not be saved (the last write failed, or it was taken over), or None."""
        return self.autosaver.error

    def saved_path(self) -> Path | None:
        """Where the game is saved now (the history folder once it is over), or None if nowhere yet."""
        location = self.autosaver.location
        return location if location is not None and location.exists() else None

    def record_statistics(self) -> None:
        """Count the finished game for the people at the table, once."""
        if self._recorded:
            return
        self._recorded = True
        c = self.controller
        if not any(seat.is_human for seat in c.seats) or self.autosaver.taken_over():
            return  # only people are counted, and a game taken over is counted by the copy that has it
        stats, problem = Statistics.load()
        if problem is not None:
            self.notice = (Message("statistics.trouble_title"), Message("statistics.trouble"), problem)
        totals = [b.total for b in c.scores()]
        if stats.record_game(self.game_id, c.setup, totals, c.winners(), c.practice, c.hints):
            try:
                stats.save()
            except OSError as exc:
                self.notice = (Message("statistics.not_saved_title"), Message("statistics.not_saved"),
                               Message("stats_errors.not_saved", reason=exc.strerror or str(exc)))
                log.error("the statistics could not be saved: %s", exc)

    def close(self) -> None:
        """Write what is queued and stop the writer (leaving the table, quitting)."""
        self.autosaver.close()
