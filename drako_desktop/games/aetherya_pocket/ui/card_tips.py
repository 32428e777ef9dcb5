"""Tooltips in the words of the rule book, generated from the card data.

Nothing here is one paragraph per card: each text is assembled from the
scoring tables (tribe values, hostile pairs, who cannot use portals, the
dragon table, locked types) with translated phrases, so house-rule card sets
explain themselves too.
"""

from __future__ import annotations

from ....i18n import tr
from ....ui.tooltips import Tooltip, join_names, signed
from ..data import CardSet
from ..words import card_name, family_name, legend_name, legend_text


def _names(cards: CardSet, type_ids, last: str = "tooltip.and") -> str:
    return join_names([card_name(cards, t) for t in type_ids], last)


def card_tooltip(cards: CardSet, type_id: str) -> Tooltip:
    card = cards.type(type_id)
    lines: list[str] = []
    tribe_values = dict(cards.tribe_values)
    if card.family == "tribe":
        values = tribe_values.get(type_id, ())
        if values:
            parts = tr("tooltip.list_separator").join(
                tr("tooltip.per_land", points=signed(p), land=card_name(cards, land)) for land, p in values)
            lines.append(tr("tooltip.tribe_scores", parts=parts))
        enemies = [b if a == type_id else a for a, b in cards.hostile if type_id in (a, b)]
        if enemies:
            lines.append(tr("tooltip.conflicts", points=signed(cards.conflict_points),
                            tribes=_names(cards, enemies, "tooltip.or")))
        else:
            lines.append(tr("tooltip.no_conflicts"))
        if type_id in cards.dragons.domesticators:
            lines.append(tr("tooltip.domesticates", count=cards.dragons.at_least, tribe=card_name(cards, type_id)))
    elif card.family == "land":
        scorers = [(tribe, p) for tribe, values in cards.tribe_values for land, p in values if land == type_id]
        if scorers:
            parts = tr("tooltip.list_separator").join(
                tr("tooltip.per_tribe", points=signed(p), tribe=card_name(cards, t)) for t, p in scorers)
            lines.append(tr("tooltip.land_scores", parts=parts))
        else:
            lines.append(tr("tooltip.land_scores_nothing"))
    elif card.family == "dragon":
        d = cards.dragons
        lines.append(tr("tooltip.dragon_rule", count=d.at_least, tribes=_names(cards, d.domesticators, "tooltip.or")))
        for n, (tame, wild) in enumerate(d.values, start=1):
            lines.append(tr("tooltip.dragon_row", dragons=n, tame=signed(tame), wild=signed(wild)))
        lines.append(tr("tooltip.dragon_beyond", counted=d.counted, extra=signed(d.each_extra)))
    elif card.family == "portal":
        lines.append(tr("tooltip.portal_rule"))
        if cards.no_portals:
            lines.append(tr("tooltip.no_portals", tribes=_names(cards, cards.no_portals)))
    if card.family == "tribe":
        key = "tooltip.cannot_use_portals" if type_id in cards.no_portals else "tooltip.uses_portals"
        lines.append(tr(key))
    lines.append(tr("tooltip.locked") if card.locked else tr("tooltip.replaceable"))
    title, family = card_name(cards, type_id), tr(f"tooltip.family.{card.family}")
    return Tooltip(title, family if family != title else "", tuple(lines))


def unexplored_tooltip() -> Tooltip:
    return Tooltip(tr("table.unexplored"), "", (tr("tooltip.unexplored"),))


def legend_tooltip(cards: CardSet, legend_id: str, met: bool | None = None, claimed_by: str | None = None) -> Tooltip:
    legend = cards.legend(legend_id)
    lines = [tr("tooltip.legend_requires", text=legend_text(cards, legend_id)),
             tr("tooltip.legend_points", points=legend.points)]
    if claimed_by is not None:
        lines.append(tr("tooltip.legend_claimed_by", name=claimed_by))
    elif met is not None:
        lines.append(tr("tooltip.legend_met") if met else tr("tooltip.legend_not_met"))
        lines.append(tr("tooltip.legend_rule"))
    return Tooltip(legend_name(cards, legend_id), family_name(cards, legend.family), tuple(lines))


def draw_pile_tooltip(count: int, reshuffle: int) -> Tooltip:
    lines = [tr("tooltip.draw_pile_count", count=count), tr("tooltip.draw_pile_rule")]
    if count == 0:
        lines.append(tr("tooltip.draw_pile_reshuffle", count=reshuffle) if reshuffle else tr("tooltip.draw_pile_empty"))
    return Tooltip(tr("table.draw_pile"), "", tuple(lines))


def discard_tooltip(cards: CardSet, top: str | None, size: int) -> Tooltip:
    lines = [tr("tooltip.discard_count", count=size)]
    if top is not None:
        lines.append(tr("tooltip.discard_top", card=card_name(cards, top)))
    lines.append(tr("tooltip.discard_rule"))
    return Tooltip(tr("table.discard_pile"), "", tuple(lines))
