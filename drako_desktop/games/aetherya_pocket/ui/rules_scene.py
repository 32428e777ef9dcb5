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

from collections.abc import Mapping

import pygame

from ....i18n import tr
from ....ui import theme
from ....ui.scenes.reference import Part, ReferenceScene
from ....ui.text import blit_at
from ....ui.tooltips import join_names, number, signed
from ..data import Requirement
from ..narrate import category_name
from ..words import card_name, family_name, legend_name, legend_text
from . import card_pictures, game_of
from .card_art import CARD_ASPECT, LEGEND_ASPECT

SECTIONS = ("goal", "cards", "setup", "turn", "placing", "draw_pile", "connection", "legends", "end", "tribes",
            "conflicts", "dragons", "winner", "examples", "controls", "one_screen")
CONTROLS = ("drag", "click", "right_click", "arrows", "enter", "escape", "end_turn", "undo", "log", "hint", "rules",
            "fullscreen", "search")
# The rule book's worked examples (section 7): rows top to bottom, "?" a face-down card.
EXAMPLES = {
    "a": "human plain / plain forest",
    "b": "goblin swamp goblin",
    "c": "human portal goblin",
    "d": "elf portal portal forest",
    "e": "? human / ? dragon / ? human",
    "f": "human dragon human / dragon human / ? / dragon ? dragon",
}


def parse_grid(text: str) -> dict[tuple[int, int], str | None]:
    """'human plain / ? forest' -> {(row, col): type id, or None for face down}; the rest face down."""
    cells: dict[tuple[int, int], str | None] = {(r, c): None for r in range(4) for c in range(4)}
    for r, row in enumerate(text.split("/")):
        for c, cell in enumerate(row.split()):
            cells[(r, c)] = None if cell == "?" else cell
    return cells


class RulesScene(ReferenceScene):
    SECTIONS = SECTIONS
    PREFIX = "rules"
    RULE_BOOK = "docs/rules/aetherya-pocket.md"

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

    def card(self, type_id: str | None, w: int) -> Part:
        h = round(w / CARD_ASPECT)
        return card_pictures(self.ctx).back(w, h) if type_id is None else card_pictures(self.ctx).face(type_id, w, h)

    def diagram(self, cells: Mapping[tuple[int, int], str | None], w: int) -> Part:
        """Small cards at grid places (None: face down); places not given stay empty."""
        gap = max(2, round(w * 0.07))
        h = round(w / CARD_ASPECT)
        rows = max(r for r, _ in cells) + 1
        cols = max(c for _, c in cells) + 1
        out = pygame.Surface((cols * w + (cols - 1) * gap, rows * h + (rows - 1) * gap), pygame.SRCALPHA)
        for (r, c), type_id in cells.items():
            out.blit(self.card(type_id, w), (c * (w + gap), r * (h + gap)))
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
        start: dict[tuple[int, int], str | None] = {(r, c): None for r in range(4) for c in range(4)}
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
