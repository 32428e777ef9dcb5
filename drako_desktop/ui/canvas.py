"""Drawing on the window while remembering where, so that the next frame puts back only those places.

A table keeps what changes seldom in one cached picture (its board) and draws what moves over it every
frame. Copying the whole picture to the window costs about 2 ms a frame at 3840 x 2160; instead, the
table draws its overlays through a `Recorder`, which notes every rect they touch, and next frame copies
the board back only there and where the board itself changed.

Overlays draw with `surface.blit` and `surface.fill` (the recorder's own) and with the functions below
in place of `pygame.draw`'s, which take the recorder or a plain surface alike. What a recorder cannot
note (`subsurface`, pixel access) it refuses rather than pass on unseen.
"""

from __future__ import annotations

from typing import Any, Callable, cast

import pygame
from pygame import Rect


class Recorder:
    """The window, drawn on: forwards to it and keeps every rect drawn (clipped to the window)."""

    def __init__(self, target: pygame.Surface) -> None:
        self.target = target
        self.rects: list[Rect] = []

    def note(self, rect: Rect) -> Rect:
        if rect.w > 0 and rect.h > 0:
            self.rects.append(Rect(rect))
        return rect

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0) -> Rect:
        return self.note(self.target.blit(source, dest, area, special_flags))

    def blits(self, *args: Any, **kwargs: Any) -> Any:
        drawn = self.target.blits(*args, **kwargs)
        for rect in drawn or ():
            self.note(rect)
        return drawn

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> Rect:
        return self.note(self.target.fill(color, rect, special_flags))

    def __getattr__(self, name: str) -> Any:
        if name in ("subsurface", "set_at", "scroll", "get_view", "get_buffer", "lock"):
            raise AttributeError(f"a Recorder cannot tell where {name} draws: draw on the board instead")
        return getattr(self.target, name)


class Overlaid:
    """Where a table's last frame drew over its board, and the drawing of the next frame over the last."""

    def __init__(self) -> None:
        self.rects: list[Rect] | None = None  # None: no frame drawn yet

    def draw(self, surface: pygame.Surface, board: pygame.Surface, repainted: list[Rect] | None, over_last: bool,
             overlays: Callable[[pygame.Surface], None]) -> list[Rect] | None:
        """Show `board` on `surface`, then draw `overlays` over it, noting where. `over_last`: the window still
        shows the last frame, so the board is copied back only where it was `repainted` (None: made anew) and
        where the last frame drew over it. The regions drawn again (None: the whole window)."""
        size = surface.get_size()
        restored: list[Rect] | None = None
        if over_last and repainted is not None and self.rects is not None:
            restored = regions(repainted + self.rects, size)
            for region in restored:
                surface.blit(board, region, region)
        else:
            surface.blit(board, (0, 0))
        recorder = Recorder(surface)
        overlays(cast(pygame.Surface, recorder))
        self.rects = recorder.rects
        return None if restored is None else restored + self.rects


TILE = 32  # pixels: the grain of what a frame copies back and shows
THIN = 32  # pixels: a rect this narrow (a frame's side, an underline) is copied back as it is, not as tiles


def regions(rects: list[Rect], size: tuple[int, int]) -> list[Rect]:
    """Where to copy the board back to cover `rects`: the wide ones as tiles, the thin ones as they are (the
    four sides of a frame around a 4K kingdom are 6 pixels wide; as tiles, 64)."""
    thin = {tuple(rect) for rect in rects if min(rect.w, rect.h) <= THIN}
    return tiles([rect for rect in rects if min(rect.w, rect.h) > THIN], size) + \
        [Rect(rect).clip(Rect((0, 0), size)) for rect in thin]


