"""Saved games: versioned JSON, replayed and checked on load, never half-loaded.

A save holds what is needed to replay the game exactly (the game's id and the
identity of its data, seats, seed, first seat, variants, the chosen actions) and a public snapshot of where the
game stood (the view everyone sees, the scores so far) that the replay must
reproduce. Loading replays every action through the engine; anything wrong
(bad JSON, unknown version, other card data, an illegal action, a snapshot the
replay does not reach) refuses the whole file with a clear message, and the
file is renamed aside (never deleted) so the player and a bug report keep it.

Unfinished games live in `saves/`, finished ones are moved to `history/`.
Every game goes through its handle (`games.base.Game`): a folder holds the
saves of every game, each file naming its own.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import threading
import time
import uuid
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Mapping

from .controller.game import COMPUTER, HUMAN, GameSetup, Seat
from .games.base import ActionFormatError, Game, GameState, IllegalActionError
from .i18n import Message
from .storage import atomic_write_text, data_dir

log = logging.getLogger(__name__)

FORMAT = "drako-desktop-save"
VERSION = 1
SEAT_COLOURS = 4  # the palette of seat colours a save may choose from
MAX_ACTIONS = 20_000  # far beyond any real game: a bigger file is not a save
MAX_BYTES = 8_000_000  # a real save is tens of kilobytes


class SaveError(Exception):
    """A save file that cannot be used; the message says why, for the player, in the player's language."""

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(key)
        self.message = Message(f"save_errors.{key}", **values)

    def __str__(self) -> str:
        return str(self.message)


class ForeignCardsError(SaveError):
    """A sound save made with other card data, or of a game this copy does not have open: refused,
    but left where it is (it works with its own cards)."""


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
    path: Path | None = None
    hints: tuple[int, ...] = ()  # per seat, the hints it was shown (() for none at all)

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


def saves_dir() -> Path:
    return data_dir() / "saves"


def history_dir() -> Path:
    return data_dir() / "history"


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
        "finished": state.is_terminal(),
        "seats": [{"name": s.name, "kind": s.kind, "level": s.level} for s in game.setup.seats],
        "seed": game.setup.seed,
        "first": game.setup.first,
        **({"variants": list(game.setup.variants)} if game.setup.variants else {}),
        **({"colours": list(game.setup.colours)} if game.setup.colours else {}),
        "actions": [a.to_json() for a in state.history],
        "snapshot": snapshot(state),
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def decode(text: str, library: Library, path: Path | None = None) -> tuple[SavedGame, GameState]:
    """Parse, validate and replay a save; SaveError with a clear message if anything is wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError("bad_json", line=exc.lineno, column=exc.colno) from None
    except RecursionError:
        raise SaveError("too_deep") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("not_a_save")
    version = data.get("version")
    if version != VERSION:
        raise SaveError("version", found=repr(version), expected=VERSION)
    handle = library.get(data.get("game")) if isinstance(data.get("game"), str) else None
    if handle is None or data.get("cards") != handle.identity:
        raise ForeignCardsError("foreign_cards")

    def need(key: str, kind: type | tuple[type, ...]) -> Any:
        value = data.get(key)
        if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
            raise SaveError("field", field=key)
        return value

    game_id = need("game_id", str)
    seats_raw = need("seats", list)
    if not handle.min_players <= len(seats_raw) <= handle.max_players:
        raise SaveError("seat_count", seats=len(seats_raw), min=handle.min_players, max=handle.max_players)
    seats = []
    for i, s in enumerate(seats_raw):
        if (
            not isinstance(s, dict)
            or set(s) != {"name", "kind", "level"}
            or not all(isinstance(v, str) for v in s.values())
            or s["kind"] not in (HUMAN, COMPUTER)
            or not s["name"].strip()
            or (s["kind"] == COMPUTER) != bool(s["level"])
        ):
            raise SaveError("seat", seat=i + 1)
        seats.append(Seat(s["name"], s["kind"], s["level"]))
    seed = need("seed", int)
    first = need("first", int)
    if not 0 <= seed < 2**63 or not 0 <= first < len(seats):
        raise SaveError("seed")
    variants = data.get("variants", [])
    known = {v.id for v in handle.variants}
    if not isinstance(variants, list) or len(set(variants)) != len(variants) or not all(v in known for v in variants):
        raise SaveError("field", field="variants")
    colours = data.get("colours", [])
    if not isinstance(colours, list) or colours and (
            not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c < SEAT_COLOURS for c in colours)
            or len(set(colours)) != len(colours) or len(colours) != len(seats)):
        raise SaveError("field", field="colours")
    hints = data.get("hints", [])
    if not isinstance(hints, list) or hints and (len(hints) != len(seats) or not all(
            isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_ACTIONS for n in hints)):
        raise SaveError("field", field="hints")
    raw_actions = need("actions", list)
    if len(raw_actions) > MAX_ACTIONS:
        raise SaveError("too_many_actions")
    setup = GameSetup(tuple(seats), seed, first, handle.id, tuple(variants), tuple(colours))
    state = handle.new_state(setup.players, seed, first, setup.variants)
    for i, raw in enumerate(raw_actions):
        try:
            state.apply(handle.action_from_json(raw))
        except (ActionFormatError, IllegalActionError) as exc:
            raise SaveError("action", number=i + 1, reason=str(exc)) from None
    if not _same_position(need("snapshot", dict), snapshot(state)):
        raise SaveError("snapshot")
    if need("finished", bool) != state.is_terminal():
        raise SaveError("finished_flag")
    game = SavedGame(
        game_id=game_id,
        setup=setup,
        actions=tuple(state.history),
        created=need("created", str),
        updated=need("updated", str),
        practice=need("practice", bool),
        finished=state.is_terminal(),
        path=path,
        hints=tuple(hints) if any(hints) else (),
    )
    return game, state


def read(path: Path, library: Library) -> tuple[SavedGame, GameState]:
    try:
        if not path.is_file():  # a folder, a device, a pipe: nothing to read a game from
            raise SaveError("not_a_file" if path.exists() else "missing")
        with path.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise SaveError("too_big", megabytes=MAX_BYTES // 1_000_000)
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError("not_text") from None
    except OSError as exc:
        raise SaveError("unreadable", reason=exc.strerror or str(exc)) from None
    return decode(text, library, path)


def quarantine(path: Path) -> Path:
    """Rename a bad save aside (kept for the player and for bug reports) and return the new name."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.broken-{stamp}-{n}")
    os.replace(path, target)
    log.warning("moved the unusable save %s to %s", path, target)
    return target


