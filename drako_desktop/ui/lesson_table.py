"""Learn to play, every game's: the lesson's game on the real table, with a coach beside it.

`LessonTable` is the shared table with what every lesson adds, driven by the game's script:
* the coach, a panel beside the board: the step's explanation, progress, and Next / Play on / Leave;
* a pulsing ring on what the step asks to use;
* a gate in front of `play`: the step's own move goes to the engine, any other is put back and explained.
The opponent plays its scripted moves in between (the controller's agents). Leaving keeps the step reached;
Learn to play then offers to resume there or to start over.

What differs between games is the game's `Guide`, which the lesson table holds: the script's steps and
words, where the coach sits, which move a step asks for and how a wrong one is put back, what it points at,
and the steps done by pointing, holding or watching rather than by a move.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, Protocol, Sequence, TypeVar

import pygame
from pygame import Rect

from ..controller.game import GameController, GameSetup
from ..i18n import tr
from ..interface.game import ActionT, ViewT
from . import lesson, theme
from .room import GameRoom
from .scenes.base import PULSE, Scene, soonest
from .table import Board, TableScene
from .widgets import ACTIVATE_KEYS, Button

ActionT_contra = TypeVar("ActionT_contra", contravariant=True)


class LessonStep(Protocol):
    """A step of a game's lesson, as the lesson table reads it."""

    @property
    def id(self) -> str: ...

    @property
    def kind(self) -> str:
        """"read" (Next), "end" (Play on), "watch" (the opponent plays), or the game's own kinds."""
        ...

    @property
    def interactive(self) -> bool:
        """The person acts on the table (not a Next button, not waiting)."""
        ...


class Guide(Protocol[ActionT_contra]):
    """A game's lesson at the table: its script and words, and what its steps ask of the board."""

    @property
    def steps(self) -> Sequence[LessonStep]: ...

    progress_file: str  # where the step reached is kept, in the data folder
    status_part: str  # the part of a step's words the status bar shows while the lesson runs
    waiting_key: str  # the coach's note while the opponent plays (`{name}`)
    log_toggles: bool  # whether L opens the log once the person plays on (else it always shows, or never)

    def text(self, step_id: str, part: str) -> str:
        """A step's "title", "text", "status" or "wrong" words."""
        ...

    def coach_box(self) -> Rect:
        """Where the coach's panel is (empty once the person plays on)."""
        ...

    def asked(self, actions: Sequence[ActionT_contra]) -> bool:
        """Whether these are the move the step asks for."""
        ...

    def put_back(self, actions: Sequence[ActionT_contra], origin: Rect | None) -> None:
        """A move that is not the step's: what it moved goes back, and the lesson says why (`wrong`)."""

    def follow(self, dt: float) -> None:
        """The table is idle: steps done by pointing, holding or watching, and wrong pick-ups."""

    def new_step(self) -> None:
        """The lesson went on: what the last step counted starts again."""

    def played_on(self) -> None:
        """The person plays on freely: the board is theirs again."""

    def pointed(self) -> list[Rect]:
        """What the step asks to use (the first gets the arrow)."""
        ...

    def on_board(self, pos: tuple[int, int]) -> bool:
        """Whether a click at `pos` is on the game (a step to read refuses it)."""
        ...

    def pause_menu(self) -> Scene:
        """What Esc opens at the lesson's table."""
        ...

    def draw_under(self, surface: pygame.Surface) -> None:
        """The game's own part of the lesson's drawing, over the table and under the coach's buttons."""

    def draw_notes(self, surface: pygame.Surface) -> None:
        """The notes drawn above everything (the toast, a tooltip)."""


