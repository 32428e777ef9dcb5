"""How each Draco Mundis event is shown: a token drops, slides, turns over, fights, leaves.

`beats_for(stage, events, final)` turns the events of one action (as the viewer may know
them) into beats for the choreography. A beat tells its event (log line, sound) when it
starts and changes the board model when the change becomes visible; while it runs it may
hide squares from the painter (`hides(at)`) and draw what moves itself. The last beat of
every action makes the model again from the view after the action (`final`), so what is
drawn never drifts from the game. Positions are asked from the stage at draw time, so a
resize in the middle of an animation is harmless.
"""

from __future__ import annotations

from typing import Protocol, Sequence

import pygame
from pygame import Rect

from ....ui import anim
from ....ui.anim import Beat, ease_in_out, ease_out, lerp_rect
from ..board import BoardModel, Square
from ..events import Event
from ..view import Token, View

DROP = 0.34
SLIDE_PER_SQUARE = 0.09
FLIP = 0.36
FIGHT = 1.7
FADE = 0.45
ROTATE = 0.3
PEEK = 0.55
BANNER = 1.0
ANNOUNCE = 1.4
TO_PLATE = 0.5  # a trophy or a prisoner going to its taker's plate


class Stage(Protocol):
    """What the beats need from the table scene."""

    model: BoardModel

    def square_rect(self, at: Square) -> Rect: ...
    def plate_rect(self, seat: int) -> Rect: ...
    def tell(self, event: Event) -> None: ...
    def sync(self, view: View) -> None: ...
    # A token in motion (its size may change every frame), face up or face down.
    def draw_piece(self, surface: pygame.Surface, spot_kind: str, token, rect: Rect, alpha: int = 255) -> None: ...
    def draw_back(self, surface: pygame.Surface, owner: int, rect: Rect) -> None: ...
    def draw_fight(self, surface: pygame.Surface, event: Event, t: float) -> None: ...
    def draw_mark(self, surface: pygame.Surface, name: str, rect: Rect, t: float) -> None: ...
    def draw_banner(self, surface: pygame.Surface, text: str, alpha: float) -> None: ...
    def banner_text(self, event: Event) -> str: ...


EventBeat = anim.EventBeat[Stage, Event]  # an event of Draco Mundis, told and applied as it starts


