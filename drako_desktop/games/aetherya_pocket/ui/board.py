"""The Aetherya Pocket board on the shared table: the kingdoms, the piles and the legends as the viewer sees
them, the previews, and the person's gestures.

The shared table (`ui/table.py`) runs the game and carries what every table has (bars, log, hint, Undo, End
turn, the hand-over, the pacing of the computers' turns, the score sheet); the board draws the view of the seat
at the screen (`controller.view()`): the same for everyone, except that a person's starting cards are theirs
until arranged. Every action's events become beats, so computer and human moves are animated alike and the
board's model only changes as the animation reaches it. Each kingdom keeps its place: a person plays in the
large place, and their kingdom slides there when their turn comes.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Sequence

import pygame
from pygame import Rect

from ....controller.game import Decision, Phase
from ....i18n import tr
from ....ui import table_parts, theme
from ....ui.anim import Beat
from ....ui.hands import Gesture
from ....ui.scenes.base import ANIMATING
from ....ui.table import StatusButton, TableWords
from ....ui.tooltips import Tooltip
from ....ui.widgets import Widget
from ..engine import (
    AFTER_PLACE_STEP,
    ARRANGE_STEP,
    CARD_IN_HAND_STEPS,
    CENTRE,
    CLAIM,
    TURN_START_STEP,
    Action,
    Event,
    IllegalActionError,
    View,
)
from ..narrate import describe, summarize_turn
from ..words import card_name
from . import card_pictures, game_of, hands
from .beats import TURN, beats_for
from .card_tips import card_tooltip, discard_tooltip, draw_pile_tooltip, legend_tooltip, unexplored_tooltip
from .gestures import Gestures
from .hint_marks import hint_places
from .last_turns import LastTurns, TurnRecord
from .layout import TableLayout, first_places, hand_over_places, table_layout
from .model import FACE_DOWN, TableModel
from .painter import TablePainter

if TYPE_CHECKING:
    from ....ui.table import TableScene

log = logging.getLogger(__name__)

WORDS = TableWords(
    hand_over="table.hand_over_text",  # the starting cards are the arranging seat's
    end_turn="table.status.end_turn",
    end_turn_final="table.status.end_turn_final",
    turn_not_over="table.say.turn_not_over",
    computer="table.status.computer",
    undo_final=(("draw", "table.undo_refused.drawn"), ("reveal", "table.undo_refused.revealed"),
                ("place", "table.undo_refused.replaced"), ("claim", "table.undo_refused.refilled")),
)


class AetheryaBoard:
    """Aetherya Pocket's part of the table (`ui.table.Board`)."""

    words = WORDS
    thinking = (0.7, 0.45)  # seconds a computer's first decision of a turn is shown thinking, and its next ones

    def __init__(self, table: "TableScene[Action, View]") -> None:
        self.table = table
        self.ctx = table.ctx
        self.setup = table.setup
        self.rules = game_of(table.ctx).rules
        self.model = self.model_of_game()
        self.gestures = Gestures(self)
        self.painter = TablePainter(self)
        self.last_turns = LastTurns()
        self.last_turns.retold(table.told, table.clock)  # a resumed game's last turns
        self.shown_since = 0.0  # when the kingdom shown large last changed (its person then sees the turns anew)
        # Each kingdom keeps its place: a person plays in the large place, a computer where its kingdom lies.
        self.places = first_places(self.setup.players, self.person_from(self.model.current))
        self.layout: TableLayout = self.layout_table()  # laid out again on entering and on every resize
        self.previous_layout: TableLayout | None = None
        self.transition = 1.0

    # -- the view shown ------------------------------------------------------------------------------------

    def model_of_game(self) -> TableModel:
        """The table as the game stands; while a turn waits for End turn, still as the ending person's."""
        c = self.table.controller
        ending = c.ending_seat
        # the engine counts the next turn already while the ending one waits for End turn
        turn = c.turn if c.ending_turn is None else c.ending_turn
        model = TableModel.from_view(c.view(), turn, c.seen_history())
        if ending is not None:
            model.current = ending
        return model

    def screen_changed(self) -> None:
        """Another viewer: only the starting cards being arranged differ between views."""
        self.model.set_hand(self.table.controller.view())

    def taken_back(self) -> None:
        self.model = self.model_of_game()
        self.last_turns.retold(self.table.told, self.table.clock)  # the others' turns are still told
        self.relayout()

    def beats(self, events: list[Event], origin: Rect | None) -> list[Beat]:
        return beats_for(self, events, origin=origin, hand_over=self.table.controller.hand_over)

    def played(self, actions: Sequence[Action], events: Sequence[Event]) -> None:
        self.gestures.reset()

    def gesture(self, intent: Sequence[Action], manner: str) -> Gesture | None:
        return hands.gesture(self, intent, manner)

    def tell(self, event: Event) -> None:
        """A beat shows an event: the table logs it (and plays its sound), then tells the board."""
        self.table.tell(event)

    def told(self, event: Event) -> None:
        self.last_turns.see(event, self.table.clock)

    def log_line(self, event: Event, names: list[str]) -> str:
        if event.kind == "final-reveal":
            return tr("log.final_reveal")
        return describe(event, names, self.rules.cards) or ""

    def refusal(self, problem: IllegalActionError) -> str:
        return str(problem)  # the gestures only offer legal moves; said if one slips through

    def hint_places(self, action: Action) -> list[Rect]:
        return hint_places(self, action, self.table.controller.to_move)

    def banner_text(self, event: Event) -> str:
        name = self.table.controller.seats[event.seat].name
        you = self.table.is_you(event.seat)
        if event.kind == "end":  # "Your kingdom is complete!", never "You's kingdom"
            return tr("table.game_ends_you") if you else tr("table.game_ends", name=name)
        return tr("table.your_turn_you") if you else tr("table.your_turn", name=name)

    def draw_banner(self, surface: pygame.Surface, text: str, alpha: float) -> None:
        table_parts.banner(surface, self.ctx, text, alpha)

    def status_text(self) -> str:
        table, c = self.table, self.table.controller
        if table.finished:
            return tr("table.status.over_look")
        if self.model.over:
            return tr("table.status.over")
        if table.ending_turn():
            return table.ending_text()
        decision = table.decision()
        if decision is None:  # a move is being shown
            seat = self.model.current
            if not c.seats[seat].is_human:
                return table.waiting_text(seat)
            if c.phase in (Phase.GAME_END, Phase.SCORING):
                return tr("table.status.over")
            following = c.to_move
            decision = c.current() if following == seat else None  # the person's step still being shown
            if decision is None:  # a turn is over: name who plays next, never the one who just moved
                return table.waiting_text(following)
        return self.decision_status(decision)

    # -- the table's moments ---------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.places_now() != self.places:
            self.turn_passed()
        self.gestures.update(dt, self.table.speed)
        if self.transition < 1:
            self.transition = min(1.0, self.transition + dt / max(1e-6, TURN * self.table.speed))

    def next_frame_in(self) -> float | None:
        if self.transition < 1 or self.gestures.snap is not None or self.painter.owes:  # kingdoms changing places,
            # a card snapping back, the board still being painted
            return ANIMATING
        return None

    def before_move_on(self) -> None:
        c = self.table.controller
        view = c.view()
        if view.step == "arrange" and self.model.hand != list(view.hand):
            self.model.set_hand(view)  # the screen's person's starting cards, or none (the public view)
        if c.phase != Phase.END_TURN and not self.model.matches(view):
            log.warning("table out of step with the game; showing the game's state")
            self.model = self.model_of_game()
            self.relayout()

    def decision_changed(self) -> None:
        self.gestures.reset()
        self.gestures.after_beats()

    def take_back(self) -> bool:
        return self.gestures.take_back()

    def ends_turn(self, decision: Decision[Action] | None) -> bool:
        """End turn after placing skips the claim: a pass, after which the turn waits for End turn."""
        if decision is None or decision.kind != AFTER_PLACE_STEP:
            return False
        self.gestures.end_turn()
        return True

    def game_over(self) -> None:
        self.gestures.reset()

    def relayout(self) -> None:
        self.painter = TablePainter(self)  # its pictures were drawn for the old size or language
        self.layout = self.layout_table()
        self.previous_layout = None
        self.transition = 1.0
        self.prepare_art()

    # -- the status bar ------------------------------------------------------------------------------------------

    def status_buttons(self) -> list[StatusButton]:
        table = self.table
        end_turn = StatusButton("end_turn", tr("table.end_turn"), "primary", table.end_turn)
        if table.ending_turn():
            return [end_turn]
        decision = table.decision()
        if decision is None or not decision.human:
            return []
        if decision.kind == ARRANGE_STEP:
            return [StatusButton("confirm", tr("table.confirm_arrangement"), "primary",
                                 self.gestures.confirm_arrangement)]
        if self.gestures.discarding:
            return [StatusButton("take_back", tr("table.take_back"), "normal", self.stop_discarding)]
        if decision.kind == AFTER_PLACE_STEP:
            return [end_turn]
        return []

    def press(self, name: str) -> None:
        """The status bar's button `name` pressed from the keyboard's focus."""
        button = next((b for b in self.status_buttons() if b.name == name), None)
        if button is not None:
            button.press()

    def stop_discarding(self) -> None:
        self.gestures.discarding = False
        self.table.refresh_buttons()

    def more_widgets(self) -> list[Widget]:
        return []

    # -- the pointer and the keys ----------------------------------------------------------------------------

    def hovered(self) -> tuple[Any, ...] | None:
        g = self.gestures
        return g.focus if g.keyboard else self.hit(g.mouse)

    def covers(self, pos: tuple[int, int]) -> bool:
        return False  # nothing of this board's is drawn over the table's buttons

    def hover_blocked(self) -> bool:
        return self.gestures.held is not None or self.gestures.press is not None

    def log_area(self) -> Rect | None:
        return self.layout.log

    def mouse_down(self, pos: tuple[int, int], button: int) -> None:
        self.gestures.mouse_down(pos, button)

    def mouse_up(self, pos: tuple[int, int], button: int) -> None:
        self.gestures.mouse_up(pos, button)

    def focus_lost(self) -> None:
        g = self.gestures
        if g.held is not None and g.held.dragging:
            g.held = None  # the button may be released outside the window: the card goes back
            g.press = None

    def put_back(self) -> bool:
        return self.gestures.put_back()

    def key_down(self, event: pygame.event.Event) -> bool:
        g = self.gestures
        if event.key == pygame.K_ESCAPE and g.select_drawn and not self.table.choreo.idle:
            # Esc while the drawn card flies: it lands at once and stays in hand, for the person to choose.
            g.select_drawn = False
            self.table.choreo.finish()
            return True
        if event.key == pygame.K_TAB:
            g.cycle_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        return g.key_down(event.key)

    def draw(self, surface: pygame.Surface, over_last: bool) -> list[Rect] | None:
        return self.painter.draw(surface, over_last=over_last)

    # -- layout, places and what the painter and the beats ask ------------------------------------------------

    def person_from(self, seat: int) -> int:
        """The first person to play from `seat` on, in turn order (seat 0 when only computers play)."""
        seats = self.table.controller.seats
        return next((s % len(seats) for s in range(seat, seat + len(seats)) if seats[s % len(seats)].is_human), 0)


    def places_now(self) -> tuple[int, ...]:
        """The places with the model's current seat: a person's kingdom swaps into the large place."""
        current = self.model.current
        if self.model.over or not self.table.controller.seats[current].is_human:
            return self.places  # at the end, the kingdom shown large is the one the person chose to look at
        return hand_over_places(self.places, current)


    def layout_table(self) -> TableLayout:
        size = self.table.app.surface.get_size()
        return table_layout(size, self.setup.players, self.places[0], self.table.log_open,
                            legend_count=self.rules.cards.legend_row, small=self.places[1:])


    def prepare_art(self) -> None:
        """Draw every card picture at the sizes this layout uses now, not in the middle of a move."""
        art, cards = self.ctx.art, card_pictures(self.ctx)
        art.backdrop(*self.layout.size)
        sizes = set()
        for large in range(self.setup.players):  # each seat's kingdom in the large place
            layout = table_layout(self.layout.size, self.setup.players, large, self.table.log_open)
            for box in layout.kingdoms.values():
                sizes.add(box.card)
                self.painter.panel_for(box.rect.size)
        for w, h in sizes:
            for card in self.rules.type_ids:
                cards.face(card, w, h)
            cards.back(w, h)
            art.shadow(w, h)
            art.glow(w, h)
        slot = self.layout.legend_slots[0]
        for legend in self.rules.legend_ids:
            cards.legend(legend, slot.w, slot.h, ribbon=True)
        art.shadow(slot.w, slot.h)
        art.glow(slot.w, slot.h)
        art.glow(slot.w, slot.h, theme.GOOD)


    def look_around(self, event: pygame.event.Event) -> None:
        """The game is over and the table shown: a click on a kingdom, the arrow keys, Tab or 1-4 show
        that kingdom large (it swaps places with the one that was)."""
        players = self.setup.players
        seat = None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            seat = next((s for s, box in self.layout.kingdoms.items() if box.rect.collidepoint(event.pos)), None)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_z and \
                event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.table.undo()  # Ctrl+Z answers here too: the game is over
        elif event.type == pygame.KEYDOWN:
            step = {pygame.K_RIGHT: 1, pygame.K_DOWN: 1, pygame.K_TAB: 1, pygame.K_LEFT: -1, pygame.K_UP: -1}
            if event.key in step:
                seat = (self.places[0] + step[event.key]) % players
            elif pygame.K_1 <= event.key < pygame.K_1 + players:
                seat = event.key - pygame.K_1
        if seat is not None and seat != self.places[0]:
            self.places = hand_over_places(self.places, seat)
            self.layout = self.layout_table()
            self.previous_layout = None  # the table is not updated under the score sheet: no slide


    def turn_passed(self) -> None:
        """Another person plays now: their kingdom and the one that was large swap places."""
        old = self.layout
        self.places = self.places_now()
        self.shown_since = self.table.clock
        self.layout = self.layout_table()
        if old is not None and self.table.speed > 0:
            self.previous_layout = old
            self.transition = 0.0
        self.table.refresh_buttons()


    def card_surface(self, card: str, size: tuple[int, int]) -> pygame.Surface:
        if card == FACE_DOWN:
            return card_pictures(self.ctx).back(*size)
        return card_pictures(self.ctx).face(card, *size)


    def legend_surface(self, legend_id: str, size: tuple[int, int]) -> pygame.Surface:
        return card_pictures(self.ctx).legend(legend_id, *size, ribbon=True)


    def cell_rect(self, seat: int, index: int) -> Rect:
        return self.layout.kingdoms[seat].cell(index)


    def pile_rect(self, name: str) -> Rect:
        return {"draw": self.layout.draw_pile, "discard": self.layout.discard_pile, "drawn": self.layout.drawn}[name]


    def legend_rect(self, slot: int) -> Rect:
        return self.layout.legend_slots[min(slot, len(self.layout.legend_slots) - 1)]


    def plate_rect(self, seat: int) -> Rect:
        return self.layout.kingdoms[seat].plate


    def claimed_rect(self, seat: int, n: int) -> Rect:
        area = self.layout.kingdoms[seat].claimed
        th = self.ctx.theme
        h = min(area.h - th.px(4), th.px(30))
        w = round(h * 1.7)
        count = max(n + 1, len(self.model.claimed[seat]))
        step = min(w + th.px(4), (area.w - w) // max(1, count - 1)) if count > 1 else w
        return Rect(area.x + n * step, area.y + th.px(4), w, h)


    def recent_turns(self) -> list[TurnRecord]:
        """The turns to show as the last ones: those since the person shown large last played."""
        return list(self.last_turns.since(self.places[0], self.setup.players))


    def turn_summary(self, record: TurnRecord) -> str:
        return summarize_turn(record.events, [s.name for s in self.table.controller.seats], self.rules.cards)


    def mark_rect(self, key: tuple[Any, ...]) -> Rect | None:
        """Where a last turn's mark is on screen now (None: no longer there, e.g. a legend claimed since)."""
        kind = key[0]
        if kind == "claimed-legend":
            claimed = self.model.claimed[key[1]]
            return self.claimed_rect(key[1], claimed.index(key[2])) if key[2] in claimed else None
        if kind == "legend-card":
            row = self.model.legend_row
            return self.legend_rect(row.index(key[1])) if key[1] in row else None
        return self.rect_of(key)


    def score(self, seat: int) -> int:
        """The seat's score as the table shows it, the starting cards being arranged included."""
        index = self.rules.type_index
        cells = list(self.model.kingdoms[seat])
        if self.gestures.arrangement and not self.model.dealt and seat == self.gestures.seat:
            for cell, card in self.gestures.arrangement.items():
                cells[cell] = card
        kingdom = [-1 if t in (None, FACE_DOWN) else index[t] for t in cells]
        legends = [self.rules.legend_index[leg] for leg in self.model.claimed[seat]]
        return self.rules.breakdown(kingdom, legends).total


    def showing_hand(self) -> bool:
        """Setup, a person's turn to arrange: the piles' column shows their starting cards."""
        return not self.model.dealt and self.table.controller.seats[self.model.current].is_human


    def claimable_now(self) -> set[str]:
        decision = self.table.decision()
        if decision is None:
            return set()
        return {a.legend_id for a in decision.legal if a.kind == CLAIM}


    def preview_unlocks(self) -> set[str]:
        preview = self.gestures.preview()
        return set(preview[1].newly_claimable) if preview else set()


    def hover_glow(self, key: tuple) -> bool:
        if self.table.hovered != key:
            return False
        if self.gestures.held is None and self.gestures.pickable(key) is not None:
            return True
        # asked once: the controller's thread may move on
        decision = self.table.decision() if key == ("draw",) else None
        return decision is not None and any(a.kind == "draw" for a in decision.legal)


    def turn_text(self) -> str:
        if self.model.over:
            return tr("table.game_over")
        if not self.model.dealt:
            return tr("table.setup_turn", name=self.table.controller.seats[self.model.current].name)
        # The turn the table shows (the model's), not the engine's, which is ahead while a move is animated.
        return tr("table.turn", turn=self.model.turn, name=self.table.controller.seats[self.model.current].name)


    def activity_text(self, seat: int) -> str:
        """What the seat whose turn it is does: a person plays, a computer thinks, a player on another computer plays
        or is not here (a computer thinks for them meanwhile)."""
        away = self.table.away_text(seat)
        if away is not None:
            return away
        if self.table.presence(seat) == "here" or self.table.controller.seats[seat].is_human:
            return tr("table.playing")
        return tr("table.thinking")


    def decision_status(self, decision: Decision) -> str:
        """What the person is asked to do now (also while their last step is still being shown)."""
        g = self.gestures
        if decision.kind == ARRANGE_STEP:
            return tr("table.status.arrange")
        if g.held is not None:
            card = g.held.card
            if g.held.source[0] == "legend":
                return tr("table.status.drop_legend")
            if g.held.source == ("drawn",) and any(a.kind == "reveal" for a in decision.legal):
                return tr("table.status.holding_drawn", card=card_name(self.rules.cards, card))
            return tr("table.status.holding", card=card_name(self.rules.cards, card))
        if g.discarding:
            return tr("table.status.reveal")
        claims = bool(self.claimable_now())
        if decision.kind == TURN_START_STEP:
            return tr("table.status.turn_start_claim" if claims else "table.status.turn_start")
        if decision.kind in CARD_IN_HAND_STEPS:
            drawn = card_name(self.rules.cards, self.model.drawn) if self.model.drawn else ""
            if any(a.kind == "reveal" for a in decision.legal):
                return tr("table.status.after_draw", card=drawn)
            return tr("table.status.after_take", card=drawn)
        return tr("table.status.after_place")


    def hit(self, pos: tuple[int, int]) -> tuple | None:
        layout = self.layout
        if self.showing_hand():
            for i, rect in enumerate(layout.hand):
                if rect.collidepoint(pos):
                    return ("hand", i)
        else:
            for name in ("drawn", "discard", "draw"):
                if self.pile_rect(name).collidepoint(pos):
                    return (name,)
        for slot, rect in enumerate(layout.legend_slots):
            if rect.collidepoint(pos) and slot < len(self.model.legend_row):
                return ("legend", slot)
        for seat, box in layout.kingdoms.items():
            if box.grid.collidepoint(pos):
                for index in range(16):
                    if box.cell(index).collidepoint(pos):
                        return ("cell", seat, index)
            if box.claimed.collidepoint(pos):
                for n in range(len(self.model.claimed[seat])):
                    if self.claimed_rect(seat, n).collidepoint(pos):
                        return ("claimed", seat, n)
            if box.rect.collidepoint(pos):  # between the cards, the plate: the kingdom as a whole
                return ("kingdom", seat)
        return None


    def rect_of(self, key: tuple) -> Rect | None:
        kind = key[0]
        if kind == "cell":
            return self.cell_rect(key[1], key[2])
        if kind in ("draw", "discard", "drawn"):
            return self.pile_rect(kind)
        if kind == "hand":
            return self.layout.hand[key[1]]
        if kind == "legend":
            return self.legend_rect(key[1])
        if kind == "claimed":
            return self.claimed_rect(key[1], key[2])
        if kind == "button":
            names = [b.name for b in self.status_buttons()]
            buttons = self.table.status_widgets()
            index = len(buttons) - 1 - names.index(key[1]) if key[1] in names else -1
            return buttons[index].rect if 0 <= index < len(buttons) else None
        return None


    def focusables(self) -> list[tuple]:
        if self.table.ending_turn():
            return [("button", "end_turn")]
        decision = self.table.decision()
        if decision is None:
            return []
        seat = decision.seat
        cells = [("cell", seat, i) for i in range(16)]
        buttons = [("button", b.name) for b in self.status_buttons()]
        legends = [("legend", i) for i in range(len(self.model.legend_row))]
        if decision.kind == ARRANGE_STEP:
            hand = [("hand", i) for i in range(len(self.gestures.hand()))]
            return hand + [("cell", seat, i) for i in CENTRE] + buttons
        if decision.kind == TURN_START_STEP:
            return [("draw",), ("discard",)] + cells + legends
        if decision.kind in CARD_IN_HAND_STEPS:
            return [("drawn",), ("discard",)] + cells + buttons
        return legends + buttons


    def asks_more(self, key: tuple | None) -> bool:
        """Whether a click on `key` asks for more of a turn (a card, a legend, a place in the kingdom)."""
        return key is not None and (key[0] in ("draw", "discard", "drawn", "legend") or
                                    key[0] in ("cell", "kingdom") and key[1] == self.model.current)


    def tooltip_for(self, key: tuple) -> Tooltip | None:
        cards, model = self.rules.cards, self.model
        kind = key[0]
        if kind == "cell":
            card = model.kingdoms[key[1]][key[2]]
            if key[2] in self.gestures.arrangement and key[1] == self.gestures.seat:
                card = self.gestures.arrangement[key[2]]
            if card is None:
                return None
            return unexplored_tooltip() if card == FACE_DOWN else card_tooltip(cards, card)
        if kind == "hand":
            hand = self.gestures.hand()
            return card_tooltip(cards, hand[key[1]]) if key[1] < len(hand) else None
        if kind == "drawn":
            return card_tooltip(cards, model.drawn) if model.drawn else None
        if kind == "draw":
            return draw_pile_tooltip(model.draw_size, max(0, model.discard_size - 1))
        if kind == "discard":
            return discard_tooltip(cards, model.discard_top, model.discard_size)
        if kind == "legend":
            legend = model.legend_row[key[1]]
            seat = model.current
            met = legend in self.rules.met_legend_ids(self.visible(seat)) if model.dealt else None
            return legend_tooltip(cards, legend, met=met)
        if kind == "claimed":
            owner = self.table.controller.seats[key[1]].name
            return legend_tooltip(cards, model.claimed[key[1]][key[2]], claimed_by=owner)
        return None


    def tooltip_anchor(self) -> tuple[int, int]:
        """Where the tooltip goes: beside the mouse, but while starting cards are arranged, a card of the
        kingdom tells about itself left of the kingdom, never over the places still to fill."""
        mouse = self.gestures.mouse
        key = self.table.hovered
        if key is not None and key[0] == "cell" and not self.model.dealt and key[1] == self.gestures.seat:
            box = self.layout.kingdoms[key[1]]
            return box.rect.x - self.ctx.theme.px(340) - self.ctx.theme.px(30), mouse[1]
        return mouse


    def visible(self, seat: int) -> tuple[int, ...]:
        return self.gestures.visible(seat)