class LessonTable(TableScene[ActionT, ViewT], Generic[ActionT, ViewT]):
    """The table of a lesson: no autosave, no hints, the step's own moves only, and the coach."""

    def __init__(self, app: GameRoom, setup: GameSetup, board: Callable[[TableScene[ActionT, ViewT]], Board[ActionT]],
                 controller: GameController[ActionT, ViewT],
                 guide: Callable[["LessonTable[ActionT, ViewT]"], Guide[ActionT]], step: int,
                 log_open: bool = False) -> None:
        self.free = False  # the lesson is over and the person plays on
        self.hint = ""  # what was said of the last wrong move (red in the coach)
        self.pulse = 0.0
        self.coach_buttons: list[Button] = []
        super().__init__(app, setup, board, autosave=False, offers_hints=False, log_open=log_open,
                         controller=controller)
        self.guide = guide(self)
        self.step_index = max(0, min(step, len(self.guide.steps) - 1))
        self.keep_progress()

    @property
    def step(self) -> LessonStep:
        return self.guide.steps[self.step_index]

    def text(self, part: str, step: LessonStep | None = None) -> str:
        return self.guide.text((step or self.step).id, part)

    # -- the coach's buttons -------------------------------------------------------------------------

    def refresh_buttons(self) -> None:
        super().refresh_buttons()
        self.coach_buttons = self.new_coach_buttons(self.guide.coach_box())
        self.widgets.widgets.extend(self.coach_buttons)

    def new_coach_buttons(self, coach: Rect) -> list[Button]:
        """The coach's buttons at the bottom of its panel: Next on a step to read, Play on and Main menu at
        the end, Leave the lesson on every step but the end; none once the person plays on freely."""
        th = self.ctx.theme
        entries: list[tuple[str, Callable[[], object], str, str | None]] = []
        if not self.free:
            if self.step.kind == "read":
                entries.append((tr("tutorial.next"), self.next_step, "primary", "play"))
            elif self.step.kind == "end":
                entries.append((tr("tutorial.play_on"), self.play_on, "primary", "play"))
                entries.append((tr("tutorial.main_menu"), self.app.main_menu, "normal", None))
            if self.step.kind != "end":
                entries.append((tr("tutorial.leave"), self.app.main_menu, "normal", "close"))
        h, gap, pad = th.px(44), th.px(8), th.px(14)
        y = coach.bottom - pad - len(entries) * h - (len(entries) - 1) * gap
        buttons = []
        for label, action, style, icon in entries:
            buttons.append(Button(Rect(coach.x + pad, y, coach.w - 2 * pad, h), label, action, icon=icon,
                                  style=style, size=20))
            y += h + gap
        return buttons

    def undo_target(self) -> int | None:
        return super().undo_target() if self.free else None  # the lesson's moves are not taken back

    def toggle_log(self) -> None:
        if self.free and self.guide.log_toggles:
            super().toggle_log()

    def open_menu(self) -> None:
        self.app.scenes.push(self.guide.pause_menu())

    # -- following the lesson -------------------------------------------------------------------------

    def advance(self) -> None:
        self.step_index = min(self.step_index + 1, len(self.guide.steps) - 1)
        self.hint = ""
        self.toast = None
        self.guide.new_step()
        self.keep_progress()
        self.refresh_buttons()

    def keep_progress(self) -> None:
        """The step reached, for Learn to play to resume at (an app that keeps no files keeps none)."""
        if self.app.persist:
            lesson.save_progress(self.guide.progress_file, self.step.id, finished=self.free or self.step.kind == "end")

    def next_step(self) -> None:
        if self.step.kind == "read":
            self.advance()

    def play_on(self) -> None:
        self.free = True
        self.hint = ""
        self.keep_progress()
        self.guide.played_on()
        self.refresh_buttons()

    def wrong(self, key: str | None = None) -> None:
        """Explain why this is not the lesson's move (the status bar shows it, and so does the coach)."""
        self.hint = tr(key) if key else self.text("wrong")
        self.say(self.hint)

    def right(self) -> None:
        """A move the lesson asked for: what was said of the last wrong one goes."""
        if self.toast is not None and self.toast[0] == self.hint:
            self.toast = None
        self.hint = ""

    def status_text(self) -> str:
        """While the lesson runs, the status bar says what the step asks, never the table's own advice (which
        offers moves the lesson would put back, and sent people clicking the board on a step to read)."""
        return super().status_text() if self.free else self.text(self.guide.status_part)

    def play(self, actions: Sequence[ActionT], origin: Rect | None = None) -> None:
        if self.free:
            super().play(actions, origin)
        elif self.guide.asked(actions):
            super().play(actions, origin)
            self.advance()
        else:
            self.guide.put_back(actions, origin)
            self.refresh_buttons()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.pulse += dt
        if not self.free and self.choreo.idle:
            self.guide.follow(dt)

    def next_frame_in(self) -> float | None:
        """The lesson's pointers pulse (and its dwell timers run) until the person plays on freely."""
        return soonest(super().next_frame_in(), None if self.free else PULSE)

    # -- drawing ----------------------------------------------------------------------------------------------

    # The lesson draws over the table (pointers, the coach, its buttons): the whole window, every frame.
    draw_changes = Scene.draw_changes

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.free:
            lesson.draw_pointers(surface, self.ctx, self.guide.pointed(), self.pulse)
            self.draw_coach(surface)
        self.guide.draw_under(surface)
        for button in self.coach_buttons:
            button.draw(surface, self.ctx, False, button is self.widgets.hover)
        self.guide.draw_notes(surface)  # above the pointers

    def draw_coach(self, surface: pygame.Surface) -> None:
        coach = self.guide.coach_box()
        if not coach.h:
            return
        note, colour = "", theme.INK_MUTED
        if self.hint:
            note, colour = self.hint, theme.BAD
        elif self.step.interactive and self.decision() is None and self.controller.computer_to_move():
            note = tr(self.guide.waiting_key, name=self.seat_name(self.controller.to_move))
        bottom = self.coach_buttons[0].rect.y if self.coach_buttons else coach.bottom
        lesson.draw_coach(surface, self.ctx, coach, self.step_index, len(self.guide.steps), self.text("title"),
                          self.text("text"), note, colour, bottom)

    # -- keys -------------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if not self.free and self.step.kind in ("read", "end"):
            if event.type == pygame.KEYDOWN and event.key in ACTIVATE_KEYS and self.coach_buttons:
                self.coach_buttons[0].activate()
                return
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.guide.on_board(event.pos):
                self.wrong("tutorial.read_first" if self.step.kind == "read" else None)
                return
        super().handle(event)


def open_lesson(app: GameRoom, steps: Sequence[LessonStep], progress_file: str, title: Callable[[LessonStep], str],
                start: Callable[[int], Any]) -> None:
    """Learn to play: straight into the lesson, or, when a step past the first was reached and the lesson not
    finished, an offer to resume there or to start over."""
    progress = lesson.load_progress(progress_file)
    ids = [step.id for step in steps]
    step = ids.index(progress.step) if progress.step in ids and not progress.finished else 0
    if step <= 0:
        start(0)
        return
    lesson.offer_resume(app, step, len(steps), title(steps[step]), start)
