"""Positions that differ only in what one seat does not know (OpenSpiel's "resample from the information state"):
the privacy tests swap what a viewer cannot know and check that the viewer gets the same view, events and pixels.

Draco Mundis has no chance: what a seat does not know is the kind of the other seats' face-down tokens it has not
peeked at. A twin is the same game in which another seat placed two of its face-down tokens the other way round:
its setup's placements of them swapped, every later action the same (when they are all still legal).
"""

from __future__ import annotations

import random
from dataclasses import replace

from .actions import Place, Select
from .engine import GameState
from .rules import KIND_BITS

TRIES = 40  # pairs of tokens tried


def hidden_twin(state: GameState, seat: int | None, seed: int) -> GameState | None:
    """The game with two face-down tokens of one owner swapped that `seat` (None: everyone) does not know, replayed
    from the start with the same actions otherwise; None when there is no such pair or no swap replays."""
    unknown = [sq for sq in state.down_squares
               if seat is None or (state.down[sq] >> KIND_BITS != seat and not state.knows(seat, sq))]
    owner = {sq: state.down[sq] >> KIND_BITS for sq in unknown}
    pairs = [(a, b) for a in unknown for b in unknown
             if a < b and owner[a] == owner[b] and state.down[a] != state.down[b]]
    random.Random(seed).shuffle(pairs)
    public = state.view(seat).to_json()
    for a, b in pairs[:TRIES]:
        twin = _replayed(state, _swapped(state.history, a, b))
        if twin is not None and twin.view(seat).to_json() == public:
            return twin
    return None


def _swapped(history: list, a: int, b: int) -> list:
    """The actions with the placements on squares a and b (and the selects just before them) trading tokens."""
    out = list(history)
    placed = {i: action for i, action in enumerate(out) if isinstance(action, Place) and action.at in (a, b)}
    tokens = {action.at: action.token for action in placed.values()}
    for i, action in placed.items():
        other = tokens[b if action.at == a else a]
        out[i] = replace(action, token=other)
        if i > 0 and isinstance(out[i - 1], Select) and out[i - 1].token == action.token:
            out[i - 1] = Select(other)
    return out


def _replayed(state: GameState, actions: list) -> GameState | None:
    twin = GameState.new(state.rules, state.players, state.first, state.variants)
    for action in actions:
        if twin.why_illegal(action) is not None:
            return None
        twin.apply(action)
    return twin
