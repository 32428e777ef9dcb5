"""The review screen: the strongest level goes through one player's decisions of a finished game.

The review (`controller.review.review_steps`, the same as `drako-desktop review`) runs in a
background thread, decision by decision, with a progress bar and a time estimate; each decision
is kept beside the game at once (`reviews.py`), so leaving the screen stops it and coming back
goes on from there. The screen shows, as the decisions come in:

- a graph of the player's estimated result over the game (the chance to win, or the expected
  final margin: M switches), the move made against the best move, the mistakes marked;
- a summary: the accuracy (the share of the best move's chance to win kept, on average), the
  number of decisions and mistakes, and what the mistakes missed;
- the biggest mistakes; for the one selected, the position as the player saw it, twice side by
  side: with the move made, and with the strongest level's move.

Keys: ← → (↑ ↓) go from mistake to mistake, Enter replays the game from the selected one, M
switches the graph, Esc goes back.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import TYPE_CHECKING, Any, Iterator

import pygame
from pygame import Rect

from ...controller.review import (
    MISTAKE_MARGIN,
    MISTAKE_WIN,
    DecisionReview,
    ReviewSummary,
    decisions_of,
    review_steps,
    summarize,
)
from ...i18n import has, tr
from ...replay import GameReplay
from ...reviews import ReviewFileError, read_review, review_path, write_review
from .. import theme
from ..text import blit_at
from ..tooltips import signed
from ..widgets import Button, Widget, WidgetGroup
from .screen import BarredScreen

if TYPE_CHECKING:
    from ...interface.game import Game
    from ...saves import SavedGame
    from ..context import Context
    from ..room import ReviewRoom

log = logging.getLogger(__name__)

LISTED = 8  # the biggest mistakes listed (the graph marks them all)
PROGRESS_EVERY = 0.2  # seconds between two frames showing how far a review running in its thread got


class ReviewJob:
    """One seat's review of one game, worked out one decision at a time: in a thread of its own (the app's
    frame loop keeps its pace: the switch interval gives it the processor back within a millisecond), or
    one decision per frame when the app runs inline (tests). Every decision is kept at once."""

    def __init__(self, handle: "Game", saved: "SavedGame", seat: int, depth: int, keep: bool = True) -> None:
        """`keep`: read and write the review beside the game (an app that keeps no files does neither)."""
        self.game, self.saved, self.seat, self.depth = handle, saved, seat, depth
        setup = saved.setup
        self.path = review_path(saved.game_id, seat) if keep else None
        self.problem: str | None = None
        try:
            kept, complete = read_review(self.path, handle, saved, seat, depth) \
                if self.path is not None else ([], False)
        except ReviewFileError as exc:
            log.warning("the review %s cannot be used: %s", self.path, exc)
            self.problem = str(exc)
            kept, complete = [], False
        self.decisions: list[DecisionReview] = kept
        # The seat's decisions (action indices), in the order of the game: the graph's x.
        self.todo = decisions_of(handle, setup.players, setup.seed, setup.first, setup.variants, saved.actions, seat)
        self.total = len(self.todo)
        self.reached = self.total if complete else len(kept)  # decisions behind (those judged and those skipped)
        self.finished = complete
        self.error: str | None = None
        self.stopping = False
        self.seconds: list[float] = []  # how long each decision took here (the time estimate)
        self.lock = threading.Lock()
        self._steps: Iterator[tuple[int, int, DecisionReview | None]] | None = None
        self._thread: threading.Thread | None = None

    @property
    def key(self) -> tuple[str, int, int]:
        return (self.saved.game_id, self.seat, self.depth)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, threaded: bool) -> None:
        """Go on with the review (in a thread when `threaded`; else `step()` does one decision at a time)."""
        self.stopping = False
        if self.finished or self.running:
            return
        setup = self.saved.setup
        self._steps = review_steps(self.game, setup.players, setup.seed, setup.first, setup.variants,
                                   self.saved.actions, self.seat, depth=self.depth, done=list(self.decisions))
        if threaded:
            self._thread = threading.Thread(target=self._run, name="review", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """Stop after the decision being worked out (it is kept): the review goes on later from there."""
        self.stopping = True

    def _run(self) -> None:
        while not self.stopping and self.step():
            pass

    def step(self) -> bool:
        """Review the next decision and keep it; False when there is none left (or it stopped on an error)."""
        if self._steps is None or self.finished:
            return False
        started = time.perf_counter()
        try:
            reached, total, judged = next(self._steps)
        except StopIteration:
            reached, total, judged = self.total, self.total, None
        except Exception as exc:  # said on the screen; what was kept stays
            log.exception("the review failed")
            self.error = f"{type(exc).__name__}: {exc}"
            self._steps = None
            return False
        with self.lock:
            if judged is not None:
                self.decisions = sorted([*self.decisions, judged], key=lambda d: d.index)
                self.seconds.append(time.perf_counter() - started)
            self.reached, self.total = reached, total
            self.finished = reached >= total
            decisions, finished = list(self.decisions), self.finished
        if finished:
            self._steps = None
        if self.path is not None:
            try:
                write_review(self.path, self.game, self.saved.game_id, self.seat, self.depth,
                             len(self.saved.actions), decisions, finished)
            except OSError as exc:  # the review goes on; only going on later needs the file
                log.warning("could not keep the review in %s: %s", self.path, exc)
        return not finished

    def snapshot(self) -> tuple[list[DecisionReview], int, int, bool]:
        """(decisions so far, decisions behind, total, finished), consistent with each other."""
        with self.lock:
            return list(self.decisions), self.reached, self.total, self.finished

    def seconds_left(self) -> float | None:
        """The time the rest should take at the pace so far (None before the first decision here)."""
        with self.lock:
            if not self.seconds:
                return None
            recent = self.seconds[-12:]
            return sum(recent) / len(recent) * max(0, self.total - self.reached)


# The reviews being worked out, by (game id, seat, depth): coming back while a thread still finishes its
# decision takes the same job on instead of starting a second one. Only those still running are kept when another
# starts (each kept its game and every decision reviewed: one more for every game reviewed in a session).
_jobs: dict[tuple[str, int, int], ReviewJob] = {}


def review_job(handle: "Game", saved: "SavedGame", seat: int, depth: int, keep: bool) -> ReviewJob:
    found = _jobs.get((saved.game_id, seat, depth))
    if found is not None and found.running:
        return found
    for key in [key for key, job in _jobs.items() if not job.running]:
        del _jobs[key]
    job = ReviewJob(handle, saved, seat, depth, keep)
    _jobs[job.key] = job
    return job


class MistakeRow(Widget):
    """One of the biggest mistakes: its turn and what it cost; click to see it."""

    def __init__(self, rect: Rect, scene: "ReviewScene", n: int) -> None:
        super().__init__(rect)
        self.scene, self.n = scene, n

    def activate(self) -> None:
        self.scene.select(self.n)

    def draw(self, surface: pygame.Surface, ctx: "Context", focused: bool, hovered: bool) -> None:
        th, text = ctx.theme, ctx.text
        r = self.rect
        chosen = self.n == self.scene.selected
        if chosen or hovered:
            pygame.draw.rect(surface, theme.shade(theme.GOLD, 0.4 if chosen else 0.25), r, border_radius=th.radius)
        if chosen:
            pygame.draw.rect(surface, theme.GOLD, r, width=max(1, th.px(2)), border_radius=th.radius)
        decision = self.scene.mistakes[self.n]
        words = self.scene.mistake_text(decision)
        pygame.draw.circle(surface, theme.BAD, (r.x + th.px(16), r.centery), th.px(6))
        label = text.fitted(words, "bold", th.text(19), theme.INK, r.w - th.px(40))
        blit_at(surface, label, "midleft", (r.x + th.px(30), r.centery), box=r)
        if focused:
            pygame.draw.rect(surface, theme.GOLD, r.inflate(6, 6), width=2, border_radius=th.radius + 3)


class ReviewScene(BarredScreen):
    app: ReviewRoom  # the review's room: the menus', and the opponents' process it thinks in

    def __init__(self, app: Any, handle: "Game", saved: "SavedGame", seat: int | None = None) -> None:
        """The review of `saved` (a finished game of `handle`) for `seat` (default: its first person)."""
        super().__init__(app)
        self.game, self.saved = handle, saved
        self.replay = GameReplay(handle, saved.setup, saved.actions)
        people = [i for i, s in enumerate(saved.setup.seats) if s.is_human]
        self.seat = seat if seat is not None else (people[0] if people else 0)
        self.margin = False  # the graph shows the margin (else the chance to win)
        self.selected = 0
        self.browsed = False  # the player chose a mistake: it stays selected as the list grows (else the worst)
        self.mistakes: list[DecisionReview] = []
        self.decisions: list[DecisionReview] = []
        self.summary: ReviewSummary = summarize([])
        self._boards: tuple[tuple[object, ...], list[pygame.Surface]] | None = None
        self.job = self.start_job()

    def start_job(self) -> ReviewJob:
        job = review_job(self.game, self.saved, self.seat, self.app.review_depth, self.app.persist)
        job.start(self.app.threaded)
        self.job = job
        self.refresh()
        return job

    def enter(self) -> None:
        super().enter()
        self.tell_problem()

    def tell_problem(self) -> None:
        """A kept review that could not be used is said once (the review started again)."""
        if self.job.problem:
            self.app.notify(tr("play_better.review.button"), tr("play_better.review.file_problem",
                                                                problem=self.job.problem))
            self.job.problem = None

    def leave(self) -> None:
        self.job.stop()  # it goes on from here the next time

    def choose_seat(self, seat: object) -> None:
        if seat == self.seat:
            return
        self.job.stop()
        self.seat = int(seat)  # type: ignore[call-overload]
        self.selected, self.browsed = 0, False
        self.start_job()
        self.tell_problem()
        self.relayout()

    # -- the review as it comes in --------------------------------------------------------------------------

    def refresh(self) -> None:
        """Take the decisions reviewed so far; the mistakes list changes only when they do."""
        decisions = self.job.snapshot()[0]
        if decisions == self.decisions and self.widgets.widgets:
            return
        self.decisions = decisions
        self.summary = summarize(decisions, worst=LISTED)
        chosen = self.mistakes[self.selected] if self.mistakes and self.browsed else None
        self.mistakes = list(self.summary.mistakes)
        self.selected = self.mistakes.index(chosen) if chosen in self.mistakes else 0
        self.relayout()

    def next_frame_in(self) -> float | None:
        """How soon the screen must be drawn again when no event comes (an app that draws only what changes
        asks): while the review runs, often enough for its progress bar; once it is done, only after an event."""
        return None if self.job.finished or self.job.error is not None else PROGRESS_EVERY

    def update(self, dt: float) -> None:
        job = self.job
        if not job.finished and not job.stopping and job.error is None:
            if not self.app.threaded:
                job.step()  # inline: one decision a frame
            elif not job.running:  # its thread ended just as the screen came back to it: another goes on
                job.start(threaded=True)
        self.refresh()

    def select(self, n: int) -> None:
        if self.mistakes:
            self.selected = max(0, min(len(self.mistakes) - 1, n))
            self.browsed = True

    def replay_selected(self) -> None:
        """Enter: the game viewer, from the position of the selected mistake."""
        if self.mistakes:
            self.app.open_viewer(self.saved, start=self.mistakes[self.selected].index)

    def toggle_graph(self) -> None:
        self.margin = not self.margin
        self.relayout()

    def mistake_text(self, decision: DecisionReview) -> str:
        # A turn of several decisions (take a card, then place it) can hold two mistakes: say which move each is.
        in_turn = [d.index for d in self.decisions if d.turn == decision.turn]
        when = tr("play_better.review.when_move", turn=decision.turn, move=in_turn.index(decision.index) + 1) \
            if len(in_turn) > 1 and decision.index in in_turn else tr("play_better.review.when", turn=decision.turn)
        if decision.win_lost >= MISTAKE_WIN or not decision.margin_lost:
            return tr("play_better.review.mistake", when=when, points=round(100 * decision.win_lost))
        return tr("play_better.review.mistake_margin", when=when, points=f"{decision.margin_lost:.1f}")

    # -- layout --------------------------------------------------------------------------------------------------

    def relayout(self) -> None:
        th, text = self.ctx.theme, self.ctx.text
        gap = th.px(12)
        body, bars = self.lay_out_bars(tr("play_better.review.player"),
                                       [(i, s.name) for i, s in enumerate(self.saved.setup.seats)], self.seat,
                                       self.choose_seat, 0.26)
        left_w = max(th.px(380), round(th.width * 0.27))
        self.summary_box = Rect(body.x, body.y, left_w, th.px(250))
        self.mistakes_box = Rect(body.x, self.summary_box.bottom + gap, left_w, body.bottom - self.summary_box.bottom
                                 - gap)
        right = Rect(body.x + left_w + gap, body.y, body.w - left_w - gap, body.h)
        self.graph_box = Rect(right.x, right.y, right.w, round(right.h * 0.36))
        self.boards_box = Rect(right.x, self.graph_box.bottom + gap, right.w,
                               right.bottom - self.graph_box.bottom - gap)
        switch_label = tr("play_better.review.show_win" if self.margin else "play_better.review.show_margin")
        switch_w = text.width(switch_label, "bold", th.text(18)) + th.px(36)
        switch = Button(Rect(self.graph_box.right - th.px(10) - switch_w, self.graph_box.y + th.px(8), switch_w,
                             th.px(36)), switch_label, self.toggle_graph, size=18)
        row_h = th.px(44)
        top = self.mistakes_box.y + th.px(46)
        fits = max(0, (self.mistakes_box.bottom - th.px(8) - top) // (row_h + th.px(4)))
        rows = [MistakeRow(Rect(self.mistakes_box.x + th.px(10), top + n * (row_h + th.px(4)),
                                self.mistakes_box.w - th.px(20), row_h), self, n)
                for n in range(min(fits, len(self.mistakes)))]
        focus = self.widgets.focus if self.widgets.widgets else 0
        keyboard = self.widgets.keyboard_used
        widgets: list[Widget] = [*bars, switch, *rows]
        self.widgets = WidgetGroup(widgets, focus=min(focus, len(widgets) - 1))
        self.widgets.keyboard_used = keyboard

    # -- events ------------------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_RIGHT, pygame.K_DOWN):
                self.select(self.selected + 1)
                return
            if k in (pygame.K_LEFT, pygame.K_UP):
                self.select(self.selected - 1)
                return
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self.widgets.keyboard_used and self.mistakes:
                self.replay_selected()
                return
            if k == pygame.K_m:
                self.toggle_graph()
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.graph_area().collidepoint(event.pos):
            self.click_graph(event.pos)
            return
        super().handle(event)

    def click_graph(self, pos: tuple[int, int]) -> None:
        """A click near a mistake's mark on the graph selects it."""
        points = self.graph_points()
        near = [(abs(x - pos[0]), d) for d, x, _ in points if d in self.mistakes]
        if near:
            distance, decision = min(near, key=lambda item: item[0])
            if distance <= self.ctx.theme.px(24):
                self.select(self.mistakes.index(decision))

    # -- drawing ------------------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        art = self.ctx.art
        self.draw_bars(surface, tr("play_better.review.title", name=self.saved.setup.seats[self.seat].name))
        for box in (self.summary_box, self.mistakes_box, self.graph_box, self.boards_box):
            surface.blit(art.panel(box.w, box.h), box)
        self.draw_summary(surface)
        self.draw_mistakes(surface)
        self.draw_graph(surface)
        self.draw_boards(surface)
        self.draw_progress(surface)
        self.widgets.draw(surface, self.ctx)

    def heading(self, surface: pygame.Surface, box: Rect, words: str, width: int | None = None) -> int:
        th = self.ctx.theme
        label = self.ctx.text.fitted(words, "heading", th.text(21), theme.GOLD, width or box.w - th.px(24))
        return blit_at(surface, label, "topleft", (box.x + th.px(14), box.y + th.px(10)), box=box).bottom

    def draw_summary(self, surface: pygame.Surface) -> None:
        th, text = self.ctx.theme, self.ctx.text
        box, summary = self.summary_box, self.summary
        pad = th.px(14)
        inner = box.w - 2 * pad
        y = self.heading(surface, box, tr("play_better.review.accuracy"))
        big = text.render(tr("statistics.percent", value=round(summary.accuracy)) if summary.decisions else "–",
                          "number", th.text(52), theme.GOLD)
        rect = blit_at(surface, big, "topleft", (box.x + pad, y), box=box)
        note = text.block(tr("play_better.review.accuracy_note"), "body", th.text(16), theme.INK_MUTED,
                          max(40, box.right - pad - rect.right - th.px(12)), max_height=rect.h)
        blit_at(surface, note, "midleft", (rect.right + th.px(12), rect.centery), box=box)
        y = rect.bottom + th.px(4)
        count = len([d for d in self.decisions if d.mistake])
        line = text.fitted(tr("play_better.review.decisions", count=summary.decisions, mistakes=count), "bold",
                           th.text(19), theme.INK, inner)
        y = blit_at(surface, line, "topleft", (box.x + pad, y), box=box).bottom + th.px(8)
        title = text.fitted(tr("play_better.review.missed_title"), "bold", th.text(18), theme.GOLD, inner)
        y = blit_at(surface, title, "topleft", (box.x + pad, y), box=box).bottom + th.px(2)
        missed = [tr("play_better.review.missed_item", what=self.missed_name(tag), count=n)
                  for tag, n in sorted(summary.missed.items(), key=lambda item: -item[1])]
        unnamed = "play_better.review.missed_unnamed" if count else "play_better.review.missed_nothing"
        words = " · ".join(missed) if missed else tr(unnamed)
        block = text.block(words, "body", th.text(18), theme.INK, inner, max_height=box.bottom - pad - y)
        blit_at(surface, block, "topleft", (box.x + pad, y), box=box)

    @staticmethod
    def missed_name(tag: str) -> str:
        key = f"review.missed.{tag}"
        return tr(key) if has(key) else tag.replace("_", " ")

    def draw_mistakes(self, surface: pygame.Surface) -> None:
        th, text = self.ctx.theme, self.ctx.text
        box = self.mistakes_box
        self.heading(surface, box, tr("play_better.review.mistakes_title"))
        if self.mistakes:
            return
        _, _, _, finished = self.job.snapshot()
        words = tr("play_better.review.no_mistakes", win=round(100 * MISTAKE_WIN), margin=f"{MISTAKE_MARGIN:.0f}") \
            if finished else tr("play_better.review.not_yet")
        area = Rect(box.x + th.px(14), box.y + th.px(50), box.w - th.px(28), box.h - th.px(60))
        block = text.block(words, "body", th.text(18), theme.INK_MUTED, area.w, max_height=area.h)
        blit_at(surface, block, "topleft", area.topleft, box=box)

    # -- the graph ---------------------------------------------------------------------------------------------------

    def graph_area(self) -> Rect:
        th = self.ctx.theme
        box = self.graph_box
        left = th.px(56)
        return Rect(box.x + left, box.y + th.px(54), box.w - left - th.px(20), box.h - th.px(54) - th.px(40))

    def value(self, decision: DecisionReview, best: bool = False) -> float:
        outcome = decision.best_outcome if best else decision.chosen_outcome
        return outcome.margin if self.margin else outcome.win

    def value_range(self) -> tuple[float, float]:
        if not self.margin:
            return 0.0, 1.0
        values = [self.value(d, b) for d in self.decisions for b in (False, True)] or [0.0]
        span = max(5.0, max(abs(v) for v in values))
        return -span, span

    def graph_points(self) -> list[tuple[DecisionReview, int, int]]:
        """(decision, x, y of the move made) for every decision reviewed, in the order of the game."""
        area = self.graph_area()
        low, high = self.value_range()
        total = max(1, self.job.total - 1)
        order = {index: n for n, index in enumerate(self.job.todo)}
        out = []
        for d in self.decisions:
            x = area.x + round(area.w * order.get(d.index, 0) / total)
            y = area.bottom - round(area.h * (self.value(d) - low) / (high - low))
            out.append((d, x, y))
        return out

    def draw_graph(self, surface: pygame.Surface) -> None:
        th, text = self.ctx.theme, self.ctx.text
        box = self.graph_box
        switch = self.widgets.widgets[2].rect
        self.heading(surface, box, tr("play_better.review.graph_margin_title" if self.margin else
                                      "play_better.review.graph_title"), switch.x - box.x - th.px(30))
        area = self.graph_area()
        low, high = self.value_range()

        def y_of(value: float) -> int:
            return area.bottom - round(area.h * (value - low) / (high - low))

        ticks = (low, (low + high) / 2, high)
        for value in ticks:
            y = y_of(value)
            pygame.draw.line(surface, theme.shade(theme.PANEL_EDGE, 0.9), (area.x, y), (area.right, y), 1)
            words = tr("statistics.percent", value=round(100 * value)) if not self.margin \
                else signed(round(value))
            label = text.render(words, "number", th.text(15), theme.INK_MUTED)
            blit_at(surface, label, "midright", (area.x - th.px(8), y), box=box)
        points = self.graph_points()
        best = [(x, y_of(self.value(d, best=True))) for d, x, _ in points]
        made = [(x, y) for _, x, y in points]
        if len(points) >= 2:
            fill = pygame.Surface(box.size, pygame.SRCALPHA)
            shifted = [(x - box.x, y - box.y) for x, y in made]
            base = area.bottom - box.y if not self.margin else y_of(0) - box.y
            pygame.draw.polygon(fill, (*theme.GOLD, 40), [(shifted[0][0], base), *shifted, (shifted[-1][0], base)])
            surface.blit(fill, box)
            pygame.draw.aalines(surface, theme.shade(theme.GOOD, 0.8), False, best)
            pygame.draw.lines(surface, theme.GOLD, False, made, max(2, th.px(3)))
        selected = self.mistakes[self.selected] if self.mistakes else None
        for d, x, y in points:
            if d.mistake:
                pygame.draw.line(surface, theme.shade(theme.BAD, 0.7), (x, y), (x, y_of(self.value(d, best=True))), 2)
                pygame.draw.circle(surface, theme.BAD, (x, y), th.px(6))
            if d == selected:
                pygame.draw.line(surface, theme.GOLD_DARK, (x, area.y), (x, area.bottom), 1)
                pygame.draw.circle(surface, theme.GOLD, (x, y), th.px(10), width=max(2, th.px(3)))
        # The legend under the graph: the two lines, and the turns at the ends of the axis.
        y = area.bottom + th.px(20)
        x = area.x
        for colour, words in ((theme.GOLD, tr("play_better.review.graph_made")),
                              (theme.GOOD, tr("play_better.review.graph_best"))):
            pygame.draw.line(surface, colour, (x, y), (x + th.px(26), y), max(2, th.px(3)))
            label = text.render(words, "body", th.text(16), theme.INK_MUTED)
            x = blit_at(surface, label, "midleft", (x + th.px(32), y), box=box).right + th.px(24)
        if points:
            first, last = points[0][0].turn, points[-1][0].turn
            label = text.render(f"{tr('play_better.review.turn_axis')} {first}–{last}", "body", th.text(16),
                                theme.INK_MUTED)
            blit_at(surface, label, "midright", (area.right, y), box=box)

    # -- the two boards -------------------------------------------------------------------------------------------

    def boards(self, size: tuple[int, int]) -> list[pygame.Surface]:
        """The selected mistake's position as the player saw it: with the move made, with the best move."""
        decision = self.mistakes[self.selected]
        key = (decision.index, decision.chosen, decision.best, size, self.ctx.fonts.language)
        if self._boards is None or self._boards[0] != key:
            view = self.replay.view(decision.index, self.seat)
            pictures = [self.ctx.game_ui.position(self.ctx, self.saved.setup, view, size,
                                                  highlight=self.game.action_from_json(action)).picture
                        for action in (decision.chosen, decision.best)]
            self._boards = (key, pictures)
        return self._boards[1]

    def draw_boards(self, surface: pygame.Surface) -> None:
        th, text = self.ctx.theme, self.ctx.text
        box = self.boards_box
        if not self.mistakes:
            return
        decision = self.mistakes[self.selected]
        view = self.replay.view(decision.index, self.seat)
        pad, gap = th.px(12), th.px(16)
        half = (box.w - 2 * pad - gap) // 2
        caption_h = text.line_height("heading", th.text(19)) + th.px(6)
        below_h = th.px(64)
        size = (half, box.h - 2 * pad - caption_h - below_h)
        for n, (picture, (title, action_json, outcome)) in enumerate(zip(self.boards(size), (
                (tr("play_better.review.your_move"), decision.chosen, decision.chosen_outcome),
                (tr("play_better.review.best_move"), decision.best, decision.best_outcome)))):
            column = Rect(box.x + pad + n * (half + gap), box.y + pad, half, box.h - 2 * pad)
            label = text.fitted(title, "heading", th.text(19), theme.BAD if n == 0 else theme.GOOD, half)
            blit_at(surface, label, "midtop", (column.centerx, column.y), box=box)
            blit_at(surface, picture, "midtop", (column.centerx, column.y + caption_h), box=box)
            y = column.y + caption_h + size[1] + th.px(4)
            margin = f"{outcome.margin:+.1f}".replace("-", "−")
            numbers = text.fitted(tr("play_better.review.outcome", win=round(100 * outcome.win), margin=margin),
                                  "bold", th.text(17), theme.INK, half)
            y = blit_at(surface, numbers, "midtop", (column.centerx, y), box=box).bottom + th.px(2)
            reason = self.game.hint_reason(view, self.game.action_from_json(action_json))
            if reason:
                block = text.block(reason, "body", th.text(16), theme.INK_MUTED, half,
                                   max_height=column.bottom - y, align="center")
                blit_at(surface, block, "midtop", (column.centerx, y), box=box)

    def draw_progress(self, surface: pygame.Surface) -> None:
        th, text = self.ctx.theme, self.ctx.text
        bar = self.bottom_bar
        decisions, reached, total, finished = self.job.snapshot()
        pad = th.px(20)
        if finished:
            words = f"{tr('play_better.review.done', total=len(decisions))}   {tr('play_better.review.keys')}"
            label = text.fitted(words, "body", th.text(18), theme.INK_MUTED, bar.w - 2 * pad)
            blit_at(surface, label, "midleft", (bar.x + pad, bar.centery), box=bar)
            return
        track = Rect(bar.x + pad, bar.centery - th.px(6), round(bar.w * 0.3), th.px(12))
        pygame.draw.rect(surface, theme.shade(theme.PANEL_EDGE, 0.9), track, border_radius=track.h // 2)
        done = Rect(track.x, track.y, round(track.w * reached / max(1, total)), track.h)
        pygame.draw.rect(surface, theme.GOLD, done, border_radius=track.h // 2)
        if self.job.error is not None:
            words = tr("play_better.hint.failed", error=self.job.error)
        else:
            left = self.job.seconds_left()
            if left is None:
                when = tr("play_better.review.estimating")
            elif left < 90:
                when = tr("play_better.review.left_seconds", seconds=max(1, round(left)))
            else:
                when = tr("play_better.review.left_minutes", minutes=round(left / 60))
            words = f"{tr('play_better.review.running', done=reached, total=total)} · {when}"
        label = text.fitted(words, "body", th.text(18), theme.INK, bar.right - pad - track.right - th.px(16))
        blit_at(surface, label, "midleft", (track.right + th.px(16), bar.centery), box=bar)
