"""Actions valued at a glance: what the easy level plays by, and the hard level's playouts.

A glance looks at one action on its own, in rough points, from the acting seat's own
knowledge (its tokens and the ones it peeked at): a fight it wins on the preview is worth
the trophy, one it loses a heavy malus; a capture or a destroyed campsite their points;
bringing out one's own character is good, revealing an unknown enemy token is good only
next to enough strength to beat whatever it is; moving onto a land that scores is worth
its points. It ignores what the rivals can do next and the next action of the turn.
"""

from __future__ import annotations

import random

from ..actions import Action, Capture, Destroy, Fight, Move, Pass, Peek, Reveal, RevealAny, Rotate
from ..engine import GameState
from ..fight import LOSS as LOST
from ..fight import WIN as WON
from ..fight import result
from ..rules import KIND_BITS, KIND_MASK, LAND
from .evaluate import Evaluator

WIN_BONUS = 2.0  # over the trophy, for a fight or a capture won for sure
LOSS = -3.0  # a fight lost on the preview
TIE = -1.0  # a tied fight: an action spent for nothing
OWN_CHARACTER_OUT = 1.5  # revealing one's own character: one more to act with
OWN_LAND_OUT = 0.3  # revealing a land (plus its points, if it scores)
SAFE_REVEAL = 1.5  # an unknown enemy token next to more strength than any token has
RISKY_REVEAL = 0.3  # ... next to strength that only the strongest tokens beat or tie
BLIND_REVEAL = -1.0  # ... next to less
REVEAL_ANY_UNKNOWN = 0.2
PEEK = 0.4
PASS = 0.05
MOVE_JITTER = 0.1  # moves with nothing to gain are told apart at random
UNUSUAL = -1.0  # a trap push or a sherpa sacrifice: not what a glance thinks of


class Glance:
    """Values actions for the seat to move in a position, at a glance (see the module docstring)."""

    def __init__(self, evaluator: Evaluator) -> None:
        self.ev = evaluator
        self.rules = evaluator.rules
        self.strongest = max(self.rules.strength)

    def value(self, s: GameState, action: Action, rng: random.Random) -> float:
        seat = s.current
        ev = self.ev
        if isinstance(action, Fight):
            outcome = result([s.attack(action.at, seat)], s.strength(action.at))[1]
            if outcome == WON:
                return WIN_BONUS + ev.trophy[s.char[action.at] & KIND_MASK]
            return LOSS if outcome == LOST else TIE
        if isinstance(action, Capture):
            return WIN_BONUS + ev.trophy[s.char[action.target] & KIND_MASK]
        if isinstance(action, Destroy):
            return WIN_BONUS + ev.destroy[s.land[action.at] & KIND_MASK]
        if isinstance(action, (Reveal, RevealAny)):
            return self._reveal(s, seat, action)
        if isinstance(action, Peek):
            return PEEK
        if isinstance(action, Move):
            gain = MOVE_JITTER * rng.random()
            if s.busy[action.target] & LAND:
                gain += ev.occupy[s.land[action.target] & KIND_MASK]
            if s.busy[action.origin] & LAND:
                gain -= ev.occupy[s.land[action.origin] & KIND_MASK]
            return gain
        if isinstance(action, Rotate):
            return 0.0
        if isinstance(action, Pass):
            return PASS
        return UNUSUAL

    def _reveal(self, s: GameState, seat: int, action: Reveal | RevealAny) -> float:
        rules = self.rules
        ev = self.ev
        token = s.down[action.at]
        if s.knows(seat, action.at):
            k = token & KIND_MASK
            if not rules.is_character[k]:
                return OWN_LAND_OUT + ev.occupy[k]
            if token >> KIND_BITS == seat:
                return OWN_CHARACTER_OUT
            if isinstance(action, RevealAny) or rules.never_attacked[k]:
                return REVEAL_ANY_UNKNOWN
            return WIN_BONUS + ev.trophy[k] if s.attack(action.at, seat) > rules.strength[k] else LOSS
        if isinstance(action, RevealAny):
            return REVEAL_ANY_UNKNOWN
        attack = s.attack(action.at, seat)
        if attack > self.strongest:
            return SAFE_REVEAL
        return RISKY_REVEAL if attack >= self.strongest - 1 else BLIND_REVEAL
