"""Saved games: versioned JSON, replayed and checked on load, never half-loaded.

A save holds what is needed to replay the game exactly (the game's id and the
identity of its data, seats, seed, first seat, variants, the chosen actions) and a public snapshot of where the
game stood (the view everyone sees, the scores so far) that the replay must
reproduce. Loading replays every action through the engine; anything wrong
(bad JSON, an unknown version, an illegal action, a snapshot the replay does not
reach) refuses the whole file with a clear message, and the file is renamed aside
(never deleted) so the player and a bug report keep it. A save this copy cannot
use although nothing is wrong with it (other rules of its game, a newer version) is left
where it is, for the copy that can.

A save names its game's rules by their identity (`data.identity`: the rule content of the data, not its
words, so a release that fixes a text keeps every save). Saves of releases that named the data by its
files' bytes name rules the game still lists as its own (`Game.former_identities`), and are rewritten with
today's identity at their next write. A save made with other rules of a game this copy plays (house
rules, a release whose rules differ) is never played on, but the player is told which game it is and
why, and a finished one whose actions are legal under this copy's rules still opens in the viewer.

A save comes from anyone (players attach them to bug reports), so it is read as
hostile: it may name only the game's own computer levels or `external` (this
machine's configured bot, see `ai.EXTERNAL`), never a command; its game id must
have the shape the game gives ids, and its file is written back where it was
read, never to a name made from its contents; names are cleaned and bounded.

Unfinished games live in `saves/`, finished ones are moved to `history/`.
Every game goes through its handle (`interface.game.Game`): a folder holds the
saves of every game, each file naming its own. A game on a table holds a lock
on its save (`SaveLock`), so that a second copy of the app does not play it too
without being asked, and its writer never writes over a file another copy
changed: a finished game is never overwritten.
"""

from __future__ import annotations

import logging
import os
import queue
import re
import socket
import threading
import time
import uuid
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Mapping

from . import jsonio
from .ai import EXEC_PREFIX, EXTERNAL, REMOTE, is_builtin
from .controller.game import COMPUTER, HUMAN, MAX_NAME, GameSetup, Seat, clean_name
from .i18n import Message, file_problem
from .interface.game import ActionFormatError, Game, GameState, IllegalActionError, made_with
from .palette import SEAT_COLOURS
from .storage import atomic_write_text, data_dir, move_to_free_name, set_aside, unwritable, write_new

log = logging.getLogger(__name__)

FORMAT = "drako-desktop-save"
VERSION = 1
MAX_ACTIONS = 20_000  # far beyond any real game: a bigger file is not a save
MAX_BYTES = 8_000_000  # a real save is tens of kilobytes
GAME_ID = re.compile(r"\d{8}-\d{6}-[0-9a-f]{6}")  # what `new_game_id` makes: the only ids a file may give
STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")  # what `now` makes
EXAMPLE_STAMP = "2026-01-31T18:05:00Z"
MAX_TEXT = 200  # characters of a save's game, rules identity, id or date: far more than the game writes
MAX_SEATS = 100  # seats a save's list may have before it is not read further (a game has a few)


class SaveError(Exception):
    """A save file that cannot be used; the message says why, for the player, in the player's language."""

    def __init__(self, problem: str | Message, /, **values: Any) -> None:
        """`problem`: a key of `save_errors` with its values, or a message made elsewhere."""
        self.message = problem if isinstance(problem, Message) else Message(f"save_errors.{problem}", **values)
        super().__init__(self.message.key)

    def __str__(self) -> str:
        return str(self.message)


class LeftInPlaceError(SaveError):
    """A save this copy will not open although the file is sound (a newer version's, or one naming a
    computer player this copy does not run): refused, and left where it is."""


class ForeignCardsError(LeftInPlaceError):
    """A sound save of a game this copy does not have: refused, but left where it is (a copy that has
    the game opens it), and only counted where saves are listed."""


class OtherRulesError(LeftInPlaceError):
    """A sound save of a game this copy plays, made with other rules of it (house rules, a release whose
    rules differ): not played on, left where it is, and the message names the game and says why."""


Library = Mapping[str, Game]  # the games this copy of the app plays, by id: how saves find their game


