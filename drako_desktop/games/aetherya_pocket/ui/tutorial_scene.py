"""Learn to play Aetherya Pocket: the tutorial's game on the real table, with a coach beside it.

The shared lesson table (`ui/lesson_table.py`) runs the lesson; the `AetheryaGuide` here is this game's
part, driven by the script (`lesson.py`, data in the card folder's `tutorial.yaml`):
* the coach takes the table's side column, the game log under it when there is room;
* the step's own move goes to the engine; any other - legal or not - is put back where it came from
  (a card snaps back, a starting card leaves the wrong place) and explained;
* steps done by holding a card, aiming it at a place long enough to read the preview, or watching;
* the pointers ring (with an arrow) what the step asks to use.
The opponent plays its scripted moves in between.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

import pygame
from pygame import Rect

from ....controller.game import COMPUTER, GameController, GameSetup, Seat
from ....i18n import tr
from ....ui import lesson, theme
from ....ui.lesson_table import LessonTable, open_lesson
from ....ui.scenes.base import Scene
from ....ui.scenes.overlay import PauseMenu
from ....ui.table import TableScene
from ....ui.text import blit_at
from ....ui.widgets import WidgetGroup
from ..engine import ARRANGE, REVEAL, TAKE_DISCARD, Action, View
from ..lesson import OPPONENT, PERSON, Step, TutorialError, TutorialScript, load_script, replay
from . import game_of
from .board import AetheryaBoard
from .layout import TableLayout

PROGRESS_FILE = "tutorial.json"  # the step reached, in the data folder
AIM_DWELL = 1.5  # seconds the card must be held over the place an aim step points at
LOG_MIN = 110  # the game log shows under the coach when it gets at least this much height (at 1600 x 900)


def open_tutorial(app) -> None:
    """Main menu, Learn to play: straight into the lesson, or resume where it was left / start over."""
    try:
        script = load_script(game_of(app.ctx).cards)
    except TutorialError as exc:
        app.show_error(str(exc))
        return
    open_lesson(app, script.steps, PROGRESS_FILE,
                lambda step: step_text(script, step.id, "title"), lambda step: start_tutorial(app, script, step))


def step_text(script: TutorialScript, step_id: str, part: str) -> str:
    """A step's title, text or wrong-move hint, with the opponent's name filled in."""
    return tr(f"tutorial.steps.{step_id}.{part}", opponent=lesson.opponent_name())


def start_tutorial(app, script: TutorialScript, step: int) -> LessonTable[Action, View]:
    return app.scenes.replace_all(lesson_table(app, script, step))


def lesson_table(app, script: TutorialScript, step: int = 0) -> LessonTable[Action, View]:
    """The lesson's table at `step`: the game replayed to where that step starts, the scripted opponent on."""
    game = game_of(app.ctx)
    start, moves_used = replay(game.rules, script, max(0, min(step, len(script.steps) - 1)))
    seats = [Seat(tr("new_game.default_you")), Seat(lesson.opponent_name(), COMPUTER, script.level)]
    if script.first:
        seats.reverse()
    setup = GameSetup(tuple(seats), script.seed, script.first)
    controller = GameController(game, setup, actions=start, threaded=app.threaded,
                                agent_factory=lesson.scripted_opponents(game, script.moves, script.level,
                                                                            moves_used))
    # the side column is the coach's (and the log's, under it)
    return LessonTable(app, setup, LessonBoard, controller, lambda table: AetheryaGuide(table, script), step,
                       log_open=True)


class LessonBoard(AetheryaBoard):
    """The board at the lesson's table: its side column is the coach's, with the log under it."""

    def __init__(self, table: "TableScene[Action, View]") -> None:
        self.column = Rect(0, 0, 0, 0)
        super().__init__(table)

    def layout_table(self) -> TableLayout:
        layout = super().layout_table()
        self.column = layout.log or Rect(0, 0, 0, 0)
        return replace(layout, log=None)


