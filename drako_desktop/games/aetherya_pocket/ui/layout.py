"""Where everything on the table goes, for any window size and 2-4 players.

`table_layout` is a pure function of (window size, players, the seat shown
large, the seats of the small places in order, log open): the scene calls it on
every resize and hand-over, and the tests check its invariants with
`layout_problems` (inside the window, no overlaps, the large kingdom largest).

    +-----------------------------------------------------------------+
    | top bar: menu, title, turn                       rules, log      |
    +-----------+---------------------+-------+-------------+---------+
    | other     |  the person's       | draw  |  legend row | log     |
    | kingdoms  |  kingdom (largest)  | disc. |             | (opt.)  |
    | (stacked) |                     | card  |  last turns |         |
    +-----------+---------------------+-------+-------------+---------+
    | status line: what to do now                      buttons         |
    +-----------------------------------------------------------------+
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from pygame import Rect

from ....ui.theme import Theme
from .card_art import CARD_ASPECT, LEGEND_ASPECT

GRID = 4
CARD_GAP = 0.07  # gap between kingdom cards, as a fraction of the card width


@dataclass(frozen=True)
class KingdomBox:
    """One seat's area: name plate, claimed legends and its 4 x 4 grid of cards."""

    seat: int
    rect: Rect
    plate: Rect
    claimed: Rect
    grid: Rect
    card: tuple[int, int]
    gap: int

    def cell(self, index: int) -> Rect:
        w, h = self.card
        row, col = divmod(index, GRID)
        return Rect(self.grid.x + col * (w + self.gap), self.grid.y + row * (h + self.gap), w, h)


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    players: int
    active: int
    top_bar: Rect
    status_bar: Rect
    log: Rect | None
    kingdoms: dict[int, KingdomBox]
    piles: Rect
    draw_pile: Rect
    discard_pile: Rect
    drawn: Rect
    hand: tuple[Rect, ...]
    legend_area: Rect
    legend_title: Rect
    legend_slots: tuple[Rect, ...]
    news: Rect  # under the legends: what the other players did since this person's last turn

    @property
    def active_box(self) -> KingdomBox:
        return self.kingdoms[self.active]


