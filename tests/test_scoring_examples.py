"""Scoring and legend checks against values worked out by hand from the rule book.

Every expected number below was computed by hand from the rule book, docs/rules/aetherya-pocket.md
(sections 1.2, 3, 6 and 7), never copied from the engine. Each case's comment shows
the arithmetic. Grids use the `kingdom` fixture notation: rows separated by "/",
"?" = face down, short rows padded with "?". Positions are written (row, col).

Reminders from the rule book used throughout:
- 3.1  only orthogonal neighbours are adjacent; face-down cards take part in nothing.
- 3.2  connected = adjacent, or via a chain of face-up portals; never for a Goblin
       through a portal; set semantics: a pair is connected once however many ways.
- 6.1  Elf +2 forest -1 swamp; Dwarf +2 mountain; Human +2 plain +1 forest +1 mountain
       -1 swamp; Goblin +3 swamp (direct only); each per distinct connected land.
- 6.2  conflicts -2 each: goblin with human/elf/dwarf/goblin (direct), elf with dwarf.
- 6.3  dragons: D=1 +3/-3, D=2 +4/-4, D=3 +5/-5; D>=4: 5*min(M,3) - 5*(3-min(M,3)) - 5*(D-3).
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from unittest import mock

import pytest

from drako_desktop import cli

CATEGORIES = ("elf", "dwarf", "human", "goblin", "dragons", "legends", "conflicts")

LEGEND_POINTS = {  # rule book 1.2
    "alliance-human-elf": 2, "alliance-human-dwarf": 2,
    "tribes-goblin": 2, "tribes-human": 2, "tribes-elf": 2, "tribes-dwarf": 2,
    "four-tribes": 4,
    "battle-goblin-human": 3, "battle-goblin-elf": 3, "battle-goblin-dwarf": 3, "battle-elf-dwarf": 3,
    "lands-plain": 4, "lands-swamp": 4, "lands-mountain": 4, "lands-forest": 4,
}


def full(expected: dict[str, int]) -> dict[str, int]:
    unknown = set(expected) - set(CATEGORIES)
    assert not unknown, unknown
    return {c: expected.get(c, 0) for c in CATEGORIES}


def check(rules, kingdom, grid: str, expected: dict[str, int], total: int, claimable=(), legends=()):
    """Assert every category, the total and the claimable legends of one kingdom."""
    k = kingdom(grid)
    breakdown = rules.breakdown(k, [rules.legend_index[leg] for leg in legends])
    assert breakdown.as_dict() == full(expected)
    assert breakdown.total == total
    assert sum(full(expected).values()) == total, "the case itself does not add up"
    assert sorted(rules.met_legend_ids(k)) == sorted(claimable)


def test_categories_are_the_seven_of_the_score_sheet(rules):
    # 6.5: Elf, Dwarf, Human, Goblin, Dragons, Legends, Conflicts
    assert tuple(rules.categories) == CATEGORIES


# --------------------------------------------------------------------------------------
# Rule book section 7: the worked examples, one test each
# --------------------------------------------------------------------------------------


def test_section7_example_a_human_between_two_plains(rules, kingdom):
    # human(0,0) adjacent to plain(0,1) and plain(1,0): 2*2 = 4; forest(1,1) is diagonal.
    check(rules, kingdom, "human plain / plain forest", {"human": 4}, 4)


def test_section7_example_b_two_goblins_around_one_swamp(rules, kingdom):
    # each goblin touches swamp(0,1): 3 + 3 = 6; goblins (0,0),(0,2) not adjacent: no conflict.
    check(rules, kingdom, "goblin swamp goblin", {"goblin": 6}, 6)


def test_section7_example_c_goblin_cannot_use_portal(rules, kingdom):
    # human(0,0) - portal(0,1) - goblin(0,2): goblins cannot use portals -> no conflict, nothing.
    check(rules, kingdom, "human portal goblin", {}, 0)


def test_section7_example_d_elf_through_two_portals(rules, kingdom):
    # elf(0,0) - portal - portal - forest(0,3): elf +2.
    check(rules, kingdom, "elf portal portal forest", {"elf": 2}, 2)


def test_section7_example_e_dragon_between_two_humans(rules, kingdom):
    # one dragon (1,1), humans (0,1) and (2,1): domesticated, D=1 -> +3.
    # The humans are not connected to each other (a dragon is not a portal): no tribes-human.
    check(rules, kingdom, "? human / ? dragon / ? human", {"dragons": 3}, 3)


def test_section7_example_f_four_dragons_two_domesticated(rules, kingdom):
    # dragon(0,1): humans (0,0),(0,2) -> domesticated; dragon(2,1): elves (2,0),(2,2) -> domesticated;
    # dragon(3,0): one elf (2,0) -> wild; dragon(3,3): nothing -> wild.
    # D=4, M=2: 5*2 - 5*1 - 5*1 = 0. Humans/elves are not pairwise connected: nothing claimable.
    check(
        rules, kingdom,
        "human dragon human ? / ? ? ? ? / elf dragon elf ? / dragon ? ? dragon",
        {"dragons": 0}, 0,
    )


# --------------------------------------------------------------------------------------
# Kingdoms computed by hand
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    name: str
    grid: str
    expected: dict
    total: int
    claimable: tuple = ()
    legends: tuple = ()


CASES = [
    # ---- portal chains -------------------------------------------------------------
    Case("portal_chain_of_one", "elf portal forest",
         # elf(0,0) -portal(0,1)- forest(0,2): +2
         {"elf": 2}, 2),
    Case("portal_chain_of_two_vertical", "human / portal / portal / plain",
         # human(0,0) -(1,0)-(2,0)- plain(3,0): +2
         {"human": 2}, 2),
    Case("portal_chain_of_three_bent", "dwarf portal portal ? / ? ? portal ? / ? ? mountain ?",
         # dwarf(0,0) -(0,1)-(0,2)-(1,2)- mountain(2,2): +2
         {"dwarf": 2}, 2),
    Case("portal_chain_broken_by_face_down_card", "dwarf portal ? portal / ? ? ? mountain",
         # (0,2) is face down: portals (0,1) and (0,3) are separate groups; dwarf reaches no mountain
         {}, 0),
    Case("branching_portal_group_joins_its_whole_rim", "human portal plain ? / ? portal ? ? / forest portal mountain ?",
         # group (0,1),(1,1),(2,1); rim: human(0,0) plain(0,2) forest(2,0) mountain(2,2)
         # human: plain +2, forest +1, mountain +1 = 4
         {"human": 4}, 4),
    Case("two_separate_portal_groups", "elf portal forest ? / ? ? ? ? / forest portal elf ?",
         # group (0,1): elf(0,0)+forest(0,2) = 2; group (2,1): elf(2,2)+forest(2,0) = 2; elves not connected
         {"elf": 4}, 4),
    Case("diagonal_portals_are_two_groups", "? elf ? ? / elf portal ? ? / ? ? portal forest / ? ? forest ?",
         # portal(1,1) joins elves (0,1),(1,0) -> tribes-elf; portal(2,2) joins forests (2,3),(3,2) only;
         # (1,1) and (2,2) are diagonal: separate groups, elves reach no forest -> elf 0; 2 forests < 3
         {}, 0, ("tribes-elf",)),
    Case("pair_connected_directly_and_via_portal_counts_once", "elf forest / portal portal",
         # elf(0,0)-forest(0,1) adjacent and via (1,0)-(1,1): one connection -> +2, not +4
         {"elf": 2}, 2),
    Case("same_land_through_two_portal_groups_counts_once",
         "portal portal portal ? / human ? plain ? / portal portal portal ?",
         # human(1,0) reaches plain(1,2) via the top and the bottom group: one plain -> +2
         {"human": 2}, 2),
    Case("elf_dwarf_through_two_portal_groups_is_one_conflict",
         "portal portal portal ? / elf ? dwarf ? / portal portal portal ?",
         # elf(1,0)-dwarf(1,2) connected twice over: one conflict = -2
         {"conflicts": -2}, -2),
    Case("dragon_sees_the_same_human_twice_is_wild", "human dragon / portal portal",
         # dragon(0,1) touches human(0,0) and reaches it again via (1,0)-(1,1): still 1 human -> wild, -3
         {"dragons": -3}, -3),
    Case("card_on_a_portal_loop_is_not_connected_to_itself", "portal portal / human portal / ? dragon",
         # human(1,0) touches portals (0,0) and (1,1) of one group; dragon(2,1) reaches that one human -> wild -3;
         # a single human is never "2 humans connected"
         {"dragons": -3}, -3),
    Case("portal_is_not_a_land_and_scores_nothing", "human portal portal portal / portal ? ? ?",
         # human(0,0) touches only portals and the face-down cards behind them -> 0
         {}, 0),

    # ---- goblins beside portals ---------------------------------------------------
    Case("goblin_does_not_reach_swamp_through_portal", "goblin portal swamp",
         # goblin +3 only for direct swamps: none
         {}, 0),
    Case("goblin_direct_swamp_counts_beside_portal", "swamp goblin portal swamp",
         # goblin(0,1): swamp(0,0) direct +3; swamp(0,3) via portal does not count
         {"goblin": 3}, 3),
    Case("goblins_through_portal_no_conflict_no_legend", "goblin portal goblin",
         # goblins (0,0),(0,2) only via portal: not connected -> no conflict, no tribes-goblin
         {}, 0),
    Case("elf_and_goblin_through_portal_chain_no_conflict", "elf portal portal goblin",
         {}, 0),
    Case("goblin_on_portal_rim_does_not_block_others", "goblin portal swamp ? / ? human ? ?",
         # rim of portal(0,1): goblin(0,0), swamp(0,2), human(1,1). human-swamp via portal: -1.
         # goblin-human diagonal and only via portal: no conflict; goblin reaches no swamp
         {"human": -1}, -1),
    Case("goblins_never_domesticate", "goblin dragon goblin",
         # dragon(0,1) with 2 goblins: goblins excluded -> wild -3; goblins not adjacent: no conflict
         {"dragons": -3}, -3),
    Case("goblin_with_two_swamps_one_through_portal", "? swamp ? ? / ? goblin portal swamp",
         # goblin(1,1): swamp(0,1) direct +3; swamp(1,3) via portal no; 2 swamps unconnected
         {"goblin": 3}, 3),

    # ---- diagonals and face-down cards --------------------------------------------
    Case("diagonal_human_plain_not_connected", "human ? / ? plain",
         {}, 0),
    Case("diagonal_elf_dwarf_goblin_no_conflicts", "elf ? goblin / ? dwarf ?",
         # dwarf(1,1) is diagonal to elf(0,0) and goblin(0,2); no human -> no four-tribes
         {}, 0),
    Case("diagonal_goblins_no_conflict", "goblin ? / ? goblin",
         {}, 0),
    Case("face_down_card_does_not_connect", "human ? plain",
         # (0,1) face down is not a portal: human reaches nothing
         {}, 0),
    Case("face_down_kingdom_scores_nothing", "? ? ? ?",
         {}, 0),
    Case("lone_dragon_among_face_down_cards", "? ? / ? dragon",
         # face-down neighbours are no tribes: D=1 wild -3
         {"dragons": -3}, -3),

    # ---- conflicts ----------------------------------------------------------------
    Case("goblin_between_two_humans_two_conflicts", "human goblin human",
         # pairs goblin-(0,0), goblin-(0,2): -4; one goblin connected to 2 humans
         {"conflicts": -4}, -4, ("battle-goblin-human",)),
    Case("two_adjacent_goblins_one_conflict", "goblin goblin",
         {"conflicts": -2}, -2, ("tribes-goblin",)),
    Case("three_goblins_in_an_l_two_conflicts", "goblin goblin / goblin",
         # (0,0)-(0,1) and (0,0)-(1,0); (0,1)-(1,0) diagonal: -4
         {"conflicts": -4}, -4, ("tribes-goblin",)),
    Case("goblin_square_four_conflicts", "goblin goblin / goblin goblin",
         # 4 orthogonal pairs in a 2x2, diagonals not: -8
         {"conflicts": -8}, -8, ("tribes-goblin",)),
    Case("elf_dwarf_through_portal_conflict", "elf portal dwarf",
         {"conflicts": -2}, -2),
    Case("human_elf_no_conflict", "human elf",
         {}, 0, ("alliance-human-elf",)),
    Case("two_goblins_each_with_one_human", "human goblin goblin human",
         # goblin-human x2, goblin-goblin x1: -6; neither goblin nor human connected to 2 of the other
         {"conflicts": -6}, -6, ("tribes-goblin",)),
    Case("elves_over_dwarves_no_battle", "elf elf / dwarf dwarf",
         # elf-dwarf (0,0)-(1,0) and (0,1)-(1,1): -4; (0,0)-(1,1) diagonal -> each elf sees 1 dwarf
         {"conflicts": -4}, -4, ("tribes-dwarf", "tribes-elf")),

    # ---- tribe scoring ------------------------------------------------------------
    Case("human_with_every_land", "? plain ? / forest human mountain / ? swamp ?",
         # 2 + 1 + 1 - 1 = 3
         {"human": 3}, 3),
    Case("elf_with_forest_and_swamp", "forest elf swamp",
         # 2 - 1 = 1
         {"elf": 1}, 1),
    Case("dwarf_with_three_mountains", "mountain dwarf mountain / ? mountain ?",
         # 3 * 2 = 6; mountains pairwise not connected (dwarf between / diagonal)
         {"dwarf": 6}, 6),
    Case("goblin_with_four_swamps", "? swamp ? / swamp goblin swamp / ? swamp ?",
         # 4 * 3 = 12; swamps are diagonal to each other
         {"goblin": 12}, 12),
    Case("two_humans_share_one_plain", "human plain human",
         # each human +2 from the same plain: 4; humans not connected
         {"human": 4}, 4),
    Case("human_reaches_three_plains_through_portal_row", "plain plain plain ? / portal portal portal ? / human ? ? ?",
         # human(2,0) -> group (1,0..2) -> plains (0,0),(0,1),(0,2): 3 * 2 = 6; plains connected -> lands-plain
         {"human": 6}, 6, ("lands-plain",)),

    # ---- dragons ------------------------------------------------------------------
    Case("dragons_1_wild", "dragon",
         {"dragons": -3}, -3),
    Case("dragons_1_domesticated_through_portal", "human portal dragon ? / ? ? human ?",
         # dragon(0,2): human(1,2) direct, human(0,0) via portal(0,1): 2 humans -> +3.
         # humans (0,0),(1,2) not connected ((1,2) does not touch the portal)
         {"dragons": 3}, 3),
    Case("dragons_1_human_and_elf_is_not_enough", "human dragon elf",
         # 1 human + 1 elf: not 2 of one type -> wild -3; human and elf not connected
         {"dragons": -3}, -3),
    Case("dragons_1_two_dwarves_one_through_portal", "dwarf dragon portal dwarf",
         # dwarf(0,0) direct, dwarf(0,3) via portal(0,2): +3
         {"dragons": 3}, 3),
    Case("dragons_2_none_domesticated", "dragon ? dragon",
         # 2 * -4
         {"dragons": -8}, -8),
    Case("dragons_2_one_domesticated", "human dragon human ? / ? ? ? ? / dragon ? ? ?",
         # +4 - 4 = 0
         {"dragons": 0}, 0),
    Case("dragons_2_both_domesticated", "elf dragon elf ? / dwarf dragon dwarf ?",
         # dragon(0,1): elves (0,0),(0,2); dragon(1,1): dwarves (1,0),(1,2): 4 + 4 = 8
         # conflicts elf(0,0)-dwarf(1,0), elf(0,2)-dwarf(1,2): -4
         {"dragons": 8, "conflicts": -4}, 4),
    Case("dragons_3_none_domesticated", "dragon dragon dragon",
         # 3 * -5
         {"dragons": -15}, -15),
    Case("dragons_3_one_domesticated", "human dragon human ? / ? ? ? ? / dragon ? dragon ?",
         # 5 - 5 - 5
         {"dragons": -5}, -5),
    Case("dragons_3_two_domesticated", "human dragon human dragon / ? human ? human / ? dragon ? ?",
         # dragon(0,1): humans (0,0),(0,2),(1,1) dom; dragon(0,3): humans (0,2),(1,3) dom;
         # dragon(2,1): human (1,1) only -> wild. 5 + 5 - 5 = 5. No two humans adjacent.
         {"dragons": 5}, 5),
    Case("dragons_3_all_domesticated", "human dragon human dragon / ? human ? human / human dragon ? ?",
         # as above, dragon(2,1) now has humans (1,1),(2,0): 3 * 5 = 15
         {"dragons": 15}, 15),
    Case("dragons_4_none_domesticated", "dragon dragon dragon dragon",
         # -5 * 3 - 5 * 1 = -20
         {"dragons": -20}, -20),
    Case("dragons_4_one_domesticated", "human dragon human ? / ? ? ? ? / dragon ? dragon ? / ? dragon ? ?",
         # M=1: 5 - 10 - 5 = -10
         {"dragons": -10}, -10),
    Case("dragons_4_three_domesticated",
         "human dragon human ? / elf dragon elf ? / dwarf dragon dwarf ? / ? dragon ? ?",
         # dragons (0,1) humans, (1,1) elves, (2,1) dwarves dom; (3,1) wild. M=3: 15 - 0 - 5 = 10
         # conflicts elf(1,0)-dwarf(2,0), elf(1,2)-dwarf(2,2): -4; human(0,0)-elf(1,0) -> alliance
         {"dragons": 10, "conflicts": -4}, 6, ("alliance-human-elf",)),
    Case("dragons_4_all_domesticated_fourth_still_minus_5",
         "dragon human dragon ? / portal portal portal ? / dragon human dragon ?",
         # portal row joins all four dragons and both humans: M=4: 5*3 - 0 - 5*1 = 10 (ruling 6.3)
         # humans (0,1),(2,1) connected through the portals -> tribes-human
         {"dragons": 10}, 10, ("tribes-human",)),
    Case("dragons_5_none_domesticated", "dragon dragon dragon dragon / dragon",
         # -15 - 10 = -25
         {"dragons": -25}, -25),
    Case("dragons_5_one_domesticated", "human dragon human ? / ? ? ? ? / dragon dragon dragon dragon",
         # M=1: 5 - 10 - 10 = -15
         {"dragons": -15}, -15),
    Case("dragons_5_two_domesticated", "human dragon human ? / elf dragon elf ? / dragon ? dragon dragon",
         # (0,1) humans dom, (1,1) elves dom, (2,0),(2,2),(2,3) one elf at most -> wild.
         # M=2: 10 - 5 - 10 = -5; human(0,0)-elf(1,0) adjacent -> alliance-human-elf
         {"dragons": -5}, -5, ("alliance-human-elf",)),
    Case("dragons_5_three_domesticated",
         "human dragon human ? / elf dragon elf ? / dwarf dragon dwarf ? / dragon ? dragon ?",
         # M=3: 15 - 0 - 10 = 5; elf-dwarf conflicts -4
         {"dragons": 5, "conflicts": -4}, 1, ("alliance-human-elf",)),
    Case("dragons_5_four_domesticated",
         "dragon human dragon dragon / portal portal portal ? / dragon human dragon ?",
         # (0,3) touches dragon(0,2) and face-down (1,3) only -> wild; other 4 dom. M=4: 15 - 10 = 5
         {"dragons": 5}, 5, ("tribes-human",)),
    Case("dragons_5_all_domesticated",
         "dragon human dragon dragon / portal portal portal portal / dragon human dragon ?",
         # (0,3) now touches portal (1,3): M=5: 15 - 10 = 5
         {"dragons": 5}, 5, ("tribes-human",)),

    # ---- each legend met, and just missed -----------------------------------------
    Case("legend_alliance_human_elf_met_via_portal", "human portal elf",
         {}, 0, ("alliance-human-elf",)),
    Case("legend_alliance_human_elf_missed_face_down_gap", "human ? elf",
         {}, 0),
    Case("legend_alliance_human_dwarf_met", "human dwarf",
         {}, 0, ("alliance-human-dwarf",)),
    Case("legend_alliance_human_dwarf_missed_diagonal", "human / ? dwarf",
         {}, 0),
    # tribes-goblin met: two_adjacent_goblins; missed: goblins_through_portal_no_conflict_no_legend
    Case("legend_tribes_goblin_missed_diagonal_goblins_with_portal", "goblin portal / portal goblin",
         # goblins (0,0),(1,1) diagonal; both touch portals, which they cannot use
         {}, 0),
    Case("legend_tribes_human_met_via_portal", "human portal human",
         {}, 0, ("tribes-human",)),
    Case("legend_tribes_human_missed_face_down_gap", "human ? human",
         {}, 0),
    Case("legend_tribes_elf_met", "elf elf",
         {}, 0, ("tribes-elf",)),
    Case("legend_tribes_elf_missed_diagonal", "elf / ? elf",
         {}, 0),
    Case("legend_tribes_dwarf_met_via_three_portals", "dwarf portal portal portal / ? ? ? dwarf",
         {}, 0, ("tribes-dwarf",)),
    Case("legend_tribes_dwarf_missed_chain_broken", "dwarf portal ? portal / ? ? ? dwarf",
         {}, 0),
    Case("legend_four_tribes_met_anywhere", "human ? elf ? / ? ? ? ? / dwarf ? goblin ?",
         # all four present, none connected: no other points
         {}, 0, ("four-tribes",)),
    Case("legend_four_tribes_missed_goblin_face_down", "human ? elf ? / ? ? ? ? / dwarf ? ? ?",
         {}, 0),
    Case("legend_battle_goblin_human_met_human_hub", "goblin human goblin",
         # human(0,1) connected to goblins (0,0),(0,2): -4
         {"conflicts": -4}, -4, ("battle-goblin-human",)),
    Case("legend_battle_goblin_human_missed_one_goblin_via_portal", "goblin human portal goblin",
         # human(0,1)-goblin(0,0) only: -2
         {"conflicts": -2}, -2),
    Case("legend_battle_goblin_human_missed_goblin_hub_one_human_via_portal", "human goblin portal human",
         # goblin(0,1)-human(0,0) only: -2; humans (0,0),(0,3) not connected
         {"conflicts": -2}, -2),
    Case("legend_battle_goblin_elf_met_elf_hub", "goblin elf goblin",
         {"conflicts": -4}, -4, ("battle-goblin-elf",)),
    Case("legend_battle_goblin_elf_missed_one_goblin_via_portal", "goblin elf portal goblin",
         {"conflicts": -2}, -2),
    Case("legend_battle_goblin_elf_met_goblin_hub", "elf goblin elf",
         {"conflicts": -4}, -4, ("battle-goblin-elf",)),
    Case("legend_battle_goblin_elf_missed_goblin_hub_one_elf_via_portal", "elf goblin portal elf",
         # goblin-elf(0,0): -2; elves (0,0),(0,3) not connected (a goblin is not a portal)
         {"conflicts": -2}, -2),
    Case("legend_battle_goblin_dwarf_met_goblin_hub", "? dwarf / ? goblin / ? dwarf",
         {"conflicts": -4}, -4, ("battle-goblin-dwarf",)),
    Case("legend_battle_goblin_dwarf_missed_second_dwarf_diagonal", "? dwarf / ? goblin / dwarf ?",
         {"conflicts": -2}, -2),
    Case("legend_battle_goblin_dwarf_met_dwarf_hub", "goblin dwarf goblin",
         {"conflicts": -4}, -4, ("battle-goblin-dwarf",)),
    Case("legend_battle_goblin_dwarf_missed_one_goblin_via_portal", "goblin dwarf portal goblin",
         {"conflicts": -2}, -2),
    Case("legend_battle_elf_dwarf_met_elf_hub_via_portal", "dwarf portal dwarf / ? elf ?",
         # rim of portal(0,1): dwarf(0,0), dwarf(0,2), elf(1,1): 2 elf-dwarf conflicts -4; dwarves connected
         {"conflicts": -4}, -4, ("battle-elf-dwarf", "tribes-dwarf")),
    Case("legend_battle_elf_dwarf_missed_elf_off_the_portal", "dwarf portal dwarf / ? ? elf",
         # elf(1,2) touches dwarf(0,2) only, not the portal: -2; dwarves still connected
         {"conflicts": -2}, -2, ("tribes-dwarf",)),
    Case("legend_battle_elf_dwarf_met_dwarf_hub", "elf dwarf elf",
         {"conflicts": -4}, -4, ("battle-elf-dwarf",)),
    Case("legend_battle_elf_dwarf_missed_face_down_gap", "elf dwarf ? elf",
         {"conflicts": -2}, -2),
    Case("legend_lands_plain_met_in_a_row", "plain plain plain",
         # a connected group of 3: (0,0)-(0,1)-(0,2)
         {}, 0, ("lands-plain",)),
    Case("legend_lands_plain_missed_third_diagonal", "plain plain / ? ? plain",
         {}, 0),
    Case("legend_lands_plain_missed_portal_is_not_a_plain", "plain portal plain",
         # only 2 plains; the portal is not a land
         {}, 0),
    Case("legend_lands_swamp_met_around_a_portal", "swamp portal swamp / ? swamp ?",
         # rim of portal(0,1): swamps (0,0),(0,2),(1,1)
         {}, 0, ("lands-swamp",)),
    Case("legend_lands_swamp_missed_third_off_the_portal", "swamp portal swamp / ? ? ? swamp",
         {}, 0),
    Case("legend_lands_mountain_met_in_an_l", "mountain mountain / mountain",
         {}, 0, ("lands-mountain",)),
    Case("legend_lands_mountain_met_partly_via_portal", "mountain mountain portal mountain",
         {}, 0, ("lands-mountain",)),
    Case("legend_lands_mountain_missed_face_down_gap", "mountain mountain ? mountain",
         {}, 0),
    Case("legend_lands_forest_met_via_two_portals", "forest portal portal forest / forest",
         {}, 0, ("lands-forest",)),
    Case("legend_lands_forest_missed_third_beyond_face_down", "forest portal portal forest / ? / forest",
         {}, 0),

    # ---- claimed legends ----------------------------------------------------------
    Case("claimed_legend_adds_its_points", "human portal human",
         {"legends": 2}, 2, ("tribes-human",), ("tribes-human",)),
    Case("claimed_legends_count_even_if_no_longer_met", "? ?",
         # 4.3: claimed legends stay; four-tribes 4 + lands-plain 4 + battle-elf-dwarf 3 = 11
         {"legends": 11}, 11, (), ("four-tribes", "lands-plain", "battle-elf-dwarf")),
    Case("all_fifteen_legends_claimed", "? ?",
         # 6 * 2 + 4 + 4 * 3 + 4 * 4 = 44
         {"legends": 44}, 44, (), tuple(LEGEND_POINTS)),

    # ---- whole kingdoms -----------------------------------------------------------
    Case("mixed_kingdom_one",
         "plain human portal forest / goblin swamp portal elf / dwarf mountain dragon elf / ? goblin swamp ?",
         # portal group (0,2),(1,2); rim: human(0,1) forest(0,3) swamp(1,1) elf(1,3) dragon(2,2)
         # elf(1,3): forest +2, swamp(1,1) via portal -1 = 1; elf(2,3): no land -> elf 1
         # dwarf(2,0): mountain(2,1) +2; human(0,1): plain +2, swamp -1, forest +1 = 2
         # goblin(1,0): swamp(1,1) +3; goblin(3,1): swamp(3,2) +3 -> 6
         # dragon(2,2): elves (1,3) via portal, (2,3) direct -> dom, D=1 +3
         # conflicts: goblin(1,0)-dwarf(2,0) -> -2. Legends claimed: four-tribes 4 + lands-forest 4 = 8
         # claimable: human-elf via portal, elves (1,3)-(2,3), four tribes present
         {"elf": 1, "dwarf": 2, "human": 2, "goblin": 6, "dragons": 3, "legends": 8, "conflicts": -2}, 20,
         ("alliance-human-elf", "four-tribes", "tribes-elf"), ("four-tribes", "lands-forest")),
    Case("mixed_kingdom_goblins_on_a_portal_group",
         "human portal goblin swamp / portal portal portal human / "
         "elf goblin dwarf plain / forest swamp portal mountain",
         # group A (0,1),(1,0),(1,1),(1,2): rim human(0,0) elf(2,0) human(1,3) dwarf(2,2) (+ goblins, excluded)
         # group B (3,2): rim dwarf(2,2) swamp(3,1) mountain(3,3)
         # elf(2,0): forest(3,0) +2 [swamp(3,1) diagonal]; dwarf(2,2): mountain via B +2
         # human(0,0): none; human(1,3): swamp(0,3) -1 + plain(2,3) +2 = 1
         # goblin(0,2): swamp(0,3) +3; goblin(2,1): swamp(3,1) +3 -> 6
         # conflicts: goblin(2,1)-elf, goblin(2,1)-dwarf, elf-dwarf via A -> -6
         # goblin(0,2) reaches no human (portal): no battle; goblins not adjacent: no tribes-goblin
         {"elf": 2, "dwarf": 2, "human": 1, "goblin": 6, "conflicts": -6}, 5,
         ("alliance-human-dwarf", "alliance-human-elf", "four-tribes", "tribes-human")),
    Case("mixed_kingdom_four_dragons_and_a_portal_group",
         "dragon portal elf forest / elf portal portal dragon / dwarf swamp dwarf dragon / dragon dwarf mountain ?",
         # group (0,1),(1,1),(1,2); rim dragon(0,0) elf(0,2) elf(1,0) swamp(2,1) dragon(1,3) dwarf(2,2)
         # elf(0,2): forest(0,3) +2, swamp -1 = 1; elf(1,0): swamp -1 -> elf 0
         # dwarf(2,2): mountain(3,2) +2; dwarf(3,1): mountain +2; dwarf(2,0): none -> 4
         # dragons: (0,0) 2 elves dom, (1,3) 2 elves dom, (3,0) dwarves (2,0),(3,1) dom, (2,3) 1 dwarf wild
         # D=4, M=3: 15 - 0 - 5 = 10
         # conflicts: elf(0,2)-dwarf(2,2), elf(1,0)-dwarf(2,0), elf(1,0)-dwarf(2,2) -> -6
         # elf(1,0) connected to 2 dwarves -> battle-elf-dwarf; elves connected; dwarves pairwise not connected
         {"elf": 0, "dwarf": 4, "dragons": 10, "conflicts": -6}, 8,
         ("battle-elf-dwarf", "tribes-elf")),
    Case("mixed_kingdom_goblin_heavy",
         "goblin goblin swamp ? / human goblin portal human / swamp portal goblin elf / ? dwarf swamp goblin",
         # portals (1,2) and (2,1) are diagonal: two groups; A rim: swamp(0,2) human(1,3); B rim: swamp(2,0) dwarf(3,1)
         # human(1,0): swamp(2,0) -1; human(1,3): swamp(0,2) via A -1 -> -2
         # goblins: (0,1) swamp(0,2) +3, (2,2) swamp(3,2) +3, (3,3) swamp(3,2) +3, (0,0),(1,1) none -> 9
         # conflicts: g-g (0,0)-(0,1), (0,1)-(1,1); g-h (0,0)-(1,0), (1,1)-(1,0); g-e (2,2)-(2,3), (3,3)-(2,3)
         #   = 6 * -2 = -12 (goblin(1,1)-human(1,3) and goblins-dwarf(3,1) only via portals)
         # human(1,0) has 2 goblins -> battle-goblin-human; elf(2,3) has 2 goblins -> battle-goblin-elf;
         # dwarf(3,1) touches no goblin directly -> no battle-goblin-dwarf
         {"human": -2, "goblin": 9, "conflicts": -12}, -5,
         ("alliance-human-elf", "battle-goblin-elf", "battle-goblin-human", "four-tribes", "tribes-goblin")),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_hand_computed_kingdom(rules, kingdom, case):
    check(rules, kingdom, case.grid, case.expected, case.total, case.claimable, case.legends)


def test_case_names_are_unique():
    names = [c.name for c in CASES]
    assert len(names) == len(set(names))


def test_every_legend_is_met_in_some_case():
    met = {leg for c in CASES for leg in c.claimable}
    assert met == set(LEGEND_POINTS)


# --------------------------------------------------------------------------------------
# The `score` command, end to end
# --------------------------------------------------------------------------------------



def grid_json(text: str) -> list[list[str | None]]:
    """The fixture notation as the command's JSON grid (None = face down)."""
    rows = [r.split() for r in text.split("/")]
    rows += [[] for _ in range(4 - len(rows))]
    return [[None if t == "?" else t for t in r] + [None] * (4 - len(r)) for r in rows]