def tiles(rects: list[Rect], size: tuple[int, int]) -> list[Rect]:
    """The tiles of a window of `size` that any of `rects` touch, as a few rects that do not overlap (a row's
    touching tiles run together, equal runs in rows one under the other stacked). Hundreds of overlapping
    rects (a deal's flying cards, their shadows) cost a few copies, not one each."""
    columns, rows = -(-size[0] // TILE), -(-size[1] // TILE)
    spans = {(max(0, drawn.left // TILE), min(columns - 1, (drawn.right - 1) // TILE),
              max(0, drawn.top // TILE), min(rows - 1, (drawn.bottom - 1) // TILE))
             for drawn in rects if drawn.w > 0 and drawn.h > 0}  # a card, its shadow and its glow: mostly one span
    touched = bytearray(columns * rows)
    for x0, x1, y0, y1 in spans:
        if x0 > x1 or y0 > y1:
            continue
        run = b"\x01" * (x1 - x0 + 1)
        for row in range(y0 * columns + x0, y1 * columns + x0 + 1, columns):
            touched[row: row + x1 - x0 + 1] = run
    window = Rect((0, 0), size)
    out: list[Rect] = []
    stacked: dict[tuple[int, int], Rect] = {}  # (first column, last column) -> the rect its runs make so far
    for row in range(rows):
        line = touched[row * columns: (row + 1) * columns]
        runs: dict[tuple[int, int], Rect] = {}
        start = line.find(1)
        while start >= 0:
            end = line.find(0, start)
            end = columns if end < 0 else end
            above = stacked.pop((start, end), None)
            if above is not None:
                above.h += TILE
                runs[start, end] = above
            else:
                runs[start, end] = Rect(start * TILE, row * TILE, (end - start) * TILE, TILE)
            start = line.find(1, end)
        out.extend(stacked.values())  # runs that stop here
        stacked = runs
    out.extend(stacked.values())
    return [region.clip(window) for region in out]


def _drawn(surface: Any, rect: Rect) -> Rect:
    if isinstance(surface, Recorder):
        surface.note(rect)
    return rect


def _target(surface: Any) -> pygame.Surface:
    return surface.target if isinstance(surface, Recorder) else surface


def rect(surface: pygame.Surface, color: Any, area: Any, width: int = 0, border_radius: int = 0) -> Rect:
    drawn = pygame.draw.rect(_target(surface), color, area, width, border_radius)
    if isinstance(surface, Recorder):
        for piece in frame_pieces(drawn, width, border_radius):
            surface.note(piece)
    return drawn


def frame_pieces(area: Rect, width: int, border_radius: int) -> list[Rect]:
    """What `rect(..., width, border_radius)` draws on around `area`: a frame's corners and four thin sides, not
    all that it surrounds (a frame around a kingdom or a square); all of `area` when it is filled or its corners
    meet."""
    corner = max(width, border_radius) + 1  # a rounded corner keeps within this of both edges
    if width <= 0 or 2 * corner >= min(area.w, area.h):
        return [Rect(area)]
    x, y, w, h, side = area.x, area.y, area.w, area.h, width + 1
    return [Rect(x, y, corner, corner), Rect(x + w - corner, y, corner, corner),
            Rect(x, y + h - corner, corner, corner), Rect(x + w - corner, y + h - corner, corner, corner),
            Rect(x + corner, y, w - 2 * corner, side), Rect(x + corner, y + h - side, w - 2 * corner, side),
            Rect(x, y + corner, side, h - 2 * corner), Rect(x + w - side, y + corner, side, h - 2 * corner)]


def line(surface: pygame.Surface, color: Any, start: Any, end: Any, width: int = 1) -> Rect:
    return _drawn(surface, pygame.draw.line(_target(surface), color, start, end, width))


def lines(surface: pygame.Surface, color: Any, closed: bool, points: Any, width: int = 1) -> Rect:
    return _drawn(surface, pygame.draw.lines(_target(surface), color, closed, points, width))


def circle(surface: pygame.Surface, color: Any, center: Any, radius: float, width: int = 0) -> Rect:
    return _drawn(surface, pygame.draw.circle(_target(surface), color, center, radius, width))


def polygon(surface: pygame.Surface, color: Any, points: Any, width: int = 0) -> Rect:
    return _drawn(surface, pygame.draw.polygon(_target(surface), color, points, width))


def aaline(surface: pygame.Surface, color: Any, start: Any, end: Any) -> Rect:
    return _drawn(surface, pygame.draw.aaline(_target(surface), color, start, end))


def split_in_two(groups: list[list[Rect]], most: float) -> tuple[list[list[Rect]], list[Rect]]:
    """Regions to paint again, in groups each painted in one frame (a part's old and new places): all of them
    when they cover `most` pixels or fewer; else about half, and the rest (returned) to paint in the next frame.
    A group that meets what is painted now is painted now too: the part there would show its new look in part."""
    areas = [sum(rect.w * rect.h for rect in group) for group in groups]
    total = sum(areas)
    if total <= most:
        return groups, []
    now: list[list[Rect]] = []
    rest: list[list[Rect]] = []
    done = 0
    for group, area in zip(groups, areas):
        if not now or done + area <= total / 2:
            now.append(group)
            done += area
        else:
            rest.append(group)
    while rest:
        painted = [rect for group in now for rect in group]
        meeting = [group for group in rest if any(rect.collidelist(painted) >= 0 for rect in group)]
        if not meeting:
            break
        now += meeting
        rest = [group for group in rest if group not in meeting]
    return now, [rect for group in rest for rect in group]


def disjoint(rects: list[Rect]) -> list[Rect]:
    """The same area as `rects`, in rects that do not overlap: each one less what those before it cover.
    (Not the rect around overlapping ones: a bar across the window and a corner of a kingdom would make
    most of a 4K window to paint again.)"""
    out: list[Rect] = []
    for rect in rects:
        pieces = [Rect(rect)]
        for i in rect.collidelistall(out):  # only those it meets (a table's frames come in hundreds of pieces)
            pieces = [part for piece in pieces for part in minus(piece, out[i])]
        out.extend(piece for piece in pieces if piece.w > 0 and piece.h > 0)
    return out


def minus(rect: Rect, other: Rect) -> list[Rect]:
    """The parts of `rect` outside `other`: up to four rects (the bands above and below, then the sides)."""
    if not rect.colliderect(other):
        return [rect]
    inner = rect.clip(other)
    parts = [Rect(rect.x, rect.y, rect.w, inner.top - rect.top),
             Rect(rect.x, inner.bottom, rect.w, rect.bottom - inner.bottom),
             Rect(rect.x, inner.y, inner.left - rect.left, inner.h),
             Rect(inner.right, inner.y, rect.right - inner.right, inner.h)]
    return [part for part in parts if part.w > 0 and part.h > 0]
