"""The command line's `host` and `join` (docs/network.md): their arguments, and running them."""

from __future__ import annotations

import argparse
import asyncio
import logging
import math
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from ..ai import agent_levels
from ..console import Writable
from ..logsetup import setup_logging
from .protocol import DEFAULT_PORT

log = logging.getLogger("drako_desktop.net")
MAX_AWAY = 86_400  # seconds: a day


def add_commands(sub: Any, game_option: Callable[[argparse.ArgumentParser], None],
                 seconds: Callable[[str], float], seed: Callable[[str], int]) -> None:
    host = sub.add_parser(
        "host", help="host a game for players on other computers, without a window",
        description="Open a table for players on other computers (docs/network.md): each remote seat gets an "
        "invitation, a line to send to its player, who joins with it. The game is saved like any other; the final "
        "result is printed as JSON. Joins, leaves and refusals are logged on standard error.",
    )
    game_option(host)
    host.add_argument("--seats", default=None, metavar="SEATS",
                      help="comma-separated seats, 2-4 of: remote (a player on another computer), ai:LEVEL")
    host.add_argument("--variants", default="", metavar="IDS", help="comma-separated variants to switch on")
    host.add_argument("--seed", type=seed, default=None,
                      help="play the game `simulate --seed N --games 1` plays (default: a random one)")
    host.add_argument("--port", type=_port, default=None,
                      help=f"the TCP port to listen on (default {DEFAULT_PORT}; 0: any free one)")
    host.add_argument("--bind", default=None, metavar="ADDR",
                      help="the address to listen on (default: every interface)")
    host.add_argument("--address", default=None, metavar="HOST",
                      help="the address the invitations name (default: --bind, or this computer's own address): "
                      "the router's public address for a forwarded port, or this computer's VPN address")
    host.add_argument("--invitations", type=Path, default=None, metavar="FILE",
                      help="also write the invitations to FILE, one line per remote seat")
    host.add_argument("--away-after", type=_away, default=None, metavar="SECONDS",
                      help="a remote seat that leaves a decision unanswered for SECONDS is played by --away-level "
                      "until its player is back (default: wait for them)")
    host.add_argument("--away-level", default=None, metavar="LEVEL",
                      help="the computer level that plays for an away seat (default medium)")
    host.add_argument("--exit-at-end", action="store_true",
                      help="quit once the game is over and every client has its end")
    host.add_argument("--continue", dest="resume", nargs="?", const="", default=None, metavar="GAME-ID",
                      help="continue a hosted game after a crash or a kill (default: the latest); the old "
                      "invitations work again")

    join = sub.add_parser(
        "join", help="join a hosted game's seat with an invitation, played by a computer level or a bot",
        description="Join the seat an invitation names (docs/network.md) and play it without a window, by a "
        "computer level or an exec: bot (docs/bot-protocol.md); a lost connection is tried again by itself. At "
        "the end the game goes into this computer's history and its result is printed as JSON.",
    )
    join.add_argument("invitation", metavar="INVITATION", help="the invitation (drako://...)")
    join.add_argument("--agent", default=None,
                      help="who plays the seat: a level of the game, random, or exec:COMMAND")
    join.add_argument("--seed", type=seed, default=None,
                      help="seed the agent as `simulate --seed N` seeds this seat's (default: a random seed)")
    join.add_argument("--bot-timeout", type=seconds, default=None, metavar="SECONDS",
                      help="how long an exec: bot may think per decision (default $DRAKO_BOT_TIMEOUT or 10)")


def _away(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0.1 <= value <= MAX_AWAY:
        raise argparse.ArgumentTypeError(f"must be a number of seconds from 0.1 to {MAX_AWAY:,}, not {text[:40]!r}")
    return value


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a port number") from None
    if not 0 <= value < 65536:
        raise argparse.ArgumentTypeError(f"a port is 0-65535, not {value}")
    return value


@contextmanager
def _logged_to_stderr() -> Iterator[None]:
    """Joins, leaves, refusals and the invitations on standard error while the command runs, besides the log file;
    the game's own lines (each action) only in the file."""
    setup_logging()
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%H:%M:%S"))
    handler.addFilter(lambda record: record.name.startswith(log.name) or record.levelno >= logging.WARNING)
    logger = logging.getLogger("drako_desktop")
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)


def run_host(library: Any, game: Any, args: argparse.Namespace, seats: tuple[Any, ...] | None,
             variants: tuple[str, ...], stdout: Writable, usage_error: Callable[[str], Exception]) -> int:
    """`host`, with the seats and variants as the command line read them and its way of saying bad input."""
    from ..ai import REMOTE
    from .host import Host, HostError, continued_table, new_table
    from .table import Table

    try:
        if args.resume is not None:
            if seats is not None or args.seed is not None or variants:
                raise usage_error("--continue takes a hosted game up again: it takes no --seats, --seed or --variants")
            handle, saved, hosting = continued_table(library, args.resume or None)
            changes = {name: value for name, value in (("port", args.port), ("bind", args.bind),
                                                       ("address", args.address), ("away_after", args.away_after),
                                                       ("away_level", args.away_level)) if value is not None}
            hosting = hosting.but(**changes)
        else:
            if seats is None:
                raise usage_error("host needs --seats (e.g. remote,remote,ai:hard) or --continue")
            if not any(seat.level == REMOTE for seat in seats):
                raise usage_error("--seats names no remote seat: a table with nobody on another computer needs no "
                                  "host (play or simulate it)")
            saved, hosting = new_table(game, seats, seed=args.seed, variants=variants, bind=args.bind or "",
                                       port=DEFAULT_PORT if args.port is None else args.port, address=args.address,
                                       away_after=args.away_after, away_level=args.away_level or "medium")
            handle = game
        if hosting.away_level not in agent_levels(handle):
            raise usage_error(f"--away-level: unknown level {hosting.away_level[:40]!r} "
                              f"(known: {', '.join(agent_levels(handle))})")
    except HostError as exc:
        raise usage_error(str(exc)) from None
    with _logged_to_stderr():
        table = Table(handle, saved, hosting)
        try:
            host = Host([table], exit_at_end=args.exit_at_end, invitations=args.invitations, out=stdout)
            return asyncio.run(host.run(signals=True))
        except OSError as exc:  # the port is taken, the address is not this computer's
            table.close()
            raise usage_error(f"cannot listen on {hosting.bind or 'every interface'} port {hosting.port}: "
                              f"{exc.strerror or exc}") from None


def run_join(library: Any, args: argparse.Namespace, stdout: Writable,
             usage_error: Callable[[str], Exception]) -> int:
    from .invitation import Invitation, InvitationError
    from .seat import play_seat

    if args.agent is None:
        raise usage_error("join needs --agent LEVEL, random or exec:COMMAND: without a window a computer plays the "
                          "seat")
    try:
        invitation = Invitation.parse(args.invitation)
    except InvitationError as exc:
        raise usage_error(str(exc)) from None
    if invitation.game not in library:
        raise usage_error(f"the invitation is for {invitation.game!r}, a game this copy does not have")
    game = library[invitation.game]
    if not (args.agent.startswith("exec:") or args.agent in agent_levels(game)):
        raise usage_error(f"--agent: {game.name} has no level {args.agent[:40]!r} "
                          f"(known: {', '.join(agent_levels(game))}, exec:COMMAND)")
    with _logged_to_stderr():
        return play_seat(invitation, library, args.agent, stdout, seed=args.seed, bot_timeout=args.bot_timeout)
