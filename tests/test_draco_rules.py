"""Draco Mundis rule by rule, on hand-built positions (rule book sections 1-5 and the worked examples of 8)."""

from __future__ import annotations

import pytest

from drako_desktop.games.draco_mundis.actions import Place, square
from drako_desktop.games.draco_mundis.engine import GameState
from drako_desktop.interface.game import IllegalActionError
from test_draco_support import FILLER, GAME, RULES, act, build, legal_json


def moves_from(s: GameState, r: int, c: int) -> set[tuple[int, int]]:
    return {tuple(a["to"]) for a in legal_json(s, "move") if a["from"] == [r, c]}  # type: ignore[misc]


def problem(s: GameState, obj: dict[str, object]) -> IllegalActionError:
    error = s.why_illegal(GAME.action_from_json(obj))
    assert error is not None, f"{obj} is legal"
    with pytest.raises(IllegalActionError):
        s.apply(GAME.action_from_json(obj))
    return error


def score(s: GameState, seat: int) -> dict[str, int]:
    return s.breakdown(seat).as_dict()


# -- 1. board --------------------------------------------------------------------------------


@pytest.mark.parametrize("players, first_column, squares", [(2, 6, 48), (3, 3, 72), (4, 0, 96)])
def test_the_rightmost_columns_are_in_use(players, first_column, squares):
    geometry = RULES.geometry[players]
    assert len(geometry.squares) == squares
    assert {sq % 12 for sq in geometry.squares} == set(range(first_column, 12))
    s = GAME.new_state(players, 0, 0)
    assert len(s.legal_actions()) == 13  # one select per kind (no trap without its variant)
    act(s, {"type": "select", "token": "sherpa"})
    assert len(s.legal_actions()) == squares
    if first_column:
        assert problem(s, {"type": "place", "token": "sherpa", "at": [0, first_column - 1]}).code == "out-of-board"


def test_unused_columns_do_not_exist_for_moves():
    s = build({(4, 6): "0 explorer W", (4, 7): "0 explorer N", **FILLER})
    assert moves_from(s, 4, 6) == {(3, 6), (5, 6)}
    assert problem(s, {"type": "move", "from": [4, 6], "to": [4, 5]}).code == "out-of-board"
    three = build({(4, 6): "0 explorer W", **FILLER}, players=3)
    assert moves_from(three, 4, 6) == {(4, 5), (4, 4), (3, 6), (5, 6), (4, 7)}


def test_board_edges_end_moves():
    s = build({(0, 6): "0 hunter N", **FILLER})
    assert moves_from(s, 0, 6) == {(0, 7), (0, 8), (1, 6)}  # forward off the board, left off, right 2, back 1


# -- 1.1 characters: arrows relative to the facing ------------------------------------------------


@pytest.mark.parametrize("facing, expected", [
    ("N", {(3, 8), (2, 8), (4, 7), (4, 9), (5, 8)}),
    ("E", {(4, 9), (4, 10), (3, 8), (5, 8), (4, 7)}),
    ("S", {(5, 8), (6, 8), (4, 9), (4, 7), (3, 8)}),
    ("W", {(4, 7), (4, 6), (5, 8), (3, 8), (4, 9)}),
])
def test_the_explorer_moves_along_its_arrows(facing, expected):
    s = build({(4, 8): f"0 explorer {facing}", **FILLER})
    assert moves_from(s, 4, 8) == expected


def test_the_hunter_and_the_biplane_move_far():
    s = build({(4, 8): "0 hunter E", (7, 6): "0 biplane N", **FILLER})
    assert moves_from(s, 4, 8) == {(4, 9), (4, 10), (4, 11), (3, 8), (2, 8), (5, 8), (6, 8), (4, 7)}
    assert moves_from(s, 7, 6) == {(6, 6), (5, 6), (4, 6), (3, 6), (7, 7), (7, 8)}


def test_the_dragon_cannot_move_back():
    s = build({(4, 8): "0 dragon N", **FILLER})
    assert moves_from(s, 4, 8) == {(3, 8), (4, 7), (4, 9)}
    error = problem(s, {"type": "move", "from": [4, 8], "to": [5, 8]})
    assert (error.code, str(error)) == ("no-arrow", "the dragon cannot move back")
    assert problem(s, {"type": "move", "from": [4, 8], "to": [2, 8]}).code == "too-far"
    assert problem(s, {"type": "move", "from": [4, 8], "to": [3, 9]}).code == "not-straight"


def test_a_move_keeps_the_facing():
    s = build({(4, 8): "0 explorer E", **FILLER})
    events = act(s, {"type": "move", "from": [4, 8], "to": [4, 10]})
    assert s.face[square(4, 10)] == 1 and events[0].facing == "E"
    assert s.actions_left == 1


def test_only_your_own_face_up_characters_act():
    s = build({(4, 8): "1 explorer N", (4, 9): "0 ?explorer", **FILLER})
    assert problem(s, {"type": "move", "from": [4, 8], "to": [3, 8]}).code == "not-yours"
    assert problem(s, {"type": "move", "from": [4, 9], "to": [3, 9]}).code == "no-character"


# -- 1.2 lands and the movement Ruling --------------------------------------------------------------


def test_face_down_tokens_and_characters_block():
    s = build({(4, 8): "0 explorer N", (3, 8): "1 ?sherpa", (4, 9): "1 sherpa N", **FILLER})
    assert moves_from(s, 4, 8) == {(4, 7), (5, 8)}
    assert problem(s, {"type": "move", "from": [4, 8], "to": [2, 8]}).code == "blocked"
    assert problem(s, {"type": "move", "from": [4, 8], "to": [3, 8]}).code == "occupied"


