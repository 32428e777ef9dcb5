"""The app loop draws only when something changed: idle screens cost nothing, animations still play.

The real loop (`App.loop`) runs on a clock of the test's own that its sleeps advance, so seconds of the
app's time pass at once and the number of frames it drew is exact; nothing reads the wall clock.
"""

from __future__ import annotations

import pygame
import pytest

from conftest import aetherya_game
from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.interface.registry import load
from drako_desktop.ui.app import FPS
from drako_desktop.ui.scenes.base import ANIMATING, Scene, SceneStack
from drako_desktop.ui.widgets import Button
from ui_support import frames, make_app, motion


def draco_game():
    return load("draco-mundis")


class FakeTime:
    """The loop's clock: it moves only when the loop sleeps."""

    def __init__(self) -> None:
        self.now = 100.0

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def on_fake_time(app):
    fake = FakeTime()
    app.clock, app.sleep = fake.clock, fake.sleep
    pygame.event.clear()
    return fake


def drawn_during(app, seconds: float) -> int:
    before = app.frames_drawn
    app.loop(seconds)
    return app.frames_drawn - before


def test_the_main_menu_is_drawn_once_then_only_when_an_event_comes():
    app = make_app(aetherya_game())
    app.main_menu()
    on_fake_time(app)
    assert drawn_during(app, 5.0) == 1  # the first frame, then nothing for five seconds
    assert drawn_during(app, 5.0) == 0
    pygame.event.post(motion((20, 20)))
    assert drawn_during(app, 1.0) == 1  # the event's frame, and nothing after it
    app.close()


def test_an_event_taken_as_a_timed_loop_ends_is_shown_by_the_next_call():
    """A click that reaches the loop in the last moment of `loop(seconds)` is not lost: the next call shows it (the
    two-windows run and bench-idle call the loop again and again)."""
    app = make_app(aetherya_game())
    app.main_menu()
    on_fake_time(app)
    app.loop(1.0)
    focus = app.scenes.top.widgets.focus
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    assert drawn_during(app, 0.001) == 0  # taken after the loop's one sleep, when its time was already over
    assert app.scenes.top.widgets.focus == focus
    assert drawn_during(app, 1.0) == 1
    assert app.scenes.top.widgets.focus != focus  # the key moved the focus down the menu
    app.close()


def test_the_main_menu_draws_again_only_when_the_mouse_enters_or_leaves_a_button():
    """Every mouse move still brings a frame, but over the same button (or the same bare place) it draws nothing
    and sends nothing to the screen; entering or leaving a button draws the menu whole, as painted afresh."""
    app = make_app(aetherya_game())
    app.main_menu()
    frames(app)
    menu = app.scenes.top
    first, _, other = [w.rect for w in menu.widgets.widgets if isinstance(w, Button)][:3]
    frames(app, 1, [motion((5, 5))])
    bare = pygame.image.tobytes(app.surface, "RGB")
    frames(app, 1, [motion((9, 7))])
    assert app.changed == []
    frames(app, 1, [motion(first.center)])
    assert app.changed is None and pygame.image.tobytes(app.surface, "RGB") != bare  # lit up
    frames(app, 1, [motion(first.move(6, 2).center)])
    assert app.changed == []
    frames(app, 1, [motion(other.center)])
    assert app.changed is None
    shown = pygame.image.tobytes(app.surface, "RGB")
    app.scenes.forget_shown()
    frames(app)
    assert pygame.image.tobytes(app.surface, "RGB") == shown
    frames(app, 1, [motion((5, 5))])
    assert app.changed is None and pygame.image.tobytes(app.surface, "RGB") == bare
    app.close()


def start_table(game, seats, **settings):
    app = make_app(game, animation_speed="normal", **settings)
    table = app.start_game(GameSetup(tuple(seats), 7, game=game.id))
    return app, table


def settle(app, table):
    """Frames until the table waits for the person."""
    for _ in range(20_000):
        if table.decision() is not None:
            return
        frames(app)
    raise AssertionError("the table never asked the person")