def run_score(stdin: str, *args: str) -> subprocess.CompletedProcess:
    """`drako-desktop score ARGS` as the program runs it (`cli.main`), in this process with its standard streams
    captured: the command's own answers. The real program, started as a player starts it, is scored by
    tests/test_ui_cli.py and tests/test_card_data.py, and never prints a traceback (tests/test_cli_input.py)."""
    out, err = io.StringIO(), io.StringIO()
    with mock.patch.object(sys, "stdin", io.StringIO(stdin)), redirect_stdout(out), redirect_stderr(err):
        try:
            code = cli.main(["score", *args])
        except SystemExit as exc:  # argparse's own refusals
            code = exc.code if isinstance(exc.code, int) else 2
    return subprocess.CompletedProcess(["drako-desktop", "score", *args], code, out.getvalue(), err.getvalue())


def expected_report(expected: dict[str, int], total: int, claimable=()) -> dict:
    return {"categories": full(expected), "total": total, "claimable": sorted(claimable)}


CLI_CASES = [
    ("human plain / plain forest", [], {"human": 4}, 4, []),
    ("human goblin human", ["battle-goblin-human"], {"legends": 3, "conflicts": -4}, -1, ["battle-goblin-human"]),
    (
        "plain human portal forest / goblin swamp portal elf / dwarf mountain dragon elf / ? goblin swamp ?",
        ["four-tribes", "lands-forest"],
        {"elf": 1, "dwarf": 2, "human": 2, "goblin": 6, "dragons": 3, "legends": 8, "conflicts": -2}, 20,
        ["alliance-human-elf", "four-tribes", "tribes-elf"],
    ),
]


