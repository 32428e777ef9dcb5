"""Where Draco Mundis's fight preview goes: beside the fight it tells, covering neither the players' plates nor
the hovered target and its attackers, inside the window, at every supported size and in both languages.
Screenshots: draco-fight-preview-place-*."""

from __future__ import annotations

import pygame
import pytest
from pygame import Rect

from drako_desktop.controller.game import GameSetup, Seat
from drako_desktop.games.draco_mundis.actions import Select, place, square
from drako_desktop.games.draco_mundis.ui.layout import table_layout
from drako_desktop.games.draco_mundis.ui.painter import place_beside
from drako_desktop.ui.scenes.hand_over import HandOverScene
from drako_desktop.ui.theme import Theme
from test_draco_ui import draco
from ui_support import click, frames, key, make_app, motion, screenshot

SIZES = [(1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160)]

# Where each seat's two explorers (placed face up) stand: Ana's next to Brynja's in the top right corner, by the
# plates, and above Brynja's in the bottom right corner.
EXPLORERS = {0: [(0, 10), (6, 11)], 1: [(0, 11), (7, 11)]}
FIGHTS = {(0, 11): [(0, 10)], (7, 11): [(6, 11)]}  # target: Ana's attackers


def scripted_setup(app, table) -> None:
    """Both people place every token through the table: the explorers where EXPLORERS says, the rest face down
    on the first free squares away from them (hand-overs confirmed)."""
    kept = {square(*at) for spots in EXPLORERS.values() for at in spots}
    placed = {seat: 0 for seat in EXPLORERS}
    for _ in range(500):
        if isinstance(app.scenes.top, HandOverScene):
            frames(app, 1, [key(pygame.K_RETURN)])
            continue
        if table.ending_turn():
            table.end_turn()  # the placements confirmed
        decision = table.decision()
        if decision is not None and decision.kind == "act" and decision.seat == 0:
            return
        if decision is not None:
            kinds = [a.token for a in decision.legal if isinstance(a, Select)]
            seat = decision.seat
            if "explorer" in kinds:
                at = square(*EXPLORERS[seat][placed[seat]])
                placed[seat] += 1
                table.board.play(place("explorer", at, 0))
            else:
                at = next(s for s in table.controller._state.free_squares if s not in kept)
                table.board.play(place(kinds[0], at, -1))
        frames(app)
    raise AssertionError("the setup never ended")


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_the_fight_preview_covers_no_plate_nor_the_fight_at_every_size(language):
    app = make_app(draco(), size=SIZES[0], language=language, animation_speed="instant")
    table = app.start_game(GameSetup((Seat("Ana"), Seat("Brynja")), 0, 0, draco().id))
    frames(app, 2)
    scripted_setup(app, table)
    for size in SIZES:
        frames(app, 2, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
        assert app.surface.get_size() == size
        layout = table.board.layout
        for target, attackers in FIGHTS.items():
            click(app, layout.square_rect(attackers[0]).center)
            assert table.board.gestures.selected == attackers[0]
            frames(app, 2, [motion(layout.square_rect(target).center)])
            box = table.board.painter.preview_box
            assert box is not None, (size, target)
            if size == SIZES[0] and target == (0, 11):
                screenshot(app, f"draco-fight-preview-place-{size[0]}-{language}")
            assert Rect((0, 0), size).contains(box)
            assert box.collidelist(list(layout.seats)) < 0, (size, target, "a plate")
            fight = [layout.square_rect(at) for at in (target, *attackers)]
            assert box.collidelist(fight) < 0, (size, target, "the fight")
            click(app, layout.square_rect(attackers[0]).center)  # selected again: unselected
            assert table.board.gestures.selected is None
    app.close()


def test_a_tall_preview_finds_room_beside_any_fight_at_every_size_and_number_of_players():
    """Every square of the board a target, all four of its neighbours attackers: a preview as tall as four
    attackers and a defender with two modifiers each (17 rows of numbers, about 500 px of a 900 px high window)
    still goes inside the window between the bars, over no plate and no square of the fight."""
    for size in SIZES:
        th = Theme(*size)
        for players in (2, 3, 4):
            layout = table_layout(size, players)
            area = Rect(0, layout.top_bar.bottom, size[0], layout.status_bar.top - layout.top_bar.bottom)
            for row in range(layout.rows):
                for col in range(layout.columns):
                    near = layout.square_rect((row, col))
                    fight = [near] + [layout.square_rect((row + dr, col + dc))
                                      for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                                      if 0 <= row + dr < layout.rows and 0 <= col + dc < layout.columns]
                    box = place_beside((th.px(360), th.px(500)), near, fight, layout.seats, area, th.px(14))
                    assert area.contains(box), (size, players, row, col)
                    assert box.collidelist([*fight, *layout.seats]) < 0, (size, players, row, col)
