"""The Draco Mundis side panel shows one thing at a time: the selected character's card with its buttons, or
the game log; the buttons of the one never stand over the words of the other, and a long log fades out under
its title."""

from __future__ import annotations

import random

import pygame
import pytest

from drako_desktop import i18n
from drako_desktop.games.draco_mundis.actions import Move
from drako_desktop.i18n import tr
from drako_desktop.ui import text as text_module
from test_draco_ui import can, finish_setup, play_on, start
from ui_support import click, frames, key, screenshot


def panel_buttons(table) -> list[str]:
    return [w.label for w in table.widgets.widgets if table.board.layout.panel.contains(w.rect)]


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_the_log_opened_over_a_selected_character_hides_its_buttons_and_closing_it_brings_them_back(language):
    app, table = start(players=3, language=language, size=(1280, 720))
    rng = random.Random(5)
    finish_setup(app, table, rng)
    play_on(app, table, rng, lambda: can(table, Move) and table.controller._state.turn > 12)
    frames(app, 1, [key(pygame.K_TAB)])
    assert table.board.gestures.selected is not None and panel_buttons(table)  # Turn (T) under the card
    frames(app, 1, [key(pygame.K_l)])  # L opens the log in the panel
    assert table.log_open and panel_buttons(table) == []
    screenshot(app, f"draco-log-over-selection-{language}")
    frames(app, 1, [key(pygame.K_l)])
    assert not table.log_open and panel_buttons(table)
    log_button = next(w for w in table.widgets.widgets if w.label == tr("table.log"))
    click(app, log_button.rect.center)  # the top bar's Game log button does the same
    assert table.log_open and panel_buttons(table) == []
    app.close()


def test_older_log_lines_fade_out_under_the_title_rather_than_start_cut():
    """A long log showed, at its top, whatever part of an older entry the panel's height let through ("nothing
    happens." alone, or a line cut across its letters); as in Aetherya, the older lines fade out under the title."""
    app, table = start(players=3, size=(1280, 720), language="zh-TW")  # its top line was "沒發生。" alone
    rng = random.Random(5)
    finish_setup(app, table, rng)
    play_on(app, table, rng, lambda: can(table, Move) and table.controller._state.turn > 12)
    check = text_module.checking = text_module.TextCheck()
    try:
        frames(app, 1, [key(pygame.K_l)])
        frames(app, 2)
    finally:
        text_module.checking = None
    title = next(rect for words, rect, _ in check.placed if words == tr("table.log_title"))
    th, panel = app.ctx.theme, table.board.layout.panel
    top = title.bottom + th.px(6)  # where the log's lines start
    screenshot(app, "draco-log-faded-top")

    def brightest(y0: int, y1: int) -> int:
        return max(max(app.surface.get_at((x, y))[:3]) for x in range(panel.x + th.px(12), panel.right - th.px(12), 2)
                   for y in range(y0, y1))

    assert brightest(top + th.px(40), panel.bottom - th.px(20)) > 200  # the log's words, in full ink below
    assert brightest(top, top + th.px(5)) < 120  # at the top, faded into the panel
    app.close()
    i18n.set_language("en")
