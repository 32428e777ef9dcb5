"""Join a game (issue 41): two copies of the app in one test, one hosting a game from its new-game screen, the other
joining it by pasting the invitation on its Join a game screen; both play the game to its end by clicks, the
client's connection is cut in the middle (through a proxy that cuts every connection at once) and comes back by
itself, and a wrong invitation gets one sentence.

Both apps draw into the one window pygame has: a picture is taken after a frame drawn whole."""

from __future__ import annotations

import queue

import pygame
import pytest

from drako_desktop.controller.game import Phase
from drako_desktop.interface.game import fields_from_json
from drako_desktop.interface.registry import load
from drako_desktop.net.invitation import Invitation
from drako_desktop.net.recent import KEPT, recent_invitations, recent_path, remember
from drako_desktop.saves import history_dir
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


def taken_back_on_both(host, guest, kept: list, wait) -> None:
    """The host took the joined seat's step back (it kept `kept`) and the client's table shows the position it was
    sent, with the seat's decision asked again."""
    host_table, guest_table = table_of(host), table_of(guest)
    for _ in range(400):
        frames(host, 1)
        frames(guest, 1)
        if host_table.controller.actions == kept and guest_table.controller.n == len(kept) \
                and guest_table.decision() is not None:
            break
        wait()
    else:
        raise AssertionError(f"the step back was not shown: {len(host_table.controller.actions)} actions at the "
                             f"host, {len(kept) + 1} before")
    seat = guest_table.controller.seat
    assert guest_table.controller.view().to_json() == host_table.controller.view_of(seat).to_json()


def leave(app) -> None:
    """Every scene of the app left (its table's connection closed), the window kept for the other app."""
    while app.scenes.top is not None:
        app.scenes.pop()


