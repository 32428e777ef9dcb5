"""A one-person Aetherya game calls the person "You" (the new-game screen's default name): the table and
its log speak to them, "You arranged your starting cards", "Your kingdom is complete!", never "You arranged
their starting cards" or "You's kingdom". Driven on the real table like tests/test_ui_table.py."""

from __future__ import annotations

import pytest

from conftest import aetherya_game
from drako_desktop import i18n
from drako_desktop.controller.game import COMPUTER, Seat
from drako_desktop.games.aetherya_pocket.engine.actions import Event
from drako_desktop.games.aetherya_pocket.narrate import describe
from test_ui_table import start, wait_for_person
from ui_support import screenshot


@pytest.mark.parametrize(("language", "arranged", "complete", "ended"), [
    ("en", "You arranged your starting cards.", "Your kingdom is complete!",
     "Your kingdom has no Unexplored Land left: the game ends."),
    ("zh-TW", "你排好了起始卡牌。", "你的王國完成了！", "你的王國已沒有未探索之地：遊戲結束。"),
])
def test_the_person_called_you_is_spoken_to_in_the_log_and_the_end_banner(language, arranged, complete, ended):
    i18n.set_language(language)
    you = i18n.tr("new_game.default_you")
    app, table = start(None, [Seat(you), Seat("Brynja", COMPUTER, "random")], language=language)
    wait_for_person(app, table)
    table.play([table.decision().legal[0]])  # the arrangement as dealt
    wait_for_person(app, table)
    assert arranged in table.log_lines()
    assert i18n.tr("log.arrange", name="Brynja") in table.log_lines()
    assert table.board.banner_text(Event("end", 0)) == complete
    table.board.draw_banner(app.surface, complete, 1.0)  # as the end's announcement draws it over the table
    screenshot(app, f"table-you-end-banner-{language}")
    assert table.board.banner_text(Event("end", 1)) == i18n.tr("table.game_ends", name="Brynja")
    assert describe(Event("end", 0), [you, "Brynja"], aetherya_game().rules.cards) == ended
    app.close()
    i18n.set_language("en")
