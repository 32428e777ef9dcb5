"""The rules reference: every section of the rule book, searchable, with tables made from the card data."""

from __future__ import annotations

import shutil

import pygame
import pytest
import yaml

from conftest import aetherya_game
from drako_desktop import i18n, resources
from drako_desktop.games.aetherya_pocket import AetheryaPocket
from drako_desktop.games.aetherya_pocket.data import load_cards
from drako_desktop.games.aetherya_pocket.ui.rules_scene import EXAMPLES, SECTIONS, RulesScene, parse_grid
from drako_desktop.ui import text as text_module
from ui_support import click, frames, key, make_app


@pytest.fixture
def drawn():
    """The texts drawn while the test runs (the layout tests' hook, read here for what a page says)."""
    text_module.checking = text_module.TextCheck()
    yield lambda: [words for words, _ in text_module.checking.surfaces.values()]
    text_module.checking = None
    i18n.set_language("en")


def open_rules(game=None, **settings):
    app = make_app(game or aetherya_game(), **settings)
    app.main_menu()
    app.open_rules()
    frames(app, 2)
    return app, app.scenes.top


def test_the_reference_covers_the_rule_book_section_by_section(rules):
    app, scene = open_rules()
    assert isinstance(scene, RulesScene)
    assert [s for s, _ in scene.items] == list(SECTIONS)
    for section in ("goal", "cards", "setup", "turn", "placing", "draw_pile", "connection", "legends", "end",
                    "tribes", "conflicts", "dragons", "winner", "examples", "controls", "one_screen"):
        assert section in SECTIONS
    # Clicking in the index opens a section; long ones scroll.
    section, rect = scene.items[SECTIONS.index("legends")]
    click(app, rect.center)
    assert scene.section == "legends" and scene.max_scroll > 0
    frames(app, 1, [key(pygame.K_PAGEDOWN)])
    assert scene.scroll > 0
    frames(app, 1, [key(pygame.K_DOWN)])
    assert scene.section == "end" and scene.scroll == 0
    app.close()


def test_typing_searches_every_word_of_the_sections(rules):
    app, scene = open_rules()
    frames(app, 1, [pygame.event.Event(pygame.TEXTINPUT, text="portal")])
    assert scene.query == "portal"
    assert {"cards", "placing", "connection", "examples"} <= set(scene.shown) and "winner" not in scene.shown
    assert scene.section in scene.shown
    frames(app, 1, [key(pygame.K_BACKSPACE)] * 6 + [pygame.event.Event(pygame.TEXTINPUT, text="Tribe of Elves")])
    assert scene.shown == ["legends"]  # a legend's name finds the legends section
    scene.search("zzzz")
    assert scene.shown == []
    frames(app, 2)  # nothing found: the index says so, the page stays
    app.close()


@pytest.mark.parametrize("language, words", [("en", "legend deck"), ("zh-TW", "傳奇牌堆")])
def test_what_nobody_knows_includes_the_legend_deck(rules, language, words):
    """Rule book 2.1: the legends not in the row are a face-down deck; "One screen, no secrets" said only the
    face-down cards and the draw pile were unknown."""
    app, scene = open_rules(language=language)
    scene.search(words)
    assert {"setup", "legends", "one_screen"} <= set(scene.shown)
    app.close()
    i18n.set_language("en")


def test_search_works_in_chinese(rules):
    app, scene = open_rules(language="zh-TW")
    scene.search("傳送門")
    assert {"connection", "examples"} <= set(scene.shown)
    scene.search("哥布林部落")
    assert scene.shown == ["legends"]
    app.close()
    i18n.set_language("en")


def test_rulings_are_marked_and_every_legend_is_drawn(rules, drawn):
    app, scene = open_rules()
    for section in ("placing", "draw_pile", "connection", "dragons"):
        scene.select(section)
        frames(app, 1)
    assert drawn().count("RULING") >= 1
    rulings = [w for w in drawn() if w.startswith(("A card taken", "When a card must be drawn", "Connection is a",
                                                   "With more than 3 Dragons"))]
    assert len(rulings) == 4
    for legend in rules.cards.legends:
        picture = scene.requirement(legend.requires, 600)
        assert picture.get_width() >= 2 * scene.mini() and picture.get_height() > 0
    app.close()


