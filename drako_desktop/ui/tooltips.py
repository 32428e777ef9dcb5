"""Tooltips: the value every game's tips are made of. (How numbers and lists are written in them is
`i18n.signed`, `i18n.number`, `i18n.join_names`, re-exported here for the screens.)"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import join_names, number, signed

__all__ = ["Tooltip", "join_names", "number", "signed"]


@dataclass(frozen=True)
class Tooltip:
    title: str
    subtitle: str
    lines: tuple[str, ...]
