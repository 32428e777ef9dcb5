"""Learn to play Draco Mundis: the lesson's game on the real table, with a coach beside it.

`TutorialScene` is the table scene with three additions, all driven by the script
(`tutorial.py`, data in the data folder's `tutorial.yaml`): the coach (a panel in the side
column: the step's explanation, progress, and Next / Play on / Leave), a pulsing ring on what
the step asks to use, and a gate in front of `play`: the step's own action goes to the engine,
any other is put back and explained. The opponent plays its scripted moves in between. Leaving
keeps the step reached; Learn to play then offers to resume there or to start over.
"""

from __future__ import annotations

from functools import partial
from typing import Sequence

import pygame
from pygame import Rect

from ....controller.game import COMPUTER, GameController, GameSetup, Seat
from ....i18n import number, signed, tr
from ....ui import lesson as lesson_parts
from ....ui import theme
from ....ui.scenes.base import PULSE, Scene, soonest
from ....ui.table import TableScene
from ....ui.widgets import ACTIVATE_KEYS, Button
from ..actions import Action, Capture, Move, Pass, Push, Select, row_col
from ..data import DracoData
from ..view import View
from . import game_of
from .board import DracoBoard
from .tutorial import (
    OPPONENT,
    PERSON,
    Lesson,
    Step,
    TutorialError,
    agent_factory,
    load_lesson,
    load_progress,
    replay,
    save_progress,
)

HOVER_DWELL = 1.2  # seconds the person points at the square a hover step shows


def open_tutorial(app) -> None:
    """Learn to play: straight into the lesson, or resume where it was left / start over."""
    try:
        lesson = load_lesson(game_of(app.ctx))
    except TutorialError as exc:
        app.show_error(str(exc))
        return
    progress = load_progress()
    step = lesson.index(progress.step) if progress.step and not progress.finished else 0
    if step <= 0:
        start_tutorial(app, lesson, 0)
        return

    title = step_text(game_of(app.ctx).data, lesson.steps[step].id, "title")
    lesson_parts.offer_resume(app, step, len(lesson.steps), title, partial(start_tutorial, app, lesson))


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


def start_tutorial(app, lesson: Lesson, step: int) -> "TutorialScene":
    return app.scenes.replace_all(TutorialScene(app, lesson, step))


