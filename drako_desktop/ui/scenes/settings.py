"""Settings: every player setting, applied at once and saved."""

from __future__ import annotations

from typing import Any

import pygame
from pygame import Rect

from ... import resources
from ...i18n import available_languages, tr
from ...settings import ANIMATION_SPEEDS, COMPUTER_PACES, MAX_WINDOW, MIN_WINDOW
from ..room import SettingsRoom
from ..widgets import Button, Choice, TextField, WidgetGroup
from .screen import Screen

WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
BOT_TIMEOUTS = (2.0, 5.0, 10.0, 20.0, 30.0, 60.0, 120.0)
SOUND_FOLDER = resources.package() / "ui" / "sounds"


def sounds_exist() -> bool:
    """The sound setting only shows when the game has sounds (a switch that does nothing misleads)."""
    try:
        return any(p.suffix in (".wav", ".ogg") for p in SOUND_FOLDER.iterdir())
    except OSError:
        return False


def window_sizes(current: tuple[int, int]) -> list[tuple[int, int]]:
    """The presets that fit on the screen (at least the smallest), and the current size."""
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        desktop = MAX_WINDOW
    sizes = [size for size in WINDOW_SIZES if MIN_WINDOW <= size <= MAX_WINDOW
             and size[0] <= desktop[0] and size[1] <= desktop[1]] or [WINDOW_SIZES[0]]
    if current not in sizes:
        sizes.append(current)
    return sorted(sizes)


class SettingsScene(Screen):
    app: SettingsRoom  # a settings screen's room: the window's size and full screen
    title_key = "settings.title"

    def relayout(self) -> None:
        th = self.ctx.theme
        s = self.ctx.settings
        area = self.content_rect(th.px(150), width=0.5)
        row_h, gap = th.px(50), th.px(10)
        on_off = [(True, tr("settings.enabled")), (False, tr("settings.disabled"))]
        languages = [("", tr("settings.language_system"))] + list(available_languages().items())
        current = (s.window_width, s.window_height)
        sizes = window_sizes(current)
        timeouts = list(BOT_TIMEOUTS) if s.bot_timeout in BOT_TIMEOUTS else sorted({*BOT_TIMEOUTS, s.bot_timeout})
        rows: list[Choice[Any] | TextField] = [  # Any: every Choice has values of its own kind
            Choice(Rect(0, 0, 0, 0), tr("settings.animation_speed"),
                   [(v, tr(f"settings.speed.{v}")) for v in ANIMATION_SPEEDS], s.animation_speed,
                   lambda v: self.change(animation_speed=v)),
            Choice(Rect(0, 0, 0, 0), tr("settings.computer_pace"),
                   [(v, tr(f"settings.pace.{v}")) for v in COMPUTER_PACES], s.computer_pace,
                   lambda v: self.change(computer_pace=v)),
            Choice(Rect(0, 0, 0, 0), tr("settings.score_preview"), on_off, s.show_score_preview,
                   lambda v: self.change(show_score_preview=v)),
            Choice(Rect(0, 0, 0, 0), tr("settings.auto_end_turn"), on_off, s.auto_end_turn,
                   lambda v: self.change(auto_end_turn=v)),
            Choice(Rect(0, 0, 0, 0), tr("settings.practice_undo"), on_off, s.practice_undo,
                   lambda v: self.change(practice_undo=v)),
            *([Choice(Rect(0, 0, 0, 0), tr("settings.sound"), on_off, s.sound, lambda v: self.change(sound=v))]
              if sounds_exist() else []),
            Choice(Rect(0, 0, 0, 0), tr("settings.language"), languages, s.language, lambda v: self.change(language=v)),
            Choice(Rect(0, 0, 0, 0), tr("settings.fullscreen"), on_off, self.app.fullscreen,
                   lambda v: self.app.toggle_fullscreen() if v != self.app.fullscreen else None),
            Choice(Rect(0, 0, 0, 0), tr("settings.window_size"), [(sz, f"{sz[0]} × {sz[1]}") for sz in sizes], current,
                   self.window_size),
            TextField(Rect(0, 0, 0, 0), tr("settings.bot_command"), s.bot_command,
                      lambda v: self.change(bot_command=v), max_length=200,
                      placeholder=tr("settings.bot_command_none")),
            Choice(Rect(0, 0, 0, 0), tr("settings.bot_timeout"),
                   [(t, tr("settings.seconds", seconds=f"{t:g}")) for t in timeouts], s.bot_timeout,
                   lambda v: self.change(bot_timeout=v)),
        ]
        for i, widget in enumerate(rows):
            widget.rect = Rect(area.x, area.y + i * (row_h + gap), area.w, row_h)
            widget.label_share = 0.5
        back = Rect(0, area.y + len(rows) * (row_h + gap) + th.px(16), th.px(260), row_h)
        back.centerx = area.centerx
        back.bottom = min(back.bottom, th.height - th.px(20))
        self.widgets = WidgetGroup([*rows, Button(back, tr("settings.back"), self.back, style="primary")], focus=0)

    def change(self, **values) -> None:
        self.app.update_settings(**values)

    def window_size(self, size) -> None:
        self.change(window_width=size[0], window_height=size[1])
        if not self.app.fullscreen:
            self.app.resize(size)
