"""Play whole games between agents without a screen (simulate, demos, tests)."""

from __future__ import annotations

import hashlib
import json
import statistics
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence, TextIO

from ..ai import make_agent
from ..interface.game import Agent, AnyGame, AnyState


def derive_seed(*parts: object) -> int:
    """A stable 63-bit seed from any parts (same parts, same seed, on every machine)."""
    text = ":".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


@dataclass
class GameRecord:
    state: AnyState
    decision_seconds: list[list[float]]  # per seat
    # the same decisions' processor time (this thread's: what a decision costs whatever else the machine runs)
    decision_cpu_seconds: list[list[float]]


def run_game(game: AnyGame, state: AnyState, agents: Sequence[Agent]) -> GameRecord:
    """Play `state` to the end, asking each seat's agent for its decisions."""
    times: list[list[float]] = [[] for _ in agents]
    cpu_times: list[list[float]] = [[] for _ in agents]
    clock, cpu_clock = time.perf_counter, time.thread_time
    while not state.is_terminal():
        seat = state.current
        agent = agents[seat]
        legal = state.legal_actions()
        view = state.view(seat) if agent.wants_view else None
        start, cpu_start = clock(), cpu_clock()
        choice = agent.choose(view, legal)
        times[seat].append(clock() - start)
        cpu_times[seat].append(cpu_clock() - cpu_start)
        if not 0 <= choice < len(legal):
            raise ValueError(f"agent {agent.name} chose {choice}, outside the {len(legal)} legal actions")
        state.apply(legal[choice])
    scores = game.score_reports(state)
    winners = state.winners()
    for agent in agents:
        agent.game_over(scores, winners)
    return GameRecord(state, times, cpu_times)


@dataclass
class SeatSummary:
    seat: int
    agent: str
    wins: float = 0.0
    scores: list[int] = field(default_factory=list)
    decisions: list[float] = field(default_factory=list)
    cpu_decisions: list[float] = field(default_factory=list)

    def as_dict(self, games: int) -> dict[str, Any]:
        ms = sorted(t * 1000 for t in self.decisions)
        cpu_ms = sorted(t * 1000 for t in self.cpu_decisions)
        return {
            "seat": self.seat,
            "agent": self.agent,
            "wins": round(self.wins, 4),
            "win_rate": round(self.wins / games, 4) if games else 0.0,
            "mean_score": round(statistics.fmean(self.scores), 3) if self.scores else 0.0,
            "decisions": len(ms),
            "mean_decision_ms": round(statistics.fmean(ms), 4) if ms else 0.0,
            "median_decision_ms": round(statistics.median(ms), 4) if ms else 0.0,
            "p99_decision_ms": _p99(ms),
            "median_decision_cpu_ms": round(statistics.median(cpu_ms), 4) if cpu_ms else 0.0,
            "p99_decision_cpu_ms": _p99(cpu_ms),
        }


def _p99(ms: list[float]) -> float:
    """The 99th percentile of sorted times (0 for none)."""
    return round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 4) if ms else 0.0


@dataclass
class PlayedGame:
    """One game of a simulation: its record (`Game.record`), each seat's score and share of the win, and its
    decision times."""

    index: int  # in its series
    record: dict[str, Any] | None  # when asked for
    scores: list[int]
    wins: list[float]
    decision_seconds: list[list[float]]
    decision_cpu_seconds: list[list[float]]
    turns: int
    actions: int


def play_one(game: AnyGame, agent_specs: Sequence[str], seed: int, index: int, *, bot_timeout: float | None = None,
             variants: Sequence[str] = (), keep_record: bool = False) -> PlayedGame:
    """Game number `index` of `simulate`'s series `seed`: the same deal, first player and agents' seeds whoever
    plays it, in this process or another (`tools/bench_ai.py --jobs`)."""
    players = len(agent_specs)
    # Fresh agents every game: an external bot process lives for one game.
    agents = [make_agent(game, spec, derive_seed(seed, "agent", index, i), bot_timeout=bot_timeout)
              for i, spec in enumerate(agent_specs)]
    try:
        state = game.new_state(players, derive_seed(seed, "game", index), index % players, variants)
        played = run_game(game, state, agents)
    finally:
        for agent in agents:
            agent.close()
    winners = state.winners()
    return PlayedGame(index, game.record(state) if keep_record else None, [b.total for b in state.scores()],
                      [1 / len(winners) if seat in winners else 0.0 for seat in range(players)],
                      played.decision_seconds, played.decision_cpu_seconds, state.turn, len(state.history))


def simulate(
    game: AnyGame,
    agent_specs: Sequence[str],
    games: int,
    seed: int,
    progress: Callable[[int], None] | None = None,
    bot_timeout: float | None = None,
    variants: Sequence[str] = (),
    records: TextIO | None = None,
) -> dict[str, Any]:
    """Play `games` games, seat i always played by agent_specs[i], the first seat rotating.
    With `records`, each finished game's record (`Game.record`) is written there as one JSON line."""
    started = time.perf_counter()
    played = (play_one(game, agent_specs, seed, g, bot_timeout=bot_timeout, variants=variants,
                       keep_record=records is not None) for g in range(games))
    return summarize_games(game.id, agent_specs, seed, variants, played, progress, records, started)


def summarize_games(game_id: str, agent_specs: Sequence[str], seed: int, variants: Sequence[str],
                    played: Iterable[PlayedGame], progress: Callable[[int], None] | None = None,
                    records: TextIO | None = None, started: float | None = None) -> dict[str, Any]:
    """`simulate`'s summary of games played in order (`play_one`), however they were played."""
    started = time.perf_counter() if started is None else started
    players = len(agent_specs)
    seats = [SeatSummary(i, spec) for i, spec in enumerate(agent_specs)]
    turns = actions = games = 0
    for one in played:
        games += 1
        turns += one.turns
        actions += one.actions
        if records is not None and one.record is not None:
            records.write(json.dumps(one.record, separators=(",", ":")) + "\n")
        for seat, summary in enumerate(seats):
            summary.scores.append(one.scores[seat])
            summary.decisions.extend(one.decision_seconds[seat])
            summary.cpu_decisions.extend(one.decision_cpu_seconds[seat])
            summary.wins += one.wins[seat]
        if progress:
            progress(games)
    elapsed = time.perf_counter() - started
    return {
        "game": game_id,
        "players": players,
        "games": games,
        "seed": seed,
        "variants": list(variants),
        "seats": [s.as_dict(games) for s in seats],
        "mean_turns": round(turns / games, 2) if games else 0.0,
        "mean_actions": round(actions / games, 2) if games else 0.0,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 2) if elapsed > 0 else 0.0,
    }