@pytest.mark.parametrize("grid, legends, expected, total, claimable", CLI_CASES)
def test_score_command_single_object(grid, legends, expected, total, claimable):
    result = run_score(json.dumps({"kingdom": grid_json(grid), "legends": legends}))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.endswith("\n") and result.stdout.count("\n") == 1
    report = json.loads(result.stdout)
    assert report == expected_report(expected, total, claimable)
    assert list(report) == ["categories", "total", "claimable"]
    assert list(report["categories"]) == list(CATEGORIES)


def test_score_command_reads_a_file(tmp_path):
    path = tmp_path / "kingdom.json"
    path.write_text(json.dumps({"kingdom": grid_json("elf portal portal forest"), "legends": []}, indent=2))
    result = run_score("", str(path))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == expected_report({"elf": 2}, 2)


def test_score_command_jsonl_one_result_per_line():
    lines = [json.dumps({"kingdom": grid_json(g), "legends": legs}) for g, legs, *_ in CLI_CASES]
    result = run_score("\n".join(lines) + "\n", "--jsonl")
    assert result.returncode == 0, result.stderr
    out = result.stdout.splitlines()
    assert len(out) == len(CLI_CASES)
    for line, (_, _, expected, total, claimable) in zip(out, CLI_CASES):
        report = json.loads(line)
        assert report == expected_report(expected, total, claimable)
        assert list(report) == ["categories", "total", "claimable"]


