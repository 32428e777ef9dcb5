"""A slow, obviously-correct reference scorer, and a property test of the engine against it.

The reference is written straight from the rule book (docs/rules/aetherya-pocket.md),
section by section, over a 4 x 4 grid of type-id strings (None = face down). It imports
nothing from the engine: no masks, no caches, explicit breadth-first search over portals and
an explicit set of connected pairs for the set-semantics ruling (3.2).
"""

from __future__ import annotations

import importlib.util
import sys
from collections import deque
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

ROWS = COLS = 4
LANDS = ("plain", "swamp", "mountain", "forest")
TRIBES = ("human", "elf", "dwarf", "goblin")
TYPES = LANDS + TRIBES + ("dragon", "portal")
COPIES = 8  # 1.1: eight cards of each type (4 players)
CATEGORIES = ("elf", "dwarf", "human", "goblin", "dragons", "legends", "conflicts")

# 6.1: points per distinct connected land
TRIBE_POINTS = {
    "elf": {"forest": 2, "swamp": -1},
    "dwarf": {"mountain": 2},
    "human": {"plain": 2, "forest": 1, "mountain": 1, "swamp": -1},
    "goblin": {"swamp": 3},
}

# 1.2
LEGEND_POINTS = {
    "alliance-human-elf": 2, "alliance-human-dwarf": 2,
    "tribes-goblin": 2, "tribes-human": 2, "tribes-elf": 2, "tribes-dwarf": 2,
    "four-tribes": 4,
    "battle-goblin-human": 3, "battle-goblin-elf": 3, "battle-goblin-dwarf": 3, "battle-elf-dwarf": 3,
    "lands-plain": 4, "lands-swamp": 4, "lands-mountain": 4, "lands-forest": 4,
}


# -- 3. adjacency and connection ---------------------------------------------------------


def orthogonal(pos):
    """3.1: the four orthogonal neighbours inside the grid; diagonals never count."""
    r, c = pos
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < ROWS and 0 <= c + dc < COLS:
            yield (r + dr, c + dc)


def all_positions():
    return [(r, c) for r in range(ROWS) for c in range(COLS)]


def cards(grid):
    """Face-up cards that can be connected to others: everything face up except portals."""
    return [p for p in all_positions() if grid[p[0]][p[1]] not in (None, "portal")]


def kind(grid, pos):
    return grid[pos[0]][pos[1]]


def portals_reachable_from(grid, start):
    """Every face-up portal reachable from `start` by a chain P1..Pk (start adjacent to P1)."""
    seen = set()
    queue = deque(p for p in orthogonal(start) if kind(grid, p) == "portal")
    while queue:
        p = queue.popleft()
        if p in seen:
            continue
        seen.add(p)
        for q in orthogonal(p):
            if kind(grid, q) == "portal" and q not in seen:
                queue.append(q)
    return seen


def connected_pairs(grid):
    """3.2 with the set-semantics ruling: a set of unordered pairs {A, B} of connected cards."""
    pairs = set()
    for a in cards(grid):
        # adjacent
        for b in orthogonal(a):
            if kind(grid, b) not in (None, "portal"):
                pairs.add(frozenset((a, b)))
        # through a chain of portals, neither end a goblin
        if kind(grid, a) == "goblin":
            continue
        for p in portals_reachable_from(grid, a):
            for b in orthogonal(p):
                if b != a and kind(grid, b) not in (None, "portal", "goblin"):
                    pairs.add(frozenset((a, b)))
    return pairs


def partners(pairs, a):
    """The cards connected to a (each at most once)."""
    found = set()
    for pair in pairs:
        if a in pair:
            (other,) = pair - {a}
            found.add(other)
    return found


# -- 6. scoring --------------------------------------------------------------------------


def hostile(t1, t2):
    """6.2: goblin with any tribe (incl. goblin), elf with dwarf; humans only with goblins."""
    if t1 == "goblin" and t2 in TRIBES or t2 == "goblin" and t1 in TRIBES:
        return True
    return {t1, t2} == {"elf", "dwarf"}


