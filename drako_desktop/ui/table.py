"""The game table, every game's: a game in progress, shown and played, keeping every secret.

One scene carries what all games share: the turn controller and the autosave, the top bar and the status
bar's buttons, the log, the hint, Undo and End turn, the hand-over, the pacing of computer turns and of
animations, the end of the game and its score sheet, the keyboard's shortcuts and the tooltips. The game
supplies a `Board` (its layout, drawing, pieces, previews and gestures) that the table holds and asks: the
table never knows a card or a token, the board never runs the game.

The scene runs the controller from the frame loop: when nothing is animating it waits for the person whose
turn it is (the board's gestures -> `play`), polls a computer seat's worker, or lets the controller go past a
turn change or the end. A person's turn whose actions are spent waits for End turn (or goes on by itself with
the "end my turn automatically" setting), the next turn held back: until then Undo can take back what
revealed nothing.

Secrets: the controller decides whose eyes are on the screen (`controller.screen`) and hands the table only
that viewer's view and events; the board is made from `controller.view()`, the log from the events the
viewer was told. Before a person's private view shows, the shared hand-over screen covers the whole table
until that person confirms.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Callable, Generic, NamedTuple, Protocol, Sequence

import pygame
from pygame import Rect

from ..ai import REMOTE
from ..controller.game import Decision, GameController, GameSetup, Phase
from ..i18n import called_you, shown_name, tr
from ..interface.game import ActionT, IllegalActionError, ViewT
from ..net.protocol import MAX_CHAT, Refusal
from ..saves import SavedGame
from ..saves import start_game as start_saved_game
from ..session import GameSession
from ..settings import ANIMATION_FACTOR, PACE_FACTOR
from . import table_parts
from .anim import Beat, Choreography, Counter, Pause
from .hands import Gesture
from .hints import Hints
from .room import GameRoom
from .scenes.base import ANIMATING, POLL, Scene, soonest
from .table_parts import Bars
from .tooltips import Tooltip
from .widgets import Button, Widget, WidgetGroup

if TYPE_CHECKING:
    from .hosted import HostedTable
    from .joined import JoinedGame

log = logging.getLogger(__name__)

END_TURN_KEY = pygame.K_e
TOOLTIP_DELAY = 0.55  # seconds of hovering before a tooltip opens
TOAST = 3.2  # seconds a refusal or a notice stays in the status bar
LOG_STEP = 40  # pixels the log scrolls per wheel step
LOG_SHOWN = 200  # the log's last lines that can be scrolled back to


class TableWords(NamedTuple):
    """The game's words for what every table says (keys of the i18n tables)."""

    hand_over: str  # why the screen is handed over (`{name}`, `{turn}`): tokens, starting cards
    end_turn: str  # the status while a turn waits for End turn, and Undo can still take something back
    end_turn_final: str  # ...and nothing of it can be taken back
    turn_not_over: str  # End turn pressed while the turn still asks for more
    computer: str  # a computer plays (`{name}`)
    # (event kind, key): the first kind among the last action's revealing events names why it is final
    undo_final: Sequence[tuple[str, str]]


class StatusButton(NamedTuple):
    """A button of the status bar, for what can be done now (End turn, Pass, Confirm...)."""

    name: str  # what the keyboard's focus calls it ("button", name)
    label: str
    style: str
    press: Callable[[], None]


class Pointer(Protocol):
    """The board's gestures, as far as the table follows the mouse."""

    mouse: tuple[int, int]  # where the mouse was last seen

    def mouse_move(self, pos: tuple[int, int]) -> None: ...


