"""Draco Mundis's data compiled into lookup tables the engine reads on its hot path.

A token is one int, `owner << 4 | kind`, kinds numbered as `DracoData.kinds` (characters,
then lands, then items). Directions are 0-3 for N, E, S, W; a character's arrows are kept
in rotation order (forward, right, back, left) so that the absolute direction of an arrow
is `(facing + arrow) & 3`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import COLUMNS, MOVE, ROTATE, SQUARES, Move, Place, Rotate, Select, place, select
from .data import DracoData
from .entry import entry_table
from .fight import can_be_attacked
from .strength import Strengths

KIND_BITS = 4
KIND_MASK = (1 << KIND_BITS) - 1
# What a square holds, as bits of `GameState.busy`.
DOWN, LAND, CHAR, TRAP = 1, 2, 4, 8
_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # N, E, S, W as (row, col) steps


@dataclass(frozen=True)
class Geometry:
    """The squares in use for one player count, with neighbours and straight rays."""

    in_use: tuple[bool, ...]  # by square
    squares: tuple[int, ...]  # the squares in use, in order
    adjacent: tuple[tuple[int, ...], ...]  # by square: neighbours in use
    rays: tuple[tuple[tuple[int, ...], ...], ...]  # by square, by direction: squares in use in that line
    step: tuple[tuple[int, ...], ...]  # by square, by direction: the next square in use, or -1


def _geometry(rows: int, columns: int, first_column: int) -> Geometry:
    in_use = tuple(sq // COLUMNS < rows and first_column <= sq % COLUMNS < columns for sq in range(SQUARES))
    rays = []
    for sq in range(SQUARES):
        r, c = divmod(sq, COLUMNS)
        by_direction = []
        for dr, dc in _STEPS:
            line = []
            rr, cc = r + dr, c + dc
            while 0 <= rr < rows and first_column <= cc < columns:
                line.append(rr * COLUMNS + cc)
                rr, cc = rr + dr, cc + dc
            by_direction.append(tuple(line) if in_use[sq] else ())
        rays.append(tuple(by_direction))
    return Geometry(
        in_use=in_use,
        squares=tuple(sq for sq in range(SQUARES) if in_use[sq]),
        adjacent=tuple(tuple(ray[0] for ray in rays[sq] if ray) for sq in range(SQUARES)),
        rays=tuple(rays),
        step=tuple(tuple(ray[0] if ray else -1 for ray in rays[sq]) for sq in range(SQUARES)),
    )


def direction(origin: int, target: int) -> int:
    """The direction from one square to another of its row or column (-1 if neither, or the same)."""
    (r0, c0), (r1, c1) = divmod(origin, COLUMNS), divmod(target, COLUMNS)
    if r0 == r1 and c0 != c1:
        return 1 if c1 > c0 else 3
    if c0 == c1 and r0 != r1:
        return 2 if r1 > r0 else 0
    return -1


def distance(origin: int, target: int) -> int:
    (r0, c0), (r1, c1) = divmod(origin, COLUMNS), divmod(target, COLUMNS)
    return abs(r1 - r0) + abs(c1 - c0)


class Rules:
    """One data set's tables. Shared by every state of the game; never changes."""

    def __init__(self, data: DracoData) -> None:
        self.data = data
        self.kinds = data.kinds
        self.kind_index = {kind: i for i, kind in enumerate(self.kinds)}
        characters, lands = data.characters, data.lands
        self.character_count = len(characters)
        count = len(self.kinds)
        self.is_character = tuple(i < len(characters) for i in range(count))
        self.is_land = tuple(len(characters) <= i < len(characters) + len(lands) for i in range(count))
        self.is_item = tuple(i >= len(characters) + len(lands) for i in range(count))
        self.item_variant = tuple("" if not self.is_item[i] else data.items[i - len(characters) - len(lands)].variant
                                  for i in range(count))
        default = (0, 0, 0, 0)
        self.arrows = tuple((c.arrows[0], c.arrows[2], c.arrows[3], c.arrows[1]) for c in characters) + (default,) * (
            count - len(characters))
        self.strength = tuple(c.strength for c in characters) + (0,) * (count - len(characters))
        self.placed_face_up = tuple(c.placed_face_up for c in characters) + (False,) * (count - len(characters))
        self.face_up_kinds = {kind: self.placed_face_up[i] for i, kind in enumerate(self.kinds)}
        self.never_attacked = tuple(c.never_attacked for c in characters) + (False,) * (count - len(characters))
        self.cannot_fight_alone = tuple(c.cannot_fight_alone for c in characters) + (False,) * (count - len(characters))
        self.passes_over_all = tuple(c.passes_over_all for c in characters) + (False,) * (count - len(characters))
        index = self.kind_index
        self.may_enter = entry_table(data)  # [character][land][own land]: the rule of `entry.py`
        # enters[seat][character][land token]: the same by the whole token (owner and kind), for the hot paths
        tokens = range(data.max_players << KIND_BITS)
        self.enters = tuple(
            tuple(tuple(t & KIND_MASK < count and self.may_enter[k][t & KIND_MASK][t >> KIND_BITS == seat]
                        for t in tokens) for k in range(count))
            for seat in range(data.max_players))
        self.strengths = Strengths(data)  # a character's strength where it stands: the rule of `strength.py`
        self.captures = tuple(c.capture is not None for c in characters) + (False,) * (count - len(characters))
        self.capture_never = tuple(
            frozenset(index[k] for k in c.capture.never) if c.capture else frozenset() for c in characters
        ) + (frozenset(),) * (count - len(characters))
        self.destroys = tuple(index[c.destroys.land] if c.destroys else -1 for c in characters) + (-1,) * (
            count - len(characters))
        self.geometry = {players: _geometry(data.rows, data.columns, data.columns - columns)
                         for players, columns in data.columns_in_use}
        self.selects: tuple[Select, ...] = tuple(select(kind) for kind in self.kinds)  # by kind number
        # place_actions[kind][square]: the placements of that kind there (one per facing for face-up kinds)
        self.place_actions: tuple[tuple[tuple[Place, ...], ...], ...] = tuple(
            tuple(tuple(place(kind, sq, f) for f in range(4)) if self.placed_face_up[k] else (place(kind, sq),)
                  for sq in range(SQUARES))
            for k, kind in enumerate(self.kinds)
        )
        # face_down_places[kind][square]: the one placement of a kind placed face down there (none for the others)
        self.face_down_places: tuple[tuple[Place, ...], ...] = tuple(
            () if self.placed_face_up[k] else tuple(by_square[0] for by_square in self.place_actions[k])
            for k in range(count))
        # paths[players][square][kind * 4 + facing]: per arrow, the (square, move) pairs a character of that
        # kind facing that way could reach from there, nearest first (the state checks what is in the way)
        self.paths: dict[int, tuple[tuple[tuple[tuple[tuple[int, Move], ...], ...], ...], ...]] = {
            players: tuple(
                tuple(
                    tuple(tuple((t, MOVE[sq, t]) for t in geometry.rays[sq][(facing + arrow) & 3][:n])
                          for arrow, n in enumerate(self.arrows[kind]) if n and geometry.rays[sq][(facing + arrow) & 3])
                    for kind in range(len(characters)) for facing in range(4)
                )
                for sq in range(SQUARES)
            )
            for players, geometry in self.geometry.items()
        }
        # other_facings[square][facing]: the rotations of a character there to its three other facings
        self.other_facings: tuple[tuple[tuple[Rotate, ...], ...], ...] = tuple(
            tuple(tuple(ROTATE[sq][f] for f in range(4) if f != facing) for facing in range(4)) for sq in range(SQUARES)
        )
        # attackable[seat][character token]: whether `seat` may fight that face-up character (`fight.py`'s rule),
        # by the whole token for the legal actions' hot path
        self.attackable = tuple(
            tuple((t & KIND_MASK) < count and self.is_character[t & KIND_MASK]
                  and can_be_attacked(data, self.kinds[t & KIND_MASK], t >> KIND_BITS, seat) for t in tokens)
            for seat in range(data.max_players))
        # capturable[seat][character][character token]: whether that character of `seat` (one that captures)
        # may capture that face-up character: another player's, one that can be attacked at all, not of a kind
        # it never captures, and no stronger than it
        self.capturable = tuple(
            tuple(tuple(self.attackable[seat][t] and t & KIND_MASK not in self.capture_never[k]
                        and self.strength[t & KIND_MASK] <= self.strength[k] for t in tokens)
                  for k in range(count))
            for seat in range(data.max_players))
        no_token = (False,) * len(tokens)
        # ruinable[seat][character][land token]: whether that character of `seat` may destroy that face-up land
        self.ruinable = tuple(
            tuple(tuple(t & KIND_MASK == self.destroys[k] and t >> KIND_BITS != seat
                        for t in tokens) if self.destroys[k] >= 0 else no_token
                  for k in range(count))
            for seat in range(data.max_players))
        # traits[seat][character]: what the legal actions ask of a character of `seat` in one lookup: whether it
        # passes over all, the land tokens it may enter, the character tokens it may fight (none for one that
        # cannot fight alone: another attacker must start that fight), the land tokens it may destroy (None for
        # one that destroys none), and whether it captures
        self.traits: tuple[tuple[tuple[bool, tuple[bool, ...], tuple[bool, ...], tuple[bool, ...] | None, bool],
                                 ...], ...] = tuple(
            tuple((self.passes_over_all[k], self.enters[seat][k],
                   no_token if self.cannot_fight_alone[k] else self.attackable[seat],
                   self.ruinable[seat][k] if self.destroys[k] >= 0 else None, self.captures[k]) for k in range(count))
            for seat in range(data.max_players))
        # the variants that put items (traps) in the game: without them no square ever holds one
        self.trap_variants = frozenset(self.item_variant[k] for k in range(count) if self.is_item[k])
        variants = data.variants
        self.sacrifice_kind = index[variants.sacrifice_token]
        self.trap_kind = index[variants.trap_token]
        self.counts = tuple(c.count for c in characters) + tuple(t.count for t in lands) + tuple(
            t.count for t in data.items)

    def token_counts(self, variants: frozenset[str]) -> tuple[int, ...]:
        """Each player's number of tokens of each kind in a game with these variants."""
        return tuple(n if not self.is_item[k] or self.item_variant[k] in variants else 0
                     for k, n in enumerate(self.counts))
