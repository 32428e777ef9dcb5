"""What keeps the suite quick must not change what it checks: the screenshots' own PNG writer keeps every pixel,
the pixel digests tell pictures apart, and the main menu's question whether a game has a lesson, answered once
per game, is asked again when the lesson's file changes."""

from __future__ import annotations

import shutil

import pygame

from drako_desktop.games.aetherya_pocket import lesson as tutorial
from drako_desktop.interface.registry import load
from drako_desktop.ui import lesson
from ui_support import pixels, pixels_digest, save_png


def test_a_screenshot_loads_back_with_every_pixel_as_drawn(tmp_path):
    surface = pygame.Surface((37, 11))
    for x in range(37):
        for y in range(11):
            surface.set_at((x, y), (x * 7 % 256, y * 23 % 256, (x * y) % 256))
    path = tmp_path / "shot.png"
    save_png(surface, path)
    again = pygame.image.load(str(path))
    assert again.get_size() == (37, 11)
    assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(surface, "RGB")


def test_pixels_and_their_digest_tell_one_changed_pixel_apart():
    pygame.display.init()
    try:
        window = pygame.display.set_mode((64, 48))
        window.fill((10, 20, 30))
        before, digest = pixels(window), pixels_digest(window)
        assert pixels(window) == before and pixels_digest(window) == digest
        window.set_at((63, 47), (10, 20, 31))
        assert pixels(window) != before and pixels_digest(window) != digest
    finally:
        pygame.display.quit()


def test_whether_a_game_has_a_lesson_is_checked_once_and_again_when_its_file_changes(tmp_path, monkeypatch):
    folder = tmp_path / "cards"
    shutil.copytree(load("aetherya-pocket").folder, folder)
    game = load("aetherya-pocket", folder)
    checked: list[object] = []
    available = tutorial.available
    monkeypatch.setattr(tutorial, "available", lambda cards: (checked.append(cards), available(cards))[1])
    game_ui = game.ui()
    assert game_ui.has_lesson() and game_ui.has_lesson() and game.ui().has_lesson()
    assert len(checked) == 1
    script = tutorial.script_path(game.cards)
    script.write_text(script.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert game_ui.has_lesson() and len(checked) == 2  # read again: still the rules it was written for
    script.write_text("rules: 0123456789abcdef\n", encoding="utf-8")
    assert not game_ui.has_lesson() and len(checked) == 3
    script.unlink()
    assert not game_ui.has_lesson() and len(checked) == 4
    assert lesson._OFFERED[game][0] is None
