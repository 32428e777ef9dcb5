"""The table keeps every kingdom in its place, names the right player and turn, and shows what the
others did since a person last played. Driven like the other table tests: the real scene, synthetic
events, a fixed dt, computers thinking inline."""

from __future__ import annotations

import re

import pygame
import pytest
from pygame import Rect

from conftest import aetherya_game
from drako_desktop import i18n
from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.games.aetherya_pocket.engine import CENTRE, Event
from drako_desktop.games.aetherya_pocket.narrate import summarize_turn
from drako_desktop.games.aetherya_pocket.ui.layout import first_places, hand_over_places, layout_problems
from drako_desktop.settings import Settings
from drako_desktop.ui import text as text_module
from drako_desktop.ui import theme
from drako_desktop.ui.anim import Pause
from drako_desktop.ui.scenes.scores import ScoreSheet
from drako_desktop.ui.scenes.settings import SettingsScene
from drako_desktop.ui.widgets import Choice
from test_ui_table import MAX_FRAMES, wait_for_person
from test_ui_table import start as start_table
from ui_support import down, drag, key, make_app, motion, screenshot, take_screen, up
from ui_support import frames as ui_frames


def frames(app, n: int = 1, events=()) -> None:
    """Frames; a hand-over screen (before a person arranges) is confirmed by the person it names: these tests are
    about places and marks."""
    if not take_screen(app):
        ui_frames(app, n, events)


def start(rules, seats, **kw):
    """A table whose people's turns end by themselves: these tests are about places and marks, not about
    End turn (tests/test_ui_end_turn.py is)."""
    return start_table(rules, seats, auto_end_turn=True, **kw)


def rects(table):
    return {seat: tuple(box.rect) for seat, box in table.board.layout.kingdoms.items()}


def plain_move(table):
    """The person's plainest legal step: draw at a turn's start, else the first legal action."""
    decision = table.decision()
    table.play([decision.legal[-1] if decision.kind == "turn-start" else decision.legal[0]])


def settle(app, table):
    """Frames until the kingdoms stopped moving."""
    for _ in range(600):
        if table.board.transition >= 1 and table.choreo.idle:
            return
        frames(app)


def test_hand_over_swaps_only_the_two_kingdoms():
    assert first_places(4, 2) == (2, 0, 1, 3)
    assert hand_over_places((2, 0, 1, 3), 3) == (3, 0, 1, 2)
    assert hand_over_places((3, 0, 1, 2), 0) == (0, 3, 1, 2)
    assert hand_over_places((0, 3, 1, 2), 0) == (0, 3, 1, 2)


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_before_a_persons_first_turn_the_turns_told_are_since_the_game_began(rules, language):
    # Bo has had no turn yet: "Since your last turn" over Ann's arrangement said otherwise.
    app, table = start(rules, [Seat("Ann"), Seat("Bo"), Seat("Cid")], seed=4, speed="fast", language=language)
    check = text_module.checking = text_module.TextCheck()
    try:
        for _ in range(MAX_FRAMES):
            decision = table.decision()
            if decision is not None and decision.seat == 1:
                settle(app, table)
                break
            if decision is not None:
                plain_move(table)
            frames(app)
        told = [words for words, _, _ in check.placed]
    finally:
        text_module.checking = None
    assert table.board.recent_turns() and table.board.recent_turns()[0].seat == 0
    assert i18n.tr("table.news_title_start") in told and i18n.tr("table.news_title") not in told
    screenshot(app, f"table-news-since-the-start-{language}")
    app.close()


def test_pass_and_play_the_current_person_is_large_and_the_others_stay_put(rules):
    app, table = start(rules, [Seat("Ann"), Seat("Bo"), Seat("Cid")], seed=4, speed="fast")
    before = None
    hand_overs = 0
    for _ in range(MAX_FRAMES):
        decision = table.decision()
        if decision is not None:
            settle(app, table)
            now = rects(table)
            assert table.board.layout.active == decision.seat, "the person to play is not the large kingdom"
            assert layout_problems(table.board.layout) == []
            if before is not None and before != now:
                hand_overs += 1
                moved = {seat for seat in now if now[seat] != before[seat]}
                assert len(moved) == 2 and decision.seat in moved, f"kingdoms {moved} moved, not a swap"
            before = now
            if hand_overs >= 7:
                break
            plain_move(table)
        frames(app)
    assert hand_overs >= 7
    app.close()