def test_score_command_face_down_kingdom():
    # "legends": [] and a kingdom of face-down cards: every category 0, nothing claimable
    result = run_score(json.dumps({"kingdom": [[None] * 4] * 4, "legends": []}))
    assert result.returncode == 0
    assert json.loads(result.stdout) == expected_report({}, 0)


GOOD = {"kingdom": [["human", "plain", None, None], [None] * 4, [None] * 4, [None] * 4], "legends": []}


def with_(**changes) -> str:
    obj = json.loads(json.dumps(GOOD))
    obj.update(changes)
    return json.dumps(obj)


BAD_INPUTS = [
    ("bad_json", '{"kingdom": [', "line 1", None),
    ("wrong_row_count", with_(kingdom=GOOD["kingdom"][:3]), "line 1", "4 rows"),
    ("wrong_cell_count", with_(kingdom=[["human", "plain", None]] + GOOD["kingdom"][1:]), "line 1", "4 cells"),
    ("unknown_card_type", with_(kingdom=[["wizard", None, None, None]] + GOOD["kingdom"][1:]), "line 1", "wizard"),
    ("unknown_legend", with_(legends=["lands-lava"]), "line 1", "lands-lava"),
    ("duplicate_legend", with_(legends=["tribes-elf", "lands-plain", "tribes-elf"]), "line 1", "tribes-elf"),
    ("too_many_copies", with_(kingdom=[["portal"] * 4, ["portal"] * 4, ["portal", None, None, None], [None] * 4]),
     "line 1", "portal"),
]