class Board(Protocol[ActionT]):
    """What a game brings to the table: its layout and drawing, its pieces as the viewer sees them, the
    previews and the gestures that turn into actions. The table asks; the board answers for its game only."""

    words: TableWords
    thinking: tuple[float, float]  # seconds a computer's first decision of a turn is shown thinking, and its next

    @property
    def layout(self) -> Bars: ...

    @property
    def gestures(self) -> Pointer: ...

    # -- the game shown ---------------------------------------------------------------------------------
    def screen_changed(self) -> None:
        """Another viewer: the board is made again from the controller's view."""

    def taken_back(self) -> None:
        """A step was taken back (after `screen_changed`): what the board keeps of the game so far too."""

    def beats(self, events: list[Any], origin: Rect | None) -> list[Beat]:
        """The animation of one action's events (as the viewer was told them); `origin`: where a person
        dropped a piece."""
        ...

    def played(self, actions: Sequence[ActionT], events: Sequence[Any]) -> None:
        """A person's actions were applied (`events`: what they did, as the viewer was told): the gestures start
        afresh at once, before the first frame of the actions' animation."""

    def told(self, event: Any) -> None:
        """An event became visible (the table logged it and played its sound)."""

    def gesture(self, intent: Sequence[ActionT], manner: str) -> Gesture | None:
        """The next gesture of a person who plays `intent` (the actions one gesture of theirs plays: one, or a
        choice made in one step such as a placement with its token) in `manner` (see `hands.MANNERS`), from what
        the table shows and what is half-made now; by clicks where that manner has no way. None: the board has
        no gesture that plays these actions together (a person then means something else)."""
        ...

    def log_line(self, event: Any, names: list[str]) -> str:
        """The log's line for an event ("" for none)."""
        ...

    def refusal(self, problem: IllegalActionError) -> str:
        """The engine's reason for refusing an action, in the player's words."""
        ...

    def score(self, seat: int) -> int:
        """The seat's score as the board shows it now (its counter runs towards it)."""
        ...

    def turn_text(self) -> str: ...

    def status_text(self) -> str:
        """The status bar's words (the table's `ending_text` and `waiting_text` say what every game says)."""
        ...

    def banner_text(self, event: Any) -> str: ...

    def hint_places(self, action: ActionT) -> list[Rect]:
        """Where an action shows on the board (what glows for a hint)."""
        ...

    # -- the table's moments ---------------------------------------------------------------------------
    def update(self, dt: float) -> None: ...

    def next_frame_in(self) -> float | None:
        """When the board itself needs drawing again (a slide, a pulse), besides what the table asks."""
        ...

    def before_move_on(self) -> None:
        """Nothing is animating: the board checks it shows the game as it is before the game moves on."""

    def decision_changed(self) -> None:
        """A new decision is pending, or none: the gestures start afresh."""

    def take_back(self) -> bool:
        """Undo pressed: a gesture not yet played taken back first (whether one was)."""
        ...

    def ends_turn(self, decision: Decision[ActionT] | None) -> bool:
        """End turn pressed while a decision is pending: whether the board played it as the end of the
        turn (a pass), after which the table ends the turn."""
        ...

    def game_over(self) -> None: ...

    def relayout(self) -> None:
        """The window or the language changed, or the log opened or closed: the board is laid out again."""

    # -- the status bar -----------------------------------------------------------------------------------
    def status_buttons(self) -> list[StatusButton]: ...

    def more_widgets(self) -> list[Widget]:
        """Buttons of the board's own (a selected character's), besides the bars'."""
        ...

    # -- the pointer and the keys ---------------------------------------------------------------------------
    def hit(self, pos: tuple[int, int]) -> tuple[Any, ...] | None: ...

    def hovered(self) -> tuple[Any, ...] | None:
        """What the mouse, or the keyboard's focus, rests on now."""
        ...

    def hover_blocked(self) -> bool:
        """Whether no tooltip may open now (a drag, a press, a menu)."""
        ...

    def covers(self, pos: tuple[int, int]) -> bool:
        """Whether the board drew something over the table's buttons at `pos` (a square's menu, a facing dial at the
        board's edge): the mouse there is the board's."""
        ...

    def tooltip_for(self, key: tuple[Any, ...]) -> Tooltip | None: ...

    def log_area(self) -> Rect | None:
        """Where the log shows (the wheel scrolls it there), or None."""
        ...

    @property
    def look_around(self) -> Callable[[pygame.event.Event], None] | None:
        """The game is over, its score sheet hidden: what shows another seat's side at a click or a key (None:
        the whole board is shown already)."""
        ...

    def mouse_down(self, pos: tuple[int, int], button: int) -> None: ...

    def mouse_up(self, pos: tuple[int, int], button: int) -> None: ...

    def focus_lost(self) -> None:
        """The window lost the focus: a drag in progress is dropped."""

    def put_back(self) -> bool:
        """A right-click: what the person holds (a card or a token being dragged or picked, a facing dial or a
        square's menu open) goes back; whether there was anything."""
        ...

    def key_down(self, event: pygame.event.Event) -> bool:
        """A key for the board (its cursor, its selection); whether it took it."""
        ...

    def asks_more(self, key: tuple[Any, ...] | None) -> bool:
        """Whether a click on `key` asks for more of a turn that is over."""
        ...

    # -- drawing ----------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, over_last: bool) -> list[Rect] | None:
        """The whole table (the bars' words, widgets, toast and tooltip included); with `over_last`, only what
        changed since the last frame: the regions drawn again (None: all)."""
        ...