class TutorialScene(TableScene[Action, View]):
    board: DracoBoard

    def __init__(self, app, lesson: Lesson, step: int = 0) -> None:
        self.lesson = lesson
        self.step_index = max(0, min(step, len(lesson.steps) - 1))
        self.free = False  # the lesson is over and the person plays on
        self.hint = ""
        self.pulse = 0.0
        self.hovered_for = 0.0
        self.coach_buttons: list[Button] = []
        self._start, self._moves_used = replay(game_of(app.ctx), lesson, self.step_index)
        seats = [Seat(tr("new_game.default_you")), Seat(lesson_parts.opponent_name(), COMPUTER, lesson.level)]
        game = game_of(app.ctx)
        setup = GameSetup(tuple(seats), 0, lesson.first, game.id)
        controller = GameController(game, setup, actions=self._start, threaded=app.threaded,
                                    agent_factory=agent_factory(game, lesson, self._moves_used))
        super().__init__(app, setup, DracoBoard, autosave=False, offers_hints=False, controller=controller)
        self.board.coached = True
        self.keep_progress()

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.step_index]

    def text(self, part: str, step: Step | None = None) -> str:
        return step_text(self.board.data, (step or self.step).id, part)

    # -- the coach's place and buttons ------------------------------------------------------------

    @property
    def coach(self) -> Rect:
        return Rect(0, 0, 0, 0) if self.free else self.board.layout.panel

    def refresh_buttons(self) -> None:
        super().refresh_buttons()
        self.coach_buttons = lesson_parts.coach_buttons(self, self.coach)
        self.widgets.widgets.extend(self.coach_buttons)

    def undo_target(self) -> int | None:
        return super().undo_target() if self.free else None  # the lesson's actions are not taken back

    def toggle_log(self) -> None:
        if self.free:
            super().toggle_log()

    # -- following the lesson ----------------------------------------------------------------------------

    def advance(self) -> None:
        self.step_index = min(self.step_index + 1, len(self.lesson.steps) - 1)
        self.hint = ""
        self.toast = None
        self.hovered_for = 0.0
        self.keep_progress()
        self.refresh_buttons()

    def keep_progress(self) -> None:
        if self.app.persist:
            save_progress(self.step.id, finished=self.free or self.step.kind == "end")

    def status_text(self) -> str:
        """While the lesson runs, the bottom bar says what the step asks (the words shown in red after a wrong
        move), never the table's own advice: "select a character" under "read this, then press Next" sent people
        clicking the board, which the lesson refused."""
        return super().status_text() if self.free else self.text("wrong")

    def next_step(self) -> None:
        if self.step.kind == "read":
            self.advance()

    def play_on(self) -> None:
        self.free = True
        self.board.coached = False
        self.hint = ""
        self.keep_progress()
        self.refresh_buttons()

    def play(self, actions: Sequence[Action], origin: Rect | None = None) -> None:
        if self.free or (self.step.kind == "do" and list(actions) == [self.step.action]):
            super().play(actions, origin)
            if not self.free:
                self.advance()
            return
        self.hint = self.text("wrong") if self.step.kind in ("do", "hover") else tr("tutorial.read_first")
        self.say(self.hint)
        self.board.gestures.facing = None
        self.board.gestures.menu = None

    def next_frame_in(self) -> float | None:
        """The lesson's pointers pulse (and its dwell timer runs) until the person plays on freely."""
        return soonest(super().next_frame_in(), None if self.free else PULSE)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.pulse += dt
        if self.free or not self.choreo.idle:
            return
        step = self.step
        if step.kind == "watch" and self.decision() is not None:
            self.advance()
        elif step.kind == "hover" and self.decision() is not None:
            here = self.board.hovered_square()
            self.hovered_for = self.hovered_for + dt if here in step.squares else 0.0
            if self.hovered_for >= HOVER_DWELL:
                self.advance()

    # -- what the lesson points at ---------------------------------------------------------------------------

    def pointed(self) -> list[Rect]:
        if self.free:
            return []
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

    # -- drawing ---------------------------------------------------------------------------------------------

    # The lesson draws over the table (pointers, the coach, its buttons): the whole window, every frame.
    draw_changes = Scene.draw_changes

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.draw_pointers(surface)
        self.draw_coach(surface)
        for button in self.coach_buttons:
            button.draw(surface, self.ctx, False, button is self.widgets.hover)
        if self.toast is not None:
            self.board.painter.toast(surface, self.toast[0])

    def draw_pointers(self, surface: pygame.Surface) -> None:
        lesson_parts.draw_pointers(surface, self.ctx, self.pointed(), self.pulse)

    def draw_coach(self, surface: pygame.Surface) -> None:
        if self.free:
            return
        note, colour = "", theme.INK_MUTED
        if self.hint:
            note, colour = self.hint, theme.BAD
        elif self.step.interactive and self.decision() is None and self.controller.computer_to_move():
            note = tr("draco_table.status.computer", name=self.setup.seats[OPPONENT].name)
        bottom = self.coach_buttons[0].rect.y if self.coach_buttons else self.coach.bottom
        lesson_parts.draw_coach(surface, self.ctx, self.coach, self.step_index, len(self.lesson.steps),
                                self.text("title"), self.text("text"), note, colour, bottom)

    # -- keys ---------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if not self.free and self.step.kind in ("read", "end"):
            if event.type == pygame.KEYDOWN and event.key in ACTIVATE_KEYS and self.coach_buttons:
                self.coach_buttons[0].activate()
                return
            on_board = event.type == pygame.MOUSEBUTTONDOWN and self.board.layout.board.collidepoint(event.pos)
            if on_board and event.button == 1:
                self.hint = tr("tutorial.read_first")
                self.say(self.hint)
                return
        super().handle(event)


__all__ = ["PERSON", "TutorialScene", "open_tutorial"]
