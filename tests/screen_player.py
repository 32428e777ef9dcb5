"""The screen player: whole games played through the app's frame loop, the way people play them.

Each person's move is chosen among the legal ones (at random, or by a computer level looking at that person's
view), then done with real pygame events through `App.frame`: the board says the next gesture towards it
(`Board.gesture`: a click, a drag with the motion between, a key), and the player makes it, in the manner of
the moment (clicks, drags and the keyboard in turn), drawing every frame in between at the table's animation
speed. Hand-overs are confirmed by a click or a key. And it interrupts as people do: it hovers over the board
while a move animates, clicks while the computers play, cancels a half-made choice (Esc or a right-click) and
makes it again, opens the rules, the log, the menu and the settings in the middle of an animation, changes the
animation speed, resizes the window, takes back, asks for a hint, and leaves the game (once at each kind of
pending decision, at a hand-over, in the middle of an animation and during a computer's turn) to continue it from
the main menu.

After every frame it checks that nothing escaped a scene (the app's crash handler fails the run instead of
showing its dialog) and that nothing one person knows shows while another may be looking: the board and the
log are made for the screen's viewer; a seat's private view shows only after that person confirmed the
hand-over, and no longer once they ended their turn; a hint shows only to the seat it was asked for. At the
end, the game's record, written out and read back, replays to the same scores.

Nothing here sleeps or reads the clock: frames advance by a fixed dt and the computers think inline.
"""

from __future__ import annotations

import json
import logging
import random
from dataclasses import dataclass, field
from typing import Any, Sequence

import pygame

from drako_desktop.controller.game import COMPUTER, GameSetup, Phase, Seat, as_seen_by
from drako_desktop.i18n import tr
from drako_desktop.records import replay_record
from drako_desktop.settings import ANIMATION_SPEEDS, MIN_WINDOW, Settings
from drako_desktop.ui.app import App
from drako_desktop.ui.hands import MANNERS, Click, Drag, Gesture
from drako_desktop.ui.scenes.dialogs import Dialog
from drako_desktop.ui.scenes.hand_over import HandOverScene
from drako_desktop.ui.scenes.menu import MainMenu
from drako_desktop.ui.scenes.overlay import PauseMenu
from drako_desktop.ui.scenes.scores import ScoreSheet
from drako_desktop.ui.scenes.settings import SettingsScene
from drako_desktop.ui.table import TableScene
from drako_desktop.ui.widgets import Button, Choice
from ui_support import DT, down, key, motion, screenshot, up

NAMES = ("Ana", "Brynja", "Corvin", "Isolde")
DRAG_STEPS = 5  # mouse motions between a drag's press and its release
MAX_GESTURES = 90  # gestures one move may take (Tab through every place of a table, twice, and some)
MAX_FRAMES = 120_000  # a game that has not ended by then is stuck


class Stuck(AssertionError):
    """The player cannot get on: a move its gestures do not play, or a game that never ends."""


class Leak(AssertionError):
    """Something one person may know showed while somebody else may be looking."""


@dataclass(frozen=True)
class Habits:
    """How the people at the table play: how often they interrupt themselves, and whether they quit and
    continue."""

    busy: float = 1.0  # a factor on every interruption's chance (0: none, plain play)
    quits: bool = True  # leave the game at each kind of pending decision (once), and continue it


@dataclass
class Report:
    """What a game played through the screen came to."""

    frames: int = 0
    moves: int = 0
    gestures: dict[str, int] = field(default_factory=lambda: {m: 0 for m in MANNERS})
    interruptions: dict[str, int] = field(default_factory=dict)
    quits: list[str] = field(default_factory=list)  # the kinds of decision the game was left and continued at
    scores: list[int] = field(default_factory=list)