def test_with_one_person_their_kingdom_is_always_large(rules):
    app, table = start(rules, [Seat("Brynja", COMPUTER, "random"), Seat("Ann"), Seat("Cid", COMPUTER, "random"),
                               Seat("Dag", COMPUTER, "random")], seed=5, speed="fast")
    first = rects(table)
    assert table.board.layout.active == 1
    for _ in range(3000):
        assert table.board.layout.active == 1 and rects(table) == first
        assert table.board.previous_layout is None or table.board.transition >= 1
        if table.decision() is not None:
            plain_move(table)
        frames(app)
        if table.board.model.turn >= 9:
            break
    assert table.board.model.turn >= 9
    app.close()


def test_turn_labels_name_who_plays_and_agree_with_the_log(rules):
    app, table = start(rules, [Seat("You"), Seat("Ann", COMPUTER, "random"), Seat("Bo")], seed=7, speed="fast")
    seen_next = set()
    for _ in range(6000):
        status, header = table.status_text(), table.turn_text()
        turns = [line for line in table.log_lines() if line.startswith("Turn ")]
        if turns and table.board.model.dealt:  # the header says what the log said last
            number, name = re.match(r"Turn (\d+): (.+)\.", turns[-1]).groups()
            assert header == f"Turn {number} · {name}"
        assert "You is" not in status and "You's" not in status
        match = re.match(r"(.+) is next\.|(You) are next\.", status)
        if match:
            upcoming = match.group(1) or match.group(2)
            records = table.board.last_turns.records
            mover = table.controller.seats[records[-1].seat].name if records else None
            assert upcoming != mover, f"{status!r} right after {mover}'s move"
            assert upcoming == table.controller.seats[table.controller._state.current].name
            seen_next.add(upcoming)
        if table.decision() is not None:
            plain_move(table)
        frames(app)
        if table.board.model.turn >= 8:
            break
    assert {"You", "Bo", "Ann"} & seen_next
    app.close()


def test_turn_labels_in_chinese(rules):
    app, table = start(rules, [Seat("你"), Seat("Bo")], seed=7, speed="fast", language="zh-TW")
    seen = set()
    for _ in range(4000):
        status = table.status_text()
        if "接下來輪到" in status:
            seen.add(status)
        if table.decision() is not None:
            plain_move(table)
        frames(app)
        if table.board.model.turn >= 4:
            break
    assert seen <= {"接下來輪到你。", "接下來輪到Bo。"} and seen
    assert re.fullmatch(r"第 \d+ 回合 · (你|Bo)", table.turn_text())
    app.close()


def test_one_person_banner_says_your_turn():
    app = make_app(aetherya_game(), animation_speed="fast")
    table = app.start_game(GameSetup((Seat("You"), Seat("Bo", COMPUTER, "random")), 3, 0))
    assert table.board.banner_text(Event("turn", 0, number=3)) == "Your turn"
    assert table.board.banner_text(Event("turn", 1, number=4)) == "Bo's turn"
    wait_for_person(app, table)
    frames(app, 1, [key(pygame.K_RETURN)])
    app.close()


# -- what the others did since a person last played -------------------------------------------------------

def until_person_turn_start(app, table, limit=20_000):
    """Play on (the person plainly) until the person's next turn starts."""
    for _ in range(limit):
        frames(app)
        decision = table.decision()
        if decision is not None:
            if decision.kind == "turn-start":
                return decision
            plain_move(table)
    raise AssertionError("the person's turn never came")


