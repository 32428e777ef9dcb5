"""Property tests over random legal games, and perft-style legal-action counts."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from drako_desktop.games.aetherya_pocket.engine import (
    DRAW,
    PLACE,
    TAKE_DISCARD,
    Action,
    GameState,
    IllegalActionError,
    Step,
    place,
    reveal,
)
from drako_desktop.games.aetherya_pocket.engine.kingdom import CELLS, Rules
from test_engine_rules import snapshot

MAX_ACTIONS = 5000  # far above any real game; a game that runs past it has failed to end

games = st.tuples(st.integers(2, 4), st.integers(0, 2**32), st.integers(0, 3), st.integers(0, 2**32))


def random_game(rules, players, seed, first, chooser_seed):
    """Yield (state, a random legal action) until the game ends; the caller applies the action."""
    rng = random.Random(chooser_seed)
    s = GameState.new(rules, players, seed, first % players)
    for _ in range(MAX_ACTIONS):
        if s.is_terminal():
            return
        legal = s.legal_actions()
        history = len(s.history)
        yield s, legal[rng.randrange(len(legal))]
        assert len(s.history) == history + 1, "the caller must apply the action"
    raise AssertionError("the game did not end")


@settings(max_examples=60, deadline=None)
@given(games)
def test_cards_are_conserved_and_locked_cards_never_move(rules, game):
    players = game[0]
    deck_size = dict(rules.cards.deck_size)[players]
    locked = rules.locked
    for s, action in random_game(rules, *game):
        assert s.card_count() == deck_size
        before = [s.visible_kingdom(seat) for seat in range(players)]
        s.apply(action)
        assert s.card_count() == deck_size
        for seat in range(players):
            after = s.visible_kingdom(seat)
            for c in range(CELLS):
                if before[seat][c] in locked:
                    assert after[c] == before[seat][c], "a face-up dragon or portal was replaced"
                if before[seat][c] >= 0:
                    assert after[c] >= 0, "a face-up card went face down"


@settings(max_examples=40, deadline=None)
@given(games)
def test_every_game_ends_with_a_full_kingdom_and_everything_revealed(rules, game):
    final = None
    for s, action in random_game(rules, *game):
        s.apply(action)
        final = s
    assert final.is_terminal()
    assert final.face_down_count(final.ended_by) == 0
    assert all(final.face_down_count(seat) == 0 for seat in range(final.players))
    assert final.winners()


@settings(max_examples=30, deadline=None)
@given(games)
def test_replay_from_seed_and_actions_is_identical(rules, game):
    players, seed, first = game[0], game[1], game[2] % game[0]
    final = None
    for s, action in random_game(rules, *game):
        s.apply(action)
        final = s
    again = GameState.replay(rules, players, seed, first, final.history)
    assert snapshot(again) == snapshot(final)


def _shuffle_hidden(s: GameState, rng: random.Random) -> GameState:
    """The same public position with the hidden cards (face-down cells, draw pile) dealt differently."""
    other = s.clone()
    spots = [(seat, c) for seat in range(s.players) for c in range(CELLS)
             if not s.face_up[seat] >> c & 1 and s.kingdoms[seat][c] >= 0]
    pool = [s.kingdoms[seat][c] for seat, c in spots] + s.deck
    rng.shuffle(pool)
    for seat, c in spots:
        other.kingdoms[seat][c] = pool.pop()
    other.deck = pool
    other.rng.seed(rng.random())
    assert other.deck or spots, "nothing hidden to shuffle"
    return other


@settings(max_examples=40, deadline=None)
@given(games, st.integers(0, 2**32))
def test_views_ignore_hidden_cards(rules, game, shuffle_seed):
    rng = random.Random(shuffle_seed)
    for s, action in random_game(rules, *game):
        if rng.random() < 0.15:
            other = _shuffle_hidden(s, rng)
            for seat in range(s.players):
                assert other.view(seat) == s.view(seat)
            assert other.legal_actions() == s.legal_actions()
        s.apply(action)


@settings(max_examples=25, deadline=None)
@given(games)
def test_illegal_actions_raise_and_change_nothing(rules, game):
    candidates = [Action(TAKE_DISCARD), Action(DRAW), Action("pass"), Action("claim", legend="four-tribes"),
                  *(place(c // 4, c % 4) for c in range(CELLS)), *(reveal(c // 4, c % 4) for c in range(CELLS))]
    for s, chosen in random_game(rules, *game):
        legal = set(s.legal_actions())
        for action in candidates:
            if action in legal:
                continue
            before = snapshot(s)
            try:
                s.apply(action)
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"{action} was applied though not in the legal actions")
            assert snapshot(s) == before
        s.apply(chosen)


@settings(max_examples=25, deadline=None)
@given(games)
def test_a_taken_discard_always_has_a_place(rules, game):
    for s, action in random_game(rules, *game):
        if s.step == Step.AFTER_TAKE_DISCARD:
            assert any(a.kind == PLACE for a in s.legal_actions())
        assert s.legal_actions(), "a non-terminal state with no legal action"
        s.apply(action)


def test_views_show_nothing_hidden(rules):
    s = GameState.new(rules, 2, seed=8)
    while s.step == Step.ARRANGE:
        s.apply(s.legal_actions()[0])
    view = s.view(0)
    for seat, grid in enumerate(view.kingdoms):
        for c in range(CELLS):
            shown = grid[c // 4][c % 4]
            if s.face_up[seat] >> c & 1:
                assert shown == rules.type_ids[s.kingdoms[seat][c]]
            else:
                assert shown is None
    assert set(view._fields) == {
        "players", "seat", "current", "step", "kingdoms", "hand", "drawn", "discard_top", "discard_size",
        "draw_size", "legend_row", "legends", "claimed_this_turn",
    }
    assert view.draw_size == len(s.deck) and view.discard_size == 1


# -- perft ------------------------------------------------------------------------------

def perft(s: GameState, depth: int) -> int:
    """Number of chosen-action sequences of length `depth` (forced actions are not choices)."""
    if depth == 0:
        return 1
    if s.is_terminal():
        return 0
    legal = s.legal_actions()
    if depth == 1:
        return len(legal)
    total = 0
    for action in legal:
        child = s.clone()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


def _position(rules, players, seed, moves):
    rng = random.Random(seed)
    s = GameState.new(rules, players, seed)
    for _ in range(moves):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return s


def test_perft_from_the_start(rules):
    s = GameState.new(rules, 2, seed=11)
    # 4 distinct starting cards: 4! layouts for each player; then the first player
    # takes the discard or draws (no 2 x 2 layout of this deal meets a row legend).
    assert [perft(s, d) for d in (1, 2, 3)] == [24, 24 * 24, 24 * 24 * 2]


def test_perft_after_drawing_counts_places_and_reveals(rules):
    s = GameState.new(rules, 2, seed=11)
    while s.step == Step.ARRANGE:
        s.apply(s.legal_actions()[0])
    s.apply(Action(DRAW))
    k = s.visible_kingdom(s.current)
    locked_or_same = sum(1 for t in k if t >= 0 and (t in rules.locked or t == s.drawn))
    face_down = sum(1 for t in k if t < 0)
    # Every cell but locked / same-type face-up cards, plus a reveal per face-down card.
    assert perft(s, 1) == (16 - locked_or_same) + face_down


# Exact counts from fixed positions (players, seed, random moves played), checked by hand:
# (2, 5, 10): seat 1 holds the discard (a Swamp); no Swamp, Dragon or Portal face up, so
#   all 16 cells take it; then 2 choices each (take the discard or draw; nothing to claim).
# (3, 6, 30): turn start, the met legends are not in the row: take or draw (2). Taking the
#   Elf: 15 places (not on the face-up Elf); drawing: 14 places + 8 reveals = 22. 15 + 22 = 37.
# (4, 7, 60): a Mountain taken from the discard: not on the Portal (locked) nor on the
#   face-up Mountain: 14 places, then the next player's 2 choices each.
PERFT = [
    ((2, 5, 10), (1, 2, 3), (16, 32, 606)),
    ((3, 6, 30), (1, 2, 3), (2, 37, 74)),
    ((4, 7, 60), (1, 2, 3), (14, 28, 476)),
]


def test_perft_fixed_positions(rules):
    for (players, seed, moves), depths, expected in PERFT:
        s = _position(rules, players, seed, moves)
        assert [perft(s, d) for d in depths] == list(expected), (players, seed, moves)


def test_a_kingdom_one_cell_away_is_analysed_as_from_scratch(rules):
    """A placement's kingdom is analysed from the one before it (Rules.met_after): the same analysis and
    legends as a kingdom analysed from scratch, whether the kingdom before was analysed or not. Face-down
    cells, portals and the cards that cannot use portals are drawn more often: the shortcuts differ there."""
    rng = random.Random(32)
    cells = [-1, *rules.portal_types, *rules.no_portals] * 3 + list(range(rules.ntypes))
    incremental, scratch = Rules(rules.cards), Rules(rules.cards)
    for _ in range(5000):
        before = tuple(rng.choice(cells) for _ in range(CELLS))
        index = rng.randrange(CELLS)
        after = before[:index] + (rng.choice([t for t in cells if t >= 0]),) + before[index + 1:]
        if rng.random() < 0.8:
            incremental.met_legends(before)
        assert incremental.met_after(before, after, index) == scratch.met_legends(after), (before, index, after)
        assert incremental.analysis_tuple(after) == scratch.analysis_tuple(after), (before, index, after)
