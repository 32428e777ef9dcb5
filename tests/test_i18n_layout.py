"""Every screen in every language at the minimum window size, 1280 x 720: no text overflows its box.

While `text.checking` is installed, the text helper records every text it had
to cut (an ellipsis, or lines dropped to fit a height) and, for every text
placed with `blit_at`, its rect and the box it belongs in. Each screen below is
drawn in English and in Traditional Chinese; the test fails on any cut text
(the players' own names excepted) and on any text outside its box, and saves
a screenshot of each screen to tests/output/screenshots/ (i18n-<lang>-*.png).
"""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from drako_desktop import i18n
from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.games.aetherya_pocket import lesson as tutorial
from drako_desktop.games.aetherya_pocket.engine import category_scores
from drako_desktop.games.aetherya_pocket.ui.card_tips import card_tooltip, legend_tooltip, unexplored_tooltip
from drako_desktop.games.aetherya_pocket.ui.rules_scene import SECTIONS, RulesScene
from drako_desktop.games.aetherya_pocket.ui.tutorial_scene import PROGRESS_FILE as AETHERYA_PROGRESS
from drako_desktop.games.aetherya_pocket.ui.tutorial_scene import TutorialPauseMenu, lesson_table, open_tutorial
from drako_desktop.games.aetherya_pocket.words import card_name, legend_text
from drako_desktop.i18n import tr
from drako_desktop.ui import lesson as lesson_progress
from drako_desktop.ui import text as text_module
from drako_desktop.ui.scenes.dialogs import CrashDialog
from drako_desktop.ui.scenes.load import LoadScene
from drako_desktop.ui.scenes.new_game import NewGameScene
from drako_desktop.ui.scenes.overlay import PauseMenu
from drako_desktop.ui.scenes.scores import ScoreSheet
from drako_desktop.ui.scenes.statistics import StatisticsScene
from ui_support import frames, make_app, motion, play_until, screenshot, take_screen

SIZE = (1280, 720)
NAMES = ("Ana", "Brynja", "Corvin", "Isolde")
LANGUAGES = ("en", "zh-TW")


class Screens:
    """Draws screens of one app and gathers what did not fit, screen by screen."""

    def __init__(self, app, language: str) -> None:
        self.app = app
        self.language = language
        self.problems: list[str] = []
        self.check = text_module.checking

    def look(self, name: str, shot: bool = True, n: int = 2) -> None:
        frames(self.app, n)
        for words, how in self.check.clipped:
            if words.strip() not in NAMES:
                self.problems.append(f"{name}: cut ({how}): {words!r}")
        window = pygame.Rect((0, 0), SIZE)
        for words, rect, box in self.check.placed:
            if not box.contains(rect):
                self.problems.append(f"{name}: {words!r} at {tuple(rect)} is outside its box {tuple(box)}")
            elif box.size == SIZE and not window.contains(rect):
                self.problems.append(f"{name}: {words!r} leaves the window")
        self.check.clipped.clear()
        self.check.placed.clear()
        if shot:
            screenshot(self.app, f"i18n-{self.language}-{name}")


@pytest.fixture
def checking():
    text_module.checking = text_module.TextCheck()
    yield text_module.checking
    text_module.checking = None
    i18n.set_language("en")


def seats(players: int) -> tuple[Seat, ...]:
    return tuple(Seat(NAMES[0]) if i == 0 else Seat(NAMES[i], COMPUTER, "random") for i in range(players))


def menus_and_screens(s: Screens) -> None:
    app = s.app
    app.main_menu()
    s.look("01-main-menu")
    app.open_new_game()
    scene = app.scenes.top
    assert isinstance(scene, NewGameScene)
    scene.add_seat()
    scene.add_seat()
    frames(app, 1, [motion(scene.widgets.widgets[3].rect.center)])
    s.look("02-new-game")
    for level in ("random", "easy", "medium", "hard"):
        scene.kinds[1] = f"{COMPUTER}:{level}"
        scene.relayout()
        scene.widgets.focus = 3
        s.look(f"02-new-game-{level}", shot=False)
    app.scenes.pop()
    app.open_settings()
    s.look("03-settings")
    app.scenes.pop()
    app.open_about()
    s.look("04-about")
    app.scenes.pop()
    app.open_rules()
    rules = app.scenes.top
    assert isinstance(rules, RulesScene)
    for i, section in enumerate(SECTIONS):
        rules.select(section)
        s.look(f"05-rules-{i + 1:02d}-{section}")
        if rules.max_scroll:
            rules.scroll_by(10**6)
            s.look(f"05-rules-{i + 1:02d}-{section}-end")
    for query in ("dragon", "龍", "zzzz"):
        rules.search(query)
        s.look(f"05-rules-search-{query}", shot=query == "龍" and s.language == "zh-TW" or query == "dragon")
    rules.search("")
    app.scenes.pop()


