"""The smoke test of a built app: one script for `.ci/run` and the release workflow, on every system.

    python tools/smoke.py EXE [--wine] [--window] [--result-out FILE] [--result-expected FILE]

Runs the frozen executable the way a player and a script would: `--version`, `--selftest`, `score`,
`simulate` of both games, a computer game of each game played to the end (its JSON result written to
--result-out, or compared with the Linux build's from --result-expected: the same seed gives the same
game everywhere), a game in the platform's own data folder (no DRAKO_DESKTOP_HOME), and with --window
the real window under Xvfb, screenshot and checked by its pixels (saved in build/smoke/). `--wine` runs
a Windows .exe under Wine (tools/wine.py). Standard library only: it runs on any runner's Python.
A failure names the step and says why, with the end of the program's output, and exits 1.
"""

from __future__ import annotations

import argparse
import json
import os
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from collections import Counter
from pathlib import Path
from typing import Any

import archive
import wine

ROOT = archive.ROOT
OUT = ROOT / "build" / "smoke"
KINGDOM = ('{"kingdom": [[null, null, null, null], [null, "human", "plain", null], [null, "plain", "forest", null], '
           '[null, null, null, null]], "legends": []}')
GAMES = {"aetherya-pocket": "ai:easy,ai:easy,ai:easy", "draco-mundis": "ai:easy,ai:easy"}
SEED = "29"
INSTANT = {"version": 1, "animation_speed": "instant"}  # a scripted game need not be watched


class StepFailed(Exception):
    pass


class App:
    """The executable under test, natively or under Wine."""

    def __init__(self, exe: Path, under_wine: bool) -> None:
        self.exe = exe.resolve()
        self.under_wine = under_wine

    def path_arg(self, path: Path) -> str:
        return wine.windows_path(path) if self.under_wine else str(path)

    def command(self, args: list[str]) -> list[str]:
        return ["wine", str(self.exe), *args] if self.under_wine else [str(self.exe), *args]

    def env(self, home: Path | None, extra: dict[str, str] | None = None) -> dict[str, str]:
        env = wine.environment() if self.under_wine else dict(os.environ)
        env.pop("DRAKO_DESKTOP_HOME", None)
        env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        if home is not None:
            env["DRAKO_DESKTOP_HOME"] = self.path_arg(home)
        env.update(extra or {})
        return env

    def run(self, args: list[str], home: Path | None, stdin: str = "", timeout: float = 300,
            extra_env: dict[str, str] | None = None) -> str:
        """The program's standard output; StepFailed if it fails or does not end in `timeout` seconds.
        (Under Wine, standard input and output are pipes: see tools/wine.py for why.)"""
        try:
            result = subprocess.run(self.command(args), input=stdin, capture_output=True, text=True, encoding="utf-8",
                                    errors="replace", env=self.env(home, extra_env), timeout=timeout)
        except subprocess.TimeoutExpired:
            raise StepFailed(f"`{' '.join(args)}` did not end within {timeout:.0f} s") from None
        finally:
            if self.under_wine:
                wine.settle()
        if result.returncode != 0:
            raise StepFailed(f"`{' '.join(args)}` exited {result.returncode}:\n{tail(result.stdout + result.stderr)}")
        return result.stdout


def tail(text: str, lines: int = 25) -> str:
    return "\n".join(text.strip().splitlines()[-lines:]) or "(no output)"


def last_json(output: str, what: str) -> Any:
    """The last line of `output` that is a JSON object. (Under Wine, the computer opponents' process may
    add a line of Wine's own after it, "Can't attach process ...: error 5", as it starts without a console.)"""
    try:
        return json.loads([line for line in output.splitlines() if line.startswith("{")][-1])
    except (IndexError, json.JSONDecodeError):
        raise StepFailed(f"{what} printed no JSON line at the end:\n{tail(output)}") from None


def expect(condition: bool, why: str) -> None:
    if not condition:
        raise StepFailed(why)


def instant_home(folder: Path) -> Path:
    (folder / "config").mkdir(parents=True, exist_ok=True)
    (folder / "config" / "settings.json").write_text(json.dumps(INSTANT))
    return folder


# ---- the steps -------------------------------------------------------------------------------------------------


def check_version(app: App, home: Path) -> None:
    out = app.run(["--version"], home).strip()
    expect(out == f"drako-desktop {archive.version()}", f"--version printed {out!r}, not drako-desktop "
           f"{archive.version()}")


