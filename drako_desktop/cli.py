"""The `drako-desktop` command: the games and their command-line tools.

Bad input (arguments, card folders, kingdom files, saves, records) ends with a
one-line message on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Callable, Sequence

from . import __version__, jsonio
from .console import Failure, Output, OutputError, Writable, error_line, let_go_of_stdout
from .controller.review import MAX_DEPTH
from .data import CardDataError, YamlFile
from .interface import registry
from .interface.game import CommandError, Game
from .interface.registry import DEFAULT_GAME, Library, UnknownGameError, game_ids

EXIT_BAD_INPUT = 2


class UsageError(Exception):
    """Bad input from the command line: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]  # one line and status 2, like every other bad input
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message} (see --help)\n")

    def _print_message(self, message: str, file: Any = None) -> None:
        # argparse ignores a write that fails: --help or --version into a full disk would exit 0 having printed
        # nothing. To standard output, a failure is an OutputError like any command's.
        if message and file is not None and file is sys.stdout:
            out = Output(file)
            out.write(message)
            out.flush()
        else:
            super()._print_message(message, file)


def _count(most: int) -> Callable[[str], int]:
    """A whole number from 1 to `most`: a count of games, frames or sampled games (a count of a billion would
    only run for days)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number") from None
        if value < 1:
            raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
        if value > most:
            raise argparse.ArgumentTypeError(f"must be at most {most:,}, not {value:,}")
        return value

    return parse


def _seconds(text: str) -> float:
    from .ai.external import parse_timeout

    try:
        return parse_timeout(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 0 <= value < 2**63:
        raise argparse.ArgumentTypeError(f"must be between 0 and 2^63 - 1, not {value}")
    return value


def _game_option(command: argparse.ArgumentParser) -> None:
    command.add_argument("--game", choices=game_ids(), default=None,
                         help=f"which game (default {DEFAULT_GAME}, or the game of the --cards folder)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="drako-desktop",
        description="Drako: Aetherya Pocket and Draco Mundis on the desktop. With no command, opens the game.",
    )
    parser.add_argument("--version", action="version", version=f"drako-desktop {__version__}")
    parser.add_argument("--selftest", action="store_true",
                        help="open the app, draw the main menu and a table of every game for one frame each, exit 0")
    parser.add_argument(
        "--cards", metavar="DIR", type=Path, default=None,
        help="load a game's data from another folder (house rules); its game.yaml says which game it is; "
        "default: the bundled cards/<game-id>",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    for _, command in registry.commands().values():  # each game's own commands (Aetherya Pocket's `score`)
        command.arguments(sub.add_parser(command.name, help=command.help, description=command.description))

    sim = sub.add_parser(
        "simulate", help="play many games between computer agents and print statistics",
        description="Play complete games between built-in agents (seat i is played by the i-th agent; "
        "who starts rotates) and print wins, mean scores, decision times and speed.",
    )
    _game_option(sim)
    sim.add_argument("--players", type=_count(99), default=2, help="number of players (default 2)")
    sim.add_argument(
        "--agents", default="random",
        help="comma-separated agents, one per seat, or one for all: the game's levels (easy, medium, hard, expert), "
        "random, a benchmark yardstick (Draco Mundis: sampler), or exec:COMMAND for an external bot "
        "(docs/bot-protocol.md) (default random)",
    )
    sim.add_argument("--games", type=_count(1_000_000), default=100, help="number of games (default 100)")
    sim.add_argument("--seed", type=_seed, default=0, help="seed of the whole run (default 0)")
    sim.add_argument("--variants", default="", metavar="IDS",
                     help="comma-separated variants to switch on (Draco Mundis: fast_setup, sherpa_sacrifice, "
                     "dragon_trap)")
    sim.add_argument("--records", type=Path, default=None, metavar="FILE",
                     help="write every finished game's record to FILE, one JSON object per line")
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
    _game_option(play)
    play.add_argument("--seats", default=None, metavar="SEATS",
                      help="comma-separated seats, 2-4 of: human, ai:LEVEL (e.g. human,ai:hard)")
    play.add_argument("--seed", type=_seed, default=None, help="seed of the game (default: random)")
    play.add_argument("--first", type=int, default=1, help="the seat that starts, counted from 1 (default 1)")
    play.add_argument("--variants", default="", metavar="IDS", help="comma-separated variants to switch on")
    play.add_argument("--exit-at-end", action="store_true",
                      help="quit at the score sheet, printing the game's final result (scores, winners) as JSON")
    play.add_argument("--continue", dest="resume", action="store_true",
                      help="resume the most recent unfinished saved game (like Continue in the main menu)")
    play.add_argument("--no-save", action="store_true",
                      help="save nothing: the game, the statistics, the settings; without it, a game is not started "
                      "where it could not be saved (DRAKO_DESKTOP_HOME or the data folder cannot be written)")

    replay = sub.add_parser(
        "replay", help="print a saved game or a game record turn by turn with the scores",
        description="Replay a saved game (finished or not) or a game record through the rules and print it turn "
        "by turn, with everyone's score after each turn and the final scores. A bug report is reproduced this "
        "way: the save holds the seed and every chosen action.",
    )
    _game_option(replay)
    replay.add_argument("file", nargs="?", default=None, metavar="FILE",
                        help="a saved game: a .json file from the saves or history folder")
    replay.add_argument("--last", action="store_true", help="the most recently saved game instead of FILE")
    replay.add_argument("--record", type=Path, default=None, metavar="FILE",
                        help="a game record (one JSON object, or the first line of a .jsonl file, e.g. from "
                        "simulate --records) instead of a save")
    replay.add_argument("--json", action="store_true", help="print one JSON object instead of text")

    review = sub.add_parser(
        "review", help="the strongest level reviews one player's decisions of a saved game",
        description="Go through one player's decisions of a saved game (finished or not) with the strongest "
        "computer level, from that player's view at the time, and print for each the estimated final result of "
        "the move made and of the level's preferred move, then the accuracy, the biggest mistakes and what they "
        "missed. The same review as the game's Review screen.",
    )
    review.add_argument("file", nargs="?", default=None, metavar="FILE",
                        help="a saved game: a .json file from the saves or history folder")
    review.add_argument("--last", action="store_true", help="the most recently saved game instead of FILE")
    review.add_argument("--seat", type=int, default=None,
                        help="the seat to review, counted from 1 (default: the first person at the table)")
    review.add_argument("--depth", type=_count(MAX_DEPTH), default=None,
                        help="sampled games per decision (default 48; more is slower and steadier)")
    review.add_argument("--json", action="store_true", help="print one JSON object instead of text")

    view = sub.add_parser(
        "view", help="open the game viewer on a saved game or a game record",
        description="Open the game on the game viewer: a saved game (finished or not) or a game record (one JSON "
        "object, or the first line of a .jsonl file, e.g. from simulate --records), stepped through move by move "
        "with the log and the scores after each turn. Back goes to the main menu.",
    )
    view.add_argument("file", metavar="FILE", type=Path, help="a saved game or a game record")
    view.add_argument("--move", type=int, default=None, metavar="N",
                      help="show the game after its first N moves (default: the last)")

    bench = sub.add_parser(
        "bench-ui", help="time the table's frames in a computer-only game",
        description="Play a computer-only game with the most players through the real table at normal animation "
        "speed and print frame times (update + draw, without the wait for the next 60 Hz frame).",
    )
    _game_option(bench)
    bench.add_argument("--frames", type=_count(1_000_000), default=600, help="frames to play (default 600)")
    bench.add_argument("--level", default="random", help="the computer level of every seat (default random)")
    bench.add_argument("--size", default="1600x900", help="window size WxH (default 1600x900)")
    bench.add_argument("--joined", action="store_true",
                       help="the table of a seat joined over the network: a host on this computer plays the other "
                       "seats at --level and the joined seat plays at random (docs/network.md)")
    bench.add_argument("--json", action="store_true", help="print one JSON object")

    idle = sub.add_parser(
        "bench-idle", help="measure the CPU the app uses while nothing happens",
        description="Run the real app loop on the main menu, then on a table waiting for a person, for SECONDS "
        "each, and print the share of one CPU core used on each (process time over wall time).",
    )
    _game_option(idle)
    idle.add_argument("--seconds", type=float, default=10.0, help="seconds on each screen (default 10)")
    idle.add_argument("--size", default="1600x900", help="window size WxH (default 1600x900)")
    idle.add_argument("--json", action="store_true", help="print one JSON object")

    from .net.commands import add_commands  # host and join: playing across computers

    add_commands(sub, _game_option, _seconds, _seed)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    stdout = Output(sys.stdout)
    try:
        code = run(build_parser().parse_args(argv), stdout)
        stdout.flush()
        return code
    except Failure as exc:  # the output cannot be written (a full disk, closed), or play --exit-at-end failed
        if isinstance(exc, OutputError):
            let_go_of_stdout()
        if not (isinstance(exc, OutputError) and exc.broken_pipe):  # `replay --last | head`: it has seen enough
            error_line(str(exc))
        return exc.status
    except KeyboardInterrupt:
        return 130


def open_games(args: argparse.Namespace) -> tuple[Library, Game]:
    """The games this run can open and the one the command is about: `--game`, else the game of the
    `--cards` folder, else the default. A `--cards` folder replaces that game's bundled data."""
    library = Library()
    wanted = getattr(args, "game", None)
    if args.cards is not None:
        folder_game = data_folder_game(args.cards)
        if wanted is not None and wanted != folder_game:
            raise UsageError(f"--cards {args.cards} holds the data of {folder_game}, not of {wanted} (--game)")
        try:
            library.add(registry.load(folder_game, args.cards))
        except UnknownGameError as exc:
            raise UsageError(f"--cards {args.cards}: {exc}") from None
        wanted = folder_game
    return library, library[wanted or DEFAULT_GAME]


