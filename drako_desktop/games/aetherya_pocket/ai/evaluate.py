"""Static estimates of how a kingdom will score, shared by the computer opponents.

The final score counts every card, face-down ones included (they are revealed
when the game ends), but the rules engine scores face-up cards only. The
`Evaluator` adds what the unseen cards are expected to bring: each face-down
cell will hold a card drawn from the unseen pool, so it earns, on average, the
points an unseen card earns next to its face-up neighbours (tribe-land values
and conflicts, `Odds.near`), next to other face-down cells (`Odds.both`), and
as a possible dragon. Connections through portals are left out of this
estimate: they are rare and the exact scoring of face-up cards counts them.

It also credits a wild dragon that is one tribe card short of being
domesticated with a share of the swing, because the next suitable card can
tame it (the "domestication prospect").

`Evaluator.place` is the searches' inner loop: the exact change of the
face-up score, and the legends newly met, when one card replaces one cell.
Searches look at kingdoms that are mostly new (every sampled deal differs), so
scoring each candidate kingdom from scratch would miss the engine's caches
every time; instead the kingdom before the move is analysed once and each
placement is scored from the connections of its one cell. The scores are
sums over connected pairs (tribe-land values and conflicts) plus the dragons,
so only the pairs of the changed cell and the dragons connected to it change.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..data import Requirement
from ..engine import Rules
from ..engine.kingdom import FULL, NEIGHBOURS, cells_of, connected_group, portal_groups, spread

# Share of a wild dragon's domestication swing credited when one more tribe card would tame it.
PROSPECT_SHARE = 0.35
_LAST_COLUMN = sum(1 << (4 * row + 3) for row in range(4))


class Odds:
    """What an unseen card is likely to be, for one decision."""

    __slots__ = ("p", "near", "both", "dragon")

    def __init__(self, evaluator: "Evaluator", unseen: Sequence[int]) -> None:
        n = len(unseen)
        size = sum(unseen)
        self.p = p = [u / size for u in unseen] if size else [0.0] * n
        pair = evaluator.pair
        # Expected points between one unseen card and a face-up card of type b next to it.
        self.near = [sum(p[t] * pair[t][b] for t in range(n)) for b in range(n)]
        # ... and between two unseen cards next to each other.
        self.both = sum(p[a] * self.near[a] for a in range(n))
        self.dragon = sum(p[t] for t in evaluator.rules.dragon_types)


# A kingdom analysed once for scoring many single placements on it:
# (masks per type, connected per cell, face-up non-portal cells,
#  per portal group (cells next to it, cards joined through it),
#  per dragon (cell, connected cards per domesticator type), dragon cells, dragon score)
_Before = tuple[Any, ...]

class Evaluator:
    """Kingdom scores with caches, and the expected final score of a partly hidden kingdom."""

    CACHE_LIMIT = 200_000

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        n = rules.ntypes
        # pair[a][b]: points one card of type a and one of type b earn together when directly adjacent.
        pair = [[0] * n for _ in range(n)]
        for tribe, lands in rules.tribe_values:
            for land, pts in lands:
                pair[tribe][land] += pts
                pair[land][tribe] += pts
        for a, b in rules.hostile:
            pair[a][b] += rules.cards.conflict_points
            if a != b:
                pair[b][a] += rules.cards.conflict_points
        self.pair = pair
        self.dragon_rules = rules.cards.dragons
        self.portal_set = frozenset(rules.portal_types)
        self.dragon_set = frozenset(rules.dragon_types)
        self.loner_set = frozenset(rules.no_portals)
        # Legend clauses by the card types they name: a placement can newly meet only those of its card.
        self.clauses: list[list[tuple[int, str, tuple[int, ...], int]]] = [[] for _ in range(n)]
        for leg, legend in enumerate(rules.cards.legends):
            self._add_clause(1 << leg, legend.requires)
        self._totals: dict[tuple[int, ...], int] = {}
        self._dragons: dict[tuple[int, ...], tuple[int, int, float]] = {}
        self._before_key: tuple[int, ...] = ()
        self._before: _Before = ()

    def _add_clause(self, bit: int, req: Requirement) -> None:
        if req.pattern == "any":
            for option in req.options:
                self._add_clause(bit, option)
            return
        types = tuple(self.rules.type_index[t] for t in req.types)
        for t in set(types):
            self.clauses[t].append((bit, req.pattern, types, req.size))

    def total(self, kingdom: tuple[int, ...]) -> int:
        """Board score of the face-up cards (legends not included)."""
        found = self._totals.get(kingdom)
        if found is None:
            if len(self._totals) >= self.CACHE_LIMIT:
                self._totals.clear()
            found = self._totals[kingdom] = sum(self.rules.board_scores(kingdom))
        return found

    def dragons(self, kingdom: tuple[int, ...]) -> tuple[int, int, float]:
        """(face-up dragons, domesticated ones, domestication prospects in points)."""
        found = self._dragons.get(kingdom)
        if found is not None:
            return found
        rules = self.rules
        an = rules.analyse(kingdom)
        masks, conn = an.masks, an.connected
        need = self.dragon_rules.at_least
        count = tamed = 0
        wild_near: list[int] = []  # per wild dragon: the cells where one more tribe card would tame it
        for d in rules.dragon_types:
            for c in cells_of(masks[d]):
                count += 1
                near = [(conn[c] & masks[t]).bit_count() for t in rules.domesticators]
                if max(near) >= need:
                    tamed += 1
                    continue
                free = 0
                for t, n in zip(rules.domesticators, near):
                    if n == need - 1:
                        free |= NEIGHBOURS[c] & ~an.locked & ~masks[t]
                wild_near.append(free)
        prospects = 0.0
        if wild_near:
            tame, wild = self.dragon_rules.values[min(count, len(self.dragon_rules.values)) - 1]
            prospects = PROSPECT_SHARE * (tame - wild) * sum(1 for free in wild_near if free)
        found = (count, tamed, prospects)
        if len(self._dragons) >= self.CACHE_LIMIT:
            self._dragons.clear()
        self._dragons[kingdom] = found
        return found

    def expected(self, kingdom: tuple[int, ...], odds: Odds) -> float:
        """Expected final board score: the face-up cards exactly, the face-down ones on average."""
        value: float = self.total(kingdom)
        count, tamed, prospects = self.dragons(kingdom)
        value += prospects
        masks = self.rules.analyse(kingdom).masks
        face_up = 0
        for m in masks:
            face_up |= m
        hidden = FULL & ~face_up
        if not hidden:
            return value
        near = odds.near
        for t, m in enumerate(masks):  # face-up cards next to face-down ones
            if m and near[t]:
                for n in cells_of(m):
                    value += near[t] * (NEIGHBOURS[n] & hidden).bit_count()
        # pairs of face-down neighbours: side by side, and one above the other
        value += odds.both * (
            (hidden & (hidden >> 1) & ~_LAST_COLUMN).bit_count() + (hidden & (hidden >> 4)).bit_count()
        )
        # each face-down card may be a dragon, tame if two tribe cards of one kind are next to it
        score = self.dragon_rules.score
        base = score(count, tamed)
        need = self.dragon_rules.at_least
        tribes = [masks[t] for t in self.rules.domesticators]
        tamable = sum(1 for c in cells_of(hidden) if any((NEIGHBOURS[c] & m).bit_count() >= need for m in tribes))
        value += odds.dragon * (tamable * (score(count + 1, tamed + 1) - base)
                                + (hidden.bit_count() - tamable) * (score(count + 1, tamed) - base))
        return value

    # -- single placements (the searches' inner loop) -------------------------

    def _analyse_before(self, kingdom: tuple[int, ...]) -> _Before:
        # Placements on one kingdom are scored one after another (a player's every option),
        # and a search rarely meets the same sampled kingdom twice: remember the last one only.
        if kingdom == self._before_key:
            return self._before
        rules = self.rules
        an = rules.analyse(kingdom)
        masks, conn = an.masks, an.connected
        portals = loners = face_up = 0
        for t in rules.portal_types:
            portals |= masks[t]
        for t in rules.no_portals:
            loners |= masks[t]
        for m in masks:
            face_up |= m
        cards = face_up & ~portals
        rims = [(spread(group), spread(group) & cards & ~loners) for group in portal_groups(portals)]
        need = self.dragon_rules.at_least
        dragons = []
        dragon_cells = tamed = 0
        for d in rules.dragon_types:
            for c in cells_of(masks[d]):
                near = tuple((conn[c] & masks[t]).bit_count() for t in rules.domesticators)
                dragons.append((c, near))
                dragon_cells |= 1 << c
                tamed += max(near) >= need
        self._before_key = kingdom
        self._before = (
            masks,
            conn,
            cards,
            tuple(rims),
            tuple(dragons),
            dragon_cells,
            self.dragon_rules.score(len(dragons), tamed),
        )
        return self._before

    def place(self, kingdom: tuple[int, ...], index: int, card: int, legends: int = 0) -> tuple[int, int]:
        """(change of the face-up board score, legends of the mask `legends` newly met) when `card`
        replaces the cell `index` (face down, or a face-up card that may be replaced).

        "Newly met" is exact for legends the kingdom did not meet before; those
        it already met are left out.
        """
        if card in self.portal_set:  # a portal rewires connections: score the whole kingdom
            after = kingdom[:index] + (card,) + kingdom[index + 1:]
            met = self.rules.met_legends(after) & ~self.rules.met_legends(kingdom) & legends if legends else 0
            return self.total(after) - self.total(kingdom), met
        masks, conn, cards, rims, dragons, dragon_cells, dragon_score = self._analyse_before(kingdom)
        bit = 1 << index
        old = kingdom[index]
        new = NEIGHBOURS[index] & cards
        if card not in self.loner_set:
            for side, rim in rims:
                if side & bit:
                    new |= rim
        new &= ~bit
        pair = self.pair[card]
        gain = 0
        for n in cells_of(new):
            gain += pair[kingdom[n]]
        gone = 0
        if old >= 0:
            gone = conn[index]
            pair = self.pair[old]
            for n in cells_of(gone):
                gain -= pair[kingdom[n]]
        is_dragon = card in self.dragon_set
        if is_dragon or (new | gone) & dragon_cells:
            gain += self._dragons_after(masks, dragons, old, gone, card, new, is_dragon) - dragon_score
        met = 0
        if legends:
            for leg_bit, pattern, types, size in self.clauses[card]:
                if legends & leg_bit & ~met and self._meets(masks, conn, bit, card, new, pattern, types, size):
                    met |= leg_bit
        return gain, met

    def _dragons_after(
        self,
        masks: tuple[int, ...],
        dragons: tuple[Any, ...],
        old: int,
        gone: int,
        card: int,
        new: int,
        is_dragon: bool,
    ) -> int:
        domesticators = self.rules.domesticators
        need = self.dragon_rules.at_least
        tamed = 0
        for d, near in dragons:
            dbit = 1 << d
            for t, n in zip(domesticators, near):
                if t == old and gone & dbit:
                    n -= 1
                if t == card and new & dbit:
                    n += 1
                if n >= need:
                    tamed += 1
                    break
        if is_dragon:
            tamed += any((new & masks[t]).bit_count() >= need for t in domesticators)
        return self.dragon_rules.score(len(dragons) + is_dragon, tamed)

    @staticmethod
    def _meets(
        masks: tuple[int, ...], conn: tuple[int, ...], bit: int, card: int, new: int, pattern: str,
        types: tuple[int, ...], size: int,
    ) -> bool:
        """Whether the clause holds once `card` is on the cell `bit`, connected to the cells `new`,
        given that it did not hold before (so it must use the new card)."""
        if pattern == "pair":
            a, b = types
            return bool((card == a and new & masks[b] & ~bit) or (card == b and new & masks[a] & ~bit))
        if pattern == "hub":
            a, b = types
            if card == a and (new & masks[b] & ~bit).bit_count() >= size:
                return True
            if card == b:
                return any((conn[c] & masks[b] & ~bit).bit_count() + 1 >= size for c in cells_of(new & masks[a]))
            return False
        if pattern == "group":
            return connected_group(new & masks[card] & ~bit, masks[card] & ~bit, conn).bit_count() + 1 >= size
        # present
        return all(t == card or masks[t] & ~bit for t in types)
