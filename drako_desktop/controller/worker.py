"""Computer opponents thinking in a process of their own.

The search levels think up to a second (hard) or a few (expert) per decision. In a
thread of the game's process that search holds Python's GIL and the frame loop
stutters while it runs. Here every computer agent lives in one child process;
the controller's worker thread only sends the view and waits for the answer on
a pipe (the wait releases the GIL), so the frame loop keeps its pace.

`AgentProcess.factory` has the signature of `make_agent` and gives proxies that
follow the Agent protocol, so the controller's state machine is unchanged.
Messages cross the pipe as JSON (views and actions in their bot-protocol
shapes), never pickled objects, read as bounded as any JSON from outside.
The only external bot this process runs is the one of the settings (`external`
seats): a seat level naming a command is refused.
"""

from __future__ import annotations

import multiprocessing
import threading
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Callable, Sequence

from .. import jsonio
from ..ai import EXEC_PREFIX, AgentSpecError, make_agent
from ..interface import registry
from .hint import think_inline

MAX_MESSAGE_BYTES = 32_000_000  # a view and its legal actions: tens of kilobytes


class AgentProcessError(RuntimeError):
    """The opponents' process failed or ended."""


class AgentProcess:
    def __init__(self, game_id: str, folder: Path, bot_timeout: float | None = None, bot_command: str = "") -> None:
        """The opponents of one game (the registry id and its data folder, house rules included);
        `external` seats are played by `bot_command` (the settings' external bot)."""
        self.game_id = game_id
        self.folder = folder
        context = multiprocessing.get_context("spawn")  # a fresh interpreter: no window, no threads copied
        self._conn, child = context.Pipe()
        self._process = context.Process(target=_serve, args=(child, game_id, str(folder), bot_timeout, bot_command),
                                        name="drako-opponents", daemon=True)
        self._process.start()
        child.close()
        self._lock = threading.Lock()
        self._next_key = 0

    def factory(self, spec: str, seed: int) -> "RemoteAgent":
        """Build an agent in the child process (a controller's agent factory: level or `external`, seed)."""
        self._next_key += 1
        key = self._next_key
        name, wants_view = self.call("make", key, spec, seed)
        return RemoteAgent(self, key, name, wants_view)

    def assess(self, view: Any, legal: Sequence[Any], seed: int, depth: int,
               wanted: Callable[[], bool] | None = None, watched: Sequence[Any] = ()) -> int | None:
        """The strongest level's preferred action (an index into `legal`) from this view, thought out in the
        opponents' process so the table stays smooth, after the seat's earlier views (`watched`); None when the
        game has no analyst (no search level), or when it was no longer `wanted()` by its turn to be thought out."""
        best: int | None = self.call("assess", view.to_json(), [a.to_json() for a in legal], seed, depth,
                                     [v.to_json() for v in watched], wanted=wanted)
        return best

    def call(self, *message: Any, wanted: Callable[[], bool] | None = None) -> Any:
        """Send `message` and wait for the answer, after the calls before it (one at a time); not sent when it is
        no longer `wanted()` by its turn (None then)."""
        with self._lock:
            if wanted is not None and not wanted():
                return None
            try:
                _send(self._conn, message)
                status, value = _receive(self._conn)
            except (EOFError, OSError) as exc:
                raise AgentProcessError("the computer opponents' process has ended") from exc
        if status == "spec-error":
            raise AgentSpecError(value)
        if status == "error":
            raise AgentProcessError(value)
        return value

    def close(self) -> None:
        try:
            with self._lock:
                _send(self._conn, ["quit"])
        except (OSError, ValueError):
            pass
        self._process.join(timeout=2)
        if self._process.is_alive():
            self._process.terminate()
        self._conn.close()


class RemoteAgent:
    """An agent living in the AgentProcess, seen through the Agent protocol."""

    def __init__(self, process: AgentProcess, key: int, name: str, wants_view: bool) -> None:
        self.process, self.key, self.name, self.wants_view = process, key, name, wants_view

    def choose(self, view: Any, legal: Sequence[Any]) -> int:
        chosen: int = self.process.call("choose", self.key, view.to_json() if view else None,
                                        [a.to_json() for a in legal])
        return chosen

    def game_over(self, scores: Sequence[dict[str, Any]], winners: Sequence[int]) -> None:
        self.process.call("game-over", self.key, list(scores), list(winners))

    def close(self) -> None:
        try:
            self.process.call("close", self.key)
        except AgentProcessError:
            pass  # the process is gone already: so is the agent


def _send(conn: Connection, message: Any) -> None:
    conn.send_bytes(jsonio.dumps(message).encode())


def _receive(conn: Connection) -> Any:
    try:
        return jsonio.loads(conn.recv_bytes(MAX_MESSAGE_BYTES), MAX_MESSAGE_BYTES)
    except jsonio.JsonError as exc:
        raise OSError(f"a message of the opponents' process cannot be read: {exc}") from None


def _serve(conn: Connection, game_id: str, folder: str, bot_timeout: float | None, bot_command: str) -> None:
    """The child process: build agents and answer for them until told to quit."""
    game = registry.load(game_id, Path(folder))
    agents: dict[int, Any] = {}
    while True:
        try:
            message = _receive(conn)
        except EOFError:
            break
        kind = message[0]
        if kind == "quit":
            break
        try:
            if kind == "make":
                _, key, spec, seed = message
                if spec.startswith(EXEC_PREFIX):  # the app runs no program but the settings' bot
                    raise AgentSpecError("a seat cannot name a program to run; the external bot is set in Settings")
                agent = agents[key] = make_agent(game, spec, seed, bot_timeout=bot_timeout, bot_command=bot_command)
                reply: Any = (agent.name, agent.wants_view)
            elif kind == "choose":
                _, key, view, legal = message
                reply = agents[key].choose(game.view_from_json(view) if view else None,
                                           [game.action_from_json(a) for a in legal])
            elif kind == "assess":
                _, view, legal, seed, depth, watched = message
                reply = think_inline(game, game.view_from_json(view), [game.action_from_json(a) for a in legal],
                                     seed, depth, [game.view_from_json(v) for v in watched])
            elif kind == "game-over":
                _, key, scores, winners = message
                reply = agents[key].game_over(scores, winners)
            else:  # close
                reply = agents.pop(message[1]).close()
            _send(conn, ["ok", reply])
        except AgentSpecError as exc:
            _send(conn, ["spec-error", str(exc)])
        except Exception as exc:  # reported to the game, which says which opponent failed
            _send(conn, ["error", f"{type(exc).__name__}: {exc}"])
    for agent in agents.values():
        agent.close()
