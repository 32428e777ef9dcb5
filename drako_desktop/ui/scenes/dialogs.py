"""Dialogs: a message with its buttons over the dimmed screen (notices, confirmations, the crash dialog).

The panel grows with what it says (a translation may be longer) up to the
window's height; the text shrinks only when even that is not enough.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable, Sequence

import pygame
from pygame import Rect

from ...i18n import tr
from ...logsetup import current_log
from .. import theme
from ..text import blit_at
from ..widgets import Button, WidgetGroup
from .overlay import Overlay

ButtonSpec = tuple[str, Callable[[], object], str]  # label, action, style ("primary" or "normal")


def break_long_words(text, words: str, role: str, size: int, width: int) -> str:
    """Words too wide for a line (file paths) broken after their separators, so they wrap whole
    instead of ending in an ellipsis."""
    out_lines = []
    for line in words.split("\n"):
        out = []
        for word in line.split(" "):
            if text.width(word, role, size) <= width:
                out.append(word)
                continue
            piece = ""
            for part in re.split(r"(?<=[/\\\-_.])", word):
                if piece and text.width(piece + part, role, size) > width:
                    out.append(piece + "\n")
                    piece = part
                else:
                    piece += part
            out.append(piece)
        out_lines.append(" ".join(out).replace("\n ", "\n"))
    return "\n".join(out_lines)


class Dialog(Overlay):
    width = 760
    icon = "warning"

    def __init__(self, app, title: str, message: str, buttons: Sequence[ButtonSpec], *, detail: str = "",
                 on_escape: Callable[[], None] | None = None, default: int = 0, notice: bool = False) -> None:
        """`notice`: a message that waits for the player without stopping the scene beneath (scenes/base.py)."""
        super().__init__(app)
        self.notice = notice
        self.title, self.message, self.detail = title, message, detail
        self.buttons = list(buttons)
        self.default = default  # the button Enter presses
        self.on_escape = on_escape
        self.message_rect = Rect(0, 0, 0, 0)
        self.detail_rect = Rect(0, 0, 0, 0)

    def close(self) -> None:  # Esc
        if self.on_escape is not None:
            self.on_escape()

    # -- layout ----------------------------------------------------------------------------------------

    def _message_size(self) -> int:
        return self.ctx.theme.text(22)

    def _detail_size(self) -> int:
        return self.ctx.theme.text(17)

    def relayout(self) -> None:
        th, text = self.ctx.theme, self.ctx.text
        w = min(th.px(self.width), th.width - th.px(40))
        inner = w - th.px(80)
        head = th.px(96)  # the title and its rule (Overlay.draw_panel)
        message_h = len(text.wrap(self.message, "body", self._message_size(), inner)) * \
            text.line_height("body", self._message_size()) if self.message else 0
        detail_h = 0
        self.detail_text = break_long_words(text, self.detail, "body", self._detail_size(), inner - th.px(28))
        if self.detail:
            lines = len(text.wrap(self.detail_text, "body", self._detail_size(), inner - th.px(28)))
            detail_h = lines * text.line_height("body", self._detail_size()) + th.px(24)
        button_h = th.px(54)
        detail_part = th.px(18) + detail_h if detail_h else 0
        wanted = head + th.px(10) + message_h + detail_part + th.px(30) + button_h + th.px(26)
        h = min(max(wanted, th.px(300)), th.height - th.px(40))
        self.panel = Rect(0, 0, w, h)
        self.panel.center = (th.width // 2, th.height // 2)
        room = h - head - th.px(10) - th.px(30) - button_h - th.px(26)
        if detail_h:  # the message keeps what it needs; the detail gets the rest (shrunk if need be)
            message_room = min(message_h, max(room // 2, room - detail_h - th.px(18)))
            self.message_rect = Rect(self.panel.x + th.px(40), self.panel.y + head + th.px(10), inner, message_room)
            self.detail_rect = Rect(self.panel.x + th.px(40), self.message_rect.bottom + th.px(18), inner,
                                    room - message_room - th.px(18))
        else:
            self.message_rect = Rect(self.panel.x + th.px(40), self.panel.y + head + th.px(10), inner, room)
            self.detail_rect = Rect(0, 0, 0, 0)
        size = th.text(24)
        widths = [max(th.px(200), text.width(label, "bold", th.text(size)) + th.px(60)) for label, _, _ in self.buttons]
        gap = th.px(16)
        total = sum(widths) + gap * (len(widths) - 1)
        if total > w - th.px(40):  # long labels: share the width
            widths = [(w - th.px(40) - gap * (len(widths) - 1)) // len(widths)] * len(widths)
            total = sum(widths) + gap * (len(widths) - 1)
        x = self.panel.centerx - total // 2
        y = self.panel.bottom - th.px(26) - button_h
        widgets = []
        for (label, action, style), bw in zip(self.buttons, widths):
            widgets.append(Button(Rect(x, y, bw, button_h), label, action, style=style))
            x += bw + gap
        self.widgets = WidgetGroup(widgets, focus=self.default)

    # -- drawing ---------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        th, text = self.ctx.theme, self.ctx.text
        self.draw_panel(surface, "")  # the title is drawn here, with the dialog's icon before it
        icon = self.ctx.art.ui_icon(self.icon, th.px(36), theme.GOLD)
        gap = th.px(12)
        title = text.fitted(self.title, "title", th.text(40), theme.GOLD,
                            self.panel.w - th.px(80) - icon.get_width() - gap, shadow=True)
        x = self.panel.centerx - (icon.get_width() + gap + title.get_width()) // 2
        rect = blit_at(surface, title, "topleft", (x + icon.get_width() + gap, self.panel.y + th.px(22)))
        blit_at(surface, icon, "midleft", (x, rect.centery))
        if self.message:
            body = text.block(self.message, "body", self._message_size(), theme.INK, self.message_rect.w,
                              max_height=self.message_rect.h, align="center")
            blit_at(surface, body, "midtop", self.message_rect.midtop)
        if self.detail and self.detail_rect.h > 0:
            box = self.detail_rect
            pygame.draw.rect(surface, (10, 12, 20), box, border_radius=th.radius // 2)
            pygame.draw.rect(surface, theme.PANEL_EDGE, box, width=1, border_radius=th.radius // 2)
            pad = th.px(14)
            block = text.block(self.detail_text, "body", self._detail_size(), theme.INK_MUTED, box.w - 2 * pad,
                               max_height=box.h - 2 * pad + th.px(4))
            blit_at(surface, block, "topleft", (box.x + pad, box.y + pad - th.px(2)))
        self.widgets.draw(surface, self.ctx)


def confirm(app, title: str, message: str, yes: str, on_yes: Callable[[], None], *, no: str | None = None) -> Dialog:
    """Ask before doing something that cannot be undone; Esc and the second button say no."""

    def accept() -> None:
        app.scenes.remove(dialog)
        on_yes()

    def refuse() -> None:
        app.scenes.remove(dialog)

    dialog = Dialog(app, title, message, [(yes, accept, "primary"), (no or tr("dialog.cancel"), refuse, "normal")],
                    on_escape=refuse, default=1)  # Enter keeps: only a deliberate choice destroys
    app.scenes.push(dialog)
    return dialog


class CrashDialog(Dialog):
    """What a player sees when something escaped a scene: the game is safe, here is the way on."""

    opaque = True  # what is beneath may be what broke: it is not drawn again

    def __init__(self, app, error: BaseException, save_path: Path | None) -> None:
        message = tr("crash.saved") if save_path else tr("crash.no_game")
        detail = tr("crash.error", error=f"{type(error).__name__}: {error}")
        if save_path:
            detail += "\n" + tr("crash.saved_at", path=str(save_path))
        log = current_log()
        if log is not None:
            detail += "\n" + tr("crash.log", path=str(log))
        super().__init__(app, tr("crash.title"), message,
                         [(tr("crash.back_to_menu"), app.reset_to_menu, "primary"),
                          (tr("crash.quit"), app.quit, "normal")],
                         detail=detail, on_escape=app.reset_to_menu)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(self.ctx.art.backdrop(w, h), (0, 0))
        super().draw(surface)
