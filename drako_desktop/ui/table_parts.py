"""Pieces every game's table draws with: the top bar's buttons, the game log's page, a pill badge, a
tooltip panel, and the running of the computer seats. The shared table (`ui/table.py`) and each
game's painter call these, so the tables look alike."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Protocol, Sequence

import pygame
from pygame import Rect

from ..controller.game import GameController
from ..i18n import tr
from . import canvas, theme
from .context import Context
from .text import blit_at
from .tooltips import Tooltip
from .widgets import Button, Widget

if TYPE_CHECKING:
    from ..session import GameSession
    from .room import GameRoom

log = logging.getLogger(__name__)


# Whether the player of a seat on another computer is here, not here, or played by a computer until they are back
# (net.table.Presence's values); "host": a seat of the hosting computer itself.
PRESENCE_COLOURS = {"here": theme.GOOD, "away": theme.BAD, "stand-in": theme.INK_MUTED, "host": theme.INK_MUTED}


def presence_mark(surface: pygame.Surface, centre: tuple[int, int], radius: int, presence: str) -> None:
    """A seat panel's dot for a player on another computer: green here, red not here, grey while a computer plays
    for them; ringed in the panel's colour so it reads on the seat's icon."""
    canvas.circle(surface, theme.PANEL, centre, radius + max(1, radius // 2))
    canvas.circle(surface, PRESENCE_COLOURS[presence], centre, radius)


def top_bar_buttons(ctx: Context, top: Rect, on_menu: Callable[[], None],
                    right: Sequence[tuple[str, str, Callable[[], None]]]) -> list[Button]:
    """Menu at the left of the top bar; `right` (label, icon, action), from the right edge inwards."""
    th, text = ctx.theme, ctx.text
    h = top.h - th.px(16)
    size = 20

    def width(label: str) -> int:
        return text.width(label, "bold", th.text(size)) + h + th.px(36)

    menu = tr("table.menu")
    buttons = [Button(Rect(th.px(10), top.y + th.px(8), width(menu), h), menu, on_menu, icon="menu", size=size)]
    x = top.right - th.px(10)
    for label, icon, action in right:
        w = width(label)
        x -= w
        buttons.append(Button(Rect(x, top.y + th.px(8), w, h), label, action, icon=icon, size=size))
        x -= th.px(8)
    return buttons


class Bars(Protocol):
    """The regions of a table's layout every table knows."""

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def top_bar(self) -> Rect: ...

    @property
    def status_bar(self) -> Rect: ...


class BarEdges(NamedTuple):
    """Where the words of the bars may go (x coordinates)."""

    top_left: int  # right of the top bar's left buttons
    top_right: int  # left of its right buttons
    status_right: int  # left of the status bar's buttons


