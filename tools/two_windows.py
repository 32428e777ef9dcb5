"""Two copies of the app in real windows on one X display play a whole game against each other through an
invitation, by clicks and a paste; the joining copy's connection is cut mid-game and comes back by itself.

    make two-windows ARGS="--game draco-mundis"

This program (the driver) starts an X server of its own (Xvfb; or uses $DISPLAY with --display-given), a TCP proxy
that it cuts once mid-game, and two copies of the app, each in a process and a data folder of its own, in windows
side by side. Each copy is the real app in its own frame loop (`App.loop`, at the normal animation speed unless
--speed says otherwise); what each player does goes through the X server as a person's input does: xdotool moves
the pointer and clicks in the copy's window, and presses Ctrl+V. The host copies the invitation with its Copy
button (the X clipboard) and the other copy pastes it on its Join a game screen.

Who decides the moves: each copy's player chooses among its seat's legal moves at random and finds the clicks for
one through the board's gesture protocol (tests/test_ui_hosting.py's way); for a move of two steps (a Draco Mundis
token placed) the joining player looks ahead in the host's position, which the host copy writes to a file of the
driver's. That file is only the test's way of choosing: what the joining copy shows comes from the network.

It prints what happened and exits 0 when both copies reached the score sheet with the same record, the connection
was cut and came back, and no copy caught an error; pictures of both windows go to --pictures.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Mapping

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tools"))
from ui_support import gesture_for, intent_for  # type: ignore[import-not-found]  # noqa: E402  (the tests' helpers)

WINDOW = (1280, 720)
GAP = 20  # pixels between the two windows
LOOPBACK, HOST_SIDE = "127.0.0.1", "127.0.0.2"  # the proxy listens on the first, the host on the second
DEADLINE = 3600.0  # seconds a whole game may take before the driver gives up
EVENT_WAIT = 5.0  # seconds a click may take to reach its window through the X server
END_SHOWN = 4.0  # seconds the score sheets are given before their picture


# -- the driver --------------------------------------------------------------------------------------------------

def free_port() -> int:
    """A port free on both loopback addresses (the proxy takes it on one, the host on the other)."""
    for _ in range(50):
        with socket.socket() as probe:
            probe.bind((LOOPBACK, 0))
            port = probe.getsockname()[1]
        with socket.socket() as other:
            try:
                other.bind((HOST_SIDE, port))
            except OSError:
                continue
        return port
    raise SystemExit("no free port on the loopback addresses")


def start_x_server() -> tuple[subprocess.Popen, str]:
    """An Xvfb wide enough for both windows, and its display name (it says which on a pipe)."""
    read, write = os.pipe()
    width = 2 * WINDOW[0] + 3 * GAP
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", f"{width}x{WINDOW[1] + 2 * GAP}x24",
                               "-nolisten", "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as said:
        number = said.readline().strip()
    if not number.isdigit():
        server.kill()
        raise SystemExit("Xvfb did not start")
    return server, f":{number}"


def side_by_side(shared: Path, name: str, pictures: Path) -> Path | None:
    """Both copies' windows as they are now, side by side in one picture (each copy saves its own)."""
    for role in ("host", "guest"):
        (shared / f"picture-{role}.png").unlink(missing_ok=True)
        (shared / f"shoot-{role}").write_text(name, encoding="utf-8")
    deadline = time.monotonic() + 30
    while not all((shared / f"picture-{role}.png").exists() for role in ("host", "guest")):
        if time.monotonic() > deadline:
            return None
        time.sleep(0.05)
    import pygame

    host, guest = (pygame.image.load(str(shared / f"picture-{role}.png")) for role in ("host", "guest"))
    whole = pygame.Surface((host.get_width() + guest.get_width() + GAP, max(host.get_height(), guest.get_height())))
    whole.fill((12, 14, 20))
    whole.blit(host, (0, 0))
    whole.blit(guest, (host.get_width() + GAP, 0))
    pictures.mkdir(parents=True, exist_ok=True)
    path = pictures / f"two-windows-{name}.png"
    pygame.image.save(whole, str(path))
    return path