class TableScene(Scene, Generic[ActionT, ViewT]):
    """The table of a game: `board` is the game's, everything else is the same for every game."""

    app: GameRoom  # a table's room: start its controller, the opponents' process, the saving

    def __init__(self, app: GameRoom, setup: GameSetup, board: Callable[["TableScene[ActionT, ViewT]"], Board[ActionT]],
                 saved: SavedGame | None = None, review: bool = False, *, autosave: bool = True,
                 offers_hints: bool = True, log_open: bool = False,
                 controller: Any = None, hosted: HostedTable | None = None, joined: JoinedGame | None = None) -> None:
        """A new game, or a saved one where it was left (`saved`); `review` only shows a finished game. The
        lesson passes its own `controller` (a scripted opponent), no autosave and no hints; a hosted game its
        table's (`hosted`: seats played from other computers); a seat joined on another computer's table the
        controller of what its host tells it (`joined`)."""
        super().__init__(app)
        self.hosted = hosted
        self.joined = joined
        self.invited = False  # the invitations were shown when the hosted table first came on screen
        self.chat_lines: list[tuple[int, str]] = []  # a hosted game's chat: (the events told before it, its line)
        self.chat_text: str | None = None  # the chat line being typed (None: the chat is closed)
        self.heard: tuple[str, float] | None = None  # the latest chat line and how long the status bar still says it
        self.setup = setup
        self.review = review
        self.saved = saved  # the saved game it was opened with (None: a new game)
        self.offers_hints = offers_hints
        practice = saved.practice if saved is not None else app.practice_for(setup)
        self.controller: GameController[ActionT, ViewT] = controller or app.controller(setup, saved,
                                                                                        practice=practice)
        # Autosave after every action (and statistics at the end) for every game that is played on.
        self.session: GameSession | None = None
        if app.persist and not review and autosave:
            self.session = GameSession(self.controller, saved or start_saved_game(setup, self.controller.practice))
        self.choreo = Choreography(self.speed)
        self.widgets = WidgetGroup()
        self.log_open = log_open
        self.log_scroll = 0
        self._log_page: tuple[Any, pygame.Surface] | None = None
        # Every event shown so far as the viewer knows it (a resumed game's too): the log tells them.
        self.told: list[Any] = self.controller.seen_history()
        self._log_said: list[str] = []  # the log's words for the first events told (see `log_lines`)
        self.shown_screen = self.controller.screen  # whose view the board and the log were made for
        self.clock = 0.0  # seconds the table has been shown
        self.toast: tuple[str, float] | None = None
        self.hovered: tuple[Any, ...] | None = None  # what the pointer rests on (a hit key)
        self.hover_time = 0.0
        self.pinned_tip = False
        self.tooltip: Tooltip | None = None
        self._decision_key: tuple[Any, ...] | None = None
        self._turn_seat: int | None = None
        self.finished = False
        self.save_warned = False
        self.hints = Hints(self)
        self.board: Board[ActionT] = board(self)
        self.computers = table_parts.ComputerTurns(*self.board.thinking)
        self.counters = [Counter(self.board.score(seat)) for seat in range(setup.players)]  # a resumed game counted

    # -- whose screen -----------------------------------------------------------------------------------

    @property
    def people(self) -> tuple[int, ...]:
        """The seats of the people at the table (the controller's)."""
        return self.controller.people

    @property
    def viewer(self) -> int | None:
        """The seat whose view the table shows (None: only what everyone sees): the controller's screen."""
        return self.controller.screen

    @property
    def hand_over_key(self) -> str:
        return self.board.words.hand_over

    def take_screen(self, seat: int) -> None:
        """A person confirmed the hand-over: the table shows their view from now on."""
        self.controller.take_screen(seat)
        self.screen_changed()

    def screen_changed(self, coming: Sequence[Any] = ()) -> None:
        """The screen went to another viewer (or a step was taken back): the board and the log are made again
        from their view and events (`coming`: events still to be shown, not told yet)."""
        self.shown_screen = self.controller.screen
        told = self.controller.seen_history()
        self.told = told[:len(told) - len(coming)]
        self._log_said = []
        self._log_page = None
        self._decision_key = None
        self.board.screen_changed()
        self.refresh_buttons()

    # -- settings and layout --------------------------------------------------------------------------------

    @property
    def speed(self) -> float:
        return ANIMATION_FACTOR[self.ctx.settings.animation_speed]

    @property
    def practice(self) -> bool:
        return self.controller.practice

    @property
    def bars(self) -> Bars:
        return self.board.layout

    def relayout(self) -> None:
        self._log_page = None
        self._log_said = []  # (the language may have changed)
        self.board.relayout()
        self.refresh_buttons()

    def enter(self) -> None:
        """The table comes on screen: a finished game (opened to look at) goes to its score sheet; and
        everything made so far (card data, rules tables, art) lives for the whole game, so the garbage
        collector is kept from walking it again and again, which shows as frame hitches."""
        super().enter()
        if self.controller.phase == Phase.SCORING and not self.finished:
            self.game_over()
        elif self.hosted is not None and not self.invited:
            self.invited = True
            self.show_invitations()
        self.app.scenes.settle_soon()

    def show_invitations(self) -> None:
        """The invitations of the seats played from other computers, to copy and send (a hosted game's)."""
        from .scenes.invitations import InvitationPanel

        if self.hosted is not None:
            self.app.scenes.push(InvitationPanel(self.app, self.hosted, self.names()))

    def refresh_buttons(self) -> None:
        """The top bar (menu, log, rules, undo, hint) and the status bar's buttons for what can be done now."""
        th, text = self.ctx.theme, self.ctx.text
        right = [(tr("table.log"), "log", self.toggle_log), (tr("table.rules"), "rules", self.open_rules)]
        if self.undo_target() is not None:
            right.append((tr("table.undo"), "undo", self.undo))
        if self.hints.offered():
            right.append((tr("play_better.hint.button"), "hint", self.hints.toggle))
        if self.chat_seat() is not None:
            right.append((tr("chat.button"), "", self.open_chat))
        widgets: list[Widget] = list(table_parts.top_bar_buttons(self.ctx, self.bars.top_bar, self.open_menu, right))
        status = self.bars.status_bar
        x = status.right - th.px(12)
        for button in reversed(self.board.status_buttons()):
            w = text.width(button.label, "bold", th.text(22)) + th.px(48)
            x -= w
            widgets.append(Button(Rect(x, status.y + th.px(8), w, status.h - th.px(16)), button.label, button.press,
                                  style=button.style, size=22))
            x -= th.px(10)
        self.widgets = WidgetGroup(widgets + self.board.more_widgets(), focus=-1)

    def status_widgets(self) -> list[Widget]:
        """The status bar's buttons, left to right."""
        return [w for w in self.widgets.widgets if w.rect.y >= self.bars.status_bar.y]

    @property
    def bar_edges(self) -> table_parts.BarEdges:
        return table_parts.bar_edges(self.widgets.widgets, self.bars.top_bar, self.bars.status_bar,
                                     self.bars.size[0])

    # -- the game -----------------------------------------------------------------------------------------------

    def decision(self) -> Decision[ActionT] | None:
        """The person's decision the table waits for (None while animating, handing over or a computer plays)."""
        if not self.choreo.idle or self.finished:
            return None
        decision = self.controller.current()
        if decision is None or not decision.human or self.controller.hand_over_due is not None:
            return None
        return decision

    def why_illegal(self, action: ActionT) -> IllegalActionError | None:
        """The engine's reason an action is not legal now (None: it is)."""
        return self.controller.why_illegal(action)

    def play(self, actions: Sequence[ActionT], origin: Rect | None = None) -> None:
        """Apply a person's actions (one, or e.g. take the discard then place it) and animate what they did."""
        first = self.decision()
        if first is None:
            return
        if self.joined is not None:  # sent to the host: its events show when the host tells them back
            try:
                self.joined.controller.act_all(actions)
            except IllegalActionError as exc:
                self.say(self.board.refusal(exc))
            self.board.played(actions, [])
            self.refresh_buttons()
            return
        events: list[Any] = []
        for n, action in enumerate(actions):
            decision = self.controller.current()
            if n and (decision is None or decision.seat != first.seat or action not in decision.legal):
                break  # the engine already applied the only legal follow-up (a forced move)
            try:
                events.extend(self.controller.act(action))
            except IllegalActionError as exc:
                self.say(self.board.refusal(exc))
                break
        self.board.played(actions, events)
        self.show(events, origin)
        self.refresh_buttons()

    def show(self, events: list[Any], origin: Rect | None = None) -> None:
        """Queue the beats of one action's events (as the controller gave them: the viewer's)."""
        self.choreo.add(self.board.beats(events, origin))

    def update(self, dt: float) -> None:
        if self.joined is not None:
            self.joined.take(self)
        self.clock += dt
        self.choreo.factor = self.speed
        self.choreo.update(dt)
        self.board.update(dt)
        self.hints.update(dt)
        for seat, counter in enumerate(self.counters):
            counter.set(self.board.score(seat), instant=self.speed == 0)
            counter.update(dt)
        self.tick_notices(dt)
        self.update_tooltip(dt)
        if self.hosted is not None:
            for seat, line in self.hosted.chat_heard():
                self.hear(seat, line)
        if self.choreo.idle and not self.finished:
            self.drive(dt)

    def next_frame_in(self) -> float | None:
        """When the table needs drawing again without an event (see Scene.next_frame_in): beats playing and
        scores counting animate; the game moving on by itself (a computer thinking, the turn passing) and a save
        being written are polled; a toast, a hint's note and a tooltip's hover delay end on time; and whatever
        the board asks. A table waiting for a person asks for nothing."""
        if not self.choreo.idle or any(counter.counting for counter in self.counters):
            return ANIMATING
        waits = [self.hints.next_frame_in(), self.board.next_frame_in()]
        if self.toast is not None:
            waits.append(self.toast[1])
        if self.heard is not None:
            waits.append(self.heard[1])
        if self.hovered is not None and self.tooltip is None and not self.pinned_tip \
                and self.hover_time < TOOLTIP_DELAY:
            waits.append(TOOLTIP_DELAY - self.hover_time)
        if (not self.finished and self.decision() is None) or (self.session is not None and self.session.busy):
            waits.append(POLL)
        if self.hosted is not None or self.joined is not None:  # players come and go, chat comes, meanwhile
            waits.append(POLL * 5)
        return soonest(*waits)

    def drive(self, dt: float) -> None:
        """Nothing is animating: the game moves on. First the hand-over screen, when the person the game waits
        for has not taken the screen; a turn waiting for End turn ends by itself only with the setting; the next
        seat and the end of the game come; a computer's decision, once made, is shown after its thinking."""
        c = self.controller
        self.board.before_move_on()
        self.sync_decision()
        if self.hand_over():
            return
        if self.hosted is not None:
            served = self.hosted.serve()  # a player on another computer took a step back or ended their turn
            if served is not None:
                if served.taken_back:
                    self.made_again()
                else:
                    self.turn_passed_on(served.told)
                return
        if c.phase == Phase.END_TURN:
            if self.ctx.settings.auto_end_turn and c.ending_seat in c.people:
                self.end_turn()
            elif self.joined is not None:
                self.drive_joined()  # the turn's end, once the host tells it
        elif c.phase == Phase.NEXT_SEAT:
            c.proceed()
            self.sync_decision()  # the next seat's decision: its buttons before the frame is drawn
        elif c.phase == Phase.GAME_END:
            c.proceed()
            self.game_over()
        elif self.joined is not None:
            self.drive_joined()
        elif c.computer_to_move():
            try:
                polled = self.computers.poll(self.app, c, self.session, dt, self.speed,
                                             PACE_FACTOR[self.ctx.settings.computer_pace])
            except table_parts.ComputerFailed:
                self.finished = True
                return
            if polled is not None:
                events, pause = polled
                self.choreo.add([Pause(pause)])
                self.show(events)

    def drive_joined(self) -> None:
        """A joined seat's table: the next action the host told of is shown (paced at the host, where its
        computers' thinking is shown); once all is shown and the host sent the finished game, its score sheet."""
        assert self.joined is not None, "only a joined seat's table is driven by its host"
        events = self.controller.poll()
        if events is not None:
            self.show(events)
        elif self.joined.ended is not None:
            self.controller = self.joined.ended
            self.screen_changed()
            self.game_over()

    def hand_over(self) -> bool:
        """The hand-over screen over the table, when the person the game waits for has not taken the screen
        (the controller says who); whether it opened one."""
        from .scenes.hand_over import HandOverScene

        seat = self.controller.hand_over_due
        if seat is None:
            return False
        self.board.decision_changed()
        self.app.scenes.push(HandOverScene(self.app, self, seat))
        return True

    def sync_decision(self) -> None:
        """A new decision is pending (or none): the board's gestures start afresh, the buttons follow. The screen
        may have gone to another viewer meanwhile (the public view for a computer's turn, or at the end): the
        board is made again for them first, in the same frame."""
        c = self.controller
        if c.screen != self.shown_screen:
            self.screen_changed()
        # (whether a person's decision is pending: a joined seat's comes from its host after the action before it)
        key = (c.phase, c.to_move, len(c.actions), self.choreo.idle, self.viewer, self.decision() is not None)
        if key != self._decision_key:
            self._decision_key = key
            if c.to_move != self._turn_seat:
                self._turn_seat = c.to_move
                self.computers.new_turn()
            self.board.decision_changed()
            self.refresh_buttons()

    def game_over(self) -> None:
        """The game is over: the score sheet over the table, then what the saving has to say, then the app's
        end-of-game hook (statistics, `--exit-at-end`)."""
        from .scenes.scores import ScoreSheet

        self.finished = True
        if self.controller.screen != self.shown_screen:
            self.screen_changed()
        self.board.game_over()
        self.refresh_buttons()
        self.app.scenes.push(ScoreSheet(self.app, self, review=self.review))
        if self.review:
            return
        if self.session is not None and self.session.notice:
            title, what, detail = map(str, self.session.notice)
            self.app.notify(title, what, detail=detail)
        if self.app.on_game_over is not None:
            self.app.on_game_over(self.controller)

    def ending_turn(self) -> bool:
        """A person's turn at this screen is over and waits for End turn (the table idle, nothing else happening)."""
        c = self.controller
        return bool(c.phase == Phase.END_TURN and c.ending_seat in c.people and c.hand_over_due is None
                    and self.choreo.idle and not self.finished)

    def end_turn(self) -> None:
        """End turn: the person's turn, over in the engine, passes on (the board may first play a pending
        decision as the end of the turn, as Aetherya's skipped claim)."""
        c = self.controller
        decision = self.decision()
        passed = decision is not None and self.board.ends_turn(decision)
        if c.phase != Phase.END_TURN or c.ending_seat not in c.people or self.finished \
                or c.hand_over_due is not None:
            if decision is not None and not passed:
                self.say(tr(self.board.words.turn_not_over))
            return
        # The person's last action may still be showing (a pass ends the turn at once): it is shown done first,
        # as they saw it, for the screen goes to the next viewer now and its beats were made for theirs.
        self.choreo.finish()
        self.turn_passed_on(c.proceed())  # the next turn's start, held back until now

    def turn_passed_on(self, events: list[Any]) -> None:
        """A turn was ended: the next turn's start (held back until then, as the screen's viewer now sees it)."""
        self.screen_changed(events)
        self.show(events)
        self.refresh_buttons()

    def undo_target(self) -> int | None:
        """How many actions undo would keep now (the controller decides), or None; never mid-animation."""
        return self.controller.undo_target() if self.decision() is not None or self.ending_turn() else None

    def undo(self) -> None:
        """Take the person's last step back, or say in words why it cannot be (Ctrl+Z always answers)."""
        c = self.controller
        if self.board.take_back():
            self.refresh_buttons()
            return
        decision = c.current()
        mine = c.phase == Phase.END_TURN or decision is not None and decision.human
        if not self.choreo.idle and mine:
            self.choreo.finish()  # the person's own action still showing: it is shown done, then taken back
        if self.finished or not self.choreo.idle or c.hand_over_due is not None:
            over = self.finished and c.over
            self.say(tr("table.undo_refused.over" if over else "table.undo_refused.not_yours"))
            return
        keep, why = c.why_no_undo()
        if keep is None:
            self.say(self.undo_refusal(why))
            return
        c.undo()  # (a joined seat's is asked of its host: its fresh state makes the table again when it comes)
        self.made_again()

    def made_again(self) -> None:
        """A step was taken back (here, by a player on another computer, or the host sent a joined seat a fresh
        state): the table is made again from the position, without the beats still to be shown."""
        self.choreo = Choreography(self.speed)
        self.screen_changed()
        self.board.taken_back()
        self.sync_decision()

    def undo_refusal(self, why: str) -> str:
        """Why undo cannot take a step back, in words: what came to light names the step that is final."""
        if why != "final":
            return tr(f"table.undo_refused.{'not_yours' if why == 'not-yours' else 'nothing'}")
        kinds = {e.kind for e in self.controller.last_events if e.reveals}
        return next((tr(key) for kind, key in self.board.words.undo_final if kind in kinds),
                    tr("table.undo_refused.final"))

    def close(self) -> None:
        """Take the table off the screen for good, wherever it is among the scenes (under its score sheet)."""
        self.app.scenes.remove(self)

    def leave(self) -> None:
        """The table is left: the computer seats' worker, a hint waiting to be thought out and the autosave
        stop."""
        self.hints.forget()
        if self.hosted is not None:  # first: a remote seat's agent waiting for its client gives up
            self.hosted.close()
        if self.joined is not None:
            self.joined.close()
        self.controller.close()
        if self.session is not None:
            self.session.close()

    # -- what the board asks -----------------------------------------------------------------------------------

    def tell(self, event: Any) -> None:
        """An event becomes visible: its sound and its line in the log."""
        name = self.ctx.game_ui.sound_for(event)
        if name:
            self.ctx.sounds.play(name)
        self.told.append(event)
        self._log_page = None
        self.log_scroll = 0
        self.board.told(event)

    def turn_text(self) -> str:
        return self.board.turn_text()

    def names(self) -> list[str]:
        """The seats' names as the screen shows them."""
        return [shown_name(seat.name) for seat in self.setup.seats]

    def seat_name(self, seat: int) -> str:
        return shown_name(self.setup.seats[seat].name)

    def is_you(self, seat: int) -> bool:
        """The seat is the person called "You" (a one-person game's default name): "You are next", not
        "You is next"."""
        person = self.controller.seats[seat]
        return bool(person.is_human and called_you(person.name))

    @property
    def hints_shown(self) -> int:
        """How many hints were shown (the top bar marks the game): in pass-and-play only to the person looking,
        their own (another's hints are not the next person's business), else all of the game's."""
        hints = self.controller.hints
        if len(self.people) > 1:
            return hints[self.viewer] if self.viewer is not None else 0
        return sum(hints)

    def hint_places(self, action: ActionT) -> list[Rect]:
        return self.board.hint_places(action)

    def log_lines(self, last: int | None = None) -> list[str]:
        """The log as the viewer may read it (its `last` lines). Each event is put into words once: a long
        game's log was told again whole every time it grew, 30-90 ms a beat with the log open late in a game."""
        said = self._log_said
        if len(said) < len(self.told):
            names = self.names()
            said.extend(self.board.log_line(event, names) for event in self.told[len(said):])
        lines = [line for line in said if line]
        if self.chat_lines:  # each chat line after the events told before it
            lines = [line for _, _, line in sorted([(told, 1, line) for told, line in self.chat_lines] +
                                                [(i + 1, 0, line) for i, line in enumerate(said) if line],
                                                key=lambda entry: entry[:2])]
        return lines[-last:] if last else lines

    def log_page(self, width: int) -> pygame.Surface:
        """The log's last lines, wrapped to `width`, as one surface (made again only when the log grows)."""
        key = (len(self.told), len(self.chat_lines), width, self.ctx.theme.width, self.viewer)
        if self._log_page is None or self._log_page[0] != key:
            self._log_page = (key, table_parts.log_page(self.ctx, self.log_lines(LOG_SHOWN), width))
        return self._log_page[1]

    def status_text(self) -> str:
        if self.chat_text is not None:
            return tr("chat.typing", text=self.chat_text)
        if self.heard is not None:
            return self.heard[0]
        if self.joined is not None and self.joined.lost:
            return tr("joining.lost")
        return self.board.status_text()

    def ending_text(self) -> str:
        """The status while a turn waits for End turn: whether Undo can still take something back."""
        words = self.board.words
        return tr(words.end_turn if self.controller.undo_target() is not None else words.end_turn_final)

    def waiting_text(self, seat: int) -> str:
        """The status while `seat` plays or is next, and the person at the screen waits: a computer is playing,
        or who is next (never the one who just moved); while a player on another computer has not ended their turn,
        them."""
        ending = self.controller.ending_seat
        if ending is not None and ending not in self.people:
            seat = ending
        if self.hosted is not None and self.hosted.is_remote(seat):
            return self.remote_waiting_text(seat)
        if self.joined is not None and self.controller.seats[seat].level == REMOTE:
            return self.joined_waiting_text(seat)
        if not self.controller.seats[seat].is_human:  # the game's own words: Aetherya's "plays a card" in Chinese
            return tr(self.board.words.computer, name=self.seat_name(seat))
        if self.is_you(seat):  # "You are next", not "You is next"
            return tr("table.status.you_next")
        return tr("table.status.wait", name=self.seat_name(seat))

    def presence(self, seat: int) -> str | None:
        """Whether the player of a seat on another computer is "here", "away" or played by a computer until they
        are back ("stand-in"), for its seat panel; None for a seat played at this screen or by this computer."""
        if self.hosted is not None:
            return self.hosted.presence()[seat].value if self.hosted.is_remote(seat) else None
        if self.joined is not None and seat != self.joined.invitation.seat:
            seats = self.joined.presence.seats
            shown = seats[seat] if seat < len(seats) else None
            return shown if shown in ("here", "away", "stand-in") else None
        return None

    def away_text(self, seat: int) -> str | None:
        """The seat panel's word for a player on another computer who is not here (None for any other seat)."""
        return tr("hosting.presence.away") if self.presence(seat) == "away" else None

    def remote_waiting_text(self, seat: int) -> str:
        """Whom a hosted game waits for, on another computer, and since when; whether their player is away."""
        assert self.hosted is not None, "only a hosted game has seats on other computers"
        waiting = self.hosted.waiting()
        name = self.seat_name(seat)
        if waiting is None or waiting.seat != seat:
            return tr("hosting.status.remote_next", name=name)
        return self.waited_text(name, waiting.seconds, waiting.away)

    def joined_waiting_text(self, seat: int) -> str:
        """Whom the host's table waits for, and since when (a joined seat's table)."""
        assert self.joined is not None, "only a joined seat's table waits for its host"
        waiting = self.joined.waiting()
        if waiting is None or waiting[0] != seat:
            return tr("hosting.status.remote_next", name=self.seat_name(seat))
        return self.waited_text(self.seat_name(seat), waiting[1], waiting[2])

    @staticmethod
    def waited_text(name: str, seconds: float, away: bool) -> str:
        minutes, seconds = divmod(int(seconds), 60)
        key = "hosting.status.waiting_away" if away else "hosting.status.waiting"
        return tr(key, name=name, time=f"{minutes}:{int(seconds):02d}")

    def say(self, text: str) -> None:
        """A refusal or a short notice in the status bar, with the refusal's sound."""
        if text:
            self.toast = (text, TOAST)
            self.ctx.sounds.play("refused")

    def score_counter(self, seat: int) -> int:
        return self.counters[seat].value

    def tick_notices(self, dt: float) -> None:
        """The toast's time runs out; a save that failed is said once (the game goes on and keeps trying)."""
        if self.toast is not None:
            words, left = self.toast
            self.toast = (words, left - dt) if left > dt else None
        if self.heard is not None:
            words, left = self.heard
            self.heard = (words, left - dt) if left > dt else None
        if self.session is not None and self.session.error and not self.save_warned:
            self.save_warned = True
            self.app.notify(tr("table.save_failed_title"), tr("table.save_failed"), detail=str(self.session.error))

    # -- events --------------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self.chat_text is not None and event.type in (pygame.TEXTINPUT, pygame.KEYDOWN):
            self.chat_key(event)  # every key types the chat line while it is open
            return
        if self.choreo.idle:
            self.sync_decision()
        # The buttons take the mouse, but for what the board drew over them; the board's keys move its own focus.
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN) and not self.board.covers(event.pos) \
                and self.widgets.handle(event):
            return
        board = self.board
        if event.type == pygame.WINDOWFOCUSLOST:
            board.focus_lost()
            self.refresh_buttons()
        elif event.type == pygame.MOUSEMOTION:
            board.gestures.mouse_move(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            area = board.log_area()
            if event.button == 3:
                if not board.put_back():  # a right-click drops what is in hand, else shows a tooltip at once
                    self.pin_tooltip(event.pos)
            elif event.button in (4, 5) and area is not None and area.collidepoint(event.pos):
                self.scroll_log(1 if event.button == 4 else -1)
            else:
                if event.button == 1 and self.ending_turn() and board.asks_more(board.hit(event.pos)):
                    self.say(tr("table.say.turn_done"))  # a click on what the turn no longer offers
                board.mouse_down(event.pos, event.button)
                self.tooltip = None
        elif event.type == pygame.MOUSEWHEEL:
            area = board.log_area()
            if area is not None and area.collidepoint(board.gestures.mouse):
                self.scroll_log(event.y)
        elif event.type == pygame.MOUSEBUTTONUP:
            board.mouse_up(event.pos, event.button)
            self.refresh_buttons()
        elif event.type == pygame.KEYDOWN:
            self.key_down(event)

    def key_down(self, event: pygame.event.Event) -> None:
        """Ctrl+Z takes back, E ends the turn (Enter too when that is all there is to do); the board's keys;
        then the keys every table answers alike: Esc cancels a hint being worked out or else opens the menu,
        L the log, H a hint, F1 the rules."""
        key = event.key
        if key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.undo()
            return
        if key == END_TURN_KEY or self.ending_turn() and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.end_turn()
            return
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.decision() is None and self.chat_seat() is not None:
            self.open_chat()  # Enter while others play: a chat line (the person's own move keeps Enter for the board)
            return
        if self.board.key_down(event):
            self.refresh_buttons()
            return
        if key == pygame.K_ESCAPE:
            if not self.hints.cancel():
                self.open_menu()
        elif key == pygame.K_l:
            self.toggle_log()
        elif key == pygame.K_h:
            self.hints.toggle()
        elif key == pygame.K_F1:
            self.open_rules()

    # -- a hosted game's chat ---------------------------------------------------------------------------------------

    def chat_seat(self) -> int | None:
        """Who says a chat line typed at this screen: the person looking at it (a hosted game's only)."""
        if self.hosted is None and self.joined is None or not self.people:
            return None
        return self.viewer if self.viewer is not None else self.people[0]

    def open_chat(self) -> None:
        self.chat_text = ""
        pygame.key.start_text_input()

    def close_chat(self) -> None:
        self.chat_text = None
        pygame.key.stop_text_input()

    def chat_key(self, event: pygame.event.Event) -> None:
        """Typing the chat line: Enter says it, Escape closes it, Backspace and Ctrl+V (the clipboard) edit it."""
        text = self.chat_text or ""
        if event.type == pygame.TEXTINPUT:
            self.chat_text = (text + event.text)[:MAX_CHAT]
        elif event.key == pygame.K_ESCAPE:
            self.close_chat()
        elif event.key == pygame.K_BACKSPACE:
            self.chat_text = text[:-1]
        elif event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.chat_text = (text + " ".join(pygame.scrap.get_text().split()))[:MAX_CHAT]
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.say_chat(text)

    def say_chat(self, text: str) -> None:
        seat = self.chat_seat()
        self.close_chat()
        if seat is None or not text.strip():
            return
        if self.joined is not None:  # the host says it back to every seat, this one too
            self.joined.say(text)
            return
        if self.hosted is None:
            return
        try:
            line = self.hosted.say(seat, text)
        except Refusal:
            self.say(tr("chat.refused", limit=MAX_CHAT))
            return
        self.hear(seat, line)

    def hear(self, seat: int, line: str) -> None:
        """A chat line of a seat: into the log, and shown a moment in the status bar."""
        said = tr("chat.line", name=self.seat_name(seat), text=line)
        self.chat_lines.append((len(self.told), said))
        self._log_page = None
        self.heard = (said, TOAST)  # in the status bar, not as a toast: the boards draw those as refusals

    def refused_joined(self, code: str) -> None:
        """The host refused this seat's step back or End turn (another step overtook it): said in the status bar,
        in the table's words."""
        self.say(self.undo_refusal("nothing") if code == "no-undo" else tr(self.board.words.turn_not_over))

    def lost_joined(self, why: str) -> None:
        """The host will not let this seat in again (another client took it over...): said, once."""
        self.app.notify(tr("joining.refused_title"), why)

    def scroll_log(self, steps: int) -> None:
        self.log_scroll = max(0, self.log_scroll + steps * LOG_STEP)

    def update_tooltip(self, dt: float) -> None:
        """The tooltip of what the mouse (or the keyboard's focus) rests on, once it has rested long enough
        (or at once when pinned by a right-click); none while the board blocks it (a drag, a press, a menu)."""
        key = self.board.hovered()
        if key != self.hovered:
            self.hovered, self.hover_time, self.pinned_tip = key, 0.0, False
        else:
            self.hover_time += dt
        if key is None or self.board.hover_blocked():
            self.tooltip = None
        elif self.pinned_tip or self.hover_time >= TOOLTIP_DELAY:
            self.tooltip = self.board.tooltip_for(key)
        else:
            self.tooltip = None

    def pin_tooltip(self, pos: tuple[int, int]) -> None:
        """A right-click: the tooltip of what is under the mouse opens at once and stays while it rests there."""
        self.board.gestures.mouse = pos
        self.hovered = self.board.hit(pos)
        self.pinned_tip = self.hovered is not None
        self.tooltip = self.board.tooltip_for(self.hovered) if self.hovered else None

    # -- menus ------------------------------------------------------------------------------------------------------

    def toggle_log(self) -> None:
        self.log_open = not self.log_open
        self.relayout()

    def open_menu(self) -> None:
        from .scenes.overlay import PauseMenu

        self.app.scenes.push(PauseMenu(self.app))

    def open_rules(self) -> None:
        self.app.open_rules()

    def draw(self, surface: pygame.Surface) -> None:
        self.board.draw(surface, over_last=False)

    def draw_changes(self, surface: pygame.Surface) -> list[Rect] | None:
        return self.board.draw(surface, over_last=True)
