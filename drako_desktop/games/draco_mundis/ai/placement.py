"""Setup: which token to place next and where (and an explorer's facing), for every level.

Every token has a role, read from the data (never from its name):

- explorers (placed face up) are the only characters that act at first: they want room
  around them and the player's own strong tokens next to them, to reveal them early;
- strong characters want to be next to enemy explorers (an enemy who reveals one there
  loses the fight) and next to the player's own explorers;
- weak characters and the lands that score (jungles, mountains) stay away from enemy
  explorers (a free trophy or a free land for them) and near the player's own explorers;
- lands that score nothing and the tiger are duds: good next to enemy explorers;
- the campsite (what an enemy journalist or truck is after) hides far from enemy
  explorers, out on an edge, and the tiger never goes next to it (the tiger's malus);
- items fill in.

Each free square gets a score for the selected token, plus a random jitter from the
agent's seeded generator; the order of the tokens is a priority per role plus a jitter
too. The jitters are each level's style: the hard level hides its campsite with a wide
one and places the rest in a varied order, so that no fixed pattern repeats from game to
game, the easy one places almost at random.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..actions import Action, Place, Select, row_col
from ..engine import GameState
from ..rules import CHAR, DOWN, KIND_BITS, KIND_MASK
from .evaluate import DISTANCE, Evaluator

EXPLORER, HOME, STRONG, PRIZE, WEAK, DUD, ITEM = range(7)
ROLE_NAMES = ("explorer", "home", "strong", "prize", "weak", "dud", "item")  # a hint's words, by role
# Lower goes first: explorers start where there is room, the campsite takes a quiet corner while there
# are some, strong characters wait to see where enemy explorers stand.
PRIORITY = {EXPLORER: 0.0, HOME: 1.0, PRIZE: 2.0, STRONG: 2.5, WEAK: 3.0, DUD: 3.0, ITEM: 3.0}
STRONG_AT_LEAST = 3  # printed strength of a character that wins against an explorer


@dataclass(frozen=True)
class Style:
    """How much a level's placement wanders from its best guess (random jitter, in score points)."""

    order_jitter: float
    square_jitter: float
    # The campsite's square: the secret the rivals' journalists and trucks hunt, so where it hides can wander
    # more than the rest without costing play (the other tokens' jitter does cost: see search.HARD_STYLE).
    home_jitter: float


class Placement:
    """Setup decisions for one seat, from the position it knows (its own tokens by kind, the others' face down)."""

    def __init__(self, evaluator: Evaluator) -> None:
        self.rules = rules = evaluator.rules
        top = max(rules.strength)
        liability = {token for token, _, _ in evaluator.adjacent_own}
        roles = []
        for k in range(len(rules.kinds)):
            if rules.placed_face_up[k]:
                role = EXPLORER
            elif k in evaluator.targets:
                role = HOME
            elif rules.is_character[k]:
                role = STRONG if rules.strength[k] >= STRONG_AT_LEAST else WEAK
            elif evaluator.occupy[k] > 0:
                role = PRIZE
            elif rules.is_land[k] or k in liability:
                role = DUD
            else:
                role = ITEM
            roles.append(role)
        self.roles = tuple(roles)
        self.top = top
        self.liability = liability
        self.liability_land = {land for _, land, _ in evaluator.adjacent_own}

    def role(self, token: str) -> str:
        """The token's role in setup, by name (what a setup hint explains)."""
        return ROLE_NAMES[self.roles[self.rules.kind_index[token]]]

    def select(self, legal: Sequence[Action], rng: random.Random, style: Style) -> int:
        """Which token of the supply to place next: the first role by priority (with the style's jitter)."""
        index = self.rules.kind_index

        def priority(i: int) -> float:
            action = legal[i]
            assert isinstance(action, Select)
            return PRIORITY[self.roles[index[action.token]]] + rng.uniform(0, style.order_jitter)

        return min(range(len(legal)), key=priority)

    def place(self, s: GameState, seat: int, legal: Sequence[Action], rng: random.Random, style: Style) -> int:
        """Where to place the selected token (and an explorer's facing): the best square with the style's jitter."""
        first = legal[0]
        assert isinstance(first, Place)
        kind = self.rules.kind_index[first.token]
        jitter = style.home_jitter if self.roles[kind] == HOME else style.square_jitter
        scores: dict[int, float] = {}
        best, best_score = 0, float("-inf")
        for i, action in enumerate(legal):
            assert isinstance(action, Place)
            sq = action.at
            if sq not in scores:
                scores[sq] = self.square_score(s, seat, kind, sq) + rng.gauss(0, jitter)
            score = scores[sq]
            if action.facing >= 0:
                score += self.facing_score(s, sq, action.facing)
            if score > best_score:
                best, best_score = i, score
        return best

    def square_score(self, s: GameState, seat: int, kind: int, sq: int) -> float:
        rules = self.rules
        geometry = s.geometry
        adjacent = geometry.adjacent[sq]
        busy, char, down = s.busy, s.char, s.down
        enemy_explorers = mine_explorers = own_strong = own_liability = own_home = enemy_down = free = 0
        for a in adjacent:
            b = busy[a]
            if not b:
                free += 1
            elif b & CHAR:
                if char[a] >> KIND_BITS == seat:
                    mine_explorers += 1
                else:
                    enemy_explorers += 1
            elif b & DOWN:
                token = down[a]
                if token >> KIND_BITS != seat:
                    enemy_down += 1
                    continue
                k = token & KIND_MASK
                role = self.roles[k]
                own_strong += role == STRONG
                own_liability += k in self.liability
                own_home += k in self.liability_land
        centre = _centrality(s, sq)
        role = self.roles[kind]
        if role == EXPLORER:
            return 0.6 * free + 0.8 * own_strong + 0.3 * enemy_down - 0.5 * enemy_explorers + 0.3 * centre
        if role == STRONG:
            top = 1.0 if rules.strength[kind] == self.top else 0.0
            return (2.0 + top) * enemy_explorers + 1.5 * mine_explorers + 0.2 * centre
        if role == WEAK:
            if rules.never_attacked[kind]:  # safe anywhere: wants to come out early and be central
                return 1.0 * mine_explorers + 0.5 * centre
            return -2.0 * enemy_explorers + 1.0 * mine_explorers
        if role == PRIZE:
            return 1.5 * mine_explorers - 1.0 * enemy_explorers + 0.2 * centre
        if role == DUD:
            penalty = 10.0 * own_home if kind in self.liability else 0.0
            return 1.0 * enemy_explorers - penalty
        if role == HOME:
            far = min((DISTANCE[sq][t]
                       for p in range(s.players) if p != seat for t in s.chars_of[p]), default=6)
            return 0.4 * min(far, 6) + 0.5 * (4 - len(adjacent)) - 2.0 * enemy_explorers - 10.0 * own_liability
        return 0.0

    def facing_score(self, s: GameState, sq: int, facing: int) -> float:
        """An explorer faces where the board is: the squares in use straight ahead, a little."""
        return 0.1 * len(s.geometry.rays[sq][facing])


def _centrality(s: GameState, sq: int) -> float:
    """1 in the middle of the board in use, 0 in a corner."""
    rows = s.rules.data.rows
    columns = [row_col(c)[1] for c in s.geometry.squares]
    lo, hi = min(columns), max(columns)
    r, c = row_col(sq)
    dr = abs(r - (rows - 1) / 2) / ((rows - 1) / 2)
    dc = abs(c - (lo + hi) / 2) / max(1.0, (hi - lo) / 2)
    return 1.0 - (dr + dc) / 2
