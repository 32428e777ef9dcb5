"""Autosave and resume, Load and History, statistics, undo, and what the player sees when a file is bad.

Games here are played through the real App with persistence on, in the
temporary player folder every test gets (conftest.private_home); screens are
saved to tests/output/screenshots/ for a person to look at.
"""

from __future__ import annotations

import json
import logging

import pygame
import pytest

from conftest import aetherya_game
from drako_desktop import i18n, logsetup, saves
from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.settings import Settings, settings_path
from drako_desktop.stats import Statistics
from drako_desktop.ui.app import App
from drako_desktop.ui.launch import open_app
from drako_desktop.ui.scenes.base import Scene
from drako_desktop.ui.scenes.dialogs import CrashDialog, Dialog
from drako_desktop.ui.scenes.load import LoadScene, SaveRow
from drako_desktop.ui.scenes.menu import MainMenu
from drako_desktop.ui.scenes.overlay import PauseMenu
from drako_desktop.ui.scenes.scores import ScoreSheet
from drako_desktop.ui.scenes.settings import SettingsScene
from drako_desktop.ui.scenes.statistics import StatisticsScene
from drako_desktop.ui.table import TableScene
from ui_support import click, frames, key, make_app, motion, play_until, screenshot

NAMES = ("Ana", "Brynja", "Corvin", "Isolde")


def setup_for(players: int = 2, seed: int = 5, people: int = 1) -> GameSetup:
    seats = [Seat(NAMES[i]) if i < people else Seat(NAMES[i], COMPUTER, ("random", "easy", "medium")[i % 3])
             for i in range(players)]
    return GameSetup(tuple(seats), seed)


def opened(rules, open_screen, kind, size=(1600, 900)):
    """The app on the main menu with a screen opened over it (persistence on)."""
    aetherya = aetherya_game()
    app = make_app(aetherya, size=size, persist=True, animation_speed="instant")
    app.main_menu()
    open_screen(app)
    frames(app, 2)
    assert isinstance(app.scenes.top, kind)
    return app, app.scenes.top


def flush(table) -> None:
    """Wait for the background writer to have written the last move."""
    assert table.session.flush()


def persisted(rules, **settings):
    aetherya = aetherya_game()
    return make_app(aetherya, persist=True, animation_speed="instant", **settings)


def test_every_move_is_saved_and_continue_resumes_exactly(library, rules):
    app = persisted(rules)
    table = app.start_game(setup_for(3))
    play_until(app, table, lambda: table.controller._state.turn >= 6 and table.decision() is not None)
    flush(table)
    path = table.session.saved_path()
    game, state = saves.read(path, library)
    assert list(game.actions) == table.controller.actions and not game.finished
    before = (table.controller._state.view(0), list(table.log_lines()))
    app.scenes.push(PauseMenu(app))
    frames(app, 2)
    screenshot(app, "20-pause-menu-saved")
    leave = next(w for w in app.scenes.top.widgets.widgets if getattr(w, "label", "") == "Save and leave")
    click(app, leave.rect.center)  # one click: nothing is lost, so nothing to confirm
    assert isinstance(app.scenes.top, MainMenu)
    frames(app, 2)
    screenshot(app, "21-main-menu-continue")
    cont = next(w for w in app.scenes.top.widgets.widgets if getattr(w, "label", "") == "Continue")
    assert cont.enabled
    click(app, cont.rect.center)
    resumed = app.scenes.top
    assert isinstance(resumed, TableScene) and resumed is not table
    frames(app, 2)
    assert resumed.controller._state.view(0) == before[0]
    assert resumed.log_lines() == before[1]  # the log told again from a replay
    assert resumed.board.model.matches(resumed.controller._state.view(0))
    assert resumed.decision() is not None
    app.close()