def _grid_fit(area: Rect, count: int, aspect: float, gap: int) -> tuple[int, int, int]:
    """(columns, card w, card h) that make `count` cards of the given aspect as large as possible in area."""
    best = (1, 1, 1)
    for cols in range(1, count + 1):
        rows = -(-count // cols)
        w = min((area.width - (cols - 1) * gap) / cols, aspect * (area.height - (rows - 1) * gap) / rows)
        if w > best[1]:
            best = (cols, int(w), int(w / aspect))
    return best


def _card_for_grid(width: int, height: int) -> tuple[int, int, int]:
    """(card w, card h, gap) of the largest 4 x 4 grid inside width x height."""
    w = min(width / (GRID + (GRID - 1) * CARD_GAP), CARD_ASPECT * height / (GRID + (GRID - 1) * CARD_GAP / CARD_ASPECT))
    w = max(8, int(w))
    gap = max(2, round(w * CARD_GAP))
    return w, int(w / CARD_ASPECT), gap


def table_layout(size: tuple[int, int], players: int, active: int, log_open: bool = False,
                 legend_count: int = 8, small: Sequence[int] | None = None) -> TableLayout:
    """`active`: the seat shown large; `small`: the other seats, top to bottom (default: in seat order)."""
    width, height = size
    th = Theme(width, height)
    g = th.gap
    top_bar = Rect(0, 0, width, th.px(58))
    status_bar = Rect(0, height - th.px(62), width, th.px(62))
    body = Rect(g, top_bar.bottom + g, width - 2 * g, status_bar.top - top_bar.bottom - 2 * g)
    log = None
    if log_open:
        log_w = max(260, min(520, round(width * 0.2)))
        log = Rect(body.right - log_w, body.top, log_w, body.height)
        body.width -= log_w + g

    pad = th.px(10)
    plate_h = th.text(30) + th.px(14)
    claimed_h = th.px(34)
    label_h = th.text(18) + th.px(6)
    min_side = (th.px(300), th.px(280))  # opponents column, legend column
    grid_h = body.height - plate_h - claimed_h - 2 * pad
    card_w, card_h, gap = _card_for_grid(10**6, grid_h)
    while True:
        grid_w = GRID * card_w + (GRID - 1) * gap
        active_w = grid_w + 2 * pad
        piles_w = max(card_w + 2 * pad, th.px(120))
        rest = body.width - active_w - piles_w - 3 * g
        if rest >= sum(min_side) or card_w <= 24:
            break
        card_w -= 2
        card_h, gap = int(card_w / CARD_ASPECT), max(2, round(card_w * CARD_GAP))

    others = list(small) if small is not None else [seat for seat in range(players) if seat != active]
    opp_w = max(min_side[0], round(rest * 0.46))
    legend_w = rest - opp_w
    opp_col = Rect(body.x, body.y, opp_w, body.height)
    centre = Rect(opp_col.right + g, body.y, active_w, body.height)
    piles = Rect(centre.right + g, body.y, piles_w, body.height)
    legend_area = Rect(piles.right + g, body.y, legend_w, body.height)

    # The active kingdom: plate, grid, claimed legends, centred vertically in its column.
    used_h = plate_h + grid_h_of(card_h, gap) + claimed_h + 2 * pad
    top = centre.y + max(0, (centre.height - used_h) // 2)
    active_rect = Rect(centre.x, top, active_w, used_h)
    plate = Rect(active_rect.x + pad, active_rect.y + pad, grid_w, plate_h)
    grid = Rect(plate.x, plate.bottom, grid_w, grid_h_of(card_h, gap))
    claimed = Rect(plate.x, grid.bottom, grid_w, claimed_h)
    kingdoms = {active: KingdomBox(active, active_rect, plate, claimed, grid, (card_w, card_h), gap)}

    # The other kingdoms: stacked in the given order; each at most 60 % of the large card.
    slot_h = (opp_col.height - (len(others) - 1) * g) // max(1, len(others))
    for i, seat in enumerate(others):
        slot = Rect(opp_col.x, opp_col.y + i * (slot_h + g), opp_col.width, slot_h)
        kingdoms[seat] = _opponent_box(seat, slot, pad, card_w, th)

    # Piles: draw, discard and the card in hand, each under a label; the hand (setup) uses the same column.
    pile_top = grid.y
    stride = card_h + label_h + gap
    pile_x = piles.x + (piles.width - card_w) // 2
    draw_pile = Rect(pile_x, pile_top + label_h, card_w, card_h)
    discard_pile = Rect(pile_x, draw_pile.bottom + gap + label_h, card_w, card_h)
    drawn = Rect(pile_x, discard_pile.bottom + gap + label_h, card_w, card_h)
    if drawn.bottom > piles.bottom:  # very short windows: the three piles share the column evenly
        stride = (piles.height - 3 * label_h) // 3
        h = stride - gap
        w = int(h * CARD_ASPECT)
        pile_x = piles.x + (piles.width - w) // 2
        draw_pile = Rect(pile_x, piles.y + label_h, w, h)
        discard_pile = Rect(pile_x, draw_pile.bottom + gap + label_h, w, h)
        drawn = Rect(pile_x, discard_pile.bottom + gap + label_h, w, h)
    hand = tuple(Rect(pile_x, grid.y + i * (card_h + gap), card_w, card_h) for i in range(GRID))

    legend_title = Rect(legend_area.x, legend_area.y, legend_area.width, th.text(28) + th.px(8))
    # The last turns, told under the legends; with the log open the log tells them (the legends keep the room).
    news_h = 0 if log_open else min(legend_area.height * 2 // 7, th.text(18) * 9 + th.px(24))
    news = Rect(legend_area.x, legend_area.bottom - news_h, legend_area.width, news_h)
    cards_area = Rect(legend_area.x, legend_title.bottom, legend_area.width, news.top - legend_title.bottom)
    lgap = th.px(10)
    cols, lw, lh = _grid_fit(cards_area.inflate(-2 * lgap, -lgap), legend_count, LEGEND_ASPECT, lgap)
    rows = -(-legend_count // cols)
    block_w = cols * lw + (cols - 1) * lgap
    block_h = rows * lh + (rows - 1) * lgap
    lx = cards_area.x + (cards_area.width - block_w) // 2
    ly = cards_area.y + max(0, (cards_area.height - block_h) // 3)
    legend_slots = tuple(
        Rect(lx + (i % cols) * (lw + lgap), ly + (i // cols) * (lh + lgap), lw, lh) for i in range(legend_count)
    )
    return TableLayout(
        size, players, active, top_bar, status_bar, log, kingdoms, piles, draw_pile, discard_pile, drawn, hand,
        legend_area, legend_title, legend_slots, news,
    )


def first_places(players: int, large: int) -> tuple[int, ...]:
    """The kingdoms' places at the start: `large` in the large place, the others in seat order."""
    return (large, *(seat for seat in range(players) if seat != large))


def hand_over_places(places: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """The places once `seat` is shown large (places[0] is the large place, then the small ones top
    to bottom): it swaps with the kingdom that was large, so only those two move and every other
    kingdom stays where it is."""
    if places[0] == seat:
        return places
    swapped = list(places)
    where = places.index(seat)
    swapped[0], swapped[where] = seat, places[0]
    return tuple(swapped)


def _opponent_box(seat: int, slot: Rect, pad: int, active_w: int, th: Theme) -> KingdomBox:
    """An opponent's kingdom in its slot: the name plate beside the grid, or above it when that
    makes the cards larger (one or two opponents); the cards stay at most 60 % of the active ones."""
    inner = slot.inflate(-2 * pad, -2 * pad)
    most = round(active_w * 0.6 * (GRID + (GRID - 1) * CARD_GAP))
    beside = _card_for_grid(min(round(inner.width * 0.55), most), inner.height)
    plate_h = th.text(24) + th.px(14)
    claimed_h = th.px(34)
    above = _card_for_grid(min(inner.width, most), inner.height - plate_h - claimed_h)
    if above[0] > beside[0] * 1.15:
        w, h, gap = above
        grid_w = GRID * w + (GRID - 1) * gap
        x = inner.x + (inner.width - grid_w) // 2
        plate = Rect(x, inner.y, grid_w, plate_h)
        grid = Rect(x, plate.bottom, grid_w, grid_h_of(h, gap))
        claimed = Rect(x, grid.bottom, grid_w, claimed_h)
        rect = Rect(slot.x, slot.y, slot.width, claimed.bottom + pad - slot.y)
        return KingdomBox(seat, rect, plate, claimed, grid, (w, h), gap)
    w, h, gap = beside
    grid = Rect(inner.x, inner.y, GRID * w + (GRID - 1) * gap, grid_h_of(h, gap))
    rect = Rect(slot.x, slot.y, slot.width, grid.height + 2 * pad)
    info = Rect(grid.right + pad, inner.y, inner.right - grid.right - pad, grid.height)
    plate = Rect(info.x, info.y, info.width, min(info.height // 2, th.text(24) * 2 + th.px(10)))
    claimed = Rect(info.x, plate.bottom, info.width, info.bottom - plate.bottom)
    return KingdomBox(seat, rect, plate, claimed, grid, (w, h), gap)


def grid_h_of(card_h: int, gap: int) -> int:
    return GRID * card_h + (GRID - 1) * gap


def layout_problems(layout: TableLayout) -> list[str]:
    """Broken invariants of a layout (empty when it is good): every rect inside the window,
    the table's areas pairwise apart, the active kingdom's cards the largest."""
    window = Rect((0, 0), layout.size)
    areas: dict[str, Rect] = {
        "top bar": layout.top_bar, "status bar": layout.status_bar, "piles": layout.piles,
        "legends": layout.legend_area,
    }
    if layout.log is not None:
        areas["log"] = layout.log
    for seat, box in layout.kingdoms.items():
        areas[f"kingdom {seat}"] = box.rect
    problems = [f"{name} {rect} leaves the window" for name, rect in areas.items() if not window.contains(rect)]
    names = list(areas)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if areas[a].colliderect(areas[b]):
                problems.append(f"{a} {areas[a]} overlaps {b} {areas[b]}")
    for seat, box in layout.kingdoms.items():
        parts = {"plate": box.plate, "claimed": box.claimed, "grid": box.grid}
        for name, rect in parts.items():
            if not box.rect.contains(rect):
                problems.append(f"kingdom {seat} {name} {rect} outside its box {box.rect}")
        if box.plate.colliderect(box.grid) or box.claimed.colliderect(box.grid):
            problems.append(f"kingdom {seat}: the grid overlaps its plate or claimed legends")
        if seat != layout.active and box.card[0] >= layout.active_box.card[0]:
            problems.append(f"kingdom {seat} cards {box.card} are not smaller than the active {layout.active_box.card}")
    for name, rect in (("draw pile", layout.draw_pile), ("discard", layout.discard_pile), ("drawn", layout.drawn)):
        if not layout.piles.contains(rect):
            problems.append(f"{name} {rect} outside the piles column {layout.piles}")
    for i, rect in enumerate(layout.legend_slots):
        if not layout.legend_area.contains(rect):
            problems.append(f"legend slot {i} {rect} outside the legend area")
        for j, other in enumerate(layout.legend_slots[i + 1:], start=i + 1):
            if rect.colliderect(other):
                problems.append(f"legend slots {i} and {j} overlap")
        if rect.colliderect(layout.news):
            problems.append(f"legend slot {i} overlaps the last turns' news")
    if layout.news.h and not layout.legend_area.contains(layout.news):
        problems.append(f"the news {layout.news} is outside the legend area")
    return problems
