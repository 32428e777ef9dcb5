"""Draco Mundis properties over random legal games (2-4 players, every variant), and perft-style counts."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from drako_desktop.games.draco_mundis.actions import (
    CAPTURE,
    DESTROY,
    FIGHT,
    MOVE,
    PASS,
    PEEK,
    PUSH,
    REVEAL,
    REVEAL_ANY,
    ROTATE,
    SACRIFICE,
    SQUARES,
    Place,
    Select,
    select,
)
from drako_desktop.games.draco_mundis.engine import GameState
from drako_desktop.games.draco_mundis.rules import KIND_BITS, KIND_MASK
from drako_desktop.interface.registry import Library
from drako_desktop.records import replay_record
from test_draco_support import FILLER, GAME, RULES, build, random_game

VARIANTS = ("fast_setup", "sherpa_sacrifice", "dragon_trap")
games = st.tuples(
    st.integers(2, 4),
    st.integers(0, 3),
    st.sets(st.sampled_from(VARIANTS)).map(lambda v: tuple(sorted(v))),
    st.integers(0, 2**32),
)

# Every action of the notation on every square: the candidates legality is checked against.
PLAY_CANDIDATES = (
    [PASS] + list(PEEK) + list(FIGHT) + list(DESTROY) + list(SACRIFICE)
    + [a for table in (REVEAL, REVEAL_ANY, ROTATE) for row in table for a in row]
    + list(MOVE.values()) + list(CAPTURE.values()) + list(PUSH.values())
)
PLACE_CANDIDATES = [a for kind_table in RULES.place_actions for row in kind_table for a in row]


def test_candidate_lists_cover_the_board():
    assert len(PEEK) == SQUARES and len(PLACE_CANDIDATES) == SQUARES * (len(RULES.kinds) + 3)


def legal_by_why_illegal(s: GameState) -> set[object]:
    candidates = PLACE_CANDIDATES if s.decision() in ("select", "place") else PLAY_CANDIDATES
    return {a for a in candidates if s.why_illegal(a) is None}


@settings(max_examples=20, deadline=None)
@given(games)
def test_legal_actions_are_exactly_what_why_illegal_allows(game):
    players, first, variants, seed = game
    rng = random.Random(seed)
    checked = set()
    for s, action in random_game(players, first % players, variants, seed):
        decision = s.decision()
        if decision not in checked or rng.random() < 0.04:
            checked.add(decision)
            legal = s.legal_actions()
            assert len(set(legal)) == len(legal), "a legal action is listed twice"
            if decision == "select":
                selects = {select(k) for k in RULES.kinds}
                assert set(legal) == {a for a in selects if s.why_illegal(a) is None}
                direct = set()
                for chosen in legal:
                    after = s.clone()
                    after.apply(chosen)
                    direct |= set(after.legal_actions())
                assert legal_by_why_illegal(s) == direct, "a place is accepted directly iff select + place is"
            else:
                assert set(legal) == legal_by_why_illegal(s)
                assert all(isinstance(a, Place) for a in legal) == (decision == "place")
        s.apply(action)
    assert {"select", "place", "act"} <= checked


def snapshot(s: GameState) -> list[object]:
    return [getattr(s, name) for name in GameState.__slots__ if name != "_legal"]


@settings(max_examples=8, deadline=None)
@given(games)
def test_illegal_actions_raise_and_change_nothing(game):
    players, first, variants, seed = game
    rng = random.Random(seed)
    for s, chosen in random_game(players, first % players, variants, seed):
        if rng.random() < 0.05:
            candidates = PLACE_CANDIDATES if s.decision() in ("select", "place") else PLAY_CANDIDATES
            legal = set(s.legal_actions())
            before = s.clone()
            for action in rng.sample(candidates, 60):
                if action in legal or (s.decision() == "select" and s.why_illegal(action) is None):
                    continue
                error = s.why_illegal(action)
                assert error is not None and error.code and str(error)
                try:
                    s.apply(action)
                except type(error) as raised:
                    assert (raised.code, str(raised)) == (error.code, str(error))
                else:
                    raise AssertionError(f"{action} was applied though illegal")
                assert snapshot(s) == snapshot(before)
        s.apply(chosen)


@settings(max_examples=40, deadline=None)
@given(games)
def test_tokens_are_conserved_and_every_game_ends(game):
    players, first, variants, seed = game
    total = players * sum(RULES.token_counts(frozenset(variants)))
    final = None
    for s, action in random_game(players, first % players, variants, seed):
        assert s.token_total() == total
        s.apply(action)
        final = s
    assert final is not None and final.is_terminal() and final.token_total() == total
    assert final.ended in ("last-reveal", "stall") and final.winners()
    assert (final.ended == "last-reveal") == (not final.down_squares)
    # a finished game's scores are reckoned once: the same as each seat's breakdown, however often asked
    scores = final.scores()
    assert scores == [final.breakdown(seat) for seat in range(players)]
    scores.clear()
    assert final.scores() == final.clone().scores() == [final.breakdown(seat) for seat in range(players)]


@settings(max_examples=30, deadline=None)
@given(games)
def test_replaying_the_record_gives_the_same_game(game):
    players, first, variants, seed = game
    final = None
    for s, action in random_game(players, first % players, variants, seed):
        s.apply(action)
        final = s
    assert final is not None
    record = GAME.record(final)
    assert record["variants"] == {v: v in variants for v in VARIANTS}
    _, again = replay_record(Library(), record)
    assert again.history == [a for a in final.history if not isinstance(a, Select)]
    assert again.scores() == final.scores() and again.winners() == final.winners()
    assert again.view(None) == final.view(None)


def reshuffle_unknowns(s: GameState, seat: int, rng: random.Random) -> GameState:
    """The same position with every token `seat` does not know dealt differently among its owner's
    unknown tokens (face-down on the board and, during setup, the supply and its pending selection)."""
    other = s.clone()
    for owner in range(s.players):
        if owner == seat:
            continue
        spots = [sq for sq in s.down_squares if s.down[sq] >> KIND_BITS == owner and not s.knows(seat, sq)]
        pool = [s.down[sq] & KIND_MASK for sq in spots] + [k for k, n in enumerate(s.supply[owner]) for _ in range(n)]
        rng.shuffle(pool)
        for sq in spots:
            other.down[sq] = owner << KIND_BITS | pool.pop()
        other.supply[owner] = [pool.count(k) for k in range(len(RULES.kinds))]
        if s.selected >= 0 and s.current == owner:
            other.selected = pool[0]  # (a selected token is still in the supply until it is placed)
    other._legal = None
    return other


@settings(max_examples=15, deadline=None)
@given(games, st.integers(0, 2**32))
def test_a_seat_cannot_tell_apart_positions_that_differ_only_in_what_it_does_not_know(game, shuffle_seed):
    players, first, variants, seed = game
    rng = random.Random(shuffle_seed)
    for s, action in random_game(players, first % players, variants, seed):
        if rng.random() < 0.05:
            for seat in range(players):
                other = reshuffle_unknowns(s, seat, rng)
                assert other.view(seat) == s.view(seat)
                assert other.view(seat).to_json() == s.view(seat).to_json()
                assert other.view(None) == s.view(None)
            if s.decision() == "act":
                assert other.legal_actions() == s.legal_actions()
        s.apply(action)


@settings(max_examples=10, deadline=None)
@given(games, st.integers(0, 2**32))
def test_a_state_from_a_view_and_the_true_kinds_continues_exactly_like_the_game(game, chooser):
    players, first, variants, seed = game
    rng = random.Random(chooser)
    for s, action in random_game(players, first % players, variants, seed):
        if rng.random() < 0.03 and s.decision() != "place":
            seat = rng.randrange(players)
            view = s.view(seat)
            kinds = {(sq // 12, sq % 12): RULES.kinds[s.down[sq] & KIND_MASK] for sq in s.down_squares}
            copy = GAME.state_from_view(GAME.view_from_json(view.to_json()), kinds)
            original = s.clone()
            for _ in range(40):
                if original.is_terminal():
                    break
                assert copy.legal_actions() == original.legal_actions()
                chosen = original.legal_actions()[rng.randrange(len(original.legal_actions()))]
                assert copy.apply(chosen) == original.apply(chosen)
            assert copy.scores() == original.scores() and copy.view(None) == original.view(None)
            assert all(copy.view(v) == original.view(v) for v in range(players))
        s.apply(action)


def test_a_view_for_everyone_shows_no_face_down_kind():
    final = None
    for s, action in random_game(3, 0, ("dragon_trap",), 5):
        public = s.view(None)
        assert all(spot.down_kind is None for spot in public.squares)
        assert public.supply == () and public.selected is None
        if s.decision() == "act" and len(s.history) % 7 == 0:
            for seat in range(3):
                view = s.view(seat)
                shown = {spot.at for spot in view.squares if spot.down_kind is not None}
                assert shown == {(sq // 12, sq % 12) for sq in s.down_squares if s.knows(seat, sq)}
        s.apply(action)
        final = s
    assert final is not None


# -- perft: legal actions at depth 1 and 2 in fixed positions -----------------------------------------


def perft(s: GameState, depth: int) -> int:
    if depth == 0 or s.is_terminal():
        return 1
    total = 0
    for action in s.legal_actions():
        child = s.clone()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


def fixed_setup(players: int, variants: tuple[str, ...]) -> GameState:
    """A full setup, the same every time: each decision takes the legal action 7 steps further on."""
    s = GAME.new_state(players, 0, 0, variants)
    step = 0
    while s.decision() != "act":
        step += 7
        legal = s.legal_actions()
        s.apply(legal[step % len(legal)])
    return s


def test_perft_of_a_small_hand_built_position():
    s = build({(4, 8): "0 explorer N", (3, 8): "1 ?sherpa", (4, 9): "1 explorer W", **FILLER})
    # peek 1 + reveal 4 + moves (4,7), (5,8) 2 + fight 1 + rotate 3 + reveal-any 3 x 4 + pass 1 (checked by hand)
    assert perft(s, 1) == 24
    assert perft(s, 2) == 378  # children checked by hand: pass 20, peek 23, reveal (a fight won) 17, reveal-any 8


def test_perft_after_a_two_player_setup():
    s = fixed_setup(2, ())
    assert (perft(s, 1), perft(s, 2)) == (35, 1128)


def test_perft_after_a_four_player_setup_with_every_variant():
    s = fixed_setup(4, VARIANTS)
    assert (perft(s, 1), perft(s, 2)) == (30, 920)