class ScreenPlayer:
    """Plays one game of `game` through a real app: `people` seats of persons, the rest computers."""

    def __init__(self, game: Any, seats: Sequence[Seat], *, seed: int, variants: Sequence[str] = (),
                 speed: str = "normal", pace: str = "normal", size: tuple[int, int] = (1280, 720),
                 habits: Habits = Habits(), chooser: str = "random", name: str = "screen-player") -> None:
        self.game = game
        self.rng = random.Random(f"{game.id}/{seed}/{speed}/{len(seats)}")
        self.name = name
        self.habits = habits
        self.speed = speed
        self.chooser = chooser
        settings = Settings(animation_speed=speed, computer_pace=pace, window_width=size[0], window_height=size[1])
        self.app = App(game, settings, size=size, persist=True, threaded=False)
        self.app.crashed = self._crashed  # an error escaping a scene ends the run, it is not a dialog to click
        self.app.hint_depth = 2  # a hint at the quickest depth: the player checks where it shows, not its advice
        self.setup = GameSetup(tuple(seats), seed, 0, game.id, tuple(variants))
        self.people = tuple(i for i, s in enumerate(seats) if s.is_human)
        self.app.start_game(self.setup)
        self.report = Report()
        # The person who may be looking at the screen now: the one person of a game against computers; with more,
        # the one who confirmed the hand-over last, or who took the screen without one because nothing of theirs
        # was private then (the controller's rule), until they end their turn (None: nobody's secrets may show).
        self.entitled: int | None = self.people[0] if len(self.people) == 1 else None
        self.screen_seen: int | None = None  # the controller's screen at the last frame checked
        self.intent: list[Any] | None = None
        self.intent_at = 0  # the number of actions played when the intent was chosen
        self.gestures_made = 0
        self.cancel_at: int | None = None  # the gesture after which the move being made is cancelled
        self.manner = 0
        self.quit_kinds: set[str] = set()
        self.agents: dict[int, Any] = {}
        self.hand_overs = 0  # confirmed
        self.told_checked: tuple[int | None, int] | None = None  # (viewer, events) of the log last checked
        self.recent: list[Gesture] = []  # the last gestures made (a failure says them)

    # -- the run -------------------------------------------------------------------------------------------------

    def play(self) -> Report:
        """The game, from its start to its score sheet. The app's warnings fail it as its errors do: a table
        that finds itself out of step with the game and mends it was wrong before it did."""
        warnings = _Warnings()
        logging.getLogger("drako_desktop").addHandler(warnings)
        try:
            return self._play(warnings)
        finally:
            logging.getLogger("drako_desktop").removeHandler(warnings)

    def _play(self, warnings: "_Warnings") -> Report:
        while self.report.frames < MAX_FRAMES:
            if warnings.seen:
                raise AssertionError(self.where(f"the app warned: {warnings.seen[0]}"))
            top = self.app.scenes.top
            if isinstance(top, ScoreSheet):
                self.finish()
                return self.report
            if isinstance(top, HandOverScene):
                if not self.maybe_quit("hand-over"):
                    self.confirm_hand_over(top)
            elif isinstance(top, Dialog):
                self.answer(top)
            elif isinstance(top, MainMenu):
                if not self.click_button(tr("menu.continue")):
                    self.frame(self.hover())  # (laid out at its first frame)
            elif top is not self.table:
                self.frame([key(pygame.K_ESCAPE)])  # whatever was opened over the table is closed again
            else:
                self.at_table()
        raise Stuck(self.where(f"the game did not end in {MAX_FRAMES} frames"))

    @property
    def table(self) -> TableScene:
        found = next((s for s in self.app.scenes.scenes if isinstance(s, TableScene)), None)
        if found is None:
            raise Stuck(self.where("no table"))
        return found

    def at_table(self) -> None:
        table = self.table
        c = table.controller
        if table.ending_turn():
            if self.maybe_quit("end-turn"):
                return
            self.interrupt_at_decision()
            if table.ending_turn():
                self.end_turn()
            return
        decision = table.decision()
        if decision is None:
            moving = "animation" if not table.choreo.idle else "computer" if c.to_move not in self.people else ""
            if not (moving and self.chance(0.02) and self.maybe_quit(moving)):
                self.frame(self.while_waiting())
            return
        if self.intent is not None and (len(c.actions) != self.intent_at or self.gestures_made >= MAX_GESTURES):
            if len(c.actions) == self.intent_at:
                raise Stuck(self.where(f"{self.intent} not played after {self.gestures_made} gestures"))
            self.intent = None
        if self.intent is None:
            if self.maybe_quit(decision.kind):
                return
            self.interrupt_at_decision()
            if self.table.decision() is None or self.app.scenes.top is not self.table:
                return
            self.intent = self.choose(self.table, self.table.decision())
            self.intent_at = len(self.table.controller.actions)
            self.gestures_made = 0
            self.manner = (self.manner + 1) % len(MANNERS)
            # now and then a person changes their mind half way, once, and starts the move again
            self.cancel_at = self.rng.randint(1, 4) if self.chance(0.15) else None
        elif self.gestures_made == self.cancel_at:
            self.cancel_at = None
            self.cancel()
            return
        self.make_gesture()

    # -- choosing a move -----------------------------------------------------------------------------------------

    def choose(self, table: TableScene, decision: Any) -> list[Any]:
        """A move of the decision's legal ones that the board has gestures for: one action, or two when the board
        plays them in one gesture (a placement with its token's choice, a card taken and placed)."""
        state = table.controller._state  # the test's look-ahead only: what the person means, never what is shown
        manner = MANNERS[self.manner]
        legal = list(decision.legal)
        order = self.ranked(decision.seat, state, legal)
        for first in order[:12]:
            if table.board.gesture([first], manner) is not None:
                return [first]
            after = state.clone()
            after.apply(first)
            if after.is_terminal() or after.current != decision.seat:
                continue
            for second in self.ranked(decision.seat, after, list(after.legal_actions()))[:12]:
                if table.board.gesture([first, second], manner) is not None:
                    return [first, second]
        raise Stuck(self.where(f"no gesture for any of {order[:12]}"))

    def ranked(self, seat: int, state: Any, legal: list[Any]) -> list[Any]:
        """The legal actions in the order the person would try them: a level's choice first, else at random."""
        order = list(legal)
        self.rng.shuffle(order)
        if self.chooser != "random":
            agent = self.agents.get(seat)
            if agent is None:
                agent = self.agents[seat] = self.game.make_agent(self.chooser, self.rng.randrange(1 << 30))
            best = legal[agent.choose(state.view(seat), legal)]
            order.remove(best)
            order.insert(0, best)
        return order

    # -- gestures ------------------------------------------------------------------------------------------------

    def make_gesture(self) -> None:
        assert self.intent is not None
        manner = MANNERS[self.manner]
        gesture = self.table.board.gesture(self.intent, manner)
        if gesture is None:
            raise Stuck(self.where(f"the board has no gesture for {self.intent} now"))
        self.gestures_made += 1
        self.report.gestures[manner] += 1
        self.recent = (self.recent + [gesture])[-12:]
        self.perform(gesture)
        for _ in range(self.rng.choice((0, 0, 1, 3))):  # a person looks before the next gesture
            self.frame(self.hover() if self.chance(0.5) else [])

    def perform(self, gesture: Gesture) -> None:
        if isinstance(gesture, Click):
            self.frame([motion(gesture.pos)])
            self.frame([down(gesture.pos)])
            self.frame([up(gesture.pos)])
        elif isinstance(gesture, Drag):
            (x0, y0), (x1, y1) = gesture.start, gesture.end
            self.frame([motion(gesture.start), down(gesture.start)])
            for i in range(1, DRAG_STEPS + 1):
                t = i / DRAG_STEPS
                self.frame([motion((round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t)), (1, 0, 0))])
            self.frame([up(gesture.end)])
        else:
            self.frame([key(gesture.key)])

    def end_turn(self) -> None:
        """End turn: its button, the E key, or Enter (the only thing left to do)."""
        how = self.rng.choice(("button", "e", "enter"))
        buttons = self.table.status_widgets()  # End turn is all there is to do: the status bar's one button
        if how == "button" and buttons:
            self.frame([motion(buttons[-1].rect.center)])
            self.frame([down(buttons[-1].rect.center), up(buttons[-1].rect.center)])
        else:
            self.frame([key(pygame.K_e if how == "e" else pygame.K_RETURN)])
        if len(self.people) > 1 and not self.table.ending_turn():
            self.entitled = None  # the turn is over: the screen is nobody's until the next hand-over

    def confirm_hand_over(self, scene: HandOverScene) -> None:
        button = scene.widgets.widgets[0].rect.center  # its one button ("show my board")
        before, self.entitled = self.entitled, scene.seat  # the person named sits down and confirms
        if self.rng.random() < 0.5:
            self.frame([motion(button)])
            self.frame([down(button), up(button)])
        else:
            self.frame([key(pygame.K_RETURN)])
        if scene in self.app.scenes.scenes:
            self.entitled = before
        else:
            self.hand_overs += 1

    def answer(self, dialog: Dialog) -> None:
        """A question asked while playing (pass your actions?): yes, its first button."""
        first = next(w for w in dialog.widgets.widgets if isinstance(w, Button))
        self.frame([motion(first.rect.center)])
        self.frame([down(first.rect.center), up(first.rect.center)])

    def click_button(self, label: str) -> bool:
        """A click on the top scene's button labelled `label` (False: it has none)."""
        top = self.app.scenes.top
        widgets = getattr(top, "widgets", None)
        button = next((w for w in widgets.widgets if isinstance(w, Button) and w.label == label and w.enabled),
                      None) if widgets is not None else None
        if button is None:
            return False
        self.frame([motion(button.rect.center)])
        self.frame([down(button.rect.center), up(button.rect.center)])
        return True

    # -- interruptions -------------------------------------------------------------------------------------------

    def chance(self, p: float) -> bool:
        return self.rng.random() < p * self.habits.busy

    def noted(self, what: str) -> None:
        self.report.interruptions[what] = self.report.interruptions.get(what, 0) + 1

    def hover(self) -> list[pygame.event.Event]:
        w, h = self.app.surface.get_size()
        return [motion((self.rng.randrange(w), self.rng.randrange(h)))]

    def while_waiting(self) -> list[pygame.event.Event]:
        """A frame while a move animates or a computer plays: a look around, now and then more."""
        if self.chance(0.001):
            self.noted("rules")
            self.frame([key(pygame.K_F1)])
            for _ in range(self.rng.randrange(2, 20)):
                self.frame(self.hover())
            return [key(pygame.K_ESCAPE)]
        if self.chance(0.001):
            self.noted("log")
            return [key(pygame.K_l)]
        if self.chance(0.001):
            self.noted("menu")
            self.frame([key(pygame.K_ESCAPE)])
            self.frame(self.hover())
            return [key(pygame.K_ESCAPE)] if isinstance(self.app.scenes.top, PauseMenu) else []
        if self.chance(0.0005):
            self.noted("settings")
            self.change_speed()
            return []
        if self.chance(0.0005):
            self.noted("resize")
            return [self.resize()]
        if self.chance(0.005):
            self.noted("click while waiting")
            w, h = self.app.surface.get_size()
            pos = (self.rng.randrange(w), self.rng.randrange(h))
            self.frame([motion(pos), down(pos)])
            return [up(pos)]
        return self.hover() if self.chance(0.3) else []

    def interrupt_at_decision(self) -> None:
        """Before a move: a hint asked, the last step taken back, the log or the window changed."""
        if self.chance(0.03):
            self.noted("hint")
            self.frame([key(pygame.K_h)])
        if self.chance(0.03) and self.table.undo_target() is not None:
            self.noted("undo")
            self.frame([key(pygame.K_z, pygame.KMOD_CTRL)])
        if self.chance(0.01):
            self.noted("resize")
            self.frame([self.resize()])

    def cancel(self) -> None:
        """A half-made choice cancelled (Esc or a right-click), to be made again."""
        self.noted("cancel")
        if self.rng.random() < 0.5:
            self.frame([key(pygame.K_ESCAPE)])
        else:
            w, h = self.app.surface.get_size()
            pos = (self.rng.randrange(w), self.rng.randrange(h))
            self.frame([motion(pos), down(pos, button=3)])
            self.frame([up(pos, button=3)])

    def resize(self) -> pygame.event.Event:
        size = (self.rng.randrange(MIN_WINDOW[0], 2000), self.rng.randrange(MIN_WINDOW[1], 1200))
        return pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])

    def open_menu(self) -> None:
        """The table's Menu button (or Esc: the first may only put back a card in hand, as it should)."""
        if self.rng.random() < 0.5:
            self.click_button(tr("table.menu"))
        for _ in range(3):
            if isinstance(self.app.scenes.top, PauseMenu):
                return
            self.frame([key(pygame.K_ESCAPE)])
        raise Stuck(self.where("neither the Menu button nor Esc opens the menu"))

    def change_speed(self) -> None:
        """The menu, Settings, the animation speed one step along (by its arrows), back to the table."""
        self.open_menu()
        self.click_button(tr("pause.settings"))
        scene = self.app.scenes.top
        if isinstance(scene, SettingsScene):
            choice = next(w for w in scene.widgets.widgets if isinstance(w, Choice)
                          and w.label == tr("settings.animation_speed"))
            before = choice.value
            # a step away from the speed the game started at, or back to it: most of the game plays at that one
            back = ANIMATION_SPEEDS.index(self.speed) - ANIMATION_SPEEDS.index(before)
            step = back if back else 1 if before != ANIMATION_SPEEDS[-1] else -1
            arrow = choice._arrows()[1 if step > 0 else 0]
            self.frame([motion(arrow.center)])
            self.frame([down(arrow.center), up(arrow.center)])
            assert self.app.ctx.settings.animation_speed != before, "the speed's arrow changed nothing"
            self.frame([key(pygame.K_ESCAPE)])
        self.frame([key(pygame.K_ESCAPE)])

    def maybe_quit(self, kind: str) -> bool:
        """Leave the game at a kind of pending decision not left at before, and continue it from the menu."""
        if not self.habits.quits or kind in self.quit_kinds:
            return False
        if self.table.controller.over:  # its last move animating: the game is in the history, not to continue
            return False
        self.quit_kinds.add(kind)
        self.report.quits.append(kind)
        self.open_menu()
        self.click_button(tr("pause.save_and_leave"))
        if not isinstance(self.app.scenes.top, MainMenu):
            raise Stuck(self.where("Save and leave did not lead to the main menu"))
        self.frame(self.hover())
        if len(self.people) > 1:
            self.entitled = None  # whoever sits down next confirms the hand-over first
        self.intent = None
        return True

    # -- every frame ---------------------------------------------------------------------------------------------

    def frame(self, events: Sequence[pygame.event.Event] = ()) -> None:
        self.app.frame(DT, list(events))
        self.report.frames += 1
        self.check_secrets()
        # The autosave's thread has written before the next frame, as it has long before a person's next one:
        # the table waits for it before a computer moves on, and a run must not depend on how fast a disk is.
        for scene in self.app.scenes.scenes:
            if isinstance(scene, TableScene) and scene.session is not None:
                scene.session.flush()

    def check_secrets(self) -> None:
        """Nothing of a seat's own shows unless that person confirmed the hand-over and has not ended their
        turn since; the board, its log and its hint are the viewer's the table was made for, and that is the
        controller's screen as soon as the table is idle (while the last action plays out, the person who made
        it is still looking)."""
        scenes = self.app.scenes.scenes
        table = next((s for s in scenes if isinstance(s, TableScene)), None)
        if table is None:
            return
        c = table.controller
        above = scenes[scenes.index(table) + 1:]
        if any(s.opaque for s in above):
            return  # the table is not drawn
        if c.screen != self.screen_seen and c.screen is not None and not self.private(c._state, c.screen):
            self.entitled = c.screen  # they sit down without a hand-over: nothing of theirs to hide from the last
        self.screen_seen = c.screen
        viewer = table.shown_screen
        if viewer != c.screen and table.choreo.idle and not above:
            raise Leak(self.where(f"the idle table shows seat {viewer}'s view, the screen is {c.screen}'s"))
        if viewer is not None and viewer != self.entitled and self.private(c._state, viewer):
            raise Leak(self.where(f"seat {viewer}'s private view shows; the person who may look is "
                                  f"{self.entitled}"))
        told = len(table.told)
        if (viewer, told) != self.told_checked:  # (what the log tells changes only now and then)
            self.told_checked = (viewer, told)
            if table.told != as_seen_by(c._events, viewer)[:told]:
                raise Leak(self.where(f"the log tells events seat {viewer} was not told"))
        shown = table.hints.shown
        if shown is not None and shown.seat != viewer:
            raise Leak(self.where(f"seat {shown.seat}'s hint shows on seat {viewer}'s screen"))

    @staticmethod
    def private(state: Any, seat: int) -> bool:
        own, public = state.view(seat).to_json(), state.view(None).to_json()
        own.pop("seat", None)
        public.pop("seat", None)
        return bool(own != public)

    # -- the end -------------------------------------------------------------------------------------------------

    def finish(self) -> None:
        c = self.table.controller
        if c.phase != Phase.SCORING:
            raise Stuck(self.where("the score sheet shows before the game is over"))
        state = c._state
        record = json.loads(json.dumps(self.game.record(state)))
        _, replayed = replay_record({self.game.id: self.game}, record)
        self.report.scores = [b.total for b in state.scores()]
        if [b.total for b in replayed.scores()] != self.report.scores or replayed.winners() != state.winners():
            raise AssertionError("the game's record replays to another result")
        self.report.moves = len(c.actions)

    def _crashed(self, exc: Exception, stage: str) -> None:
        raise AssertionError(self.where(f"{type(exc).__name__} in {stage}: {exc}")) from exc

    def where(self, what: str) -> str:
        """`what`, with where the game was, and a screenshot of it."""
        path = screenshot(self.app, f"{self.name}-failed")
        scenes = [type(s).__name__ for s in self.app.scenes.scenes]
        table = next((s for s in self.app.scenes.scenes if isinstance(s, TableScene)), None)
        c = table.controller if table is not None else None
        return (f"{what} (frame {self.report.frames}, scenes {scenes}, "
                f"{'' if c is None else f'{len(c.actions)} actions, phase {c.phase}, screen {c.screen}, '}"
                f"intent {self.intent}, manner {MANNERS[self.manner]}, last gestures {self.recent}; picture: {path})")


class _Warnings(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.seen.append(f"{record.name}: {record.getMessage()}")


def seats_of(people: int, players: int, level: str = "random") -> tuple[Seat, ...]:
    """`people` persons first, then computers playing `level`."""
    return tuple(Seat(NAMES[i]) if i < people else Seat(NAMES[i], COMPUTER, level) for i in range(players))
