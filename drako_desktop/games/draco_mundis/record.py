"""Game records (rule book section 7): the record of a finished game (`drako_desktop.records`
replays records of every game).

A record is `{"game": "draco-mundis", "players", "first", "variants": {fast_setup,
sherpa_sacrifice, dragon_trap}, "actions": [...], "scores": [...], "winners": [...]}`.
Its actions are the notation's only: the engine's `select` halves of setup placements are
left out (a `place` replays without one). The game has no chance, so the record alone
decides the whole game.
"""

from __future__ import annotations

from typing import Any

from .actions import Select
from .data import GAME_ID
from .engine import VARIANTS, GameState


def record(state: GameState) -> dict[str, Any]:
    scores = state.scores()
    return {
        "game": GAME_ID,
        "players": state.players,
        "first": state.first,
        "variants": {v: v in state.variants for v in VARIANTS},
        "actions": [a.to_json() for a in state.history if type(a) is not Select],
        "scores": [b.total for b in scores],
        "winners": state.winners(),
    }
