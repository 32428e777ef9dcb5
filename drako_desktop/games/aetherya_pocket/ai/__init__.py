"""Aetherya Pocket's computer opponents. Each sees only its seat's view and its own RNG."""

from .heuristic import EasyAgent, MediumAgent
from .search import EXPERT, HARD, Effort, SearchAgent

# level -> one-line description (English; the new-game screen shows `levels.<level>` translated)
LEVELS: dict[str, str] = {
    "easy": "A casual player: goes for points it can see, and sometimes slips.",
    "medium": "A careful player: weighs every move, legends and dragons included.",
    "hard": "A strong player: thinks ahead about the cards nobody can see yet.",
    "expert": "The strongest: weighs many more moves, further ahead, about two seconds a move.",
}

__all__ = ["EXPERT", "HARD", "LEVELS", "EasyAgent", "Effort", "MediumAgent", "SearchAgent"]
