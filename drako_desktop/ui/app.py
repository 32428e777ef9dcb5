"""The application: one window, the scene stack and the frame loop.

`App.run()` is the interactive loop: events, update, draw and flip, at most at
60 Hz and only when something changed. Between frames it sleeps until an event
comes or the scenes' `next_frame_in()` says a frame is due (an animation: every
frame; a toast or a tooltip: when it appears or goes; a still screen: never), so
an idle window costs next to nothing. Tests, the self-test and the UI benchmark
drive the same App one frame at a time with `frame(dt, events)` and a fixed dt,
under SDL's dummy video driver.
"""

from __future__ import annotations

import logging
import random
import sys
import time
import warnings
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any, Callable, Iterable

import pygame

from .. import i18n, resources
from ..ai import REMOTE, make_agent
from ..console import Failure
from ..controller.game import GameController, GameSetup, Seat
from ..controller.hint import HINT_DEPTH
from ..controller.review import DEFAULT_DEPTH
from ..controller.runner import derive_seed
from ..controller.worker import AgentProcess, AgentProcessError
from ..interface.game import Agent, EngineError, Game
from ..interface.registry import Library
from ..logsetup import current_log
from ..settings import MAX_WINDOW, MIN_WINDOW, Settings
from .art import Art
from .fonts import Fonts
from .game_ui import GameScreens
from .scenes.base import SceneStack
from .sound import Sounds
from .text import Text
from .theme import Theme

if TYPE_CHECKING:
    from ..net.client import NetClient
    from ..net.invitation import Invitation
    from ..net.table import Table
    from ..saves import SavedGame
    from .hosted import HostingPlace
    from .scenes.base import Scene

log = logging.getLogger(__name__)
FPS = 60
MAX_STEP = 0.1  # an animation never jumps by more than this in one frame (after a hitch it slows instead)
# While idle the loop looks for events this often: input is answered as quickly as at 60 frames a second,
# for a fraction of what drawing costs (SDL's own wait polls every millisecond, which costs more).
EVENT_POLL = 1 / FPS
TIMER_SLACK = 0.002
# Computer opponents think in a worker thread; a shorter switch interval than the
# default 5 ms lets the frame loop take the GIL back quickly while they do.
SWITCH_INTERVAL = 0.001
CRASH_LOOP = 5  # frames in a row that fail even after the crash dialog: give up and quit
_SIZE_EVENTS = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED)


@dataclass
class AppContext:
    """The app's context (`context.Context`, as every screen sees it): the game on screen and its user interface,
    the settings, fonts, text, pictures, the window's theme and the sounds; the app changes them."""

    game: Game  # the game the menu and the table are about (its handle)
    settings: Settings
    fonts: Fonts
    text: Text
    art: Art
    theme: Theme
    sounds: Sounds
    game_ui: GameScreens = field(init=False)

    def __post_init__(self) -> None:
        self.game_ui = self.game.ui()

    def show_game(self, game: Game) -> None:
        """Make `game` the one on screen."""
        self.game = game
        self.game_ui = game.ui()