def test_when_saving_fails_the_player_is_told_once_and_the_game_goes_on(rules):
    saves.saves_dir().parent.mkdir(parents=True, exist_ok=True)
    saves.saves_dir().write_text("a file where the saves folder should be")
    app = persisted(rules)
    table = app.start_game(setup_for(2, seed=3))
    play_until(app, table, lambda: isinstance(app.scenes.top, Dialog))
    dialog = app.scenes.top
    assert dialog.title == "The game cannot be saved" and str(saves.saves_dir()) in dialog.detail
    frames(app, 1)
    screenshot(app, "35-saving-failed")
    click(app, dialog.widgets.widgets[0].rect.center)
    moves = len(table.controller.actions)
    play_until(app, table, lambda: len(table.controller.actions) > moves + 10)  # the game goes on
    assert not isinstance(app.scenes.top, Dialog)  # said once
    app.close()


def test_finished_game_goes_to_history_and_counts_once_in_statistics(library, rules):
    app = persisted(rules)
    table = app.start_game(setup_for(2, seed=8))
    play_until(app, table, lambda: app.scenes.find(ScoreSheet) is not None)
    table.session.close()
    game_id = table.session.game_id
    assert not (saves.saves_dir() / f"{game_id}.json").exists()
    finished, state = saves.read(saves.history_dir() / f"{game_id}.json", library)
    assert finished.finished
    stats, _ = Statistics.load()
    ana = stats.players_of("aetherya-pocket")["Ana"]
    assert ana.games == 1 and ana.wins == (0 in state.winners()) and ana.best == state.scores()[0].total
    assert "Brynja" not in stats.players_of("aetherya-pocket")  # computers have no statistics
    table.session.record_statistics()  # a second time changes nothing
    assert Statistics.load()[0].players_of("aetherya-pocket")["Ana"].games == 1
    app.close()


@pytest.mark.parametrize("trouble", ["broken file", "cannot write"])
def test_statistics_trouble_at_the_end_of_a_game_says_what_happened(rules, private_home, monkeypatch, trouble):
    if trouble == "broken file":
        path = private_home / "data" / "statistics.json"
        path.parent.mkdir(parents=True)
        path.write_text("{not json")
        title, what = "trouble_title", "trouble"
        detail = "not valid JSON (line 1, column 2): the file is damaged or truncated; statistics start again"
    else:
        def refuse(self, path=None):
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(Statistics, "save", refuse)
        title, what, detail = "not_saved_title", "not_saved", "the statistics could not be saved (Permission denied)"
    app = persisted(rules)
    table = app.start_game(setup_for(2, seed=8))
    play_until(app, table, lambda: isinstance(app.scenes.top, Dialog))
    dialog = app.scenes.top
    assert app.scenes.find(ScoreSheet) is not None
    assert dialog.title == i18n.tr(f"statistics.{title}") and dialog.message == i18n.tr(f"statistics.{what}")
    assert detail in dialog.detail
    frames(app, 1)
    screenshot(app, f"38-statistics-{trouble.replace(' ', '-')}")
    app.close()


def fill_saves(rules, count: int, finished: int = 0) -> list[saves.SavedGame]:
    """Saved games as a player would leave them: some in progress, some finished (history)."""
    aetherya = aetherya_game()
    import random

    from drako_desktop.games.aetherya_pocket.engine import GameState

    made = []
    for n in range(count + finished):
        setup = setup_for(2 + n % 3, seed=100 + n, people=1 + (n % 4 == 3))
        rng = random.Random(n)
        state = GameState.new(rules, setup.players, setup.seed, setup.first)
        stop = None if n >= count else 20 + (15 * n) % 90
        while not state.is_terminal() and (stop is None or len(state.history) < stop):
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        stamp = f"2026-0{1 + n % 9}-1{n % 10}T1{n % 10}:2{n % 10}:00Z"
        game = saves.SavedGame(f"20260101-000000-{n:06x}", setup, tuple(state.history), stamp, stamp,
                               practice=n == 1, finished=state.is_terminal())
        folder = saves.history_dir() if game.finished else saves.saves_dir()
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{game.game_id}.json").write_text(saves.encode(game, state, aetherya))
        made.append(game)
    return made