# Each game hosted, the joining app's menu showing the other one.
@pytest.mark.parametrize("game_id, other", [("aetherya-pocket", "draco-mundis"), ("draco-mundis", "aetherya-pocket")])
def test_a_second_app_joins_by_pasting_the_invitation_and_both_play_to_the_end(game_id, other):
    nothing: queue.Queue[None] = queue.Queue()

    def wait() -> None:
        try:
            nothing.get(timeout=WAIT)
        except queue.Empty:
            pass

    host = make_app(load(game_id), size=(1280, 720), persist=True, animation_speed="instant",
                    computer_pace="fast")
    host.hosting_place = HostingPlace(bind=LOOPBACK, port=0, address=LOOPBACK)
    hosted = host_from_the_new_game_screen(host)
    invitation = invitation_from_the_panel(host)
    click(host, button(host.scenes.top, "Back to the table").rect.center)

    guest = make_app(load(other), size=(1280, 720), animation_speed="instant")  # the menu shows the other game
    guest.main_menu()
    frames(guest, 1)
    click(guest, button(guest.scenes.top, "Join a game").rect.center)
    join = guest.scenes.top
    assert isinstance(join, JoinScene), join

    # A wrong invitation gets one sentence; nothing connects.
    paste(guest, "drako://127.0.0.1:1/not-a-game?seat=2")
    click(guest, button(join, "Join").rect.center)
    assert join.problem.startswith("That is not an invitation") and not join.connecting
    whole_picture(guest, f"joining-wrong-invitation-{game_id}")

    with loop_thread() as loop:
        proxy = CuttingProxy(loop, invitation.port)  # the client's way to the host, cut at will
        paste(guest, f"  {invitation.at(LOOPBACK, proxy.port)}\n")
        assert join.field.value == str(invitation.at(LOOPBACK, proxy.port))
        whole_picture(guest, f"joining-join-screen-{game_id}")
        click(guest, button(join, "Join").rect.center)
        assert join.connecting
        for _ in range(500):
            if guest.scenes.top is not join:
                break
            wait()
            frames(guest, 1)
        guest_table = table_of(guest)
        assert guest_table.joined is not None and guest_table.controller.seat == 1
        assert guest.ctx.game.id == game_id  # the invitation's game, whatever the menu showed
        assert [str(i) for i in recent_invitations()] == [str(invitation.at(LOOPBACK, proxy.port))]

        cut = False
        taken_back = {Phase.DECIDE: 0, Phase.END_TURN: 0}
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
            on_guest_table = guest.scenes.top is guest_table
            phase = guest_table.controller.phase
            if on_guest_table and taken_back[phase] < 2 and guest_table.undo_target() is not None:
                # The player there takes a step back: by the Undo button at the end of a turn, by Ctrl+Z within one
                before = list(host_table.controller.actions)
                if phase == Phase.END_TURN:
                    if not taken_back[phase]:
                        whole_picture(guest, f"joining-client-ending-turn-{game_id}")
                        # the host's table waits for that player's End turn, and says so
                        frames(host, 1)
                        assert host_table.status_text().startswith("Waiting for Player 2 on another computer"), \
                            host_table.status_text()
                        assert host_table.ending_turn() is False and host_table.undo_target() is None
                        whole_picture(host, f"hosting-waiting-for-end-turn-{game_id}")
                    click(guest, button(guest_table, "Undo").rect.center)
                else:
                    frames(guest, 1, [ctrl(pygame.K_z)])
                taken_back_on_both(host, guest, before[:-1], wait)
                taken_back[phase] += 1
                moved = True
            elif on_guest_table and guest_table.ending_turn():
                frames(guest, 1, [key(pygame.K_e)])  # End turn, sent to the host
                moved = True
            elif on_guest_table and play_a_move(guest, guest_table, host_table.controller._state):
                moved = True
            else:
                frames(guest, 1)
            if not cut and guest_table.controller.n >= 20 and host_table.controller.to_move == 0:
                # The host's seat panels say the other computer's player is here; the client's show no dot (its
                # other seats are the host's own).
                assert [host_table.presence(seat) for seat in range(3)] == [None, "here", None]
                assert [guest_table.presence(seat) for seat in range(3)] == [None, None, None]
                whole_picture(host, f"hosting-seat-here-{game_id}")
                whole_picture(guest, f"joining-client-table-others-turn-{game_id}")
                assert proxy.cut() >= 1, "the client was connected through the proxy"
                cut = True
            if not moved:
                wait()
        else:
            raise AssertionError(f"stuck: {table_of(host).status_text()!r}, {table_of(guest).status_text()!r}")
        assert cut, "the game ended before the connection was cut"
        assert min(taken_back.values()) >= 1, taken_back
        assert proxy.connections >= 2, "the client came back through the proxy"

    host_table, guest_table = table_of(host), table_of(guest)
    assert guest_table.controller.over and host_table.controller.over
    assert host.crashes == [] and guest.crashes == []
    assert guest_table.controller.record() == host_table.controller.record()
    # Both kept the finished game in the history (one data folder here: the client's under an id of its own).
    assert len(list(history_dir().glob("*.json"))) == 2
    whole_picture(guest, f"joining-client-score-sheet-{game_id}")
    leave(host)
    click(guest, button(guest.scenes.top, "Main menu").rect.center)
    assert isinstance(guest.scenes.top, MainMenu)
    assert hosted is not None
    guest.close()


def test_recent_invitations_are_bounded_checked_and_the_newest_first():
    assert recent_invitations() == []  # none yet
    recent_path().parent.mkdir(parents=True, exist_ok=True)
    for hostile in ("", "[1, 2]", '{"format": "drako-desktop-recent-invitations", "version": 1, "invitations": 7}',
                    "x" * 20_000):
        recent_path().write_text(hostile, encoding="utf-8")
        assert recent_invitations() == [], hostile[:40]
    line = "drako://127.0.0.1:47474/20261207-142210-3fa9c1?game=draco-mundis&seat={seat}&key=" + "A" * 22 \
        + "&pin=" + "A" * 43
    recent_path().write_text('{"format": "drako-desktop-recent-invitations", "version": 1, "invitations": '
                             f'["{line.format(seat=1)}", 5, "drako://nowhere"]}}', encoding="utf-8")
    assert [str(i) for i in recent_invitations()] == [line.format(seat=1)]  # what is no invitation is left out
    for seat in range(1, 10):
        remember(Invitation.parse(line.format(seat=seat)))
    remember(Invitation.parse(line.format(seat=3)))  # joined again: first, and once
    seats = [i.seat + 1 for i in recent_invitations()]
    assert seats == [3, 9, 8, 7, 6, 5, 4, 2][:KEPT]