class App:
    def __init__(self, game: Game, settings: Settings, *, library: Library | None = None,
                 size: tuple[int, int] | None = None, persist: bool = True, threaded: bool = True) -> None:
        """The app showing `game` first; `library` holds every game it can open (saves name theirs)."""
        self.library = library if library is not None else Library()
        self.library.add(game)
        self.persist = persist
        self.threaded = threaded  # computer seats think in a worker thread (tests run them inline)
        self.quit_requested = False
        self.exit_code = 0
        # play --exit-at-end: nobody is there to answer a question or close a dialog. What would wait for them
        # ends the run instead (`fail`), and `failure` says why.
        self.unattended = False
        self.failure: Failure | None = None
        self.on_game_over: Callable[[GameController], None] | None = None  # play --exit-at-end
        # Computer seats when they think inline: (game, level, seed) -> agent (tests swap in quicker ones).
        self.agent_factory: Callable[[Game, str, int], Agent] = self._make_agent
        # The strongest level's effort (sampled games per decision) for a hint and for the review (tests lower it).
        self.hint_depth = HINT_DEPTH
        self.review_depth = DEFAULT_DEPTH
        self.told: set[str] = set()  # saves refused but left in place that the player was told about
        self.crashes: list[str] = []  # every error caught at the top level, as "Type: message"
        self._failing_frames = 0
        language = i18n.set_language(settings.language or i18n.detect_language())
        pygame.init()
        sys.setswitchinterval(SWITCH_INTERVAL)
        pygame.display.set_caption("Drako Desktop")
        # The title bar and task bar icon (before the window opens: some systems take it only then).
        pygame.display.set_icon(pygame.image.load(resources.app_icon()))
        self.windowed_size = _clamp(size or (settings.window_width, settings.window_height))
        self.fullscreen = settings.fullscreen and size is None
        self.surface = self._open_window()
        fonts = Fonts(language)
        text = Text(fonts)
        self.ctx = AppContext(game, settings, fonts, text, Art(), Theme(*self.surface.get_size()),
                              Sounds(settings.sound))
        self.scenes = SceneStack()
        # The loop's clock and sleep (tests run the loop on a clock of their own, without waiting).
        self.clock: Callable[[], float] = time.perf_counter
        self.sleep: Callable[[float], None] = time.sleep
        self.frames_drawn = 0  # frames the loop has drawn and shown
        self._last_frame: float | None = None  # when the loop drew its last frame
        # Events the loop took but has not shown yet when a `loop(seconds)` ran out: the next call starts with them
        # (a click that came in the last moment of one call is not lost to the next).
        self._unshown: list[pygame.event.Event] = []
        self._asked: float | None = 0.0  # what the scenes said after it (0: they animate)
        self._due: float | None = None  # when the next frame is due without an event (None: only on one)
        self._drawn_changes = -1  # the stack's changes the last frame showed
        self.changed: list[pygame.Rect] | None = None  # the regions of the window the last frame drew (None: all)
        self._opponents: AgentProcess | None = None  # the opponents' process of the last game played
        # Where a game with seats on other computers listens (None: the defaults; tests: loopback).
        self.hosting_place: HostingPlace | None = None

    # -- window ---------------------------------------------------------------------------

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            desktop = pygame.display.get_desktop_sizes()[0]
            surface = pygame.display.set_mode(desktop, pygame.FULLSCREEN)
        else:
            surface = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            try:
                with warnings.catch_warnings():  # pygame-ce prefers Window for drawing too; we only set a limit
                    warnings.simplefilter("ignore", DeprecationWarning)
                    pygame.Window.from_display_module().minimum_size = MIN_WINDOW
            except (AttributeError, pygame.error):  # no Window API: the resize handler clamps instead
                pass
        return surface

    def resize(self, size: tuple[int, int]) -> None:
        if self.fullscreen:
            return
        clamped = _clamp(size)
        self.windowed_size = clamped
        if clamped != self.surface.get_size():
            self.surface = pygame.display.set_mode(clamped, pygame.RESIZABLE)
        self._relayout()

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.surface = self._open_window()
        self.update_settings(fullscreen=self.fullscreen)
        self._relayout()

    def _relayout(self) -> None:
        surface = pygame.display.get_surface()
        assert surface is not None, "the window is open: only a window's change lays the app out again"
        self.surface = surface
        self.ctx.theme = Theme(*self.surface.get_size())
        self.scenes.relayout()

    # -- settings and language ---------------------------------------------------------------

    def update_settings(self, **changes) -> None:
        old = self.ctx.settings
        new = replace(old, **changes)
        self.ctx.settings = new
        self.ctx.sounds.enabled = new.sound
        if self.persist:
            try:
                new.save()
            except OSError:  # a read-only config folder: the change still holds for this session
                log.warning("could not save the settings", exc_info=True)
        if (new.bot_timeout, new.bot_command) != (old.bot_timeout, old.bot_command) and self._opponents is not None:
            self._opponents.close()  # the next game starts them again with the new time limit
            self._opponents = None
        if new.language != old.language:
            self.set_language(new.language or i18n.detect_language())

    def set_language(self, code: str) -> None:
        language = i18n.set_language(code)
        self.ctx.fonts = Fonts(language)
        self.ctx.text = Text(self.ctx.fonts)
        self.scenes.relayout()

    # -- computer opponents ---------------------------------------------------------------------

    def controller(self, setup: GameSetup, saved: SavedGame | None = None, practice: bool = False) -> GameController:
        """A turn controller for a new game on the table or the `saved` one (its actions, hints, and whether
        its last turn was ended), where people end their own turns. Its computer seats think in the
        opponents' process (started with the first game, kept for the next of the same game), unless the
        app runs them inline."""
        game = self.library[setup.game]
        resumed: dict[str, Any] = {} if saved is None else {
            "actions": saved.actions, "hints": saved.hints, "turn_ended": saved.turn_ended}
        if not self.threaded:
            return GameController(game, setup, threaded=False, people_end_turns=True, practice=practice,
                                  agent_factory=partial(self.agent_factory, game), **resumed)
        if all(seat.is_human for seat in setup.seats):
            return GameController(game, setup, practice=practice, people_end_turns=True, **resumed)
        return GameController(game, setup, agent_factory=self.opponents(game).factory, practice=practice,
                              people_end_turns=True, **resumed)

    def opponents(self, game: Game) -> AgentProcess:
        """The opponents' process of `game`: where its computer seats and the hints think (started when first
        needed, kept for the next game of the same game)."""
        opponents = self._opponents
        if opponents is not None and (opponents.game_id, opponents.folder) != (game.id, game.folder):
            opponents.close()
            opponents = None
        if opponents is None:
            settings = self.ctx.settings
            opponents = self._opponents = AgentProcess(game.id, game.folder, settings.bot_timeout, settings.bot_command)
        return opponents

    def _make_agent(self, game: Game, level: str, seed: int) -> Agent:
        settings = self.ctx.settings
        return make_agent(game, level, seed, bot_timeout=settings.bot_timeout, bot_command=settings.bot_command)

    def practice_for(self, setup: GameSetup) -> bool:
        """Whether a new game is a practice game: the setting is on and one person plays computers."""
        return self.ctx.settings.practice_undo and sum(seat.is_human for seat in setup.seats) == 1

    # -- where to go ------------------------------------------------------------------------------

    def main_menu(self) -> None:
        from .scenes.menu import MainMenu

        self.scenes.replace_all(MainMenu(self))

    def open_new_game(self) -> None:
        from .scenes.new_game import NewGameScene

        self.scenes.push(NewGameScene(self))

    def open_rules(self) -> None:
        self.scenes.push(self.ctx.game_ui.rules_scene(self))

    def open_join(self) -> None:
        from .scenes.join import JoinScene

        self.scenes.push(JoinScene(self))

    def join_table(self, invitation: "Invitation", client: "NetClient", welcome: dict[str, Any],
                   arrived: list[dict[str, Any]]) -> "Scene | None":
        """The table of a seat joined on another computer's game, once its host welcomed it (None: the welcome
        names no table of this game that can be shown)."""
        from ..net.recent import remember
        from .joined import JoinedGame
        from .table import TableScene

        game = self.library[invitation.game]
        try:
            joined = JoinedGame(game, invitation, client, welcome, arrived)
        except (ValueError, KeyError, TypeError, AttributeError, EngineError) as exc:
            log.warning("the host's welcome cannot be shown: %s", exc)
            client.close()
            return None
        remember(invitation)
        self.show_game(game.id)
        return self.scenes.replace_all(TableScene(self, joined.controller.setup, self.ctx.game_ui.board,
                                                  controller=joined.controller, joined=joined, autosave=False,
                                                  offers_hints=False))

    def open_lesson(self) -> None:
        """Learn to play the game on screen: its lesson, started or resumed."""
        self.ctx.game_ui.open_lesson(self)

    def open_settings(self) -> None:
        from .scenes.settings import SettingsScene

        self.scenes.push(SettingsScene(self))

    def open_about(self) -> None:
        from .scenes.about import AboutScene

        self.scenes.push(AboutScene(self))

    def open_load(self, history: bool = False) -> None:
        from .scenes.load import LoadScene

        self.scenes.push(LoadScene(self, history=history))

    def open_statistics(self) -> None:
        from .scenes.statistics import StatisticsScene

        self.scenes.push(StatisticsScene(self))

    def show_game(self, game_id: str) -> None:
        """Make this game the one the menu, the rules and the table are about."""
        if self.ctx.game.id != game_id:
            self.ctx.show_game(self.library[game_id])

    def table(self, setup: GameSetup, saved: "SavedGame | None" = None, review: bool = False) -> "Scene":
        """The table of a new game (`setup`), of a saved one where it was left, or of a finished one to look at
        (`review`), with the game's board. A game with seats played from other computers is hosted (a saved one
        with its old invitations: TableFileError when they cannot be used any more)."""
        from .table import TableScene

        if review or not any(seat.level == REMOTE for seat in setup.seats):
            return TableScene(self, setup, self.ctx.game_ui.board, saved=saved, review=review)
        from ..saves import start_game
        from .hosted import HostedTable, HostingPlace  # the network's libraries load with the first hosted game

        game = self.library[setup.game]
        make_controller = partial(self._hosted_controller, setup, saved)
        if saved is None:
            hosted = HostedTable.new(game, start_game(setup), self.hosting_place or HostingPlace(), make_controller)
        else:
            hosted = HostedTable.reopened(game, saved, make_controller)
        hosted.start()
        return TableScene(self, setup, self.ctx.game_ui.board, saved=hosted.saved, controller=hosted.controller,
                          hosted=hosted)

    def _hosted_controller(self, setup: GameSetup, saved: "SavedGame | None", table: "Table") -> GameController:
        """The controller of a hosted game: its remote seats wait for their clients in the worker thread (never on
        the frame loop, even in a test's app), its computers are the app's; no practice undo against people."""
        game = self.library[setup.game]
        computers = any(not seat.is_human and seat.level != REMOTE for seat in setup.seats)
        factory = self.opponents(game).factory if self.threaded and computers else partial(self.agent_factory, game)

        def seat_agent(i: int, seat: Seat) -> Agent:
            return table.remote_seat(i) if seat.level == REMOTE else factory(seat.level,
                                                                             derive_seed(setup.seed, "seat", i))

        resumed: dict[str, Any] = {} if saved is None else {
            "actions": saved.actions, "hints": saved.hints, "turn_ended": saved.turn_ended}
        return GameController(game, setup, people_end_turns=True, seat_agents=seat_agent, **resumed)

    def start_game(self, setup: GameSetup) -> "Scene":
        self.show_game(setup.game)
        return self.scenes.replace_all(self.table(setup))

    def resume_game(self, saved: "SavedGame", take_over: bool = False, read_only: bool = False) -> "Scene | None":
        """An unfinished saved game, straight onto the table where it was left, as the file is now.

        A game another running copy of the app has open is not opened without asking: the player may
        open it `read_only` here (nothing is saved) or `take_over` it (the other copy stops saving it)."""
        from ..saves import SaveError, SaveLock, read, save_path

        claim = SaveLock(save_path(saved))
        if not (take_over or read_only):
            try:  # claimed first, then decided: a copy started a moment later finds the claim, never the game too
                holder = claim.claim()
            except OSError as exc:  # no lock can be written there: the table's saving does without one
                log.warning("could not lock the save %s: %s", save_path(saved), exc)
                holder = None
            if holder is not None:
                self.ask_open_elsewhere(saved, holder)
                return None
        try:
            if saved.path is not None:  # another copy may have played on since the list was made
                try:
                    saved, _ = read(saved.path, self.library)
                except SaveError as exc:
                    self.notify(i18n.tr("load.cannot_open_title"), str(exc.message))
                    return None
                if saved.finished:
                    return self.review_game(saved)
            table = self._table_for(saved, review=read_only)
            return self.scenes.replace_all(table) if table is not None else None
        finally:
            claim.release()  # the table's writer holds a claim of its own now (or the game did not open)

    def ask_open_elsewhere(self, saved: "SavedGame", holder: Any) -> None:
        """The game is open in another copy of the app: read-only here, take it over, or leave it (unattended,
        nobody can answer: the run ends)."""
        from .scenes.dialogs import Dialog

        if self.unattended:
            self.fail(Failure(f"{saved.path}: the game is open in another copy of Drako Desktop (process "
                              f"{holder.pid} on {holder.host}, since {holder.since})", status=2))
            return

        def read_only() -> None:
            self.scenes.remove(dialog)
            self.resume_game(saved, read_only=True)

        def take_over() -> None:
            self.scenes.remove(dialog)
            self.resume_game(saved, take_over=True)

        def cancel() -> None:
            self.scenes.remove(dialog)

        dialog = Dialog(self, i18n.tr("load.open_elsewhere_title"),
                        i18n.tr("load.open_elsewhere", pid=holder.pid, host=holder.host, since=holder.since),
                        [(i18n.tr("load.read_only"), read_only, "normal"),
                         (i18n.tr("load.take_over"), take_over, "normal"),
                         (i18n.tr("dialog.cancel"), cancel, "primary")], on_escape=cancel, default=2)
        self.scenes.push(dialog)

    def review_game(self, saved: "SavedGame") -> "Scene | None":
        """A finished game: its final table and score sheet, over the screen it was opened from."""
        table = self._table_for(saved, review=True)
        return self.scenes.push(table) if table is not None else None

    def open_review(self, saved: "SavedGame", seat: int | None = None) -> "Scene | None":
        """The post-game review of a finished game (for `seat`, default its first person), over this screen;
        a game without a level strong enough to review with says so instead."""
        from .scenes.review import ReviewScene

        game = self.library[saved.setup.game]
        if game.analyst(0, 1) is None:
            self.notify(i18n.tr("play_better.review.button"),
                        i18n.tr("play_better.review.unavailable", game=game.ui().title()))
            return None
        self.show_game(game.id)
        return self.scenes.push(ReviewScene(self, game, saved, seat))

    def open_viewer(self, saved: "SavedGame", start: int | None = None) -> "Scene":
        """The game viewer of a finished game or a record (from move `start`, default the last), over this screen."""
        from .scenes.viewer import ViewerScene

        game = self.library[saved.setup.game]
        self.show_game(game.id)
        return self.scenes.push(ViewerScene(self, game, saved.setup, saved.actions, start=start))

    def _table_for(self, saved: "SavedGame", review: bool = False) -> "Scene | None":
        """The table of a saved game (`review`: shown, and played on if unfinished, without saving)."""
        from ..ai import EXTERNAL, AgentSpecError
        from ..net.hosting import TableFileError

        if not self.ctx.settings.bot_command.strip() and any(s.level == EXTERNAL for s in saved.setup.seats):
            self.notify(i18n.tr("load.cannot_open_title"), i18n.tr("load.no_bot"))
            return None
        try:
            self.show_game(saved.setup.game)
            return self.table(saved.setup, saved=saved, review=review)
        except (AgentSpecError, AgentProcessError, TableFileError) as exc:  # the bot or the invitations are gone
            log.warning("cannot open the saved game %s: %s", saved.game_id, exc)
            self.notify(i18n.tr("load.cannot_open_title"), i18n.tr("load.cannot_open", error=str(exc)))
            return None

    def continue_game(self) -> None:
        """Main menu, Continue: the most recent unfinished game, or why there is none to continue."""
        from ..saves import latest_unfinished

        game, listing = latest_unfinished(self.library)
        if self.notify_unusable_saves(listing.problems, listing.kept):
            self.scenes.relayout()  # the newest save was unusable: said, and the menu offers what is left
        elif game is not None:
            self.resume_game(game)
        else:
            self.scenes.relayout()
            self.notify(i18n.tr("load.nothing_title"), i18n.tr("load.nothing"))

    def notify_unusable_saves(self, problems: list[i18n.Message], kept: list[i18n.Message]) -> bool:
        """Say which saves were set aside (`problems`) and which were refused but left in place (`kept`:
        each once per run, as it stays there); False if there was nothing new to say."""
        untold = [m for m in kept if m.values["file"] not in self.told]
        self.told.update(m.values["file"] for m in untold)
        if not problems and not untold:
            return False
        self.notify(i18n.tr("load.broken_title"), i18n.tr("load.broken", count=len(problems) + len(untold)),
                    detail="\n".join(map(str, problems + untold)))
        return True

    def notify(self, title: str, message: str, detail: str = "") -> None:
        """A notice over whatever is showing, with one button that closes it. It waits for the player
        without stopping the game beneath it (computer players play on)."""
        from .scenes.dialogs import Dialog

        def close() -> None:
            self.scenes.remove(dialog)

        dialog = Dialog(self, title, message, [(i18n.tr("dialog.ok"), close, "primary")], detail=detail,
                        on_escape=close, notice=True)
        self.scenes.push(dialog)

    def rematch(self, setup: GameSetup) -> None:
        """The same seats again, with a new seed."""
        self.start_game(replace(setup, seed=random.randrange(2**31), seed_chosen=False))

    def current_session(self) -> Any:
        """The saving of the game on the table (`session.GameSession`), if a game is on it and saved."""
        for scene in reversed(self.scenes.scenes):
            session = getattr(scene, "session", None)
            if session is not None:
                return session
        return None

    def current_save_path(self) -> Any:
        """Where the game on the table is saved, if a game is on the table and saved."""
        session = self.current_session()
        return session.saved_path() if session is not None else None

    def show_error(self, message: str) -> None:
        from .scenes.overlay import MessageBox

        self.scenes.push(MessageBox(self, i18n.tr("errors.title"), message, i18n.tr("errors.back_to_menu"),
                                    self.main_menu))

    # -- the loop ------------------------------------------------------------------------------

    def process(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
        elif event.type == pygame.WINDOWSIZECHANGED:
            self.resize((event.x, event.y))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif event.type == pygame.WINDOWEXPOSED:  # shown again after being covered: show all of it anew
            self.scenes.forget_shown()
        else:
            self.scenes.handle(event)

    def frame(self, dt: float, events: Iterable[pygame.event.Event] = ()) -> None:
        """One frame: events, update by dt, draw (no flip, no waiting).

        An error escaping a scene never ends the game: it is logged with the save's path and a
        dialog offers the way back to the menu (the autosave was written before it happened)."""
        failed = False
        events = list(events)
        # Only a frame's last new window size is laid out: while a window's edge is dragged, sizes come faster
        # than the app lays itself out (a tenth of a second at 2560 x 1440), and each would wait for the others.
        last_size = next((e for e in reversed(events) if e.type in _SIZE_EVENTS), None)
        for event in events:
            if event.type not in _SIZE_EVENTS or event is last_size:
                failed |= self._guarded("event", self.process, event)
        failed |= self._guarded("update", self.scenes.update, dt)
        failed |= self._guarded("draw", self._draw)
        self._failing_frames = self._failing_frames + 1 if failed else 0

    def _draw(self) -> None:
        self.changed = None  # until drawn: a frame that fails half way is shown whole
        self.changed = self.scenes.draw(self.surface)

    def _guarded(self, stage: str, step: Callable, *args) -> bool:
        try:
            step(*args)
            return False
        except Exception as exc:  # the top level: whatever a scene lets escape
            self.crashed(exc, stage)
            return True

    def crashed(self, exc: Exception, stage: str) -> None:
        from .scenes.dialogs import CrashDialog

        top = self.scenes.top
        try:
            path = self.current_save_path()
        except Exception:  # the table itself may be what broke
            path = None
        log.error("unexpected error in %s of %s; the game in progress is saved at: %s", stage,
                  type(top).__name__ if top else "no scene", path or "(no game saved)", exc_info=exc)
        self.crashes.append(f"{type(exc).__name__}: {exc}")
        if self.unattended:  # no one to click the way on: the run ends, saying why
            self.fail(Failure(f"unexpected error: {type(exc).__name__}: {exc} (the log has the details: "
                              f"{current_log() or 'no log file'})"))
            return
        if self._failing_frames >= CRASH_LOOP:
            log.critical("the game keeps failing; quitting")
            self.quit(1)
            return
        if isinstance(top, CrashDialog):  # the dialog itself failed: start again from the menu
            self.reset_to_menu()
            return
        self.scenes.push(CrashDialog(self, exc, path))

    def reset_to_menu(self) -> None:
        """Leave every scene (whatever they raise on the way) and open the main menu."""
        while self.scenes.top is not None:
            scene = self.scenes.scenes.pop()
            try:
                scene.leave()
            except Exception:
                log.exception("error while leaving %s", type(scene).__name__)
        self.main_menu()

    def run(self) -> int:
        """The interactive loop, from whatever scene was opened first, until Quit."""
        self.loop()
        self.close()
        return self.exit_code

    def loop(self, seconds: float | None = None) -> None:
        """Draw and show a frame when an event comes, the scenes ask for one or the stack changed (at most FPS
        a second), else sleep; until Quit (or for `seconds`: drako-desktop bench-idle, the tests, which may call
        it again to go on where it stopped).

        Time spent idle reaches the scenes as one update before the events that end it, so timers (a
        tooltip's delay, a toast) count it, and an animation an event starts begins from its first frame."""
        start = self.clock()
        if self._last_frame is None:
            self._last_frame = start - 1 / FPS
        events, self._unshown = self._unshown, []
        while not self.quit_requested and self.scenes.top is not None:
            now = self.clock()
            if seconds is not None and now - start >= seconds:
                self._unshown = events
                return
            due = self._due if self.scenes.changes == self._drawn_changes else self._last_frame
            ready = self._last_frame + 1 / FPS if events else due
            if ready is None or now < ready:
                self.sleep(EVENT_POLL if ready is None else min(EVENT_POLL, ready - now))
                events += pygame.event.get()
                continue
            elapsed, self._last_frame = now - self._last_frame, now
            if self._asked != 0 and elapsed > 1 / FPS:  # idle until now: the scenes catch up first
                self._guarded("update", self.scenes.update, elapsed - 1 / FPS)
                elapsed = 1 / FPS
            self.frame(min(MAX_STEP, elapsed), events)
            if self.changed is None:
                pygame.display.flip()
            else:  # only what changed goes to the screen (a 4K window whole is 33 MB a frame)
                pygame.display.update(self.changed)
            self.frames_drawn += 1
            self._drawn_changes = self.scenes.changes
            events = []
            self._asked = self._asked_frame_in()
            if self._asked is None:
                self._due = None
            else:  # a timer's frame comes a little late rather than a hair early (its sums of dt round)
                self._due = max(now + 1 / FPS, self.clock() + self._asked + (TIMER_SLACK if self._asked else 0))

    def _asked_frame_in(self) -> float | None:
        try:
            return self.scenes.next_frame_in()
        except Exception as exc:  # a scene that cannot say: draw it every frame, as before
            self.crashed(exc, "next_frame_in")
            return 0.0

    def quit(self, code: int = 0) -> None:
        self.quit_requested = True
        self.exit_code = code

    def fail(self, failure: Failure) -> None:
        """An unattended run cannot go on as it should: it quits, and `failure` is for the command to tell
        (the first one: what came of it after is no news)."""
        log.error("unattended run ends: %s", failure)
        if self.failure is None:
            self.failure = failure
        self.quit(failure.status)

    def close(self) -> None:
        while self.scenes.top is not None:
            self.scenes.pop()
        if self._opponents is not None:
            self._opponents.close()
            self._opponents = None
        if self.persist and not self.fullscreen and self.windowed_size != (
                self.ctx.settings.window_width, self.ctx.settings.window_height):
            self.update_settings(window_width=self.windowed_size[0], window_height=self.windowed_size[1])
        self.ctx.sounds.close()
        pygame.quit()


def _clamp(size: tuple[int, int]) -> tuple[int, int]:
    return (max(MIN_WINDOW[0], min(MAX_WINDOW[0], size[0])), max(MIN_WINDOW[1], min(MAX_WINDOW[1], size[1])))

