"""How each engine event is shown: a card flies, flips, a legend is claimed, the turn passes.

`beats_for(stage, events, origin)` turns the events of one action into beats
for the choreography. A beat changes the table model (`stage.model.apply`)
when the change becomes visible, writes the log line when it starts, and
while it runs it may hide what it is moving from the painter (`hides(key)`)
and draw it in flight instead. Positions are asked from the stage at draw
time, so a resize in the middle of an animation is harmless.

Keys of things a beat can hide: ("drawn",), ("discard",), ("draw",),
("cell", seat, index), ("legend", slot), ("claimed", seat, n).
"""

from __future__ import annotations

from functools import partial
from typing import Callable, Protocol, Sequence

import pygame
from pygame import Rect

from ....ui import anim
from ....ui.anim import Beat, ease_in_out, ease_out, lerp_rect
from ..engine import CENTRE, OUTER, Event
from .model import FACE_DOWN, TableModel

FLIGHT = 0.38
FLIP = 0.32
DEAL_STAGGER = 0.022
# A dealt card's flight: quicker than a played card's (a dealer's flick), which also keeps fewer of the 48 cards
# in the air at once (a dozen rather than seventeen: each is copied back and drawn again every frame).
DEAL_FLIGHT = 0.26
DEAL_SIZES = 24  # steps of a dealt card's size on its way (see Deal)
CLAIM = 0.6
TURN = 0.45
BANNER = 1.1
ANNOUNCE = 1.4

RectFn = Callable[[], Rect]


class Stage(Protocol):
    """What beats need from the table scene."""

    model: TableModel

    def cell_rect(self, seat: int, index: int) -> Rect: ...
    def pile_rect(self, name: str) -> Rect: ...
    def legend_rect(self, slot: int) -> Rect: ...
    def claimed_rect(self, seat: int, n: int) -> Rect: ...
    def plate_rect(self, seat: int) -> Rect: ...
    def card_surface(self, type_id: str, size: tuple[int, int]) -> pygame.Surface: ...
    def legend_surface(self, legend_id: str, size: tuple[int, int]) -> pygame.Surface: ...
    def tell(self, event: Event) -> None: ...
    def draw_banner(self, surface: pygame.Surface, text: str, alpha: float) -> None: ...
    def banner_text(self, event: Event) -> str: ...


_scratch: dict[tuple[int, int], pygame.Surface] = {}  # (bits, flags) -> where a card in flight is scaled to


