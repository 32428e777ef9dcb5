"""The Draco Mundis side panel shows one thing at a time: the selected character's card with its buttons, or
the game log; the buttons of the one never stand over the words of the other."""

from __future__ import annotations

import random

import pygame
import pytest

from drako_desktop.games.draco_mundis.actions import Move
from drako_desktop.i18n import tr
from test_draco_ui import can, finish_setup, play_on, start
from ui_support import click, frames, key, screenshot


def panel_buttons(table) -> list[str]:
    return [w.label for w in table.widgets.widgets if table.layout.panel.contains(w.rect)]


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_the_log_opened_over_a_selected_character_hides_its_buttons_and_closing_it_brings_them_back(language):
    app, table = start(players=3, language=language, size=(1280, 720))
    rng = random.Random(5)
    finish_setup(app, table, rng)
    play_on(app, table, rng, lambda: can(table, Move) and table.controller.state.turn > 12)
    frames(app, 1, [key(pygame.K_TAB)])
    assert table.gestures.selected is not None and panel_buttons(table)  # Turn (T) under the card
    frames(app, 1, [key(pygame.K_l)])  # L opens the log in the panel
    assert table.log_open and panel_buttons(table) == []
    screenshot(app, f"draco-log-over-selection-{language}")
    frames(app, 1, [key(pygame.K_l)])
    assert not table.log_open and panel_buttons(table)
    log_button = next(w for w in table.widgets.widgets if w.label == tr("table.log"))
    click(app, log_button.rect.center)  # the top bar's Game log button does the same
    assert table.log_open and panel_buttons(table) == []
    app.close()