@dataclass(frozen=True)
class SavedGame:
    game_id: str
    setup: GameSetup
    actions: tuple[Any, ...]
    created: str
    updated: str
    practice: bool
    finished: bool
    path: Path | None = None  # the file it was read from (None: not saved yet)
    signature: tuple[int, ...] | None = None  # that file's identity when it was read (`file_signature`)
    hints: tuple[int, ...] = ()  # per seat, the hints it was shown (() for none at all)
    # The last action passed a person's turn on and they ended it: resumed, the game does not wait for
    # End turn again (saves without it wait, as they did before the field).
    turn_ended: bool = False
    # Made with other rules of its game (`OtherRulesError`): a finished game's record, replayed under this
    # copy's rules to be watched in the viewer, never played on or reviewed.
    other_rules: bool = False

    @property
    def hinted(self) -> bool:
        """Someone at the table asked for a hint: the game is marked and counted apart."""
        return any(self.hints)

    def summary(self, game: Game) -> dict[str, Any]:
        """What the Load screen lists: date, seats, turn, scores so far."""
        setup = self.setup
        state = game.new_state(setup.players, setup.seed, setup.first, setup.variants)
        for action in self.actions:
            state.apply(action)
        return {
            "game_id": self.game_id,
            "updated": self.updated,
            "seats": [s.name for s in self.setup.seats],
            "turn": state.turn,
            "scores": [b.total for b in state.scores()],
            "finished": self.finished,
        }


def now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def new_game_id() -> str:
    return datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S-") + uuid.uuid4().hex[:6]


def file_name(game_id: str) -> str:
    """The file of a new game: only ever made from an id of `new_game_id`'s shape."""
    if not GAME_ID.fullmatch(game_id):
        raise ValueError(f"not a game id: {game_id!r}")
    return f"{game_id}.json"


def file_signature(status: os.stat_result) -> tuple[int, ...]:
    """What tells one version of a file from another: every write of a save makes a new file."""
    return (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns)


def signature_of(path: Path) -> tuple[int, ...] | None:
    """The signature of the file at `path` now, None if there is none."""
    try:
        return file_signature(os.stat(path))
    except FileNotFoundError:
        return None


def saves_dir() -> Path:
    return data_dir() / "saves"


def history_dir() -> Path:
    return data_dir() / "history"


def why_unsaved() -> str | None:
    """Why no game can be saved here (the data folder or its saves folder cannot be written), as the start of a
    line naming the folder; None when games can be saved."""
    for folder in (data_dir(), saves_dir()):
        reason = unwritable(folder)
        if reason is not None:
            return f"{folder} cannot be written ({reason})"
    return None


def reviews_dir() -> Path:
    """Where the post-game reviews of the finished games are kept (`reviews.py`)."""
    return history_dir() / "reviews"


def snapshot(state: GameState) -> dict[str, Any]:
    """The public position a replay must reach (no hidden information in it: what everyone sees)."""
    return {
        "actions": len(state.history),
        "turn": state.turn,
        "view": state.view(None).to_json(),
        "scores": [b.total for b in state.scores()],
    }


def _same_position(saved: dict[str, Any], replayed: dict[str, Any]) -> bool:
    """Whether a saved snapshot is the replayed one. The seat its view was taken for does not count:
    saves of version 1 of Aetherya Pocket hold the view of the seat to play, which shows the same."""

    def public(snap: dict[str, Any]) -> dict[str, Any]:
        view = snap.get("view")
        return {**snap, "view": {k: v for k, v in view.items() if k != "seat"}} if isinstance(view, dict) else snap

    return public(saved) == public(replayed)


def encode(game: SavedGame, state: GameState, handle: Game) -> str:
    data = {
        "format": FORMAT,
        "version": VERSION,
        "game_id": game.game_id,
        "game": handle.id,
        "cards": handle.identity,
        "created": game.created,
        "updated": game.updated,
        "practice": game.practice,
        **({"hints": list(game.hints)} if any(game.hints) else {}),
        **({"turn_ended": True} if game.turn_ended else {}),
        "finished": state.is_terminal(),
        "seats": [{"name": s.name, "kind": s.kind, "level": s.level} for s in game.setup.seats],
        "seed": game.setup.seed,
        "first": game.setup.first,
        **({"variants": list(game.setup.variants)} if game.setup.variants else {}),
        **({"colours": list(game.setup.colours)} if game.setup.colours else {}),
        **({"seed_chosen": True} if game.setup.seed_chosen else {}),
        "actions": [a.to_json() for a in state.history],
        "snapshot": snapshot(state),
    }
    return jsonio.dumps(data) + "\n"