def test_load_lists_games_in_progress_and_opens_one(rules):
    made = fill_saves(rules, 4, finished=2)
    app, scene = opened(rules, App.open_load, LoadScene)
    rows = [w for w in scene.widgets.widgets if isinstance(w, SaveRow)]
    assert len(rows) == 4 and all(not r.entry.game.finished for r in rows)
    assert [r.entry.game.updated for r in rows] == sorted((g.updated for g in made[:4]), reverse=True)
    frames(app, 1, [motion(rows[1].rect.center)])
    screenshot(app, "22-load-in-progress")
    chosen = rows[0].entry
    click(app, rows[0].rect.center)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert table.controller.actions == list(chosen.game.actions)
    assert table.controller._state.turn == chosen.turn
    app.close()


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_a_rows_words_are_not_cut_and_a_game_not_started_says_setup(rules, monkeypatch, language):
    """At 1280 x 720 a row's "Chosen seed" badge was cut to "Chosen s…" beside the game's name, with room to
    spare; and a game still being set up said "Turn 0"."""
    from drako_desktop.games.aetherya_pocket.engine import GameState
    from drako_desktop.ui.text import Text

    aetherya = aetherya_game()
    for n, moves in enumerate((0, 12)):
        setup = GameSetup(setup_for(3 + n).seats, 40 + n, seed_chosen=True)
        state = GameState.new(rules, setup.players, setup.seed, setup.first)
        for _ in range(moves):
            state.apply(state.legal_actions()[0])
        stamp = f"2026-02-0{n + 1}T10:00:00Z"
        game = saves.SavedGame(f"20260201-000000-{n:06x}", setup, tuple(state.history), stamp, stamp,
                               practice=False, finished=False)
        saves.saves_dir().mkdir(parents=True, exist_ok=True)
        (saves.saves_dir() / f"{game.game_id}.json").write_text(saves.encode(game, state, aetherya))
    app = make_app(aetherya, size=(1280, 720), persist=True, animation_speed="instant", language=language)
    app.main_menu()
    app.open_load()
    frames(app, 2)
    rows = [w for w in app.scenes.top.widgets.widgets if isinstance(w, SaveRow)]
    fitted: list[tuple[str, int]] = []
    original = Text.fitted

    def noted(self, words, role, size, colour, max_width, min_size=None, **options):
        shown = self.ellipsize(words, role, self.fit_size(words, role, size, max_width, min_size), max_width)
        fitted.append((words, shown != words))
        return original(self, words, role, size, colour, max_width, min_size, **options)

    monkeypatch.setattr(Text, "fitted", noted)
    for row in rows:
        row.draw(app.surface, app.ctx, False, False)
    words = [w for w, _ in fitted]
    assert i18n.tr("statistics.seeded") in words and i18n.tr("load.setup") in words
    assert i18n.tr("load.turn", turn=0) not in words
    assert [w for w, cut in fitted if cut] == []  # shrunk to fit at most, never cut short
    screenshot(app, f"load-chosen-seed-and-setup-{language}")
    app.close()


def test_a_long_list_scrolls_by_keyboard_and_wheel_at_the_smallest_window(aetherya, rules):
    fill_saves(rules, 11)
    app = make_app(aetherya, size=(1280, 720), persist=True, animation_speed="instant")
    app.main_menu()
    app.open_load()
    frames(app, 1)
    scene = app.scenes.top
    assert scene.per_page < 11 and scene.first == 0
    for _ in range(scene.per_page + 1):  # down past the last row shown: the list follows the focus
        frames(app, 1, [key(pygame.K_DOWN)])
    assert scene.first == 2 and scene.focused_row() == (scene.per_page + 1, 0)
    frames(app, 1, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-10, flipped=False)])
    assert scene.first == 11 - scene.per_page
    frames(app, 1, [key(pygame.K_RETURN)])  # Enter opens the focused game
    assert isinstance(app.scenes.top, TableScene)
    app.scenes.push(LoadScene(app))
    frames(app, 1, [key(pygame.K_PAGEDOWN)])
    frames(app, 1, [motion((5, 5))])
    screenshot(app, "34-load-long-list-1280x720")
    rows = [w for w in app.scenes.top.widgets.widgets if isinstance(w, SaveRow)]
    assert all(r.rect.bottom <= app.scenes.top.list_rect.bottom for r in rows)
    app.close()


