"""The Draco Mundis board on the shared table: its layout, its tokens as the viewer sees them, its previews
and the person's gestures.

The shared table (`ui/table.py`) runs the game, keeps the secrets (it hands the board only the view of the
person at the screen, `controller.view()`) and carries what every table has: bars, log, hint, Undo, End turn,
the hand-over and the score sheet. The board is made from that view (`BoardModel`), the painter sees nothing
else, and what the person does with the mouse and the keys becomes actions the table plays.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Sequence

import pygame
from pygame import Rect

from ....i18n import has, tr
from ....interface.game import IllegalActionError
from ....ui.anim import Beat
from ....ui.hands import Gesture
from ....ui.scenes.base import PULSE
from ....ui.table import StatusButton, TableWords
from ....ui.tooltips import Tooltip
from ....ui.widgets import Button, Widget
from ..actions import Action, Capture, Fight, Move, Pass, Place, Push, Select, row_col
from ..board import BoardModel, Square
from ..events import Event
from ..view import View
from . import game_of, hands
from .beats import beats_for
from .gestures import Gestures
from .layout import TableLayout, table_layout
from .painter import TablePainter
from .tips import square_tooltip, supply_tooltip, title_name, token_name

if TYPE_CHECKING:
    from ....ui.table import TableScene

log = logging.getLogger(__name__)

MARKED = ("move", "capture", "push", "reveal", "reveal-any", "peek", "fight", "rotate", "destroy", "sacrifice")
WORDS = TableWords(
    hand_over="draco_table.hand_over.text",  # the board hides everyone's tokens
    end_turn="draco_table.status.end_turn",
    end_turn_final="draco_table.status.end_turn_final",
    turn_not_over="draco_table.say.turn_not_over",
    computer="draco_table.status.computer",
    undo_final=(("peek", "draco_table.undo_refused.peeked"), ("reveal", "draco_table.undo_refused.revealed"),
                ("reveal-any", "draco_table.undo_refused.revealed")),
)


class DracoBoard:
    """Draco Mundis's part of the table (`ui.table.Board`)."""

    words = WORDS
    look_around = None  # the whole board shows at the end: no other side to look at
    thinking = (0.6, 0.35)  # seconds a computer's first decision of a turn is shown thinking, and its next

    def __init__(self, table: "TableScene[Action, View]") -> None:
        self.table = table
        self.ctx = table.ctx
        self.setup = table.setup
        self.game = game_of(table.ctx)
        self.data = self.game.data
        self.model = self.model_of_game(table.controller.view())
        self.gestures = Gestures(self)
        self.painter = TablePainter(self)
        self.layout: TableLayout = self.new_layout()
        self.coached = False  # the lesson's coach has the side panel (and every fight's preview shows)

    # -- the view shown ------------------------------------------------------------------------------------

    def screen_changed(self) -> None:
        self.model = self.model_of_game(self.table.controller.view())
        self.gestures.reset()
        self.gestures.selected = None
        self.gestures.tray_kind = None
        self.painter.forget()

    def model_of_game(self, view: View) -> BoardModel:
        """The board as `view` shows it; while a turn waits for End turn, still as the ending person's."""
        model = BoardModel.from_view(view, self.data)
        c = self.table.controller
        if c.ending_seat is not None and c.ending_turn is not None:
            model.current, model.turn, model.actions_left = c.ending_seat, c.ending_turn, 0
        return model

    def taken_back(self) -> None:
        """The board was made again from the view already (`screen_changed`); the log is the table's."""

    def sync(self, view: View) -> None:
        self.model = self.model_of_game(view)

    def beats(self, events: list[Event], origin: Rect | None) -> list[Beat]:
        # The next turn is named in a banner when the screen stays with the same person or the game shows
        # computers; a hand-over screen names the next person itself.
        c = self.table.controller
        return beats_for(self, events, c.view(), origin=origin, banners=c.hand_over_due is None)

    def play(self, action: Action, origin: Rect | None = None) -> None:
        self.table.play([action], origin)

    def played(self, actions: Sequence[Action], events: Sequence[Event]) -> None:
        self.gestures.played(events)

    def gesture(self, intent: Sequence[Action], manner: str) -> Gesture | None:
        return hands.gesture(self, intent, manner)

    def tell(self, event: Event) -> None:
        """A beat shows an event: the table logs it (and plays its sound)."""
        self.table.tell(event)

    def told(self, event: Event) -> None:
        """Nothing more than the table's log and sound: the board marks from the table's told events."""

    def log_line(self, event: Event, names: list[str]) -> str:
        return "" if event.kind == "select" else self.game.describe(event, names) or ""

    def refusal(self, problem: IllegalActionError) -> str:
        key = f"draco_mundis.errors.{problem.code}"
        return tr(key) if has(key) else str(problem)

    def refuse(self, problem: IllegalActionError) -> None:
        """An illegal attempt, refused with the engine's reason in words."""
        self.table.say(self.refusal(problem))

    def say_key(self, key: str) -> None:
        self.table.say(tr(f"draco_table.say.{key}"))

    def score(self, seat: int) -> int:
        return self.model.score(seat)

    # -- the table's moments ---------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.painter.tick(dt)

    def next_frame_in(self) -> float | None:
        # the characters that may act pulse
        return PULSE if self.table.decision() is not None and self.model.decision == "act" else None

    def before_move_on(self) -> None:
        """The board follows the view as the beats apply it: nothing to check."""

    def decision_changed(self) -> None:
        self.gestures.reset()

    def take_back(self) -> bool:
        return False  # nothing half-played: a facing or a menu is cancelled with Esc

    def ends_turn(self, decision: Any) -> bool:
        return False  # End turn with actions left is refused: P passes them

    def game_over(self) -> None:
        self.gestures.reset()

    # -- settings and layout ---------------------------------------------------------------------------

    def new_layout(self) -> TableLayout:
        """The layout of this window: only the columns in play for the number of players are drawn."""
        in_use = dict(self.data.columns_in_use)[self.setup.players]
        return table_layout(self.table.app.surface.get_size(), self.setup.players, self.data.rows, in_use,
                            self.data.columns - in_use)

    def relayout(self) -> None:
        self.layout = self.new_layout()
        self.painter = TablePainter(self)
        self.painter.prepare()

    def status_buttons(self) -> list[StatusButton]:
        """End turn (Confirm placements in setup) when the turn waits for it, Pass while actions are left."""
        if self.table.ending_turn():
            if self.ending_placements():
                return [StatusButton("end_turn", tr("draco_table.confirm_placements"), "primary",
                                     self.table.end_turn)]
            return [StatusButton("end_turn", tr("draco_table.end_turn"), "primary", self.table.end_turn)]
        decision = self.table.decision()
        if decision is not None and decision.kind == "act":
            return [StatusButton("pass", tr("draco_table.pass"), "primary", self.gestures.do_pass)]
        return []

    def more_widgets(self) -> list[Widget]:
        """Under the selected character's card: turn it (the dial) and, where allowed, sacrifice it."""
        decision = self.table.decision()
        g, th = self.gestures, self.ctx.theme
        if decision is None or decision.kind != "act" or g.selected is None or self.table.log_open \
                or not self.shows_panel:
            return []
        entries = [(tr("draco_table.turn_button"), g.rotate, bool(g.rotations()))]
        if g.sacrifice() is not None:
            entries.append((tr("draco_table.sacrifice_button"), g.do_sacrifice, True))
        panel = self.layout.panel
        pad, gap, h = th.px(14), th.px(8), th.px(44)
        w = (panel.w - 2 * pad - gap * (len(entries) - 1)) // len(entries)
        return [Button(Rect(panel.x + pad + i * (w + gap), panel.bottom - pad - h, w, h), label, action,
                       enabled=enabled, size=20) for i, (label, action, enabled) in enumerate(entries)]

    def panel_bottom(self) -> int:
        """Where the side panel's words must end (above its buttons)."""
        tops = [w.rect.y for w in self.table.widgets.widgets if self.layout.panel.contains(w.rect)]
        return min(tops, default=self.layout.panel.bottom)

    def ending_placements(self) -> bool:
        """The turn waiting for End turn is one of setup's placements (confirmed, not ended)."""
        return self.table.ending_turn() and self.table.controller.ending_turn == 0

    def own_turn_shown(self) -> bool:
        """The turn on the table is the person's at the screen: deciding, ending it, or watching their own
        action play out (the panel and the status still speak to them then, not "while the others play")."""
        model, table = self.model, self.table
        if table.decision() is not None or table.ending_turn():
            return True
        return not model.over and model.current == table.viewer and self.setup.seats[model.current].is_human

    # -- what the beats ask --------------------------------------------------------------------------------

    def square_rect(self, at: Square) -> Rect:
        return self.layout.square_rect(at)

    def plate_rect(self, seat: int) -> Rect:
        return self.layout.seats[seat]

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
        return tr("draco_table.turn_banner", turn=event.number, name=self.table.seat_name(event.seat))

    # -- words for the painter ---------------------------------------------------------------------------------

    @property
    def shows_panel(self) -> bool:
        """Whether the side panel shows the tray, the selection or the log (the lesson's coach covers it)."""
        return not self.coached

    @property
    def shows_preview(self) -> bool:
        """Whether hovering a fight shows its preview (a setting; the lesson always shows it)."""
        return self.coached or self.ctx.settings.show_score_preview

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
            return [w.rect for w in self.table.status_widgets()][:1]
        return [squares(row_col(action.at))]  # peek, reveal, rotate, destroy, sacrifice, reveal any: one square

    def marked_events(self) -> list[Event]:
        """What the table marks on the board (as the viewer may know it): the last whole turn's actions, until the
        next turn is over, and the turn being played by someone else so far (a computer's first action stays
        marked while its second plays)."""
        told = self.table.told
        starts = [i for i, e in enumerate(told) if e.kind == "turn"]
        if not starts:
            return []
        shown = told[starts[-2] + 1:starts[-1]] if len(starts) > 1 else []
        if told[starts[-1]].seat != self.table.viewer:
            shown = shown + told[starts[-1] + 1:]
        return [e for e in shown if e.kind in MARKED]

    def turn_text(self) -> str:
        model = self.model
        name = self.table.seat_name(model.current)
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
        table, g, model = self.table, self.gestures, self.model
        if model.over or table.finished:
            return tr("table.status.over")
        if self.ending_placements():
            return tr("draco_table.status.confirm_placements")
        if table.ending_turn():
            return table.ending_text()
        if table.decision() is None and not self.own_turn_shown():
            return table.waiting_text(table.controller.to_move if table.choreo.idle else model.current)
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

    # -- the pointer and the keys ----------------------------------------------------------------------------------

    def hovered(self) -> tuple[Any, ...] | None:
        g = self.gestures
        # The keyboard's cursor rests on a character just selected: its card is in the side panel already, and
        # its tip would cover the squares around it, where its targets are.
        if g.keyboard:
            return None if g.cursor == g.selected else ("square", g.cursor)
        return self.hit(g.mouse)

    def hover_blocked(self) -> bool:
        g = self.gestures
        return g.press is not None or g.menu is not None or g.facing is not None

    def covers(self, pos: tuple[int, int]) -> bool:
        return self.painter.covers(pos)

    def log_area(self) -> Rect | None:
        return self.layout.panel if self.table.log_open else None

    def mouse_down(self, pos: tuple[int, int], button: int) -> None:
        if button == 1 and self.table.decision() is not None:
            self.gestures.mouse_down(pos)

    def mouse_up(self, pos: tuple[int, int], button: int) -> None:
        if button == 1:
            self.gestures.mouse_up(pos)

    def focus_lost(self) -> None:
        self.gestures.press = None

    def put_back(self) -> bool:
        return self.gestures.put_back()

    def key_down(self, event: pygame.event.Event) -> bool:
        return self.gestures.key_down(event.key)

    def asks_more(self, key: tuple[Any, ...] | None) -> bool:
        return False  # a turn over in Draco Mundis has nothing more to click: the status says End turn

    def tooltip_for(self, key: tuple) -> Tooltip | None:
        if key[0] == "tray":
            return supply_tooltip(self.data, key[1])
        return square_tooltip(self.data, self.model, key[1], self.table.names())

    def hovered_square(self) -> Square | None:
        g = self.gestures
        if g.keyboard:
            return g.cursor
        return self.layout.square_at(g.mouse)

    # -- drawing ------------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, over_last: bool) -> list[Rect] | None:
        return self.painter.draw(surface, over_last=over_last)
