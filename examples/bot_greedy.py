#!/usr/bin/env python3
"""A complete example bot for Drako Desktop's bot protocol (docs/bot-protocol.md).

Standard library only. Run it as a seat:

    drako-desktop simulate --agents exec:"python examples/bot_greedy.py",medium

It says it is ready (one line {"type": "ready"}: a bot that loads something first says so once it has),
then reads one JSON message per line on stdin and answers each "decide" message
with one line {"choice": i} on stdout. Its strategy is simple and greedy:
claim the most valuable legend it can, score each possible placement by the
face-up points it gains with its direct neighbours (tribe-land values,
conflicts, dragons), take the discard pile's card when that gains enough,
otherwise draw, and reveal an Unexplored Land when no placement helps.
Connections through Magical Portals are ignored, to keep it short.

Anything it prints for people goes to stderr: stdout is the protocol.
"""

import json
import sys

LEGEND_POINTS = {
    "alliance-human-elf": 2, "alliance-human-dwarf": 2, "tribes-goblin": 2, "tribes-human": 2, "tribes-elf": 2,
    "tribes-dwarf": 2, "four-tribes": 4, "battle-goblin-human": 3, "battle-goblin-elf": 3, "battle-goblin-dwarf": 3,
    "battle-elf-dwarf": 3, "lands-plain": 4, "lands-swamp": 4, "lands-mountain": 4, "lands-forest": 4,
}
# Points a tribe earns per adjacent land (rule book 6.1).
TRIBE_LANDS = {
    "elf": {"forest": 2, "swamp": -1},
    "dwarf": {"mountain": 2},
    "human": {"plain": 2, "forest": 1, "mountain": 1, "swamp": -1},
    "goblin": {"swamp": 3},
}
HOSTILE = {("goblin", "human"), ("goblin", "elf"), ("goblin", "dwarf"), ("goblin", "goblin"), ("elf", "dwarf")}
LOCKED = {"dragon", "portal"}
TAKE_DISCARD_GAIN = 2  # take the discard pile's card only for at least this many points


def pair_points(a, b):
    """Points two directly adjacent cards earn together (either may be None: face down)."""
    if a is None or b is None:
        return 0
    points = TRIBE_LANDS.get(a, {}).get(b, 0) + TRIBE_LANDS.get(b, {}).get(a, 0)
    if (a, b) in HOSTILE or (b, a) in HOSTILE:
        points -= 2
    return points


def neighbours(row, col):
    for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
        if 0 <= r < 4 and 0 <= c < 4:
            yield r, c


def score(grid):
    """Face-up points of a 4 x 4 grid, counting direct adjacency only."""
    total = 0
    dragons = tamed = 0
    for r in range(4):
        for c in range(4):
            card = grid[r][c]
            near = [grid[nr][nc] for nr, nc in neighbours(r, c)]
            # each adjacent pair once: only look right and down
            for nr, nc in ((r, c + 1), (r + 1, c)):
                if nr < 4 and nc < 4:
                    total += pair_points(card, grid[nr][nc])
            if card == "dragon":
                dragons += 1
                if any(near.count(t) >= 2 for t in ("human", "elf", "dwarf")):
                    tamed += 1
    if dragons:
        value = {1: 3, 2: 4}.get(dragons, 5)
        counted = min(dragons, 3)
        best = min(tamed, counted)
        total += value * best - value * (counted - best) - 5 * (dragons - counted)
    return total


def with_card(grid, row, col, card):
    copy = [list(r) for r in grid]
    copy[row][col] = card
    return copy


def can_place(here, card):
    return here is None or (here not in LOCKED and here != card)


def best_placement(grid, card):
    """(gain, row, col) of the best legal placement of `card`."""
    base = score(grid)
    options = [
        (score(with_card(grid, r, c, card)) - base, r, c)
        for r in range(4) for c in range(4) if can_place(grid[r][c], card)
    ]
    return max(options)


def decide(message):
    view, legal = message["view"], message["legal"]
    grid = view["kingdoms"][message["seat"]]
    claims = [i for i, a in enumerate(legal) if a["type"] == "claim"]
    if claims:
        return max(claims, key=lambda i: LEGEND_POINTS.get(legal[i]["legend"], 0))
    kinds = [a["type"] for a in legal]
    if "arrange" in kinds:  # the 2 x 2 starting cards go in the centre of the kingdom
        def centre(cards):
            grid = [[None] * 4 for _ in range(4)]
            grid[1][1:3], grid[2][1:3] = cards
            return grid
        return max(range(len(legal)), key=lambda i: score(centre(legal[i]["cards"])))
    if "take-discard" in kinds:
        gain = best_placement(grid, view["discard_top"])[0]
        if gain >= TAKE_DISCARD_GAIN or "draw" not in kinds:
            return kinds.index("take-discard")
        return kinds.index("draw")
    if "place" in kinds:
        gain, row, col = best_placement(grid, view["drawn"])
        if gain <= 0 and "reveal" in kinds:
            return kinds.index("reveal")
        for i, a in enumerate(legal):
            if a["type"] == "place" and (a["row"], a["col"]) == (row, col):
                return i
    return len(legal) - 1  # "pass" after placing: nothing to claim


def main():
    # Nothing to load here; a bot that loads a model says this once the model is loaded, so that the
    # loading does not count against its first decision's time limit.
    print(json.dumps({"type": "ready"}), flush=True)
    seat = None
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "decide":
            seat = message["seat"]
            print(json.dumps({"choice": decide(message)}), flush=True)
        elif message["type"] == "end" and seat is not None:
            result = "won" if seat in message["winners"] else "lost"
            print(f"bot_greedy: {result} with {message['scores'][seat]['total']} points", file=sys.stderr)


if __name__ == "__main__":
    main()
