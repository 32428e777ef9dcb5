"""Buttons, choices and text fields, with mouse, keyboard focus and a focus ring.

Widgets are rebuilt by their scene whenever it lays itself out (enter, resize,
language change), so their labels are plain texts already translated.
"""

from __future__ import annotations

from typing import Callable, Generic, Sequence, TypeVar

import pygame
from pygame import Rect

from . import canvas, theme
from .context import Context
from .text import blit_at

UP, DOWN, LEFT, RIGHT = (0, -1), (0, 1), (-1, 0), (1, 0)
ARROWS = {pygame.K_UP: UP, pygame.K_DOWN: DOWN, pygame.K_LEFT: LEFT, pygame.K_RIGHT: RIGHT}
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)

T = TypeVar("T")  # the values a Choice chooses from


def nearest_in_direction(rects: Sequence[Rect], current: int, direction: tuple[int, int]) -> int:
    """The index of the rect nearest to rects[current] in the arrow's direction (current if none).
    Distance along the arrow counts once, sideways distance twice, so straight lines win."""
    here = rects[current].center
    best, best_cost = current, float("inf")
    dx, dy = direction
    for i, rect in enumerate(rects):
        if i == current:
            continue
        vx, vy = rect.centerx - here[0], rect.centery - here[1]
        along = vx * dx + vy * dy
        if along <= 0:
            continue
        across = abs(vx * dy) + abs(vy * dx)
        cost = along + 2 * across
        if cost < best_cost:
            best, best_cost = i, cost
    return best


def draw_focus_ring(surface: pygame.Surface, rect: Rect, radius: int) -> None:
    canvas.rect(surface, theme.GOLD, rect.inflate(8, 8), width=3, border_radius=radius + 4)


class Widget:
    focusable = True

    def __init__(self, rect: Rect, enabled: bool = True) -> None:
        self.rect = Rect(rect)
        self.enabled = enabled

    def draw(self, surface: pygame.Surface, ctx: Context, focused: bool, hovered: bool) -> None:
        raise NotImplementedError

    def look(self) -> tuple:
        """What its drawing depends on besides hover and focus: its place and plain attributes (a label, a value,
        the option chosen, enabled...), so that a screen can tell whether a frame would show anything new."""
        return tuple(self.rect), *((name, value) for name, value in vars(self).items()
                                   if value is None or isinstance(value, (str, int, float, tuple)))

    def click(self, pos: tuple[int, int]) -> None:
        self.activate()

    def activate(self) -> None:
        pass

    def adjust(self, step: int) -> bool:
        """Left/right on a focused widget; True if it used the key."""
        return False

    def text_input(self, event: pygame.event.Event) -> bool:
        return False


def _face(ctx: Context, rect: Rect, style: str, hovered: bool, enabled: bool) -> pygame.Surface:
    edge = theme.GOLD if hovered and enabled else theme.PANEL_EDGE
    if style == "primary" and enabled:
        return ctx.art.panel(rect.w, rect.h, alpha=255, edge=theme.GOLD, radius=ctx.theme.radius) if not hovered \
            else ctx.art.panel(rect.w, rect.h, alpha=255, edge=(255, 230, 160), radius=ctx.theme.radius)
    return ctx.art.panel(rect.w, rect.h, alpha=235 if hovered else 200, edge=edge, radius=ctx.theme.radius)