def dragon_points(dragons, domesticated):
    """6.3, including the 4+ ruling."""
    if dragons == 0:
        return 0
    if dragons <= 3:
        each = {1: 3, 2: 4, 3: 5}[dragons]
        return each * domesticated - each * (dragons - domesticated)
    best = min(domesticated, 3)
    return 5 * best - 5 * (3 - best) - 5 * (dragons - 3)


def reference_score(grid, claimed=()):
    pairs = connected_pairs(grid)
    score = dict.fromkeys(CATEGORIES, 0)
    # 6.1 tribes (goblins' connections are direct only already, by 3.2)
    for a in cards(grid):
        tribe = kind(grid, a)
        if tribe in TRIBE_POINTS:
            for b in partners(pairs, a):
                score[tribe] += TRIBE_POINTS[tribe].get(kind(grid, b), 0)
    # 6.2 conflicts: each connected hostile pair once
    for pair in pairs:
        x, y = tuple(pair)
        if hostile(kind(grid, x), kind(grid, y)):
            score["conflicts"] -= 2
    # 6.3 dragons: domesticated when connected to >= 2 humans, or >= 2 elves, or >= 2 dwarves
    dragons = domesticated = 0
    for a in cards(grid):
        if kind(grid, a) == "dragon":
            dragons += 1
            near = [kind(grid, b) for b in partners(pairs, a)]
            if any(near.count(t) >= 2 for t in ("human", "elf", "dwarf")):
                domesticated += 1
    score["dragons"] = dragon_points(dragons, domesticated)
    # 6.4
    score["legends"] = sum(LEGEND_POINTS[leg] for leg in claimed)
    return score


# -- 1.2 legends -------------------------------------------------------------------------


def of_type(grid, t):
    return [p for p in all_positions() if kind(grid, p) == t]


def some_pair(grid, pairs, t1, t2):
    """A t1 connected to a t2 (for t1 == t2: two of them connected)."""
    for pair in pairs:
        x, y = tuple(pair)
        if (kind(grid, x), kind(grid, y)) in ((t1, t2), (t2, t1)):
            return True
    return False


def some_hub(grid, pairs, hub, other):
    """One `hub` card connected to at least 2 `other` cards."""
    return any(sum(kind(grid, b) == other for b in partners(pairs, a)) >= 2 for a in of_type(grid, hub))


def some_group_of_three(grid, pairs, land):
    """A connected group (component of the connection relation) of at least 3 `land` cards."""
    left = set(of_type(grid, land))
    while left:
        start = left.pop()
        group, queue = {start}, [start]
        while queue:
            a = queue.pop()
            for b in partners(pairs, a):
                if b in left:
                    left.remove(b)
                    group.add(b)
                    queue.append(b)
        if len(group) >= 3:
            return True
    return False


def reference_legends(grid):
    pairs = connected_pairs(grid)
    met = set()
    if some_pair(grid, pairs, "human", "elf"):
        met.add("alliance-human-elf")
    if some_pair(grid, pairs, "human", "dwarf"):
        met.add("alliance-human-dwarf")
    for tribe in TRIBES:
        if some_pair(grid, pairs, tribe, tribe):
            met.add(f"tribes-{tribe}")
    if all(of_type(grid, t) for t in TRIBES):
        met.add("four-tribes")
    for x, y in (("goblin", "human"), ("goblin", "elf"), ("goblin", "dwarf"), ("elf", "dwarf")):
        if some_hub(grid, pairs, x, y) or some_hub(grid, pairs, y, x):
            met.add(f"battle-{x}-{y}")
    for land in LANDS:
        if some_group_of_three(grid, pairs, land):
            met.add(f"lands-{land}")
    assert met <= set(LEGEND_POINTS)
    return met


# -- tests -------------------------------------------------------------------------------


def parse(text):
    rows = [r.split() for r in text.split("/")]
    rows += [[] for _ in range(ROWS - len(rows))]
    return [[None if t == "?" else t for t in r] + [None] * (COLS - len(r)) for r in rows]


def engine_result(rules, grid, claimed):
    k = rules.kingdom_from_ids(grid)
    breakdown = rules.breakdown(k, [rules.legend_index[leg] for leg in claimed])
    return breakdown.as_dict(), breakdown.total, set(rules.met_legend_ids(k))


