"""Statistics: per player name, games, wins, average and best score, and results by opponent level.

Practice games (unlimited undo), games with hints and games with a chosen seed are counted apart and change
nothing else.
Resetting asks first; a statistics file that could not be read was set aside
by `Statistics.load`, and the screen says so once.
"""

from __future__ import annotations

import logging

import pygame
from pygame import Rect

from ...ai import EXEC_PREFIX, EXTERNAL, RANDOM
from ...i18n import tr
from ...stats import PEOPLE, Record, Statistics
from .. import theme
from ..text import blit_at
from ..tooltips import number
from ..widgets import Button, WidgetGroup
from .dialogs import confirm
from .new_game import level_label
from .screen import Screen

log = logging.getLogger(__name__)


def opponent_label(level: str) -> str:
    if level == PEOPLE:
        return tr("statistics.people")
    if level == EXTERNAL or level.startswith(EXEC_PREFIX):  # exec:COMMAND: counted by an earlier version
        return tr("load.external_bot")
    return level_label(level)


LEVEL_ORDER = ("easy", "medium", "hard", "expert", RANDOM)  # the built-in levels of every game, weakest first


def opponent_order(level: str) -> tuple[int, str]:
    levels = LEVEL_ORDER
    return (levels.index(level) if level in levels else len(levels) + (level == PEOPLE), level)


def percent(wins: int, games: int) -> str:
    return tr("statistics.percent", value=round(100 * wins / games)) if games else "–"


