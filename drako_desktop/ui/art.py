"""The app's pictures: icons, shadows, glows, panels and the table backdrop, cached per size.

Every picture a screen shows is rendered once for the size it is needed at and
then only blitted: the frame loop never draws a gradient or rasterises an SVG.
Caches are keyed by size, so a window resize simply fills them again. Each
game draws its own cards and tokens (its `ui` package) through `Art.cached`, so
they share this cache and its rules.
"""

from __future__ import annotations

import functools
import logging
import math
import random
from pathlib import Path
from typing import Callable

import pygame

from .. import resources
from . import theme
from .kept import KeptPictures
from .theme import Colour, mix, shade

log = logging.getLogger(__name__)


def ui_icon_path(name: str) -> Path:
    return resources.package() / "ui" / "icons" / f"{name}.svg"


def vertical_gradient(size: tuple[int, int], top: Colour, bottom: Colour) -> pygame.Surface:
    w, h = size
    tall = max(2, h)
    strip = pygame.image.frombytes(_gradient_column(tall, tuple(top[:3]), tuple(bottom[:3])), (1, tall), "RGBX")
    return pygame.transform.scale(strip, (w, h))


@functools.lru_cache(maxsize=512)
def _gradient_column(h: int, top: Colour, bottom: Colour) -> bytes:
    """A gradient's pixels, one a row: the same few heights and colours are asked for by every picture of a size
    (a pixel at a time in Python, they took a tenth of a table's start)."""
    return bytes(v for y in range(h) for v in (*mix(top, bottom, y / (h - 1)), 0))