def test_events_from_a_host_are_checked_against_their_types():
    game = load("draco-mundis")
    event_type = type(game.new_state(2, 1, 0).apply(game.new_state(2, 1, 0).legal_actions()[0])[0])
    assert fields_from_json(event_type, {"kind": "move", "seat": 1, "at": [5, 8], "to": [5, 9]}).at == (5, 8)
    for hostile in ([], {"kind": 3}, {"kind": "move", "at": [5]}, {"kind": "move", "at": "5,8"},
                    {"kind": "move", "nothing": 1}, {"kind": "fight", "attackers": [{"at": [1, 1]}]},
                    {"kind": "move", "seat": True}, {"kind": "x" * 1000}, {"kind": "fight", "attackers": [[]] * 99}):
        try:
            fields_from_json(event_type, hostile)
        except ValueError:
            continue
        raise AssertionError(f"{hostile!r} was taken for an event")


class StubClient:
    """A connection whose host says what the test wants."""

    def __init__(self, messages) -> None:
        self.messages, self.sent = list(messages), []

    def poll(self):
        arrived, self.messages = self.messages, []
        return arrived

    def send(self, message) -> None:
        self.sent.append(message)

    def close(self) -> None:
        pass


class StubTable:
    def __init__(self, controller) -> None:
        self.controller, self.heard, self.lost, self.refused, self.made = controller, [], [], [], 0

    def made_again(self) -> None:
        self.made += 1

    def refused_joined(self, code: str) -> None:
        self.refused.append(code)

    def hear(self, seat: int, line: str) -> None:
        self.heard.append((seat, line))

    def lost_joined(self, why: str) -> None:
        self.lost.append(why)


def test_what_a_host_sends_that_cannot_be_shown_asks_for_a_fresh_state_and_crashes_nothing():
    from drako_desktop.ui.joined import JoinedGame

    game = load("aetherya-pocket")
    state = game.new_state(3, 1, 0)
    welcome = {"type": "welcome", "seat": 1, "players": 3, "first": 0, "variants": [], "names": ["A", "You", "C"],
               "state": {"n": 0, "view": state.view(1).to_json(), "events": []}}
    hostile = [{"type": "events", "n": 1, "seat": 0, "events": [{"kind": 5}], "view": {}},
               {"type": "decide", "decision": 0, "view": {}, "legal": [{"nonsense": True}], "kind": "arrange"},
               {"type": "decide", "decision": 0, "view": {}, "legal": [], "kind": ["x"]},
               {"type": "state", "n": 3, "view": {"players": "many"}, "events": []},
               {"type": "end", "n": 9, "result": {}, "record": {"game": "chess"}},
               {"type": "chat", "seat": 2, "text": "hello\u202e"}, {"type": "presence", "seats": ["here"] * 50,
                                                                  "waiting": "x", "waited": -5}]
    client = StubClient(hostile)
    joined = JoinedGame(game, Invitation.parse(
        "drako://127.0.0.1:47474/20261207-142210-3fa9c1?game=aetherya-pocket&seat=2&key=" + "A" * 22
        + "&pin=" + "A" * 43), client, welcome)
    table = StubTable(joined.controller)
    joined.take(table)
    assert [m for m in client.sent if m["type"] == "sync"] == [{"type": "sync"}] * 5
    assert table.heard == [(2, "hello")] and joined.ended is None and joined.waiting() is None
    assert joined.controller.setup.seats[0].name == "A" and joined.controller.seats[1].name == "You"


