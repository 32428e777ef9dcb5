"""Layer 2: the pure, deterministic rules of Drako: Aetherya Pocket (no pygame, no I/O)."""

from .actions import (ARRANGE, CLAIM, DRAW, KINDS, PASS, PLACE, REVEAL, TAKE_DISCARD, Action, ActionFormatError, EngineError, Event, IllegalActionError, arrange, claim, place, reveal)
from .kingdom import CELLS, CENTRE, COLS, OUTER, ROWS, UNKNOWN, Analysis, Breakdown, Rules, category_scores, cell
from .state import AFTER_PLACE_STEP, ARRANGE_STEP, CARD_IN_HAND_STEPS, STEP_NAMES, TURN_START_STEP, GameState, PlacementChange, Step, View, placement_change, placement_problem

__all__ = [
    "ARRANGE", "CLAIM", "DRAW", "KINDS", "PASS", "PLACE", "REVEAL", "TAKE_DISCARD",
    "Action", "ActionFormatError", "EngineError", "Event", "IllegalActionError", "arrange", "claim", "place", "reveal",
    "CELLS", "CENTRE", "COLS", "OUTER", "ROWS", "UNKNOWN", "Analysis", "Breakdown", "Rules", "category_scores", "cell",
    "AFTER_PLACE_STEP", "ARRANGE_STEP", "CARD_IN_HAND_STEPS", "STEP_NAMES", "TURN_START_STEP", "GameState", "PlacementChange", "Step", "View", "placement_change", "placement_problem",
]
