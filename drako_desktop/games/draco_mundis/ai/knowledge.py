"""What one seat knows, from its view alone, and the positions consistent with it.

A seat sees every token's owner, every face-up token, its own face-down tokens and the
ones it peeked at. Every other face-down token (and, during setup, every token still in
another player's supply) is one of what its owner has left unaccounted for: the owner's
tokens minus those shown face up, held, kept as trophies, destroyed, sacrificed or known
face down. Nothing in the view tells two such tokens of one owner apart (face-down tokens
never move, and who peeked says nothing about the kind), so every assignment of an
owner's pool to its unknown squares is equally likely: `sample` deals one at random,
which is what the yardstick and the medium level assume (OpenSpiel's
`resample_from_infostate`). The hard level also weighs what it watched the owners do
(`belief.Beliefs`, from a `belief.Watch`) and deals its worlds from those beliefs.
"""

from __future__ import annotations

import random
from collections import Counter

from ..actions import row_col, square
from ..engine import GameState
from ..rules import KIND_BITS, Rules
from ..view import View
from .belief import Beliefs, Watch, evidence_by_square


class Knowledge:
    """One seat's knowledge at one decision (built from the view, never from the state)."""

    def __init__(self, rules: Rules, view: View) -> None:
        if view.seat is None:
            raise ValueError("a computer player needs the view of its own seat")
        self.rules = rules
        self.view = view
        self.seat: int = view.seat
        players = view.players
        counts = rules.token_counts(frozenset(view.variants))
        left = [Counter({k: n for k, n in enumerate(counts) if n}) for _ in range(players)]
        index = rules.kind_index
        # per owner, the squares (engine numbering) of its face-down tokens this seat does not know
        self.unknown: list[list[int]] = [[] for _ in range(players)]
        for spot in view.squares:
            if spot.down >= 0:
                if spot.down_kind is None:
                    self.unknown[spot.down].append(square(*spot.at))
                else:
                    left[spot.down][index[spot.down_kind]] -= 1
            for token in (spot.land, spot.character, spot.prisoner, spot.trap):
                if token is not None:
                    left[token.owner][index[token.kind]] -= 1
        for pile in (*view.trophies, *view.destroyed):
            for token in pile:
                left[token.owner][index[token.kind]] -= 1
        for owner, kinds in enumerate(view.sacrificed):
            for kind in kinds:
                left[owner][index[kind]] -= 1
        # per owner, the kinds (sorted, with repetition) of its tokens this seat cannot place:
        # its unknown face-down tokens and, during setup, its supply
        self.pools: list[list[int]] = [sorted(c.elements()) for c in left]
        kinds = rules.kinds
        # the position with each owner's pool dealt in sorted order onto its unknown squares, in board order
        dealt = {row_col(sq): kinds[k] for owner, squares in enumerate(self.unknown)
                 for sq, k in zip(squares, self.pools[owner])}
        self.state = GameState.from_view(rules, view, dealt)

    def beliefs(self, watch: Watch) -> Beliefs:
        """What the seat believes its rivals' unknown tokens are, from what it watched (`watch`) and the counts."""
        return Beliefs(self.rules.kinds, self.unknown, self.pools, evidence_by_square(watch, self.view))

    def sample(self, rng: random.Random, beliefs: Beliefs | None = None) -> GameState:
        """A position consistent with everything this seat knows, the unknown tokens dealt at random: each
        assignment alike, or, with `beliefs`, the rivals' tokens in play dealt from them."""
        world = self.state.clone()
        for owner, pool in enumerate(self.pools):
            squares = self.unknown[owner]
            if not squares:
                continue
            if beliefs is not None and owner != self.seat and len(pool) == len(squares):
                deal = beliefs.deal(owner, rng)
            else:
                deal = pool[:]
                rng.shuffle(deal)
            for sq, k in zip(squares, deal):
                world.down[sq] = owner << KIND_BITS | k
            if len(deal) > len(squares):  # during setup the rest of the deal is the owner's supply
                world.supply[owner] = [0] * len(self.rules.kinds)
                for k in deal[len(squares):]:
                    world.supply[owner][k] += 1
        return world
