"""Draws the table: kingdoms, piles, legends, the log, what is held and what is flying.

Everything it blits comes from the art and text caches; per frame it only
decides what goes where (from the layout, the table model, the running beat and
the person's gestures), so a frame stays well under a millisecond or two.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, NamedTuple, Sequence

import pygame
from pygame import Rect

from ....i18n import tr
from ....ui import canvas, table_parts, theme
from ....ui.anim import ease_in_out, ease_out, lerp_rect
from ....ui.text import blit_at
from ....ui.tooltips import Tooltip, number, signed
from ..engine import CENTRE, PlacementChange
from ..narrate import category_name
from ..words import card_name, legend_name
from . import card_pictures, game_of
from .card_art import ribbon_band
from .hint_marks import bubble_places
from .last_turns import PULSE, TurnRecord
from .model import FACE_DOWN

if TYPE_CHECKING:
    from .board import AetheryaBoard


KINGDOM_ALPHA = 185  # a kingdom's panel, whoever's turn it is
WARM_PIXELS = 600_000  # drawn a frame while kingdoms slide (a kingdom at 3840 x 2160 is about 2.4 million)
STATUS_SIZE = 22  # the status line's type
# More of the board than this share of the window to paint again is painted half in one frame, half in the next (when
# a turn passes, the plates, frames, words and the news to paint again are 5-10% of a 4K window, 3-4 ms; a card
# landing in the large kingdom, 1.5%).
BOARD_SHARE = 0.03
BARE = "bare"  # what the board shows of a kingdom still to be painted: its place put back, empty


class Frame(NamedTuple):
    """A thin frame on the table (whose turn it is, a last turn's place), drawn by `canvas.rect`."""

    rect: tuple[int, int, int, int]
    colour: tuple[int, int, int]
    width: int
    radius: int

    @classmethod
    def around(cls, rect: Rect, colour: tuple[int, int, int], width: int, radius: int) -> "Frame":
        return cls((rect.x, rect.y, rect.w, rect.h), colour, width, radius)

    def draw(self, surface: pygame.Surface) -> None:
        canvas.rect(surface, self.colour, Rect(self.rect), width=self.width, border_radius=self.radius)

    def pieces(self) -> tuple[tuple[int, int, int, int], ...]:
        """Its corners and sides (each a part of the board), worked out once per frame shown, not every frame."""
        return _frame_pieces(self)


@lru_cache(maxsize=256)
def _frame_pieces(frame: Frame) -> tuple[tuple[int, int, int, int], ...]:
    return tuple((r.x, r.y, r.w, r.h) for r in canvas.frame_pieces(Rect(frame.rect), frame.width, frame.radius))


# A part of the board (see TablePainter.board): a seat's kingdom, a named part, a seat's plate or claimed legends,
# a piece of a frame.
PartName = int | str | tuple[str, int] | tuple[str, Frame, int]


def _group(name: PartName) -> PartName:
    """What a part is painted again with, all in one frame: itself, or all the frames' pieces."""
    return "frames" if isinstance(name, tuple) and name[0] == "frame" else name


class TablePainter:
    def __init__(self, board: "AetheryaBoard") -> None:
        self.board = board
        self._layers: dict[int, tuple] = {}  # seat -> (what it shows, margin, surface)
        self._board: tuple | None = None  # (what the base is for, the board, what each part shows on it)
        self._base: pygame.Surface | None = None  # the backdrop and the bars
        self._frozen: tuple | None = None  # (the layout moved from, the kingdom pictures taken then)
        self._warming = 0
        # While kingdoms slide: ((seat, key), the new picture being drawn, the bands of it still to draw).
        self._warm_job: tuple[tuple[int, tuple], pygame.Surface, list[Rect]] | None = None
        self._fade: pygame.Surface | None = None
        self.tooltip_box: Rect | None = None  # where the last tooltip was drawn
        self._scratch: dict[int, pygame.Surface] = {}  # seat -> where its sliding picture is scaled
        self._made: dict[tuple[int, int], list[pygame.Surface]] = {}  # size -> the kingdom pictures made
        self._tilted: tuple[tuple[str, tuple[int, int]], pygame.Surface] | None = None  # (card, size), turned aside
        self._pending: list[int] = []  # seats whose new picture the board has not painted yet
        self._owed: list[Rect] = []  # where the board shows what was there before: painted in the next frame
        self._overlaid = canvas.Overlaid()

    @property
    def ctx(self):
        return self.board.ctx

    # -- helpers ----------------------------------------------------------------------------

    def card(self, surface: pygame.Surface, card: str | None, rect: Rect, lift: int = 0, shadow: bool = True,
             slot=theme.GOLD) -> None:
        """A kingdom card (type id, FACE_DOWN, or None for an empty place) with its shadow."""
        art = self.ctx.art
        if card is None:
            surface.blit(art.slot(rect.w, rect.h, slot), rect)
            return
        if shadow:
            m = art.halo(rect.w, rect.h)
            surface.blit(art.shadow(rect.w, rect.h), (rect.x - m, rect.y - m + lift // 2))
        surface.blit(self.board.card_surface(card, rect.size), rect.move(0, -lift))

    def glow(self, surface: pygame.Surface, rect: Rect, colour=theme.GOLD) -> None:
        art = self.ctx.art
        m = art.halo(rect.w, rect.h)
        surface.blit(art.glow(rect.w, rect.h, colour), (rect.x - m, rect.y - m))

    def hidden(self, key: tuple) -> bool:
        beat = self.board.table.choreo.current
        return beat is not None and beat.hides(key)

    # -- the whole table ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, over_last: bool = False) -> list[Rect] | None:
        """The table on the window: the board, then what is drawn over it every frame (`canvas.Overlaid`: with
        `over_last`, only what changed since the last frame; the regions drawn again, None: all)."""
        records = self.board.recent_turns()  # asked once a frame: the board's news and the marks both show them
        still, pulsing = self.frames(records)
        ground, repainted = self.board_layer(surface.get_size(), records, still, over_last)
        return self._overlaid.draw(surface, ground, repainted, over_last,
                                   lambda window: self.over_board(window, records, still, pulsing))

    def over_board(self, surface: pygame.Surface, records: Sequence[TurnRecord], still: list[Frame],
                   pulsing: list[tuple[Frame, Rect, float]]) -> None:
        """What is drawn over the board every frame: targets and focus, the places of a turn first shown
        (pulsing), the log, hints, what flies, what is held, previews, the buttons, notes and tips."""
        board = self.board
        layout = board.layout
        for seat in self._pending:  # not on the board yet: the same picture, over its place put back bare
            margin, layer = self.kingdom_layer(seat, self.kingdom_key(seat))
            box = layout.kingdoms[seat]
            surface.blit(layer, (box.rect.x - margin, box.rect.y - margin))
            self.nameplate(surface, seat)
            for frame in still:  # the board's frames over it, drawn again over the picture
                if box.rect.colliderect(frame.rect):
                    frame.draw(surface)
        for seat in range(board.model.players):
            self.kingdom(surface, seat)
        self.legends(surface)
        self.pulses(surface, pulsing)
        if layout.log is not None:
            self.log(surface, layout.log)
        board.table.hints.draw_marks(surface)
        board.table.choreo.draw(surface)
        self.held(surface)
        preview = board.gestures.preview()
        if preview is not None and self.ctx.settings.show_score_preview:
            self.preview(surface, *preview)
        self.refusal(surface)
        board.table.widgets.draw(surface, self.ctx)
        board.table.hints.draw_bubble(surface, *bubble_places(board, bool(records)))
        focus = board.gestures.focus
        ring = board.rect_of(focus) if board.gestures.keyboard and focus is not None and focus[0] == "button" else None
        if focus is not None and ring:
            self.focus_ring(surface, focus, ring)
        if board.table.toast is not None:
            self.toast(surface, *board.table.toast)
        if board.table.tooltip is not None:
            self.tooltip(surface, board.table.tooltip, board.tooltip_anchor())

    def board_layer(self, size: tuple[int, int], records: Sequence[TurnRecord], frames: list[Frame],
              over_last: bool) -> tuple[pygame.Surface, list[Rect] | None]:
        """What changes seldom, composed into one opaque picture: the backdrop and the bars with their
        words, every kingdom's panel and cards with its name plate and claimed legends, the legend row,
        the piles, the last turns told and the `frames` that keep still (each piece of a frame a part: when a
        frame comes or goes, only its thin sides are painted again). `over_last`: the window shows the last
        frame (a large change may be painted over two frames; a frame drawn whole, e.g. the first under an
        overlay, which keeps it, paints it all).

        Each of those parts is a region with a key of what it shows. When keys change, only their
        regions are painted again (the backdrop put back under them first, then every part that
        reaches into them, in order), so a card landing costs only its place, in any number of kingdoms.
        When several kingdoms change whole at once (the end of a slide) one is painted a frame: the
        others are shown meanwhile over their bare places (`_pending`), so that no frame paints them all.
        With the board, the regions painted again this frame (None: the board was made anew)."""
        board = self.board
        layout = board.layout
        moving = board.previous_layout is not None and board.transition < 1
        # A seat's kingdom (its number), its name plate and claimed legends (("plate" or "claimed", seat): over
        # it), "legends", the piles (or the starting hand), the last turns told ("news") and the bars' words ->
        # (key, rect); painted in this order.
        parts: dict[PartName, tuple] = {}
        if not moving:
            for seat in range(board.model.players):
                key = self.kingdom_key(seat)
                margin = self.ctx.art.halo(*layout.kingdoms[seat].card)
                parts[seat] = (key, layout.kingdoms[seat].rect.inflate(2 * margin, 2 * margin))
            for seat in range(board.model.players):
                box = layout.kingdoms[seat]
                plate, claimed = self.nameplate_keys(seat)
                # A plate of two rows writes its score under it, down into the claimed legends' room.
                reach = 0 if one_row(box.plate) else min(box.claimed.h, box.plate.h)
                parts["plate", seat] = (plate, Rect(box.plate.topleft, (box.plate.w, box.plate.h + reach)))
                parts["claimed", seat] = (claimed, box.claimed)
        slot = layout.legend_slots[0]
        halo = self.ctx.art.halo(slot.w, slot.h) + self.ctx.theme.px(8)
        parts["legends"] = (self.legend_key(), layout.legend_area.inflate(2 * halo, 2 * halo))
        if board.showing_hand():
            parts["hand"] = (self.hand_key(), self.pile_area(layout.piles))
        else:
            parts["draw"] = (self.draw_pile_key(), self.pile_area(layout.draw_pile))
            parts["discard"] = (self.discard_key(), self.pile_area(layout.discard_pile))
            parts["drawn"] = (self.drawn_key(), self.pile_area(layout.drawn))
        if records and not board.model.over and layout.news.h:
            viewer = board.places[0]
            human = board.table.controller.seats[viewer].is_human
            parts["news"] = (((viewer, human, board.last_turns.has_played(viewer)),
                              *((record.seat, record.ended) for record in records)), layout.news)
        # The bars' words, between their buttons (drawn every frame: they light up under the mouse), each part as
        # large as its words: when the turn passes, only where words were and are is painted again.
        edges = board.table.bar_edges  # worked out from the buttons: once a frame
        title, badges, turn = self.top_pieces(edges)
        parts["top"] = (self.top_words_key(edges), title[1].unionall([rect for _, rect, _ in badges]))
        if turn is not None:
            parts["turn"] = ((self.top_words_key(edges), board.turn_text()), turn[1])
        status = table_parts.status_pieces(self.ctx, layout.status_bar, edges.status_right, board.table.status_text(),
                                           STATUS_SIZE)
        parts["status"] = (self.status_words_key(edges), status[0][1].union(status[1][1]))
        for frame in frames:
            for i, piece in enumerate(frame.pieces()):
                parts["frame", frame, i] = ((frame, piece), Rect(piece))
        base_key = (size, tuple(layout.top_bar), tuple(layout.status_bar))
        if self._board is None or self._board[0] != base_key:
            self._base = self.make_base(size)
            self._board = (base_key, self._base.copy(), {})
            dirty = canvas.disjoint([rect for _, rect in parts.values()])
            big = layout.active_box
            margin = self.ctx.art.halo(*big.card)
            for seat in range(board.model.players):  # made now, with the table's art, not in the first slide
                self.scratch(seat, big.rect.inflate(2 * margin, 2 * margin).size, (1, 1))
            later: list[int] = []
            repainted: list[Rect] | None = None
            self._owed = []
        else:
            shown = self._board[2]
            changed = [name for name, part in parts.items() if shown.get(name) != part]
            kingdoms = [name for name in changed if isinstance(name, int)]
            # A kingdom where only cards changed: only their places.
            cells: dict[PartName, list[Rect] | None] = {
                name: self.changed_cells(name, shown[name][0], parts[name][0]) for name in kingdoms if name in shown}
            whole = [name for name in changed if cells.get(name) is None]
            later = [name for name in whole if isinstance(name, int)][1:]
            # Where to paint again, part by part (all of a frame's pieces together: whose turn it is moves from one
            # kingdom to another in one frame).
            groups: dict[PartName, list[Rect]] = {}
            for name in whole:
                if name not in later or shown.get(name) != (BARE, parts[name][1]):
                    groups.setdefault(_group(name), []).append(parts[name][1])
            for name, found in cells.items():
                groups.setdefault(_group(name), []).extend(found or ())
            # Where a part was and is no more: gone, or moved (the bars' words when their buttons change).
            for name, (_, rect) in shown.items():
                if name not in parts or parts[name][1] != rect:
                    groups.setdefault(_group(name), []).append(rect)
            owed, self._owed = self._owed, []
            painting = [owed, *groups.values()] if owed else list(groups.values())  # what is owed first: it waited
            # A large change half now, half next frame, when drawn over the last frame (never later: no frame shows
            # the board behind twice in a row); not while kingdoms wait to be painted (`later`): their places are
            # put back bare now.
            if over_last and not owed and not later:
                painting, self._owed = canvas.split_in_two(painting, size[0] * size[1] * BOARD_SHARE)
            repainted = dirty = canvas.disjoint([rect for group in painting for rect in group])
        ground = self._board[1]
        if dirty:
            for rect in dirty:
                ground.blit(self._base, rect, rect)
            for name, (key, rect) in parts.items():
                if name in later or isinstance(name, tuple) and name[0] != "frame" and name[1] in later:  # a plate
                    # goes with its kingdom
                    continue
                for i in rect.collidelistall(dirty):  # only where the backdrop was put back: a part is never
                    # blended twice
                    ground.set_clip(rect.clip(dirty[i]))
                    self.paint_part(ground, name, key)
                ground.set_clip(None)
            painted = {name: (BARE, part[1]) if name in later else part for name, part in parts.items()}
            self._board = (base_key, ground, painted)
        self._pending = later
        return ground, repainted

    @property
    def owes(self) -> bool:
        """Some of the board is still to paint (see BOARD_SHARE): the next frame is wanted now, events or not."""
        return bool(self._owed)

    def make_base(self, size: tuple[int, int]) -> pygame.Surface:
        """What every part is painted over: the backdrop and the bars' ground."""
        layout = self.board.layout
        base = self.ctx.art.backdrop(*size).copy()
        for bar in (layout.top_bar, layout.status_bar):
            base.blit(self.ctx.art.panel(bar.w + 4, bar.h + 2, alpha=225, radius=0), (bar.x - 2, bar.y - 1))
        top, status = layout.top_bar, layout.status_bar
        canvas.line(base, theme.GOLD_DARK, (0, top.bottom - 1), (top.right, top.bottom - 1))
        canvas.line(base, theme.GOLD_DARK, (0, status.top), (top.right, status.top))
        return base

    def paint_part(self, ground: pygame.Surface, name: PartName, key: tuple) -> None:
        if key and isinstance(key[0], Frame):  # a piece of a frame: the frame, cut to the piece
            frame, piece = key
            clip = ground.get_clip()
            ground.set_clip(clip.clip(piece))
            frame.draw(ground)
            ground.set_clip(clip)
            return
        if name == "legends":
            self.legend_cards(ground)
            return
        if name in PILES:
            PILES[name](self, ground)
            return
        if name == "news":
            self.news(ground, self.board.recent_turns())
            return
        if name == "top":
            self.top_words(ground)
            return
        if name == "turn":
            turn = self.top_pieces(self.board.table.bar_edges)[2]
            if turn is not None:
                blit_at(ground, turn[0], "topleft", turn[1].topleft)
            return
        if name == "status":
            self.status_words(ground)
            return
        assert not isinstance(name, str), f"no part is called {name}"
        if isinstance(name, tuple):
            what, seat = name[0], name[1]
            assert isinstance(seat, int), "a plate or claimed legends: of a seat"
            box = self.board.layout.kingdoms[seat]
            if what == "plate":
                self.plate(ground, seat, box.plate, big=box.seat == self.board.layout.active)
            else:
                self.claimed(ground, seat, box.claimed)
            return
        margin, layer = self.kingdom_layer(name, key)
        box = self.board.layout.kingdoms[name]
        ground.blit(layer, (box.rect.x - margin, box.rect.y - margin))

    def top_words_key(self, edges: table_parts.BarEdges) -> tuple:
        board = self.board
        return (edges, board.table.controller.practice, sum(board.table.controller.hints))

    def status_words_key(self, edges: table_parts.BarEdges) -> tuple:
        return (edges.status_right, self.board.table.status_text())

    def top_pieces(self, edges: table_parts.BarEdges) -> tuple[tuple[pygame.Surface, Rect], list[tuple[str, Rect, int]],
                                                                tuple[pygame.Surface, Rect] | None]:
        """The top bar's words: its title and where it goes; its badges (practice, hints shown): words, pill,
        widest; whose turn it is, at the right, and where (None: no turn to tell)."""
        board, th = self.board, self.ctx.theme
        top = board.layout.top_bar
        title = self.ctx.text.fitted(tr("menu.title"), "title", th.text(28), theme.GOLD,
                                     max(40, (edges.top_right - edges.top_left) // 2 - th.px(20)))
        place = title.get_rect(midleft=(edges.top_left + th.px(14), top.centery))
        c = board.table.controller
        badges = table_parts.counted_apart(self.ctx, c.practice, sum(c.hints), place, edges.top_right, 3)
        rect = badges[-1][1] if badges else place
        turn = board.turn_text()
        if not turn:
            return (title, place), badges, None
        label = self.ctx.text.fitted(turn, "bold", th.text(22), theme.INK,
                                     max(40, edges.top_right - rect.right - th.px(34)))
        return (title, place), badges, (label, label.get_rect(midright=(edges.top_right - th.px(14), top.centery)))

    def top_words(self, surface: pygame.Surface) -> None:
        """The top bar's title and badges (its buttons are widgets, drawn every frame; whose turn: a part apart)."""
        (title, place), badges, _ = self.top_pieces(self.board.table.bar_edges)
        blit_at(surface, title, "topleft", place.topleft)
        for words, rect, widest in badges:
            table_parts.badge(surface, self.ctx, words, rect.midleft, widest)

    def status_words(self, surface: pygame.Surface) -> None:
        """The status line: what to do now, or what is happening."""
        board = self.board
        table_parts.status_line(surface, self.ctx, board.layout.status_bar, board.table.bar_edges.status_right,
                                board.table.status_text(), STATUS_SIZE)

    # -- kingdoms ----------------------------------------------------------------------------------

    def kingdom(self, surface: pygame.Surface, seat: int) -> None:
        board, th = self.board, self.ctx.theme
        box = board.layout.kingdoms[seat]
        if self.moving(surface, seat):
            return
        targets = board.gestures.targets() if seat == board.gestures.seat else {}
        aimed = board.gestures.aimed()
        shown = self.shown_cells(seat) if targets else ()
        for key, reason in targets.items():
            if key[0] != "cell":
                continue
            rect = box.cell(key[2])
            if reason is None:  # a legal place: glowing, lifted (more when aimed at)
                self.glow(surface, rect)
                surface.blit(self.ctx.art.veil(rect.w, rect.h, 255), rect)
                self.card(surface, shown[key[2]], rect, th.px(6) if aimed == key else th.px(2))
            else:
                surface.blit(self.ctx.art.veil(rect.w, rect.h), rect)
        if board.gestures.keyboard and board.gestures.focus and board.gestures.focus[:2] == ("cell", seat):
            rect = box.cell(board.gestures.focus[2])
            canvas.rect(surface, theme.GOLD, rect.inflate(6, 6), width=3, border_radius=th.radius)

    def moving(self, surface: pygame.Surface, seat: int) -> bool:
        """While the kingdoms change places, each one's last picture slides and scales to its new place;
        meanwhile the new pictures are drawn a band a frame, so that no frame does much of them."""
        board = self.board
        if board.previous_layout is None or board.transition >= 1:
            self._frozen = None
            self._warm_job = None
            return False
        if self._frozen is None or self._frozen[0] is not board.previous_layout:
            self._frozen = (board.previous_layout, dict(self._layers))
            self._warming = -1  # the slide's first frame repaints the board already: new pictures start next frame
        old = self._frozen[1].get(seat)
        if old is None:
            return False
        _, margin, layer = old
        start = board.previous_layout.kingdoms[seat].rect.inflate(2 * margin, 2 * margin)
        end = board.layout.kingdoms[seat].rect.inflate(2 * margin, 2 * margin)
        rect = lerp_rect(start, end, ease_in_out(board.transition))
        if rect.size != layer.get_size():  # a kingdom that only moves (same size) needs no scaling
            largest = (max(start.w, end.w), max(start.h, end.h))
            layer = pygame.transform.scale(layer, rect.size, self.scratch(seat, largest, rect.size))
        surface.blit(layer, rect)
        if seat == board.model.players - 1:
            self.warm()
        return True

    def warm(self) -> None:
        """One step of drawing the kingdoms' pictures for their new places during a slide: a band of about
        WARM_PIXELS of one picture (a large kingdom at 4K takes several frames instead of one long one)."""
        if self._warming < 0:
            self._warming = 0
            return
        players = self.board.model.players
        while self._warming < players:
            seat = self._warming
            key = self.kingdom_key(seat)
            cached = self._layers.get(seat)
            if cached is not None and cached[0] == key:
                self._warming += 1
                continue
            box = self.board.layout.kingdoms[seat]
            margin = self.ctx.art.halo(*box.card)
            if self._warm_job is None or self._warm_job[0] != (seat, key):
                layer = self.blank_layer((box.rect.w + 2 * margin, box.rect.h + 2 * margin))
                w, h = layer.get_size()
                step = max(1, WARM_PIXELS // w)
                self._warm_job = ((seat, key), layer, [Rect(0, y, w, min(step, h - y)) for y in range(0, h, step)])
            _, layer, bands = self._warm_job
            layer.set_clip(bands.pop(0))
            self.paint_kingdom(layer, seat, key, (margin - box.rect.x, margin - box.rect.y))
            layer.set_clip(None)
            if not bands:
                self._layers[seat] = (key, margin, layer)
                self._warm_job = None
                self._warming += 1
            return

    def scratch(self, seat: int, largest: tuple[int, int], size: tuple[int, int]) -> pygame.Surface:
        """Where a sliding kingdom's picture is scaled to, frame after frame: one surface per kingdom as large
        as it gets, reused (making a new large picture every frame costs more than the scaling itself)."""
        kept = self._scratch.get(seat)
        if kept is None or kept.get_width() < largest[0] or kept.get_height() < largest[1]:
            kept = self._scratch[seat] = pygame.Surface(largest, pygame.SRCALPHA)
        return kept.subsurface((0, 0, *size))

    def shown_cells(self, seat: int) -> tuple:
        """What each place of the kingdom shows now: a card, FACE_DOWN, or None (empty or in flight)."""
        board = self.board
        gestures = board.gestures
        arrangement = gestures.arrangement if seat == gestures.seat else {}
        held = gestures.held
        out = []
        for index, card in enumerate(board.model.kingdoms[seat]):
            key = ("cell", seat, index)
            if self.hidden(key):
                card = None
            elif index in arrangement:
                card = arrangement[index]
                if held is not None and held.dragging and held.source == key:
                    card = None
            out.append(card)
        return tuple(out)

    def panel_for(self, size: tuple[int, int]) -> pygame.Surface:
        """A kingdom's panel (whose turn it is is drawn over it, by `kingdom`)."""
        return self.ctx.art.panel(size[0], size[1], alpha=KINGDOM_ALPHA)

    def kingdom_key(self, seat: int) -> tuple:
        """What a kingdom's picture shows: each place's card (or None), where it is and its cards' size."""
        box = self.board.layout.kingdoms[seat]
        return (self.shown_cells(seat), tuple(box.rect), box.card)

    def kingdom_layer(self, seat: int, key: tuple) -> tuple[int, pygame.Surface]:
        """The kingdom's panel and cards drawn once into one surface, re-drawn only when they change."""
        box = self.board.layout.kingdoms[seat]
        cached = self._layers.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1], cached[2]
        margin = self.ctx.art.halo(*box.card)
        offset = (margin - box.rect.x, margin - box.rect.y)
        changed = self.changed_cells(seat, cached[0] if cached is not None else None, key)
        sliding = cached is not None and self._frozen is not None and \
            any(kept[2] is cached[2] for kept in self._frozen[1].values())
        if cached is not None and changed is not None and not sliding:  # only where cards changed
            layer = cached[2]
            for region in canvas.disjoint([rect.move(offset) for rect in changed]):
                layer.set_clip(region)
                layer.fill((0, 0, 0, 0), region)
                self.paint_kingdom(layer, seat, key, offset)
            layer.set_clip(None)
        else:
            layer = self.blank_layer((box.rect.w + 2 * margin, box.rect.h + 2 * margin))
            self.paint_kingdom(layer, seat, key, offset)
        self._layers[seat] = (key, margin, layer)
        return margin, layer

    def changed_cells(self, seat: int, old: tuple | None, new: tuple) -> list[Rect] | None:
        """Where on the table a kingdom's picture changed from `old` to `new` (each changed place with its
        shadow), or None when more than places changed (its place on the table, its size; or `old` is not a
        picture's key: none, or BARE)."""
        if not isinstance(old, tuple) or old[1:] != new[1:]:
            return None
        box = self.board.layout.kingdoms[seat]
        halo = self.ctx.art.halo(*box.card)
        return [box.cell(i).inflate(2 * halo, 2 * halo) for i, (a, b) in enumerate(zip(old[0], new[0])) if a != b]

    def paint_kingdom(self, layer: pygame.Surface, seat: int, key: tuple, offset: tuple[int, int]) -> None:
        """The kingdom's panel and cards, onto its picture (`offset`: from table to picture coordinates)."""
        box = self.board.layout.kingdoms[seat]
        layer.blit(self.panel_for(box.rect.size), box.rect.move(offset))
        for index, card in enumerate(key[0]):
            # An empty place is empty before the deal (the centre's, where the starting cards go, stand out)
            # or while its card is in the air.
            slot = theme.GOLD if index in CENTRE else theme.PANEL_EDGE
            self.card(layer, card, box.cell(index).move(offset), slot=slot)

    def blank_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """A clear surface for a kingdom's picture: one made before and no longer shown (by the kingdom nor by a
        slide) wiped, else a new one (at 4K a new one costs several milliseconds, mostly the memory's first
        touch, and kingdoms are drawn again every time a card lands)."""
        in_use = {id(kept[2]) for kept in self._layers.values()}
        if self._warm_job is not None:
            in_use.add(id(self._warm_job[1]))
        if self._frozen is not None:
            in_use |= {id(kept[2]) for kept in self._frozen[1].values()}
        made = self._made.setdefault(size, [])
        spare = next((layer for layer in made if id(layer) not in in_use), None)
        if spare is None:
            spare = pygame.Surface(size, pygame.SRCALPHA)
            made.append(spare)
        else:
            spare.fill((0, 0, 0, 0))
        return spare

    def nameplate_keys(self, seat: int) -> tuple[tuple, tuple]:
        """What a kingdom's name plate shows (who, their score, whether they are thinking), and its claimed
        legends (each one's place, or None while it is on its way)."""
        board = self.board
        box = board.layout.kingdoms[seat]
        playing = seat == board.model.current and not board.model.over
        legends = board.model.claimed[seat]
        plate = (box.seat == board.layout.active, board.table.score_counter(seat),
                 board.activity_text(seat) if playing else None, board.table.presence(seat))
        claimed = tuple((legend, None if self.hidden(("claimed", seat, n)) else tuple(board.claimed_rect(seat, n)))
                        for n, legend in enumerate(legends))
        return plate, claimed

    def nameplate(self, surface: pygame.Surface, seat: int) -> None:
        """A kingdom's name plate (who, their score, whether they are thinking) and the legends they claimed."""
        box = self.board.layout.kingdoms[seat]
        self.plate(surface, seat, box.plate, big=box.seat == self.board.layout.active)
        self.claimed(surface, seat, box.claimed)

    def plate(self, surface: pygame.Surface, seat: int, rect: Rect, big: bool) -> None:
        board, th, text, art = self.board, self.ctx.theme, self.ctx.text, self.ctx.art
        seat_info = board.table.controller.seats[seat]
        colour = theme.seat_colour(self.board.setup.colour_of(seat))
        name_size = th.text(26 if big else 20)
        disc_r = max(th.px(12), round(name_size * 0.75))
        wide = one_row(rect)
        if wide:
            disc_r = min(disc_r, rect.h // 2 - 1)
        centre = (rect.x + disc_r + 2, rect.y + (rect.h // 2 if wide else disc_r + 2))
        canvas.circle(surface, theme.shade(colour, 0.55), centre, disc_r)
        canvas.circle(surface, colour, centre, disc_r, width=max(2, disc_r // 7))
        icon = art.ui_icon("person" if seat_info.is_person else "computer", round(disc_r * 1.25), theme.INK)
        blit_at(surface, icon, "center", centre)
        presence = board.table.presence(seat)
        if presence is not None:  # a player on another computer: here, not here, or a computer playing for them
            corner = round(disc_r * 0.72)
            table_parts.presence_mark(surface, (centre[0] + corner, centre[1] + corner), max(4, disc_r // 3), presence)
        score = board.table.score_counter(seat)
        score_text = tr("table.points", points=number(score))
        score_s = text.render(score_text, "number", th.text(24 if big else 20), theme.GOLD)
        x = centre[0] + disc_r + th.px(8)
        if wide:
            name_w = rect.right - x - score_s.get_width() - th.px(12)
            name = text.fitted(seat_info.name, "heading", name_size, theme.INK, max(30, name_w))
            blit_at(surface, name, "midleft", (x, centre[1]))
            blit_at(surface, score_s, "midright", (rect.right, centre[1]))
        else:
            name = text.fitted(seat_info.name, "heading", name_size, theme.INK, max(30, rect.right - x))
            blit_at(surface, name, "midleft", (x, centre[1]))
            blit_at(surface, score_s, "topleft", (rect.x + 2, centre[1] + disc_r + th.px(6)))
            if seat == board.model.current and not board.model.over:
                # "thinking…" beside the name or the score, where it fits whole; a narrow plate goes without
                # (its kingdom's edge is lit and the status line says it).
                words = board.activity_text(seat)
                mark = text.render(words, "body", th.text(18), theme.GOLD)
                spots = ((x + name.get_width() + th.px(10), centre[1]),
                         (rect.x + score_s.get_width() + th.px(12),
                          centre[1] + disc_r + th.px(6) + score_s.get_height() // 2))
                spot = next((p for p in spots if p[0] + mark.get_width() <= rect.right), None)
                if spot is not None:
                    blit_at(surface, mark, "midleft", spot)

    def claimed(self, surface: pygame.Surface, seat: int, rect: Rect) -> None:
        board, th = self.board, self.ctx.theme
        legends = board.model.claimed[seat]
        if not legends:
            label = self.ctx.text.fitted(tr("table.no_legends"), "body", th.text(17), theme.INK_MUTED, rect.w)
            blit_at(surface, label, "midleft", (rect.x + 2, rect.y + min(rect.h, th.px(30)) // 2))
            return
        for n, legend in enumerate(legends):
            if self.hidden(("claimed", seat, n)):
                continue
            chip = board.claimed_rect(seat, n)
            self.chip(surface, legend, chip)

    def chip(self, surface: pygame.Surface, legend_id: str, rect: Rect) -> None:
        """A claimed legend in small: parchment, family icon and points."""
        cards, text = game_of(self.ctx).cards, self.ctx.text
        legend = cards.legend(legend_id)
        canvas.rect(surface, theme.PARCHMENT_BOTTOM, rect, border_radius=max(3, rect.h // 6))
        canvas.rect(surface, theme.PARCHMENT_EDGE, rect, width=1, border_radius=max(3, rect.h // 6))
        icon = card_pictures(self.ctx).family_icon(legend.family, round(rect.h * 0.6), theme.PARCHMENT_EDGE)
        blit_at(surface, icon, "midleft", (rect.x + rect.h // 8, rect.centery))
        pts = text.render(str(legend.points), "number", max(10, round(rect.h * 0.55)), theme.INK_DARK)
        blit_at(surface, pts, "midright", (rect.right - rect.h // 8, rect.centery))

    # -- piles --------------------------------------------------------------------------------

    def pile_label(self, surface: pygame.Surface, rect: Rect, text: str) -> None:
        th = self.ctx.theme
        width = max(rect.w, self.board.layout.piles.w)
        label = self.ctx.text.fitted(text, "bold", th.text(18), theme.INK_MUTED, width)
        blit_at(surface, label, "midbottom", (rect.centerx, rect.y - th.px(3)))

    # What each pile shows depends on (each is painted on the board, again when its key changes).

    def _held(self, source: tuple) -> tuple | None:
        held = self.board.gestures.held
        return (held.card, held.dragging) if held is not None and held.source == source else None

    def _focused(self, key: tuple) -> bool:
        gestures = self.board.gestures
        return gestures.keyboard and gestures.focus == key

    def hand_key(self) -> tuple:
        gestures = self.board.gestures
        hand = tuple(gestures.hand() if gestures.seat >= 0 else self.board.model.hand)
        held = gestures.held
        return (hand, (held.source, held.dragging) if held is not None else None,
                gestures.focus if gestures.keyboard else None)

    def draw_pile_key(self) -> tuple:
        model = self.board.model
        return (model.draw_size, model.discard_size if not model.draw_size else None, self._focused(("draw",)),
                self.board.hover_glow(("draw",)))

    def discard_key(self) -> tuple:
        model, gestures = self.board.model, self.board.gestures
        return (model.discard_size, tuple(model.discard), model.discard_under, self.hidden(("discard",)),
                self._held(("discard",)), gestures.targets().get(("discard",), "none"),
                model.drawn if gestures.discarding else None, self._focused(("discard",)))

    def drawn_key(self) -> tuple:
        model, gestures = self.board.model, self.board.gestures
        return (model.drawn, self.hidden(("drawn",)), gestures.discarding, self._held(("drawn",)),
                self.board.hover_glow(("drawn",)), self._focused(("drawn",)))

    def pile_area(self, rect: Rect) -> Rect:
        """A pile (or the hand's column) with room for what reaches out of it: its label, glows, shadows, a lifted
        or turned card."""
        card = self.board.layout.draw_pile
        reach = self.ctx.art.halo(card.w, card.h) + self.ctx.theme.px(10) + card.h // 6
        return rect.inflate(2 * reach, 2 * reach)

    def draw_pile(self, surface: pygame.Surface) -> None:
        """A few backs stacked by how many cards are left, and the count."""
        board, th, text = self.board, self.ctx.theme, self.ctx.text
        layout, model = board.layout, board.model
        draw = layout.draw_pile
        self.pile_label(surface, draw, tr("table.draw_pile_count", count=model.draw_size))
        if model.draw_size:
            layers = min(4, 1 + model.draw_size // 12)
            for i in range(layers - 1, -1, -1):
                self.card(surface, FACE_DOWN, draw.move(-i * th.px(2), -i * th.px(2)), shadow=i == layers - 1)
        else:
            self.card(surface, None, draw)
            refill = max(0, model.discard_size - 1)
            note = tr("table.reshuffle_note", count=refill) if refill else tr("table.draw_pile_empty")
            words = text.block(note, "body", th.text(17), theme.INK_MUTED, draw.w - th.px(10), max_height=draw.h - 8,
                               align="center")
            blit_at(surface, words, "center", draw.center)
        self.focus_ring(surface, ("draw",), draw)
        if board.hover_glow(("draw",)):
            self.glow(surface, draw, theme.GOOD)

    def discard_pile(self, surface: pygame.Surface) -> None:
        """Its top card (or the one under it while the top is flying in), the drawn card turned aside over it
        while the person chooses a land to reveal."""
        board, th = self.board, self.ctx.theme
        layout, model, gestures = board.layout, board.model, board.gestures
        discard = layout.discard_pile
        self.pile_label(surface, discard, tr("table.discard_count", count=model.discard_size))
        shown = model.discard
        if self.hidden(("discard",)):
            shown = shown[:-1]
        held_here = gestures.held is not None and gestures.held.dragging and gestures.held.source == ("discard",)
        if held_here:
            shown = shown[:-1]
        targets = gestures.targets()
        if targets.get(("discard",), "none") is None:
            self.glow(surface, discard)
        if len(shown) > 1 or (shown and model.discard_under):
            self.card(surface, shown[-2] if len(shown) > 1 else FACE_DOWN, discard.move(th.px(3), th.px(3)))
        top = shown[-1] if shown else None
        held = gestures.held
        lift = th.px(8) if held is not None and not held.dragging and held.source == ("discard",) else 0
        if lift:
            self.glow(surface, discard)
        self.card(surface, top, discard, lift)
        if gestures.discarding and model.drawn:
            tilted = self.tilted(model.drawn, discard.size)
            blit_at(surface, tilted, "center", (discard.centerx + th.px(6), discard.centery - th.px(4)))
        self.focus_ring(surface, ("discard",), discard)

    def drawn_card(self, surface: pygame.Surface) -> None:
        """The card in hand."""
        board, th = self.board, self.ctx.theme
        layout, model, gestures = board.layout, board.model, board.gestures
        drawn = layout.drawn
        self.pile_label(surface, drawn, tr("table.in_hand"))
        card = model.drawn if not self.hidden(("drawn",)) and not gestures.discarding else None
        if gestures.held is not None and gestures.held.source == ("drawn",):
            if gestures.held.dragging:
                card = None
            else:
                self.glow(surface, drawn)
                self.card(surface, card, drawn, th.px(8))
                card = "lifted"
        if card != "lifted":
            self.card(surface, card, drawn)
            if card is not None and board.hover_glow(("drawn",)):
                self.glow(surface, drawn, theme.GOOD)
        self.focus_ring(surface, ("drawn",), drawn)

    def tilted(self, card: str, size: tuple[int, int]) -> pygame.Surface:
        """The drawn card turned aside over the discard while the person chooses a card to reveal (turned once,
        not every frame)."""
        if self._tilted is None or self._tilted[0] != (card, size):
            self._tilted = ((card, size), pygame.transform.rotate(self.board.card_surface(card, size), -8))
        return self._tilted[1]

    def hand(self, surface: pygame.Surface) -> None:
        board, th = self.board, self.ctx.theme
        gestures = board.gestures
        rects = board.layout.hand
        self.pile_label(surface, rects[0], tr("table.hand"))
        hand = gestures.hand() if gestures.seat >= 0 else board.model.hand
        for i, rect in enumerate(rects):
            card = hand[i] if i < len(hand) else None
            key = ("hand", i)
            held = gestures.held
            if held is not None and held.source == key:
                if held.dragging:
                    card = None
                else:
                    self.glow(surface, rect)
                    self.card(surface, card, rect, th.px(8))
                    continue
            if card is None:
                surface.blit(self.ctx.art.slot(rect.w, rect.h, theme.INK_MUTED), rect)
            else:
                self.card(surface, card, rect)
            self.focus_ring(surface, key, rect)

    def focus_ring(self, surface: pygame.Surface, key: tuple, rect: Rect) -> None:
        gestures = self.board.gestures
        if gestures.keyboard and gestures.focus == key:
            canvas.rect(surface, theme.GOLD, rect.inflate(8, 8), width=3, border_radius=self.ctx.theme.radius)

    # -- legends --------------------------------------------------------------------------------

    def legend_state(self) -> tuple[set, set, tuple[tuple | None, tuple | None]]:
        board = self.board
        held = board.gestures.held
        lifted = board.gestures.aimed() or board.table.hovered
        return board.claimable_now(), board.preview_unlocks(), (lifted, held.source if held and held.dragging else None)

    def legend_key(self) -> tuple:
        met, unlocks, (lifted, dragged) = self.legend_state()
        hidden = tuple(self.hidden(("legend", slot)) for slot in range(len(self.board.layout.legend_slots)))
        return (tuple(self.board.model.legend_row), tuple(sorted(met)), tuple(sorted(unlocks)), lifted, dragged, hidden,
                tuple(self.board.layout.legend_area))

    def legend_cards(self, surface: pygame.Surface) -> None:
        """The legend row: claimable ones glow gold and lift, ones the aimed card would unlock glow green."""
        board, th, text = self.board, self.ctx.theme, self.ctx.text
        layout, model = board.layout, board.model
        title = layout.legend_title
        label = text.fitted(tr("table.legends"), "heading", th.text(26), theme.GOLD, title.w)
        blit_at(surface, label, "midtop", (title.centerx, title.y))
        met, unlocks, (lifted, dragged) = self.legend_state()
        art = self.ctx.art
        for slot, rect in enumerate(layout.legend_slots):
            if slot >= len(model.legend_row):
                surface.blit(art.slot(rect.w, rect.h, theme.INK_MUTED), rect)
                continue
            if self.hidden(("legend", slot)):
                continue
            if dragged == ("legend", slot):
                surface.blit(art.slot(rect.w, rect.h), rect)
                continue
            legend = model.legend_row[slot]
            lift = 0
            if legend in met:
                self.glow(surface, rect)
                lift = th.px(6) if lifted == ("legend", slot) else th.px(2)
            elif legend in unlocks:
                self.glow(surface, rect, theme.GOOD)
            m = art.halo(rect.w, rect.h)
            surface.blit(art.shadow(rect.w, rect.h), (rect.x - m, rect.y - m))
            surface.blit(board.legend_surface(legend, rect.size), rect.move(0, -lift))
            if legend in met or legend in unlocks:
                tag = tr("table.legend_met") if legend in met else tr("table.legend_unlocks")
                self.ribbon(surface, rect.move(0, -lift), tag, theme.GOLD if legend in met else theme.GOOD)

    def legends(self, surface: pygame.Surface) -> None:
        """Per frame, over the board: only the keyboard focus."""
        for slot, rect in enumerate(self.board.layout.legend_slots):
            self.focus_ring(surface, ("legend", slot), rect)

    def ribbon(self, surface: pygame.Surface, rect: Rect, text: str, colour) -> None:
        """A tag on a legend card, in the strip at its bottom that the card keeps free of words."""
        th, words = self.ctx.theme, self.ctx.text
        room = ribbon_band(rect.w, rect.h).move(rect.topleft)
        size = th.text(16)
        while size > 8 and words.line_height("bold", size) > room.h:
            size -= 1
        label = words.fitted(text, "bold", size, theme.INK_DARK, rect.w - th.px(12))
        band = Rect(0, 0, min(rect.w - 4, label.get_width() + th.px(14)), room.h)
        band.center = room.center
        canvas.rect(surface, colour, band, border_radius=band.h // 2)
        blit_at(surface, label, "center", band.center)

    # -- what the others did since this person last played ----------------------------------------

    def frames(self, records: Sequence[TurnRecord]) -> tuple[list[Frame], list[tuple[Frame, Rect, float]]]:
        """The table's thin frames in a seat's colour: around the kingdom whose turn it is, and around each
        recent turn's places (the turns told in a sentence each, under the legends, are a part of the board:
        `news`). Those that keep still: parts of the board (drawn over it every frame, a 4K table's frames took
        most of a millisecond); those of a turn first shown, pulsing: with the place and the pulse now. None
        while the kingdoms slide, nor once the game is over."""
        board, th = self.board, self.ctx.theme
        if board.previous_layout is not None and board.transition < 1 or board.model.over:
            return [], []
        current = board.layout.kingdoms[board.model.current].rect
        still = [Frame.around(current, theme.seat_colour(board.setup.colour_of(board.model.current)),
                       max(2, th.px(3)), max(6, min(current.size) // 14))]
        pulsing: list[tuple[Frame, Rect, float]] = []
        for record in records:
            colour = theme.seat_colour(board.setup.colour_of(record.seat))
            age = board.table.clock - max(record.ended, board.shown_since)
            first_shown = 0 <= age < PULSE and bool(board.table.speed)
            for key in record.marks():
                rect = board.mark_rect(key)
                if rect is None or self.hidden(key):
                    continue
                frame = Frame.around(rect.inflate(th.px(6), th.px(6)), colour, max(2, th.px(3)), th.radius)
                if first_shown:
                    pulsing.append((frame, rect, 0.5 - 0.5 * math.cos(2 * math.pi * age / (PULSE / 2))))
                else:
                    still.append(frame)
        return still, pulsing

    def pulses(self, surface: pygame.Surface, pulsing: list[tuple[Frame, Rect, float]]) -> None:
        """The places of a turn first shown: glowing in and out, in their frames."""
        for frame, rect, pulse in pulsing:
            if pulse > 0.02:
                m = self.ctx.art.halo(rect.w, rect.h)
                surface.blit(self.ctx.art.faded_glow(rect.w, rect.h, frame.colour, pulse), (rect.x - m, rect.y - m))
            frame.draw(surface)

    def news(self, surface: pygame.Surface, records: Sequence[TurnRecord]) -> None:
        """The turns told in a sentence each, newest last; when they do not all fit, in smaller type,
        and then the oldest make room (their places stay marked, and the log tells them too)."""
        board, th, text = self.board, self.ctx.theme, self.ctx.text
        area = board.layout.news
        if area.h == 0:
            return
        pad, dot = th.px(8), th.px(6)
        viewer = board.places[0]
        if not board.last_turns.has_played(viewer):  # nobody's "last turn" before their first
            title_words = tr("table.news_title_start")
        elif board.table.controller.seats[viewer].is_human:
            title_words = tr("table.news_title")
        else:
            title_words = tr("table.news_title_of", name=board.table.controller.seats[viewer].name)
        title = text.fitted(title_words, "bold", th.text(18), theme.GOLD, area.w - 2 * pad)
        blit_at(surface, title, "topleft", (area.x + pad, area.y + pad))
        top = area.y + pad + title.get_height() + th.px(4)
        room = area.bottom - top
        width = area.w - 2 * pad - 3 * dot
        for size in (th.text(18), th.text(16)):
            told = [(record, text.block(board.turn_summary(record), "body", size, theme.INK, width, tight=True))
                    for record in records]
            if sum(block.get_height() + th.px(2) for _, block in told) <= room:
                break
        while len(told) > 1 and sum(block.get_height() + th.px(2) for _, block in told) > room:
            told.pop(0)
        y = top
        for record, block in told:
            colour = theme.seat_colour(board.setup.colour_of(record.seat))
            canvas.circle(surface, colour, (area.x + pad + dot, y + text.line_height("body", size) // 2), dot)
            blit_at(surface, block, "topleft", (area.x + pad + 3 * dot, y), box=area)
            y += block.get_height() + th.px(2)

    # -- the log ----------------------------------------------------------------------------------

    def log(self, surface: pygame.Surface, rect: Rect) -> None:
        th, text = self.ctx.theme, self.ctx.text
        surface.blit(self.ctx.art.panel(rect.w, rect.h), rect)
        title = text.fitted(tr("table.log_title"), "heading", th.text(22), theme.GOLD, rect.w - th.px(20))
        blit_at(surface, title, "midtop", (rect.centerx, rect.y + th.px(8)))
        body = Rect(rect.x + th.px(12), rect.y + title.get_height() + th.px(18), rect.w - th.px(24),
                    rect.h - title.get_height() - th.px(28))
        page = self.board.table.log_page(body.w)
        offset = max(0, page.get_height() - body.h - self.board.table.log_scroll)
        view = Rect(0, offset, body.w, min(body.h, page.get_height()))
        surface.blit(page, (body.x, body.bottom - view.h), view)
        if offset > 0:  # older lines continue above: fade them out under the title
            surface.blit(self.fade(body.w, self.ctx.theme.px(28)), body.topleft)

    def fade(self, w: int, h: int) -> pygame.Surface:
        if self._fade is None or self._fade.get_size() != (w, h):
            self._fade = pygame.Surface((w, h), pygame.SRCALPHA)
            for y in range(h):
                canvas.line(self._fade, (*theme.PANEL, round(235 * (1 - y / h))), (0, y), (w, y))
        return self._fade

    # -- what is held, refused, previewed ----------------------------------------------------------------

    def held(self, surface: pygame.Surface) -> None:
        board, gestures, th = self.board, self.board.gestures, self.ctx.theme
        if gestures.snap is not None:
            card, start, key, elapsed = gestures.snap
            end = board.rect_of(key)
            if end is not None:
                t = ease_out(min(1.0, elapsed / max(1e-6, 0.18 * board.table.speed)))
                self.floating(surface, card, lerp_rect(start, end, t), key)
        held, rect = gestures.held, gestures.drag_rect()
        if held is not None and rect is not None:
            self.floating(surface, held.card, rect.move(0, -th.px(4)), held.source)

    def floating(self, surface: pygame.Surface, card: str, rect: Rect, source: tuple) -> None:
        art = self.ctx.art
        m = art.halo(rect.w, rect.h)
        surface.blit(art.shadow(rect.w, rect.h), (rect.x - m + m // 2, rect.y - m + m))
        if source[0] == "legend":
            surface.blit(self.board.legend_surface(card, rect.size), rect)
        else:
            surface.blit(self.board.card_surface(card, rect.size), rect)

    def refusal(self, surface: pygame.Surface) -> None:
        """While a card is held over a place it cannot go, say why next to it."""
        gestures, th = self.board.gestures, self.ctx.theme
        key = gestures.aimed()
        if key is None or gestures.held is None:
            return
        reason = gestures.targets().get(key, "none")
        rect = self.board.rect_of(key)
        if reason in (None, "none") or rect is None:
            return
        words = gestures.reason_text(reason, key)
        self.note(surface, words, (rect.centerx, rect.bottom + th.px(6)), theme.BAD, "warning")

    def note(self, surface: pygame.Surface, words: str, anchor: tuple[int, int], colour,
             icon: str | None = None) -> None:
        th, text = self.ctx.theme, self.ctx.text
        width = th.px(300)
        block = text.block(words, "bold", th.text(18), theme.INK, width - th.px(50), max_height=th.px(120))
        box = Rect(0, 0, block.get_width() + th.px(24) + (th.px(28) if icon else 0), block.get_height() + th.px(14))
        box.midtop = anchor
        box.clamp_ip(Rect((0, 0), surface.get_size()))
        surface.blit(self.ctx.art.panel(box.w, box.h, alpha=240, edge=colour), box)
        x = box.x + th.px(12)
        if icon:
            mark = self.ctx.art.ui_icon(icon, th.px(22), colour)
            blit_at(surface, mark, "midleft", (x, box.centery))
            x += th.px(28)
        blit_at(surface, block, "topleft", (x, box.y + th.px(7)), box=box)

    def preview(self, surface: pygame.Surface, index: int, change: PlacementChange) -> None:
        """The score change of the aimed placement, per category, and the legends it would make claimable."""
        board, th, text, cards = self.board, self.ctx.theme, self.ctx.text, game_of(self.ctx).cards
        width = th.px(300)
        pad = th.px(12)
        lines: list[tuple[str, str, tuple]] = []
        for category, delta in change.delta.items():
            if delta:
                lines.append((category_name(cards, category), signed(delta), theme.GOOD if delta > 0 else theme.BAD))
        if not lines:
            lines.append((tr("table.preview_no_change"), "", theme.INK_MUTED))
        lost = [leg for leg in change.claimable_before if leg not in change.claimable_after
                and leg in board.model.legend_row]
        gained = [leg for leg in change.newly_claimable if leg in board.model.legend_row]
        size = th.text(19)
        row_h = text.line_height("body", size) + th.px(2)
        held = board.gestures.held
        assert held is not None, "the preview is of the card held"
        title = text.fitted(tr("table.preview_title", card=card_name(cards, held.card)), "bold",
                            th.text(20), theme.GOLD, width - 2 * pad)
        extra = [(tr("table.preview_unlocks", legend=legend_name(cards, leg)), theme.GOOD) for leg in gained]
        extra += [(tr("table.preview_loses", legend=legend_name(cards, leg)), theme.BAD) for leg in lost]
        extra_blocks = [text.block(words, "body", th.text(18), colour, width - 2 * pad) for words, colour in extra]
        total_before, total_after = change.before.total, change.after.total
        height = pad + title.get_height() + th.px(6) + row_h * len(lines) + th.px(8) + row_h + \
            sum(b.get_height() + th.px(4) for b in extra_blocks) + pad
        cell = board.layout.active_box.cell(index)
        box = Rect(0, 0, width, height)
        box.midright = (board.layout.active_box.rect.x - th.px(10), cell.centery)
        top, bottom = board.layout.top_bar.bottom, board.layout.status_bar.top
        box.clamp_ip(Rect(0, top, surface.get_width(), bottom - top))
        surface.blit(self.ctx.art.panel(box.w, box.h, alpha=245, edge=theme.GOLD), box)
        y = box.y + pad
        blit_at(surface, title, "topleft", (box.x + pad, y), box=box)
        y += title.get_height() + th.px(6)
        for name, value, colour in lines:
            blit_at(surface, text.fitted(name, "body", size, theme.INK, width - 2 * pad - th.px(50)), "topleft",
                    (box.x + pad, y), box=box)
            if value:
                blit_at(surface, text.render(value, "number", size, colour), "topright", (box.right - pad, y), box=box)
            y += row_h
        canvas.line(surface, theme.PANEL_EDGE, (box.x + pad, y + th.px(3)), (box.right - pad, y + th.px(3)))
        y += th.px(8)
        blit_at(surface, text.fitted(tr("table.preview_total"), "bold", size, theme.INK, width // 2), "topleft",
                (box.x + pad, y), box=box)
        diff = total_after - total_before
        total = text.render(f"{number(total_before)} → {number(total_after)} ({signed(diff)})", "number", size,
                            theme.GOOD if diff > 0 else theme.BAD if diff < 0 else theme.INK)
        blit_at(surface, total, "topright", (box.right - pad, y), box=box)
        y += row_h
        for block in extra_blocks:
            blit_at(surface, block, "topleft", (box.x + pad, y), box=box)
            y += block.get_height() + th.px(4)

    def toast(self, surface: pygame.Surface, words: str, remaining: float) -> None:
        th = self.ctx.theme
        status = self.board.layout.status_bar
        anchor = (self.board.layout.active_box.rect.centerx, status.top - th.px(90))
        self.note(surface, words, anchor, theme.GOLD, "warning")

    def tooltip(self, surface: pygame.Surface, tip: Tooltip, anchor: tuple[int, int]) -> None:
        """The tip at `anchor` (beside the mouse), or beside the keyboard's focus when the keyboard moved it
        (never where the mouse was left, over the log or anywhere else)."""
        g = self.board.gestures
        focused = self.board.rect_of(g.focus) if g.keyboard and g.focus is not None else None
        self.tooltip_box = table_parts.tooltip(surface, self.ctx, tip,
                                               focused.bottomright if focused is not None else anchor)


def one_row(plate: Rect) -> bool:
    """Whether a name plate is wide enough for one row: name left, score right (else the score goes under
    the name)."""
    return plate.w >= 4 * plate.h


# The board's parts for the piles' column, by name -> how each is painted.
PILES: dict[PartName, Callable[[TablePainter, pygame.Surface], None]] = {
    "hand": TablePainter.hand, "draw": TablePainter.draw_pile, "discard": TablePainter.discard_pile,
    "drawn": TablePainter.drawn_card,
}
