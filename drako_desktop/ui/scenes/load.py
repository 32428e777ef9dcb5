"""Load: the saved games in progress and the history of finished ones.

Each row tells when the game was last played (local time), who sits at the
table (person or computer, and its level), the turn and the scores so far; a
finished game shows its final scores and the winner. A game in progress opens
straight onto the table where it was left, a finished one onto its final table
and score sheet; a finished one can also be replayed move by move (the viewer) and
reviewed by the strongest level. A game with hints, and one started with a chosen seed, is marked (the seed
itself is never shown: it decides every hidden card). Deleting asks first.
Files found unusable while listing were renamed aside by the listing (or left in
place, when nothing is wrong with them but this copy will not open them), and one
message names them.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from functools import partial

import pygame
from pygame import Rect

from ...ai import EXTERNAL
from ...i18n import Message, tr
from ...reviews import forget_reviews
from ...saves import SavedGame, history_dir, list_saves, saves_dir
from .. import theme
from ..room import MenuRoom
from ..text import blit_at
from ..tooltips import number
from ..widgets import Button, Widget, WidgetGroup
from .dialogs import confirm
from .new_game import level_label
from .screen import Screen

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Entry:
    """One saved game as the list shows it."""

    game: SavedGame
    turn: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    title: str  # which game it is, in the player's language


def rounds_of(entry: Entry) -> int:
    """The rounds a game lasted (a round: every player had a turn; the last may have ended early)."""
    return -(-entry.turn // max(1, entry.game.setup.players))


def local_time(stamp: str) -> datetime | None:
    """A save's UTC time stamp in the player's local time (None if it is not one)."""
    try:
        return datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc).astimezone()
    except ValueError:
        return None


def when_text(stamp: str, now: datetime | None = None) -> str:
    """"Today, 14:32", "Yesterday, 09:05" or "2026-11-12, 14:32" (local time)."""
    when = local_time(stamp)
    if when is None:
        return stamp
    now = now or datetime.now().astimezone()
    time = when.strftime("%H:%M")
    if when.date() == now.date():
        return tr("load.today", time=time)
    if when.date() == now.date() - timedelta(days=1):
        return tr("load.yesterday", time=time)
    return tr("load.date", date=when.strftime("%Y-%m-%d"), time=time)


def seat_kind(seat) -> str:
    """"Person", or the computer's level ("Medium", "External bot")."""
    if seat.is_human:
        return tr("load.person")
    return tr("load.external_bot") if seat.level == EXTERNAL else level_label(seat.level)