def test_history_shows_final_scores_and_opens_the_score_sheet(rules):
    fill_saves(rules, 1, finished=3)
    app = persisted(rules)
    app.main_menu()
    app.open_load()
    frames(app, 1)
    tab = next(w for w in app.scenes.top.widgets.widgets if getattr(w, "label", "").startswith("Finished"))
    click(app, tab.rect.center)
    rows = [w for w in app.scenes.top.widgets.widgets if isinstance(w, SaveRow)]
    assert len(rows) == 3 and all(r.entry.winners for r in rows)
    frames(app, 1, [motion((5, 5))])
    screenshot(app, "23-load-history")
    click(app, rows[0].rect.center)
    frames(app, 60)
    sheet = app.scenes.top
    assert isinstance(sheet, ScoreSheet) and sheet.review
    assert [w.label for w in sheet.widgets.widgets] == ["Back", "Review", "Show the table"]
    screenshot(app, "24-history-score-sheet")
    frames(app, 1, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scenes.top, LoadScene) and app.scenes.find(TableScene) is None
    app.close()


def test_delete_asks_first_and_removes_the_file(rules):
    made = fill_saves(rules, 2)
    app = persisted(rules)
    app.main_menu()
    app.open_load()
    frames(app, 1)
    delete = next(w for w in app.scenes.top.widgets.widgets if getattr(w, "label", "") == "Delete")
    click(app, delete.rect.center)
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog)
    frames(app, 1)
    screenshot(app, "25-load-delete-confirm")
    click(app, next(w for w in dialog.widgets.widgets if getattr(w, "label", "") == "Keep it").rect.center)
    assert len(list(saves.saves_dir().glob("*.json"))) == 2
    click(app, delete.rect.center)
    click(app, next(w for w in app.scenes.top.widgets.widgets if getattr(w, "label", "") == "Delete").rect.center)
    assert isinstance(app.scenes.top, LoadScene)
    assert len(list(saves.saves_dir().glob("*.json"))) == 1
    assert len([w for w in app.scenes.top.widgets.widgets if isinstance(w, SaveRow)]) == 1
    app.close()
    assert made


@pytest.mark.parametrize("damage", ["truncated", "version", "edited"])
def test_broken_saves_are_named_kept_aside_and_the_list_goes_on(rules, damage):
    fill_saves(rules, 2)
    folder = saves.saves_dir()
    victim = sorted(folder.glob("*.json"))[0]
    text = victim.read_text()
    if damage == "truncated":
        victim.write_text(text[: len(text) // 3])
    elif damage == "version":
        victim.write_text(text.replace('"version":1', '"version":0'))
    else:
        data = json.loads(text)
        data["snapshot"]["scores"][0] += 5
        victim.write_text(json.dumps(data))
    app = persisted(rules)
    app.main_menu()
    app.open_load()
    frames(app, 2)
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog) and victim.name in dialog.detail and "kept as" in dialog.detail
    if damage == "truncated":
        screenshot(app, "26-broken-save-message")
    assert not victim.exists() and len(list(folder.glob(victim.name + ".broken-*"))) == 1
    click(app, dialog.widgets.widgets[0].rect.center)
    assert isinstance(app.scenes.top, LoadScene)
    assert len([w for w in app.scenes.top.widgets.widgets if isinstance(w, SaveRow)]) == 1
    app.close()


def test_continue_with_a_broken_newest_save_says_so_and_offers_the_rest(rules):
    fill_saves(rules, 1)
    folder = saves.saves_dir()
    (folder / "zz-newest.json").write_text('{"format": "drako-desktop-save", "version": 1, "game_id": ')
    app = persisted(rules)
    app.main_menu()
    frames(app, 1)
    cont = next(w for w in app.scenes.top.widgets.widgets if getattr(w, "label", "") == "Continue")
    click(app, cont.rect.center)
    assert isinstance(app.scenes.top, Dialog) and "zz-newest.json" in app.scenes.top.detail
    click(app, app.scenes.top.widgets.widgets[0].rect.center)
    menu = app.scenes.top
    assert isinstance(menu, MainMenu)
    cont = next(w for w in menu.widgets.widgets if getattr(w, "label", "") == "Continue")
    click(app, cont.rect.center)  # the good one is still there
    assert isinstance(app.scenes.top, TableScene)
    app.close()


def test_a_broken_save_is_explained_in_chinese_too(rules):
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    (folder / "zz-newest.json").write_text('{"format": "drako-desktop-save", "version": 1, "game_id": ')
    app = persisted(rules, language="zh-TW")
    app.main_menu()
    frames(app, 1)
    cont = next(w for w in app.scenes.top.widgets.widgets if getattr(w, "label", "") == i18n.tr("menu.continue"))
    click(app, cont.rect.center)
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog)
    aside = next(folder.glob("zz-newest.json.broken-*")).name
    assert dialog.detail == (f"zz-newest.json：不是有效的 JSON（第 1 行第 59 欄）："
                             f"檔案已損壞或不完整。已改名保留為 {aside}。")
    frames(app, 1)
    screenshot(app, "37-broken-save-message-zh-TW")
    app.close()


