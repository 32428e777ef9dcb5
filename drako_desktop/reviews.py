"""Post-game reviews kept beside the finished games, so a review left half-way goes on later.

One file per game and reviewed seat, `history/reviews/<game id>.seat-<n>.json`, rewritten
(atomically) after every decision reviewed. It names the game, its rules (as saves do), the seat, the depth
and how many actions the game has: a file that does not match the game it is read for (other
data, another depth, a different game) is not used, and the review starts again. Read through
the bounded JSON reader like every other file from outside.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Sequence

from . import jsonio
from .controller.review import DecisionReview
from .interface.game import ActionFormatError, Game, made_with
from .saves import GAME_ID, SavedGame, reviews_dir
from .storage import atomic_write_text

log = logging.getLogger(__name__)

FORMAT = "drako-desktop-review"
VERSION = 1
MAX_BYTES = 4_000_000  # a review of a long game is tens of kilobytes
TAG = re.compile(r"[a-z][a-z0-9_]{0,39}")  # what a game's `missed` names a thing a better move had


class ReviewFileError(Exception):
    """A kept review that cannot be used for this game (the message says why, in English: logs)."""


def review_path(game_id: str, seat: int) -> Path:
    """The review's file (a game's id is one the game makes: nothing of it can lead out of the folder)."""
    if not GAME_ID.fullmatch(game_id):
        raise ValueError(f"{game_id!r} is not a game id")
    return reviews_dir() / f"{game_id}.seat-{seat + 1}.json"


def write_review(path: Path, handle: Game, game_id: str, seat: int, depth: int, actions: int,
                 decisions: Sequence[DecisionReview], complete: bool) -> None:
    data = {
        "format": FORMAT, "version": VERSION, "game": handle.id, "cards": handle.identity, "game_id": game_id,
        "seat": seat, "depth": depth, "actions": actions, "complete": complete,
        "decisions": [d.to_json() for d in decisions],
    }
    atomic_write_text(path, jsonio.dumps(data) + "\n")


def read_review(path: Path, handle: Game, saved: SavedGame, seat: int,
                depth: int) -> tuple[list[DecisionReview], bool]:
    """The decisions reviewed so far of the game `saved`, and whether the review is complete; ([], False)
    when there is no file. ReviewFileError when the file is not this game's review (or is broken): each
    decision must name the move the game made there, a move that was legal there, and things missed by
    name (the Review screen draws both moves on the position)."""
    game_id, actions = saved.game_id, saved.actions
    try:
        data = jsonio.read_file(path, MAX_BYTES)
    except jsonio.JsonError as exc:
        if exc.reason == "missing":
            return [], False
        raise ReviewFileError(str(exc)) from None
    expected = {"format": FORMAT, "version": VERSION, "game": handle.id,
                "game_id": game_id, "seat": seat, "depth": depth, "actions": len(actions)}
    if not isinstance(data, dict) or any(data.get(key) != value for key, value in expected.items()) \
            or not made_with(handle, data.get("cards")):
        raise ReviewFileError("it is the review of another game, seat, depth or card data")
    raw, complete = data.get("decisions"), data.get("complete")
    if not isinstance(raw, list) or not isinstance(complete, bool):
        raise ReviewFileError("its decisions are missing")
    try:
        decisions = [DecisionReview.from_json(d) for d in raw]
    except ValueError as exc:
        raise ReviewFileError(str(exc)) from None
    indices = [d.index for d in decisions]
    if len(set(indices)) != len(indices) or any(i >= len(actions) for i in indices) or any(
            d.chosen != actions[d.index].to_json() or not all(TAG.fullmatch(tag) for tag in d.missed)
            for d in decisions):
        raise ReviewFileError("its decisions are not the game's")
    _check_better_moves(handle, saved, decisions)
    return sorted(decisions, key=lambda d: d.index), complete


def _check_better_moves(handle: Game, saved: SavedGame, decisions: Sequence[DecisionReview]) -> None:
    """Every better move a review names was legal where it names it (the game is replayed once)."""
    better = {d.index: d.best for d in decisions}
    setup = saved.setup
    state = handle.new_state(setup.players, setup.seed, setup.first, setup.variants)
    for index, action in enumerate(saved.actions):
        if index in better:
            problem: Exception | None
            try:
                problem = state.why_illegal(handle.action_from_json(better[index]))
            except ActionFormatError as exc:
                problem = exc
            if problem is not None:
                raise ReviewFileError(f"the better move it names for move {index + 1} is not legal there: {problem}")
        state.apply(action)


def forget_reviews(game_id: str) -> None:
    """The game was deleted: its reviews go with it."""
    folder = reviews_dir()
    try:
        for path in folder.glob(f"{game_id}.seat-*.json"):
            path.unlink()
    except OSError as exc:
        log.warning("could not delete the reviews of %s: %s", game_id, exc)
