"""The monkey: 60,000 random input events through the real App (half at the normal animation speed, half at
the fast one), across every scene, must break nothing.

Random mouse motion, clicks with any button, drags, wheel turns, keys (arrows,
Enter, Esc, Tab, F11, letters, digits, Backspace, Delete, page keys), typed
text, window resizes to random sizes of at least 1280 x 720, focus lost and
gained, and Quit, go through `App.frame` (the same path as the real event
loop) at a fixed dt, several per frame. Computer opponents play (inline, all
at the quickest level: the monkey tests the program, not the opponents), and a
person who waits too long plays a random legal move, so games go on to their
end. A director moves on to the next scene now and then so that every scene
gets its share: main menu, new game, tables (people and computers, computers
only), the in-game menu, rules, settings, about, load and history, statistics,
score sheet and dialogs.

Checked: no exception escapes (the top-level crash handler is turned into a
test failure), the engine's state stays valid (every card accounted for; the
controller's actions replay to its state; the table shows what the engine
holds), settings written during the run are valid, no save was broken. The
run is seeded and reproducible, and writes only in the test's own folder.
"""

from __future__ import annotations

import collections
import os
import random
import time
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

import pygame
import pytest

from drako_desktop import saves
from drako_desktop.ai import make_agent
from drako_desktop.controller.game import COMPUTER, GameSetup, Phase, Seat
from drako_desktop.games.aetherya_pocket.engine import GameState
from drako_desktop.games.aetherya_pocket.ui.board import AetheryaBoard
from drako_desktop.games.aetherya_pocket.ui.rules_scene import RulesScene
from drako_desktop.settings import Settings
from drako_desktop.ui.scenes.about import AboutScene
from drako_desktop.ui.scenes.dialogs import Dialog
from drako_desktop.ui.scenes.load import LoadScene
from drako_desktop.ui.scenes.menu import MainMenu
from drako_desktop.ui.scenes.new_game import NewGameScene
from drako_desktop.ui.scenes.overlay import PauseMenu
from drako_desktop.ui.scenes.scores import ScoreSheet
from drako_desktop.ui.scenes.settings import SettingsScene
from drako_desktop.ui.scenes.statistics import StatisticsScene
from drako_desktop.ui.table import TableScene
from ui_support import DT, make_app

EVENTS = int(os.environ.get("MONKEY_EVENTS", 60_000))
PER_FRAME = 20
SEED = 1234
SCENE_FRAMES = 80  # the director moves on after this many frames in one place (each half: every place)
PATIENCE = 90  # frames a person's decision may wait before a random legal move is played for them
KEYS = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT] * 4 + [
    pygame.K_RETURN, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_TAB,
    pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END,
    pygame.K_F1, pygame.K_F11, pygame.K_l, pygame.K_h, pygame.K_a, pygame.K_z, pygame.K_q, pygame.K_0, pygame.K_7,
]
TEXT = "abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789-_.,:;!?éüß你好龍"


class Monkey:
    def __init__(self, app, rng: random.Random) -> None:
        self.app, self.rng = app, rng
        self.sent = collections.Counter()
        self.held = False  # a mouse button is down (a drag may be going on)

    def pos(self) -> tuple[int, int]:
        w, h = self.app.surface.get_size()
        return self.rng.randrange(w), self.rng.randrange(h)

    def events(self, n: int) -> list[pygame.event.Event]:
        out: list[pygame.event.Event] = []
        while len(out) < n:
            out.extend(self.one())
        return out

    def one(self) -> list[pygame.event.Event]:
        r, rng = self.rng.random(), self.rng
        if r < 0.30:
            kind, events = "motion", [pygame.event.Event(pygame.MOUSEMOTION, pos=self.pos(), rel=(0, 0),
                                                         buttons=(1, 0, 0) if self.held else (0, 0, 0))]
        elif r < 0.50:
            button = rng.choice((1, 1, 1, 1, 3, 2, 4, 5))
            pos = self.pos()
            kind, events = "click", [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                                     pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                                     pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]
        elif r < 0.56:
            start, end = self.pos(), self.pos()
            steps = rng.randint(2, 6)
            path = [(start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
                    for i in range(1, steps + 1)]
            kind, events = "drag", [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)] + [
                pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)) for p in path] + [
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)]
        elif r < 0.59:
            self.held = not self.held  # a press or a release on its own (drags the frames between)
            kind = "press" if self.held else "release"
            events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN if self.held else pygame.MOUSEBUTTONUP,
                                         pos=self.pos(), button=1)]
        elif r < 0.63:
            kind, events = "wheel", [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 2)),
                                                        flipped=False, precise_x=0.0, precise_y=0.0)]
        elif r < 0.90:
            key = rng.choice(KEYS)
            if key == pygame.K_F11 and rng.random() < 0.9:
                key = pygame.K_RETURN  # F11 rebuilds the window: as rare as resizes
            elif key in (pygame.K_F1, pygame.K_h) and rng.random() < 0.7:
                key = pygame.K_ESCAPE  # the rules open at once and close only with Esc or Back: keep a balance
            mod = pygame.KMOD_SHIFT if rng.random() < 0.1 else 0
            kind, events = "key", [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
                                   pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)]
        elif r < 0.95:
            text = "".join(rng.choice(TEXT) for _ in range(rng.randint(1, 4)))
            kind, events = "text", [pygame.event.Event(pygame.TEXTINPUT, text=text)]
        elif r < 0.9992:
            kind = "focus"
            events = [pygame.event.Event(rng.choice((pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED,
                                                     pygame.WINDOWENTER, pygame.WINDOWLEAVE)))]
        elif r < 0.9995:
            size = (rng.randint(1280, 2560), rng.randint(720, 1440))
            kind = "resize"
            events = [rng.choice((pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]),
                                  pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])))]
        else:
            kind, events = "quit", [pygame.event.Event(pygame.QUIT)]
        self.sent[kind] += len(events)
        return events


