"""The `drako-desktop` command: the game and its command-line tools.

Bad input (arguments, card folders, kingdom files) ends with a one-line
message on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
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


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, not {text}")
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
    parser.add_argument("--selftest", action="store_true",
                        help="open the app, draw the main menu and a table for one frame each, exit 0")
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
    sim.add_argument(
        "--agents", default="random",
        help="comma-separated agents, one per seat, or one for all: random, easy, medium, hard, or exec:COMMAND "
        "for an external bot (docs/bot-protocol.md) (default random)",
    )
    sim.add_argument("--games", type=_positive, default=100, help="number of games (default 100)")
    sim.add_argument("--seed", type=_seed, default=0, help="seed of the whole run (default 0)")
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    sim.add_argument(
        "--bot-timeout", type=_seconds, default=None, metavar="SECONDS",
        help="how long an exec: bot may think per decision before a random move is played for it "
        "(default $DRAKO_BOT_TIMEOUT or 10)",
    )

    play = sub.add_parser(
        "play", help="open the game straight into a new game",
        description="Start a game with the given seats (no seats: the main menu). With only computer seats the "
        "game plays itself as a demo.",
    )
    play.add_argument("--seats", default=None, metavar="SEATS",
                      help="comma-separated seats, 2-4 of: human, ai:LEVEL (e.g. human,ai:hard)")
    play.add_argument("--seed", type=_seed, default=None, help="seed of the game (default: random)")
    play.add_argument("--first", type=int, default=1, help="the seat that starts, counted from 1 (default 1)")
    play.add_argument("--exit-at-end", action="store_true",
                      help="quit at the score sheet, printing the final kingdoms, legends, scores and winners as JSON")

    bench = sub.add_parser(
        "bench-ui", help="time the table's frames in a computer-only 4-player game",
        description="Play a computer-only 4-player game through the real table at normal animation speed and "
        "print frame times (update + draw, without the wait for the next 60 Hz frame).",
    )
    bench.add_argument("--frames", type=_positive, default=600, help="frames to play (default 600)")
    bench.add_argument("--level", default="random", help="the computer level of all four seats (default random)")
    bench.add_argument("--size", default="1600x900", help="window size WxH (default 1600x900)")
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        cards = load_cards(args.cards if args.cards is not None else resources.default_cards())
        rules = Rules(cards)
        if args.selftest:
            from .ui.launch import selftest

            return selftest(rules)
        if args.command == "score":
            return cmd_score(rules, args, sys.stdin, sys.stdout)
        if args.command == "simulate":
            return cmd_simulate(rules, args, sys.stdout)
        if args.command == "bench-ui":
            return cmd_bench_ui(rules, args, sys.stdout)
        return cmd_play(rules, args, sys.stdout)
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
    from .ai.external import TIMEOUT_ENV
    from .controller.runner import simulate

    cards = rules.cards
    if not cards.min_players <= args.players <= cards.max_players:
        raise UsageError(f"--players must be {cards.min_players}-{cards.max_players}, not {args.players}")
    specs = [s.strip() for s in args.agents.split(",")]
    if len(specs) == 1:
        specs *= args.players
    if len(specs) != args.players:
        raise UsageError(f"--agents names {len(specs)} agents for {args.players} players (give one, or one per seat)")
    if args.bot_timeout is not None:
        # simulate() builds the agents; exec bots read their default timeout from the environment.
        os.environ[TIMEOUT_ENV] = str(args.bot_timeout)
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


def parse_seats(rules: Rules, text: str) -> tuple:
    """`human,ai:LEVEL,...` as seats with default names; UsageError for anything else."""
    from .ai import AGENT_LEVELS
    from .controller.game import COMPUTER, Seat
    from .i18n import tr

    cards = rules.cards
    specs = [s.strip() for s in text.split(",")]
    if not cards.min_players <= len(specs) <= cards.max_players:
        raise UsageError(f"--seats names {len(specs)} seats; a game has {cards.min_players}-{cards.max_players}")
    computer_names = [n.strip() for n in tr("new_game.computer_names").split(",")]
    seats = []
    humans = sum(1 for spec in specs if spec == "human")
    for i, spec in enumerate(specs):
        if spec == "human":
            name = tr("new_game.default_you") if humans == 1 else tr("new_game.player_n", n=i + 1)
            seats.append(Seat(name))
        elif spec.startswith("ai:") and spec[3:] in AGENT_LEVELS:
            seats.append(Seat(computer_names[i % len(computer_names)], COMPUTER, spec[3:]))
        else:
            levels = ", ".join(f"ai:{lv}" for lv in AGENT_LEVELS)
            raise UsageError(f"--seats: unknown seat {spec!r} (known: human, {levels})")
    return tuple(seats)


def cmd_play(rules: Rules, args: argparse.Namespace, stdout: TextIO) -> int:
    """The game: the main menu, or (play --seats) straight into a game."""
    import random

    from .controller.game import GameSetup
    from .settings import Settings

    settings, note = Settings.load()
    setup = None
    if args.command == "play" and args.seats:
        seats = parse_seats(rules, args.seats)
        if not 1 <= args.first <= len(seats):
            raise UsageError(f"--first must be a seat 1-{len(seats)}, not {args.first}")
        seed = args.seed if args.seed is not None else random.randrange(2**31)
        setup = GameSetup(seats, seed, args.first - 1)
    elif args.command == "play" and args.exit_at_end:
        raise UsageError("--exit-at-end needs --seats (the main menu never ends by itself)")
    from .ui.launch import run_app

    return run_app(rules, settings, note, setup, exit_at_end=args.command == "play" and args.exit_at_end, out=stdout)


def cmd_bench_ui(rules: Rules, args: argparse.Namespace, stdout: TextIO) -> int:
    from .ai import AGENT_LEVELS

    if args.level not in AGENT_LEVELS:
        raise UsageError(f"--level: unknown level {args.level!r} (known: {', '.join(AGENT_LEVELS)})")
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        raise UsageError(f"--size must look like 1600x900, not {args.size!r}") from None
    from .ui.launch import bench_ui

    result = bench_ui(rules, args.frames, args.level, (width, height))
    if args.json:
        stdout.write(json.dumps(result) + "\n")
    else:
        stdout.write(f"{result['frames']} frames: median {result['median_ms']} ms, p99 {result['p99_ms']} ms, "
                     f"max {result['max_ms']} ms, reached the scores: {result['reached_scores']}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
