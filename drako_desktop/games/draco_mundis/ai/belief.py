"""One seat's beliefs about its rivals' face-down tokens, from what it has watched them do.

Face-down tokens never move and never act, so what a token is shows only in what its
owner did around it. Two things are watched, from the seat's own views at its decisions
(nothing else: no engine, no event the seat could not see):

- where the owner put it: the distance, when play began, from the token to the nearest
  explorer of another colour (explorers are placed face up). A sensible owner lays its
  strong characters next to enemy explorers, which lose the fight if they reveal them, and
  its campsite and lands that score away from them;
- what the owner left alone: each of its turns the token stayed face down with one of the
  owner's face-up characters next to it ("declined"). An owner brings its own characters
  out; a land, the campsite or the tiger it leaves lying.

Each is a likelihood P(evidence | kind), fitted on self-play of the medium level (a table
in `belief_table.py`, written by `tools/fit_draco_beliefs.py`); naive Bayes multiplies
them. With the owner's counts still unseen (`Knowledge.pools`) they give, per square, the
chance of each kind (`marginals`, by iterative proportional fitting: every square holds
one token, every kind has its count), and the worlds the hard level searches are dealt
from them (`deal`). A seat that did not watch from the first round (a loaded save's, an
analyst asked about one decision) has no evidence: its beliefs are the counts alone (the
uniform prior, as `Knowledge.sample` deals without beliefs).
"""

from __future__ import annotations

import random
from collections import Counter

from ..actions import square
from ..view import View
from .belief_table import LIKELIHOOD

DISTANCE_BUCKETS = 4  # 1, 2, 3, 4 or more squares (or no such explorer)
DECLINED_BUCKETS = 4  # 0, 1, 2, 3 or more turns
SINKHORN_ROUNDS = 30
# The share of each likelihood that is flat (every bucket alike): an owner who plays otherwise than the medium
# level the table was fitted on (a person, the yardstick) is misread by at most a factor of 1 / FLAT per feature,
# and no kind is ever all but ruled out.
FLAT = 0.2


# feature ("distance", "declined") -> kind -> P(bucket | kind), part fitted, part flat (`FLAT`)
LIKELIHOODS = {feature: {kind: [(1 - FLAT) * p + FLAT / len(row) for p in row] for kind, row in by_kind.items()}
               for feature, by_kind in LIKELIHOOD.items()}


def distance_bucket(distance: int) -> int:
    return min(distance, DISTANCE_BUCKETS) - 1


def declined_bucket(turns: int) -> int:
    return min(turns, DECLINED_BUCKETS - 1)


class Watch:
    """The evidence one seat gathers in one game, view by view (`observe` at each of its decisions)."""

    def __init__(self) -> None:
        self.start: dict[tuple[int, int], int] = {}  # face-down token's square -> distance bucket when play began
        self.declined: Counter[tuple[int, int]] = Counter()
        self.last: View | None = None
        self.from_start = False  # whether it has watched since the first round of play

    def observe(self, view: View) -> None:
        if view.decision != "act":
            return
        last = self.last
        if last is None or view.turn < last.turn or view.players != last.players:  # a new game, or taken back
            # Both kinds of evidence are read as the table was fitted: from the first round on (where the tokens
            # lie against the explorers says something only while these are near where they were placed, and a
            # count of declined turns only over the whole game). A seat that joins later (a loaded game's, an
            # analyst asked about one decision) goes without: its beliefs are the counts alone.
            self.from_start = view.turn <= view.players
            self.start = start_distances(view) if self.from_start else {}
            self.declined.clear()
        elif view.turn != last.turn:
            # every rival has played a turn since: which of its tokens did it leave down next to its characters?
            beside = owners_beside(last)
            for spot in view.squares:
                if spot.down >= 0 and spot.down != view.seat and spot.down in beside.get(spot.at, ()):
                    self.declined[spot.at] += 1
        self.last = view

    def evidence(self, at: tuple[int, int]) -> tuple[int, int]:
        """(distance bucket, declined bucket) of the face-down token on `at` (watched from the first round)."""
        return self.start[at], declined_bucket(self.declined[at])


def start_distances(view: View) -> dict[tuple[int, int], int]:
    """Per face-down token, the distance bucket to the nearest explorer not of its owner's colour."""
    explorers = [(spot.at, spot.character.owner) for spot in view.squares
                 if spot.character is not None and spot.character.kind == "explorer"]
    out = {}
    for spot in view.squares:
        if spot.down >= 0:
            (r, c), owner = spot.at, spot.down
            near = min((abs(r - er) + abs(c - ec) for (er, ec), o in explorers if o != owner), default=DISTANCE_BUCKETS)
            out[spot.at] = distance_bucket(near)
    return out