def nearly_finished(rules, rng: random.Random, left: int = 1) -> tuple[saves.SavedGame, tuple]:
    """A saved game of computers `left` moves before its end (0: a finished game), and the moves that end it."""
    setup = GameSetup(tuple(Seat(f"Bot {i}", COMPUTER, "random") for i in range(rng.randint(2, 4))),
                      rng.randrange(2**31))
    state = GameState.new(rules, setup.players, setup.seed, setup.first)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    game = saves.start_game(setup)
    actions = tuple(state.history[:len(state.history) - left])
    ending = tuple(state.history[len(actions):])
    return saves.SavedGame(game.game_id, setup, actions, game.created, game.updated, False, left == 0), ending


@dataclass
class EndingAgent:
    """A computer that plays the moves a game was ended with where they are legal, and a random one otherwise:
    a game resumed one move before its end ends, whatever the random computers would have chosen."""

    ending: tuple
    rng: random.Random
    name = "ending"
    wants_view = False

    def choose(self, view, legal) -> int:
        matching = [i for i, action in enumerate(legal) if action in self.ending]
        return matching[0] if matching else self.rng.randrange(len(legal))

    def game_over(self, scores, winners) -> None:
        pass

    def close(self) -> None:
        pass


def broken_save() -> None:
    saves.saves_dir().mkdir(parents=True, exist_ok=True)
    (saves.saves_dir() / "zzzz-newest.json").write_text('{"format": "drako-desktop-save", "vers')


def check_table(table: TableScene) -> None:
    """The engine's state is sound and the table shows it (an Aetherya Pocket table: this monkey's game)."""
    if not isinstance(table.board, AetheryaBoard):
        return
    c = table.controller
    state = c._state
    deck = dict(table.board.rules.cards.deck_size)[state.players]
    assert state.card_count() == deck
    again = GameState.replay(table.board.rules, c.setup.players, c.setup.seed, c.setup.first, c.actions)
    assert all(again.view(s) == state.view(s) for s in range(state.players))
    assert len(c.log.seats) == len(c.actions)
    if table.choreo.idle and c.phase != Phase.END_TURN:
        assert table.board.model.matches(state.view(0))
    elif c.phase == Phase.END_TURN:  # the ending person's table until End turn: the next turn not shown yet
        assert table.board.model.current == c.ending_seat


