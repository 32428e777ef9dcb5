"""The network's figures (`make bench-net`), on loopback, against their targets; nothing here is a test.

1. latency: a `drako-desktop host` process with four remote seats, played by four clients of this process that
   answer at once; for each move, the time from its player sending it to every other client having it (median and
   p99; target p99 under 50 ms).
2. idle: the host's processor time and memory while three clients are connected and nobody plays (target under 2%
   of a core).
3. tables: one host process serving more and more tables at once (three clients each, each table moving about
   every `--think` seconds), until the p99 of that latency passes 100 ms: how many tables it serves under it.
4. soak: a whole Draco Mundis game of four `join` processes through faults: 100 connection cuts at random moments, a
   client killed (SIGKILL) and started again with its invitation, the host killed (SIGKILL) and continued, a client
   that never answers (the away level plays for it), a client that floods. It must finish, every client with the
   host's result and record, and no process may be left behind.

Usage: python tools/bench_net.py [--only latency,idle,tables,soak] [--seconds S] [--think S] [--max-tables N]
       python tools/bench_net.py serve GAME TABLES INVITATIONS   (the host of part 3: several tables, one process)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from net_faults import die_with_parent, hello, opened, rules  # noqa: E402

from drako_desktop.interface.registry import Library  # noqa: E402
from drako_desktop.net.invitation import Invitation  # noqa: E402
from drako_desktop.net.protocol import encode  # noqa: E402

LOOPBACK = "127.0.0.1"
MOVES = 400  # moves measured for a latency (the p99 of fewer says little)
EVENTS = re.compile(r'\{"type":"events","n":(\d+),"seat":(-?\d+)')
DECIDE = re.compile(r'"decision":(\d+)')
TICKS = os.sysconf("SC_CLK_TCK")


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "drako_desktop", *args]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else float("nan")


class Moves:
    """When each move was sent and when each client had it (one clock: this process's)."""

    def __init__(self) -> None:
        self.sent: dict[tuple[int, int], float] = {}  # (table, move number) -> when its player sent it
        self.had: dict[tuple[int, int], dict[int, float]] = {}  # (table, move number) -> seat -> when it arrived
        self.by: dict[tuple[int, int], int] = {}

    def latencies(self, seats: int) -> list[float]:
        """Per move sent by a client: until the last of the other clients had it, in milliseconds."""
        found = []
        for key, sent in self.sent.items():
            had = self.had.get(key, {})
            others = [t for seat, t in had.items() if seat != self.by.get(key)]
            if len(others) == seats - 1:
                found.append((max(others) - sent) * 1000)
        return found


async def player(table: int, invitation: Invitation, moves: Moves, think: float, rng: random.Random,
                 answer: bool = True, joined: asyncio.Event | None = None) -> None:
    """A client of the bench: it answers each question with the first legal action after `think` seconds (on
    average), and notes when each move arrives."""
    async with await opened(invitation) as websocket:
        await websocket.send(hello(invitation, RULES))
        async for frame in websocket:
            now = time.perf_counter()
            assert isinstance(frame, str)
            if (found := EVENTS.match(frame)) is not None:
                moves.had.setdefault((table, int(found[1])), {})[invitation.seat] = now
            elif frame.startswith('{"type":"welcome"') and joined is not None:
                joined.set()
            elif frame.startswith('{"type":"decide"') and answer:
                decision = int(DECIDE.search(frame)[1])  # type: ignore[index]
                if think:
                    await asyncio.sleep(rng.expovariate(1 / think))
                key = (table, decision + 1)
                moves.by[key] = invitation.seat
                moves.sent[key] = time.perf_counter()
                await websocket.send(encode({"type": "action", "decision": decision, "choice": 0}))
            elif frame.startswith('{"type":"end"'):
                return


class HostProcess:
    def __init__(self, args: list[str], home: Path) -> None:
        self.invitations = home / "invitations.txt"
        env = {**os.environ, "DRAKO_DESKTOP_HOME": str(home)}
        self.log = open(home / "host.log", "w+", encoding="utf-8")
        self.process = subprocess.Popen(args + [str(self.invitations)], stdout=subprocess.DEVNULL, stderr=self.log,
                                        env=env, preexec_fn=die_with_parent)
        deadline = time.monotonic() + 60
        while not (self.invitations.exists() and self.invitations.read_text().count("\n") > 0):
            if time.monotonic() > deadline or self.process.poll() is not None:
                self.stop()
                raise RuntimeError(f"the host did not start: {(home / 'host.log').read_text()[-500:]}")
            time.sleep(0.05)

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS

    def rss_mib(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def lines(path: Path) -> list[Invitation]:
    return [Invitation.parse(line) for line in path.read_text().splitlines()]


def host_args(game: str, seats: int) -> list[str]:
    return command("host", "--game", game, "--seats", ",".join(["remote"] * seats), "--bind", LOOPBACK, "--port",
                   "0", "--invitations")


def latency(seconds: float) -> None:
    values, _ = played(host_args("draco-mundis", 4), 4, seconds, 0.0)
    print(f"latency, one move to the three other clients (Draco Mundis, 4 remote seats answering at once, "
          f"{len(values)} moves): median {statistics.median(values):.1f} ms, p99 {percentile(values, 0.99):.1f} ms "
          f"(target p99 under 50 ms: {'met' if percentile(values, 0.99) < 50 else 'MISSED'})")


def idle(seconds: float) -> None:
    with tempfile.TemporaryDirectory() as home:
        host = HostProcess(host_args("draco-mundis", 3), Path(home))
        try:
            async def wait() -> tuple[float, float]:
                joined = [asyncio.Event() for _ in range(3)]
                seats = [asyncio.create_task(player(0, invitation, Moves(), 0.0, random.Random(), answer=False,
                                                    joined=joined[invitation.seat]))
                         for invitation in lines(host.invitations)]
                for event in joined:
                    await event.wait()
                await asyncio.sleep(1.0)  # the welcome's work done
                cpu, start = host.cpu_seconds(), time.monotonic()
                await asyncio.sleep(seconds)
                share = (host.cpu_seconds() - cpu) / (time.monotonic() - start)
                for task in seats:
                    task.cancel()
                return share, host.rss_mib()

            share, rss = asyncio.run(wait())
        finally:
            host.stop()
    print(f"idle host, 3 clients connected and waited for ({seconds:g} s): {100 * share:.2f}% of a core, "
          f"{rss:.0f} MiB resident (target under 2%: {'met' if share < 0.02 else 'MISSED'})")


def tables(seconds: float, think: float, most: int) -> None:
    best, count, per_table = 0, 1, 0.0
    while count <= most:
        values, share = played([sys.executable, __file__, "serve", "draco-mundis", str(count)], 3, seconds, think)
        p99 = percentile(values, 0.99)
        per_table = share / count
        print(f"  {count:>3} tables ({3 * count} clients, each table moving every {think:g} s): {len(values)} moves, "
              f"median {statistics.median(values):.1f} ms, p99 {p99:.1f} ms, host {100 * share:.0f}% of a core")
        if not p99 < 100:
            break
        best = count
        count *= 2
    print(f"tables one host serves with the p99 under 100 ms: {best}" + (" (at least: no more were tried)"
                                                                          if best * 2 > most else ""))
    if per_table > 0:
        print(f"  (the host's processor time: {100 * per_table:.1f}% of a core per table at this pace, so a core is "
              f"full at about {1 / per_table:.0f} tables)")


def played(command: list[str], seats: int, seconds: float, think: float,
           enough: int = MOVES) -> tuple[list[float], float]:
    """The host `command` started, its tables of `seats` remote seats each played by this process's clients (a move
    every `think` seconds on average, 0: at once) until `enough` moves or `seconds`: the latencies, and the host's
    share of a core."""
    with tempfile.TemporaryDirectory() as home:
        host = HostProcess(command, Path(home))
        moves = Moves()
        try:
            invitations = lines(host.invitations)
            numbers = {game_id: n for n, game_id in enumerate(dict.fromkeys(i.game_id for i in invitations))}
            cpu = host.cpu_seconds()

            async def play() -> None:
                clients = [asyncio.create_task(player(numbers[i.game_id], i, moves, think, random.Random(n)))
                           for n, i in enumerate(invitations)]
                deadline = time.monotonic() + seconds
                while len(moves.sent) < enough and time.monotonic() < deadline and not all(c.done() for c in clients):
                    await asyncio.sleep(0.1)
                for client in clients:
                    client.cancel()
                await asyncio.gather(*clients, return_exceptions=True)

            started = time.monotonic()
            asyncio.run(play())
            share = (host.cpu_seconds() - cpu) / (time.monotonic() - started)
        finally:
            host.stop()
    return moves.latencies(seats), share


def serve(game_id: str, count: int, invitations: str) -> int:
    """Part 3's host: `count` tables of three remote seats in one process."""
    from drako_desktop.controller.game import COMPUTER, Seat
    from drako_desktop.net.host import Host, new_table
    from drako_desktop.net.table import Table

    game = Library()[game_id]
    hosted = []
    for _ in range(count):
        seats = tuple(Seat(f"Seat {i + 1}", COMPUTER, "remote") for i in range(3))
        saved, hosting = new_table(game, seats, seed=None, variants=(), bind=LOOPBACK, port=0, address=LOOPBACK,
                                   away_after=None, away_level="random")
        hosted.append(Table(game, saved, hosting))
    return asyncio.run(Host(hosted, exit_at_end=False, invitations=Path(invitations),
                            max_per_address=10_000, max_connections=10_000).run(signals=True))


def soak(cuts: int) -> None:
    """Part 4: a whole game through every fault at once; what it says is a verdict, not a figure."""
    from net_faults import CuttingProxy, Program, loop_thread

    from drako_desktop.saves import read

    started = time.monotonic()
    with tempfile.TemporaryDirectory() as folder, loop_thread() as loop:
        home = Path(folder)
        programs: list[Program] = []
        over, made = threading.Event(), [0]  # the game is over (the cuts stop); how many cuts were made
        try:
            host = Program(home / "host", "host", "--game", "draco-mundis", "--seats", "remote,remote,remote,remote",
                           "--bind", LOOPBACK, "--port", "0", "--invitations", str(home / "invitations.txt"),
                           "--exit-at-end", "--away-after", "3", "--away-level", "random")
            programs.append(host)
            host.wait_for("listens on port")
            invitations = lines(home / "invitations.txt")
            proxy = CuttingProxy(loop, invitations[0].port)

            def join(seat: int, run: int = 1) -> Program:
                invitation = proxy.invitation(invitations[seat]) if seat < 2 else invitations[seat]
                program = Program(home / f"seat{seat + 1}-{run}", "join", str(invitation), "--agent", "random")
                programs.append(program)
                return program

            joins = [join(0), join(1), join(2)]
            silent = loop.run(_silent(invitations[3]))  # connected, never answers: the away level plays for it
            host.wait_for("did not answer")
            flooded = loop.run(_flood(invitations[3]))  # takes the seat over from the silent one, and floods
            joins.append(join(3))
            cutter = threading.Thread(target=_cut, args=(proxy, cuts, over, made), daemon=True)
            cutter.start()
            _played(host, 50)
            joins[2].kill()
            joins[2] = join(2, 2)  # the killed client, started again with its invitation
            _played(host, 100)
            host.kill()
            again = Program(home / "host", "host", "--continue", invitations[0].game_id, "--exit-at-end")
            programs.append(again)
            again.wait_for("the game is over")
            over.set()  # no more cuts: every client comes back for the end
            cutter.join(WAIT_SOAK)
            status, printed = again.finish(WAIT_SOAK)
            results = [program.finish(WAIT_SOAK) for program in joins]
            loop.run(_close(silent))
            finished = status == 0 and all(code == 0 for code, _ in results)
            same = finished and all(json.loads(out) == json.loads(printed) for _, out in results)
            library = Library()
            _, state = read(home / "host" / "data" / "history" / f"{invitations[0].game_id}.json", library)
            record = library["draco-mundis"].record(state)
            kept = [read(path, library)[1] for program in joins
                    for path in (program.home / "data" / "history").glob("*.json")]
            no_desync = len(kept) == 4 and all(library["draco-mundis"].record(s) == record for s in kept)
        finally:
            over.set()
            for program in programs:
                program.kill()
        left = [p.process.pid for p in programs if p.process.poll() is None] + _still_running(home)
    print(f"soak (Draco Mundis, 4 join processes, {len(state.history)} actions, {proxy.connections} connections "
          f"through the cutting proxy, {made[0]} cuts, a client killed and started again, the host killed and "
          f"continued, a client that never answers, one that floods ({flooded}), {time.monotonic() - started:.0f} s): "
          f"finished {finished}, every client has the host's result {same}, the same record everywhere {no_desync}, "
          f"processes left {len(left)}")


WAIT_SOAK = 1800.0  # seconds the soak's game may take (a busy machine slows each step)


def _played(host: Any, at_least: int) -> None:
    while int(host.wait_for("actions played").split(": ")[1].split()[0]) < at_least:
        pass


def _cut(proxy: Any, cuts: int, over: threading.Event, made: list[int]) -> None:
    """Cut every connection through the proxy `cuts` times, each at a random moment a fraction of a second after the
    clients came back (or until the game is `over`); `made[0]` counts them."""
    rng = random.Random(7)
    while made[0] < cuts and not over.wait(0.02):
        if proxy.pipes and not over.wait(rng.uniform(0.02, 0.3)) and proxy.cut():
            made[0] += 1


async def _silent(invitation: Invitation) -> Any:
    websocket = await opened(invitation)
    await websocket.send(hello(invitation, RULES))
    return websocket


async def _flood(invitation: Invitation) -> str:
    """A client that sends thousands of messages a second: what the host said to it."""
    async with await opened(invitation) as websocket:
        await websocket.send(hello(invitation, RULES))
        try:
            for _ in range(5000):
                if websocket.close_code is not None:
                    break
                await websocket.send('{"type":"sync"}')
            async for frame in websocket:
                if isinstance(frame, str) and frame.startswith('{"type":"refused"'):
                    return str(json.loads(frame)["code"])
        except Exception as exc:  # closed while still sending: the refusal went by unread
            return type(exc).__name__
    return "not refused"


async def _close(websocket: Any) -> None:
    websocket.transport.abort()


def _still_running(home: Path) -> list[int]:
    """Processes of this machine whose environment names the soak's folder (anything the soak started, however)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if str(home).encode() in (entry / "environ").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


RULES: dict[str, str] = {}


def main() -> int:
    global RULES
    if sys.argv[1:2] == ["serve"]:
        return serve(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="latency,idle,tables,soak")
    parser.add_argument("--seconds", type=float, default=60.0,
                        help=f"seconds of a measurement at most ({MOVES} moves are enough; idle: all of them; "
                        "default 60)")
    parser.add_argument("--think", type=float, default=0.2,
                        help="tables: seconds per move of a table (a player's mean thinking time; default 0.2)")
    parser.add_argument("--max-tables", type=int, default=64)
    parser.add_argument("--cuts", type=int, default=100, help="soak: connection cuts in the game")
    args = parser.parse_args()
    RULES = rules()
    print(f"bench-net {date.today()} on {platform.node()} ({os.cpu_count()} cores, {platform.machine()}, Python "
          f"{platform.python_version()}, load {os.getloadavg()[0]:.1f}): loopback only")
    parts = args.only.split(",")
    if "latency" in parts:
        latency(args.seconds)
    if "idle" in parts:
        idle(min(args.seconds, 20.0))
    if "tables" in parts:
        tables(args.seconds, args.think, args.max_tables)
    if "soak" in parts:
        soak(args.cuts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