def data_folder_game(folder: Path) -> str:
    """The game a data folder is for, from its game.yaml `id` (CardDataError if it cannot be read)."""
    if not folder.is_dir():
        raise CardDataError(folder, "", "card folder not found")
    f = YamlFile(folder / "game.yaml")
    if not isinstance(f.root, dict) or "id" not in f.root:
        raise f.fail("id", "missing: a data folder's game.yaml names its game (id: aetherya-pocket, ...)")
    return f.choice(f.root["id"], "id", game_ids(), "game")


def run(args: argparse.Namespace, stdout: Writable) -> int:
    try:
        own = registry.commands().get(args.command)  # a command of one game: that game's, whatever --cards says
        if own is not None:
            args.game = own[0]
        library, game = open_games(args)
        if args.selftest:
            from .ui.launch import selftest

            return selftest(game, library)
        if own is not None:
            return own[1].run(game, args, sys.stdin, stdout)
        if args.command == "simulate":
            return cmd_simulate(game, args, stdout)
        if args.command == "bench-ui":
            return cmd_bench_ui(game, args, stdout)
        if args.command == "bench-idle":
            return cmd_bench_idle(game, args, stdout)
        if args.command == "replay":
            return cmd_replay(library, game, args, stdout)
        if args.command == "review":
            return cmd_review(library, args, stdout)
        if args.command == "view":
            return cmd_view(library, args)
        if args.command == "host":
            from .net.commands import run_host

            seats = parse_seats(game, args.seats, remote=True) if args.seats is not None else None
            return run_host(library, game, args, seats, parse_variants(game, args.variants), stdout, UsageError)
        if args.command == "join":
            from .net.commands import run_join

            return run_join(library, args, stdout, UsageError)
        return cmd_play(library, game, args, stdout)
    except (CardDataError, UsageError, CommandError) as exc:
        error_line(str(exc))
        return EXIT_BAD_INPUT


