"""Setup, turn structure, placement restrictions, claims, the end and ties: the rule book, section by section."""

from __future__ import annotations

import random

import pytest

from drako_desktop.games.aetherya_pocket.engine import (
    CENTRE,
    DRAW,
    PASS,
    TAKE_DISCARD,
    UNKNOWN,
    Action,
    GameState,
    IllegalActionError,
    Step,
    arrange,
    claim,
    place,
    reveal,
)
from drako_desktop.games.aetherya_pocket.engine.kingdom import FULL


def snapshot(s: GameState) -> tuple:
    """Every field of a state, for 'changed nothing' and replay comparisons."""
    return (
        s.step, s.current, [k[:] for k in s.kingdoms], s.face_up[:], [h[:] for h in s.hands], s.deck[:],
        s.discard[:], s.legend_row[:], s.legend_deck[:], [c[:] for c in s.claimed], s.claimed_this_turn,
        s.drawn, s.ended_by, s.turn, s.rng.getstate(),
    )


def arranged(rules, players=2, seed=1, first=0) -> GameState:
    """A new game with every player's starting cards arranged in hand order."""
    s = GameState.new(rules, players, seed, first)
    while s.step == Step.ARRANGE:
        s.apply(s.legal_actions()[0])
    return s


def set_kingdom(s: GameState, seat: int, truth: list[int], face_up: int) -> None:
    """Test helper: put a kingdom in place, keeping the state's cached visible copy right."""
    s.kingdoms[seat] = list(truth)
    s.face_up[seat] = 0
    s._visible[seat] = (UNKNOWN,) * 16
    for c in range(16):
        if face_up >> c & 1:
            s._turn_face_up(seat, c)
    s._legal = None


# -- 1.1 / 2: the deck and setup ------------------------------------------------------

