#!/usr/bin/env python3
"""A complete example bot for Draco Mundis over Drako Desktop's bot protocol (docs/bot-protocol.md).

Standard library only. Run it as a seat:

    drako-desktop simulate --game draco-mundis --agents exec:"python examples/bot_draco_greedy.py",medium

It says it is ready (one line {"type": "ready"}: a bot that loads something first says so once it has),
then reads one JSON message per line on stdin and answers each "decide" message with one
line {"choice": i} on stdout. Its strategy is greedy, one action at a time:

- setup: explorers first, facing the middle of the board; its strong characters next to
  enemy explorers (an enemy who reveals one there loses the fight), its weak tokens and
  the lands that score away from them, the campsite far from them, the tiger never next
  to its own campsite;
- turns: a fight it wins on the preview, a capture, a destroyed campsite, its own
  character brought out, a reveal of an unknown token only next to more strength than any
  token has, a land that scores to stand on, the journalist a step closer to an enemy
  campsite it can see; otherwise a peek, and a pass when nothing helps.

The numbers below are the bundled rules' (a house-rules folder may change them). Anything
it prints for people goes to stderr: stdout is the protocol.
"""

import json
import sys

STRENGTH = {"explorer": 2, "journalist": 1, "hunter": 3, "sherpa": 1, "dragon": 4, "cannibal": 3, "biplane": 2,
            "ss307": 3}
LAND_STRENGTH = {"mountain": 1, "swamp": -1}
OCCUPY_POINTS = {"jungle": 2, "mountain": 1}
TROPHY = {"dragon": 3}  # every other character: 1
STRONGEST = max(STRENGTH.values())
# setup: lower goes first
ORDER = ["explorer", "campsite", "dragon", "hunter", "cannibal", "ss307", "jungle", "mountain", "journalist",
         "biplane", "sherpa", "swamp", "tiger", "trap"]
AMBUSHERS = {"dragon", "hunter", "cannibal", "ss307"}  # beat an explorer that reveals them
KEEP_AWAY = {"sherpa", "biplane", "jungle", "mountain", "campsite"}


def neighbours(square, columns):
    row, col = square
    for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
        if 0 <= r < 8 and columns[0] <= c <= columns[1]:
            yield r, c


def distance(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


class Board:
    """The view's squares by (row, col), and what the bot reads from them."""

    def __init__(self, view):
        self.view = view
        self.seat = view["seat"]
        self.columns = view["columns"]
        self.at = {tuple(spot["at"]): spot for spot in view["squares"]}

    def character(self, square):
        return self.at.get(square, {}).get("character")

    def strength(self, square):
        spot = self.at[square]
        kind = spot["character"]["kind"]
        value = STRENGTH.get(kind, 0)
        land = spot.get("land")
        if land is not None:
            value += LAND_STRENGTH.get(land["kind"], 0)
            if kind == "hunter" and land["kind"] == "campsite" and land["owner"] == spot["character"]["owner"]:
                value += 1
        return value

    def attack_on(self, square):
        """The bot's total strength next to a square (every character of its own there fights)."""
        return sum(self.strength(n) for n in neighbours(square, self.columns)
                   if (self.character(n) or {}).get("owner") == self.seat)

    def enemy_explorers_next_to(self, square):
        return sum(1 for n in neighbours(square, self.columns)
                   if (self.character(n) or {}).get("owner") not in (None, self.seat))

    def enemy_campsites(self):
        return [square for square, spot in self.at.items()
                if (spot.get("land") or {}).get("kind") == "campsite" and spot["land"]["owner"] != self.seat]


def place_score(board, action):
    square = tuple(action["at"])
    kind = action["token"]
    enemies = board.enemy_explorers_next_to(square)
    if kind == "explorer":
        middle = (3.5, (board.columns[0] + board.columns[1]) / 2)
        facing_bonus = {"N": square[0] > 3, "S": square[0] < 4, "W": square[1] > middle[1], "E": square[1] < middle[1]}
        return -distance(square, middle) - enemies + 0.5 * facing_bonus[action["facing"]]
    if kind in AMBUSHERS:
        return 2 * enemies
    if kind == "tiger":
        own_campsite = any((board.at.get(n, {}).get("down_kind") == "campsite"
                            and board.at[n]["down"] == board.seat) for n in neighbours(square, board.columns))
        return enemies - 10 * own_campsite
    if kind in KEEP_AWAY:
        others = [tuple(s["at"]) for s in board.view["squares"]
                  if (s.get("character") or {}).get("owner") not in (None, board.seat)]
        far = min((distance(square, o) for o in others), default=6)
        return far - 3 * enemies
    return 0


def act_score(board, action):
    kind = action["type"]
    if kind == "fight":
        square = tuple(action["at"])
        defender = board.character(square)
        attack, defence = board.attack_on(square), board.strength(square)
        if attack > defence:
            return 2 + TROPHY.get(defender["kind"], 1)
        return -3 if attack < defence else -1
    if kind == "capture":
        return 2 + TROPHY.get(board.character(tuple(action["to"]))["kind"], 1)
    if kind == "destroy":
        return 7
    if kind in ("reveal", "reveal-any"):
        if action["facing"] != "N":
            return -9  # the facing is the bot's least concern: one reveal per square is enough
        spot = board.at[tuple(action["at"])]
        known = spot.get("down_kind")
        if known is not None:
            if known not in STRENGTH:
                return 0.3 + OCCUPY_POINTS.get(known, 0)
            if spot["down"] == board.seat:
                return 1.5
            if kind == "reveal" and known != "journalist":
                return 2 + TROPHY.get(known, 1) if board.attack_on(tuple(action["at"])) > STRENGTH[known] else -3
            return 0.2
        if kind == "reveal-any":
            return 0.2
        return 1.5 if board.attack_on(tuple(action["at"])) > STRONGEST else -1
    if kind == "move":
        origin, target = tuple(action["from"]), tuple(action["to"])
        gain = OCCUPY_POINTS.get((board.at.get(target, {}).get("land") or {}).get("kind"), 0)
        gain -= OCCUPY_POINTS.get((board.at.get(origin, {}).get("land") or {}).get("kind"), 0)
        if board.character(origin)["kind"] == "journalist":
            for camp in board.enemy_campsites():
                gain = max(gain, distance(origin, camp) - distance(target, camp))
        return gain
    if kind == "peek":
        return 0.4
    if kind == "pass":
        return 0.05
    return -1  # rotate, push, sacrifice: not for this bot


def decide(message):
    view, legal = message["view"], message["legal"]
    board = Board(view)
    if view["decision"] == "select":
        return min(range(len(legal)), key=lambda i: ORDER.index(legal[i]["token"]) if legal[i]["token"] in ORDER
                   else len(ORDER))
    score = place_score if view["decision"] == "place" else act_score
    return max(range(len(legal)), key=lambda i: (score(board, legal[i]), -i))


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
            print(f"bot_draco_greedy: {result} with {message['scores'][seat]['total']} points", file=sys.stderr)


if __name__ == "__main__":
    main()
