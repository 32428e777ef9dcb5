"""Tooltips: the value every game's tips are made of. (How numbers and lists are written in them is
`i18n.signed`, `i18n.number`, `i18n.join_names`, re-exported here for the screens.)"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..i18n import called_you, join_names, number, signed, tr

__all__ = ["Tooltip", "behind_text", "join_names", "number", "signed"]


def behind_text(names: Sequence[str], behind: Sequence[tuple[int, int]]) -> str:
    """"Cy (5) and Dan (4)": the players a tie-break comparison left behind (seat, value), each with its value."""
    return join_names([tr("scores.tie_behind", name=names[seat], value=number(value)) for seat, value in behind])


def tie_step_key(section: str, names: Sequence[str], ahead: Sequence[int]) -> str:
    """The words of a tie-break comparison one seat or several came out ahead of: "You have" for the lone person
    called You, not "You has"."""
    if len(ahead) > 1:
        return f"{section}.tie_step_many"
    return f"{section}.tie_step_you" if called_you(names[ahead[0]]) else f"{section}.tie_step_one"


@dataclass(frozen=True)
class Tooltip:
    title: str
    subtitle: str
    lines: tuple[str, ...]
