"""About: version and credits (Game Icons CC BY 3.0 authors, OFL fonts, libraries)."""

from __future__ import annotations

import re

import pygame
from pygame import Rect

from ... import __version__, resources
from ...i18n import tr
from .. import theme
from ..text import blit_at
from ..widgets import Button, WidgetGroup
from .screen import Screen


def icon_authors() -> list[str]:
    """The Game Icons authors named in the CREDITS.md files next to the icons."""
    authors: set[str] = set()
    credits = sorted((resources.root() / "cards").glob("*/icons/CREDITS.md"))
    for path in (*credits, resources.package() / "ui" / "icons" / "CREDITS.md"):
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            continue
        match = re.search(r"^> Icons by (.+?) from game-icons\.net", text, re.MULTILINE)
        if match:
            authors.update(a.strip() for a in match.group(1).split(","))
    return sorted(authors)


class AboutScene(Screen):
    title_key = "about.title"

    def relayout(self) -> None:
        th = self.ctx.theme
        back = Rect(0, th.height - th.px(100), th.px(260), th.px(54))
        back.centerx = th.width // 2
        self.widgets = WidgetGroup([Button(back, tr("about.back"), self.back, style="primary")], focus=0)

    def draw(self, surface: pygame.Surface) -> None:
        th, text = self.ctx.theme, self.ctx.text
        self.draw_backdrop(surface)
        y = self.draw_title(surface, tr("about.title"))
        area = self.content_rect(y + th.px(10), width=0.56)
        sections = [
            (tr("about.game"), tr("about.game_text", version=__version__)),
            (tr("about.icons"), tr("about.icons_text", authors=", ".join(icon_authors()))),
            (tr("about.fonts"), tr("about.fonts_text")),
            (tr("about.libraries"), tr("about.libraries_text")),
        ]
        bottom = self.widgets.widgets[0].rect.y - th.px(20)
        per = (bottom - area.y) // len(sections)
        for heading, body in sections:
            label = text.fitted(heading, "heading", th.text(26), theme.GOLD, area.w)
            rect = blit_at(surface, label, "topleft", (area.x, area.y))
            block = text.block(body, "body", th.text(20), theme.INK, area.w, max_height=per - rect.h - th.px(14))
            blit_at(surface, block, "topleft", (area.x, rect.bottom + th.px(4)))
            area.y += per
        self.widgets.draw(surface, self.ctx)