def parse_variants(game: Game, text: str) -> tuple[str, ...]:
    """`--variants a,b` as the game's variant ids (in the game's order); UsageError for an unknown one."""
    given = [v.strip() for v in text.split(",") if v.strip()]
    known = [v.id for v in game.variants]
    for n, variant in enumerate(given):
        if variant not in known:
            allowed = ", ".join(known) if known else "none"
            raise UsageError(f"--variants: {game.name} has no variant {variant[:40]!r} (known: {allowed})")
        if variant in given[:n]:
            raise UsageError(f"--variants: {variant} is named twice")
    return tuple(v for v in known if v in given)


def cmd_simulate(game: Game, args: argparse.Namespace, stdout: Writable) -> int:
    from .ai import AgentSpecError
    from .controller.runner import simulate

    if not game.min_players <= args.players <= game.max_players:
        raise UsageError(f"--players must be {game.min_players}-{game.max_players}, not {args.players}")
    specs = [s.strip() for s in args.agents.split(",")]
    if len(specs) == 1:
        specs *= args.players
    if len(specs) != args.players:
        raise UsageError(f"--agents names {len(specs)} agents for {args.players} players (give one, or one per seat)")
    variants = parse_variants(game, args.variants)
    records = None
    if args.records is not None:
        try:
            records = open(args.records, "w", encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"--records {args.records}: cannot be written ({exc.strerror or exc})") from None
    try:
        try:
            result = simulate(game, specs, args.games, args.seed, bot_timeout=args.bot_timeout, variants=variants,
                              records=records)
        finally:
            if records is not None:
                records.close()
    except AgentSpecError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:  # writing the records: a full disk, a file that takes nothing
        if records is None:
            raise
        raise UsageError(f"--records {args.records}: cannot be written ({exc.strerror or exc})") from None
    if args.json:
        stdout.write(json.dumps(result) + "\n")
        return 0
    stdout.write(
        f"{result['games']} games of {game.name}, {result['players']} players, seed {result['seed']}: "
        f"{result['games_per_second']} games/s, {result['mean_turns']} turns and {result['mean_actions']} actions "
        "per game\n"
    )
    stdout.write(f"{'seat':>4}  {'agent':<12} {'wins':>8} {'win%':>6} {'mean score':>10} "
                 f"{'mean ms':>8} {'median ms':>9} {'p99 ms':>8}\n")
    for s in result["seats"]:
        stdout.write(
            f"{s['seat']:>4}  {s['agent']:<12} {s['wins']:>8.2f} {100 * s['win_rate']:>5.1f}% {s['mean_score']:>10.2f} "
            f"{s['mean_decision_ms']:>8.3f} {s['median_decision_ms']:>9.3f} {s['p99_decision_ms']:>8.3f}\n"
        )
    return 0


