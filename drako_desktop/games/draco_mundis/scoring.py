"""The rule of the score (rule book 5): each line of the data's scoring table, and the tie-break.

Each line counts one pattern for a player and multiplies it by its points:
- `eliminated`: characters of the line's kinds the player eliminated (its trophies, and the prisoners its
  characters hold);
- `destroyed`: lands of the line's kind the player destroyed;
- `occupied`: the player's face-up characters standing on a land of the line's kind;
- `stands_on`: the player's face-up characters of the line's kind on a land of its kind and owner (`whose`);
- `adjacent_own`: the player's face-up tokens of the line's kind next to one of its own face-up lands of
  the line's land kind.
The tie-break rows count eliminated characters of their kinds. Face-down tokens count for nobody. The
engine's final and running scores, the table's score counters and the rules screen's examples come from here.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import TypeVar

from ...interface.game import Breakdown
from .data import DracoData, whose_matches

Square = TypeVar("Square")


def score(data: DracoData, eliminated: Sequence[str], destroyed: Sequence[str],
          standing: Sequence[tuple[str, str | None, bool]], own_face_up: Mapping[Square, Collection[str]],
          neighbours: Callable[[Square], Iterable[Square]]) -> Breakdown:
    """A player's score lines and tie-break from what it holds: the kinds of the characters it `eliminated`
    (prisoners held included), of the lands it `destroyed`, per face-up character of its own where it is
    `standing` (its kind, the kind of the face-up land under it or None, whether that land is its own), and the
    kinds of its face-up tokens (characters and lands) by square, with each square's `neighbours` in use."""
    values = []
    for line in data.lines:
        if line.pattern == "eliminated":
            count = sum(1 for kind in eliminated if kind in line.tokens)
        elif line.pattern == "destroyed":
            count = sum(1 for kind in destroyed if kind == line.land)
        elif line.pattern == "occupied":
            count = sum(1 for _, land, _ in standing if land == line.land)
        elif line.pattern == "stands_on":
            count = sum(1 for kind, land, own in standing if kind == line.token and land == line.land
                        and whose_matches(line.whose, own))
        else:  # adjacent_own
            count = sum(1 for at, kinds in own_face_up.items() if line.token in kinds
                        and any(line.land in own_face_up.get(near, ()) for near in neighbours(at)))
        values.append(count * line.points)
    tiebreak = tuple(sum(1 for kind in eliminated if kind in row.tokens) for row in data.tiebreak)
    return Breakdown(tuple(line.id for line in data.lines), tuple(values), tiebreak)
