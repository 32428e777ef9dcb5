"""A still picture of one Aetherya Pocket position, for the game viewer and the review's boards.

Drawn from a view alone (never the game's state): the legend row, the piles (or the starting
cards during setup), and every kingdom with its player's name, score and claimed legends. An
action of the seat to move can be marked on it, shown as done where it has a place (the card
placed, the starting cards arranged) and glowing. A revealed view (`revealed_view`, the viewer's
switch once a game is over) shows the face-down cards too, dimmed: nobody saw them then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect

from ....i18n import tr
from ....ui import theme
from ....ui.context import Position
from ....ui.text import blit_at
from ....ui.tooltips import Tooltip, number
from ..engine import ARRANGE, CENTRE, CLAIM, DRAW, PLACE, REVEAL, TAKE_DISCARD, Action, View
from . import card_pictures, game_of
from .card_art import CARD_ASPECT, LEGEND_ASPECT
from .card_tips import card_tooltip, legend_tooltip, unexplored_tooltip
from .model import FACE_DOWN

if TYPE_CHECKING:
    from ....controller.game import GameSetup
    from ....ui.context import Context

GRID = 4
WORDY_LEGEND = 115  # the height from which a legend card has room for its name and requirement (as on the table)


class PositionPicture:
    """One picture, made by `draw()`; `highlight` is an action of the seat to move (view.current)."""

    def __init__(self, ctx: "Context", setup: "GameSetup", view: View, size: tuple[int, int],
                 highlight: Action | None = None) -> None:
        self.ctx, self.setup, self.view, self.highlight = ctx, setup, view, highlight
        self.rules = game_of(ctx).rules
        self.pictures = card_pictures(ctx)
        self.surface = pygame.Surface(size, pygame.SRCALPHA)
        self.glows: list[Rect] = []  # drawn last, over everything
        self.tips: list[tuple[Rect, Tooltip]] = []  # what each card drawn is, where

    def draw(self) -> pygame.Surface:
        th = self.ctx.theme
        w, h = self.surface.get_size()
        gap = max(4, th.px(8))
        top = Rect(0, 0, w, round(h * 0.3))
        self.strip(top)
        bottom = Rect(0, top.bottom + gap, w, h - top.bottom - gap)
        players = self.view.players
        columns = players if players <= 2 or bottom.w >= 2.2 * bottom.h else 2
        rows = -(-players // columns)
        box_w, box_h = (bottom.w - gap * (columns - 1)) // columns, (bottom.h - gap * (rows - 1)) // rows
        for seat in range(players):
            col, row = seat % columns, seat // columns
            self.kingdom(seat, Rect(bottom.x + col * (box_w + gap), bottom.y + row * (box_h + gap), box_w, box_h))
        for rect in self.glows:
            m = self.ctx.art.halo(rect.w, rect.h)
            self.surface.blit(self.ctx.art.glow(rect.w, rect.h, theme.HINT), (rect.x - m, rect.y - m))
            pygame.draw.rect(self.surface, theme.HINT, rect.inflate(4, 4), width=max(2, th.px(3)),
                             border_radius=th.px(6))
        return self.surface

    def marked(self, kind: str) -> bool:
        return self.highlight is not None and self.highlight.kind == kind

    # -- legends and piles ---------------------------------------------------------------------------

    def strip(self, area: Rect) -> None:
        """The legend row at the left, the piles (or the starting cards) at the right, with labels."""
        th, text, view = self.ctx.theme, self.ctx.text, self.view
        label_h = text.line_height("bold", th.text(14))
        gap = max(3, th.px(6))
        slots = max(len(view.legend_row), self.rules.cards.legend_row)
        piles = 4 if view.step == "arrange" else 3
        card_h = area.h - label_h - th.px(2)
        # Cards as tall as the strip, unless the row would not fit in its width.
        per_height = slots * (card_h * LEGEND_ASPECT + gap) + piles * (card_h * CARD_ASPECT + gap) + 2 * gap
        if per_height > area.w:
            card_h = int(card_h * area.w / per_height)
        legend_w, card_w = round(card_h * LEGEND_ASPECT), round(card_h * CARD_ASPECT)
        y = area.y + label_h + th.px(2)
        label = text.fitted(tr("table.legends"), "bold", th.text(14), theme.GOLD, slots * (legend_w + gap))
        blit_at(self.surface, label, "topleft", (area.x, area.y))
        for slot in range(slots):
            rect = Rect(area.x + slot * (legend_w + gap), y, legend_w, card_h)
            if slot >= len(view.legend_row):
                self.surface.blit(self.ctx.art.slot(rect.w, rect.h, theme.INK_MUTED), rect)
                continue
            legend = view.legend_row[slot]
            wordy = card_h >= WORDY_LEGEND  # a smaller card could not hold the legend's words
            picture = self.pictures.legend if wordy else self.pictures.legend_emblem
            self.surface.blit(picture(legend, rect.w, rect.h), rect)
            self.tips.append((rect, legend_tooltip(self.rules.cards, legend)))
            if self.marked(CLAIM) and self.highlight is not None and self.highlight.legend == legend:
                self.glows.append(rect)
        x = area.right - piles * (card_w + gap) + gap
        if view.step == "arrange":
            label = self.ctx.text.fitted(tr("table.hand"), "bold", th.text(14), theme.INK_MUTED,
                                         piles * (card_w + gap))
            blit_at(self.surface, label, "bottomleft", (x, y - th.px(2)))
            for i, starting in enumerate(view.hand[:piles]):
                self.card(starting, Rect(x + i * (card_w + gap), y, card_w, card_h))
            return
        for name, card, words, count in (
                ("draw", FACE_DOWN if view.draw_size else None, tr("table.draw_pile_count", count=view.draw_size),
                 view.draw_size),
                ("discard", view.discard_top, tr("table.discard_count", count=view.discard_size), view.discard_size),
                ("drawn", view.drawn, tr("table.in_hand"), None)):
            rect = Rect(x, y, card_w, card_h)
            self.card_with_label(rect, words, card, gap, count)
            if name == "draw" and self.marked(DRAW) or name == "discard" and (
                    self.marked(TAKE_DISCARD) or self.marked(REVEAL)) or name == "drawn" and self.marked(PLACE):
                self.glows.append(rect)
            x += card_w + gap

    def card_with_label(self, rect: Rect, words: str, card: str | None, room: int, count: int | None = None) -> None:
        """A pile's card with its name above it; where the name does not fit, only its count."""
        th, text = self.ctx.theme, self.ctx.text
        size = th.text(14)
        if text.width(words, "bold", size) > rect.w + room:
            words = "" if count is None else number(count)
        if words:
            blit_at(self.surface, text.render(words, "bold", size, theme.INK_MUTED), "midbottom",
                    (rect.centerx, rect.y - th.px(2)))
        self.card(card, rect)

    def card(self, card: str | None, rect: Rect) -> None:
        """A card: a type id, FACE_DOWN, a revealed face-down card (dimmed), or None for an empty place."""
        art = self.ctx.art
        if card is None:
            self.surface.blit(art.slot(rect.w, rect.h, theme.PANEL_EDGE), rect)
            return
        if card == FACE_DOWN:
            self.surface.blit(self.pictures.back(rect.w, rect.h), rect)
            self.tips.append((rect, unexplored_tooltip()))
            return
        hidden = card.startswith(FACE_DOWN)  # face down then, shown once the game is over
        shown = card[len(FACE_DOWN):] if hidden else card
        self.surface.blit(self.pictures.face(shown, rect.w, rect.h), rect)
        if hidden:
            self.surface.blit(art.veil(rect.w, rect.h, 110), rect)
        self.tips.append((rect, card_tooltip(self.rules.cards, shown)))

    # -- kingdoms --------------------------------------------------------------------------------------

    def kingdom(self, seat: int, box: Rect) -> None:
        th, text, view = self.ctx.theme, self.ctx.text, self.view
        active = seat == view.current and view.step != "game-over"
        colour = theme.seat_colour(self.setup.colour_of(seat))
        self.surface.blit(self.ctx.art.panel(box.w, box.h, alpha=200 if active else 160,
                                             edge=colour if active else theme.PANEL_EDGE), box)
        pad = max(3, th.px(6))
        size = th.text(15)
        line = text.line_height("heading", size)
        disc = max(4, line // 2 - 1)
        pygame.draw.circle(self.surface, colour, (box.x + pad + disc, box.y + pad + line // 2), disc)
        score = text.render(tr("table.points", points=number(self.score(seat))), "number", size, theme.GOLD)
        name_x = box.x + pad + 2 * disc + th.px(5)
        name = text.fitted(self.setup.seats[seat].name, "heading", size, theme.INK,
                           max(20, box.right - pad - score.get_width() - th.px(6) - name_x))
        blit_at(self.surface, name, "midleft", (name_x, box.y + pad + line // 2))
        blit_at(self.surface, score, "midright", (box.right - pad, box.y + pad + line // 2))
        chips_y = box.y + pad + line + th.px(2)
        chip_h = max(8, th.px(16))
        for n, legend in enumerate(view.legends[seat]):
            self.chip(legend, Rect(box.x + pad + n * round(chip_h * 1.9), chips_y, round(chip_h * 1.7), chip_h))
        grid_top = chips_y + chip_h + th.px(4)
        area = Rect(box.x + pad, grid_top, box.w - 2 * pad, box.bottom - pad - grid_top)
        gap = max(2, th.px(3))
        card_w = min((area.w - 3 * gap) // GRID, round((area.h - 3 * gap) / GRID * CARD_ASPECT))
        card_h = round(card_w / CARD_ASPECT)
        left = area.centerx - (GRID * card_w + 3 * gap) // 2
        cells = [card for row in view.kingdoms[seat] for card in row]
        dealt = view.step != "arrange"
        for index, card in enumerate(cells):
            rect = Rect(left + index % GRID * (card_w + gap), area.y + index // GRID * (card_h + gap), card_w, card_h)
            shown = FACE_DOWN if card is None and dealt else card
            mark = self.highlight if seat == view.current else None
            if mark is not None and mark.kind == PLACE and mark.row * GRID + mark.col == index and view.drawn:
                shown = view.drawn  # the move as made: the card from the hand on its place
                self.glows.append(rect)
            elif mark is not None and mark.kind == REVEAL and mark.row * GRID + mark.col == index:
                self.glows.append(rect)
            elif mark is not None and mark.kind == ARRANGE and index in CENTRE:
                shown = [card for row in mark.arranged for card in row][CENTRE.index(index)]
                self.glows.append(rect)
            self.card(shown, rect)

    def chip(self, legend_id: str, rect: Rect) -> None:
        """A claimed legend in small: parchment, family icon and points."""
        legend = self.rules.cards.legend(legend_id)
        radius = max(2, rect.h // 6)
        pygame.draw.rect(self.surface, theme.PARCHMENT_BOTTOM, rect, border_radius=radius)
        pygame.draw.rect(self.surface, theme.PARCHMENT_EDGE, rect, width=1, border_radius=radius)
        icon = self.pictures.family_icon(legend.family, round(rect.h * 0.7), theme.PARCHMENT_EDGE)
        blit_at(self.surface, icon, "midleft", (rect.x + 1, rect.centery))
        points = self.ctx.text.render(str(legend.points), "number", max(9, round(rect.h * 0.7)), theme.INK_DARK)
        blit_at(self.surface, points, "midright", (rect.right - 2, rect.centery))
        self.tips.append((rect, legend_tooltip(self.rules.cards, legend_id)))

    def score(self, seat: int) -> int:
        """The score everyone could see then: face-up cards and claimed legends."""
        index = self.rules.type_index
        cells = [index[card] if card is not None and not card.startswith(FACE_DOWN) else -1
                 for row in self.view.kingdoms[seat] for card in row]
        legends = [self.rules.legend_index[legend] for legend in self.view.legends[seat]]
        return self.rules.breakdown(cells, legends).total


def position(ctx: "Context", setup: "GameSetup", view: Any, size: tuple[int, int], highlight: Any = None) -> Position:
    still = PositionPicture(ctx, setup, view, size, highlight)
    return Position(still.draw(), tuple(still.tips))
