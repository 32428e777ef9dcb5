"""External bots: a child process that plays a seat over JSON lines (docs/bot-protocol.md).

For each decision the game writes one `decide` message to the bot's stdin and
reads one `{"choice": i}` line from its stdout; at the end it writes an `end`
message and closes stdin. The game never waits longer than the timeout and
never trusts the answer: a bot that has exited, answers something that is not
a valid choice, or is too slow loses that decision to a random legal action
(logged as a warning on the `drako_desktop.ai` logger) and the game goes on.
A bot that lets several decisions in a row time out is not asked again: its
seat is played by random legal actions for the rest of the game.

A bot is any program, so it is held on a short leash: an answer line may be
only so long (the rest of a longer one is read and thrown away), and the bot
runs in a process group (a session) of its own that is ended as a whole, so
that nothing it started outlives the game; what leaves that session (a daemon's
setsid and double fork) is owned all the same (`descendants`).

Reading and writing happen on two daemon threads so that neither a bot that
stops answering nor one that stops reading (a full pipe) can block the game.
Answers arrive in order, so an answer that comes after its decision timed out
is recognised as late and skipped when it arrives.

A bot's start-up (loading a model, say) is not its first decision's thinking: a bot may say it is ready
with `{"type": "ready"}` as its first line, and its first decision's time limit counts from then (or from
the question, if that comes later); a bot that never says so gets its start-up allowance on top of its first
decision's limit, counted from its start. Either way the game waits for a start-up at most START_UP_ALLOWANCE.
"""

from __future__ import annotations

import logging
import math
import os
import queue
import random
import shlex
import signal
import subprocess
import sys
import threading
import time
from typing import IO, Any, Sequence

from .. import jsonio
from .descendants import Descendants

log = logging.getLogger("drako_desktop.ai")

DEFAULT_TIMEOUT = 10.0  # seconds per decision, unless DRAKO_BOT_TIMEOUT says otherwise
TIMEOUT_RANGE = (0.1, 600.0)  # the seconds a bot may be given per decision (settings, --bot-timeout, environment)
TIMEOUT_ENV = "DRAKO_BOT_TIMEOUT"
MAX_ANSWER_BYTES = 64 * 1024  # an answer is a few bytes; a longer line is not read into memory
# Lines a bot may write ahead of the questions before the game stops reading (its pipe then fills and
# its writes wait): a bot printing without end must not fill this process's memory line by line.
MAX_AHEAD = 16
# Seconds a bot may take to start (load a model, open its files) before its first decision's time limit
# starts, whether or not it says it is ready: long enough for a program that loads for ten seconds on a busy
# machine, short enough that a game with a bot that never starts waits only once, and not for long.
START_UP_ALLOWANCE = 30.0
READY = {"type": "ready"}  # the line a bot may write once, first, when it has started (docs/bot-protocol.md)
SILENT_LIMIT = 3  # decisions in a row without an answer, after which the bot is not asked again
EXIT_GRACE = 1.0  # seconds a bot that closed its output gets to exit, so that its status can be told
_EOF = None  # the reader's last queue item: the bot closed its stdout (exited)
_TOO_LONG = object()  # the reader's item for a line longer than MAX_ANSWER_BYTES
_CLOSE = None  # the writer's last queue item: close the bot's stdin
if sys.platform == "win32":
    _NEW_GROUP = subprocess.CREATE_NEW_PROCESS_GROUP
else:
    _NEW_GROUP = 0


class AnswerError(ValueError):
    """An answer that picks none of the legal actions; the message says why."""


def decide_message(game: str, view: Any, legal: Sequence[Any]) -> dict[str, Any]:
    """The question an untrusted player (a bot, a network client) is asked: the game, its seat's view and the legal
    actions (docs/bot-protocol.md's `decide`)."""
    return {"type": "decide", "game": game, "seat": view.seat, "view": view.to_json(),
            "legal": [a.to_json() for a in legal]}


