"""The table's cached board (backdrop, kingdoms, legends painted once, then only where they change) shows
exactly what painting it afresh shows, frame after frame of a whole game: no part blended twice, no card
left behind while cards land in several kingdoms at once (the deal), no kingdom left behind while several
change whole at once (after a slide they are painted one a frame, shown meanwhile over their place)."""

from __future__ import annotations

import hashlib

import pygame
import pytest

from conftest import aetherya_game
from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.games.aetherya_pocket.ui.painter import BARE
from test_draco_ui import draco, follow_the_lesson
from test_ui_end_turn import waiting_for_end_turn
from ui_support import frames, make_app


def picture(app) -> str:
    return hashlib.md5(pygame.image.tobytes(app.surface, "RGB")).hexdigest()


def same_as_painted_afresh(app, table) -> bool:
    cached = picture(app)
    table.painter._board = None  # forget every cached part and picture: the next frame paints them all
    table.painter._layers = {}
    app.scenes.draw(app.surface)
    return picture(app) == cached


def draco_same_as_painted_afresh(app, painter) -> bool:
    """The same for a Draco Mundis table: its board, plates and the side panel's ground painted again."""
    cached = picture(app)
    painter.forget()
    painter._base = None
    app.scenes.draw(app.surface)
    return picture(app) == cached


def test_the_cached_board_looks_like_the_board_painted_afresh():
    app = make_app(aetherya_game(), size=(1280, 720), animation_speed="normal")
    table = app.start_game(GameSetup(tuple(Seat(f"C{i}", COMPUTER, "random") for i in range(4)), 9))
    for n in range(900):
        frames(app)
        if n % 5 == 0:
            assert same_as_painted_afresh(app, table), f"frame {n}"
    assert not app.crashes
    app.close()


def test_kingdoms_painted_one_a_frame_after_a_slide_look_as_painted_afresh(rules):
    """Two people at one screen: at End turn the kingdoms swap places (a slide), and at its end both are
    new pictures."""
    app = make_app(aetherya_game(), size=(1280, 720), animation_speed="normal")
    table, _ = waiting_for_end_turn(app)
    table.end_turn()
    spread = 0
    for n in range(120):
        frames(app)
        spread += bool(table.painter._pending)
        assert same_as_painted_afresh(app, table), f"frame {n}"
    assert spread > 0  # several kingdoms changed whole at once
    assert not app.crashes
    app.close()


@pytest.mark.parametrize("language,size", [("en", (1280, 720)), ("zh-TW", (1600, 900)), ("zh-TW", (3840, 2160))])
def test_every_part_of_the_board_paints_only_inside_its_region(language, size):
    """A part is painted again clipped to its region: anything it draws outside would be cut off (a score
    under a name plate, in a taller font) or left behind when it changes."""
    app = make_app(aetherya_game(), size=size, animation_speed="fast", language=language)
    table = app.start_game(GameSetup(tuple(Seat(f"C{i}", COMPUTER, "random") for i in range(4)), 5))
    checked = set()
    for n in range(400):
        frames(app)
        if n % 40:
            continue
        for name, (key, rect) in table.painter._board[2].items():
            if key == BARE:
                continue
            canvas = pygame.Surface(size, pygame.SRCALPHA)
            table.painter.paint_part(canvas, name, key)
            drawn = canvas.get_bounding_rect()
            assert rect.contains(drawn), f"{name} draws {drawn} outside {rect} (frame {n})"
            checked.add(name if isinstance(name, str) else name[0] if isinstance(name, tuple) else "kingdom")
    assert {"kingdom", "plate", "claimed", "legends", "draw", "discard", "drawn", "news", "top", "status"} <= checked
    app.close()


def test_draco_mundis_cached_board_and_plates_look_as_painted_afresh():
    """Draco Mundis keeps its board, the players' plates and the side panel's ground in one picture, painted
    again only where a square or a plate changed."""
    app = make_app(draco(), size=(1280, 720), animation_speed="fast")
    table = app.start_game(GameSetup(tuple(Seat(f"C{i}", COMPUTER, "random") for i in range(4)), 3,
                                     game="draco-mundis"))
    plates = set()
    for n in range(600):
        frames(app)
        plates.add(tuple(table.painter._board[2].values()))
        if n % 10 == 0:
            assert draco_same_as_painted_afresh(app, table.painter), f"frame {n}"
    assert len(plates) > 10  # the plates changed along the game (scores, actions left, whose turn)
    assert not app.crashes
    app.close()


def test_a_plate_shows_a_prisoner_as_soon_as_a_cannibal_takes_it():
    """The plates are painted again when what they show changes, not after every action: a prisoner taken
    (the lesson's cannibal) is on its captor's plate from that frame on."""
    app = make_app(draco(), size=(1280, 720), animation_speed="instant")
    prisoners = []

    def looks_as_painted_afresh(step) -> None:
        frames(app, 2)
        painter = app.scenes.top.painter
        prisoners.append(sum(1 for what, _ in painter.kept(0) if what == "prisoner"))
        assert draco_same_as_painted_afresh(app, painter), f"after {step.id}"

    scene = follow_the_lesson(app, looks_as_painted_afresh)
    assert scene.step.kind == "end" and max(prisoners) == 1 and app.crashes == []
