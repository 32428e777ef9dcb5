"""A static evaluation of a Draco Mundis position, from one seat's knowledge.

The value is the seat's expected final score minus its strongest rival's, in points; a
finished game adds a large bonus or malus for the result. Each player's expected score is

- what is already banked: trophies (and prisoners held, which count as eliminated) and
  destroyed campsites;
- what the board promises: lands its characters occupy (a share of their points, rising
  to all of them as the face-down tokens run out), free lands that score near its
  characters (a smaller share, by distance), a journalist on or on her way to an enemy
  campsite (the squares she must walk around what blocks her), a machine-gun truck next
  to or on its way to one, its own tiger next to its own campsite (a loss);
- material: every character's worth as a fighter (a face-down one counts a share of a
  face-up one, since it cannot act yet);
- threats: the player to move next can take some of its rivals' characters, by a fight it
  wins on the preview (with the characters already next to the target, one that moves
  there first, or one of its own face-down tokens it reveals there first) or by a cannibal
  capture. The best one or two of those count at their likelihood: the victim loses the
  character (and the land it held), the attacker gains its trophy. Threats by players who do not move next count
  a small share (their victims may step away first).

Honesty: a face-down token the seat does not know is only ever counted through its
owner's multiset of unknown tokens (the same in every position the seat cannot tell
apart), never through the kind a sampled or made-up position gives that square.

Every point value comes from the scoring data (`scoring.yaml`), every strength and ability
from the token data: the evaluation names no token.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import SQUARES
from ..data import whose_matches
from ..engine import OVER, GameState
from ..rules import CHAR, DOWN, KIND_BITS, KIND_MASK, LAND, TRAP, Rules, distance

# DISTANCE[a][b]: squares between two squares along rows and columns (the hot loops' lookup)
DISTANCE = tuple(tuple(distance(a, b) for b in range(SQUARES)) for a in range(SQUARES))
WALK_LIMIT = 6  # squares a journalist's way to a campsite is followed (further: too far to count)


@dataclass(frozen=True)
class Weights:
    """The evaluation's tunable numbers (points, shares and likelihoods)."""

    material_base: float = 0.2  # a character's worth as a fighter: base + per point of printed strength
    material_per_strength: float = 0.25
    face_down_share: float = 0.6  # a face-down character's worth, as a share of a face-up one
    occupy_now: float = 0.6  # share of a land's points for holding it now (all of them at the end)
    one_action: float = 0.85  # likelihood that the player to move takes a one-action elimination
    two_actions: float = 0.6  # ... one that needs a move or a reveal first
    second_threat: float = 0.5  # share of a second one-action threat (both fit in one turn)
    later: float = 0.25  # share for threats by a player who does not move next
    journalist_on: float = 0.9  # share of the journalist's points while she stands on the campsite
    journalist_near: float = 0.5  # ... one square away, decaying by `approach_decay` per further square
    destroyer_adjacent: float = 0.8  # share of a destroyed campsite's points while the truck stands next to it
    destroyer_near: float = 0.35  # ... two squares away, decaying by `approach_decay` per further square
    approach_decay: float = 0.8  # per square further away
    land_near: float = 0.3  # share of a free land's points for a character one square from it (decaying)
    face_down_target: float = 0.7  # share while the campsite is still face down (it must be revealed first)
    tiger_face_down: float = 0.8  # share of the tiger's malus while it or its campsite is still face down
    rival_max: float = 0.6  # with 3-4 players: the rivals' estimate is this share of the best plus the rest of the mean
    win: float = 100.0  # a won game, over and above its margin


