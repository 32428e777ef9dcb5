"""External bots: a child process that plays a seat over JSON lines (docs/bot-protocol.md).

For each decision the game writes one `decide` message to the bot's stdin and
reads one `{"choice": i}` line from its stdout; at the end it writes an `end`
message and closes stdin. The game never waits longer than the timeout and
never trusts the answer: a bot that has exited, answers something that is not
a valid choice, or is too slow loses that decision to a random legal action
(logged as a warning on the `drako_desktop.ai` logger) and the game goes on.

Reading and writing happen on two daemon threads so that neither a bot that
stops answering nor one that stops reading (a full pipe) can block the game.
Answers arrive in order, so an answer that comes after its decision timed out
is recognised as late and skipped when it arrives.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import random
import shlex
import subprocess
import threading
import time
from typing import IO, Any, Sequence

log = logging.getLogger("drako_desktop.ai")

DEFAULT_TIMEOUT = 10.0  # seconds per decision, unless DRAKO_BOT_TIMEOUT says otherwise
TIMEOUT_ENV = "DRAKO_BOT_TIMEOUT"
_EOF = None  # the reader's last queue item: the bot closed its stdout (exited)
_CLOSE = None  # the writer's last queue item: close the bot's stdin


class BotStartError(Exception):
    """The bot command cannot be run at all (empty, bad quoting, not found, not executable)."""


def default_timeout() -> float:
    text = os.environ.get(TIMEOUT_ENV)
    if text is None:
        return DEFAULT_TIMEOUT
    try:
        value = float(text)
    except ValueError:
        raise BotStartError(f"{TIMEOUT_ENV} must be a number of seconds, not {text!r}") from None
    if not value > 0:
        raise BotStartError(f"{TIMEOUT_ENV} must be more than 0 seconds, not {text!r}")
    return value


class ExecAgent:
    """A seat played by an external program (`exec:COMMAND`)."""

    wants_view = True

    def __init__(self, command: str, game: str, seed: int, timeout: float | None = None) -> None:
        try:
            argv = shlex.split(command)
        except ValueError as exc:
            raise BotStartError(f"cannot split the bot command {command!r}: {exc}") from None
        if not argv:
            raise BotStartError("the bot command is empty (use exec:COMMAND)")
        self.name = f"exec:{command}"
        self.game = game
        self.rng = random.Random(seed)
        self.timeout = default_timeout() if timeout is None else timeout
        self.late = 0  # answers still owed for decisions that timed out
        self.exited = False
        try:
            self.proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8", errors="replace",
                bufsize=1,
            )
        except OSError as exc:
            raise BotStartError(f"cannot start the bot {command!r}: {exc.strerror or exc}") from None
        self.answers: queue.Queue[str | None] = queue.Queue()
        self.outbox: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=_read, args=(self.proc.stdout, self.answers), daemon=True, name="bot-reader").start()
        threading.Thread(target=_write, args=(self.proc.stdin, self.outbox), daemon=True, name="bot-writer").start()

    def choose(self, view: Any, legal: Sequence[Any]) -> int:
        self._send({
            "type": "decide", "game": self.game, "seat": view.seat, "view": view.to_json(),
            "legal": [a.to_json() for a in legal],
        })
        deadline = time.monotonic() + self.timeout
        while not self.exited:
            try:
                line = self.answers.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self.late += 1
                return self._fallback(legal, f"no answer within {self.timeout:g} s")
            if line is _EOF:
                self.exited = True
                break
            if self.late:
                self.late -= 1
                continue
            return self._parse(line, legal)
        return self._fallback(legal, f"the bot has exited (status {self.proc.poll()})")

    def _parse(self, line: str, legal: Sequence[Any]) -> int:
        try:
            answer = json.loads(line)
        except json.JSONDecodeError:
            return self._fallback(legal, f"answer is not JSON: {line.strip()[:80]!r}")
        choice = answer.get("choice") if isinstance(answer, dict) else None
        if not isinstance(choice, int) or isinstance(choice, bool):
            return self._fallback(legal, f"answer has no whole-number \"choice\": {line.strip()[:80]!r}")
        if not 0 <= choice < len(legal):
            return self._fallback(legal, f"choice {choice} is outside the {len(legal)} legal actions")
        return choice

    def _fallback(self, legal: Sequence[Any], reason: str) -> int:
        choice = self.rng.randrange(len(legal))
        log.warning("bot %s: %s; playing the random legal action %s instead", self.name, reason, legal[choice])
        return choice

    def _send(self, message: dict) -> None:
        self.outbox.put(json.dumps(message, separators=(",", ":")) + "\n")

    def game_over(self, scores: Sequence[dict], winners: Sequence[int]) -> None:
        self._send({"type": "end", "scores": list(scores), "winners": list(winners)})
        self.outbox.put(_CLOSE)

    def close(self) -> None:
        """Let the bot finish on its own for a moment, then make sure it is gone."""
        if self.proc.poll() is None:
            self.outbox.put(_CLOSE)
            try:
                self.proc.wait(timeout=min(1.0, self.timeout))
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def _read(stream: IO[str], answers: queue.Queue) -> None:
    try:
        for line in stream:
            answers.put(line)
    except OSError:
        pass
    finally:
        stream.close()
        answers.put(_EOF)


def _write(stream: IO[str], outbox: queue.Queue) -> None:
    try:
        while (message := outbox.get()) is not _CLOSE:
            stream.write(message)
            stream.flush()
    except (OSError, ValueError):  # the bot exited (broken pipe): its answers will say so
        pass
    finally:
        try:
            stream.close()
        except OSError:
            pass