class Button(Widget):
    def __init__(self, rect: Rect, label: str, on_click: Callable[[], object], *, icon: str | None = None,
                 style: str = "normal", enabled: bool = True, size: int = 24) -> None:
        super().__init__(rect, enabled)
        self.label = label
        self.on_click = on_click
        self.icon = icon
        self.style = style
        self.size = size

    def activate(self) -> None:
        if self.enabled:
            self.on_click()

    def draw(self, surface: pygame.Surface, ctx: Context, focused: bool, hovered: bool) -> None:
        rect = self.rect
        surface.blit(_face(ctx, rect, self.style, hovered, self.enabled), rect)
        if self.style == "primary" and self.enabled:
            fill = Rect(rect.x + 2, rect.y + 2, rect.w - 4, rect.h - 4)
            canvas.rect(surface, theme.shade(theme.GOLD, 0.55 if not hovered else 0.65), fill,
                             border_radius=ctx.theme.radius - 1)
        colour = theme.INK if self.enabled else theme.shade(theme.INK_MUTED, 0.7)
        pad = max(6, rect.h // 4)
        x = rect.x + pad
        inner_w = rect.w - 2 * pad
        icon_s = None
        if self.icon:
            icon_s = ctx.art.ui_icon(self.icon, round(rect.h * 0.55), colour)
        size = ctx.theme.text(self.size)
        if self.label:
            avail = inner_w - (icon_s.get_width() + pad // 2 if icon_s else 0)
            label = ctx.text.fitted(self.label, "bold", size, colour, avail)
            total = label.get_width() + (icon_s.get_width() + pad // 2 if icon_s else 0)
            x = rect.x + (rect.w - total) // 2
            if icon_s:
                surface.blit(icon_s, icon_s.get_rect(midleft=(x, rect.centery)))
                x += icon_s.get_width() + pad // 2
            blit_at(surface, label, "midleft", (x, rect.centery), box=rect)
        elif icon_s:
            surface.blit(icon_s, icon_s.get_rect(center=rect.center))
        if focused:
            draw_focus_ring(surface, rect, ctx.theme.radius)


class Choice(Widget, Generic[T]):
    """A label and one of several values, changed with ‹ › (click or left/right)."""

    def __init__(self, rect: Rect, label: str, options: Sequence[tuple[T, str]], value: T,
                 on_change: Callable[[T], object], *, enabled: bool = True,
                 label_share: float = 0.45) -> None:
        super().__init__(rect, enabled)
        self.label = label
        self.options = list(options)
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), 0)
        self.on_change = on_change
        self.label_share = label_share

    @property
    def value(self) -> T:
        return self.options[self.index][0]

    def _arrows(self) -> tuple[Rect, Rect]:
        r = self.rect
        side = r.h
        value_x = r.x + round(r.w * self.label_share)
        return Rect(value_x, r.y, side, r.h), Rect(r.right - side, r.y, side, r.h)

    def adjust(self, step: int) -> bool:
        if not self.enabled or len(self.options) < 2:
            return False
        self.index = (self.index + step) % len(self.options)
        self.on_change(self.value)
        return True

    def activate(self) -> None:
        self.adjust(1)

    def click(self, pos: tuple[int, int]) -> None:
        left, _ = self._arrows()
        self.adjust(-1 if left.collidepoint(pos) else 1)

    def draw(self, surface: pygame.Surface, ctx: Context, focused: bool, hovered: bool) -> None:
        r = self.rect
        surface.blit(_face(ctx, r, "normal", hovered, self.enabled), r)
        size = ctx.theme.text(22)
        colour = theme.INK if self.enabled else theme.INK_MUTED
        pad = max(8, r.h // 3)
        left, right = self._arrows()
        if self.label:
            label = ctx.text.fitted(self.label, "body", size, theme.INK_MUTED, left.x - r.x - 2 * pad)
            blit_at(surface, label, "midleft", (r.x + pad, r.centery), box=Rect(r.x, r.y, left.x - r.x, r.h))
        for rect, glyph in ((left, "‹"), (right, "›")):
            mark = ctx.text.render(glyph, "bold", ctx.theme.text(30), theme.GOLD if self.enabled else theme.INK_MUTED)
            surface.blit(mark, mark.get_rect(center=rect.center))
        value = ctx.text.fitted(self.options[self.index][1], "bold", size, colour, right.x - left.right - 8)
        middle = Rect(left.right, r.y, right.x - left.right, r.h)
        blit_at(surface, value, "center", middle.center, box=middle)
        if focused:
            draw_focus_ring(surface, r, ctx.theme.radius)


LEAVE_SELECTION = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END,
                   pygame.K_TAB, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER)


class TextField(Widget):
    """One line of text typed by the player (names, seeds, a bot command)."""

    def __init__(self, rect: Rect, label: str, value: str, on_change: Callable[[str], None], *,
                 max_length: int = 24, allowed: Callable[[str], bool] | None = None, placeholder: str = "",
                 label_share: float = 0.45) -> None:
        super().__init__(rect)
        self.label = label
        self.value = value
        self.on_change = on_change
        self.max_length = max_length
        self.allowed = allowed
        self.placeholder = placeholder
        self.label_share = label_share
        self.all_selected = False  # Ctrl+A: what is typed next replaces the whole text, Backspace clears it

    def text_input(self, event: pygame.event.Event) -> bool:
        ctrl = event.type == pygame.KEYDOWN and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if ctrl and event.key == pygame.K_a:
            self.all_selected = bool(self.value)
            return True
        selected = self.all_selected
        if event.type == pygame.TEXTINPUT or event.type == pygame.KEYDOWN and (
                event.key == pygame.K_BACKSPACE or event.key in LEAVE_SELECTION):
            self.all_selected = False  # (a letter's own key-down comes before its text: the selection waits for it)
        if event.type == pygame.TEXTINPUT:
            added = "".join(ch for ch in event.text if self.allowed is None or self.allowed(ch))
            if selected and added:
                self.value = ""
            if added and len(self.value) < self.max_length:
                self.value = (self.value + added)[: self.max_length]
                self.on_change(self.value)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.value = "" if selected else self.value[:-1]
            self.on_change(self.value)
            return True
        return False

    def draw(self, surface: pygame.Surface, ctx: Context, focused: bool, hovered: bool) -> None:
        r = self.rect
        surface.blit(_face(ctx, r, "normal", hovered, True), r)
        size = ctx.theme.text(22)
        pad = max(8, r.h // 3)
        split = r.x + round(r.w * self.label_share)
        if self.label:
            label = ctx.text.fitted(self.label, "body", size, theme.INK_MUTED, split - r.x - 2 * pad)
            blit_at(surface, label, "midleft", (r.x + pad, r.centery), box=Rect(r.x, r.y, split - r.x, r.h))
        else:
            split = r.x
        box = Rect(split + pad // 2, r.y + 4, r.right - split - pad, r.h - 8)
        canvas.rect(surface, (10, 12, 20), box, border_radius=ctx.theme.radius // 2)
        shown = self.value or self.placeholder
        colour = theme.INK if self.value else theme.shade(theme.INK_MUTED, 0.8)
        text = ctx.text.render(shown, "body", size, colour) if shown else None
        if text is not None and text.get_width() > box.w - pad:  # show the end of a long text
            text = text.subsurface(Rect(text.get_width() - (box.w - pad), 0, box.w - pad, text.get_height()))
        x = box.x + pad // 2
        if text is not None and self.all_selected and focused:  # the whole text selected: highlighted
            canvas.rect(surface, theme.shade(theme.GOLD, 0.45), text.get_rect(midleft=(x, box.centery)).inflate(4, 2))
        if text is not None:
            surface.blit(text, text.get_rect(midleft=(x, box.centery)))
        if focused:
            caret_x = x + (text.get_width() if text is not None and self.value else 0) + 1
            canvas.line(surface, theme.GOLD, (caret_x, box.y + 5), (caret_x, box.bottom - 5), 2)
            draw_focus_ring(surface, r, ctx.theme.radius)


class WidgetGroup:
    """The widgets of a screen: hover, clicks, arrow/tab focus, Enter to activate, typing."""

    def __init__(self, widgets: Sequence[Widget] = (), focus: int = 0) -> None:
        self.widgets = list(widgets)
        self.focus = focus if self.widgets else -1
        self.hover: Widget | None = None
        self.keyboard_used = False

    def focused(self) -> Widget | None:
        return self.widgets[self.focus] if 0 <= self.focus < len(self.widgets) else None

    def look(self) -> tuple:
        """What drawing these widgets shows: which ones (a layout makes new ones), the one under the mouse, the
        keyboard's focus, and each one's own look."""
        return self, self.hover, self.focus, self.keyboard_used, tuple(widget.look() for widget in self.widgets)

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was used by a widget."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((w for w in self.widgets if w.rect.collidepoint(event.pos)), None)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, widget in enumerate(self.widgets):
                if widget.rect.collidepoint(event.pos):
                    if widget.enabled:
                        self.focus = i
                        self.keyboard_used = isinstance(widget, TextField)
                        widget.click(event.pos)
                    return True
            return False
        focused = self.focused()
        if event.type == pygame.TEXTINPUT:
            return focused is not None and focused.text_input(event)
        if event.type != pygame.KEYDOWN:
            return False
        if focused is not None and focused.text_input(event):
            return True
        usable = [i for i, w in enumerate(self.widgets) if w.enabled and w.focusable]
        if not usable:
            return False
        if event.key in ARROWS:
            self.keyboard_used = True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and focused is not None:
                if focused.adjust(-1 if event.key == pygame.K_LEFT else 1):
                    return True
            if self.focus not in usable:
                self.focus = usable[0]
                return True
            rects = [self.widgets[i].rect for i in usable]
            self.focus = usable[nearest_in_direction(rects, usable.index(self.focus), ARROWS[event.key])]
            return True
        if event.key == pygame.K_TAB:
            self.keyboard_used = True
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            pos = usable.index(self.focus) if self.focus in usable else -1
            self.focus = usable[(pos + step) % len(usable)]
            return True
        if event.key in ACTIVATE_KEYS and focused is not None and focused.enabled:
            if event.key == pygame.K_SPACE and isinstance(focused, TextField):
                return False
            focused.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface, ctx: Context) -> None:
        for i, widget in enumerate(self.widgets):
            widget.draw(surface, ctx, i == self.focus and self.keyboard_used, widget is self.hover)