def decode(text: str | bytes, library: Library, path: Path | None = None,
           signature: tuple[int, ...] | None = None, other_rules: bool = False) -> tuple[SavedGame, GameState]:
    """Parse, validate and replay a save; SaveError with a clear message if anything is wrong.
    `other_rules`: a finished game made with other rules of its game is replayed under this copy's rules
    (its record, for the viewer: only its actions must be legal) instead of refused with OtherRulesError."""
    try:
        return _decode(jsonio.loads(text, MAX_BYTES), library, path, signature, other_rules)
    except jsonio.JsonError as exc:  # not JSON, or a field missing or not what a save has there
        raise SaveError(file_problem(exc)) from None


def _decode(data: Any, library: Library, path: Path | None, signature: tuple[int, ...] | None,
            other_rules: bool) -> tuple[SavedGame, GameState]:
    if not isinstance(data, dict) or not jsonio.Fields(data)["format"].equals(FORMAT):
        raise SaveError("not_a_save")
    fields = jsonio.Fields(data)
    try:
        fields["version"].version((VERSION,))
    except jsonio.VersionError as exc:
        if exc.newer:
            raise LeftInPlaceError("newer_version", found=exc.version, expected=VERSION) from None
        raise SaveError("version", found=exc.values["found"], expected=VERSION) from None
    handle = library.get(fields["game"].text(MAX_TEXT))
    if handle is None:
        raise ForeignCardsError("foreign_cards")
    cards = fields["cards"].text(MAX_TEXT)
    other_rules = other_rules and not made_with(handle, cards)
    if not other_rules and not made_with(handle, cards):
        raise OtherRulesError("other_rules", game=handle.name)
    game_id = fields["game_id"].text(MAX_TEXT)
    if not GAME_ID.fullmatch(game_id):
        raise SaveError("game_id")
    seats_raw = fields["seats"].list(MAX_SEATS)
    if not handle.min_players <= len(seats_raw) <= handle.max_players:
        raise SaveError("seat_count", seats=len(seats_raw), min=handle.min_players, max=handle.max_players)
    seats = tuple(_seat(handle, raw, n + 1) for n, raw in enumerate(seats_raw))
    seed = fields["seed"].integer(0, 2**63 - 1)
    first = fields["first"].integer(0, len(seats) - 1)
    known = [v.id for v in handle.variants]
    variants = tuple(f.choice(known) for f in fields.get("variants", []).list(len(known), unique=True))
    created = fields["created"].matching(STAMP, EXAMPLE_STAMP)
    updated = fields["updated"].matching(STAMP, EXAMPLE_STAMP)
    colours = tuple(f.integer(0, len(SEAT_COLOURS) - 1)
                    for f in fields.get("colours", []).list(len(seats), unique=True))
    hints = tuple(f.integer(0, MAX_ACTIONS) for f in fields.get("hints", []).list(len(seats)))
    for key, per_seat in (("colours", colours), ("hints", hints)):  # none, or one for each seat
        if per_seat and len(per_seat) != len(seats):
            raise SaveError("per_seat", field=key, seats=len(seats), found=len(per_seat))
    turn_ended = fields.get("turn_ended", False).boolean()
    seed_chosen = fields.get("seed_chosen", False).boolean()  # saves from before 0.2 have none: their seeds were drawn
    raw_actions = fields["actions"].list(MAX_ACTIONS)
    setup = GameSetup(seats, seed, first, handle.id, variants, colours, seed_chosen)
    state = handle.new_state(setup.players, seed, first, setup.variants)
    for i, raw in enumerate(raw_actions):
        try:
            state.apply(handle.action_from_json(raw.value))  # an action is read by its game (its notation)
        except (ActionFormatError, IllegalActionError) as exc:
            raise SaveError("action", number=i + 1, reason=str(exc)) from None
    finished = fields["finished"].boolean()
    if other_rules:  # other rules reach other positions and scores: the game must only have ended there too
        if not (finished and state.is_terminal()):
            raise OtherRulesError("other_rules", game=handle.name)
    elif not _same_position(fields["snapshot"].object().data, snapshot(state)):
        raise SaveError("snapshot")
    elif finished != state.is_terminal():
        raise SaveError("finished_flag")
    game = SavedGame(
        game_id=game_id,
        setup=setup,
        actions=tuple(state.history),
        created=created,
        updated=updated,
        practice=fields["practice"].boolean(),
        finished=state.is_terminal(),
        path=path,
        signature=signature,
        hints=hints if any(hints) else (),
        turn_ended=turn_ended and not state.is_terminal(),
        other_rules=other_rules,
    )
    return game, state