def test_a_character_stops_on_a_land_it_enters():
    s = build({(4, 8): "0 explorer N", (3, 8): "1 jungle", **FILLER})
    assert moves_from(s, 4, 8) == {(3, 8), (4, 7), (4, 9), (5, 8)}
    assert problem(s, {"type": "move", "from": [4, 8], "to": [2, 8]}).code == "blocked"
    act(s, {"type": "move", "from": [4, 8], "to": [3, 8]})
    assert s.land[square(3, 8)] >= 0 and s.char[square(3, 8)] >= 0


def test_a_land_with_a_character_cannot_be_entered():
    s = build({(4, 8): "0 explorer N", (3, 8): "1 jungle + 1 sherpa S", **FILLER})
    assert (3, 8) not in moves_from(s, 4, 8)


def test_the_biplane_flies_over_anything_but_must_land_on_a_square_it_may_enter():
    s = build({(7, 8): "0 biplane N", (6, 8): "1 ?dragon", (5, 8): "1 sherpa S", (4, 8): "1 tiger",
               (3, 8): "1 jungle", (7, 9): "1 trap", **FILLER}, variants=("dragon_trap",))
    assert moves_from(s, 7, 8) == {(3, 8), (7, 7), (7, 6), (7, 10)}
    assert problem(s, {"type": "move", "from": [7, 8], "to": [4, 8]}).code == "cannot-enter"
    assert problem(s, {"type": "move", "from": [7, 8], "to": [5, 8]}).code == "occupied"
    assert problem(s, {"type": "move", "from": [7, 8], "to": [7, 9]}).code == "cannot-enter"


@pytest.mark.parametrize("mover, land, allowed", [
    ("0 journalist N", "1 campsite", True),
    ("0 journalist N", "0 campsite", True),
    ("0 hunter N", "0 campsite", True),
    ("0 hunter N", "1 campsite", False),
    ("0 explorer N", "0 campsite", False),
    ("0 explorer N", "1 tiger", False),
    ("0 explorer N", "0 tiger", False),
    ("0 ss307 N", "1 mountain", False),
    ("0 dragon N", "1 mountain", True),
    ("0 ss307 N", "1 swamp", True),
])
def test_who_may_enter_which_land(mover, land, allowed):
    s = build({(4, 8): mover, (3, 8): land, **FILLER})
    assert ((3, 8) in moves_from(s, 4, 8)) == allowed
    if not allowed:
        assert problem(s, {"type": "move", "from": [4, 8], "to": [3, 8]}).code == "cannot-enter"


def test_nobody_enters_the_traps_square_even_on_a_land():
    s = build({(4, 8): "0 explorer N", (3, 8): "1 jungle + 1 trap", **FILLER}, variants=("dragon_trap",))
    assert (3, 8) not in moves_from(s, 4, 8)
    assert str(problem(s, {"type": "move", "from": [4, 8], "to": [3, 8]})) == "nobody may enter the trap's square"


# -- 2. setup ------------------------------------------------------------------------------------


def place_all(s: GameState) -> list[int]:
    """Place every token (first legal square and facing); the seats of the placements in order."""
    seats = []
    while s.decision() in ("select", "place"):
        seat = s.current
        if s.decision() == "select":
            act(s, s.legal_actions()[0].to_json())
        act(s, s.legal_actions()[0].to_json())
        seats.append(seat)
    return seats


def test_setup_goes_round_in_seat_order_one_token_each():
    s = GAME.new_state(3, 0, 1)
    assert s.turn == 0 and s.decision() == "select"
    seats = place_all(s)
    assert seats == [1, 2, 0] * 19
    assert (s.turn, s.current, s.decision(), s.actions_left, s.stall) == (1, 1, "act", 2, 0)
    assert len(s.down_squares) == 3 * 17 and all(len(c) == 2 for c in s.chars_of)


def test_fast_setup_places_two_and_the_last_placement_turn_one():
    s = GAME.new_state(2, 0, 0, ["fast_setup", "dragon_trap"])
    seats = place_all(s)
    assert seats == [0, 0, 1, 1] * 10
    s = GAME.new_state(2, 0, 1, ["fast_setup"])
    assert place_all(s) == [1, 1, 0, 0] * 9 + [1, 0]


def test_a_placement_is_select_then_place():
    s = GAME.new_state(2, 0, 0)
    assert [a["token"] for a in legal_json(s)] == [
        "explorer", "journalist", "hunter", "sherpa", "dragon", "cannibal", "biplane", "ss307", "campsite",
        "mountain", "jungle", "swamp", "tiger"]
    events = act(s, {"type": "select", "token": "explorer"})
    assert s.decision() == "place" and len(s.legal_actions()) == 48 * 4
    assert events[0].for_viewer(1) is None and events[0].for_viewer(0) is events[0]
    assert problem(s, {"type": "place", "token": "dragon", "at": [0, 6]}).code == "not-selected"
    act(s, {"type": "place", "token": "explorer", "at": [0, 6], "facing": "S"})
    assert s.face[square(0, 6)] == 2 and s.chars_of[0] == [square(0, 6)]
    # A place is also accepted with nothing selected (records have no selects).
    act(s, {"type": "place", "token": "dragon", "at": [0, 7]})
    assert s.down[square(0, 7)] >= 0 and s.current == 0
    assert problem(s, {"type": "place", "token": "dragon", "at": [0, 7]}).code == "occupied"


def test_only_explorers_are_placed_face_up_and_the_trap_only_with_its_variant():
    s = GAME.new_state(2, 0, 0)
    no_facing = s.why_illegal(Place("explorer", square(0, 6)))
    assert no_facing is not None and no_facing.code == "facing-needed"
    facing = s.why_illegal(Place("dragon", square(0, 6), 2))
    assert facing is not None and facing.code == "no-facing"
    assert problem(s, {"type": "select", "token": "trap"}).code == "none-left"
    trapped = GAME.new_state(2, 0, 0, ["dragon_trap"])
    assert "trap" in [a["token"] for a in legal_json(trapped)]
    assert sum(trapped.supply[0]) == 20 and sum(s.supply[0]) == 19
    assert problem(s, {"type": "move", "from": [0, 6], "to": [0, 7]}).code == "setup"


