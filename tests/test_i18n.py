"""Translations: every language has every text, with the same placeholders, in glyphs its fonts have.

A language is one YAML file in drako_desktop/locales/. These tests hold each
file to English's keys and {placeholders}, check that the bundled font used
for that language can draw every character of every string (a missing glyph
would show as a blank or a box), keep zh-TW in Traditional characters and
Taiwanese wording, and keep the CJK font subset small.
"""

from __future__ import annotations

import os
import re
import string

import pygame
import pygame.freetype
import pytest

from drako_desktop import i18n, resources
from drako_desktop.games.aetherya_pocket.words import card_name, legend_name
from drako_desktop.i18n import _flatten, _read, language_files, language_strings
from drako_desktop.ui.fonts import FILES_BY_LANGUAGE

LOCALES = resources.package() / "locales"
LANGUAGES = sorted(p.stem for p in LOCALES.glob("*.yaml"))
# Keys a language may add beyond English: names that English takes from the card data.
CARD_DATA_KEYS = re.compile(r"^(cards\.[a-z-]+|legends\.[a-z-]+\.(name|text)|families\.[a-z-]+)$")
# Characters the code draws itself, in every language (minus sign, arrows, ellipsis, separators, digits).
CODE_GLYPHS = "‹›−→…·×+%:()0123456789 "
LATIN_FONTS = ("SourceSans3-Regular.otf", "SourceSans3-Bold.otf")
CJK_FONTS = tuple(sorted(set(FILES_BY_LANGUAGE["zh-TW"].values())))
# Simplified forms (and mainland wording) that have no place in Taiwanese Traditional Chinese text.
SIMPLIFIED = set("这们说对时国还发经开关个来为会从动后机点电脑设认输选择显储钮页码图标赢胜负难简单龙灵组连获结计类击"
                 "让应该请门见边过现进无长么样将与离线网络软终场战赛队号")
MAINLAND_TERMS = ("屏幕", "默認", "鼠標", "窗口", "文件", "程序", "信息", "全屏", "字體", "圖標", "用戶", "軟件",
                  "網絡", "視頻", "激活", "菜單")


def strings(code: str) -> dict[str, str]:
    return language_strings(LOCALES, code)


def test_no_key_is_in_two_files_of_a_language():
    for code in LANGUAGES:
        seen: dict[str, str] = {}
        for path in language_files(LOCALES, code):
            for key in _flatten(_read(path)):
                assert key not in seen, f"{key} is in both {seen[key]} and {path.name}"
                seen[key] = path.name


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def missing_glyphs(font_file: str, texts: dict[str, str]) -> dict[str, list[str]]:
    """key -> the characters of its text the font has no glyph for."""
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    face = pygame.freetype.Font(str(resources.fonts() / font_file), 16)
    known: dict[str, bool] = {}
    out: dict[str, list[str]] = {}
    for key, text in texts.items():
        bad = []
        for ch in text:
            if ch in "\n\t" or ch.isspace() and ch == " ":
                continue
            if ch not in known:
                known[ch] = face.get_metrics(ch)[0] is not None
            if not known[ch]:
                bad.append(f"{ch} (U+{ord(ch):04X})")
        if bad:
            out[key] = bad
    return out


def test_there_is_a_traditional_chinese_translation():
    assert "zh-TW" in LANGUAGES
    assert i18n.available_languages()["zh-TW"] == "繁體中文"


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_every_language_has_every_english_key_and_no_others(code):
    english, other = strings("en"), strings(code)
    missing = sorted(set(english) - set(other))
    extra = sorted(k for k in set(other) - set(english) if not CARD_DATA_KEYS.match(k))
    assert missing == [], f"{code}.yaml lacks {len(missing)} keys: {missing}"
    assert extra == [], f"{code}.yaml has keys English does not: {extra}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_draco_mundis_pass_and_end_turn_are_told_apart_by_their_words(code):
    # Pass gives up the actions left; End turn hands over a turn whose actions are spent. Side by side on the
    # table, they must not differ only by their key.
    texts = strings(code)
    without_key = [re.sub(r"[（(].*[)）]", "", texts[f"draco_table.{k}"]).strip() for k in ("pass", "end_turn")]
    assert without_key[0] != without_key[1]


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_placeholders_are_the_same_as_in_english(code):
    english, other = strings("en"), strings(code)
    wrong = {key: (sorted(placeholders(english[key])), sorted(placeholders(text)))
             for key, text in other.items() if key in english and placeholders(english[key]) != placeholders(text)}
    assert wrong == {}


