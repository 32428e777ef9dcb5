"""The game viewer: any finished game (History) or game record, stepped through move by move.

First, previous, next and last move, play at a chosen speed, a timeline to click or drag, and a
turn to jump to; beside the position, everyone's score after the move shown and the log as it
was told then, with the scores after each turn. Hidden information shows only as someone saw it
at that moment: the public, or the view of one seat; once the game is over a switch shows
everything. The position is the game's own still picture (`GameUI.position`); pointing at a card,
a legend or a token shows its tooltip, as on the table.

Keys: ← → a move, ↑ ↓ (Page Up / Page Down) a turn, Home / End, Space plays or pauses, + and −
change the speed, V changes whose view, G types a turn to go to, Esc goes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect

from ...i18n import tr
from ...replay import EVERYTHING, GameReplay, LogEntry
from .. import table_parts, theme
from ..context import Position
from ..text import blit_at
from ..tooltips import Tooltip, number
from ..widgets import Button, Choice, TextField, Widget, WidgetGroup
from .screen import BarredScreen

if TYPE_CHECKING:
    from ...controller.game import GameSetup
    from ...interface.game import Game
    from ..context import Context

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)  # moves per second when playing


class GlyphButton(Button):
    """A transport button: first, previous, play, pause, next or last, drawn as shapes (no font needed)."""

    def __init__(self, rect: Rect, glyph: str, on_click: Any) -> None:
        super().__init__(rect, "", on_click)
        self.glyph = glyph

    def draw(self, surface: pygame.Surface, ctx: "Context", focused: bool, hovered: bool) -> None:
        super().draw(surface, ctx, focused, hovered)
        r = self.rect
        s = r.h * 0.22
        cx, cy = r.centerx, r.centery
        colour = theme.INK if self.enabled else theme.shade(theme.INK_MUTED, 0.7)

        def triangle(x: float, pointing: int) -> None:  # pointing 1: right, -1: left
            pygame.draw.polygon(surface, colour, [(x + pointing * s, cy), (x - pointing * s * 0.8, cy - s),
                                                  (x - pointing * s * 0.8, cy + s)])

        def bar(x: float) -> None:
            pygame.draw.rect(surface, colour, Rect(round(x - s * 0.22), round(cy - s), max(2, round(s * 0.44)),
                                                   round(2 * s)))

        if self.glyph == "play":
            triangle(cx + s * 0.1, 1)
        elif self.glyph == "pause":
            bar(cx - s * 0.45)
            bar(cx + s * 0.45)
        elif self.glyph in ("next", "previous"):
            way = 1 if self.glyph == "next" else -1
            triangle(cx - way * s * 0.5, way)
            triangle(cx + way * s * 0.7, way)
        else:  # first, last: a triangle against a bar
            way = 1 if self.glyph == "last" else -1
            triangle(cx - way * s * 0.2, way)
            bar(cx + way * s * 0.95)


class Timeline(Widget):
    """The whole game as a track: a tick at each turn, the position as a thumb; click or drag to jump."""

    focusable = False

    def __init__(self, rect: Rect, viewer: "ViewerScene") -> None:
        super().__init__(rect)
        self.viewer = viewer

    def position_at(self, x: int) -> int:
        replay = self.viewer.replay
        share = (x - self.rect.x) / max(1, self.rect.w)
        return max(0, min(replay.last, round(share * replay.last)))

    def click(self, pos: tuple[int, int]) -> None:
        self.viewer.scrubbing = True
        self.viewer.go(self.position_at(pos[0]))

    def x_of(self, position: int) -> int:
        return self.rect.x + round(self.rect.w * position / max(1, self.viewer.replay.last))

    def draw(self, surface: pygame.Surface, ctx: "Context", focused: bool, hovered: bool) -> None:
        th, r = ctx.theme, self.rect
        replay, position = self.viewer.replay, self.viewer.position
        track = Rect(r.x, r.centery - th.px(4), r.w, th.px(8))
        pygame.draw.rect(surface, theme.shade(theme.PANEL_EDGE, 0.9), track, border_radius=track.h // 2)
        done = Rect(track.x, track.y, self.x_of(position) - track.x, track.h)
        pygame.draw.rect(surface, theme.GOLD_DARK, done, border_radius=track.h // 2)
        for turn in range(1, replay.turns + 1):
            x = self.x_of(replay.turn_start(turn))
            pygame.draw.line(surface, theme.INK_MUTED, (x, track.y - th.px(5)), (x, track.y), 1)
        thumb = (self.x_of(position), track.centery)
        pygame.draw.circle(surface, theme.GOLD if hovered or self.viewer.scrubbing else theme.shade(theme.GOLD, 0.85),
                           thumb, th.px(11))
        pygame.draw.circle(surface, theme.PANEL, thumb, th.px(11), width=max(2, th.px(3)))


class ViewerScene(BarredScreen):
    bottom_h = 128  # the timeline above the buttons
    def __init__(self, app: Any, handle: "Game", setup: "GameSetup", actions: Any, start: int | None = None) -> None:
        """The game `actions` of `setup` (`handle`'s), shown from move `start` (default: the last)."""
        super().__init__(app)
        self.game, self.setup = handle, setup
        self.replay = GameReplay(handle, setup, tuple(actions))
        self.position = self.replay.last if start is None else max(0, min(self.replay.last, start))
        self.seen_by: int | str | None = None  # None: the public; a seat; EVERYTHING
        self.playing = False
        self.speed = SPEEDS.index(1.0)
        self.timer = 0.0
        self.scrubbing = False
        self.turn_field: TextField | None = None
        self.log_scroll = 0
        self._picture: tuple[tuple[object, ...], Position] | None = None
        self.shown_at: tuple[tuple[int, int], Position] | None = None  # where the last frame put the position
        self.mouse = (-1, -1)
        self._under: tuple[Rect, pygame.Surface] | None = None  # the last tooltip's place, as it was without it
        self._log: tuple[tuple[object, ...], pygame.Surface] | None = None

    # -- moving -------------------------------------------------------------------------------------------

    def go(self, position: int) -> None:
        position = max(0, min(self.replay.last, position))
        if position != self.position:
            self.position = position
            self.log_scroll = 0
        if position == self.replay.last:
            self.set_playing(False)

    def step(self, moves: int) -> None:
        self.set_playing(False)
        self.go(self.position + moves)

    def turn_step(self, turns: int) -> None:
        """To the start of the next turn, or of this turn (then the one before) going back."""
        self.set_playing(False)
        replay, turn = self.replay, self.replay.turn_at(self.position)
        if turns > 0:
            self.go(replay.turn_start(turn + 1) if turn < replay.turns else replay.last)
        else:
            start = replay.turn_start(turn)
            self.go(start if start < self.position else replay.turn_start(max(0, turn - 1)))

    def go_to_turn(self, turn: int) -> None:
        self.set_playing(False)
        self.go(self.replay.turn_start(max(0, min(self.replay.turns, turn))))

    def set_playing(self, playing: bool) -> None:
        if playing and self.position == self.replay.last:
            self.go(0)  # playing from the end starts again
        if playing != self.playing:
            self.playing = playing
            self.timer = 0.0
            self.relayout()

    def change_speed(self, step: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + step))
        self.relayout()

    def set_seen_by(self, value: object) -> None:
        assert value is None or isinstance(value, (int, str))
        self.seen_by = value
        self.log_scroll = 0

    def cycle_seen_by(self) -> None:
        values = [value for value, _ in self.view_options()]
        self.set_seen_by(values[(values.index(self.seen_by) + 1) % len(values)])
        self.relayout()

    def typed_turn(self, text: str) -> None:
        """The turn field's Go (or Enter in it)."""
        if text.strip().isdigit():
            self.go_to_turn(int(text))

    # -- what is shown -------------------------------------------------------------------------------------

    def view_options(self) -> list[tuple[object, str]]:
        options: list[tuple[object, str]] = [(None, tr("play_better.viewer.everyone"))]
        options += [(seat, s.name) for seat, s in enumerate(self.setup.seats)]
        if self.replay.finished:  # nothing hidden can matter any more
            options.append((EVERYTHING, tr("play_better.viewer.everything")))
        return options

    @property
    def log_viewer(self) -> int | None:
        return self.seen_by if isinstance(self.seen_by, int) else None

    def view(self) -> Any:
        return self.replay.view(self.position, self.seen_by)

    def picture(self, size: tuple[int, int]) -> Position:
        key = (self.position, self.seen_by, size, self.ctx.fonts.language)
        if self._picture is None or self._picture[0] != key:
            self._picture = (key, self.ctx.game_ui.position(self.ctx, self.setup, self.view(), size))
        return self._picture[1]

    def shown_log(self) -> list[LogEntry]:
        return [entry for entry in self.replay.log(self.log_viewer) if entry.position <= self.position]

    def entry_text(self, entry: LogEntry) -> str:
        names = [seat.name for seat in self.setup.seats]
        if entry.kind == "turn":
            return tr("play_better.viewer.turn_heading", turn=entry.turn, name=names[entry.seat])
        if entry.kind == "scores":
            scores = " · ".join(f"{name} {number(score)}" for name, score in zip(names, entry.scores))
            return tr("play_better.viewer.scores_after", turn=entry.turn, scores=scores)
        return entry.text

    # -- layout ------------------------------------------------------------------------------------------------

    def relayout(self) -> None:
        th, text = self.ctx.theme, self.ctx.text
        w = th.width
        gap = th.px(12)
        body, bars = self.lay_out_bars(tr("play_better.viewer.seen_by"), self.view_options(), self.seen_by,
                                       self.set_seen_by, 0.3)
        side_w = max(th.px(400), round(w * 0.28))
        self.picture_area = Rect(body.x, body.y, body.w - side_w - gap, body.h)
        self.side = Rect(self.picture_area.right + gap, body.y, side_w, body.h)
        self.timeline = Timeline(Rect(th.px(40), self.bottom_bar.y + th.px(14), w - th.px(80), th.px(26)), self)
        row_y = self.bottom_bar.y + th.px(52)
        size = th.px(58)
        x = th.px(20)
        transport = []
        for glyph, action in (("first", lambda: self.step(-self.replay.last)), ("previous", lambda: self.step(-1)),
                              ("pause" if self.playing else "play", lambda: self.set_playing(not self.playing)),
                              ("next", lambda: self.step(1)), ("last", lambda: self.step(self.replay.last))):
            transport.append(GlyphButton(Rect(x, row_y, size, size), glyph, action))
            x += size + th.px(8)
        speed_w = th.px(300)
        speeds = [(i, tr("play_better.viewer.speed_value", factor=_factor(s))) for i, s in enumerate(SPEEDS)]
        speed = Choice(Rect(x + th.px(8), row_y, speed_w, size), tr("play_better.viewer.speed"), speeds, self.speed,
                       self.set_speed, label_share=0.36)
        go_label = tr("play_better.viewer.go")
        go_w = text.width(go_label, "bold", th.text(22)) + th.px(44)
        go = Button(Rect(w - th.px(20) - go_w, row_y, go_w, size), go_label, self.go_typed, size=22)
        field_w = th.px(300)
        value = self.turn_field.value if self.turn_field is not None else ""
        self.turn_field = TextField(Rect(go.rect.x - th.px(8) - field_w, row_y, field_w, size),
                                    tr("play_better.viewer.go_to_turn"), value, lambda _: None, max_length=4,
                                    allowed=str.isdigit, label_share=0.62)
        counter_y = self.timeline.rect.bottom + th.px(4)
        self.counter_box = Rect(speed.rect.right + th.px(16), counter_y, self.turn_field.rect.x - speed.rect.right
                                - th.px(32), self.bottom_bar.bottom - th.px(4) - counter_y)
        focus = self.widgets.focus if self.widgets.widgets else 3
        keyboard = self.widgets.keyboard_used
        self.widgets = WidgetGroup([*bars, *transport, speed, self.turn_field, go, self.timeline], focus=focus)
        self.widgets.keyboard_used = keyboard

    def set_speed(self, value: object) -> None:
        self.speed = int(value)  # type: ignore[call-overload]

    def go_typed(self) -> None:
        if self.turn_field is not None:
            self.typed_turn(self.turn_field.value)

    # -- events and time ---------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.MOUSEMOTION and self.scrubbing:
            self.go(self.timeline.position_at(event.pos[0]))
            return
        if event.type == pygame.MOUSEBUTTONUP:
            self.scrubbing = False
        if event.type == pygame.MOUSEWHEEL:
            self.log_scroll = max(0, self.log_scroll + event.y * 40)
            return
        if event.type == pygame.KEYDOWN and self.key(event):
            return
        super().handle(event)

    def typing(self) -> bool:
        return self.turn_field is not None and self.widgets.focused() is self.turn_field

    def key(self, event: pygame.event.Event) -> bool:
        """The viewer's own keys; True when one was used."""
        k = event.key
        if self.typing():
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.go_typed()
                return True
            if k == pygame.K_ESCAPE:
                self.widgets.focus = 2  # out of the field, onto the transport buttons
                return True
            return False
        moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_HOME: -self.replay.last, pygame.K_END: self.replay.last}
        if k in moves:
            self.step(moves[k])
        elif k in (pygame.K_UP, pygame.K_PAGEUP):
            self.turn_step(-1)
        elif k in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.turn_step(1)
        elif k == pygame.K_SPACE:
            self.set_playing(not self.playing)
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.change_speed(1)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.change_speed(-1)
        elif k == pygame.K_v:
            self.cycle_seen_by()
        elif k == pygame.K_g and self.turn_field is not None:
            self.widgets.focus = self.widgets.widgets.index(self.turn_field)
            self.widgets.keyboard_used = True
        else:
            return False
        return True

    def next_frame_in(self) -> float | None:
        """How soon the viewer must be drawn again when no event comes (an app that draws only what changes
        asks): at once while it plays, else only after an event."""
        return 0.0 if self.playing else None

    def update(self, dt: float) -> None:
        if not self.playing:
            return
        self.timer += dt
        interval = 1 / SPEEDS[self.speed]
        while self.playing and self.timer >= interval:
            self.timer -= interval
            self.go(self.position + 1)

    # -- drawing ------------------------------------------------------------------------------------------------

    def look(self) -> object:
        """A mouse move over nothing, and the frames between two moves while it plays, show nothing new."""
        return (self.widgets.look(), self.position, self.seen_by, self.playing, self.speed, self.scrubbing,
                self.log_scroll, self.pointed())

    def pointed(self) -> tuple[Tooltip, tuple[int, int]] | None:
        """The tooltip of what the mouse points at on the position, and where it goes: beside that thing's
        corner, so that it stays put while the mouse moves over the same thing (None: nothing)."""
        if self.shown_at is None or self.scrubbing:
            return None
        (x, y), position = self.shown_at
        found = position.thing_at((self.mouse[0] - x, self.mouse[1] - y))
        if found is None:
            return None
        rect, tip = found
        return tip, (x + rect.right, y + rect.centery)

    def draw_changes(self, surface: pygame.Surface) -> list[Rect] | None:
        """When only the tooltip changed (the mouse onto another card, or off them all): its old place put back,
        the new one drawn, not the whole screen (a viewer drawn whole at 3840 x 2160 takes 20 ms)."""
        look = self.look()
        drawn = self._drawn_look
        if not (isinstance(look, tuple) and isinstance(drawn, tuple) and look[:-1] == drawn[:-1] and look != drawn):
            return super().draw_changes(surface)
        changed = []
        if self._under is not None:
            changed.append(self._under[0])
            surface.blit(self._under[1], self._under[0])
            self._under = None
        changed += self.draw_tip(surface)
        self._drawn_look = look
        return changed

    def draw_tip(self, surface: pygame.Surface) -> list[Rect]:
        """The tooltip of what the mouse points at, keeping what it covers; where it went."""
        pointed = self.pointed()
        if pointed is None:
            return []
        box, _ = table_parts.tooltip_layout(surface.get_size(), self.ctx, *pointed)
        self._under = (box, surface.subsurface(box).copy())
        table_parts.tooltip(surface, self.ctx, *pointed)
        return [box]

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_bars(surface, tr("play_better.viewer.title", game=self.ctx.game_ui.title()))
        self.draw_position(surface)
        self.draw_scores(surface)
        self.draw_log(surface)
        self.draw_counter(surface)
        self.widgets.draw(surface, self.ctx)
        self._under = None
        self.draw_tip(surface)

    def draw_position(self, surface: pygame.Surface) -> None:
        th, text = self.ctx.theme, self.ctx.text
        area = self.picture_area
        note_h = text.line_height("body", th.text(17)) + th.px(6)
        position = self.picture((area.w, area.h - note_h))
        picture = position.picture
        place = picture.get_rect(midtop=(area.centerx, area.y + (area.h - note_h - picture.get_height()) // 2))
        surface.blit(picture, place)
        self.shown_at = (place.topleft, position)
        if self.seen_by == EVERYTHING:
            words = tr("play_better.viewer.seen_everything")
        elif self.seen_by is None:
            words = tr("play_better.viewer.seen_public")
        else:
            words = tr("play_better.viewer.seen_seat", name=self.setup.seats[int(self.seen_by)].name)
        note = text.fitted(words, "body", th.text(17), theme.INK_MUTED, area.w)
        blit_at(surface, note, "midbottom", (area.centerx, area.bottom), box=area)

    def draw_scores(self, surface: pygame.Surface) -> None:
        th, text, art = self.ctx.theme, self.ctx.text, self.ctx.art
        players = self.setup.players
        row_h = th.px(36)
        box = Rect(self.side.x, self.side.y, self.side.w, th.px(52) + players * row_h)
        self.scores_box = box
        surface.blit(art.panel(box.w, box.h), box)
        heading = tr("play_better.viewer.scores_now", move=self.position, total=self.replay.last)
        label = text.fitted(heading, "heading", th.text(21), theme.GOLD, box.w - th.px(24))
        blit_at(surface, label, "midtop", (box.centerx, box.y + th.px(8)), box=box)
        winners = self.replay.winners_at(self.position)
        to_move = self.replay.to_move_at(self.position)
        y = box.y + th.px(44)
        for seat, seat_info in enumerate(self.setup.seats):
            centre = (box.x + th.px(24), y + row_h // 2)
            colour = theme.seat_colour(self.setup.colour_of(seat))
            pygame.draw.circle(surface, colour, centre, th.px(9))
            if seat == to_move:
                pygame.draw.circle(surface, theme.GOLD, centre, th.px(13), width=max(1, th.px(2)))
            score = text.render(number(self.replay.scores[self.position][seat]), "number", th.text(22),
                                theme.GOLD if seat in winners else theme.INK)
            blit_at(surface, score, "midright", (box.right - th.px(16), centre[1]), box=box)
            x = box.x + th.px(42)
            if seat in winners:
                trophy = art.ui_icon("trophy", th.px(20), theme.GOLD)
                blit_at(surface, trophy, "midleft", (x, centre[1]), box=box)
                x += trophy.get_width() + th.px(6)
            name = text.fitted(seat_info.name, "bold", th.text(20), theme.INK,
                               box.right - th.px(24) - score.get_width() - x)
            blit_at(surface, name, "midleft", (x, centre[1]), box=box)
            y += row_h

    def draw_log(self, surface: pygame.Surface) -> None:
        th, text, art = self.ctx.theme, self.ctx.text, self.ctx.art
        box = Rect(self.side.x, self.scores_box.bottom + th.px(10), self.side.w,
                   self.side.bottom - self.scores_box.bottom - th.px(10))
        surface.blit(art.panel(box.w, box.h), box)
        label = text.fitted(tr("table.log_title"), "heading", th.text(21), theme.GOLD, box.w - th.px(24))
        blit_at(surface, label, "midtop", (box.centerx, box.y + th.px(8)), box=box)
        body = Rect(box.x + th.px(12), box.y + th.px(44), box.w - th.px(24), box.h - th.px(54))
        page = self.log_page(body.w)
        offset = max(0, page.get_height() - body.h - self.log_scroll)
        shown = Rect(0, offset, body.w, min(body.h, page.get_height()))
        surface.blit(page, (body.x, body.bottom - shown.h), shown)

    def log_page(self, width: int) -> pygame.Surface:
        """The log up to the position shown (its newest lines marked), as one surface."""
        key = (self.position, self.seen_by, width, self.ctx.fonts.language)
        if self._log is not None and self._log[0] == key:
            return self._log[1]
        th, text = self.ctx.theme, self.ctx.text
        blocks = []
        for entry in self.shown_log()[-300:]:
            words = self.entry_text(entry)
            if entry.kind == "turn":
                block = text.block(words, "bold", th.text(18), theme.GOLD, width)
            elif entry.kind == "scores":
                block = text.block(words, "body", th.text(16), theme.INK_MUTED, width)
            else:
                block = text.block(words, "body", th.text(17), theme.INK, width)
            blocks.append((entry.position == self.position, block))
        gap = th.px(5)
        page = pygame.Surface((width, max(1, sum(b.get_height() + gap for _, b in blocks))), pygame.SRCALPHA)
        y = 0
        for newest, block in blocks:
            if newest:
                pygame.draw.rect(page, (*theme.GOLD_DARK, 60), (0, y - 2, width, block.get_height() + 4))
            page.blit(block, (0, y))
            y += block.get_height() + gap
        self._log = (key, page)
        return page

    def draw_counter(self, surface: pygame.Surface) -> None:
        th, text = self.ctx.theme, self.ctx.text
        box = self.counter_box
        turn = self.replay.turn_at(self.position)
        where = tr("play_better.viewer.setup") if turn == 0 else tr("play_better.viewer.turn", turn=turn,
                                                                        turns=self.replay.turns)
        words = tr("play_better.viewer.move", move=self.position, total=self.replay.last)
        top = text.fitted(words, "bold", th.text(20), theme.INK, box.w)
        below = text.fitted(where, "body", th.text(18), theme.INK_MUTED, box.w)
        y = box.centery - (top.get_height() + below.get_height()) // 2
        y = blit_at(surface, top, "topleft", (box.x, y), box=box).bottom
        blit_at(surface, below, "topleft", (box.x, y), box=box)


def _factor(speed: float) -> str:
    """0.5 -> "½", 2.0 -> "2"."""
    return "½" if speed == 0.5 else str(int(speed))