class Drop(EventBeat):
    """A placed token comes down from its owner's plate onto its square."""

    def __init__(self, stage: Stage, event: Event, origin: Rect | None) -> None:
        super().__init__(stage, event, DROP)
        self.origin = origin

    def hides(self, at: Square) -> bool:
        return at == self.event.at

    def draw(self, surface: pygame.Surface) -> None:
        e = self.event
        assert e.at is not None, f"a {e.kind} event names its square"
        target = self.stage.square_rect(e.at)
        start = self.origin or self.stage.plate_rect(e.seat)
        small = Rect(0, 0, target.w // 2, target.h // 2)
        small.center = start.center
        rect = lerp_rect(small, target, ease_out(self.progress))
        if e.facing is not None:
            self.stage.draw_piece(surface, "character", self.stage.model.squares[e.at].character, rect)
        else:
            self.stage.draw_back(surface, e.seat, rect)


def to_plate(stage: Stage, start: Rect, seat: int, t: float) -> Rect:
    """Where a token taken (a trophy, a prisoner) is, `t` (0 to 1) of its way from `start` to its taker's plate."""
    plate = stage.plate_rect(seat)
    chip = Rect(0, 0, start.w // 2, start.h // 2)
    chip.midleft = (plate.x + plate.w // 3, plate.centery)
    return lerp_rect(start, chip, ease_in_out(t))


class Slide(EventBeat):
    """A character moving in a straight line (a move, a capture), or the trap pushed. A capture's prisoner then
    goes, in a copy, to its captor's plate, where it counts (it travels on with the cannibal on the board)."""

    def __init__(self, stage: Stage, event: Event, what: str) -> None:
        assert event.at is not None and event.to is not None, "a move or capture names both squares"
        squares = abs(event.at[0] - event.to[0]) + abs(event.at[1] - event.to[1])
        self.sliding = 0.16 + SLIDE_PER_SQUARE * squares
        super().__init__(stage, event, self.sliding + (TO_PLATE if event.kind == "capture" else 0.0))
        self.what = what  # "character" or "trap"
        self.token: Token | None = None
        self.prisoner: Token | None = None

    def begin(self) -> None:
        assert self.event.at is not None, "the beat's event names its square"
        spot = self.stage.model.squares.get(self.event.at)
        if spot is not None:
            self.token = spot.trap if self.what == "trap" else spot.character
            self.prisoner = spot.prisoner
        super().begin()

    def hides(self, at: Square) -> bool:
        return at == self.event.to

    def draw(self, surface: pygame.Surface) -> None:
        e = self.event
        assert e.at is not None and e.to is not None, "the event names both squares"
        slid = self.part(0.0, self.sliding)
        rect = lerp_rect(self.stage.square_rect(e.at), self.stage.square_rect(e.to), ease_in_out(slid))
        if self.token is not None:
            self.stage.draw_piece(surface, self.what, self.token, rect)
        if e.kind == "capture" and e.target is not None:
            if slid > 0.75:
                self.stage.draw_mark(surface, "capture", self.stage.square_rect(e.to), min(1.0, (slid - 0.75) * 4))
            if slid >= 1:  # the prisoner's copy on its way to the captor's plate
                prisoner = Token(e.target.owner, e.target.kind, e.target.facing)
                way = self.part(self.sliding, TO_PLATE)
                self.stage.draw_piece(surface, "character", prisoner,
                                      to_plate(self.stage, self.stage.square_rect(e.to), e.seat, way))


class Flip(EventBeat):
    """A face-down token turning over in place: its back narrows to an edge, then its face widens."""

    def __init__(self, stage: Stage, event: Event) -> None:
        super().__init__(stage, event, FLIP)

    def hides(self, at: Square) -> bool:
        return at == self.event.at

    def draw(self, surface: pygame.Surface) -> None:
        e = self.event
        assert e.at is not None, "the event names its square"
        rect = self.stage.square_rect(e.at)
        t = self.progress
        squeeze = abs(1 - 2 * t)
        shown = Rect(0, 0, max(1, round(rect.w * squeeze)), rect.h)
        shown.center = (rect.centerx, rect.centery - round(rect.h * 0.08 * (1 - squeeze)))
        if t < 0.5:
            self.stage.draw_back(surface, e.owner, shown)
        else:
            spot = self.stage.model.squares.get(e.at)
            if spot is not None:
                kind = "character" if spot.character else "land" if spot.land else "trap"
                self.stage.draw_piece(surface, kind, spot.character or spot.land or spot.trap, shown)


class FightBeat(EventBeat):
    """Attackers and defender lit, the two totals, then the losers leave the board."""

    def __init__(self, stage: Stage, event: Event) -> None:
        super().__init__(stage, event, FIGHT if event.outcome != "tie" else FIGHT * 0.75)
        self.applied = False
        self.leaving: list[tuple[Square, object]] = []

    def begin(self) -> None:
        self.stage.tell(self.event)
        for piece in self.event.eliminated:
            spot = self.stage.model.squares.get(piece.at)
            if spot is not None and spot.character is not None:
                self.leaving.append((piece.at, spot.character))

    def update_model(self) -> None:
        if not self.applied and self.part(FIGHT * 0.55, 0.01) >= 1:
            self.applied = True
            self.stage.model.apply(self.event)

    def end(self) -> None:
        if not self.applied:
            self.applied = True
            self.stage.model.apply(self.event)

    def draw(self, surface: pygame.Surface) -> None:
        self.update_model()
        t = self.progress
        self.stage.draw_fight(surface, self.event, t)
        if self.applied:  # the losers go to the winner's plate, as trophies
            way = self.part(FIGHT * 0.55, FIGHT * 0.4)
            e = self.event
            winner = e.seat if e.outcome == "win" else e.defender.owner if e.defender is not None else e.seat
            for at, token in self.leaving:
                rect = to_plate(self.stage, self.stage.square_rect(at), winner, way)
                self.stage.draw_piece(surface, "character", token, rect, alpha=round(255 * (1 - 0.5 * way)))


class Vanish(EventBeat):
    """A token leaving the board where it is (a destroyed campsite, a sacrificed sherpa)."""

    def __init__(self, stage: Stage, event: Event, what: str, mark: str) -> None:
        super().__init__(stage, event, FADE + 0.25)
        self.what, self.mark = what, mark
        self.token: Token | None = None

    def begin(self) -> None:
        assert self.event.at is not None, "the beat's event names its square"
        spot = self.stage.model.squares.get(self.event.at)
        if spot is not None:
            self.token = spot.land if self.what == "land" else spot.character
        super().begin()

    def draw(self, surface: pygame.Surface) -> None:
        assert self.event.at is not None, "the beat's event names its square"
        rect = self.stage.square_rect(self.event.at)
        fade = self.part(0.2, FADE)
        if self.token is not None:
            self.stage.draw_piece(surface, self.what, self.token, rect.inflate(-round(rect.w * 0.4 * fade), -round(
                rect.h * 0.4 * fade)), alpha=round(255 * (1 - fade)))
        self.stage.draw_mark(surface, self.mark, rect, self.progress)


class Turning(EventBeat):
    """A character turning to its new facing."""

    def __init__(self, stage: Stage, event: Event) -> None:
        super().__init__(stage, event, ROTATE)

    def draw(self, surface: pygame.Surface) -> None:
        assert self.event.at is not None, "the beat's event names its square"
        self.stage.draw_mark(surface, "rotate", self.stage.square_rect(self.event.at), self.progress)


class Marked(EventBeat):
    """A short sign over a square (a peek)."""

    def __init__(self, stage: Stage, event: Event, mark: str, duration: float = PEEK) -> None:
        super().__init__(stage, event, duration)
        self.mark = mark

    def draw(self, surface: pygame.Surface) -> None:
        assert self.event.at is not None, "the beat's event names its square"
        self.stage.draw_mark(surface, self.mark, self.stage.square_rect(self.event.at), self.progress)


class Banner(EventBeat):
    """A band across the table naming the next turn's player, or the end of the game."""

    def __init__(self, stage: Stage, event: Event, duration: float) -> None:
        super().__init__(stage, event, duration)

    def draw(self, surface: pygame.Surface) -> None:
        fade = min(1.0, self.progress * 6, (1 - self.progress) * 6)
        self.stage.draw_banner(surface, self.stage.banner_text(self.event), fade)


class Sync(Beat):
    """The action is shown: the model is made again from the view after it."""

    def __init__(self, stage: Stage, view: View) -> None:
        super().__init__(0.0)
        self.stage = stage
        self.view = view

    def begin(self) -> None:
        self.stage.sync(self.view)


def beats_for(stage: Stage, events: Sequence[Event], final: View, *, origin: Rect | None = None,
              banners: bool = True) -> list[Beat]:
    """The beats that show one action's events (already as the viewer may know them). `origin`:
    where a person dropped a token from the tray; `banners`: name the next player at a new turn."""
    beats: list[Beat] = []
    for event in events:
        kind = event.kind
        if kind == "place":
            beats.append(Drop(stage, event, origin))
        elif kind in ("move", "capture"):
            beats.append(Slide(stage, event, "character"))
        elif kind == "push":
            beats.append(Slide(stage, event, "trap"))
        elif kind in ("reveal", "reveal-any"):
            beats.append(Flip(stage, event))
        elif kind == "fight":
            beats.append(FightBeat(stage, event))
        elif kind == "destroy":
            beats.append(Vanish(stage, event, "land", "destroy"))
        elif kind == "sacrifice":
            beats.append(Vanish(stage, event, "character", "sacrifice"))
        elif kind == "rotate":
            beats.append(Turning(stage, event))
        elif kind == "peek":
            beats.append(Marked(stage, event, "peek"))
        elif kind == "turn" and banners:
            beats.append(Banner(stage, event, BANNER))
        elif kind == "end":
            beats.append(Banner(stage, event, ANNOUNCE))
        else:  # select, pass, a turn without a banner
            beats.append(EventBeat(stage, event))
    beats.append(Sync(stage, final))
    return beats