# -- 3. turns ------------------------------------------------------------------------------------


def test_two_actions_then_the_next_player():
    s = build({(4, 8): "0 explorer N", (2, 10): "1 explorer N", **FILLER})
    act(s, {"type": "rotate", "at": [4, 8], "facing": "E"})
    assert (s.current, s.actions_left) == (0, 1)
    events = act(s, {"type": "rotate", "at": [4, 8], "facing": "S"})
    assert (s.current, s.actions_left, s.turn) == (1, 2, 2)
    assert events[-1].kind == "turn" and events[-1].seat == 1 and events[-1].number == 2
    events = act(s, {"type": "pass"})
    assert [e.kind for e in events] == ["pass", "turn"] and s.current == 0


def test_rotate_to_another_facing_only():
    s = build({(4, 8): "0 explorer N", **FILLER})
    assert sorted(a["facing"] for a in legal_json(s, "rotate")) == ["E", "S", "W"]
    assert problem(s, {"type": "rotate", "at": [4, 8], "facing": "N"}).code == "same-facing"


def test_peek_adjacent_unknown_tokens_only_and_remember():
    s = build({(4, 8): "0 explorer N", (3, 8): "1 ?dragon", (4, 9): "0 ?jungle", (1, 8): "1 ?hunter", **FILLER})
    assert legal_json(s, "peek") == [{"type": "peek", "at": [3, 8]}]
    assert problem(s, {"type": "peek", "at": [4, 9]}).code == "already-known"
    assert problem(s, {"type": "peek", "at": [1, 8]}).code == "not-adjacent"
    events = act(s, {"type": "peek", "at": [3, 8]})
    assert events[0].token == "dragon" and events[0].reveals
    assert events[0].for_viewer(1).token is None and events[0].for_viewer(None).token is None
    assert s.knows(0, square(3, 8)) and not s.knows(1, square(4, 9))
    assert problem(s, {"type": "peek", "at": [3, 8]}).code == "already-known"
    assert legal_json(s, "peek") == []


def test_reveal_with_a_facing_and_no_fight_for_own_tokens_lands_and_the_journalist():
    s = build({(4, 8): "0 explorer N", (3, 8): "1 ?journalist", (4, 9): "0 ?hunter", (5, 8): "1 ?swamp", **FILLER},
              actions_left=3)
    assert len(legal_json(s, "reveal")) == 3 * 4
    events = act(s, {"type": "reveal", "at": [3, 8], "facing": "W"})
    assert [e.kind for e in events] == ["reveal"] and events[0].token == "journalist" and events[0].facing == "W"
    assert s.face[square(3, 8)] == 3 and s.char[square(3, 8)] >= 0
    events = act(s, {"type": "reveal", "at": [4, 9], "facing": "S"})
    assert [e.kind for e in events if e.kind in ("reveal", "fight")] == ["reveal"]
    events = act(s, {"type": "reveal", "at": [5, 8], "facing": "E"})
    assert events[0].token == "swamp" and events[0].facing is None and s.land[square(5, 8)] >= 0


def test_worked_example_b_reveal_into_a_fight():
    s = build({(5, 9): "0 dragon N", (5, 10): "1 ?cannibal", **FILLER})
    events = act(s, {"type": "reveal", "at": [5, 10], "facing": "W"})
    fight = events[1]
    assert fight.kind == "fight" and (fight.attack, fight.defence, fight.outcome) == (4, 3, "win")
    assert [(f.kind, f.strength) for f in fight.attackers] == [("dragon", 4)]
    assert [p.kind for p in fight.eliminated] == ["cannibal"]
    assert s.char[square(5, 10)] < 0 and s.char[square(5, 9)] >= 0  # winners do not move
    assert score(s, 0)["characters_eliminated"] == 1


def test_a_revealed_enemy_is_fought_by_every_adjacent_character_of_the_revealer():
    s = build({(4, 8): "0 journalist E", (4, 10): "0 explorer W", (3, 9): "0 sherpa S", (4, 9): "1 ?hunter",
               **FILLER})
    fight = act(s, {"type": "reveal", "at": [4, 9], "facing": "N"})[1]
    assert sorted(f.kind for f in fight.attackers) == ["explorer", "journalist", "sherpa"]
    assert (fight.attack, fight.defence, fight.outcome) == (4, 3, "win")


def test_the_journalist_may_be_the_only_attacker_when_she_reveals():
    s = build({(4, 8): "0 journalist E", (4, 9): "1 ?sherpa", **FILLER})
    fight = act(s, {"type": "reveal", "at": [4, 9], "facing": "N"})[1]
    assert (fight.attack, fight.defence, fight.outcome) == (1, 1, "tie")


# -- 4. fights -----------------------------------------------------------------------------------


def test_worked_example_a_fight_with_support():
    s = build({(3, 7): "0 explorer N", (2, 8): "0 sherpa N", (3, 8): "1 mountain + 1 hunter N", **FILLER})
    fight = act(s, {"type": "fight", "at": [3, 8]})[0]
    assert (fight.attack, fight.defence, fight.outcome) == (3, 4, "loss")
    assert sorted(p.kind for p in fight.eliminated) == ["explorer", "sherpa"]
    assert s.chars_of[0] == [] and score(s, 1)["characters_eliminated"] == 2


