"""The game state of Drako: Aetherya Pocket: legal actions, apply, end and scores.

A `GameState` is mutable and compact (lists of ints, bitmasks) so that the
computer opponents can clone and play it out quickly. Everything random comes
from the one `random.Random(seed)` it owns, so (seed, players, first seat,
chosen actions) always reproduces the same game.

Decision points (`Step`): arrange -> turn-start -> after-draw /
after-take-discard -> after-place -> next turn ... -> game-over. The engine
asks only when there is a real choice: the after-place claim step exists only
if a legend can be claimed, and a decision with exactly one legal action is
applied for the player (its event is marked `forced`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import IntEnum
from itertools import permutations
from typing import Any, NamedTuple, Sequence

from ....interface.game import brief, listed, ranking_winners
from .actions import (
    ARRANGE,
    CELL_ACTIONS,
    CLAIM,
    DRAW,
    PASS,
    PLACE,
    REVEAL,
    SIMPLE_ACTIONS,
    TAKE_DISCARD,
    Action,
    Event,
    IllegalActionError,
    arrange,
)
from .kingdom import CELLS, CENTRE, FULL, OUTER, UNKNOWN, Breakdown, Memo, Rules, by_cells, cell, cells_of


class Step(IntEnum):
    ARRANGE = 0
    TURN_START = 1
    AFTER_DRAW = 2
    AFTER_TAKE_DISCARD = 3
    AFTER_PLACE = 4
    GAME_OVER = 5


STEP_NAMES = ("arrange", "turn-start", "after-draw", "after-take-discard", "after-place", "game-over")
# The decision kinds (`GameState.decision()`) the table and the opponents tell apart.
ARRANGE_STEP, TURN_START_STEP, AFTER_PLACE_STEP = STEP_NAMES[0], STEP_NAMES[1], STEP_NAMES[4]
CARD_IN_HAND_STEPS = STEP_NAMES[2:4]  # a card drawn or taken from the discard, to place (or discard)
# The steps as module constants: looking a member up on an Enum class is a slow
# attribute access, and the hot path compares steps several times per action.
_ARRANGE, _TURN_START, _AFTER_DRAW, _AFTER_TAKE_DISCARD, _AFTER_PLACE, _GAME_OVER = Step
_TAKE_DISCARD = SIMPLE_ACTIONS[TAKE_DISCARD]
_DRAW = SIMPLE_ACTIONS[DRAW]
_PASS = SIMPLE_ACTIONS[PASS]

# Legal-action lists are built from these shared immutable actions: the same ones come up in every game.
# by mask of cells
_PLACES_ON: Memo[int, tuple[Action, ...]] = by_cells(CELL_ACTIONS[PLACE])
_REVEALS_ON: Memo[int, tuple[Action, ...]] = by_cells(CELL_ACTIONS[REVEAL])
# by (top-left, top-right, bottom-left, bottom-right)
_ARRANGEMENTS: Memo[tuple[str, ...], Action] = Memo(lambda cards: arrange(*cards))


FACE_DOWN = "?"  # in a revealed view (`revealed_kingdoms`), written before the type id of a card that lay face down


class View(NamedTuple):
    """What a player in `seat` may see. Face-down cards and the order of the
    draw pile are hidden from everyone, the owner included."""

    players: int
    seat: int | None  # None: what everyone sees (the same but for the arranging seat's starting cards)
    current: int
    step: str
    kingdoms: tuple[tuple[tuple[str | None, ...], ...], ...]  # per seat, 4 x 4, None = face down
    hand: tuple[str, ...]  # during arrange, the viewer's starting cards when it is the seat arranging
    drawn: str | None
    discard_top: str | None
    discard_size: int
    draw_size: int
    legend_row: tuple[str, ...]
    legends: tuple[tuple[str, ...], ...]  # claimed, per seat
    claimed_this_turn: bool

    def to_json(self) -> dict[str, Any]:
        out = self._asdict()
        out["kingdoms"] = [[list(r) for r in k] for k in self.kingdoms]
        out["hand"] = list(self.hand)
        out["legend_row"] = list(self.legend_row)
        out["legends"] = [list(ls) for ls in self.legends]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "View":
        """The inverse of to_json (for views sent between the game's own processes)."""
        return cls(
            **{
                **data,
                "kingdoms": tuple(tuple(tuple(r) for r in k) for k in data["kingdoms"]),
                "hand": tuple(data["hand"]),
                "legend_row": tuple(data["legend_row"]),
                "legends": tuple(tuple(ls) for ls in data["legends"]),
            }
        )


@dataclass(frozen=True, slots=True)
class PlacementChange:
    """What placing `card` on a cell would do to a kingdom's visible score."""

    before: Breakdown
    after: Breakdown
    claimable_before: tuple[str, ...]
    claimable_after: tuple[str, ...]

    @property
    def delta(self) -> dict[str, int]:
        return {k: a - b for k, a, b in zip(self.after.categories, self.after.values, self.before.values)}

    @property
    def newly_claimable(self) -> tuple[str, ...]:
        return tuple(leg for leg in self.claimable_after if leg not in self.claimable_before)


def placement_problem(rules: Rules, kingdom: Sequence[int], index: int, card: int) -> str | None:
    """Why `card` may not replace the (visible) cell, as a reason code, or None.

    Face-down cells (UNKNOWN) can always be replaced; a face-up locked card
    (Dragon, Portal) never; a face-up card never by one of its own type.
    """
    here = kingdom[index]
    if here < 0:
        return None
    if here in rules.locked:
        return "locked"
    if here == card:
        return "same-type"
    return None


def placement_change(
    rules: Rules, kingdom: Sequence[int], legends: Sequence[int], index: int, card: int
) -> PlacementChange:
    """Score change (face-up cards) of placing `card` on `index` of a visible kingdom."""
    after = list(kingdom)
    after[index] = card
    return PlacementChange(
        rules.breakdown(kingdom, legends),
        rules.breakdown(after, legends),
        tuple(rules.met_legend_ids(kingdom)),
        tuple(rules.met_legend_ids(after)),
    )


class GameState:
    """One game in progress. Use `GameState.new(...)`, then `legal_actions()` / `apply()`."""

    __slots__ = (
        "rules", "players", "seed", "first", "rng", "step", "current", "kingdoms", "face_up", "hands",
        "deck", "discard", "legend_row", "legend_deck", "claimed", "claimed_this_turn", "drawn",
        "ended_by", "turn", "history", "_legal", "_visible", "_met",
    )

    variants: tuple[str, ...] = ()  # the game has no variants
    rules: Rules
    players: int
    seed: int
    first: int
    rng: random.Random
    step: Step
    current: int
    kingdoms: list[list[int]]  # per seat, 16 type indices (UNKNOWN before the deal)
    face_up: list[int]  # per seat, the mask of face-up cells
    hands: list[list[int]]  # per seat, the starting cards while arranging
    deck: list[int]
    discard: list[int]
    legend_row: list[int]
    legend_deck: list[int]
    claimed: list[list[int]]
    claimed_this_turn: bool
    drawn: int
    ended_by: int
    turn: int
    history: list[Action]
    _visible: list[tuple[int, ...]]
    _met: list[int]

    def __init__(self) -> None:  # use new() or clone()
        self._legal: list[Action] | None = None

    # -- creation --------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules, players: int, seed: int, first: int = 0) -> "GameState":
        cards = rules.cards
        if not cards.min_players <= players <= cards.max_players:
            raise ValueError(f"{cards.name} is for {cards.min_players}-{cards.max_players} players, not {players}")
        if not 0 <= first < players:
            raise ValueError(f"first player must be a seat 0-{players - 1}, not {first}")
        s = cls()
        s.rules = rules
        s.players = players
        s.seed = seed
        s.first = first
        s.rng = rng = random.Random(seed)
        s.deck = [t.index for t in cards.types for _ in range(t.count_for(players))]
        rng.shuffle(s.deck)
        legends = list(range(len(cards.legends)))
        rng.shuffle(legends)
        s.legend_row = legends[: cards.legend_row]
        s.legend_deck = legends[cards.legend_row:]
        s.kingdoms = [[UNKNOWN] * CELLS for _ in range(players)]
        s.face_up = [0] * players
        s.hands = [[] for _ in range(players)]
        aside: list[int] = []
        for seat in s._seat_order():
            hand = s.hands[seat]
            while len(hand) < cards.starting_hand:
                if not s.deck:
                    raise ValueError(
                        "the deck ran out while dealing the starting cards: the card data has too few types"
                    )
                card = s.deck.pop()
                (aside if card in hand else hand).append(card)
        s.deck.extend(aside)
        rng.shuffle(s.deck)
        s.discard = []
        s.claimed = [[] for _ in range(players)]
        s.claimed_this_turn = False
        s.drawn = UNKNOWN
        s.ended_by = -1
        s.turn = 0
        s.history = []
        s.step = Step.ARRANGE
        s.current = first
        s._visible = [(UNKNOWN,) * CELLS for _ in range(players)]
        s._met = [-1] * players  # per seat: the met-legends mask of its visible kingdom, -1 = not known
        return s

    @classmethod
    def assemble(
        cls,
        rules: Rules,
        kingdoms: Sequence[Sequence[int]],
        face_up: Sequence[int],
        *,
        current: int,
        step: Step,
        deck: Sequence[int],
        discard: Sequence[int],
        drawn: int,
        legend_row: Sequence[int],
        legend_deck: Sequence[int],
        claimed: Sequence[Sequence[int]],
        claimed_this_turn: bool,
        seed: int,
    ) -> "GameState":
        """A mid-game state put together from its parts (type and legend indices).

        For the computer opponents' searches, which fill in what a view hides
        (face-down cards, draw pile, discard pile under its top, legend deck)
        with a sample and play on from there. `kingdoms` are complete (no
        UNKNOWN), `face_up` the per-seat masks of face-up cells; lists end with
        their top card (`deck.pop()` is the next draw). Who started is not part
        of a position: `first` is set to `current`, which only changes the
        order of the final-reveal events. Arrange and game-over are not
        positions one plays on from, so they are refused.
        """
        if step in (Step.ARRANGE, Step.GAME_OVER):
            raise ValueError(f"cannot assemble a state at step {STEP_NAMES[step]}")
        players = len(kingdoms)
        if not (len(face_up) == len(claimed) == players and 0 <= current < players):
            raise ValueError("kingdoms, face_up, claimed and current must agree on the number of players")
        if any(len(k) != CELLS or min(k) < 0 for k in kingdoms):
            raise ValueError("every kingdom needs 16 known cards")
        s = cls()
        s.rules = rules
        s.players = players
        s.seed = seed
        s.first = current
        s.rng = random.Random(seed)
        s.step = Step(step)
        s.current = current
        s.kingdoms = [list(k) for k in kingdoms]
        s.face_up = list(face_up)
        s.hands = [[] for _ in range(players)]
        s.deck = list(deck)
        s.discard = list(discard)
        s.legend_row = list(legend_row)
        s.legend_deck = list(legend_deck)
        s.claimed = [list(c) for c in claimed]
        s.claimed_this_turn = claimed_this_turn
        s.drawn = drawn
        s.ended_by = -1
        s.turn = 0
        s.history = []
        s._visible = [
            tuple(t if up >> i & 1 else UNKNOWN for i, t in enumerate(k)) for k, up in zip(s.kingdoms, s.face_up)
        ]
        s._met = [-1] * players
        return s

    @classmethod
    def replay(cls, rules: Rules, players: int, seed: int, first: int, actions: Sequence[Action]) -> "GameState":
        state = cls.new(rules, players, seed, first)
        for action in actions:
            state.apply(action)
        return state

    def clone(self) -> "GameState":
        s = GameState.__new__(GameState)
        s.rules = self.rules
        s.players = self.players
        s.seed = self.seed
        s.first = self.first
        s.rng = random.Random()
        s.rng.setstate(self.rng.getstate())
        s.step = self.step
        s.current = self.current
        s.kingdoms = [k[:] for k in self.kingdoms]
        s.face_up = self.face_up[:]
        s.hands = [h[:] for h in self.hands]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.legend_row = self.legend_row[:]
        s.legend_deck = self.legend_deck[:]
        s.claimed = [c[:] for c in self.claimed]
        s.claimed_this_turn = self.claimed_this_turn
        s.drawn = self.drawn
        s.ended_by = self.ended_by
        s.turn = self.turn
        s.history = self.history[:]
        s._legal = self._legal
        s._visible = self._visible[:]
        s._met = self._met[:]
        return s

    def _seat_order(self) -> list[int]:
        return [(self.first + i) % self.players for i in range(self.players)]

    # -- queries -----------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.step == _GAME_OVER

    def decision(self) -> str:
        """The kind of decision pending: arrange, turn-start, after-draw, after-take-discard, after-place."""
        return STEP_NAMES[self.step]

    def visible_kingdom(self, seat: int) -> tuple[int, ...]:
        """The seat's kingdom as everyone sees it: UNKNOWN for face-down cells."""
        return self._visible[seat]

    def _turn_face_up(self, seat: int, index: int) -> None:
        self.face_up[seat] |= 1 << index
        v = self._visible[seat]
        self._visible[seat] = (*v[:index], self.kingdoms[seat][index], *v[index + 1:])
        self._met[seat] = -1

    def face_down_count(self, seat: int) -> int:
        return CELLS - self.face_up[seat].bit_count() if self.step != _ARRANGE else CELLS

    def claimable(self, seat: int) -> list[int]:
        """Legend indices in the row whose requirement the seat's kingdom meets now."""
        met = self._met_mask(seat)
        return [leg for leg in self.legend_row if met >> leg & 1]

    def _claimable_mask(self, seat: int) -> int:
        """The legends in the row the seat's kingdom meets now, as a mask (0: none)."""
        met = self._met_mask(seat)
        if not met:  # (most kingdoms meet no legend at all)
            return 0
        row = 0
        for leg in self.legend_row:
            row |= 1 << leg
        return met & row

    def _met_mask(self, seat: int) -> int:
        met = self._met[seat]
        if met < 0:  # the kingdom changed since it was last checked
            met = self._met[seat] = self.rules.met_legends(self._visible[seat])
        return met

    def legal_actions(self) -> list[Action]:
        """Every legal action, in a fixed order (the bot protocol indexes into it)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> list[Action]:
        step = self.step
        if step == _TURN_START:
            legal = [] if self.claimed_this_turn else self._claim_actions()
            legal.append(_TAKE_DISCARD)
            if self.deck or len(self.discard) > 1:
                legal.append(_DRAW)
            return legal
        if step == _AFTER_DRAW or step == _AFTER_TAKE_DISCARD:
            masks, _, _, locked = self.rules.analysis_tuple(self._visible[self.current])
            legal = list(_PLACES_ON[FULL & ~(locked | masks[self.drawn])])
            if step == _AFTER_DRAW:
                legal += _REVEALS_ON[FULL & ~self.face_up[self.current]]
            return legal
        if step == _AFTER_PLACE:
            legal = self._claim_actions()
            legal.append(_PASS)
            return legal
        if step == _ARRANGE:
            return self._arrangements()
        return []

    def _claim_actions(self) -> list[Action]:
        met = self._met_mask(self.current)
        if not met:  # (most kingdoms meet no legend at all)
            return []
        actions = self.rules.claim_actions
        return [actions[leg] for leg in self.legend_row if met >> leg & 1]

    def _arrangements(self) -> list[Action]:
        ids = self.rules.type_ids
        # The starting cards are all of different types (see new), so every
        # ordering of four of them is a different arrangement.
        return [_ARRANGEMENTS[cards] for cards in permutations((ids[t] for t in self.hands[self.current]), 4)]

    # -- apply ---------------------------------------------------------------

    def decision_of(self, action: Action) -> Action:
        return action  # every action is one decision

    def why_illegal(self, action: Action) -> IllegalActionError | None:
        """Why the action may not be taken now (a typed error with a reason code), or None if it may.

        The one legality check: `apply` uses it, the table's refusals and the lesson explain with it."""
        step = self.step
        kind = action.kind
        if step == _GAME_OVER:
            return IllegalActionError("game-over", "the game is over")
        if kind == PLACE or kind == REVEAL:
            if not (0 <= action.row < 4 and 0 <= action.col < 4):
                return IllegalActionError("off-board", f"there is no cell {action.row},{action.col}")
            seat = self.current
            index = cell(action.row, action.col)
            ids = self.rules.type_ids
            if kind == PLACE:
                if step != _AFTER_DRAW and step != _AFTER_TAKE_DISCARD:
                    return IllegalActionError("not-now", "place a card only after drawing it or taking the discard")
                problem = placement_problem(self.rules, self._visible[seat], index, self.drawn)
                here = self.kingdoms[seat][index]
                if problem == "locked":
                    return IllegalActionError("locked", f"a face-up {ids[here]} is locked and can never be replaced")
                if problem == "same-type":
                    return IllegalActionError(
                        "same-type", f"a face-up {ids[here]} cannot be replaced by a card of the same type"
                    )
                return None
            if step != _AFTER_DRAW:
                return IllegalActionError(
                    "not-now", "reveal only after drawing from the draw pile (the drawn card is discarded)"
                )
            if self.face_up[seat] >> index & 1:
                return IllegalActionError("face-up", "only a face-down Unexplored Land can be revealed")
            return None
        if kind == DRAW or kind == TAKE_DISCARD:
            if step != _TURN_START:
                return IllegalActionError(
                    "not-now", f"{kind} is only possible at the start of a turn, after an optional claim"
                )
            if kind == DRAW and not self.deck and len(self.discard) < 2:
                return IllegalActionError("no-cards", "the draw pile is empty and cannot be refilled")
            return None
        if kind == CLAIM:
            if step != _TURN_START and step != _AFTER_PLACE:
                return IllegalActionError(
                    "not-now", "a legend can be claimed before drawing, or after placing or discarding to reveal"
                )
            if self.claimed_this_turn:
                return IllegalActionError("claimed-this-turn", "only one legend can be claimed per turn")
            leg = self.rules.legend_index.get(action.legend or "", -1)
            if leg < 0:
                return IllegalActionError("unknown-legend", f"there is no legend {brief(action.legend)}")
            if leg not in self.legend_row:
                return IllegalActionError("not-in-row", f"{action.legend} is not in the legend row")
            if not self._met_mask(self.current) >> leg & 1:
                return IllegalActionError("not-met", f"your kingdom does not meet the requirement of {action.legend}")
            return None
        if kind == PASS:
            if step != _AFTER_PLACE:
                return IllegalActionError("not-now", "pass only skips the optional claim after placing")
            return None
        if kind == ARRANGE:
            if step != _ARRANGE:
                return IllegalActionError("not-now", "the starting cards are arranged only at setup")
            ids = self.rules.type_ids
            hand = self.hands[self.current]
            wanted = [c for row in action.cards or () for c in row]
            if sorted(wanted) != sorted(ids[t] for t in hand):
                return IllegalActionError(
                    "not-your-cards",
                    f"arrange exactly your starting cards ({', '.join(ids[t] for t in hand)}), "
                    f"got {brief(', '.join(wanted))}",
                )
            return None
        return IllegalActionError("unknown", f"unknown action {brief(kind)}")

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return what happened. An illegal action
        raises IllegalActionError and leaves the state unchanged."""
        # An action object from the current legal list is legal (interned actions make this the usual case).
        if not listed(action, self._legal):
            problem = self.why_illegal(action)
            if problem is not None:
                raise problem
        events = self._apply(action, forced=False)
        self.history.append(action)
        while self.step != _GAME_OVER:
            legal = self._legal
            if legal is None:  # (legal_actions(), without the call: this runs after every action)
                legal = self._legal = self._compute_legal()
            if len(legal) != 1:
                break
            events.extend(self._apply(legal[0], forced=True))
        return events

    def _apply(self, action: Action, forced: bool) -> list[Event]:
        """Apply an action known to be legal (checked by `apply`, or the only legal one).

        Every turn's events are made with positional fields only (keyword arguments cost a NamedTuple of
        12 fields twice as much to make)."""
        kind = action.kind
        seat = self.current
        if kind == PLACE or kind == REVEAL:
            return self._apply_cell(action, forced)
        if kind == DRAW or kind == TAKE_DISCARD:
            self._legal = None
            if kind == TAKE_DISCARD:
                drawn = self.drawn = self.discard.pop()
                self.step = _AFTER_TAKE_DISCARD
                return [Event(TAKE_DISCARD, seat, self.rules.type_ids[drawn], -1, -1, None, False, None, None, 0, None,
                              forced)]
            events = []
            if not self.deck:
                top = self.discard.pop()
                self.deck = self.discard
                self.discard = [top]
                self.rng.shuffle(self.deck)
                events.append(Event("reshuffle", seat, number=len(self.deck)))
            drawn = self.drawn = self.deck.pop()
            self.step = _AFTER_DRAW
            events.append(Event(DRAW, seat, self.rules.type_ids[drawn], -1, -1, None, False, None, None, 0, None,
                                forced))
            return events
        if kind == CLAIM:
            return self._apply_claim(action, forced)
        if kind == PASS:
            return [Event(PASS, seat, forced=forced), *self._end_turn()]
        return self._apply_arrange(action, forced)

    def _apply_claim(self, action: Action, forced: bool) -> list[Event]:
        seat = self.current
        leg = self.rules.legend_index[action.legend or ""]
        self._legal = None
        slot = self.legend_row.index(leg)
        refill = None
        if self.legend_deck:
            self.legend_row[slot] = self.legend_deck.pop()
            refill = self.rules.legend_ids[self.legend_row[slot]]
        else:
            del self.legend_row[slot]
        self.claimed[seat].append(leg)
        self.claimed_this_turn = True
        events = [Event(CLAIM, seat, legend=action.legend, refill=refill, forced=forced)]
        if self.step == _AFTER_PLACE:
            events.extend(self._end_turn())
        return events

    def _apply_cell(self, action: Action, forced: bool) -> list[Event]:
        seat = self.current
        row, col = action.row, action.col
        index = row * 4 + col
        kingdom = self.kingdoms[seat]
        up = self.face_up[seat]
        ids = self.rules.type_ids
        drawn = self.drawn
        if action.kind == PLACE:
            replaced = kingdom[index]
            kingdom[index] = drawn
            self.discard.append(replaced)
            events = [Event(PLACE, seat, ids[drawn], row, col, ids[replaced], not up >> index & 1, None, None, 0, None,
                            forced)]
        else:
            self.discard.append(drawn)
            events = [Event(REVEAL, seat, ids[drawn], row, col, ids[kingdom[index]], True, None, None, 0, None, forced)]
        self._legal = None
        # The cell turns face up (as _turn_face_up, inline: this is every turn's end)
        up = self.face_up[seat] = up | 1 << index
        before = self._visible[seat]
        after = self._visible[seat] = before[:index] + (kingdom[index],) + before[index + 1:]
        self.drawn = UNKNOWN
        if up == FULL:
            self._met[seat] = -1
            events.extend(self._end_game())
            return events
        self._met[seat] = self.rules.met_after(before, after, index)
        if not self.claimed_this_turn and self._claimable_mask(seat):
            self.step = _AFTER_PLACE
        else:
            events.extend(self._end_turn())
        return events

    def _apply_arrange(self, action: Action, forced: bool) -> list[Event]:
        seat = self.current
        ids = self.rules.type_ids
        wanted = [c for row in action.cards or () for c in row]
        self._legal = None
        kingdom = self.kingdoms[seat]
        for index, type_id in zip(CENTRE, wanted):
            kingdom[index] = self.rules.type_index[type_id]
            self._turn_face_up(seat, index)
        self.hands[seat] = []
        events = [Event(ARRANGE, seat, cards=action.cards, forced=forced)]
        self.current = (seat + 1) % self.players
        if self.current == self.first:
            for s in self._seat_order():
                for index in OUTER:
                    self.kingdoms[s][index] = self.deck.pop()
            self.discard.append(self.deck.pop())
            events.append(Event("deal", number=len(OUTER)))
            events.append(Event("start-discard", card=ids[self.discard[-1]]))
            events.extend(self._start_turn())
        return events

    def _start_turn(self) -> list[Event]:
        self.step = _TURN_START
        self.claimed_this_turn = False
        turn = self.turn = self.turn + 1
        return [Event("turn", self.current, None, -1, -1, None, False, None, None, turn)]

    def _end_turn(self) -> list[Event]:
        self._legal = None
        self.current = (self.current + 1) % self.players
        return self._start_turn()

    def _end_game(self) -> list[Event]:
        self._legal = None
        self.step = _GAME_OVER
        self.ended_by = self.current
        ids = self.rules.type_ids
        events = [Event("end", self.current)]
        for seat in self._seat_order():
            for index in cells_of(FULL & ~self.face_up[seat]):
                events.append(
                    Event("final-reveal", seat, row=index // 4, col=index % 4, replaced=ids[self.kingdoms[seat][index]])
                )
                self._turn_face_up(seat, index)
        return events

    # -- scores --------------------------------------------------------------

    def breakdown(self, seat: int) -> Breakdown:
        """The seat's score from its face-up cards and claimed legends (final once the game is over)."""
        return self.rules.breakdown(self.visible_kingdom(seat), self.claimed[seat])

    def scores(self) -> list[Breakdown]:
        return [self.breakdown(seat) for seat in range(self.players)]

    def winners(self) -> list[int]:
        """Highest total; ties broken by the seven categories each sorted high to low; still equal share."""
        return ranking_winners(self.scores())

    # -- views ---------------------------------------------------------------

    def view(self, seat: int | None) -> View:
        ids = self.rules.type_ids
        legend_ids = self.rules.legend_ids
        step = self.step
        return View(
            players=self.players,
            seat=seat,
            current=self.current,
            step=STEP_NAMES[step],
            kingdoms=tuple(self.rules.kingdom_to_ids(self.visible_kingdom(s)) for s in range(self.players)),
            # Starting cards are the arranging seat's own until placed (pass-and-play hands the screen over).
            hand=tuple(ids[t] for t in self.hands[seat]) if step == _ARRANGE and seat == self.current else (),
            drawn=ids[self.drawn] if self.drawn >= 0 else None,
            discard_top=ids[self.discard[-1]] if self.discard else None,
            discard_size=len(self.discard),
            draw_size=len(self.deck),
            legend_row=tuple(legend_ids[leg] for leg in self.legend_row),
            legends=tuple(tuple(legend_ids[leg] for leg in c) for c in self.claimed),
            claimed_this_turn=self.claimed_this_turn,
        )

    def revealed_view(self) -> View:
        """The public view with its face-down cards shown, each written as FACE_DOWN followed by its type id (the
        game viewer, once the game is over)."""
        view = self.view(None)
        if self.step == _ARRANGE:  # nothing is dealt yet: no card lies face down
            return view
        ids = self.rules.type_ids
        kingdoms = tuple(
            tuple(tuple(card if card is not None else FACE_DOWN + ids[self.kingdoms[seat][row * 4 + col]]
                        for col, card in enumerate(cells)) for row, cells in enumerate(grid))
            for seat, grid in enumerate(view.kingdoms))
        return view._replace(kingdoms=kingdoms)

    def card_count(self) -> int:
        """Every kingdom card, wherever it is (the property tests check it never changes)."""
        return (
            len(self.deck)
            + len(self.discard)
            + sum(1 for k in self.kingdoms for t in k if t >= 0)
            + sum(len(h) for h in self.hands)
            + (1 if self.drawn >= 0 else 0)
        )