def assert_one_line_error(result: subprocess.CompletedProcess, where: str, mentions: str | None):
    assert result.returncode == 2
    assert result.stdout == ""
    message = result.stderr
    assert message.endswith("\n") and message.count("\n") == 1, message
    assert "Traceback" not in message
    assert where in message, message
    if mentions is not None:
        assert mentions in message, message


@pytest.mark.parametrize("text, where, mentions", [(t, w, m) for _, t, w, m in BAD_INPUTS],
                         ids=[name for name, *_ in BAD_INPUTS])
def test_score_command_bad_input(text, where, mentions):
    assert_one_line_error(run_score(text), where, mentions)


def test_score_command_bad_json_names_its_line():
    text = '{\n  "kingdom": [[null, null, null, null],\n  oops\n}'
    result = run_score(text)
    assert_one_line_error(result, "line 3", None)


def test_eight_copies_are_allowed_nine_are_not():
    eight = with_(kingdom=[["portal"] * 4, ["portal"] * 4, [None] * 4, [None] * 4])
    result = run_score(eight)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == expected_report({}, 0)


@pytest.mark.parametrize("text, where, mentions", [(t, w, m) for _, t, w, m in BAD_INPUTS],
                         ids=[name for name, *_ in BAD_INPUTS])
def test_score_command_jsonl_bad_line_names_its_number(text, where, mentions):
    good = json.dumps(GOOD)
    result = run_score("\n".join([good, good, text, good]) + "\n", "--jsonl")
    assert result.returncode == 2
    message = result.stderr
    assert message.endswith("\n") and message.count("\n") == 1, message
    assert "Traceback" not in message
    assert "line 3" in message, message
    if mentions is not None:
        assert mentions in message, message
