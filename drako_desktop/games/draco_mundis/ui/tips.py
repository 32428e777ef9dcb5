"""Tooltips and names for the Draco Mundis table, from the data and in the player's language.

Every number (arrows, strengths, land modifiers, points) is read from the data; the words
around them are translations. A token's ability text and every ruling have translations
keyed by the data's ids; a house-rules data folder's own kinds and rulings fall back to
the data's English. Numbers and texts that are project rulings are marked as such.
"""

from __future__ import annotations

from ....i18n import has, tr
from ....ui.tooltips import Tooltip, join_names, signed
from ..board import BoardModel, Square
from ..data import DracoData, Ruling
from ..narrate import whose
from ..strength import Modifier
from ..view import SquareView


def token_name(data: DracoData, kind: str) -> str:
    key = f"draco_mundis.tokens.{kind}"
    return tr(key) if has(key) else data.token_name(kind)


def title_name(data: DracoData, kind: str) -> str:
    """A token's name as a title (capitalised where the script has capitals)."""
    return capitalised(token_name(data, kind))


def capitalised(words: str) -> str:
    """Words starting with a capital where the script has capitals ("your ..." at a line's start)."""
    return words[:1].upper() + words[1:]


def ability_text(data: DracoData, kind: str) -> str:
    key = f"draco_table.abilities.{kind}"
    return tr(key) if has(key) else data.token(kind).text


def ruling_text(ruling: Ruling) -> str:
    key = f"draco_table.rulings.{ruling.id.replace('-', '_')}"
    return tr(key) if has(key) else ruling.text


def rulings_for(data: DracoData, kind: str) -> list[Ruling]:
    """The rulings that set one of this token's numbers or rules."""
    group = "characters" if any(c.id == kind for c in data.characters) else \
        "lands" if any(t.id == kind for t in data.lands) else "items"
    prefix = f"tokens.yaml: {group}.{kind}."
    return [r for r in data.rulings if any(m.startswith(prefix) for m in r.marks)]


def ruled(data: DracoData, kind: str, field: str) -> bool:
    group = "characters" if any(c.id == kind for c in data.characters) else "lands"
    return f"tokens.yaml: {group}.{kind}.{field}" in data.ruling_marks()


def modifier_name(data: DracoData, part: Modifier) -> str:
    name = token_name(data, part.source)
    return tr(f"draco_table.modifier.{part.kind}", token=name)


def token_lines(data: DracoData, kind: str) -> list[str]:
    """A token's numbers and ability, with its rulings marked."""
    lines = []
    character = next((c for c in data.characters if c.id == kind), None)
    land = next((t for t in data.lands if t.id == kind), None)
    item = next((t for t in data.items if t.id == kind), None)
    mark = " " + tr("draco_table.ruling_mark")
    if character is not None:
        strength = tr("draco_table.tip.strength", value=character.strength)
        lines.append(strength + (mark if ruled(data, kind, "strength") else ""))
        arrows = tr("draco_table.arrows", forward=character.arrows[0], left=character.arrows[1],
                    right=character.arrows[2], back=character.arrows[3])
        lines.append(arrows + (mark if ruled(data, kind, "arrows") else ""))
    elif land is not None:  # a land's rules are all numbers of the data: no ability text repeats them
        if land.strength:
            lines.append(tr("draco_table.tip.land_strength", value=signed(land.strength)))
        lines.append(entry_text(data, kind))
        lines += land_lines(data, kind)
    if item is not None:
        lines.append(capitalised(tr("draco_table.tip.weakens", token=token_name(data, item.weakens[0]),
                                    value=signed(item.weakens[1]))))
    if land is None:
        lines.append(ability_text(data, kind))
    lines += [tr("draco_table.ruling_prefix") + " " + ruling_text(r) for r in rulings_for(data, kind)]
    return lines


