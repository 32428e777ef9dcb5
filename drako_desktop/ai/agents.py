"""Making computer players for any game: the built-in levels, random play and external bots.

An agent is asked for one decision at a time: it gets the view of its seat
(never the state) and the legal actions, and answers an index into them. The
levels are the game's own (its handle's `levels` and `make_agent`); `random`
and external bots over the JSON-lines protocol serve every game: `exec:COMMAND`
names one on the command line (`simulate --agents`), `external` is the one this
machine's settings name (the only external bot a saved game can ask for: a file
never says what program to run).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Sequence

from ..interface.game import Agent, Game
from .external import BotStartError, ExecAgent


class AgentSpecError(ValueError):
    """An agent name such as `random` or `exec:CMD` that cannot be used."""


class RandomAgent:
    """Uniformly random legal actions: the baseline for tests and benchmarks."""

    name = "random"
    wants_view = False

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal: Sequence[Any]) -> int:
        return self.rng.randrange(len(legal))

    def game_over(self, scores: Sequence[dict[str, Any]], winners: Sequence[int]) -> None:
        pass

    def close(self) -> None:
        pass


RANDOM = "random"
RANDOM_DESCRIPTION = "Plays any legal move at random (for testing)."
EXEC_PREFIX = "exec:"
EXTERNAL = "external"  # a seat played by the bot command of this machine's settings
REMOTE = "remote"  # a seat played from another computer through a network host (drako_desktop/net)


def agent_levels(game: Game) -> dict[str, str]:
    """Every built-in computer level of the game (its own, then random) -> one-line description."""
    return {**game.levels, RANDOM: RANDOM_DESCRIPTION}


def yardsticks(game: Game) -> Mapping[str, str]:
    """The game's benchmark opponents (name -> description): seated by `simulate` and `tools/bench_ai.py`,
    never offered on the new-game screen. A game without any has no `yardsticks` attribute."""
    found: Mapping[str, str] = getattr(game, "yardsticks", {})
    return found


def is_builtin(game: Game, spec: str) -> bool:
    """A level this version plays by itself: with `external`, the only kind a file (a save) may name."""
    return spec in game.levels or spec == RANDOM


def make_agent(game: Game, spec: str, seed: int, *, bot_timeout: float | None = None,
               bot_command: str = "") -> Agent:
    """Build an agent from its name: a level of `agent_levels(game)`, `exec:COMMAND` for an external
    bot, or `external` for the bot `bot_command` (this machine's setting). Bots are started now and
    get `bot_timeout` seconds per decision (default $DRAKO_BOT_TIMEOUT or 10)."""
    if spec == EXTERNAL:
        if not bot_command.strip():
            raise AgentSpecError("this seat is played by the external bot of the settings, but no bot command is set")
        spec = EXEC_PREFIX + bot_command
    if spec.startswith(EXEC_PREFIX):
        try:
            return ExecAgent(spec[len(EXEC_PREFIX):], game.id, seed, timeout=bot_timeout)
        except BotStartError as exc:
            raise AgentSpecError(str(exc)) from None
    if spec == REMOTE:
        raise AgentSpecError("this seat is played from another computer: continue the game with "
                             "`drako-desktop host --continue`")
    if spec == RANDOM:
        return RandomAgent(seed)
    if spec in game.levels or spec in yardsticks(game):
        return game.make_agent(spec, seed)
    known = ", ".join([*agent_levels(game), *yardsticks(game)])
    raise AgentSpecError(f"unknown agent {spec!r} (known: {known}, exec:COMMAND)")