def test_worked_example_c_journalist():
    s = build({(4, 8): "1 explorer N", (3, 8): "0 ?journalist", (4, 10): "0 hunter W", **FILLER}, current=1)
    events = act(s, {"type": "reveal", "at": [3, 8], "facing": "S"})
    assert [e.kind for e in events] == ["reveal"]
    s = build({(4, 8): "1 explorer E", (3, 9): "1 journalist S", (4, 9): "0 hunter W", **FILLER}, current=1)
    fight = act(s, {"type": "fight", "at": [4, 9]})[0]
    assert (fight.attack, fight.defence, fight.outcome, fight.eliminated) == (3, 3, "tie", ())
    assert s.actions_left == 1 and len(s.chars_of[0]) == 1 and len(s.chars_of[1]) == 2


def test_the_journalist_is_never_attacked_and_never_fights_alone():
    s = build({(4, 8): "0 explorer E", (4, 9): "1 journalist W", (3, 10): "0 journalist S", (3, 11): "1 sherpa N",
               **FILLER})
    assert problem(s, {"type": "fight", "at": [4, 9]}).code == "never-attacked"
    error = problem(s, {"type": "fight", "at": [3, 11]})
    assert (error.code, str(error)) == ("journalist-alone", "the journalist cannot fight as the only attacker")
    assert legal_json(s, "fight") == []
    s = build({(4, 10): "0 explorer E", (3, 10): "0 journalist S", (4, 11): "1 sherpa N", (3, 11): "1 sherpa N",
               **FILLER})
    assert legal_json(s, "fight") == [{"type": "fight", "at": [4, 11]}]
    assert problem(s, {"type": "fight", "at": [3, 11]}).code == "journalist-alone"


@pytest.mark.parametrize("defender, strength", [
    ("1 explorer N", 2),
    ("1 swamp + 1 explorer N", 1),
    ("1 mountain + 1 explorer N", 3),
    ("1 campsite + 1 hunter N", 4),
    ("1 jungle + 1 hunter N", 3),
    ("0 campsite + 1 journalist N", None),
    ("1 dragon N", 4),
])
def test_defender_modifiers(defender, strength):
    s = build({(4, 8): "0 dragon E", (4, 9): defender, **FILLER})
    if strength is None:
        assert problem(s, {"type": "fight", "at": [4, 9]}).code == "never-attacked"
        return
    fight = act(s, {"type": "fight", "at": [4, 9]})[0]
    assert fight.defence == strength and fight.attack == 4


def test_a_face_up_trap_weakens_adjacent_dragons_once_and_a_face_down_trap_does_not():
    variants = ("dragon_trap",)
    s = build({(4, 8): "0 hunter E", (4, 9): "1 dragon N", (3, 9): "0 trap", (5, 9): "1 trap", **FILLER},
              variants=variants)
    fight = act(s, {"type": "fight", "at": [4, 9]})[0]
    assert (fight.attack, fight.defence, fight.outcome) == (3, 1, "win")
    s = build({(4, 8): "0 hunter E", (4, 9): "1 dragon N", (3, 9): "0 ?trap", **FILLER}, variants=variants)
    fight = act(s, {"type": "fight", "at": [4, 9]})[0]
    assert (fight.attack, fight.defence, fight.outcome) == (3, 4, "loss")
    s = build({(4, 8): "0 dragon E", (3, 8): "1 trap", (4, 9): "1 sherpa N", **FILLER}, variants=variants)
    assert act(s, {"type": "fight", "at": [4, 9]})[0].attack == 1


def test_with_three_players_the_defender_keeps_the_losing_attackers():
    s = build({(4, 8): "2 explorer E", (4, 9): "1 dragon N", (3, 8): "0 ?swamp", **FILLER}, players=3, current=2)
    act(s, {"type": "fight", "at": [4, 9]})
    assert [RULES.kinds[t & 15] for t in s.trophies[1]] == ["explorer"] and s.trophies[0] == s.trophies[2] == []


# -- 1.1 abilities: cannibal, SS307, trap, sherpa sacrifice ---------------------------------------------


def test_worked_example_d_cannibal():
    s = build({(4, 6): "0 cannibal E", (4, 8): "1 explorer S", (6, 8): "1 dragon N", **FILLER})
    assert {"type": "capture", "from": [4, 6], "to": [4, 8]} in legal_json(s, "capture")
    events = act(s, {"type": "capture", "from": [4, 6], "to": [4, 8]})
    assert events[0].target.kind == "explorer" and s.progress
    assert s.char[square(4, 8)] >> 4 == 0 and s.held[square(4, 8)] >> 4 == 1 and s.chars_of[1] == [square(6, 8)]
    assert score(s, 0)["characters_eliminated"] == 1 and s.breakdown(0).tiebreak == (0, 1)  # a held prisoner
    act(s, {"type": "pass"})
    act(s, {"type": "move", "from": [6, 8], "to": [5, 8]})
    fight = act(s, {"type": "fight", "at": [4, 8]})[0]
    assert (fight.attack, fight.defence, fight.outcome) == (4, 3, "win")
    assert [(p.owner, p.kind, p.at, p.facing) for p in fight.freed] == [(1, "explorer", (4, 8), "S")]
    assert s.char[square(4, 8)] >> 4 == 1 and s.face[square(4, 8)] == 2 and square(4, 8) in s.chars_of[1]
    assert score(s, 1)["characters_eliminated"] == 1 and score(s, 0)["characters_eliminated"] == 0


@pytest.mark.parametrize("target, code", [
    ("1 journalist N", "cannot-capture"),
    ("1 cannibal N", "cannot-capture"),
    ("1 dragon N", "too-strong"),
    ("0 explorer N", "not-enemy"),
    ("1 campsite + 1 hunter N", "cannot-enter"),
])
def test_what_the_cannibal_cannot_capture(target, code):
    s = build({(4, 6): "0 cannibal E", (4, 7): target, **FILLER})
    assert problem(s, {"type": "capture", "from": [4, 6], "to": [4, 7]}).code == code
    assert legal_json(s, "capture") == []


