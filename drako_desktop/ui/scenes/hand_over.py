"""The hand-over screen, every game's: before a person sees what only they may know (their face-down tokens,
their starting cards), the whole table is hidden until that person confirms that they, and only they, are
looking.

It is an opaque scene over the table, so nothing of the board is drawn while it shows, and the table (frozen
beneath it) does not move on. It shows only what everyone may know: the next person's name, colour and mark,
the turn, and why the screen is handed over. The controller decides when it is due (`hand_over_due`); its
confirmation is the only way a person's view reaches the screen (`take_screen`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame
from pygame import Rect

from ...i18n import tr
from .. import theme
from ..room import Room
from ..text import blit_at
from ..widgets import Button, WidgetGroup
from .base import Scene

if TYPE_CHECKING:
    from ...controller.game import GameSetup


class HandsOver(Protocol):
    """What the hand-over asks of the table it covers."""

    @property
    def setup(self) -> "GameSetup": ...

    def seat_name(self, seat: int) -> str: ...

    @property
    def hand_over_key(self) -> str:
        """The game's words for why the screen is handed over (tokens, starting cards): `{name}` and `{turn}`."""
        ...

    def turn_text(self) -> str: ...

    def take_screen(self, seat: int) -> None: ...

    def open_menu(self) -> None: ...


class HandOverScene(Scene):
    opaque = True
    app: Room

    def __init__(self, app, table: HandsOver, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.widgets = WidgetGroup()
        self.panel = Rect(0, 0, 0, 0)

    @property
    def name(self) -> str:
        return self.table.seat_name(self.seat)

    def relayout(self) -> None:
        th = self.ctx.theme
        self.panel = Rect(0, 0, min(th.width - th.px(80), th.px(760)), min(th.height - th.px(80), th.px(470)))
        self.panel.center = (th.width // 2, th.height // 2)
        label = tr("table.hand_over.confirm", name=self.name)
        w = min(self.panel.w - th.px(60), self.ctx.text.width(label, "bold", th.text(24)) + th.px(80))
        rect = Rect(0, 0, w, th.px(60))
        rect.midbottom = (self.panel.centerx, self.panel.bottom - th.px(34))
        self.widgets = WidgetGroup([Button(rect, label, self.confirm, icon="play", style="primary")], focus=0)
        self.widgets.keyboard_used = True

    def confirm(self) -> None:
        self.app.scenes.remove(self)
        self.table.take_screen(self.seat)

    def handle(self, event: pygame.event.Event) -> None:
        if self.widgets.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.table.open_menu()

    def draw(self, surface: pygame.Surface) -> None:
        th, text, art = self.ctx.theme, self.ctx.text, self.ctx.art
        surface.blit(art.backdrop(*surface.get_size()), (0, 0))
        panel = self.panel
        identity = self.table.setup.colour_of(self.seat)
        colour = theme.seat_colour(identity)
        surface.blit(art.panel(panel.w, panel.h, alpha=240, edge=colour), panel)
        pygame.draw.rect(surface, colour, panel, width=max(2, th.px(4)), border_radius=max(6, min(panel.size) // 14))
        y = panel.y + th.px(34)
        mark = self.ctx.game_ui.seat_mark(self.ctx, identity, th.px(64))
        if mark is not None:
            blit_at(surface, mark, "midtop", (panel.centerx, y))
            y += mark.get_height() + th.px(14)
        title = text.fitted(tr("table.hand_over.title", name=self.name), "title", th.text(40), theme.GOLD,
                            panel.w - th.px(60), shadow=True)
        rect = blit_at(surface, title, "midtop", (panel.centerx, y), box=panel)
        y = rect.bottom + th.px(16)
        bottom = self.widgets.widgets[0].rect.y - th.px(16)
        whole = self.name.replace(" ", "\u00a0")  # the name kept on one line: "Player / 1, when only you..." read badly
        why = tr(self.table.hand_over_key, name=whole, turn=self.table.turn_text())
        words = text.block(why, "body", th.text(22), theme.INK, panel.w - th.px(80), max_height=max(20, bottom - y),
                           align="center")
        blit_at(surface, words, "midtop", (panel.centerx, y), box=panel)
        self.widgets.draw(surface, self.ctx)