def parse_seats(game: Game, text: str, remote: bool = False) -> tuple[Any, ...]:
    """`human,ai:LEVEL,...` as seats with default names (with `remote`, `remote` seats, played from other computers,
    instead of people at this screen); UsageError for anything else."""
    from .ai import REMOTE, agent_levels
    from .controller.game import COMPUTER, Seat
    from .i18n import tr

    levels = agent_levels(game)
    specs = [s.strip() for s in text.split(",")]
    if not game.min_players <= len(specs) <= game.max_players:
        raise UsageError(f"--seats names {len(specs)} seats; a game has {game.min_players}-{game.max_players}")
    computer_names = [n.strip() for n in tr("new_game.computer_names").split(",")]
    seats = []
    person = REMOTE if remote else "human"
    humans = sum(1 for spec in specs if spec == person)
    for i, spec in enumerate(specs):
        if spec == person:
            name = tr("new_game.default_you") if humans == 1 and not remote else tr("new_game.player_n", n=i + 1)
            seats.append(Seat(name, COMPUTER, REMOTE) if remote else Seat(name))
        elif spec.startswith("ai:") and spec[3:] in levels:
            seats.append(Seat(computer_names[i % len(computer_names)], COMPUTER, spec[3:]))
        else:
            known = ", ".join(f"ai:{lv}" for lv in levels)
            raise UsageError(f"--seats: unknown seat {spec[:40]!r} (known: {person}, {known})")
    return tuple(seats)


