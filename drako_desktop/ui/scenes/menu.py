"""The title screen and main menu: the two games side by side, and what to do with the chosen one."""

from __future__ import annotations

from typing import Callable

import pygame
from pygame import Rect

from ... import __version__
from ...i18n import tr
from ...saves import saves_dir
from .. import theme
from ..room import MenuRoom
from ..text import blit_at
from ..widgets import Button, Widget, WidgetGroup, draw_focus_ring
from .screen import Screen

FAN = 4  # pieces of a game shown in its tile


def saved_game_available() -> bool:
    """Continue is enabled while an unfinished game is saved (a quick look: the file is checked when
    the game is resumed, and a bad one is set aside with a message then)."""
    try:
        folder = saves_dir()
        return folder.is_dir() and any(folder.glob("*.json"))
    except OSError:
        return False


class GameTile(Widget):
    """One game of the app: a fan of its pieces, its name and what it is; the chosen one glows."""

    def __init__(self, rect: Rect, game_id: str, chosen: bool, fan: list[tuple[pygame.Surface, tuple[int, int]]],
                 title: str, tagline: str, on_choose: Callable[[str], None]) -> None:
        super().__init__(rect)
        self.game_id = game_id
        self.chosen = chosen
        self.fan = fan
        self.title = title
        self.tagline = tagline
        self.on_choose = on_choose

    def activate(self) -> None:
        self.on_choose(self.game_id)

    def draw(self, surface: pygame.Surface, ctx, focused: bool, hovered: bool) -> None:
        th, text, rect = ctx.theme, ctx.text, self.rect
        edge = theme.GOLD if self.chosen else (theme.INK_MUTED if hovered else theme.PANEL_EDGE)
        surface.blit(ctx.art.panel(rect.w, rect.h, alpha=210 if self.chosen or hovered else 150, edge=edge,
                                   radius=th.radius), rect)
        if self.chosen:
            pygame.draw.rect(surface, theme.GOLD, rect, width=th.px(3), border_radius=th.radius)
        for picture, (dx, dy) in self.fan:
            blit_at(surface, picture, "center", (rect.x + dx, rect.y + dy))
        if not self.chosen:  # the other game, quieter until chosen
            surface.blit(ctx.art.shade(rect.w, rect.h, 90 if hovered else 120), rect)
        pad = th.px(16)
        y = rect.y + round(rect.h * 0.66)
        name = text.fitted(self.title, "heading", th.text(30), theme.GOLD if self.chosen else theme.INK,
                           rect.w - 2 * pad, shadow=True)
        y = blit_at(surface, name, "midtop", (rect.centerx, y)).bottom + th.px(6)
        block = text.block(self.tagline, "body", th.text(18), theme.INK if self.chosen else theme.INK_MUTED,
                           rect.w - 2 * pad, max_height=rect.bottom - y - pad, align="center")
        blit_at(surface, block, "midtop", (rect.centerx, y))
        if focused:
            draw_focus_ring(surface, rect, th.radius)