def chosen_index(answer: Any, count: int) -> int:
    """The index an answer (`{"choice": i}`, from a bot or a network client) picks among `count` legal actions:
    the one check every untrusted player's answer goes through. AnswerError says what is wrong with it."""
    choice = answer.get("choice") if isinstance(answer, dict) else None
    if not isinstance(choice, int) or isinstance(choice, bool):
        raise AnswerError(f"answer has no whole-number \"choice\": {jsonio.shown(answer)}")
    if not 0 <= choice < count:
        raise AnswerError(f"choice {choice} is outside the {count} legal actions")
    return choice


class BotStartError(Exception):
    """The bot command cannot be run at all (empty, bad quoting, not found, not executable)."""


def parse_timeout(text: str) -> float:
    """Seconds per decision from the command line or the environment; ValueError saying what is allowed."""
    low, high = TIMEOUT_RANGE
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not low <= value <= high:
        raise ValueError(f"must be a number of seconds from {low:g} to {high:g}, not {jsonio.shown(text)}")
    return value


def default_timeout() -> float:
    text = os.environ.get(TIMEOUT_ENV)
    if text is None:
        return DEFAULT_TIMEOUT
    try:
        return parse_timeout(text)
    except ValueError as exc:
        raise BotStartError(f"{TIMEOUT_ENV} {exc}") from None