def _seat(handle: Game, raw: jsonio.Field, number: int) -> Seat:
    """One seat of a save: a person, or a computer playing a level of the game or this machine's bot, or a seat
    played from another computer (a network host's game)."""
    fields = raw.object()
    if fields.keys() != {"name", "kind", "level"}:
        raise SaveError("seat", seat=number)
    name, kind, level = clean_name(fields["name"].text()), fields["kind"].choice((HUMAN, COMPUTER)), \
        fields["level"].text()
    if not name or (kind == COMPUTER) != bool(level):
        raise SaveError("seat", seat=number)
    if len(name) > MAX_NAME:
        raise SaveError("name", seat=number, max=MAX_NAME)
    if kind == COMPUTER and level.startswith(EXEC_PREFIX):  # a program to run: never taken from a file
        raise LeftInPlaceError("names_command", seat=number, command=jsonio.shown(level[len(EXEC_PREFIX):]))
    if kind == COMPUTER and not (is_builtin(handle, level) or level in (EXTERNAL, REMOTE)):
        raise LeftInPlaceError("unknown_level", seat=number, level=jsonio.shown(level))
    return Seat(name, kind, level)


def read(path: Path, library: Library, other_rules: bool = False) -> tuple[SavedGame, GameState]:
    try:
        data, status = jsonio.read_bytes(path, MAX_BYTES)
    except jsonio.JsonError as exc:
        raise SaveError(file_problem(exc)) from None
    return decode(data, library, path, file_signature(status), other_rules)


def clear_stale_temporaries(max_age: float = 600.0) -> int:
    """Remove what writes cut short by a crash or a power cut left behind (the temporary files of
    `atomic_write_text`, never a save itself; young ones may belong to a game running right now),
    and the locks of games whose copy of the app has ended and whose save is gone."""
    removed = 0
    for folder in (saves_dir(), history_dir(), reviews_dir()):
        try:
            for path in folder.glob(".*.json.*.tmp"):
                if time.time() - path.stat().st_mtime > max_age:
                    path.unlink()
                    removed += 1
            for path in folder.glob(".*.json.lock"):
                save = path.with_name(path.name[1:-len(".lock")])
                if not save.exists() and SaveLock(save).holder() is None:
                    path.unlink()
                    removed += 1
        except OSError:
            continue
    return removed


@dataclass(frozen=True)
class Standing:
    """Where a saved game stands, as everyone at the table sees it (the load screen's line; never the position,
    which holds what a seat does not know)."""

    turn: int
    totals: tuple[int, ...]
    winners: tuple[int, ...]  # () while the game goes on

    @classmethod
    def of(cls, state: GameState) -> "Standing":
        over = state.is_terminal()
        return cls(state.turn, tuple(b.total for b in state.scores()), tuple(state.winners()) if over else ())


@dataclass
class Listing:
    """The saved games found, and the messages for files that were set aside."""

    games: list[SavedGame]
    problems: list[Message]  # files set aside (or that could not be), one message each
    standings: dict[Path, Standing] = field(default_factory=dict)  # file -> where its game stands
    foreign: list[str] = field(default_factory=list)  # files of games this copy does not have, left in place
    kept: list[Message] = field(default_factory=list)  # files refused but left in place, and why


