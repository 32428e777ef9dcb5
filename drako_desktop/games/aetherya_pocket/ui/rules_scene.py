"""The rules reference: the whole rule book in the game's own words, section by section.

An index on the left (filtered by a search box: type to search), the chosen
section on the right. Everything that is a number or a card comes from the
card data, so house rules show their own: the deck sizes, the tribe table,
the hostile pairs, the dragon table, every legend with its requirement drawn
as small cards, and the worked examples as kingdoms scored by the engine.
Rulings (the project's decisions where the printed rules are silent) are
marked as such.
"""

from __future__ import annotations

import re
from typing import Callable

import pygame
from pygame import Rect

from ..data import Requirement
from ....i18n import card_name, family_name, legend_name, legend_text, tr
from ....ui import theme
from .card_art import CARD_ASPECT, LEGEND_ASPECT
from ....ui.text import blit_at
from ..narrate import category_name
from ....ui.tooltips import join_names, number, signed
from ....ui.widgets import Button, TextField, WidgetGroup
from ....ui.scenes.screen import Screen
from . import card_pictures, game_of

SECTIONS = ("goal", "cards", "setup", "turn", "placing", "draw_pile", "connection", "legends", "end", "tribes",
            "conflicts", "dragons", "winner", "examples", "controls", "one_screen")
CONTROLS = ("drag", "click", "right_click", "arrows", "enter", "escape", "log", "rules", "fullscreen", "search")
# The rule book's worked examples (section 7): rows top to bottom, "?" a face-down card.
EXAMPLES = {
    "a": "human plain / plain forest",
    "b": "goblin swamp goblin",
    "c": "human portal goblin",
    "d": "elf portal portal forest",
    "e": "? human / ? dragon / ? human",
    "f": "human dragon human / dragon human / ? / dragon ? dragon",
}
SCROLL_STEP = 60
MEASURE = 980  # the widest a paragraph runs (at 1600 x 900): longer lines are hard to read
LIST_ITEM = re.compile(r"^(\s*)(\d+\.|•)\s+(.*)$")
Part = pygame.Surface


def parse_grid(text: str) -> dict[tuple[int, int], str | None]:
    """'human plain / ? forest' -> {(row, col): type id, or None for face down}; the rest face down."""
    cells: dict[tuple[int, int], str | None] = {(r, c): None for r in range(4) for c in range(4)}
    for r, row in enumerate(text.split("/")):
        for c, cell in enumerate(row.split()):
            cells[(r, c)] = None if cell == "?" else cell
    return cells


