"""Every screen rendered under the dummy driver and saved to tests/output/screenshots/ for a person to look at.

The assertions check what a screenshot cannot: the right scene is up, and the
states shown (a drag with its score preview, a tooltip) are really there.
"""

from __future__ import annotations

import pygame

from conftest import aetherya_game
from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.games.aetherya_pocket.ui.rules_scene import RulesScene
from drako_desktop.ui.scenes.about import AboutScene, icon_authors
from drako_desktop.ui.scenes.hand_over import HandOverScene
from drako_desktop.ui.scenes.new_game import NewGameScene
from drako_desktop.ui.scenes.scores import ScoreSheet
from drako_desktop.ui.scenes.settings import SettingsScene
from ui_support import frames, key, make_app, motion, screenshot, take_screen

MAX_FRAMES = 20_000


def advance(app, table, turns: int) -> None:
    """Play the person's turns quickly (offered arrangement, then the first legal move) until `turns` turns passed."""
    for _ in range(MAX_FRAMES):
        if table.controller._state.turn >= turns and table.decision() is not None:
            return
        decision = table.decision()
        if decision is not None:
            table.play([decision.legal[-1] if decision.kind == "turn-start" else decision.legal[0]])
        elif table.ending_turn():
            table.end_turn()
        frames(app)
    raise AssertionError("the game did not get that far")


def test_main_menu_and_new_game(aetherya, rules):
    app = make_app(aetherya)
    app.main_menu()
    frames(app, 2)
    screenshot(app, "01-main-menu")
    app.open_new_game()
    frames(app, 2)
    assert isinstance(app.scenes.top, NewGameScene)
    setup = app.scenes.top.setup()
    assert [s.is_human for s in setup.seats] == [True, False]  # one click: you against one computer
    frames(app, 1, [motion(app.scenes.top.widgets.widgets[3].rect.center)])
    screenshot(app, "02-new-game")
    app.close()


def table_mid_game(rules, players: int, turns: int, size=(1600, 900)):
    aetherya = aetherya_game()
    app = make_app(aetherya, size=size, animation_speed="instant")
    names = ["Ana", "Brynja", "Corvin", "Isolde"]
    seats = [Seat(names[0])] + [Seat(names[i], COMPUTER, "random") for i in range(1, players)]
    table = app.start_game(GameSetup(tuple(seats), seed=21))
    advance(app, table, turns)
    frames(app, 3)
    return app, table


def test_table_two_players_mid_game_and_greyscale(rules):
    app, table = table_mid_game(rules, 2, 9)
    table.toggle_log()
    frames(app, 2)
    screenshot(app, "03-table-2p")
    screenshot(app, "04-table-2p-greyscale", grey=True)
    app.close()


def test_table_four_players_mid_game(rules):
    app, table = table_mid_game(rules, 4, 13)
    screenshot(app, "05-table-4p")
    app.close()


def test_table_at_the_minimum_window_size(rules):
    app, table = table_mid_game(rules, 3, 7, size=(1280, 720))
    screenshot(app, "06-table-3p-1280x720")
    app.close()