def list_saves(library: Library, folder: Path | None = None) -> Listing:
    """Every usable save in the folder, newest first; bad files are moved aside with a message.

    Saves of a game this copy does not have are not broken (a copy that has it opens them): they are
    left where they are and only named in `foreign`. Other sound saves this copy will not open
    (a newer version's, one naming a command, one made with other rules) are left where they are too,
    each with a message in `kept`; a finished game made with other rules whose actions are legal under
    this copy's rules is listed too, marked `other_rules`, for the viewer."""
    folder = folder or saves_dir()
    listing = Listing([], [])
    try:
        paths = sorted(folder.glob("*.json")) if folder.is_dir() else []
    except OSError as exc:
        listing.problems.append(Message("save_errors.folder_unreadable", folder=str(folder),
                                        reason=exc.strerror or str(exc)))
        return listing
    for path in paths:
        try:
            game, state = read(path, library)
        except ForeignCardsError:
            listing.foreign.append(path.name)
            continue
        except OtherRulesError as exc:
            try:  # a finished game's record is still shown, if its actions are legal under these rules
                game, state = read(path, library, other_rules=True)
            except SaveError:
                listing.kept.append(Message("save_errors.left_in_place", file=path.name, problem=exc.message))
                continue
            listing.kept.append(Message("save_errors.other_rules_record", file=path.name, **exc.message.values))
        except LeftInPlaceError as exc:
            listing.kept.append(Message("save_errors.left_in_place", file=path.name, problem=exc.message))
            continue
        except SaveError as exc:
            listing.problems.append(_set_aside(path, exc))
            continue
        if game.finished and folder == saves_dir():  # the move to the history was cut short: finish it
            game = _file_finished(game)
        listing.games.append(game)
        listing.standings[game.path or path] = Standing.of(state)
    listing.games.sort(key=lambda g: g.updated, reverse=True)
    return listing


def _set_aside(path: Path, error: SaveError) -> Message:
    """Rename an unusable save aside and say so (or say that it stayed, and why)."""
    try:
        aside = set_aside(path)
    except OSError as exc:  # a read-only folder: say so, and leave the file alone
        log.warning("could not set the unusable save %s aside: %s", path, exc)
        return Message("save_errors.not_renamed", file=path.name, problem=error.message,
                       reason=exc.strerror or str(exc))
    log.warning("moved the unusable save %s to %s", path, aside)
    return Message("save_errors.kept_aside", file=path.name, problem=error.message, aside=aside.name)


def _file_finished(game: SavedGame) -> SavedGame:
    """Move a finished game left among the saves into the history, unless a running copy of the app
    holds it (it is moving it itself)."""
    assert game.path is not None, "a game read from a file knows its path"
    if SaveLock(game.path).holder() is not None:
        return game
    try:
        history_dir().mkdir(parents=True, exist_ok=True)
        return replace(game, path=move_to_history(game.path))
    except OSError as exc:
        log.warning("could not move the finished game %s to the history: %s", game.path, exc)
        return game


def move_to_history(path: Path) -> Path:
    """A finished game's file into the history folder, under its own name or, if a file there has it
    already, a numbered one: a finished game is never written over."""
    return move_to_free_name(path, lambda n: history_dir() / (path.name if n == 1 else f"{path.stem}-{n}{path.suffix}"))


def latest_unfinished(library: Library) -> tuple[SavedGame | None, Listing]:
    """The most recently played unfinished game, and the listing it was found in (its messages)."""
    listing = list_saves(library)
    unfinished = [g for g in listing.games if not g.finished]
    return (unfinished[0] if unfinished else None), listing


def process_alive(pid: int) -> bool:
    """Whether a process of this computer is still running (a lock of one that ended is free)."""
    if os.name == "nt":  # os.kill would end the process there: ask for its exit code instead
        import ctypes

        kernel = ctypes.windll.kernel32  # type: ignore[attr-defined]
        handle = kernel.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        code = ctypes.c_ulong()
        try:
            return bool(kernel.GetExitCodeProcess(handle, ctypes.byref(code))) and code.value == 259  # STILL_ACTIVE
        finally:
            kernel.CloseHandle(handle)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return not zombie(pid)