def table_screens(s: Screens) -> None:
    app = s.app
    table = app.start_game(GameSetup(seats(2), seed=21))
    frames(app, 3)
    s.look("06-table-setup")
    play_until(app, table, lambda: table.controller._state.turn >= 9 and table.decision() is not None)
    table.toggle_log()
    s.look("07-table-2p-log")
    seat = table.decision().seat
    # Tooltips: every card type, every legend, the piles and a face-down card.
    cell = table.board.rect_of(("cell", seat, 5)).center
    for type_id in [t.id for t in app.ctx.game.cards.types]:
        table.pinned_tip, table.tooltip = True, card_tooltip(app.ctx.game.cards, type_id)
        table.board.gestures.mouse = cell
        s.look(f"08-tooltip-{type_id}", shot=type_id == "dragon", n=1)
    for legend in [leg.id for leg in app.ctx.game.cards.legends]:
        table.tooltip = legend_tooltip(app.ctx.game.cards, legend, met=False)
        table.board.gestures.mouse = table.board.rect_of(("legend", 0)).center
        s.look(f"08-tooltip-{legend}", shot=legend == "battle-goblin-dwarf", n=1)
    table.tooltip = unexplored_tooltip()
    s.look("08-tooltip-unexplored", shot=False, n=1)
    table.pinned_tip, table.tooltip = False, None
    for name in ("draw", "discard"):
        table.pin_tooltip(table.board.rect_of((name,)).center)
        s.look(f"08-tooltip-{name}", shot=False, n=1)
    frames(app, 1, [motion((5, 300))])
    # Every status line and every message the table can say.
    original = table.status_text
    for key in ("arrange", "turn_start", "turn_start_claim", "after_draw", "after_take", "holding", "drop_legend",
                "reveal", "after_place", "computer", "wait", "over"):
        words = tr(f"table.status.{key}", card=card_name(app.ctx.game.cards, "portal"), name=NAMES[1])
        table.status_text = lambda w=words: w
        s.look(f"09-status-{key}", shot=key == "after_draw", n=1)
    table.status_text = original
    for key in ("one_claim_per_turn", "claim_not_now", "not_met", "draw_empty", "pick_up_first", "reveal_face_down"):
        table.say(tr(f"table.say.{key}", text=legend_text(app.ctx.game.cards, "battle-goblin-dwarf")))
        s.look(f"10-say-{key}", shot=key == "not_met", n=1)
    table.toast = None
    # A drag with the score preview.
    start = table.board.rect_of(("discard",)).center
    frames(app, 1, [motion(start), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    frames(app, 1, [motion((start[0] - 30, start[1]), (1, 0, 0))])
    legal = [k for k, r in table.board.gestures.targets().items() if r is None and k[0] == "cell"]
    frames(app, 2, [motion(table.board.rect_of(legal[0]).center, (1, 0, 0))])
    s.look("11-drag-preview")
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 300), button=1)])
    app.scenes.push(PauseMenu(app))
    s.look("12-pause-menu")
    app.scenes.pop()
    play_until(app, table, lambda: app.scenes.find(ScoreSheet) is not None)
    s.look("13-score-sheet", n=120)
    table = app.start_game(GameSetup(seats(4), seed=13))
    play_until(app, table, lambda: table.controller._state.turn >= 13 and table.decision() is not None)
    s.look("14-table-4p")
    app.scenes.push(ScoreSheet(app, table))  # four columns (the sheet of the game so far)
    s.look("15-score-sheet-4p", n=120)
    # The longest score-sheet text: a tie broken by the sorted categories (rule 6.5).
    sheet = app.scenes.find(ScoreSheet)
    categories = sheet.scores[0].categories
    sheet.scores = [category_scores(categories, points) for points in (
        (4, 2, 0, 3, 0, 2, -2), (2, 2, 2, 3, 0, 2, -2), (0, 0, 0, 0, 3, 0, 0), (9, 0, 0, 0, 0, 0, 0))]
    sheet.winners = [3]
    sheet.relayout()
    s.look("15-score-sheet-tie-break", n=120)
    # Two people at one screen: the banner that names the next one.
    app.scenes.replace_all(app.table(GameSetup((Seat(NAMES[0]), Seat(NAMES[3])), seed=3)))
    table = app.scenes.top
    table.ctx.settings = replace(table.ctx.settings, animation_speed="normal")
    frames(app, 2)
    s.look("16-hand-over", n=1)  # first the hand-over: the starting cards are only Ana's
    assert take_screen(app)
    table.board.gestures.confirm_arrangement()
    for _ in range(120):
        frames(app)
        beat = table.choreo.current
        if beat is not None and getattr(beat, "banner", False) and beat.progress > 0.45:
            break
    s.look("16-hand-over-banner", n=1)
    table.ctx.settings = replace(table.ctx.settings, animation_speed="instant")


