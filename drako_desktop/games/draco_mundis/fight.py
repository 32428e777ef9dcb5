"""The rule of a fight (rule book 3.4): against whom, its two sides, and its result.

A fight is against a face-up character of another player that can be attacked at all (`never_attacked`
ones cannot). Its sides: the defender, and every face-up character of the attacking player next to the
defender's square, together. The fight action needs one attacker that may fight alone (the journalist
may not); a reveal of such an enemy character next to the revealer's characters starts the same fight.
Each side's strength is `strength.py`'s; the attackers' strengths add up. More than the defender's: a win,
the defender is eliminated; less: a loss, every attacker is eliminated; the same: a tie, nobody is.
The engine's fights, the table's fight previews, the hints and the review all come from here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from ...interface.game import IllegalActionError
from .data import DracoData

WIN, LOSS, TIE = "win", "loss", "tie"  # for the attackers
Square = TypeVar("Square")


def can_be_attacked(data: DracoData, defender: str, owner: int, seat: int) -> bool:
    """Whether `seat` may fight the face-up character `defender` of `owner` (a reveal of it starts a fight)."""
    return owner != seat and not data.character(defender).never_attacked


def attackers(seat: int, neighbours: Iterable[Square], owner_at: Callable[[Square], int | None]) -> list[Square]:
    """The attacking side: the squares of `seat`'s face-up characters next to the defender (`owner_at`: the
    owner of the face-up character on a square, None for none)."""
    return [at for at in neighbours if owner_at(at) == seat]


def fight_refusal(data: DracoData, seat: int, defender: str, owner: int, attacker_kinds: Sequence[str],
                  where: str) -> IllegalActionError | None:
    """Why `seat` may not start a fight against the face-up `defender` of `owner` on the square `where` with
    the characters of `attacker_kinds` next to it, or None if it may."""
    if owner == seat:
        return IllegalActionError("not-enemy", "you cannot attack your own character")
    if not can_be_attacked(data, defender, owner, seat):
        return IllegalActionError("never-attacked", f"the {data.token_noun(defender)} can never be attacked")
    if not attacker_kinds:
        return IllegalActionError("not-adjacent", f"none of your face-up characters is next to {where}")
    if all(data.character(kind).cannot_fight_alone for kind in attacker_kinds):
        return IllegalActionError("journalist-alone", "the journalist cannot fight as the only attacker")
    return None


def result(attack: Sequence[int], defence: int) -> tuple[int, str]:
    """The attackers' summed strength and the fight's result for them: WIN, LOSS or TIE."""
    total = sum(attack)
    return total, WIN if total > defence else LOSS if total < defence else TIE