def assert_engine_matches_reference(rules, grid, claimed=()):
    got, total, met = engine_result(rules, grid, claimed)
    want = reference_score(grid, claimed)
    assert got == want, grid
    assert total == sum(want.values()), grid
    assert met == reference_legends(grid), grid


def test_reference_reproduces_rule_book_section_7():
    assert reference_score(parse("human plain / plain forest"))["human"] == 4
    assert reference_score(parse("goblin swamp goblin")) == {**dict.fromkeys(CATEGORIES, 0), "goblin": 6}
    assert reference_score(parse("human portal goblin")) == dict.fromkeys(CATEGORIES, 0)
    assert reference_score(parse("elf portal portal forest")) == {**dict.fromkeys(CATEGORIES, 0), "elf": 2}
    assert reference_score(parse("? human / ? dragon / ? human"))["dragons"] == 3
    assert dragon_points(4, 2) == 0


def _load_hand_cases():
    path = Path(__file__).with_name("test_scoring_examples.py")
    spec = importlib.util.spec_from_file_location("_hand_computed_scoring_cases", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)
    return module.CASES


def test_reference_agrees_with_every_hand_computed_case():
    """The reference and the hand arithmetic were made independently: they must agree."""
    for case in _load_hand_cases():
        grid = parse(case.grid)
        want = dict.fromkeys(CATEGORIES, 0) | case.expected
        assert reference_score(grid, case.legends) == want, case.name
        assert reference_legends(grid) == set(case.claimable), case.name


def test_dragon_points_table():
    # 6.3 table, and the 4+ ruling: 5*min(M,3) - 5*(3-min(M,3)) - 5*(D-3)
    assert [dragon_points(1, m) for m in range(2)] == [-3, 3]
    assert [dragon_points(2, m) for m in range(3)] == [-8, 0, 8]
    assert [dragon_points(3, m) for m in range(4)] == [-15, -5, 5, 15]
    assert [dragon_points(4, m) for m in range(5)] == [-20, -10, 0, 10, 10]
    assert [dragon_points(5, m) for m in range(6)] == [-25, -15, -5, 5, 5, 5]
    assert dragon_points(8, 8) == 15 - 25


def test_engine_dragon_score_table_matches(cards):
    for d in range(0, 9):
        for m in range(0, d + 1):
            assert cards.dragons.score(d, m) == dragon_points(d, m), (d, m)


# Random kingdoms. Several cell distributions, so that rare situations are common somewhere:
# long portal chains and branching portal groups, goblins crowded around portals, many dragons.
CELL = TYPES + (None,)


def cells_from(*extra):
    return st.sampled_from(CELL + extra)


uniform = cells_from()
portal_heavy = cells_from(*("portal",) * 7)
goblin_portal = st.sampled_from(("portal",) * 4 + ("goblin",) * 4 + ("human", "elf", "dwarf", "swamp", "dragon", None))
dragon_heavy = cells_from(*("dragon",) * 4 + ("human", "elf", "dwarf", "portal") * 2)
lands_heavy = st.sampled_from(LANDS * 3 + ("portal",) * 3 + ("human", "elf", "dwarf", "goblin", None))
mostly_face_down = cells_from(*(None,) * 12)


def kingdoms_of(cell):
    return st.lists(cell, min_size=ROWS * COLS, max_size=ROWS * COLS).map(
        lambda flat: [flat[r * COLS:(r + 1) * COLS] for r in range(ROWS)]
    )


def legal(grid):
    flat = [t for row in grid for t in row if t is not None]
    return all(flat.count(t) <= COPIES for t in set(flat))


kingdoms = st.one_of(
    kingdoms_of(uniform), kingdoms_of(portal_heavy), kingdoms_of(goblin_portal),
    kingdoms_of(dragon_heavy), kingdoms_of(lands_heavy), kingdoms_of(mostly_face_down),
).filter(legal)
claimed_legends = st.lists(st.sampled_from(sorted(LEGEND_POINTS)), unique=True, max_size=6)


@settings(max_examples=1500, deadline=None)
@given(grid=kingdoms, claimed=claimed_legends)
def test_engine_matches_reference(rules, grid, claimed):
    assert_engine_matches_reference(rules, grid, claimed)
