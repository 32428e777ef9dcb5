"""The look shared by the menu-like screens: the backdrop, a title and a column of widgets."""

from __future__ import annotations

from typing import Callable

import pygame
from pygame import Rect

from ...i18n import tr
from .. import theme
from ..room import Room
from ..text import blit_at
from ..widgets import Button, Choice, Widget, WidgetGroup
from .base import Scene


class Screen(Scene):
    """A full-window screen with a title; Esc goes back to the screen below."""

    app: Room  # a screen's room: what of the app it may touch (a menu's is wider)
    title_key = ""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.widgets = WidgetGroup()

    def handle(self, event: pygame.event.Event) -> None:
        if self.widgets.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def back(self) -> None:
        self.app.scenes.pop()

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(self.ctx.art.backdrop(w, h), (0, 0))

    def title_surface(self, text: str) -> pygame.Surface:
        th = self.ctx.theme
        return self.ctx.text.fitted(text, "title", th.text(52), theme.GOLD, th.width - 2 * th.px(60), shadow=True)

    def title_bottom(self, text: str) -> int:
        """Where draw_title's rule ends (scripts differ in height: lay out below this, not at a fixed y)."""
        th = self.ctx.theme
        return th.px(40) + self.title_surface(text).get_height() + th.px(10) + th.px(16)

    def draw_title(self, surface: pygame.Surface, text: str, y: int | None = None) -> int:
        """The screen's title centred at the top, with a gold rule under it; returns the bottom."""
        th = self.ctx.theme
        w = surface.get_width()
        title = self.title_surface(text)
        top = th.px(40) if y is None else y
        rect = title.get_rect(midtop=(w // 2, top))
        surface.blit(title, rect)
        rule_y = rect.bottom + th.px(10)
        half = min(w // 3, max(th.px(160), rect.width // 2 + th.px(40)))
        pygame.draw.line(surface, theme.GOLD_DARK, (w // 2 - half, rule_y), (w // 2 + half, rule_y), 2)
        pygame.draw.circle(surface, theme.GOLD, (w // 2, rule_y), th.px(4))
        return rule_y + th.px(16)

    def draw_empty_note(self, surface: pygame.Surface, words: str, area: Rect) -> None:
        """What an empty list says instead (no saved games, no statistics yet), a third of the way down."""
        th = self.ctx.theme
        block = self.ctx.text.block(words, "body", th.text(22), theme.INK_MUTED, min(area.w, th.px(760)),
                                    align="center")
        blit_at(surface, block, "center", (area.centerx, area.y + area.h // 3))

    def content_rect(self, top: int, width: float = 0.5) -> Rect:
        th = self.ctx.theme
        w = max(th.px(560), round(th.width * width))
        return Rect((th.width - w) // 2, top, w, th.height - top - th.px(30))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        self.draw_title(surface, self.title())
        self.widgets.draw(surface, self.ctx)

    def title(self) -> str:
        return tr(self.title_key)


class BarredScreen(Screen):
    """A full-window screen laid out like a table (the game viewer, the review): a top bar with Back at the
    left, the title in the middle and a choice at the right, a bottom bar, and the body between them."""

    bottom_h = 64  # the bottom bar's height (at 1600 x 900)

    def lay_out_bars(self, label: str, options: list[tuple[object, str]], value: object,
                     on_change: Callable[[object], None], width: float) -> tuple[Rect, list[Widget]]:
        """The body's rect, and the top bar's Back button and choice (`width`: its share of the window)."""
        th, text = self.ctx.theme, self.ctx.text
        w, h = th.width, th.height
        gap = th.px(12)
        self.top_bar = Rect(0, 0, w, th.px(64))
        self.bottom_bar = Rect(0, h - th.px(self.bottom_h), w, th.px(self.bottom_h))
        body = Rect(gap, self.top_bar.bottom + gap, w - 2 * gap, self.bottom_bar.y - self.top_bar.bottom - 2 * gap)
        bar_h = th.px(48)
        back_label = tr("play_better.back")
        back = Button(Rect(gap, self.top_bar.centery - bar_h // 2, text.width(back_label, "bold", th.text(22))
                           + th.px(80), bar_h), back_label, self.back, icon="close", size=22)
        choice_w = max(th.px(400), round(w * width))
        choice = Choice(Rect(w - gap - choice_w, self.top_bar.centery - bar_h // 2, choice_w, bar_h), label, options,
                        value, on_change, label_share=0.36)
        self.title_box = Rect(back.rect.right + gap, 0, choice.rect.x - back.rect.right - 2 * gap, self.top_bar.h)
        return body, [back, choice]

    def draw_bars(self, surface: pygame.Surface, title: str) -> None:
        """The backdrop, both bars and the title."""
        th, text, art = self.ctx.theme, self.ctx.text, self.ctx.art
        self.draw_backdrop(surface)
        for bar in (self.top_bar, self.bottom_bar):
            surface.blit(art.panel(bar.w + 4, bar.h + 2, alpha=225, radius=0), (bar.x - 2, bar.y - 1))
        label = text.fitted(title, "title", th.text(28), theme.GOLD, self.title_box.w)
        blit_at(surface, label, "center", self.title_box.center, box=self.title_box)
