"""The rules reference: the rule book in the game's words, with the cards, the scoring
tables (generated from the card data), the legends and the controls."""

from __future__ import annotations

import pygame
from pygame import Rect

from ...i18n import tr
from .. import theme
from ..art import CARD_ASPECT, LEGEND_ASPECT
from ..tooltips import card_tooltip, signed
from ..widgets import Button, WidgetGroup
from .screen import Screen

SECTIONS = ("goal", "cards", "setup", "turn", "placing", "connection", "scoring", "legends", "end", "controls")
CONTROLS = ("drag", "click", "right_click", "arrows", "enter", "escape", "log", "rules", "fullscreen")
SCROLL_STEP = 60


class RulesScene(Screen):
    title_key = "rules.title"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.scroll = 0
        self.page: pygame.Surface | None = None

    def relayout(self) -> None:
        th = self.ctx.theme
        self.view = Rect(0, th.px(130), min(th.width - th.px(80), th.px(1100)), th.height - th.px(130) - th.px(100))
        self.view.centerx = th.width // 2
        back = Rect(0, th.height - th.px(80), th.px(260), th.px(54))
        back.centerx = th.width // 2
        self.widgets = WidgetGroup([Button(back, tr("rules.back"), self.back, style="primary")], focus=0)
        self.page = self.render_page(self.view.w - th.px(40))
        self.scroll = min(self.scroll, self.max_scroll)

    @property
    def max_scroll(self) -> int:
        return max(0, self.page.get_height() - self.view.h + self.ctx.theme.px(30)) if self.page else 0

    # -- the page -------------------------------------------------------------------------------------

    def render_page(self, width: int) -> pygame.Surface:
        th, text = self.ctx.theme, self.ctx.text
        parts: list[pygame.Surface] = []
        gap = th.px(10)

        def heading(words: str) -> None:
            parts.append(text.fitted(words, "heading", th.text(30), theme.GOLD, width))

        def para(words: str, colour=theme.INK) -> None:
            parts.append(text.block(words, "body", th.text(21), colour, width))

        for section in SECTIONS:
            heading(tr(f"rules.{section}.title"))
            para(tr(f"rules.{section}.text"))
            if section == "cards":
                parts.append(self.card_row(width))
            elif section == "scoring":
                parts.extend(self.tribe_table(width))
                para(tr("rules.scoring.dragons"))
                parts.append(self.dragon_table(width))
                para(tr("rules.scoring.conflicts"))
            elif section == "legends":
                parts.append(self.legend_grid(width))
            elif section == "controls":
                for control in CONTROLS:
                    parts.append(self.key_line(tr(f"rules.controls.{control}.keys"), tr(f"rules.controls.{control}.does"), width))
                para(tr("rules.controls.no_secrets"), theme.GOLD)
            parts.append(pygame.Surface((1, th.px(18)), pygame.SRCALPHA))
        page = pygame.Surface((width, sum(p.get_height() + gap for p in parts)), pygame.SRCALPHA)
        y = 0
        for part in parts:
            page.blit(part, (0, y))
            y += part.get_height() + gap
        return page

    def picture_grid(self, width: int, pictures: list, aspect: float, largest: int) -> pygame.Surface:
        """Pictures (functions of (w, h) giving a surface) five to a row, at most `largest` wide."""
        th = self.ctx.theme
        per_row = 5
        gap = th.px(16)
        w = min(largest, (width - (per_row - 1) * gap) // per_row)
        h = round(w / aspect)
        rows = -(-len(pictures) // per_row)
        out = pygame.Surface((width, rows * (h + gap)), pygame.SRCALPHA)
        for i, picture in enumerate(pictures):
            out.blit(picture(w, h), ((i % per_row) * (w + gap), (i // per_row) * (h + gap)))
        return out

    def card_row(self, width: int) -> pygame.Surface:
        art = self.ctx.art
        pictures = [lambda w, h, t=card.id: art.face(t, w, h) for card in self.ctx.cards.types]
        return self.picture_grid(width, pictures, CARD_ASPECT, self.ctx.theme.px(130))

    def tribe_table(self, width: int) -> list[pygame.Surface]:
        """One line per tribe (and per land, dragon, portal): its picture and how it scores."""
        th, text, art, cards = self.ctx.theme, self.ctx.text, self.ctx.art, self.ctx.cards
        w = th.px(64)
        h = round(w / CARD_ASPECT)
        rows = []
        for card in cards.types:
            tip = card_tooltip(cards, card.id)
            words = "\n".join(tip.lines)
            block = text.block(words, "body", th.text(19), theme.INK, width - w - th.px(30))
            name = text.fitted(tip.title, "bold", th.text(21), theme.GOLD, width - w - th.px(30))
            height = max(h, name.get_height() + block.get_height() + th.px(4))
            row = pygame.Surface((width, height + th.px(6)), pygame.SRCALPHA)
            row.blit(art.face(card.id, w, h), (0, 0))
            row.blit(name, (w + th.px(20), 0))
            row.blit(block, (w + th.px(20), name.get_height() + th.px(2)))
            rows.append(row)
        return rows

    def dragon_table(self, width: int) -> pygame.Surface:
        th, text = self.ctx.theme, self.ctx.text
        dragons = self.ctx.cards.dragons
        heads = (tr("rules.scoring.dragon_count"), tr("rules.scoring.domesticated"), tr("rules.scoring.wild"))
        rows = [(str(n), signed(tame), signed(wild)) for n, (tame, wild) in enumerate(dragons.values, start=1)]
        rows.append((f"{dragons.counted + 1}+", tr("rules.scoring.beyond_tame", counted=dragons.counted),
                     tr("rules.scoring.beyond_wild", extra=signed(dragons.each_extra))))
        col = [round(width * 0.18), round(width * 0.41), round(width * 0.41)]
        row_h = text.line_height("body", th.text(20)) + th.px(8)
        tall = [max(row_h, max(text.block(v, "body", th.text(19), theme.INK, c - th.px(16)).get_height() + th.px(8)
                               for v, c in zip(r, col))) for r in rows]
        out = pygame.Surface((width, row_h + sum(tall)), pygame.SRCALPHA)
        x = 0
        for head, c in zip(heads, col):
            out.blit(text.fitted(head, "bold", th.text(20), theme.GOLD, c - th.px(16)), (x + th.px(8), th.px(4)))
            x += c
        y = row_h
        for r, height in zip(rows, tall):
            pygame.draw.line(out, theme.PANEL_EDGE, (0, y), (width, y))
            x = 0
            for value, c in zip(r, col):
                out.blit(text.block(value, "body", th.text(19), theme.INK, c - th.px(16)), (x + th.px(8), y + th.px(4)))
                x += c
            y += height
        return out

    def legend_grid(self, width: int) -> pygame.Surface:
        art = self.ctx.art
        pictures = [lambda w, h, leg=legend.id: art.legend(leg, w, h) for legend in self.ctx.cards.legends]
        return self.picture_grid(width, pictures, LEGEND_ASPECT, width)

    def key_line(self, keys: str, does: str, width: int) -> pygame.Surface:
        th, text = self.ctx.theme, self.ctx.text
        key_w = round(width * 0.24)
        label = text.block(keys, "bold", th.text(20), theme.GOLD, key_w - th.px(10))
        words = text.block(does, "body", th.text(20), theme.INK, width - key_w)
        out = pygame.Surface((width, max(label.get_height(), words.get_height())), pygame.SRCALPHA)
        out.blit(label, (0, 0))
        out.blit(words, (key_w, 0))
        return out

    # -- scrolling ----------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        step = self.ctx.theme.px(SCROLL_STEP)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * step)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_UP, pygame.K_PAGEDOWN,
                                                             pygame.K_PAGEUP, pygame.K_HOME, pygame.K_END):
            page = self.view.h - step
            moves = {pygame.K_DOWN: step, pygame.K_UP: -step, pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page,
                     pygame.K_HOME: -10**6, pygame.K_END: 10**6}
            self.scroll_by(moves[event.key])
        else:
            super().handle(event)

    def scroll_by(self, amount: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + amount))

    def draw(self, surface: pygame.Surface) -> None:
        th = self.ctx.theme
        self.draw_backdrop(surface)
        self.draw_title(surface, tr("rules.title"))
        surface.blit(self.ctx.art.panel(self.view.w, self.view.h, alpha=200), self.view)
        inner = self.view.inflate(-th.px(40), -th.px(30))
        area = Rect(0, self.scroll, inner.w, min(inner.h, self.page.get_height() - self.scroll))
        surface.blit(self.page, inner.topleft, area)
        if self.max_scroll:
            track = Rect(self.view.right - th.px(10), self.view.y + th.px(12), th.px(4), self.view.h - th.px(24))
            pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=2)
            knob_h = max(th.px(30), track.h * self.view.h // self.page.get_height())
            knob = Rect(track.x - 1, track.y + (track.h - knob_h) * self.scroll // self.max_scroll, th.px(6), knob_h)
            pygame.draw.rect(surface, theme.GOLD, knob, border_radius=3)
        self.widgets.draw(surface, self.ctx)
