"""The score sheet: the game's scoring lines per player, totals counting up, the tie-break, the winner."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable, Protocol

import pygame
from pygame import Rect

from ...i18n import called_you, shown_name, tr
from ...saves import SavedGame, start_game
from .. import theme
from ..anim import ease_out
from ..room import GameRoom
from ..table_parts import Bars
from ..text import blit_at
from ..tooltips import join_names, number, signed
from ..widgets import Button, WidgetGroup
from .base import ANIMATING
from .overlay import Overlay

if TYPE_CHECKING:
    from ...controller.game import GameController, GameSetup
    from ...session import GameSession

ROW_STAGGER = 0.18
COUNT_UP = 0.7


class SidesShown(Protocol):
    """The table's board, as far as the score sheet hidden lets it show another seat's side."""

    @property
    def look_around(self) -> Callable[[pygame.event.Event], None] | None:
        """What shows another seat's side at a click or a key once the game is over (None: all of it is shown)."""
        ...


class ScoredTable(Protocol):
    """What the score sheet asks of the table it is drawn over (the table opens the sheet; the sheet never imports
    the table)."""

    @property
    def controller(self) -> GameController[Any, Any]: ...

    @property
    def setup(self) -> GameSetup: ...

    @property
    def session(self) -> GameSession | None: ...

    @property
    def saved(self) -> SavedGame | None: ...

    @property
    def speed(self) -> float: ...

    @property
    def bars(self) -> Bars: ...

    @property
    def board(self) -> SidesShown: ...

    def toggle_log(self) -> None: ...

    def handle(self, event: pygame.event.Event) -> None: ...

    def close(self) -> None:
        """Take the table off the screen for good (a finished game opened from the history)."""