def saves_and_dialogs(s: Screens) -> None:
    app = s.app
    table = app.start_game(GameSetup(seats(3), seed=8))
    play_until(app, table, lambda: table.controller._state.turn >= 4 and table.decision() is not None)
    if table.session is not None:
        table.session.flush()
    app.main_menu()
    s.look("17-main-menu-continue", shot=False)
    app.scenes.push(LoadScene(app))
    s.look("18-load")
    app.scenes.pop()
    app.scenes.push(LoadScene(app, history=True))
    s.look("19-load-history")
    app.scenes.pop()
    app.scenes.push(StatisticsScene(app))
    s.look("20-statistics")
    app.scenes.pop()
    app.notify(tr("load.broken_title"), tr("load.broken", count=2), detail="a.json: …\nb.json: …")
    s.look("21-dialog")
    app.scenes.pop()
    app.scenes.push(CrashDialog(app, RuntimeError("something unexpected"), None))
    s.look("22-crash-dialog")
    app.scenes.pop()


def play_better_screens(s: Screens) -> None:
    """The hint's words on the score sheet, History with a game that had hints, the game viewer and the review."""
    from drako_desktop import saves
    from drako_desktop.ai import make_agent
    from drako_desktop.controller.runner import run_game
    from drako_desktop.ui.scenes.review import ReviewScene

    app = s.app
    game = app.ctx.game
    state = game.new_state(2, 8, 0)
    run_game(game, state, [make_agent(game, "random", 1), make_agent(game, "medium", 2)])
    setup = GameSetup((Seat(NAMES[0]), Seat(NAMES[1], COMPUTER, "medium")), seed=8)
    stamp = "2026-01-01T10:00:00Z"
    saved = saves.SavedGame("20260101-100000-a1b2c3", setup, tuple(state.history), stamp, stamp, True, True,
                            hints=(12, 0))
    saves.history_dir().mkdir(parents=True, exist_ok=True)
    (saves.history_dir() / f"{saved.game_id}.json").write_text(saves.encode(saved, state, game))
    app.main_menu()
    app.scenes.push(LoadScene(app, history=True))
    assert any(e.game.hinted for e in app.scenes.top.shown)
    s.look("50-history-hints-replay-review")
    app.review_game(saved)
    s.look("51-score-sheet-hints-review", n=120)
    app.main_menu()
    viewer = app.open_viewer(saved, start=40)
    s.look("52-viewer")
    for _ in range(len(viewer.view_options()) - 1):
        viewer.cycle_seen_by()
    s.look("53-viewer-everything")
    viewer.go(0)
    s.look("54-viewer-setup", shot=False)
    app.main_menu()
    app.review_depth = 2
    review = app.open_review(saved)
    assert isinstance(review, ReviewScene)
    s.look("55-review-running", n=3)
    while not review.job.finished:
        frames(app)
    s.look("56-review")
    review.toggle_graph()
    s.look("57-review-margin")
    for n in range(1, len(review.mistakes)):
        review.select(n)
        s.look(f"58-review-mistake-{n}", shot=False, n=1)
    from drako_desktop.stats import Statistics

    stats, _ = Statistics.load()
    stats.record_game(saved.game_id + "-again", setup, [b.total for b in state.scores()], state.winners(), False,
                      hints=(3, 0))
    stats.save()
    app.main_menu()
    app.open_statistics()
    s.look("59-statistics-hints")