def test_a_finished_game_left_among_the_saves_is_moved_to_the_history(library, rules):
    """A kill between writing the last move and moving the file: the next listing finishes the move."""
    game = fill_saves(rules, 0, finished=1)[0]
    saves.saves_dir().mkdir(parents=True, exist_ok=True)
    (saves.history_dir() / f"{game.game_id}.json").replace(saves.saves_dir() / f"{game.game_id}.json")
    latest, listing = saves.latest_unfinished(library)
    assert latest is None and listing.problems == []
    assert (saves.history_dir() / f"{game.game_id}.json").exists()
    assert not list(saves.saves_dir().glob("*.json"))


def test_writes_cut_short_leave_temporary_files_that_are_never_saves_and_are_cleared(library, rules):
    import os

    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    old, young = folder / ".g1.json.k2j3.tmp", folder / ".g2.json.x9q1.tmp"
    old.write_text('{"format": "drako-desk')
    young.write_text('{"format": "drako-desk')
    os.utime(old, (0, 0))
    listing = saves.list_saves(library)
    assert listing.games == [] and listing.problems == []
    assert saves.clear_stale_temporaries() == 1 and not old.exists() and young.exists()  # young: maybe being written


def test_a_save_made_with_other_rules_is_refused_but_left_in_place_and_told(library, rules):
    fill_saves(rules, 2)
    folder = saves.saves_dir()
    victim = sorted(folder.glob("*.json"))[0]
    victim.write_text(victim.read_text().replace('"cards":"', '"cards":"other-', 1))
    listing = saves.list_saves(library)
    assert len(listing.games) == 1 and listing.problems == [] and listing.foreign == []
    assert [m.values["file"] for m in listing.kept] == [victim.name] and victim.exists()
    with pytest.raises(saves.OtherRulesError, match="a game of Drako: Aetherya Pocket made with other rules"):
        saves.read(victim, library)
    # A game this version does not have at all is only counted.
    victim.write_text(victim.read_text().replace('"game":"aetherya-pocket"', '"game":"nine-mens-morris"', 1))
    listing = saves.list_saves(library)
    assert listing.foreign == [victim.name] and listing.kept == []


def test_statistics_screen_and_reset_with_confirmation(rules):
    stats = Statistics()
    duo = GameSetup((Seat("Ana"), Seat("Brynja", COMPUTER, "easy")), 1)
    trio = GameSetup((Seat("Ana"), Seat("Ben"), Seat("Corvin", COMPUTER, "hard")), 2)
    for n, (setup, totals, winners) in enumerate([(duo, [31, 24], [0]), (duo, [18, 27], [1]), (trio, [22, 25, 19], [1]),
                                                   (trio, [29, 21, 28], [0]), (duo, [40, 12], [0])]):
        stats.record_game(f"g{n}", setup, totals, winners, practice=False)
    stats.record_game("p1", duo, [50, 3], [0], practice=True)
    stats.save()
    app, scene = opened(rules, App.open_statistics, StatisticsScene)
    assert [name for name, _ in scene.players()] == ["Ana", "Ben"]
    ana = scene.stats.players_of("aetherya-pocket")["Ana"]
    assert (ana.games, ana.wins, ana.best, ana.practice_games) == (5, 3, 40, 1)
    screenshot(app, "27-statistics")
    reset = next(w for w in scene.widgets.widgets if getattr(w, "label", "") == "Reset statistics")
    click(app, reset.rect.center)
    assert isinstance(app.scenes.top, Dialog)
    frames(app, 1)
    screenshot(app, "28-statistics-reset-confirm")
    frames(app, 1, [key(pygame.K_ESCAPE)])  # Esc says no
    assert Statistics.load()[0].players_of("aetherya-pocket")
    click(app, reset.rect.center)
    click(app, next(w for w in app.scenes.top.widgets.widgets if getattr(w, "label", "") == "Reset").rect.center)
    assert Statistics.load()[0].players_of("aetherya-pocket") == {} and scene.players() == []
    frames(app, 1)
    screenshot(app, "29-statistics-empty")
    app.close()