def test_the_card_data_is_translated_into_chinese(cards):
    zh = strings("zh-TW")
    expected = {f"cards.{t.id}" for t in cards.types} | {f"families.{f.id}" for f in cards.legend_families}
    expected |= {f"legends.{leg.id}.{part}" for leg in cards.legends for part in ("name", "text")}
    assert sorted(expected - set(zh)) == []
    names = {key: zh[key] for key in ("cards.plain", "cards.swamp", "cards.mountain", "cards.forest", "cards.human",
                                      "cards.elf", "cards.dwarf", "cards.goblin", "cards.dragon", "cards.portal")}
    assert names == {"cards.plain": "平原", "cards.swamp": "沼澤", "cards.mountain": "山脈", "cards.forest": "森林",
                     "cards.human": "人類", "cards.elf": "精靈", "cards.dwarf": "矮人", "cards.goblin": "哥布林",
                     "cards.dragon": "龍", "cards.portal": "魔法傳送門"}
    assert zh["menu.title"] == "德拉克" and "和諧點數" in zh["table.points"]
    assert zh["table.unexplored"] == "未探索之地" and zh["table.legends"] == "傳奇"


def test_chinese_is_traditional_and_taiwanese():
    zh = strings("zh-TW")
    simplified = {key: sorted(set(text) & SIMPLIFIED) for key, text in zh.items() if set(text) & SIMPLIFIED}
    assert simplified == {}, "Simplified characters in zh-TW.yaml"
    mainland = {key: [t for t in MAINLAND_TERMS if t in text] for key, text in zh.items()
                if any(t in text for t in MAINLAND_TERMS)}
    assert mainland == {}, "mainland wording in zh-TW.yaml"
    ascii_punctuation = {key: text for key, text in zh.items()
                         if re.search(r"[\u4e00-\u9fff][,.;:!?]|[,.;:!?][\u4e00-\u9fff]", text)
                         and key != "new_game.computer_names"}
    assert ascii_punctuation == {}, "zh-TW uses full-width punctuation next to Chinese text"


def test_the_chinese_font_draws_every_character_of_the_chinese_texts():
    texts = strings("zh-TW") | {"(drawn by the code)": CODE_GLYPHS}
    problems = {font: missing_glyphs(font, texts) for font in CJK_FONTS}
    assert problems == {font: {} for font in CJK_FONTS}


def test_the_latin_fonts_draw_every_character_of_the_english_texts(cards):
    texts = strings("en") | {"(drawn by the code)": CODE_GLYPHS}
    texts |= {f"card data {t.id}": t.name for t in cards.types}
    texts |= {f"card data {leg.id}": f"{leg.name} {leg.text}" for leg in cards.legends}
    texts |= {f"card data {f.id}": f.name for f in cards.legend_families}
    problems = {font: missing_glyphs(font, texts) for font in LATIN_FONTS}
    assert problems == {font: {} for font in LATIN_FONTS}


def test_each_language_name_is_drawable_in_the_other_languages_fonts():
    """The language menu shows every language by its own name, whatever the current language."""
    names = {code: name for code, name in i18n.available_languages().items()}
    covered = [code for code, name in names.items()
               if not missing_glyphs(CJK_FONTS[0], {code: name}) or not missing_glyphs(LATIN_FONTS[0], {code: name})]
    assert sorted(covered) == sorted(names)


def test_the_cjk_font_subset_stays_small():
    total = sum((resources.fonts() / f).stat().st_size for f in CJK_FONTS)
    assert total < 4 * 1024 * 1024, f"{total / 1048576:.2f} MiB"


