"""A long evening with the app open: what a player does again and again (hints asked and cancelled, screens opened
and closed, window sizes) leaves nothing behind that grows without bound: threads, work in the opponents'
process, scenes kept alive, pictures kept."""

from __future__ import annotations

import threading
import weakref

import pytest

from drako_desktop.controller import worker
from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.i18n import tr
from drako_desktop.interface.registry import load
from drako_desktop.settings import Settings
from drako_desktop.ui.app import App
from drako_desktop.ui.scenes.menu import GameTile, MainMenu
from drako_desktop.ui.scenes.scores import ScoreSheet
from ui_support import click, frames, make_app, play_until


def hint_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("hint-seat-")]


def test_hints_asked_and_cancelled_again_and_again_are_not_all_thought_out(private_home, monkeypatch):
    # Each hint asked waits for its turn in the opponents' process (one call at a time). Asked and cancelled 50
    # times, 50 threads waited there and every hint was thought out anyway, one after the other: a minute of the
    # processor's time, with the computers' moves and the next hint asked waiting behind them.
    sent: list[str] = []
    send = worker._send
    monkeypatch.setattr(worker, "_send", lambda conn, message: (sent.append(message[0]), send(conn, message))[1])
    game = load("aetherya-pocket")
    app = App(game, Settings(animation_speed="instant"), size=(1280, 720), persist=False, threaded=True)
    app.hint_depth = 2
    table = app.start_game(GameSetup((Seat("Ana"), Seat("Ben")), seed=4))
    play_until(app, table, lambda: table.decision() is not None and table.decision().kind == "after-draw")
    opponents = app.opponents(game)
    with opponents._lock:  # the opponents' process is busy (another hint, a computer's move) meanwhile
        for _ in range(10):
            table.hints.toggle()
            frames(app, 1)
            assert table.hints.request is not None
            table.hints.toggle()
            frames(app, 1)
        waiting = hint_threads()
        assert len(waiting) == 10
    for thread in waiting:
        thread.join(timeout=30)
    assert not hint_threads() and "assess" not in sent
    # The hint asked now is thought out at once, and shown.
    table.hints.toggle()
    for thread in hint_threads():
        thread.join(timeout=30)
    frames(app, 1)
    assert sent.count("assess") == 1 and table.hints.shown is not None
    # A hint still waiting when the table is left is not thought out either.
    table.hints.toggle()  # hidden
    with opponents._lock:
        table.hints.toggle()  # asked again
        waiting = hint_threads()
        assert len(waiting) == 1
        app.main_menu()
    for thread in waiting:
        thread.join(timeout=30)
    assert sent.count("assess") == 1
    app.close()


def test_the_menus_pictures_are_kept_for_the_window_as_it_is_only(private_home):
    # The pieces fanned out on the menu's game tiles were kept for every window size they were made for: dragging
    # the window's edge through 40 sizes kept 54 fans.
    app = make_app(load("aetherya-pocket"), size=(1280, 720))
    app.main_menu()
    frames(app, 1)
    for step in range(8):
        app.resize((1100 + 40 * step, 700 + 20 * step))
        frames(app, 1)
    app.update_settings(language="zh-TW")
    frames(app, 1)
    tiles = [w for w in app.scenes.top.widgets.widgets if isinstance(w, GameTile)]
    assert len(tiles) == len(app.library) == len(MainMenu._fans)
    assert {(tile.game_id, tile.rect.size, "zh-TW") for tile in tiles} == set(MainMenu._fans)
    app.close()


@pytest.mark.parametrize("game_id", ["aetherya-pocket", "draco-mundis"])
def test_a_finished_table_is_let_go_after_rematch_and_on_the_menu(game_id, private_home):
    # The table that comes is kept from the garbage collector with all that lives when it comes. Rematch on the
    # score sheet started the next table while the sheet (and the table it belongs to) still ran: both were kept
    # for the whole next game; and a table left for the menu was kept for as long as the menu showed.
    app = make_app(load(game_id), size=(1280, 720), animation_speed="instant", computer_pace="fast")
    seats = (Seat("A", COMPUTER, "random"), Seat("B", COMPUTER, "random"))
    table = app.start_game(GameSetup(seats, seed=5, game=game_id))
    for leave_by in ("scores.rematch", "scores.main_menu"):
        play_until(app, table, lambda: isinstance(app.scenes.top, ScoreSheet))
        before = weakref.ref(table)
        at = next(w.rect.center for w in app.scenes.top.widgets.widgets if w.label == tr(leave_by))
        del table
        click(app, at)
        frames(app, 1)
        assert before() is None
        table = app.scenes.top
    assert isinstance(table, MainMenu)
    app.close()


