"""The Hint button's part of every table: ask, think, show, cancel and count.

A person whose turn it is asks (the button or H). The strongest level thinks from that seat's
view only (`controller.hint`), the table going on meanwhile; then the places of its preferred
action glow on the table and a bubble says why in one line (`Game.hint_reason`). Esc or H again
cancels or hides it, and acting drops it. A hint shown counts for the seat: the save keeps the
count at once and the game is marked and counted apart in the statistics.

What glows is the table's business (`HintTable.hint_places`): each game knows where its actions
are shown.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Protocol, Sequence

import pygame
from pygame import Rect

from ..controller.hint import HintRequest, think_inline
from ..controller.runner import derive_seed
from ..i18n import tr
from . import canvas, theme
from .scenes.base import POLL, PULSE
from .text import blit_at

if TYPE_CHECKING:
    from ..controller.game import Decision, GameController
    from ..session import GameSession
    from .room import GameRoom

NOTE_TIME = 4.0  # seconds a "nothing to suggest" or a failure stays up


class BubblePlace(NamedTuple):
    """Where a table may put the hint's words: the bubble's bottom middle, and how wide it may be there."""

    midbottom: tuple[int, int]
    width: int


class HintTable(Protocol):
    """What the hint needs of a game's table."""

    app: "GameRoom"
    controller: "GameController"
    session: "GameSession | None"
    offers_hints: bool  # False at the lesson's table (its script teaches instead)

    def decision(self) -> "Decision | None":
        """The person's decision the table waits for, or None."""

    def hint_places(self, action: Any) -> list[Rect]:
        """Where the action is shown on the table now: what glows (a card and its place, a character and
        its target, a pile, a button)."""


@dataclass(frozen=True)
class ShownHint:
    seat: int
    position: int  # actions played when it was asked: acting moves past it
    action: Any
    reason: str