def owners_beside(view: View) -> dict[tuple[int, int], set[int]]:
    """Per square, the owners of the face-up characters next to it."""
    out: dict[tuple[int, int], set[int]] = {}
    for spot in view.squares:
        if spot.character is not None:
            r, c = spot.at
            for at in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                out.setdefault(at, set()).add(spot.character.owner)
    return out


class Beliefs:
    """Per rival face-down token the seat does not know, the chance of each kind its owner has left unseen."""

    def __init__(self, kinds: tuple[str, ...], unknown: list[list[int]], pools: list[list[int]],
                 evidence: dict[int, tuple[int, int]]) -> None:
        """`unknown[owner]`: squares (engine numbering); `pools[owner]`: kinds (indices, with repetition);
        `evidence`: square -> (distance bucket, declined bucket), for the squares with any."""
        table = LIKELIHOODS
        self.unknown = unknown
        self.pools = pools
        # per owner, the kinds its pool holds (sorted), their counts and per square the likelihood of each
        self.kinds: list[list[int]] = []
        self.counts: list[list[int]] = []
        self.weights: list[list[list[float]]] = []
        for owner, squares in enumerate(unknown):
            count = Counter(pools[owner])
            ks = sorted(count)
            self.kinds.append(ks)
            self.counts.append([count[k] for k in ks])
            rows = []
            for sq in squares:
                seen = evidence.get(sq)
                if seen is None:
                    rows.append([1.0] * len(ks))
                    continue
                distance, declined = seen
                rows.append([table["distance"][kinds[k]][distance] * table["declined"][kinds[k]][declined]
                             for k in ks])
            self.weights.append(rows)

    def marginals(self, owner: int) -> list[list[float]]:
        """Per unknown square of `owner`, the chance of each kind in `self.kinds[owner]`: the likelihoods scaled
        until each square's chances sum to 1 and each kind's to its count (iterative proportional fitting)."""
        rows = [row[:] for row in self.weights[owner]]
        counts = self.counts[owner]
        if not rows or len(self.pools[owner]) != len(rows):  # setup: part of the pool is still in the supply
            total = sum(counts)
            return [[n / total for n in counts] for _ in rows]
        for _ in range(SINKHORN_ROUNDS):
            for j, n in enumerate(counts):
                column = sum(row[j] for row in rows)
                for row in rows:
                    row[j] *= n / column
            for row in rows:
                chances = sum(row)
                for j in range(len(row)):
                    row[j] /= chances
        return rows

    def chances(self, seat: int) -> dict[int, dict[int, float]]:
        """Square -> kind -> chance, for every unknown token of the seat's rivals (the planner's chance nodes)."""
        out: dict[int, dict[int, float]] = {}
        for owner, squares in enumerate(self.unknown):
            if owner != seat:
                ks = self.kinds[owner]
                for sq, row in zip(squares, self.marginals(owner)):
                    out[sq] = dict(zip(ks, row))
        return out

    def deal(self, owner: int, rng: random.Random) -> list[int]:
        """Kinds for the owner's unknown squares (in their order), drawn square by square in random order,
        each kind with a chance proportional to its likelihood there times how many of it are left."""
        squares = self.unknown[owner]
        ks = self.kinds[owner]
        left = list(self.counts[owner])
        weights = self.weights[owner]
        dealt = [0] * len(squares)
        order = list(range(len(squares)))
        rng.shuffle(order)
        for i in order:
            row = weights[i]
            chances = [w * n for w, n in zip(row, left)]
            j = _draw(chances, rng)
            left[j] -= 1
            dealt[i] = ks[j]
        return dealt


def _draw(chances: list[float], rng: random.Random) -> int:
    x = rng.random() * sum(chances)
    for j, c in enumerate(chances):
        x -= c
        if x < 0 and c > 0:
            return j
    return max(range(len(chances)), key=lambda j: chances[j])


def evidence_by_square(watch: Watch, view: View) -> dict[int, tuple[int, int]]:
    """The watched evidence of every rival face-down token in `view`, by engine square (none if the seat has not
    watched from the first round)."""
    if not watch.from_start:
        return {}
    return {square(*spot.at): watch.evidence(spot.at) for spot in view.squares
            if spot.down >= 0 and spot.down != view.seat and spot.down_kind is None}
