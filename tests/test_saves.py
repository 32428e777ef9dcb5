"""Saved games, statistics and replays: round trips, and every kind of bad file refused whole."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from conftest import aetherya_game
from drako_desktop import i18n, saves
from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.games.aetherya_pocket.engine import GameState
from drako_desktop.replay import format_replay, replay_game
from drako_desktop.stats import PEOPLE, Statistics


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DRAKO_DESKTOP_HOME", str(tmp_path))
    return tmp_path


SETUP = GameSetup((Seat("Ana"), Seat("Bot", COMPUTER, "random")), seed=42, first=1)


def played(rules, moves: int | None = None, setup: GameSetup = SETUP) -> GameState:
    rng = random.Random(7)
    state = GameState.new(rules, setup.players, setup.seed, setup.first)
    while not state.is_terminal() and (moves is None or len(state.history) < moves):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def save_text(rules, state, setup=SETUP) -> str:
    aetherya = aetherya_game()
    game = saves.start_game(setup)
    return saves.encode(game, state, aetherya)


def test_round_trip_replays_to_the_same_position(library, rules):
    state = played(rules, 40)
    game, again = saves.decode(save_text(rules, state), library)
    assert game.setup == SETUP
    assert again.view(0) == state.view(0) and again.history == state.history
    assert not game.finished


def test_a_turn_ended_is_kept_and_a_save_without_the_field_waits_for_end_turn(library, rules):
    state = played(rules, 40)
    ended = replace(saves.start_game(SETUP), turn_ended=True)
    game, _ = saves.decode(saves.encode(ended, state, aetherya_game()), library)
    assert game.turn_ended
    game, _ = saves.decode(save_text(rules, state), library)
    assert not game.turn_ended and '"turn_ended"' not in save_text(rules, state)


def test_save_holds_no_hidden_information(rules):
    state = played(rules, 40)
    data = json.loads(save_text(rules, state))
    assert set(data) == {"format", "version", "game_id", "game", "cards", "created", "updated", "practice",
                         "finished", "seats", "seed", "first", "actions", "snapshot"}
    grids = data["snapshot"]["view"]["kingdoms"]
    hidden = [(s, c) for s in range(2) for c in range(16) if not state.face_up[s] >> c & 1]
    assert hidden  # there is something to hide, and the snapshot shows none of it
    assert all(grids[s][c // 4][c % 4] is None for s, c in hidden)
    assert "deck" not in json.dumps(data["snapshot"]) and data["snapshot"]["view"]["draw_size"] == len(state.deck)


@pytest.mark.parametrize(
    "damage,message",
    [
        (lambda t: t[: len(t) // 2], "not valid JSON"),
        (lambda t: "", "not valid JSON"),
        (lambda t: t.replace('"version":1', '"version":99'), "saved by a newer version of the game"),
        (lambda t: t.replace('"version":1', '"version":"1"'), "another version of the game (save format \"1\""),
        (lambda t: t.replace('"format":"drako-desktop-save"', '"format":"x"'), "not a Drako Desktop saved game"),
        (lambda t: t.replace('"cards":"', '"cards":"00'), "Aetherya Pocket made with other rules of it"),
        (lambda t: t.replace('"seed":42', '"seed":43'), "cannot be replayed"),
        (lambda t: t.replace('"first":1', '"first":7'), "the field “first” must be a whole number from 0 to 1, not 7"),
        (lambda t: t.replace('"kind":"human"', '"kind":"alien"'),
         'the field “seats[0].kind” must be one of "human"; "ai", not "alien"'),
        (lambda t: t.replace('"version":1', '"version":true'), "another version of the game (save format true,"),
        (lambda t: t.replace('"practice":false', '"practice":0'), "the field “practice” must be true or false, not 0"),
        (lambda t: t.replace('{"type":"draw"}', '{"type":"fly"}', 1), "cannot be replayed"),
        (lambda t: t.replace('"scores":[', '"scores":[100,', 1), "does not match"),
        (lambda t: json.dumps([1, 2]), "not a Drako Desktop saved game"),
        (lambda t: t.replace('"finished":false', '"turn_ended":"yes","finished":false'), "turn_ended"),
    ],
)
def test_damaged_saves_are_refused_whole(library, rules, damage, message):
    text = damage(save_text(rules, played(rules, 60)))
    with pytest.raises(saves.SaveError) as err:
        saves.decode(text, library)
    assert message in str(err.value)


def test_why_a_save_is_refused_is_said_in_the_language_of_the_moment_it_is_shown(library, rules):
    text = save_text(rules, played(rules, 60))
    with pytest.raises(saves.SaveError) as err:
        saves.decode(text.replace('"version":1', '"version":99'), library)
    i18n.set_language("zh-TW")
    assert str(err.value) == "由較新版本的遊戲儲存（存檔格式 99；這個版本讀取格式 1）"
    i18n.set_language("en")
    assert str(err.value) == "saved by a newer version of the game (save format 99; this version reads 1)"


def test_hand_edited_legal_but_different_action_is_caught_by_the_snapshot(library, rules):
    state = played(rules, 60)
    data = json.loads(save_text(rules, state))
    # Swap one take-discard for a draw (both legal there): the replay diverges from the snapshot.
    swaps = [i for i, a in enumerate(data["actions"]) if a == {"type": "take-discard"}]
    assert swaps
    data["actions"][swaps[-1]] = {"type": "draw"}
    with pytest.raises(saves.SaveError):
        saves.decode(json.dumps(data), library)


def test_bad_files_are_kept_aside_and_good_ones_listed_newest_first(aetherya, library, rules, home):
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    old, new = saves.start_game(SETUP), saves.start_game(SETUP)
    old = saves.SavedGame(old.game_id, SETUP, (), old.created, "2026-01-01T00:00:00Z", False, False)
    new = saves.SavedGame(new.game_id, SETUP, (), new.created, "2026-06-01T00:00:00Z", False, False)
    state = played(rules, 30)
    (folder / "old.json").write_text(saves.encode(old, state, aetherya))
    (folder / "new.json").write_text(saves.encode(new, state, aetherya))
    (folder / "broken.json").write_text('{"format": "drako-desktop-save", "vers')
    listing = saves.list_saves(library)
    assert [g.game_id for g in listing.games] == [new.game_id, old.game_id]
    assert len(listing.problems) == 1 and "broken.json" in str(listing.problems[0])
    assert not (folder / "broken.json").exists()
    kept = list(folder.glob("broken.json.broken-*"))
    assert len(kept) == 1 and kept[0].read_text().startswith('{"format"')
    latest, _ = saves.latest_unfinished(library)
    assert latest.game_id == new.game_id
    assert latest.summary(aetherya)["turn"] == state.turn


def test_autosaver_writes_every_position_and_files_finished_games(aetherya, library, rules):
    game = saves.start_game(SETUP)
    writer = saves.Autosaver(game, aetherya)
    rng = random.Random(3)
    state = GameState.new(rules, 2, SETUP.seed, SETUP.first)
    for _ in range(25):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        writer.save(state)
    writer.close()
    saved, again = saves.read(writer.path, library)
    assert saved.actions == tuple(state.history)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    writer = saves.Autosaver(saved, aetherya)
    writer.save(state)
    writer.close()
    assert not writer.path.exists()
    finished, _ = saves.read(saves.history_dir() / writer.path.name, library)
    assert finished.finished


def test_statistics_count_people_once_per_game(rules):
    setup = GameSetup((Seat("Ana"), Seat("Bot", COMPUTER, "hard"), Seat("Ben")), seed=1)
    stats = Statistics()
    assert stats.record_game("g1", setup, [10, 5, 10], [0, 2], practice=False)
    assert not stats.record_game("g1", setup, [10, 5, 10], [0, 2], practice=False)
    stats.record_game("g2", setup, [3, 8, 1], [1], practice=False)
    stats.record_game("g3", setup, [30, 8, 1], [0], practice=True)
    ana = stats.players_of("aetherya-pocket")["Ana"]
    assert (ana.games, ana.wins, ana.best, ana.average, ana.practice_games) == (2, 1, 10, 6.5, 1)
    assert ana.by_opponent == {"hard": [2, 1]}
    assert "Bot" not in stats.players_of("aetherya-pocket")
    people = Statistics()
    people.record_game("g4", GameSetup((Seat("Ana"), Seat("Ben")), seed=2), [1, 2], [1], practice=False)
    assert people.players_of("aetherya-pocket")["Ben"].by_opponent == {PEOPLE: [1, 1]}


def test_statistics_file_round_trip_and_broken_file(home):
    stats = Statistics()
    stats.record_game("g1", SETUP, [4, 2], [0], practice=False)
    stats.save()
    loaded, message = Statistics.load()
    assert message is None and loaded.players_of("aetherya-pocket")["Ana"].wins == 1
    path = home / "data" / "statistics.json"
    path.write_text('{"version": 1, "players": {"Ana": {"games": "many"}}, "recorded": []}')
    loaded, message = Statistics.load()
    (aside,) = (home / "data").glob("statistics.json.broken-*")
    assert loaded.games == {} and str(message) == (f"{path}: the field “players.Ana.games” must be a whole number "
                                                   "from 0 to 1000000000, not \"many\"; statistics start again (the "
                                                   f"old file was kept as {aside.name})")


def test_statistics_with_more_wins_than_games_against_a_level_are_set_aside(home):
    stats = Statistics()
    stats.record_game("g1", SETUP, [4, 2], [0], practice=False)
    data = stats.to_json()
    (level,) = data["games"]["aetherya-pocket"]["Ana"]["by_opponent"]
    data["games"]["aetherya-pocket"]["Ana"]["by_opponent"][level] = [1, 5]  # shown as a win rate of 500%
    path = home / "data" / "statistics.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    loaded, message = Statistics.load()
    assert loaded.games == {} and "not a statistics file of this game" in str(message)
    assert len(list((home / "data").glob("statistics.json.broken-*"))) == 1


def test_replay_tells_the_game_turn_by_turn(aetherya, library, rules):
    state = played(rules)
    game, _ = saves.decode(save_text(rules, state), library)
    result = replay_game(aetherya, game)
    assert result["finished"] and result["winners"] == state.winners()
    assert [r["total"] for r in result["final"]] == [b.total for b in state.scores()]
    assert result["turns"][-1]["turn"] == state.turn
    assert result["turns"][-1]["scores"] == [b.total for b in state.scores()]
    text = format_replay(result)
    assert "Ana" in text and "Final scores:" in text and "Winner:" in text
    assert any("arranged their starting cards" in e for e in result["turns"][0]["events"])