def test_a_capture_is_a_straight_move_over_empty_squares():
    s = build({(4, 6): "0 cannibal E", (4, 7): "1 ?swamp", (4, 8): "1 sherpa N", (3, 6): "1 ss307 N",
               (6, 6): "1 hunter N", (4, 9): "0 explorer N", **FILLER})
    assert legal_json(s, "capture") == [{"type": "capture", "from": [4, 6], "to": [3, 6]}]
    assert problem(s, {"type": "capture", "from": [4, 6], "to": [4, 8]}).code == "blocked"
    assert problem(s, {"type": "capture", "from": [4, 6], "to": [6, 6]}).code == "too-far"  # right (south) 1 only
    assert problem(s, {"type": "capture", "from": [4, 9], "to": [4, 8]}).code == "no-ability"


def test_one_prisoner_at_a_time():
    s = build({(4, 6): "0 cannibal E", (4, 7): "1 ss307 N", (4, 9): "1 sherpa N", **FILLER})
    act(s, {"type": "capture", "from": [4, 6], "to": [4, 7]})
    assert problem(s, {"type": "capture", "from": [4, 7], "to": [4, 9]}).code == "holds-prisoner"
    assert legal_json(s, "capture") == []
    act(s, {"type": "move", "from": [4, 7], "to": [4, 8]})  # the prisoner travels with the cannibal
    assert s.held[square(4, 8)] >> 4 == 1 and s.held[square(4, 7)] < 0


def test_a_prisoner_is_freed_even_on_a_land_it_could_not_enter():
    s = build({(4, 8): "1 mountain + 0 cannibal E > 1 ss307 W", (3, 8): "1 dragon S", (5, 8): "1 hunter N",
               **FILLER}, current=1)
    fight = act(s, {"type": "fight", "at": [4, 8]})[0]
    assert (fight.attack, fight.defence, fight.outcome) == (7, 4, "win")
    assert [(p.owner, p.kind, p.facing) for p in fight.freed] == [(1, "ss307", "W")]
    assert s.land[square(4, 8)] >= 0 and s.char[square(4, 8)] == 1 << 4 | RULES.kind_index["ss307"]
    assert s.strength(square(4, 8)) == 4  # the mountain's +1 counts for it too
    assert s.trophies[1] == [RULES.kind_index["cannibal"]]


def test_the_ss307_destroys_an_adjacent_enemy_campsite_and_a_character_on_it_stays():
    s = build({(4, 8): "0 ss307 N", (3, 8): "1 campsite + 0 journalist S", (5, 8): "0 campsite",
               (6, 8): "1 campsite", **FILLER})
    assert score(s, 0)["journalist_in_enemy_campsite"] == 7
    assert legal_json(s, "destroy") == [{"type": "destroy", "at": [3, 8]}]
    assert problem(s, {"type": "destroy", "at": [5, 8]}).code == "not-enemy"
    assert problem(s, {"type": "destroy", "at": [6, 8]}).code == "not-adjacent"
    events = act(s, {"type": "destroy", "at": [3, 8]})
    assert events[0].target.kind == "campsite" and s.land[square(3, 8)] < 0 and s.char[square(3, 8)] >= 0
    assert score(s, 0)["campsites_destroyed"] == 5 and score(s, 0)["journalist_in_enemy_campsite"] == 0
    s = build({(4, 8): "0 explorer N", (3, 8): "1 campsite", **FILLER})
    assert problem(s, {"type": "destroy", "at": [3, 8]}).code == "no-ability"


def test_the_trap_is_pushed_straight_away_onto_an_empty_square_or_a_free_land():
    variants = ("dragon_trap",)
    s = build({(4, 8): "0 sherpa N", (3, 8): "1 trap", (2, 8): "1 jungle", (3, 9): "1 dragon N", **FILLER},
              variants=variants)
    assert s.strength(square(3, 9)) == 1
    assert legal_json(s, "push") == [{"type": "push", "by": [4, 8], "at": [3, 8]}]
    events = act(s, {"type": "push", "by": [4, 8], "at": [3, 8]})
    assert (events[0].at, events[0].to, events[0].by) == ((3, 8), (2, 8), (4, 8))
    assert s.trap[square(2, 8)] >= 0 and s.land[square(2, 8)] >= 0 and s.trap[square(3, 8)] < 0
    assert s.strength(square(3, 9)) == 4


def test_a_trap_cannot_be_pushed_onto_a_token_a_character_or_another_trap():
    s = build({(4, 8): "0 sherpa N", (3, 8): "1 trap", (2, 8): "1 ?jungle", (4, 9): "0 trap",
               (4, 10): "1 jungle + 1 sherpa N", (5, 8): "0 trap", (6, 8): "1 trap", (4, 7): "1 trap", **FILLER},
              variants=("dragon_trap",))
    assert legal_json(s, "push") == [{"type": "push", "by": [4, 8], "at": [4, 7]}]
    for trap in ([3, 8], [4, 9], [5, 8]):
        assert problem(s, {"type": "push", "by": [4, 8], "at": trap}).code == "push-blocked"
    act(s, {"type": "push", "by": [4, 8], "at": [4, 7]})
    assert s.trap[square(4, 6)] >= 0 and s.trap[square(4, 7)] < 0


def test_a_trap_cannot_be_pushed_off_the_board_in_use():
    s = build({(4, 7): "0 sherpa W", (4, 6): "1 trap", **FILLER}, variants=("dragon_trap",))
    assert legal_json(s, "push") == []
    assert problem(s, {"type": "push", "by": [4, 7], "at": [4, 6]}).code == "out-of-board"


