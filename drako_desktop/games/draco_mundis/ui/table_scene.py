"""The Draco Mundis table: a game in progress, shown and played, keeping every secret.

The scene owns the turn controller and runs it from the frame loop, like the Aetherya
table: when nothing is animating it waits for the person whose turn it is, polls the
computer seat's worker, or lets the controller go past a turn change or the end.

Secrets: the controller decides whose eyes are on the screen (`controller.screen`, the
viewer) and hands the table only that viewer's view and events: the board is a
`BoardModel` made from `controller.view()`, the log from `controller.seen_history()`,
and the painter sees nothing else. With one person (and computers) the screen is always
theirs. With two or more, it goes to the public view when a person's turn is over and
through the computers' turns; before a person decides, the shared hand-over screen
hides the whole board until that person confirms (placements and turns alike, and a
resumed game). Nobody's secrets show in a game of computers only.

A person's turn whose actions are spent waits for End turn (or goes on by itself with the
"end my turn automatically" setting), the next turn held back: until then Undo can take
back what revealed nothing.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame
from pygame import Rect

from ....controller.game import Decision, GameController, GameSetup, Phase
from ....controller.session import GameSession
from ....i18n import called_you, has, shown_name, tr
from ....saves import SavedGame
from ....saves import start_game as start_saved_game
from ....settings import ANIMATION_FACTOR
from ....ui import table_parts
from ....ui.anim import Choreography, Counter
from ....ui.hints import Hints
from ....ui.room import GameRoom
from ....ui.scenes.base import PULSE, Scene, soonest
from ....ui.tooltips import Tooltip
from ....ui.widgets import Button, WidgetGroup
from ...base import IllegalActionError
from ..actions import Action, Capture, Fight, Move, Pass, Place, Push, Select, row_col
from ..board import BoardModel, Square
from ..events import Event
from ..view import View
from . import game_of
from .beats import Pause, beats_for
from .gestures import Gestures
from .layout import TableLayout, table_layout
from .painter import TablePainter
from .tips import square_tooltip, supply_tooltip, title_name, token_name

log = logging.getLogger(__name__)

MARKED = ("move", "capture", "push", "reveal", "reveal-any", "peek", "fight", "rotate", "destroy", "sacrifice")
THINK = 0.6  # seconds a computer's first decision of a turn is shown as "thinking" (normal speed)
THINK_AGAIN = 0.35
END_TURN_KEY = pygame.K_e


class TableScene(Scene):
    app: GameRoom  # a table's room: start its controller, the opponents' process, the saving
    autosave = True  # False: not a saved game (the lesson keeps its own progress)
    offers_hints = True  # False: the lesson's script teaches instead
    hand_over_key = "draco_table.hand_over.text"  # the hand-over's words: the board hides everyone's tokens

    def __init__(self, app, setup: GameSetup, saved: SavedGame | None = None, review: bool = False) -> None:
        super().__init__(app)
        self.setup = setup
        self.game = game_of(app.ctx)
        self.data = self.game.data
        self.review = review
        self.saved = saved  # the saved game it was opened with (None: a new game)
        practice = saved.practice if saved is not None else app.practice_for(setup)
        # Typed by this game's actions and views: mypy checks the table against its game.
        self.controller: GameController[Action, View] = self.new_controller(saved, practice)
        self.session: GameSession | None = None
        if app.persist and not review and self.autosave:
            self.session = GameSession(self.controller, saved or start_saved_game(setup, self.controller.practice))
        self.model = self.model_of_game(self.controller.view())
        self.choreo = Choreography(self.speed)
        self.gestures = Gestures(self)
        self.painter = TablePainter(self)
        self.widgets = WidgetGroup()
        self.layout: TableLayout = self.new_layout()
        self.log_open = False
        # Every event shown so far as the viewer knows it (a resumed game's too): the log tells them.
        self.told: list[Event] = self.controller.seen_history()
        self.shown_screen = self.controller.screen  # whose view the board and the log were made for
        self.log_scroll = 0
        self._log_page: tuple | None = None
        self.toast: tuple[str, float] | None = None
        self.hovered: tuple | None = None
        self.hover_time = 0.0
        self.pinned_tip = False
        self.tooltip: Tooltip | None = None
        self.computers = table_parts.ComputerTurns(THINK, THINK_AGAIN)
        self.counters = [Counter(self.model.score(seat)) for seat in range(setup.players)]
        self._decision_key: tuple | None = None
        self.finished = False
        self.save_warned = False
        self.hints = Hints(self)

    def new_controller(self, saved: SavedGame | None, practice: bool) -> GameController[Action, View]:
        """The turn controller of this table (the lesson makes its own, with a scripted opponent)."""
        return self.app.controller(self.setup, saved, practice=practice)

    # -- whose screen -----------------------------------------------------------------------------

    @property
    def people(self) -> tuple[int, ...]:
        """The seats of the people at the table (the controller's)."""
        return self.controller.people

    @property
    def viewer(self) -> int | None:
        """The seat whose view the table shows (None: only what everyone sees): the controller's screen."""
        return self.controller.screen

    def take_screen(self, seat: int) -> None:
        """A person confirmed the hand-over: the table shows their view from now on."""
        self.controller.take_screen(seat)
        self.screen_changed()

    def screen_changed(self, coming: list[Event] | None = None) -> None:
        """The screen went to another viewer: the board and the log are made again from their view and events
        (`coming`: events still to be shown, not told yet)."""
        self.shown_screen = self.controller.screen
        self.model = self.model_of_game(self.controller.view())
        told = self.controller.seen_history()
        self.told = told[:len(told) - len(coming or ())]
        self.gestures.reset()
        self.gestures.selected = None
        self.gestures.tray_kind = None
        self._log_page = None
        self._decision_key = None
        self.painter.forget()
        self.refresh_buttons()

    # -- settings and layout ---------------------------------------------------------------------------

    @property
    def speed(self) -> float:
        return ANIMATION_FACTOR[self.ctx.settings.animation_speed]

    def new_layout(self) -> TableLayout:
        """The layout of this window: only the columns in play for the number of players are drawn."""
        in_use = dict(self.data.columns_in_use)[self.setup.players]
        return table_layout(self.app.surface.get_size(), self.setup.players, self.data.rows, in_use,
                            self.data.columns - in_use)

    def relayout(self) -> None:
        self.layout = self.new_layout()
        self.painter = TablePainter(self)
        self.painter.prepare()
        self._log_page = None
        self.refresh_buttons()

    def enter(self) -> None:
        super().enter()
        table_parts.settle_in(self)

    def refresh_buttons(self) -> None:
        """Top bar (menu, rules, log, undo) and the status bar's Pass / End turn."""
        th, text = self.ctx.theme, self.ctx.text
        status = self.layout.status_bar
        widgets = table_parts.top_bar(self)
        decision = self.decision()
        button = None
        if self.ending_turn():
            button = (tr("draco_table.confirm_placements" if self.ending_placements() else "draco_table.end_turn"),
                      self.end_turn)
        elif decision is not None and decision.kind == "act":
            button = (tr("draco_table.pass"), self.gestures.do_pass)
        if button is not None:
            label, action = button
            w = text.width(label, "bold", th.text(22)) + th.px(48)
            bh = status.h - th.px(16)
            widgets.append(Button(Rect(status.right - th.px(12) - w, status.y + th.px(8), w, bh), label,
                                  action, style="primary", size=22))
        if decision is not None and decision.kind == "act":
            widgets += self.selection_buttons()
        self.widgets = WidgetGroup(widgets, focus=-1)

    def selection_buttons(self) -> list[Button]:
        """Under the selected character's card: turn it (the dial) and, where allowed, sacrifice it."""
        g, th = self.gestures, self.ctx.theme
        if g.selected is None or self.log_open or not self.shows_panel:
            return []
        entries = [(tr("draco_table.turn_button"), g.rotate, None, bool(g.rotations()))]
        if g.sacrifice() is not None:
            entries.append((tr("draco_table.sacrifice_button"), g.do_sacrifice, None, True))
        panel = self.layout.panel
        pad, gap, h = th.px(14), th.px(8), th.px(44)
        w = (panel.w - 2 * pad - gap * (len(entries) - 1)) // len(entries)
        return [Button(Rect(panel.x + pad + i * (w + gap), panel.bottom - pad - h, w, h), label, action, icon=icon,
                       enabled=enabled, size=20) for i, (label, action, icon, enabled) in enumerate(entries)]

    def panel_bottom(self) -> int:
        """Where the side panel's words must end (above its buttons)."""
        tops = [w.rect.y for w in self.widgets.widgets if self.layout.panel.contains(w.rect)]
        return min(tops, default=self.layout.panel.bottom)

    @property
    def bar_edges(self) -> table_parts.BarEdges:
        return table_parts.bar_edges(self.widgets.widgets, self.layout.top_bar, self.layout.status_bar,
                                     self.layout.size[0])

    # -- the game ------------------------------------------------------------------------------------------

    def decision(self) -> Decision | None:
        """The person's decision the table waits for (None while animating, handing over or a computer plays)."""
        if not self.choreo.idle or self.finished:
            return None
        decision = self.controller.current()
        if decision is None or not decision.human or decision.seat != self.viewer:
            return None
        return decision

    def why_illegal(self, action: Any) -> IllegalActionError | None:
        """The engine's reason an action is not legal now (None: it is)."""
        return self.controller.why_illegal(action)

    def play(self, action: Any, origin: Rect | None = None) -> None:
        """Apply a person's action and animate what it did."""
        decision = self.decision()
        if decision is None:
            return
        try:
            events = self.controller.act(action)
        except IllegalActionError as exc:
            self.refuse(exc)
            return
        self.show(events, origin)
        if not isinstance(action, Pass) and self.gestures.selected is not None:
            self.gestures.facing = None
        self.refresh_buttons()

    def show(self, events: list[Event], origin: Rect | None = None) -> None:
        """Queue the beats of one action's events (as the controller gave them: the viewer's)."""
        # The next turn is named in a banner when the screen stays with the same person or the game
        # shows computers; a hand-over screen names the next person itself.
        banners = self.controller.hand_over_due is None
        self.choreo.add(beats_for(self, events, self.controller.view(), origin=origin, banners=banners))

    def update(self, dt: float) -> None:
        self.choreo.factor = self.speed
        self.choreo.update(dt)
        self.painter.tick(dt)
        self.hints.update(dt)
        for seat, counter in enumerate(self.counters):
            counter.set(self.model.score(seat), instant=self.speed == 0)
            counter.update(dt)
        table_parts.tick_notices(self, dt)
        self.update_tooltip(dt)
        if self.choreo.idle and not self.finished:
            self.drive(dt)

    def next_frame_in(self) -> float | None:
        waits = table_parts.next_frame_in(self)
        if self.decision() is not None and self.model.decision == "act":  # the characters that may act pulse
            return soonest(waits, PULSE)
        return waits

    def drive(self, dt: float) -> None:
        """Nothing is animating: let the game move on."""
        if self.controller.screen != self.shown_screen:
            self.screen_changed()  # the public view for a computer's turn, or at the end
        table_parts.move_on(self, dt, self.show_computer)

    def show_computer(self, events: list[Event], pause: float) -> None:
        """A computer's action: shown after its thinking pause."""
        self.choreo.add([Pause(pause)])
        self.show(events)

    def sync_decision(self) -> None:
        c = self.controller
        key = (c.phase, c.to_move, len(c.actions), self.choreo.idle, self.viewer)
        if key != self._decision_key:
            self._decision_key = key
            if c.to_move != getattr(self, "_turn_seat", None):
                self._turn_seat = c.to_move
                self.computers.new_turn()
            self.gestures.reset()
            self.refresh_buttons()

    def game_over(self) -> None:
        self.finished = True
        self.shown_screen = self.controller.screen
        self.model = BoardModel.from_view(self.controller.view(), self.data)
        self.gestures.reset()
        self.refresh_buttons()
        table_parts.show_scores(self)

    def undo_target(self) -> int | None:
        return self.controller.undo_target() if self.decision() is not None or self.ending_turn() else None

    def ending_turn(self) -> bool:
        return table_parts.ending_turn(self)

    def ending_placements(self) -> bool:
        """The turn waiting for End turn is one of setup's placements (confirmed, not ended)."""
        return self.ending_turn() and self.controller.log.turns[-1] == 0

    def own_turn_shown(self) -> bool:
        """The turn on the table is the person's at the screen: deciding, ending it, or watching their own
        action play out (the panel and the status still speak to them then, not "while the others play")."""
        model = self.model
        if self.decision() is not None or self.ending_turn():
            return True
        return not model.over and model.current == self.viewer and self.setup.seats[model.current].is_human

    def model_of_game(self, view: View) -> BoardModel:
        """The board as `view` shows it; while a turn waits for End turn, still as the ending person's."""
        model = BoardModel.from_view(view, self.data)
        c = self.controller
        if c.ending_seat is not None:
            model.current, model.turn, model.actions_left = c.ending_seat, c.log.turns[-1], 0
        return model

    def end_turn(self) -> None:
        """End turn: the person's turn, over in the engine, passes on."""
        c = self.controller
        if c.phase != Phase.END_TURN or self.finished or c.hand_over_due is not None:
            if self.decision() is not None:
                self.say_key("turn_not_over")
            return
        events = c.proceed()  # the next turn's start, as the public view (with several people) tells it
        self.screen_changed(events)
        self.show(events)
        self.refresh_buttons()

    def undo_refusal(self, why: str) -> str:
        """Why undo cannot take a step back, in words: what came to light names the step that is final."""
        if why != "final":
            return tr(f"table.undo_refused.{'not_yours' if why == 'not-yours' else 'nothing'}")
        kinds = {e.kind for e in self.controller.last_events if e.reveals}
        if "peek" in kinds:
            return tr("draco_table.undo_refused.peeked")
        if kinds & {"reveal", "reveal-any"}:
            return tr("draco_table.undo_refused.revealed")
        return tr("table.undo_refused.final")

    def undo(self) -> None:
        """Take the person's last step back, or say in words why it cannot be (Ctrl+Z always answers)."""
        c = self.controller
        decision = c.current()
        mine = c.phase == Phase.END_TURN or decision is not None and decision.human
        if not self.choreo.idle and mine:
            self.choreo.finish()  # the person's own action still showing: it is shown done, then taken back
        if self.finished or not self.choreo.idle or self.controller.hand_over_due is not None:
            self.say(tr("table.undo_refused.not_yours"))
            return
        keep, why = c.why_no_undo()
        if keep is None:
            self.say(self.undo_refusal(why))
            return
        c.undo()
        self.choreo = Choreography(self.speed)
        self.screen_changed()
        self.sync_decision()

    def leave(self) -> None:
        table_parts.close_game(self)

    # -- what the beats ask --------------------------------------------------------------------------------

    def square_rect(self, at: Square) -> Rect:
        return self.layout.square_rect(at)

    def plate_rect(self, seat: int) -> Rect:
        return self.layout.seats[seat]

    def tell(self, event: Event) -> None:
        """An event becomes visible: its sound and its line in the log."""
        name = self.ctx.game_ui.sound_for(event)
        if name:
            self.ctx.sounds.play(name)
        self.told.append(event)
        self._log_page = None
        self.log_scroll = 0

    def sync(self, view: View) -> None:
        self.model = self.model_of_game(view)

    def draw_piece(self, surface: pygame.Surface, what: str, token, rect: Rect, alpha: int = 255) -> None:
        self.painter.piece(surface, what, token, rect, alpha, moving=True)

    def draw_back(self, surface: pygame.Surface, owner: int, rect: Rect) -> None:
        self.painter.back(surface, owner, rect, moving=True)

    def draw_fight(self, surface: pygame.Surface, event: Event, t: float) -> None:
        self.painter.fight(surface, event, t)

    def draw_mark(self, surface: pygame.Surface, name: str, rect: Rect, t: float) -> None:
        self.painter.pulse_mark(surface, name, rect, t)

    def draw_banner(self, surface: pygame.Surface, text: str, alpha: float) -> None:
        self.painter.banner(surface, text, alpha)

    def banner_text(self, event: Event) -> str:
        if event.kind == "end":
            return tr("draco_table.game_ends_stall" if event.reason == "stall" else "draco_table.game_ends")
        return tr("draco_table.turn_banner", turn=event.number, name=self.seat_name(event.seat))

    # -- words for the painter ---------------------------------------------------------------------------------

    def names(self) -> list[str]:
        return [shown_name(seat.name) for seat in self.setup.seats]

    def seat_name(self, seat: int) -> str:
        return shown_name(self.setup.seats[seat].name)

    @property
    def shows_panel(self) -> bool:
        """Whether the side panel shows the tray, the selection or the log (the lesson's coach covers it)."""
        return True

    @property
    def shows_preview(self) -> bool:
        """Whether hovering a fight shows its preview (a setting; the lesson always shows it)."""
        return self.ctx.settings.show_score_preview

    @property
    def practice(self) -> bool:
        return self.controller.practice

    @property
    def hints_shown(self) -> int:
        """How many hints were shown (the top bar marks the game): in pass-and-play only to the person looking,
        their own (another's hints are not the next person's business), else all of the game's."""
        hints = self.controller.hints
        if len(self.people) > 1:
            return hints[self.viewer] if self.viewer is not None else 0
        return sum(hints)

    def hint_places(self, action: Any) -> list[Rect]:
        """Where a suggested action shows: the token to place (in the tray) and its square, the character
        and its target, the attackers and the defender of a fight, or the Pass button."""
        squares = self.layout.square_rect
        if isinstance(action, (Select, Place)):
            slot = self.tray_slot(action.token)
            tray = [slot] if slot is not None else []
            return tray + ([squares(row_col(action.at))] if isinstance(action, Place) else [])
        if isinstance(action, (Move, Capture)):
            return [squares(row_col(action.origin)), squares(row_col(action.target))]
        if isinstance(action, Push):
            return [squares(row_col(action.by)), squares(row_col(action.at))]
        if isinstance(action, Fight):
            at = row_col(action.at)
            preview = self.model.fight_preview(self.gestures.seat(), at)
            return [squares(f.at) for f in preview.attackers] + [squares(at)] if preview else [squares(at)]
        if isinstance(action, Pass):
            return [w.rect for w in self.widgets.widgets if w.rect.y >= self.layout.status_bar.y][:1]
        return [squares(row_col(action.at))]  # peek, reveal, rotate, destroy, sacrifice, reveal any: one square

    def marked_events(self) -> list[Event]:
        """What the table marks on the board (as the viewer may know it): the last whole turn's actions, until the
        next turn is over, and the turn being played by someone else so far (a computer's first action stays
        marked while its second plays)."""
        starts = [i for i, e in enumerate(self.told) if e.kind == "turn"]
        if not starts:
            return []
        shown = self.told[starts[-2] + 1:starts[-1]] if len(starts) > 1 else []
        if self.told[starts[-1]].seat != self.viewer:
            shown = shown + self.told[starts[-1] + 1:]
        return [e for e in shown if e.kind in MARKED]

    def log_lines(self) -> list[str]:
        """The log as the viewer may read it."""
        names = self.names()
        lines = []
        for event in self.told:
            if event.kind != "select":
                line = self.game.describe(event, names)
                if line:
                    lines.append(line)
        return lines

    def log_page(self, width: int) -> pygame.Surface:
        key = (len(self.told), width, self.ctx.theme.width, self.viewer)
        if self._log_page is None or self._log_page[0] != key:
            self._log_page = (key, table_parts.log_page(self.ctx, self.log_lines()[-200:], width))
        return self._log_page[1]

    def turn_text(self) -> str:
        model = self.model
        name = self.seat_name(model.current)
        if model.over:
            return tr("table.game_over")
        if model.in_setup:
            return tr("draco_table.setup_turn", name=name)
        return tr("draco_table.turn", turn=model.turn, name=name)

    def stall_text(self) -> str:
        """How many turns without a reveal, an elimination in a fight or a capture are left before the stall
        rule ends the game (empty while none has passed, in setup and at the end)."""
        model = self.model
        if model.over or model.in_setup or model.stall <= 0:
            return ""
        left = model.stall_limit - model.stall
        return tr("draco_table.stall_left_one") if left == 1 else tr("draco_table.stall_left", count=left)

    def status_text(self) -> str:
        c, g, model = self.controller, self.gestures, self.model
        if model.over or self.finished:
            return tr("table.status.over")
        if self.ending_placements():
            return tr("draco_table.status.confirm_placements")
        if self.ending_turn():
            final = c.undo_target() is None
            return tr("draco_table.status.end_turn_final" if final else "draco_table.status.end_turn")
        decision = self.decision()
        if decision is None and not self.own_turn_shown():
            seat = c.to_move if self.choreo.idle else model.current
            if not c.seats[seat].is_human:  # its own words: Aetherya's say "plays a card" in Chinese
                return tr("draco_table.status.computer", name=self.seat_name(seat))
            person = c.seats[seat]
            if called_you(person.name):  # "You are next", not "You is next"
                return tr("table.status.you_next")
            return tr("table.status.wait", name=self.seat_name(seat))
        if g.facing is not None:
            return tr(f"draco_table.status.facing_{g.facing.purpose.replace('-', '_')}")
        if g.menu is not None:
            return tr("draco_table.status.menu")
        if model.in_setup:
            per_turn = self.data.variants.fast_setup_placements if "fast_setup" in model.variants \
                else self.data.placements_per_turn
            left = min(per_turn - model.placed, model.supply_left[model.current])
            if g.tray_kind is not None:
                return tr("draco_table.status.place_where", token=self.token_name(g.tray_kind), count=left)
            return tr("draco_table.status.place_pick", count=left)
        if g.selected is not None:
            spot = model.squares.get(g.selected)
            name = title_name(self.data, spot.character.kind) if spot and spot.character else ""
            return tr("draco_table.status.selected", token=name)
        if model.last_turn:
            return tr("draco_table.status.act_last", count=model.actions_left)
        return tr("draco_table.status.act")

    def token_name(self, kind: str) -> str:
        return token_name(self.data, kind)

    def say(self, text: str) -> None:
        table_parts.say(self, text)

    def say_key(self, key: str) -> None:
        self.say(tr(f"draco_table.say.{key}"))

    def refuse(self, problem: IllegalActionError) -> None:
        """An illegal attempt, refused with the engine's reason in words."""
        key = f"draco_mundis.errors.{problem.code}"
        self.say(tr(key) if has(key) else str(problem))

    def score_counter(self, seat: int) -> int:
        return self.counters[seat].value

    # -- hit testing ---------------------------------------------------------------------------------------------

    def tray_places(self) -> list[tuple[str, Rect]]:
        """Each kind of the tray and its slot (the same slot all through setup)."""
        tray = self.gestures.tray()
        return list(zip(tray, self.layout.tray_slots(len(tray))))

    def tray_slot(self, kind: str) -> Rect | None:
        return next((rect for k, rect in self.tray_places() if k == kind), None)

    def tray_kind_at(self, pos: tuple[int, int]) -> str | None:
        """The kind under the pointer that may be placed now (a greyed slot, all placed, is none)."""
        kind = next((k for k, rect in self.tray_places() if rect.collidepoint(pos)), None)
        return kind if kind in self.gestures.supply() else None

    def menu_option_at(self, pos: tuple[int, int]) -> int | None:
        for i, rect in enumerate(self.painter.menu_rects()):
            if rect.collidepoint(pos):
                return i
        return None

    def facing_at(self, pos: tuple[int, int]) -> str | None:
        for facing, rect in self.painter.facing_rects().items():
            if rect.collidepoint(pos):
                return facing
        return None

    def hit(self, pos: tuple[int, int]) -> tuple | None:
        at = self.layout.square_at(pos)
        if at is not None:
            return ("square", at)
        kind = self.tray_kind_at(pos)
        if kind is not None:
            return ("tray", kind)
        return None

    # -- events ------------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self.choreo.idle:
            self.sync_decision()
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN) and self.widgets.handle(event):
            return
        g = self.gestures
        if event.type == pygame.WINDOWFOCUSLOST:
            g.press = None
        elif event.type == pygame.MOUSEMOTION:
            g.mouse_move(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:
                self.pin_tooltip(event.pos)
            elif event.button == 1 and self.decision() is not None:
                g.mouse_down(event.pos)
                self.tooltip = None
        elif event.type == pygame.MOUSEWHEEL:
            if self.log_open and self.layout.panel.collidepoint(g.mouse):
                self.log_scroll = max(0, self.log_scroll + event.y * 40)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            g.mouse_up(event.pos)
            self.refresh_buttons()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.undo()
                return
            if event.key == END_TURN_KEY or self.ending_turn() and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.end_turn()  # E, or Enter when ending the turn is all there is to do
                return
            if g.key_down(event.key):
                self.refresh_buttons()
                return
            table_parts.table_key(self, event.key)

    def update_tooltip(self, dt: float) -> None:
        g = self.gestures
        key = ("square", g.cursor) if g.keyboard else self.hit(g.mouse)
        # The keyboard's cursor rests on a character just selected: its card is in the side panel already, and
        # its tip would cover the squares around it, where its targets are.
        on_selected = g.keyboard and g.cursor == g.selected
        table_parts.follow_hover(self, None if on_selected else key,
                                 g.press is not None or g.menu is not None or g.facing is not None, dt)

    def pin_tooltip(self, pos: tuple[int, int]) -> None:
        table_parts.pin_tooltip(self, pos)

    def tooltip_for(self, key: tuple) -> Tooltip | None:
        if key[0] == "tray":
            return supply_tooltip(self.data, key[1])
        return square_tooltip(self.data, self.model, key[1], self.names())

    def hovered_square(self) -> Square | None:
        g = self.gestures
        if g.keyboard:
            return g.cursor
        return self.layout.square_at(g.mouse)

    # -- menus ------------------------------------------------------------------------------------------------

    def toggle_log(self) -> None:
        self.log_open = not self.log_open
        self._log_page = None
        self.refresh_buttons()  # the log takes the panel: the selected character's buttons go, and come back

    def open_menu(self) -> None:
        from ....ui.scenes.overlay import PauseMenu

        self.app.scenes.push(PauseMenu(self.app))

    def open_rules(self) -> None:
        self.app.open_rules()

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)

    def draw_changes(self, surface: pygame.Surface) -> list[Rect] | None:
        return self.painter.draw(surface, over_last=True)

