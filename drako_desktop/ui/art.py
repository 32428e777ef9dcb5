"""Card art and table surfaces, drawn from the card data and cached per size.

Every picture the table shows (card faces, Unexplored Land backs, legend
cards, shadows, glows, the backdrop, panels) is rendered once for the size it
is needed at and then only blitted: the frame loop never draws a gradient or
rasterises an SVG. Caches are keyed by size, so a window resize simply fills
them again; a language change clears them (names are printed on the cards).
"""

from __future__ import annotations

import functools
import math
import random
from pathlib import Path

import pygame

from .. import resources
from ..data import CardSet
from ..i18n import card_name, family_name, legend_name, legend_text, tr
from . import theme
from .text import Text
from .theme import Colour, hex_colour, mix, shade

CARD_ASPECT = 0.8  # kingdom card width / height
LEGEND_ASPECT = 0.72  # legend card width / height


def ui_icon_path(name: str) -> Path:
    return resources.package() / "ui" / "icons" / f"{name}.svg"


def vertical_gradient(size: tuple[int, int], top: Colour, bottom: Colour) -> pygame.Surface:
    w, h = size
    strip = pygame.Surface((1, max(2, h)))
    for y in range(strip.get_height()):
        strip.set_at((0, y), mix(top, bottom, y / (strip.get_height() - 1)))
    return pygame.transform.scale(strip, (w, h))


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