def _scaled(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """The picture at `size`, for one blit straight away: scaled into a surface kept from frame to frame
    (a new one for each of the cards flying in every frame costs more than the scaling)."""
    if surface.get_size() == size:
        return surface
    kind = (surface.get_bitsize(), surface.get_flags() & pygame.SRCALPHA)
    kept = _scratch.get(kind)
    if kept is None or kept.get_width() < size[0] or kept.get_height() < size[1]:
        largest = (max(size[0], kept.get_width() if kept else 0), max(size[1], kept.get_height() if kept else 0))
        kept = _scratch[kind] = pygame.Surface(largest, surface.get_flags() & pygame.SRCALPHA, surface)
    return pygame.transform.scale(surface, size, kept.subsurface((0, 0, *size)))


def draw_flipping(surface: pygame.Surface, stage: Stage, rect: Rect, front: str, t: float,
                  art_size: tuple[int, int] | None = None) -> None:
    """A card turning over in place: its back narrows to an edge, then its face widens (t: 0..1).
    `art_size`: the cached size to scale from when `rect` is moving and changing size."""
    showing = FACE_DOWN if t < 0.5 else front
    squeeze = abs(1 - 2 * t)
    w = max(1, round(rect.w * squeeze))
    lift = round(rect.h * 0.08 * (1 - squeeze))
    image = _scaled(stage.card_surface(showing, art_size or rect.size), (w, rect.h))
    surface.blit(image, image.get_rect(center=(rect.centerx, rect.centery - lift)))


EventBeat = anim.EventBeat[Stage, Event]  # an event of Aetherya Pocket, told and applied as it starts


class Flight(EventBeat):
    """A card moving from one place to another, turning face up on the way if `flip`.

    The event is applied when the flight starts (so the piles show what is left
    behind); the destination stays hidden until the card lands.
    """

    def __init__(self, stage: Stage, event: Event, card: str, source: RectFn, target: RectFn,
                 hidden: tuple, flip: bool = False, apply: bool = True, duration: float = FLIGHT) -> None:
        super().__init__(stage, event, duration)
        self.card, self.source, self.target = card, source, target
        self.hidden, self.flip, self.apply = hidden, flip, apply
        self._from: Rect | None = None

    def begin(self) -> None:
        self._from = self.source()  # before the model changes: the source may move once it does
        if self.apply:
            super().begin()

    def hides(self, key: tuple) -> bool:
        return key in self.hidden

    def draw(self, surface: pygame.Surface) -> None:
        t = ease_in_out(self.progress)
        target = self.target()
        assert self._from is not None, "the choreography begins a beat before drawing it"
        rect = lerp_rect(self._from, target, t)
        arc = round(-0.25 * rect.h * 4 * t * (1 - t))
        rect = rect.move(0, arc)
        if self.flip:
            draw_flipping(surface, self.stage, rect, self.card, min(1.0, self.progress * 1.4), target.size)
        else:  # drawn at a size the art has cached, then scaled: no new art per frame
            surface.blit(_scaled(self.stage.card_surface(self.card, target.size), rect.size), rect)


class FlipCells(EventBeat):
    """Face-down cards turning face up in place, one after another (reveal, final reveal)."""

    def __init__(self, stage: Stage, events: Sequence[Event], stagger: float = 0.06) -> None:
        super().__init__(stage, events[0], FLIP + stagger * (len(events) - 1))
        self.events = list(events)
        self.stagger = stagger

    def begin(self) -> None:
        self.stage.tell(self.events[0])  # a final reveal is told in one line
        for event in self.events:
            self.stage.model.apply(event)

    def _t(self, i: int) -> float:
        return self.part(i * self.stagger, FLIP)

    def hides(self, key: tuple) -> bool:
        return key[0] == "cell" and any((e.seat, e.row * 4 + e.col) == key[1:] for e in self.events)

    def draw(self, surface: pygame.Surface) -> None:
        for i, event in enumerate(self.events):
            assert event.replaced is not None, "a reveal names the card it turned over"
            rect = self.stage.cell_rect(event.seat, event.row * 4 + event.col)
            draw_flipping(surface, self.stage, rect, event.replaced, self._t(i))


class Deal(EventBeat):
    """Twelve Unexplored Lands fly face down from the draw pile to every kingdom.

    An outer place is hidden until its card lands; from then on the kingdom's picture shows it
    (about one card lands a frame, and the table paints only that card's place again), so the beat
    draws only the cards in the air, not dozens of landed ones every frame."""

    def __init__(self, stage: Stage, event: Event) -> None:
        self.targets = [(seat, cell) for cell in OUTER for seat in range(stage.model.players)]
        self.order = {target: i for i, target in enumerate(self.targets)}
        # Every card flies the same way, so its size takes one of DEAL_SIZES steps: each size is scaled once
        # for the whole deal (smoothly: it is done once), not a dozen cards scaled every frame (the steps are
        # too fine to see).
        self._backs: dict[tuple[int, int], pygame.Surface] = {}
        self._landed: tuple[tuple[float, float], int] | None = None  # (elapsed, duration) -> cards landed
        super().__init__(stage, event, DEAL_FLIGHT + DEAL_STAGGER * len(self.targets))

    def _t(self, i: int) -> float:
        return self.part(i * DEAL_STAGGER, DEAL_FLIGHT)

    def landed(self) -> int:
        """How many cards have landed: the first ones (each starts after the one before), counted once a frame
        (every place of every kingdom asks, several times a frame)."""
        now = (self.elapsed, self.duration)
        if self._landed is None or self._landed[0] != now:
            count = next((i for i in range(len(self.targets)) if self._t(i) < 1), len(self.targets))
            self._landed = (now, count)
        return self._landed[1]

    def hides(self, key: tuple) -> bool:
        return key[0] == "cell" and key[2] in OUTER and self.order[key[1], key[2]] >= self.landed()

    def draw(self, surface: pygame.Surface) -> None:
        source = self.stage.pile_rect("draw")
        for i, (seat, cell) in enumerate(self.targets):
            t = self._t(i)
            if 0 < t < 1:
                target = self.stage.cell_rect(seat, cell)
                u = ease_out(t)
                rect = lerp_rect(source, target, u)
                size = lerp_rect(source, target, round(u * DEAL_SIZES) / DEAL_SIZES).size
                back = self._backs.get(size)
                if back is None:
                    back = self._backs[size] = pygame.transform.smoothscale(
                        self.stage.card_surface(FACE_DOWN, target.size), size)
                surface.blit(back, back.get_rect(center=rect.center))


class Arrange(EventBeat):
    """A computer's four starting cards flying from its name plate into the centre."""

    def __init__(self, stage: Stage, event: Event) -> None:
        super().__init__(stage, event, FLIGHT + 0.05 * 3)
        assert event.cards is not None, "an arrange event names the four cards"
        self.cards = [t for row in event.cards for t in row]

    def hides(self, key: tuple) -> bool:
        """A place until its card lands (the cards land one after another: each is painted into the kingdom
        then, not all four at the end)."""
        return (key[0] == "cell" and key[1] == self.event.seat and key[2] in CENTRE
                and self.part(0.05 * CENTRE.index(key[2]), FLIGHT) < 1)

    def draw(self, surface: pygame.Surface) -> None:
        source = self.stage.plate_rect(self.event.seat)
        for i, (cell, card) in enumerate(zip(CENTRE, self.cards)):
            t = self.part(0.05 * i, FLIGHT)
            if t >= 1:
                continue
            target = self.stage.cell_rect(self.event.seat, cell)
            start = Rect(0, 0, target.w // 2, target.h // 2)
            start.center = source.center
            rect = lerp_rect(start, target, ease_out(t))
            surface.blit(_scaled(self.stage.card_surface(card, target.size), rect.size), rect)


class ClaimLegend(EventBeat):
    """A legend lifting from the row and shrinking onto the player's claimed legends."""

    def __init__(self, stage: Stage, event: Event) -> None:
        super().__init__(stage, event, CLAIM)
        assert event.legend is not None, "a claim event names its legend"
        self.legend = event.legend
        self.slot = stage.model.legend_row.index(event.legend)
        self.n = len(stage.model.claimed[event.seat])
        self._from: Rect | None = None

    def begin(self) -> None:
        self._from = self.stage.legend_rect(self.slot)
        super().begin()

    def hides(self, key: tuple) -> bool:
        return key == ("legend", self.slot) and self.progress < 0.5 or key == ("claimed", self.event.seat, self.n)

    def draw(self, surface: pygame.Surface) -> None:
        target = self.stage.claimed_rect(self.event.seat, self.n)
        t = ease_in_out(self.progress)
        assert self._from is not None, "the choreography begins a beat before drawing it"
        rect = lerp_rect(self._from.inflate(self._from.w // 8, self._from.h // 8) if t < 0.2 else self._from,
                         target, t)
        card = self.stage.legend_surface(self.legend, self._from.size)
        surface.blit(_scaled(card, rect.size), rect)


class TurnPasses(EventBeat):
    """The next player's kingdom moves to the middle (the scene sees the current seat change);
    between two people, a banner names the next one."""

    def __init__(self, stage: Stage, event: Event, banner: bool) -> None:
        super().__init__(stage, event, TURN + (BANNER if banner else 0))
        self.banner = banner

    def draw(self, surface: pygame.Surface) -> None:
        if self.banner:
            t = self.part(TURN * 0.5, BANNER)
            if 0 < t < 1:
                self.stage.draw_banner(surface, self.stage.banner_text(self.event), min(1.0, t * 5, (1 - t) * 5))


class HandOver(TurnPasses):
    """During setup the arrangement passes to the next person: only the banner (nothing to apply or log)."""

    def __init__(self, stage: Stage, seat: int) -> None:
        super().__init__(stage, Event("turn", seat), banner=True)

    def begin(self) -> None:
        pass


class Announce(EventBeat):
    """A banner across the table (the end of the game)."""

    def __init__(self, stage: Stage, event: Event) -> None:
        super().__init__(stage, event, ANNOUNCE)

    def draw(self, surface: pygame.Surface) -> None:
        fade = min(1.0, self.progress * 6, (1 - self.progress) * 6)
        self.stage.draw_banner(surface, self.stage.banner_text(self.event), fade)


def beats_for(stage: Stage, events: Sequence[Event], *, origin: Rect | None = None,
              hand_over: bool = False) -> list[Beat]:
    """The beats that show one action's events. `origin`: where a person dropped the card
    (it then only settles into its place instead of flying from the hand)."""
    beats: list[Beat] = []
    finals: list[Event] = []
    for event in events:
        kind = event.kind
        if kind != "final-reveal" and finals:
            beats.append(FlipCells(stage, finals))
            finals = []
        index = event.row * 4 + event.col
        seat = event.seat
        if kind == "arrange":
            beats.append(EventBeat(stage, event) if origin is not None else Arrange(stage, event))
            if hand_over and not any(e.kind == "turn" for e in events):
                beats.append(HandOver(stage, (event.seat + 1) % stage.model.players))
        elif kind == "deal":
            beats.append(Deal(stage, event))
        elif kind == "start-discard":
            assert event.card is not None, "a start-discard event names its card"
            beats.append(Flight(stage, event, event.card, lambda: stage.pile_rect("draw"),
                                lambda: stage.pile_rect("discard"), ("discard",), flip=True))
        elif kind == "take-discard" and origin is not None:  # dragged straight onto the kingdom
            beats.append(EventBeat(stage, event))
        elif kind == "take-discard":
            assert event.card is not None, "a take-discard event names its card"
            beats.append(Flight(stage, event, event.card, lambda: stage.pile_rect("discard"),
                                lambda: stage.pile_rect("drawn"), ("drawn",)))
        elif kind == "draw":
            assert event.card is not None, "a draw event names its card"
            beats.append(Flight(stage, event, event.card, lambda: stage.pile_rect("draw"),
                                lambda: stage.pile_rect("drawn"), ("drawn",), flip=True))
        elif kind == "place":
            assert event.card is not None and event.replaced is not None, "a place event names both cards"
            start = (lambda r=origin: r) if origin is not None else (lambda: stage.pile_rect("drawn"))
            cell = partial(stage.cell_rect, seat, index)
            beats.append(Flight(stage, event, event.card, start, cell, ("drawn",), apply=False,
                                duration=FLIGHT * (0.5 if origin is not None else 1)))
            beats.append(Flight(stage, event, event.replaced, cell, lambda: stage.pile_rect("discard"),
                                ("discard",), flip=event.was_face_down))
        elif kind == "reveal":
            assert event.card is not None, "a reveal event names the drawn card it discards"
            start = (lambda r=origin: r) if origin is not None else (lambda: stage.pile_rect("drawn"))
            beats.append(Flight(stage, event, event.card, start, lambda: stage.pile_rect("discard"),
                                ("drawn", "discard"), apply=False,
                                duration=FLIGHT * (0.5 if origin is not None else 1)))
            beats.append(FlipCells(stage, [event]))
        elif kind == "claim":
            beats.append(ClaimLegend(stage, event))
        elif kind == "turn":
            beats.append(TurnPasses(stage, event, hand_over))
        elif kind == "end":
            beats.append(Announce(stage, event))
        elif kind == "final-reveal":
            finals.append(event)
        else:  # reshuffle, pass
            beats.append(EventBeat(stage, event, 0.3 if kind == "reshuffle" else 0.0))
    if finals:
        beats.append(FlipCells(stage, finals, stagger=0.045))
    return beats