def rounded(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """A copy of `surface` with its corners cut round (transparent)."""
    w, h = surface.get_size()
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
    out = surface.convert_alpha() if surface.get_flags() & pygame.SRCALPHA else surface.copy().convert_alpha()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def noise_tile(size: int, strength: int, seed: int = 7) -> pygame.Surface:
    """A tile of grain: random greys from 0 to `strength`, to add to or subtract from flat areas."""
    return pygame.image.frombytes(_noise(size, strength, seed), (size, size), "RGB")


@functools.lru_cache(maxsize=8)
def _noise(size: int, strength: int, seed: int) -> bytes:
    """The grain's pixels: the same every time, so made once (every new window size asks again)."""
    rng = random.Random(seed)
    return bytes(v for _ in range(size * size) for v in [rng.randrange(strength)] * 3)


FADE_STEPS = 12  # a pulsing glow's brightness steps: more than a pulse draws frames on its way up (9 at 30 a second)


# The most the pictures kept may take: two or three times what a table uses at 3840 x 2160. Every window size
# has pictures of its own, and dragging a window's edge passes through dozens of sizes (kept without a limit,
# 40 sizes took 0.8 GB); the pictures least recently asked for go first.
KEPT_BYTES = 320 * 2**20


class Art:
    """The shared picture cache (language-independent pictures only: nothing here prints a word)."""

    def __init__(self) -> None:
        self._cache = KeptPictures(KEPT_BYTES)

    def cached(self, key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The picture for `key`, made on first use, kept while it is among the pictures asked for lately."""
        found = self._cache.get(key)
        return self._cache.keep(key, make()) if found is None else found

    # -- icons -----------------------------------------------------------------------

    def icon(self, path: Path, size: int, colour: Colour = (255, 255, 255)) -> pygame.Surface:
        """A white SVG icon rasterised at `size` and tinted (multiplied) to `colour`."""

        def make() -> pygame.Surface:
            try:
                image = pygame.image.load_sized_svg(str(path), (size, size)).convert_alpha()
            except pygame.error as exc:  # a card folder's icon that is SVG only in name: drawn as nothing
                log.warning("the icon %s cannot be drawn (%s): it is left out", path, exc)
                return pygame.Surface((size, size), pygame.SRCALPHA)
            if colour != (255, 255, 255):
                image.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
            return image

        return self.cached(("icon", str(path), size, colour), make)

    def ui_icon(self, name: str, size: int, colour: Colour = theme.INK) -> pygame.Surface:
        # Asked every frame: keyed without building the path.
        return self.cached(("ui-icon", name, size, colour), lambda: self.icon(ui_icon_path(name), size, colour))

    # -- shadows and glows --------------------------------------------------------

    @staticmethod
    def halo(w: int, h: int) -> int:
        """How far a shadow or glow reaches outside a card of width w."""
        return max(4, round(min(w, h) * 0.12))

    def shadow(self, w: int, h: int) -> pygame.Surface:
        """A soft shadow for a w x h card; blit it at (x - halo, y - halo)."""

        def make() -> pygame.Surface:
            m = self.halo(w, h)
            surf = pygame.Surface((w + 2 * m, h + 2 * m), pygame.SRCALPHA)
            pygame.draw.rect(surf, (0, 0, 0, theme.SHADOW_ALPHA), (m, m + m // 3, w, h), border_radius=self.radius(w))
            return pygame.transform.gaussian_blur(surf, max(2, m // 2))

        return self.cached(("shadow", w, h), make)

    def glow(self, w: int, h: int, colour: Colour = theme.GOLD) -> pygame.Surface:
        """A coloured halo around a w x h card (legal drop targets, met legends)."""

        def make() -> pygame.Surface:
            m = self.halo(w, h)
            surf = pygame.Surface((w + 2 * m, h + 2 * m), pygame.SRCALPHA)
            pygame.draw.rect(surf, (*colour, 255), (m // 2, m // 2, w + m, h + m), width=max(3, m // 2),
                             border_radius=self.radius(w) + m // 2)
            surf = pygame.transform.gaussian_blur(surf, max(2, m // 3))
            pygame.draw.rect(surf, (*shade(colour, 1.3), 255), (m - 2, m - 2, w + 4, h + 4), width=2,
                             border_radius=self.radius(w) + 2)
            return surf

        return self.cached(("glow", w, h, colour), make)

    def faded_glow(self, w: int, h: int, colour: Colour, strength: float) -> pygame.Surface:
        """The glow at `strength` (0 to 1, in FADE_STEPS steps), for a pulse: each step is made once (a glow
        blended through a surface alpha every frame costs three times as much as one already faded)."""
        step = max(1, min(FADE_STEPS, round(strength * FADE_STEPS)))
        if step == FADE_STEPS:
            return self.glow(w, h, colour)

        def make() -> pygame.Surface:
            faded = self.glow(w, h, colour).copy()
            faded.fill((255, 255, 255, round(255 * step / FADE_STEPS)), special_flags=pygame.BLEND_RGBA_MULT)
            return faded

        return self.cached(("faded glow", w, h, colour, step), make)

    def shade(self, w: int, h: int, alpha: int) -> pygame.Surface:
        """A dark see-through rectangle: what it covers, quieter."""

        def make() -> pygame.Surface:
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            surf.fill((10, 12, 18, alpha))
            return surf

        return self.cached(("shade", w, h, alpha), make)

    def veil(self, w: int, h: int, alpha: int = theme.DIM_ALPHA) -> pygame.Surface:
        """A dark rounded veil that dims a card (an illegal target)."""

        def make() -> pygame.Surface:
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(surf, (8, 10, 16, alpha), (0, 0, w, h), border_radius=self.radius(w))
            return surf

        return self.cached(("veil", w, h, alpha), make)

    @staticmethod
    def radius(w: int) -> int:
        return max(3, round(w * 0.08))

    def slot(self, w: int, h: int, colour: Colour = theme.GOLD) -> pygame.Surface:
        """An empty place in a kingdom (the 2 x 2 centre during setup)."""

        def make() -> pygame.Surface:
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(surf, (255, 255, 255, 18), (0, 0, w, h), border_radius=self.radius(w))
            dash = max(4, w // 10)
            edge = pygame.Rect(1, 1, w - 2, h - 2)
            points = _perimeter(edge, dash)
            for i, (a, b) in enumerate(zip(points, points[1:])):
                if i % 2 == 0:
                    pygame.draw.line(surf, (*colour, 150), a, b, 2)
            return surf

        return self.cached(("slot", w, h, colour), make)

    # -- table furniture -----------------------------------------------------------

    def backdrop(self, w: int, h: int) -> pygame.Surface:
        """The table: a deep gradient, a soft light in the middle, grain and a vignette."""
        return self.cached(("backdrop", w, h), lambda: _draw_backdrop(w, h))

    def panel(self, w: int, h: int, alpha: int = theme.PANEL_ALPHA, edge: Colour = theme.PANEL_EDGE,
              radius: int | None = None) -> pygame.Surface:
        """A translucent rounded panel with a thin edge and a faint top highlight."""

        def make() -> pygame.Surface:
            rad = radius if radius is not None else max(6, min(w, h) // 14)
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(surf, (*theme.PANEL, alpha), (0, 0, w, h), border_radius=rad)
            sheen = vertical_gradient((w, max(2, h // 2)), (16, 18, 24), (0, 0, 0))
            surf.blit(rounded(sheen, rad), (0, 0), special_flags=pygame.BLEND_RGB_ADD)
            pygame.draw.rect(surf, (*edge, 255), (0, 0, w, h), width=1, border_radius=rad)
            return surf

        return self.cached(("panel", w, h, alpha, edge, radius), make)


def _perimeter(rect: pygame.Rect, step: int) -> list[tuple[int, int]]:
    points = []
    for x in range(rect.left, rect.right, step):
        points.append((x, rect.top))
    for y in range(rect.top, rect.bottom, step):
        points.append((rect.right, y))
    for x in range(rect.right, rect.left, -step):
        points.append((x, rect.bottom))
    for y in range(rect.bottom, rect.top - 1, -step):
        points.append((rect.left, y))
    return points


def _draw_backdrop(w: int, h: int) -> pygame.Surface:
    surf = vertical_gradient((w, h), theme.BACKDROP_TOP, theme.BACKDROP_BOTTOM).convert()
    # Light and vignette are computed on a small grid and smoothly scaled up: cheap at any size.
    gw, gh = 64, 36
    light = pygame.Surface((gw, gh), pygame.SRCALPHA)
    for y in range(gh):
        for x in range(gw):
            dx, dy = (x + 0.5) / gw - 0.5, (y + 0.5) / gh - 0.55
            d = math.hypot(dx * 1.1, dy * 1.4)
            glow = max(0.0, 1 - d * 1.9)
            light.set_at((x, y), (*theme.FELT, round(140 * glow * glow)))
    surf.blit(pygame.transform.smoothscale(light, (w, h)), (0, 0))
    grain = noise_tile(128, 10, seed=3)
    for x in range(0, w, 128):
        for y in range(0, h, 128):
            surf.blit(grain, (x, y), special_flags=pygame.BLEND_RGB_ADD)
    vignette = pygame.Surface((gw, gh), pygame.SRCALPHA)
    for y in range(gh):
        for x in range(gw):
            dx, dy = (x + 0.5) / gw - 0.5, (y + 0.5) / gh - 0.5
            d = math.hypot(dx, dy) / 0.7071
            vignette.set_at((x, y), (0, 0, 0, round(190 * max(0.0, d - 0.45) / 0.55)))
    surf.blit(pygame.transform.smoothscale(vignette, (w, h)), (0, 0))
    return surf
