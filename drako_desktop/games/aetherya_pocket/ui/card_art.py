"""Aetherya Pocket's card pictures: kingdom card faces, Unexplored Land backs, legend cards.

Drawn from the card data once per size and language (names are printed on the
cards) and kept in the app's shared picture cache (`Art.cached`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pygame

from ....i18n import tr
from ....ui import theme
from ....ui.art import Art, noise_tile, rounded, vertical_gradient
from ....ui.text import Text, blit_at
from ....ui.theme import Colour, hex_colour, shade
from ..data import CardSet, Requirement
from ..words import card_name, family_name, legend_name, legend_text

CARD_ASPECT = 0.8  # kingdom card width / height
LEGEND_ASPECT = 0.72  # legend card width / height
RIBBON_ROOM = 0.1  # of a legend card's height, kept free of text at its bottom for the table's Claim ribbon


class CardArt:
    def __init__(self, art: Art, cards: CardSet, text: Text) -> None:
        self.art = art
        self.cards = cards
        self.text = text
        self.language = text.fonts.language

    def _get(self, key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        # Pictures with printed words depend on the language as well as the size.
        return self.art.cached(("aetherya", self.language, *key), make)

    def family_icon(self, family_id: str, size: int, colour: Colour) -> pygame.Surface:
        return self.art.icon(self.cards.family(family_id).icon, size, colour)

    # -- kingdom cards -------------------------------------------------------------

    def face(self, type_id: str, w: int, h: int) -> pygame.Surface:
        return self._get(("face", type_id, w, h), lambda: self._draw_face(type_id, w, h))

    def _draw_face(self, type_id: str, w: int, h: int) -> pygame.Surface:
        card = self.cards.type(type_id)
        colour = hex_colour(card.colour)
        r = self.art.radius(w)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (*shade(colour, 0.42), 255), (0, 0, w, h), border_radius=r)
        m = max(2, round(w * 0.045))
        inner = rounded(vertical_gradient((w - 2 * m, h - 2 * m), shade(colour, 1.18), shade(colour, 0.72)),
                        max(2, r - m))
        surf.blit(inner, (m, m))
        pygame.draw.rect(surf, (*shade(colour, 1.45), 255), (m, m, w - 2 * m, h - 2 * m), width=1,
                         border_radius=max(2, r - m))
        named = h >= 64
        banner_h = round(h * 0.2) if named else 0
        centre = (w // 2, round((h - banner_h) * 0.5) + (m // 2 if named else 0))
        disc = round(min(w - 2 * m, h - banner_h - 2 * m) * 0.40)
        pygame.draw.circle(surf, (*shade(colour, 0.38), 235), centre, disc)
        pygame.draw.circle(surf, (*shade(colour, 1.35), 255), centre, disc, width=max(1, disc // 14))
        icon = self.art.icon(card.icon, round(disc * 1.4))
        surf.blit(icon, icon.get_rect(center=centre))
        if named:
            label = self.name_label(type_id, w, h)
            banner_h = max(banner_h, label.get_height() + 2)  # a name on two lines: the band grows upwards
            band = pygame.Rect(m, h - m - banner_h, w - 2 * m, banner_h)
            shade_band = pygame.Surface(band.size, pygame.SRCALPHA)
            shade_band.fill((10, 10, 14, 150))
            surf.blit(rounded(shade_band, max(2, r - m)), band)
            pygame.draw.line(surf, (*shade(colour, 1.4), 255), band.topleft, (band.right - 1, band.top))
            surf.blit(label, label.get_rect(center=band.center))
        if card.locked:
            self._lock_badge(surf, w, m)
        return surf

    def name_label(self, type_id: str, w: int, h: int) -> pygame.Surface:
        """The card's name as printed in its bottom band (cards at least 64 px high are named): shrunk,
        or on two lines, to fit; never left out."""
        m = max(2, round(w * 0.045))
        banner_h = round(h * 0.2)
        size = max(9, round(banner_h * 0.5))
        return self.text.label(card_name(self.cards, type_id).upper(), "heading", size, theme.INK, w - 4 * m,
                               max_height=round(h * 0.3), min_size=max(8, size * 3 // 5))

    def _lock_badge(self, surf: pygame.Surface, w: int, m: int) -> None:
        rad = max(6, round(w * 0.11))
        centre = (w - m - rad - 1, m + rad + 1)
        pygame.draw.circle(surf, (18, 18, 24, 230), centre, rad)
        pygame.draw.circle(surf, (*theme.GOLD, 255), centre, rad, width=max(1, rad // 6))
        lock = self.art.ui_icon("lock", round(rad * 1.25), theme.GOLD)
        surf.blit(lock, lock.get_rect(center=centre))

    def back(self, w: int, h: int) -> pygame.Surface:
        """The face-down Unexplored Land: a deep lattice pattern, a gold frame and the map icon."""
        return self._get(("back", w, h), lambda: self._draw_back(w, h))

    def _draw_back(self, w: int, h: int) -> pygame.Surface:
        r = self.art.radius(w)
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
        icon = self.art.icon(self.cards_folder_icon("unexplored"), round(disc * 1.35), theme.GOLD)
        surf.blit(icon, icon.get_rect(center=centre))
        if labelled:
            size = max(9, round(h * 0.085))
            label = self.text.block(tr("table.unexplored").upper(), "heading", size, theme.GOLD, w - 3 * m,
                                    max_height=round(h * 0.22), align="center")
            surf.blit(label, label.get_rect(midtop=(w // 2, centre[1] + disc + m // 2)))
        return surf

    def cards_folder_icon(self, name: str) -> Path:
        return self.cards.folder / "icons" / f"{name}.svg"

    # -- legends -------------------------------------------------------------------

    def legend(self, legend_id: str, w: int, h: int, ribbon: bool = False) -> pygame.Surface:
        """A legend card; `ribbon`: as the table shows it, with its bottom strip free for a ribbon."""
        return self._get(("legend", legend_id, w, h, ribbon), lambda: self._draw_legend(legend_id, w, h, ribbon))

    def _draw_legend(self, legend_id: str, w: int, h: int, ribbon: bool) -> pygame.Surface:
        legend = self.cards.legend(legend_id)
        r = self.art.radius(w)
        paper = vertical_gradient((w, h), theme.PARCHMENT_TOP, theme.PARCHMENT_BOTTOM).convert_alpha()
        grain = noise_tile(64, 22)
        for x in range(0, w, 64):
            for y in range(0, h, 64):
                paper.blit(grain, (x, y), special_flags=pygame.BLEND_RGB_SUB)
        surf = rounded(paper, r)
        m = max(3, round(w * 0.06))
        pygame.draw.rect(surf, (*theme.PARCHMENT_EDGE, 255), (0, 0, w, h), width=max(2, m // 2), border_radius=r)
        pygame.draw.rect(surf, (*theme.PARCHMENT_EDGE, 120), (m, m, w - 2 * m, h - 2 * m), width=1,
                         border_radius=max(2, r - m))
        # Family emblem, then the name, a rule, and the requirement in the rule book's words.
        roomy = h >= 210  # small cards (1280 x 720) give the requirement text the room instead
        emblem_r = round(min(w * 0.2, h * (0.13 if roomy else 0.085)))
        emblem = (w // 2, m + emblem_r + m // 2)
        pygame.draw.circle(surf, (*shade(theme.PARCHMENT_EDGE, 0.9), 255), emblem, emblem_r)
        pygame.draw.circle(surf, (*theme.GOLD, 255), emblem, emblem_r, width=max(1, emblem_r // 10))
        icon = self.art.icon(self.cards.family(legend.family).icon, round(emblem_r * 1.4), theme.PARCHMENT_TOP)
        surf.blit(icon, icon.get_rect(center=emblem))
        self._points_badge(surf, legend.points, w, m)
        y = emblem[1] + emblem_r + m // 2
        words_w = w - 2 * (m + max(3, m // 2))  # paper between the inner frame and the first and last letters
        if roomy:  # on small cards the emblem alone tells the family
            family = self.text.fitted(family_name(self.cards, legend.family).upper(), "bold", round(h * 0.05),
                                      theme.GOLD_DARK, words_w)
            surf.blit(family, family.get_rect(midtop=(w // 2, y)))
            y += family.get_height()
        name = self.text.block(legend_name(self.cards, legend_id), "heading", max(9, round(h * 0.075)), theme.INK_DARK,
                               words_w, max_height=round(h * 0.2), align="center")
        blit_at(surf, name, "midtop", (w // 2, y))
        y += name.get_height() + m // 2
        pygame.draw.line(surf, (*theme.PARCHMENT_EDGE, 160), (2 * m, y), (w - 2 * m, y))
        y += m // 2
        words, room = legend_text(self.cards, legend_id), (ribbon_band(w, h).top if ribbon else h - m * 2 // 3) - y
        if not self.text.fits(words, "body", 9, words_w, room, spacing=0.9):
            words_w = w - 2 * m - 2  # a card too small for the margin: every word rather than the paper's edge
        body = self.text.block(words, "body", max(12, round(h * 0.075)), theme.INK_DARK, words_w, max_height=room,
                               align="center", min_size=9, spacing=0.9)
        blit_at(surf, body, "midtop", (w // 2, y))
        return surf

    def legend_emblem(self, legend_id: str, w: int, h: int) -> pygame.Surface:
        """A legend card too small for its words (a still picture of a position): its family's emblem, large,
        and its points."""
        return self._get(("legend-emblem", legend_id, w, h), lambda: self._draw_legend_emblem(legend_id, w, h))

    def _draw_legend_emblem(self, legend_id: str, w: int, h: int) -> pygame.Surface:
        legend = self.cards.legend(legend_id)
        r = self.art.radius(w)
        surf = rounded(vertical_gradient((w, h), theme.PARCHMENT_TOP, theme.PARCHMENT_BOTTOM).convert_alpha(), r)
        m = max(2, round(w * 0.06))
        pygame.draw.rect(surf, (*theme.PARCHMENT_EDGE, 255), (0, 0, w, h), width=max(1, m // 2), border_radius=r)
        emblem_r = round(min(w * 0.26, h * 0.19))
        emblem = (w // 2, m + round(h * 0.3))
        pygame.draw.circle(surf, (*shade(theme.PARCHMENT_EDGE, 0.9), 255), emblem, emblem_r)
        pygame.draw.circle(surf, (*theme.GOLD, 255), emblem, emblem_r, width=max(1, emblem_r // 10))
        icon = self.art.icon(self.cards.family(legend.family).icon, round(emblem_r * 1.4), theme.PARCHMENT_TOP)
        surf.blit(icon, icon.get_rect(center=emblem))
        # Below it, the cards it asks for, in their colours as in a kingdom: the family's emblem alone is the same
        # on the Tribe of Elves and the Tribe of Dwarves.
        kinds = required_types(legend.requires)
        per_row = 2 if len(kinds) > 2 else max(1, len(kinds))  # The Four Tribes: two rows of two
        rows = -(-len(kinds) // per_row)
        below = h - m - (emblem[1] + emblem_r)  # the room under the emblem
        disc_r = max(4, min(round(w * 0.15), (w - 2 * m) // (2 * per_row + 1), below // (2 * rows + 1)))
        step = 2 * disc_r + max(1, disc_r // 3)
        top = emblem[1] + emblem_r + (below - step * rows) // 2 + disc_r
        for n, type_id in enumerate(kinds):
            card = self.cards.type(type_id)
            colour = hex_colour(card.colour)
            row, col = divmod(n, per_row)
            in_row = min(per_row, len(kinds) - row * per_row)
            centre = (w // 2 + round((col - (in_row - 1) / 2) * step), top + row * step)
            pygame.draw.circle(surf, (*shade(colour, 0.8), 255), centre, disc_r)
            pygame.draw.circle(surf, (*shade(colour, 0.4), 255), centre, disc_r, width=max(1, disc_r // 6))
            mark = self.art.icon(card.icon, round(disc_r * 1.5))
            surf.blit(mark, mark.get_rect(center=centre))
        self._points_badge(surf, legend.points, w, m)
        return surf

    def _points_badge(self, surf: pygame.Surface, points: int, w: int, m: int) -> None:
        rad = max(8, round(w * 0.12))
        centre = (w - m - rad + 2, m + rad - 2)
        pygame.draw.circle(surf, (*theme.GOLD, 255), centre, rad)
        pygame.draw.circle(surf, (*theme.GOLD_DARK, 255), centre, rad, width=max(1, rad // 6))
        label = self.text.render(str(points), "number", round(rad * 1.2), theme.INK_DARK)
        surf.blit(label, label.get_rect(center=(centre[0], centre[1] + 1)))


def required_types(requirement: Requirement) -> list[str]:
    """The card types a legend's requirement names, each once, in the order it names them."""
    kinds = list(requirement.types)
    for option in requirement.options:
        kinds += required_types(option)
    return list(dict.fromkeys(kinds))


def ribbon_band(w: int, h: int) -> pygame.Rect:
    """Where on a legend card of this size the table's ribbon (Claim, Unlocks) goes: a strip at its bottom
    that the card's words never reach."""
    m = max(3, round(w * 0.06))
    room = max(8, round(h * RIBBON_ROOM))
    return pygame.Rect(m, h - m * 2 // 3 - room, w - 2 * m, room)
