"""How a hint looks on both tables: its colour far from every colour that already means something there (the
seats, the legal places and targets, a peeked token's edge), and its marks drawn in it, each with the hint's
bulb (a shape, for whoever does not tell the colours apart). Screenshots: hint-look-*."""

from __future__ import annotations

import random

import pygame
import pytest

from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.games.draco_mundis.actions import Move
from drako_desktop.games.draco_mundis.ui.painter import TARGET_COLOURS
from drako_desktop.interface.registry import load
from drako_desktop.ui import theme
from drako_desktop.ui.theme import Colour
from test_draco_ui import draco, play_on
from test_play_better import StandInAnalyst
from ui_support import frames, key, make_app, play_until, screenshot

SIZES = [(1280, 720), (1600, 900)]

# Colours a player already reads on a table: every seat's (the new-game screen offers only these; the whose-turn
# frame and the last turns' marks are drawn in them), the gold of legal places and moves, Draco Mundis's target
# rings, and the edge of a token its seat has peeked at (COACH, also the keyboard's cursor).
MEANINGFUL = {**{f"seat {i}": c for i, c in enumerate(theme.SEAT_COLOURS)}, "legal gold": theme.GOLD,
              "peeked edge": theme.COACH, **{f"{name} target": c for name, c in TARGET_COLOURS.items()}}


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encoded(linear: float) -> float:
    c = min(1.0, max(0.0, linear))
    return 255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055)


def lab(colour: Colour | tuple[float, ...]) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    r, g, b = (_linear(round(c)) for c in colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a, b) -> float:
    """CIE76 colour difference: about 2 is just noticeable, over 50 is another colour altogether."""
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5


# Colour-vision deficiencies at full severity (Machado, Oliveira and Fernandes 2009), on linear RGB.
DEFICIENCIES = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def seen_with(colour: Colour, deficiency: str) -> tuple[float, ...]:
    rgb = [_linear(c) for c in colour]
    return tuple(_encoded(sum(m * c for m, c in zip(row, rgb))) for row in DEFICIENCIES[deficiency])


def test_the_hint_colour_is_far_from_every_colour_that_means_something_on_the_tables():
    # 50 (CIE76): another colour at a glance, not a shade of one (the blue of peeked tokens that hints had before
    # was 0 from itself and 38 from the blue seat, and was taken for either).
    for name, colour in MEANINGFUL.items():
        assert delta_e(theme.HINT, colour) >= 50, name
    # Seen with each colour-vision deficiency it stays clearly apart too (25), and its bulb is there besides.
    for deficiency in DEFICIENCIES:
        for name, colour in MEANINGFUL.items():
            assert delta_e(seen_with(theme.HINT, deficiency), seen_with(colour, deficiency)) >= 25, \
                (deficiency, name)
    assert delta_e(seen_with(theme.COACH, "protanopia"), seen_with(theme.SEAT_COLOURS[1], "protanopia")) < 50


def hint_shade(pixel) -> bool:
    """Whether a pixel is the hint's colour at some brightness (the frame pulses between 55% and full)."""
    r, g, b = pixel[:3]
    f = g / theme.HINT[1]
    return 0.5 <= f <= 1 and abs(r - theme.HINT[0] * f) <= 2 and b <= 2


def assert_marks_drawn(app, table, places) -> None:
    """Each hinted place framed in the hint's colour, its bulb's ring at the frame's top left corner."""
    th = app.ctx.theme
    surface = app.surface
    radius = max(9, th.px(14))
    assert places
    for rect in places:
        frame = rect.inflate(6, 6)
        edge = max(2, th.px(3))
        assert hint_shade(surface.get_at((frame.x + edge // 2, frame.centery))), (rect, surface.get_at(
            (frame.x + edge // 2, frame.centery)))
        assert hint_shade(surface.get_at((frame.right - 1 - edge // 2, frame.centery)))
        assert tuple(surface.get_at((frame.x - radius + 1, frame.y)))[:3] == theme.HINT  # the bulb's ring
        assert tuple(surface.get_at((frame.x, frame.y)))[:3] != theme.PANEL  # the bulb itself in its middle


def assert_hint_drawn_at_every_size(app, table, shot: str) -> None:
    """H asks for the hint; at each of SIZES its marks are drawn (`shot`: the screenshot's name, {} the width)."""
    frames(app, 1, [key(pygame.K_h)])
    assert table.hints.shown is not None
    for size in SIZES:
        frames(app, 2, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
        assert app.surface.get_size() == size
        screenshot(app, shot.format(size[0]))
        assert_marks_drawn(app, table, table.hint_places(table.hints.shown.action))
    app.close()


@pytest.fixture
def draco_analyst(monkeypatch):
    monkeypatch.setattr(type(draco()), "analyst", lambda self, seed, iterations: StandInAnalyst())


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_the_draco_hint_glows_in_the_hint_colour_with_its_bulb(draco_analyst, language):
    app = make_app(draco(), size=SIZES[0], language=language, animation_speed="instant")
    setup = GameSetup((Seat("Ana"), Seat("Brynja", COMPUTER, "random")), 0, 0, draco().id, ("fast_setup",))
    table = app.start_game(setup)
    frames(app, 2)
    play_on(app, table, random.Random(3), lambda: table.decision() is not None and table.decision().kind == "act"
            and any(isinstance(a, Move) for a in table.decision().legal))
    assert_hint_drawn_at_every_size(app, table, f"hint-look-draco-{{}}-{language}")


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_the_aetherya_hint_glows_in_the_hint_colour_with_its_bulb(language):
    game = load("aetherya-pocket")
    app = make_app(game, size=SIZES[0], language=language, animation_speed="instant")
    app.hint_depth = 6
    table = app.start_game(GameSetup((Seat("Ana"), Seat("Bot", COMPUTER, "random")), 4))
    frames(app, 2)
    play_until(app, table, lambda: table.decision() is not None and table.decision().kind == "after-draw")
    assert_hint_drawn_at_every_size(app, table, f"hint-look-aetherya-{{}}-{language}")


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_the_draco_hint_in_words_leaves_every_token_of_the_tray_in_sight(draco_analyst, monkeypatch, language):
    # With four players at 1280 x 720 the tray of tokens to place reaches the foot of the side panel, where the
    # hint in words goes: there it covered the lands still to place.
    app = make_app(draco(), size=(1280, 720), language=language, animation_speed="instant")
    seats = (Seat("Ana"),) + tuple(Seat(f"Computer {i}", COMPUTER, "random") for i in range(3))
    table = app.start_game(GameSetup(seats, 0, 0, draco().id, ()))
    play_until(app, table, lambda: table.decision() is not None)
    drawn: list[pygame.Rect | None] = []
    draw_bubble = table.hints.draw_bubble
    monkeypatch.setattr(table.hints, "draw_bubble", lambda *args, **kw: drawn.append(draw_bubble(*args, **kw)))
    frames(app, 2, [key(pygame.K_h)])
    supply = table.board.gestures.supply()
    bubble = drawn[-1]
    assert table.hints.shown is not None and len(supply) > 8 and bubble is not None
    assert bubble.collidelist(table.board.layout.tray_slots(len(supply))) < 0
    assert bubble.collidelist(table.hint_places(table.hints.shown.action)) < 0
    screenshot(app, f"hint-look-draco-tray-1280-{language}")
    app.close()
