"""A rules reference: a game's whole rule book in its own words, section by section.

An index on the left (filtered by a search box: type to search), the chosen section on
the right, scrolled by the wheel and the keys. Each game's reference subclasses this:
it names its sections (`SECTIONS`), where their words are (`PREFIX`: "<prefix>.<section>.
title" and ".text"), the rule book it restates (`RULE_BOOK`, named under the first section),
and builds the pages that need more than a paragraph (`page_<section>`) from the building
blocks here: paragraphs, rulings (marked as such), tables, rows of pictures, captions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import pygame
from pygame import Rect

from ...i18n import tr
from .. import theme
from ..text import blit_at
from ..widgets import Button, TextField, WidgetGroup
from .screen import Screen

SCROLL_STEP = 60
MEASURE = 980  # the widest a paragraph runs (at 1600 x 900): longer lines are hard to read
LIST_ITEM = re.compile(r"^(\s*)(\d+\.|•)\s+(.*)$")
Part = pygame.Surface


class ReferenceScene(Screen):
    title_key = "rules.title"
    SECTIONS: tuple[str, ...] = ()
    PREFIX = "rules"
    RULE_BOOK = ""  # the rule book the reference restates, as the repository and the archives hold it

    def __init__(self, app, section: str = "") -> None:
        super().__init__(app)
        self.section = section or self.SECTIONS[0]
        self.query = ""
        self.scroll = 0
        self.shown: list[str] = list(self.SECTIONS)
        self.items: list[tuple[str, Rect]] = []
        self._pages: dict[tuple, pygame.Surface] = {}
        self._words: dict[str, str] = {}
        self._numbers: dict[str, object] | None = None  # worked out once a layout (the language may change)
        self._ground: tuple[tuple, pygame.Surface] | None = None  # (window size, view) -> see `ground`
        self._drawn_scroll = -1  # where the section shown was scrolled to

    # -- layout ----------------------------------------------------------------------------------------

    def relayout(self) -> None:
        th = self.ctx.theme
        self._pages, self._numbers = {}, None
        self._words = {s: "\n".join(self.section_words(s)).casefold() for s in self.SECTIONS}
        self._words[self.SECTIONS[0]] += "\n" + self.source_words().casefold()
        top = self.title_bottom(tr("rules.title"))
        margin = th.px(30)
        bottom = th.height - th.px(24)
        self.side = Rect(margin, top, th.px(300), bottom - top)
        left = self.side.right + th.px(20)
        self.view = Rect(left, top, th.width - left - margin, bottom - top)
        search = TextField(Rect(self.side.x, self.side.y, self.side.w, th.px(46)), "", self.query, self.search,
                           max_length=40, placeholder=tr("rules.search_hint"))
        back = Button(Rect(self.side.x, self.side.bottom - th.px(50), self.side.w, th.px(50)), tr("rules.back"),
                      self.back, style="primary", icon="close")
        self.widgets = WidgetGroup([search, back], focus=0)
        self.widgets.keyboard_used = True
        self.list_area = Rect(self.side.x, search.rect.bottom + th.px(10), self.side.w,
                              back.rect.y - th.px(10) - search.rect.bottom - th.px(10))
        self.filter()

    @property
    def search_field(self) -> TextField:
        field = self.widgets.widgets[0]
        assert isinstance(field, TextField)  # built first in layout()
        return field

    def filter(self) -> None:
        """The sections whose words contain the search text (all of them when it is empty)."""
        query = self.query.strip().casefold()
        self.shown = [s for s in self.SECTIONS if not query or query in self._words[s]]
        if self.shown and self.section not in self.shown:
            self.select(self.shown[0])
        th = self.ctx.theme
        note_h = self.ctx.text.line_height("body", th.text(17)) + th.px(6) if query else 0
        room = self.list_area.h - note_h
        row = min(th.px(40), room // max(1, len(self.SECTIONS)))
        self.items = [(s, Rect(self.list_area.x, self.list_area.y + note_h + i * row, self.list_area.w, row))
                      for i, s in enumerate(self.shown)]

    def search(self, text: str) -> None:
        self.query = text
        self.filter()

    def select(self, section: str) -> None:
        if section != self.section:
            self.section = section or self.SECTIONS[0]
            self.scroll = 0

    # -- the words of each section (what is drawn, and what the search looks in) --------------------------

    def numbers(self) -> dict[str, object]:
        """The numbers of the game's data the words name ({placeholders})."""
        return {}

    def words(self, key: str) -> str:
        if self._numbers is None:  # not for every title of the index drawn every frame
            self._numbers = self.numbers()
        return tr(f"{self.PREFIX}.{key}", **self._numbers)

    def section_words(self, section: str) -> list[str]:
        """Every word a section shows (what the search looks in)."""
        return [self.words(f"{section}.title"), self.words(f"{section}.text")]

    def source_words(self) -> str:
        """The source line under the first section: which rule book this reference restates, and where it is."""
        return tr("rules.source", path=self.RULE_BOOK)

    # -- pages --------------------------------------------------------------------------------------------

    def page(self, width: int) -> pygame.Surface:
        key = (self.section, width)
        found = self._pages.get(key)
        if found is None:
            found = self._pages[key] = self.render_page(self.section, width)
        return found

    def render_page(self, section: str, width: int) -> pygame.Surface:
        th = self.ctx.theme
        parts: list[Part] = [self.heading(self.words(f"{section}.title"), width)]
        build: Callable[[int], list[Part]] = getattr(self, f"page_{section}", None) or (
            lambda w: [self.para(self.words(f"{section}.text"), w)])
        parts += build(width)
        if section == self.SECTIONS[0]:
            parts.append(self.para(self.source_words(), width, theme.INK_MUTED, size=18))
        gap = th.px(14)
        page = pygame.Surface((width, sum(p.get_height() for p in parts) + gap * len(parts)), pygame.SRCALPHA)
        y = 0
        for part in parts:
            blit_at(page, part, "topleft", (0, y))
            y += part.get_height() + gap
        return page

    # Building blocks.

    def heading(self, words: str, width: int) -> Part:
        return self.ctx.text.block(words, "heading", self.ctx.theme.text(32), theme.GOLD, width)

    def para(self, words: str, width: int, colour=theme.INK, size: int = 21) -> Part:
        """A paragraph at a readable measure; numbered and bulleted lines get a hanging indent."""
        th, text = self.ctx.theme, self.ctx.text
        width = min(width, th.px(MEASURE))
        size = th.text(size)
        lines: list[tuple[int, Part]] = []
        for line in words.split("\n"):
            found = LIST_ITEM.match(line)
            if not found:
                lines.append((th.px(6) if lines else 0, text.block(line, "body", size, colour, width)))
                continue
            indent = th.px(28) * (1 + len(found.group(1)) // 4)
            marker = text.render(found.group(2), "body", size, colour)
            body = text.block(found.group(3), "body", size, colour, width - indent)
            item = pygame.Surface((width, body.get_height()), pygame.SRCALPHA)
            blit_at(item, marker, "topright", (indent - th.px(8), 0))
            blit_at(item, body, "topleft", (indent, 0))
            lines.append((th.px(6), item))
        out = pygame.Surface((width, sum(p.get_height() + gap for gap, p in lines)), pygame.SRCALPHA)
        y = 0
        for gap, part in lines:
            y += gap
            out.blit(part, (0, y))
            y += part.get_height()
        return out

    def ruling(self, words: str, width: int) -> Part:
        """A ruling: the project's decision where the printed rules are silent, marked as such."""
        th, text = self.ctx.theme, self.ctx.text
        pad = th.px(14)
        tag = text.fitted(tr("rules.ruling").upper(), "bold", th.text(16), theme.INK_DARK, width // 3)
        body = text.block(words, "body", th.text(20), theme.INK, width - 2 * pad - th.px(6))
        out = pygame.Surface((width, tag.get_height() + body.get_height() + 3 * pad), pygame.SRCALPHA)
        pygame.draw.rect(out, (*theme.shade(theme.GOLD, 0.22), 235), out.get_rect(), border_radius=th.radius)
        pygame.draw.rect(out, theme.GOLD_DARK, out.get_rect(), width=2, border_radius=th.radius)
        pygame.draw.rect(out, theme.GOLD, Rect(0, 0, th.px(6), out.get_height()), border_radius=th.radius)
        pill = Rect(pad + th.px(6), pad, tag.get_width() + th.px(18), tag.get_height() + th.px(2))
        pygame.draw.rect(out, theme.GOLD, pill, border_radius=pill.h // 2)
        blit_at(out, tag, "center", pill.center)
        blit_at(out, body, "topleft", (pad + th.px(6), pill.bottom + pad // 2))
        return out

    def row(self, parts: list[Part], width: int, gap: int | None = None) -> Part:
        """Parts side by side, wrapping to more lines when they do not fit."""
        gap = self.ctx.theme.px(18) if gap is None else gap
        lines: list[list[Part]] = [[]]
        used = 0
        for part in parts:
            if lines[-1] and used + gap + part.get_width() > width:
                lines.append([])
                used = 0
            used += part.get_width() + (gap if lines[-1] else 0)
            lines[-1].append(part)
        height = sum(max(p.get_height() for p in line) for line in lines) + gap * (len(lines) - 1)
        out = pygame.Surface((width, max(1, height)), pygame.SRCALPHA)
        y = 0
        for line in lines:
            x = 0
            for part in line:
                out.blit(part, (x, y))
                x += part.get_width() + gap
            y += max(p.get_height() for p in line) + gap
        return out

    def table(self, rows: Sequence[Sequence[object]], widths: Sequence[int], head: bool = True) -> Part:
        """A table: cells are texts or pictures; the first row is the head (gold) when `head`."""
        th, text = self.ctx.theme, self.ctx.text
        pad = th.px(8)
        size = th.text(20)
        drawn = []
        for r, cells in enumerate(rows):
            line = []
            for cell, w in zip(cells, widths):
                if isinstance(cell, pygame.Surface):
                    line.append(cell)
                else:
                    colour = theme.GOLD if head and r == 0 else theme.INK
                    if isinstance(cell, tuple):
                        cell, colour = cell
                    line.append(text.block(str(cell), "bold" if head and r == 0 else "body", size, colour, w - 2 * pad))
            drawn.append(line)
        heights = [max(c.get_height() for c in line) + 2 * pad for line in drawn]
        out = pygame.Surface((sum(widths), sum(heights)), pygame.SRCALPHA)
        y = 0
        for r, (line, h) in enumerate(zip(drawn, heights)):
            if r % 2 == 1:
                pygame.draw.rect(out, (255, 255, 255, 12), Rect(0, y, out.get_width(), h))
            if head and r == 1:
                pygame.draw.line(out, theme.GOLD_DARK, (0, y), (out.get_width(), y), 2)
            x = 0
            for cell, w in zip(line, widths):
                blit_at(out, cell, "midleft", (x + pad, y + h // 2))
                x += w
            y += h
        return out

    def captioned(self, picture: Part, caption: str, width: int) -> Part:
        th = self.ctx.theme
        words = self.ctx.text.block(caption, "body", th.text(18), theme.INK_MUTED, max(width, picture.get_width()),
                                    align="center")
        out = pygame.Surface((max(width, picture.get_width()), picture.get_height() + th.px(6) + words.get_height()),
                             pygame.SRCALPHA)
        blit_at(out, picture, "midtop", (out.get_width() // 2, 0))
        blit_at(out, words, "midtop", (out.get_width() // 2, picture.get_height() + th.px(6)))
        return out

    # -- events -------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        th = self.ctx.theme
        step = th.px(SCROLL_STEP)
        if event.type == pygame.TEXTINPUT or (event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE):
            self.widgets.focus = 0
            self.search_field.text_input(event)
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * step)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for section, rect in self.items:
                if rect.collidepoint(event.pos):
                    self.select(section)
                    return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            self.scroll_by(step if event.button == 5 else -step)
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_DOWN) and self.shown:
                here = self.shown.index(self.section) if self.section in self.shown else 0
                here = max(0, min(len(self.shown) - 1, here + (1 if event.key == pygame.K_DOWN else -1)))
                self.select(self.shown[here])
                return
            page = self.view.h - step
            moves = {pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page, pygame.K_HOME: -10**6, pygame.K_END: 10**6}
            if event.key in moves:
                self.scroll_by(moves[event.key])
                return
        super().handle(event)

    def inner(self) -> Rect:
        th = self.ctx.theme
        return self.view.inflate(-th.px(48), -th.px(36))

    @property
    def max_scroll(self) -> int:
        inner = self.inner()
        return max(0, self.page(inner.w).get_height() - inner.h)

    def scroll_by(self, amount: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + amount))

    # -- drawing ------------------------------------------------------------------------------------------

    def look(self) -> object:
        """What the screen shows beyond its layout, but for the section's scroll."""
        return self.widgets.look(), self.query, self.section

    def draw_changes(self, surface: pygame.Surface) -> list[Rect] | None:
        """Scrolling draws only the section (a whole frame at 3840 x 2160 takes about 9 ms)."""
        if self.look() != self._drawn_look or self.scroll == self._drawn_scroll:
            return super().draw_changes(surface)
        self.draw_section(surface)
        return [self.view]

    def ground(self, surface: pygame.Surface) -> pygame.Surface:
        """The section's panel over the backdrop, as one opaque picture: a scroll copies it and draws the page
        over it, rather than blending the panel again."""
        key = (surface.get_size(), tuple(self.view))
        if self._ground is None or self._ground[0] != key:
            picture = self.ctx.art.backdrop(*surface.get_size()).subsurface(self.view).copy()
            picture.blit(self.ctx.art.panel(self.view.w, self.view.h, alpha=205), (0, 0))
            self._ground = (key, picture)
        return self._ground[1]

    def draw(self, surface: pygame.Surface) -> None:
        th, text = self.ctx.theme, self.ctx.text
        self.draw_backdrop(surface)
        self.draw_title(surface, tr("rules.title"))
        # The index.
        query = self.query.strip()
        if query:
            note = tr("rules.matches", count=len(self.shown), total=len(self.SECTIONS)) if self.shown \
                else tr("rules.no_match", query=query)
            label = text.block(note, "body", th.text(17), theme.INK_MUTED, self.list_area.w)
            blit_at(surface, label, "topleft", self.list_area.topleft, box=self.side)
        for section, rect in self.items:
            chosen = section == self.section
            if chosen:
                pygame.draw.rect(surface, theme.shade(theme.GOLD, 0.35), rect, border_radius=th.px(6))
                pygame.draw.rect(surface, theme.GOLD, Rect(rect.x, rect.y + 3, th.px(4), rect.h - 6))
            size = th.text(19)
            label = text.fitted(self.words(f"{section}.title"), "bold" if chosen else "body", size,
                                theme.GOLD if chosen else theme.INK, rect.w - th.px(24))
            blit_at(surface, label, "midleft", (rect.x + th.px(14), rect.centery), box=rect)
        self.draw_section(surface)
        self.widgets.draw(surface, self.ctx)

    def draw_section(self, surface: pygame.Surface) -> None:
        """The chosen section's page in its panel, where it is scrolled to, and the scroll bar."""
        th = self.ctx.theme
        surface.blit(self.ground(surface), self.view)
        inner = self.inner()
        page = self.page(inner.w)
        self.scroll = min(self.scroll, self.max_scroll)
        area = Rect(0, self.scroll, inner.w, min(inner.h, page.get_height() - self.scroll))
        surface.blit(page, inner.topleft, area)
        if self.max_scroll:
            track = Rect(self.view.right - th.px(14), self.view.y + th.px(14), th.px(4), self.view.h - th.px(28))
            pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=2)
            knob_h = max(th.px(30), track.h * inner.h // page.get_height())
            knob = Rect(track.x - 1, track.y + (track.h - knob_h) * self.scroll // self.max_scroll, th.px(6), knob_h)
            pygame.draw.rect(surface, theme.GOLD, knob, border_radius=3)
        self._drawn_scroll = self.scroll
