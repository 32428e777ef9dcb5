"""The title screen and main menu."""

from __future__ import annotations

import pygame
from pygame import Rect

from ... import __version__
from ...i18n import tr
from .. import theme
from ..text import blit_at
from ..widgets import Button, WidgetGroup
from .screen import Screen


def saved_game_available() -> bool:
    """Hook for saved games (a later issue): Continue is enabled once a save exists."""
    return False


def tutorial_available() -> bool:
    """Hook for the interactive tutorial (a later issue): Learn to play shows once it exists."""
    return False


class MainMenu(Screen):
    FAN = ("plain", "forest", "dragon", "elf", "portal", "human", "mountain")

    def relayout(self) -> None:
        th = self.ctx.theme
        entries = [
            (tr("menu.new_game"), self.app.open_new_game, "primary", True),
            (tr("menu.continue"), lambda: None, "normal", saved_game_available()),
        ]
        if tutorial_available():
            entries.append((tr("menu.learn"), lambda: None, "normal", True))
        entries += [
            (tr("menu.rules"), self.app.open_rules, "normal", True),
            (tr("menu.settings"), self.app.open_settings, "normal", True),
            (tr("menu.about"), self.app.open_about, "normal", True),
            (tr("menu.quit"), self.app.quit, "normal", True),
        ]
        w, h, gap = th.px(380), th.px(56), th.px(12)
        top = round(th.height * 0.42)
        buttons = []
        for i, (label, action, style, enabled) in enumerate(entries):
            rect = Rect(0, top + i * (h + gap), w, h)
            rect.centerx = th.width // 2
            buttons.append(Button(rect, label, action, style=style, enabled=enabled, size=26))
        self.widgets = WidgetGroup(buttons, focus=0)

    def back(self) -> None:
        pass  # Esc on the title screen does nothing; Quit is a button

    def draw(self, surface: pygame.Surface) -> None:
        th, text, art = self.ctx.theme, self.ctx.text, self.ctx.art
        self.draw_backdrop(surface)
        w, h = surface.get_size()
        # A fan of cards on each side of the title.
        cw = th.px(120)
        ch = round(cw / 0.8)
        for side in (-1, 1):
            for i, card in enumerate(self.FAN[:4] if side < 0 else self.FAN[3:]):
                angle = side * (8 + i * 9)
                face = pygame.transform.rotozoom(art.face(card, cw, ch), -angle, 1)
                x = w // 2 + side * (th.px(470) + i * th.px(58))
                y = th.px(200) + round(abs(angle) * 1.6)
                shadow = pygame.transform.rotozoom(art.shadow(cw, ch), -angle, 1)
                blit_at(surface, shadow, "center", (x, y + th.px(8)))
                blit_at(surface, face, "center", (x, y))
        title = text.fitted(tr("menu.title"), "title", th.text(120), theme.GOLD, w - th.px(200), shadow=True)
        rect = blit_at(surface, title, "midtop", (w // 2, th.px(90)))
        sub = text.fitted(tr("menu.subtitle"), "heading", th.text(34), theme.INK, w - th.px(200), shadow=True)
        rect = blit_at(surface, sub, "midtop", (w // 2, rect.bottom + th.px(4)))
        y = rect.bottom + th.px(18)
        half = th.px(200)
        pygame.draw.line(surface, theme.GOLD_DARK, (w // 2 - half, y), (w // 2 + half, y), 2)
        for dx in (-half, 0, half):
            pygame.draw.circle(surface, theme.GOLD, (w // 2 + dx, y), th.px(4))
        tagline = text.fitted(tr("menu.tagline"), "body", th.text(22), theme.INK_MUTED, w - th.px(200))
        blit_at(surface, tagline, "midtop", (w // 2, y + th.px(14)))
        self.widgets.draw(surface, self.ctx)
        footer = text.fitted(tr("menu.footer", version=__version__), "body", th.text(17), theme.INK_MUTED, w - th.px(40))
        blit_at(surface, footer, "midbottom", (w // 2, h - th.px(14)))
        if self.ctx.settings_note:
            note = text.block(tr("errors.settings_reset"), "body", th.text(17), theme.BAD, th.px(500))
            blit_at(surface, note, "bottomleft", (th.px(16), h - th.px(14)))
