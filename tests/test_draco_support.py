"""Draco Mundis test helpers: hand-built positions in a small notation, and random legal games.

Position notation: {(row, col): "TOKENS"}, TOKENS one or more of these joined by "+":
    "0 explorer E"       seat 0's face-up explorer facing east
    "1 ?hunter"          seat 1's face-down hunter
    "1 mountain"         seat 1's face-up mountain (lands and traps have no facing)
    "0 cannibal E > 1 explorer N"   seat 0's cannibal holding seat 1's explorer (captured facing north)
e.g. {(3, 8): "1 mountain + 1 hunter N"}: seat 1's hunter on seat 1's mountain.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Iterator

from drako_desktop.games.draco_mundis import load
from drako_desktop.games.draco_mundis.actions import FACINGS, square
from drako_desktop.games.draco_mundis.engine import PLAY, GameState
from drako_desktop.games.draco_mundis.rules import CHAR, DOWN, KIND_BITS, LAND, TRAP

GAME = load()
RULES = GAME.rules
# Face-down filler far from the action, so that a position does not end when its last token is revealed.
FILLER = {(0, 11): "1 ?swamp", (7, 11): "1 ?swamp"}
MAX_ACTIONS = 20_000  # far above any game; a game running past it has failed to end


def build(spec: dict[tuple[int, int], str], players: int = 2, current: int = 0, variants: tuple[str, ...] = (),
          actions_left: int = 2, turn: int = 1, stall: int = 0) -> GameState:
    """A position in play (setup over, supplies empty) holding exactly the tokens of `spec`."""
    s = GameState._blank(RULES, players, 0, frozenset(variants))
    s.phase, s.current, s.turn, s.actions_left, s.stall = PLAY, current, turn, actions_left, stall
    for (r, c), text in spec.items():
        sq = square(r, c)
        assert s.geometry.in_use[sq], f"{(r, c)} is not in use with {players} players"
        for part in text.split("+"):
            held = None
            if ">" in part:
                part, held = part.split(">")
            owner, kind, facing = _token(part)
            index = RULES.kind_index[kind.lstrip("?")]
            token = owner << KIND_BITS | index
            if kind.startswith("?"):
                s.down[sq] = token
                s.busy[sq] |= DOWN
                insort(s.down_squares, sq)
            elif RULES.is_character[index]:
                s.char[sq], s.face[sq] = token, FACINGS.index(facing)
                s.busy[sq] |= CHAR
                insort(s.chars_of[owner], sq)
                if held:
                    h_owner, h_kind, h_facing = _token(held)
                    s.held[sq] = h_owner << KIND_BITS | RULES.kind_index[h_kind]
                    s.held_face[sq] = FACINGS.index(h_facing)
            elif RULES.is_land[index]:
                s.land[sq] = token
                s.busy[sq] |= LAND
            else:
                s.trap[sq] = token
                s.busy[sq] |= TRAP
    return s


def _token(text: str) -> tuple[int, str, str]:
    words = text.split()
    return int(words[0]), words[1], words[2] if len(words) > 2 else "N"


def act(s: GameState, obj: dict[str, object]) -> list[object]:
    """Apply one action given in the notation."""
    return list(s.apply(GAME.action_from_json(obj)))


def legal_json(s: GameState, kind: str | None = None) -> list[dict[str, object]]:
    return [a.to_json() for a in s.legal_actions() if kind is None or a.type == kind]


def random_game(players: int, first: int, variants: tuple[str, ...], seed: int) -> Iterator[tuple[GameState, object]]:
    """Yield (state, a random legal action) until the game ends; the caller applies the action."""
    rng = random.Random(seed)
    s = GAME.new_state(players, 0, first, variants)
    for _ in range(MAX_ACTIONS):
        if s.is_terminal():
            return
        legal = s.legal_actions()
        count = len(s.history)
        yield s, legal[rng.randrange(len(legal))]
        assert len(s.history) == count + 1, "the caller must apply the action"
    raise AssertionError("the game did not end")


def play_random(players: int, first: int, variants: tuple[str, ...], seed: int) -> GameState:
    final = None
    for s, action in random_game(players, first, variants, seed):
        s.apply(action)
        final = s
    assert final is not None
    return final
