"""Draco Mundis's token pictures: characters, lands, the trap, backs, owner marks and patterns.

Owners are told apart three ways, never by colour alone: the seat colour, a pattern on
every back and ring (stripes, dots, checks, chevrons) and a mark (circle, square, triangle,
diamond) on every token. Tokens are told apart by their pictures (the data's icons).
Every picture is drawn once per size into the app's shared cache (`Art.cached`); nothing
here prints a word, so no picture depends on the language.
"""

from __future__ import annotations

import math
from pathlib import Path

import pygame

from ....ui import theme
from ....ui.art import Art, rounded, vertical_gradient
from ....ui.text import Text
from ....ui.theme import Colour, shade
from ..data import DracoData

# A land's ground colour (lands of a house-rules data folder get the neutral one).
LAND_COLOURS: dict[str, Colour] = {
    "campsite": (150, 104, 58), "mountain": (128, 128, 142), "jungle": (46, 118, 70),
    "swamp": (92, 112, 66), "tiger": (196, 126, 44),
}
NEUTRAL_LAND: Colour = (110, 104, 96)
MARKS = ("circle", "square", "triangle", "diamond")
PATTERNS = ("stripes", "dots", "checks", "chevrons")




class TokenArt:
    def __init__(self, art: Art, data: DracoData, text: Text, identities: tuple[int, ...] = (0, 1, 2, 3)) -> None:
        self.art = art
        self.data = data
        # Per seat, its colour, pattern and mark of the palette (the new-game screen lets players choose).
        self.identities = identities
        self.text = text  # digits on badges, in the number face of the language shown
        self.icons: dict[str, Path] = {t.id: t.icon for group in (data.characters, data.lands, data.items)
                                       for t in group}
        self.characters = {c.id for c in data.characters}
        self.lands = {t.id for t in data.lands}

    def _get(self, key: tuple, make) -> pygame.Surface:
        return self.art.cached(("draco", self.identities, *key), make)

    def colour(self, seat: int) -> Colour:
        """The seat's colour."""
        return theme.seat_colour(self.identities[seat])

    def table_icon(self, name: str) -> Path:
        """One of the table's own pictures in the data's icons folder (back, peek, fight, ...)."""
        return self.data.folder / "icons" / f"{name}.svg"

    def icon(self, kind: str, size: int, colour: Colour = theme.INK) -> pygame.Surface:
        path = self.icons.get(kind) or self.table_icon(kind)
        return self.art.icon(path, max(4, size), colour)

    # -- owners: marks and patterns ---------------------------------------------------------------

    def mark(self, seat: int, size: int) -> pygame.Surface:
        """The seat's shape, filled in its colour with a dark edge (beside names, on every token)."""
        return identity_mark(self.art, self.identities[seat], size)

    def pattern(self, seat: int, w: int, h: int, alpha: int) -> pygame.Surface:
        return self._get(("pattern", seat, w, h, alpha), lambda: _draw_pattern(self.identities[seat], w, h, alpha))

    # -- tokens ---------------------------------------------------------------------------------------

    def character(self, kind: str, owner: int, facing: str | None, size: int) -> pygame.Surface:
        """A face-up character: a disc ringed in its owner's colour and pattern, its picture, and a
        wedge on the ring pointing where it faces."""
        return self._get(("char", kind, owner, facing, size), lambda: self._draw_character(kind, owner, facing, size))

    def _draw_character(self, kind: str, owner: int, facing: str | None, size: int) -> pygame.Surface:
        colour = self.colour(owner)
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size / 2
        radius = size * 0.40
        ring = max(3, round(size * 0.085))
        if facing is not None:  # the wedge first, so the disc's edge sits over its base
            angle = {"N": -90, "E": 0, "S": 90, "W": 180}[facing]
            tip = _polar(c, c, size * 0.5 - 1, angle)
            left = _polar(c, c, radius * 0.8, angle - 40)
            right = _polar(c, c, radius * 0.8, angle + 40)
            pygame.draw.polygon(surf, (*theme.GOLD, 255), (tip, left, right))
            pygame.draw.polygon(surf, (*theme.GOLD_DARK, 255), (tip, left, right), width=max(1, size // 40))
        pygame.draw.circle(surf, (*shade(colour, 0.45), 255), (c, c), radius)
        stripes = self.pattern(owner, size, size, 120)
        disc = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(disc, (255, 255, 255, 255), (c, c), radius)
        band = stripes.copy()
        band.blit(disc, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(band, (0, 0))
        inner = radius - ring
        pygame.draw.circle(surf, (*shade(colour, 0.24), 255), (c, c), inner)
        glow = vertical_gradient((size, size), (58, 62, 80), (18, 20, 30))
        face = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(face, (255, 255, 255, 255), (c, c), inner - 1)
        glow = glow.convert_alpha()
        glow.blit(face, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(glow, (0, 0))
        pygame.draw.circle(surf, (*shade(colour, 1.25), 255), (c, c), radius, width=max(1, size // 48))
        icon = self.icon(kind, round(inner * 1.35))
        surf.blit(icon, icon.get_rect(center=(round(c), round(c))))
        mark = self.mark(owner, max(6, round(size * 0.2)))
        surf.blit(mark, mark.get_rect(center=_polar(c, c, radius * 0.98, 225)))
        return surf

    def land(self, kind: str, owner: int, size: int) -> pygame.Surface:
        """A face-up land filling its square: its ground colour and picture, edged in its owner's colour
        with the owner's mark in a corner."""
        return self._get(("land", kind, owner, size), lambda: self._draw_land(kind, owner, size))

    def _draw_land(self, kind: str, owner: int, size: int) -> pygame.Surface:
        ground = LAND_COLOURS.get(kind, NEUTRAL_LAND)
        colour = self.colour(owner)
        r = self.art.radius(size)
        base = vertical_gradient((size, size), shade(ground, 1.12), shade(ground, 0.62)).convert_alpha()
        surf = rounded(base, r)
        edge = max(3, round(size * 0.06))
        pygame.draw.rect(surf, (*colour, 255), (0, 0, size, size), width=edge, border_radius=r)
        strip = self.pattern(owner, size, size, 90)
        frame = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(frame, (255, 255, 255, 255), (0, 0, size, size), width=edge, border_radius=r)
        strip = strip.copy()
        strip.blit(frame, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(strip, (0, 0))
        icon = self.icon(kind, round(size * 0.62), shade(ground, 1.75))
        surf.blit(icon, icon.get_rect(center=(size // 2, size // 2)))
        mark = self.mark(owner, max(6, round(size * 0.2)))
        surf.blit(mark, (edge + 1, edge + 1))
        return surf

    def item(self, kind: str, owner: int, size: int) -> pygame.Surface:
        """A face-up item (the trap): a steel plate ringed in its owner's colour."""
        return self._get(("item", kind, owner, size), lambda: self._draw_item(kind, owner, size))

    def _draw_item(self, kind: str, owner: int, size: int) -> pygame.Surface:
        colour = self.colour(owner)
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size // 2
        radius = round(size * 0.42)
        pygame.draw.circle(surf, (44, 46, 54, 255), (c, c), radius)
        pygame.draw.circle(surf, (*colour, 255), (c, c), radius, width=max(3, round(size * 0.08)))
        pygame.draw.circle(surf, (*theme.BAD, 255), (c, c), radius - max(3, round(size * 0.08)),
                           width=max(1, size // 40))
        icon = self.icon(kind, round(radius * 1.3), (226, 226, 232))
        surf.blit(icon, icon.get_rect(center=(c, c)))
        mark = self.mark(owner, max(6, round(size * 0.2)))
        surf.blit(mark, mark.get_rect(center=_polar(c, c, radius * 0.95, 225)))
        return surf

    def back(self, owner: int, size: int) -> pygame.Surface:
        """A face-down token: its owner's colour and pattern, a gold frame and the game's emblem."""
        return self._get(("back", owner, size), lambda: self._draw_back(owner, size))

    def _draw_back(self, owner: int, size: int) -> pygame.Surface:
        colour = self.colour(owner)
        r = self.art.radius(size)
        base = vertical_gradient((size, size), shade(colour, 0.78), shade(colour, 0.36)).convert_alpha()
        base.blit(self.pattern(owner, size, size, 70), (0, 0))
        surf = rounded(base, r)
        m = max(2, round(size * 0.07))
        pygame.draw.rect(surf, (*theme.GOLD_DARK, 255), (0, 0, size, size), width=max(1, m // 2), border_radius=r)
        pygame.draw.rect(surf, (*theme.GOLD, 190), (m, m, size - 2 * m, size - 2 * m), width=1,
                         border_radius=max(2, r - m))
        c = size // 2
        disc = round(size * 0.26)
        pygame.draw.circle(surf, (*shade(colour, 0.22), 235), (c, c), disc)
        pygame.draw.circle(surf, (*theme.GOLD, 255), (c, c), disc, width=max(1, disc // 10))
        emblem = self.art.icon(self.table_icon("back"), round(disc * 1.45), theme.GOLD)
        surf.blit(emblem, emblem.get_rect(center=(c, c)))
        mark = self.mark(owner, max(6, round(size * 0.2)))
        surf.blit(mark, (m + 1, m + 1))
        return surf

    def known(self, kind: str, size: int, peeked: bool) -> pygame.Surface:
        """The small picture of a face-down token its viewer knows: a light disc with the token's
        picture, ringed gold (an own token) or cyan with an eye (a peeked one)."""
        return self._get(("known", kind, size, peeked), lambda: self._draw_known(kind, size, peeked))

    def _draw_known(self, kind: str, size: int, peeked: bool) -> pygame.Surface:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size // 2
        edge = theme.COACH if peeked else theme.GOLD
        pygame.draw.circle(surf, (*theme.PARCHMENT_TOP, 255), (c, c), c - 1)
        pygame.draw.circle(surf, (*edge, 255), (c, c), c - 1, width=max(2, size // 10))
        icon = self.icon(kind, round(size * 0.62), theme.INK_DARK)
        surf.blit(icon, icon.get_rect(center=(c, c)))
        if peeked:
            eye_r = max(4, size // 4)
            pygame.draw.circle(surf, (*shade(theme.COACH, 0.35), 255), (size - eye_r, eye_r), eye_r)
            eye = self.art.icon(self.table_icon("peek"), round(eye_r * 1.6), theme.COACH)
            surf.blit(eye, eye.get_rect(center=(size - eye_r, eye_r)))
        return surf

    def action_mark(self, name: str, size: int, colour: Colour) -> pygame.Surface:
        """What a click on a target does (peek, reveal, fight, capture, destroy, ...): a dark disc with its picture."""
        return self._get(("action", name, size, colour), lambda: self._draw_action(name, size, colour))

    def _draw_action(self, name: str, size: int, colour: Colour) -> pygame.Surface:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size // 2
        pygame.draw.circle(surf, (12, 14, 22, 225), (c, c), c - 1)
        pygame.draw.circle(surf, (*colour, 255), (c, c), c - 1, width=max(2, size // 12))
        if name in ("push", "move"):
            _arrow(surf, colour, size)
        else:
            icon = self.art.icon(self.table_icon(name), round(size * 0.6), colour)
            surf.blit(icon, icon.get_rect(center=(c, c)))
        return surf

    def badge(self, value: int, size: int, colour: Colour, ink: Colour = theme.INK_DARK) -> pygame.Surface:
        """A round number badge (strength), drawn without words: digits only."""
        key = ("badge", self.text.fonts.language, value, size, colour, ink)
        return self._get(key, lambda: self._draw_badge(value, size, colour, ink))

    def _draw_badge(self, value: int, size: int, colour: Colour, ink: Colour) -> pygame.Surface:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size // 2
        pygame.draw.circle(surf, (*colour, 255), (c, c), c - 1)
        pygame.draw.circle(surf, (*shade(colour, 0.5), 255), (c, c), c - 1, width=max(1, size // 12))
        digits = self.text.render(str(value) if value >= 0 else f"−{-value}", "number", max(8, round(size * 0.72)), ink)
        surf.blit(digits, digits.get_rect(center=(c, c)))
        return surf


def _polar(cx: float, cy: float, r: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return (cx + r * math.cos(a), cy + r * math.sin(a))


def _arrow(surf: pygame.Surface, colour: Colour, size: int) -> None:
    c = size / 2
    w = size * 0.16
    points = [(c - size * 0.28, c - w / 2), (c + size * 0.04, c - w / 2), (c + size * 0.04, c - w * 1.5),
              (c + size * 0.3, c), (c + size * 0.04, c + w * 1.5), (c + size * 0.04, c + w / 2),
              (c - size * 0.28, c + w / 2)]
    pygame.draw.polygon(surf, (*colour, 255), points)


def identity_mark(art: Art, identity: int, size: int) -> pygame.Surface:
    """The shape of the seats of colour `identity` (see `TokenArt.mark`), also where no seat has it yet (the
    new-game screen's colour choice)."""
    return art.cached(("draco-mark", identity, size), lambda: _draw_mark(identity, size))


def _draw_mark(identity: int, size: int) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    colour = theme.seat_colour(identity)
    shape = MARKS[identity % len(MARKS)]
    edge = max(1, size // 8)
    s = size - 1
    if shape == "circle":
        pygame.draw.circle(surf, (*colour, 255), (size / 2, size / 2), s / 2)
        pygame.draw.circle(surf, (10, 10, 14, 255), (size / 2, size / 2), s / 2, width=edge)
        return surf
    if shape == "square":
        points: list[tuple[float, float]] = [(1, 1), (s - 1, 1), (s - 1, s - 1), (1, s - 1)]
    elif shape == "triangle":
        points = [(size / 2, 0), (s, s - 1), (0, s - 1)]
    else:
        points = [(size / 2, 0), (s, size / 2), (size / 2, s), (0, size / 2)]
    pygame.draw.polygon(surf, (*colour, 255), points)
    pygame.draw.polygon(surf, (10, 10, 14, 255), points, width=edge)
    return surf


def _draw_pattern(identity: int, w: int, h: int, alpha: int) -> pygame.Surface:
    """A seat's pattern in light lines on transparency: it shows through in greyscale too."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    ink = (255, 255, 255, alpha)
    kind = PATTERNS[identity % len(PATTERNS)]
    step = max(5, min(w, h) // 7)
    width = max(1, step // 4)
    if kind == "stripes":
        for k in range(-h, w + h, step):
            pygame.draw.line(surf, ink, (k, 0), (k + h, h), width)
    elif kind == "dots":
        for y in range(step // 2, h, step):
            for x in range(step // 2 + (step // 2 if (y // step) % 2 else 0), w, step):
                pygame.draw.circle(surf, ink, (x, y), max(1, step // 5))
    elif kind == "checks":
        for x in range(0, w, step):
            pygame.draw.line(surf, ink, (x, 0), (x, h), width)
        for y in range(0, h, step):
            pygame.draw.line(surf, ink, (0, y), (w, y), width)
    else:
        for y in range(-step, h + step, step):
            points = [(x, y + (step // 2 if (x // step) % 2 else 0)) for x in range(0, w + step, step)]
            pygame.draw.lines(surf, ink, False, points, width)
    return surf
