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
    play.add_argument("--continue", dest="resume", action="store_true",
                      help="resume the most recent unfinished saved game (like Continue in the main menu)")

    replay = sub.add_parser(
        "replay", help="print a saved game turn by turn with the scores",
        description="Replay a saved game (finished or not) through the rules and print it turn by turn, with "
        "everyone's score after each turn and the final scores. A bug report is reproduced this way: the save "
        "holds the seed and every chosen action.",
    )
    replay.add_argument("file", nargs="?", default=None, metavar="FILE",
                        help="a saved game: a .json file from the saves or history folder")
    replay.add_argument("--last", action="store_true", help="the most recently saved game instead of FILE")
    replay.add_argument("--json", action="store_true", help="print one JSON object instead of text")

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
        return run(args)
    except BrokenPipeError:  # `drako-desktop replay --last | head`: the reader has seen enough
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        return 130


def run(args: argparse.Namespace) -> int:
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
        if args.command == "replay":
            return cmd_replay(rules, args, sys.stdout)
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
        result = simulate(rules, specs, args.games, args.seed, bot_timeout=args.bot_timeout)
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

    setup = resume = None
    playing = args.command == "play"
    if playing and args.resume:
        if args.seats is not None or args.seed is not None or args.first != 1:
            raise UsageError("--continue resumes a saved game: it takes no --seats, --seed or --first")
        resume = latest_game_to_continue(rules)
    elif playing and args.seats is not None:
        seats = parse_seats(rules, args.seats)
        if not 1 <= args.first <= len(seats):
            raise UsageError(f"--first must be a seat 1-{len(seats)}, not {args.first}")
        seed = args.seed if args.seed is not None else random.randrange(2**31)
        setup = GameSetup(seats, seed, args.first - 1)
    elif playing and args.exit_at_end:
        raise UsageError("--exit-at-end needs --seats or --continue (the main menu never ends by itself)")
    elif playing and (args.seed is not None or args.first != 1):
        raise UsageError("--seed and --first need --seats (they describe a new game)")
    settings, note = Settings.load()
    from .ui.launch import run_app  # first: the ui package keeps pygame's banner off stdout

    import pygame

    try:
        return run_app(rules, settings, note, setup, exit_at_end=playing and args.exit_at_end, out=stdout,
                       resume=resume)
    except pygame.error as exc:  # no display, no video driver: nothing to play on
        raise UsageError(f"cannot open the game window: {exc}") from None


def latest_game_to_continue(rules: Rules):
    """The most recent unfinished save for `play --continue`; unusable files are set aside and named."""
    from .saves import latest_unfinished

    game, problems = latest_unfinished(rules)
    for problem in problems:
        print(f"drako-desktop: set aside an unusable save: {problem}", file=sys.stderr)
    if game is None:
        raise UsageError("there is no unfinished game to continue")
    return game


def cmd_replay(rules: Rules, args: argparse.Namespace, stdout: TextIO) -> int:
    """A saved game turn by turn (text) or as one JSON object; a bad file is one line and exit 2."""
    from .replay import format_replay, load_for_replay, replay_game
    from .saves import SaveError

    if args.last == (args.file is not None):
        raise UsageError("replay needs a saved game FILE or --last (one of them)")
    if args.file is not None and Path(args.file).is_dir():
        raise UsageError(f"{args.file}: is a folder, not a saved game")
    try:
        game = load_for_replay(rules, args.file)
    except SaveError as exc:
        raise UsageError(str(exc)) from None
    result = replay_game(rules, game)
    stdout.write((json.dumps(result, ensure_ascii=False) if args.json else format_replay(result)) + "\n")
    return 0


def cmd_bench_ui(rules: Rules, args: argparse.Namespace, stdout: TextIO) -> int:
    from .ai import AGENT_LEVELS

    if args.level not in AGENT_LEVELS:
        raise UsageError(f"--level: unknown level {args.level!r} (known: {', '.join(AGENT_LEVELS)})")
    from .settings import MAX_WINDOW, MIN_WINDOW

    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        raise UsageError(f"--size must look like 1600x900, not {args.size!r}") from None
    if not (MIN_WINDOW[0] <= width <= MAX_WINDOW[0] and MIN_WINDOW[1] <= height <= MAX_WINDOW[1]):
        raise UsageError(f"--size must be from {MIN_WINDOW[0]}x{MIN_WINDOW[1]} to {MAX_WINDOW[0]}x{MAX_WINDOW[1]}, "
                         f"not {args.size}")
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
