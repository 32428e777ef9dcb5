"""Join a game (issue 41): two copies of the app in one test, one hosting a game from its new-game screen, the other
joining it by pasting the invitation on its Join a game screen; both play the game to its end by clicks, the
client's connection is cut in the middle (through a proxy that cuts every connection at once) and comes back by
itself, and a wrong invitation gets one sentence.

Both apps draw into the one window pygame has: a picture is taken after a frame drawn whole."""

from __future__ import annotations

import queue

import pygame

from drako_desktop.interface.registry import load
from drako_desktop.net.recent import recent_invitations
from drako_desktop.ui.hosted import HostingPlace
from drako_desktop.ui.scenes.join import JoinScene
from drako_desktop.ui.scenes.menu import MainMenu
from drako_desktop.ui.scenes.scores import ScoreSheet
from net_support import CuttingProxy, loop_thread
from test_ui_hosting import (
    LOOPBACK,
    NOWHERE,
    button,
    click,
    host_from_the_new_game_screen,
    invitation_from_the_panel,
    play_a_move,
    table_of,
)
from ui_support import frames, key, make_app, motion, screenshot

MAX_STEPS = 8000  # rounds of frames of a whole game (each app a frame, or a gesture)
WAIT = 0.01  # seconds a round where nobody can move waits for the network (real time)


def whole_picture(app, name: str) -> None:
    """A frame drawn whole (the other app drew into the same window meanwhile), then its picture."""
    app.scenes._shown = None
    frames(app, 1, [motion(NOWHERE)])
    screenshot(app, name)


def ctrl(k) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=pygame.KMOD_CTRL, unicode="", scancode=0)


def paste(app, text: str) -> None:
    pygame.scrap.put_text(text)
    frames(app, 1, [ctrl(pygame.K_v)])


def leave(app) -> None:
    """Every scene of the app left (its table's connection closed), the window kept for the other app."""
    while app.scenes.top is not None:
        app.scenes.pop()


def test_a_second_app_joins_by_pasting_the_invitation_and_both_play_to_the_end():
    nothing: queue.Queue[None] = queue.Queue()

    def wait() -> None:
        try:
            nothing.get(timeout=WAIT)
        except queue.Empty:
            pass

    host = make_app(load("aetherya-pocket"), size=(1280, 720), persist=True, animation_speed="instant",
                    computer_pace="fast")
    host.hosting_place = HostingPlace(bind=LOOPBACK, port=0, address=LOOPBACK)
    hosted = host_from_the_new_game_screen(host)
    invitation = invitation_from_the_panel(host)
    click(host, button(host.scenes.top, "Back to the table").rect.center)

    guest = make_app(load("draco-mundis"), size=(1280, 720), animation_speed="instant")
    guest.main_menu()
    frames(guest, 1)
    click(guest, button(guest.scenes.top, "Join a game").rect.center)
    join = guest.scenes.top
    assert isinstance(join, JoinScene), join

    # A wrong invitation gets one sentence; nothing connects.
    paste(guest, "drako://127.0.0.1:1/not-a-game?seat=2")
    click(guest, button(join, "Join").rect.center)
    assert join.problem.startswith("That is not an invitation") and not join.connecting
    whole_picture(guest, "joining-wrong-invitation")

    with loop_thread() as loop:
        proxy = CuttingProxy(loop, invitation.port)  # the client's way to the host, cut at will
        paste(guest, f"  {invitation.at(LOOPBACK, proxy.port)}\n")
        assert join.field.value == str(invitation.at(LOOPBACK, proxy.port))
        whole_picture(guest, "joining-join-screen")
        click(guest, button(join, "Join").rect.center)
        assert join.connecting
        for _ in range(500):
            if guest.scenes.top is not join:
                break
            wait()
            frames(guest, 1)
        guest_table = table_of(guest)
        assert guest_table.joined is not None and guest_table.controller.seat == 1
        assert guest.ctx.game.id == "aetherya-pocket"  # the invitation's game, whatever the menu showed
        assert [str(i) for i in recent_invitations()] == [str(invitation.at(LOOPBACK, proxy.port))]

        cut = False
        for _ in range(MAX_STEPS):
            if isinstance(guest.scenes.top, ScoreSheet) and isinstance(host.scenes.top, ScoreSheet):
                break
            moved = False
            host_table = table_of(host)
            if host_table.ending_turn():
                frames(host, 1, [key(pygame.K_e)])
                moved = True
            elif host.scenes.top is host_table:
                moved = play_a_move(host, host_table)
            if not moved:
                frames(host, 1)
            guest_table = table_of(guest)
            if guest.scenes.top is guest_table and play_a_move(guest, guest_table):
                moved = True
            else:
                frames(guest, 1)
            if not cut and guest_table.controller.n >= 20 and host_table.controller.to_move == 0:
                whole_picture(guest, "joining-client-table-others-turn")
                assert proxy.cut() >= 1, "the client was connected through the proxy"
                cut = True
            if not moved:
                wait()
        else:
            raise AssertionError(f"stuck: {table_of(host).status_text()!r}, {table_of(guest).status_text()!r}")
        assert cut, "the game ended before the connection was cut"
        assert proxy.connections >= 2, "the client came back through the proxy"

    host_table, guest_table = table_of(host), table_of(guest)
    assert guest_table.controller.over and host_table.controller.over
    assert guest_table.controller.record() == host_table.controller.record()
    whole_picture(guest, "joining-client-score-sheet")
    leave(host)
    click(guest, button(guest.scenes.top, "Main menu").rect.center)
    assert isinstance(guest.scenes.top, MainMenu)
    assert hosted is not None
    guest.close()
