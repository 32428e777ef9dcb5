"""Draco Mundis's computer opponents. Each sees only its seat's view and uses its own seeded generator."""

from .heuristic import EasyAgent, MediumAgent
from .sampling import SamplingAgent
from .search import EXPERT, HARD, Effort, SearchAgent

# level -> one-line description (English; the new-game screen shows `levels.<level>` translated)
LEVELS: dict[str, str] = {
    "easy": "A casual player: takes the good fights and reveals it sees, and sometimes slips.",
    "medium": "A careful player: plans both actions of its turn and watches the threats.",
    "hard": "A strong player: plays its options out against what the hidden tokens might be.",
    "expert": "The strongest: plays many more options out, further, about two seconds a move.",
}

# benchmark opponents (not levels: the new-game screen does not offer them) -> one-line description
YARDSTICKS: dict[str, str] = {
    "sampler": "A one-step sampling bot: the best average result of one action over a few dealings of the hidden "
               "tokens (the yardstick of tools/bench_ai.py).",
}

__all__ = ["EXPERT", "HARD", "LEVELS", "YARDSTICKS", "EasyAgent", "Effort", "MediumAgent", "SamplingAgent",
           "SearchAgent"]