def resource_string(exe: bytes, name: str) -> str | None:
    """A string of a Windows executable's version resource (the `String` whose key is `name`): the key in
    UTF-16, padded to 4 bytes, then the value up to its terminating NUL."""
    key = (name + "\0").encode("utf-16-le")
    at = exe.find(key)
    if at < 0:
        return None
    start = at + len(key) + (-(at + len(key)) % 4)
    end = start
    while exe[end:end + 2] != b"\0\0":
        end += 2
    return exe[start:end].decode("utf-16-le")


def check_identity(app: App) -> None:
    """What the system shows of the app: the .exe's file properties (name, version) and icon; the macOS
    bundle's Info.plist (name, id, version, high resolution) and icon."""
    version = archive.version()
    if app.exe.suffix == ".exe":
        exe = app.exe.read_bytes()
        for key, value in (("ProductName", "Drako Desktop"), ("FileDescription", "Drako Desktop"),
                           ("ProductVersion", version), ("FileVersion", version),
                           ("OriginalFilename", "drako-desktop.exe")):
            found = resource_string(exe, key)
            expect(found == value, f"the file properties say {key} {found!r}, not {value!r}")
        icon = (ROOT / "packaging" / "icons" / "drako-desktop.ico").read_bytes()
        largest = icon.rindex(b"\x89PNG")  # the 256 px image, the last one in the file
        expect(icon[largest:] in exe, "the executable does not carry the application icon")
    elif app.exe.parent.name == "MacOS":
        import plistlib

        contents = app.exe.parent.parent
        info = plistlib.loads((contents / "Info.plist").read_bytes())
        wanted = {"CFBundleDisplayName": "Drako Desktop", "CFBundleShortVersionString": version,
                  "NSHighResolutionCapable": True, "CFBundleIdentifier": "org.drakodesktop.drako-desktop"}
        said = {key: info.get(key) for key in wanted}
        expect(said == wanted, f"Info.plist says {said}, not {wanted}")
        expect((contents / "Resources" / str(info.get("CFBundleIconFile"))).is_file(), "the bundle has no icon")
    else:
        desktop = (ROOT / "packaging" / "linux" / "drako-desktop.desktop").read_text()
        expect("Icon=drako-desktop" in desktop and (ROOT / "packaging" / "icons" / "drako-desktop.png").is_file(),
               "the desktop entry names no icon, or the icon is missing")


def check_selftest(app: App, home: Path) -> None:
    app.run(["--selftest"], home)


def check_score(app: App, home: Path) -> None:
    result = last_json(app.run(["score"], home, stdin=KINGDOM), "score")
    expect(result.get("total") == 4, f"score gave a total of {result.get('total')!r} for a kingdom worth 4: {result}")


def check_simulate(app: App, home: Path) -> None:
    for game, games in (("aetherya-pocket", 5), ("draco-mundis", 2)):
        result = last_json(app.run(["simulate", "--game", game, "--agents", "random,random", "--games", str(games),
                                    "--seed", "1", "--json"], home), f"simulate --game {game}")
        expect(result.get("games") == games and len(result.get("seats", [])) == 2,
               f"simulate --game {game} reported {result.get('games')!r} games and "
               f"{len(result.get('seats', []))} seats, not {games} games of 2 seats")


def computer_games(app: App, home: Path) -> dict[str, Any]:
    """Each game, computers only, played to the end on the real table: {game id: its final result}."""
    return {game: last_json(app.run(["play", "--game", game, "--seats", seats, "--seed", SEED, "--exit-at-end"],
                                    home, timeout=600), f"play --game {game}")
            for game, seats in GAMES.items()}


def default_data_folder(app: App, scratch: Path) -> tuple[Path, Path, dict[str, str]]:
    """Where this platform's build keeps the player's files when DRAKO_DESKTOP_HOME is not set: (config
    folder, data folder, environment). Linux and macOS are pointed at a scratch home the platform's way
    (XDG_*_HOME, HOME); Windows' %LOCALAPPDATA% is the prefix's under Wine, the runner's natively."""
    if app.under_wine:
        result = wine.run(["cmd", "/c", "echo %LOCALAPPDATA%"])
        wine.settle()
        local = result.stdout.strip()
        expect(local[1:3] == ":\\", f"Wine's %LOCALAPPDATA% is {local!r}")
        drive = wine.PREFIX / "dosdevices" / local[:2].lower()
        folder = drive.resolve() / Path(*local[3:].split("\\")) / archive.APP
        return folder, folder, {}
    if sys.platform == "win32":
        folder = Path(os.environ["LOCALAPPDATA"]) / archive.APP
        return folder, folder, {}
    if sys.platform == "darwin":
        folder = scratch / "Library" / "Application Support" / archive.APP
        return folder, folder, {"HOME": str(scratch)}
    env = {"XDG_CONFIG_HOME": str(scratch / "config"), "XDG_DATA_HOME": str(scratch / "data")}
    return scratch / "config" / archive.APP, scratch / "data" / archive.APP, env


