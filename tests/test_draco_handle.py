"""Draco Mundis through its handle: the notation (section 7), game records, events and their words, views."""

from __future__ import annotations

import json
import random

import pytest

from drako_desktop import i18n
from drako_desktop.games.draco_mundis import View
from drako_desktop.games.draco_mundis.engine import GameState
from drako_desktop.games.draco_mundis.events import Event
from drako_desktop.interface import registry
from drako_desktop.interface.game import ActionFormatError
from drako_desktop.interface.registry import Library
from drako_desktop.records import RecordError, replay_record
from test_draco_support import FILLER, GAME, act, build, play_random

LIBRARY = Library()

# -- the handle -----------------------------------------------------------------------------------


def test_the_registry_loads_the_handle():
    game = registry.load("draco-mundis")
    assert game.id == "draco-mundis" and game.name == "Draco Mundis" and not game.seeded


def test_new_states_ignore_the_seed_and_check_their_arguments():
    a, b = GAME.new_state(3, 1, 2, ["fast_setup"]), GAME.new_state(3, 999, 2, ["fast_setup"])
    assert a.legal_actions() == b.legal_actions() and a.current == 2 and a.variants == {"fast_setup"}
    for players, first, variants in ((1, 0, ()), (5, 0, ()), (2, 2, ()), (2, 0, ("speedy",))):
        with pytest.raises(ValueError):
            GAME.new_state(players, 0, first, variants)
    with pytest.raises(ValueError, match="grandmaster"):
        GAME.make_agent("grandmaster", 1)


def test_result_has_the_score_lines_totals_and_winners():
    s = play_random(2, 0, (), 3)
    result = GAME.result(s)
    assert set(result) == {"scores", "winners", "ended"} and len(result["scores"]) == 2
    assert result["ended"] == s.ended and s.ended in ("last-reveal", "stall")
    for entry, b in zip(result["scores"], s.scores()):
        assert entry == {"categories": b.as_dict(), "total": b.total}
        assert list(entry["categories"]) == [line.id for line in GAME.data.lines]
    assert result["winners"] == s.winners()
    json.dumps(result)


# -- the notation ---------------------------------------------------------------------------------

NOTATION = [
    {"type": "place", "token": "explorer", "at": [3, 7], "facing": "N"},
    {"type": "place", "token": "tiger", "at": [0, 0]},
    {"type": "place", "token": "trap", "at": [7, 11]},
    {"type": "peek", "at": [2, 9]},
    {"type": "move", "from": [4, 8], "to": [2, 8]},
    {"type": "reveal", "at": [5, 10], "facing": "W"},
    {"type": "fight", "at": [3, 8]},
    {"type": "rotate", "at": [3, 8], "facing": "S"},
    {"type": "capture", "from": [4, 6], "to": [4, 8]},
    {"type": "destroy", "at": [6, 6]},
    {"type": "push", "by": [4, 8], "at": [3, 8]},
    {"type": "sacrifice", "at": [1, 1]},
    {"type": "reveal-any", "at": [0, 11], "facing": "E"},
    {"type": "pass"},
    {"type": "select", "token": "dragon"},
]


@pytest.mark.parametrize("obj", NOTATION, ids=lambda o: str(o["type"]))
def test_every_action_round_trips_through_its_json(obj):
    action = GAME.action_from_json(obj)
    assert action.to_json() == obj
    assert GAME.action_from_json(json.loads(json.dumps(obj))) is action  # interned


