"""The table keeps every kingdom in its place, names the right player and turn, and shows what the
others did since a person last played. Driven like the other table tests: the real scene, synthetic
events, a fixed dt, computers thinking inline."""

from __future__ import annotations

import re

import pygame
from conftest import aetherya_game
from test_ui_table import MAX_FRAMES, start, wait_for_person
from ui_support import frames, key, make_app

from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.games.aetherya_pocket.engine import Event
from drako_desktop.games.aetherya_pocket.ui.layout import first_places, hand_over_places, layout_problems


def rects(table):
    return {seat: tuple(box.rect) for seat, box in table.layout.kingdoms.items()}


def plain_move(table):
    """The person's plainest legal step: draw at a turn's start, else the first legal action."""
    decision = table.decision()
    table.play([decision.legal[-1] if decision.kind == "turn-start" else decision.legal[0]])


def settle(app, table):
    """Frames until the kingdoms stopped moving."""
    for _ in range(600):
        if table.transition >= 1 and table.choreo.idle:
            return
        frames(app)


def test_hand_over_swaps_only_the_two_kingdoms():
    assert first_places(4, 2) == (2, 0, 1, 3)
    assert hand_over_places((2, 0, 1, 3), 3) == (3, 0, 1, 2)
    assert hand_over_places((3, 0, 1, 2), 0) == (0, 3, 1, 2)
    assert hand_over_places((0, 3, 1, 2), 0) == (0, 3, 1, 2)


def test_pass_and_play_the_current_person_is_large_and_the_others_stay_put(rules):
    app, table = start(rules, [Seat("Ann"), Seat("Bo"), Seat("Cid")], seed=4, speed="fast")
    before = None
    hand_overs = 0
    for _ in range(MAX_FRAMES):
        decision = table.decision()
        if decision is not None:
            settle(app, table)
            now = rects(table)
            assert table.layout.active == decision.seat, "the person to play is not the large kingdom"
            assert layout_problems(table.layout) == []
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
    assert table.layout.active == 1
    for _ in range(3000):
        assert table.layout.active == 1 and rects(table) == first
        assert table.previous_layout is None or table.transition >= 1
        if table.decision() is not None:
            plain_move(table)
        frames(app)
        if table.model.turn >= 9:
            break
    assert table.model.turn >= 9
    app.close()


def test_turn_labels_name_who_plays_and_agree_with_the_log(rules):
    app, table = start(rules, [Seat("You"), Seat("Ann", COMPUTER, "random"), Seat("Bo")], seed=7, speed="fast")
    seen_next = set()
    for _ in range(6000):
        status, header = table.status_text(), table.turn_text()
        turns = [line for line in table.log_lines if line.startswith("Turn ")]
        if turns and table.model.dealt:  # the header says what the log said last
            number, name = re.match(r"Turn (\d+): (.+)\.", turns[-1]).groups()
            assert header == f"Turn {number} · {name}"
        assert "You is" not in status and "You's" not in status
        match = re.match(r"(.+) is next\.|(You) are next\.", status)
        if match:
            upcoming = match.group(1) or match.group(2)
            mover = table.controller.seats[table.model.current].name
            assert upcoming != mover, f"{status!r} right after {mover}'s move"
            assert upcoming == table.controller.seats[table.controller.state.current].name
            seen_next.add(upcoming)
        if table.decision() is not None:
            plain_move(table)
        frames(app)
        if table.model.turn >= 8:
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
        if table.model.turn >= 4:
            break
    assert seen <= {"接下來輪到你。", "接下來輪到Bo。"} and seen
    assert re.fullmatch(r"第 \d+ 回合 · (你|Bo)", table.turn_text())
    app.close()


def test_one_person_banner_says_your_turn():
    app = make_app(aetherya_game(), animation_speed="fast")
    table = app.start_game(GameSetup((Seat("You"), Seat("Bo", COMPUTER, "random")), 3, 0))
    assert table.banner_text(Event("turn", 0, number=3)) == "Your turn"
    assert table.banner_text(Event("turn", 1, number=4)) == "Bo's turn"
    wait_for_person(app, table)
    frames(app, 1, [key(pygame.K_RETURN)])
    app.close()
