"""Files written by the release before Draco Mundis (0.1, Aetherya Pocket alone) keep loading unchanged:
an unfinished save, a finished game in the history, and the statistics file. They were written by that
release's own code (tests/fixtures/release-0.1/) and are checked in as they came."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame

from conftest import copy_of, replace_text
from drako_desktop import saves
from drako_desktop.controller.game import GameController
from drako_desktop.controller.review import DEFAULT_DEPTH
from drako_desktop.i18n import tr
from drako_desktop.interface.registry import Library
from drako_desktop.reviews import read_review, review_path
from drako_desktop.settings import Settings
from drako_desktop.stats import Statistics
from drako_desktop.ui.app import App
from drako_desktop.ui.scenes.dialogs import Dialog
from drako_desktop.ui.scenes.load import LoadScene
from drako_desktop.ui.scenes.viewer import ViewerScene
from ui_support import frames, key, screenshot

RELEASE = Path(__file__).resolve().parent / "fixtures" / "release-0.1"


def installed(home: Path) -> Path:
    """The release's files copied into a fresh data folder, as a player upgrading has them."""
    data = home / "data"
    shutil.copytree(RELEASE, data)
    return data


def test_a_save_and_a_finished_game_of_the_last_release_load_and_play_on(private_home, library):
    installed(private_home)
    listing = saves.list_saves(library)
    history = saves.list_saves(library, saves.history_dir())
    assert listing.problems == [] and history.problems == [] and listing.foreign == []
    (unfinished,) = listing.games
    (finished,) = history.games
    assert unfinished.setup.game == finished.setup.game == "aetherya-pocket"
    assert not unfinished.finished and finished.finished
    assert [s.name for s in unfinished.setup.seats] == ["Ana", "Brynja"]
    assert listing.standings[unfinished.path].turn > 0
    # The unfinished game plays on where it was left, through the rules.
    controller = GameController(library["aetherya-pocket"], unfinished.setup, actions=unfinished.actions,
                                threaded=False)
    assert len(controller.actions) == len(unfinished.actions) and controller.current() is not None
    # Resaving it writes today's format, which loads back to the same position.
    text = saves.encode(unfinished, controller._state, library["aetherya-pocket"])
    again, state = saves.decode(text, library)
    assert again.actions == unfinished.actions and state.view(None) == controller._state.view(None)


def test_the_statistics_of_the_last_release_are_aetherya_pockets(private_home):
    installed(private_home)
    stats, problem = Statistics.load()
    assert problem is None
    players = stats.players_of("aetherya-pocket")
    assert sorted(players) == ["Ana", "Dag"] and players["Ana"].by_opponent == {"easy": [1, 0]}
    assert stats.players_of("draco-mundis") == {} and len(stats.recorded) == 1
    stats.save()  # written again in today's format: the same statistics come back
    assert Statistics.load()[0].to_json() == stats.to_json()


# Files of Draco Mundis written by the release of 2026-12-04 (the commit before saves named the rule content
# of the data rather than the bytes of its files): two unfinished saves (one with the variants, chosen colours
# and computer seats), a finished game in the history, its review left half-way and the statistics.
DRACO_RELEASE = Path(__file__).resolve().parent / "fixtures" / "release-0.2"
UNFINISHED, VARIANTS, FINISHED = "20261204-101500-a1b2c3", "20261204-102000-d4e5f6", "20261204-103000-0a1b2c"


def test_draco_mundis_saves_and_history_of_the_last_release_load_and_play_on(private_home):
    shutil.copytree(DRACO_RELEASE, private_home / "data")
    library = Library()
    listing = saves.list_saves(library)
    history = saves.list_saves(library, saves.history_dir())
    assert listing.problems == history.problems == listing.kept == [] and listing.foreign == history.foreign == []
    by_id = {g.game_id: g for g in listing.games}
    assert sorted(by_id) == [UNFINISHED, VARIANTS]
    unfinished, variants = by_id[UNFINISHED], by_id[VARIANTS]
    (finished,) = history.games
    assert finished.game_id == FINISHED and finished.finished and finished.setup.game == "draco-mundis"
    assert unfinished.hints == (1, 0) and [s.name for s in unfinished.setup.seats] == ["Ana", "Brynja"]
    assert variants.setup.variants == ("fast_setup", "dragon_trap") and variants.setup.colours == (2, 0, 3)
    assert variants.practice and [s.spec() for s in variants.setup.seats] == ["human", "ai:medium", "ai:easy"]
    draco = library["draco-mundis"]
    for game in (unfinished, variants):
        controller = GameController(draco, game.setup, actions=game.actions, threaded=False)
        assert len(controller.actions) == len(game.actions) and controller.current() is not None
        text = saves.encode(game, controller._state, draco)  # written again in today's format: the same game
        again, state = saves.decode(text, library)
        assert again.actions == game.actions and state.view(None) == controller._state.view(None)
    final = history.standings[finished.path]
    assert final.totals == (7, 14) and final.winners == (1,)