@pytest.mark.parametrize("obj, message", [
    ("pass", "an action must be a JSON object"),
    ({"type": "jump"}, "unknown action type 'jump'"),
    ({"kind": "pass"}, "unknown action type None"),
    ({"type": "pass", "at": [0, 0]}, "pass: needs exactly no other field (unexpected at)"),
    ({"type": "peek"}, "peek: needs exactly ['at'] (missing at)"),
    ({"type": "move", "from": [1, 1], "to": [1, 2], "facing": "N"}, "(unexpected facing)"),
    ({"type": "peek", "at": "3,7"}, "peek: at must be a square [row, col]"),
    ({"type": "peek", "at": [3]}, "peek: at must be a square"),
    ({"type": "peek", "at": [3, 7, 1]}, "peek: at must be a square"),
    ({"type": "peek", "at": [8, 0]}, "row 0-7 and col 0-11, not [8, 0]"),
    ({"type": "peek", "at": [0, 12]}, "not [0, 12]"),
    ({"type": "peek", "at": [-1, 0]}, "not [-1, 0]"),
    ({"type": "peek", "at": [True, 0]}, "not [True, 0]"),
    ({"type": "peek", "at": [1.0, 0]}, "not [1.0, 0]"),
    ({"type": "rotate", "at": [1, 1], "facing": "NE"}, "rotate: facing must be one of"),
    ({"type": "reveal", "at": [1, 1], "facing": 0}, "reveal: facing must be one of"),
    ({"type": "reveal-any", "at": [1, 1]}, "(missing facing)"),
    ({"type": "place", "token": "wizard", "at": [1, 1]}, "place: unknown token kind 'wizard'"),
    ({"type": "place", "token": "explorer", "at": [1, 1]}, "(missing facing)"),
    ({"type": "place", "token": "dragon", "at": [1, 1], "facing": "N"}, "(unexpected facing)"),
    ({"type": "select", "token": 3}, "select: unknown token kind 3"),
    ({"type": "push", "by": [1, 1]}, "(missing at)"),
])
def test_malformed_actions_are_refused_with_a_clear_message(obj, message):
    with pytest.raises(ActionFormatError) as caught:
        GAME.action_from_json(obj)
    assert message in str(caught.value)


# -- records --------------------------------------------------------------------------------------


def test_a_record_is_the_notation_only_and_replays():
    s = play_random(3, 2, ("fast_setup", "dragon_trap"), 11)
    record = GAME.record(s)
    assert list(record) == ["game", "players", "first", "variants", "actions", "scores", "winners"]
    assert (record["game"], record["players"], record["first"]) == ("draco-mundis", 3, 2)
    assert record["variants"] == {"fast_setup": True, "sherpa_sacrifice": False, "dragon_trap": True}
    assert all(a["type"] != "select" for a in record["actions"]) and len(record["actions"]) < len(s.history)
    assert record["scores"] == [b.total for b in s.scores()] and record["winners"] == s.winners()
    _, again = replay_record(LIBRARY, json.loads(json.dumps(record)))
    assert again.is_terminal() and again.scores() == s.scores()


def test_a_record_of_the_worked_example_b_replays_by_hand():
    s = GAME.new_state(2, 0, 0)
    record = GAME.record(s)
    assert record["actions"] == [] and record["scores"] == [0, 0] and record["winners"] == [0, 1]


def bad_record(**changes: object) -> dict[str, object]:
    record = GAME.record(play_random(2, 0, (), 4))
    record.update(changes)
    return {k: v for k, v in record.items() if v is not None}


@pytest.mark.parametrize("changes, message, index", [
    ({"game": "chess"}, "\"game\" must be one of aetherya-pocket, draco-mundis, not 'chess'", -1),
    ({"players": 5}, "\"players\" must be 2-4, not 5", -1),
    ({"players": True}, "\"players\" must be 2-4, not True", -1),
    ({"first": 2}, "\"first\" must be a seat 0-1, not 2", -1),
    ({"variants": {"fast_setup": False}}, "\"variants\" must be {\"fast_setup\": true|false, ", -1),
    ({"variants": {"fast_setup": 0, "sherpa_sacrifice": False, "dragon_trap": False}}, "\"variants\" must be", -1),
    ({"actions": "all of them"}, "\"actions\" must be a list of at most 20000 actions", -1),
    ({"actions": [{"type": "pass"}] * 20_001}, "at most 20000", -1),
    ({"actions": [{"type": "place", "token": "dragon", "at": [0, 6]}, {"type": "pass"}]},
     "action 1 ({\"type\":\"pass\"}) is illegal: during setup, place your tokens first", 1),
    ({"actions": [{"type": "place", "token": "dragon", "at": [0, 0]}]}, "action 0 ", 0),
    ({"actions": [{"type": "fly"}]}, "action 0: unknown action type 'fly'", 0),
    ({"scores": [99, 0]}, "the record's scores [99,0] differ from the replay's", -1),
    ({"moves": []}, "unknown moves", -1),
    ({"first": None}, "missing first", -1),
])
def test_bad_records_name_the_problem_and_the_first_bad_action(changes, message, index):
    with pytest.raises(RecordError) as caught:
        replay_record(LIBRARY, bad_record(**changes))
    assert message in str(caught.value) and caught.value.index == index
    with pytest.raises(RecordError):
        replay_record(LIBRARY, [])


