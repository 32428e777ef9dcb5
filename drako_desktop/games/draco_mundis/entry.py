"""The rule of who may enter a square (rule book 3.3 and the lands of 1.2).

A character may move (or be carried by a capture) onto a square in use that holds no face-down token, no
character and no trap; a square with a face-up land only if the land lets it in. A land lets in every
character (`entry: all`) but those it bars, or none (`entry: none`); a character's own row may let it into a
land anyway, of any owner or only its owner's (`enters`). `land_entry` is that rule, from the data's rows;
`may_enter` is the same rule as a table by kind number for the engine's and the opponents' hot paths.
"""

from __future__ import annotations

from ...interface.game import IllegalActionError
from .data import DracoData

ANY, OWN, NONE = "any", "own", "none"  # who of a character's kind a land lets in: all, its owner's only, none


def land_entry(data: DracoData, character: str, land: str) -> str:
    """Whether a `character` may enter a face-up `land`: ANY, OWN (only its owner's own land) or NONE."""
    for entry in data.character(character).enters:
        if entry.land == land:
            return ANY if entry.whose == "any" else OWN
    row = data.land(land)
    return ANY if row.entry == "all" and character not in row.barred else NONE


def entry_refusal(data: DracoData, character: str, land: str, own_land: bool) -> IllegalActionError | None:
    """Why a `character` may not enter a face-up `land` (`own_land`: its owner's), or None if it may."""
    entry = land_entry(data, character, land)
    if entry == ANY or entry == OWN and own_land:
        return None
    who, where = data.token_noun(character), data.token_noun(land)
    if entry == OWN:
        return IllegalActionError("cannot-enter", f"the {who} may enter only his own {where}")
    return IllegalActionError("cannot-enter", f"the {who} cannot enter a {where}")


def entry_table(data: DracoData) -> tuple[tuple[tuple[bool, bool], ...], ...]:
    """may_enter[character kind][land kind][own land] (by `DracoData.kinds`; False for any other kinds)."""
    lands = {t.id for t in data.lands}
    characters = {c.id for c in data.characters}
    return tuple(
        tuple((entry_refusal(data, kind, land, False) is None, entry_refusal(data, kind, land, True) is None)
              if kind in characters and land in lands else (False, False) for land in data.kinds)
        for kind in data.kinds)