class ScoreSheet(Overlay):
    app: GameRoom  # over a table: a rematch, the review
    dim_alpha = 185

    def __init__(self, app, table: ScoredTable, review: bool = False) -> None:
        super().__init__(app)
        self.table = table
        self.review = review  # a finished game opened from the history: Back returns there
        self.scores = table.controller.scores()
        self.winners = table.controller.winners()
        self.names = [shown_name(s.name) for s in table.controller.seats]
        self.elapsed = 0.0
        self.hidden = False
        self.game = self.finished_game()
        self.toggle_button: Button | None = None

    def headline(self) -> str:
        """Who won, in words: "Brynja wins!", "You win!" (the lone person called You), or a shared victory."""
        winners = join_names([self.names[s] for s in self.winners])
        if len(self.winners) != 1:
            return tr("scores.winners", names=winners)
        seat = self.table.controller.seats[self.winners[0]]
        if seat.is_human and called_you(seat.name):
            return tr("scores.you_win")
        return tr("scores.winner", name=winners)

    def finished_game(self) -> SavedGame:
        """The game on the sheet as a saved game (what Review is of): the table's save, the game it was opened
        from, or, for a game kept nowhere, one with an id of its own."""
        table, controller = self.table, self.table.controller
        base = table.session.game if table.session is not None else table.saved or start_game(table.setup)
        hints = tuple(controller.hints) if any(controller.hints) else ()
        return replace(base, actions=tuple(controller.actions), finished=controller.over, hints=hints)

    def hint_note(self) -> str:
        """Who was shown hints, and that the game counts apart (empty without hints)."""
        hints = self.table.controller.hints
        shown = [tr("play_better.hint.sheet_seat", name=name, count=n) for name, n in zip(self.names, hints) if n]
        return tr("play_better.hint.sheet", names=join_names(shown)) if shown else ""

    def tie_break_text(self) -> str:
        """Why the winners won when the best totals tie, in the game's words (empty without a tie)."""
        words: str = self.ctx.game_ui.tie_break_text(self.names, self.scores, self.winners)
        return words

    def ending_text(self) -> str:
        """How the game ended, in the game's words (empty for a game that ends one way only)."""
        words: str = self.ctx.game_ui.ending_text(self.table.controller.view())
        return words

    def relayout(self) -> None:
        th = self.ctx.theme
        rows = len(self.scores[0].categories) + 1
        review = [(tr("play_better.review.button"), self.open_review, "normal")] \
            if self.table.controller.game.analyst(0, 1) is not None else []
        show = (tr("scores.show_scores") if self.hidden else tr("scores.show_table"), self.toggle, "normal")
        if self.review:
            labels = [(tr("scores.back"), self.back, "primary"), *review, show]
        else:
            labels = [(tr("scores.rematch"), self.rematch, "primary"), *review, show,
                      (tr("scores.main_menu"), self.app.main_menu, "normal")]
        h = th.px(52)
        widths = [self.ctx.text.width(label, "bold", th.text(24)) + th.px(60) for label, _, _ in labels]
        row_w = sum(widths) + th.px(16) * (len(widths) - 1)
        # As wide as the players' columns need, and never narrower than its row of buttons.
        width = min(th.width - th.px(60), max(th.px(260) + len(self.names) * th.px(230), row_w + th.px(60)))
        why = self.tie_break_text()  # as many lines as a tie of three or four players takes to explain
        tie_room = self.ctx.text.block(why, "body", th.text(19), theme.INK_MUTED, width - th.px(80)).get_height() \
            + th.px(10) if why else 0
        tie_room += th.px(50) if self.hint_note() else 0
        tie_room += th.px(50) if self.ending_text() else 0
        height = th.px(150) + th.px(86) + rows * th.px(40) + th.px(70) + tie_room + th.px(100)
        self.panel = Rect(0, 0, width, min(height, th.height - th.px(40)))
        self.panel.center = (th.width // 2, th.height // 2)
        x = self.panel.centerx - row_w // 2
        buttons = []
        for (label, action, style), w in zip(labels, widths):
            buttons.append(Button(Rect(x, self.panel.bottom - h - th.px(22), w, h), label, action, style=style))
            if action == self.toggle:
                self.toggle_button = buttons[-1]
            x += w + th.px(16)
        self.widgets = WidgetGroup(buttons, focus=0)
        assert self.toggle_button is not None, "every row of buttons has the toggle"
        self.toggle_home = self.toggle_button.rect
        if self.hidden:
            self.toggle_button.rect = self.toggle_place()

    def toggle_place(self) -> Rect:
        """While the table is shown: the button at the right end of the table's status bar, clear of the board."""
        th = self.ctx.theme
        status = self.table.bars.status_bar
        w = self.ctx.text.width(tr("scores.show_scores"), "bold", th.text(24)) + th.px(60)
        return Rect(status.right - th.px(12) - w, status.y + th.px(8), w, status.h - th.px(16))

    def open_review(self) -> None:
        self.app.open_review(self.game)

    def back(self) -> None:
        """Review: close the sheet and the table it shows, back to the list it was opened from."""
        self.table.close()
        self.app.scenes.remove(self)

    def rematch(self) -> None:
        self.app.rematch(self.table.setup)

    def toggle(self) -> None:
        self.hidden = not self.hidden
        self._under = None  # the table may have been looked around meanwhile: dimmed again when shown
        if self.toggle_button is not None:
            self.toggle_button.label = tr("scores.show_scores") if self.hidden else tr("scores.show_table")
            self.toggle_button.rect = self.toggle_place() if self.hidden else self.toggle_home

    def draws_over_last(self) -> bool:
        return not self.hidden and super().draws_over_last()  # hidden, the table shows through: drawn whole

    def show_log(self) -> None:
        """L: the game log, on the table shown in full (the sheet comes back with its button or a key)."""
        if not self.hidden:
            self.toggle()
        self.table.toggle_log()

    def handle(self, event: pygame.event.Event) -> None:
        button = self.toggle_button
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.show_log()
            return
        on_toggle = event.type == pygame.MOUSEBUTTONDOWN and button is not None and button.rect.collidepoint(event.pos)
        if self.hidden and event.type == pygame.MOUSEBUTTONDOWN and not on_toggle and \
                self.table.bars.top_bar.collidepoint(event.pos):
            self.table.handle(event)  # the table's own top bar: its game log, its rules, its menu
            return
        look = self.table.board.look_around  # a board that can show any player's side large
        if self.hidden and look is not None:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE):
                self.toggle()
            elif on_toggle or event.type == pygame.MOUSEMOTION:
                super().handle(event)
            else:
                look(event)
            return
        if self.hidden and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and not on_toggle:
            self.toggle()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.review:
                self.back()
            return  # the game is over: leave with a button
        super().handle(event)

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def next_frame_in(self) -> float | None:
        """Every frame while the numbers count up, then only on events."""
        factor = self.table.speed
        counted = ((len(self.scores[0].categories)) * ROW_STAGGER + COUNT_UP) * factor
        return ANIMATING if self.elapsed < counted else None

    def shown(self, row: int, value: int) -> int:
        """A value counting up: row by row, each from 0 to its value."""
        factor = self.table.speed
        if factor == 0:
            return value
        t = (self.elapsed - row * ROW_STAGGER * factor) / (COUNT_UP * factor)
        return round(value * ease_out(max(0.0, min(1.0, t))))

    def draw(self, surface: pygame.Surface) -> None:
        if self.hidden:
            if self.toggle_button is not None:
                self.toggle_button.draw(surface, self.ctx, False, True)
            return
        th, text, art, game_ui = self.ctx.theme, self.ctx.text, self.ctx.art, self.ctx.game_ui
        y = self.draw_panel(surface, tr("scores.title"))
        categories = self.scores[0].categories
        # As wide as the longest line's name needs (some games name their lines at length), within reason.
        label_w = max(th.px(220), min(self.panel.w * 2 // 5, th.px(14) + max(
            text.width(game_ui.category_name(c), "body", th.text(21)) for c in categories)))
        left = self.panel.x + th.px(30)
        col_w = (self.panel.right - th.px(30) - left - label_w) // len(self.names)
        row_h = th.px(40)
        # Player heads: seat colour, person/computer icon, name, trophy for the winner.
        for seat, name in enumerate(self.names):
            cx = left + label_w + seat * col_w + col_w // 2
            colour = theme.seat_colour(self.table.setup.colour_of(seat))
            person = self.table.controller.seats[seat].is_human
            icon = "trophy" if seat in self.winners else ("person" if person else "computer")
            pygame.draw.circle(surface, theme.shade(colour, 0.5), (cx, y + th.px(22)), th.px(20))
            pygame.draw.circle(surface, colour, (cx, y + th.px(22)), th.px(20), width=th.px(3))
            blit_at(surface, art.ui_icon(icon, th.px(24), theme.GOLD if seat in self.winners else theme.INK), "center",
                    (cx, y + th.px(22)))
            label = text.fitted(name, "heading", th.text(22), theme.INK, col_w - th.px(10))
            blit_at(surface, label, "midtop", (cx, y + th.px(46)))
        y += th.px(86)
        max_rows = len(categories) + 1
        for row, category in enumerate((*categories, "total")):
            rect = Rect(left - th.px(10), y, self.panel.right - th.px(30) - left + th.px(20), row_h)
            if row % 2 == 0:
                band = pygame.Surface(rect.size, pygame.SRCALPHA)
                band.fill((255, 255, 255, 12))
                surface.blit(band, rect)
            is_total = category == "total"
            if is_total:
                pygame.draw.line(surface, theme.GOLD_DARK, rect.topleft, rect.topright, 2)
            name = tr("scores.total") if is_total else game_ui.category_name(category)
            label = text.fitted(name, "heading" if is_total else "body", th.text(24 if is_total else 21),
                                theme.GOLD if is_total else theme.INK, label_w - th.px(10))
            blit_at(surface, label, "midleft", (left, rect.centery))
            for seat, breakdown in enumerate(self.scores):
                value = breakdown.total if is_total else breakdown[category]
                shown = self.shown(max_rows - 1 if is_total else row, value)
                words = number(shown) if is_total else signed(shown)
                sign_colour = theme.GOOD if shown > 0 else theme.BAD if shown < 0 else theme.INK_MUTED
                colour = theme.GOLD if is_total else sign_colour
                cx = left + label_w + seat * col_w + col_w // 2
                if is_total and seat in self.winners:
                    pygame.draw.rect(surface, theme.shade(theme.GOLD, 0.35),
                                     Rect(cx - col_w // 2 + 6, rect.y + 3, col_w - 12, rect.h - 6),
                                     border_radius=th.px(8))
                blit_at(surface, text.render(words, "number", th.text(28 if is_total else 22), colour), "center",
                        (cx, rect.centery))
            y += row_h
        y += th.px(16)
        done = self.elapsed >= (max_rows * ROW_STAGGER + COUNT_UP) * self.table.speed
        if done:
            headline = self.headline()
            label = text.fitted(headline, "title", th.text(34), theme.GOLD, self.panel.w - th.px(60), shadow=True)
            rect = blit_at(surface, label, "midtop", (self.panel.centerx, y))
            y = rect.bottom + th.px(8)
            bottom = self.widgets.widgets[0].rect.y - th.px(10)
            ending = self.ending_text()
            if ending:
                block = text.block(ending, "body", th.text(19), theme.INK, self.panel.w - th.px(80),
                                   max_height=max(20, bottom - y), align="center")
                y = blit_at(surface, block, "midtop", (self.panel.centerx, y)).bottom + th.px(6)
            why = self.tie_break_text()
            if why:
                block = text.block(why, "body", th.text(19), theme.INK_MUTED, self.panel.w - th.px(80),
                                   max_height=max(20, bottom - y), align="center")
                y = blit_at(surface, block, "midtop", (self.panel.centerx, y)).bottom + th.px(6)
            hints = self.hint_note()
            if hints:
                block = text.block(hints, "body", th.text(18), theme.HINT, self.panel.w - th.px(80),
                                   max_height=max(20, bottom - y), align="center")
                blit_at(surface, block, "midtop", (self.panel.centerx, y))
        self.widgets.draw(surface, self.ctx)