def test_the_worked_examples_are_scored_by_the_engine(rules):
    totals = {}
    for name, grid in EXAMPLES.items():
        cells = parse_grid(grid)
        kingdom = rules.kingdom_from_ids([[cells[(r, c)] for c in range(4)] for r in range(4)])
        totals[name] = rules.breakdown(kingdom).total
    assert totals == {"a": 4, "b": 6, "c": 0, "d": 2, "e": 3, "f": 0}  # rule book, section 7


def test_house_rules_show_their_own_numbers(tmp_path, drawn):
    folder = tmp_path / "house"
    shutil.copytree(resources.default_cards(), folder)
    scoring = yaml.safe_load((folder / "scoring.yaml").read_text())
    scoring["tribes"]["human"]["plain"] = 5
    scoring["conflicts"]["points"] = -3
    scoring["dragons"]["values"][1] = [7, -6]
    (folder / "scoring.yaml").write_text(yaml.safe_dump(scoring))
    app, scene = open_rules(AetheryaPocket(load_cards(folder)))
    for section in ("tribes", "conflicts", "dragons"):
        scene.select(section)
        frames(app, 1)
    words = drawn()
    assert "+5" in words and "−3" in words and "+7" in words and "−6" in words
    assert any("worth −3" in w for w in words)
    app.close()


@pytest.mark.parametrize("game", ["aetherya-pocket", "draco-mundis"])
def test_scrolling_draws_only_the_section_as_painted_afresh(game):
    """A scroll draws the section's panel and page only (a whole 4K frame is about 9 ms), a mouse move over
    nothing draws nothing, and either looks exactly as the screen painted afresh."""
    from drako_desktop.interface.registry import load

    app, scene = open_rules(load(game))

    def room(section: str) -> int:
        scene.select(section)
        return scene.max_scroll

    scene.select(max(scene.SECTIONS, key=room))  # the longest
    frames(app, 2)

    def afresh() -> None:
        shown = pygame.image.tobytes(app.surface, "RGB")
        app.scenes.forget_shown()
        frames(app)
        assert app.changed is None and pygame.image.tobytes(app.surface, "RGB") == shown

    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    scrolled = []
    for _ in range(4):
        before = scene.scroll
        frames(app, 1, [wheel])
        assert scene.scroll > before and app.changed == [scene.view]
        scrolled.append(pygame.image.tobytes(app.surface, "RGB"))
        afresh()
    assert len(set(scrolled)) == 4  # each scroll showed more of the page
    frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=(scene.view.centerx, scene.view.centery),
                                       rel=(1, 1), buttons=(0, 0, 0))])
    assert app.changed == []
    click(app, scene.items[2][1].center)  # another section: drawn whole
    assert scene.section == scene.shown[2] and app.changed is None
    afresh()
    app.close()


@pytest.mark.parametrize("game, language", [("aetherya-pocket", "en"), ("draco-mundis", "zh-TW")])
def test_the_first_section_names_the_rule_book_it_restates(game, language, drawn):
    """The source line under the first section names the game's rule book as the repository and the archives hold
    it (docs/rules/<game id>.md), in the player's language, and a search for its name finds the section."""
    from drako_desktop.interface.registry import load

    app, scene = open_rules(load(game), language=language)
    assert scene.RULE_BOOK == f"docs/rules/{game}.md" and (resources.root() / scene.RULE_BOOK).is_file()
    scene.select(scene.SECTIONS[0])
    frames(app, 1)
    assert [w for w in drawn() if scene.RULE_BOOK in w] == [i18n.tr("rules.source", path=scene.RULE_BOOK)]
    scene.search(f"{game}.md")
    assert scene.shown == [scene.SECTIONS[0]]
    app.close()
    i18n.set_language("en")