def cmd_play(library: Library, game: Game, args: argparse.Namespace, stdout: Writable) -> int:
    """The game: the main menu, or (play --seats) straight into a game."""
    import random

    from .controller.game import GameSetup
    from .i18n import detect_language, set_language
    from .logsetup import setup_logging
    from .saves import why_unsaved
    from .settings import Settings

    playing = args.command == "play"
    saving = not (playing and args.no_save)
    unsaved = why_unsaved() if saving else None
    if unsaved is not None and playing and (args.resume or args.seats is not None):
        raise UsageError(f"{unsaved}: the game would not be saved (play --no-save plays it all the same)")
    if unsaved is not None:  # the menu: said once here, and by the table of a game started there
        error_line(f"{unsaved}: games cannot be saved, and are played unsaved")
    # First: what happens on the way (a save set aside) goes to the log, not to the terminal too. A log that cannot
    # be written where games cannot be saved was just said.
    setup_logging(tell=unsaved is None)
    settings, note = Settings.load()
    set_language(settings.language or detect_language())  # the seats' default names in the player's language
    setup = resume = None
    if playing and args.resume:
        if args.seats is not None or args.seed is not None or args.first != 1 or args.variants:
            raise UsageError("--continue resumes a saved game: it takes no --seats, --seed, --first or --variants")
        resume = latest_game_to_continue(library)
    elif playing and args.seats is not None:
        seats = parse_seats(game, args.seats)
        if not 1 <= args.first <= len(seats):
            raise UsageError(f"--first must be a seat 1-{len(seats)}, not {args.first}")
        seed = args.seed if args.seed is not None else random.randrange(2**31)
        setup = GameSetup(seats, seed, args.first - 1, game.id, parse_variants(game, args.variants),
                          seed_chosen=args.seed is not None)
    elif playing and args.exit_at_end:
        raise UsageError("--exit-at-end needs --seats or --continue (the main menu never ends by itself)")
    elif playing and (args.seed is not None or args.first != 1 or args.variants):
        raise UsageError("--seed, --first and --variants need --seats (they describe a new game)")
    if setup is None and resume is None and args.cards is None and getattr(args, "game", None) is None \
            and settings.game:
        game = library[settings.game]  # the main menu opens on the game chosen last time
    from .ui.launch import run_app  # noqa: I001  (first: the ui package keeps pygame's banner off stdout)

    import pygame

    try:
        return run_app(game, settings, note, setup, exit_at_end=playing and args.exit_at_end, out=stdout,
                       resume=resume, library=library, persist=saving)
    except pygame.error as exc:  # no display, no video driver: nothing to play on
        raise UsageError(f"cannot open the game window: {exc}") from None


def latest_game_to_continue(library: Library) -> Any:
    """The most recent unfinished save for `play --continue`; the saves it cannot use are named
    (set aside, or left in place). Whether another copy of the app has it open is decided when the
    game is claimed (`App.resume_game`): a check made here first could be out of date a moment later."""
    from .saves import latest_unfinished

    game, listing = latest_unfinished(library)
    unusable = [str(problem) for problem in listing.problems + listing.kept]
    if game is None:
        raise UsageError("; ".join(["there is no unfinished game to continue", *unusable]))
    for problem in unusable:
        error_line(problem)
    return game


def cmd_replay(library: Library, game: Game, args: argparse.Namespace, stdout: Writable) -> int:
    """A saved game or a record turn by turn (text) or as one JSON object; a bad file is one line and exit 2."""
    from .replay import format_replay, load_for_replay, replay_game
    from .saves import SaveError

    if args.record is not None:
        if args.file is not None or args.last:
            raise UsageError("replay takes a saved game FILE, --last or --record FILE (one of them)")
        return replay_record_command(library, args, stdout)
    if args.last == (args.file is not None):
        raise UsageError("replay needs a saved game FILE, --last or --record FILE (one of them)")
    if args.file is not None and Path(args.file).is_dir():
        raise UsageError(f"{args.file}: is a folder, not a saved game")
    try:
        handle, saved = load_for_replay(library, args.file)
    except SaveError as exc:
        raise UsageError(str(exc)) from None
    result = replay_game(handle, saved)
    stdout.write((json.dumps(result, ensure_ascii=False) if args.json else format_replay(result)) + "\n")
    return 0