def tutorial_screens(s: Screens) -> None:
    app = s.app
    script = tutorial.load_script(app.ctx.game.cards)
    for index, step in enumerate(script.steps):
        scene = app.scenes.replace_all(lesson_table(app, script, index))
        frames(app, 3)
        scene.hint = tr(f"tutorial.steps.{step.id}.wrong", opponent=NAMES[1])
        s.look(f"23-tutorial-{index + 1:02d}-{step.id}")
    app.scenes.push(TutorialPauseMenu(app))
    s.look("24-tutorial-pause")
    lesson_progress.save_progress(AETHERYA_PROGRESS, script.steps[5].id)
    app.main_menu()
    open_tutorial(app)
    s.look("25-tutorial-resume")


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_overflows_any_screen_at_1280x720(aetherya, rules, language, checking):
    app = make_app(aetherya, size=SIZE, persist=True, language=language, animation_speed="instant")
    assert i18n.language() == language
    s = Screens(app, language)
    menus_and_screens(s)
    table_screens(s)
    saves_and_dialogs(s)
    play_better_screens(s)
    tutorial_screens(s)
    app.close()
    assert s.problems == []


def draco_screens(s: Screens) -> None:
    """Draco Mundis's own screens: the table in setup and play, its tips, words and pickers, the
    hand-over, the score sheet with a tie-break, the rules reference and the lesson."""
    import random

    from drako_desktop.games.draco_mundis import lesson as lesson_data
    from drako_desktop.games.draco_mundis.actions import Move, Select, place
    from drako_desktop.games.draco_mundis.ui.gestures import Facing, Menu
    from drako_desktop.games.draco_mundis.ui.rules_scene import SECTIONS as DRACO_SECTIONS
    from drako_desktop.games.draco_mundis.ui.tips import supply_tooltip
    from drako_desktop.games.draco_mundis.ui.tutorial_scene import lesson_table
    from drako_desktop.interface.game import Breakdown
    from drako_desktop.ui.scenes.hand_over import HandOverScene

    app = s.app
    game = app.ctx.game
    data = game.data
    names = (Seat(NAMES[0]), Seat(NAMES[1]), Seat(NAMES[2], COMPUTER, "random"))
    table = app.start_game(GameSetup(names, 0, 0, game.id, ("fast_setup", "sherpa_sacrifice", "dragon_trap")))
    s.look("30-draco-hand-over")
    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)])
    s.look("31-draco-setup")
    for kind in data.kinds:
        table.pinned_tip, table.tooltip = True, supply_tooltip(data, kind)
        table.board.gestures.mouse = table.board.layout.tray_slots(1)[0].center
        s.look(f"32-draco-tip-{kind}", shot=kind == "hunter", n=1)
    table.pinned_tip, table.tooltip = False, None
    table.board.gestures.facing = Facing("place", (3, 6), "explorer")
    s.look("33-draco-facing", shot=False)
    table.board.gestures.facing = None
    rng = random.Random(4)
    for _ in range(3000):
        if table.controller._state.turn >= 6 and table.decision() is not None:
            break
        if isinstance(app.scenes.top, HandOverScene):
            app.scenes.top.confirm()
        if table.ending_turn():
            table.end_turn()
        decision = table.decision()
        if decision is not None:
            if decision.kind == "act":
                table.board.play(rng.choice([a for a in decision.legal if isinstance(a, Move)] or decision.legal))
            else:
                kind = rng.choice([a.token for a in decision.legal if isinstance(a, Select)])
                table.board.play(place(kind, rng.choice(table.controller._state.free_squares),
                                 0 if game.rules.face_up_kinds[kind] else -1))
        frames(app)
    s.look("34-draco-turn")
    table.hints.toggle()  # a stand-in for the hard level (see the test): the hint in words
    s.look("34-draco-hint")
    table.hints.toggle()
    for at in list(table.board.model.squares)[:40]:
        table.pin_tooltip(table.board.layout.square_rect(at).center)
        s.look(f"35-draco-tip-{at[0]}-{at[1]}", shot=False, n=1)
    table.pinned_tip, table.tooltip = False, None
    own = table.board.gestures.own_characters()
    if own:
        table.board.gestures.selected = own[0]
        table.refresh_buttons()
        s.look("36-draco-selected")
        table.board.gestures.menu = Menu(own[0], ["move", "capture", "fight", "peek", "reveal", "reveal-any", "destroy",
                                            "push"])
        s.look("37-draco-menu")
        table.board.gestures.menu = None
    original = table.status_text
    for key in ("act", "act_last", "selected", "menu", "place_pick", "place_where", "facing_place", "facing_reveal",
                "facing_reveal_any", "facing_rotate"):
        words = tr(f"draco_table.status.{key}", token=tr("draco_mundis.tokens.ss307"), count=2)
        table.status_text = lambda w=words: w
        s.look(f"38-draco-status-{key}", shot=False, n=1)
    table.status_text = original
    from drako_desktop import resources

    strings = i18n.language_strings(resources.package() / "locales", "en")
    for code in [k.split(".")[-1] for k in strings if k.startswith("draco_mundis.errors.")]:
        table.say(tr(f"draco_mundis.errors.{code}"))
        s.look(f"39-draco-refused-{code}", shot=False, n=1)
    for key in ("pick_token", "select_first", "nothing_here", "out_of_play"):
        table.board.say_key(key)
        s.look(f"39-draco-say-{key}", shot=False, n=1)
    table.toast = None
    table.toggle_log()
    s.look("40-draco-log")
    table.toggle_log()
    app.scenes.push(ScoreSheet(app, table))
    sheet = app.scenes.top
    lines = tuple(line.id for line in data.lines)
    sheet.scores = [Breakdown(lines, (7, 5, 3, 1, 2, 1, -5), (1, 3)), Breakdown(lines, (7, 5, 0, 4, 2, 1, -5), (0, 4)),
                    Breakdown(lines, (0,) * 7, (0, 0))]
    sheet.winners = [0]
    sheet.relayout()
    s.look("41-draco-score-sheet", n=120)
    app.scenes.pop()
    app.open_rules()
    rules = app.scenes.top
    for i, section in enumerate(DRACO_SECTIONS):
        rules.select(section)
        s.look(f"42-draco-rules-{i + 1:02d}-{section}")
        if rules.max_scroll:
            rules.scroll_by(10**6)
            s.look(f"42-draco-rules-{i + 1:02d}-{section}-end")
    app.scenes.pop()
    from drako_desktop.saves import SavedGame

    so_far = SavedGame("so-far", table.setup, tuple(table.controller.actions), "", "", False, False)
    viewer = app.open_viewer(so_far)
    s.look("44-draco-viewer")
    viewer.cycle_seen_by()
    s.look("45-draco-viewer-seat")
    app.scenes.pop()
    lesson = lesson_data.load_lesson(game)
    for index, step in enumerate(lesson.steps):
        scene = app.scenes.replace_all(lesson_table(app, lesson, index))
        frames(app, 3)
        if step.kind == "hover":
            scene.board.gestures.mouse = scene.board.layout.square_rect(step.squares[0]).center
        scene.hint = tr(f"draco_lesson.steps.{step.id}.wrong", opponent=NAMES[1])
        s.look(f"43-draco-lesson-{index + 1:02d}-{step.id}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_overflows_the_draco_mundis_screens_at_1280x720(language, checking, monkeypatch):
    from drako_desktop.interface.registry import load
    from test_play_better import StandInAnalyst

    game = load("draco-mundis")
    monkeypatch.setattr(type(game), "analyst", lambda self, seed, iterations: StandInAnalyst())
    app = make_app(game, size=SIZE, language=language, animation_speed="instant")
    s = Screens(app, language)
    draco_screens(s)
    app.close()
    assert s.problems == []