def test_a_draco_mundis_review_left_half_way_goes_on(private_home):
    shutil.copytree(DRACO_RELEASE, private_home / "data")
    library = Library()
    (finished,) = saves.list_saves(library, saves.history_dir()).games
    decisions, complete = read_review(review_path(FINISHED, 0), library["draco-mundis"], finished, 0, DEFAULT_DEPTH)
    assert not complete and [d.index for d in decisions] == [76, 77, 80]
    assert decisions[0].chosen == {"type": "reveal", "at": [6, 8], "facing": "N"} and decisions[0].win_lost > 0


def test_the_statistics_of_the_last_release_keep_draco_mundis_apart(private_home):
    shutil.copytree(DRACO_RELEASE, private_home / "data")
    stats, problem = Statistics.load()
    assert problem is None and stats.players_of("aetherya-pocket") == {}
    (ana,) = stats.players_of("draco-mundis").values()
    assert (ana.games, ana.wins, ana.total_score, ana.by_opponent) == (1, 0, 7, {"easy": [1, 0]})
    assert stats.recorded == [FINISHED]


def house_rules(tmp_path: Path, file: str, old: str, new: str) -> Library:
    """The games with Draco Mundis's data changed in one rule (house rules, or a release whose rules differ)."""
    folder = copy_of("draco-mundis", tmp_path)
    replace_text(folder / file, old, new)
    return Library({"draco-mundis": folder})


def test_a_finished_game_made_with_other_rules_is_told_and_its_record_opens_in_the_viewer(private_home, tmp_path):
    shutil.copytree(DRACO_RELEASE, private_home / "data")
    library = house_rules(tmp_path, "scoring.yaml", "land: campsite, points: 5}", "land: campsite, points: 6}")
    listing = saves.list_saves(library)
    history = saves.list_saves(library, saves.history_dir())
    # The unfinished games are not played on under other rules: each is named, with its game and why.
    assert listing.games == [] and listing.problems == [] and listing.foreign == []
    assert sorted(m.values["file"] for m in listing.kept) == [f"{UNFINISHED}.json", f"{VARIANTS}.json"]
    assert str(listing.kept[0]) == (f"{UNFINISHED}.json: a game of Draco Mundis made with other rules of it (house "
                                    "rules, or a version whose rules differ from this one's): this version cannot "
                                    "play it on. It was left where it is.")
    # The finished one is listed, marked, replayed under these rules for the viewer; the file stays as it was.
    (finished,) = history.games
    assert finished.other_rules and finished.game_id == FINISHED and history.standings[finished.path].winners
    (told,) = history.kept
    assert told.key == "save_errors.other_rules_record" and "Its record opens in the viewer" in str(told)
    assert (private_home / "data" / "history" / f"{FINISHED}.json").read_bytes() == \
        (DRACO_RELEASE / "history" / f"{FINISHED}.json").read_bytes()
    app = App(library["draco-mundis"], Settings(), library=library, size=(1280, 720), persist=False, threaded=False)
    scene = app.scenes.push(LoadScene(app, history=True))
    assert isinstance(scene, LoadScene)
    frames(app, 2)
    told = app.scenes.top  # the player is told once which files, which game and why
    assert isinstance(told, Dialog) and "Its record opens in the viewer" in told.detail
    screenshot(app, "load-told-of-games-made-with-other-rules")
    frames(app, 2, [key(pygame.K_RETURN)])
    assert app.scenes.top is scene
    screenshot(app, "load-finished-game-made-with-other-rules")  # marked "Other rules", its Review off
    (entry,) = scene.entries[True]
    review = next(w for w in scene.widgets.widgets if getattr(w, "label", None) == tr("play_better.review.button"))
    assert not review.enabled
    scene.open(entry)
    viewer = app.scenes.top
    frames(app, 2)
    screenshot(app, "viewer-of-a-game-made-with-other-rules")
    assert isinstance(viewer, ViewerScene) and viewer.replay.last == len(finished.actions)


def test_a_game_whose_moves_other_rules_forbid_is_told_and_not_listed(private_home, tmp_path):
    shutil.copytree(DRACO_RELEASE, private_home / "data")
    library = house_rules(tmp_path, "tokens.yaml", "    arrows: {forward: 2, left: 1, right: 1, back: 1}\n"
                          "    strength: 2\n    placed_face_up: true",
                          "    arrows: {forward: 1, left: 0, right: 0, back: 0}\n"
                          "    strength: 2\n    placed_face_up: true")
    history = saves.list_saves(library, saves.history_dir())
    assert history.games == [] and history.problems == []
    (told,) = history.kept
    assert told.values["file"] == f"{FINISHED}.json" and "a game of Draco Mundis made with other rules" in str(told)