class SaveRow(Widget):
    """One saved game: click (or Enter) opens it."""

    def __init__(self, rect: Rect, entry: Entry, history: bool, on_open, face: bool = True) -> None:
        """`face`: the row draws its own open button at its end (else buttons of their own stand beside it)."""
        super().__init__(rect)
        self.entry, self.history, self.on_open, self.face = entry, history, on_open, face

    def activate(self) -> None:
        self.on_open(self.entry)

    def draw(self, surface: pygame.Surface, ctx, focused: bool, hovered: bool) -> None:
        th, text, art = ctx.theme, ctx.text, ctx.art
        r = self.rect
        surface.blit(art.panel(r.w, r.h, alpha=235 if hovered or focused else 205,
                               edge=theme.GOLD if hovered else theme.PANEL_EDGE, radius=th.radius), r)
        game, entry = self.entry.game, self.entry
        pad = th.px(18)
        # When, and how far the game got.
        left_w = max(round(r.w * 0.2), th.px(230))
        when = text.fitted(when_text(game.updated), "bold", th.text(22), theme.INK, left_w - pad)
        turn = tr("load.rounds_played", rounds=rounds_of(entry)) if self.history else \
            tr("load.turn", turn=entry.turn) if entry.turn else tr("load.setup")  # turn 0: placing, arranging
        label = text.fitted(turn, "body", th.text(18), theme.INK_MUTED, left_w - pad)
        # Which game it is, and a practice game or one with a chosen seed (never which seed) marked beside it:
        # the badges get what the game's name leaves them (a third of the line each at least), shrunk to fit
        # rather than cut short ("Chosen s…") while there is room.
        badges = [tr(key) for key, shown in (("table.practice", game.practice),
                                             ("statistics.seeded", game.setup.seed_chosen),
                                             ("load.other_rules", game.other_rules)) if shown]
        room = left_w - pad - text.width(entry.title, "bold", th.text(16)) - th.px(8) * len(badges)
        share = max((left_w - pad) // 3, room // max(1, len(badges)))
        widths = [min(self.badge_width(ctx, words), share) + th.px(8) for words in badges]
        which = text.fitted(entry.title, "bold", th.text(16), theme.GOLD_DARK, left_w - pad - sum(widths))
        # The three lines centred in the row: a script with tall lines (Chinese) keeps the last one inside it.
        lines_h = when.get_height() + label.get_height() + which.get_height() + 2 * th.px(1)
        top = blit_at(surface, when, "topleft", (r.x + pad, r.y + max(th.px(2), (r.h - lines_h) // 2)))
        below = blit_at(surface, label, "topleft", (r.x + pad, top.bottom + th.px(1)))
        title = blit_at(surface, which, "topleft", (r.x + pad, below.bottom + th.px(1)))
        x = title.right + th.px(8)
        for words, width in zip(badges, widths):
            self.badge(surface, ctx, words, (x, title.centery), width - th.px(8))
            x += width
        # Who sits at the table, with their scores.
        open_w = max(th.px(150), text.width(self.open_label(), "bold", th.text(21)) + th.px(40)) if self.face \
            else -th.px(16)
        seats_x = r.x + left_w + th.px(6)
        seats_w = r.right - pad - open_w - th.px(16) - seats_x
        per = seats_w // max(4, len(game.setup.seats))
        for i, seat in enumerate(game.setup.seats):
            self.seat(surface, ctx, i, seat, Rect(seats_x + i * per, r.y, per - th.px(8), r.h))
        if focused:
            pygame.draw.rect(surface, theme.GOLD, r.inflate(8, 8), width=3, border_radius=th.radius + 4)
        if not self.face:
            return
        # What opening it does, drawn as a button at the row's end.
        face = Rect(r.right - pad - open_w, 0, open_w, th.px(44))
        face.centery = r.centery
        fill = theme.shade(theme.GOLD, 0.6 if hovered or focused else 0.45)
        pygame.draw.rect(surface, fill, face, border_radius=th.radius)
        pygame.draw.rect(surface, theme.GOLD, face, width=1, border_radius=th.radius)
        words = text.fitted(self.open_label(), "bold", th.text(21), theme.INK, face.w - th.px(16))
        blit_at(surface, words, "center", face.center)

    def open_label(self) -> str:
        return tr("load.view") if self.history else tr("load.resume")

    def seat(self, surface: pygame.Surface, ctx, i: int, seat, box: Rect) -> None:
        th, text, art = ctx.theme, ctx.text, ctx.art
        entry = self.entry
        colour = theme.seat_colour(entry.game.setup.colour_of(i))
        radius = th.px(20)
        centre = (box.x + radius + th.px(2), box.centery)
        won = self.history and i in entry.winners
        pygame.draw.circle(surface, theme.shade(colour, 0.5), centre, radius)
        pygame.draw.circle(surface, colour, centre, radius, width=max(1, th.px(3)))
        icon = "trophy" if won else ("person" if seat.is_human else "computer")
        blit_at(surface, art.ui_icon(icon, th.px(22), theme.GOLD if won else theme.INK), "center", centre)
        score = text.render(number(entry.scores[i]), "number", th.text(28), theme.GOLD if won else theme.INK)
        score_rect = score.get_rect(midright=(box.right, box.centery))
        surface.blit(score, score_rect)
        x = centre[0] + radius + th.px(10)
        width = max(20, score_rect.x - th.px(8) - x)
        hints = entry.game.hints[i] if entry.game.hints else 0
        if hints:  # a bulb and the hints this seat was shown, under its disc (the game counts apart)
            count = text.render(number(hints), "number", th.text(15), theme.INK_DARK)
            bulb = art.ui_icon("hint", th.px(14), theme.INK_DARK)
            spot = Rect(0, 0, bulb.get_width() + count.get_width() + th.px(10), th.px(20))
            spot.center = (centre[0], centre[1] + radius)
            pygame.draw.rect(surface, theme.HINT, spot, border_radius=spot.h // 2)
            mark = blit_at(surface, bulb, "midleft", (spot.x + th.px(4), spot.centery))
            blit_at(surface, count, "midleft", (mark.right + th.px(1), spot.centery))
        name = text.fitted(seat.name, "bold", th.text(20), theme.INK, width)
        kind = text.fitted(seat_kind(seat), "body", th.text(16), theme.INK_MUTED, width)
        total = name.get_height() + kind.get_height()
        y = box.centery - total // 2
        surface.blit(name, (x, y))
        surface.blit(kind, (x, y + name.get_height()))

    @staticmethod
    def badge_width(ctx, words: str) -> int:
        return ctx.text.width(words, "bold", ctx.theme.text(15)) + ctx.theme.px(16)

    @staticmethod
    def badge(surface: pygame.Surface, ctx, words: str, midleft: tuple[int, int], max_width: int) -> None:
        th = ctx.theme
        label = ctx.text.fitted(words, "bold", th.text(15), theme.GOLD, max_width - th.px(16))
        rect = Rect((0, 0), (label.get_width() + th.px(16), label.get_height() + th.px(2)))
        rect.midleft = midleft
        pygame.draw.rect(surface, theme.shade(theme.GOLD, 0.25), rect, border_radius=rect.h // 2)
        pygame.draw.rect(surface, theme.GOLD_DARK, rect, width=1, border_radius=rect.h // 2)
        blit_at(surface, label, "center", rect.center)


class LoadScene(Screen):
    app: MenuRoom  # a menu's room: open another screen, resume or review a game
    title_key = "load.title"

    def __init__(self, app, history: bool = False) -> None:
        super().__init__(app)
        self.history = history
        self.first = 0  # the first row shown (the list scrolls by rows)
        self.entries: dict[bool, list[Entry]] = {False: [], True: []}
        self.foreign = 0
        self.list_rect = Rect(0, 0, 0, 0)
        self.per_page = 1
        self.row_step = 1
        self.group = 2  # widgets per row: the row, its buttons
        self.scan()

    # -- the saved games ----------------------------------------------------------------------------------

    def scan(self) -> None:
        """Read both folders; unusable files were renamed aside by the listing, and are named once."""
        problems: list[Message] = []
        kept: list[Message] = []
        self.foreign = 0
        for history, folder in ((False, saves_dir()), (True, history_dir())):
            listing = list_saves(self.app.library, folder)
            problems += listing.problems
            kept += listing.kept
            self.foreign += len(listing.foreign)
            entries = []
            for game in listing.games:
                if game.finished != history:
                    continue  # a finished game not yet moved (the move failed): listed where it belongs
                assert game.path is not None, "every listed game was read from its file"
                standing = listing.standings[game.path]
                title = self.app.library[game.setup.game].ui().title()
                entries.append(Entry(game, standing.turn, standing.totals, standing.winners, title))
            self.entries[history] = entries
        self.problems, self.kept = problems, kept

    def enter(self) -> None:
        super().enter()
        self.app.notify_unusable_saves(self.problems, self.kept)
        self.problems, self.kept = [], []

    @property
    def shown(self) -> list[Entry]:
        return self.entries[self.history]

    def open(self, entry: Entry) -> None:
        if entry.game.other_rules:  # made with other rules: only its record, in the viewer
            self.app.open_viewer(entry.game)
        elif self.history:
            self.app.review_game(entry.game)
        else:
            self.app.resume_game(entry.game)

    def replay(self, entry: Entry) -> None:
        self.app.open_viewer(entry.game)

    def review(self, entry: Entry) -> None:
        self.app.open_review(entry.game)

    def ask_delete(self, entry: Entry) -> None:
        confirm(self.app, tr("load.delete_title"),
                tr("load.delete_question", when=when_text(entry.game.updated),
                   names=", ".join(s.name for s in entry.game.setup.seats)),
                tr("load.delete_yes"), lambda: self.delete(entry), no=tr("load.delete_no"))

    def delete(self, entry: Entry) -> None:
        path = entry.game.path
        try:
            if path is not None:
                path.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            log.warning("could not delete %s: %s", path, exc)
            self.app.notify(tr("load.delete_failed_title"), tr("load.delete_failed"), detail=f"{path}: {exc.strerror}")
            return
        log.info("deleted the saved game %s", path)
        forget_reviews(entry.game.game_id)
        self.shown.remove(entry)
        self.first = max(0, min(self.first, len(self.shown) - self.per_page))
        self.relayout(focus_row=None)

    def switch(self, history: bool) -> None:
        if history != self.history:
            self.history = history
            self.first = 0
            self.relayout()

    # -- layout ---------------------------------------------------------------------------------------------

    def relayout(self, focus_row: int | None = None) -> None:
        th, text = self.ctx.theme, self.ctx.text
        area = self.content_rect(max(th.px(150), self.title_bottom(tr("load.title")) + th.px(10)), width=0.76)
        tab_h = th.px(50)
        labels = [tr("load.in_progress", count=len(self.entries[False])),
                  tr("load.finished", count=len(self.entries[True]))]
        tab_w = max(th.px(260), *(text.width(label, "bold", th.text(22)) + th.px(50) for label in labels))
        tabs = []
        for i, label in enumerate(labels):
            rect = Rect(area.centerx - tab_w - th.px(6) + i * (tab_w + th.px(12)), area.y, tab_w, tab_h)
            tabs.append(Button(rect, label, partial(self.switch, bool(i)),
                               style="primary" if bool(i) == self.history else "normal", size=22,
                               icon="trophy" if i else "save"))
        back = Rect(0, th.height - th.px(40) - th.px(54), th.px(260), th.px(54))
        back.centerx = area.centerx
        list_top = area.y + tab_h + th.px(24)
        self.list_rect = Rect(area.x, list_top, area.w, back.y - th.px(44) - list_top)
        row_h, gap = th.px(92), th.px(12)
        self.row_step = row_h + gap
        self.per_page = max(1, (self.list_rect.h + gap) // (row_h + gap))
        self.first = max(0, min(self.first, len(self.shown) - self.per_page))
        del_w = max(th.px(130), text.width(tr("load.delete"), "bold", th.text(20)) + th.px(64))
        # A finished game's row has Replay and Review beside it, one above the other.
        more = [tr("play_better.viewer.button"), tr("play_better.review.button")] if self.history else []
        more_w = max((text.width(label, "bold", th.text(18)) + th.px(36) for label in more), default=0)
        more_w = max(more_w, th.px(150)) if more else 0
        rows: list[Widget] = []
        for n, entry in enumerate(self.shown[self.first:self.first + self.per_page]):
            y = self.list_rect.y + n * (row_h + gap)
            right = self.list_rect.right - del_w - th.px(18)
            row_w = right - th.px(10) - self.list_rect.x - (more_w + th.px(10) if more else 0)
            rows.append(SaveRow(Rect(self.list_rect.x, y, row_w, row_h), entry, self.history, self.open,
                                face=not more))
            if more:
                half = (row_h - th.px(6)) // 2
                x = self.list_rect.x + row_w + th.px(10)
                rows.append(Button(Rect(x, y, more_w, half), more[0], partial(self.replay, entry), size=18))
                reviewable = (self.app.library[entry.game.setup.game].analyst(0, 1) is not None
                              and not entry.game.other_rules)
                rows.append(Button(Rect(x, y + row_h - half, more_w, half), more[1], partial(self.review, entry),
                                   size=18, enabled=reviewable))
            rows.append(Button(Rect(right, y + (row_h - th.px(50)) // 2, del_w, th.px(50)),
                               tr("load.delete"), partial(self.ask_delete, entry), icon="close", size=20))
        self.group = 2 + len(more)  # widgets per row
        widgets = [*tabs, *rows, Button(back, tr("load.back"), self.back, style="primary")]
        if focus_row is not None and rows:
            focus = len(tabs) + self.group * max(0, min(focus_row - self.first, len(rows) // self.group - 1))
        elif rows:
            focus = len(tabs)
        else:
            focus = len(widgets) - 1
        keyboard = self.widgets.keyboard_used
        self.widgets = WidgetGroup(widgets, focus=focus)
        self.widgets.keyboard_used = keyboard

    # -- events ---------------------------------------------------------------------------------------------

    def focused_row(self) -> tuple[int, int] | None:
        """(index in the list, which of the row's widgets: 0 the row, then its buttons) of the focused widget."""
        focus = self.widgets.focus
        for n, row in enumerate(w for w in self.widgets.widgets if isinstance(w, SaveRow)):
            start = self.widgets.widgets.index(row)
            if start <= focus < start + self.group:
                return self.first + n, focus - start
        return None

    def scroll(self, rows: int, keep_focus: bool = True) -> None:
        first = max(0, min(self.first + rows, len(self.shown) - self.per_page))
        if first != self.first:
            where = self.focused_row()
            self.first = first
            target = None
            if keep_focus and where is not None:
                target = max(self.first, min(where[0], self.first + self.per_page - 1))
            self.relayout(focus_row=target)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:  # the list is the only thing that scrolls
            self.scroll(-event.y)
            return
        if event.type == pygame.KEYDOWN:
            where = self.focused_row()
            if event.key in (pygame.K_UP, pygame.K_DOWN) and where is not None:
                step = -1 if event.key == pygame.K_UP else 1
                target = where[0] + step
                if 0 <= target < len(self.shown):
                    if not self.first <= target < self.first + self.per_page:
                        self.first = max(0, min(target - (self.per_page - 1 if step > 0 else 0),
                                                len(self.shown) - self.per_page))
                    self.relayout(focus_row=target)
                    self.widgets.focus += where[1]
                    self.widgets.keyboard_used = True
                    return
            if event.key == pygame.K_DELETE and where is not None:
                self.ask_delete(self.shown[where[0]])
                return
            if event.key == pygame.K_PAGEDOWN:
                self.scroll(self.per_page)
                return
            if event.key == pygame.K_PAGEUP:
                self.scroll(-self.per_page)
                return
        super().handle(event)

    # -- drawing --------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        th, text = self.ctx.theme, self.ctx.text
        super().draw(surface)  # the backdrop, the title, the tabs, rows and buttons
        area = self.list_rect
        if not self.shown:
            self.draw_empty_note(surface, tr("load.empty_history") if self.history else tr("load.empty"), area)
        elif len(self.shown) > self.per_page:  # where the page is in the list
            track = Rect(area.right - th.px(6), area.y, th.px(6), self.per_page * self.row_step - th.px(12))
            pygame.draw.rect(surface, theme.shade(theme.PANEL_EDGE, 0.8), track, border_radius=track.w // 2)
            thumb_h = max(th.px(30), track.h * self.per_page // len(self.shown))
            span = len(self.shown) - self.per_page
            thumb = Rect(track.x, track.y + (track.h - thumb_h) * self.first // max(1, span), track.w, thumb_h)
            pygame.draw.rect(surface, theme.GOLD_DARK, thumb, border_radius=track.w // 2)
            shown = tr("load.showing", first=self.first + 1, last=min(len(self.shown), self.first + self.per_page),
                       total=len(self.shown))
            label = text.fitted(shown, "body", th.text(17), theme.INK_MUTED, area.w)
            blit_at(surface, label, "topright", (area.right, track.bottom + th.px(8)))
        if self.foreign:
            note = text.fitted(tr("load.foreign", count=self.foreign), "body", th.text(17), theme.INK_MUTED,
                               area.w // 2 if len(self.shown) > self.per_page else area.w)
            blit_at(surface, note, "topleft", (area.x, area.y + self.per_page * self.row_step - th.px(4)))
