"""The application: one window, the scene stack and the frame loop.

`App.run()` is the interactive loop (events, update, draw, flip at 60 Hz).
Tests, the self-test and the UI benchmark drive the same App one frame at a
time with `frame(dt, events)` and a fixed dt, under SDL's dummy video driver.
"""

from __future__ import annotations

import logging
import random
import sys
import warnings
from dataclasses import replace
from typing import TYPE_CHECKING, Callable, Iterable

import pygame

from .. import i18n
from ..controller.game import GameController, GameSetup
from ..controller.worker import AgentProcess
from ..engine import Rules
from ..settings import MAX_WINDOW, MIN_WINDOW, Settings
from .art import CardArt
from .context import Context
from .fonts import Fonts
from .scenes.base import SceneStack
from .text import Text
from .theme import Theme

if TYPE_CHECKING:
    from .scenes.table import TableScene

log = logging.getLogger(__name__)
FPS = 60
# Computer opponents think in a worker thread; a shorter switch interval than the
# default 5 ms lets the frame loop take the GIL back quickly while they do.
SWITCH_INTERVAL = 0.001


class App:
    def __init__(self, rules: Rules, settings: Settings, *, size: tuple[int, int] | None = None,
                 settings_note: str | None = None, persist: bool = True, threaded: bool = True) -> None:
        self.persist = persist
        self.threaded = threaded  # computer seats think in a worker thread (tests run them inline)
        self.quit_requested = False
        self.exit_code = 0
        self.on_game_over: Callable[[object], None] | None = None  # play --exit-at-end
        language = i18n.set_language(settings.language or i18n.detect_language())
        pygame.init()
        sys.setswitchinterval(SWITCH_INTERVAL)
        pygame.display.set_caption("Drako Desktop")
        self.windowed_size = _clamp(size or (settings.window_width, settings.window_height))
        self.fullscreen = settings.fullscreen and size is None
        self.surface = self._open_window()
        fonts = Fonts(language)
        text = Text(fonts)
        self.ctx = Context(rules, settings, fonts, text, CardArt(rules.cards, text), Theme(*self.surface.get_size()),
                           settings_note)
        self.scenes = SceneStack()
        self.clock = pygame.time.Clock()
        self._opponents: AgentProcess | None = None

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
        self.surface = pygame.display.get_surface()
        self.ctx.theme = Theme(*self.surface.get_size())
        self.scenes.relayout()

    # -- settings and language ---------------------------------------------------------------

    def update_settings(self, **changes) -> None:
        old = self.ctx.settings
        new = replace(old, **changes)
        self.ctx.settings = new
        if self.persist:
            try:
                new.save()
            except OSError:  # a read-only config folder: the change still holds for this session
                log.warning("could not save the settings", exc_info=True)
        if new.bot_timeout != old.bot_timeout and self._opponents is not None:
            self._opponents.close()  # the next game starts them again with the new time limit
            self._opponents = None
        if new.language != old.language:
            self.set_language(new.language or i18n.detect_language())

    def set_language(self, code: str) -> None:
        language = i18n.set_language(code)
        self.ctx.fonts = Fonts(language)
        self.ctx.text = Text(self.ctx.fonts)
        self.ctx.art = CardArt(self.ctx.rules.cards, self.ctx.text)
        self.scenes.relayout()

    # -- computer opponents ---------------------------------------------------------------------

    def controller(self, setup: GameSetup, actions=()) -> GameController:
        """A turn controller for a game on the table. Its computer seats think in the opponents'
        process (started with the first game, kept for the next), unless the app runs them inline."""
        if not self.threaded:
            return GameController(self.ctx.rules, setup, actions=actions, threaded=False)
        if all(seat.is_human for seat in setup.seats):
            return GameController(self.ctx.rules, setup, actions=actions)
        if self._opponents is None:
            self._opponents = AgentProcess(self.ctx.rules.cards.folder, self.ctx.settings.bot_timeout)
        return GameController(self.ctx.rules, setup, actions=actions, agent_factory=self._opponents.factory)

    # -- where to go ------------------------------------------------------------------------------

    def main_menu(self) -> None:
        from .scenes.menu import MainMenu

        self.scenes.replace_all(MainMenu(self))

    def open_new_game(self) -> None:
        from .scenes.new_game import NewGameScene

        self.scenes.push(NewGameScene(self))

    def open_rules(self) -> None:
        from .scenes.rules import RulesScene

        self.scenes.push(RulesScene(self))

    def open_settings(self) -> None:
        from .scenes.settings import SettingsScene

        self.scenes.push(SettingsScene(self))

    def open_about(self) -> None:
        from .scenes.about import AboutScene

        self.scenes.push(AboutScene(self))

    def start_game(self, setup: GameSetup) -> "TableScene":
        from .scenes.table import TableScene

        return self.scenes.replace_all(TableScene(self, setup))

    def rematch(self, setup: GameSetup) -> None:
        """The same seats again, with a new seed."""
        self.start_game(replace(setup, seed=random.randrange(2**31)))

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
        else:
            self.scenes.handle(event)

    def frame(self, dt: float, events: Iterable[pygame.event.Event] = ()) -> None:
        """One frame: events, update by dt, draw (no flip, no waiting)."""
        for event in events:
            self.process(event)
        self.scenes.update(dt)
        self.scenes.draw(self.surface)

    def run(self) -> int:
        """The interactive loop, from whatever scene was opened first, until Quit."""
        self.clock.tick(FPS)
        while not self.quit_requested and self.scenes.top is not None:
            dt = min(0.1, self.clock.tick(FPS) / 1000)
            self.frame(dt, pygame.event.get())
            pygame.display.flip()
        self.close()
        return self.exit_code

    def quit(self, code: int = 0) -> None:
        self.quit_requested = True
        self.exit_code = code

    def close(self) -> None:
        while self.scenes.top is not None:
            self.scenes.pop()
        if self._opponents is not None:
            self._opponents.close()
            self._opponents = None
        if self.persist and not self.fullscreen and self.windowed_size != (
                self.ctx.settings.window_width, self.ctx.settings.window_height):
            self.update_settings(window_width=self.windowed_size[0], window_height=self.windowed_size[1])
        pygame.quit()


def _clamp(size: tuple[int, int]) -> tuple[int, int]:
    return (max(MIN_WINDOW[0], min(MAX_WINDOW[0], size[0])), max(MIN_WINDOW[1], min(MAX_WINDOW[1], size[1])))