def drive(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # the driver's own pygame only joins pictures
    from net_faults import CuttingProxy, loop_thread
    from wine import ensure_commands

    ensure_commands({"Xvfb": ("xvfb",), "xdotool": ("xdotool",)})  # (through apt-get where they are missing)
    server = None
    display = os.environ.get("DISPLAY", "")
    if not args.display_given:
        server, display = start_x_server()
    work = Path(tempfile.mkdtemp(prefix="drako-two-windows-"))
    shared = work / "shared"
    shared.mkdir()
    port = free_port()
    started = time.monotonic()
    copies: dict[str, subprocess.Popen] = {}
    try:
        with loop_thread() as loop:
            proxy = CuttingProxy(loop, port, listen=(LOOPBACK, port), target_host=HOST_SIDE)
            for n, role in enumerate(("host", "guest")):
                home = work / f"home-{role}"
                home.mkdir()
                env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                           DRAKO_DESKTOP_HOME=str(home), SDL_VIDEO_WINDOW_POS=f"{GAP + n * (WINDOW[0] + GAP)},{GAP}")
                copies[role] = subprocess.Popen(
                    [sys.executable, __file__, "--window", role, "--game", args.game, "--speed", args.speed,
                     "--port", str(port), "--shared", str(shared), "--seed", str(args.seed + n)],
                    env=env, stdout=sys.stdout, stderr=sys.stderr)
            cut_at = None
            pictured: set[str] = set()
            while not all((shared / f"result-{role}.json").exists() for role in copies):
                if any(copy.poll() not in (None, 0) for copy in copies.values()):
                    break
                if time.monotonic() - started > DEADLINE:
                    print("two-windows: the game did not end in time", file=sys.stderr)
                    break
                moves = read_json(shared / "position.json", {}).get("n", 0)
                if (shared / "joined").exists() and "tables" not in pictured and moves >= 2:
                    pictured.add("tables")
                    side_by_side(shared, f"{args.game}-tables", args.pictures)
                if cut_at is None and moves >= args.cut_at:
                    cut_at = moves
                    cut = proxy.cut()
                    print(f"two-windows: connection cut at move {moves} ({cut} connections through the proxy)",
                          flush=True)
                    side_by_side(shared, f"{args.game}-lost", args.pictures)
                time.sleep(0.1)
            finished = all((shared / f"result-{role}.json").exists() for role in copies)
            if finished:
                time.sleep(END_SHOWN)  # the score sheets count their lines up first
                side_by_side(shared, f"{args.game}-end", args.pictures)
                (shared / "leave").write_text("", encoding="utf-8")
            connections = proxy.connections
        codes = {role: ended(copy, 60 if finished else 1) for role, copy in copies.items()}
    finally:
        for copy in copies.values():
            if copy.poll() is None:
                copy.kill()
        if server is not None:
            server.terminate()
            server.wait(timeout=10)
    results = {role: read_json(shared / f"result-{role}.json", {}) for role in copies}
    shutil.rmtree(work, ignore_errors=True)
    return verdict(args.game, results, codes, cut_at, connections, time.monotonic() - started)


def ended(copy: subprocess.Popen, seconds: float) -> int | None:
    """A copy's exit status once it has left (None: it did not within `seconds`, and was killed: the other copy
    failed, and this one would wait for it for ever)."""
    try:
        return copy.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        copy.kill()
        return None


def verdict(game: str, results: dict[str, dict[str, Any]], codes: Mapping[str, int | None], cut_at: int | None,
            connections: int, seconds: float) -> int:
    problems = [f"the {role} copy exited with {code}" for role, code in codes.items() if code != 0]
    host, guest = results.get("host", {}), results.get("guest", {})
    if not host or not guest:
        problems.append("a copy did not reach the score sheet")
    elif host["record"] != guest["record"]:
        problems.append("the two copies ended with different records")
    if cut_at is None:
        problems.append("the game ended before the connection was cut")
    elif connections < 2:
        problems.append("the joining copy did not come back through the proxy")
    for role, result in results.items():
        problems += [f"the {role} copy caught {crash}" for crash in result.get("crashes", [])]
    print(f"{game}: {host.get('moves', 0)} moves in {seconds:.0f} s; the connection cut at move {cut_at}, "
          f"{connections} connections through the proxy")
    for role, result in results.items():
        print(f"  {role}: {result.get('frames', 0)} frames, {result.get('clicks', 0)} clicks, "
              f"{result.get('keys', 0)} keys, {result.get('pastes', 0)} pastes, winners {result.get('winners')}")
    for problem in problems:
        print(f"  FAILED: {problem}")
    return 1 if problems else 0


def read_json(path: Path, default: Any) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return default