@pytest.mark.parametrize("players,size", [(2, 40), (3, 60), (4, 80)])
def test_deck_size_and_card_count_by_players(rules, players, size):
    s = GameState.new(rules, players, seed=3)
    assert s.card_count() == size
    per_type = [0] * rules.ntypes
    for t in s.deck + [t for h in s.hands for t in h]:
        per_type[t] += 1
    assert per_type == [size // 10] * 10


@pytest.mark.parametrize("seed", range(20))
def test_starting_hands_are_four_different_types_and_the_rest_is_reshuffled(rules, seed):
    s = GameState.new(rules, 4, seed)
    for hand in s.hands:
        assert len(hand) == 4 and len(set(hand)) == 4
    assert len(s.deck) == 80 - 16  # the set-aside duplicates went back into the deck


def test_arrangement_order_deal_and_first_discard(rules):
    s = GameState.new(rules, 3, seed=5, first=1)
    assert s.step == Step.ARRANGE and s.current == 1
    hand = [rules.type_ids[t] for t in s.hands[1]]
    s.apply(arrange(hand[3], hand[2], hand[1], hand[0]))
    assert [s.visible_kingdom(1)[c] for c in CENTRE] == [rules.type_index[t] for t in reversed(hand)]
    assert s.current == 2 and s.step == Step.ARRANGE
    assert s.view(0).kingdoms[2] == ((None,) * 4,) * 4  # not arranged yet: nothing face up
    s.apply(s.legal_actions()[0])
    assert s.current == 0
    s.apply(s.legal_actions()[0])
    # All arranged: 12 Unexplored Lands each, one discard, and the first player starts.
    assert s.step == Step.TURN_START and s.current == 1 and s.turn == 1
    assert len(s.discard) == 1
    assert len(s.deck) == 60 - 3 * 16 - 1
    for seat in range(3):
        assert s.face_down_count(seat) == 12
        assert all(t >= 0 for t in s.kingdoms[seat])


def test_arrangement_lists_every_layout_once_and_refuses_other_cards(rules):
    s = GameState.new(rules, 2, seed=2)
    layouts = s.legal_actions()
    assert len(layouts) == 24 and len(set(layouts)) == 24
    others = [t for t in rules.type_ids if t not in {rules.type_ids[x] for x in s.hands[0]}]
    before = snapshot(s)
    with pytest.raises(IllegalActionError) as err:
        s.apply(arrange(others[0], *[rules.type_ids[t] for t in s.hands[0][1:]]))
    assert err.value.code == "not-your-cards"
    assert snapshot(s) == before


# -- 4: a turn ---------------------------------------------------------------

def test_turn_start_offers_discard_and_draw(rules):
    s = arranged(rules)
    legal = s.legal_actions()
    assert legal[-2:] == [Action(TAKE_DISCARD), Action(DRAW)]
    assert all(a.kind == "claim" for a in legal[:-2])


def test_taking_the_discard_must_be_placed_never_revealed(rules):
    s = arranged(rules)
    top = s.discard[-1]
    s.apply(Action(TAKE_DISCARD))
    assert s.step == Step.AFTER_TAKE_DISCARD and s.drawn == top
    assert all(a.kind == "place" for a in s.legal_actions())
    before = snapshot(s)
    with pytest.raises(IllegalActionError) as err:
        s.apply(reveal(0, 0))
    assert err.value.code == "not-now"
    assert snapshot(s) == before


def test_drawn_card_can_be_placed_or_discarded_to_reveal(rules):
    s = arranged(rules)
    s.apply(Action(DRAW))
    legal = s.legal_actions()
    reveals = [a for a in legal if a.kind == "reveal"]
    assert {(a.row, a.col) for a in reveals} == {(c // 4, c % 4) for c in range(16) if c not in CENTRE}
    drawn = s.drawn
    seat = s.current
    hidden = s.kingdoms[seat][0]
    s.apply(reveal(0, 0))
    assert s.discard[-1] == drawn  # the drawn card is discarded face up
    assert s.visible_kingdom(seat)[0] == hidden  # and the land is revealed where it lies


def test_replacing_an_unexplored_land_puts_it_face_up_on_the_discard(rules):
    s = arranged(rules)
    seat = s.current
    s.apply(Action(DRAW))
    drawn, hidden = s.drawn, s.kingdoms[seat][15]
    events = s.apply(place(3, 3))
    assert s.visible_kingdom(seat)[15] == drawn
    assert s.discard[-1] == hidden
    placed = [e for e in events if e.kind == "place"][0]
    assert placed.was_face_down and placed.replaced == rules.type_ids[hidden]


def _turn_with(rules, centre: list[str], drawn: str) -> GameState:
    """Seat 0 to move after drawing `drawn`, with `centre` face up (reading order) and the rest face down."""
    s = arranged(rules)
    truth = s.kingdoms[0][:]
    for c, t in zip(CENTRE, centre):
        truth[c] = rules.type_index[t]
    set_kingdom(s, 0, truth, sum(1 << c for c in CENTRE))
    s.apply(Action(DRAW))
    s.drawn = rules.type_index[drawn]
    s._legal = None
    return s


@pytest.mark.parametrize(
    "centre,drawn,refused",
    [
        (["dragon", "portal", "elf", "plain"], "human", {(1, 1): "locked", (1, 2): "locked"}),
        (["elf", "elf", "plain", "forest"], "elf", {(1, 1): "same-type", (1, 2): "same-type"}),
        (["dragon", "human", "goblin", "swamp"], "dragon", {(1, 1): "locked"}),
        (["portal", "forest", "plain", "swamp"], "portal", {(1, 1): "locked"}),
    ],
)
def test_placement_restrictions(rules, centre, drawn, refused):
    s = _turn_with(rules, centre, drawn)
    places = {(a.row, a.col) for a in s.legal_actions() if a.kind == "place"}
    assert places == {(c // 4, c % 4) for c in range(16)} - set(refused)  # face-down cells: always
    for (row, col), code in refused.items():
        before = snapshot(s)
        with pytest.raises(IllegalActionError) as err:
            s.apply(place(row, col))
        assert err.value.code == code
        assert snapshot(s) == before


# -- 4.2: empty draw pile ---------------------------------------------------------

def test_empty_draw_pile_reshuffles_all_but_the_discard_top(rules):
    s = arranged(rules)
    s.discard = s.deck + s.discard  # move the whole draw pile under the discard
    s.deck = []
    s._legal = None
    top, below = s.discard[-1], sorted(s.discard[:-1])
    assert Action(DRAW) in s.legal_actions()
    events = s.apply(Action(DRAW))
    assert [e.kind for e in events] == ["reshuffle", "draw"]
    assert s.discard == [top]
    assert sorted(s.deck + [s.drawn]) == below


def test_no_draw_when_draw_pile_and_discard_cannot_supply(rules):
    s = arranged(rules)
    s.deck = []
    s.discard = s.discard[-1:]
    s._legal = None
    legal = s.legal_actions()
    # Nothing to claim, no draw possible: the only action is taken for the player.
    assert Action(DRAW) not in legal
    assert legal == [Action(TAKE_DISCARD)] or all(a.kind == "claim" for a in legal[:-1])


def test_a_single_legal_action_is_applied_for_the_player(rules):
    s = arranged(rules, seed=1)
    assert s.current == 0 and not s.claimable(1)
    s.apply(Action(DRAW))
    s.deck, s.discard = [], []  # seat 1 will find one discard card and nothing to draw
    events = s.apply(place(0, 0))
    forced = [e for e in events if e.forced]
    assert [(e.kind, e.seat) for e in forced] == [("take-discard", 1)]
    assert s.current == 1 and s.step == Step.AFTER_TAKE_DISCARD
    assert s.history[-1] == place(0, 0)  # only chosen actions are recorded: replays redo forced ones


# -- 4.3: legends -------------------------------------------------------------------

def _claim_ready(rules) -> GameState:
    """Seat 0 at turn start with human + elf adjacent, and alliance-human-elf in the row."""
    s = _turn_with(rules, ["human", "elf", "plain", "forest"], "swamp")
    s.drawn = UNKNOWN
    s.deck.append(rules.type_index["swamp"])
    s.step = Step.TURN_START
    leg = rules.legend_index["alliance-human-elf"]
    if leg not in s.legend_row:
        s.legend_deck.remove(leg)
        s.legend_deck.append(s.legend_row[0])
        s.legend_row[0] = leg
    s._legal = None
    return s


def test_claim_before_drawing_then_no_second_claim_this_turn(rules):
    s = _claim_ready(rules)
    assert claim("alliance-human-elf") in s.legal_actions()
    row_before = s.legend_row[:]
    refill = s.legend_deck[-1]
    events = s.apply(claim("alliance-human-elf"))
    assert events[0].kind == "claim" and events[0].refill == rules.legend_ids[refill]
    assert s.claimed[0] == [rules.legend_index["alliance-human-elf"]]
    slot = row_before.index(rules.legend_index["alliance-human-elf"])
    assert s.legend_row[slot] == refill and len(s.legend_row) == 8
    assert s.step == Step.TURN_START and s.current == 0
    assert all(a.kind != "claim" for a in s.legal_actions())
    before = snapshot(s)
    with pytest.raises(IllegalActionError) as err:
        s.apply(claim(rules.legend_ids[s.legend_row[1]]))
    assert err.value.code in ("claimed-this-turn",)
    assert snapshot(s) == before


def test_claim_after_placing_ends_the_turn_and_pass_skips_it(rules):
    for finish in ("claim", "pass"):
        s = _claim_ready(rules)
        s.apply(Action(DRAW))
        s.apply(reveal(0, 0))  # keeps human + elf connected
        assert s.step == Step.AFTER_PLACE and s.current == 0
        assert s.legal_actions()[-1] == Action(PASS)
        s.apply(claim("alliance-human-elf") if finish == "claim" else Action(PASS))
        assert s.step == Step.TURN_START and s.current == 1
        assert len(s.claimed[0]) == (1 if finish == "claim" else 0)


def test_no_claim_step_when_nothing_is_claimable(rules):
    s = _turn_with(rules, ["human", "swamp", "plain", "mountain"], "dwarf")
    for leg in list(s.legend_row):
        if s.rules.met_legends(s.visible_kingdom(0)) >> leg & 1:
            pytest.fail("test kingdom should meet nothing")
    s.apply(reveal(0, 0))
    assert s.step == Step.TURN_START and s.current == 1


def test_unmet_or_absent_legends_cannot_be_claimed(rules):
    s = _claim_ready(rules)
    not_met = next(leg for leg in s.legend_row if not rules.met_legends(s.visible_kingdom(0)) >> leg & 1)
    absent = next(leg for leg in s.legend_deck)
    for leg, code in ((not_met, "not-met"), (absent, "not-in-row")):
        before = snapshot(s)
        with pytest.raises(IllegalActionError) as err:
            s.apply(claim(rules.legend_ids[leg]))
        assert err.value.code == code
        assert snapshot(s) == before
    with pytest.raises(IllegalActionError):
        s.apply(claim("no-such-legend"))


def test_legend_row_shrinks_when_the_legend_deck_is_empty(rules):
    s = _claim_ready(rules)
    s.legend_deck = []
    s.apply(claim("alliance-human-elf"))
    assert len(s.legend_row) == 7


# -- 5: the end -----------------------------------------------------------------------

def test_game_ends_immediately_when_the_last_unexplored_land_goes(rules):
    s = arranged(rules, players=3)
    seat = s.current
    set_kingdom(s, seat, s.kingdoms[seat], FULL & ~1)  # one face-down card left, top-left
    s.apply(Action(DRAW))
    events = s.apply(reveal(0, 0))
    assert s.is_terminal() and s.ended_by == seat
    assert s.legal_actions() == []
    finals = [e for e in events if e.kind == "final-reveal"]
    assert len(finals) == 24  # the two other kingdoms' 12 face-down cards each
    assert all(up == FULL for up in s.face_up)
    with pytest.raises(IllegalActionError):
        s.apply(Action(PASS))


def test_ending_player_cannot_claim_after_the_last_card(rules):
    s = _claim_ready(rules)
    set_kingdom(s, 0, s.kingdoms[0], FULL & ~1)
    s.apply(Action(DRAW))
    s.apply(reveal(0, 0))
    assert s.is_terminal() and s.claimed[0] == []


def _finished(rules, kingdom, *grids: str) -> GameState:
    """A finished 2-player game whose kingdoms show `grids` ('?' cells stay face down and count for nothing)."""
    s = arranged(rules)
    s.step = Step.GAME_OVER
    for seat, text in enumerate(grids):
        cells = kingdom(text)
        set_kingdom(s, seat, [max(t, 0) for t in cells], sum(1 << c for c, t in enumerate(cells) if t >= 0))
    return s


def test_tie_break_on_sorted_categories(rules, kingdom):
    # Both total 4. Seat 0: human 4 -> sorted (4, 0, ...). Seat 1: human 2 + elf 2 -> (2, 2, ...).
    s = _finished(rules, kingdom, "human plain / plain", "human plain / / / ? ? forest elf")
    s0, s1 = s.scores()
    assert (s0.total, s1.total) == (4, 4)
    assert (s0["human"], s1["human"], s1["elf"]) == (4, 2, 2)
    assert s.winners() == [0]


def test_tie_break_compares_sorted_values_not_category_order(rules, kingdom):
    # Seat 0: elf 2 (elf-forest) + human 2 (human-plain) -> (2, 2, 0...). Seat 1: dwarf 4 -> (4, 0...).
    s = _finished(rules, kingdom, "elf forest / / human plain", "mountain dwarf mountain")
    assert [b.total for b in s.scores()] == [4, 4]
    assert s.winners() == [1]


def test_shared_victory_when_everything_is_equal(rules, kingdom):
    s = _finished(rules, kingdom, "human plain / elf forest", "elf forest / human plain")
    assert s.scores()[0].values == s.scores()[1].values
    assert s.winners() == [0, 1]


def test_highest_total_wins(rules, kingdom):
    s = _finished(rules, kingdom, "human plain", "goblin swamp")
    assert [b.total for b in s.scores()] == [2, 3]
    assert s.winners() == [1]


# -- determinism ----------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_and_actions_give_the_same_game(rules, players):
    rng = random.Random(players)
    s = GameState.new(rules, players, seed=99, first=players - 1)
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    again = GameState.replay(rules, players, 99, players - 1, s.history)
    assert snapshot(again) == snapshot(s)
    assert [b.values for b in again.scores()] == [b.values for b in s.scores()]


def test_different_seeds_shuffle_differently(rules):
    decks = {tuple(GameState.new(rules, 2, seed).deck) for seed in range(10)}
    assert len(decks) == 10


def test_actions_round_trip_through_json(rules):
    s = GameState.new(rules, 2, seed=4)
    rng = random.Random(4)
    while not s.is_terminal():
        for action in s.legal_actions():
            assert Action.from_json(action.to_json()) == action
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])


# -- rule-book audit: rules no test above pinned ---------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_eight_legends_face_up_and_seven_in_the_legend_deck(rules, players):
    # 2.1: "Shuffle the 15 Legends and lay 8 of them face up in the Legend row; the other 7 are the Legend deck."
    s = GameState.new(rules, players, seed=players)
    assert len(s.legend_row) == 8 and len(s.legend_deck) == 7
    assert sorted(s.legend_row + s.legend_deck) == list(range(15))


@pytest.mark.parametrize("source", [DRAW, TAKE_DISCARD])
def test_game_ends_when_the_last_unexplored_land_is_replaced(rules, source):
    # 5: "The game ends immediately when any player's Kingdom has no face-down card left - whether the last one
    # was revealed or replaced"; then every face-down card is revealed and counts.
    s = arranged(rules, players=2)
    seat = s.current
    set_kingdom(s, seat, s.kingdoms[seat], FULL & ~(1 << 15))  # bottom-right is the last face-down card
    s.apply(Action(source))
    hidden = s.kingdoms[seat][15]
    events = s.apply(place(3, 3))
    assert s.is_terminal() and s.ended_by == seat and s.discard[-1] == hidden
    assert [e.kind for e in events][:2] == ["place", "end"]
    assert len([e for e in events if e.kind == "final-reveal"]) == 12
    assert all(up == FULL for up in s.face_up)
    assert [b.values for b in s.scores()] == [rules.breakdown(s.kingdoms[p], s.claimed[p]).values for p in (0, 1)]


def test_one_claim_in_the_whole_turn_so_no_claim_after_placing(rules):
    # 4: "at most one claim in the whole turn, either now or at step 3".
    s = _claim_ready(rules)
    s.apply(claim("alliance-human-elf"))
    s.legend_row[0] = rules.legend_index["tribes-human"]  # another legend the kingdom will meet after placing
    s._legal = None
    s.apply(Action(DRAW))
    s.drawn = rules.type_index["human"]
    s._legal = None
    s.apply(place(0, 1))  # human beside human
    assert "tribes-human" in [rules.legend_ids[leg] for leg in s.claimable(0)]
    assert s.step == Step.TURN_START and s.current == 1 and len(s.claimed[0]) == 1


def test_a_claim_may_follow_placing_the_discard_top(rules):
    # 4 step 3 after step 2's discard-pile option: the claim comes after placing a taken discard too.
    s = _claim_ready(rules)
    leg = rules.legend_index["tribes-human"]
    if leg not in s.legend_row:
        s.legend_deck.remove(leg)
        s.legend_deck.append(s.legend_row[1])
        s.legend_row[1] = leg
    s.discard.append(rules.type_index["human"])
    s._legal = None
    s.apply(Action(TAKE_DISCARD))
    s.apply(place(0, 1))
    assert s.step == Step.AFTER_PLACE and claim("tribes-human") in s.legal_actions()
    s.apply(claim("tribes-human"))
    assert s.claimed[0] == [leg] and s.current == 1
