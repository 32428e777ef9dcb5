"""What an agent knows, and complete game states that agree with it.

A view hides the face-down cards, the draw pile, the discard pile under its
top card and the order of the legend deck. `Position` decodes one view into
the engine's indices (once per decision: the searches sample from it hundreds
of times) and works out the pool of unseen cards: the deck composition for the
player count minus every card the view shows. `Position.sample` deals that
pool at random over the hidden places (determinization), giving a GameState a
search can play on from. Nothing here ever looks at a real GameState, so an
agent's decisions depend on its view and its own random numbers only.
"""

from __future__ import annotations

import random

from ..engine import CELLS, STEP_NAMES, UNKNOWN, GameState, Rules, Step, View


class Position:
    """One view in engine indices, with the pool of cards its seat has not seen."""

    __slots__ = (
        "rules", "players", "seat", "current", "step", "kingdoms", "face_up", "hand", "drawn", "discard_top",
        "buried", "draw_size", "legend_row", "legend_deck", "claimed", "claimed_this_turn", "unseen", "pool",
    )

    def __init__(self, rules: Rules, view: View) -> None:
        ix = rules.type_index
        legend_ix = rules.legend_index
        self.rules = rules
        self.players = view.players
        assert view.seat is not None, "an opponent decides from its own seat's view"
        self.seat: int = view.seat
        self.current = view.current
        self.step = Step(STEP_NAMES.index(view.step))
        self.kingdoms = [rules.kingdom_from_ids(k) for k in view.kingdoms]
        self.face_up = [sum(1 << c for c, t in enumerate(k) if t >= 0) for k in self.kingdoms]
        self.hand = [ix[t] for t in view.hand]
        self.drawn = ix[view.drawn] if view.drawn is not None else UNKNOWN
        self.discard_top = ix[view.discard_top] if view.discard_top is not None else UNKNOWN
        self.buried = max(0, view.discard_size - 1)
        self.draw_size = view.draw_size
        self.legend_row = [legend_ix[leg] for leg in view.legend_row]
        self.claimed = [[legend_ix[leg] for leg in c] for c in view.legends]
        self.claimed_this_turn = view.claimed_this_turn
        taken = set(self.legend_row).union(*self.claimed)
        self.legend_deck = [leg for leg in range(len(rules.legend_ids)) if leg not in taken]

        unseen = [t.count_for(self.players) for t in rules.cards.types]
        shown = [t for k in self.kingdoms for t in k if t >= 0] + self.hand
        shown += [t for t in (self.drawn, self.discard_top) if t >= 0]
        for t in shown:
            unseen[t] -= 1
        if min(unseen) < 0:
            raise ValueError("the view shows more cards of a type than the game has")
        self.unseen = unseen  # per type: cards not visible anywhere in the view
        self.pool = [t for t, n in enumerate(unseen) for _ in range(n)]
        if self.step != Step.ARRANGE:
            hidden = sum(CELLS - up.bit_count() for up in self.face_up) + self.buried + self.draw_size
            if hidden != len(self.pool):
                raise ValueError(f"the view hides {hidden} cards but {len(self.pool)} are unseen")

    def face_down(self, seat: int) -> int:
        return CELLS - self.face_up[seat].bit_count()

    def sample(self, rng: random.Random) -> GameState:
        """A complete state consistent with the view: the unseen cards dealt at random."""
        pool = self.pool[:]
        rng.shuffle(pool)
        kingdoms = []
        at = 0
        for k in self.kingdoms:
            full = list(k)
            for c in range(CELLS):
                if full[c] < 0:
                    full[c] = pool[at]
                    at += 1
            kingdoms.append(full)
        discard = pool[at:at + self.buried]
        if self.discard_top >= 0:
            discard.append(self.discard_top)
        legend_deck = self.legend_deck[:]
        rng.shuffle(legend_deck)
        return GameState.assemble(
            self.rules, kingdoms, self.face_up,
            current=self.current, step=self.step, deck=pool[at + self.buried:], discard=discard, drawn=self.drawn,
            legend_row=self.legend_row, legend_deck=legend_deck, claimed=self.claimed,
            claimed_this_turn=self.claimed_this_turn, seed=rng.getrandbits(63),
        )