def clear_stale_temporaries(max_age: float = 600.0) -> int:
    """Remove what writes cut short by a crash or a power cut left behind (the temporary files of
    `atomic_write_text`, never a save itself); young ones may belong to a game running right now."""
    removed = 0
    for folder in (saves_dir(), history_dir(), reviews_dir()):
        try:
            for path in folder.glob(".*.json.*.tmp"):
                if time.time() - path.stat().st_mtime > max_age:
                    path.unlink()
                    removed += 1
        except OSError:
            continue
    return removed


@dataclass(frozen=True)
class Listing:
    """The saved games found, and the messages for files that were set aside."""

    games: list[SavedGame]
    problems: list[Message]
    states: dict[str, GameState] = field(default_factory=dict)  # game id -> the replayed position
    foreign: list[str] = field(default_factory=list)  # files made with other card data, left in place


def list_saves(library: Library, folder: Path | None = None) -> Listing:
    """Every usable save in the folder, newest first; bad files are moved aside with a message.

    Saves made with other card data are not broken (they load with their own cards): they are
    left where they are and only named in `foreign`."""
    folder = folder or saves_dir()
    games, problems, states, foreign = [], [], {}, []
    try:
        paths = sorted(folder.glob("*.json")) if folder.is_dir() else []
    except OSError as exc:
        return Listing([], [Message("save_errors.folder_unreadable", folder=str(folder), reason=exc.strerror or str(exc))])
    for path in paths:
        try:
            game, state = read(path, library)
        except ForeignCardsError:
            foreign.append(path.name)
            continue
        except SaveError as exc:
            try:
                aside = quarantine(path)
            except OSError as move_error:  # a read-only folder: say so, and leave the file alone
                problems.append(Message("save_errors.not_renamed", file=path.name, problem=exc.message,
                                            reason=move_error.strerror or str(move_error)))
                continue
            problems.append(Message("save_errors.kept_aside", file=path.name, problem=exc.message, aside=aside.name))
            continue
        if game.finished and folder == saves_dir():  # the move to the history was cut short: finish it
            try:
                history_dir().mkdir(parents=True, exist_ok=True)
                target = history_dir() / path.name
                os.replace(path, target)
                game = replace(game, path=target)
            except OSError as exc:
                log.warning("could not move the finished game %s to the history: %s", path, exc)
        games.append(game)
        states[game.game_id] = state
    games.sort(key=lambda g: g.updated, reverse=True)
    return Listing(games, problems, states, foreign)


def latest_unfinished(library: Library) -> tuple[SavedGame | None, list[Message]]:
    listing = list_saves(library)
    unfinished = [g for g in listing.games if not g.finished]
    return (unfinished[0] if unfinished else None), listing.problems


class Autosaver:
    """Writes the game after every applied action, on a background thread.

    Writing (with fsync) takes milliseconds; doing it in the frame loop would
    stutter the animations. The writer always writes the newest position it has
    been given, so it never falls behind by more than the action in flight.
    """

    def __init__(self, game: SavedGame, handle: Game) -> None:
        self.game = game
        self.handle = handle
        self.path = saves_dir() / f"{game.game_id}.json"
        self._queue: queue.Queue[tuple[str, bool, int] | None] = queue.Queue()
        self._queued = 0  # positions handed to the writer, and the newest of them written
        self._written = 0
        self._progress = threading.Condition()
        self.error: str | None = None
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

    def save(self, state: GameState, hints: tuple[int, ...] = ()) -> None:
        """Queue the state for writing (called after every applied action, and when a hint was shown),
        with the hints each seat was shown so far."""
        self.game = SavedGame(
            self.game.game_id, self.game.setup, tuple(state.history), self.game.created, now(),
            self.game.practice, state.is_terminal(), hints=hints if any(hints) else (),
        )
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
            atomic_write_text(self.path, text)
            if finished:
                history_dir().mkdir(parents=True, exist_ok=True)
                os.replace(self.path, history_dir() / self.path.name)
            self.error = None
        except Exception as exc:  # the writer never dies: the next position is tried again
            self.error = f"the game could not be saved to {self.path}: {exc}"
            log.error(self.error, exc_info=not isinstance(exc, OSError))
        finally:
            with self._progress:
                self._written = number
                self._progress.notify_all()

    def close(self, timeout: float = 5.0) -> None:
        """Write what is queued and stop the writer."""
        self._queue.put(None)
        self._thread.join(timeout)


def start_game(setup: GameSetup, practice: bool = False) -> SavedGame:
    stamp = now()
    return SavedGame(new_game_id(), setup, (), stamp, stamp, practice, False)
