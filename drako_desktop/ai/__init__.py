"""Layer 3, shared: computer players for any game (each game's own levels live in its package)."""

from .agents import (
    EXEC_PREFIX,
    EXTERNAL,
    RANDOM,
    REMOTE,
    AgentSpecError,
    RandomAgent,
    agent_levels,
    is_builtin,
    make_agent,
)
from .external import ExecAgent

__all__ = ["EXEC_PREFIX", "EXTERNAL", "RANDOM", "REMOTE", "AgentSpecError", "RandomAgent", "agent_levels", "is_builtin",
           "make_agent", "ExecAgent"]