@pytest.mark.parametrize("value, expected", [
    ("zh_TW.UTF-8", "zh-TW"), ("zh_HK.UTF-8", "zh-TW"), ("zh_Hant_TW", "zh-TW"), ("en_GB.UTF-8", "en"),
    ("de_DE.UTF-8", "en"), ("C", "en"),
])
def test_the_system_language_decides_by_default(monkeypatch, value, expected):
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", value)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: (None, None))
    assert i18n.detect_language() == expected


def test_switching_language_translates_tr_and_card_names(cards):
    try:
        assert i18n.set_language("zh-TW") == "zh-TW"
        assert i18n.tr("menu.new_game") == "新遊戲"
        assert card_name(cards, "portal") == "魔法傳送門"
        assert legend_name(cards, "four-tribes") == "四大種族"
        assert i18n.tr("log.draw", name="Ana", card=card_name(cards, "elf")) == "Ana抽到精靈。"
    finally:
        i18n.set_language("en")
    assert i18n.tr("menu.new_game") == "New game"


def test_the_app_starts_in_the_setting_or_else_the_system_language(aetherya, rules, monkeypatch):
    from ui_support import make_app

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(i18n, "detect_language", lambda: "zh-TW")
    app = make_app(aetherya)
    assert i18n.language() == "zh-TW" and app.ctx.fonts.language == "zh-TW"
    app.update_settings(language="en")
    assert i18n.language() == "en" and app.ctx.fonts.language == "en"
    app.close()
    app = make_app(aetherya, language="en")
    assert i18n.language() == "en"
    app.close()
    i18n.set_language("en")


def test_text_in_another_script_uses_that_scripts_face(rules):
    """A Chinese player name in the English interface (or the language menu's 繁體中文) is drawn with the CJK
    face, and Latin symbols the CJK subset lacks with the Latin one: never as boxes."""
    from drako_desktop.ui.fonts import Fonts

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.font.init()
    latin, chinese = Fonts("en"), Fonts("zh-TW")
    assert latin.for_text("Ana", "body", 20) is latin.get("body", 20)
    assert latin.for_text("布琳雅", "body", 20) is latin.get("body", 20, CJK_FONTS[1])
    assert latin.for_text("繁體中文", "heading", 20) is latin.get("heading", 20, CJK_FONTS[0])
    assert latin.for_text("→ ✓", "title", 20) is latin.get("title", 20, "SourceSans3-Bold.otf")
    assert chinese.for_text("德拉克 Ana 3", "body", 20) is chinese.get("body", 20)
    assert chinese.for_text("✗", "body", 20) is chinese.get("body", 20, LATIN_FONTS[0])


def test_chinese_lines_break_between_characters_but_not_before_punctuation():
    from drako_desktop.ui.fonts import Fonts
    from drako_desktop.ui.text import _NO_END, _NO_START, Text, _tokens

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.font.init()
    text = Text(Fonts("zh-TW"))
    bad = []
    for key, words in strings("zh-TW").items():
        if len(words) < 2:
            continue
        for width in (120, 173, 260):
            for line in text.wrap(words, "body", 16, width):
                if line and (line[0] in _NO_START - {"·"} or line[-1] in _NO_END):
                    bad.append((key, width, line))
                if text.width(line, "body", 16) > width and len(_tokens(line)) > 1:  # (a URL cannot break)
                    bad.append((key, width, f"too wide: {line}"))
    assert bad == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_text_takes_every_placeholder_whatever_its_name(code):
    """A placeholder may be called anything, `key` and `default` too (a save naming a key twice is told with
    `key=`): every text of the language is formatted with each of its placeholders by every way a message is
    made, `tr`, `Message` and a language's `get`."""
    i18n.set_language(code)
    language = i18n.Translations(code)
    texts = language.strings
    assert i18n.language() == code and texts
    for key, text in texts.items():
        values = {name.split(".")[0].split("[")[0]: f"<{name}>" for name in placeholders(text)}
        expected = text.format_map(values)
        assert i18n.tr(key, **values) == expected
        assert str(i18n.Message(key, **values)) == expected
        assert language.get(key, None, **values) == expected