class CardArt:
    def __init__(self, cards: CardSet, text: Text) -> None:
        self.cards = cards
        self.text = text
        self._cache: dict[tuple, pygame.Surface] = {}

    def _get(self, key: tuple, make) -> pygame.Surface:
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = make()
        return found

    # -- icons -----------------------------------------------------------------------

    def icon(self, path: Path, size: int, colour: Colour = (255, 255, 255)) -> pygame.Surface:
        """A white SVG icon rasterised at `size` and tinted (multiplied) to `colour`."""

        def make() -> pygame.Surface:
            image = pygame.image.load_sized_svg(str(path), (size, size)).convert_alpha()
            if colour != (255, 255, 255):
                image.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
            return image

        return self._get(("icon", str(path), size, colour), make)

    def ui_icon(self, name: str, size: int, colour: Colour = theme.INK) -> pygame.Surface:
        key = ("ui-icon", name, size, colour)  # asked every frame: skip building the path
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self.icon(ui_icon_path(name), size, colour)
        return found

    def family_icon(self, family_id: str, size: int, colour: Colour) -> pygame.Surface:
        key = ("family-icon", family_id, size, colour)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self.icon(self.cards.family(family_id).icon, size, colour)
        return found

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

        return self._get(("shadow", w, h), make)

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

        return self._get(("glow", w, h, colour), make)

    def veil(self, w: int, h: int, alpha: int = theme.DIM_ALPHA) -> pygame.Surface:
        """A dark rounded veil that dims a card (an illegal target)."""

        def make() -> pygame.Surface:
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(surf, (8, 10, 16, alpha), (0, 0, w, h), border_radius=self.radius(w))
            return surf

        return self._get(("veil", w, h, alpha), make)

    @staticmethod
    def radius(w: int) -> int:
        return max(3, round(w * 0.08))

    # -- kingdom cards -------------------------------------------------------------

    def face(self, type_id: str, w: int, h: int) -> pygame.Surface:
        return self._get(("face", type_id, w, h), lambda: self._draw_face(type_id, w, h))

    def _draw_face(self, type_id: str, w: int, h: int) -> pygame.Surface:
        card = self.cards.type(type_id)
        colour = hex_colour(card.colour)
        r = self.radius(w)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (*shade(colour, 0.42), 255), (0, 0, w, h), border_radius=r)
        m = max(2, round(w * 0.045))
        inner = rounded(vertical_gradient((w - 2 * m, h - 2 * m), shade(colour, 1.18), shade(colour, 0.72)), max(2, r - m))
        surf.blit(inner, (m, m))
        pygame.draw.rect(surf, (*shade(colour, 1.45), 255), (m, m, w - 2 * m, h - 2 * m), width=1, border_radius=max(2, r - m))
        named = h >= 64
        banner_h = round(h * 0.2) if named else 0
        centre = (w // 2, round((h - banner_h) * 0.5) + (m // 2 if named else 0))
        disc = round(min(w - 2 * m, h - banner_h - 2 * m) * 0.40)
        pygame.draw.circle(surf, (*shade(colour, 0.38), 235), centre, disc)
        pygame.draw.circle(surf, (*shade(colour, 1.35), 255), centre, disc, width=max(1, disc // 14))
        icon = self.icon(card.icon, round(disc * 1.4))
        surf.blit(icon, icon.get_rect(center=centre))
        if named:
            band = pygame.Rect(m, h - m - banner_h, w - 2 * m, banner_h)
            shade_band = pygame.Surface(band.size, pygame.SRCALPHA)
            shade_band.fill((10, 10, 14, 150))
            surf.blit(rounded(shade_band, max(2, r - m)), band)
            pygame.draw.line(surf, (*shade(colour, 1.4), 255), band.topleft, (band.right - 1, band.top))
            size = max(9, round(banner_h * 0.5))
            name, floor = card_name(self.cards, type_id).upper(), max(8, size * 3 // 5)
            if self.text.width(name, "heading", floor) <= band.width - 2 * m:  # else the icon says it: no cut name
                label = self.text.fitted(name, "heading", size, theme.INK, band.width - 2 * m, min_size=floor)
                surf.blit(label, label.get_rect(center=band.center))
        if card.locked:
            self._lock_badge(surf, w, m)
        return surf

    def _lock_badge(self, surf: pygame.Surface, w: int, m: int) -> None:
        rad = max(6, round(w * 0.11))
        centre = (w - m - rad - 1, m + rad + 1)
        pygame.draw.circle(surf, (18, 18, 24, 230), centre, rad)
        pygame.draw.circle(surf, (*theme.GOLD, 255), centre, rad, width=max(1, rad // 6))
        lock = self.ui_icon("lock", round(rad * 1.25), theme.GOLD)
        surf.blit(lock, lock.get_rect(center=centre))

    def back(self, w: int, h: int) -> pygame.Surface:
        """The face-down Unexplored Land: a deep lattice pattern, a gold frame and the map icon."""
        return self._get(("back", w, h), lambda: self._draw_back(w, h))

    def _draw_back(self, w: int, h: int) -> pygame.Surface:
        r = self.radius(w)
        base = vertical_gradient((w, h), theme.BACK_LIGHT, theme.BACK_DEEP).convert_alpha()
        step = max(6, w // 6)
        lattice = pygame.Surface((w, h), pygame.SRCALPHA)
        for k in range(-h, w + h, step):
            pygame.draw.line(lattice, (170, 180, 255, 38), (k, 0), (k + h, h))
            pygame.draw.line(lattice, (170, 180, 255, 38), (k, h), (k + h, 0))
        base.blit(lattice, (0, 0))
        glowspot = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.ellipse(glowspot, (120, 140, 255, 40), (w * 0.1, h * 0.15, w * 0.8, h * 0.7))
        base.blit(pygame.transform.gaussian_blur(glowspot, max(2, w // 8)), (0, 0))
        surf = rounded(base, r)
        m = max(2, round(w * 0.06))
        pygame.draw.rect(surf, (*theme.GOLD_DARK, 255), (0, 0, w, h), width=max(1, m // 2), border_radius=r)
        pygame.draw.rect(surf, (*theme.GOLD, 200), (m, m, w - 2 * m, h - 2 * m), width=1, border_radius=max(2, r - m))
        labelled = h >= 120  # smaller backs: the map says it; a cut-off label would not
        centre = (w // 2, round(h * (0.44 if labelled else 0.5)))
        disc = round(min(w, h) * 0.3)
        pygame.draw.circle(surf, (16, 18, 44, 230), centre, disc)
        pygame.draw.circle(surf, (*theme.GOLD, 255), centre, disc, width=max(1, disc // 12))
        icon = self.icon(self.cards_folder_icon("unexplored"), round(disc * 1.35), theme.GOLD)
        surf.blit(icon, icon.get_rect(center=centre))
        if labelled:
            size = max(9, round(h * 0.085))
            label = self.text.block(tr("table.unexplored").upper(), "heading", size, theme.GOLD, w - 3 * m,
                                    max_height=round(h * 0.22), align="center")
            surf.blit(label, label.get_rect(midtop=(w // 2, centre[1] + disc + m // 2)))
        return surf

    def cards_folder_icon(self, name: str) -> Path:
        return self.cards.folder / "icons" / f"{name}.svg"

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

        return self._get(("slot", w, h, colour), make)

    # -- legends -------------------------------------------------------------------

    def legend(self, legend_id: str, w: int, h: int) -> pygame.Surface:
        return self._get(("legend", legend_id, w, h), lambda: self._draw_legend(legend_id, w, h))

    def _draw_legend(self, legend_id: str, w: int, h: int) -> pygame.Surface:
        legend = self.cards.legend(legend_id)
        r = self.radius(w)
        paper = vertical_gradient((w, h), theme.PARCHMENT_TOP, theme.PARCHMENT_BOTTOM).convert_alpha()
        grain = noise_tile(64, 22)
        for x in range(0, w, 64):
            for y in range(0, h, 64):
                paper.blit(grain, (x, y), special_flags=pygame.BLEND_RGB_SUB)
        surf = rounded(paper, r)
        m = max(3, round(w * 0.06))
        pygame.draw.rect(surf, (*theme.PARCHMENT_EDGE, 255), (0, 0, w, h), width=max(2, m // 2), border_radius=r)
        pygame.draw.rect(surf, (*theme.PARCHMENT_EDGE, 120), (m, m, w - 2 * m, h - 2 * m), width=1, border_radius=max(2, r - m))
        # Family emblem, then the name, a rule, and the requirement in the rule book's words.
        roomy = h >= 210  # small cards (1280 x 720) give the requirement text the room instead
        emblem_r = round(min(w * 0.2, h * (0.13 if roomy else 0.085)))
        emblem = (w // 2, m + emblem_r + m // 2)
        pygame.draw.circle(surf, (*shade(theme.PARCHMENT_EDGE, 0.9), 255), emblem, emblem_r)
        pygame.draw.circle(surf, (*theme.GOLD, 255), emblem, emblem_r, width=max(1, emblem_r // 10))
        icon = self.icon(self.cards.family(legend.family).icon, round(emblem_r * 1.4), theme.PARCHMENT_TOP)
        surf.blit(icon, icon.get_rect(center=emblem))
        self._points_badge(surf, legend.points, w, m)
        y = emblem[1] + emblem_r + m // 2
        if roomy:  # on small cards the emblem alone tells the family
            family = self.text.fitted(family_name(self.cards, legend.family).upper(), "bold", round(h * 0.05),
                                      theme.GOLD_DARK, w - 2 * m)
            surf.blit(family, family.get_rect(midtop=(w // 2, y)))
            y += family.get_height()
        name = self.text.block(legend_name(self.cards, legend_id), "heading", max(9, round(h * 0.075)), theme.INK_DARK,
                               w - 2 * m, max_height=round(h * 0.2), align="center")
        surf.blit(name, name.get_rect(midtop=(w // 2, y)))
        y += name.get_height() + m // 2
        pygame.draw.line(surf, (*theme.PARCHMENT_EDGE, 160), (2 * m, y), (w - 2 * m, y))
        y += m // 2
        body = self.text.block(legend_text(self.cards, legend_id), "body", max(12, round(h * 0.075)), theme.INK_DARK,
                               w - 2 * m - 2, max_height=h - y - m * 2 // 3, align="center", min_size=9, spacing=0.9)
        surf.blit(body, body.get_rect(midtop=(w // 2, y)))
        return surf

    def _points_badge(self, surf: pygame.Surface, points: int, w: int, m: int) -> None:
        rad = max(8, round(w * 0.12))
        centre = (w - m - rad + 2, m + rad - 2)
        pygame.draw.circle(surf, (*theme.GOLD, 255), centre, rad)
        pygame.draw.circle(surf, (*theme.GOLD_DARK, 255), centre, rad, width=max(1, rad // 6))
        label = self.text.render(str(points), "number", round(rad * 1.2), theme.INK_DARK)
        surf.blit(label, label.get_rect(center=(centre[0], centre[1] + 1)))

    # -- table furniture -----------------------------------------------------------

    def backdrop(self, w: int, h: int) -> pygame.Surface:
        """The table: a deep gradient, a soft light in the middle, grain and a vignette."""
        return self._get(("backdrop", w, h), lambda: _draw_backdrop(w, h))

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

        return self._get(("panel", w, h, alpha, edge, radius), make)


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
