"""The easy and medium computer opponents: one-step plans on a static evaluation.

`Planner` values every legal action of the player to move by the kingdom it
leads to (the `Evaluator`'s expected final score, plus the legends it makes
claimable, plus the result when the action ends the game); a draw is valued
as the average over the unseen pool of the best thing to do with the card.
The medium level plays the best action; the hard level uses the same values
to pick its candidates and its starting arrangement.

The easy level plays like a casual player: it looks at the face-up points
only, sometimes overlooks a legend it could claim, is content with a decent
placement rather than the best one, and never thinks about the end of the game.
"""

from __future__ import annotations

import math
import random
from typing import Any, Sequence

from ..engine import (
    ARRANGE,
    CELLS,
    CENTRE,
    CLAIM,
    DRAW,
    PASS,
    PLACE,
    REVEAL,
    TAKE_DISCARD,
    UNKNOWN,
    Action,
    Rules,
    View,
)
from .determinize import Position
from .evaluate import Evaluator, Odds

# A legend that is met but cannot be claimed this turn may still be there next turn.
LATER = 0.6
# Ending the game: a win or a loss outweighs any difference in points.
DECISIVE = 100.0
# Claiming is free and permanent: before anything else at the start of a turn.
CLAIM_FIRST = 1_000.0


def _put(kingdom: tuple[int, ...], index: int, card: int) -> tuple[int, ...]:
    return kingdom[:index] + (card,) + kingdom[index + 1:]


def _can_place(rules: Rules, here: int, card: int) -> bool:
    return here < 0 or (here not in rules.locked and here != card)


class Planner:
    """Values of the legal actions of the player to move in one position (higher is better)."""

    def __init__(self, evaluator: Evaluator, pos: Position) -> None:
        self.ev = evaluator
        self.rules = rules = evaluator.rules
        self.pos = pos
        self.odds = Odds(evaluator, pos.unseen)
        self.seat = pos.current
        self.kingdom = pos.kingdoms[self.seat]
        self.can_claim = not pos.claimed_this_turn
        self.legend_points = [sum(rules.legend_points[leg] for leg in c) for c in pos.claimed]
        self._memo: dict[tuple[int, ...], float] = {}
        self._reveal_best: float | None = None

    def values(self, legal: Sequence[Action]) -> list[float]:
        return [self.value(a) for a in legal]

    def value(self, action: Action) -> float:
        kind = action.kind
        if kind == PLACE:
            return self.after(_put(self.kingdom, action.row * 4 + action.col, self.pos.drawn))
        if kind == REVEAL:
            return self.reveal(action.row * 4 + action.col)
        if kind == CLAIM:
            return CLAIM_FIRST + self.rules.legend_points[self.rules.legend_index[action.legend_id]]
        if kind == TAKE_DISCARD:
            return self.best_place(self.pos.discard_top)
        if kind == DRAW:
            return self.draw()
        if kind == ARRANGE:
            kingdom = [UNKNOWN] * CELLS
            for index, type_id in zip(CENTRE, (t for row in action.arranged for t in row)):
                kingdom[index] = self.rules.type_index[type_id]
            return self.after(tuple(kingdom))
        assert kind == PASS, f"the only other step is a pass, not {kind}"
        return 0.0

    def after(self, kingdom: tuple[int, ...]) -> float:
        """Value of the player's kingdom becoming `kingdom` this turn."""
        found = self._memo.get(kingdom)
        if found is None:
            if min(kingdom) >= 0:
                found = self._game_end(kingdom)
            else:
                found = self.ev.expected(kingdom, self.odds) + self._legends(kingdom)
            self._memo[kingdom] = found
        return found

    def _legends(self, kingdom: tuple[int, ...]) -> float:
        met = self.rules.met_legends(kingdom)
        points = self.rules.legend_points
        found = sorted((points[leg] for leg in self.pos.legend_row if met >> leg & 1), reverse=True)
        if not found:
            return 0.0
        if self.can_claim:
            return found[0] + LATER * sum(found[1:])
        return LATER * sum(found)

    def _game_end(self, kingdom: tuple[int, ...]) -> float:
        """The last face-down card goes: the game ends now, legends are final."""
        mine = self.ev.total(kingdom) + self.legend_points[self.seat]
        best_other = max(
            self.ev.expected(k, self.odds) + self.legend_points[s]
            for s, k in enumerate(self.pos.kingdoms)
            if s != self.seat
        )
        if mine > best_other:
            return mine + DECISIVE
        if mine < best_other:
            return mine - DECISIVE
        return mine

    def best_place(self, card: int) -> float:
        k = self.kingdom
        return max(self.after(_put(k, c, card)) for c in range(CELLS) if _can_place(self.rules, k[c], card))

    def reveal(self, index: int) -> float:
        """Expected value of turning the face-down cell over."""
        k = self.kingdom
        return sum(p * self.after(_put(k, index, t)) for t, p in enumerate(self.odds.p) if p)

    def draw(self) -> float:
        """Expected value of drawing: per possible card, the better of its best place and the best reveal."""
        if self._reveal_best is None:
            self._reveal_best = max(self.reveal(c) for c in range(CELLS) if self.kingdom[c] < 0)
        return sum(p * max(self.best_place(t), self._reveal_best) for t, p in enumerate(self.odds.p) if p)