def test_summary_tells_a_turn_from_its_events_only(rules):
    cards = aetherya_game().cards
    turn = [Event("take-discard", 1, card="forest"),
            Event("place", 1, card="forest", row=0, col=3, replaced="portal", was_face_down=True),
            Event("claim", 1, legend=cards.legends[0].id, refill=cards.legends[1].id), Event("pass", 1)]
    names = ["Ann", "Brynja"]
    assert summarize_turn(turn, names, cards) == (
        "Brynja took the Forest from the discard and replaced an Unexplored Land (it was a Magical Portal), and "
        f"claimed the legend {cards.legends[0].name} (+{cards.legends[0].points}).")
    reveal = [Event("draw", 0, card="dragon"), Event("reveal", 0, card="dragon", row=1, col=1, replaced="elf")]
    assert summarize_turn(reveal, names, cards) == \
        "Ann drew a Dragon, discarded it and revealed an Unexplored Land (an Elf)."
    i18n.set_language("zh-TW")
    try:
        assert summarize_turn(turn[:2], names, cards) == \
            "Brynja從棄牌堆拿了森林，取代了一塊未探索之地（原來是魔法傳送門）。"
    finally:
        i18n.set_language("en")


def test_a_computers_turn_is_marked_and_told_until_the_person_has_played(rules):
    app, table = start(rules, [Seat("Ann"), Seat("Brynja", COMPUTER, "random")], seed=9, speed="fast")
    until_person_turn_start(app, table)
    for _ in range(2):  # a full turn of the person, then the computer's
        before = [row[:] for row in table.board.model.kingdoms]
        discard = table.board.model.discard_size
        plain_move(table)
        ended = False
        for _ in range(20_000):
            frames(app)
            if table.board.recent_turns() == [] and table.board.model.current == 1:
                ended = True  # the person's own turn is never marked for them
            decision = table.decision()
            if decision is not None and decision.kind == "turn-start":
                break
            if decision is not None:
                plain_move(table)
        assert ended
    records = table.board.recent_turns()
    assert [r.seat for r in records] == [1]
    changed = {("cell", 1, i) for i, (a, b) in enumerate(zip(before[1], table.board.model.kingdoms[1])) if a != b}
    marks = records[0].marks()
    assert {m for m in marks if m[0] == "cell"} == changed and len(changed) == 1
    assert ("discard",) in marks and table.board.model.discard_size != discard
    summary = table.board.turn_summary(records[0])
    assert summary.startswith("Brynja ") and summary.endswith(".")
    # After the pulse, a thin frame in Brynja's colour stays around the changed place.
    frames(app, 120)
    rect = table.board.mark_rect(next(iter(changed)))
    edge = (rect.centerx, rect.top - table.ctx.theme.px(3) + 1)
    assert tuple(app.surface.get_at(edge))[:3] == theme.seat_colour(table.setup.colour_of(1))
    # They stay while the person plays, and go once the person's turn is over.
    plain_move(table)
    while table.board.model.current == 0:
        assert [r.seat for r in table.board.recent_turns()] == [1]
        frames(app)
        if table.decision() is not None:
            plain_move(table)
    assert table.board.recent_turns() == []
    app.close()


def test_pass_and_play_each_person_sees_the_turns_since_their_own(rules):
    app, table = start(rules, [Seat("Ann"), Seat("Bo"), Seat("Cid")], seed=4, speed="fast")
    checked = 0
    for _ in range(MAX_FRAMES):
        frames(app)
        decision = table.decision()
        if decision is None:
            continue
        if decision.kind == "turn-start" and table.board.model.turn > 3:
            seen = [r.seat for r in table.board.recent_turns()]
            others = [(decision.seat + k) % 3 for k in (1, 2)]
            assert seen == others, f"{table.controller.seats[decision.seat].name} sees {seen}"
            checked += 1
            if checked == 4:
                break
        plain_move(table)
    assert checked == 4
    app.close()


def test_computer_pace_setting_loads_from_older_files_and_sets_the_pause():
    older, problems = Settings.from_json({"version": 1, "animation_speed": "fast", "sound": False})
    assert older.computer_pace == "normal" and problems == []
    wrong, problems = Settings.from_json({"version": 1, "computer_pace": "glacial"})
    assert wrong.computer_pace == "normal" and problems

    def paused_frames(pace):
        app, table = start(None, [Seat("A", COMPUTER, "random"), Seat("B", COMPUTER, "random")], seed=3,
                           speed="normal", computer_pace=pace)
        count = 0
        while table.board.model.turn < 5:
            frames(app)
            count += isinstance(table.choreo.current, Pause)
        app.close()
        return count

    slow, normal, fast = (paused_frames(pace) for pace in ("slow", "normal", "fast"))
    assert slow > 2 * normal > 4 * fast > 0


