"""The title screen and main menu."""

from __future__ import annotations

import pygame
from pygame import Rect

from ... import __version__
from ...i18n import tr
from ...saves import saves_dir
from .. import theme
from ..text import blit_at
from ..widgets import Button, WidgetGroup
from .screen import Screen


def saved_game_available() -> bool:
    """Continue is enabled while an unfinished game is saved (a quick look: the file is checked when
    the game is resumed, and a bad one is set aside with a message then)."""
    try:
        folder = saves_dir()
        return folder.is_dir() and any(folder.glob("*.json"))
    except OSError:
        return False


class MainMenu(Screen):
    _fan: tuple | None = None  # ((window width, card width), [(picture, centre)]): the rotated fan

    def relayout(self) -> None:
        th = self.ctx.theme
        entries = [
            (tr("menu.new_game"), self.app.open_new_game, "primary", True),
            (tr("menu.continue"), self.app.continue_game, "normal", saved_game_available()),
        ]
        if self.ctx.game_ui.has_lesson():
            entries.append((tr("menu.learn"), lambda: self.ctx.game_ui.open_lesson(self.app), "normal", True))
        entries += [
            (tr("menu.load"), self.app.open_load, "normal", True),
            (tr("menu.rules"), self.app.open_rules, "normal", True),
            (tr("menu.statistics"), self.app.open_statistics, "normal", True),
            (tr("menu.settings"), self.app.open_settings, "normal", True),
            (tr("menu.about"), self.app.open_about, "normal", True),
            (tr("menu.quit"), self.app.quit, "normal", True),
        ]
        w, h, gap = th.px(380), th.px(56), th.px(12)
        top = max(round(th.height * 0.42), self.header()[2] + th.px(16))
        room = th.height - th.px(50) - top  # down to the footer
        if len(entries) * (h + gap) - gap > room:  # more entries than the column holds: smaller buttons
            gap = th.px(9)
            h = (room - gap * (len(entries) - 1)) // len(entries)
        buttons = []
        for i, (label, action, style, enabled) in enumerate(entries):
            rect = Rect(0, top + i * (h + gap), w, h)
            rect.centerx = th.width // 2
            buttons.append(Button(rect, label, action, style=style, enabled=enabled, size=26))
        focus = self.widgets.focus if len(self.widgets.widgets) == len(buttons) else 0
        keyboard = self.widgets.keyboard_used
        self.widgets = WidgetGroup(buttons, focus=focus)
        self.widgets.keyboard_used = keyboard

    def header(self) -> tuple[list[tuple[pygame.Surface, Rect]], int, int]:
        """The title, subtitle and tagline with their rects, the y of the gold rule under the subtitle,
        and the bottom. The title gets smaller when a tall script or a short window needs the room."""
        th, text = self.ctx.theme, self.ctx.text
        w = th.width
        size = th.text(120)
        while True:
            title = text.fitted(tr("menu.title"), "title", size, theme.GOLD, w - th.px(200), shadow=True)
            sub = text.fitted(tr("menu.subtitle"), "heading", th.text(34), theme.INK, w - th.px(200), shadow=True)
            tagline = text.fitted(tr("menu.tagline"), "body", th.text(22), theme.INK_MUTED, w - th.px(200))
            top = title.get_rect(midtop=(w // 2, th.px(80)))
            middle = sub.get_rect(midtop=(w // 2, top.bottom + th.px(4)))
            rule = middle.bottom + th.px(16)
            bottom = tagline.get_rect(midtop=(w // 2, rule + th.px(14)))
            if bottom.bottom <= th.height * 0.4 or size <= th.text(60):
                return [(title, top), (sub, middle), (tagline, bottom)], rule, bottom.bottom
            size -= max(2, size // 12)

    def uncovered(self) -> None:
        self.relayout()  # Continue follows the saves (a game may have been saved or deleted meanwhile)

    def back(self) -> None:
        pass  # Esc on the title screen does nothing; Quit is a button

    def fan(self, width: int) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """A fan of the game's pieces on each side of the title: rotated once per window size, not every frame."""
        th, art = self.ctx.theme, self.ctx.art
        cw = th.px(120)
        ch = round(cw / 0.8)
        key = (width, cw, self.ctx.game.id, self.ctx.fonts.language)
        if self._fan is None or self._fan[0] != key:
            shown = self.ctx.game_ui.showcase(self.ctx, cw, ch)
            half = (len(shown) + 1) // 2
            pictures = []
            for side in (-1, 1):
                for i, face in enumerate(shown[:half] if side < 0 else shown[half - 1:]):
                    angle = side * (8 + i * 9)
                    x = width // 2 + side * (th.px(470) + i * th.px(58))
                    y = th.px(200) + round(abs(angle) * 1.6)
                    w, h = face.get_size()
                    pictures.append((pygame.transform.rotozoom(art.shadow(w, h), -angle, 1), (x, y + th.px(8))))
                    pictures.append((pygame.transform.rotozoom(face, -angle, 1), (x, y)))
            self._fan = (key, pictures)
        return self._fan[1]

    def draw(self, surface: pygame.Surface) -> None:
        th, text = self.ctx.theme, self.ctx.text
        self.draw_backdrop(surface)
        w, h = surface.get_size()
        for picture, centre in self.fan(w):
            blit_at(surface, picture, "center", centre)
        parts, y, _ = self.header()
        for part, rect in parts:
            blit_at(surface, part, "topleft", rect.topleft)
        half = th.px(200)
        pygame.draw.line(surface, theme.GOLD_DARK, (w // 2 - half, y), (w // 2 + half, y), 2)
        for dx in (-half, 0, half):
            pygame.draw.circle(surface, theme.GOLD, (w // 2 + dx, y), th.px(4))
        self.widgets.draw(surface, self.ctx)
        footer = text.fitted(tr("menu.footer", version=__version__), "body", th.text(17), theme.INK_MUTED, w - th.px(40))
        blit_at(surface, footer, "midbottom", (w // 2, h - th.px(14)))