# -- events and their words -------------------------------------------------------------------------


NAMES = ["Ann", "Bo", "Cy"]


def words(events: list[Event], viewer: int | None = None) -> list[str]:
    out = []
    for event in events:
        seen = event.for_viewer(viewer)
        if seen is not None:
            line = GAME.describe(seen, NAMES)
            assert line
            out.append(line)
    return out


def test_a_fight_is_told_with_both_totals():
    s = build({(3, 7): "0 explorer N", (2, 8): "0 sherpa N", (3, 8): "1 mountain + 1 hunter N", **FILLER})
    assert words(act(s, {"type": "fight", "at": [3, 8]})) == [
        ("Ann's sherpa and explorer fought Bo's hunter: 3 against 4, Bo wins; Ann's sherpa and explorer are "
        "eliminated.")]
    s = build({(5, 9): "0 dragon N", (5, 10): "1 ?cannibal", **FILLER})
    assert words(act(s, {"type": "reveal", "at": [5, 10], "facing": "W"})) == [
        "Ann revealed Bo's cannibal on [5, 10].", ("Ann's dragon fought Bo's cannibal: 4 against 3, Ann wins; "
        "Bo's cannibal is eliminated.")]
    s = build({(4, 8): "1 explorer E", (3, 9): "1 journalist S", (4, 9): "0 hunter W", **FILLER}, current=1)
    assert words(act(s, {"type": "fight", "at": [4, 9]})) == [
        "Bo's journalist and explorer fought Ann's hunter: 3 against 3, a tie: nothing happens."]


def test_a_pass_tells_how_many_actions_it_left_unused():
    # "Ann ended the turn." said the same of a pass as of a turn whose actions were spent.
    s = build({(4, 6): "0 cannibal E", (4, 8): "1 explorer S", (3, 11): "1 ?jungle"})
    assert words(act(s, {"type": "pass"})) == ["Ann ended the turn early, leaving 2 actions unused.", "Turn 2: Bo."]


def test_a_freed_prisoner_a_capture_and_the_end_are_told():
    s = build({(4, 6): "0 cannibal E", (4, 8): "1 explorer S", (5, 8): "1 dragon N", (3, 11): "1 ?jungle"})
    assert words(act(s, {"type": "capture", "from": [4, 6], "to": [4, 8]})) == [
        "Ann's cannibal captured Bo's explorer on [4, 8]."]
    assert words(act(s, {"type": "pass"})) == ["Ann ended the turn early, leaving one action unused.", "Turn 2: Bo."]
    assert words(act(s, {"type": "fight", "at": [4, 8]}))[0].endswith(
        "Ann's cannibal is eliminated. Bo's explorer is set free on [4, 8].")
    assert words(act(s, {"type": "reveal-any", "at": [3, 11], "facing": "N"}))[-1] == (
        "No face-down token is left: the game ends.")


def test_private_details_reach_only_their_seat():
    s = GAME.new_state(2, 0, 0)
    select = act(s, {"type": "select", "token": "dragon"})
    assert words(select, 0) == ["Ann chose their dragon to place."] and words(select, 1) == words(select, None) == []
    place = act(s, {"type": "place", "token": "dragon", "at": [2, 7]})
    assert words(place, 0) == ["Ann placed their dragon face down on [2, 7]."]
    assert words(place, 1) == ["Ann placed a token face down on [2, 7]."]
    assert words(act(s, {"type": "place", "token": "explorer", "at": [2, 8], "facing": "W"}), None) == [
        "Bo placed their explorer on [2, 8], facing west."]
    s = build({(4, 8): "0 explorer N", (3, 8): "1 ?dragon", **FILLER})
    peek = act(s, {"type": "peek", "at": [3, 8]})
    assert words(peek, 0) == ["Ann peeked at Bo's token on [3, 8]: dragon."]
    assert words(peek, 1) == ["Ann peeked at Bo's token on [3, 8]."] and peek[0].reveals