class AetheryaGuide:
    """Aetherya Pocket's part of the lesson (`ui.lesson_table.Guide`)."""

    progress_file = PROGRESS_FILE
    status_part = "status"  # the status bar says what the step asks
    waiting_key = "tutorial.waiting"
    log_toggles = False  # the log always shows under the coach, when there is room

    def __init__(self, table: LessonTable[Action, View], script: TutorialScript) -> None:
        self.table = table
        self.script = script
        assert isinstance(table.board, LessonBoard), "an Aetherya Pocket lesson is on its lesson board"
        self.board = table.board
        self.aimed_for = 0.0  # seconds the card has been held over the aim step's place
        self.picked_up: object = None  # the held card the lesson last looked at (a new pick-up is a new try)
        self.placed_right = 0  # starting cards on their lesson places (one more is a right move)
        self.coach = Rect(0, 0, 0, 0)
        self._laid_out_for: object = None  # the layout the coach was measured for

    @property
    def steps(self) -> Sequence[Step]:
        return self.script.steps

    @property
    def step(self) -> Step:
        """The step the lesson is at."""
        return self.script.steps[self.table.step_index]

    def text(self, step_id: str, part: str) -> str:
        return step_text(self.script, step_id, part)

    # -- the coach's place: the side column, the log under it ------------------------------------------------

    def coach_box(self) -> Rect:
        if self._laid_out_for is not self.board.layout:  # measured again for each layout (size, language)
            self._laid_out_for = self.board.layout
            self.measure_coach()
        return self.coach

    def measure_coach(self) -> None:
        """The coach's height: what the longest step needs (so it does not jump from step to step)."""
        th = self.table.ctx.theme
        inner = self.board.column.w - 2 * th.px(14)
        most = max(self.words_height(s, inner) for s in self.script.steps)
        fixed = self.fixed_height()
        self.coach = Rect(self.board.column.x, self.board.column.y, self.board.column.w,
                          min(self.board.column.h, fixed + most))
        if self.table.free:
            self.coach.h = 0

    def fixed_height(self) -> int:
        th, text = self.table.ctx.theme, self.table.ctx.text
        pad = th.px(14)
        head = text.line_height("bold", th.text(16)) + th.px(14)
        notes = 2 * text.line_height("body", th.text(17)) + th.px(8)
        buttons = 2 * (th.px(44) + th.px(8))
        return pad + head + notes + buttons + pad

    def words_height(self, step: Step, width: int) -> int:
        th, text = self.table.ctx.theme, self.table.ctx.text
        title = text.block(self.text(step.id, "title"), "heading", th.text(24), theme.GOLD, width)
        body = text.block(self.text(step.id, "text"), "body", th.text(19), theme.INK, width)
        return title.get_height() + th.px(8) + body.get_height() + th.px(6)

    def log_rect(self) -> Rect | None:
        th = self.table.ctx.theme
        top = self.coach.bottom + (th.gap if self.coach.h else 0)
        rect = Rect(self.board.column.x, top, self.board.column.w, self.board.column.bottom - top)
        return rect if rect.h >= th.px(LOG_MIN) else None

    # -- following the lesson ----------------------------------------------------------------------------

    def asked(self, actions: Sequence[Action]) -> bool:
        step = self.step
        return step.kind in ("arrange", "do") and tuple(actions) == step.actions

    def new_step(self) -> None:
        self.aimed_for = 0.0
        self.placed_right = 0

    def played_on(self) -> None:
        self.coach.h = 0

    def on_board(self, pos: tuple[int, int]) -> bool:
        return self.board.hit(pos) is not None

    def pause_menu(self) -> Scene:
        return TutorialPauseMenu(self.table.app)

    def draw_under(self, surface: pygame.Surface) -> None:
        """The score preview (the lesson needs it, whatever the setting), and the log under the coach."""
        if not self.table.ctx.settings.show_score_preview and not self.table.free:
            preview = self.board.gestures.preview()
            if preview is not None:
                self.board.painter.preview(surface, *preview)
        log = self.log_rect()
        if log is not None:
            self.board.painter.log(surface, log)

    def draw_notes(self, surface: pygame.Surface) -> None:
        table = self.table
        if table.toast is not None:  # above the highlight
            self.board.painter.toast(surface, *table.toast)
        if table.tooltip is not None:
            self.board.painter.tooltip(surface, table.tooltip, self.board.gestures.mouse)

    # -- the steps --------------------------------------------------------------------------------------------

    def put_back(self, actions: Sequence[Action], origin: Rect | None) -> None:
        """Put a move that is not the lesson's back where it came from, and say why."""
        g, step = self.board.gestures, self.step
        self.table.wrong("tutorial.read_first" if step.kind == "read" else None)
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

    def follow(self, dt: float) -> None:
        """Steps that are done by what the person holds or aims at, not by a move; and wrong pick-ups."""
        g, step = self.board.gestures, self.step
        if step.kind == "watch":
            if self.table.decision() is not None:
                self.table.advance()
            return
        if step.kind == "arrange":
            wanted = step.arranged()
            misplaced = [cell for cell, card in g.arrangement.items() if wanted.get(cell) != card]
            if misplaced and not (g.held and g.held.dragging):
                for cell in misplaced:
                    del g.arrangement[cell]
                self.table.wrong()
            placed = sum(1 for cell, card in g.arrangement.items() if wanted.get(cell) == card)
            if placed > self.placed_right:
                self.table.right()
            self.placed_right = placed
            return
        held = g.held
        new_pick_up, self.picked_up = held is not None and held is not self.picked_up, held
        if held is None or held.source[0] in ("hand", "cell"):
            return
        if held.source not in self.allowed_sources():
            g.held = None
            g.press = None
            self.table.wrong()
            self.table.refresh_buttons()
            return
        if new_pick_up:
            self.table.right()
        if step.kind == "hold":
            self.table.advance()
        elif step.kind == "aim":  # done once the card has been held there long enough to read the preview
            self.aimed_for = self.aimed_for + dt if g.aimed() == ("cell", PERSON, step.cell) else 0.0
            if self.aimed_for >= AIM_DWELL:
                self.table.advance()

    def pointed(self) -> list[Rect]:
        """The rects the current step highlights (the first gets the arrow)."""
        step, g, layout = self.step, self.board.gestures, self.board.layout
        keys: list = []
        if step.kind in ("read", "watch"):
            areas = {"kingdom": layout.kingdoms[PERSON].rect, "opponent": layout.kingdoms[OPPONENT].rect,
                     "legends": layout.legend_area, "piles": layout.piles,
                     "hand": layout.hand[0].unionall(layout.hand[1:]), "draw": layout.draw_pile,
                     "discard": layout.discard_pile}
            return [areas[p] for p in step.points if p in areas]
        if self.table.decision() is None:
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
