"""The lesson's scripted opponent and the progress file (the script itself, its replay and its checks are the
game's `lesson` module, which holds no screen: they replay the game's positions)."""

from __future__ import annotations

from typing import Any, Callable

from ....ui import lesson as lesson_parts
from ....ui.lesson import Progress
from ...base import Agent
from ..lesson import (  # the lesson's script, for the scenes and the tests that know it here
    FILE,
    KINDS,
    OPPONENT,
    PERSON,
    Lesson,
    Square,
    Step,
    TutorialError,
    available,
    load_lesson,
    problems,
    replay,
    script_path,
)

__all__ = [
    "FILE", "KINDS", "Lesson", "OPPONENT", "PERSON", "Square", "Step", "TutorialError", "available",
    "load_lesson", "problems", "replay", "script_path", "agent_factory", "load_progress", "save_progress",
]


def agent_factory(game: Any, lesson: Lesson, start: int) -> Callable[[str, int], Agent]:
    """A GameController agent factory: the scripted opponent, from scripted move `start` on."""
    return lesson_parts.scripted_opponents(game, lesson.moves, lesson.level, start)


# -- progress ------------------------------------------------------------------------------------------

PROGRESS_FILE = "tutorial-draco-mundis.json"


def load_progress() -> Progress:
    return lesson_parts.load_progress(PROGRESS_FILE)


def save_progress(step: str, finished: bool = False) -> None:
    lesson_parts.save_progress(PROGRESS_FILE, step, finished)
