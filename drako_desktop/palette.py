"""The palette of seat colours: the one list the new-game screen offers, a save may name (`GameSetup.colours`)
and every table draws. A seat is also told apart by its name, its person or computer icon and, in Draco
Mundis, a pattern and a mark of its own. As many players as colours here may sit at a table."""

from __future__ import annotations

SEAT_COLOURS: tuple[tuple[int, int, int], ...] = ((214, 88, 78), (82, 142, 224), (88, 184, 116), (226, 172, 64))
