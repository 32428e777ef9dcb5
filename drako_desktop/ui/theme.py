"""Colours and proportions shared by every scene.

Sizes are given for a 1600 x 900 window and scaled by `Theme.scale`, so the
game looks the same from the minimum 1280 x 720 up to 4K. Text sizes have a
floor so that they stay readable at the minimum window size.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..palette import SEAT_COLOURS

Colour = tuple[int, int, int]

BASE_SIZE = (1600, 900)

INK = (236, 231, 218)  # main text on dark panels
INK_MUTED = (168, 170, 184)
INK_DARK = (46, 36, 26)  # text on parchment
GOLD = (226, 188, 98)
GOLD_DARK = (150, 112, 44)
GOOD = (124, 206, 126)
COACH = (110, 214, 255)  # the tutorial's pointer and panel edge (apart from the gold of legal places)
# A hint's glow, bubble and bulb: a highlighter's yellow-green, apart from every seat colour, the gold of
# legal places, the blue of peeked tokens and of the cursor (tests/test_hint_look.py measures how far).
HINT = (225, 255, 0)
BAD = (236, 112, 98)
PANEL = (20, 24, 36)
PANEL_EDGE = (70, 78, 102)
PANEL_ALPHA = 215
BACKDROP_TOP = (28, 40, 58)
BACKDROP_BOTTOM = (10, 14, 22)
FELT = (26, 58, 60)
PARCHMENT_TOP = (242, 230, 198)
PARCHMENT_BOTTOM = (214, 193, 148)
PARCHMENT_EDGE = (120, 86, 48)
BACK_DEEP = (30, 34, 78)
BACK_LIGHT = (64, 74, 140)
SHADOW_ALPHA = 120
DIM_ALPHA = 150



def seat_colour(identity: int) -> Colour:
    """A colour of the palette of seats (a setup's `colour_of(seat)` says which one a seat has)."""
    return SEAT_COLOURS[identity % len(SEAT_COLOURS)]


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """The colour a fraction t of the way from a to b."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def shade(colour: Colour, factor: float) -> Colour:
    """Darker (factor < 1) or lighter (factor > 1, towards white) version of a colour."""
    if factor <= 1:
        return tuple(round(c * factor) for c in colour)  # type: ignore[return-value]
    return mix(colour, (255, 255, 255), min(1.0, factor - 1))


def hex_colour(text: str) -> Colour:
    text = text.lstrip("#")
    return tuple(int(text[i:i + 2], 16) for i in (0, 2, 4))  # type: ignore[return-value]


@dataclass(frozen=True)
class Theme:
    """Sizes for one window size."""

    width: int
    height: int

    @property
    def scale(self) -> float:
        return min(self.width / BASE_SIZE[0], self.height / BASE_SIZE[1])

    def px(self, value: float) -> int:
        return max(1, round(value * self.scale))

    def text(self, size: float) -> int:
        """A font size: scaled, but never below what reads well at 1280 x 720."""
        return max(round(size * 0.8), round(size * self.scale))

    @property
    def radius(self) -> int:
        return self.px(10)

    @property
    def gap(self) -> int:
        return self.px(12)
