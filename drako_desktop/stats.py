"""Statistics per game and player name: games, wins, average and best score, by opponent level.

Only people are tracked (computer seats have no statistics). A game counts once,
when it ends; a shared victory counts as a win for each winner. Practice games
(unlimited undo), games started with a chosen seed (whoever chose it may know every hidden
card) and games in which the person was shown hints are counted apart and never change
wins, averages or bests.
Kept as versioned JSON next to the saves, keyed by game id (version 1 files, from
before the app had a second game, hold Aetherya Pocket's and still load); a broken
file is set aside under a name of its own and the statistics start again, with a
message. Like any file from outside, it is read bounded (`jsonio`), and so is
every count, name and level in it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from . import jsonio
from .controller.game import MAX_NAME, GameSetup, clean_name
from .i18n import Message, file_problem
from .storage import atomic_write_text, data_dir, set_aside

VERSION = 2  # 1: {"players", "recorded"}, all of them Aetherya Pocket's
VERSION_1_GAME = "aetherya-pocket"  # the one game of the app when it wrote version 1 files
PEOPLE = "people"  # the opponent "level" of a table with no computer seat
MAX_BYTES = 16_000_000  # a statistics file of thousands of games is a few hundred kilobytes
MAX_COUNT = 10**9  # games, wins and scores beyond any lifetime of play
GAME_ID = re.compile(r"[a-z][a-z0-9-]{0,39}")  # a registry id
LEVEL = re.compile(r"[a-z][a-z0-9_-]{0,39}|exec:.{1,1000}")  # a computer level (exec:COMMAND: from before 0.2)


@dataclass
class Record:
    games: int = 0
    wins: int = 0
    total_score: int = 0
    best: int | None = None
    practice_games: int = 0
    hint_games: int = 0  # games with hints (not practice ones): counted apart like practice
    seeded_games: int = 0  # games with a chosen seed (not practice ones): counted apart like practice
    by_opponent: dict[str, list[int]] = field(default_factory=dict)  # level -> [games, wins]

    @property
    def average(self) -> float | None:
        return self.total_score / self.games if self.games else None

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games, "wins": self.wins, "total_score": self.total_score, "best": self.best,
            "practice_games": self.practice_games, "hint_games": self.hint_games, "seeded_games": self.seeded_games,
            "by_opponent": self.by_opponent,
        }

    @classmethod
    def from_json(cls, data: Any) -> "Record":
        if not isinstance(data, dict):
            raise ValueError("a player record is not an object")
        if not all(_count(data.get(k), low=-MAX_COUNT if k == "total_score" else 0)
                   for k in ("games", "wins", "total_score", "practice_games")):
            raise ValueError("a player record has a bad count")
        best = data.get("best")
        if best is not None and not _count(best, low=-MAX_COUNT):
            raise ValueError("a player record has a bad best score")
        by = data.get("by_opponent")
        if not isinstance(by, dict) or not all(
            LEVEL.fullmatch(k) and k.isprintable() and isinstance(v, list) and len(v) == 2 and all(_count(n) for n in v)
            and v[1] <= v[0]  # [games, wins]: more wins than games would be a win rate over 100%
            for k, v in by.items()
        ):
            raise ValueError("a player record has bad per-opponent counts")
        if data["wins"] > data["games"]:
            raise ValueError("a player record has more wins than games")
        hint_games = data.get("hint_games", 0)  # files from before hints have none
        seeded_games = data.get("seeded_games", 0)  # nor files from before chosen seeds were counted apart
        if not (_count(hint_games) and _count(seeded_games)):
            raise ValueError("a player record has a bad count")
        return cls(data["games"], data["wins"], data["total_score"], best, data["practice_games"], hint_games,
                   seeded_games, {k: list(v) for k, v in by.items()})


def _count(value: Any, low: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= MAX_COUNT


@dataclass
class Statistics:
    games: dict[str, dict[str, Record]] = field(default_factory=dict)  # game id -> player name -> record
    recorded: list[str] = field(default_factory=list)  # ids of the saved games already counted

    def players_of(self, game: str) -> dict[str, Record]:
        """The records of one game's players (empty when nobody played it yet)."""
        return self.games.get(game, {})

    def reset(self, game: str) -> None:
        """Forget one game's statistics (its games stay counted, so they are not counted again)."""
        self.games.pop(game, None)

    def record_game(self, game_id: str, setup: GameSetup, totals: Sequence[int], winners: Sequence[int],
                    practice: bool, hints: Sequence[int] = ()) -> bool:
        """Count a finished game for every person at the table; False if it was already counted. A person
        who was shown hints (`hints`: per seat), or any game with a chosen seed, is counted apart, like a practice
        game."""
        if game_id in self.recorded:
            return False
        self.recorded.append(game_id)
        levels = sorted({s.level for s in setup.seats if not s.is_human}) or [PEOPLE]
        players = self.games.setdefault(setup.game, {})
        for seat, player in enumerate(setup.seats):
            if not player.is_human:
                continue
            rec = players.setdefault(player.name, Record())
            if practice:
                rec.practice_games += 1
                continue
            if setup.seed_chosen:
                rec.seeded_games += 1
                continue
            if hints and hints[seat]:
                rec.hint_games += 1
                continue
            won = seat in winners
            rec.games += 1
            rec.wins += won
            rec.total_score += totals[seat]
            rec.best = totals[seat] if rec.best is None else max(rec.best, totals[seat])
            for level in levels:
                counts = rec.by_opponent.setdefault(level, [0, 0])
                counts[0] += 1
                counts[1] += won
        return True

    def to_json(self) -> dict[str, Any]:
        games = {game: {n: r.to_json() for n, r in players.items()} for game, players in self.games.items()}
        return {"version": VERSION, "games": games, "recorded": self.recorded}

    @classmethod
    def from_json(cls, data: Any) -> "Statistics":
        if not isinstance(data, dict) or data.get("version") not in (1, VERSION):
            raise ValueError("unknown statistics format")
        games = {VERSION_1_GAME: data.get("players")} if data["version"] == 1 else data.get("games")
        recorded = data.get("recorded")
        if not isinstance(games, dict) or not isinstance(recorded, list) \
                or not all(isinstance(r, str) for r in recorded):
            raise ValueError("the statistics file is malformed")
        if not all(GAME_ID.fullmatch(game) and isinstance(players, dict) for game, players in games.items()):
            raise ValueError("the statistics file is malformed")
        records = {game: {_name(n): Record.from_json(r) for n, r in players.items()} for game, players in games.items()}
        if any(len(records[game]) != len(players) for game, players in games.items()):
            raise ValueError("two players' names are the same once cleaned")
        return cls(records, list(recorded))

    @classmethod
    def load(cls, path: Path | None = None) -> tuple["Statistics", Message | None]:
        """(statistics, message): a broken file is kept aside and the statistics start empty."""
        path = path or stats_path()
        try:
            return cls.from_json(jsonio.read_file(path, MAX_BYTES)), None
        except jsonio.JsonError as exc:
            if exc.reason == "missing":
                return cls(), None
            problem = file_problem(exc)
        except ValueError:
            problem = Message("stats_errors.malformed")
        try:
            aside = set_aside(path)
        except OSError as exc:
            return cls(), Message("stats_errors.not_renamed", path=str(path), problem=problem,
                                  reason=exc.strerror or str(exc))
        return cls(), Message("stats_errors.kept_aside", path=str(path), problem=problem, aside=aside.name)

    def save(self, path: Path | None = None) -> None:
        atomic_write_text(path or stats_path(), json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n")


def _name(text: str) -> str:
    """A player's name from the file, as it may be shown (ValueError if it is no name)."""
    name = clean_name(text)
    if not name or len(name) > MAX_NAME:
        raise ValueError("a player's name is empty or too long")
    return name


def stats_path() -> Path:
    return data_dir() / "statistics.json"
