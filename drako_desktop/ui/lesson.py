"""What every game's Learn to play shares: the scripted opponent, the progress file, and the coach
beside the table (its panel and the pulsing rings on what a step asks to use)."""

from __future__ import annotations

import json
import logging
import math
import weakref
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Callable, Sequence

import pygame
from pygame import Rect

from .. import jsonio
from ..ai import make_agent
from ..i18n import tr
from ..interface.game import Agent
from ..storage import atomic_write_text, data_dir, set_aside
from . import canvas, theme
from .context import Context
from .scenes.dialogs import Dialog
from .text import blit_at

log = logging.getLogger(__name__)

PROGRESS_VERSION = 1
PROGRESS_MAX_BYTES = 4096  # {"version", "step", "finished"}


class ScriptedAgent:
    """A lesson's opponent: its scripted moves in order (from `start`), then a real computer."""

    name = "tutorial"
    wants_view = True

    def __init__(self, moves: Sequence[Any], start: int, fallback: Agent) -> None:
        self.moves = list(moves)
        self.next = start
        self.fallback = fallback

    def choose(self, view: Any, legal: Sequence[Any]) -> int:
        if self.next < len(self.moves):
            move = self.moves[self.next]
            self.next += 1
            if move in legal:
                return list(legal).index(move)
            log.warning("scripted move %s is not legal; the opponent plays on by itself", move)
            self.next = len(self.moves)
        return self.fallback.choose(view, legal)

    def game_over(self, scores: Sequence[dict[str, Any]], winners: Sequence[int]) -> None:
        self.fallback.game_over(scores, winners)

    def close(self) -> None:
        self.fallback.close()


@dataclass
class Progress:
    step: str = ""
    finished: bool = False


# game handle -> (its lesson file's (modification time, size), None without one; whether a lesson is offered)
_OFFERED: weakref.WeakKeyDictionary[Any, tuple[tuple[int, int] | None, bool]] = weakref.WeakKeyDictionary()


def offers_lesson(game: Any, script: Path, check: Callable[[], bool]) -> bool:
    """Whether Learn to play has a lesson for `game`: `check()`, asked again only when the lesson's file
    changed. The main menu asks at every layout, and checking reads the file as strictly as the card data (and
    for Draco Mundis plays the script through the rules): a tenth to a fifth of a second each time."""
    try:
        stat = script.stat()
        stamp: tuple[int, int] | None = (stat.st_mtime_ns, stat.st_size)
    except OSError:
        stamp = None
    known = _OFFERED.get(game)
    if known is not None and known[0] == stamp:
        return known[1]
    offered = check()
    _OFFERED[game] = (stamp, offered)
    return offered


def scripted_opponents(game: Any, moves: Sequence[Any], level: str, start: int) -> Callable[[str, int], Agent]:
    """A GameController agent factory for a lesson: its scripted opponent from scripted move `start` on, then
    the lesson's computer level."""

    def make(_level: str, seed: int) -> Agent:
        return ScriptedAgent(moves, start, make_agent(game, level, seed))

    return make


def progress_path(file: str) -> Path:
    return data_dir() / file


def load_progress(file: str) -> Progress:
    """The step the person left a lesson at (no file: from the start; a broken one is set aside under a
    name of its own, logged, and the lesson starts from the start)."""
    path = progress_path(file)
    try:
        data = jsonio.read_file(path, PROGRESS_MAX_BYTES)
    except jsonio.JsonError as exc:
        if exc.reason != "missing":
            _set_aside(path, str(exc))
        return Progress()
    if (not isinstance(data, dict) or data.get("version") != PROGRESS_VERSION or not isinstance(data.get("step"), str)
            or not isinstance(data.get("finished"), bool)):
        _set_aside(path, "not a lesson's progress")
        return Progress()
    return Progress(data["step"], data["finished"])


def _set_aside(path: Path, problem: str) -> None:
    try:
        log.warning("the lesson's progress %s cannot be used (%s); kept as %s", path, problem, set_aside(path).name)
    except OSError as exc:
        log.warning("the lesson's progress %s cannot be used (%s) nor set aside (%s)", path, problem, exc)


def save_progress(file: str, step: str, finished: bool = False) -> None:
    try:
        atomic_write_text(progress_path(file), json.dumps(
            {"version": PROGRESS_VERSION, "step": step, "finished": finished}, indent=2) + "\n")
    except OSError:
        log.warning("could not save the lesson's progress", exc_info=True)


