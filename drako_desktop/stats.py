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
MAX_RECORDED = 1_000_000  # games counted: a game a minute for two years
MAX_TEXT = 100  # characters of a counted game's id (the game makes ids of 22)
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
    def from_json(cls, field: jsonio.Field) -> "Record":
        """A player's record as the file has it (JsonError for a field of the wrong type or out of bounds,
        ValueError for counts that do not add up)."""
        data = field.object()
        games, wins = data["games"].integer(0, MAX_COUNT), data["wins"].integer(0, MAX_COUNT)
        best = data.get("best", None)
        by_opponent = {}
        for level, counts in data["by_opponent"].object().items():
            if not (LEVEL.fullmatch(level) and level.isprintable()):
                raise ValueError("a player record names no level")
            played, won = (n.integer(0, MAX_COUNT) for n in _pair(counts))
            if won > played:  # [games, wins]: more wins than games would be a win rate over 100%
                raise ValueError("a player record has more wins than games against a level")
            by_opponent[level] = [played, won]
        if wins > games:
            raise ValueError("a player record has more wins than games")
        return cls(games, wins, data["total_score"].integer(-MAX_COUNT, MAX_COUNT),
                   None if best.value is None else best.integer(-MAX_COUNT, MAX_COUNT),
                   data["practice_games"].integer(0, MAX_COUNT),
                   data.get("hint_games", 0).integer(0, MAX_COUNT),  # files from before hints have none
                   data.get("seeded_games", 0).integer(0, MAX_COUNT),  # nor those from before chosen seeds counted
                   by_opponent)


def _pair(field: jsonio.Field) -> list[jsonio.Field]:
    """[games, wins] against one level."""
    counts = field.list(2)
    if len(counts) != 2:
        raise ValueError("a player record has bad per-opponent counts")
    return counts


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
        """The statistics a file holds (JsonError for a field of the wrong type or out of bounds, ValueError for
        names and counts that do not add up)."""
        fields = jsonio.Fields(data)
        version = fields["version"].version((1, VERSION))
        # Version 1: Aetherya Pocket's players alone.
        games = [(VERSION_1_GAME, fields["players"])] if version == 1 else fields["games"].object().items()
        recorded = [f.text(MAX_TEXT) for f in fields["recorded"].list(MAX_RECORDED)]
        records: dict[str, dict[str, Record]] = {}
        for game, players in games:
            if not GAME_ID.fullmatch(game):
                raise ValueError("the statistics name no game")
            records[game] = {}
            for name, record in players.object().items():
                records[game][_name(name)] = Record.from_json(record)
            if len(records[game]) != len(players.object().keys()):
                raise ValueError("two players' names are the same once cleaned")
        return cls(records, recorded)

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