@pytest.mark.parametrize("speed", ["normal", "fast"])
def test_monkey(aetherya, library, rules, monkeypatch, speed):
    """Half the events at each speed: at the normal speed (the players' default) every frame of an action's
    animation is there to be clicked into; at the fast one, more games reach their end."""
    rng = random.Random(f"{SEED}/{speed}")
    random.seed(SEED)  # new games' seeds, rematches, who starts: the same every run
    ticks = iter(range(10**9))
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    # A clock of its own (a second a tick), and game ids of the shape the game makes, from the same ticks.
    monkeypatch.setattr(saves, "now", lambda: (start + timedelta(seconds=next(ticks))).strftime("%Y-%m-%dT%H:%M:%SZ"))
    monkeypatch.setattr(saves, "new_game_id", lambda: f"20260101-000000-{next(ticks):06x}")
    app = make_app(aetherya, persist=True, animation_speed=speed, computer_pace="fast")  # computers move within a place
    app.hint_depth = app.review_depth = 2  # the hint and the review think inline here: keep each step short

    def random_agent(game, spec, seed):
        return make_agent(game, "random", seed)

    app.agent_factory = random_agent

    def fail(exc: Exception, stage: str) -> None:  # no error may reach the top-level handler
        raise exc

    app.crashed = fail
    app.main_menu()
    monkey = Monkey(app, rng)
    visited = collections.Counter()

    def to_the_end() -> None:  # a game's last move, then the score sheet and the history
        game, ending = nearly_finished(rules, rng)
        app.agent_factory = lambda game, spec, seed: EndingAgent(ending, random.Random(seed))
        app.resume_game(game)

    directions = [
        lambda: app.main_menu(),
        lambda: (app.main_menu(), app.open_new_game()),
        lambda: app.start_game(GameSetup((Seat("Ana"), Seat("Brynja", COMPUTER, "easy"),
                                          Seat("Corvin", COMPUTER, "medium")), rng.randrange(2**31))),
        lambda: app.start_game(GameSetup(tuple(Seat(f"Bot {i}", COMPUTER, "random") for i in range(rng.randint(2, 4))),
                                         rng.randrange(2**31))),
        lambda: (app.start_game(GameSetup((Seat("Ana"), Seat("Ben")), rng.randrange(2**31))),
                 app.scenes.push(PauseMenu(app))),
        lambda: (app.main_menu(), app.open_rules()),
        lambda: (app.main_menu(), app.open_settings()),
        lambda: (app.main_menu(), app.open_about()),
        lambda: (app.main_menu(), app.open_load()),
        lambda: (app.main_menu(), app.open_load(history=True)),
        lambda: (app.main_menu(), app.open_statistics()),
        lambda: app.continue_game() if saves.saves_dir().is_dir() else app.main_menu(),
        to_the_end,
        lambda: (app.main_menu(), app.open_load(history=True), app.review_game(nearly_finished(rules, rng, 0)[0])),
        lambda: (app.main_menu(), broken_save(), app.continue_game()),  # the set-aside message
    ]
    step = 0
    place_frames = 0
    place = directions[0]
    waiting = 0
    quits = 0
    tables = set()
    frames_run = 0
    started = time.perf_counter()
    while sum(monkey.sent.values()) < EVENTS // 2:
        top = app.scenes.top
        place_frames = place_frames + 1 if top is not None else SCENE_FRAMES
        hands_off = place is to_the_end and app.scenes.find(ScoreSheet) is None
        if place_frames >= SCENE_FRAMES * (5 if hands_off else 1):
            app.fullscreen = False  # F11 may have left it on: the director's scenes open in a window
            place = directions[step % len(directions)]
            app.agent_factory = random_agent
            place()
            step += 1
            place_frames = 0
        # The monkey keeps its hands off a game playing its last moves (it would leave it within a few frames).
        hands_off = place is to_the_end and app.scenes.find(ScoreSheet) is None
        app.frame(DT, [] if hands_off else monkey.events(PER_FRAME))
        frames_run += 1
        if app.quit_requested:  # Quit (button or window): the test goes on from the menu
            app.quit_requested = False
            quits += 1
            app.main_menu()
        top = app.scenes.top
        visited[type(top).__name__] += 1
        table = app.scenes.find(TableScene)
        if table is not None:
            if table.session is not None:
                table.session.flush()  # written before the next frame, whatever the disk's speed: reproducible
            tables.add(id(table))
            decision = table.decision()
            waiting = waiting + 1 if decision is not None and top is table else 0
            if waiting > PATIENCE:  # a person thinking too long: play something legal
                table.play([rng.choice(decision.legal)])
                waiting = 0
            if frames_run % 60 == 0:
                check_table(table)
        if isinstance(top, ScoreSheet) and rng.random() < 0.01:
            place_frames = SCENE_FRAMES  # seen it: on to the next place
    elapsed = time.perf_counter() - started
    table = app.scenes.find(TableScene)
    if table is not None:
        check_table(table)
    app.close()
    settings, note = Settings.load()
    assert note is None and settings.validate() == []
    assert saves.list_saves(library).problems == [] and saves.list_saves(library, saves.history_dir()).problems == []
    print(f"\n{sum(monkey.sent.values())} events in {frames_run} frames, {elapsed:.1f} s; {dict(monkey.sent)}; "
          f"{len(tables)} tables, {quits} quits; scenes: {dict(visited)}")
    wanted = {MainMenu, NewGameScene, TableScene, PauseMenu, RulesScene, SettingsScene, AboutScene, LoadScene,
              StatisticsScene, ScoreSheet, Dialog}
    assert {cls.__name__ for cls in wanted} <= set(visited), set(visited)
