"""Positions that differ only in what one seat does not know (OpenSpiel's "resample from the information state"):
the privacy tests swap what a viewer cannot know and check that the viewer gets the same view, events and pixels.

What nobody sees here: the draw pile's order and every face-down card; what only its seat sees: the starting
cards of a seat still to arrange them. A twin deals those cards out again among the same places.
"""

from __future__ import annotations

import random

from .state import _ARRANGE, GameState

TRIES = 200  # shuffles tried before giving up on starting hands of four different types


def hidden_twin(state: GameState, seat: int | None, seed: int) -> GameState | None:
    """A copy of `state` whose cards unseen by `seat` (None: by everyone) are dealt again at random, or None when
    every card that could move is seen. Starting hands keep four different types, as the setup deals them."""
    rng = random.Random(seed)
    # A seat sees its starting cards only while it arranges them (`view`).
    hands = [s for s in range(state.players) if state.hands[s] and not (state.step == _ARRANGE and s == seat
                                                                        and s == state.current)]
    down = [(s, i) for s in range(state.players) for i in range(16)
            if not state.face_up[s] >> i & 1 and state.kingdoms[s][i] >= 0]
    unseen = state.deck + [state.kingdoms[s][i] for s, i in down] + [t for s in hands for t in state.hands[s]]
    if len(set(unseen)) < 2:
        return None
    for _ in range(TRIES):
        rng.shuffle(unseen)
        cards = iter(unseen)
        twin = state.clone()
        twin.deck = [next(cards) for _ in state.deck]
        for s, i in down:
            twin.kingdoms[s][i] = next(cards)
        for s in hands:
            twin.hands[s] = [next(cards) for _ in state.hands[s]]
        if all(len(set(twin.hands[s])) == len(twin.hands[s]) for s in hands):
            twin._legal = None  # the arrangements offered are made from the hand
            return twin
    return None
