"""Tooltips: the value every game's tips are made of, and how numbers and lists are written in them."""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import tr


@dataclass(frozen=True)
class Tooltip:
    title: str
    subtitle: str
    lines: tuple[str, ...]


def signed(value: int) -> str:
    """+2, −1 (a real minus sign), 0."""
    return f"+{value}" if value > 0 else number(value)


def number(value: int) -> str:
    """A score as printed: 3, 0, −2 (a real minus sign, not a hyphen)."""
    return f"−{-value}" if value < 0 else str(value)


def join_names(names: list[str], last: str = "tooltip.and") -> str:
    """"Human, Elf and Dwarf" (or "... or ..."): the last two joined by the translated word."""
    if len(names) < 2:
        return "".join(names)
    return tr(last, first=tr("tooltip.list_separator").join(names[:-1]), last=names[-1])
