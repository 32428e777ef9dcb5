"""Play whole games between agents without a screen (simulate, demos, tests)."""

from __future__ import annotations

import hashlib
import json
import statistics
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence, TextIO

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


def run_game(game: AnyGame, state: AnyState, agents: Sequence[Agent]) -> GameRecord:
    """Play `state` to the end, asking each seat's agent for its decisions."""
    times: list[list[float]] = [[] for _ in agents]
    clock = time.perf_counter
    while not state.is_terminal():
        seat = state.current
        agent = agents[seat]
        legal = state.legal_actions()
        view = state.view(seat) if agent.wants_view else None
        start = clock()
        choice = agent.choose(view, legal)
        times[seat].append(clock() - start)
        if not 0 <= choice < len(legal):
            raise ValueError(f"agent {agent.name} chose {choice}, outside the {len(legal)} legal actions")
        state.apply(legal[choice])
    scores = game.score_reports(state)
    winners = state.winners()
    for agent in agents:
        agent.game_over(scores, winners)
    return GameRecord(state, times)


@dataclass
class SeatSummary:
    seat: int
    agent: str
    wins: float = 0.0
    scores: list[int] = field(default_factory=list)
    decisions: list[float] = field(default_factory=list)

    def as_dict(self, games: int) -> dict[str, Any]:
        ms = sorted(t * 1000 for t in self.decisions)
        return {
            "seat": self.seat,
            "agent": self.agent,
            "wins": round(self.wins, 4),
            "win_rate": round(self.wins / games, 4) if games else 0.0,
            "mean_score": round(statistics.fmean(self.scores), 3) if self.scores else 0.0,
            "decisions": len(ms),
            "mean_decision_ms": round(statistics.fmean(ms), 4) if ms else 0.0,
            "median_decision_ms": round(statistics.median(ms), 4) if ms else 0.0,
            "p99_decision_ms": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 4) if ms else 0.0,
        }


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
    players = len(agent_specs)
    seats = [SeatSummary(i, spec) for i, spec in enumerate(agent_specs)]
    started = time.perf_counter()
    turns = actions = 0
    for g in range(games):
        # Fresh agents every game: an external bot process lives for one game.
        agents = [make_agent(game, spec, derive_seed(seed, "agent", g, i), bot_timeout=bot_timeout)
                  for i, spec in enumerate(agent_specs)]
        try:
            state = game.new_state(players, derive_seed(seed, "game", g), g % players, variants)
            record = run_game(game, state, agents)
            turns += state.turn
            actions += len(state.history)
            if records is not None:
                records.write(json.dumps(game.record(state), separators=(",", ":")) + "\n")
            winners = state.winners()
            for seat, breakdown in enumerate(state.scores()):
                summary = seats[seat]
                summary.scores.append(breakdown.total)
                summary.decisions.extend(record.decision_seconds[seat])
                if seat in winners:
                    summary.wins += 1 / len(winners)
        finally:
            for agent in agents:
                agent.close()
        if progress:
            progress(g + 1)
    elapsed = time.perf_counter() - started
    return {
        "game": game.id,
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
