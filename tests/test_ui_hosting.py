"""A game hosted from the app (issue 41): a seat played from another computer chosen on the new-game screen, the
invitations shown with a Copy button, the game played to its end by clicks at this screen while a client plays the
remote seat over loopback, the client's connection cut and back in the middle, and the hosted game continued from
the main menu with its old invitation.

The remote seat's player is the headless seat player of `drako-desktop join` (`SeatPlayer`) fed from its
`NetClient` on the test's thread; the app's frames and the client's messages alternate, each loop bounded. The
network needs real time to pass: a frame with nothing to do waits a moment on the client's inbox instead of
sleeping."""

from __future__ import annotations

import queue
from typing import Any

import pygame
import pytest

from drako_desktop.ai import REMOTE
from drako_desktop.controller.game import HUMAN
from drako_desktop.interface.registry import load
from drako_desktop.net.client import NetClient
from drako_desktop.net.invitation import Invitation
from drako_desktop.net.seat import SeatPlayer
from drako_desktop.net.table import Presence
from drako_desktop.saves import list_saves
from drako_desktop.ui.hands import Press
from drako_desktop.ui.hosted import HostingPlace
from drako_desktop.ui.scenes.invitations import InvitationPanel
from drako_desktop.ui.scenes.menu import MainMenu
from drako_desktop.ui.scenes.new_game import REMOTE_KIND, NewGameScene
from drako_desktop.ui.scenes.overlay import PauseMenu
from drako_desktop.ui.scenes.scores import ScoreSheet
from drako_desktop.ui.table import TableScene
from drako_desktop.ui.table_parts import PRESENCE_COLOURS
from drako_desktop.ui.widgets import Button, Choice
from ui_support import down, frames, gesture_for, intent_for, key, make_app, motion, screenshot, up

LOOPBACK = "127.0.0.1"
NOWHERE = (640, 4)  # the top bar's middle, where nothing has a tooltip
MAX_STEPS = 6000  # frames of a whole game (each a person's gesture, or the computers' and the client's turn)
WAIT = 0.02  # seconds a frame waits for the client's messages while the table waits for its seat (real time)


class RemotePlayer:
    """The player of the remote seat on "another computer": a client and the headless seat player."""

    def __init__(self, app: Any, invitation: Invitation) -> None:
        self.library = app.library
        self.client = NetClient(invitation, {invitation.game: app.library[invitation.game].identity})
        self.player = SeatPlayer(self.client, {invitation.game: app.library[invitation.game]}, "random", 7, None)
        self.done = False
        self.chat: list[dict[str, Any]] = []  # the chat lines the host sent
        self.client.start()

    def take(self, wait: float = 0.0) -> None:
        """What arrived, acted on (waiting up to `wait` for the first)."""
        try:
            arrived = [self.client.inbox.get(timeout=wait)] if wait else []
        except queue.Empty:
            return
        for message in arrived + self.client.poll():
            if message["type"] == "chat":
                self.chat.append(message)
            self.done = self.player.take(message) or self.done

    def cut(self) -> None:
        self.client.close()
        assert self.client.join(5), "the client's thread did not end"
        self.player.close()


def click(app, pos) -> None:
    frames(app, 1, [motion(pos)])
    frames(app, 1, [down(pos), up(pos)])


def button(scene, label: str) -> Button:
    return next(w for w in scene.widgets.widgets if isinstance(w, Button) and w.label == label)


def table_of(app) -> TableScene:
    found = next((s for s in app.scenes.scenes if isinstance(s, TableScene)), None)
    assert found is not None, f"no table among {app.scenes.scenes}"
    return found


def play_a_move(app, table: TableScene, state: Any = None) -> bool:
    """The person at this screen plays a legal move by the board's click gestures; whether one was made. `state`:
    the position to look ahead from for a gesture of two actions (default: the table's own; a joined seat's table
    has none, the test gives it the host's)."""
    decision = table.decision()
    if decision is None:
        return False
    intent = intent_for(table, decision.legal, lambda: state or table.controller._state)
    if intent is None:
        raise AssertionError(f"the board has no click for any of {decision.legal}")
    moves = len(table.controller.actions)
    for _ in range(12):  # a move takes a few clicks at most
        gesture = gesture_for(table, intent)
        if gesture is None or len(table.controller.actions) != moves:
            break
        if isinstance(gesture, Press):  # by clicks where the board has a way, else its key
            frames(app, 1, [key(gesture.key)])
        else:
            click(app, gesture.pos)
    return True


def dots(app, table: TableScene, seat: int) -> set[str]:
    """The presence dots drawn on the seat's name plate (by their colours' exact pixels)."""
    area = app.surface.subsurface(table.board.plate_rect(seat).clip(app.surface.get_rect()))
    colours = {tuple(area.get_at((x, y)))[:3] for x in range(area.get_width()) for y in range(area.get_height())}
    return {presence for presence, colour in PRESENCE_COLOURS.items() if presence in ("here", "away")
            and tuple(colour) in colours}