def bar_edges(widgets: Sequence[Widget], top: Rect, status: Rect, width: int) -> BarEdges:
    """Where the words of the bars may go: right of the top bar's left buttons, left of its right
    buttons, and left of the status bar's buttons."""
    left = max((w.rect.right for w in widgets if w.rect.y < top.bottom and w.rect.centerx < width // 2), default=0)
    right = min((w.rect.x for w in widgets if w.rect.y < top.bottom and w.rect.centerx > width // 2), default=width)
    status_right = min((w.rect.x for w in widgets if w.rect.y >= status.y), default=status.right)
    return BarEdges(left, right, status_right)


def log_page(ctx: Context, lines: Sequence[str], width: int) -> pygame.Surface:
    """Every log line, wrapped to the panel, as one surface (the newest lightly marked)."""
    th, text = ctx.theme, ctx.text
    blocks = [text.block(line, "body", th.text(18), theme.INK, width) for line in lines]
    gap = th.px(6)
    page = pygame.Surface((width, max(1, sum(b.get_height() + gap for b in blocks))), pygame.SRCALPHA)
    y = 0
    for i, block in enumerate(blocks):
        if i == len(blocks) - 1:
            canvas.rect(page, (255, 255, 255, 14), (0, y - 2, width, block.get_height() + 4))
        page.blit(block, (0, y))
        y += block.get_height() + gap
    return page


def status_pieces(ctx: Context, status: Rect, right: int, words: str,
                  size: int) -> tuple[tuple[pygame.Surface, Rect], tuple[pygame.Surface, Rect]]:
    """The status bar's hint icon and what to do now (up to two lines), left of `right` (its buttons): each
    picture and where it goes (a table repaints only where the words were and are, not the whole bar)."""
    th = ctx.theme
    icon = ctx.art.ui_icon("hint", th.text(26), theme.GOLD)
    width = max(60, right - status.x - th.px(34) - icon.get_width())
    block = ctx.text.block(words, "body", th.text(size), theme.INK, width, max_height=status.h - th.px(8), tight=True)
    return ((icon, icon.get_rect(midleft=(status.x + th.px(14), status.centery))),
            (block, block.get_rect(midleft=(status.x + th.px(22) + icon.get_width(), status.centery))))


def status_line(surface: pygame.Surface, ctx: Context, status: Rect, right: int, words: str, size: int) -> None:
    """The status bar's hint icon and what to do now, drawn (see `status_pieces`)."""
    (icon, at), (block, where) = status_pieces(ctx, status, right, words, size)
    surface.blit(icon, at)
    blit_at(surface, block, "topleft", where.topleft, box=status)


def badge_pieces(ctx: Context, words: str, midleft: tuple[int, int], max_width: int) -> tuple[pygame.Surface, Rect]:
    """A badge's word and its pill."""
    th = ctx.theme
    label = ctx.text.fitted(words, "bold", th.text(17), theme.GOLD, max_width - th.px(20))
    rect = Rect(0, 0, label.get_width() + th.px(20), label.get_height() + th.px(6))
    rect.midleft = midleft
    return label, rect


def counted_apart(ctx: Context, practice: bool, hints: int, after: Rect, right: int,
                  share: int) -> list[tuple[str, Rect, int]]:
    """The top bar's badges of a game counted apart in the statistics (practice: unlimited undo; hints shown),
    one after another from `after` (the title): each one's words, pill and widest (a `share` of the room left
    before `right`)."""
    th = ctx.theme
    badges = []
    for words in [tr("table.practice")] * practice + [tr("play_better.hint.badge", count=hints)] * bool(hints):
        widest = max(40, (right - after.right) // share)
        after = badge_pieces(ctx, words, (after.right + th.px(12), after.centery), widest)[1]
        badges.append((words, after, widest))
    return badges


def badge(surface: pygame.Surface, ctx: Context, words: str, midleft: tuple[int, int], max_width: int) -> Rect:
    """A small gold-edged pill with a word in it (Practice)."""
    th = ctx.theme
    label, rect = badge_pieces(ctx, words, midleft, max_width)
    canvas.rect(surface, theme.shade(theme.GOLD, 0.25), rect, border_radius=rect.h // 2)
    canvas.rect(surface, theme.GOLD_DARK, rect, width=max(1, th.px(2)), border_radius=rect.h // 2)
    blit_at(surface, label, "center", rect.center)
    return rect


def banner(surface: pygame.Surface, ctx: Context, words: str, alpha: float) -> None:
    """A band across the middle of the table with big words (whose turn it is, the game's end), at `alpha`
    (0 to 1) as it fades in and out."""
    th = ctx.theme
    w, h = surface.get_size()
    band = Rect(0, 0, w, th.px(130))
    band.center = (w // 2, h // 2)

    def make() -> pygame.Surface:
        solid = pygame.Surface(band.size)
        solid.fill((8, 10, 18))
        return solid

    # One solid band, faded as a whole: a see-through copy the width of a 4K window made each frame costs more.
    shade = ctx.art.cached(("banner", band.size), make)
    shade.set_alpha(round(215 * alpha))
    surface.blit(shade, band)
    for y in (band.top + th.px(6), band.bottom - th.px(6)):
        canvas.line(surface, theme.shade(theme.GOLD, max(0.05, alpha)), (w // 6, y), (w * 5 // 6, y), 2)
    label = ctx.text.fitted(words, "title", th.text(48), theme.GOLD, w - th.px(80), shadow=True)
    label.set_alpha(round(255 * alpha))
    blit_at(surface, label, "center", band.center)
    label.set_alpha(None)


def tooltip(surface: pygame.Surface, ctx: Context, tip: Tooltip, anchor: tuple[int, int], width: int = 340,
            line_colour: Callable[[str], tuple[int, int, int]] | None = None, clear: Rect | None = None) -> Rect:
    """A tooltip panel beside `anchor` (the mouse), kept inside the window; its rect. `line_colour` picks
    a line's colour (e.g. rulings apart); lines are ink otherwise. `clear`: what it must not cover (the square
    the mouse is on), the panel then beside it."""
    box, parts = tooltip_layout(surface.get_size(), ctx, tip, anchor, width, line_colour, clear)
    pad = ctx.theme.px(14)
    surface.blit(ctx.art.panel(box.w, box.h, alpha=248, edge=theme.GOLD), box)
    y = box.y + pad
    for part in parts:
        blit_at(surface, part, "topleft", (box.x + pad, y), box=box)
        y += part.get_height() + ctx.theme.px(6)
    return box


def tooltip_layout(size: tuple[int, int], ctx: Context, tip: Tooltip, anchor: tuple[int, int], width: int = 340,
                   line_colour: Callable[[str], tuple[int, int, int]] | None = None, clear: Rect | None = None
                   ) -> tuple[Rect, list[pygame.Surface]]:
    """Where `tooltip` puts its panel in a window of `size`, and its words, line by line."""
    th, text = ctx.theme, ctx.text
    width = th.px(width)
    pad = th.px(14)
    parts = [text.fitted(tip.title, "heading", th.text(24), theme.GOLD, width - 2 * pad)]
    if tip.subtitle:
        parts.append(text.fitted(tip.subtitle, "bold", th.text(17), theme.INK_MUTED, width - 2 * pad))
    for line in tip.lines:
        colour = line_colour(line) if line_colour is not None else theme.INK
        parts.append(text.block(line, "body", th.text(19), colour, width - 2 * pad))
    height = 2 * pad + sum(p.get_height() for p in parts) + th.px(6) * (len(parts) - 1)
    box = Rect(anchor[0] + th.px(18), anchor[1] + th.px(18), width, height)
    if box.right > size[0]:
        box.right = anchor[0] - th.px(12)
    if box.bottom > size[1]:
        box.bottom = anchor[1] - th.px(12)
    box.clamp_ip(Rect((0, 0), size))
    if clear is not None and box.colliderect(clear):  # beside it: right, left, below or above, the first that fits
        window, gap = Rect((0, 0), size), th.px(8)
        places = [box.move(clear.right + gap - box.x, 0), box.move(clear.x - gap - box.right, 0),
                  box.move(0, clear.bottom + gap - box.y), box.move(0, clear.y - gap - box.bottom)]
        fits = [p for p in (place.clamp(window) for place in places) if not p.colliderect(clear)]
        box = fits[0] if fits else box
    return box, parts


class ComputerTurns:
    """Runs the computer seats from a table's frame loop: polls the worker, and times how long each
    decision is shown as thinking (the first of a turn longer), whatever the game."""

    def __init__(self, think: float, think_again: float) -> None:
        self.think, self.think_again = think, think_again
        self.waited = 0.0  # seconds the current decision has been worked on
        self.decisions = 0  # decisions of this turn so far

    def new_turn(self) -> None:
        self.decisions = 0

    def poll(self, app: GameRoom, controller: GameController[Any, Any], session: GameSession | None, dt: float,
             speed: float, pace: float = 1.0) -> tuple[list[Any], float] | None:
        """The events of the computer's action once it is decided, with the pause to show first (the
        thinking time times `pace`, the player's computer pace setting); None
        while it thinks or the last move is still being written. A failing opponent (an external bot
        that crashed) ends the game with a message and raises ComputerFailed."""
        self.waited += dt
        if session is not None and session.busy:
            return None  # never more than one move unsaved
        try:
            events = controller.poll()
        except Exception as exc:  # handed to the person: the game cannot go on
            log.exception("computer seat failed")
            name = controller.seats[controller.to_move].name
            app.show_error(tr("errors.computer_failed", name=name, error=str(exc)))
            raise ComputerFailed(str(exc)) from exc
        if events is None:
            return None
        think = (self.think if self.decisions == 0 else self.think_again) * pace
        self.decisions += 1
        pause = max(0.0, think - self.waited / speed) if speed else 0.0
        self.waited = 0.0
        return events, pause


class ComputerFailed(Exception):
    """A computer seat could not decide: the table stops (the message is already shown)."""