class StatisticsScene(Screen):
    title_key = "statistics.title"

    def title(self) -> str:
        return tr("statistics.title_of", game=self.ctx.game_ui.title())

    def __init__(self, app) -> None:
        super().__init__(app)
        self.stats, self.problem = Statistics.load()
        self.first = 0
        self.per_page = 1
        self.table = Rect(0, 0, 0, 0)

    def enter(self) -> None:
        super().enter()
        if self.problem:
            self.app.notify(tr("statistics.trouble_title"), tr("statistics.trouble"), detail=str(self.problem))
            self.problem = None

    def players(self) -> list[tuple[str, Record]]:
        """Most games first, then by name."""
        return sorted(self.stats.players_of(self.ctx.game.id).items(),
                      key=lambda item: (-item[1].games - item[1].practice_games - item[1].hint_games
                                        - item[1].seeded_games,
                                        item[0].casefold()))

    def relayout(self) -> None:
        th = self.ctx.theme
        area = self.content_rect(max(th.px(150), self.title_bottom(tr("statistics.title")) + th.px(10)), width=0.8)
        h, gap = th.px(54), th.px(20)
        y = th.height - th.px(40) - h
        w = th.px(300)
        reset = Button(Rect(area.centerx - w - gap // 2, y, w, h), tr("statistics.reset"), self.ask_reset,
                       enabled=bool(self.stats.players_of(self.ctx.game.id)))
        back = Button(Rect(area.centerx + gap // 2, y, w, h), tr("statistics.back"), self.back, style="primary")
        self.table = Rect(area.x, area.y, area.w, y - th.px(30) - area.y)
        self.row_h = th.px(78)
        self.per_page = max(1, (self.table.h - th.px(48)) // self.row_h)
        self.first = max(0, min(self.first, len(self.stats.players_of(self.ctx.game.id)) - self.per_page))
        self.widgets = WidgetGroup([back, reset], focus=0)

    def ask_reset(self) -> None:
        confirm(self.app, tr("statistics.reset_title"), tr("statistics.reset_question"), tr("statistics.reset_yes"),
                self.reset, no=tr("statistics.reset_no"))

    def reset(self) -> None:
        self.stats.reset(self.ctx.game.id)
        try:
            self.stats.save()
        except OSError as exc:
            log.warning("could not reset the statistics: %s", exc)
            self.app.notify(tr("statistics.trouble_title"), tr("statistics.reset_failed"), detail=str(exc))
        log.info("statistics reset")
        self.first = 0
        self.relayout()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.first = max(0, min(self.first - event.y, len(self.stats.players_of(self.ctx.game.id)) - self.per_page))
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            step = self.per_page if event.key == pygame.K_PAGEDOWN else -self.per_page
            self.first = max(0, min(self.first + step, len(self.stats.players_of(self.ctx.game.id)) - self.per_page))
            return
        super().handle(event)

    # -- drawing ----------------------------------------------------------------------------------------

    def columns(self) -> list[tuple[str, float]]:
        """(heading, share of the table's width) for the number columns after the name."""
        return [(tr("statistics.games"), 0.08), (tr("statistics.wins"), 0.08), (tr("statistics.win_rate"), 0.09),
                (tr("statistics.average"), 0.09), (tr("statistics.best"), 0.08), (tr("statistics.practice"), 0.1),
                (tr("play_better.statistics.hint_games"), 0.1), (tr("statistics.seeded"), 0.11)]

    def draw(self, surface: pygame.Surface) -> None:
        th, text = self.ctx.theme, self.ctx.text
        super().draw(surface)  # the backdrop, the title and the buttons
        area = self.table
        players = self.players()
        if not players:
            self.draw_empty_note(surface, tr("statistics.empty"), area)
            return
        columns = self.columns()
        name_w = round(area.w * (1 - sum(share for _, share in columns)))
        xs = []
        x = area.x + name_w
        for _, share in columns:
            xs.append((x, round(area.w * share)))
            x += round(area.w * share)
        # Headings.
        head_y = area.y
        label = text.fitted(tr("statistics.player"), "heading", th.text(21), theme.GOLD, name_w - th.px(20))
        blit_at(surface, label, "midleft", (area.x + th.px(16), head_y + th.px(18)))
        for (heading, _), (cx, cw) in zip(columns, xs):
            label = text.fitted(heading, "heading", th.text(21), theme.GOLD, cw - th.px(8))
            blit_at(surface, label, "center", (cx + cw // 2, head_y + th.px(18)))
        y = head_y + th.px(40)
        pygame.draw.line(surface, theme.GOLD_DARK, (area.x, y), (area.right, y), 2)
        y += th.px(8)
        for n, (name, record) in enumerate(players[self.first:self.first + self.per_page]):
            row = Rect(area.x, y + n * self.row_h, area.w, self.row_h - th.px(6))
            surface.blit(self.ctx.art.panel(row.w, row.h, alpha=200 if n % 2 == 0 else 170, radius=th.radius), row)
            self.draw_player(surface, row, name, record, name_w, xs)
        note = text.fitted(tr("play_better.statistics.note"), "body", th.text(17), theme.INK_MUTED, area.w)
        blit_at(surface, note, "midbottom", (area.centerx, area.bottom + th.px(16)))
        if len(players) > self.per_page:
            shown = tr("load.showing", first=self.first + 1, last=min(len(players), self.first + self.per_page),
                       total=len(players))
            label = text.fitted(shown, "body", th.text(17), theme.INK_MUTED, area.w)
            blit_at(surface, label, "topright", (area.right, y + self.per_page * self.row_h))

    def draw_player(self, surface: pygame.Surface, row: Rect, name: str, record: Record, name_w: int,
                    xs: list[tuple[int, int]]) -> None:
        th, text, art = self.ctx.theme, self.ctx.text, self.ctx.art
        icon = art.ui_icon("person", th.px(26), theme.INK)
        top = row.y + th.px(10)
        blit_at(surface, icon, "topleft", (row.x + th.px(14), top))
        label = text.fitted(name, "bold", th.text(22), theme.INK, name_w - th.px(60))
        blit_at(surface, label, "topleft", (row.x + th.px(50), top))
        # Results by opponent level: "Easy 3 of 5 won · Hard 0 of 2 won".
        parts = [tr("statistics.versus", level=opponent_label(level), wins=counts[1], games=counts[0])
                 for level, counts in sorted(record.by_opponent.items(), key=lambda kv: opponent_order(kv[0]))]
        versus = "  ·  ".join(parts) if parts else tr("statistics.no_games")
        line = text.fitted(versus, "body", th.text(17), theme.INK_MUTED, row.right - th.px(20) - (row.x + th.px(50)))
        blit_at(surface, line, "bottomleft", (row.x + th.px(50), row.bottom - th.px(8)))
        average = record.average
        values = [
            str(record.games), str(record.wins), percent(record.wins, record.games),
            tr("statistics.decimal", value=f"{average:.1f}".replace("-", "−")) if average is not None else "–",
            number(record.best) if record.best is not None else "–", str(record.practice_games),
            str(record.hint_games), str(record.seeded_games),
        ]
        for value, (cx, cw) in zip(values, xs):
            colour = theme.GOLD if value != "–" and (cx, cw) == xs[1] and record.wins else theme.INK
            label = text.fitted(value, "number", th.text(24), colour, cw - th.px(8))
            blit_at(surface, label, "center", (cx + cw // 2, top + label.get_height() // 2))
