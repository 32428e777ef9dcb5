"""Driving the app in tests: a dummy-driver window, a fixed clock and synthetic pygame events.

Nothing here sleeps or reads the wall clock: frames advance by a fixed dt, and
computer seats think inline (threaded=False), so every run is the same.
"""

from __future__ import annotations

import hashlib
import os
import struct
import zlib
from pathlib import Path

import pygame

from drako_desktop.settings import Settings
from drako_desktop.ui.app import App

DT = 1 / 60
SCREENSHOTS = Path(__file__).resolve().parent / "output" / "screenshots"


def make_app(game, size=(1600, 900), persist=False, **settings) -> App:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    return App(game, Settings(**settings), size=size, persist=persist, threaded=False)


def frames(app: App, n: int = 1, events=()) -> None:
    app.frame(DT, list(events))
    for _ in range(n - 1):
        app.frame(DT)


def motion(pos, buttons=(0, 0, 0)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)


def down(pos, button=1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def up(pos, button=1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def key(k, mod=0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(app: App, pos) -> None:
    frames(app, 1, [motion(pos), down(pos), up(pos)])


def drag(app: App, start, end, steps: int = 4, hold_frames: int = 1) -> None:
    """Press at start, move in steps to end (a frame each), release there."""
    frames(app, 1, [motion(start), down(start)])
    for i in range(1, steps + 1):
        t = i / steps
        pos = (round(start[0] + (end[0] - start[0]) * t), round(start[1] + (end[1] - start[1]) * t))
        frames(app, 1, [motion(pos, (1, 0, 0))])
    frames(app, hold_frames)
    frames(app, 1, [up(end)])


def take_screen(app: App) -> bool:
    """The person named on a hand-over screen confirms it (Enter), as they would; whether one was showing."""
    from drako_desktop.ui.scenes.hand_over import HandOverScene

    if not isinstance(app.scenes.top, HandOverScene):
        return False
    frames(app, 1, [key(pygame.K_RETURN)])
    return True


def pixels(surface: pygame.Surface) -> bytes:
    """Every pixel of a surface, as kept in memory: equal exactly when the pictures are (the window's unused
    fourth byte is always 0). A copy of its buffer, many times quicker than `tobytes(..., "RGB")`."""
    return surface.get_buffer().raw


def pixels_digest(surface: pygame.Surface) -> bytes:
    """The SHA-1 of `pixels(surface)`, read in place: for a test that keeps a picture of every frame."""
    return hashlib.sha1(surface.get_view("0")).digest()


def screenshot(app: App, name: str, grey: bool = False) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    surface = pygame.transform.grayscale(app.surface) if grey else app.surface
    save_png(surface, path)
    return path


def save_png(surface: pygame.Surface, path: Path) -> None:
    """An RGB PNG compressed at zlib's quickest level: pygame's own writer took eight times longer, which
    with a few hundred screenshots was minutes of every test run (the files are a sixth larger)."""
    width, height = surface.get_size()
    row = 3 * width
    pixels = pygame.image.tobytes(surface, "RGB")
    rows = b"".join(b"\0" + pixels[y * row:(y + 1) * row] for y in range(height))  # each row unfiltered

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b""))


def play_until(app: App, table, done, limit: int = 20_000) -> None:
    """Run frames, the people playing a plain legal move (the last at a turn's start, else the first),
    until done() is true."""
    from drako_desktop.controller.game import Phase

    for _ in range(limit):
        if done():
            return
        if take_screen(app):  # the person named on a hand-over takes the screen
            continue
        decision = table.decision()
        if decision is not None and app.scenes.top is table:
            table.play([decision.legal[-1] if decision.kind == "turn-start" else decision.legal[0]])
        elif table.controller.phase == Phase.END_TURN and app.scenes.top is table:
            table.end_turn()  # a person's turn waits for End turn
        frames(app)
    raise AssertionError("never got there")


def gesture_for(table, intent: list) -> object:
    """The board's next click (or key) towards `intent`, None when it has none. (Aetherya's board raises ValueError
    for a claim of a legend its model's row does not show at that moment: that move is left to another turn.)"""
    try:
        return table.board.gesture(intent, "click")
    except ValueError:
        return None


def intent_for(table, legal, position) -> list | None:
    """The first of `legal` the board has clicks for: one action, or two when the board makes them in one gesture
    (a Draco Mundis placement), the second found by looking ahead in `position()`, the game's state (the test's
    way of choosing only: never what is shown). None when the board has clicks for none."""
    seat = table.decision().seat
    for first in legal:
        if gesture_for(table, [first]) is not None:
            return [first]
        after = position().clone()
        after.apply(first)
        second = next((a for a in after.legal_actions() if not after.is_terminal() and after.current == seat
                       and gesture_for(table, [first, a]) is not None), None)
        if second is not None:
            return [first, second]
    return None