def best_index(values: Sequence[float]) -> int:
    """The first of the best values (ties go to the engine's fixed action order)."""
    return max(range(len(values)), key=lambda i: (values[i], -i))


class MediumAgent:
    """Plays the action with the best one-step value."""

    name = "medium"
    wants_view = True

    def __init__(self, rules: Rules, seed: int, evaluator: Evaluator | None = None) -> None:
        self.rules = rules
        self.ev = evaluator or Evaluator(rules)

    def choose(self, view: View, legal: Sequence[Action]) -> int:
        if len(legal) == 1:
            return 0
        planner = Planner(self.ev, Position(self.rules, view))
        if legal[0].kind == CLAIM:  # claims come first and are worth more than anything else
            return best_index([planner.value(a) if a.kind == CLAIM else -math.inf for a in legal])
        return best_index(planner.values(legal))

    def game_over(self, scores: Sequence[dict[str, Any]], winners: Sequence[int]) -> None:
        pass

    def close(self) -> None:
        pass


class EasyAgent:
    """A casual player: greedy for face-up points, with recognisable slips."""

    name = "easy"
    wants_view = True
    # How often a claimable legend goes unnoticed.
    OVERLOOK_CLAIM = 0.3
    # Softmax temperature, in points: how often a near-best move is taken instead of the best.
    TEMPERATURE = 1.0
    # What drawing a fresh card feels like it is worth, against a sure gain from the discard.
    DRAW_HOPE = 1.5

    def __init__(self, rules: Rules, seed: int, evaluator: Evaluator | None = None) -> None:
        self.rules = rules
        self.ev = evaluator or Evaluator(rules)
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> int:
        if len(legal) == 1:
            return 0
        rules = self.rules
        claims = [i for i, a in enumerate(legal) if a.kind == CLAIM]
        if claims and self.rng.random() >= self.OVERLOOK_CLAIM:
            return max(claims, key=lambda i: rules.legend_points[rules.legend_index[legal[i].legend_id]])
        others = [i for i, a in enumerate(legal) if a.kind != CLAIM]
        if len(others) == 1:
            return others[0]
        pos = Position(rules, view)
        kingdom = pos.kingdoms[pos.current]
        row = pos.legend_row

        def face_up_value(k: tuple[int, ...]) -> float:
            met = rules.met_legends(k)
            return self.ev.total(k) + max((rules.legend_points[leg] for leg in row if met >> leg & 1), default=0)

        now = face_up_value(kingdom)
        options: list[int] = []
        values: list[float] = []
        reveals: list[int] = []
        for i in others:
            a = legal[i]
            if a.kind == REVEAL:
                reveals.append(i)  # one option "reveal something", cell picked at random
                continue
            if a.kind == PLACE:
                value = face_up_value(_put(kingdom, a.row * 4 + a.col, pos.drawn)) - now
            elif a.kind == TAKE_DISCARD:
                card = pos.discard_top
                value = (
                    max(
                        face_up_value(_put(kingdom, c, card))
                        for c in range(CELLS)
                        if _can_place(rules, kingdom[c], card)
                    )
                    - now
                )
            elif a.kind == DRAW:
                value = self.DRAW_HOPE
            elif a.kind == ARRANGE:
                k = [UNKNOWN] * CELLS
                for index, type_id in zip(CENTRE, (t for r in a.arranged for t in r)):
                    k[index] = rules.type_index[type_id]
                value = face_up_value(tuple(k))
            else:  # pass, after overlooking the claim
                value = 0.0
            options.append(i)
            values.append(value)
        if reveals:
            options.append(-1)
            values.append(0.0)
        top = max(values)
        weights = [math.exp((v - top) / self.TEMPERATURE) for v in values]
        pick = self.rng.choices(options, weights)[0]
        return pick if pick >= 0 else self.rng.choice(reveals)

    def game_over(self, scores: Sequence[dict[str, Any]], winners: Sequence[int]) -> None:
        pass

    def close(self) -> None:
        pass
