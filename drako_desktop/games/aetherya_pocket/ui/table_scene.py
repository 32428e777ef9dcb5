"""The game table: a game in progress, shown and played.

The scene owns the turn controller and runs it from the frame loop: when no
animation is pending it either waits for the person whose turn it is
(gestures -> `play`), or polls the computer seat's worker thread, or lets the
controller proceed past a turn change or the final reveal. A person's turn
that is over in the engine waits for End turn (or goes on by itself with the
"end my turn automatically" setting): until then the table still shows it as
theirs, the next turn's events are held back, and Undo can take steps back. Every action's
events become beats, so computer and human moves are animated alike and the
table model only changes as the animation reaches it.

The table draws the view of the seat at the screen (`controller.view()`): the same for
everyone, except that a person's starting cards are theirs until arranged, so with two or
more people the shared hand-over screen comes before each person's arrangement.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

import pygame
from pygame import Rect

from ....controller.game import Decision, GameController, GameSetup, Phase
from ....controller.session import GameSession
from ....i18n import called_you, tr
from ....saves import SavedGame
from ....saves import start_game as start_saved_game
from ....settings import ANIMATION_FACTOR
from ....ui import table_parts, theme
from ....ui.anim import Choreography, Counter
from ....ui.hints import Hints
from ....ui.room import GameRoom
from ....ui.scenes.base import ANIMATING, Scene
from ....ui.tooltips import Tooltip
from ....ui.widgets import Button, WidgetGroup
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
from . import card_pictures, game_of
from .beats import TURN, Pause, beats_for
from .card_tips import card_tooltip, discard_tooltip, draw_pile_tooltip, legend_tooltip, unexplored_tooltip
from .gestures import Gestures
from .hint_marks import hint_places
from .last_turns import LastTurns, TurnRecord
from .layout import TableLayout, first_places, hand_over_places, table_layout
from .model import FACE_DOWN, TableModel
from .painter import TablePainter

log = logging.getLogger(__name__)

THINK = 0.7  # seconds a computer's first decision of a turn is shown as "thinking" (normal speed)
THINK_AGAIN = 0.45  # ...and each of its later decisions in the same turn
END_TURN_KEY = pygame.K_e


class TableScene(Scene):
    app: GameRoom  # a table's room: start its controller, the opponents' process, the saving

    def __init__(self, app, setup: GameSetup, saved: SavedGame | None = None, review: bool = False) -> None:
        """A new game, or a saved one where it was left (`saved`); `review` only shows a finished game."""
        super().__init__(app)
        self.setup = setup
        self.rules = game_of(app.ctx).rules
        self.review = review
        self.saved = saved  # the saved game it was opened with (None: a new game)
        practice = saved.practice if saved is not None else app.practice_for(setup)
        # Typed by this game's actions and views: mypy checks the table against its game.
        self.controller: GameController[Action, View] = self.new_controller(saved, practice)
        # Autosave after every action (and statistics at the end) for every game that is played on.
        self.session: GameSession | None = None
        if app.persist and not review and self.autosave:
            self.session = GameSession(self.controller, saved or start_saved_game(setup, self.controller.practice))
        self.model = self.model_of_game()
        self.choreo = Choreography(self.speed)
        self.gestures = Gestures(self)
        self.painter = TablePainter(self)
        self.widgets = WidgetGroup()
        self.log_open = self.log_at_start
        self.log_lines: list[str] = []
        self.clock = 0.0  # seconds the table has been shown (what the last turns' pulses are timed by)
        self.last_turns = LastTurns()
        self.shown_since = 0.0  # when the kingdom shown large last changed (its person then sees the turns anew)
        self.log_scroll = 0
        self._log_page: tuple | None = None
        self.toast: tuple[str, float] | None = None
        self.hovered: tuple | None = None
        self.hover_time = 0.0
        self.pinned_tip = False
        self.tooltip: Tooltip | None = None
        self.computers = table_parts.ComputerTurns(THINK, THINK_AGAIN)
        self.counters = [Counter(self.score(seat)) for seat in range(setup.players)]  # a resumed game starts counted
        # Each kingdom keeps its place: a person plays in the large place, a computer where its kingdom lies.
        self.places = first_places(setup.players, self.person_from(self.model.current))
        self.layout: TableLayout = self.layout_table()  # laid out again on entering and on every resize
        self.playing = self.model.current  # whose turn the table showed last (a computer's turn starts its timing)
        self.previous_layout: TableLayout | None = None
        self.transition = 1.0
        self._decision_key: tuple | None = None
        self.finished = False
        self.save_warned = False
        self.hints = Hints(self)
        if saved is not None:
            self.retell()

    autosave = True  # False: not a saved game (the tutorial keeps its own progress)
    offers_hints = True  # False: the tutorial's script teaches instead
    log_at_start = False  # True: the side column (the log) open from the start
    hand_over_key = "table.hand_over_text"  # the hand-over's words: the starting cards are the arranging seat's

    def new_controller(self, saved: SavedGame | None, practice: bool) -> GameController[Action, View]:
        """The turn controller of this table (the tutorial makes its own, with a scripted opponent)."""
        return self.app.controller(self.setup, saved, practice=practice)

    def hint_places(self, action: Action) -> list[Rect]:
        return hint_places(self, action, self.controller.to_move)

    # -- settings -------------------------------------------------------------------------------

    @property
    def speed(self) -> float:
        return ANIMATION_FACTOR[self.ctx.settings.animation_speed]

    # -- layout -----------------------------------------------------------------------------------

    def person_from(self, seat: int) -> int:
        """The first person to play from `seat` on, in turn order (seat 0 when only computers play)."""
        seats = self.controller.seats
        return next((s % len(seats) for s in range(seat, seat + len(seats)) if seats[s % len(seats)].is_human), 0)

    def places_now(self) -> tuple[int, ...]:
        """The places with the model's current seat: a person's kingdom swaps into the large place."""
        current = self.model.current
        if self.model.over or not self.controller.seats[current].is_human:
            return self.places  # at the end, the kingdom shown large is the one the person chose to look at
        return hand_over_places(self.places, current)

    def layout_table(self) -> TableLayout:
        size = self.app.surface.get_size()
        return table_layout(size, self.setup.players, self.places[0], self.log_open,
                            legend_count=self.rules.cards.legend_row, small=self.places[1:])

    def relayout(self) -> None:
        self.painter = TablePainter(self)  # its pictures were drawn for the old size or language
        self.layout = self.layout_table()
        self.previous_layout = None
        self.transition = 1.0
        self._log_page = None
        self.refresh_buttons()
        self.prepare_art()

    def enter(self) -> None:
        super().enter()
        table_parts.settle_in(self)

    def prepare_art(self) -> None:
        """Draw every card picture at the sizes this layout uses now, not in the middle of a move."""
        art, cards = self.ctx.art, card_pictures(self.ctx)
        art.backdrop(*self.layout.size)
        sizes = set()
        for large in range(self.setup.players):  # each seat's kingdom in the large place
            layout = table_layout(self.layout.size, self.setup.players, large, self.log_open)
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
            self.undo()  # Ctrl+Z answers here too: the game is over
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
        self.shown_since = self.clock
        self.layout = self.layout_table()
        if old is not None and self.speed > 0:
            self.previous_layout = old
            self.transition = 0.0
        self.refresh_buttons()

    @property
    def bar_edges(self) -> table_parts.BarEdges:
        return table_parts.bar_edges(self.widgets.widgets, self.layout.top_bar, self.layout.status_bar,
                                     self.layout.size[0])

    def refresh_buttons(self) -> None:
        """Top bar (menu, rules, log) and the status bar's buttons for what can be done now."""
        th, text = self.ctx.theme, self.ctx.text
        status = self.layout.status_bar
        widgets = table_parts.top_bar(self)
        x = status.right - th.px(12)
        bh = status.h - th.px(16)
        for name, label, style in reversed(self.status_buttons()):
            w = text.width(label, "bold", th.text(22)) + th.px(48)
            x -= w
            widgets.append(Button(Rect(x, status.y + th.px(8), w, bh), label, partial(self.press, name),
                                  style=style, size=22))
            x -= th.px(10)
        self.widgets = WidgetGroup(widgets, focus=-1)

    def undo_target(self) -> int | None:
        """How many actions undo would keep now (the controller decides), or None; never mid-animation."""
        return self.controller.undo_target() if self.decision() is not None or self.ending_turn() else None

    def undo(self) -> None:
        """Take the person's last step back, or say in words why it cannot be (Ctrl+Z always answers)."""
        c = self.controller
        if self.gestures.take_back():
            self.refresh_buttons()
            return
        decision = c.current()
        if not self.choreo.idle and (self.ending_turn() or decision is not None and decision.human):
            self.choreo.finish()  # the person's own move still settling: it is shown done, then taken back
        if self.finished or not self.choreo.idle:
            self.say(tr("table.undo_refused.over" if self.model.over else "table.undo_refused.not_yours"))
            return
        keep, why = c.why_no_undo()
        if keep is None:
            self.say(self.undo_refusal(why))
            return
        c.undo()
        self.model = self.model_of_game()
        self.choreo = Choreography(self.speed)
        self.last_turns.retold(c.seen_history(), self.clock)  # the others' turns are still told
        self._decision_key = None
        self.log_lines.append(tr("log.undo"))
        self.relayout()

    def undo_refusal(self, why: str) -> str:
        """Why undo cannot take a step back, in words: what came to light names the step that is final."""
        if why != "final":
            return tr(f"table.undo_refused.{'not_yours' if why == 'not-yours' else 'nothing'}")
        kinds = [e.kind for e in self.controller.last_events if e.reveals]
        for kind, key in (("draw", "drawn"), ("reveal", "revealed"), ("place", "replaced"), ("claim", "refilled")):
            if kind in kinds:
                return tr(f"table.undo_refused.{key}")
        return tr("table.undo_refused.final")

    def ending_turn(self) -> bool:
        return table_parts.ending_turn(self)

    def model_of_game(self) -> TableModel:
        """The table as the game stands; while a turn waits for End turn, still as the ending person's."""
        ending = self.controller.ending_seat
        # the engine counts the next turn already while the ending one waits for End turn
        turn = self.controller.turn - (1 if ending is not None else 0)
        model = TableModel.from_view(self.controller.view(), turn)
        if ending is not None:
            model.current = ending
        return model

    def end_turn(self) -> None:
        """End turn: the person's turn, over in the engine, passes on (the claim step is skipped first)."""
        c = self.controller
        decision = self.decision()
        skips_claim = decision is not None and decision.kind == AFTER_PLACE_STEP
        if skips_claim:
            self.gestures.end_turn()  # a pass, after which the turn waits here (where people end their turns)
        if c.phase != Phase.END_TURN or self.finished or c.hand_over_due is not None:
            if decision is not None and not skips_claim:
                self.say(tr("table.say.turn_not_over"))
            return
        hand_over = c.hand_over
        events = c.proceed()  # the next turn's start, held back until now
        self.gestures.reset()
        self.choreo.add(beats_for(self, events, hand_over=hand_over))
        self.refresh_buttons()

    def status_buttons(self) -> list[tuple[str, str, str]]:
        if self.ending_turn():
            return [("end_turn", tr("table.end_turn"), "primary")]
        decision = self.decision()
        if decision is None or not decision.human:
            return []
        if decision.kind == ARRANGE_STEP:
            return [("confirm", tr("table.confirm_arrangement"), "primary")]
        if self.gestures.discarding:
            return [("take_back", tr("table.take_back"), "normal")]
        if decision.kind == AFTER_PLACE_STEP:
            return [("end_turn", tr("table.end_turn"), "primary")]
        return []

    def press(self, name: str) -> None:
        if name == "confirm":
            self.gestures.confirm_arrangement()
        elif name == "take_back":
            self.gestures.discarding = False
            self.refresh_buttons()
        elif name == "end_turn":
            self.end_turn()

    # -- the game -----------------------------------------------------------------------------------

    def decision(self) -> Decision | None:
        """The person's decision the table waits for (None while animating or a computer plays)."""
        if not self.choreo.idle or self.finished:
            return None
        decision = self.controller.current()
        if decision is None or not decision.human or self.controller.hand_over_due is not None:
            return None
        return decision

    def play(self, actions: list[Action], origin: Rect | None = None) -> None:
        """Apply a person's actions (e.g. take the discard, then place it) and animate them."""
        events: list[Event] = []
        seat = self.controller.to_move
        for action in actions:
            decision = self.controller.current()
            if decision is None or decision.seat != seat or action not in decision.legal:
                break  # the engine already applied the only legal follow-up (a forced move)
            try:
                events.extend(self.controller.act(action))
            except IllegalActionError as exc:  # the gestures only offer legal moves; say it if one slips through
                self.say(str(exc))
                break
        self.gestures.reset()
        self.choreo.add(beats_for(self, events, origin=origin, hand_over=self.controller.hand_over))
        self.refresh_buttons()

    def update(self, dt: float) -> None:
        self.clock += dt
        self.choreo.factor = self.speed
        self.choreo.update(dt)
        self.hints.update(dt)
        if self.model.current != self.playing:
            self.playing = self.model.current
            self.computers.new_turn()
        if self.places_now() != self.places:
            self.turn_passed()
        self.gestures.update(dt, self.speed)
        if self.transition < 1:
            self.transition = min(1.0, self.transition + dt / max(1e-6, TURN * self.speed))
        for seat, counter in enumerate(self.counters):
            counter.set(self.score(seat), instant=self.speed == 0)
            counter.update(dt)
        table_parts.tick_notices(self, dt)
        self.update_tooltip(dt)
        if self.choreo.idle and not self.finished:
            self.drive(dt)

    def next_frame_in(self) -> float | None:
        if self.transition < 1 or self.gestures.snap is not None or self.painter.owes:  # kingdoms changing places,
            # a card snapping back, the board still being painted
            return ANIMATING
        return table_parts.next_frame_in(self)

    def drive(self, dt: float) -> None:
        """Nothing is animating: let the game move on."""
        c = self.controller
        view = c.view()
        if view.step == "arrange" and self.model.hand != list(view.hand):
            self.model.set_hand(view)  # the screen's person's starting cards, or none (the public view)
        if c.phase != Phase.END_TURN and not self.model.matches(view):
            log.warning("table out of step with the game; showing the game's state")
            self.model = TableModel.from_view(view, c.turn)
            self.relayout()
        table_parts.move_on(self, dt, self.show_computer)

    def take_screen(self, seat: int) -> None:
        """A person confirmed the hand-over: their starting cards show."""
        self.controller.take_screen(seat)
        self.model.set_hand(self.controller.view())
        self._decision_key = None
        self.refresh_buttons()

    def seat_name(self, seat: int) -> str:
        return self.controller.seats[seat].name

    def show_computer(self, events: list[Event], pause: float) -> None:
        """A computer's action: shown after its thinking pause."""
        self.choreo.add([Pause(pause), *beats_for(self, events, hand_over=self.controller.hand_over)])

    def sync_decision(self) -> None:
        """A new decision is pending (or none): start the person's gestures afresh."""
        c = self.controller
        key = (c.phase, c.to_move, len(c.actions), self.choreo.idle, c.screen)
        if key != self._decision_key:
            self._decision_key = key
            self.gestures.reset()
            self.gestures.after_beats()
            self.refresh_buttons()

    def game_over(self) -> None:
        self.finished = True
        self.gestures.reset()
        self.refresh_buttons()
        table_parts.show_scores(self)

    def retell(self) -> None:
        """A resumed game: its log and its last turns, told again from the controller's events; a turn left
        waiting for End turn keeps the next turn's start to tell at End turn, as it would have been (told now,
        the person's own turn would count as their last: the others' marks gone)."""
        for event in self.controller.seen_history():
            self.tell(event)

    def leave(self) -> None:
        table_parts.close_game(self)

    # -- what the painter and the beats ask --------------------------------------------------------------

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

    def tell(self, event: Event) -> None:
        name = self.ctx.game_ui.sound_for(event)  # beats call this as each event becomes visible
        if name:
            self.ctx.sounds.play(name)
        self.last_turns.see(event, self.clock)
        names = [s.name for s in self.controller.seats]
        line = tr("log.final_reveal") if event.kind == "final-reveal" else describe(event, names, self.rules.cards)
        if line:
            self.log_lines.append(line)
            self._log_page = None
            self.log_scroll = 0

    def recent_turns(self) -> list[TurnRecord]:
        """The turns to show as the last ones: those since the person shown large last played."""
        return list(self.last_turns.since(self.places[0], self.setup.players))

    def turn_summary(self, record: TurnRecord) -> str:
        return summarize_turn(record.events, [s.name for s in self.controller.seats], self.rules.cards)

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

    def banner_text(self, event: Event) -> str:
        name = self.controller.seats[event.seat].name
        if event.kind == "end":  # "Your kingdom is complete!", never "You's kingdom"
            return tr("table.game_ends_you") if self.is_you(event.seat) else tr("table.game_ends", name=name)
        return tr("table.your_turn_you") if self.is_you(event.seat) else tr("table.your_turn", name=name)

    def is_you(self, seat: int) -> bool:
        """The seat is the person called "You" (a one-person game's default name): "You are next", not
        "You is next"."""
        person = self.controller.seats[seat]
        return bool(person.is_human and called_you(person.name))

    def draw_banner(self, surface: pygame.Surface, text: str, alpha: float) -> None:
        table_parts.banner(surface, self.ctx, text, alpha)

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

    def score_counter(self, seat: int) -> int:
        return self.counters[seat].value

    def showing_hand(self) -> bool:
        """Setup, a person's turn to arrange: the piles' column shows their starting cards."""
        return not self.model.dealt and self.controller.seats[self.model.current].is_human

    def claimable_now(self) -> set[str]:
        decision = self.decision()
        if decision is None:
            return set()
        return {a.legend for a in decision.legal if a.kind == CLAIM}

    def preview_unlocks(self) -> set[str]:
        preview = self.gestures.preview()
        return set(preview[1].newly_claimable) if preview else set()

    def hover_glow(self, key: tuple) -> bool:
        if self.hovered != key:
            return False
        if self.gestures.held is None and self.gestures.pickable(key) is not None:
            return True
        decision = self.decision() if key == ("draw",) else None  # asked once: the controller's thread may move on
        return decision is not None and any(a.kind == "draw" for a in decision.legal)

    def turn_text(self) -> str:
        if self.model.over:
            return tr("table.game_over")
        if not self.model.dealt:
            return tr("table.setup_turn", name=self.controller.seats[self.model.current].name)
        # The turn the table shows (the model's), not the engine's, which is ahead while a move is animated.
        return tr("table.turn", turn=self.model.turn, name=self.controller.seats[self.model.current].name)

    def activity_text(self, seat: int) -> str:
        return tr("table.thinking") if not self.controller.seats[seat].is_human else tr("table.playing")

    def status_text(self) -> str:
        c = self.controller
        if self.finished:
            return tr("table.status.over_look")
        if self.model.over:
            return tr("table.status.over")
        if self.ending_turn():
            return tr("table.status.end_turn" if c.undo_target() is not None else "table.status.end_turn_final")
        decision = self.decision()
        if decision is None:  # a move is being shown
            seat = self.model.current
            if not c.seats[seat].is_human:
                return tr("table.status.computer", name=c.seats[seat].name)
            if c.phase in (Phase.GAME_END, Phase.SCORING):
                return tr("table.status.over")
            following = c.to_move
            decision = c.current() if following == seat else None  # the person's step still being shown
            if decision is None:  # a turn is over: name who plays next, never the one who just moved
                return tr("table.status.you_next") if self.is_you(following) else \
                    tr("table.status.wait", name=c.seats[following].name)
        return self.decision_status(decision)

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

    def say(self, text: str) -> None:
        table_parts.say(self, text)

    def log_page(self, width: int) -> pygame.Surface:
        """Every log line, wrapped to the panel, as one surface (re-made only when the log grows)."""
        key = (len(self.log_lines), width, self.ctx.theme.width)
        if self._log_page is None or self._log_page[0] != key:
            self._log_page = (key, table_parts.log_page(self.ctx, self.log_lines[-200:], width))
        return self._log_page[1]

    # -- hit testing and keyboard focus ----------------------------------------------------------------------

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
            names = [n for n, _, _ in self.status_buttons()]
            buttons = [w for w in self.widgets.widgets if w.rect.y >= self.layout.status_bar.y]
            index = len(buttons) - 1 - names.index(key[1]) if key[1] in names else -1
            return buttons[index].rect if 0 <= index < len(buttons) else None
        return None

    def focusables(self) -> list[tuple]:
        if self.ending_turn():
            return [("button", "end_turn")]
        decision = self.decision()
        if decision is None:
            return []
        seat = decision.seat
        cells = [("cell", seat, i) for i in range(16)]
        buttons = [("button", name) for name, _, _ in self.status_buttons()]
        legends = [("legend", i) for i in range(len(self.model.legend_row))]
        if decision.kind == ARRANGE_STEP:
            hand = [("hand", i) for i in range(len(self.gestures.hand()))]
            return hand + [("cell", seat, i) for i in CENTRE] + buttons
        if decision.kind == TURN_START_STEP:
            return [("draw",), ("discard",)] + cells + legends
        if decision.kind in CARD_IN_HAND_STEPS:
            return [("drawn",), ("discard",)] + cells + buttons
        return legends + buttons

    # -- events -------------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self.choreo.idle:
            self.sync_decision()
        # The buttons take the mouse; arrows and Enter move the table's own focus (buttons included).
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN) and self.widgets.handle(event):
            return
        g = self.gestures
        if event.type == pygame.WINDOWFOCUSLOST and g.held is not None and g.held.dragging:
            g.held = None  # the button may be released outside the window: the card goes back
            g.press = None
            self.refresh_buttons()
        elif event.type == pygame.MOUSEMOTION:
            g.mouse_move(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:
                self.pin_tooltip(event.pos)
            elif event.button in (4, 5) and self.layout.log and self.layout.log.collidepoint(event.pos):
                self.log_scroll = max(0, self.log_scroll + (40 if event.button == 4 else -40))
            else:
                if event.button == 1 and self.ending_turn() and self.asks_more(self.hit(event.pos)):
                    self.say(tr("table.say.turn_done"))  # a click on what the turn no longer offers
                g.mouse_down(event.pos, event.button)
                self.tooltip = None
        elif event.type == pygame.MOUSEWHEEL:
            if self.layout.log and self.layout.log.collidepoint(g.mouse):
                self.log_scroll = max(0, self.log_scroll + event.y * 40)
        elif event.type == pygame.MOUSEBUTTONUP:
            g.mouse_up(event.pos, event.button)
            self.refresh_buttons()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.undo()  # Ctrl+Z (Cmd+Z): the Undo button's shortcut
                return
            if event.key == END_TURN_KEY or self.ending_turn() and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.end_turn()  # E, or Enter when ending the turn is all there is to do
                return
            if event.key == pygame.K_ESCAPE and g.select_drawn and not self.choreo.idle:
                # Esc while the drawn card flies: it lands at once and stays in hand, for the person to choose.
                g.select_drawn = False
                self.choreo.finish()
                self.refresh_buttons()
                return
            if event.key == pygame.K_TAB:
                g.cycle_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return
            if g.key_down(event.key):
                self.refresh_buttons()
                return
            table_parts.table_key(self, event.key)

    def asks_more(self, key: tuple | None) -> bool:
        """Whether a click on `key` asks for more of a turn (a card, a legend, a place in the kingdom)."""
        return key is not None and (key[0] in ("draw", "discard", "drawn", "legend") or
                                    key[0] in ("cell", "kingdom") and key[1] == self.model.current)

    def update_tooltip(self, dt: float) -> None:
        g = self.gestures
        key = g.focus if g.keyboard else self.hit(g.mouse)
        table_parts.follow_hover(self, key, g.held is not None or g.press is not None, dt)

    def pin_tooltip(self, pos: tuple[int, int]) -> None:
        table_parts.pin_tooltip(self, pos)

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
            return legend_tooltip(cards, model.claimed[key[1]][key[2]], claimed_by=self.controller.seats[key[1]].name)
        return None

    def tooltip_anchor(self) -> tuple[int, int]:
        """Where the tooltip goes: beside the mouse, but while starting cards are arranged, a card of the
        kingdom tells about itself left of the kingdom, never over the places still to fill."""
        mouse = self.gestures.mouse
        key = self.hovered
        if key is not None and key[0] == "cell" and not self.model.dealt and key[1] == self.gestures.seat:
            box = self.layout.kingdoms[key[1]]
            return box.rect.x - self.ctx.theme.px(340) - self.ctx.theme.px(30), mouse[1]
        return mouse

    def visible(self, seat: int) -> tuple[int, ...]:
        return self.gestures.visible(seat)

    # -- menus -----------------------------------------------------------------------------------------------------

    def toggle_log(self) -> None:
        self.log_open = not self.log_open
        self.relayout()

    def open_menu(self) -> None:
        from ....ui.scenes.overlay import PauseMenu

        self.app.scenes.push(PauseMenu(self.app))

    def open_rules(self) -> None:
        from .rules_scene import RulesScene

        self.app.scenes.push(RulesScene(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)

    def draw_changes(self, surface: pygame.Surface) -> list[Rect] | None:
        return self.painter.draw(surface, over_last=True)