def test_broken_statistics_file_is_set_aside_with_a_message(rules, private_home):
    path = private_home / "data" / "statistics.json"
    path.parent.mkdir(parents=True)
    path.write_text("{not json")
    app = persisted(rules)
    app.main_menu()
    app.open_statistics()
    frames(app, 1)
    assert isinstance(app.scenes.top, Dialog) and "statistics.json" in app.scenes.top.detail
    (aside,) = path.parent.glob("statistics.json.broken-*")
    assert aside.read_text() == "{not json" and not path.exists()
    app.close()


class Exploding(Scene):
    """A scene with a bug in it."""

    def update(self, dt: float) -> None:
        raise ZeroDivisionError("a scene divided by zero")


def test_an_error_in_a_scene_is_logged_shown_and_the_game_is_kept(library, rules):
    logsetup.setup_logging()
    try:
        app = persisted(rules)
        table = app.start_game(setup_for(2, seed=9))
        play_until(app, table, lambda: table.controller._state.turn >= 3 and table.decision() is not None)
        flush(table)
        actions = list(table.controller.actions)
        path = table.session.saved_path()
        app.scenes.push(Exploding(app))
        frames(app, 2)
        dialog = app.scenes.top
        assert isinstance(dialog, CrashDialog)
        assert app.crashes == ["ZeroDivisionError: a scene divided by zero"]
        assert str(path) in dialog.detail and "ZeroDivisionError" in dialog.detail
        screenshot(app, "30-crash-dialog")
        logging.getLogger("drako_desktop").handlers[0].flush()
        text = logsetup.log_path().read_text()
        assert "Traceback" in text and "a scene divided by zero" in text and str(path) in text
        assert saves.read(path, library)[0].actions == tuple(actions)  # the autosave survived it
        click(app, dialog.widgets.widgets[0].rect.center)  # Back to the menu
        assert isinstance(app.scenes.top, MainMenu) and app.scenes.find(TableScene) is None
        click(app, next(w for w in app.scenes.top.widgets.widgets if getattr(w, "label", "") == "Continue").rect.center)
        assert app.scenes.top.controller.actions == actions
        app.close()
    finally:
        logsetup.close_logging()


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_errors_nobody_caught_in_a_thread_are_written_to_the_log():
    import threading

    path = logsetup.setup_logging()
    try:
        def broken() -> None:
            raise LookupError("a worker thread lost its way")

        thread = threading.Thread(target=broken, name="worker-under-test")
        thread.start()
        thread.join()
        logging.getLogger("drako_desktop").handlers[0].flush()
        text = path.read_text()
        assert "unexpected error in thread worker-under-test" in text and "LookupError" in text
    finally:
        logsetup.close_logging()


def test_an_error_while_drawing_the_crash_dialog_falls_back_to_the_menu(rules):
    app = persisted(rules)
    app.main_menu()

    class Broken(Scene):
        def draw(self, surface):
            raise RuntimeError("cannot draw")

    app.scenes.push(Broken(app))
    frames(app, 1)
    assert isinstance(app.scenes.top, CrashDialog)
    app.scenes.top.draw = lambda surface: (_ for _ in ()).throw(RuntimeError("the dialog cannot draw either"))
    frames(app, 1)
    assert isinstance(app.scenes.top, MainMenu) and len(app.crashes) == 2
    app.close()


