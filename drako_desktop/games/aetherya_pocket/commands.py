"""Aetherya Pocket's own command line: `drako-desktop score`, which scores kingdoms given as JSON."""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from ... import jsonio
from ..base import CommandError, GameCommand

MAX_SCORE_INPUT = 64_000_000  # bytes of kingdoms `score` reads (about half a million kingdoms)


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", default="-", metavar="FILE|-", help="JSON file, or - for stdin (default)")
    parser.add_argument("--jsonl", action="store_true", help="one object per input line, one result per output line")


def _score(game: Any, args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    if args.file == "-":
        text = stdin.read(MAX_SCORE_INPUT + 1)
    else:
        try:
            with open(args.file, encoding="utf-8") as f:
                text = f.read(MAX_SCORE_INPUT + 1)
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"cannot read {args.file}: {exc.strerror if isinstance(exc, OSError) else exc}") \
                from None
    if len(text) > MAX_SCORE_INPUT:
        raise CommandError(f"the input is larger than {MAX_SCORE_INPUT:,} characters")
    if args.jsonl:
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                stdout.write(json.dumps(_score_one(game, line, f"line {number}")) + "\n")
        return 0
    stdout.write(json.dumps(_score_one(game, text, "input")) + "\n")
    return 0


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