def test_the_person_called_you_owns_your_tokens_not_yous():
    """A one-person game's person is called "You": the log says "your sherpa", never "You's sherpa", and a
    line starting with it starts with a capital."""
    you = [i18n.tr("new_game.default_you"), "Bo"]

    def told(events: list[Event]) -> list[str]:
        return [GAME.describe(seen, you) for seen in (e.for_viewer(None) for e in events) if seen is not None]

    s = build({(3, 7): "1 explorer E", (3, 8): "0 ?sherpa", **FILLER}, current=1, actions_left=3)
    assert told(act(s, {"type": "peek", "at": [3, 8]})) == ["Bo peeked at your token on [3, 8]."]
    assert told(act(s, {"type": "reveal", "at": [3, 8], "facing": "N"})) == [
        "Bo revealed your sherpa on [3, 8].",
        "Bo's explorer fought your sherpa: 2 against 1, Bo wins; your sherpa is eliminated."]
    s = build({(4, 6): "0 cannibal E", (4, 8): "1 explorer S", (3, 8): "1 ?dragon", **FILLER})
    assert told(act(s, {"type": "capture", "from": [4, 6], "to": [4, 8]})) == [
        "Your cannibal captured Bo's explorer on [4, 8]."]
    s = build({(4, 8): "0 explorer N", (3, 8): "0 ?dragon", (4, 9): "1 ?jungle", **FILLER}, actions_left=3)
    assert told(act(s, {"type": "reveal", "at": [3, 8], "facing": "N"})) == ["You revealed your dragon on [3, 8]."]
    s = GAME.new_state(2, 0, 0)
    act(s, {"type": "select", "token": "dragon"})
    place = act(s, {"type": "place", "token": "dragon", "at": [2, 7]})
    assert [GAME.describe(e.for_viewer(0), you) for e in place] == ["You placed your dragon face down on [2, 7]."]
    # a seat's own token in a line about that seat is "their", not the seat's name again
    s = build({(4, 8): "1 explorer N", (3, 8): "1 ?jungle", **FILLER}, current=1)
    assert words(act(s, {"type": "reveal", "at": [3, 8], "facing": "N"})) == ["Bo revealed their jungle on [3, 8]."]
    try:
        i18n.set_language("zh-TW")
        you = [i18n.tr("new_game.default_you"), "Bo"]
        s = build({(3, 7): "1 explorer E", (3, 8): "0 ?sherpa", **FILLER}, current=1)
        assert told(act(s, {"type": "peek", "at": [3, 8]})) == ["Bo偷看了 [3, 8] 上你的圖塊。"]
    finally:
        i18n.set_language("en")


def test_two_of_a_kind_in_a_fight_are_told_once_and_counted():
    s = build({(3, 7): "1 explorer E", (3, 9): "1 explorer W", (3, 8): "0 ?sherpa", **FILLER}, current=1)
    assert words(act(s, {"type": "reveal", "at": [3, 8], "facing": "N"})) == [
        "Bo revealed Ann's sherpa on [3, 8].",
        "Bo's explorer ×2 fought Ann's sherpa: 4 against 1, Bo wins; Ann's sherpa is eliminated."]


def test_the_log_speaks_traditional_chinese():
    s = build({(5, 9): "0 dragon N", (5, 10): "1 ?cannibal", **FILLER})
    events = act(s, {"type": "reveal", "at": [5, 10], "facing": "W"})
    try:
        i18n.set_language("zh-TW")
        assert words(events) == ["Ann翻開了 [5, 10] 的Bo的食人族。",
                                 "Ann的龍攻擊Bo的食人族：4 對 3，Ann獲勝；Bo的食人族被淘汰。"]
    finally:
        i18n.set_language("en")


def test_every_event_kind_of_a_random_game_is_told_in_both_languages():
    kinds = set()
    for seed in range(3):
        s = GAME.new_state(4, 0, 0, ["dragon_trap", "sherpa_sacrifice"])
        rng = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            for event in s.apply(legal[rng.randrange(len(legal))]):
                kinds.add(event.kind)
                for language in ("en", "zh-TW"):
                    i18n.set_language(language)
                    for viewer in (None, 0, event.seat):
                        seen = event.for_viewer(viewer)
                        if seen is not None:
                            line = GAME.describe(seen, [*NAMES, "Di"])
                            assert line and "[draco_mundis" not in line
        i18n.set_language("en")
    assert {"select", "place", "turn", "move", "reveal", "fight", "rotate", "pass", "end"} <= kinds