def replay_record_command(library: Library, args: argparse.Namespace, stdout: Writable) -> int:
    from .records import RecordError, read_record, replay_record
    from .replay import format_replay, record_as_saved, replay_game

    try:
        handle, state = replay_record(library, read_record(args.record))
    except RecordError as exc:
        raise UsageError(f"{args.record}: {exc}" if not str(exc).startswith(str(args.record)) else str(exc)) from None
    if args.json:
        result = {
            "scores": [b.total for b in state.scores()],
            "winners": state.winners() if state.is_terminal() else None,
            "breakdown": handle.score_reports(state),
        }
        stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
        return 0
    stdout.write(format_replay(replay_game(handle, record_as_saved(handle, state))) + "\n")
    return 0


def cmd_review(library: Library, args: argparse.Namespace, stdout: Writable) -> int:
    """One seat's decisions of a saved game, judged by the strongest level (text or one JSON object)."""
    from .controller.review import DEFAULT_DEPTH, ReviewUnavailableError, review_game, summarize
    from .replay import load_for_replay
    from .saves import SaveError

    if args.last == (args.file is not None):
        raise UsageError("review needs a saved game FILE or --last (one of them)")
    try:
        handle, saved = load_for_replay(library, args.file)
    except SaveError as exc:
        raise UsageError(str(exc)) from None
    setup = saved.setup
    if args.seat is None:
        seat = next((i for i, s in enumerate(setup.seats) if s.is_human), 0)
    elif 1 <= args.seat <= setup.players:
        seat = args.seat - 1
    else:
        raise UsageError(f"--seat must be a seat 1-{setup.players}, not {args.seat}")
    depth = args.depth or DEFAULT_DEPTH
    try:
        decisions = review_game(handle, setup.players, setup.seed, setup.first, setup.variants, saved.actions, seat,
                                depth=depth)
    except ReviewUnavailableError as exc:
        raise UsageError(str(exc)) from None
    summary = summarize(decisions)
    name = setup.seats[seat].name
    if args.json:
        result = {"game": handle.id, "game_id": saved.game_id, "seat": seat, "name": name, "depth": depth,
                  "decisions": [{**d.to_json(), "mistake": d.mistake} for d in decisions],
                  "summary": {**summary.to_json(), "mistake_count": sum(d.mistake for d in decisions)}}
        stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
        return 0
    stdout.write(f"Review of {name} (seat {seat + 1}) in game {saved.game_id} of {handle.id}, "
                 f"{depth} sampled games per decision\n")
    for d in decisions:
        mark = "  MISTAKE" if d.mistake else ""
        line = (f"turn {d.turn:>3}  played {jsonio.dumps(d.chosen)}: win {100 * d.chosen_outcome.win:.0f}%, "
                f"margin {d.chosen_outcome.margin:+.1f}")
        if d.best != d.chosen:
            line += (f"; best {jsonio.dumps(d.best)}: win {100 * d.best_outcome.win:.0f}%, "
                     f"margin {d.best_outcome.margin:+.1f}")
        stdout.write(line + mark + "\n")
    stdout.write(f"{summary.decisions} decisions, accuracy {summary.accuracy:.1f}%, "
                 f"{len([d for d in decisions if d.mistake])} mistakes\n")
    for d in summary.mistakes:
        missed = f" ({', '.join(d.missed)})" if d.missed else ""
        stdout.write(f"  turn {d.turn}: {100 * d.win_lost:.0f} points of winning chance and "
                     f"{d.margin_lost:.1f} points of margin lost{missed}\n")
    return 0


