"""The UI's pure parts: layout invariants, tooltips from the card data, text fitting, tie-break words."""

from __future__ import annotations

import pygame
import pytest

from drako_desktop import i18n
from drako_desktop.games.aetherya_pocket.engine import category_scores
from drako_desktop.games.aetherya_pocket.ui import tie_break_text
from drako_desktop.games.aetherya_pocket.ui.card_tips import card_tooltip, legend_tooltip
from drako_desktop.games.aetherya_pocket.ui.layout import layout_problems, table_layout
from drako_desktop.ui import table_parts, theme
from drako_desktop.ui.tooltips import number, signed
from ui_support import make_app

SIZES = [(1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160), (1280, 1024), (2560, 1080)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("log_open", [False, True])
def test_layout_fits_every_window_and_player_count(size, players, log_open):
    for active in range(players):
        layout = table_layout(size, players, active, log_open)
        assert layout_problems(layout) == []
        assert set(layout.kingdoms) == set(range(players))
        assert all(box.card[0] < layout.active_box.card[0] for s, box in layout.kingdoms.items() if s != active)


def test_layout_problems_notices_overlaps():
    layout = table_layout((1600, 900), 2, 0)
    layout.piles.x = layout.legend_area.x  # push the piles onto the legends
    assert any("overlaps" in p for p in layout_problems(layout))


def test_tooltips_speak_the_rule_book(cards):
    elf = card_tooltip(cards, "elf")
    assert elf.lines[0] == "Scores +2 per connected Forest, −1 per connected Swamp."
    assert "Conflict (−2) with each connected Goblin or Dwarf." in elf.lines
    assert "Can use Portals to connect." in elf.lines
    goblin = card_tooltip(cards, "goblin")
    assert "Cannot use Portals: only direct neighbours count." in goblin.lines
    dragon = card_tooltip(cards, "dragon")
    assert "1 in the kingdom: each domesticated +3, each wild −3." in dragon.lines
    assert dragon.lines[-1].startswith("Locked")
    forest = card_tooltip(cards, "forest")
    assert forest.lines[0] == "Scores nothing itself; each connected tribe scores for it: Elf +2, Human +1."
    legend = legend_tooltip(cards, "lands-forest", met=True)
    assert legend.title == "Lands of Forests" and "Worth 4 points" in legend.lines[1]


def test_numbers_use_a_real_minus_sign():
    assert (signed(3), signed(0), signed(-2), number(-5), number(7)) == ("+3", "0", "−2", "−5", "7")


def test_tie_break_is_explained(cards):
    categories = cards.categories
    a = category_scores(categories, (4, 0, 2, 0, 0, 0, 0))
    b = category_scores(categories, (3, 0, 3, 0, 0, 0, 0))
    c = category_scores(categories, (1, 0, 0, 0, 0, 0, 0))
    assert tie_break_text(["Ana", "Bo", "Cy"], [a, b, c], [0]).startswith("Ana and Bo tie on 6 points.")
    assert tie_break_text(["Ana", "Bo", "Cy"], [a, b, c], [0]).endswith("At position 1, Ana has 4, more than Bo (3).")
    assert "share the victory" in tie_break_text(["Ana", "Bo"], [a, a], [0, 1])
    assert tie_break_text(["Ana", "Cy"], [a, c], [0]) == ""
    # The lone person called You is spoken to: "you have", not "You has"; in Chinese too.
    assert tie_break_text(["You", "Bo"], [a, b], [0]).endswith("At position 1, you have 4, more than Bo (3).")
    i18n.set_language("zh-TW")
    try:
        assert tie_break_text(["你", "Bo"], [a, b], [0]).endswith("在第 1 項，你是 4，高於Bo（3）。")
    finally:
        i18n.set_language("en")


def tied(cards, *rows):
    return [category_scores(cards.categories, row) for row in rows]


def test_a_three_way_tie_names_each_deciding_comparison(cards):
    # Sorted high to low: Ana (6, 2, 1), Bo (6, 3), Cy (5, 4): all tie on 9. Cy is out at position 1
    # (Ana and Bo both have 6 there: that is no comparison between them), Bo wins at position 2.
    scores = tied(cards, (6, 2, 1, 0, 0, 0, 0), (6, 3, 0, 0, 0, 0, 0), (5, 4, 0, 0, 0, 0, 0))
    words = tie_break_text(["Ana", "Bo", "Cy"], scores, [1])
    assert words.startswith("Ana, Bo and Cy tie on 9 points.")
    assert words.endswith("At position 1, Ana and Bo have 6 each, more than Cy (5). "
                          "At position 2, Bo has 3, more than Ana (2).")


def test_a_four_way_tie_with_two_sharing_the_victory(cards):
    scores = tied(cards, (5, 1, 0, 0, 0, 0, 0), (4, 2, 0, 0, 0, 0, 0), (5, 1, 0, 0, 0, 0, 0), (3, 3, 0, 0, 0, 0, 0))
    words = tie_break_text(["Ana", "Bo", "Cy", "Dag"], scores, [0, 2])
    assert words.endswith("At position 1, Ana and Cy have 5 each, more than Bo (4) and Dag (3). "
                          "Ana and Cy are equal at every position: they share the victory.")
    everyone = tied(cards, *[(3, 1, 0, 0, 0, 0, 0)] * 4)
    assert tie_break_text(["Ana", "Bo", "Cy", "Dag"], everyone, [0, 1, 2, 3]).startswith(
        "Ana, Bo, Cy and Dag tie on 4 points and on every category")


def test_a_tie_is_explained_in_chinese(cards):
    scores = tied(cards, (6, 2, 1, 0, 0, 0, 0), (6, 3, 0, 0, 0, 0, 0), (5, 4, 0, 0, 0, 0, 0))
    i18n.set_language("zh-TW")
    try:
        words = tie_break_text(["Ana", "Bo", "Cy"], scores, [1])
    finally:
        i18n.set_language("en")
    assert words == ("Ana、Bo和Cy以 9 和諧點數同分。破平規則（6.5）：把每位玩家的七類分數由高到低排序後依序比較。"
                     "在第 1 項，Ana和Bo都是 6，高於Cy（5）。在第 2 項，Bo是 3，高於Ana（2）。")


def test_text_fits_its_box(aetherya, rules):
    app = make_app(aetherya)
    text = app.ctx.text
    long = "Alliance: Human and Elf, with a very long translated name indeed"
    line = text.fitted(long, "heading", 30, (255, 255, 255), 200)
    assert line.get_width() <= 200
    block = text.block(long * 3, "body", 20, (255, 255, 255), 150, max_height=80)
    assert block.get_width() <= 150 and block.get_height() <= 80
    assert text.wrap("一二三四五六七八九十" * 4, "body", 20, 60)  # no spaces: breaks between characters
    app.close()


def test_language_switch_rebuilds_fonts_and_layout_mid_game(aetherya, rules):
    from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
    from ui_support import frames

    app = make_app(aetherya, language="en")
    table = app.start_game(GameSetup((Seat("Ana"), Seat("Bo", COMPUTER, "random")), seed=1))
    frames(app, 3)
    fonts, painter = app.ctx.fonts, table.board.painter
    app.update_settings(language="en")  # same language: nothing to do
    assert app.ctx.fonts is fonts
    app.set_language("en")  # what choosing a language does: new fonts, text and art; every scene lays out again
    assert app.ctx.fonts is not fonts and table.board.painter is not painter
    frames(app, 3)
    assert layout_problems(table.board.layout) == []
    app.close()


def test_a_pulsing_glow_fades_in_steps_made_once(aetherya):
    """The last turns' places pulse with a glow at a strength between 0 and 1: each step is a faded copy of the
    glow (made once), not the glow blended through a surface alpha every frame."""
    app = make_app(aetherya)
    art, gold = app.ctx.art, theme.GOLD
    glow = art.glow(100, 125, gold)
    assert art.faded_glow(100, 125, gold, 1.0) is glow
    half = art.faded_glow(100, 125, gold, 0.5)
    assert half is art.faded_glow(100, 125, gold, 0.52)  # the same step
    assert half.get_size() == glow.get_size()
    full_alpha = sum(pygame.image.tobytes(glow, "RGBA")[3::4])
    half_alpha = sum(pygame.image.tobytes(half, "RGBA")[3::4])
    assert 0.45 * full_alpha < half_alpha < 0.55 * full_alpha
    faint = art.faded_glow(100, 125, gold, 0.03)  # the faintest pulse still shows
    assert 0 < sum(pygame.image.tobytes(faint, "RGBA")[3::4]) < 0.1 * full_alpha
    app.close()


def test_the_banner_fades_one_solid_band_made_once(aetherya):
    """Both games' banner (whose turn, the game's end): a dark band across the middle, faded as a whole, with
    the words; the band is made once for the window's width, not a see-through copy every frame."""
    app = make_app(aetherya, size=(1280, 720))
    ground = (120, 120, 120)
    shown = {}
    for alpha in (1.0, 0.5):
        surface = pygame.Surface((1280, 720))
        surface.fill(ground)
        table_parts.banner(surface, app.ctx, "Ann's turn", alpha)
        shown[alpha] = surface.get_at((20, 360))[:3]  # in the band, left of the words and of its gold lines
        assert surface.get_at((20, 100))[:3] == ground  # above the band: untouched
        assert any(surface.get_at((x, 360))[:3] != shown[alpha] for x in range(500, 780))  # the words
        bands = [key for key in app.ctx.art._cache if key[0] == "banner"]
        assert len(bands) == 1  # the band made at 1.0 serves 0.5 too
    dark = (8, 10, 18)
    for alpha, colour in shown.items():
        a = round(215 * alpha) / 255
        assert all(abs(c - (g * (1 - a) + d * a)) <= 2 for c, g, d in zip(colour, ground, dark))
    app.close()


def test_pictures_kept_go_least_recently_asked_first_past_their_bytes_or_number():
    from drako_desktop.ui.kept import KeptPictures

    kept = KeptPictures(most_bytes=3 * 400, most=5)  # three 10 x 10 pictures of 4 bytes a pixel
    pictures = {name: pygame.Surface((10, 10), pygame.SRCALPHA) for name in "abcd"}
    for name in "abc":
        kept.keep((name,), pictures[name])
    assert kept.get(("a",)) is pictures["a"]  # asked for: now the most recent
    kept.keep(("d",), pictures["d"])
    assert list(kept) == [("c",), ("a",), ("d",)] and kept.bytes == 1200  # b went first
    kept.keep(("d",), pygame.Surface((5, 5), pygame.SRCALPHA))  # made again, smaller
    assert kept.bytes == 900 and len(kept) == 3
    numbered = KeptPictures(most_bytes=10**9, most=2)
    for name in "abc":
        numbered.keep((name,), pictures[name])
    assert list(numbered) == [("b",), ("c",)]
