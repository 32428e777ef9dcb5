"""The lesson's scripted opponent and the progress file (the script itself, its replay and its checks are the
game's `lesson` module, which holds no screen: they replay the game's positions)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from ....ui import lesson
from ....ui.lesson import Progress
from ...base import Agent, Game
from ..lesson import (  # the lesson's script, for the scenes and the tests that know it here
    FILE,
    KINDS,
    OPPONENT,
    PERSON,
    POINTS,
    SOURCES,
    Step,
    TutorialError,
    TutorialScript,
    available,
    load_script,
    problems,
    replay,
    rules_fingerprint,
    script_path,
)

__all__ = [
    "FILE", "KINDS", "OPPONENT", "PERSON", "POINTS", "SOURCES", "Step", "TutorialError", "TutorialScript",
    "available", "load_script", "problems", "replay", "rules_fingerprint", "script_path", "agent_factory",
    "load_progress", "save_progress",
]


def agent_factory(game: Game, script: TutorialScript, start: int) -> Callable[[str, int], Agent]:
    """A GameController agent factory: the scripted opponent, from scripted move `start` on."""

    return lesson.scripted_opponents(game, script.moves, script.level, start)


# -- progress ------------------------------------------------------------------------------------------

PROGRESS_FILE = "tutorial.json"


def progress_path() -> Path:
    return lesson.progress_path(PROGRESS_FILE)


def load_progress() -> Progress:
    """The step the person left the tutorial at (a missing or broken file: from the start)."""
    return lesson.load_progress(PROGRESS_FILE)


def save_progress(step: str, finished: bool = False) -> None:
    lesson.save_progress(PROGRESS_FILE, step, finished)