def check_data_folder(app: App, scratch: Path) -> None:
    """A computer game played without DRAKO_DESKTOP_HOME ends up in the platform's history folder. On a
    player's own computer (Windows has no other folder to point it at) nothing of theirs is touched: their
    settings are left as they are, and the game this step added is removed again."""
    config, data, env = default_data_folder(app, scratch)
    settings, history = config / "settings.json", data / "history"
    ours = not settings.exists()
    if ours:
        config.mkdir(parents=True, exist_ok=True)
        settings.write_text(json.dumps(INSTANT))
    before = set(history.glob("*.json"))
    try:
        app.run(["play", "--seats", "ai:random,ai:random", "--seed", "3", "--exit-at-end"], None, extra_env=env,
                timeout=600)
    finally:
        if ours:
            settings.unlink(missing_ok=True)
    added = sorted(set(history.glob("*.json")) - before)
    for game in added:
        game.unlink()
    expect(len(added) == 1, f"the platform's history folder {history} got {len(added)} finished games, not 1 "
           f"(the data folder holds: {sorted(p.name for p in data.glob('*'))})")
    expect(any(data.glob("*.log")), f"no log in the platform's data folder {data}")


def start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    """A virtual screen of its own. Not on the lowest free display number (what -displayfd alone picks):
    a lock file in this /tmp does not show a server of another sandbox on the same network, whose
    abstract socket a client would reach instead. Xvfb tells on a pipe when it listens, or ends."""
    first = 200 + os.getpid() % 400
    for number in range(first, first + 40):
        read, write = os.pipe()
        server = subprocess.Popen(["Xvfb", f":{number}", "-displayfd", str(write), "-screen", "0", "1920x1080x24",
                                   "-nolisten", "tcp"], pass_fds=(write,), stdin=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            if pipe.readline().strip() == str(number):
                return server, f":{number}"
        server.wait()
    raise StepFailed(f"Xvfb could not start on any display from :{first} to :{first + 39}")


def screenshot(display: str) -> tuple[int, int, list[bytes]]:
    """The whole screen as (width, height, rows of RGB bytes), read from `xwd`'s dump."""
    dump = subprocess.run(["xwd", "-root", "-silent", "-display", display], capture_output=True, timeout=30).stdout
    fields = struct.unpack(">25I", dump[:100])
    header_size, width, height, byte_order, bits, stride, colours = (fields[0], fields[4], fields[5], fields[7],
                                                                     fields[11], fields[12], fields[19])
    expect(bits in (24, 32), f"the screen has {bits} bits per pixel (a 24-bit Xvfb screen has 24 or 32)")
    step = bits // 8
    b, g, r = (0, 1, 2) if byte_order == 0 else (step - 1, step - 2, step - 3)  # least significant byte first, or last
    pixels = dump[header_size + 12 * colours:]
    rows = []
    for y in range(height):
        line = pixels[y * stride:y * stride + step * width]
        rgb = bytearray(3 * width)
        rgb[0::3], rgb[1::3], rgb[2::3] = line[r::step], line[g::step], line[b::step]
        rows.append(bytes(rgb))
    return width, height, rows


def write_png(path: Path, width: int, height: int, rows: list[bytes]) -> None:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\0" + row for row in rows)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def drawn(rows: list[bytes]) -> tuple[bool, str]:
    """Whether the screen shows a drawn window: many colours, and no one colour over most of it
    (an empty Xvfb screen is all black)."""
    colours = Counter(row[x:x + 3] for row in rows[::4] for x in range(0, len(row), 12))
    share = colours.most_common(1)[0][1] / sum(colours.values())
    return len(colours) >= 64 and share < 0.6, f"{len(colours)} colours, the commonest on {100 * share:.0f}%"


def window_titled(title: str, display: str) -> str:
    """The id of a window with this title on `display` ("" if none). Each window's name is asked one by one:
    `xdotool search --name` does not match the title SDL gives a window on X11 (a UTF-8 property)."""
    def xdotool(*args: str) -> str:
        return subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=30,
                              env=dict(os.environ, DISPLAY=display)).stdout.strip()

    return next((w for w in xdotool("search", "--class", "").split() if xdotool("getwindowname", w) == title), "")