def game_to_view(library: Library, path: Path) -> Any:
    """A saved game, or a game record as one, for the viewer; UsageError naming the file if it is neither."""
    from .records import RecordError, read_record, replay_record
    from .replay import record_as_saved
    from .saves import FORMAT, MAX_BYTES, SaveError, read

    if path.is_dir():
        raise UsageError(f"{path}: is a folder, not a saved game or a record")
    try:
        is_save = jsonio.Fields(jsonio.read_file(path, MAX_BYTES))["format"].equals(FORMAT)
    except jsonio.JsonError:
        is_save = False  # maybe several JSON lines: a record file
    try:
        if is_save:
            return read(path, library)[0]
        handle, state = replay_record(library, read_record(path))
        return record_as_saved(handle, state)
    except (SaveError, RecordError) as exc:
        raise UsageError(f"{path}: {exc}" if not str(exc).startswith(str(path)) else str(exc)) from None


def cmd_view(library: Library, args: argparse.Namespace) -> int:
    """The app, on the game viewer of a saved game or a record (the main menu beneath it)."""
    saved = game_to_view(library, args.file)
    if args.move is not None and not 0 <= args.move <= len(saved.actions):
        raise UsageError(f"--move must be 0-{len(saved.actions)}, not {args.move}")
    from .settings import Settings  # noqa: I001  (the ui package before pygame: it keeps pygame's banner off stdout)
    from .ui.launch import run_app

    import pygame

    settings, note = Settings.load()
    try:
        return run_app(library[saved.setup.game], settings, note, library=library, view=(saved, args.move))
    except pygame.error as exc:
        raise UsageError(f"cannot open the game window: {exc}") from None


def cmd_bench_ui(game: Game, args: argparse.Namespace, stdout: Writable) -> int:
    from .ai import agent_levels

    if args.level not in agent_levels(game):
        raise UsageError(f"--level: unknown level {args.level!r} (known: {', '.join(agent_levels(game))})")
    from .ui.launch import bench_ui

    result = bench_ui(game, args.frames, args.level, window_size(args.size), args.joined)
    if args.json:
        stdout.write(json.dumps(result) + "\n")
    else:
        stdout.write(f"{result['frames']} frames: median {result['median_ms']} ms, p99 {result['p99_ms']} ms, "
                     f"max {result['max_ms']} ms (processor time: median {result['cpu_median_ms']} ms, "
                     f"p99 {result['cpu_p99_ms']} ms); after the first second: p99 {result['settled_p99_ms']} ms, "
                     f"max {result['settled_max_ms']} ms, {result['settled_over_50_ms']} frames over 50 ms "
                     f"(processor time p99 {result['settled_cpu_p99_ms']} ms, max {result['settled_cpu_max_ms']} ms); "
                     f"first frame {result['first_frame_ms']} ms; reached the scores: {result['reached_scores']}\n")
    return 0


def cmd_bench_idle(game: Game, args: argparse.Namespace, stdout: Writable) -> int:
    if not 0 < args.seconds <= 3600:
        raise UsageError(f"--seconds must be more than 0 and at most 3600, not {args.seconds}")
    from .ui.launch import bench_idle

    result = bench_idle(game, args.seconds, window_size(args.size))
    if args.json:
        stdout.write(json.dumps(result) + "\n")
    else:
        stdout.write(f"idle CPU over {args.seconds:g} s: main menu {100 * result['menu_cpu']:.1f}% of a core, "
                     f"table waiting for a person {100 * result['table_cpu']:.1f}%\n")
    return 0


def window_size(text: str) -> tuple[int, int]:
    """`--size WxH` as a window size the app allows (UsageError otherwise)."""
    from .settings import MAX_WINDOW, MIN_WINDOW

    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise UsageError(f"--size must look like 1600x900, not {text!r}") from None
    if not (MIN_WINDOW[0] <= width <= MAX_WINDOW[0] and MIN_WINDOW[1] <= height <= MAX_WINDOW[1]):
        raise UsageError(f"--size must be from {MIN_WINDOW[0]}x{MIN_WINDOW[1]} to {MAX_WINDOW[0]}x{MAX_WINDOW[1]}, "
                         f"not {text}")
    return width, height


if __name__ == "__main__":
    sys.exit(main())
