"""Files written by the release before Draco Mundis (0.1, Aetherya Pocket alone) keep loading unchanged:
an unfinished save, a finished game in the history, and the statistics file. They were written by that
release's own code (tests/fixtures/release-0.1/) and are checked in as they came."""

from __future__ import annotations

import shutil
from pathlib import Path

from drako_desktop import saves
from drako_desktop.controller.game import GameController
from drako_desktop.stats import Statistics

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
    assert listing.states[unfinished.path].turn > 0
    # The unfinished game plays on where it was left, through the rules.
    controller = GameController(library["aetherya-pocket"], unfinished.setup, actions=unfinished.actions,
                                threaded=False)
    assert len(controller.actions) == len(unfinished.actions) and controller.current() is not None
    # Resaving it writes today's format, which loads back to the same position.
    text = saves.encode(unfinished, controller.state, library["aetherya-pocket"])
    again, state = saves.decode(text, library)
    assert again.actions == unfinished.actions and state.view(None) == controller.state.view(None)


def test_the_statistics_of_the_last_release_are_aetherya_pockets(private_home):
    installed(private_home)
    stats, problem = Statistics.load()
    assert problem is None
    players = stats.players_of("aetherya-pocket")
    assert sorted(players) == ["Ana", "Dag"] and players["Ana"].by_opponent == {"easy": [1, 0]}
    assert stats.players_of("draco-mundis") == {} and len(stats.recorded) == 1
    stats.save()  # written again in today's format: the same statistics come back
    assert Statistics.load()[0].to_json() == stats.to_json()