def host_from_the_new_game_screen(app) -> TableScene:
    """Three seats on the new-game screen: the person, a player on another computer, a computer; started."""
    app.main_menu()
    app.open_new_game()
    frames(app, 1)
    scene = app.scenes.top
    assert isinstance(scene, NewGameScene), scene
    while len(scene.kinds) < 3:
        click(app, button(scene, next(w.label for w in scene.widgets.widgets if isinstance(w, Button)
                                      and w.on_click == scene.add_seat)).rect.center)
    kind = scene.seat_kind_choice(1)
    for _ in range(len(kind.options)):  # its right arrow, until the seat is a player on another computer
        if kind.value == REMOTE_KIND:
            break
        click(app, (kind.rect.right - kind.rect.h // 2, kind.rect.centery))
        kind = scene.seat_kind_choice(1)
    scene.widgets.focus = scene.widgets.widgets.index(kind)
    frames(app, 1)
    assert [k.split(":")[-1] for k in scene.kinds][:2] == [HUMAN, REMOTE], scene.kinds
    screenshot(app, f"hosting-new-game-{app.ctx.game.id}")
    click(app, button(scene, next(w.label for w in scene.widgets.widgets if isinstance(w, Button)
                                  and w.on_click == scene.start)).rect.center)
    frames(app, 2)
    return table_of(app)


def invitation_from_the_panel(app) -> Invitation:
    """The remote seat's invitation, copied with its button and pasted from the clipboard as a player would."""
    panel = app.scenes.top
    assert isinstance(panel, InvitationPanel), panel
    for _ in range(200):
        if panel.hosted.listening:
            break
        panel.hosted.server.host.ready.wait(WAIT)
        frames(app, 1)
    assert panel.hosted.listening, panel.hosted.failure
    frames(app, 1)
    pygame.scrap.put_text("")
    click(app, button(panel, "Copy").rect.center)
    return Invitation.parse(pygame.scrap.get_text())


def play_on(app, remote: "RemotePlayer | Idle", until) -> None:
    """Frames until `until()`: the person moves when it is theirs to, ends their turns, the client plays."""
    for _ in range(MAX_STEPS):
        if until():
            return
        top = app.scenes.top
        if isinstance(top, ScoreSheet):
            remote.take(WAIT)
            frames(app, 1)
            continue
        table = table_of(app)
        if table.ending_turn():
            frames(app, 1, [key(pygame.K_e)])
        elif not play_a_move(app, table):
            remote.take(WAIT if table.hosted is not None and table.hosted.waiting() is not None else 0.0)
            frames(app, 1)
    raise AssertionError(f"stuck after {MAX_STEPS} steps: {table_of(app).status_text()}")


# Aetherya Pocket here; Draco Mundis is hosted from the new-game screen and played through by test_ui_joining (both
# games here too would take the suite's time).
@pytest.mark.parametrize("game_id", ["aetherya-pocket"])
def test_a_game_hosted_from_the_app_is_played_with_another_computer(game_id):
    app = make_app(load(game_id), size=(1280, 720), persist=True, animation_speed="instant", computer_pace="fast")
    app.hosting_place = HostingPlace(bind=LOOPBACK, port=0, address=LOOPBACK)
    table = host_from_the_new_game_screen(app)
    assert table.hosted is not None and [s.level for s in table.setup.seats][1] == REMOTE
    invitation = invitation_from_the_panel(app)
    assert invitation.seat == 1 and invitation.host == LOOPBACK and invitation.game == game_id
    screenshot(app, f"hosting-invitations-{game_id}")
    click(app, button(app.scenes.top, "Back to the table").rect.center)
    assert app.scenes.top is table

    remote = RemotePlayer(app, invitation)
    play_on(app, remote, lambda: remote.player.welcome != {} and len(table.controller.actions) >= 6)

    # A chat line each way: the host's typed after its Chat button, the client's into the host's log.
    click(app, button(table, "Chat").rect.center)
    frames(app, 1, [pygame.event.Event(pygame.TEXTINPUT, text="Good luck\u202e!")])
    assert table.status_text().startswith("Say: Good luck"), table.status_text()
    frames(app, 1, [key(pygame.K_RETURN)])
    assert table.chat_text is None
    for _ in range(200):
        remote.take(WAIT)
        if remote.chat:
            break
    assert remote.chat == [{"type": "chat", "seat": 0, "text": "Good luck!"}]
    remote.client.send({"type": "chat", "text": "Thanks,\nyou too"})
    play_on(app, remote, lambda: "Player 2: Thanks,you too" in table.log_lines())
    assert table.log_lines().index("Player 1: Good luck!") < table.log_lines().index("Player 2: Thanks,you too")
    assert table.status_text() == "Player 2: Thanks,you too"  # a moment in the status bar, then the game's words
    play_on(app, remote, lambda: table.heard is None)
    play_on(app, remote, lambda: table.hosted.waiting() is not None)  # the remote seat's decision is asked
    frames(app, 2, [motion(NOWHERE)])  # no tooltip over the table in the pictures
    assert "on another computer" in table.status_text(), table.status_text()
    screenshot(app, f"hosting-remote-turn-{game_id}")
    # Each seat panel says whether its player is here: a green dot on the remote seat's, none on the person's here.
    assert [table.presence(seat) for seat in range(3)] == [None, "here", None]
    assert dots(app, table, 1) == {"here"} and dots(app, table, 0) == set()

    # The client's connection is cut: the table says whom it waits for, and that they are not here.
    remote.cut()
    play_on(app, Idle(), lambda: table.hosted.presence()[1] == Presence.AWAY)
    frames(app, 2, [motion(NOWHERE)])
    assert "who is not here" in table.status_text(), table.status_text()
    assert table.presence(1) == "away" and dots(app, table, 1) == {"away"}
    screenshot(app, f"hosting-seat-away-{game_id}")

    # The host lets a computer play for the player who is not here (from the menu's invitations): the game goes on.
    frames(app, 1, [key(pygame.K_ESCAPE)])
    click(app, button(app.scenes.top, "Invitations").rect.center)
    frames(app, 1, [motion(NOWHERE)])
    screenshot(app, f"hosting-stand-in-{game_id}")
    stand_in = next(w for w in app.scenes.top.widgets.widgets if isinstance(w, Choice))
    assert [label for _, label in stand_in.options] == ["Wait for them", "Computer (Medium) plays for them",
                                                         "Computer (Easy) plays for them",
                                                         "Computer (Hard) plays for them",
                                                         "Computer (Expert) plays for them"]
    click(app, (stand_in.rect.right - stand_in.rect.h // 2, stand_in.rect.centery))  # its right arrow
    assert table.hosted.presence()[1] == Presence.STAND_IN and table.hosted.stand_in_level(1) == "medium"
    click(app, (stand_in.rect.right - stand_in.rect.h // 2, stand_in.rect.centery))  # another level
    assert table.hosted.stand_in_level(1) == "easy"
    click(app, (stand_in.rect.x + stand_in.rect.h // 2, stand_in.rect.centery))  # its left arrow: back to medium
    assert table.hosted.stand_in_level(1) == "medium"
    frames(app, 1, [motion(NOWHERE)])
    screenshot(app, f"hosting-stand-in-chosen-{game_id}")
    click(app, button(app.scenes.top, "Back to the table").rect.center)
    moves = len(table.controller.actions)
    play_on(app, Idle(), lambda: 1 in table.controller.log.seats[moves:])

    # The player comes back with the same invitation, and the game goes on.
    remote = RemotePlayer(app, invitation)
    moves = len(table.controller.actions)
    play_on(app, remote, lambda: len(table.controller.actions) >= moves + 6 and table.decision() is not None)

    # The host leaves from the menu (whose Invitations show them again) and continues from the main menu: the
    # client comes back by itself with the old invitation, and the game is played to its end.
    frames(app, 1, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scenes.top, PauseMenu), app.scenes.top
    click(app, button(app.scenes.top, "Invitations").rect.center)
    assert isinstance(app.scenes.top, InvitationPanel), app.scenes.top
    click(app, button(app.scenes.top, "Back to the table").rect.center)
    frames(app, 1, [key(pygame.K_ESCAPE)])
    click(app, button(app.scenes.top, "Save and leave").rect.center)
    assert isinstance(app.scenes.top, MainMenu), app.scenes.top
    assert [g.game_id for g in list_saves(app.library).games] == [table.hosted.saved.game_id]
    click(app, button(app.scenes.top, "Continue").rect.center)
    table = table_of(app)
    assert table.hosted is not None and table.hosted.invitations() == [invitation]
    assert isinstance(app.scenes.top, InvitationPanel), app.scenes.top
    click(app, button(app.scenes.top, "Back to the table").rect.center)
    play_on(app, remote, lambda: isinstance(app.scenes.top, ScoreSheet) and remote.done)
    assert table.controller.over
    assert remote.player.result == table.controller.result()
    app.close()


class Idle:
    """Nobody plays the remote seat: frames wait a moment for the host to notice."""

    def __init__(self) -> None:
        self.nothing: queue.Queue[None] = queue.Queue()

    def take(self, wait: float = 0.0) -> None:
        try:
            self.nothing.get(timeout=wait) if wait else None
        except queue.Empty:
            pass
