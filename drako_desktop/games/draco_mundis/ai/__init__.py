"""Draco Mundis's computer opponents. Each sees only its seat's view and uses its own seeded generator."""

from .heuristic import EasyAgent, MediumAgent
from .search import HardAgent

# level -> one-line description (English; the new-game screen shows `levels.<level>` translated)
LEVELS: dict[str, str] = {
    "easy": "A casual player: takes the good fights and reveals it sees, and sometimes slips.",
    "medium": "A careful player: plans both actions of its turn and watches the threats.",
    "hard": "A strong player: plays its options out against what the hidden tokens might be.",
}

__all__ = ["LEVELS", "EasyAgent", "HardAgent", "MediumAgent"]