def zombie(pid: int) -> bool:
    """Whether a process has ended but its parent has not collected it yet (Linux; elsewhere False): the
    copy of the app killed under a launcher that does not wait for it still answers os.kill."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_bytes()
    except OSError:
        return False
    return stat[stat.rfind(b")") + 2: stat.rfind(b")") + 3] == b"Z"  # the state follows the name in brackets


@dataclass(frozen=True)
class LockHolder:
    """The copy of the app that has a game open: its process, its computer, since when."""

    pid: int
    host: str
    since: str


class SaveLock:
    """A running game's claim on its save: `.NAME.json.lock` beside it names the process (its id and
    computer) and a token of this claim.

    A second copy of the app finds the lock and says the game is open elsewhere; the lock of a
    process that has ended (a crash, a kill, a power cut) is free again, and so is one of this very
    process (a table of the same game being replaced). Taking a game over writes this claim over
    the other's: the other copy sees that before its next write and stops saving the game."""

    MAX_BYTES = 4096

    def __init__(self, save: Path) -> None:
        self.path = save.with_name(f".{save.name}.lock")
        self.token = uuid.uuid4().hex

    def _read(self) -> jsonio.Fields | None:
        try:
            return jsonio.Fields(jsonio.read_file(self.path, self.MAX_BYTES))
        except jsonio.JsonError:  # no lock, or a broken one: nobody's claim
            return None

    def holder(self) -> LockHolder | None:
        """Another running copy of the app that has the game open, or None."""
        fields = self._read()
        if fields is None:
            return None
        try:  # a broken claim is nobody's (and no process of any computer has an id beyond these bounds: a number
            # of 25 digits overflowed os.kill)
            token, pid = fields["token"].text(), fields["pid"].integer(1, 2**31 - 1)
            host, since = fields["host"].text(), fields["since"].text()
        except jsonio.FieldError:
            return None
        if token == self.token:
            return None
        if host == socket.gethostname() and (pid == os.getpid() or not process_alive(pid)):
            return None  # this process, or one that has ended
        return LockHolder(pid, clean_name(host)[:64], since if STAMP.fullmatch(since) else "?")

    def take(self) -> None:
        """Claim the game (over any claim there was: to take it over)."""
        atomic_write_text(self.path, self._claim_text())

    def claim(self) -> LockHolder | None:
        """Claim the game unless another running copy of the app has it: None when claimed, else that copy.
        The claim comes first and the deciding after, so that of two copies opening the game at the same
        moment one has it and the other is told (never both). OSError if no claim can be written there."""
        if write_new(self.path, self._claim_text()):
            return None
        holder = self.holder()
        if holder is None:  # the claim of a copy that has ended, a broken one, or this copy's own: free
            self.take()
        return holder

    def _claim_text(self) -> str:
        return jsonio.dumps({"pid": os.getpid(), "host": socket.gethostname(), "since": now(),
                             "token": self.token}) + "\n"

    def held(self) -> bool:
        """This claim is still the game's (no other copy took it over)."""
        fields = self._read()
        return fields is not None and fields["token"].equals(self.token)

    def release(self) -> None:
        if self.held():
            try:
                self.path.unlink()
            except FileNotFoundError:
                pass


def save_path(game: SavedGame) -> Path:
    """The file a game is written to: the one it was read from, else a new one named by its id."""
    return game.path or saves_dir() / file_name(game.game_id)