def test_a_sherpa_sacrifice_gives_a_third_action_once_per_game():
    variants = ("sherpa_sacrifice",)
    s = build({(4, 8): "0 sherpa N", (4, 10): "0 sherpa N", (2, 10): "1 explorer N", **FILLER}, variants=variants)
    assert sorted(tuple(a["at"]) for a in legal_json(s, "sacrifice")) == [(4, 8), (4, 10)]
    events = act(s, {"type": "sacrifice", "at": [4, 8]})
    assert events[0].kind == "sacrifice" and s.actions_left == 3 and s.char[square(4, 8)] < 0
    assert s.sacrificed[0] and score(s, 1) == score(s, 0)
    for _ in range(3):
        assert s.current == 0
        act(s, {"type": "rotate", "at": [4, 10], "facing": "E"} if s.face[square(4, 10)] != 1
            else {"type": "rotate", "at": [4, 10], "facing": "W"})
    assert s.current == 1
    act(s, {"type": "pass"})
    assert legal_json(s, "sacrifice") == []
    assert problem(s, {"type": "sacrifice", "at": [4, 10]}).code == "sacrifice-used"
    plain = build({(4, 8): "0 sherpa N", **FILLER})
    assert problem(plain, {"type": "sacrifice", "at": [4, 8]}).code == "variant-off"
    s = build({(4, 8): "0 explorer N", **FILLER}, variants=variants)
    assert problem(s, {"type": "sacrifice", "at": [4, 8]}).code == "not-sherpa"


def test_a_sacrifice_works_in_the_games_last_turn():
    s = build({(4, 8): "0 sherpa N", (3, 8): "1 ?swamp", (4, 10): "0 explorer N"}, variants=("sherpa_sacrifice",))
    act(s, {"type": "reveal", "at": [3, 8], "facing": "N"})
    assert not s.down_squares and s.actions_left == 1 and not s.is_terminal()
    act(s, {"type": "sacrifice", "at": [4, 8]})
    act(s, {"type": "move", "from": [4, 10], "to": [3, 10]})
    assert not s.is_terminal() and s.current == 0
    events = act(s, {"type": "move", "from": [3, 10], "to": [2, 10]})
    assert s.is_terminal() and events[-1].kind == "end" and events[-1].reason == "last-reveal"


# -- 3.7 reveal any token ------------------------------------------------------------------------------


def many_face_down(count: int) -> dict[tuple[int, int], str]:
    spots = [(r, c) for r in range(0, 8, 2) for c in (6, 11)] + [(7, c) for c in range(7, 11)]
    return {spot: "1 ?sherpa" for spot in spots[:count]}


def test_reveal_any_with_no_face_up_character():
    s = build(many_face_down(8))
    assert len(legal_json(s, "reveal-any")) == 8 * 4
    act(s, {"type": "reveal-any", "at": [0, 6], "facing": "E"})
    assert problem(s, {"type": "reveal-any", "at": [2, 6], "facing": "E"}).code == "reveal-any-used"
    assert legal_json(s, "reveal-any") == []


def test_reveal_any_when_none_of_your_characters_can_move_or_reveal():
    stuck = {(3, 9): "0 dragon N", (4, 9): "1 sherpa N", (3, 8): "1 jungle + 1 sherpa N", (3, 10): "1 tiger",
             (2, 9): "1 mountain + 1 explorer N"}
    s = build({**many_face_down(8), **stuck})
    assert legal_json(s, "move") == [] and len(legal_json(s, "reveal-any")) == 32
    free = build({**many_face_down(8), **stuck, (2, 9): "1 mountain"})
    assert legal_json(free, "reveal-any") == []
    error = problem(free, {"type": "reveal-any", "at": [0, 6], "facing": "N"})
    assert error.code == "reveal-any-not-allowed"
    beside = build({**many_face_down(8), **stuck, (2, 9): "1 ?jungle"})
    assert legal_json(beside, "move") == [] and legal_json(beside, "reveal-any") == []


def test_reveal_any_when_at_most_six_face_down_tokens_remain_and_no_fight_follows():
    s = build({**many_face_down(6), (1, 6): "0 dragon N"})
    assert legal_json(s, "move") and len(legal_json(s, "reveal-any")) == 6 * 4
    events = act(s, {"type": "reveal-any", "at": [0, 6], "facing": "S"})
    assert [e.kind for e in events] == ["reveal-any"] and s.char[square(0, 6)] >= 0 and s.face[square(0, 6)] == 2
    s = build({**many_face_down(7), (1, 6): "0 dragon N"})
    assert legal_json(s, "reveal-any") == []


# -- 3. stall Ruling and 5. the end ----------------------------------------------------------------------


def test_the_stall_count_ends_the_game_after_ten_turns_per_player():
    s = build({(4, 8): "0 explorer N", (2, 10): "1 explorer N", **FILLER})
    for turn in range(19):
        act(s, {"type": "pass"})
        assert s.stall == turn + 1 and not s.is_terminal()
    events = act(s, {"type": "pass"})
    assert s.is_terminal() and s.ended == "stall" and events[-1].reason == "stall" and s.turn == 20
    assert s.legal_actions() == [] and problem(s, {"type": "pass"}).code == "game-over"


@pytest.mark.parametrize("actions, resets", [
    ([{"type": "move", "from": [4, 8], "to": [3, 8]}, {"type": "rotate", "at": [3, 8], "facing": "E"}], False),
    ([{"type": "peek", "at": [5, 8]}], False),
    ([{"type": "fight", "at": [4, 9]}], False),  # a tie
    ([{"type": "reveal", "at": [5, 8], "facing": "N"}], True),
    ([{"type": "reveal-any", "at": [0, 11], "facing": "N"}], True),  # "by either kind of reveal"
    ([{"type": "fight", "at": [4, 7]}], True),  # an elimination
    ([{"type": "capture", "from": [6, 9], "to": [6, 10]}], True),
    ([{"type": "destroy", "at": [7, 7]}], False),
    ([{"type": "push", "by": [5, 10], "at": [4, 10]}], False),
    ([{"type": "sacrifice", "at": [2, 6]}], False),
])
def test_what_resets_the_stall_count(actions, resets):
    s = build({(4, 8): "0 explorer N", (4, 9): "1 explorer N", (4, 7): "1 sherpa N", (5, 8): "1 ?swamp",
               (6, 9): "0 cannibal E", (6, 10): "1 sherpa N", (7, 8): "0 ss307 N", (7, 7): "1 campsite",
               (5, 10): "0 sherpa N", (4, 10): "1 trap", (2, 6): "0 sherpa N", **FILLER},
              variants=("dragon_trap", "sherpa_sacrifice"), stall=19)
    for obj in actions:
        act(s, obj)
    if not s.is_terminal() and s.current == 0:
        act(s, {"type": "pass"})
    assert s.is_terminal() != resets
    assert s.stall == (0 if resets else 20)


