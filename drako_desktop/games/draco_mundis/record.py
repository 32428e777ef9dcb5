"""Game records (rule book section 7): write one from a state, and replay one strictly.

A record is `{"game": "draco-mundis", "players", "first", "variants": {fast_setup,
sherpa_sacrifice, dragon_trap}, "actions": [...], "scores": [...], "winners": [...]}`.
Its actions are the notation's only: the engine's `select` halves of setup placements are
left out (a `place` replays without one). The game has no chance, so the record alone
decides the whole game.
"""

from __future__ import annotations

from typing import Any

from ..base import ActionFormatError, IllegalActionError
from .actions import Select, action_from_json
from .data import GAME_ID
from .engine import VARIANTS, GameState
from .rules import Rules

MAX_ACTIONS = 10_000  # real games take a few hundred; a longer record is refused unread
REQUIRED = ("game", "players", "first", "variants", "actions")
OPTIONAL = ("scores", "winners")  # checked against the replay when given


class RecordError(ValueError):
    """A game record that is malformed, or whose actions or results do not replay.

    `index` is the 0-based position of the first bad action, or -1 when the problem is
    elsewhere in the record."""

    def __init__(self, message: str, index: int = -1) -> None:
        self.index = index
        super().__init__(message)


def record(state: GameState) -> dict[str, Any]:
    scores = state.scores()
    return {
        "game": GAME_ID,
        "players": state.players,
        "first": state.first,
        "variants": {v: v in state.variants for v in VARIANTS},
        "actions": [a.to_json() for a in state.history if type(a) is not Select],
        "scores": [b.total for b in scores],
        "winners": state.winners(),
    }


def replay_record(rules: Rules, obj: Any) -> GameState:
    """The state a record leads to. Raises RecordError naming the first problem."""
    if not isinstance(obj, dict):
        raise RecordError("a game record must be a JSON object")
    unknown = sorted(set(obj) - set(REQUIRED) - set(OPTIONAL))
    missing = [key for key in REQUIRED if key not in obj]
    if unknown or missing:
        raise RecordError(f"a game record needs {', '.join(REQUIRED)} (and may have {', '.join(OPTIONAL)}); "
                          f"missing: {', '.join(missing) or 'none'}; unknown: {', '.join(unknown) or 'none'}")
    if obj["game"] != GAME_ID:
        raise RecordError(f"this is a record of {obj['game']!r}, not of {GAME_ID!r}")
    data = rules.data
    players = obj["players"]
    if not _whole(players) or not data.min_players <= players <= data.max_players:
        raise RecordError(f"players must be {data.min_players}-{data.max_players}, not {players!r}")
    first = obj["first"]
    if not _whole(first) or not 0 <= first < players:
        raise RecordError(f"first must be a seat 0-{players - 1}, not {first!r}")
    variants = obj["variants"]
    if not isinstance(variants, dict) or set(variants) != set(VARIANTS) or not all(
            isinstance(v, bool) for v in variants.values()):
        raise RecordError(f"variants must map exactly {', '.join(VARIANTS)} to true or false, not {variants!r}")
    actions = obj["actions"]
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise RecordError(f"actions must be a list of at most {MAX_ACTIONS} actions")
    state = GameState.new(rules, players, first, [v for v in VARIANTS if variants[v]])
    for i, item in enumerate(actions):
        try:
            action = action_from_json(item, rules.face_up_kinds)
            if type(action) is Select:
                raise ActionFormatError("select is not part of the notation (a record places directly)")
            state.apply(action)
        except (ActionFormatError, IllegalActionError) as exc:
            raise RecordError(f"action {i} {item!r}: {exc}", i) from None
    for key, found in (("scores", [b.total for b in state.scores()]), ("winners", state.winners())):
        if key in obj and obj[key] != found:
            raise RecordError(f"the record's {key} {obj[key]!r} differ from the replay's {found!r}")
    return state


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