def test_drag_in_progress_shows_the_score_preview(rules):
    app, table = table_mid_game(rules, 2, 7)
    decision = table.decision()
    assert decision.kind == "turn-start"
    start = table.board.rect_of(("discard",)).center
    frames(app, 1, [motion(start), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    frames(app, 1, [motion((start[0] - 30, start[1]), (1, 0, 0))])
    legal = [k for k, r in table.board.gestures.targets().items() if r is None and k[0] == "cell"]
    target = max(legal, key=lambda k: _preview_size(table, k))  # the most telling preview
    frames(app, 2, [motion(table.board.rect_of(target).center, (1, 0, 0))])
    assert table.board.gestures.preview() is not None
    screenshot(app, "07-drag-with-score-preview")
    app.close()


def _preview_size(table, key) -> int:
    """How much a preview would show (score changes, legends) at that place."""
    table.board.gestures.mouse = table.board.rect_of(key).center
    preview = table.board.gestures.preview()
    return sum(abs(v) for v in preview[1].delta.values()) + 3 * len(preview[1].newly_claimable) if preview else 0


def test_tooltip_on_hover(rules):
    app, table = table_mid_game(rules, 2, 5)
    seat = table.decision().seat
    elf_like = next(i for i, t in enumerate(table.board.model.kingdoms[seat]) if t not in (None, "?"))
    pos = table.board.rect_of(("cell", seat, elf_like)).center
    frames(app, 60, [motion(pos)])
    assert table.tooltip is not None
    screenshot(app, "08-tooltip-card")
    frames(app, 60, [motion(table.board.rect_of(("legend", 0)).center)])
    assert table.tooltip is not None
    screenshot(app, "09-tooltip-legend")
    app.close()


def test_score_sheet(aetherya, rules):
    app = make_app(aetherya, animation_speed="instant")
    seats = (Seat("Ana"), Seat("Brynja", COMPUTER, "random"), Seat("Corvin", COMPUTER, "random"))
    table = app.start_game(GameSetup(seats, seed=4))
    for _ in range(MAX_FRAMES):
        if app.scenes.find(ScoreSheet):
            break
        decision = table.decision()
        if decision is not None:
            table.play([decision.legal[0]])
        elif table.ending_turn():
            table.end_turn()
        frames(app)
    sheet = app.scenes.find(ScoreSheet)
    assert sheet is not None
    frames(app, 5)
    screenshot(app, "10-score-sheet")
    app.close()


def test_settings_rules_about(aetherya, rules):
    app = make_app(aetherya)
    app.main_menu()
    app.open_settings()
    frames(app, 2, [key(pygame.K_DOWN)])
    assert isinstance(app.scenes.top, SettingsScene)
    screenshot(app, "11-settings")
    app.scenes.pop()
    app.open_rules()
    frames(app, 2)
    assert isinstance(app.scenes.top, RulesScene)
    screenshot(app, "12-rules-top")
    for _ in range(9):  # the index: the arrow keys go from section to section
        frames(app, 1, [key(pygame.K_DOWN)])
    assert app.scenes.top.section == "tribes"
    screenshot(app, "13-rules-scoring")
    frames(app, 1, [pygame.event.Event(pygame.TEXTINPUT, text="F11")])  # typing searches
    assert app.scenes.top.shown == ["controls"] and app.scenes.top.section == "controls"
    frames(app, 1, [key(pygame.K_END)])
    screenshot(app, "14-rules-controls")
    app.scenes.pop()
    app.open_about()
    frames(app, 2)
    assert isinstance(app.scenes.top, AboutScene)
    assert {"Lorc", "Delapouite"} <= set(icon_authors())
    screenshot(app, "15-about")
    app.close()


def test_setup_hand_and_pass_and_play_banner(aetherya, rules):
    app = make_app(aetherya, animation_speed="normal")
    table = app.start_game(GameSetup((Seat("Ana"), Seat("Ben"), Seat("Brynja", COMPUTER, "random")), seed=3))
    frames(app, 2)
    # two people: Ana's starting cards wait for her to take the screen
    assert isinstance(app.scenes.top, HandOverScene) and table.board.model.hand == []
    assert take_screen(app)
    assert table.board.showing_hand() and len(table.board.gestures.hand()) == 4
    hand = table.board.rect_of(("hand", 1)).center
    centre = table.board.rect_of(("cell", 0, 6)).center
    frames(app, 1, [motion(hand), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=hand, button=1)])
    frames(app, 2, [motion(centre, (1, 0, 0))])
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=1)])
    assert 6 in table.board.gestures.arrangement
    screenshot(app, "16-setup-arranging")
    frames(app, 1, [key(pygame.K_RETURN)])  # the rest in the order shown
    for _ in range(30):  # Ana to Ben: two people, so a banner names Ben
        frames(app)
        beat = table.choreo.current
        if beat is not None and getattr(beat, "banner", False) and beat.progress > 0.45:
            break
    assert getattr(table.choreo.current, "banner", False)
    screenshot(app, "17-hand-over-banner")
    for _ in range(600):  # then Ben takes the screen
        if isinstance(app.scenes.top, HandOverScene):
            break
        frames(app)
    assert isinstance(app.scenes.top, HandOverScene) and app.scenes.top.seat == 1
    app.close()


def test_every_text_the_ui_asks_for_exists():
    """Each literal tr("...") key of the UI has an English text (the zh-TW file will follow these keys)."""
    import re
    from pathlib import Path

    from drako_desktop import i18n

    root = Path(i18n.__file__).parent
    missing = []
    for path in [*root.glob("ui/**/*.py"), root / "cli.py"]:
        for text_key in re.findall(r'\btr\("([a-z_.\-]+)"', path.read_text(encoding="utf-8")):
            if not i18n.has(text_key):
                missing.append(f"{path.name}: {text_key}")
    assert missing == []