def test_the_stall_count_starts_after_setup():
    s = GAME.new_state(2, 0, 0)
    place_all(s)
    assert s.stall == 0
    for _ in range(19):
        act(s, {"type": "pass"})
    assert not s.is_terminal()
    act(s, {"type": "pass"})
    assert s.ended == "stall"


def test_after_the_last_reveal_its_revealer_finishes_and_nobody_else_plays():
    s = build({(4, 8): "0 explorer N", (3, 8): "1 ?jungle", (2, 10): "1 explorer N"})
    events = act(s, {"type": "reveal", "at": [3, 8], "facing": "N"})
    assert not s.is_terminal() and s.current == 0 and s.actions_left == 1
    assert legal_json(s, "reveal-any") == [] and legal_json(s, "peek") == []
    events = act(s, {"type": "move", "from": [4, 8], "to": [3, 8]})
    assert s.is_terminal() and s.ended == "last-reveal" and [e.kind for e in events] == ["move", "end"]
    assert score(s, 0)["jungles_occupied"] == 2
    s = build({(4, 8): "0 explorer N", (3, 8): "1 ?jungle"}, actions_left=1)
    act(s, {"type": "reveal", "at": [3, 8], "facing": "N"})
    assert s.is_terminal()


# -- 5. scoring ----------------------------------------------------------------------------------


def test_worked_example_e_scoring():
    s = build({(3, 8): "1 campsite + 0 journalist N", (5, 8): "1 jungle + 0 sherpa N",
               (5, 10): "1 mountain + 0 explorer N", (7, 6): "0 tiger", (7, 7): "0 campsite", (0, 6): "1 ?swamp"})
    dragon, sherpa = RULES.kind_index["dragon"], RULES.kind_index["sherpa"]
    s.trophies[0] = [1 << 4 | dragon, 1 << 4 | sherpa, 1 << 4 | sherpa]
    b = s.breakdown(0)
    assert b.as_dict() == {"journalist_in_enemy_campsite": 7, "campsites_destroyed": 0, "dragons_eliminated": 3,
                           "characters_eliminated": 2, "jungles_occupied": 2, "mountains_occupied": 1,
                           "tiger_by_campsite": -5}
    assert b.total == 10 and b.tiebreak == (1, 3)


def test_the_tiger_costs_five_only_with_tiger_and_campsite_face_up():
    assert score(build({(7, 6): "0 tiger", (7, 7): "0 ?campsite"}), 0)["tiger_by_campsite"] == 0
    assert score(build({(7, 6): "0 tiger", (6, 7): "0 campsite"}), 0)["tiger_by_campsite"] == 0  # diagonal
    assert score(build({(7, 6): "0 tiger", (7, 7): "1 campsite"}), 0)["tiger_by_campsite"] == 0
    assert score(build({(7, 6): "0 tiger", (6, 6): "0 campsite"}), 0)["tiger_by_campsite"] == -5


def test_ties_go_to_most_dragons_then_most_characters_then_are_shared():
    dragon, sherpa = RULES.kind_index["dragon"], RULES.kind_index["sherpa"]
    s = build({(0, 6): "0 ?swamp"})
    s.trophies = [[1 << 4 | dragon], [sherpa, sherpa, sherpa]]
    assert [b.total for b in s.scores()] == [3, 3] and s.winners() == [0]
    s = build({(4, 8): "1 mountain + 1 explorer N", (0, 6): "0 ?swamp"})
    s.trophies = [[1 << 4 | sherpa] * 2, [sherpa]]
    assert [b.total for b in s.scores()] == [2, 2] and s.winners() == [0]
    s = build({(4, 8): "1 cannibal N > 0 sherpa N", (0, 6): "0 ?swamp"})
    s.trophies = [[1 << 4 | sherpa], []]
    assert [b.total for b in s.scores()] == [1, 1] and s.winners() == [0, 1]
    assert s.breakdown(1).tiebreak == (0, 1)


# -- rule-book audit: rulings and numbers no test above pinned ----------------------------------------


def test_a_trap_never_makes_a_dragon_capturable():
    # 1.2 Ruling (trap): "Only printed strengths count for a capture, so a trap never makes a dragon capturable."
    s = build({(4, 6): "0 cannibal E", (4, 7): "1 dragon N", (3, 7): "1 trap", **FILLER}, variants=("dragon_trap",))
    assert s.strength(square(4, 7)) == 1
    assert legal_json(s, "capture") == []
    assert problem(s, {"type": "capture", "from": [4, 6], "to": [4, 7]}).code == "too-strong"


def test_every_attacker_counts_its_own_modifiers():
    # 4: "the attackers are all of the attacking player's face-up characters adjacent to the defender ...
    # each with its own modifiers, summed": hunter in own camp 3+1, explorer on a swamp 2-1, sherpa on a mountain 1+1.
    s = build({(4, 8): "0 campsite + 0 hunter E", (3, 9): "1 swamp + 0 explorer S", (5, 9): "1 mountain + 0 sherpa N",
               (4, 9): "1 dragon W", **FILLER})
    fight = act(s, {"type": "fight", "at": [4, 9]})[0]
    assert sorted((f.kind, f.strength) for f in fight.attackers) == [("explorer", 1), ("hunter", 4), ("sherpa", 2)]
    assert (fight.attack, fight.defence, fight.outcome) == (7, 4, "win")