def test_a_broken_settings_file_gives_defaults_a_message_and_is_rewritten(aetherya, rules):
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"version": 1, "animation_speed": "warp", "window_width": 1700')
    settings, note = Settings.load()
    assert settings == Settings() and "not valid JSON" in str(note)
    app = open_app(aetherya, settings, note, size=(1600, 900), threaded=False)
    frames(app, 2)
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog) and str(path) in dialog.detail
    assert isinstance(app.scenes.scenes[0], MainMenu)
    screenshot(app, "31-settings-broken-message")
    click(app, dialog.widgets.widgets[0].rect.center)
    assert isinstance(app.scenes.top, MainMenu)
    app.update_settings(animation_speed="fast")  # the next change writes a whole, good file
    again, note = Settings.load()
    assert note is None and again.animation_speed == "fast"
    app.close()


def test_a_settings_problem_is_explained_in_the_language_the_settings_chose(aetherya, rules):
    """The file is read before the language is known; its message is translated when shown."""
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"version": 1, "language": "zh-TW", "window_width": 99, "sound": "loud"}))
    settings, note = Settings.load()
    assert settings.language == "zh-TW" and settings.window_width == Settings().window_width
    assert str(note) == (f"{path}: the field “window_width” must be a whole number from 1280 to 3840, not 99; the "
                         "field “sound” must be true or false, not \"loud\"; those settings were reset to their "
                         "defaults")
    app = open_app(aetherya, settings, note, size=(1280, 720), threaded=False)
    frames(app, 2)
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog) and dialog.detail == (
        f"{path}：欄位「window_width」應為介於 1280 到 3840 的整數，卻是 99；欄位「sound」應為「true」或「false」，"
        "卻是 \"loud\"；這些設定已恢復為預設值")
    screenshot(app, "36-settings-broken-message-zh-TW")
    app.close()


def test_settings_screen_shows_every_setting(rules):
    app, scene = opened(rules, App.open_settings, SettingsScene)
    labels = [getattr(w, "label", "") for w in scene.widgets.widgets]
    for wanted in ("Animation speed", "Score preview while placing", "End my turn automatically",
                   "Practice mode (unlimited undo)", "Language", "Full screen (F11)", "Window size"):
        assert wanted in labels
    widgets = scene.widgets.widgets
    assert all(a.rect.bottom <= b.rect.top for a, b in zip(widgets, widgets[1:]))
    assert widgets[-1].rect.bottom <= 900
    screenshot(app, "32-settings")
    app.close()


def test_practice_game_shows_its_badge_undoes_freely_and_counts_apart(library, rules):
    app = persisted(rules, practice_undo=True)
    table = app.start_game(setup_for(2, seed=12))
    assert table.controller.practice and table.session.game.practice
    play_until(app, table, lambda: table.controller._state.turn >= 5 and table.decision() is not None)
    frames(app, 2)
    before = len(table.controller.actions)
    undo = next(w for w in table.widgets.widgets if getattr(w, "label", "") == "Undo")
    click(app, undo.rect.center)
    frames(app, 2)
    assert len(table.controller.actions) < before
    screenshot(app, "33-table-practice-badge")
    before = len(table.controller.actions)
    frames(app, 2, [key(pygame.K_z, pygame.KMOD_LCTRL)])  # Ctrl+Z does the same
    assert len(table.controller.actions) < before
    flush(table)
    saved, _ = saves.read(table.session.saved_path(), library)
    assert saved.practice and list(saved.actions) == table.controller.actions  # the undo was saved too
    play_until(app, table, lambda: app.scenes.find(ScoreSheet) is not None)
    ana = Statistics.load()[0].players_of("aetherya-pocket")["Ana"]
    assert (ana.games, ana.practice_games) == (0, 1)
    app.close()


def test_practice_needs_exactly_one_person(rules):
    app = persisted(rules, practice_undo=True)
    table = app.start_game(setup_for(3, people=2))
    assert not table.controller.practice
    app.close()
