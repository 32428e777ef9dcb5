"""Game records: one JSON object per finished game, written by `simulate --records` and replayed
by `replay --record`.

A record names its game and holds who started, the variants, every chosen action in the game's
notation, and the final scores and winners (Draco Mundis: exactly the record of its rule book's
section 7; Aetherya Pocket: the same keys plus the seed that dealt the cards). Replaying checks
every action through the rules and the scores against the record's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from . import jsonio
from .interface.game import ActionFormatError, AnyGame, AnyState, IllegalActionError, brief

MAX_BYTES = 4_000_000  # a long game's record is tens of kilobytes
MAX_ACTIONS = 20_000


class RecordError(ValueError):
    """A record that cannot be replayed; the message says where and why (one line). `index` is the
    position (from 0) of the first action that is malformed or illegal, -1 for any other problem."""

    def __init__(self, message: str, index: int = -1) -> None:
        super().__init__(message)
        self.index = index


def read_record(path: Path) -> Any:
    """The record in a file: a single JSON object, or the first line of a JSON-lines file. No more than a
    record's size is read: the first line of a JSON-lines file of any length (`simulate --records` writes a
    line per game) is bounded, not the file."""
    try:
        data = jsonio.read_bytes(path, MAX_BYTES)[0]  # at most one byte more than a record may have
    except jsonio.JsonError as exc:
        raise RecordError(f"{path}: {exc}") from None
    if len(data) <= MAX_BYTES:
        try:
            return jsonio.loads(data, MAX_BYTES)
        except jsonio.JsonError as exc:
            if exc.reason != "bad_json" or exc.values.get("line", 1) < 2:
                raise RecordError(f"{path}: {exc}") from None
    first, newline, _ = data.partition(b"\n")  # several JSON lines: the first one is the record
    if not newline and len(data) > MAX_BYTES:
        raise RecordError(f"{path}: line 1 is larger than {MAX_BYTES:,} bytes")
    try:
        return jsonio.loads(first, MAX_BYTES)
    except jsonio.JsonError as line_exc:
        raise RecordError(f"{path}: line 1: {line_exc}") from None


def replay_record(library: Mapping[str, AnyGame], record: Any) -> tuple[AnyGame, AnyState]:
    """Check a record's shape and replay it: the game and its final state, or RecordError naming
    the first action (by index from 0) that is malformed or illegal, or the scores that disagree."""
    if not isinstance(record, dict):
        raise RecordError("a game record must be a JSON object")
    name = record.get("game")
    game = library.get(name) if isinstance(name, str) else None
    if game is None:
        raise RecordError(f"\"game\" must be one of {', '.join(library)}, not {brief(name)}")
    required = {"game", "players", "first", "variants", "actions"} | ({"seed"} if game.seeded else set())
    allowed = required | {"scores", "winners", "seed"}
    missing, unknown = required - set(record), set(record) - allowed
    if missing or unknown:
        detail = "; ".join(part for part in (
            f"missing {', '.join(sorted(missing))}" if missing else "",
            f"unknown {', '.join(sorted(unknown))}" if unknown else "") if part)
        raise RecordError(f"a {game.id} record has the keys {', '.join(sorted(required))}: {detail}")
    players, first = record["players"], record["first"]
    if not _whole(players) or not game.min_players <= players <= game.max_players:
        raise RecordError(f"\"players\" must be {game.min_players}-{game.max_players}, not {brief(players)}")
    if not _whole(first) or not 0 <= first < players:
        raise RecordError(f"\"first\" must be a seat 0-{players - 1}, not {brief(first)}")
    seed = record.get("seed", 0)
    if not _whole(seed) or not 0 <= seed < 2**63:
        raise RecordError(f"\"seed\" must be a whole number 0 to 2^63 - 1, not {brief(seed)}")
    variants = _variants(game, record["variants"])
    actions = record["actions"]
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise RecordError(f"\"actions\" must be a list of at most {MAX_ACTIONS} actions")
    state = game.new_state(players, seed, first, variants)
    for index, raw in enumerate(actions):
        try:
            action = game.action_from_json(raw)
        except ActionFormatError as exc:
            raise RecordError(f"action {index}: {exc}", index) from None
        try:
            state.apply(action)
        except IllegalActionError as exc:
            raise RecordError(f"action {index} ({jsonio.shown(raw, 100)}) is illegal: {exc}", index) from None
    _check_result(record, state)
    return game, state


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _variants(game: AnyGame, given: Any) -> tuple[str, ...]:
    ids = [v.id for v in game.variants]
    if not isinstance(given, dict) or set(given) != set(ids) or not all(isinstance(v, bool) for v in given.values()):
        shape = ", ".join(f'"{v}": true|false' for v in ids)
        raise RecordError(f"\"variants\" must be {{{shape}}}, not {jsonio.shown(given, 200)}")
    return tuple(v for v in ids if given[v])


def _check_result(record: dict[str, Any], state: AnyState) -> None:
    if "scores" not in record and "winners" not in record:
        return
    if not state.is_terminal():
        raise RecordError(
            f"the record has final scores but its {len(record['actions'])} actions do not finish the game"
        )
    totals = [b.total for b in state.scores()]
    if "scores" in record and record["scores"] != totals:
        raise RecordError(
            f"the record's scores {jsonio.shown(record['scores'], 200)} differ from the replay's {totals}"
        )
    winners = state.winners()
    if "winners" in record and record["winners"] != winners:
        raise RecordError(
            f"the record's winners {jsonio.shown(record['winners'], 200)} differ from the replay's {winners}"
        )
