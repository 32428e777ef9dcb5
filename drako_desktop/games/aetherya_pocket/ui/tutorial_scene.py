"""Learn to play: the tutorial's game on the real table, with a coach beside it.

`TutorialScene` is the table scene with three additions, all driven by the
script (`ui/tutorial.py`, data in the card folder's `tutorial.yaml`):

* the coach, a panel in the table's side column: the step's one-paragraph
  explanation, progress, and Next / Play on / Leave buttons;
* a pulsing highlight (and an arrow) on what the step asks to use;
* a gate in front of `play`: the step's own move goes to the engine, any other
  move - legal or not - is put back and explained.

The opponent plays its scripted moves in between. Leaving (any way) saves the
step reached; Learn to play then offers to resume there or to start over.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Sequence

import pygame
from pygame import Rect

from ....controller.game import COMPUTER, GameController, GameSetup, Seat
from ....i18n import tr
from ....ui import lesson, theme
from ....ui.scenes.base import PULSE, Scene, soonest
from ....ui.scenes.overlay import PauseMenu
from ....ui.table import TableScene
from ....ui.text import blit_at
from ....ui.widgets import ACTIVATE_KEYS, Button, WidgetGroup
from ..engine import ARRANGE, REVEAL, TAKE_DISCARD, Action, View
from . import game_of
from .board import AetheryaBoard
from .layout import TableLayout
from .model import discard_pile
from .tutorial import (
    OPPONENT,
    PERSON,
    Step,
    TutorialError,
    TutorialScript,
    agent_factory,
    load_progress,
    load_script,
    replay,
    save_progress,
)

AIM_DWELL = 1.5  # seconds the card must be held over the place an aim step points at
LOG_MIN = 110  # the game log shows under the coach when it gets at least this much height (at 1600 x 900)


def open_tutorial(app) -> None:
    """Main menu, Learn to play: straight into the lesson, or resume where it was left / start over."""
    try:
        script = load_script(game_of(app.ctx).cards)
    except TutorialError as exc:
        app.show_error(str(exc))
        return
    progress = load_progress()
    step = script.index(progress.step) if progress.step and not progress.finished else 0
    if step <= 0:
        start_tutorial(app, script, 0)
        return

    title = step_text(script, script.steps[step].id, "title")
    lesson.offer_resume(app, step, len(script.steps), title, partial(start_tutorial, app, script))


def step_text(script: TutorialScript, step_id: str, part: str) -> str:
    """A step's title, text or wrong-move hint, with the opponent's name filled in."""
    return tr(f"tutorial.steps.{step_id}.{part}", opponent=lesson.opponent_name())


def start_tutorial(app, script: TutorialScript, step: int) -> "TutorialScene":
    return app.scenes.replace_all(TutorialScene(app, script, step))


class TutorialPauseMenu(PauseMenu):
    """Esc in the tutorial: leaving keeps the step reached, so it needs no second click."""

    def relayout(self) -> None:
        th = self.ctx.theme
        self.panel = Rect(0, 0, th.px(520), th.px(520))
        self.panel.center = (th.width // 2, th.height // 2)
        entries = [(tr("pause.resume"), self.close, "primary"), (tr("pause.rules"), self.rules, "normal"),
                   (tr("pause.settings"), self.settings, "normal"),
                   (tr("tutorial.leave"), self.app.main_menu, "normal")]
        self.widgets = WidgetGroup(self.button_column(entries, self.panel.y + th.px(120), th.px(380)), focus=0)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.ctx.theme
        self.draw_panel(surface, tr("pause.title"))
        note = self.ctx.text.block(tr("tutorial.leave_note"), "body", th.text(19), theme.INK_MUTED,
                                   self.panel.w - th.px(60), align="center")
        blit_at(surface, note, "midbottom", (self.panel.centerx, self.panel.bottom - th.px(20)))
        self.widgets.draw(surface, self.ctx)


class LessonBoard(AetheryaBoard):
    """The board at the lesson's table: its side column is the coach's, with the log under it."""

    def __init__(self, table: "TableScene[Action, View]") -> None:
        self.column = Rect(0, 0, 0, 0)
        super().__init__(table)

    def layout_table(self) -> TableLayout:
        layout = super().layout_table()
        self.column = layout.log or Rect(0, 0, 0, 0)
        return replace(layout, log=None)


class TutorialScene(TableScene[Action, View]):
    board: LessonBoard

    def __init__(self, app, script: TutorialScript, step: int = 0) -> None:
        self.script = script
        self.step_index = max(0, min(step, len(script.steps) - 1))
        self.free = False  # the lesson is over and the person plays on
        self.hint = ""
        self.pulse = 0.0
        self.aimed_for = 0.0  # seconds the card has been held over the aim step's place
        self.picked_up: object = None  # the held card the lesson last looked at (a new pick-up is a new try)
        self.placed_right = 0  # starting cards on their lesson places (one more is a right move)
        self.coach = Rect(0, 0, 0, 0)
        self.coach_buttons: list[Button] = []
        self._start, self._moves_used = replay(game_of(app.ctx).rules, script, self.step_index)
        seats = [Seat(tr("new_game.default_you")), Seat(lesson.opponent_name(), COMPUTER, script.level)]
        if script.first:
            seats.reverse()
        game = game_of(app.ctx)
        setup = GameSetup(tuple(seats), script.seed, script.first)
        controller = GameController(game, setup, actions=self._start, threaded=app.threaded,
                                    agent_factory=agent_factory(game, script, self._moves_used))
        # the side column is the coach's (and the log's, under it)
        super().__init__(app, setup, LessonBoard, autosave=False, offers_hints=False, log_open=True,
                         controller=controller)
        if self._start:
            # The whole discard pile is known here (every card in it went there face up in this game):
            # the table then shows the right card when the top one is taken.
            self.board.model.discard = discard_pile(self.controller.seen_history())
            self.board.model.discard_under = 0
        self.measure_coach()
        self.keep_progress()

    @property
    def step(self) -> Step:
        return self.script.steps[self.step_index]

    def text(self, part: str, step: Step | None = None) -> str:
        return step_text(self.script, (step or self.step).id, part)

    # -- layout: the side column holds the coach, and the log under it --------------------------------

    def relayout(self) -> None:
        super().relayout()
        self.measure_coach()

    def measure_coach(self) -> None:
        """The coach's height: what the longest step needs (so it does not jump from step to step)."""
        th = self.ctx.theme
        inner = self.board.column.w - 2 * th.px(14)
        most = max(self.words_height(s, inner) for s in self.script.steps)
        fixed = self.fixed_height()
        self.coach = Rect(self.board.column.x, self.board.column.y, self.board.column.w,
                          min(self.board.column.h, fixed + most))
        if self.free:
            self.coach.h = 0

    def fixed_height(self) -> int:
        th, text = self.ctx.theme, self.ctx.text
        pad = th.px(14)
        head = text.line_height("bold", th.text(16)) + th.px(14)
        notes = 2 * text.line_height("body", th.text(17)) + th.px(8)
        buttons = 2 * (th.px(44) + th.px(8))
        return pad + head + notes + buttons + pad

    def words_height(self, step: Step, width: int) -> int:
        th, text = self.ctx.theme, self.ctx.text
        title = text.block(self.text("title", step), "heading", th.text(24), theme.GOLD, width)
        body = text.block(self.text("text", step), "body", th.text(19), theme.INK, width)
        return title.get_height() + th.px(8) + body.get_height() + th.px(6)

    def log_rect(self) -> Rect | None:
        th = self.ctx.theme
        top = self.coach.bottom + (th.gap if self.coach.h else 0)
        rect = Rect(self.board.column.x, top, self.board.column.w, self.board.column.bottom - top)
        return rect if rect.h >= th.px(LOG_MIN) else None

    # -- buttons -----------------------------------------------------------------------------------------

    def refresh_buttons(self) -> None:
        super().refresh_buttons()
        self.coach_buttons = lesson.coach_buttons(self, self.coach)
        self.widgets.widgets.extend(self.coach_buttons)

    def undo_target(self) -> int | None:
        return super().undo_target() if self.free else None  # the lesson's moves are not taken back

    def toggle_log(self) -> None:
        pass  # the log always shows under the coach when there is room

    def open_menu(self) -> None:
        self.app.scenes.push(TutorialPauseMenu(self.app))

    # -- following the lesson -------------------------------------------------------------------------------

    def advance(self) -> None:
        self.step_index = min(self.step_index + 1, len(self.script.steps) - 1)
        self.hint = ""
        self.toast = None
        self.aimed_for = 0.0
        self.placed_right = 0
        self.keep_progress()
        self.refresh_buttons()

    def keep_progress(self) -> None:
        """The step reached, for Learn to play to resume at (an app that keeps no files keeps none)."""
        if self.app.persist:
            save_progress(self.step.id, finished=self.free or self.step.kind == "end")

    def next_step(self) -> None:
        if self.step.kind == "read":
            self.advance()

    def play_on(self) -> None:
        self.free = True
        self.hint = ""
        self.keep_progress()
        self.coach.h = 0
        self.refresh_buttons()

    def wrong(self, key: str | None = None) -> None:
        """Explain why this is not the lesson's move (the table shows it, and so does the coach)."""
        self.hint = tr(key) if key else self.text("wrong")
        self.say(self.hint)

    def right(self) -> None:
        """A move the lesson asked for: what was said of the last wrong one goes."""
        if self.toast is not None and self.toast[0] == self.hint:
            self.toast = None
        self.hint = ""

    def status_text(self) -> str:
        """While the lesson runs, the bottom bar says what the step asks, never the table's own advice (which
        offers moves the lesson would put back)."""
        return super().status_text() if self.free else self.text("status")

    def play(self, actions: Sequence[Action], origin: Rect | None = None) -> None:
        if self.free:
            super().play(actions, origin)
            return
        step = self.step
        if step.kind in ("arrange", "do") and tuple(actions) == step.actions:
            super().play(actions, origin)
            self.advance()
            return
        self.refuse(actions, origin)

    def refuse(self, actions: Sequence[Action], origin: Rect | None) -> None:
        """Put a move that is not the lesson's back where it came from, and say why."""
        g, step = self.board.gestures, self.step
        self.wrong("tutorial.read_first" if step.kind == "read" else None)
        first = actions[0] if actions else None
        if first is not None and first.kind == ARRANGE and step.kind == "arrange":
            assert first.cards is not None, "an arrange action names the four cards"
            wanted = step.arranged()
            given = dict(zip(wanted, (t for row in first.cards for t in row)))
            g.arrangement = {cell: card for cell, card in given.items() if wanted[cell] == card}
        elif first is not None and first.kind == REVEAL:
            g.discarding = True  # the drawn card stays on the discard pile: another land can be chosen
        elif origin is not None and first is not None:
            source, card = (("discard",), self.board.model.discard_top) if first.kind == TAKE_DISCARD \
                else (("drawn",), self.board.model.drawn)
            if card is not None:
                g.snap = (card, origin, source, 0.0)
        self.refresh_buttons()

    def allowed_sources(self) -> set[tuple]:
        """What the person may pick up in this step."""
        step = self.step
        if step.kind in ("hold", "aim") or (step.kind == "do" and step.source):
            return {(step.source,)}
        if step.kind == "do" and step.actions[0].legend:
            legend = step.actions[0].legend
            row = self.board.model.legend_row
            return {("legend", row.index(legend))} if legend in row else set()
        return set()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.pulse += dt
        if not self.free and self.choreo.idle:
            self.follow(dt)

    def next_frame_in(self) -> float | None:
        """The lesson's pointers pulse (and its dwell timers run) until the person plays on freely."""
        return soonest(super().next_frame_in(), None if self.free else PULSE)

    def follow(self, dt: float) -> None:
        """Steps that are done by what the person holds or aims at, not by a move; and wrong pick-ups."""
        g, step = self.board.gestures, self.step
        if step.kind == "watch":
            if self.decision() is not None:
                self.advance()
            return
        if step.kind == "arrange":
            wanted = step.arranged()
            misplaced = [cell for cell, card in g.arrangement.items() if wanted.get(cell) != card]
            if misplaced and not (g.held and g.held.dragging):
                for cell in misplaced:
                    del g.arrangement[cell]
                self.wrong()
            placed = sum(1 for cell, card in g.arrangement.items() if wanted.get(cell) == card)
            if placed > self.placed_right:
                self.right()
            self.placed_right = placed
            return
        held = g.held
        new_pick_up, self.picked_up = held is not None and held is not self.picked_up, held
        if held is None or held.source[0] in ("hand", "cell"):
            return
        if held.source not in self.allowed_sources():
            g.held = None
            g.press = None
            self.wrong()
            self.refresh_buttons()
            return
        if new_pick_up:
            self.right()
        if step.kind == "hold":
            self.advance()
        elif step.kind == "aim":  # done once the card has been held there long enough to read the preview
            self.aimed_for = self.aimed_for + dt if g.aimed() == ("cell", PERSON, step.cell) else 0.0
            if self.aimed_for >= AIM_DWELL:
                self.advance()

    # -- what the lesson points at --------------------------------------------------------------------------------

    def pointed(self) -> list[Rect]:
        """The rects the current step highlights (the first gets the arrow)."""
        if self.free:
            return []
        step, g, layout = self.step, self.board.gestures, self.board.layout
        keys: list = []
        if step.kind in ("read", "watch"):
            areas = {"kingdom": layout.kingdoms[PERSON].rect, "opponent": layout.kingdoms[OPPONENT].rect,
                     "legends": layout.legend_area, "piles": layout.piles,
                     "hand": layout.hand[0].unionall(layout.hand[1:]), "draw": layout.draw_pile,
                     "discard": layout.discard_pile}
            return [areas[p] for p in step.points if p in areas]
        if self.decision() is None:
            return []
        if step.kind == "arrange":
            wanted = step.arranged()
            if g.held is not None:
                keys = [("cell", PERSON, c) for c, t in wanted.items() if t == g.held.card]
            else:
                hand = g.hand()
                if hand:
                    cell = next(c for c, t in wanted.items() if t == hand[0])
                    keys = [("hand", 0), ("cell", PERSON, cell)]
                else:
                    keys = [("button", "confirm")]
        elif step.kind == "hold":
            keys = [(step.source,)]
        elif step.kind == "aim" or (step.kind == "do" and step.source):
            target = ("cell", PERSON, step.target_cell())
            if step.actions and step.actions[0].kind == REVEAL:
                keys = [target] if g.discarding else [("discard",)] if g.held else [("drawn",)]
            else:
                keys = [target] if g.held is not None else [(step.source,)]
        elif step.kind == "do" and step.actions[0].legend:
            keys = [k for k in [("legend", i) for i in range(len(self.board.model.legend_row))]
                    if self.board.model.legend_row[k[1]] == step.actions[0].legend]
        elif step.kind == "do":
            keys = [("draw",)]
        return [r for r in (self.board.rect_of(k) for k in keys) if r is not None]

    # -- drawing ----------------------------------------------------------------------------------------------

    # The lesson draws over the table (pointers, the coach, its buttons): the whole window, every frame.
    draw_changes = Scene.draw_changes

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.ctx.settings.show_score_preview and not self.free:  # the lesson needs the preview
            preview = self.board.gestures.preview()
            if preview is not None:
                self.board.painter.preview(surface, *preview)
        self.draw_pointers(surface)
        self.draw_coach(surface)
        log = self.log_rect()
        if log is not None:
            self.board.painter.log(surface, log)
        for button in self.coach_buttons:
            button.draw(surface, self.ctx, False, button is self.widgets.hover)
        if self.toast is not None:  # above the highlight
            self.board.painter.toast(surface, *self.toast)
        if self.tooltip is not None:
            self.board.painter.tooltip(surface, self.tooltip, self.board.gestures.mouse)

    def draw_pointers(self, surface: pygame.Surface) -> None:
        """A pulsing ring in the coach's colour around what the step asks to use."""
        lesson.draw_pointers(surface, self.ctx, self.pointed(), self.pulse)

    def draw_coach(self, surface: pygame.Surface) -> None:
        if self.free or not self.coach.h:
            return
        note, colour = "", theme.INK_MUTED
        if self.hint:
            note, colour = self.hint, theme.BAD
        elif self.step.interactive and self.decision() is None and self.controller.computer_to_move():
            note = tr("tutorial.waiting", name=self.controller.seats[OPPONENT].name)
        bottom = self.coach_buttons[0].rect.y if self.coach_buttons else self.coach.bottom
        lesson.draw_coach(surface, self.ctx, self.coach, self.step_index, len(self.script.steps), self.text("title"),
                          self.text("text"), note, colour, bottom)

    # -- keys ------------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if not self.free and self.step.kind in ("read", "end"):
            if event.type == pygame.KEYDOWN and event.key in ACTIVATE_KEYS and self.coach_buttons:
                self.coach_buttons[0].activate()
                return
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.board.hit(event.pos) is not None:
                self.wrong("tutorial.read_first" if self.step.kind == "read" else None)
                return
        super().handle(event)