class Evaluator:
    """Values positions for a seat; built once per data set and shared by every agent of it."""

    def __init__(self, rules: Rules, weights: Weights | None = None) -> None:
        self.rules = rules
        self.w = w = weights or Weights()
        data = rules.data
        index = rules.kind_index
        count = len(rules.kinds)
        self.trophy = [0] * count  # points for eliminating a character of this kind
        self.occupy = [0] * count  # points for occupying a land of this kind at the end
        self.destroy = [0] * count  # points for destroying a land of this kind
        self.stands_on: list[tuple[int, int, str, int]] = []  # (character, land, whose land, points)
        self.adjacent_own: list[tuple[int, int, int]] = []  # (token, own land, points)
        for line in data.lines:
            if line.pattern == "eliminated":
                for kind in line.tokens:
                    self.trophy[index[kind]] += line.points
            elif line.pattern == "occupied":
                self.occupy[index[line.land]] += line.points
            elif line.pattern == "destroyed":
                self.destroy[index[line.land]] += line.points
            elif line.pattern == "stands_on":
                self.stands_on.append((index[line.token], index[line.land], line.whose, line.points))
            else:
                self.adjacent_own.append((index[line.token], index[line.land], line.points))
        self.material = [w.material_base + w.material_per_strength * rules.strength[k] if rules.is_character[k]
                         else 0.0 for k in range(count)]
        self.material_down = [w.face_down_share * m for m in self.material]
        # what a character's loss costs its owner and earns its taker, together
        self.swing = [self.material[k] + self.trophy[k] for k in range(count)]
        self.pair_kinds = {token for token, _, _ in self.adjacent_own} | {land for _, land, _ in self.adjacent_own}
        self.seekers = {token for token, _, _, _ in self.stands_on} | {
            k for k in range(count) if rules.destroys[k] >= 0}  # the characters that go after a land
        self.targets = {land for _, land, _, _ in self.stands_on} | {k for k in range(count) if self.destroy[k]}
        self.noted = self.pair_kinds | self.targets  # the face-down tokens worth noting where the seat knows them
        # the same by token (owner << KIND_BITS | kind), for the hot loops
        tokens = range(1 << (KIND_BITS + 2))
        self.trophy_of_token = [self.trophy[t & KIND_MASK] if t & KIND_MASK < count else 0 for t in tokens]
        self.destroy_of_token = [self.destroy[t & KIND_MASK] if t & KIND_MASK < count else 0 for t in tokens]
        self.material_down_of = [[self.material_down[t & KIND_MASK] if t >> KIND_BITS == p and t & KIND_MASK < count
                                  else 0.0 for t in tokens] for p in range(rules.data.max_players)]
        self.item_variants = frozenset(v for v in rules.item_variant if v)
        self.decay = [w.approach_decay ** d for d in range(2 * SQUARES)]  # by squares beyond the nearest
        self.full_down = {players: players * (sum(rules.token_counts(frozenset())) - sum(
            n for k, n in enumerate(rules.counts) if rules.placed_face_up[k])) for players in rules.geometry}
        # Positions evaluated so far: the searches' measure of work (most of their time is evaluations), so that a
        # budget of it gives the same decisions on any machine at any load.
        self.evaluations = 0

    # -- the value ---------------------------------------------------------------------------------

    def evaluate(self, s: GameState, seat: int) -> float:
        """The seat's expected final margin over its strongest rival (a finished game: its result)."""
        self.evaluations += 1
        if s.phase == OVER:
            return self.final(s, seat)
        est = self.estimates(s, seat)
        mine = est[seat]
        others = [e for p, e in enumerate(est) if p != seat]
        if len(others) == 1:
            return mine - others[0]
        best = max(others)
        share = self.w.rival_max
        return mine - (share * best + (1 - share) * sum(others) / len(others))

    def final(self, s: GameState, seat: int) -> float:
        """A finished game: a win (shared on a tie) is worth `win` points over the margin."""
        totals = [b.total for b in s.scores()]
        winners = s.winners()
        share = 1 / len(winners) if seat in winners else 0.0
        margin = totals[seat] - max(t for p, t in enumerate(totals) if p != seat)
        return self.w.win * (2 * share - 1) + margin

    def estimates(self, s: GameState, seat: int) -> list[float]:
        """Each player's expected final score, as `seat` can tell (see the module docstring)."""
        w = self.w
        players = s.players
        busy, char, land, held, down = s.busy, s.char, s.land, s.held, s.down
        material, occupy = self.material, self.occupy
        trophy_of = self.trophy_of_token.__getitem__
        destroy_of = self.destroy_of_token.__getitem__
        # Face-down tokens: the seat's own and peeked ones by kind, the others through their owner's multiset
        # (a sum over all of them, which is the same whichever square holds which).
        face_down = list(map(down.__getitem__, s.down_squares))
        est = [sum(map(trophy_of, s.trophies[p])) + sum(map(destroy_of, s.destroyed[p]))
               + sum(map(self.material_down_of[p].__getitem__, face_down)) for p in range(players)]
        endness = 1.0 - len(face_down) / self.full_down[players]
        if s.stall_limit - s.stall <= players:
            endness = 1.0
        occupy_share = w.occupy_now + (1 - w.occupy_now) * endness
        # (square, land token, face up) of the lands a journalist or a truck is after, and of the tokens the
        # `adjacent_own` lines name (the tiger and its campsite), where the seat knows them
        wanted, pair_kinds, noted = self.targets, self.pair_kinds, self.noted
        targets: list[tuple[int, int, bool]] = []
        pairs: list[tuple[int, int, bool]] = []
        free: list[tuple[int, int]] = []  # (square, land token) of the lands that score with nobody on them
        for sq in [sq for sq in s.geometry.squares if busy[sq] & LAND]:
            k = land[sq] & KIND_MASK
            if occupy[k] and busy[sq] == LAND:
                free.append((sq, land[sq]))
            if k in noted:
                if k in wanted:
                    targets.append((sq, land[sq], True))
                if k in pair_kinds:
                    pairs.append((sq, land[sq], True))
        for sq in [sq for sq in s.down_squares if down[sq] & KIND_MASK in noted]:
            if s.knows(seat, sq):
                k = down[sq] & KIND_MASK
                if k in pair_kinds:
                    pairs.append((sq, down[sq], False))
                if k in wanted:
                    targets.append((sq, down[sq], False))
        seekers = self.seekers
        for p in range(players):
            value = 0.0
            for sq in s.chars_of[p]:
                k = char[sq] & KIND_MASK
                value += material[k]
                if held[sq] >= 0:
                    value += trophy_of(held[sq])
                if busy[sq] & LAND:
                    value += occupy[land[sq] & KIND_MASK] * occupy_share
                if targets and k in seekers:
                    value += self._approach(s, sq, k, p, targets)
            est[p] += value
            if free:
                est[p] += self._prospects(s, p, free)
        if pairs:
            self._own_pairs(s, pairs, est)
        if s.turn > 0:
            self._threats(s, seat, est, occupy_share)
        return est

    def _prospects(self, s: GameState, owner: int, free: list[tuple[int, int]]) -> float:
        """The lands that score and stand free, for the characters of `owner` that could walk onto them: a share
        of each land's points, by how near its nearest such character is."""
        w = self.w
        enters = self.rules.enters[owner]
        char = s.char
        value = 0.0
        for t, land_token in free:
            lk = land_token & KIND_MASK
            away = DISTANCE[t]
            nearest = 99
            for sq in s.chars_of[owner]:
                if enters[char[sq] & KIND_MASK][land_token] and away[sq] < nearest:
                    nearest = away[sq]
            if nearest < 99:
                value += self.occupy[lk] * w.land_near * self.decay[nearest - 1]
        return value

    def _approach(self, s: GameState, sq: int, kind: int, owner: int, targets: list[tuple[int, int, bool]]) -> float:
        """The journalist's and the truck's worth from where they stand: on, next to or on their way to an enemy
        campsite that their owner knows (face up, or face down and peeked at: it must be revealed first)."""
        w = self.w
        known = s.known[owner]
        value = 0.0
        for token, land_kind, whose, points in self.stands_on:
            if token != kind:
                continue
            best = 0.0
            for t, land_token, up in targets:
                if land_token & KIND_MASK != land_kind or not whose_matches(whose, land_token >> KIND_BITS == owner):
                    continue
                if not up and not known >> t & 1:
                    continue
                d = self._walk(s, sq, t, owner)
                if d == 0:
                    best = max(best, w.journalist_on)
                elif d > 0:
                    near = w.journalist_near * self.decay[d - 1]
                    best = max(best, near * (1.0 if up else w.face_down_target))
            value += points * best
        ruin = self.rules.destroys[kind]
        if ruin >= 0:
            best = 0.0
            for t, land_token, up in targets:
                if land_token & KIND_MASK != ruin or land_token >> KIND_BITS == owner or not (up or known >> t & 1):
                    continue
                d = DISTANCE[t][sq]
                near = w.destroyer_adjacent if d == 1 else w.destroyer_near * self.decay[d - 2]
                best = max(best, near * (1.0 if up else w.face_down_target))
            value += self.destroy[ruin] * best
        return value

    def _walk(self, s: GameState, start: int, goal: int, owner: int) -> int:
        """Squares the character on `start` must walk to stand on `goal` (a face-down goal: to stand next to it,
        plus one for the reveal), around whatever it cannot pass or enter; -1 if that is more than `WALK_LIMIT`."""
        to_goal = DISTANCE[goal]
        if to_goal[start] > WALK_LIMIT:
            return -1
        busy, land = s.busy, s.land
        enters = self.rules.enters[owner][s.char[start] & KIND_MASK]
        adjacent = s.geometry.adjacent
        seen = {start}
        frontier = [start]
        for d in range(1, WALK_LIMIT + 1):
            nxt = []
            for sq in frontier:
                for a in adjacent[sq]:
                    if a == goal:
                        return d
                    if a in seen or d + to_goal[a] > WALK_LIMIT:
                        continue
                    seen.add(a)
                    b = busy[a]
                    if b == 0 or (b == LAND and enters[land[a]]):
                        nxt.append(a)
            if not nxt:
                return -1
            frontier = nxt
        return -1

    def _own_pairs(self, s: GameState, pairs: list[tuple[int, int, bool]], est: list[float]) -> None:
        """The malus of a token next to its owner's own land (the tiger by its campsite), as far as the seat knows
        where both are: in full when both are face up, a share while one is still face down."""
        adjacent = s.geometry.adjacent
        at = {sq: (token, up) for sq, token, up in pairs}
        for sq, token, up in pairs:
            owner = token >> KIND_BITS
            for kind, own_land, points in self.adjacent_own:
                if token & KIND_MASK != kind:
                    continue
                for a in adjacent[sq]:
                    found = at.get(a)
                    if found is not None and found[0] == owner << KIND_BITS | own_land:
                        est[owner] += points * (1.0 if up and found[1] else self.w.tiger_face_down)
                        break

    # -- threats -------------------------------------------------------------------------------------

    def _threats(self, s: GameState, seat: int, est: list[float], occupy_share: float) -> None:
        """Count the eliminations the player to move can make next, and a share of the others' ones."""
        w = self.w
        rules = self.rules
        players = s.players
        mover = s.current
        busy, char, down = s.busy, s.char, s.down
        adjacent = s.geometry.adjacent
        never, alone, swing = rules.never_attacked, rules.cannot_fight_alone, self.swing
        is_character = rules.is_character
        printed = rules.strength
        power = self.strengths(s)
        captures = [self._capture_targets(s, q) for q in range(players)]
        reach: dict[int, list[tuple[int, int, bool]]] | None = None
        hidden: list[tuple[int, bool]] | None = None
        found: dict[tuple[int, int], list[tuple[float, int, int, float, float]]] = {}
        busy_land, land, occupy = LAND, s.land, self.occupy
        full_turn = s.actions_left >= 2  # the player to move may still move or reveal before fighting
        attack = [0] * players
        fighter = [False] * players
        for victim in range(players):
            for sq in s.chars_of[victim]:
                k = char[sq] & KIND_MASK
                if never[k]:
                    continue
                defence = power[sq]
                # what the victim's owner loses besides the character: the land that scores it stands on
                held = occupy[land[sq] & KIND_MASK] * occupy_share if busy[sq] & busy_land else 0.0
                for q in range(players):
                    attack[q] = 0
                    fighter[q] = False
                for a in adjacent[sq]:
                    if busy[a] & CHAR:
                        q = char[a] >> KIND_BITS
                        attack[q] += power[a]
                        fighter[q] = fighter[q] or not alone[char[a] & KIND_MASK]
                for q in range(players):
                    if q == victim or not s.chars_of[q]:
                        continue
                    if (fighter[q] and attack[q] > defence) or sq in captures[q]:
                        found.setdefault((q, victim), []).append(
                            (w.one_action * (swing[k] + held), 1, k, w.one_action, held))
                        continue
                    if q != mover or not full_turn:
                        continue
                    # the player to move: a move or a reveal of its own face-down token first, then the fight
                    likelihood = 0.0
                    if reach is None:
                        reach = self._reach(s, mover)
                    for a in adjacent[sq]:
                        for origin, arriving, fights_alone in reach.get(a, ()):
                            if ((fighter[q] or fights_alone) and attack[q] + arriving > defence
                                    and origin not in adjacent[sq]):
                                likelihood = w.two_actions
                                break
                        if likelihood:
                            break
                        if not (busy[a] & DOWN and down[a] >> KIND_BITS == q):
                            continue
                        if not any(busy[b] & CHAR and char[b] >> KIND_BITS == q for b in adjacent[a]):
                            continue  # it cannot reveal that token
                        if q == seat or s.known[seat] >> a & 1:
                            hk = down[a] & KIND_MASK
                            if is_character[hk] and (fighter[q] or not alone[hk]) and attack[q] + printed[hk] > defence:
                                likelihood = w.two_actions
                        else:
                            if hidden is None:
                                hidden = self._hidden_fighters(s, seat, q)
                            wins = sum(1 for st, fights_alone in hidden
                                       if (fighter[q] or fights_alone) and attack[q] + st > defence)
                            likelihood = max(likelihood, w.two_actions * wins / max(1, len(hidden)))
                    if likelihood:
                        found.setdefault((q, victim), []).append(
                            (likelihood * (swing[k] + held), 2, k, likelihood, held))
        for (q, victim), threats in found.items():
            self._count(threats, est, victim, q, 1.0 if q == mover else w.later, full_turn or q != mover)

    def strengths(self, s: GameState) -> dict[int, int]:
        """Square -> strength of the face-up character there, with its modifiers (as `GameState.strength`)."""
        busy, char, land, trap = s.busy, s.char, s.land, s.trap
        strengths = self.rules.strengths
        on_land, weakened_by = strengths.on_land, strengths.weakened_by
        base = strengths.land_base
        traps = not self.item_variants.isdisjoint(s.variants)  # items (the trap) weaken only in their variant
        adjacent = s.geometry.adjacent
        power = {}
        for p in range(s.players):
            for sq in s.chars_of[p]:
                token = char[sq]
                k = token & KIND_MASK
                if traps and weakened_by[k]:
                    lk = land[sq] & KIND_MASK if busy[sq] & LAND else -1
                    power[sq] = strengths.of(k, lk, land[sq] >> KIND_BITS == p, [
                        trap[a] & KIND_MASK for a in adjacent[sq] if busy[a] & TRAP])
                elif busy[sq] & LAND:  # the fast path of `strengths.of`, with neither items nor its call
                    power[sq] = on_land[k][(land[sq] & KIND_MASK) - base][land[sq] >> KIND_BITS == p]
                else:
                    power[sq] = on_land[k][0][False]
        return power

    def _count(self, found: list[tuple[float, int, int, float, float]], est: list[float], victim: int, attacker: int,
               share: float, full_turn: bool) -> None:
        """Add the best threats that fit in the attacker's turn: one of any kind, or with two actions left,
        two that take one action each."""
        found.sort(reverse=True)
        chosen = [(found[0], 1.0)]
        if found[0][1] == 1 and full_turn:
            second = next((f for f in found[1:] if f[1] == 1), None)
            if second is not None:
                chosen.append((second, self.w.second_threat))
        material, trophy = self.material, self.trophy
        for (_, _, kind, likelihood, held), weight in chosen:
            p = likelihood * weight * share
            est[victim] -= p * (material[kind] + held)
            est[attacker] += p * trophy[kind]

    def _hidden_fighters(self, s: GameState, seat: int, owner: int) -> list[tuple[int, bool]]:
        """(strength, may fight alone) of each of `owner`'s face-down tokens `seat` does not know (0 for a
        land or an item): the owner's multiset, the same whichever square holds which."""
        rules = self.rules
        out = []
        known = s.known[seat]
        for sq in s.down_squares:
            token = s.down[sq]
            if token >> KIND_BITS == owner and not known >> sq & 1:
                k = token & KIND_MASK
                out.append((rules.strength[k], rules.is_character[k] and not rules.cannot_fight_alone[k]))
        return out

    def _reach(self, s: GameState, owner: int) -> dict[int, list[tuple[int, int, bool]]]:
        """Square -> (origin, strength there, may fight alone) of each of `owner`'s characters that can move there."""
        rules = self.rules
        busy, char, face, land = s.busy, s.char, s.face, s.land
        paths = rules.paths[s.players]
        out: dict[int, list[tuple[int, int, bool]]] = {}
        for sq in s.chars_of[owner]:
            kind = char[sq] & KIND_MASK
            enters = rules.enters[owner][kind]
            over_all = rules.passes_over_all[kind]
            base = rules.strengths.of(kind, -1, False)
            fights_alone = not rules.cannot_fight_alone[kind]
            for path in paths[sq][kind << 2 | face[sq]]:
                for t, _ in path:
                    b = busy[t]
                    if not b:
                        out.setdefault(t, []).append((sq, base, fights_alone))
                        continue
                    if b == LAND and enters[land[t]]:
                        out.setdefault(t, []).append(
                            (sq, rules.strengths.of(kind, land[t] & KIND_MASK, land[t] >> KIND_BITS == owner),
                             fights_alone))
                    if not over_all:
                        break
        return out

    def _capture_targets(self, s: GameState, owner: int) -> set[int]:
        """The squares of the characters `owner`'s capturing characters can capture now (the engine's rule)."""
        found: set[int] = set()
        for sq in s.chars_of[owner]:
            if self.rules.captures[s.char[sq] & KIND_MASK] and s.held[sq] < 0:
                found.update(s.capture_targets(sq, owner))
        return found

