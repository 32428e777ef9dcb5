"""Join a game: an invitation pasted (Ctrl+V) or typed, or one joined with lately, and the connection to its host,
with a Cancel, until the host's table opens as that seat.

The invitation is hostile input: whatever is pasted is checked (`Invitation.parse`) and a wrong one gets one
sentence. The connection runs on the client's own thread (`NetClient`); each frame only picks up what arrived, so
a host that does not answer never holds the window. A refusal for good (another release, other rules, a key the host
does not know) is said in one sentence; a host not reachable yet is tried again until Cancel.
"""

from __future__ import annotations

from functools import partial

import pygame
from pygame import Rect

from ...i18n import tr
from ...net.client import NetClient
from ...net.invitation import MAX_LENGTH, Invitation, InvitationError
from ...net.recent import recent_invitations
from .. import theme
from ..room import MenuRoom
from ..text import blit_at
from ..widgets import Button, TextField, Widget, WidgetGroup
from .base import POLL
from .screen import Screen

SHOWN_RECENT = 4  # recent invitations offered as buttons
# The host's refusals for good, in the player's words (any other is said as the host said it).
REFUSED = {"release": "release", "protocol": "release", "rules": "rules", "wrong-key": "unknown",
           "no-seat": "unknown", "unknown-table": "unknown", "finished": "finished", "taken-over": "taken_over",
           "pin": "pin"}


def pasted(text: str) -> str:
    """The clipboard's text as one line of an invitation: its spaces and line breaks gone, at most as long as one."""
    return "".join(text.split())[:MAX_LENGTH]


class JoinScene(Screen):
    app: MenuRoom  # a menu's room: the joined table opens from it
    title_key = "join.title"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.text = ""
        self.problem = ""  # why the invitation cannot be joined (one sentence), or ""
        self.trying = ""  # why the host is not reached yet, while connecting
        self.client: NetClient | None = None  # connecting with it
        self.invitation: Invitation | None = None
        self.recent = recent_invitations()[:SHOWN_RECENT]

    @property
    def connecting(self) -> bool:
        return self.client is not None

    def relayout(self) -> None:
        th = self.ctx.theme
        area = self.content_rect(self.title_bottom(tr("join.title")) + th.px(70), width=0.7)
        row_h, gap = th.px(56), th.px(12)
        self.area = area
        self.field = TextField(Rect(area.x, area.y, area.w, row_h), tr("join.invitation"), self.text, self.set_text,
                               max_length=MAX_LENGTH, label_share=0.16, placeholder=tr("join.placeholder"))
        widgets: list[Widget] = [self.field]
        y = area.y + row_h + th.px(90)
        self.recent_top = y
        for invitation in self.recent:
            y += th.px(40)
            label = tr("join.recent_entry", n=invitation.seat + 1, game=self.game_name(invitation.game),
                       address=f"{invitation.host}:{invitation.port}", table=invitation.game_id)
            widgets.append(Button(Rect(area.x, y, area.w, th.px(46)), label, partial(self.join, invitation),
                                  size=19))
            y += th.px(46) + gap - th.px(40)
        bw = th.px(260)
        bottom = th.height - th.px(40) - row_h
        widgets.append(Button(Rect(area.centerx - bw - gap, bottom, bw, row_h), tr("join.back"), self.back))
        if self.connecting:
            action = Button(Rect(area.centerx + gap, bottom, bw, row_h), tr("join.cancel"), self.cancel,
                            style="primary")
        else:
            action = Button(Rect(area.centerx + gap, bottom, bw, row_h), tr("join.join"), self.join_typed,
                            style="primary", icon="play", size=26)
        widgets.append(action)
        self.widgets = WidgetGroup(widgets, focus=0)

    def game_name(self, game_id: str) -> str:
        return str(self.app.library[game_id].name) if game_id in self.app.library else game_id

    def set_text(self, text: str) -> None:
        self.text = text
        self.problem = ""

    # -- joining -------------------------------------------------------------------------------------------------

    def join_typed(self) -> None:
        try:
            invitation = Invitation.parse(self.text)
        except InvitationError:
            self.problem = tr("join.invalid")
            return
        self.join(invitation)

    def join(self, invitation: Invitation) -> None:
        if self.connecting:
            return
        library = self.app.library
        if invitation.game not in library:
            self.problem = tr("join.unknown_game")
            return
        self.text, self.problem, self.trying = str(invitation), "", ""
        self.invitation = invitation
        self.client = NetClient(invitation, {invitation.game: library[invitation.game].identity}, ends_turns=True)
        self.client.start()
        self.relayout()

    def cancel(self) -> None:
        if self.client is not None:
            self.client.close()
        self.client = None
        self.trying = ""
        self.relayout()

    def back(self) -> None:
        self.cancel()
        super().back()

    def update(self, dt: float) -> None:
        """What the connection brought: the host's welcome opens its table; a refusal for good is said."""
        client, invitation = self.client, self.invitation
        if client is None or invitation is None:
            return
        arrived = client.poll()
        for i, message in enumerate(arrived):
            kind = message["type"]
            if kind == "welcome":
                self.client = None  # the table keeps the connection from now on
                if self.app.join_table(invitation, client, message, arrived[i + 1:]) is None:
                    self.problem = tr("join.bad_host")
                    self.relayout()
                return
            if kind == "lost":
                self.trying = tr("join.trying", why=str(message["why"])[:120])
            elif kind == "refused" and message.get("final"):
                self.client = None
                self.problem = tr(f"join.refused.{REFUSED[message['code']]}") if message["code"] in REFUSED \
                    else tr("join.refused.other", message=str(message["message"])[:300])
                self.relayout()
                return

    def next_frame_in(self) -> float | None:
        return POLL if self.connecting else super().next_frame_in()

    def handle(self, event: pygame.event.Event) -> None:
        ctrl = event.type == pygame.KEYDOWN and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if ctrl and event.key == pygame.K_v:
            self.paste()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.widgets.focused() is self.field:
            self.join_typed()
            return
        super().handle(event)

    def paste(self) -> None:
        try:
            text = pygame.scrap.get_text()
        except pygame.error:  # no clipboard here: the invitation can be typed
            text = ""
        self.field.value = pasted(text)
        self.set_text(self.field.value)
        self.widgets.focus = 0

    # -- drawing ---------------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        th, text = self.ctx.theme, self.ctx.text
        self.draw_backdrop(surface)
        self.draw_title(surface, tr("join.title"))
        intro = text.block(tr("join.intro"), "body", th.text(20), theme.INK_MUTED, self.area.w)
        blit_at(surface, intro, "bottomleft", (self.area.x, self.area.y - th.px(14)))
        if self.problem:
            words, colour = self.problem, theme.BAD
        elif self.connecting:
            words, colour = tr("join.connecting") + ("  " + self.trying if self.trying else ""), theme.INK
        else:
            words, colour = "", theme.INK
        if words:
            block = text.block(words, "body", th.text(20), colour, self.area.w, max_height=th.px(70))
            blit_at(surface, block, "topleft", (self.area.x, self.field.rect.bottom + th.px(12)))
        if self.recent:
            heading = text.fitted(tr("join.recent"), "heading", th.text(24), theme.GOLD, self.area.w)
            blit_at(surface, heading, "topleft", (self.area.x, self.recent_top))
        self.widgets.draw(surface, self.ctx)
