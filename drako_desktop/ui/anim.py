"""Time-based animation: easing, tweens and a queue of beats played one after another.

Durations are written for the "normal" animation speed and multiplied by the
player's speed factor (settings.ANIMATION_FACTOR); at "instant" every beat
ends on its first update, so the same code path runs at every speed.
"""

from __future__ import annotations

import math
from collections import deque
from typing import Any, Generic, Iterable, Protocol, TypeVar

from pygame import Rect


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_rect(a: Rect, b: Rect, t: float) -> Rect:
    return Rect(round(lerp(a.x, b.x, t)), round(lerp(a.y, b.y, t)), round(lerp(a.w, b.w, t)), round(lerp(a.h, b.h, t)))


class Beat:
    """One step of the choreography. `begin` runs when it starts, `end` when its time is up;
    `draw` paints what moves meanwhile. Subclasses override what they need."""

    duration = 0.0

    def __init__(self, duration: float = 0.0) -> None:
        self.duration = duration
        self.base = duration  # before the speed factor: staggered parts are timed against it
        self.elapsed = 0.0

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    def part(self, start: float, length: float) -> float:
        """Progress (0..1) of a part of this beat that starts at `start` and lasts `length`
        seconds of its unscaled duration."""
        if self.duration <= 0 or length <= 0:
            return 1.0
        return max(0.0, min(1.0, (self.progress * self.base - start) / length))

    def begin(self) -> None:
        pass

    def end(self) -> None:
        pass

    def draw(self, surface) -> None:
        pass

    def hides(self, place: Any) -> bool:
        """Whether this beat draws `place` (a game's square or cell key) itself, so the still picture
        leaves it out while the beat runs."""
        return False


class Pause(Beat):
    """Time for a person to follow a computer's turn (every game's table waits it before a computer's action)."""


class Telling(Protocol):
    """What an event beat needs of the table: a model of what it shows, and a way to tell an event (the log,
    its sound)."""

    @property
    def model(self) -> Any: ...

    def tell(self, event: Any) -> None: ...


StageT = TypeVar("StageT", bound=Telling)
EventT = TypeVar("EventT")


class EventBeat(Beat, Generic[StageT, EventT]):
    """One event of a game: told and applied to the table's model when it starts; subclasses add motion. Each
    game's beats take its own table (`stage`) and events."""

    def __init__(self, stage: StageT, event: EventT, duration: float = 0.0) -> None:
        super().__init__(duration)
        self.stage = stage
        self.event = event

    def begin(self) -> None:
        self.stage.tell(self.event)
        self.stage.model.apply(self.event)


class Choreography:
    """Beats played in order. The table is 'idle' (accepts gestures, asks the controller
    for more) only when nothing is queued."""

    def __init__(self, factor: float = 1.0) -> None:
        self.factor = factor
        self._queue: deque[Beat] = deque()
        self._current: Beat | None = None

    def add(self, beats: Iterable[Beat]) -> None:
        for beat in beats:
            beat.duration *= self.factor
            self._queue.append(beat)

    @property
    def idle(self) -> bool:
        return self._current is None and not self._queue

    @property
    def current(self) -> Beat | None:
        return self._current

    def update(self, dt: float) -> None:
        """Advance by dt seconds; several short beats may finish within one update."""
        while True:
            if self._current is None:
                if not self._queue:
                    return
                self._current = self._queue.popleft()
                self._current.begin()
            beat = self._current
            beat.elapsed += dt
            if beat.elapsed < beat.duration:
                return
            dt = beat.elapsed - beat.duration
            beat.end()
            self._current = None

    def finish(self) -> None:
        """Play every queued beat to its end at once (each one's changes happen, nothing more is shown)."""
        self.update(math.inf)

    def draw(self, surface) -> None:
        if self._current is not None:
            self._current.draw(surface)


class Counter:
    """A number shown counting smoothly towards its target (scores)."""

    def __init__(self, value: int = 0, rate: float = 12.0) -> None:
        self.shown = float(value)
        self.target = value
        self.rate = rate

    def set(self, value: int, instant: bool = False) -> None:
        self.target = value
        if instant:
            self.shown = float(value)

    def update(self, dt: float) -> None:
        diff = self.target - self.shown
        step = max(abs(diff) * min(1.0, dt * self.rate), dt * 8)
        self.shown = float(self.target) if abs(diff) <= step else self.shown + step * (1 if diff > 0 else -1)

    @property
    def value(self) -> int:
        return round(self.shown)

    @property
    def counting(self) -> bool:
        """Still on its way to the target."""
        return self.shown != self.target