def check_window(app: App, home: Path) -> None:
    """The real window on a virtual screen: found by its title, then screenshots until it is drawn."""
    wine.ensure_commands(wine.DISPLAY)
    server, display = start_xvfb()
    env = app.env(home, {"DISPLAY": display})
    for name in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER"):
        env.pop(name)
    env["SDL_AUDIODRIVER"] = "dummy"  # no sound card on a CI machine
    game = subprocess.Popen(app.command(["play", "--seats", "ai:easy,ai:easy", "--seed", SEED]), env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    output: list[bytes] = []  # read all along: a full pipe would stop the game
    reader = threading.Thread(target=lambda: output.append(game.stdout.read() if game.stdout else b""), daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + 120
        found = ""
        while not found and time.monotonic() < deadline and game.poll() is None:
            found = window_titled("Drako Desktop", display)
            time.sleep(0.5)
        if not found:
            ended = game.poll()
            reader.join(5)
            printed = b"".join(output).decode(errors="replace")
            raise StepFailed(f"no window titled Drako Desktop appeared on {display} within 120 s"
                             + (f" (the game exited {ended}):\n{tail(printed)}" if ended is not None else ""))
        verdict = ""
        while time.monotonic() < deadline:
            width, height, rows = screenshot(display)
            ok, verdict = drawn(rows)
            if ok:
                OUT.mkdir(parents=True, exist_ok=True)
                shot = OUT / f"window-{'windows-wine' if app.under_wine else sys.platform}.png"
                write_png(shot, width, height, rows)
                print(f"  window drawn ({verdict}): {shot.relative_to(ROOT)}")
                return
            time.sleep(1)
        raise StepFailed(f"the window never showed a drawn picture within 120 s ({verdict})")
    finally:
        game.kill()
        game.wait()
        if app.under_wine:
            subprocess.run(["wineserver", "-k"], env=wine.environment(), check=False)
            wine.settle()
        server.terminate()  # (not kill: Xvfb removes its socket and lock file as it ends)
        server.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("exe", type=Path, help="the built executable")
    parser.add_argument("--wine", action="store_true", help="a Windows .exe, run under Wine")
    parser.add_argument("--window", action="store_true", help="also open the real window under Xvfb")
    parser.add_argument("--result-out", type=Path, help="write the computer games' results here (JSON)")
    parser.add_argument("--result-expected", type=Path,
                        help="the results the computer games must give (the Linux build's --result-out)")
    args = parser.parse_args(argv)
    if not args.exe.is_file():
        sys.exit(f"smoke: {args.exe} is not a file (build it first)")
    if args.wine:
        wine.prepare_prefix()
    app = App(args.exe, args.wine)
    what = f"{args.exe}" + (" under Wine" if args.wine else "")
    with tempfile.TemporaryDirectory(prefix="drako-smoke-") as scratch:
        home = instant_home(Path(scratch) / "home")

        def games() -> None:
            results = computer_games(app, home)
            if args.result_out:
                args.result_out.parent.mkdir(parents=True, exist_ok=True)
                args.result_out.write_text(json.dumps(results, indent=1) + "\n")
            if args.result_expected:
                expected = json.loads(args.result_expected.read_text())
                for game in GAMES:
                    expect(results[game] == expected.get(game), f"{game} seed {SEED}: this build's result\n"
                           f"{json.dumps(results[game])}\ndiffers from {args.result_expected}'s\n"
                           f"{json.dumps(expected.get(game))}")

        steps = [("--version", lambda: check_version(app, home)),
                 ("name, version and icon", lambda: check_identity(app)),
                 ("--selftest", lambda: check_selftest(app, home)),
                 ("score", lambda: check_score(app, home)),
                 ("simulate (both games)", lambda: check_simulate(app, home)),
                 ("a computer game of each game to the end", games),
                 ("the platform's data folder", lambda: check_data_folder(app, Path(scratch) / "user"))]
        if args.window:
            steps.append(("the window under Xvfb", lambda: check_window(app, home)))
        for name, check in steps:
            started = time.monotonic()
            try:
                check()
            except StepFailed as exc:
                print(f"smoke test of {what}: step '{name}' FAILED: {exc}", file=sys.stderr)
                return 1
            print(f"smoke: {name}: ok ({time.monotonic() - started:.1f} s)", flush=True)
    print(f"smoke test of {what} passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
