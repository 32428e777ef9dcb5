"""Shared fixtures: the bundled card set, compiled rules, and a kingdom notation.

Kingdom notation for tests: 4 rows separated by "/" (or newlines), cells by
spaces; a type id, or "?" for a face-down card. Short rows are padded with "?".
    "human plain / plain forest"  ->  row 0: human plain ? ?, row 1: plain forest ? ?, rows 2-3 face down
"""

from __future__ import annotations

import logging
import os
import shutil
from functools import cache
from pathlib import Path

import pygame
import pytest

from drako_desktop import i18n, resources
from drako_desktop.games.aetherya_pocket import AetheryaPocket
from drako_desktop.interface.registry import Library, load
from drako_desktop.ui import art


def parse_grid(text: str) -> list[list[str | None]]:
    rows = [r.split() for r in text.replace("\n", "/").split("/") if r.strip()]
    assert len(rows) <= 4 and all(len(r) <= 4 for r in rows), text
    rows += [[] for _ in range(4 - len(rows))]
    return [[None if t == "?" else t for t in r] + [None] * (4 - len(r)) for r in rows]


def copy_of(game: str, tmp_path: Path) -> Path:
    """A copy of a game's bundled card folder, to edit (a card folder from anyone)."""
    folder = tmp_path / game
    shutil.copytree(resources.cards_folder(game), folder)
    return folder


def replace_text(path: Path, old: str, new: str) -> None:
    """`old` (found exactly once in the file) replaced by `new`."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def act(controller, action):
    """A person's action, as a table makes it: a person not yet at the screen takes it first (the hand-over)."""
    if controller.hand_over_due is not None:
        controller.take_screen(controller.hand_over_due)
    return controller.act(action)


def frozen_data_files(monkeypatch: pytest.MonkeyPatch) -> dict[Path, str]:
    """build.spec's data files, read as PyInstaller reads them (its build steps stood in for): folder or file ->
    where the frozen app holds it."""
    import sys
    import types

    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda name: []  # type: ignore[attr-defined]
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    root = Path(__file__).resolve().parent.parent
    spec: dict = {"SPECPATH": str(root), **{name: lambda *a, **k: types.SimpleNamespace(pure=(), scripts=(),
                                                                                         binaries=(), datas=())
                                            for name in ("Analysis", "PYZ", "EXE", "COLLECT")}}
    exec(compile((root / "build.spec").read_text(encoding="utf-8"), "build.spec", "exec"), spec)
    return {Path(source).resolve(): target for source, target in spec["datas"]}


@cache
def aetherya_game() -> AetheryaPocket:
    """The Aetherya Pocket handle with the bundled cards (loaded once for the whole run)."""
    game = load("aetherya-pocket")
    assert isinstance(game, AetheryaPocket)
    return game


# The longest tests (a minute or so each on a busy machine), started first: a long test left for the end keeps
# one process busy while the other has nothing left to do.
LONGEST = ("test_whole_games_played_through_the_screen", "test_two_positions_a_person_cannot_tell_apart", "test_monkey",
           "test_every_part_of_the_board_paints_only", "test_no_text_overflows",
           "test_screenshots_hand_over_and_last_turn_marks", "test_demo_game_with_computers_only_reaches_the_scores",
           "drawn_only_where_it_changed_looks_as_painted", "test_play_exit_at_end_prints_the_final_game",
           "test_kills_inside_every_moment_of_every_write", "test_a_host_and_three_joins_play_through",
           "test_no_client_learns_what_its_seat_may_not_see")