class Hints:
    def __init__(self, table: HintTable) -> None:
        self.table = table
        self.request: HintRequest | None = None
        self.shown: ShownHint | None = None
        self.note: tuple[str, float] | None = None  # (words, seconds left): nothing to suggest, or a failure
        self.clock = 0.0
        game = table.controller.game
        self.possible = game.analyst(0, 1) is not None  # the game has a level strong enough to ask

    @property
    def active(self) -> bool:
        """A hint is being thought out or shown."""
        return self.request is not None or self.shown is not None

    def offered(self) -> bool:
        """Whether the Hint button is there now: a person decides, at a real game's table, of a game with an
        analyst."""
        return self.possible and self.table.offers_hints and self.table.decision() is not None

    def toggle(self) -> None:
        """The button or H: ask, or cancel / hide the hint there is."""
        if not self.cancel():
            self.ask()

    def ask(self) -> None:
        decision = self.table.decision()
        if not self.offered() or decision is None:
            if self.possible and self.table.offers_hints:  # H answers, as Ctrl+Z does (the lesson coaches instead)
                self.note = (tr("play_better.hint.not_now"), NOTE_TIME)
            return
        controller, app = self.table.controller, self.table.app
        game, seat = controller.game, decision.seat
        view = controller.view()  # the person deciding holds the screen
        position = len(controller.actions)
        seed = derive_seed("hint", controller.setup.seed, seat, position)
        depth, legal = app.hint_depth, list(decision.legal)
        watched = controller.watched_by(seat)  # the seat's earlier views: the analyst reads the rivals as it could
        if app.threaded:
            def think(wanted: Callable[[], bool]) -> int | None:  # (a pass-and-play game starts the opponents'
                # process here, not in a frame)
                return app.opponents(game).assess(view, legal, seed, depth, wanted, watched)
        else:
            def think(wanted: Callable[[], bool]) -> int | None:
                return think_inline(game, view, legal, seed, depth, watched)
        self.note = None
        self.request = HintRequest(seat, position, view, legal, think, app.threaded)
        self.update(0.0)

    def next_frame_in(self) -> float | None:
        """When the hint needs drawing again (see Scene.next_frame_in): its marks pulse, its thinking is
        polled (and its dots move), a note goes when its time is up."""
        if self.shown is not None:
            return PULSE
        if self.request is not None:
            return POLL
        return self.note[1] if self.note is not None else None

    def cancel(self) -> bool:
        """Drop the hint being thought out or shown (Esc, H); False if there was none."""
        had = self.active
        self.forget()
        return had

    def forget(self) -> None:
        """No hint asked nor shown any more. One asked and still waiting for its turn in the opponents' process is
        not thought out at all: asked and cancelled again and again, each waited behind the others (a thread each,
        a second of the processor each), and the computers' moves behind them all."""
        if self.request is not None:
            self.request.drop()
        self.request = self.shown = None

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.note is not None:
            words, left = self.note
            self.note = (words, left - dt) if left > dt else None
        decision = self.table.decision()
        here = None if decision is None else (decision.seat, len(self.table.controller.actions))
        for asked in (self.request, self.shown):
            if asked is not None and (asked.seat, asked.position) != here:
                self.forget()  # the person acted (or the turn moved on): the hint is stale
        request = self.request
        if request is None or not request.ready:
            return
        self.request = None
        if request.error is not None:
            self.note = (tr("play_better.hint.failed", error=request.error), NOTE_TIME)
            return
        action = request.action
        if action is None:
            self.note = (tr("play_better.hint.nothing"), NOTE_TIME)
            return
        controller = self.table.controller
        reason = controller.game.hint_reason(request.view, action)
        self.shown = ShownHint(request.seat, request.position, action, reason)
        controller.hinted(request.seat)
        if self.table.session is not None:
            self.table.session.hinted(request.seat)

    # -- drawing ---------------------------------------------------------------------------------------

    def draw_marks(self, surface: pygame.Surface) -> None:
        """The suggested action's places glowing (under the bubble, over the table), each with the hint's bulb
        at its top left corner: the shape says "hint" where the colour is not told apart."""
        if self.shown is None:
            return
        art, th = self.table.app.ctx.art, self.table.app.ctx.theme
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        places = self.table.hint_places(self.shown.action)
        if len(places) == 2:  # from one to the other: the card to its place, the character to its target
            start, end = places[0].center, places[1].center
            canvas.line(surface, theme.HINT, start, end, max(3, th.px(5)))
            canvas.circle(surface, theme.HINT, end, max(5, th.px(9)))
        radius = max(9, th.px(14))
        bulb = art.ui_icon("hint", round(radius * 1.4), theme.HINT)
        for rect in places:
            m = art.halo(rect.w, rect.h)
            surface.blit(art.glow(rect.w, rect.h, theme.HINT), (rect.x - m, rect.y - m))
            frame = rect.inflate(6, 6)
            canvas.rect(surface, theme.shade(theme.HINT, 0.55 + 0.45 * pulse), frame, width=max(2, th.px(3)),
                        border_radius=th.px(8))
            canvas.circle(surface, theme.PANEL, frame.topleft, radius)
            canvas.circle(surface, theme.HINT, frame.topleft, radius, width=max(2, th.px(2)))
            surface.blit(bulb, bulb.get_rect(center=frame.topleft))

    def draw_bubble(self, surface: pygame.Surface, places: Sequence[BubblePlace],
                    keep_clear: Sequence[Rect] = ()) -> Rect | None:
        """The hint in words (or that it is thinking, or why there is none) in a panel at the first of `places`
        where it covers none of the hint's own places nor `keep_clear` (what the table tells beside it), else
        the first that covers none of the hint's places, else the first; its rect, or None when there is
        nothing to say."""
        ctx = self.table.app.ctx
        th, text = ctx.theme, ctx.text
        if self.shown is not None:
            title, words = tr("play_better.hint.title"), self.shown.reason or tr("play_better.hint.no_reason")
            note = tr("play_better.hint.hide_note")
        elif self.request is not None:
            dots = "." * (1 + int(self.clock * 3) % 3)
            title, words, note = tr("play_better.hint.thinking") + dots, "", tr("play_better.hint.cancel_note")
        elif self.note is not None:
            title, words, note = tr("play_better.hint.title"), self.note[0], ""
        else:
            return None
        pad, icon_size = th.px(14), th.px(30)
        marked = self.table.hint_places(self.shown.action) if self.shown is not None else []
        screen = Rect((0, 0), surface.get_size()).inflate(-2 * th.px(8), -2 * th.px(8))  # off the window's edges
        candidates = []
        for place in places:  # the words laid out as wide as each place allows (a narrow one: more lines)
            width = place.width - 2 * pad - icon_size - th.px(12)
            parts = [text.fitted(title, "bold", th.text(21), theme.HINT, width)]
            if words:
                parts.append(text.block(words, "body", th.text(20), theme.INK, width, max_height=th.px(90)))
            if note:
                parts.append(text.fitted(note, "body", th.text(16), theme.INK_MUTED, width))
            inner_w = max(p.get_width() for p in parts)
            height = sum(p.get_height() for p in parts) + th.px(4) * (len(parts) - 1)
            candidate = Rect(0, 0, inner_w + 2 * pad + icon_size + th.px(12), height + 2 * pad)
            candidate.midbottom = place.midbottom
            candidates.append((candidate.clamp(screen), parts))
        clear = [*marked, *keep_clear]
        box, parts = next((c for c in candidates if c[0].collidelist(clear) < 0),
                          next((c for c in candidates if c[0].collidelist(marked) < 0), candidates[0]))
        surface.blit(ctx.art.panel(box.w, box.h, alpha=245, edge=theme.HINT), box)
        blit_at(surface, ctx.art.ui_icon("hint", icon_size, theme.HINT), "topleft", (box.x + pad, box.y + pad))
        y = box.y + pad
        for part in parts:
            blit_at(surface, part, "topleft", (box.x + pad + icon_size + th.px(12), y), box=box)
            y += part.get_height() + th.px(4)
        return box
