"""Learn to play Draco Mundis: the lesson's game on the real table, with a coach beside it.

The shared lesson table (`ui/lesson_table.py`) runs the lesson; the `DracoGuide` here is this game's part,
driven by the script (`lesson.py`, data in the data folder's `tutorial.yaml`): the coach takes the side
panel, the step's own action goes to the engine (any other is put back and explained), a hover step is done
by resting the pointer on its squares, and the pointers ring the squares the step is about. The opponent
plays its scripted moves in between.
"""

from __future__ import annotations

from typing import Sequence

import pygame
from pygame import Rect

from ....controller.game import COMPUTER, GameController, GameSetup, Seat
from ....i18n import number, signed, tr
from ....ui import lesson as lesson_parts
from ....ui.lesson_table import LessonTable, open_lesson
from ....ui.scenes.base import Scene
from ....ui.scenes.overlay import PauseMenu
from ..actions import Action, Capture, Move, Pass, Push, Select, row_col
from ..data import DracoData
from ..lesson import OPPONENT, PERSON, Lesson, Step, TutorialError, load_lesson, replay
from ..view import View
from . import game_of
from .board import DracoBoard

PROGRESS_FILE = "tutorial-draco-mundis.json"  # the step reached, in the data folder
HOVER_DWELL = 1.2  # seconds the person points at the square a hover step shows


def open_tutorial(app) -> None:
    """Learn to play: straight into the lesson, or resume where it was left / start over."""
    try:
        lesson = load_lesson(game_of(app.ctx))
    except TutorialError as exc:
        app.show_error(str(exc))
        return
    data = game_of(app.ctx).data
    open_lesson(app, lesson.steps, PROGRESS_FILE,
                lambda step: step_text(data, step.id, "title"), lambda step: start_tutorial(app, lesson, step))


def step_text(data: DracoData, step_id: str, part: str) -> str:
    """A step's title, text or wrong-move hint, with the opponent's name and the game's numbers filled in."""
    return tr(f"draco_lesson.steps.{step_id}.{part}", opponent=lesson_parts.opponent_name(), **lesson_numbers(data))


def lesson_numbers(data: DracoData) -> dict[str, str]:
    """The numbers the lesson quotes, from the data (a card folder may change them): the actions of a turn,
    each character's strength and arrows ("explorer_strength", "explorer_forward", "explorer_left"...) and
    each score line's points by its id ("dragons_eliminated")."""
    numbers = {"actions": number(data.actions_per_turn)}
    for character in data.characters:
        numbers[f"{character.id}_strength"] = number(character.strength)
        for way, steps in zip(("forward", "left", "right", "back"), character.arrows):
            numbers[f"{character.id}_{way}"] = number(steps)
    for line in data.lines:
        numbers[line.id] = signed(line.points)
    return numbers


def start_tutorial(app, lesson: Lesson, step: int) -> LessonTable[Action, View]:
    return app.scenes.replace_all(lesson_table(app, lesson, step))


def lesson_table(app, lesson: Lesson, step: int = 0) -> LessonTable[Action, View]:
    """The lesson's table at `step`: the game replayed to where that step starts, the scripted opponent on."""
    game = game_of(app.ctx)
    start, moves_used = replay(game, lesson, max(0, min(step, len(lesson.steps) - 1)))
    seats = (Seat(tr("new_game.default_you")), Seat(lesson_parts.opponent_name(), COMPUTER, lesson.level))
    setup = GameSetup(seats, 0, lesson.first, game.id)
    controller = GameController(game, setup, actions=start, threaded=app.threaded,
                                agent_factory=lesson_parts.scripted_opponents(game, lesson.moves, lesson.level,
                                                                            moves_used))
    return LessonTable(app, setup, DracoBoard, controller, lambda table: DracoGuide(table, lesson), step)


class DracoGuide:
    """Draco Mundis's part of the lesson (`ui.lesson_table.Guide`)."""

    progress_file = PROGRESS_FILE
    status_part = "wrong"  # the status bar says what the step asks (the words shown in red after a wrong move)
    waiting_key = "draco_table.status.computer"
    log_toggles = True  # once the coach is gone, the side panel is the log's again

    def __init__(self, table: LessonTable[Action, View], lesson: Lesson) -> None:
        self.table = table
        self.lesson = lesson
        assert isinstance(table.board, DracoBoard), "a Draco Mundis lesson is on a Draco Mundis board"
        self.board = table.board
        self.board.coached = True  # the coach has the side panel; every fight's preview shows
        self.hovered_for = 0.0

    @property
    def steps(self) -> Sequence[Step]:
        return self.lesson.steps

    @property
    def step(self) -> Step:
        """The step the lesson is at."""
        return self.lesson.steps[self.table.step_index]

    def text(self, step_id: str, part: str) -> str:
        return step_text(self.board.data, step_id, part)

    def coach_box(self) -> Rect:
        return Rect(0, 0, 0, 0) if self.table.free else self.board.layout.panel

    def asked(self, actions: Sequence[Action]) -> bool:
        step = self.step
        return step.kind == "do" and list(actions) == [step.action]

    def put_back(self, actions: Sequence[Action], origin: Rect | None) -> None:
        kind = self.step.kind
        self.table.wrong(None if kind in ("do", "hover") else "tutorial.read_first")
        self.board.gestures.facing = None
        self.board.gestures.menu = None

    def follow(self, dt: float) -> None:
        table, step = self.table, self.step
        if step.kind == "watch" and table.decision() is not None:
            table.advance()
        elif step.kind == "hover" and table.decision() is not None:
            here = self.board.hovered_square()
            self.hovered_for = self.hovered_for + dt if here in step.squares else 0.0
            if self.hovered_for >= HOVER_DWELL:
                table.advance()

    def new_step(self) -> None:
        self.hovered_for = 0.0

    def played_on(self) -> None:
        self.board.coached = False

    def pointed(self) -> list[Rect]:
        step = self.step
        if step.plates:
            return list(self.board.layout.seats)
        squares = list(step.squares)
        action = step.action
        if action is not None:
            if isinstance(action, (Move, Capture)):
                squares = [row_col(action.origin), row_col(action.target)]
            elif isinstance(action, Push):
                squares = [row_col(action.by), row_col(action.at)]
            elif not isinstance(action, (Select, Pass)):  # those two have no square: the step's own are shown
                squares = [row_col(action.at)]
        return [self.board.layout.square_rect(at) for at in squares]

    def on_board(self, pos: tuple[int, int]) -> bool:
        return self.board.layout.board.collidepoint(pos)

    def pause_menu(self) -> Scene:
        return PauseMenu(self.table.app)

    def draw_under(self, surface: pygame.Surface) -> None:
        """Nothing more: the board draws the lesson's previews itself (`coached`)."""

    def draw_notes(self, surface: pygame.Surface) -> None:
        if self.table.toast is not None:
            self.board.painter.toast(surface, self.table.toast[0])


__all__ = ["PERSON", "OPPONENT", "DracoGuide", "lesson_table", "open_tutorial"]