def draw_pointers(surface: pygame.Surface, ctx: Context, rects: Sequence[Rect], pulse: float) -> None:
    """A pulsing ring in the coach's colour around what the step asks to use."""
    th = ctx.theme
    wave = 0.5 + 0.5 * math.sin(pulse * 5)
    for rect in rects:
        grow = th.px(3) + round(th.px(4) * wave)
        ring = rect.inflate(2 * grow, 2 * grow)
        glow = pygame.Surface(ring.size, pygame.SRCALPHA)
        radius = th.radius + grow
        canvas.rect(glow, (*theme.COACH, round(40 + 50 * wave)), glow.get_rect(), border_radius=radius)
        canvas.rect(glow, (0, 0, 0, 0), glow.get_rect().inflate(-2 * th.px(5), -2 * th.px(5)),
                         border_radius=max(2, radius - th.px(5)))
        canvas.rect(glow, (*theme.COACH, round(150 + 105 * wave)), glow.get_rect(), width=max(3, th.px(5)),
                         border_radius=radius)
        surface.blit(glow, ring)


def draw_coach(surface: pygame.Surface, ctx: Context, box: Rect, step: int, steps: int, title: str, words: str,
               note: str, note_colour: tuple[int, int, int], bottom: int) -> None:
    """The coach's panel: what this is and how far along, the step's title and paragraph, and a note
    (the opponent is playing, or why the last move was not the lesson's) above `bottom` (its buttons)."""
    th, text = ctx.theme, ctx.text
    surface.blit(ctx.art.panel(box.w, box.h, alpha=235, edge=theme.COACH), box)
    pad = th.px(14)
    inner = box.inflate(-2 * pad, -2 * pad)
    small = th.text(16)
    label = text.fitted(tr("tutorial.title"), "bold", small, theme.COACH, inner.w // 2)
    blit_at(surface, label, "topleft", inner.topleft, box=box)
    count = text.fitted(tr("tutorial.step", n=step + 1, total=steps), "body", small, theme.INK_MUTED,
                        inner.w - label.get_width() - th.px(10))
    blit_at(surface, count, "topright", inner.topright, box=box)
    y = inner.y + text.line_height("bold", small) + th.px(4)
    bar = Rect(inner.x, y, inner.w, max(3, th.px(4)))
    canvas.rect(surface, theme.PANEL_EDGE, bar, border_radius=2)
    done = bar.copy()
    done.w = round(bar.w * (step + 1) / steps)
    canvas.rect(surface, theme.COACH, done, border_radius=2)
    y = bar.bottom + th.px(10)
    bottom = min(bottom, inner.bottom) - th.px(8)
    notes_h = 2 * text.line_height("body", th.text(17)) + th.px(8)
    heading = text.block(title, "heading", th.text(24), theme.GOLD, inner.w)
    blit_at(surface, heading, "topleft", (inner.x, y), box=box)
    y += heading.get_height() + th.px(8)
    body = text.block(words, "body", th.text(19), theme.INK, inner.w, max_height=max(th.px(40), bottom - notes_h - y))
    blit_at(surface, body, "topleft", (inner.x, y), box=box)
    y += body.get_height() + th.px(6)
    if note:
        block = text.block(note, "bold", th.text(17), note_colour, inner.w, max_height=max(th.px(20), bottom - y))
        blit_at(surface, block, "topleft", (inner.x, y), box=box)


def opponent_name() -> str:
    """The lesson's computer opponent: the first of the language's computer names."""
    return tr("new_game.computer_names").split(",")[0].strip()


def offer_resume(app: Any, step: int, total: int, step_title: str, start: Callable[[int], object]) -> None:
    """Learn to play, left at `step` last time: go on from there, start over, or go back."""
    def close() -> None:
        app.scenes.remove(dialog)

    dialog = Dialog(app, tr("tutorial.title"), tr("tutorial.resume_text", n=step + 1, total=total, step=step_title),
                    [(tr("tutorial.resume"), partial(start, step), "primary"),
                     (tr("tutorial.start_over"), partial(start, 0), "normal"),
                     (tr("tutorial.back"), close, "normal")], on_escape=close)
    dialog.icon = "hint"
    app.scenes.push(dialog)
