"""A hint: the strongest level's preferred action for the person to move, from their seat's view only.

The table asks; the answer is thought out in the opponents' process, where a worker thread of
the table's process only waits for it on a pipe (so the frame loop keeps its pace), or inline
when the app runs its opponents inline (tests). A hint asked for can be dropped at any moment:
the person acted, or cancelled it; its answer is then never looked at, and if it still waits for
its turn in the opponents' process (behind another hint or a computer's move) it is never thought
out at all.
"""

from __future__ import annotations

import logging
import threading
from typing import Any, Callable, Sequence

from ..interface.game import AnyGame
from .review import DEFAULT_DEPTH

log = logging.getLogger(__name__)

HINT_DEPTH = DEFAULT_DEPTH  # sampled games per candidate: 1-2 s on a 2-player game, like a review step


def think_inline(game: AnyGame, view: Any, legal: Sequence[Any], seed: int, depth: int,
                 watched: Sequence[Any] = ()) -> int | None:
    """The analyst's preferred action (an index into `legal`) in this process, or None when the game has
    no analyst or the analyst cannot judge the decision (Aetherya Pocket's arrangement). It first watches the
    seat's earlier views of the game (`watched`), as the seat did."""
    analyst = game.analyst(seed, depth)
    if analyst is None:
        return None
    for earlier in watched:
        analyst.observe(earlier)
    judged = analyst.assess(view, legal)
    return None if judged is None else judged.best


class HintRequest:
    """One hint being thought out for the person in `seat`, at the game's `position` (actions played)."""

    def __init__(self, seat: int, position: int, view: Any, legal: Sequence[Any],
                 think: Callable[[Callable[[], bool]], int | None], threaded: bool) -> None:
        """`think(wanted)` works the hint out; `wanted()` says whether it is still wanted (a thought not
        begun yet need not begin)."""
        self.seat, self.position, self.view, self.legal = seat, position, view, list(legal)
        self.best: int | None = None
        self.error: str | None = None
        self._done = threading.Event()
        self._dropped = threading.Event()
        self._think = think
        if threaded:
            threading.Thread(target=self._run, name=f"hint-seat-{seat}", daemon=True).start()
        else:
            self._run()

    def _run(self) -> None:
        try:
            best = self._think(self.wanted)
            if best is not None and not 0 <= best < len(self.legal):
                raise ValueError(f"the hint chose {best} of {len(self.legal)} actions")
            self.best = best
        except Exception as exc:  # the table says the hint failed; the game goes on
            log.exception("the hint failed")
            self.error = f"{type(exc).__name__}: {exc}"
        finally:
            self._done.set()

    def drop(self) -> None:
        """The hint is no longer wanted: the person acted, or cancelled it."""
        self._dropped.set()

    def wanted(self) -> bool:
        return not self._dropped.is_set()

    @property
    def ready(self) -> bool:
        return self._done.is_set()

    @property
    def action(self) -> Any | None:
        """The suggested action once ready (None: nothing to suggest)."""
        return None if self.best is None else self.legal[self.best]