# -- a copy of the app in its window ----------------------------------------------------------------------------

class XHands:
    """A person's hands on one window through the X server: the pointer and the keyboard are the display's, shared
    by both windows, so each gesture (moving there and clicking, or a key) is made whole under a lock."""

    def __init__(self, app: Any, lock: Path) -> None:
        import pygame

        self.app = app
        self.window = str(pygame.display.get_wm_info()["window"])
        self.lock = lock
        self.seen: list[Any] = []  # the input events the app's loop took since the last gesture
        self.clicks = self.keys = self.pastes = 0
        taken = pygame.event.get

        def watched(*args: Any, **kwargs: Any) -> Any:
            events = taken(*args, **kwargs)
            self.seen += [e for e in events if e.type in (pygame.MOUSEBUTTONUP, pygame.KEYUP)]
            return events

        pygame.event.get = watched  # the loop's own call: the hands know when their gesture arrived

    def xdotool(self, *words: str) -> None:
        with open(self.lock, "a") as held:
            fcntl.flock(held, fcntl.LOCK_EX)
            subprocess.run(["xdotool", *words], check=True, timeout=10)

    def arrived(self, matches: Callable[[Any], bool]) -> None:
        """The app's loop runs until it has taken the gesture's last event, and once more to show what it did."""
        deadline = time.monotonic() + EVENT_WAIT
        while not any(matches(e) for e in self.seen):
            if time.monotonic() > deadline:
                raise RuntimeError("a gesture did not reach the window through the X server")
            self.app.loop(0.02)
        self.seen = []
        self.app.loop(0.05)

    def click(self, pos: tuple[int, int]) -> None:
        import pygame

        x, y = (round(v) for v in pos)
        self.xdotool("mousemove", "--window", self.window, str(x), str(y), "click", "1")
        self.clicks += 1
        self.arrived(lambda e: e.type == pygame.MOUSEBUTTONUP and e.pos == (x, y))

    def key(self, name: str, code: int) -> None:
        """A key, typed with the pointer in the window (no window manager here: the keyboard goes where it is)."""
        import pygame

        self.xdotool("mousemove", "--window", self.window, "4", "4", "windowfocus", "--sync", self.window,
                     "key", "--clearmodifiers", name)
        self.keys += 1
        self.arrived(lambda e: e.type == pygame.KEYUP and e.key == code)


KEY_NAMES = {"escape": "Escape", "return": "Return", "tab": "Tab", "e": "e"}


def key_name(code: int) -> str:
    import pygame

    name = pygame.key.name(code)
    if name.isdigit() or len(name) == 1:
        return name
    return KEY_NAMES.get(name, name.capitalize())


