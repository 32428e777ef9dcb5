"""Kingdom geometry, connection, scoring and legend checks.

A Kingdom is 16 cells, row-major (cell = 4 * row + col). The engine's hot path
works on a tuple of 16 ints: a card type index, or UNKNOWN for a cell that is
face down (or not yet filled at setup). Sets of cells are 16-bit masks.

`Rules` compiles a CardSet into index tables once; `Rules.analyse` turns a
kingdom into per-type masks and, per cell, the mask of cells it is connected to
(rule book 3). Scores and legend checks are computed from that and cached by
the kingdom's contents, because the same kingdom is looked at many times
(turn start, after placing, by the computer opponents' searches).
"""

from __future__ import annotations

from typing import Any, Callable, Generic, Hashable, Iterable, NamedTuple, Sequence, TypeVar

from ....interface.game import Breakdown
from ..data import CardSet, Requirement

__all__ = ["Breakdown"]  # re-exported: a kingdom's score is the game interface's Breakdown
from .actions import CLAIM, Action

ROWS = COLS = 4
CELLS = ROWS * COLS
FULL = (1 << CELLS) - 1
UNKNOWN = -1
CENTRE = (5, 6, 9, 10)  # the 2 x 2 centre, in reading order
OUTER = tuple(c for c in range(CELLS) if c not in CENTRE)

_COL0 = sum(1 << (4 * r) for r in range(ROWS))
_COL3 = _COL0 << 3


def spread(mask: int) -> int:
    """The cells orthogonally adjacent to any cell of `mask` (mask itself excluded only if not adjacent)."""
    return ((mask << 4) | (mask >> 4) | ((mask << 1) & ~_COL0) | ((mask >> 1) & ~_COL3)) & FULL


NEIGHBOURS = tuple(spread(1 << c) for c in range(CELLS))


Key = TypeVar("Key", bound=Hashable)
Value = TypeVar("Value")


class Memo(dict[Key, Value], Generic[Key, Value]):
    """key -> make(key), made on first lookup and kept: for the few keys that come up constantly.

    Look values up with `memo[key]` (or its bound `__getitem__`): a plain dict
    lookup, with no Python function call around it, on the hottest paths."""

    def __init__(self, make: Callable[[Key], Value]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Key) -> Value:
        found = self[key] = self.make(key)
        return found


Item = TypeVar("Item")


def by_cells(items: Sequence[Item]) -> Memo[int, tuple[Item, ...]]:
    """mask -> the items of its cells (one per cell), in cell order, kept per mask. A mask not seen
    before is two lookups and a join (the items of its first and of its last 8 cells), not a loop
    over 16 cells: a game meets thousands of new masks."""
    low = tuple(tuple(items[c] for c in range(8) if byte >> c & 1) for byte in range(256))
    high = tuple(tuple(items[c + 8] for c in range(8) if byte >> c & 1) for byte in range(256))
    return Memo(lambda mask: low[mask & 255] + high[mask >> 8])


# cells_of(mask): the cell indices in a mask, ascending. Masks repeat constantly.
_CELLS_OF: Memo[int, tuple[int, ...]] = by_cells(range(CELLS))
cells_of: Callable[[int], tuple[int, ...]] = _CELLS_OF.__getitem__


def portal_groups(portals: int) -> list[int]:
    """The groups of orthogonally touching portals in a mask, one mask per group."""
    groups = []
    rest = portals
    while rest:
        group = rest & -rest
        while True:
            grown = (group | spread(group)) & portals
            if grown == group:
                break
            group = grown
        rest &= ~group
        groups.append(group)
    return groups


def connected_group(start: int, within: int, connected: Sequence[int]) -> int:
    """The cells of `within` reachable from the cells of `start` through the connection relation."""
    seen = frontier = start
    while frontier:
        near = 0
        for c in cells_of(frontier):
            near |= connected[c]
        frontier = near & within & ~seen
        seen |= frontier
    return seen