class MainMenu(Screen):
    app: MenuRoom  # a menu's room: open every other screen
    # Rotated once per size and language, and kept for the window as it is only: every window size has fans of its
    # own, and dragging a window's edge passes through dozens of sizes.
    _fans: dict[tuple, list[tuple[pygame.Surface, tuple[int, int]]]] = {}

    def look(self) -> object:
        return self.widgets.look()  # the mouse moving over the menu changes nothing until it enters or leaves one

    def relayout(self) -> None:
        th = self.ctx.theme
        game_ui = self.ctx.game_ui
        in_progress = saved_game_available()
        # With a game in progress, Continue is the button to press (and Enter presses it); else New game.
        entries = [
            (tr("menu.new_game"), self.app.open_new_game, "normal" if in_progress else "primary", True),
            (tr("menu.continue"), self.app.continue_game, "primary" if in_progress else "normal", in_progress),
            (tr("menu.join"), self.app.open_join, "normal", True),
        ]
        if game_ui.has_lesson():
            entries.append((tr("menu.learn"), self.app.open_lesson, "normal", True))
        entries += [
            (tr("menu.load"), self.app.open_load, "normal", True),
            (tr("menu.rules"), self.app.open_rules, "normal", True),
            (tr("menu.statistics"), self.app.open_statistics, "normal", True),
            (tr("menu.settings"), self.app.open_settings, "normal", True),
            (tr("menu.about"), self.app.open_about, "normal", True),
            (tr("menu.quit"), self.app.quit, "normal", True),
        ]
        w, h, gap = th.px(380), th.px(56), th.px(12)
        top = max(round(th.height * 0.34), self.header()[2] + th.px(16))
        room = th.height - th.px(50) - top  # down to the footer
        if len(entries) * (h + gap) - gap > room:  # more entries than the column holds: smaller buttons
            gap = th.px(9)
            h = (room - gap * (len(entries) - 1)) // len(entries)
        widgets: list[Widget] = []
        for i, (label, action, style, enabled) in enumerate(entries):
            rect = Rect(0, top + i * (h + gap), w, h)
            rect.centerx = th.width // 2
            widgets.append(Button(rect, label, action, style=style, enabled=enabled, size=26))
        widgets += self.tiles(top, room)
        previous = self.widgets.focused() if self.widgets.widgets else None
        keyboard = self.widgets.keyboard_used
        focus = next((i for i, wd in enumerate(widgets) if isinstance(previous, GameTile)
                      and isinstance(wd, GameTile) and wd.game_id == previous.game_id), None)
        if focus is None:
            focus = self.widgets.focus if len(self.widgets.widgets) == len(widgets) else int(in_progress)
        self.widgets = WidgetGroup(widgets, focus=focus)
        self.widgets.keyboard_used = keyboard

    def tiles(self, top: int, room: int) -> list[GameTile]:
        """The games, one tile each side of the menu column."""
        th = self.ctx.theme
        ids = list(self.app.library)
        side = (th.width - th.px(380)) // 2 - th.px(60)
        width = min(th.px(400), side)
        height = min(room, round(width * 0.9))
        tiles = []
        for i, game_id in enumerate(ids):
            game_ui = self.app.library[game_id].ui()
            rect = Rect(0, top, width, height)
            if i % 2 == 0:
                rect.right = th.width // 2 - th.px(190) - th.px(30)
            else:
                rect.left = th.width // 2 + th.px(190) + th.px(30)
            tiles.append(GameTile(rect, game_id, game_id == self.ctx.game.id, self.fan(game_id, game_ui, rect.size),
                                  game_ui.title(), game_ui.tagline(), self.choose))
        return tiles

    def fan(self, game_id: str, game_ui, size: tuple[int, int]) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """A few of the game's pieces fanned out in the top of its tile (offsets from the tile's corner)."""
        w, h = size
        key = (game_id, size, self.ctx.fonts.language)
        fan = self._fans.get(key)
        if fan is None:
            for other in [k for k in self._fans if k[1:] != key[1:]]:
                del self._fans[other]
            cw = round(w * 0.26)
            ch = round(cw / 0.8)
            shown = game_ui.showcase(self.ctx, cw, ch)[:FAN]
            fan = []
            for i, face in enumerate(shown):
                angle = (i - (len(shown) - 1) / 2) * 12
                dx = w // 2 + round((i - (len(shown) - 1) / 2) * cw * 0.62)
                dy = round(h * 0.34) + round(abs(angle) * 0.9)
                fw, fh = face.get_size()
                fan.append((pygame.transform.rotozoom(self.ctx.art.shadow(fw, fh), -angle, 1), (dx, dy + 6)))
                fan.append((pygame.transform.rotozoom(face, -angle, 1), (dx, dy)))
            self._fans[key] = fan
        return fan

    def choose(self, game_id: str) -> None:
        """Make a game the chosen one (remembered for the next start)."""
        if game_id != self.ctx.game.id:
            self.app.show_game(game_id)
            self.app.update_settings(game=game_id)
        self.relayout()

    def header(self) -> tuple[list[tuple[pygame.Surface, Rect]], int, int]:
        """The title and the chosen game's name with their rects, the y of the gold rule under the name,
        and the bottom. The title gets smaller when a tall script or a short window needs the room."""
        th, text = self.ctx.theme, self.ctx.text
        w = th.width
        size = th.text(110)
        while True:
            title = text.fitted(tr("menu.title"), "title", size, theme.GOLD, w - th.px(200), shadow=True)
            sub = text.fitted(self.ctx.game_ui.title(), "heading", th.text(34), theme.INK, w - th.px(200), shadow=True)
            top = title.get_rect(midtop=(w // 2, th.px(50)))
            middle = sub.get_rect(midtop=(w // 2, top.bottom + th.px(2)))
            rule = middle.bottom + th.px(14)
            if rule <= th.height * 0.3 or size <= th.text(56):
                return [(title, top), (sub, middle)], rule, rule
            size -= max(2, size // 12)

    def uncovered(self) -> None:
        self.relayout()  # Continue follows the saves (a game may have been saved or deleted meanwhile)

    def back(self) -> None:
        pass  # Esc on the title screen does nothing; Quit is a button

    def draw(self, surface: pygame.Surface) -> None:
        th, text = self.ctx.theme, self.ctx.text
        self.draw_backdrop(surface)
        w, h = surface.get_size()
        parts, y, _ = self.header()
        for part, rect in parts:
            blit_at(surface, part, "topleft", rect.topleft)
        half = th.px(200)
        pygame.draw.line(surface, theme.GOLD_DARK, (w // 2 - half, y), (w // 2 + half, y), 2)
        for dx in (-half, 0, half):
            pygame.draw.circle(surface, theme.GOLD, (w // 2 + dx, y), th.px(4))
        self.widgets.draw(surface, self.ctx)
        footer = text.fitted(tr("menu.footer", version=__version__), "body", th.text(17), theme.INK_MUTED,
                             w - th.px(40))
        blit_at(surface, footer, "midbottom", (w // 2, h - th.px(14)))