class Copy:
    """One copy of the app and its player."""

    def __init__(self, args: argparse.Namespace) -> None:
        from drako_desktop.interface.registry import Library
        from drako_desktop.settings import Settings
        from drako_desktop.ui.app import App

        self.role = args.window
        self.shared = Path(args.shared)
        self.rng = random.Random(args.seed)
        self.library = Library()
        self.game = self.library[args.game]
        self.app = App(self.game, Settings(animation_speed=args.speed, computer_pace="fast"), library=self.library,
                       size=WINDOW, persist=True, threaded=True)
        self.app.main_menu()
        self.app.loop(0.2)
        self.hands = XHands(self.app, self.shared / "pointer.lock")
        self.port = args.port
        self.written = -1  # the host: the number of moves of the position last written for the other player
        self.intent: tuple[int, list[Any]] | None = None  # the move being made, and at which move it was chosen

    def wait_until(self, done: Callable[[], bool], what: str, seconds: float = 60.0) -> None:
        deadline = time.monotonic() + seconds
        while not done():
            if time.monotonic() > deadline:
                raise RuntimeError(f"{self.role}: waited too long for {what}")
            self.app.loop(0.05)
            self.chores()

    def chores(self) -> None:
        """Between gestures: the picture the driver asked for, the host's position for the other player's choice."""
        import pygame

        shoot = self.shared / f"shoot-{self.role}"
        if shoot.exists():
            shoot.unlink()
            self.app.scenes._shown = None  # noqa: SLF001  (the whole window drawn again, as after an expose)
            self.app.loop(0.05)
            pygame.image.save(self.app.surface, str(self.shared / f"picture-{self.role}.tmp.png"))
            os.replace(self.shared / f"picture-{self.role}.tmp.png", self.shared / f"picture-{self.role}.png")
        table = self.table()
        if self.role == "host" and table is not None and len(table.controller.actions) != self.written:
            self.written = len(table.controller.actions)
            record = self.game.record(table.controller._state)  # noqa: SLF001
            unfinished = {k: v for k, v in record.items() if k not in ("scores", "winners")}  # (not its result yet)
            position = {"n": self.written, "record": unfinished}
            (self.shared / "position.tmp").write_text(json.dumps(position), encoding="utf-8")
            os.replace(self.shared / "position.tmp", self.shared / "position.json")

    def table(self) -> Any:  # (a TableScene: Any, as the tests' helpers take it)
        from drako_desktop.ui.table import TableScene

        return next((s for s in self.app.scenes.scenes if isinstance(s, TableScene)), None)

    def button(self, label: str) -> Any:
        from drako_desktop.ui.widgets import Button

        widgets = getattr(self.app.scenes.top, "widgets", None)
        found = next((w for w in widgets.widgets if isinstance(w, Button) and w.label == label and w.enabled),
                     None) if widgets is not None else None
        if found is None:
            raise RuntimeError(f"{self.role}: no button {label!r} on {type(self.app.scenes.top).__name__}")
        return found

    def press(self, label: str) -> None:
        self.hands.click(self.button(label).rect.center)

    # -- hosting and joining --------------------------------------------------------------------------------------

    def host(self) -> None:
        """A new game of two seats: the person here and a player on another computer; its invitation copied."""
        from drako_desktop.controller.game import HUMAN
        from drako_desktop.i18n import tr
        from drako_desktop.ui.hosted import HostingPlace
        from drako_desktop.ui.scenes.invitations import InvitationPanel
        from drako_desktop.ui.scenes.new_game import REMOTE_KIND, NewGameScene

        # Where this computer hosts: the host side of the proxy, and invitations that name the proxy.
        self.app.hosting_place = HostingPlace(bind=HOST_SIDE, port=self.port, address=LOOPBACK)
        self.press(tr("menu.new_game"))
        scene = self.app.scenes.top
        assert isinstance(scene, NewGameScene), scene
        while len(scene.kinds) > 2:  # the last seat's remove button
            self.hands.click([w for w in scene.widgets.widgets
                              if getattr(getattr(w, "on_click", None), "func", None) == scene.remove_seat][-1]
                             .rect.center)
        kind = scene.seat_kind_choice(1)
        for _ in range(len(kind.options)):
            if kind.value == REMOTE_KIND:
                break
            self.hands.click((kind.rect.right - kind.rect.h // 2, kind.rect.centery))
            kind = scene.seat_kind_choice(1)
        assert scene.kinds == [HUMAN, REMOTE_KIND], scene.kinds
        self.hands.click(next(w for w in scene.widgets.widgets if getattr(w, "on_click", None) == scene.start)
                         .rect.center)
        self.wait_until(lambda: isinstance(self.app.scenes.top, InvitationPanel), "the invitations")
        panel = self.app.scenes.top
        assert isinstance(panel, InvitationPanel), panel
        self.wait_until(lambda: panel.hosted.listening, "the host to listen")
        self.press(tr("hosting.copy"))
        (self.shared / "copied").write_text("", encoding="utf-8")
        self.press(tr("hosting.close"))

    def join(self) -> None:
        """Join a game: the invitation pasted from the clipboard, Join."""
        import pygame

        from drako_desktop.i18n import tr
        from drako_desktop.ui.scenes.join import JoinScene

        self.wait_until(lambda: (self.shared / "copied").exists(), "the host's invitation", 120)
        self.press(tr("menu.join"))
        scene = self.app.scenes.top
        assert isinstance(scene, JoinScene), scene
        self.hands.click(scene.field.rect.center)
        for _ in range(5):  # the X clipboard asks the copying window, which may be slow to answer: paste again
            self.hands.key("ctrl+v", pygame.K_v)
            self.hands.pastes += 1
            if scene.field.value.startswith("drako://"):
                break
        else:
            raise RuntimeError(f"five pastes gave {scene.field.value[:60]!r}")
        self.press(tr("join.join"))
        self.wait_until(lambda: self.table() is not None, "the host's table", 60)
        (self.shared / "joined").write_text("", encoding="utf-8")

    # -- playing --------------------------------------------------------------------------------------------------

    def play(self) -> None:
        from drako_desktop.ui.scenes.dialogs import Dialog
        from drako_desktop.ui.scenes.scores import ScoreSheet

        deadline = time.monotonic() + DEADLINE
        while not isinstance(self.app.scenes.top, ScoreSheet):
            if time.monotonic() > deadline:
                raise RuntimeError(f"{self.role}: the game did not end")
            self.app.loop(0.03)
            self.chores()
            top = self.app.scenes.top
            table: Any = self.table()
            if table is None:
                raise RuntimeError(f"{self.role}: the table is gone ({type(top).__name__})")
            on_table = top is table
            if isinstance(top, Dialog):  # a question while playing (pass your actions?): yes
                self.hands.click(top.widgets.widgets[0].rect.center)
            elif on_table and table.ending_turn():
                buttons = table.status_widgets()
                self.hands.click(buttons[-1].rect.center)
            elif on_table and table.decision() is not None:
                self.move(table)

    def position(self, n: int) -> Any:
        """The host's position at move `n` (the joining player's look-ahead for a move of two steps)."""
        from drako_desktop.records import replay_record

        deadline = time.monotonic() + 30
        while True:
            position = read_json(self.shared / "position.json", {})
            if position.get("n") == n:
                return replay_record(self.library, position["record"])[1]
            if time.monotonic() > deadline:
                raise RuntimeError(f"{self.role}: the host's position at move {n} never came")
            self.app.loop(0.02)

    def move(self, table: Any) -> None:
        """The next gesture of a legal move chosen at random, by the board's clicks (its keys where it has no
        click); the move stays chosen until it is made."""
        from drako_desktop.ui.hands import Press

        n = len(table.controller.actions) if self.role == "host" else table.controller.n
        if self.intent is None or self.intent[0] != n or gesture_for(table, self.intent[1]) is None:
            self.intent = (n, self.choose(table, n))
        gesture = gesture_for(table, self.intent[1])
        if isinstance(gesture, Press):
            self.hands.key(key_name(gesture.key), gesture.key)
        else:
            self.hands.click(gesture.pos)

    def choose(self, table: Any, n: int) -> list[Any]:
        """A legal move at random that the board has a gesture for: one action, or two for a move made in one
        gesture (looking ahead in the host's position)."""
        legal = list(table.decision().legal)
        self.rng.shuffle(legal)
        intent = intent_for(table, legal, lambda: table.controller._state if self.role == "host"  # noqa: SLF001
                            else self.position(n))
        if intent is None:
            raise RuntimeError(f"{self.role}: the board has no gesture for any of {legal}")
        return intent

    def finish(self) -> None:
        """The result for the driver; the window stays until the driver has its picture."""
        table = self.table()
        c = table.controller if table.joined is None else table.joined.ended
        result = {"record": c.record(), "moves": len(c.actions), "frames": self.app.frames_drawn,
                  "crashes": self.app.crashes, "clicks": self.hands.clicks, "keys": self.hands.keys,
                  "pastes": self.hands.pastes, "winners": c.winners() if hasattr(c, "winners") else None}
        (self.shared / f"result-{self.role}.tmp").write_text(json.dumps(result), encoding="utf-8")
        os.replace(self.shared / f"result-{self.role}.tmp", self.shared / f"result-{self.role}.json")
        self.wait_until(lambda: (self.shared / "leave").exists(), "the driver", 120)
        self.app.close()


def window(args: argparse.Namespace) -> int:
    copy = Copy(args)
    if copy.role == "host":
        copy.host()
    else:
        copy.join()
    copy.play()
    copy.finish()
    return 0


def main(argv: list[str] | None = None) -> int:
    from drako_desktop.interface.registry import game_ids

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=game_ids(), default="draco-mundis")
    parser.add_argument("--speed", choices=("normal", "fast", "instant"), default="normal",
                        help="the copies' animation speed (default: normal, as people play)")
    parser.add_argument("--cut-at", type=int, default=30, help="the move at which the connection is cut")
    parser.add_argument("--seed", type=int, default=1, help="the players' choices")
    parser.add_argument("--pictures", type=Path, default=ROOT / "tests" / "output" / "two-windows")
    parser.add_argument("--display-given", action="store_true", help="use $DISPLAY instead of an Xvfb of its own")
    parser.add_argument("--window", choices=("host", "guest"), help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--shared", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    return window(args) if args.window else drive(args)


if __name__ == "__main__":
    sys.exit(main())
