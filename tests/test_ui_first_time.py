"""What first-time players found on the shared screens (issue 14), each driven through the real scenes with
synthetic events: the score sheet's tie-break, the new-game screen, the main menu, the history and statistics
of a game with a chosen seed, and the focus tooltip and the lesson's words on the table."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pygame
import pytest

from drako_desktop import i18n
from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.games.aetherya_pocket.engine import category_scores
from drako_desktop.stats import Statistics
from drako_desktop.ui.scenes.load import SaveRow
from drako_desktop.ui.scenes.new_game import NewGameScene
from drako_desktop.ui.scenes.scores import ScoreSheet
from drako_desktop.ui.text import Text
from drako_desktop.ui.widgets import Button, TextField
from ui_support import click, down, frames, key, make_app, motion, play_until, screenshot

LANGUAGES = ("en", "zh-TW")


def texts_drawn(monkeypatch) -> list[str]:
    """Every text the screens render from now on (to tell what a person could read)."""
    shown: list[str] = []
    render = Text.render

    def noted(self, words, *args, **options):
        shown.append(words)
        return render(self, words, *args, **options)

    monkeypatch.setattr(Text, "render", noted)
    return shown


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_score_sheet_explains_a_three_way_tie(aetherya, language):
    app = make_app(aetherya, language=language, animation_speed="instant")
    seats = (Seat("Ana"), Seat("Bo", COMPUTER, "random"), Seat("Cy", COMPUTER, "random"))
    table = app.start_game(GameSetup(seats, seed=4))
    frames(app, 2)
    sheet = ScoreSheet(app, table)
    # Sorted high to low: Ana (6, 2, 1), Bo (6, 3), Cy (5, 4), all on 9: Cy is out at position 1, Bo wins at 2.
    rows = ((6, 2, 1, 0, 0, 0, 0), (0, 3, 0, 6, 0, 0, 0), (4, 0, 5, 0, 0, 0, 0))
    sheet.scores = [category_scores(aetherya.cards.categories, row) for row in rows]
    sheet.winners = [1]
    app.scenes.push(sheet)
    frames(app, 5)
    words = sheet.tie_break_text()
    expected = {"en": "At position 1, Ana and Bo have 6 each, more than Cy (5). "
                      "At position 2, Bo has 3, more than Ana (2).",
                "zh-TW": "在第 1 項，Ana和Bo都是 6，高於Cy（5）。在第 2 項，Bo是 3，高於Ana（2）。"}[language]
    assert words.endswith(expected)
    screenshot(app, f"first-time-score-sheet-3-way-tie-{language}")
    app.close()


def text_event(words: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=words)


def new_game_screen(aetherya, language: str = "en") -> tuple:
    app = make_app(aetherya, language=language)
    app.main_menu()
    app.open_new_game()
    frames(app, 2)
    scene = app.scenes.top
    assert isinstance(scene, NewGameScene)
    return app, scene


def name_field(scene: NewGameScene, seat: int) -> TextField:
    return [w for w in scene.widgets.widgets if isinstance(w, TextField) and w.rect.y == scene.seat_rows[seat].y][0]


def seed_field(scene: NewGameScene) -> TextField | None:
    return next((w for w in scene.widgets.widgets if isinstance(w, TextField) and w.label == i18n.tr("new_game.seed")),
                None)


def test_who_starts_names_the_seats_as_renamed(aetherya):
    app, scene = new_game_screen(aetherya)
    field = name_field(scene, 0)
    click(app, field.rect.center)
    frames(app, 1, [key(pygame.K_BACKSPACE)] * 3 + [text_event("Mira")])
    assert scene.names[0] == "Mira"
    first = scene.first_choice
    click(app, (first.rect.right - 5, first.rect.centery))  # the next seat, and back to the first, named as now
    click(app, (first.rect.right - 5, first.rect.centery))
    click(app, (first.rect.right - 5, first.rect.centery))
    frames(app, 2)
    assert first.value == 0 and first.options[first.index][1] == "Mira"
    assert [label for _, label in first.options] == ["Random", "Mira", "Brynja"]
    assert scene.setup().first == 0 and scene.setup().seats[0].name == "Mira"
    app.close()


def test_add_a_player_says_what_it_adds_and_focuses_the_new_seat(aetherya):
    app, scene = new_game_screen(aetherya)
    add = next(w for w in scene.widgets.widgets if isinstance(w, Button) and w.on_click == scene.add_seat)
    assert add.label == "Add a player: Computer · Medium"
    assert add.icon == "computer"  # the computer's picture, as on the seat it adds (not a person's)
    click(app, add.rect.center)
    frames(app, 2)
    assert scene.kinds == ["human", "ai:medium", "ai:medium"]
    focused = scene.widgets.focused()
    assert focused is scene.seat_kind_choice(2) and focused.value == "ai:medium"
    frames(app, 1, [key(pygame.K_LEFT)])  # the arrows change the new seat at once
    assert scene.kinds[2] != "ai:medium"
    app.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_seed_is_under_more_options_and_a_typed_seed_is_chosen(aetherya, language):
    app, scene = new_game_screen(aetherya, language)
    assert seed_field(scene) is None and not scene.setup().seed_chosen  # a random game's seed is not chosen
    screenshot(app, f"first-time-new-game-{language}")
    click(app, scene.more_button.rect.center)
    frames(app, 2)
    field = seed_field(scene)
    assert field is not None
    click(app, field.rect.center)
    frames(app, 2, [text_event("4242")])
    screenshot(app, f"first-time-new-game-more-options-{language}")
    setup = scene.setup()
    assert (setup.seed, setup.seed_chosen) == (4242, True)
    click(app, scene.more_button.rect.center)  # hidden again: the seed typed is not used
    frames(app, 2)
    assert seed_field(scene) is None and not scene.setup().seed_chosen
    app.close()


def finish_game(app, table) -> None:
    play_until(app, table, lambda: app.scenes.find(ScoreSheet) is not None)
    assert table.session.flush()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_main_menu_offers_continue_first_with_a_game_in_progress(aetherya, language):
    app = make_app(aetherya, persist=True, language=language, animation_speed="instant")
    app.main_menu()
    frames(app, 2)
    assert app.scenes.top.widgets.focused().label == i18n.tr("menu.new_game")  # nothing to continue
    table = app.start_game(GameSetup((Seat("Ana"), Seat("Bo", COMPUTER, "random")), seed=5))
    play_until(app, table, lambda: table.controller._state.turn >= 2 and table.decision() is not None)
    assert table.session.flush()
    app.main_menu()
    frames(app, 2)
    menu = app.scenes.top
    focused = menu.widgets.focused()
    assert focused.label == i18n.tr("menu.continue") and focused.style == "primary"
    assert [w.label for w in menu.widgets.widgets if getattr(w, "style", "") == "primary"] == [focused.label]
    screenshot(app, f"first-time-main-menu-continue-{language}")
    frames(app, 2, [key(pygame.K_RETURN)])  # Enter continues the game
    assert app.scenes.top.session.game_id == table.session.game_id
    app.close()


SEED = 987654321  # a seed no screen would show by chance


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_game_with_a_chosen_seed_is_marked_counted_apart_and_its_seed_never_shown(aetherya, language,
                                                                                     monkeypatch):
    shown = texts_drawn(monkeypatch)
    app = make_app(aetherya, persist=True, language=language, animation_speed="instant")
    people = (Seat("Ana"), Seat("Bo", COMPUTER, "random"))
    table = app.start_game(GameSetup(people, seed=SEED, seed_chosen=True))
    table.toggle_log()
    play_until(app, table, lambda: table.controller._state.turn >= 3 and table.decision() is not None)
    assert table.session.flush()
    assert json.loads(table.session.saved_path().read_text())["seed_chosen"] is True
    app.main_menu()
    app.open_load()
    frames(app, 2)
    rows = [w for w in app.scenes.top.widgets.widgets if isinstance(w, SaveRow)]
    assert [row.entry.game.setup.seed_chosen for row in rows] == [True]
    screenshot(app, f"first-time-load-seeded-{language}")
    app.main_menu()
    app.continue_game()
    frames(app, 2)
    app.open_about()
    frames(app, 2)
    assert not any(str(SEED) in words for words in shown)  # the unfinished game's seed: nowhere
    app.main_menu()
    table = app.continue_game() or app.scenes.top
    finish_game(app, table)
    app.main_menu()
    app.open_load(history=True)
    frames(app, 2)
    rows = [w for w in app.scenes.top.widgets.widgets if isinstance(w, SaveRow)]
    assert [row.entry.game.setup.seed_chosen for row in rows] == [True]
    assert i18n.tr("statistics.seeded") in shown
    screenshot(app, f"first-time-history-seeded-{language}")
    record = Statistics.load()[0].players_of(aetherya.id)["Ana"]
    assert (record.games, record.seeded_games) == (0, 1)
    app.main_menu()
    app.open_statistics()
    frames(app, 2)
    screenshot(app, f"first-time-statistics-seeded-{language}")
    app.close()


def test_in_chinese_the_title_screen_names_both_games_and_play_names_the_person_in_chinese(aetherya, monkeypatch):
    from drako_desktop import cli
    from drako_desktop.settings import Settings
    from drako_desktop.ui import launch
    from drako_desktop.ui.scenes.menu import GameTile

    app = make_app(aetherya, language="zh-TW")
    app.main_menu()
    frames(app, 2)
    tiles = [w for w in app.scenes.top.widgets.widgets if isinstance(w, GameTile)]
    assert [tile.title for tile in tiles] == ["艾瑟莉亞口袋版", "龍域"]  # as the lesson and rules call it
    app.close()
    Settings(language="zh-TW").save()
    i18n.set_language("en")  # what the command line starts in
    started = []
    monkeypatch.setattr(launch, "run_app", lambda game, settings, note, setup, **_: started.append(setup) or 0)
    assert cli.main(["play", "--seats", "human,ai:easy"]) == 0
    assert [seat.name for seat in started[0].seats] == ["你", "柯文"] and not started[0].seed_chosen
    assert cli.main(["play", "--seats", "human,ai:easy", "--seed", "12"]) == 0
    assert started[1].seed_chosen  # a seed given on the command line is a chosen one


def test_a_focus_tooltip_stands_by_the_focused_card_never_where_the_mouse_was_left(aetherya, monkeypatch):
    from drako_desktop.ui import table_parts

    anchors: list[tuple[int, int]] = []
    draw_tip = table_parts.tooltip
    monkeypatch.setattr(table_parts, "tooltip", lambda surface, ctx, tip, anchor, *a, **k:
                        anchors.append(anchor) or draw_tip(surface, ctx, tip, anchor, *a, **k))
    app = make_app(aetherya, animation_speed="instant")
    table = app.start_game(GameSetup((Seat("Ana"), Seat("Bo", COMPUTER, "random")), seed=21))
    play_until(app, table, lambda: table.controller._state.turn >= 5 and table.decision() is not None)
    table.toggle_log()
    frames(app, 2)
    over_log = table.board.layout.log.center
    frames(app, 60, [motion(over_log)])
    assert table.tooltip is None  # nothing to tell over the log
    frames(app, 1, [key(pygame.K_RIGHT)])  # the keyboard moves the focus onto a card
    frames(app, 60)
    focus = table.board.gestures.focus
    assert table.tooltip is not None and focus is not None
    assert anchors[-1] == table.board.rect_of(focus).bottomright
    assert not table.board.layout.log.collidepoint(anchors[-1])
    screenshot(app, "first-time-focus-tooltip-by-the-card")
    frames(app, 60, [motion((over_log[0], over_log[1] + 5))])  # the mouse leads again: over the log, no tip
    assert table.tooltip is None
    app.close()


def lesson_at(aetherya, step_id: str, language: str = "en"):
    from drako_desktop.games.aetherya_pocket import lesson as tutorial
    from drako_desktop.games.aetherya_pocket.ui.tutorial_scene import start_tutorial

    app = make_app(aetherya, language=language, animation_speed="instant")
    script = tutorial.load_script(aetherya.cards)
    table = start_tutorial(app, script, [s.id for s in script.steps].index(step_id))
    for _ in range(600):
        if table.decision() is not None and table.choreo.idle:
            break
        frames(app)
    assert table.step.id == step_id
    return app, table


def centre(table, spot) -> tuple[int, int]:
    return table.board.rect_of(spot).center


def test_the_lessons_red_words_go_once_the_move_is_right(aetherya):
    from ui_support import drag

    app, table = lesson_at(aetherya, "arrange")
    seat, hand, wanted = table.decision().seat, table.board.gestures.hand(), table.step.arranged()
    wrong_cell = next(c for c in wanted if wanted[c] != hand[0])
    drag(app, centre(table, ("hand", 0)), centre(table, ("cell", seat, wrong_cell)))
    frames(app, 2)
    assert table.hint == i18n.tr("tutorial.steps.arrange.wrong")
    card = table.board.gestures.hand()[0]
    right_cell = next(c for c, t in wanted.items() if t == card)
    drag(app, centre(table, ("hand", 0)), centre(table, ("cell", seat, right_cell)))
    frames(app, 2)
    assert table.hint == "" and len(table.board.gestures.arrangement) == 1  # right: the red words are gone
    app.close()

    app, table = lesson_at(aetherya, "favoured_land")
    seat = table.decision().seat
    target = ("cell", seat, table.step.target_cell())
    kingdom = table.board.model.kingdoms[seat]
    other = next(k for k in table.board.focusables() if k[0] == "cell" and k != target and kingdom[k[2]])
    drag(app, centre(table, ("discard",)), centre(table, other))  # allowed, but not the lesson's place
    frames(app, 2)
    assert table.hint == i18n.tr("tutorial.steps.favoured_land.wrong") and table.step.id == "favoured_land"
    start = centre(table, ("discard",))  # the Plain picked up again: the right card, so no more red
    frames(app, 1, [motion(start), down(start)])
    frames(app, 2, [motion((start[0] - 40, start[1]), (1, 0, 0))])
    assert table.board.gestures.held is not None and table.hint == "" and table.toast is None
    app.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_bottom_bar_says_what_the_lesson_asks(aetherya, language, monkeypatch):
    shown = texts_drawn(monkeypatch)
    for step in ("take_discard", "draw"):
        app, table = lesson_at(aetherya, step, language)
        shown.clear()
        frames(app, 2)
        asked = i18n.tr(f"tutorial.steps.{step}.status")
        assert table.status_text() == asked
        generic = i18n.tr("table.status.turn_start")  # "drag the discard ..., or click the draw pile": not now
        assert not any(generic in words for words in shown)
        assert any(words in asked for words in shown if len(words) > 3)  # the bar's lines are the lesson's
        screenshot(app, f"first-time-lesson-{step}-{language}")
        app.close()


def test_replay_tells_the_seed_of_a_finished_game_only(aetherya):
    from drako_desktop.replay import format_replay, replay_game
    from drako_desktop.saves import start_game

    setup = GameSetup((Seat("Ana"), Seat("Bo", COMPUTER, "random")), seed=SEED, seed_chosen=True)
    state = aetherya.new_state(2, SEED, 0)
    rng = random.Random(3)
    for _ in range(5_000):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    assert state.is_terminal()
    whole = tuple(state.history)
    for actions, told in ((whole[:20], None), (whole, SEED)):
        game = replace(start_game(setup), actions=actions, finished=len(actions) == len(whole))
        result = replay_game(aetherya, game)
        assert result["seed"] == told and (str(SEED) in format_replay(result)) == (told is not None)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_score_sheet_has_room_for_a_four_way_tie(language):
    from drako_desktop.interface.game import Breakdown
    from drako_desktop.interface.registry import load

    draco = load("draco-mundis")
    app = make_app(draco, language=language, animation_speed="instant")
    names = ("Ana", "Bo", "Cy", "Dag")
    table = app.start_game(GameSetup(tuple(Seat(n) for n in names), seed=4, game=draco.id))
    frames(app, 2)
    sheet = ScoreSheet(app, table)
    lines = tuple(line.id for line in draco.data.lines)
    sheet.scores = [Breakdown(lines, (0, 0, 0, 5, 0, 0, 0), tiebreak) for tiebreak in ((2, 1), (2, 3), (1, 5), (2, 3))]
    sheet.winners = [1, 3]
    app.scenes.push(sheet)
    frames(app, 5)
    words = sheet.tie_break_text()
    needed = app.ctx.text.block(words, "body", app.ctx.theme.text(19), (0, 0, 0), sheet.panel.w - app.ctx.theme.px(80))
    headline_bottom = sheet.panel.y + app.ctx.theme.px(150 + 86 + 8 * 40 + 16 + 50)  # the table, then the winners
    assert headline_bottom + needed.get_height() <= sheet.widgets.widgets[0].rect.y  # every line shows
    screenshot(app, f"first-time-score-sheet-4-way-tie-draco-{language}")
    app.close()