# The long checks: exhaustive walks over every screen, part and event, strength and reproducibility over whole
# games, soaks, real processes and real time. `make test` leaves them out to stay under 4 minutes on a 2-core
# machine; `make test-long` runs them, and CI (.ci/run) runs both. (Parts of a name: a test, or one of its cases.)
LONG = ("test_monkey", "test_kills_inside_every_moment_of_every_write", "test_the_kill_test_catches_a_writer",
        "test_hard_beats_easy", "test_medium_beats_easy", "test_medium_beats_random",
        "test_whole_games_are_reproducible_for_a_seed", "review_orders_random_below_medium", "test_no_text_overflows",
        "test_every_event_kind_of_a_random_game_is_told", "test_every_part_of_the_board_paints_only",
        "test_after_the_game_any_kingdom_can_be_seen_large", "test_demo_game_with_computers_only_reaches_the_scores",
        "test_every_rule_value_is_in_the_identity", "test_play_exit_at_end_prints_the_final_game",
        "test_a_host_and_three_joins_play_through_a_cut_and_a_killed_host[draco-mundis]",
        "drawn_only_where_it_changed_looks_as_painted",
        "test_the_cached_board_looks_like", "test_a_large_change_of_the_board_is_painted_half",
        "test_kingdoms_painted_one_a_frame_after_a_slide", "test_a_part_split_over_two_frames",
        "test_a_finished_table_is_let_go", "test_a_review_left_is_not_kept", "test_the_texts_kept_stay_within",
        "test_a_legends_words_keep_clear", "test_every_card_shows_its_name_at_every_size",
        "test_the_claim_ribbon_covers", "test_a_game_with_a_chosen_seed_is_marked_counted_apart",
        "played_through_the_screen[1-3-fast", "played_through_the_screen[4-4-instant",
        "test_two_positions_a_person_cannot_tell_apart_draw_the_same_pixels_at_every_frame",  # (conformance: twins)
        "test_learn_to_play_end_to_end", "test_every_step_can_be_resumed_at",
        "test_full_game_human_against_computer_by_drag_and_drop", "test_bench_idle_prints_the_cpu_share",
        "test_screenshots_hand_over_and_last_turn_marks[zh-TW]", "test_beliefs_name_the_true_tokens_better",
        "test_the_review_runs_to_the_end_and_goes_on_from_its_file", "test_the_readme_screenshots_are_drawn",
        "test_hidden_tokens_never_change_a_decision[2-expert]", "test_hidden_tokens_never_change_a_decision[4-expert]",
        "test_legal_actions_are_exactly_what_why_illegal_allows", "test_illegal_actions_raise_and_change_nothing",
        "test_review_command_prints_the_decisions", "test_screenshots_mid_game[zh-TW]", "plate[size1-zh-TW]",
        "test_the_panel_says_your_turn_only_when_a_person_at_the_screen_plays[zh-TW]",
        "both_play_to_the_end[draco-mundis-", "zh-TW", "size1",  # make test: the first language, the first size
        # the levels' answers and secret swaps level by level (make test: the conformance suite's strongest level)
        "test_every_level_answers_a_legal_index", "test_hidden_tokens_never_change_a_decision",
        "test_hidden_information_never_changes_a_decision",
        "test_engine_matches_reference",  # 1,500 random kingdoms against the reference scorer
        "test_bench_ui_times_a_table_joined_over_the_network",  # a host, a client and a real program: 10 s
        # whole-game walks and every-size checks of the Draco Mundis table, pictures for the docs, real programs
        "test_the_model_follows_the_engine_event_by_event", "test_tokens_in_motion_are_scaled_from_kept_pictures",
        "test_a_host_and_three_joins_play_through_a_cut_and_a_killed_host",
        "test_screenshots_hand_over_and_last_turn_marks", "test_screenshots_mid_game",
        "test_sigterm_ends_play_exit_at_end", "test_bench_ui_prints_its_measures",
        "test_an_overlay_puts_back_the_table_beneath_it", "test_a_draco_computer_game_with_exit_at_end",
        "test_a_game_of_hard_against_medium_gives_a_cost_per_played_out_action")  # a hard game: 5 s


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if any(name in item.name for name in LONG):
            item.add_marker(pytest.mark.long)
    items.sort(key=lambda item: not any(name in item.name for name in LONGEST))  # a stable sort: the rest keep order


@pytest.fixture(scope="session")
def aetherya():
    return aetherya_game()


@pytest.fixture(scope="session")
def cards(aetherya):
    return aetherya.cards


@pytest.fixture(scope="session")
def rules(aetherya):
    return aetherya.rules


@pytest.fixture
def library(aetherya):
    """The games a test's app or saves can open: Aetherya Pocket as loaded once, the others on demand."""
    games = Library()
    games.add(aetherya)
    return games


@pytest.fixture(scope="session")
def kingdom(rules):
    """kingdom("human plain / plain forest") -> the engine's 16-int tuple."""
    return lambda text: rules.kingdom_from_ids(parse_grid(text))


@pytest.fixture(autouse=True)
def private_home(tmp_path_factory, monkeypatch):
    """No test touches the player's real folders: saves, settings, statistics and the log of every
    test go to a fresh temporary folder (DRAKO_DESKTOP_HOME)."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("DRAKO_DESKTOP_HOME", str(home))
    return home


@pytest.fixture(autouse=True, scope="session")
def no_waiting_for_the_disk():
    """Files are written as the game writes them (a temporary file renamed over the old), without waiting for
    the disk to hold them: that only matters when the power goes, which no test here cuts (tests/test_kill.py
    kills real processes, which sync). On a busy disk each wait took 15 ms, half a minute of the monkey's run."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fsync", lambda fd: None)
        yield


@pytest.fixture(autouse=True, scope="session")
def one_backdrop_a_size():
    """The table's backdrop (a gradient, a light, grain: a pure function of the window's size, 35 ms at 1600 x 900)
    is drawn once a size for the whole run, not once for each of the thousand apps the tests open."""
    drawn: dict[tuple[int, int], pygame.Surface] = {}
    draw = art._draw_backdrop

    def backdrop(w: int, h: int) -> pygame.Surface:
        if (w, h) not in drawn:
            drawn[w, h] = draw(w, h)
        return drawn[w, h].copy()

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(art, "_draw_backdrop", backdrop)
        yield


@pytest.fixture(autouse=True)
def english_afterwards():
    """Messages are translated when shown: a test that switches language must not change the next one's."""
    yield
    i18n.set_language("en")


class _WordsGoneWrong(logging.Handler):
    """Keeps what the translations warn of: a text with no translation, or placeholders that do not match."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.seen.append(record.getMessage())


@pytest.fixture(autouse=True)
def every_text_is_whole():
    """No test may show a player "[a.key]" or "Stands on {whose} jungle.": a translation missing or called
    with the wrong placeholders fails the test that showed it."""
    handler = _WordsGoneWrong()
    logger = logging.getLogger(i18n.__name__)
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)
    assert not handler.seen, handler.seen