def _connect(cards: int, portals: int, loners: int) -> tuple[int, ...]:
    """Per cell, the cells connected to it (rule 3.2).

    Depends only on where the cards, the portals and the cards that cannot use
    portals are, not on the types, so it is cached by those three masks.
    """
    connected = [0] * CELLS
    for c in cells_of(cards):
        connected[c] = NEIGHBOURS[c] & cards
    # Every group of touching portals joins all the cards around it that may use portals.
    for around in _AROUND_PORTAL_GROUPS[portals]:
        rim = around & cards & ~loners
        for c in cells_of(rim):
            connected[c] |= rim & ~(1 << c)
    return tuple(connected)


# portals mask -> the cells around each group of touching portals. Few portal
# layouts come up, and most kingdoms have a portal face up.
_AROUND_PORTAL_GROUPS: Memo[int, tuple[int, ...]] = Memo(
    lambda portals: tuple(spread(group) for group in portal_groups(portals))
)


def cell(row: int, col: int) -> int:
    return row * COLS + col


# A legend clause of each pattern (see Rules._compile_legends), and some of each.
_Pair = tuple[int, int, int]
_Hub = tuple[int, int, int, int]
_Group = tuple[int, int, int]
_Present = tuple[int, tuple[int, ...]]
_Clauses = tuple[list[_Pair], list[_Hub], list[_Group], list[_Present]]

# An Analysis as a plain tuple: (masks, connected, reach, locked).
AnalysisTuple = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]


class Analysis(NamedTuple):
    """Who is where, and who is connected to whom, in one kingdom."""

    masks: tuple[int, ...]  # per type index: cells holding that type (face up)
    connected: tuple[int, ...]  # per cell: cells connected to it (rule 3.2), portals left out
    reach: tuple[int, ...]  # per type index: cells connected to some card of that type
    locked: int  # cells holding a card that can never be replaced


def category_scores(categories: tuple[str, ...], values: tuple[int, ...]) -> Breakdown:
    """A kingdom's score by category. Rule 6.5: tied players compare their seven category scores,
    each sorted from highest to lowest."""
    return Breakdown(categories, values, tuple(sorted(values, reverse=True)))