def test_the_texts_kept_stay_within_their_bytes(private_home, monkeypatch):
    # Every text drawn is kept, and each game brings new ones (its log, its scores): at 3840 x 2160 the 3000 texts
    # kept took 450 MB. Now the least recently drawn go first past a number of bytes too (lowered here).
    from drako_desktop.ui import text

    monkeypatch.setattr(text, "KEPT_TEXT_BYTES", 3 * 2**20, raising=False)
    app = make_app(load("aetherya-pocket"), size=(1600, 900), animation_speed="instant", computer_pace="fast")
    seats = (Seat("A", COMPUTER, "random"), Seat("B", COMPUTER, "random"), Seat("C", COMPUTER, "random"))
    table = app.start_game(GameSetup(seats, seed=8))
    play_until(app, table, lambda: isinstance(app.scenes.top, ScoreSheet))
    app.open_rules()
    frames(app, 2)
    kept = app.ctx.text._surfaces
    size = sum(s.get_width() * s.get_height() * s.get_bytesize() for s in kept.values())
    assert size <= 3 * 2**20 and len(kept) > 20
    assert size == app.ctx.text._surfaces.bytes
    app.close()


def test_a_review_left_is_not_kept_when_the_next_one_starts(private_home):
    # Every review opened kept its game and all it had worked out for the rest of the session.
    from drako_desktop.ui.scenes import review

    app = make_app(load("aetherya-pocket"), size=(1280, 720), animation_speed="instant", computer_pace="fast")
    app.review_depth = 1
    finished = []
    for seed in (11, 12, 13):
        table = app.start_game(GameSetup((Seat("A", COMPUTER, "random"), Seat("B", COMPUTER, "random")), seed=seed))
        play_until(app, table, lambda: isinstance(app.scenes.top, ScoreSheet))
        finished.append(app.scenes.top.finished_game())
    for game in finished:
        app.open_review(game)
        frames(app, 3)
        app.scenes.pop()
        frames(app, 1)
    assert [job.saved.game_id for job in review._jobs.values()] == [finished[-1].game_id]
    app.close()


@pytest.mark.parametrize("game_id", ["aetherya-pocket", "draco-mundis"])
def test_switching_the_language_keeps_no_texts_of_the_languages_before(game_id, private_home):
    # The card (token) pictures of each language kept the texts of the language as it was first shown, each with
    # everything drawn in it then (up to 128 MB) and its fonts open: switching back and forth on a table kept
    # one more set each time until both languages had one.
    from drako_desktop.games.aetherya_pocket import ui as aetherya_ui
    from drako_desktop.games.draco_mundis import ui as draco_ui

    app = make_app(load(game_id), size=(1280, 720), animation_speed="instant")
    app.start_game(GameSetup((Seat("Ana"), Seat("Bot", COMPUTER, "random")), seed=3, game=game_id))
    frames(app, 5)
    first = weakref.ref(app.ctx.text)
    for language in ("zh-TW", "en", "zh-TW", "en"):
        app.update_settings(language=language)
        frames(app, 2)
    kept = list((aetherya_ui._card_arts if game_id == "aetherya-pocket" else draco_ui._token_arts).values())
    assert kept and all(pictures.text is app.ctx.text for pictures in kept)
    assert first() is None
    app.close()


@pytest.mark.parametrize("game_id", ["aetherya-pocket", "draco-mundis"])
def test_a_screen_closed_is_let_go_at_the_next_frame(game_id):
    # A screen refers to itself (its buttons' actions), so only the garbage collector frees it, and its passes
    # count objects, not the megabytes of pictures a few of them hold: closed viewers piled up to 300 MB.
    app = make_app(load(game_id), size=(1280, 720))
    app.main_menu()
    frames(app, 1)
    app.open_rules()
    frames(app, 2)
    rules = weakref.ref(app.scenes.top)
    assert not isinstance(rules(), MainMenu)
    app.scenes.pop()
    frames(app, 1)
    assert rules() is None and isinstance(app.scenes.top, MainMenu)
    app.close()
