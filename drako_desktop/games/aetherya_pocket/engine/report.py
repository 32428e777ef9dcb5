"""JSON shapes shared by the command-line tools: a kingdom in, a score report out."""

from __future__ import annotations

from typing import Any, Sequence

from ....interface.game import brief
from .kingdom import CELLS, COLS, ROWS, UNKNOWN, Rules


class KingdomFormatError(ValueError):
    """A kingdom object (`{"kingdom": [[...] x 4], "legends": [...]}`) is malformed."""


def parse_kingdom(rules: Rules, obj: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Validate a score-command object; return (kingdom cells, claimed legend indices)."""
    if not isinstance(obj, dict):
        raise KingdomFormatError(f"expected an object with \"kingdom\" and \"legends\", got {type(obj).__name__}")
    unknown = set(obj) - {"kingdom", "legends"}
    if unknown:
        raise KingdomFormatError(f"unknown key(s) {', '.join(sorted(unknown))} (allowed: kingdom, legends)")
    grid = obj.get("kingdom")
    if not isinstance(grid, list) or len(grid) != ROWS:
        raise KingdomFormatError("\"kingdom\" must be a list of 4 rows")
    cells: list[int] = []
    for r, row in enumerate(grid):
        if not isinstance(row, list) or len(row) != COLS:
            raise KingdomFormatError(f"kingdom row {r} must be a list of 4 cells")
        for c, value in enumerate(row):
            if value is None:
                cells.append(UNKNOWN)
            elif isinstance(value, str) and value in rules.type_index:
                cells.append(rules.type_index[value])
            else:
                raise KingdomFormatError(
                    f"kingdom row {r} col {c}: {brief(value)} is not a card type or null "
                    f"(known: {', '.join(rules.type_ids)})"
                )
    most = {t.index: t.count_for(rules.cards.max_players) for t in rules.cards.types}
    for t in set(cells) - {UNKNOWN}:
        if cells.count(t) > most[t]:
            raise KingdomFormatError(f"{cells.count(t)} {rules.type_ids[t]} cards, but the game has only {most[t]}")
    legends = obj.get("legends", [])
    if not isinstance(legends, list):
        raise KingdomFormatError("\"legends\" must be a list of legend ids")
    claimed: list[int] = []
    for i, leg in enumerate(legends):
        if not isinstance(leg, str) or leg not in rules.legend_index:
            raise KingdomFormatError(f"legends[{i}]: {brief(leg)} is not a legend id "
                                     f"(known: {', '.join(rules.legend_ids)})")
        if rules.legend_index[leg] in claimed:
            raise KingdomFormatError(f"legends[{i}]: {leg} is listed twice (there is one copy of each legend)")
        claimed.append(rules.legend_index[leg])
    assert len(cells) == CELLS, f"a kingdom has {CELLS} cells"
    return tuple(cells), tuple(claimed)


def score_report(rules: Rules, kingdom: Sequence[int], legends: Sequence[int]) -> dict[str, Any]:
    """The `score` command's result object for one kingdom (face-up cards only)."""
    breakdown = rules.breakdown(kingdom, legends)
    return {
        "categories": breakdown.as_dict(),
        "total": breakdown.total,
        "claimable": sorted(rules.met_legend_ids(kingdom)),
    }
