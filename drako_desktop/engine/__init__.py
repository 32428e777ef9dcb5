"""Layer 2: the pure, deterministic rules of Drako: Aetherya Pocket (no pygame, no I/O)."""

from .actions import (
    ARRANGE, CLAIM, DRAW, KINDS, PASS, PLACE, REVEAL, TAKE_DISCARD,
    Action, ActionFormatError, EngineError, Event, IllegalActionError, arrange, claim, place, reveal,
)
from .kingdom import CELLS, CENTRE, COLS, OUTER, ROWS, UNKNOWN, Analysis, Breakdown, Rules, cell
from .state import STEP_NAMES, GameState, PlacementChange, Step, View, placement_change, placement_problem

__all__ = [
    "ARRANGE", "CLAIM", "DRAW", "KINDS", "PASS", "PLACE", "REVEAL", "TAKE_DISCARD",
    "Action", "ActionFormatError", "EngineError", "Event", "IllegalActionError", "arrange", "claim", "place", "reveal",
    "CELLS", "CENTRE", "COLS", "OUTER", "ROWS", "UNKNOWN", "Analysis", "Breakdown", "Rules", "cell",
    "STEP_NAMES", "GameState", "PlacementChange", "Step", "View", "placement_change", "placement_problem",
]
