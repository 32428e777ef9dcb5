"""The agent interface and the built-in agents.

An agent is asked for one decision at a time: it gets the view of its seat
(never the state) and the legal actions, and answers an index into them.
"""

from __future__ import annotations

import random
from typing import Protocol, Sequence

from ..engine import Action, Rules, View
from .external import BotStartError, ExecAgent
from .heuristic import EasyAgent, MediumAgent
from .search import HardAgent


class AgentSpecError(ValueError):
    """An agent name such as `random` or `exec:CMD` that cannot be used."""


class Agent(Protocol):
    name: str
    # False for agents that never look at the view: the runner then skips building it.
    wants_view: bool

    def choose(self, view: View | None, legal: Sequence[Action]) -> int: ...

    def game_over(self, scores: Sequence[dict], winners: Sequence[int]) -> None: ...

    def close(self) -> None: ...


class RandomAgent:
    """Uniformly random legal actions: the baseline for tests and benchmarks."""

    name = "random"
    wants_view = False

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View | None, legal: Sequence[Action]) -> int:
        return self.rng.randrange(len(legal))

    def game_over(self, scores: Sequence[dict], winners: Sequence[int]) -> None:
        pass

    def close(self) -> None:
        pass


# name -> one-line description (shown in the new-game screen)
AGENT_LEVELS: dict[str, str] = {
    "easy": "A casual player: goes for points it can see, and sometimes slips.",
    "medium": "A careful player: weighs every move, legends and dragons included.",
    "hard": "A strong player: thinks ahead about the cards nobody can see yet.",
    "random": "Plays any legal move at random (for testing).",
}


def make_agent(spec: str, rules: Rules, seed: int, *, bot_timeout: float | None = None) -> Agent:
    """Build an agent from its name: a level of AGENT_LEVELS, or `exec:COMMAND` for an external bot
    (started now; `bot_timeout` seconds per decision, default $DRAKO_BOT_TIMEOUT or 10)."""
    if spec.startswith("exec:"):
        try:
            return ExecAgent(spec[len("exec:"):], rules.cards.game_id, seed, timeout=bot_timeout)
        except BotStartError as exc:
            raise AgentSpecError(str(exc)) from None
    if spec == "random":
        return RandomAgent(seed)
    level = {"easy": EasyAgent, "medium": MediumAgent, "hard": HardAgent}.get(spec)
    if level is not None:
        return level(rules, seed)
    known = ", ".join(AGENT_LEVELS)
    raise AgentSpecError(f"unknown agent {spec!r} (known: {known}, exec:COMMAND)")