class ExecAgent:
    """A seat played by an external program (`exec:COMMAND`)."""

    wants_view = True

    def __init__(self, command: str, game: str, seed: int, timeout: float | None = None,
                 start_up: float | None = None) -> None:
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
        self.start_up = START_UP_ALLOWANCE if start_up is None else start_up
        # When the bot's start-up was over: its first line came (the ready line, or an answer), or its allowance ran
        # out first. None until then.
        self.ready_at: float | None = None
        self.heard = False  # the bot wrote a line: its first one, the only one that may be the ready line, was read
        self.late = 0  # answers still owed for decisions that timed out
        self.silent = 0  # decisions in a row that timed out
        self.given_up = False  # too many of them: the seat plays random legal actions from now on
        self.exit_reason: str | None = None  # why the bot gives no more answers, once it gives none
        self.descendants = Descendants()  # and whatever leaves that session or group: ended all the same
        try:  # in a session (POSIX) or process group (Windows) of its own: ended as a whole
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         start_new_session=sys.platform != "win32", creationflags=_NEW_GROUP)
        except OSError as exc:
            raise BotStartError(f"cannot start the bot {command!r}: {exc.strerror or exc}") from None
        self.descendants.started(self.proc)
        self.started = time.monotonic()
        self.answers: queue.Queue[Any] = queue.Queue(MAX_AHEAD)  # lines, _TOO_LONG, _EOF
        self.ended = threading.Event()  # set once the bot is ended: nobody waits for its lines any more
        self.outbox: queue.Queue[bytes | None] = queue.Queue()
        self.reader = threading.Thread(target=_read, args=(self.proc.stdout, self.answers, self.ended), daemon=True,
                                       name="bot-reader")
        self.reader.start()
        threading.Thread(target=_write, args=(self.proc.stdin, self.outbox), daemon=True, name="bot-writer").start()

    def choose(self, view: Any, legal: Sequence[Any]) -> int:
        if self.given_up:
            return self.rng.randrange(len(legal))
        self._send(decide_message(self.game, view, legal))
        asked = time.monotonic()
        deadline = self._deadline(asked)
        while self.exit_reason is None:
            try:
                line = self.answers.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self.late += 1
                self.silent += 1
                starting = ""
                if self.ready_at is None:  # it had its whole start-up allowance: that is over now
                    self.ready_at = self.started + self.start_up
                    starting = f" (after a start-up allowance of {self.start_up:g} s)" if self.start_up else ""
                choice = self._fallback(legal, f"no answer within {self.timeout:g} s{starting}")
                if self.silent >= SILENT_LIMIT:
                    self._give_up()
                return choice
            if line is _EOF:
                self.exit_reason = self._why_no_answers()
                break
            if not self.heard:  # the bot's first line: its start-up is over, and it may say only that
                self.heard = True
                if self.ready_at is None:
                    self.ready_at = time.monotonic()
                if self._says_ready(line):  # the decision's own time limit counts from now
                    deadline = min(deadline, self._deadline(asked))
                    continue
            if self.late:
                self.late -= 1
                continue
            self.silent = 0
            return self._parse(line, legal)
        return self._fallback(legal, self.exit_reason)

    def _deadline(self, asked: float) -> float:
        """When a decision asked at `asked` times out: its time limit after the question, or after the start-up
        (said to be over, or else its allowance) if that ends later."""
        start_up_over = self.ready_at if self.ready_at is not None else self.started + self.start_up
        return max(asked, start_up_over) + self.timeout

    @staticmethod
    def _says_ready(line: Any) -> bool:
        if line is _TOO_LONG:
            return False
        try:
            return bool(jsonio.loads(line, MAX_ANSWER_BYTES) == READY)
        except jsonio.JsonError:
            return False

    def _parse(self, line: Any, legal: Sequence[Any]) -> int:
        if line is _TOO_LONG:
            return self._fallback(legal, f"answer longer than {MAX_ANSWER_BYTES:,} bytes")
        try:
            answer = jsonio.loads(line, MAX_ANSWER_BYTES)
        except jsonio.JsonError as exc:
            return self._fallback(legal, f"answer {jsonio.shown(line.decode(errors='replace').strip())}: {exc}")
        try:
            return chosen_index(answer, len(legal))
        except AnswerError as exc:
            return self._fallback(legal, str(exc))

    def _fallback(self, legal: Sequence[Any], reason: str) -> int:
        choice = self.rng.randrange(len(legal))
        log.warning("bot %s: %s; playing the random legal action %s instead", self.name, reason, legal[choice])
        return choice

    def _why_no_answers(self) -> str:
        """The bot closed its output: it has exited (with which status), or it goes on without it."""
        try:
            status = self.proc.wait(timeout=EXIT_GRACE)
        except subprocess.TimeoutExpired:
            return "the bot closed its output but is still running"
        if status < 0:
            return f"the bot was ended by signal {-status}"
        return f"the bot has exited (status {status})"

    def _give_up(self) -> None:
        self.given_up = True
        log.warning("bot %s: %d decisions in a row without an answer: the seat is played by random legal actions "
                    "for the rest of the game", self.name, SILENT_LIMIT)
        self._end()

    def _send(self, message: dict) -> None:
        self.outbox.put((jsonio.dumps(message) + "\n").encode())

    def game_over(self, scores: Sequence[dict], winners: Sequence[int]) -> None:
        self._send({"type": "end", "scores": list(scores), "winners": list(winners)})
        self.outbox.put(_CLOSE)

    def close(self) -> None:
        """Let the bot finish on its own for a moment, then end it and whatever it started."""
        if self.proc.poll() is None:
            self.outbox.put(_CLOSE)
            try:
                self.proc.wait(timeout=min(1.0, self.timeout))
            except subprocess.TimeoutExpired:
                pass
        self._end()

    def _end(self) -> None:
        """End the bot's whole process group (the bot and any process it started), then reap the bot."""
        self.ended.set()
        if sys.platform == "win32":
            if self.proc.poll() is None:  # the tree under the bot, while the bot is there to find it by
                subprocess.run(["taskkill", "/F", "/T", "/PID", str(self.proc.pid)], capture_output=True)
        else:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):  # nothing of the group is left
                pass
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        self.descendants.end()


def _read(stream: IO[bytes], answers: queue.Queue, ended: threading.Event) -> None:
    def put(item: Any) -> bool:
        """Queue the item once there is room (the game asks for one answer at a time), unless the bot is ended."""
        while not ended.is_set():
            try:
                answers.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    try:
        while line := stream.readline(MAX_ANSWER_BYTES + 1):
            if len(line) > MAX_ANSWER_BYTES and not line.endswith(b"\n"):
                if not put(_TOO_LONG):
                    break
                while line and not line.endswith(b"\n"):  # the rest of that line, a bounded piece at a time
                    line = stream.readline(MAX_ANSWER_BYTES)
                continue
            if not put(line):
                break
    except (OSError, ValueError):
        pass
    finally:
        stream.close()
        put(_EOF)


def _write(stream: IO[bytes], outbox: queue.Queue) -> None:
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