def test_a_question_the_host_asked_before_a_fresh_state_for_its_position_stays_asked():
    """A client that missed some events asks for a fresh state; the host's next question may come before it, and
    is not asked again: the fresh state must not forget it (the seat would wait for ever)."""
    from drako_desktop.ui.joined import JoinedGame

    game = load("aetherya-pocket")
    state = game.new_state(2, 1, 0)
    first = state.legal_actions()[0]
    welcome = {"type": "welcome", "seat": 1, "players": 2, "first": 0, "variants": [], "names": ["A", "B"],
               "state": {"n": 0, "view": state.view(1).to_json(), "events": []}}
    state.apply(first)
    question = {"type": "decide", "decision": 1, "kind": state.decision(), "view": state.view(1).to_json(),
                "legal": [a.to_json() for a in state.legal_actions()]}
    fresh = {"type": "state", "n": 1, "view": state.view(1).to_json(), "events": []}
    joined = JoinedGame(game, Invitation.parse(
        "drako://127.0.0.1:47474/20261207-142210-3fa9c1?game=aetherya-pocket&seat=2&key=" + "A" * 22
        + "&pin=" + "A" * 43), StubClient([question, fresh]), welcome)
    joined.take(StubTable(joined.controller))
    decision = joined.controller.current()
    assert decision.human and decision.seat == 1 and joined.controller.n == 1


def test_a_joined_seat_ends_its_turn_and_takes_a_step_back_through_its_host():
    """The client's side of a turn over: End turn and Undo once the turn's last action is shown, each sent to the
    host and offered no more until it answers; a refusal is said in the table's words and the host asks again."""
    from drako_desktop.ui.joined import JoinedGame

    game = load("aetherya-pocket")
    state = game.new_state(2, 1, 0)
    welcome = {"type": "welcome", "seat": 0, "players": 2, "first": 0, "variants": [], "names": ["A", "B"],
               "state": {"n": 4, "view": state.view(0).to_json(), "events": []}}
    client = StubClient([])
    joined = JoinedGame(game, Invitation.parse(
        "drako://127.0.0.1:47474/20261207-142210-3fa9c1?game=aetherya-pocket&seat=1&key=" + "A" * 22
        + "&pin=" + "A" * 43), client, welcome)
    c = joined.controller
    table = StubTable(c)
    view = state.view(0).to_json()
    client.messages = [{"type": "events", "n": 5, "seat": 0, "events": [], "view": view, "held": True},
                       {"type": "turn-over", "n": 5, "undo": ""}]
    joined.take(table)
    assert c.phase == Phase.DECIDE and c.ending_seat is None  # its last action still to be shown
    assert c.poll() == [] and c.phase == Phase.END_TURN and c.ending_seat == 0 and c.undo_target() is not None
    assert c.undo() and client.sent[-1] == {"type": "undo", "n": 5}
    assert c.ending_seat is None and c.undo_target() is None and not c.undo()  # nothing more until the host answers
    client.messages = [{"type": "refused", "code": "no-undo", "message": "…", "closing": False},
                       {"type": "turn-over", "n": 5, "undo": "final"}]
    joined.take(table)
    assert table.refused == ["no-undo"] and c.ending_seat == 0 and c.why_no_undo() == (None, "final")
    c.proceed()
    assert client.sent[-1] == {"type": "end-turn", "n": 5} and c.ending_seat is None
    client.messages = [{"type": "ended", "n": 5, "seat": 0, "events": [], "view": view}]
    joined.take(table)
    assert c.phase == Phase.END_TURN  # until the turn's end is shown
    assert c.poll() == [] and c.phase == Phase.DECIDE and c.n == 5
    client.messages = [{"type": "state", "n": 3, "view": view, "events": [], "ending": 1}]
    joined.take(table)
    assert table.made == 1 and c.n == 3 and c.phase == Phase.END_TURN and c.ending_seat == 1