def test_settings_screen_sets_the_computer_pace():
    app = make_app(aetherya_game())
    app.main_menu()
    app.open_settings()
    frames(app, 2)
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    pace = next(w for w in scene.widgets.widgets if isinstance(w, Choice) and w.label == "Computer players' pace")
    arrow = (pace.rect.right - pace.rect.h // 2, pace.rect.centery)
    frames(app, 1, [motion(arrow), down(arrow), up(arrow)])
    assert app.ctx.settings.computer_pace != "normal"
    app.close()


# -- the starting arrangement ---------------------------------------------------------------------------------

def test_arranging_shows_the_score_live_and_tooltips_keep_off_the_places_to_fill(rules):
    app, table = start(rules, [Seat("Ann"), Seat("Bo", COMPUTER, "random")], seed=12, speed="fast")
    decision = wait_for_person(app, table)
    assert decision.kind == "arrange"
    seat = decision.seat
    for n, cell in enumerate(CENTRE):
        hand = table.board.rect_of(("hand", 0)).center
        target = table.board.rect_of(("cell", seat, cell)).center
        drag(app, hand, target)
        frames(app, 60)  # the mouse rests on the card just dropped: its tooltip shows
        assert table.tooltip is not None and table.board.painter.tooltip_box is not None
        arranged = table.board.gestures.arrangement
        still_empty = [table.board.rect_of(("cell", seat, c)) for c in CENTRE if c not in arranged]
        assert len(still_empty) == 3 - n
        assert table.board.painter.tooltip_box.collidelist(still_empty) == -1, "the tooltip covers a place to fill"
        assert not table.board.painter.tooltip_box.colliderect(table.board.layout.kingdoms[seat].grid)
        if n == 1:
            screenshot(app, "table-arrange-tooltip")
    shown = table.score_counter(seat)
    cells = ["?"] * 16
    for cell, card in table.board.gestures.arrangement.items():
        cells[cell] = card
    expected = rules.breakdown([-1 if t == "?" else rules.type_index[t] for t in cells], []).total
    assert shown == expected != 0, "the score counts the cards being arranged"
    screenshot(app, "table-arrange-live-score")
    frames(app, 1, [key(pygame.K_RETURN)])
    wait_for_person(app, table)
    assert table.board.score(seat) == expected
    app.close()


# -- the end of the game --------------------------------------------------------------------------------------

def play_to_the_end(players, seed=4, language="en"):
    seats = [Seat("Ann")] + [Seat(name, COMPUTER, "random") for name in ("Brynja", "Cid", "Dag")[:players - 1]]
    app, table = start(None, seats, seed=seed, speed="instant", language=language)
    for _ in range(MAX_FRAMES):
        if app.scenes.find(ScoreSheet):
            break
        if table.decision() is not None:
            plain_move(table)
        frames(app)
    sheet = app.scenes.find(ScoreSheet)
    assert sheet is not None
    return app, table, sheet


@pytest.mark.parametrize("players", [2, 3, 4])
def test_after_the_game_any_kingdom_can_be_seen_large_and_the_button_stays_clear(players):
    app, table, sheet = play_to_the_end(players)
    frames(app, 2)
    click_at = sheet.toggle_button.rect.center
    frames(app, 1, [motion(click_at), down(click_at), up(click_at)])
    assert sheet.hidden and sheet.toggle_button.label == "Show the scores"
    for size in [(1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160)]:
        frames(app, 2, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
        assert app.surface.get_size() == size
        button = sheet.toggle_button.rect
        assert Rect((0, 0), size).contains(button)
        for seat, box in table.board.layout.kingdoms.items():
            assert not button.colliderect(box.rect), f"{size}: the button covers kingdom {seat}"
        assert layout_problems(table.board.layout) == []
    # A click on a small kingdom shows it large; the arrows and number keys go on from there.
    other = next(s for s in table.board.layout.kingdoms if s != table.board.layout.active)
    spot = table.board.layout.kingdoms[other].grid.center
    frames(app, 1, [motion(spot), down(spot), up(spot)])
    assert table.board.layout.active == other and sheet.hidden
    frames(app, 1, [key(pygame.K_RIGHT)])
    assert table.board.layout.active == (other + 1) % players
    frames(app, 1, [key(pygame.K_1)])
    assert table.board.layout.active == 0
    assert table.status_text().startswith("The game is over. Click a kingdom")
    frames(app, 1, [key(pygame.K_z, pygame.KMOD_CTRL)])  # Ctrl+Z answers for the game, not for a turn
    assert table.toast[0] == i18n.tr("table.undo_refused.over")
    frames(app, 1, [key(pygame.K_RETURN)])
    assert not sheet.hidden
    app.close()


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_screenshot_the_end_with_another_kingdom_large(language):
    app, table, sheet = play_to_the_end(3, language=language)
    frames(app, 2)
    sheet.toggle()
    spot = table.board.layout.kingdoms[2].grid.center
    frames(app, 1, [motion(spot), down(spot), up(spot)])
    frames(app, 2)
    assert table.board.layout.active == 2
    screenshot(app, f"table-end-other-kingdom-large-{language}")
    app.close()


def test_history_counts_a_finished_game_in_rounds():
    from types import SimpleNamespace

    from drako_desktop.ui.scenes.load import Entry, rounds_of

    def entry(players, turns):
        return Entry(SimpleNamespace(setup=SimpleNamespace(players=players)), turns, (), (), "")

    assert [rounds_of(entry(3, t)) for t in (3, 7, 9)] == [1, 3, 3]
    assert rounds_of(entry(2, 24)) == 12
    assert i18n.tr("load.rounds_played", rounds=12) == "Finished after 12 rounds"
    i18n.set_language("zh-TW")
    try:
        assert i18n.tr("load.rounds_played", rounds=12) == "12 輪後結束"
    finally:
        i18n.set_language("en")


# -- screenshots of the changed table, in English and Chinese -----------------------------------------------

@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_screenshots_hand_over_and_last_turn_marks(language):
    names = ("Ann", "Bo", "Cid")
    app, table = start(None, [Seat(n) for n in names], seed=4, speed="normal", language=language)
    shots = 0
    for _ in range(MAX_FRAMES):
        decision = table.decision()
        if decision is not None and decision.kind == "turn-start" and table.board.model.turn == 4:
            settle(app, table)
            before = rects(table)
            screenshot(app, f"table-pass-and-play-before-hand-over-{language}")
            while table.decision() is None or table.decision().seat == decision.seat:
                if table.decision() is not None:
                    plain_move(table)
                frames(app)
            settle(app, table)
            after = rects(table)
            assert {s for s in after if after[s] != before[s]} == {decision.seat, table.decision().seat}
            screenshot(app, f"table-pass-and-play-after-hand-over-{language}")
            shots += 1
            break
        if decision is not None:
            plain_move(table)
        frames(app)
    assert shots == 1
    app.close()
    # A computer's turn: caught while its places pulse, and its sentence under the legends.
    app, table = start(None, [Seat("Ann"), Seat("Brynja", COMPUTER, "random"), Seat("Cid", COMPUTER, "random")],
                       seed=3, speed="normal", language=language)
    for _ in range(MAX_FRAMES):
        records = table.board.recent_turns()
        if table.board.model.turn >= 6 and records and records[-1].seat == 2 and table.clock - records[-1].ended > 0.3:
            break
        if table.decision() is not None:
            plain_move(table)
        frames(app)
    assert [r.seat for r in table.board.recent_turns()] == [1, 2]
    screenshot(app, f"table-last-turn-marks-pulse-{language}")
    app.close()


def test_screenshot_arrangement_live_score_in_chinese(rules):
    app, table = start(rules, [Seat("你"), Seat("Bo", COMPUTER, "random")], seed=12, speed="fast", language="zh-TW")
    seat = wait_for_person(app, table).seat
    for cell in CENTRE[:3]:
        drag(app, table.board.rect_of(("hand", 0)).center, table.board.rect_of(("cell", seat, cell)).center)
    frames(app, 60)
    assert table.score_counter(seat) == table.board.score(seat) != 0
    screenshot(app, "table-arrange-live-score-zh-TW")
    app.close()