class Rules:
    """A CardSet compiled to index tables, with cached kingdom evaluation."""

    CACHE_LIMIT = 200_000

    def __init__(self, cards: CardSet) -> None:
        self.cards = cards
        self.type_ids = tuple(t.id for t in cards.types)
        self.type_index = {t: i for i, t in enumerate(self.type_ids)}
        self.ntypes = len(self.type_ids)
        self.locked = frozenset(t.index for t in cards.types if t.locked)
        self.portal_types = tuple(t.index for t in cards.types if t.family == "portal")
        self.dragon_types = tuple(t.index for t in cards.types if t.family == "dragon")
        self.no_portals = tuple(self.type_index[t] for t in cards.no_portals)
        # by type index, one entry more for UNKNOWN (-1, the last): a face-down cell is neither
        self.is_portal = tuple(t in self.portal_types for t in range(self.ntypes)) + (False,)
        self.is_loner = tuple(t in self.no_portals for t in range(self.ntypes)) + (False,)
        ix = self.type_index
        self.tribe_values = tuple(
            (ix[tribe], tuple((ix[land], pts) for land, pts in values)) for tribe, values in cards.tribe_values
        )
        self.hostile = tuple((ix[a], ix[b]) for a, b in cards.hostile)
        self.domesticators = tuple(ix[t] for t in cards.dragons.domesticators)
        self.legend_ids = tuple(leg.id for leg in cards.legends)
        self.legend_index = {leg: i for i, leg in enumerate(self.legend_ids)}
        self.legend_points = tuple(leg.points for leg in cards.legends)
        self.claim_actions = tuple(Action(CLAIM, legend=leg) for leg in self.legend_ids)
        self._compile_legends()
        self.categories = cards.categories
        self._analysis: dict[tuple[int, ...], AnalysisTuple] = {}
        self._connections: dict[tuple[int, int, int], tuple[int, ...]] = {}
        self._met: dict[tuple[int, ...], int] = {}
        self._board_scores: dict[tuple[int, ...], tuple[int, ...]] = {}

    # -- connection -------------------------------------------------------

    def analyse(self, kingdom: Sequence[int]) -> Analysis:
        return Analysis._make(self.analysis_tuple(tuple(kingdom)))

    def analysis_tuple(self, key: tuple[int, ...]) -> AnalysisTuple:
        """`analyse` as a plain tuple (masks, connected, reach, locked): the hot path's form."""
        found = self._analysis.get(key)
        if found is not None:
            return found
        masks = [0] * self.ntypes
        bit = 1
        for t in key:
            if t >= 0:
                masks[t] |= bit
            bit <<= 1
        locked = 0
        for t in self.locked:
            locked |= masks[t]
        connected, reach = self._connect_cards(key, masks)
        # Cached as a plain tuple of ints: the garbage collector stops tracking those, but
        # never a NamedTuple, and a full collection over 100,000 cached analyses takes
        # tens of milliseconds (it showed as the slowest 1% of computer players' decisions).
        result = (tuple(masks), connected, tuple(reach), locked)
        self._remember(self._analysis, key, result)
        return result

    def _connect_cards(self, key: tuple[int, ...], masks: list[int]) -> tuple[tuple[int, ...], list[int]]:
        """The connections of a kingdom with these type masks (cached by where its cards, portals and
        loners are) and the reach of each type."""
        portals = loners = 0
        for t in self.portal_types:
            portals |= masks[t]
        for t in self.no_portals:
            loners |= masks[t]
        cards = sum(masks) & ~portals  # the masks do not overlap: their sum is their union
        shape = (cards, portals, loners)
        connected = self._connections.get(shape)
        if connected is None:
            connected = _connect(*shape)
            self._remember(self._connections, shape, connected)
        reach = [0] * self.ntypes
        for c in cells_of(cards):
            reach[key[c]] |= connected[c]
        return connected, reach

    def _analysis_after(self, before: tuple[int, ...], after: tuple[int, ...], index: int) -> AnalysisTuple:
        """`analysis_tuple(after)` for a kingdom that differs from `before` at `index` only, where a card
        came face up or replaced another. From `before`'s analysis when it is at hand and no portal
        comes or goes: the masks change at one cell, and when a face-up card was replaced by one that
        uses portals alike, the connections stay and only the reach of the two types changes."""
        found = self._analysis.get(after)
        if found is not None:
            return found
        known = self._analysis.get(before)
        old, new = before[index], after[index]
        if known is None or new < 0 or self.is_portal[old] or self.is_portal[new]:
            return self.analysis_tuple(after)
        old_masks, connected, old_reach, locked = known
        bit = 1 << index
        masks = list(old_masks)
        if old >= 0:
            masks[old] &= ~bit
        masks[new] |= bit
        locked = locked & ~bit | (bit if new in self.locked else 0)
        if old >= 0 and self.is_loner[old] == self.is_loner[new]:  # the same cells hold cards, the same loners
            reach = list(old_reach)
            reach[new] |= connected[index]
            gone = 0
            for c in cells_of(masks[old]):
                gone |= connected[c]
            reach[old] = gone
        elif old < 0:
            connected, reach = self._connect_new_card(after, masks, connected, list(old_reach), index)
        else:
            connected, reach = self._connect_cards(after, masks)
        result = (tuple(masks), connected, tuple(reach), locked)
        self._remember(self._analysis, after, result)
        return result

    def _connect_new_card(self, after: tuple[int, ...], masks: list[int], before: tuple[int, ...],
                          reach: list[int], index: int) -> tuple[tuple[int, ...], list[int]]:
        """The connections and reach once a card (no portal) came face up at `index`, from the connections
        `before` (rule 3.2 as in `_connect`): the new card connects to the cards next to it and, unless it
        cannot use portals, to the cards around every group of portals it touches; nothing else changes."""
        bit = 1 << index
        portals = loners = 0
        for t in self.portal_types:
            portals |= masks[t]
        for t in self.no_portals:
            loners |= masks[t]
        cards = sum(masks) & ~portals
        connected = list(before)
        near = NEIGHBOURS[index] & cards
        if not loners & bit:
            for around in _AROUND_PORTAL_GROUPS[portals]:
                if around & bit:
                    near |= around & cards & ~loners & ~bit
        connected[index] = near
        for c in cells_of(near):
            connected[c] |= bit
            reach[after[c]] |= bit
        reach[after[index]] |= near
        return tuple(connected), reach

    def _remember(self, cache: dict[Any, Any], key: tuple[int, ...], value: Any) -> None:
        if len(cache) >= self.CACHE_LIMIT:
            cache.clear()
        cache[key] = value

    # -- legends ----------------------------------------------------------
    #
    # Every legend requirement is flattened into clauses, one pattern each; a
    # legend is met when any of its clauses holds. Clauses are kept per pattern
    # so that `met_legends` can test them in tight loops (it runs once per turn
    # of every game and every search rollout).

    def _compile_legends(self) -> None:
        self._pairs: list[_Pair] = []  # (legend bit, a, b)
        self._hubs: list[_Hub] = []  # (legend bit, a, b, k)
        self._groups: list[_Group] = []  # (legend bit, type, k)
        self._presents: list[_Present] = []  # (legend bit, types)
        # by type index (and 0 for UNKNOWN, the last): the legends with a clause about that type
        self._touching = [0] * (self.ntypes + 1)
        for i, legend in enumerate(self.cards.legends):
            self._add_clauses(1 << i, legend.requires)
        self._all_legends = (1 << len(self.cards.legends)) - 1
        # legends mask -> the clauses of those legends, per pattern (few masks come up: those of two types)
        self._clauses_of: Memo[int, _Clauses] = Memo(lambda legends: (
            [c for c in self._pairs if c[0] & legends], [c for c in self._hubs if c[0] & legends],
            [c for c in self._groups if c[0] & legends], [c for c in self._presents if c[0] & legends]))

    def _add_clauses(self, bit: int, req: Requirement) -> None:
        ix = self.type_index
        types = tuple(ix[t] for t in req.types)
        for t in types:
            self._touching[t] |= bit
        if req.pattern == "pair":
            self._pairs.append((bit, types[0], types[1]))
        elif req.pattern == "hub":
            self._hubs.append((bit, types[0], types[1], req.size))
        elif req.pattern == "group":
            self._groups.append((bit, types[0], req.size))
        elif req.pattern == "present":
            self._presents.append((bit, types))
        else:
            for option in req.options:
                self._add_clauses(bit, option)

    def met_legends(self, kingdom: Sequence[int]) -> int:
        """Bit i set when legend i's requirement is met (face-up cards only)."""
        key = tuple(kingdom)
        met = self._met.get(key)
        if met is not None:
            return met
        met = self._met_among(self._all_legends, self.analysis_tuple(key))
        self._remember(self._met, key, met)
        return met

    def met_after(self, before: tuple[int, ...], after: tuple[int, ...], index: int) -> int:
        """`met_legends(after)` for a kingdom that differs from `before` at `index` only (a placement, a
        card turned face up). A connection comes or goes only at that cell, so only the legends about
        the type that left it or the type now there can change, unless a portal came or went (its
        neighbours connect to each other): the others keep `before`'s answer when it is known."""
        met = self._met.get(after)
        if met is not None:
            return met
        analysis = self._analysis_after(before, after, index)
        known = self._met.get(before)
        old, new = before[index], after[index]
        if known is None or self.is_portal[old] or self.is_portal[new]:
            met = self._met_among(self._all_legends, analysis)
        else:
            changed = self._touching[old] | self._touching[new]
            met = known & ~changed | self._met_among(changed, analysis)
        self._remember(self._met, after, met)
        return met

    def _met_among(self, legends: int, analysis: AnalysisTuple) -> int:
        """Which of the `legends` (a mask) a kingdom of this analysis meets."""
        masks, conn, reach, _ = analysis
        pairs, hubs, groups, presents = self._clauses_of[legends]
        met = 0
        for bit, a, b in pairs:
            if reach[a] & masks[b]:
                met |= bit
        for bit, a, b, k in hubs:
            want = masks[b]
            if met & bit or not reach[a] & want or want.bit_count() < k:
                continue
            for c in cells_of(masks[a]):
                if (conn[c] & want).bit_count() >= k:
                    met |= bit
                    break
        for bit, t, k in groups:
            rest = masks[t]
            if met & bit or not reach[t] & rest or rest.bit_count() < k:
                continue
            while rest:
                seen = connected_group(rest & -rest, rest, conn)
                if seen.bit_count() >= k:
                    met |= bit
                    break
                rest &= ~seen
        for bit, types in presents:
            for t in types:
                if not masks[t]:
                    break
            else:
                met |= bit
        return met

    def met_legend_ids(self, kingdom: Sequence[int]) -> list[str]:
        met = self.met_legends(kingdom)
        return [leg for i, leg in enumerate(self.legend_ids) if met >> i & 1]

    # -- scoring ----------------------------------------------------------

    def board_scores(self, kingdom: Sequence[int]) -> tuple[int, ...]:
        """Tribe categories, dragons and conflicts of the face-up cards (legends not included)."""
        key = tuple(kingdom)
        found = self._board_scores.get(key)
        if found is not None:
            return found
        masks, conn, _, _ = self.analysis_tuple(key)
        values = []
        for tribe, lands in self.tribe_values:
            points = 0
            for c in cells_of(masks[tribe]):
                near = conn[c]
                for land, pts in lands:
                    points += pts * (near & masks[land]).bit_count()
            values.append(points)
        dragons = tamed = 0
        for t in self.dragon_types:
            for c in cells_of(masks[t]):
                dragons += 1
                near = conn[c]
                if any(
                    (near & masks[tribe]).bit_count() >= self.cards.dragons.at_least for tribe in self.domesticators
                ):
                    tamed += 1
        conflicts = 0
        for a, b in self.hostile:
            pairs = sum((conn[c] & masks[b]).bit_count() for c in cells_of(masks[a]))
            conflicts += pairs // 2 if a == b else pairs
        found = (*values, self.cards.dragons.score(dragons, tamed), conflicts * self.cards.conflict_points)
        self._remember(self._board_scores, key, found)
        return found

    def breakdown(self, kingdom: Sequence[int], legends: Iterable[int] = ()) -> Breakdown:
        """Score of a kingdom (face-up cards only) with the given claimed legend indices."""
        board = self.board_scores(kingdom)
        legend_points = sum(self.legend_points[i] for i in legends)
        return category_scores(self.categories, (*board[:-1], legend_points, board[-1]))

    # -- conversions between ids and indices -------------------------------

    def kingdom_from_ids(self, grid: Sequence[Sequence[str | None]]) -> tuple[int, ...]:
        """A 4 x 4 grid of type ids (None = face down) as the engine's 16-int tuple."""
        return tuple(UNKNOWN if t is None else self.type_index[t] for row in grid for t in row)

    def kingdom_to_ids(self, kingdom: Sequence[int]) -> tuple[tuple[str | None, ...], ...]:
        ids = self.type_ids
        return tuple(
            tuple(None if kingdom[cell(r, c)] < 0 else ids[kingdom[cell(r, c)]] for c in range(COLS))
            for r in range(ROWS)
        )