class RulesScene(Screen):
    title_key = "rules.title"

    def __init__(self, app, section: str = "goal") -> None:
        super().__init__(app)
        self.section = section
        self.query = ""
        self.scroll = 0
        self.shown: list[str] = list(SECTIONS)
        self.items: list[tuple[str, Rect]] = []
        self._pages: dict[tuple, pygame.Surface] = {}
        self._words: dict[str, str] = {}

    # -- layout ----------------------------------------------------------------------------------------

    def relayout(self) -> None:
        th = self.ctx.theme
        self._pages = {}
        self._words = {s: "\n".join(self.section_words(s)).casefold() for s in SECTIONS}
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
        return self.widgets.widgets[0]

    def filter(self) -> None:
        """The sections whose words contain the search text (all of them when it is empty)."""
        query = self.query.strip().casefold()
        self.shown = [s for s in SECTIONS if not query or query in self._words[s]]
        if self.shown and self.section not in self.shown:
            self.select(self.shown[0])
        th = self.ctx.theme
        note_h = self.ctx.text.line_height("body", th.text(17)) + th.px(6) if query else 0
        room = self.list_area.h - note_h
        row = min(th.px(40), room // max(1, len(SECTIONS)))
        self.items = [(s, Rect(self.list_area.x, self.list_area.y + note_h + i * row, self.list_area.w, row))
                      for i, s in enumerate(self.shown)]

    def search(self, text: str) -> None:
        self.query = text
        self.filter()

    def select(self, section: str) -> None:
        if section != self.section:
            self.section = section
            self.scroll = 0

    # -- the words of each section (what is drawn, and what the search looks in) --------------------------

    def numbers(self) -> dict[str, object]:
        cards = game_of(self.ctx).cards
        d = cards.dragons
        tame, wild = d.values[d.counted - 1]
        return {
            "legends": len(cards.legends), "row": cards.legend_row, "hand": cards.starting_hand,
            "unexplored": cards.unexplored, "conflict": signed(cards.conflict_points),
            "loners": join_names([card_name(cards, t) for t in cards.no_portals]),
            "categories": join_names([category_name(cards, c) for c in cards.categories]),
            "at_least": d.at_least,
            "domesticators": join_names([card_name(cards, t) for t in d.domesticators], "tooltip.or"),
            "tame": tame, "wild": abs(wild), "extra": abs(d.each_extra), "counted": d.counted,
        }

    def words(self, key: str) -> str:
        return tr(f"rules.{key}", **self.numbers())

    def section_words(self, section: str) -> list[str]:
        cards = game_of(self.ctx).cards
        out = [self.words(f"{section}.title")]
        keys = {
            "cards": ["cards.text", "cards.players", "cards.per_type", "cards.deck", "cards.legends"],
            "setup": ["setup.text", "setup.picture"],
            "placing": ["placing.text", "placing.ruling"],
            "draw_pile": ["draw_pile.text", "draw_pile.ruling"],
            "connection": ["connection.text", "connection.adjacent", "connection.portals", "connection.chain",
                           "connection.goblins", "connection.blocked", "connection.ruling"],
            "tribes": ["tribes.text", "tribes.direct"],
            "dragons": ["dragons.text", "dragons.ruling"],
            "examples": ["examples.text"] + [f"examples.{e}" for e in EXAMPLES],
            "controls": ["controls.text"] + [f"controls.{c}.{p}" for c in CONTROLS for p in ("keys", "does")],
        }.get(section, [f"{section}.text"])
        out += [self.words(k) for k in keys]
        if section in ("cards", "tribes", "conflicts"):
            out += [card_name(cards, t.id) for t in cards.types]
        if section == "legends":
            for legend in cards.legends:
                out += [legend_name(cards, legend.id), legend_text(cards, legend.id), family_name(cards, legend.family)]
        return out

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

    def table(self, rows: list[list[object]], widths: list[int], head: bool = True) -> Part:
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

    def card(self, type_id: str | None, w: int) -> Part:
        h = round(w / CARD_ASPECT)
        return card_pictures(self.ctx).back(w, h) if type_id is None else card_pictures(self.ctx).face(type_id, w, h)

    def diagram(self, cells: dict[tuple[int, int], str | None], w: int) -> Part:
        """Small cards at grid places (None: face down); places not given stay empty."""
        gap = max(2, round(w * 0.07))
        h = round(w / CARD_ASPECT)
        rows = max(r for r, _ in cells) + 1
        cols = max(c for _, c in cells) + 1
        out = pygame.Surface((cols * w + (cols - 1) * gap, rows * h + (rows - 1) * gap), pygame.SRCALPHA)
        for (r, c), type_id in cells.items():
            out.blit(self.card(type_id, w), (c * (w + gap), r * (h + gap)))
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

    def mini(self) -> int:
        return self.ctx.theme.px(46)

    # Sections with more than a paragraph.

    def page_cards(self, width: int) -> list[Part]:
        th, cards = self.ctx.theme, game_of(self.ctx).cards
        w = min(th.px(120), (width - 4 * th.px(16)) // 5)
        faces = [self.card(t.id, w) for t in cards.types]
        counts = range(cards.min_players, cards.max_players + 1)
        first = round(width * 0.4)
        widths = [first] + [(width - first) // len(counts)] * len(counts)
        deck = dict(cards.deck_size)
        rows = [[tr("rules.cards.players")] + [str(n) for n in counts],
                [tr("rules.cards.per_type")] + [str(cards.types[0].count_for(n)) for n in counts],
                [tr("rules.cards.deck")] + [str(deck.get(n, "")) for n in counts]]
        return [self.para(self.words("cards.text"), width), self.row(faces, width, th.px(16)),
                self.table(rows, widths), self.para(self.words("cards.legends"), width, theme.INK_MUTED)]

    def page_setup(self, width: int) -> list[Part]:
        start = {(r, c): None for r in range(4) for c in range(4)}
        start |= {(1, 1): "human", (1, 2): "plain", (2, 1): "forest", (2, 2): "elf"}
        picture = self.captioned(self.diagram(start, self.mini()), self.words("setup.picture"), width // 2)
        return [self.para(self.words("setup.text"), width), picture]

    def page_placing(self, width: int) -> list[Part]:
        return [self.para(self.words("placing.text"), width), self.ruling(self.words("placing.ruling"), width)]

    def page_draw_pile(self, width: int) -> list[Part]:
        return [self.para(self.words("draw_pile.text"), width), self.ruling(self.words("draw_pile.ruling"), width)]

    def page_connection(self, width: int) -> list[Part]:
        w = self.mini()
        third = (width - 2 * self.ctx.theme.px(18)) // 3
        adjacent = self.diagram({(0, 1): "forest", (1, 0): "forest", (1, 1): "elf", (1, 2): "forest", (2, 1): "forest",
                                 (0, 0): None, (0, 2): None, (2, 0): None, (2, 2): None}, w)
        chain = self.diagram({(0, 0): "elf", (0, 1): "portal", (0, 2): "portal", (0, 3): "forest"}, w)
        blocked = self.diagram({(0, 0): "human", (0, 1): "portal", (0, 2): "goblin"}, w)
        pictures = self.row([self.captioned(adjacent, self.words("connection.adjacent"), third),
                             self.captioned(chain, self.words("connection.chain"), third),
                             self.captioned(blocked, self.words("connection.blocked"), third)], width)
        return [self.para(self.words("connection.text"), width), self.para(self.words("connection.portals"), width),
                pictures, self.para(self.words("connection.goblins"), width),
                self.ruling(self.words("connection.ruling"), width)]

    def page_legends(self, width: int) -> list[Part]:
        th, text, cards = self.ctx.theme, self.ctx.text, game_of(self.ctx).cards
        parts = [self.para(self.words("legends.text"), width)]
        lw = th.px(118)
        lh = round(lw / LEGEND_ASPECT)
        for legend in cards.legends:
            words_w = round((width - lw - th.px(40)) * 0.5)
            name = text.block(legend_name(cards, legend.id), "heading", th.text(24), theme.GOLD, words_w)
            family = text.block(f"{family_name(cards, legend.family)} · {tr('rules.points', points=legend.points)}",
                                "bold", th.text(18), theme.INK_MUTED, words_w)
            need = text.block(legend_text(cards, legend.id), "body", th.text(20), theme.INK, words_w)
            drawing = self.requirement(legend.requires, width - lw - words_w - th.px(40))
            height = max(lh, name.get_height() + family.get_height() + need.get_height() + th.px(12),
                         drawing.get_height())
            entry = pygame.Surface((width, height + th.px(12)), pygame.SRCALPHA)
            pygame.draw.line(entry, theme.PANEL_EDGE, (0, entry.get_height() - 1), (width, entry.get_height() - 1))
            entry.blit(card_pictures(self.ctx).legend(legend.id, lw, lh), (0, 0))
            x = lw + th.px(20)
            y = 0
            for part in (name, family, need):
                blit_at(entry, part, "topleft", (x, y))
                y += part.get_height() + th.px(6)
            blit_at(entry, drawing, "midleft", (x + words_w + th.px(20), height // 2))
            parts.append(entry)
        return parts

    def requirement(self, req: Requirement, width: int) -> Part:
        """A legend's requirement drawn with small cards, from its pattern in the card data."""
        th, text = self.ctx.theme, self.ctx.text
        w = self.mini()
        if req.pattern == "any":
            options = [self.requirement(o, width) for o in req.options]
            word = text.fitted(tr("rules.or"), "bold", th.text(20), theme.GOLD, th.px(80))
            joined: list[Part] = []
            for i, option in enumerate(options):
                if i:
                    joined.append(word)
                joined.append(option)
            total = sum(p.get_width() for p in joined) + th.px(12) * (len(joined) - 1)
            if total <= width:
                out = pygame.Surface((total, max(p.get_height() for p in joined)), pygame.SRCALPHA)
                x = 0
                for part in joined:
                    blit_at(out, part, "midleft", (x, out.get_height() // 2))
                    x += part.get_width() + th.px(12)
                return out
            height = sum(p.get_height() for p in joined) + th.px(6) * (len(joined) - 1)
            out = pygame.Surface((max(p.get_width() for p in joined), height), pygame.SRCALPHA)
            y = 0
            for part in joined:
                blit_at(out, part, "midtop", (out.get_width() // 2, y))
                y += part.get_height() + th.px(6)
            return out
        if req.pattern == "pair":
            return self.diagram({(0, 0): req.types[0], (0, 1): req.types[1]}, w)
        if req.pattern == "group":
            places = [(0, 0), (0, 1), (1, 1), (1, 2), (2, 2), (2, 3)]
            return self.diagram({places[i]: req.types[0] for i in range(min(req.size, len(places)))}, w)
        if req.pattern == "hub":
            around = [(1, 0), (1, 2), (0, 1), (2, 1)][:max(1, req.size)]
            cells = {(1, 1): req.types[0]} | {p: req.types[1] for p in around}
            if req.size <= 2:
                cells = {(r - 1, c): t for (r, c), t in cells.items()}
            return self.diagram(cells, w)
        # present: the cards apart from each other, anywhere in the kingdom
        cells = {(i % 2, 2 * (i // 2) + i % 2): t for i, t in enumerate(req.types)}
        return self.captioned(self.diagram(cells, w), tr("rules.anywhere"), 0)

    def page_tribes(self, width: int) -> list[Part]:
        th, cards = self.ctx.theme, game_of(self.ctx).cards
        lands = [t.id for t in cards.types if t.family == "land"]
        first = round(width * 0.28)
        widths = [first] + [(width - first) // len(lands)] * len(lands)
        w = th.px(34)

        def named(type_id: str) -> Part:
            label = self.ctx.text.fitted(card_name(cards, type_id), "bold", th.text(20), theme.GOLD,
                                         widths[1] - w - th.px(26))
            out = pygame.Surface((w + th.px(8) + label.get_width(), round(w / CARD_ASPECT)), pygame.SRCALPHA)
            out.blit(self.card(type_id, w), (0, 0))
            blit_at(out, label, "midleft", (w + th.px(8), out.get_height() // 2))
            return out

        rows: list[list[object]] = [[""] + [named(land) for land in lands]]
        for tribe, values in cards.tribe_values:
            value = dict(values)
            cells: list[object] = [named(tribe)]
            for land in lands:
                v = value.get(land)
                cells.append(("·", theme.INK_MUTED) if v is None else (signed(v), theme.GOOD if v > 0 else theme.BAD))
            rows.append(cells)
        parts = [self.para(self.words("tribes.text"), width), self.table(rows, widths)]
        if cards.no_portals:
            parts.append(self.para(self.words("tribes.direct"), width, theme.INK_MUTED))
        return parts

    def page_conflicts(self, width: int) -> list[Part]:
        th, text, cards = self.ctx.theme, self.ctx.text, game_of(self.ctx).cards
        pairs = []
        for a, b in cards.hostile:
            picture = self.diagram({(0, 0): a, (0, 1): b}, self.mini())
            points = text.fitted(signed(cards.conflict_points), "number", th.text(22), theme.BAD, th.px(60))
            out = pygame.Surface((picture.get_width() + th.px(10) + points.get_width(), picture.get_height()),
                                 pygame.SRCALPHA)
            out.blit(picture, (0, 0))
            blit_at(out, points, "midleft", (picture.get_width() + th.px(10), out.get_height() // 2))
            pairs.append(out)
        return [self.para(self.words("conflicts.text"), width), self.row(pairs, width, th.px(34))]

    def page_dragons(self, width: int) -> list[Part]:
        d = game_of(self.ctx).cards.dragons
        widths = [round(width * 0.2), round(width * 0.4), width - round(width * 0.2) - round(width * 0.4)]
        rows: list[list[object]] = [[tr("rules.dragons.count"), tr("rules.dragons.tame"), tr("rules.dragons.wild")]]
        rows += [[str(n), signed(tame), signed(wild)] for n, (tame, wild) in enumerate(d.values, start=1)]
        rows.append([f"{d.counted + 1}+", tr("rules.dragons.beyond_tame", counted=d.counted),
                     tr("rules.dragons.beyond_wild", extra=signed(d.each_extra))])
        example = self.example("f", width)
        return [self.para(self.words("dragons.text"), width), self.table(rows, widths),
                self.ruling(self.words("dragons.ruling"), width), example]

    def page_winner(self, width: int) -> list[Part]:
        return [self.para(self.words("winner.text"), width)]

    def example(self, name: str, width: int) -> Part:
        """A worked example: the kingdom, what the rule book says, and the engine's score of it."""
        th, text, rules, cards = self.ctx.theme, self.ctx.text, game_of(self.ctx).rules, game_of(self.ctx).cards
        grid = parse_grid(EXAMPLES[name])
        picture = self.diagram(grid, th.px(34))
        kingdom = rules.kingdom_from_ids([[grid[(r, c)] for c in range(4)] for r in range(4)])
        score = rules.breakdown(kingdom)
        words_w = width - picture.get_width() - th.px(20)
        letter = text.fitted(name.upper(), "title", th.text(30), theme.GOLD, words_w)
        told = text.block(self.words(f"examples.{name}"), "body", th.text(20), theme.INK, words_w)
        lines = [f"{category_name(cards, c)} {signed(v)}" for c, v in zip(score.categories, score.values) if v]
        lines.append(tr("rules.examples.total", total=number(score.total)))
        result = text.block(" · ".join(lines), "bold", th.text(20), theme.GOLD, words_w)
        height = max(picture.get_height(), letter.get_height() + told.get_height() + result.get_height() + th.px(12))
        out = pygame.Surface((width, height), pygame.SRCALPHA)
        out.blit(picture, (0, 0))
        y = 0
        for part in (letter, told, result):
            blit_at(out, part, "topleft", (picture.get_width() + th.px(20), y))
            y += part.get_height() + th.px(6)
        return out

    def page_examples(self, width: int) -> list[Part]:
        th = self.ctx.theme
        half = (width - th.px(30)) // 2
        return [self.para(self.words("examples.text"), width),
                self.row([self.example(name, half) for name in EXAMPLES], width, th.px(30))]

    def page_controls(self, width: int) -> list[Part]:
        key_w = round(width * 0.26)
        rows = [[(tr(f"rules.controls.{c}.keys"), theme.GOLD), tr(f"rules.controls.{c}.does")] for c in CONTROLS]
        return [self.para(self.words("controls.text"), width), self.table(rows, [key_w, width - key_w], head=False)]

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

    def draw(self, surface: pygame.Surface) -> None:
        th, text = self.ctx.theme, self.ctx.text
        self.draw_backdrop(surface)
        self.draw_title(surface, tr("rules.title"))
        # The index.
        query = self.query.strip()
        if query:
            note = tr("rules.matches", count=len(self.shown), total=len(SECTIONS)) if self.shown \
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
        # The section.
        surface.blit(self.ctx.art.panel(self.view.w, self.view.h, alpha=205), self.view)
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
        self.widgets.draw(surface, self.ctx)
