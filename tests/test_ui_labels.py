"""Words on the cards never vanish and are never split inside a word; the Claim ribbon covers no words."""

from __future__ import annotations

import pygame
import pytest
from pygame import Rect

from conftest import aetherya_game
from drako_desktop import i18n
from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.games.aetherya_pocket.ui import card_pictures
from drako_desktop.games.aetherya_pocket.ui.card_art import ribbon_band
from drako_desktop.games.aetherya_pocket.ui.layout import table_layout
from drako_desktop.games.aetherya_pocket.words import legend_name, legend_text
from drako_desktop.ui import text as text_module
from drako_desktop.ui.fonts import Fonts
from drako_desktop.ui.text import Text
from ui_support import frames, make_app, screenshot

SIZES = [(1280, 720), (1600, 900)]


@pytest.fixture(params=["en", "zh-TW"])
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def table_at(size, players, language):
    app = make_app(aetherya_game(), size=size, language=language)
    seats = [Seat("Ana")] + [Seat(f"C{i}", COMPUTER, "random") for i in range(players - 1)]
    table = app.start_game(GameSetup(tuple(seats), 5))
    frames(app)
    return app, table


def card_sizes(size, players):
    rules = aetherya_game().rules
    sizes = set()
    for active in range(players):
        layout = table_layout(size, players, active, False, legend_count=rules.cards.legend_row)
        sizes |= {box.card for box in layout.kingdoms.values()}
    return sorted(sizes)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_card_shows_its_name_at_every_size(size, players, language):
    """MOUNTAIN at 1280 x 720 and MAGICAL PORTAL at 1600 x 900 were left blank in the small kingdoms."""
    app, table = table_at(size, players, language)
    pictures, rules = card_pictures(app.ctx), aetherya_game().rules
    named = [(w, h) for w, h in card_sizes(size, players) if h >= 64]  # smaller cards show only their icon
    assert named
    for w, h in named:
        m = max(2, round(w * 0.045))
        for card in rules.type_ids:
            label = pictures.name_label(card, w, h)
            ink = label.get_bounding_rect()
            assert ink.w > 0 and ink.h > 0, (card, w, h)
            assert label.get_width() <= w - 4 * m and label.get_height() <= round(h * 0.3)
    app.close()


def words_of(lines):
    return " ".join(lines).split()


@pytest.mark.parametrize("width", range(40, 200, 7))
def test_legend_texts_break_between_words(width):
    """"Dwar ves": a line never ends inside a word unless the word alone is wider than the line (hyphenated)."""
    pygame.init()
    text, cards = Text(Fonts("en")), aetherya_game().cards
    for legend in aetherya_game().rules.legend_ids:
        for words in (legend_text(cards, legend), legend_name(cards, legend)):
            lines = text.wrap(words, "body", 13, width)
            assert words_of(lines) == words.split()
            hyphenated = text.wrap(words, "body", 13, width, hyphenate=True)
            assert all(text.width(line, "body", 13) <= width for line in hyphenated)
            joined = " ".join(hyphenated).replace("- ", "")
            assert joined.split() == words.split()


def test_a_word_wider_than_the_line_shrinks_then_hyphenates_but_is_never_cut():
    pygame.init()
    text = Text(Fonts("en"))
    check = text_module.checking = text_module.TextCheck()
    try:
        text.block("Dwarves", "heading", 20, (0, 0, 0), 70)  # fits once smaller
        text.block("Dwarves", "heading", 20, (0, 0, 0), 30, min_size=12)  # not even at the floor: hyphenated
    finally:
        text_module.checking = None
    assert check.clipped == []
    assert text.wrap("Dwarves", "heading", 12, 30, hyphenate=True)[0].endswith("-")


@pytest.mark.parametrize("size", SIZES)
def test_the_claim_ribbon_covers_no_words_of_a_legend(size, language):
    app, table = table_at(size, 4, language)
    pictures, rules = card_pictures(app.ctx), aetherya_game().rules
    slot = table.board.layout.legend_slots[0]
    check = text_module.checking = text_module.TextCheck()
    try:
        for legend in rules.legend_ids:
            check.placed.clear()
            pictures.legend(legend, slot.w + 1, slot.h, ribbon=True)  # drawn afresh (the slot's size is cached)
            room = ribbon_band(slot.w + 1, slot.h)
            assert check.placed and all(not rect.colliderect(room) for _, rect, _ in check.placed), legend
        check.placed.clear()
        surface = pygame.Surface(app.surface.get_size())
        table.board.painter.ribbon(surface, slot, i18n.tr("table.legend_met"), (200, 160, 60))
        (_, label, _), = check.placed
        assert ribbon_band(slot.w, slot.h).move(slot.topleft).contains(label)
    finally:
        text_module.checking = None
    app.close()


@pytest.mark.parametrize("size", SIZES + [(3840, 2160)])
def test_a_legends_words_keep_clear_of_its_inner_frame(size, language):
    """"3 Forests connected" and "connected to 2 Goblins" ran from one side of the card's inner frame to the
    other, the frame's line through their first and last letters."""
    app, table = table_at(size, 4, language)
    pictures, rules = card_pictures(app.ctx), aetherya_game().rules
    slot = table.board.layout.legend_slots[0]
    w, h = slot.w + 1, slot.h  # drawn afresh (the slot's size is cached)
    m = max(3, round(w * 0.06))  # where the inner frame is drawn
    clear = Rect(m + 3, 0, w - 2 * (m + 3), h)  # at least two pixels of paper between the frame and a letter
    check = text_module.checking = text_module.TextCheck()
    try:
        for legend in rules.legend_ids:
            check.placed.clear()
            pictures.legend(legend, w, h, ribbon=True)
            words = [rect for _, rect, _ in check.placed]
            assert words and all(clear.left <= r.left and r.right <= clear.right for r in words), legend
    finally:
        text_module.checking = None
    frames(app, 2)
    screenshot(app, f"legend-words-clear-of-the-frame-{size[0]}-{i18n.language()}")
    app.close()
