"""The rule of a character's strength: its printed value and every modifier where it stands (rule book 4).

A character's strength is its printed strength, plus the strength of the land it stands on, plus the
bonus its own row gives it on a land of that owner, plus the change of every kind of face-up item next to
it that weakens it (two traps of one kind do not add up). `strength_parts` is that rule, from the data's
rows; `Strengths` is the same rule compiled into tables by kind number, for the engine and the opponents,
which ask it thousands of times a second. The engine's fights, the table's strengths and fight previews,
the hints and the review all come from here.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from .data import DracoData, whose_matches


@dataclass(frozen=True)
class Modifier:
    """One part of a character's strength: its printed value, or a land's, a bonus's or a trap's change."""

    kind: str  # "printed" | "land" | "bonus" | "trap"
    source: str  # the token kind it comes from (the character itself for "printed")
    value: int


def strength_parts(data: DracoData, character: str, land: str | None, own_land: bool,
                   items_next: Collection[str]) -> tuple[Modifier, ...]:
    """The parts of the strength of a face-up `character` standing on `land` (None: on no land; `own_land`:
    its owner's) with face-up items of the kinds `items_next` next to it."""
    row = data.character(character)
    parts = [Modifier("printed", character, row.strength)]
    if land is not None:
        value = data.land(land).strength
        if value:
            parts.append(Modifier("land", land, value))
        for bonus in row.bonus:
            if bonus.land == land and whose_matches(bonus.whose, own_land):
                parts.append(Modifier("bonus", land, bonus.strength))
    for item in data.items:
        if item.weakens[0] == character and item.id in items_next:
            parts.append(Modifier("trap", item.id, item.weakens[1]))
    return tuple(parts)


class Strengths:
    """`strength_parts` as tables by kind number (`DracoData.kinds`), for the hot paths."""

    def __init__(self, data: DracoData) -> None:
        kinds = data.kinds
        characters = {c.id for c in data.characters}
        lands = [None, *(t.id for t in data.lands)]
        land_base = len(data.characters) - 1  # land kind number k is lands[k - land_base]
        # on_land[character][land kind + 1 - first land kind, 0 = no land][own land]: the strength without items
        self.on_land: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((sum(m.value for m in strength_parts(data, kind, land, False, ())),
                   sum(m.value for m in strength_parts(data, kind, land, True, ()))) for land in lands)
            if kind in characters else () for kind in kinds)
        self.land_base = land_base
        index = {kind: i for i, kind in enumerate(kinds)}
        # weakened_by[character]: (item kind, change) of each kind of item that weakens it when next to it
        self.weakened_by: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((index[item.id], item.weakens[1]) for item in data.items if item.weakens[0] == kind)
            for kind in kinds)

    def of(self, character: int, land: int, own_land: bool, items_next: Collection[int] = ()) -> int:
        """The strength of a character of kind `character` on a land of kind `land` (-1: none) with face-up
        items of the kinds `items_next` next to it (only asked for when `weakened_by[character]`)."""
        value = self.on_land[character][land - self.land_base if land >= 0 else 0][own_land]
        for item, change in self.weakened_by[character]:
            if item in items_next:
                value += change
        return value
