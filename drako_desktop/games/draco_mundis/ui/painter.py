"""Draws the Draco Mundis table: the board, the players, the supply tray, the selected character,
the log, the targets and previews, what is dragged and what is animating.

It draws from the board model (made from the viewer's view only), the person's gestures and
the scene's words: it never sees the game's state. What changes seldom is composed into
cached pictures (the backdrop with its bars, the board with its tokens, each player's
plate), re-made only when what they show changes; per frame only overlays are drawn.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Sequence

import pygame
from pygame import Rect

from ....i18n import has, shown_name, tr
from ....ui import canvas, table_parts, theme
from ....ui.hints import BubblePlace
from ....ui.text import blit_at
from ....ui.tooltips import Tooltip, number, signed
from ..board import FightPreview, Square
from ..events import Event
from ..narrate import whose
from ..view import SquareView, Token
from . import token_pictures
from .tips import capitalised, modifier_name, title_name, token_name
from .token_art import TokenArt

if TYPE_CHECKING:
    from .board import DracoBoard
    from .gestures import Facing

TARGET_COLOURS = {
    "move": theme.GOLD, "capture": theme.BAD, "fight": theme.BAD, "peek": theme.COACH, "reveal": theme.GOOD,
    "reveal-any": theme.GOOD, "destroy": theme.BAD, "push": theme.GOLD,
}
ACTION_ICONS = {"move": "move", "capture": "capture", "fight": "fight", "peek": "peek", "reveal": "reveal",
                "reveal-any": "reveal", "destroy": "destroy", "push": "push"}


def place_beside(size: tuple[int, int], near: Rect, fight: Sequence[Rect], keep_clear: Sequence[Rect], area: Rect,
                 gap: int) -> Rect:
    """Where a box of `size` goes inside `area`: beside `near` (the hovered square) or beside the whole `fight`
    (its squares), left, right, below or above, level with `near` or slid along that side past what is kept
    clear; of those covering neither the fight nor `keep_clear` (the plates), the nearest to `near`, else the
    one covering the fewest (a tall preview at the smallest window has room at least on the board's far side)."""
    w, h = size
    block = near.unionall(list(fight))
    kept = [*fight, *keep_clear]
    across_x = [near.centerx - w // 2, near.x, near.right - w, *(r.right + gap for r in keep_clear),
                *(r.x - gap - w for r in keep_clear)]
    across_y = [near.centery - h // 2, near.y, near.bottom - h, *(r.bottom + gap for r in keep_clear),
                *(r.y - gap - h for r in keep_clear)]
    places = []
    for side in (near, block):
        places += [Rect(x, y, w, h).clamp(area) for x in (side.x - gap - w, side.right + gap) for y in across_y]
        places += [Rect(x, y, w, h).clamp(area) for y in (side.bottom + gap, side.y - gap - h) for x in across_x]

    def badness(place: Rect) -> tuple[int, int]:
        dx, dy = place.centerx - near.centerx, place.centery - near.centery
        return len(place.collidelistall(kept)), dx * dx + dy * dy

    return min(places, key=badness)


class TablePainter:
    def __init__(self, board: "DracoBoard") -> None:
        self.board = board
        self._base: tuple | None = None  # (size, surface): backdrop and bars
        # (surface, square -> what it shows, seat -> what its plate shows): the base with every token and plate
        self._board: tuple | None = None
        self._menu: list[Rect] = []
        self._facings: dict[str, Rect] = {}
        self._pickers: list[Rect] = []  # where this frame's facing dial or square's menu is (over the buttons too)
        self.clock = 0.0
        self.preview_box: Rect | None = None  # where this frame shows a fight preview (the hovered square's tip waits)
        self._overlaid = canvas.Overlaid()
        self._fade: tuple | None = None  # (key, surface): the log's older lines fading out under its title

    @property
    def ctx(self):
        return self.board.ctx

    @property
    def art(self) -> TokenArt:
        setup = self.board.setup
        return token_pictures(self.ctx, tuple(setup.colour_of(s) for s in range(setup.players)))

    def tick(self, dt: float) -> None:
        self.clock += dt

    def forget(self) -> None:
        """The viewer changed: no picture of the last one's board may be shown again."""
        self._board = None

    # -- the whole table ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, over_last: bool = False) -> list[Rect] | None:
        """The table on the window: the board, then what is drawn over it every frame (`canvas.Overlaid`: with
        `over_last`, only what changed since the last frame; the regions drawn again, None: all)."""
        ground, repainted = self.board_layer(surface.get_size())
        return self._overlaid.draw(surface, ground, repainted, over_last, self.over_board)

    def over_board(self, surface: pygame.Surface) -> None:
        """What is drawn over the board every frame: the side panel's contents, marks and targets, hints, what
        moves, what is dragged, the bars' words, the buttons, notes and tips."""
        board = self.board
        self.panel(surface)
        self.overlays(surface)
        board.table.hints.draw_marks(surface)
        board.table.choreo.draw(surface)
        self.dragged(surface)
        self.bars(surface)
        board.table.widgets.draw(surface, self.ctx)
        self.pickers(surface)
        # The hint in words: at the foot of the side panel, above its buttons; over the foot of the board where
        # that would cover some of the tokens still to place (a tall tray, with four players at 1280 x 720).
        panel, ground, px = board.layout.panel, board.layout.board, self.ctx.theme.px
        tray = [rect for _, rect in board.tray_places()] if board.shows_panel and not board.table.log_open else []
        table = board.table
        table.hints.draw_bubble(surface, [BubblePlace((panel.centerx, board.panel_bottom() - px(8)), panel.w - px(16)),
                                          BubblePlace((ground.centerx, ground.bottom - px(8)), panel.w - px(16))],
                                keep_clear=tray)
        if table.toast is not None:
            self.toast(surface, table.toast[0])
        if table.tooltip is not None and (table.pinned_tip or self.preview_box is None):
            self.tooltip(surface, table.tooltip, board.gestures.mouse)  # the fight preview says more: no tip over it

    def base(self, size: tuple[int, int]) -> pygame.Surface:
        """The backdrop, the bars, the empty board and the side panel's ground: one opaque picture per window
        size."""
        board = self.board
        layout, model = board.layout, board.model
        key = (size, model.columns, self.ctx.fonts.language, tuple(layout.board), board.shows_panel,
               tuple(layout.panel))
        if self._base is None or self._base[0] != key:
            base = self.ctx.art.backdrop(*size).copy()
            for bar in (layout.top_bar, layout.status_bar):
                base.blit(self.ctx.art.panel(bar.w + 4, bar.h + 2, alpha=225, radius=0), (bar.x - 2, bar.y - 1))
            top = layout.top_bar.bottom - 1
            canvas.line(base, theme.GOLD_DARK, (0, top), (size[0], top))
            canvas.line(base, theme.GOLD_DARK, (0, layout.status_bar.top), (size[0], layout.status_bar.top))
            base.blit(self.grid(), (0, 0))
            if board.shows_panel:
                base.blit(self.ctx.art.panel(layout.panel.w, layout.panel.h), layout.panel)
            self._base = (key, base)
            self._board = None
        return self._base[1]

    def prepare(self) -> None:
        """Draw every token picture at the board's sizes now, not in the middle of a move."""
        layout, model, art = self.board.layout, self.board.model, self.art
        inner = layout.square_rect((0, 0)).inflate(-max(2, layout.square // 16), -max(2, layout.square // 16)).w
        on_land = inner - round(inner * 0.18)
        data = model.data
        for owner in range(model.players):
            art.back(owner, inner)
            art.back(owner, layout.square)  # a token coming down, turning over (see `back`)
            for c in data.characters:
                for facing in ("N", "E", "S", "W"):
                    art.character(c.id, owner, facing, inner)
                    art.character(c.id, owner, facing, on_land)
            for land in data.lands:
                art.land(land.id, owner, inner)
            for item in data.items:
                art.item(item.id, owner, inner)
                art.item(item.id, owner, inner - inner // 5 * 2)
        size = max(12, round(inner * 0.32))
        for value in range(-3, 10):
            for colour in (theme.GOLD, theme.GOOD, theme.BAD):
                art.badge(value, size, colour)
            art.badge(value, max(10, round(size * 0.72)), (150, 150, 160))

    # -- the board -------------------------------------------------------------------------------------------

    def grid(self) -> pygame.Surface:
        """The empty board: squares in use, the hatched columns out of play, row and column numbers."""
        board = self.board
        layout, model = board.layout, board.model
        th, text = self.ctx.theme, self.ctx.text
        surf = pygame.Surface(layout.size, pygame.SRCALPHA)
        ground = layout.board
        frame = ground.inflate(th.px(12), th.px(12))
        canvas.rect(surf, (*theme.shade(theme.GOLD_DARK, 0.55), 255), frame, border_radius=th.px(8))
        canvas.rect(surf, (*theme.GOLD_DARK, 255), frame, width=max(1, th.px(2)), border_radius=th.px(8))
        light, dark = (58, 74, 70), (50, 64, 62)
        for row in range(layout.rows):
            for col in layout.drawn_columns:
                rect = layout.square_rect((row, col))
                if model.in_use((row, col)):
                    canvas.rect(surf, (*(light if (row + col) % 2 else dark), 255), rect)
                else:
                    canvas.rect(surf, (22, 24, 30, 255), rect)
        for col in layout.drawn_columns:
            if not model.in_use((0, col)):
                self.hatch(surf, Rect(layout.square_rect((0, col)).topleft, (layout.square, ground.h)))
        for k in range(layout.columns + 1):
            x = ground.x + k * layout.square
            canvas.line(surf, (20, 26, 28, 255), (x, ground.y), (x, ground.bottom))
        for k in range(layout.rows + 1):
            y = ground.y + k * layout.square
            canvas.line(surf, (20, 26, 28, 255), (ground.x, y), (ground.right, y))
        used = Rect(layout.square_rect((0, model.columns[0])).topleft,
                    ((model.columns[1] - model.columns[0] + 1) * layout.square, ground.h))
        canvas.rect(surf, (*theme.GOLD, 255), used, width=max(2, th.px(3)))
        if model.columns[0] > layout.first_column:  # a part out of play drawn says so, once, along its middle
            out = Rect(ground.x, ground.y, used.x - ground.x, ground.h)
            label = text.fitted(tr("draco_table.out_of_play", players=model.players), "bold", th.text(20),
                                theme.INK_MUTED, out.h - th.px(20))
            label = pygame.transform.rotate(label, 90)
            plate = label.get_rect(center=out.center).inflate(th.px(10), th.px(14))
            canvas.rect(surf, (14, 16, 22, 230), plate, border_radius=th.px(6))
            surf.blit(label, label.get_rect(center=out.center))
        size = th.text(15)
        for col in layout.drawn_columns:
            label = text.render(str(col), "number", size, theme.INK_MUTED if model.in_use((0, col)) else (80, 84, 96))
            blit_at(surf, label, "midbottom", (layout.square_rect((0, col)).centerx, ground.y - th.px(7)))
        for row in range(layout.rows):
            label = text.render(str(row), "number", size, theme.INK_MUTED)
            blit_at(surf, label, "midright", (ground.x - th.px(8), layout.square_rect((row, 0)).centery))
        return surf

    def hatch(self, surf: pygame.Surface, rect: Rect) -> None:
        step = max(6, rect.w // 6)
        clip = surf.get_clip()
        surf.set_clip(rect)
        for k in range(rect.x - rect.h, rect.right, step):
            canvas.line(surf, (60, 62, 72, 255), (k, rect.bottom), (k + rect.h, rect.y), max(1, step // 5))
        surf.set_clip(clip)

    def hidden(self) -> frozenset[Square]:
        """The squares the running beat draws itself (a token in flight, turning over)."""
        beat = self.board.table.choreo.current
        if beat is None:
            return frozenset()
        return frozenset(at for at in self.board.model.squares if beat.hides(at))

    def board_layer(self, size: tuple[int, int]) -> tuple[pygame.Surface, list[Rect] | None]:
        """The table with every token: only the squares whose picture changed are painted again. With where
        it changed this frame (None: made anew)."""
        board = self.board
        model, layout = board.model, board.layout
        base = self.base(size)
        repainted: list[Rect] | None = []
        if self._board is None:
            self._board = (base.copy(), {}, {})
            repainted = None
        ground, shown, plates = self._board
        hidden = self.hidden()
        squares = set(model.squares) | set(shown)
        for at in squares:
            spot = model.squares.get(at)
            if spot is None or at in hidden:
                key = None
            else:
                key = (spot, model.strength_parts(at) if spot.character is not None else ())
            if shown.get(at) == key:
                continue
            rect = layout.square_rect(at)
            ground.blit(base, rect, rect)
            if repainted is not None:
                repainted.append(rect)
            if key is not None and spot is not None:  # (a key is made only for a spot)
                ground.set_clip(rect)
                self.spot(ground, spot, rect)
                ground.set_clip(None)
                shown[at] = key
            else:
                shown.pop(at, None)
        for seat, rect in enumerate(layout.seats):  # the players' plates, painted again when what they show changes
            key = self.plate_key(seat)
            if plates.get(seat) != key:
                ground.blit(base, rect, rect)
                ground.blit(self.plate(seat, rect.size), rect)
                plates[seat] = key
                if repainted is not None:
                    repainted.append(rect)
        return ground, repainted

    def spot(self, surf: pygame.Surface, spot: SquareView, rect: Rect) -> None:
        """Everything on one square, as the viewer sees it."""
        art, th = self.art, self.ctx.theme
        inner = rect.inflate(-max(2, rect.w // 16), -max(2, rect.h // 16))
        if spot.down >= 0:
            surf.blit(art.back(spot.down, inner.w), inner)
            if spot.down_kind is not None:  # the viewer knows it: its own, or peeked
                size = round(inner.w * 0.5)
                peeked = spot.down != self.board.model.viewer
                surf.blit(art.known(spot.down_kind, size, peeked), (inner.right - size - 1, inner.y + 1))
                self.letter(surf, spot.down_kind, inner)
            for i, seat in enumerate(s for s in spot.peeked_by if s != self.board.model.viewer):
                mark = art.mark(seat, max(6, round(inner.w * 0.16)))
                surf.blit(mark, (inner.x + th.px(3) + i * (mark.get_width() + 2), inner.bottom - mark.get_height() - 3))
            return
        if spot.land is not None:
            surf.blit(art.land(spot.land.kind, spot.land.owner, inner.w), inner)
        small = spot.land is not None
        if spot.trap is not None:
            self.piece(surf, "trap", spot.trap, inner.inflate(-inner.w // 5, -inner.h // 5) if small else inner)
        if spot.character is not None:
            body = inner.inflate(-round(inner.w * 0.18), -round(inner.h * 0.18)) if small else inner
            self.piece(surf, "character", spot.character, body)
            self.strength(surf, spot.at, inner)
            if spot.prisoner is not None:
                size = round(inner.w * 0.42)
                pic = art.character(spot.prisoner.kind, spot.prisoner.owner, None, size)
                surf.blit(pic, (inner.right - size + th.px(2), inner.y - th.px(2)))
                cuffs = art.action_mark("capture", round(size * 0.55), theme.BAD)
                surf.blit(cuffs, (inner.right - size - cuffs.get_width() // 3, inner.y))

    def letter(self, surf: pygame.Surface, kind: str, inner: Rect) -> None:
        """A face-down token's kind, as its viewer knows it, in letters too (the little picture alone is hard
        to tell at 1280 x 720): a tab at the token's foot, in the language shown."""
        th = self.ctx.theme
        words = tr(f"draco_table.token_marks.{kind}") if has(f"draco_table.token_marks.{kind}") else kind[:2]
        label = self.ctx.text.render(words, "bold", max(10, round(inner.w * 0.24)), theme.INK_DARK)
        tab = label.get_rect(bottomright=(inner.right - th.px(4), inner.bottom - th.px(3))).inflate(th.px(8), 0)
        canvas.rect(surf, theme.PARCHMENT_TOP, tab, border_radius=th.px(4))
        surf.blit(label, label.get_rect(center=tab.center))

    def piece(self, surf: pygame.Surface, what: str, token: Token | None, rect: Rect, alpha: int = 255,
              moving: bool = False) -> None:
        """A token's picture in `rect`. `moving` (an animation, its size changing from frame to frame): scaled from
        the picture at the square's size, which is kept, rather than a picture drawn and kept at every size."""
        if token is None or rect.w <= 2:
            return
        art = self.art
        size = self.board.layout.square if moving else min(rect.w, rect.h)
        if what == "character":
            pic = art.character(token.kind, token.owner, token.facing, size)
        elif what == "land":
            pic = art.land(token.kind, token.owner, size)
        else:
            pic = art.item(token.kind, token.owner, size)
        if rect.size != (size, size):
            pic = pygame.transform.smoothscale(pic, rect.size)
        if alpha < 255:
            pic = pic.copy()
            pic.set_alpha(alpha)
        surf.blit(pic, rect)

    def back(self, surf: pygame.Surface, owner: int, rect: Rect, moving: bool = False) -> None:
        """A face-down token in `rect` (`moving`: as for `piece`)."""
        if rect.w <= 2:
            return
        pic = self.art.back(owner, self.board.layout.square if moving else rect.h)
        surf.blit(pic if pic.get_size() == rect.size else pygame.transform.smoothscale(pic, rect.size), rect)

    def strength(self, surf: pygame.Surface, at: Square, inner: Rect) -> None:
        """The character's strength where it stands; when modified, coloured, with the printed one beside."""
        parts = self.board.model.strength_parts(at)
        printed, current = parts[0].value, sum(p.value for p in parts)
        size = max(12, round(inner.w * 0.32))
        colour = theme.GOLD if current == printed else theme.GOOD if current > printed else theme.BAD
        surf.blit(self.art.badge(current, size, colour), (inner.right - size + 2, inner.bottom - size + 2))
        if current != printed:
            small = max(10, round(size * 0.72))
            surf.blit(self.art.badge(printed, small, (150, 150, 160)), (inner.right - size - small + 4,
                                                                        inner.bottom - small + 2))

    # -- players ------------------------------------------------------------------------------------------

    def plate_key(self, seat: int) -> tuple:
        """Everything `plate` draws from, and nothing else (the sacrifices, which it does not show, are not in it)."""
        board, model = self.board, self.board.model
        active = seat == model.current and not model.over
        return (board.layout.size, self.ctx.fonts.language, board.table.score_counter(seat), active,
                model.actions_left if active else -1, self.kept(seat),
                model.supply_left[seat] if model.in_setup else -1, board.setup.seats[seat].name,
                board.table.presence(seat))

    def kept(self, seat: int) -> tuple[tuple[str, Token], ...]:
        """What a player's plate shows they hold: trophies, the prisoners their cannibals carry, the campsites
        their trucks destroyed."""
        model = self.board.model
        things = [("trophy", t) for t in model.trophies[seat]]
        things += [("prisoner", s.prisoner) for s in (model.squares[at] for at, _ in model.characters_of(seat))
                   if s.prisoner is not None]
        things += [("destroyed", t) for t in model.destroyed[seat]]
        return tuple(things)

    def plate(self, seat: int, size: tuple[int, int]) -> pygame.Surface:
        """One player: mark, name, person/computer, score; trophies, prisoners held, campsites destroyed;
        during setup the tokens left to place; on their turn the actions left."""
        board, th, text, art = self.board, self.ctx.theme, self.ctx.text, self.art
        model = board.model
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        active = seat == model.current and not model.over
        colour = self.art.colour(seat)
        surf.blit(self.ctx.art.panel(w, h, alpha=215 if active else 170, edge=colour if active else theme.PANEL_EDGE),
                  (0, 0))
        if active:
            canvas.rect(surf, colour, (0, 0, w, h), width=max(2, th.px(3)), border_radius=max(6, min(w, h) // 14))
        pad = th.px(10)
        line_h = (h - 2 * pad) // 2
        mark_size = min(line_h, th.px(30))
        surf.blit(art.mark(seat, mark_size), (pad, pad + (line_h - mark_size) // 2))
        x = pad + mark_size + th.px(8)
        seat_info = board.setup.seats[seat]
        icon = self.ctx.art.ui_icon("person" if seat_info.is_person else "computer", th.px(20), theme.INK_MUTED)
        points = number(board.table.score_counter(seat))
        score = text.render(tr("draco_table.points", points=points), "number", th.text(22), theme.GOLD)
        presence = board.table.presence(seat)
        dot = max(4, th.px(6)) if presence is not None else 0
        name_w = w - x - score.get_width() - icon.get_width() - dot - th.px(24)
        name = text.fitted(shown_name(seat_info.name), "heading", th.text(22), theme.INK, max(30, name_w))
        icon_rect = blit_at(surf, icon, "midleft", (x, pad + line_h // 2))
        if presence is not None:  # a player on another computer: here, not here, or a computer playing for them
            table_parts.presence_mark(surf, icon_rect.bottomright, dot, presence)
        blit_at(surf, name, "midleft", (x + icon.get_width() + dot + th.px(6), pad + line_h // 2))
        blit_at(surf, score, "midright", (w - pad, pad + line_h // 2))
        y = pad + line_h + (line_h // 2)
        chip = min(line_h, th.px(32))
        x = pad
        if model.in_setup:
            words = text.fitted(tr("draco_table.to_place", count=model.supply_left[seat]), "body", th.text(18),
                                theme.INK_MUTED, w - 2 * pad)
            blit_at(surf, words, "midleft", (x, y))
            return surf
        things = self.kept(seat)
        if active:  # the actions left, as pips, at the right
            pips = model.actions_left
            r = max(4, th.px(7))
            for i in range(pips):
                canvas.circle(surf, theme.GOLD, (w - pad - r - i * (2 * r + th.px(5)), y), r)
                canvas.circle(surf, theme.GOLD_DARK, (w - pad - r - i * (2 * r + th.px(5)), y), r, width=2)
        right = w - pad - (model.actions_left * (2 * th.px(7) + th.px(5)) + th.px(6) if active else 0)
        if not things:
            label = text.fitted(tr("draco_table.no_trophies"), "body", th.text(17), theme.INK_MUTED, right - x)
            blit_at(surf, label, "midleft", (x, y))
            return surf
        step = min(chip + th.px(3), (right - x - chip) // max(1, len(things) - 1)) if len(things) > 1 else chip
        for what, token in things:
            if what == "destroyed":
                pic = art.land(token.kind, token.owner, chip)
            else:
                pic = art.character(token.kind, token.owner, None, chip)
            surf.blit(pic, (x, y - chip // 2))
            if what != "trophy":
                badge = art.action_mark("capture" if what == "prisoner" else "destroy", chip // 2, theme.BAD)
                surf.blit(badge, (x + chip - badge.get_width() + 2, y - chip // 2 - 2))
            x += step
        return surf

    # -- the panel: supply tray, selected character, log ------------------------------------------------------

    def panel(self, surface: pygame.Surface) -> None:
        board = self.board
        rect = board.layout.panel
        if not board.shows_panel:
            return
        if board.table.log_open:
            self.log(surface, rect)
        elif board.gestures.supply():
            self.tray(surface, rect)
        elif (chosen := board.gestures.selected_token()) is not None:
            self.selection(surface, rect, *chosen)
        else:
            self.help(surface, rect)

    def title(self, surface: pygame.Surface, rect: Rect, words: str) -> int:
        th = self.ctx.theme
        label = self.ctx.text.fitted(words, "heading", th.text(24), theme.GOLD, rect.w - th.px(24))
        blit_at(surface, label, "midtop", (rect.centerx, rect.y + th.px(8)), box=rect)
        return rect.y + th.px(8) + label.get_height() + th.px(6)

    def tray(self, surface: pygame.Surface, rect: Rect) -> None:
        """The supply of the person placing: every kind left, with how many."""
        board, th = self.board, self.ctx.theme
        self.title(surface, rect, tr("draco_table.supply"))
        supply = board.gestures.supply()
        counts = board.model.supply
        dragged = board.gestures.dragged()
        for kind, slot in board.tray_places():
            chosen = board.gestures.tray_kind == kind
            if chosen:
                self.glow(surface, slot, theme.GOLD)
            if kind not in supply:  # all placed: its slot stays, greyed
                self.token_picture(surface, kind, board.model.viewer or 0, slot, greyed=True)
                continue
            if not (dragged and dragged[0] == ("tray", kind)):
                self.token_picture(surface, kind, board.model.viewer or 0, slot)
            n = counts.get(kind, 1)
            if n > 1:
                badge = self.art.badge(n, max(12, slot.w // 3), theme.INK, theme.INK_DARK)
                surface.blit(badge, (slot.right - badge.get_width() + 3, slot.y - 3))
            if board.gestures.keyboard and chosen:
                canvas.rect(surface, theme.GOLD, slot.inflate(6, 6), width=3, border_radius=th.radius)

    def token_picture(self, surface: pygame.Surface, kind: str, owner: int, rect: Rect, greyed: bool = False) -> None:
        """A token of any kind as in the supply: characters face up (no facing), lands, the trap."""
        group = self.board.model.kind_group(kind)
        size = min(rect.w, rect.h)
        art = self.art
        pic = art.character(kind, owner, None, size) if group == "character" else \
            art.land(kind, owner, size) if group == "land" else art.item(kind, owner, size)
        if greyed:
            pic = pygame.transform.grayscale(pic)
            pic.set_alpha(90)
        surface.blit(pic, pic.get_rect(center=rect.center))

    def selection(self, surface: pygame.Surface, rect: Rect, at: Square, token: Token) -> None:
        """The selected character: picture, strength with its modifiers, arrows, the rotation dial, sacrifice."""
        board, th, text = self.board, self.ctx.theme, self.ctx.text
        y = self.title(surface, rect, title_name(board.data, token.kind))
        pad = th.px(14)
        pic_size = min(th.px(96), rect.w // 4)
        surface.blit(self.art.character(token.kind, token.owner, token.facing, pic_size), (rect.x + pad, y))
        x = rect.x + pad + pic_size + th.px(12)
        size = th.text(19)
        row_h = text.line_height("body", size)
        for part in board.model.strength_parts(at):
            words = modifier_name(board.data, part)
            blit_at(surface, text.fitted(words, "body", size, theme.INK, rect.right - x - th.px(60)), "topleft",
                    (x, y), box=rect)
            blit_at(surface, text.render(signed(part.value) if part.kind != "printed" else str(part.value), "number",
                                         size, theme.INK), "topright", (rect.right - pad, y), box=rect)
            y += row_h
        total = sum(p.value for p in board.model.strength_parts(at))
        canvas.line(surface, theme.PANEL_EDGE, (x, y + 2), (rect.right - pad, y + 2))
        blit_at(surface, text.fitted(tr("draco_table.strength"), "bold", size, theme.GOLD, rect.right - x - th.px(60)),
                "topleft", (x, y + th.px(4)), box=rect)
        blit_at(surface, text.render(str(total), "number", size, theme.GOLD), "topright",
                (rect.right - pad, y + th.px(4)), box=rect)
        y = max(y + row_h + th.px(10), rect.y + th.px(60) + pic_size)
        character = next(c for c in board.data.characters if c.id == token.kind)
        arrows = tr("draco_table.arrows", forward=character.arrows[0], left=character.arrows[1],
                    right=character.arrows[2], back=character.arrows[3])
        block = text.block(arrows, "body", th.text(18), theme.INK_MUTED, rect.w - 2 * pad)
        blit_at(surface, block, "topleft", (rect.x + pad, y), box=rect)
        y += block.get_height() + th.px(10)
        keys = text.block(tr("draco_table.selected_keys"), "body", th.text(17), theme.INK_MUTED, rect.w - 2 * pad,
                          max_height=max(10, board.panel_bottom() - y - th.px(8)))
        blit_at(surface, keys, "topleft", (rect.x + pad, y), box=rect)

    def help(self, surface: pygame.Surface, rect: Rect) -> None:
        """No token chosen: how to play a turn, in a few lines."""
        th, board = self.ctx.theme, self.board
        over = board.model.over
        acting = board.own_turn_shown()
        # Nobody at the screen plays now: not "Your turn" (and with no person at the table, no "other" players).
        title = "table.game_over" if over else "draco_table.how_title" if acting else \
            "draco_table.watch_title" if board.table.people else "draco_table.watch_computers_title"
        y = self.title(surface, rect, tr(title))
        pad = th.px(14)
        ended = "draco_table.how_over_stall" if board.model.ended == "stall" else "draco_table.how_over"
        key = ended if over else "draco_table.how_confirm" if board.ending_placements() \
            else "draco_table.how_end" if board.table.ending_turn() \
            else "draco_table.how_act" if acting else "draco_table.how_watch" if board.table.people \
            else "draco_table.how_watch_computers"
        block = self.ctx.text.block(tr(key), "body", th.text(19), theme.INK, rect.w - 2 * pad,
                                    max_height=rect.bottom - y - pad)
        blit_at(surface, block, "topleft", (rect.x + pad, y), box=rect)

    def log(self, surface: pygame.Surface, rect: Rect) -> None:
        th = self.ctx.theme
        y = self.title(surface, rect, tr("table.log_title"))
        body = Rect(rect.x + th.px(12), y, rect.w - th.px(24), rect.bottom - y - th.px(10))
        page = self.board.table.log_page(body.w)
        offset = max(0, page.get_height() - body.h - self.board.table.log_scroll)
        view = Rect(0, offset, body.w, min(body.h, page.get_height()))
        surface.blit(page, (body.x, body.bottom - view.h), view)
        if offset > 0:  # older lines continue above: fade them out under the title (not an entry's tail alone)
            surface.blit(self.fade(Rect(body.x, body.y, body.w, th.px(28))), body.topleft)

    def fade(self, rect: Rect) -> pygame.Surface:
        """The panel's own ground over `rect` (from the base picture), opaque at the top, clear at the bottom."""
        key = (tuple(rect), id(self._base[1]) if self._base else None)
        if self._fade is None or self._fade[0] != key:
            fade = self.base(self.board.layout.size).subsurface(rect).convert_alpha()
            alpha = pygame.Surface(rect.size, pygame.SRCALPHA)
            for y in range(rect.h):
                canvas.line(alpha, (255, 255, 255, round(245 * (1 - y / rect.h))), (0, y), (rect.w, y))
            fade.blit(alpha, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            self._fade = (key, fade)
        return self._fade[1]

    # -- what the person may do: targets, arrows, previews, pickers ------------------------------------------

    def overlays(self, surface: pygame.Surface) -> None:
        board, th = self.board, self.ctx.theme
        g = board.gestures
        layout = board.layout
        self._menu, self._facings, self._pickers = [], {}, []
        self.preview_box = None
        self.last_moves(surface)
        if board.table.decision() is None:
            return
        wave = 0.5 + 0.5 * math.sin(self.clock * 4)
        hovered = board.hovered_square()
        if board.model.decision == "act":
            selected = g.selected
            if selected is None:
                for at in g.actors():
                    self.ring(surface, layout.square_rect(at), theme.GOLD, round(90 + 80 * wave))
            else:
                self.arrows(surface, selected)
                self.ring(surface, layout.square_rect(selected), theme.GOLD, 255, width=max(3, th.px(4)))
            for at, options in g.targets().items():
                rect = layout.square_rect(at)
                colour = TARGET_COLOURS[options[0]]
                self.ring(surface, rect, colour, round(120 + 100 * wave) if at == hovered else 150)
                mark = self.pointing(ACTION_ICONS[options[0]], max(14, rect.w // 3), colour, selected, at)
                surface.blit(mark, mark.get_rect(center=(rect.centerx, rect.bottom - mark.get_height() // 2 - 2))
                             if options[0] != "move" else mark.get_rect(center=rect.center))
            if hovered is not None and g.menu is None and g.facing is None:
                self.preview(surface, hovered)
        elif g.tray_kind is not None and hovered is not None and board.model.in_use(hovered) \
                and hovered not in board.model.squares:
            self.ring(surface, layout.square_rect(hovered), theme.GOLD, 200)
        if g.keyboard and g.facing is None:
            canvas.rect(surface, theme.COACH, layout.square_rect(g.cursor).inflate(4, 4), width=max(3, th.px(3)),
                             border_radius=th.px(4))

    def pickers(self, surface: pygame.Surface) -> None:
        """A facing dial or a square's menu, over everything of the table but its notes: a square at the board's
        right edge opens them over the side panel's buttons, and what is drawn over them takes their clicks
        (`covers`)."""
        g = self.board.gestures
        if self.board.table.decision() is None:
            return
        if g.facing is not None:
            self.facing_picker(surface, g.facing)
        if g.menu is not None:
            self.menu(surface)

    def covers(self, pos: tuple[int, int]) -> bool:
        """Whether the last frame drew a facing dial or a square's menu at `pos`."""
        return any(rect.collidepoint(pos) for rect in self._pickers)

    def last_moves(self, surface: pygame.Surface) -> None:
        """The last turn's actions marked until the next turn is over, in the colour of who took them: a move
        (a capture, a push) as a line from where it started to a ring where it ended, any other a ring."""
        board, th = self.board, self.ctx.theme
        if not board.table.choreo.idle:
            return
        layout, width = board.layout, max(3, th.px(5))
        for event in board.marked_events():
            colour = theme.shade(self.art.colour(event.seat), 1.3)
            if event.at is None:
                continue
            start = layout.square_rect(event.at)
            if event.to is not None:
                end = layout.square_rect(event.to)
                canvas.line(surface, colour, start.center, end.center, width)
                canvas.circle(surface, colour, start.center, max(3, layout.square // 12))
                self.ring(surface, end.inflate(-4, -4), colour, 255, width=width)
            else:
                self.ring(surface, start.inflate(-4, -4), colour, 255, width=width)

    def pointing(self, name: str, size: int, colour, origin: Square | None, target: Square) -> pygame.Surface:
        """A target's action mark; an arrow (a move, a push: drawn pointing east) turned the way from `origin`
        (the selected character) to `target`."""
        mark = self.art.action_mark(name, size, colour)
        if name not in ("move", "push") or origin is None:
            return mark
        dr, dc = target[0] - origin[0], target[1] - origin[1]
        angle = 90 if dr < 0 and not dc else -90 if dr > 0 and not dc else 180 if dc < 0 else 0
        return mark if angle == 0 else self.ctx.art.cached(("draco-pointing", name, size, colour, angle),
                                                           lambda: pygame.transform.rotate(mark, angle))

    def ring(self, surface: pygame.Surface, rect: Rect, colour, alpha: int, width: int = 0) -> None:
        """A ring around a square; `alpha` (0-255) darkens it towards the board (a pulse costs no surface)."""
        th = self.ctx.theme
        canvas.rect(surface, theme.shade(colour, max(0.05, alpha / 255)), rect,
                         width=width or max(2, th.px(3)), border_radius=th.px(6))

    def glow(self, surface: pygame.Surface, rect: Rect, colour) -> None:
        m = self.ctx.art.halo(rect.w, rect.h)
        surface.blit(self.ctx.art.glow(rect.w, rect.h, colour), (rect.x - m, rect.y - m))

    def arrows(self, surface: pygame.Surface, selected: Square) -> None:
        """The selected character's arrows: a line per direction as far as it reaches, dots where it may go."""
        board, th = self.board, self.ctx.theme
        layout = board.layout
        start = layout.square_rect(selected).center
        for _, line, reachable in board.gestures.arrows():
            if not line:
                continue
            end = layout.square_rect(line[-1]).center
            canvas.line(surface, (*theme.GOLD_DARK,), start, end, max(2, th.px(3)))
            for at in line:
                centre = layout.square_rect(at).center
                if at in reachable:
                    canvas.circle(surface, theme.GOLD, centre, max(4, layout.square // 9))
                else:
                    canvas.circle(surface, theme.GOLD_DARK, centre, max(3, layout.square // 14), width=2)

    def preview(self, surface: pygame.Surface, at: Square) -> None:
        """Hovering a fight (or a reveal of a token the person knows is an enemy): the fight preview."""
        board = self.board
        options = board.gestures.targets().get(at, [])
        seat = board.gestures.seat()
        preview: FightPreview | None = None
        if "fight" in options:
            preview = board.model.fight_preview(seat, at)
        elif "reveal" in options:
            spot = board.model.squares.get(at)
            if spot is not None and spot.down_kind is not None and spot.down != seat:
                preview = board.model.fight_preview(seat, at, Token(spot.down, spot.down_kind, "N"))
        if preview is not None and board.shows_preview:
            self.preview_box = self.fight_panel(surface, preview, board.layout.square_rect(at),
                                                reveal="fight" not in options)
        elif "capture" in options and (captor := board.gestures.selected) is not None and board.shows_preview:
            self.preview_box = self.capture_panel(surface, captor, at)

    def capture_panel(self, surface: pygame.Surface, captor_at: Square, at: Square) -> Rect | None:
        """Hovering a capture: who takes whom (printed strengths only), and what the prisoner is worth; where."""
        board, th, text = self.board, self.ctx.theme, self.ctx.text
        captor, prisoner = board.model.squares[captor_at].character, board.model.squares[at].character
        if captor is None or prisoner is None:
            return None
        data, names = board.data, board.table.names()
        printed = {c.id: c.strength for c in data.characters}
        points = next((line.points for line in data.lines if line.pattern == "eliminated" and prisoner.kind in
                       line.tokens), 0)
        width, pad = th.px(360), th.px(12)
        title = text.fitted(tr("draco_table.preview.capture_title"), "bold", th.text(20), theme.GOLD, width - 2 * pad)
        owner = whose(names[prisoner.owner])
        block = text.block(tr("draco_table.preview.capture", captor=token_name(data, captor.kind),
                              strength=printed[captor.kind], token=token_name(data, prisoner.kind), whose=owner,
                              printed=printed[prisoner.kind], points=signed(points)),
                           "body", th.text(18), theme.INK, width - 2 * pad)
        height = 2 * pad + title.get_height() + th.px(6) + block.get_height()
        layout = board.layout
        area = Rect(0, layout.top_bar.bottom, surface.get_width(), layout.status_bar.top - layout.top_bar.bottom)
        squares = [layout.square_rect(captor_at), layout.square_rect(at)]
        box = place_beside((width, height), squares[1], squares, layout.seats, area, th.px(14))
        surface.blit(self.ctx.art.panel(box.w, box.h, alpha=245, edge=theme.GOLD), box)
        blit_at(surface, title, "topleft", (box.x + pad, box.y + pad), box=box)
        blit_at(surface, block, "topleft", (box.x + pad, box.y + pad + title.get_height() + th.px(6)), box=box)
        self.ring(surface, squares[0], theme.GOLD, 230, width=max(3, th.px(4)))
        self.ring(surface, squares[1], theme.BAD, 230, width=max(3, th.px(4)))
        return box

    def fight_panel(self, surface: pygame.Surface, preview: FightPreview, near: Rect, reveal: bool = False) -> Rect:
        """Every attacker and the defender with their modifiers, both totals, and what each outcome does; where."""
        board, th, text = self.board, self.ctx.theme, self.ctx.text
        data = board.data
        names = board.table.names()
        width = th.px(360)
        pad = th.px(12)
        size = th.text(18)
        row_h = text.line_height("body", size) + th.px(1)
        lines: list[tuple[str, str, tuple, str]] = []  # (words, number, colour, role)
        for fighter in preview.attackers:
            lines.append((title_name(data, fighter.token.kind), str(fighter.strength), theme.INK, "attacker"))
            for part in fighter.parts[1:]:
                lines.append(("  " + modifier_name(data, part), signed(part.value), theme.INK_MUTED, "part"))
        attack_line = (tr("draco_table.preview.attack"), str(preview.attack), theme.GOLD, "total")
        defender = preview.defender
        owner = whose(names[defender.token.owner])
        defence_lines = [(capitalised(tr("draco_table.preview.defender", token=token_name(data, defender.token.kind),
                                         whose=owner)), str(defender.strength), theme.INK, "attacker")]
        for part in defender.parts[1:]:
            defence_lines.append(("  " + modifier_name(data, part), signed(part.value), theme.INK_MUTED, "part"))
        outcome = preview.outcome
        verdict = tr(f"draco_table.preview.{outcome}", whose=owner)
        colour = theme.GOOD if outcome == "win" else theme.BAD if outcome == "loss" else theme.INK
        title = text.fitted(tr("draco_table.preview.reveal_title" if reveal else "draco_table.preview.title"), "bold",
                            th.text(20), theme.GOLD, width - 2 * pad)
        verdict_block = text.block(verdict, "bold", th.text(18), colour, width - 2 * pad)
        rows = lines + [attack_line] + defence_lines + [(tr("draco_table.preview.defence"), str(preview.defence),
                                                          theme.GOLD, "total")]
        height = pad + title.get_height() + th.px(6) + len(rows) * row_h + th.px(16) + verdict_block.get_height() + pad
        layout = board.layout
        area = Rect(0, layout.top_bar.bottom, surface.get_width(), layout.status_bar.top - layout.top_bar.bottom)
        fight = [layout.square_rect(f.at) for f in (*preview.attackers, preview.defender)]
        box = place_beside((width, height), near, fight, layout.seats, area, th.px(14))
        surface.blit(self.ctx.art.panel(box.w, box.h, alpha=245, edge=theme.GOLD), box)
        y = box.y + pad
        blit_at(surface, title, "topleft", (box.x + pad, y), box=box)
        y += title.get_height() + th.px(6)
        for words, value, ink, role in rows:
            if role == "total":
                canvas.line(surface, theme.PANEL_EDGE, (box.x + pad, y), (box.right - pad, y))
            face = "bold" if role != "part" else "body"
            blit_at(surface, text.fitted(words, face, size, ink, width - 2 * pad - th.px(40)), "topleft",
                    (box.x + pad, y + 1), box=box)
            blit_at(surface, text.render(value, "number", size, ink), "topright", (box.right - pad, y + 1), box=box)
            y += row_h
            if role == "total" and words == attack_line[0]:
                y += th.px(6)
        y += th.px(8)
        blit_at(surface, verdict_block, "topleft", (box.x + pad, y), box=box)
        for fighter in preview.attackers:
            self.ring(surface, board.layout.square_rect(fighter.at), theme.GOLD, 230, width=max(3, th.px(4)))
        self.ring(surface, board.layout.square_rect(defender.at), theme.BAD, 230, width=max(3, th.px(4)))
        return box

    def facing_picker(self, surface: pygame.Surface, facing_of: Facing) -> None:
        """Four arrows around the square: click one, press an arrow key, or drag from the square. An explorer
        being placed stands in it meanwhile (facing nowhere yet)."""
        layout, th = self.board.layout, self.ctx.theme
        rect = layout.square_rect(facing_of.at)
        size = max(th.px(34), rect.w // 2)
        surface.blit(self.ctx.art.veil(rect.w, rect.h, 120), rect)
        decision = self.board.table.decision()
        if facing_of.purpose == "place" and facing_of.kind and decision is not None:
            inner = rect.inflate(-max(2, layout.square // 16), -max(2, layout.square // 16))
            explorer = self.art.character(facing_of.kind, decision.seat, None, inner.w)
            surface.blit(explorer, explorer.get_rect(center=rect.center))
        offsets = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
        offered = self.board.gestures.facings(facing_of)  # a turn never offers the facing it has
        self._facings.clear()
        for facing, (dx, dy) in offsets.items():
            if facing not in offered:
                continue
            centre = (rect.centerx + dx * (rect.w // 2 + size // 2), rect.centery + dy * (rect.h // 2 + size // 2))
            box = Rect(0, 0, size, size)
            box.center = centre
            self._facings[facing] = box
            self._pickers.append(box)
            canvas.circle(surface, (12, 14, 22), centre, size // 2)
            canvas.circle(surface, theme.GOLD, centre, size // 2, width=max(2, th.px(3)))
            tip = (centre[0] + dx * size * 0.32, centre[1] + dy * size * 0.32)
            side = (-dy, dx)
            base = (centre[0] - dx * size * 0.18, centre[1] - dy * size * 0.18)
            points = [tip, (base[0] + side[0] * size * 0.24, base[1] + side[1] * size * 0.24),
                      (base[0] - side[0] * size * 0.24, base[1] - side[1] * size * 0.24)]
            canvas.polygon(surface, theme.GOLD, points)

    def facing_rects(self) -> dict[str, Rect]:
        return self._facings

    def menu(self, surface: pygame.Surface) -> None:
        """The actions possible on one square, numbered (1, 2, ...)."""
        board, th, text = self.board, self.ctx.theme, self.ctx.text
        menu = board.gestures.menu
        assert menu is not None, "drawn only while the menu is open"
        rect = board.layout.square_rect(menu.at)
        labels = [tr("draco_table.option", n=i + 1, what=tr(f"draco_table.options.{o.replace('-', '_')}"))
                  for i, o in enumerate(menu.options)]
        size = th.text(20)
        width = max(text.width(label, "bold", size) for label in labels) + th.px(70)
        row = th.px(40)
        box = Rect(rect.right + th.px(8), rect.y, width, row * len(labels) + th.px(12))
        box.clamp_ip(Rect(0, board.layout.top_bar.bottom, surface.get_width(),
                          board.layout.status_bar.top - board.layout.top_bar.bottom))
        surface.blit(self.ctx.art.panel(box.w, box.h, alpha=248, edge=theme.GOLD), box)
        self._pickers.append(box)
        for i, (label, option) in enumerate(zip(labels, menu.options)):
            line = Rect(box.x + th.px(6), box.y + th.px(6) + i * row, box.w - th.px(12), row)
            self._menu.append(line)
            if i == menu.focus:
                canvas.rect(surface, theme.shade(theme.GOLD, 0.35), line, border_radius=th.px(6))
            mark = self.art.action_mark(ACTION_ICONS[option], row - th.px(10), TARGET_COLOURS[option])
            surface.blit(mark, mark.get_rect(midleft=(line.x + th.px(4), line.centery)))
            words = text.fitted(label, "bold", size, theme.INK, line.w - row - th.px(10))
            blit_at(surface, words, "midleft", (line.x + row + th.px(4), line.centery), box=box)

    def menu_rects(self) -> list[Rect]:
        return self._menu

    def dragged(self, surface: pygame.Surface) -> None:
        board = self.board
        held = board.gestures.dragged()
        if held is None:
            return
        source, mouse = held
        size = board.layout.square
        rect = Rect(0, 0, size, size)
        rect.center = mouse
        if source[0] == "tray":
            self.token_picture(surface, source[1], board.model.viewer or 0, rect)
        else:
            spot = board.model.squares.get(source[1])
            if spot is not None and spot.character is not None:
                self.piece(surface, "character", spot.character, rect, alpha=220)

    # -- animations -------------------------------------------------------------------------------------------

    def fight(self, surface: pygame.Surface, event: Event, t: float) -> None:
        """A fight being shown: attackers gold, defender red, and the two totals over the defender."""
        board, th, text = self.board, self.ctx.theme, self.ctx.text
        layout = board.layout
        appear = min(1.0, t * 5)
        for fighter in event.attackers:
            self.ring(surface, layout.square_rect(fighter.at), theme.GOLD, round(255 * appear), width=max(3, th.px(5)))
        if event.defender is not None:
            self.ring(surface, layout.square_rect(event.defender.at), theme.BAD, round(255 * appear),
                      width=max(3, th.px(5)))
            words = tr("draco_table.fight_totals", attack=event.attack, defence=event.defence)
            verdict = tr(f"draco_table.fight_{event.outcome}")
            label = text.render(words, "number", th.text(30), theme.GOLD, shadow=True)
            sub = text.render(verdict, "bold", th.text(20), theme.GOOD if event.outcome == "win" else
                              theme.BAD if event.outcome == "loss" else theme.INK, shadow=True)
            rect = layout.square_rect(event.defender.at)
            box = Rect(0, 0, max(label.get_width(), sub.get_width()) + th.px(28),
                       label.get_height() + sub.get_height() + th.px(16))
            box.midbottom = (rect.centerx, rect.y - th.px(6))
            box.clamp_ip(Rect(0, layout.top_bar.bottom, surface.get_width(),
                              layout.status_bar.top - layout.top_bar.bottom))
            plate = self.ctx.art.panel(box.w, box.h, alpha=240, edge=theme.GOLD)
            plate.set_alpha(round(255 * appear))
            surface.blit(plate, box)
            blit_at(surface, label, "midtop", (box.centerx, box.y + th.px(6)), box=box)
            blit_at(surface, sub, "midtop", (box.centerx, box.y + th.px(8) + label.get_height()), box=box)

    def pulse_mark(self, surface: pygame.Surface, name: str, rect: Rect, t: float) -> None:
        size = max(8, round(rect.w * (0.5 + 0.3 * math.sin(min(1.0, t) * math.pi))))
        colour = theme.COACH if name == "peek" else theme.BAD if name in ("destroy", "capture", "sacrifice") \
            else theme.GOLD
        # Drawn once at its largest and scaled: not a picture made and kept at each size of the pulse.
        mark = pygame.transform.smoothscale(self.art.action_mark(name, max(8, round(rect.w * 0.8)), colour),
                                            (size, size))
        mark.set_alpha(round(255 * min(1.0, (1 - t) * 4, t * 6 + 0.2)))
        surface.blit(mark, mark.get_rect(center=rect.center))

    # -- bars, messages, tooltips ----------------------------------------------------------------------------

    def bars(self, surface: pygame.Surface) -> None:
        board, th, text = self.board, self.ctx.theme, self.ctx.text
        layout = board.layout
        top = layout.top_bar
        left, right, _ = board.table.bar_edges
        title = text.fitted(tr("draco_mundis.name"), "title", th.text(28), theme.GOLD,
                            max(40, (right - left) // 3 - th.px(20)))
        rect = blit_at(surface, title, "midleft", (left + th.px(14), top.centery))
        table = board.table
        counted = table_parts.counted_apart(self.ctx, table.practice, table.hints_shown, rect, right, 4)
        for words, pill, widest in counted:
            rect = table_parts.badge(surface, self.ctx, words, pill.midleft, widest)
        turn = board.turn_text()
        model = board.model
        x = right - th.px(14)
        if model.decision == "act" and not model.over:
            label = text.fitted(tr("draco_table.actions_left", count=model.actions_left), "bold", th.text(20),
                                theme.GOLD, max(40, (right - rect.right) // 3))
            r = blit_at(surface, label, "midright", (x, top.centery))
            x = r.x - th.px(14)
            mark = self.art.mark(model.current, th.px(22))
            r = blit_at(surface, mark, "midright", (x, top.centery))
            x = r.x - th.px(8)
        label = text.fitted(turn, "bold", th.text(22), theme.INK, max(40, x - rect.right - th.px(20)))
        x = blit_at(surface, label, "midright", (x, top.centery)).x - th.px(20)
        stall = board.stall_text()
        if stall:
            label = text.fitted(stall, "body", th.text(18), theme.INK_MUTED, max(40, x - rect.right - th.px(20)))
            blit_at(surface, label, "midright", (x, top.centery))
        table_parts.status_line(surface, self.ctx, layout.status_bar, board.table.bar_edges.status_right,
                                board.table.status_text(), 21)

    def banner(self, surface: pygame.Surface, words: str, alpha: float) -> None:
        """Whose turn it is now (or the end): a plate in the middle of the board, as wide as its words, fading in
        and out; no band or line across the board."""
        th, ground = self.ctx.theme, self.board.layout.board
        label = self.ctx.text.fitted(words, "title", th.text(40), theme.GOLD, ground.w - th.px(40), shadow=True)
        box = label.get_rect(center=ground.center).inflate(th.px(48), th.px(28))
        plate = self.ctx.art.panel(box.w, box.h, alpha=235, edge=theme.GOLD)
        plate.set_alpha(round(255 * alpha))
        surface.blit(plate, box)
        label.set_alpha(round(255 * alpha))
        surface.blit(label, label.get_rect(center=box.center))
        label.set_alpha(None)
        plate.set_alpha(None)

    def toast(self, surface: pygame.Surface, words: str) -> None:
        th, text = self.ctx.theme, self.ctx.text
        ground = self.board.layout.board
        block = text.block(words, "bold", th.text(20), theme.INK, th.px(460))
        box = Rect(0, 0, block.get_width() + th.px(60), block.get_height() + th.px(18))
        box.midbottom = (ground.centerx, self.board.layout.status_bar.top - th.px(16))
        surface.blit(self.ctx.art.panel(box.w, box.h, alpha=245, edge=theme.BAD), box)
        mark = self.ctx.art.ui_icon("warning", th.px(24), theme.BAD)
        blit_at(surface, mark, "midleft", (box.x + th.px(12), box.centery))
        blit_at(surface, block, "midleft", (box.x + th.px(44), box.centery), box=box)

    def tooltip(self, surface: pygame.Surface, tip: Tooltip, mouse: tuple[int, int]) -> None:
        """The tip beside the mouse (or the keyboard's cursor); rulings stand out in their own colour."""
        g = self.board.gestures
        anchor = self.board.layout.square_rect(g.cursor).bottomright if g.keyboard else mouse
        prefix = tr("draco_table.ruling_prefix")
        at = self.board.hovered_square()  # the square pointed at stays in sight (it may be the target)
        table_parts.tooltip(surface, self.ctx, tip, anchor, width=380,
                            line_colour=lambda line: theme.COACH if line.startswith(prefix) else theme.INK,
                            clear=self.board.layout.square_rect(at) if at is not None else None)
