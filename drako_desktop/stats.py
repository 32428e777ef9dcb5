"""Statistics per game and player name: games, wins, average and best score, by opponent level.

Only people are tracked (computer seats have no statistics). A game counts once,
when it ends; a shared victory counts as a win for each winner. Practice games
(unlimited undo) are counted apart and never change wins, averages or bests.
Kept as versioned JSON next to the saves, keyed by game id (version 1 files, from
before the app had a second game, hold Aetherya Pocket's and still load); a broken
file is set aside and the statistics start again, with a message.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from .controller.game import GameSetup
from .games import DEFAULT_GAME
from .i18n import Message
from .storage import atomic_write_text, data_dir

VERSION = 2  # 1: {"players", "recorded"}, all of them Aetherya Pocket's
PEOPLE = "people"  # the opponent "level" of a table with no computer seat


@dataclass
class Record:
    games: int = 0
    wins: int = 0
    total_score: int = 0
    best: int | None = None
    practice_games: int = 0
    by_opponent: dict[str, list[int]] = field(default_factory=dict)  # level -> [games, wins]

    @property
    def average(self) -> float | None:
        return self.total_score / self.games if self.games else None

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games, "wins": self.wins, "total_score": self.total_score, "best": self.best,
            "practice_games": self.practice_games, "by_opponent": self.by_opponent,
        }

    @classmethod
    def from_json(cls, data: Any) -> "Record":
        if not isinstance(data, dict):
            raise ValueError("a player record is not an object")
        ints = ("games", "wins", "total_score", "practice_games")
        if any(not isinstance(data.get(k), int) or isinstance(data.get(k), bool) or data[k] < 0 and k != "total_score"
               for k in ints):
            raise ValueError("a player record has a bad count")
        best = data.get("best")
        if best is not None and (not isinstance(best, int) or isinstance(best, bool)):
            raise ValueError("a player record has a bad best score")
        by = data.get("by_opponent")
        if not isinstance(by, dict) or not all(
            isinstance(k, str) and isinstance(v, list) and len(v) == 2 and all(isinstance(n, int) and n >= 0 for n in v)
            for k, v in by.items()
        ):
            raise ValueError("a player record has bad per-opponent counts")
        if data["wins"] > data["games"]:
            raise ValueError("a player record has more wins than games")
        return cls(data["games"], data["wins"], data["total_score"], best, data["practice_games"],
                   {k: list(v) for k, v in by.items()})


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
                    practice: bool) -> bool:
        """Count a finished game for every person at the table; False if it was already counted."""
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
        games = {DEFAULT_GAME: data.get("players")} if data["version"] == 1 else data.get("games")
        recorded = data.get("recorded")
        if not isinstance(games, dict) or not isinstance(recorded, list) or not all(isinstance(r, str) for r in recorded):
            raise ValueError("the statistics file is malformed")
        if not all(isinstance(players, dict) for players in games.values()):
            raise ValueError("the statistics file is malformed")
        return cls({str(game): {str(n): Record.from_json(r) for n, r in players.items()}
                    for game, players in games.items()}, list(recorded))

    @classmethod
    def load(cls, path: Path | None = None) -> tuple["Statistics", Message | None]:
        """(statistics, message): a broken file is kept aside and the statistics start empty."""
        path = path or stats_path()
        try:
            return cls.from_json(json.loads(path.read_text(encoding="utf-8"))), None
        except FileNotFoundError:
            return cls(), None
        except UnicodeDecodeError:
            problem = Message("stats_errors.not_text")
        except json.JSONDecodeError as exc:  # before ValueError: it is one
            problem = Message("stats_errors.bad_json", line=exc.lineno)
        except ValueError:
            problem = Message("stats_errors.malformed")
        except OSError as exc:
            problem = Message("stats_errors.unreadable", reason=exc.strerror or str(exc))
        aside = path.with_name(path.name + ".broken")
        try:
            path.replace(aside)
        except OSError as exc:
            return cls(), Message("stats_errors.not_renamed", path=str(path), problem=problem,
                                  reason=exc.strerror or str(exc))
        return cls(), Message("stats_errors.kept_aside", path=str(path), problem=problem, aside=aside.name)

    def save(self, path: Path | None = None) -> None:
        atomic_write_text(path or stats_path(), json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n")


def stats_path() -> Path:
    return data_dir() / "statistics.json"