class Autosaver:
    """Writes the game after every applied action, on a background thread.

    Writing (with fsync) takes milliseconds; doing it in the frame loop would
    stutter the animations. The writer always writes the newest position it has
    been given, so it never falls behind by more than the action in flight.

    It holds the game's lock while the game is on the table, and writes only as
    long as the lock is still its own and the file on disk is the one it last
    wrote (or read): a save another copy of the app took over, moved or changed
    is never written over. Then it stops, and `error` says why.
    """

    def __init__(self, game: SavedGame, handle: Game) -> None:
        self.game = game
        self.handle = handle
        self.path = save_path(game)
        self.location: Path | None = game.path  # where the game is on disk now
        self._expected = game.signature if game.path is not None else None  # the file this writer knows
        self.lock = SaveLock(self.path)
        self._claimed = False  # the lock was taken (else it is tried again at every write)
        self._lock_failed = False  # it could not be, and the log said so
        self._try_claim()
        self.stopped = False  # the game was taken over or changed elsewhere: nothing more is written
        self._queue: queue.Queue[tuple[str, bool, int] | None] = queue.Queue()
        self._queued = 0  # positions handed to the writer, and the newest of them written
        self._written = 0
        self._progress = threading.Condition()
        self.error: Message | None = None
        self._thread = threading.Thread(target=self._write_loop, name="autosave", daemon=True)
        self._thread.start()

    @property
    def busy(self) -> bool:
        """The newest position handed over is not on disk yet."""
        return self._written < self._queued

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until the newest position handed over is written; False if that took too long."""
        with self._progress:
            return self._progress.wait_for(lambda: self._written >= self._queued, timeout)

    def save(self, state: GameState, hints: tuple[int, ...] = (), turn_ended: bool = False) -> None:
        """Queue the state for writing (called after every applied action, when a hint was shown and when a
        person ended their turn), with the hints each seat was shown so far and whether the last turn
        was ended."""
        self.game = replace(self.game, actions=tuple(state.history), updated=now(), finished=state.is_terminal(),
                            hints=hints if any(hints) else (), turn_ended=turn_ended)
        text = encode(self.game, state, self.handle)
        with self._progress:
            self._queued += 1
            self._queue.put((text, state.is_terminal(), self._queued))

    def _write_loop(self) -> None:
        while True:
            item = self._queue.get()
            stop = item is None
            # Only the newest position matters: skip any that were overtaken.
            while True:
                try:
                    newer = self._queue.get_nowait()
                except queue.Empty:
                    break
                if newer is None:
                    stop = True
                else:
                    item = newer
            if item is not None:
                self._write(*item)
            if stop:
                return

    def _write(self, text: str, finished: bool, number: int) -> None:
        try:
            if not self.stopped:
                self._write_file(text, finished)
        except Exception as exc:  # the writer never dies: the next position is tried again
            if self.error is None:  # told once, not at every move while it goes on failing
                log.error("the game could not be saved to %s: %s", self.path, exc,
                          exc_info=not isinstance(exc, OSError))
            self.error = Message("save_errors.not_saved", path=str(self.path), reason=_reason(exc))
        finally:
            with self._progress:
                self._written = number
                self._progress.notify_all()

    def _try_claim(self) -> None:
        """Claim the game. Where no lock can be written (a folder has its name, the folder takes nothing) the game
        is saved all the same, without one: a save that cannot be written either says so itself."""
        try:
            self.lock.take()
            self._claimed = True
        except OSError as exc:
            if not self._lock_failed:
                log.warning("could not lock the save %s (%s): saving it without a lock", self.path, exc)
            self._lock_failed = True

    def _write_file(self, text: str, finished: bool) -> None:
        if not self._claimed:
            self._try_claim()
        elif not self.lock.held():
            self._stop(Message("save_errors.taken_over", path=str(self.path)))
            return
        if signature_of(self.path) != self._expected:
            self._stop(Message("save_errors.changed_elsewhere", path=str(self.path)))
            return
        atomic_write_text(self.path, text)
        self._expected = signature_of(self.path)
        self.location = self.path
        if self.error is not None:
            log.info("the game is saved again to %s", self.path)
        self.error = None
        if finished:  # the game is over: into the history, and the lock is no longer needed
            try:
                history_dir().mkdir(parents=True, exist_ok=True)
                self.location = move_to_history(self.path)
            except OSError as exc:  # kept among the saves, which the next listing of them moves on
                log.warning("the finished game %s stays in %s: the history cannot take it (%s)", self.game.game_id,
                            self.path.parent, exc)
            self.stopped = True
            self.lock.release()

    def taken_over(self) -> bool:
        """Another running copy of the app took this game over: it saves (and counts) it from now on."""
        return self.lock.holder() is not None

    def _stop(self, why: Message) -> None:
        self.stopped = True
        self.error = why
        log.error("stopped saving the game %s: %s", self.game.game_id, why)

    def close(self, timeout: float = 5.0) -> None:
        """Write what is queued, stop the writer and let go of the game."""
        self._queue.put(None)
        self._thread.join(timeout)
        self.lock.release()


def _reason(exc: Exception) -> str:
    return (exc.strerror if isinstance(exc, OSError) else None) or str(exc)


def start_game(setup: GameSetup, practice: bool = False) -> SavedGame:
    stamp = now()
    return SavedGame(new_game_id(), setup, (), stamp, stamp, practice, False)