# -- views -------------------------------------------------------------------------------------------


def test_views_round_trip_through_json_and_hold_only_the_seats_knowledge():
    s = GAME.new_state(2, 0, 0, ["dragon_trap"])
    act(s, {"type": "place", "token": "hunter", "at": [0, 6]})
    act(s, {"type": "select", "token": "cannibal"})
    own, other, public = s.view(1), s.view(0), s.view(None)
    assert own.supply_left == (19, 20) and own.selected == "cannibal" and other.selected is None
    assert dict(own.supply)["cannibal"] == 1 and "hunter" not in dict(other.supply)
    assert [spot.down_kind for spot in other.squares] == ["hunter"] and own.squares[0].down_kind is None
    assert public.supply == () and own.decision == "place"
    for view in (own, other, public):
        assert GAME.view_from_json(json.loads(json.dumps(view.to_json()))) == view
    assert isinstance(View.from_json(own.to_json()), View)


def test_a_state_from_a_view_refuses_assignments_that_do_not_fit():
    s = build({(4, 8): "0 explorer N", (3, 8): "1 ?dragon", **FILLER})
    view = s.view(0)
    with pytest.raises(ValueError, match="no kind given"):
        GameState.from_view(GAME.rules, view, {})
    with pytest.raises(ValueError, match="unknown token kind"):
        GAME.state_from_view(view, {(3, 8): "wizard", (0, 11): "swamp", (7, 11): "swamp"})
    with pytest.raises(ValueError, match="not all accounted for"):  # a position in play holds every token
        GAME.state_from_view(view, {(3, 8): "dragon", (0, 11): "swamp", (7, 11): "swamp"})
    view_json = GAME.new_state(2, 0, 0).view(0).to_json()
    view_json["squares"] = [{"at": [r, 6], "down": 0, "peeked_by": []} for r in range(2)]
    with pytest.raises(ValueError, match="more tokens of kind campsite"):
        GAME.state_from_view(View.from_json(view_json), {(0, 6): "campsite", (1, 6): "campsite"})


def test_a_state_from_another_seats_view_during_a_placement_needs_the_selected_kind():
    s = GAME.new_state(2, 0, 0)
    act(s, {"type": "place", "token": "dragon", "at": [0, 6]})
    act(s, {"type": "select", "token": "biplane"})
    view = s.view(0)
    with pytest.raises(ValueError, match="say which kind it selected"):
        GAME.state_from_view(view, {(0, 6): "dragon"})
    copy = GAME.state_from_view(view, {(0, 6): "dragon"}, selected="biplane")
    assert copy.legal_actions() == s.legal_actions() and copy.view(1) == s.view(1)
    own = GAME.state_from_view(s.view(1), {(0, 6): "jungle"})
    assert own.view(1) == s.view(1) and own.supply[0][GAME.rules.kind_index["jungle"]] == 1


# -- hints in words ----------------------------------------------------------------------------------


def test_a_hint_says_why_from_what_the_seat_knows():
    fight_a = build({(3, 7): "0 explorer N", (2, 8): "0 sherpa N", (3, 8): "1 mountain + 1 hunter N", **FILLER})
    view = fight_a.view(0)
    fight = GAME.action_from_json({"type": "fight", "at": [3, 8]})
    assert GAME.hint_reason(view, fight).startswith("Loses the fight 3 to 4")
    example_b = build({(5, 9): "0 dragon N", (5, 10): "1 ?cannibal", **FILLER})
    reveal = GAME.action_from_json({"type": "reveal", "at": [5, 10], "facing": "W"})
    assert GAME.hint_reason(example_b.view(0), reveal).startswith("Reveals the token on [5, 10]")  # unknown yet
    act(example_b, {"type": "peek", "at": [5, 10]})
    known = example_b.view(0)
    assert GAME.hint_reason(known, reveal) == "Wins the fight 4 to 3: the cannibal becomes your trophy."
    rotate = GAME.action_from_json({"type": "rotate", "at": [5, 9], "facing": "E"})
    assert GAME.missed(known, rotate, reveal) == ["fight"] and GAME.missed(known, reveal, rotate) == []
    i18n.set_language("zh-TW")
    assert GAME.hint_reason(known, reveal).startswith("以 4 比 3 贏得戰鬥")
