"""The table's cached board (backdrop, kingdoms, legends painted once, then only where they change) shows
exactly what painting it afresh shows, frame after frame of a whole game: no part blended twice, no kingdom
left behind while several change at once (they are painted one a frame, shown meanwhile over their place)."""

from __future__ import annotations

import hashlib

import pygame

from conftest import aetherya_game
from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from ui_support import frames, make_app


def picture(app) -> str:
    return hashlib.md5(pygame.image.tobytes(app.surface, "RGB")).hexdigest()


def test_the_cached_board_looks_like_the_board_painted_afresh():
    app = make_app(aetherya_game(), size=(1280, 720), animation_speed="normal")
    table = app.start_game(GameSetup(tuple(Seat(f"C{i}", COMPUTER, "random") for i in range(4)), 9))
    spread = 0
    for n in range(900):
        frames(app)
        spread += bool(table.painter._pending)
        if n % 5 == 0:
            cached = picture(app)
            table.painter._board = None  # forget every cached part and picture: the next frame paints them all
            table.painter._layers = {}
            app.scenes.draw(app.surface)
            assert picture(app) == cached, f"frame {n}"
    assert spread > 0  # several kingdoms changed at once (the end of a slide)
    assert not app.crashes
    app.close()
