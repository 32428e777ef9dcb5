"""Overlays: a panel over the dimmed scene beneath (in-game menu, messages, the score sheet)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame
from pygame import Rect

from ...i18n import tr
from .. import theme
from ..room import Room
from ..text import blit_at
from ..widgets import Button, WidgetGroup
from .base import Scene


class Overlay(Scene):
    app: Room  # an overlay's room: what of the app it may touch (the score sheet's is a table's)
    opaque = False
    dim_alpha = 160

    def __init__(self, app) -> None:
        super().__init__(app)
        self.widgets = WidgetGroup()
        self.panel = Rect(0, 0, 0, 0)
        self._dim: pygame.Surface | None = None
        # What the overlay is drawn over, dimmed, as the last whole frame left it; and whether this frame puts it
        # back rather than drawing and dimming the scenes beneath again (see `draw_changes`).
        self._under: pygame.Surface | None = None
        self._putting_back = False

    def handle(self, event: pygame.event.Event) -> None:
        if self.widgets.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

    def close(self) -> None:
        self.app.scenes.pop()

    def draws_over_last(self) -> bool:
        return not self.notice and self._under is not None  # a notice's scene beneath goes on: drawn every frame

    def draw_changes(self, surface: pygame.Surface) -> list[Rect] | None:
        """The scenes beneath are frozen while an overlay is up: rather than drawing them and dimming them again
        every frame (about 9 ms at 3840 x 2160), their dimmed picture kept from the last whole frame is put back."""
        self._putting_back = True
        try:
            self.draw(surface)
        finally:
            self._putting_back = False
        return None

    def draw_panel(self, surface: pygame.Surface, title: str) -> int:
        """Dim what is beneath, draw the panel and its title; returns the y below the title."""
        size = surface.get_size()
        if self._putting_back and self._under is not None and self._under.get_size() == size:
            surface.blit(self._under, (0, 0))
        else:
            if self._dim is None or self._dim.get_size() != size:
                self._dim = pygame.Surface(size, pygame.SRCALPHA)
                self._dim.fill((4, 6, 12, self.dim_alpha))
            surface.blit(self._dim, (0, 0))
            if not self.notice:  # a notice's scene beneath goes on: nothing to keep
                self._under = surface.copy()
        th = self.ctx.theme
        surface.blit(self.ctx.art.panel(self.panel.w, self.panel.h, alpha=245, edge=theme.GOLD_DARK), self.panel)
        label = self.ctx.text.fitted(title, "title", th.text(40), theme.GOLD, self.panel.w - th.px(40), shadow=True)
        rect = blit_at(surface, label, "midtop", (self.panel.centerx, self.panel.y + th.px(22)))
        y = rect.bottom + th.px(8)
        pygame.draw.line(surface, theme.GOLD_DARK, (self.panel.x + th.px(40), y), (self.panel.right - th.px(40), y))
        return y + th.px(14)

    def button_column(self, entries: Sequence[tuple[str, Callable[[], object], str]], top: int,
                      width: int) -> list[Button]:
        th = self.ctx.theme
        h = th.px(54)
        buttons = []
        for i, (label, action, style) in enumerate(entries):
            rect = Rect(0, top + i * (h + th.px(12)), width, h)
            rect.centerx = self.panel.centerx
            buttons.append(Button(rect, label, action, style=style))
        return buttons


class MessageBox(Overlay):
    """A message with one button (an error that ends the game, a notice)."""

    def __init__(self, app, title: str, message: str, button: str, on_close) -> None:
        super().__init__(app)
        self.title, self.message, self.button, self.on_close = title, message, button, on_close

    def relayout(self) -> None:
        th = self.ctx.theme
        self.panel = Rect(0, 0, th.px(720), th.px(400))
        self.panel.center = (th.width // 2, th.height // 2)
        rect = Rect(0, self.panel.bottom - th.px(84), th.px(280), th.px(54))
        rect.centerx = self.panel.centerx
        self.widgets = WidgetGroup([Button(rect, self.button, self.on_close, style="primary")], focus=0)

    def close(self) -> None:
        self.on_close()

    def draw(self, surface: pygame.Surface) -> None:
        th = self.ctx.theme
        y = self.draw_panel(surface, self.title)
        body = self.ctx.text.block(self.message, "body", th.text(22), theme.INK, self.panel.w - th.px(80),
                                   max_height=self.panel.bottom - th.px(100) - y, align="center")
        blit_at(surface, body, "midtop", (self.panel.centerx, y + th.px(10)))
        self.widgets.draw(surface, self.ctx)


class PauseMenu(Overlay):
    """Esc during a game: resume, rules, settings, or leave to the main menu."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.leaving = False

    def relayout(self) -> None:
        th = self.ctx.theme
        self.panel = Rect(0, 0, th.px(520), th.px(520))
        self.panel.center = (th.width // 2, th.height // 2)
        if self.seat_elsewhere():
            leave = tr("pause.leave_joined")
        elif self.saved():
            leave = tr("pause.save_and_leave")
        else:
            leave = tr("pause.leave_sure") if self.leaving else tr("pause.main_menu")
        entries = [
            (tr("pause.resume"), self.close, "primary"),
            (tr("pause.rules"), self.rules, "normal"),
            (tr("pause.settings"), self.settings, "normal"),
            (leave, self.leave_game, "normal"),
        ]
        if self.hosted_table() is not None:
            entries.insert(1, (tr("pause.invitations"), self.invitations, "normal"))
            self.panel.h += th.px(66)
            self.panel.center = (th.width // 2, th.height // 2)
        top = self.panel.y + th.px(120)
        self.widgets = WidgetGroup(self.button_column(entries, top, th.px(380)), focus=0)

    def rules(self) -> None:
        self.app.open_rules()

    def seat_elsewhere(self) -> bool:
        """The table beneath is a seat of a game hosted elsewhere: leaving loses nothing (the invitation comes
        back to it)."""
        return any(getattr(scene, "joined", None) is not None for scene in self.app.scenes.scenes)

    def hosted_table(self) -> Any:
        """The table beneath when it is a hosted game's (its seats played from other computers), or None."""
        return next((scene for scene in self.app.scenes.scenes if getattr(scene, "hosted", None) is not None), None)

    def invitations(self) -> None:
        table = self.hosted_table()
        self.close()
        table.show_invitations()

    def settings(self) -> None:
        self.app.open_settings()

    def saved(self) -> bool:
        """The game on the table is autosaved: leaving loses nothing (Continue brings it back)."""
        return any(getattr(scene, "session", None) is not None for scene in self.app.scenes.scenes)

    def leave_game(self) -> None:  # not `leave`: that is what the scene stack calls when this menu closes
        if not self.leaving and not self.saved() and not self.seat_elsewhere():  # the game is lost: ask again
            self.leaving = True
            self.relayout()
            return
        self.app.main_menu()

    def draw(self, surface: pygame.Surface) -> None:
        th = self.ctx.theme
        self.draw_panel(surface, tr("pause.title"))
        if self.seat_elsewhere() or self.saved():
            words = tr("pause.joined_note" if self.seat_elsewhere() else "pause.saved_note")
            note = self.ctx.text.block(words, "body", th.text(19), theme.INK_MUTED, self.panel.w - th.px(60),
                                       align="center")
            blit_at(surface, note, "midbottom", (self.panel.centerx, self.panel.bottom - th.px(20)))
        elif self.leaving:
            note = self.ctx.text.block(tr("pause.leave_note"), "body", th.text(19), theme.BAD, self.panel.w - th.px(60),
                                       align="center")
            blit_at(surface, note, "midbottom", (self.panel.centerx, self.panel.bottom - th.px(20)))
        self.widgets.draw(surface, self.ctx)
