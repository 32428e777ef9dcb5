"""The invitations of a hosted game: one line per seat played from another computer, with a Copy button each
(the system clipboard), whether that seat's player is here, and the address the host listens at. It opens when a
hosted game comes on the table, and again from the table's menu."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from ...i18n import tr
from ...net.invitation import Invitation
from ...net.table import Presence
from .. import theme
from ..table_parts import PRESENCE_COLOURS
from ..text import blit_at
from ..widgets import Button, Choice, Widget, WidgetGroup
from .base import POLL
from .new_game import level_label
from .overlay import Overlay

if TYPE_CHECKING:
    from ..hosted import HostedTable

def invitation_lines(invitation: Invitation) -> tuple[str, str]:
    """The invitation shown on two lines, broken before its key (a line of text never breaks inside a word)."""
    text = str(invitation)
    at = text.index("&key=")
    return text[:at], text[at:]


class InvitationPanel(Overlay):
    def __init__(self, app, hosted: HostedTable, names: list[str]) -> None:
        super().__init__(app)
        self.hosted = hosted
        self.names = names
        self.copied: int | None = None  # the seat whose invitation was copied last
        self.copy_failed = ""
        self.seen: tuple[object, ...] = ()  # what the panel showed last (it is drawn again when that changes)

    def seats(self) -> list[int]:
        return [invitation.seat for invitation in self.hosted.invitations()]

    def relayout(self) -> None:
        th = self.ctx.theme
        rows = len(self.seats())
        self.laid_out_for = tuple(self.hosted.presence())
        self.row_h = th.px(104)
        self.panel = Rect(0, 0, min(th.width - th.px(40), th.px(1180)), th.px(300) + rows * self.row_h)
        self.panel.center = (th.width // 2, th.height // 2)
        self.rows_top = self.panel.y + th.px(96)
        widgets: list[Widget] = []
        presence = self.hosted.presence()
        for row, seat in enumerate(self.seats()):
            rect = Rect(self.panel.right - th.px(40) - th.px(170), self.rows_top + row * self.row_h + th.px(30),
                        th.px(170), th.px(48))
            widgets.append(Button(rect, tr("hosting.copy"), partial(self.copy, seat), size=22))
            if presence[seat] in (Presence.AWAY, Presence.STAND_IN):  # a player not here: a computer may stand in
                options = self.stand_in_options()
                width = max(self.ctx.text.width(label, "body", th.text(18)) for _, label in options) \
                    + 2 * rect.h + th.px(24)
                widgets.append(Choice(Rect(rect.x - th.px(12) - width, rect.y, width, rect.h), "", options,
                                      self.hosted.stand_in_level(seat), partial(self.hosted.stand_in_for, seat),
                                      label_share=0.0))
        close = Rect(0, self.panel.bottom - th.px(78), th.px(280), th.px(54))
        close.centerx = self.panel.centerx
        widgets.append(Button(close, tr("hosting.close"), self.close, style="primary"))
        self.widgets = WidgetGroup(widgets, focus=len(widgets) - 1)

    def stand_in_options(self) -> list[tuple[str | None, str]]:
        """Wait for the player, or a computer level plays for them (the host's first offer first)."""
        levels = [self.hosted.first_stand_in] + [level for level in self.ctx.game.levels
                                                  if level != self.hosted.first_stand_in]
        waiting: list[tuple[str | None, str]] = [(None, tr("hosting.wait_for_them"))]
        return waiting + [(level, tr("hosting.stand_in", level=level_label(level))) for level in levels]

    def update(self, dt: float) -> None:
        if tuple(self.hosted.presence()) != self.laid_out_for:  # a player came or went: their buttons change
            self.relayout()

    def copy(self, seat: int) -> None:
        """The seat's invitation onto the system clipboard (pygame's, which is SDL's)."""
        try:
            pygame.scrap.put_text(str(self.hosted.table.hosting.invitation(seat)))
        except pygame.error as exc:  # no clipboard on this system: the line can still be read off the screen
            self.copied, self.copy_failed = None, tr("hosting.copy_failed", error=str(exc))
            return
        self.copied, self.copy_failed = seat, ""

    def looks(self) -> tuple[object, ...]:
        return (tuple(self.hosted.presence()), self.hosted.listening, self.hosted.failure is None, self.copied,
                self.copy_failed)

    def next_frame_in(self) -> float | None:
        """Whoever comes or goes, and the host starting to listen, show within a moment."""
        return 0.0 if self.looks() != self.seen else POLL * 10

    def draw(self, surface: pygame.Surface) -> None:
        th, text = self.ctx.theme, self.ctx.text
        self.seen = self.looks()
        self.draw_panel(surface, tr("hosting.title"))
        left = self.panel.x + th.px(40)
        presence = self.hosted.presence()
        for row, invitation in enumerate(self.hosted.invitations()):
            seat = invitation.seat
            y = self.rows_top + row * self.row_h
            buttons = [w.rect.x for w in self.widgets.widgets if y <= w.rect.y < y + self.row_h]
            width = min(buttons, default=self.panel.right - th.px(40)) - th.px(20) - left
            here = presence[seat].value
            label = tr("hosting.seat", n=seat + 1, name=self.names[seat])
            heading = text.fitted(label, "bold", th.text(22), theme.INK, width // 2)
            rect = blit_at(surface, heading, "topleft", (left, y))
            state = tr(f"hosting.presence.{here}")
            if self.copied == seat:
                state += "  ·  " + tr("hosting.copied")
            blit_at(surface, text.fitted(state, "body", th.text(19), PRESENCE_COLOURS[here], width // 2),
                    "midleft", (rect.right + th.px(18), rect.centery))
            for i, line in enumerate(invitation_lines(invitation)):
                shown = text.fitted(line, "body", th.text(17), theme.INK_MUTED, width)
                blit_at(surface, shown, "topleft", (left, y + th.px(34) + i * th.px(24)))
        note = self.note()
        block = text.block(note, "body", th.text(19), theme.BAD if self.hosted.failure or self.copy_failed
                           else theme.INK_MUTED, self.panel.w - th.px(80), max_height=th.px(110))
        blit_at(surface, block, "midbottom", (self.panel.centerx, self.panel.bottom - th.px(92)))
        self.widgets.draw(surface, self.ctx)

    def note(self) -> str:
        """Where the host listens and whom to send an invitation to; or why it does not listen."""
        failure = self.hosted.failure
        if failure is not None:
            return tr("hosting.failed", error=str(failure))
        if self.copy_failed:
            return self.copy_failed
        if not self.hosted.listening:
            return tr("hosting.opening")
        hosting = self.hosted.table.hosting
        where = f"[{hosting.address}]" if ":" in hosting.address else hosting.address
        return tr("hosting.note", address=f"{where}:{hosting.port}")
