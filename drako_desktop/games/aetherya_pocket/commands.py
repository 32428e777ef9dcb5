"""Aetherya Pocket's own command line: `drako-desktop score`, which scores kingdoms given as JSON."""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from ... import jsonio
from ...interface.game import CommandError, GameCommand

MAX_SCORE_INPUT = 64_000_000  # bytes of kingdoms `score` reads (about half a million kingdoms)
MAX_SCORE_LINE = 1_000_000  # characters of a line of `score --jsonl` (its lines are as many as come)


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", default="-", metavar="FILE|-", help="JSON file, or - for stdin (default)")
    parser.add_argument("--jsonl", action="store_true", help="one object per input line, one result per output line")


def _score(game: Any, args: argparse.Namespace, stdin: TextIO | None, stdout: Any) -> int:
    if args.file == "-":
        if stdin is None:  # `<&-`: Python has no sys.stdin at all
            raise CommandError("cannot read standard input: it is closed")
        return _score_stream(game, args.jsonl, stdin, stdout, "standard input")
    try:
        with open(args.file, encoding="utf-8") as f:
            return _score_stream(game, args.jsonl, f, stdout, args.file)
    except OSError as exc:
        raise CommandError(f"cannot read {args.file}: {exc.strerror or exc}") from None


def _score_stream(game: Any, jsonl: bool, stream: TextIO, stdout: Any, name: str) -> int:
    """One kingdom, or (`jsonl`) one per line as it comes: a line is bounded, not the input (a stream of
    kingdoms may be as long as it likes)."""
    try:
        if not jsonl:
            text = stream.read(MAX_SCORE_INPUT + 1)
            if len(text) > MAX_SCORE_INPUT:
                raise CommandError(f"the input is larger than {MAX_SCORE_INPUT:,} characters")
            stdout.write(json.dumps(_score_one(game, text, "input")) + "\n")
            return 0
        number = 0
        while line := stream.readline(MAX_SCORE_LINE + 1):
            number += 1
            if len(line) > MAX_SCORE_LINE and not line.endswith("\n"):
                raise CommandError(f"line {number} is longer than {MAX_SCORE_LINE:,} characters")
            if line.strip():
                stdout.write(json.dumps(_score_one(game, line, f"line {number}")) + "\n")
        return 0
    except UnicodeDecodeError as exc:
        raise CommandError(f"cannot read {name}: {exc}") from None


def _score_one(game: Any, text: str, where: str) -> dict[str, Any]:
    try:
        obj = jsonio.loads(text, MAX_SCORE_INPUT)
    except jsonio.JsonError as exc:
        line = exc.values.get("line", 1)
        place = where if where.startswith("line") else f"line {line}"
        raise CommandError(f"{place}: bad JSON: {exc}") from None
    try:
        result: dict[str, Any] = game.score(obj)
    except ValueError as exc:
        place = where if where.startswith("line") else "line 1"
        raise CommandError(f"{place}: bad kingdom: {exc}") from None
    return result


SCORE = GameCommand(
    name="score",
    help="score Aetherya Pocket kingdoms given as JSON",
    description='Read {"kingdom": [[4 cells] x 4 rows], "legends": [ids]} (cells: a card type id, or null '
    "for face down) and print its score by category, total and the legends it could claim.",
    arguments=_arguments,
    run=_score,
)
