"""The `drako-desktop` command: the game and its command-line tools.

Bad input (arguments, card folders, kingdom files) ends with a one-line
message on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Sequence, TextIO

from . import __version__, resources
from .data import CardDataError, load_cards
from .engine import Rules
from .engine.report import KingdomFormatError, parse_kingdom, score_report

EXIT_BAD_INPUT = 2


class UsageError(Exception):
    """Bad input from the command line: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line and status 2, like every other bad input
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message} (see --help)\n")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 0 <= value < 2**63:
        raise argparse.ArgumentTypeError(f"must be between 0 and 2^63 - 1, not {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="drako-desktop",
        description="Drako: Aetherya Pocket on the desktop. With no command, opens the game.",
    )
    parser.add_argument("--version", action="version", version=f"drako-desktop {__version__}")
    parser.add_argument(
        "--cards", metavar="DIR", type=Path, default=None,
        help="load the card data from another folder (house rules); default: the bundled cards/aetherya-pocket",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    score = sub.add_parser(
        "score", help="score kingdoms given as JSON",
        description='Read {"kingdom": [[4 cells] x 4 rows], "legends": [ids]} (cells: a card type id, or null '
        "for face down) and print its score by category, total and the legends it could claim.",
    )
    score.add_argument("file", nargs="?", default="-", metavar="FILE|-", help="JSON file, or - for stdin (default)")
    score.add_argument("--jsonl", action="store_true", help="one object per input line, one result per output line")

    sim = sub.add_parser(
        "simulate", help="play many games between computer agents and print statistics",
        description="Play complete games between built-in agents (seat i is played by the i-th agent; "
        "who starts rotates) and print wins, mean scores, decision times and speed.",
    )
    sim.add_argument("--players", type=_positive, default=2, help="number of players (default 2)")
    sim.add_argument("--agents", default="random", help="comma-separated agents, one per seat, or one for all (default random)")
    sim.add_argument("--games", type=_positive, default=100, help="number of games (default 100)")
    sim.add_argument("--seed", type=_seed, default=0, help="seed of the whole run (default 0)")
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        cards = load_cards(args.cards if args.cards is not None else resources.default_cards())
        rules = Rules(cards)
        if args.command == "score":
            return cmd_score(rules, args, sys.stdin, sys.stdout)
        if args.command == "simulate":
            return cmd_simulate(rules, args, sys.stdout)
        return cmd_play_text(rules)
    except (CardDataError, UsageError) as exc:
        print(f"drako-desktop: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT


def cmd_score(rules: Rules, args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    if args.file == "-":
        text = stdin.read()
    else:
        try:
            text = Path(args.file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise UsageError(f"cannot read {args.file}: {exc.strerror if isinstance(exc, OSError) else exc}") from None
    if args.jsonl:
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                stdout.write(json.dumps(_score_one(rules, line, f"line {number}")) + "\n")
        return 0
    stdout.write(json.dumps(_score_one(rules, text, "input")) + "\n")
    return 0


def _score_one(rules: Rules, text: str, where: str) -> dict:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        place = where if where.startswith("line") else f"line {exc.lineno}"
        raise UsageError(f"{place}: bad JSON: {exc.msg} (column {exc.colno})") from None
    try:
        kingdom, legends = parse_kingdom(rules, obj)
    except KingdomFormatError as exc:
        place = where if where.startswith("line") else "line 1"
        raise UsageError(f"{place}: bad kingdom: {exc}") from None
    return score_report(rules, kingdom, legends)


def cmd_simulate(rules: Rules, args: argparse.Namespace, stdout: TextIO) -> int:
    from .ai import AgentSpecError
    from .controller.runner import simulate

    cards = rules.cards
    if not cards.min_players <= args.players <= cards.max_players:
        raise UsageError(f"--players must be {cards.min_players}-{cards.max_players}, not {args.players}")
    specs = [s.strip() for s in args.agents.split(",")]
    if len(specs) == 1:
        specs *= args.players
    if len(specs) != args.players:
        raise UsageError(f"--agents names {len(specs)} agents for {args.players} players (give one, or one per seat)")
    try:
        result = simulate(rules, specs, args.games, args.seed)
    except AgentSpecError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        stdout.write(json.dumps(result) + "\n")
        return 0
    stdout.write(
        f"{result['games']} games, {result['players']} players, seed {result['seed']}: "
        f"{result['games_per_second']} games/s, {result['mean_turns']} turns per game\n"
    )
    stdout.write(f"{'seat':>4}  {'agent':<12} {'wins':>8} {'win%':>6} {'mean score':>10} {'mean ms':>8} {'median ms':>9} {'p99 ms':>8}\n")
    for s in result["seats"]:
        stdout.write(
            f"{s['seat']:>4}  {s['agent']:<12} {s['wins']:>8.2f} {100 * s['win_rate']:>5.1f}% {s['mean_score']:>10.2f} "
            f"{s['mean_decision_ms']:>8.3f} {s['median_decision_ms']:>9.3f} {s['p99_decision_ms']:>8.3f}\n"
        )
    return 0


def cmd_play_text(rules: Rules) -> int:
    """Until the table exists: a text summary of one simulated game."""
    from .controller.runner import simulate

    result = simulate(rules, ["random", "random"], 1, 0)
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