def test_a_cannibal_beaten_as_an_attacker_frees_its_prisoner_too():
    # 1.1 "When the cannibal is beaten, its prisoner is set free on the cannibal's square" (engine ruling: as an
    # attacker too), face up, with its facing when captured, its owner's again.
    s = build({(4, 8): "0 cannibal E > 1 explorer S", (4, 9): "1 dragon W", **FILLER})
    assert score(s, 0)["characters_eliminated"] == 1
    fight = act(s, {"type": "fight", "at": [4, 9]})[0]
    assert (fight.attack, fight.defence, fight.outcome) == (3, 4, "loss")
    assert [(p.owner, p.kind, p.at, p.facing) for p in fight.freed] == [(1, "explorer", (4, 8), "S")]
    assert s.chars_of[1] == [square(4, 8), square(4, 9)] and s.face[square(4, 8)] == 2 and s.chars_of[0] == []
    assert score(s, 0)["characters_eliminated"] == 0 and score(s, 1)["characters_eliminated"] == 1


def test_an_enemy_journalist_beaten_as_an_attacker_is_one_point():
    # 5 Rulings: "an enemy journalist you eliminated is +1 like any other character".
    s = build({(4, 8): "0 explorer E", (3, 9): "0 journalist S", (4, 9): "1 dragon W", **FILLER})
    fight = act(s, {"type": "fight", "at": [4, 9]})[0]
    assert (fight.attack, fight.defence, fight.outcome) == (3, 4, "loss")
    assert sorted(p.kind for p in fight.eliminated) == ["explorer", "journalist"]
    assert score(s, 1)["characters_eliminated"] == 2 and s.breakdown(1).tiebreak == (0, 2)


def test_the_journalist_scores_only_in_an_enemy_campsite():
    # 5: "your journalist in an enemy campsite +7"; with 3-4 players every other player is an enemy.
    assert score(build({(3, 8): "0 campsite + 0 journalist N", **FILLER}), 0)["journalist_in_enemy_campsite"] == 0
    three = build({(3, 8): "2 campsite + 0 journalist N", **FILLER}, players=3)
    assert score(three, 0)["journalist_in_enemy_campsite"] == 7 and score(three, 2)["journalist_in_enemy_campsite"] == 0


def test_a_destroyed_campsite_costs_its_owners_tiger_nothing():
    # 5 Rulings: "a destroyed campsite scores nothing for its owner's tiger".
    s = build({(7, 6): "0 tiger", (6, 6): "0 campsite", (6, 7): "1 ss307 W", **FILLER}, current=1)
    assert score(s, 0)["tiger_by_campsite"] == -5
    act(s, {"type": "destroy", "at": [6, 6]})
    assert score(s, 0)["tiger_by_campsite"] == 0 and score(s, 1)["campsites_destroyed"] == 5
    assert s.breakdown(1).total == 5 and s.breakdown(0).total == 0


def test_the_last_token_turned_by_reveal_any_also_ends_the_game_after_the_turn():
    # 5: "the player who revealed the last one finishes their two actions first" (engine ruling: however revealed).
    s = build({(4, 8): "0 explorer N", (0, 11): "1 ?sherpa", (2, 10): "1 explorer N"})
    events = act(s, {"type": "reveal-any", "at": [0, 11], "facing": "W"})
    assert [e.kind for e in events] == ["reveal-any"] and not s.is_terminal() and s.actions_left == 1
    assert legal_json(s, "reveal-any") == []
    events = act(s, {"type": "pass"})
    assert s.is_terminal() and s.ended == "last-reveal" and events[-1].kind == "end" and s.current == 0


def test_a_player_with_nothing_on_the_board_may_only_reveal_any_token_or_pass():
    # 3: "A player with nothing left on the board still takes turns (to pass, or to reveal any token, 7)."
    s = build({(0, 11): "0 ?sherpa", (7, 11): "1 ?swamp", (2, 10): "1 explorer N"})
    assert legal_json(s) == [
        *({"type": "reveal-any", "at": at, "facing": f} for at in ([0, 11], [7, 11]) for f in "NESW"),
        {"type": "pass"}]


def test_the_reveal_any_count_takes_every_colour_before_the_reveal():
    # Engine ruling reveal-any-count: the "at most 6 face-down tokens" are of every colour, the revealed one included.
    mixed = {(0, 6): "0 ?sherpa", (2, 6): "0 ?swamp", (4, 6): "0 ?jungle", (0, 11): "1 ?sherpa", (2, 11): "1 ?swamp",
             (4, 11): "1 ?jungle"}
    s = build({**mixed, (7, 8): "0 dragon N"})
    assert legal_json(s, "move") and len(legal_json(s, "reveal-any")) == 6 * 4
    s = build({**mixed, (6, 6): "0 ?dragon", (7, 8): "0 dragon N"})
    assert legal_json(s, "reveal-any") == []


def test_a_player_may_push_a_trap_of_his_own_colour():
    # Engine ruling push-any-trap: any face-up character of the player to act pushes a face-up trap of any colour.
    s = build({(4, 8): "0 explorer N", (3, 8): "0 trap", **FILLER}, variants=("dragon_trap",))
    assert legal_json(s, "push") == [{"type": "push", "by": [4, 8], "at": [3, 8]}]
    act(s, {"type": "push", "by": [4, 8], "at": [3, 8]})
    assert s.trap[square(2, 8)] == RULES.kind_index["trap"] and s.trap[square(3, 8)] < 0
