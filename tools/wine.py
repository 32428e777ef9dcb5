"""Windows programs on this Linux machine: Debian's Wine 8 in a prefix of the project's own.

Shared by tools/build_windows.py (PyInstaller under Wine) and tools/smoke.py (the built .exe under
Wine). Each Wine 8 quirk the two meet is answered here or where it bites, with a comment naming it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The prefix (Wine's C: drive and registry) lives outside the checkout: its drive Z: is a link to /, and
# setuptools, building the editable install, walks the checkout following links (the whole disk).
PREFIX = Path(os.environ.get("DRAKO_WINEPREFIX") or Path.home() / ".cache" / "drako-desktop" / "wine-prefix")

# The commands the Windows build and its smoke test need, and the Debian packages that bring them
# (`wine` runs 64-bit programs through the wine64 package, which puts no command on the PATH).
WINE: dict[str, tuple[str, ...]] = {"wine": ("wine", "wine64"), "wineserver": ("wine",)}
DISPLAY: dict[str, tuple[str, ...]] = {"Xvfb": ("xvfb",), "xauth": ("xauth",), "xdotool": ("xdotool",),
                                       "xwd": ("x11-apps",)}


def ensure_commands(needed: dict[str, tuple[str, ...]]) -> None:
    """Install through apt-get the packages of the commands that are missing; exit with a message
    saying what to install when that cannot be done here."""
    missing = sorted({package for command, packages in needed.items() if shutil.which(command) is None
                      for package in packages})
    if not missing:
        return
    install = f"apt-get install {' '.join(missing)}"
    if shutil.which("apt-get") is None:
        sys.exit(f"missing {', '.join(missing)} and no apt-get to install them: install them (Debian: {install})")
    if os.geteuid() != 0:
        sys.exit(f"missing {', '.join(missing)}: run `sudo {install}` (installing needs root), then again")
    print(f"installing {', '.join(missing)} (apt-get)", flush=True)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for command in (["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", *missing]):
        if subprocess.run(command, env=env, stdin=subprocess.DEVNULL).returncode != 0:
            sys.exit(f"`{' '.join(command)}` failed: install {', '.join(missing)} by hand ({install})")


def environment(display: str | None = None) -> dict[str, str]:
    """The environment of a Windows program in the project's prefix: quiet, and without the Mono and
    Gecko installers Wine would otherwise offer on a new prefix (nothing here needs .NET or HTML)."""
    env = dict(os.environ, WINEPREFIX=str(PREFIX), WINEARCH="win64", WINEDEBUG="-all",
               WINEDLLOVERRIDES="mscoree,mshtml=")
    env.pop("DISPLAY", None)
    if display is not None:
        env["DISPLAY"] = display
    return env


def windows_path(path: Path) -> str:
    r"""`path` as a Windows program in the prefix sees it (Wine maps drive Z: to /)."""
    return "Z:" + str(path.resolve()).replace("/", "\\")


def run(args: list[str], *, stdin: str | None = None, display: str | None = None, timeout: float = 600,
        cwd: Path = ROOT, extra_env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run a Windows program (`args[0]` an .exe path or a Wine built-in) and wait for it.

    Wine 8 quirk: the embedded CPython cannot start when its stdin, stdout or stderr is a regular
    file ("Fatal Python error: init_sys_streams: can't initialize sys standard streams", WinError 6
    Invalid handle). So standard input is always a pipe (or /dev/null) and output is always read
    through pipes, never redirected to a file, whoever calls this.
    """
    env = environment(display)
    env.update(extra_env or {})
    return subprocess.run(["wine", *args], input=stdin, stdin=None if stdin is not None else subprocess.DEVNULL,
                          capture_output=True, text=True, encoding="utf-8", errors="replace", env=env, cwd=cwd,
                          timeout=timeout)


def settle() -> None:
    """Wait until the prefix's wineserver has ended.

    Wine 8 quirk: a wineserver left running by a headless run (no DISPLAY) keeps serving the next
    program of the prefix with no display, so a window opened after it never appears. Waiting for it
    to end (`wineserver -w`) between runs starts each one with a server of its own environment.
    """
    subprocess.run(["wineserver", "-w"], env=environment(), stdin=subprocess.DEVNULL, check=False)


def prepare_prefix() -> None:
    """Create the prefix once (wineboot); later runs reuse it."""
    ensure_commands(WINE)
    if (PREFIX / "system.reg").exists():
        return
    PREFIX.parent.mkdir(parents=True, exist_ok=True)
    print(f"creating the Wine prefix {PREFIX}", flush=True)
    result = run(["wineboot", "--init"], timeout=600)
    settle()
    if result.returncode != 0 or not (PREFIX / "system.reg").exists():
        sys.exit(f"wineboot could not create the Wine prefix {PREFIX} (exit {result.returncode}):\n{result.stderr}")
