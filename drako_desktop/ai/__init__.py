"""Layer 3: computer opponents. Each sees only `view(state, seat)` and its own RNG."""

from .agents import AGENT_LEVELS, Agent, AgentSpecError, RandomAgent, make_agent
from .external import ExecAgent
from .heuristic import EasyAgent, MediumAgent
from .search import HardAgent

__all__ = [
    "AGENT_LEVELS", "Agent", "AgentSpecError", "RandomAgent", "make_agent",
    "EasyAgent", "MediumAgent", "HardAgent", "ExecAgent",
]