def land_lines(data: DracoData, land: str) -> list[str]:
    """What a land does for strengths and at the end, from the characters' bonuses and the scoring lines."""
    lines = [tr("draco_table.tip.bonus_here", token=capitalised(token_name(data, c.id)), land=token_name(data, land),
                value=signed(b.strength))
             for c in data.characters for b in c.bonus if b.land == land and b.whose == "own"]
    for line in data.lines:
        value = signed(line.points)
        if line.pattern == "occupied" and line.land == land:
            lines.append(tr("draco_table.tip.occupied_points", value=value))
        elif line.pattern == "stands_on" and line.land == land and line.whose == "enemy":
            lines.append(tr("draco_table.tip.stands_on_points", value=value, token=token_name(data, line.token)))
        elif line.pattern == "destroyed" and line.land == land:
            destroyers = [token_name(data, c.id) for c in data.characters
                          if c.destroys is not None and c.destroys.land == land]
            lines.append(tr("draco_table.tip.destroyed_points", value=value, tokens=join_names(destroyers)))
        elif line.pattern == "adjacent_own" and line.token == land:
            lines.append(tr("draco_table.tip.adjacent_own_points", value=value, land=token_name(data, line.land)))
    return lines


def entry_text(data: DracoData, land: str) -> str:
    """Who may enter a land, in words."""
    spec = next(t for t in data.lands if t.id == land)
    special = [(c.id, e.whose) for c in data.characters for e in c.enters if e.land == land]
    if spec.entry == "all":
        barred = [token_name(data, k) for k in spec.barred]
        if barred:
            return tr("draco_table.tip.enter_all_but", tokens=join_names(barred))
        return tr("draco_table.tip.enter_all")
    if not special:
        return tr("draco_table.tip.enter_none")
    names = [token_name(data, k) + (tr("draco_table.tip.own") if which == "own" else "") for k, which in special]
    return tr("draco_table.tip.enter_only", tokens=join_names(names))


def supply_tooltip(data: DracoData, kind: str) -> Tooltip:
    return Tooltip(title_name(data, kind), tr(f"draco_table.tip.group_{_group(data, kind)}"),
                   tuple(token_lines(data, kind)))


def square_tooltip(data: DracoData, model: BoardModel, at: Square, names: list[str]) -> Tooltip | None:
    """What is on a square, its owner, its numbers and rules (and, on a character, its strength there)."""
    if not model.in_use(at):
        return Tooltip(tr("draco_table.tip.out_title"), "", (tr("draco_table.tip.out", players=model.players),))
    spot: SquareView | None = model.squares.get(at)
    where = tr("draco_table.tip.square", row=at[0], col=at[1])
    if spot is None:
        return None
    if spot.down >= 0:
        lines = []
        if spot.down_kind is not None:
            how = "own" if spot.down == model.viewer else "peeked"
            lines.append(tr(f"draco_table.tip.known_{how}", token=token_name(data, spot.down_kind)))
            lines += token_lines(data, spot.down_kind)[:2]
        else:
            lines.append(tr("draco_table.tip.unknown"))
        peekers = [names[s] for s in spot.peeked_by]
        if peekers:
            lines.append(tr("draco_table.tip.peeked_by", names=join_names(peekers)))
        return Tooltip(capitalised(tr("draco_table.tip.face_down", whose=whose(names[spot.down]))), where,
                       tuple(lines))
    token = spot.character or spot.trap or spot.land
    assert token is not None, "a face-up square holds a character, a trap or a land"
    lines = []
    if spot.character is not None:
        parts = model.strength_parts(at)
        if len(parts) > 1:
            lines.append(tr("draco_table.tip.strength_here", value=sum(p.value for p in parts),
                            parts=", ".join(f"{modifier_name(data, p)} {signed(p.value)}" for p in parts[1:])))
        if spot.prisoner is not None:
            lines.append(tr("draco_table.tip.holds", token=token_name(data, spot.prisoner.kind),
                            whose=whose(names[spot.prisoner.owner])))
        if spot.land is not None:
            lines.append(tr("draco_table.tip.stands_on", token=token_name(data, spot.land.kind),
                            whose=whose(names[spot.land.owner])))
    elif spot.trap is not None and spot.land is not None:
        lines.append(tr("draco_table.tip.stands_on", token=token_name(data, spot.land.kind),
                        whose=whose(names[spot.land.owner])))
    lines += token_lines(data, token.kind)
    subtitle = capitalised(tr("draco_table.tip.owned", whose=whose(names[token.owner]), where=where))
    return Tooltip(title_name(data, token.kind), subtitle, tuple(lines))


def _group(data: DracoData, kind: str) -> str:
    if any(c.id == kind for c in data.characters):
        return "character"
    return "land" if any(t.id == kind for t in data.lands) else "item"
