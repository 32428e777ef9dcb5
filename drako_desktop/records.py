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
from .interface.game import ActionFormatError, AnyGame, AnyState, IllegalActionError

MAX_BYTES = 4_000_000  # a long game's record is tens of kilobytes
MAX_ACTIONS = 20_000
MAX_SCORE = 10**6  # points a record may say a player scored: far more than any game gives


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
    the first action (by index from 0) that is malformed or illegal, the field that is not what a record has
    there, or the scores that disagree."""
    try:
        return _replay(library, jsonio.Fields(record))
    except jsonio.JsonError as exc:  # no object, or a field missing, of the wrong type or out of bounds
        raise RecordError(f"a game record {exc}" if exc.reason == "not_an_object" else str(exc)) from None


def _replay(library: Mapping[str, AnyGame], fields: jsonio.Fields) -> tuple[AnyGame, AnyState]:
    game = library[fields["game"].choice(list(library))]
    required = {"game", "players", "first", "variants", "actions"} | ({"seed"} if game.seeded else set())
    allowed = required | {"scores", "winners", "seed"}
    missing, unknown = required - fields.keys(), fields.keys() - allowed
    if missing or unknown:
        detail = "; ".join(part for part in (
            f"missing {', '.join(sorted(missing))}" if missing else "",
            f"unknown {', '.join(sorted(unknown))}" if unknown else "") if part)
        raise RecordError(f"a {game.id} record has the keys {', '.join(sorted(required))}: {detail}")
    players = fields["players"].integer(game.min_players, game.max_players)
    first = fields["first"].integer(0, players - 1)
    seed = fields.get("seed", 0).integer(0, 2**63 - 1)
    variants = _variants(game, fields["variants"])
    state = game.new_state(players, seed, first, variants)
    for index, raw in enumerate(fields["actions"].list(MAX_ACTIONS)):
        try:
            action = game.action_from_json(raw.value)  # an action is read by its game (its notation)
        except ActionFormatError as exc:
            raise RecordError(f"action {index}: {exc}", index) from None
        try:
            state.apply(action)
        except IllegalActionError as exc:
            raise RecordError(f"action {index} ({jsonio.shown(raw.value, 100)}) is illegal: {exc}", index) from None
    _check_result(fields, state)
    return game, state


def _variants(game: AnyGame, field: jsonio.Field) -> tuple[str, ...]:
    """Every variant of the game, each said to be on or off."""
    ids = [v.id for v in game.variants]
    given = field.object()
    if given.keys() != set(ids):
        shape = ", ".join(f'"{v}": true|false' for v in ids)
        raise RecordError(f"\"variants\" must be {{{shape}}}, not {jsonio.shown(given.data, 200)}")
    return tuple(v for v in ids if given[v].boolean())


def _check_result(fields: jsonio.Fields, state: AnyState) -> None:
    if not ({"scores", "winners"} & fields.keys()):
        return
    if not state.is_terminal():
        raise RecordError(
            f"the record has final scores but its {len(state.history)} actions do not finish the game"
        )
    totals = [b.total for b in state.scores()]
    seats = range(state.players)
    if "scores" in fields.keys() and [f.integer(-MAX_SCORE, MAX_SCORE) for f in fields["scores"].list(len(seats))] \
            != totals:
        raise RecordError(
            f"the record's scores {jsonio.shown(fields['scores'].value, 200)} differ from the replay's {totals}"
        )
    winners = state.winners()
    if "winners" in fields.keys() and [f.integer(0, len(seats) - 1) for f in fields["winners"].list(len(seats))] \
            != winners:
        raise RecordError(
            f"the record's winners {jsonio.shown(fields['winners'].value, 200)} differ from the replay's {winners}"
        )
