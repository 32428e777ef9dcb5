"""Post-game reviews kept beside the finished games, so a review left half-way goes on later.

One file per game and reviewed seat, `history/reviews/<game id>.seat-<n>.json`, rewritten
(atomically) after every decision reviewed. It names the game, its data, the seat, the depth
and how many actions the game has: a file that does not match the game it is read for (other
data, another depth, a different game) is not used, and the review starts again. Read through
the bounded JSON reader like every other file from outside.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Sequence

from . import jsonio
from .controller.review import DecisionReview
from .games.base import Game
from .saves import GAME_ID, reviews_dir
from .storage import atomic_write_text

log = logging.getLogger(__name__)

FORMAT = "drako-desktop-review"
VERSION = 1
MAX_BYTES = 4_000_000  # a review of a long game is tens of kilobytes


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


def read_review(path: Path, handle: Game, game_id: str, seat: int, depth: int,
                actions: int) -> tuple[list[DecisionReview], bool]:
    """The decisions reviewed so far and whether the review is complete; ([], False) when there is no file.
    ReviewFileError when the file is not this game's review (or is broken)."""
    try:
        data = jsonio.read_file(path, MAX_BYTES)
    except jsonio.JsonError as exc:
        if exc.reason == "missing":
            return [], False
        raise ReviewFileError(str(exc)) from None
    expected = {"format": FORMAT, "version": VERSION, "game": handle.id, "cards": handle.identity,
                "game_id": game_id, "seat": seat, "depth": depth, "actions": actions}
    if not isinstance(data, dict) or any(data.get(key) != value for key, value in expected.items()):
        raise ReviewFileError("it is the review of another game, seat, depth or card data")
    raw, complete = data.get("decisions"), data.get("complete")
    if not isinstance(raw, list) or not isinstance(complete, bool):
        raise ReviewFileError("its decisions are missing")
    try:
        decisions = [DecisionReview.from_json(d) for d in raw]
    except ValueError as exc:
        raise ReviewFileError(str(exc)) from None
    indices = [d.index for d in decisions]
    if len(set(indices)) != len(indices) or any(i >= actions for i in indices):
        raise ReviewFileError("its decisions are not the game's")
    return sorted(decisions, key=lambda d: d.index), complete


def forget_reviews(game_id: str) -> None:
    """The game was deleted: its reviews go with it."""
    folder = reviews_dir()
    try:
        for path in folder.glob(f"{game_id}.seat-*.json"):
            path.unlink()
    except OSError as exc:
        log.warning("could not delete the reviews of %s: %s", game_id, exc)
