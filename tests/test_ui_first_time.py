"""What first-time players found on the shared screens (issue 14), each driven through the real scenes with
synthetic events: the score sheet's tie-break, the new-game screen, the main menu, the history and statistics
of a game with a chosen seed, and the focus tooltip and the lesson's words on the table."""

from __future__ import annotations

import pytest
from ui_support import frames, make_app, screenshot

from drako_desktop import i18n
from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.games.aetherya_pocket.engine import category_scores
from drako_desktop.ui.scenes.scores import ScoreSheet

LANGUAGES = ("en", "zh-TW")


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_score_sheet_explains_a_three_way_tie(aetherya, language):
    app = make_app(aetherya, language=language, animation_speed="instant")
    seats = (Seat("Ana"), Seat("Bo", COMPUTER, "random"), Seat("Cy", COMPUTER, "random"))
    table = app.start_game(GameSetup(seats, seed=4))
    frames(app, 2)
    sheet = ScoreSheet(app, table)
    # Sorted high to low: Ana (6, 2, 1), Bo (6, 3), Cy (5, 4), all on 9: Cy is out at position 1, Bo wins at 2.
    rows = ((6, 2, 1, 0, 0, 0, 0), (0, 3, 0, 6, 0, 0, 0), (4, 0, 5, 0, 0, 0, 0))
    sheet.scores = [category_scores(aetherya.cards.categories, row) for row in rows]
    sheet.winners = [1]
    app.scenes.push(sheet)
    frames(app, 5)
    words = sheet.tie_break_text()
    expected = {"en": "At position 1, Ana and Bo have 6 each, more than Cy (5). "
                      "At position 2, Bo has 3, more than Ana (2).",
                "zh-TW": "在第 1 項，Ana和Bo都是 6，高於Cy（5）。在第 2 項，Bo是 3，高於Ana（2）。"}[language]
    assert words.endswith(expected)
    screenshot(app, f"first-time-score-sheet-3-way-tie-{language}")
    app.close()