@pytest.mark.parametrize("game", [aetherya_game, draco_game], ids=["aetherya", "draco-mundis"])
def test_a_table_waiting_for_a_person_draws_no_frame(game):
    app, table = start_table(game(), [Seat("Ana"), Seat("Brynja", COMPUTER, "random")])
    settle(app, table)
    on_fake_time(app)
    app.loop(1.0)  # whatever was still counting or pulsing settles
    assert table.next_frame_in() in (None, pytest.approx(1 / 30))  # Draco Mundis: its movable characters pulse
    quiet = drawn_during(app, 10.0)
    assert quiet == (0 if table.next_frame_in() is None else pytest.approx(300, abs=2))
    app.close()


def test_a_computer_game_animates_at_the_frame_rate():
    app, table = start_table(aetherya_game(), [Seat(f"C{i}", COMPUTER, "random") for i in range(4)])
    on_fake_time(app)
    drawn = drawn_during(app, 3.0)  # dealing and playing: moving all the time, thinking in between
    assert 0.8 * 3 * FPS <= drawn <= 3 * FPS + 1
    assert len(table.controller.actions) > 0
    app.close()


def test_a_tooltip_and_a_toast_appear_and_go_on_time_without_events():
    app, table = start_table(aetherya_game(), [Seat("Ana"), Seat("Brynja", COMPUTER, "random")])
    settle(app, table)
    on_fake_time(app)
    app.loop(1.0)
    where = table.board.legend_rect(0).center
    pygame.event.post(motion(where))
    assert drawn_during(app, 0.3) == 1 and table.tooltip is None  # the hover's frame: no tooltip yet
    assert drawn_during(app, 0.5) == 1 and table.tooltip is not None  # one frame when its delay is over
    pygame.event.post(motion((2, table.board.layout.size[1] // 2)))
    app.loop(0.1)
    handle = table.handle
    table.handle = lambda event: table.say("no") if event.type == pygame.USEREVENT else handle(event)
    pygame.event.post(pygame.event.Event(pygame.USEREVENT))  # something refused: a toast
    assert drawn_during(app, 3.0) == 1 and table.toast is not None
    assert drawn_during(app, 1.0) == 1 and table.toast is None  # it goes on time, drawn once more
    assert drawn_during(app, 10.0) == 0
    app.close()


def test_an_event_starting_an_animation_plays_it_from_its_first_frame():
    """Idle time reaches the scenes before the event: the animation the event starts is not skipped."""
    app, table = start_table(aetherya_game(), [Seat("Ana"), Seat("Brynja", COMPUTER, "random")])
    settle(app, table)
    on_fake_time(app)
    app.loop(30.0)
    handle, played = table.handle, []

    def play(event):  # a gesture that plays, thirty idle seconds after the last frame
        if event.type == pygame.USEREVENT:
            table.play([table.decision().legal[0]])
            played.append(table.choreo.current or table.choreo._queue[0])
        else:
            handle(event)

    table.handle = play
    pygame.event.post(pygame.event.Event(pygame.USEREVENT))
    assert drawn_during(app, 1.5 / FPS) == 1
    assert table.next_frame_in() == ANIMATING
    assert 0 < played[0].elapsed <= 1 / FPS + 1e-9  # its first frame, not thirty seconds into it
    app.close()


class Ticking(Scene):
    def __init__(self, app, wait):
        super().__init__(app)
        self.wait = wait

    def next_frame_in(self):
        return self.wait


def test_the_stack_asks_the_scenes_that_run():
    stack = SceneStack()
    assert stack.next_frame_in() is None
    stack.scenes = [Ticking(None, 0.5), Ticking(None, None)]
    assert stack.next_frame_in() is None  # the one beneath is frozen
    notice = Ticking(None, 2.0)
    notice.notice = True
    stack.scenes.append(notice)
    assert stack.next_frame_in() == 2.0  # the notice and the first scene beneath it run
    stack.scenes[1].wait = 0.25
    assert stack.next_frame_in() == 0.25
