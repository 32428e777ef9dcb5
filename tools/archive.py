"""The archive players download: a frozen app packed as drako-desktop-VERSION-PLATFORM.zip / .tar.gz.

Used by `make dist`, `make dist-windows` and the release workflow, so every platform's archive is
named and made one way:
- windows-x64: a .zip of the drako-desktop folder;
- linux-x64: a .tar.gz of the drako-desktop folder (file modes kept) with the desktop entry and the
  icon beside the executable (README: how to install them);
- on Linux and Windows the rule books (docs/rules/) beside the executable too, where the rules screens say they are
  (the macOS app carries them in its bundle: build.spec);
- macos-arm64: a .zip of the .app made by `ditto`, which keeps the bundle's links, modes and attributes.

    python tools/archive.py APP PLATFORM OUTDIR   (prints the archive's path)
"""

from __future__ import annotations

import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DESKTOP_ENTRY = ROOT / "packaging" / "linux" / "drako-desktop.desktop"
ICON_PNG = ROOT / "packaging" / "icons" / "drako-desktop.png"
RULE_BOOKS = ROOT / "docs" / "rules"
APP = "drako-desktop"
PLATFORMS = ("windows-x64", "linux-x64", "macos-arm64")


def version() -> str:
    text = (ROOT / "drako_desktop" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"', text, re.MULTILINE)
    assert found, "drako_desktop/__init__.py names no __version__"
    return found.group(1)


def pack(app: Path, platform: str, out: Path) -> Path:
    """Pack the frozen `app` (a folder, or the .app on macOS) for `platform` into `out`; the archive's path."""
    if platform not in PLATFORMS:
        raise ValueError(f"unknown platform {platform!r} (known: {', '.join(PLATFORMS)})")
    out.mkdir(parents=True, exist_ok=True)
    stem = f"drako-desktop-{version()}-{platform}"
    if platform == "linux-x64":
        target = out / f"{stem}.tar.gz"
        with tarfile.open(target, "w:gz") as tar:
            tar.add(app, arcname="drako-desktop")
            tar.add(DESKTOP_ENTRY, arcname=f"drako-desktop/{DESKTOP_ENTRY.name}")
            tar.add(ICON_PNG, arcname=f"drako-desktop/{ICON_PNG.name}")
            for book in rule_books():
                tar.add(book, arcname=f"drako-desktop/docs/rules/{book.name}")
        return target
    target = out / f"{stem}.zip"
    target.unlink(missing_ok=True)
    if platform.startswith("macos"):
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(app), str(target)], check=True)
        return target
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as bundle:
        for path in sorted(app.rglob("*")):
            if path.is_file():
                bundle.write(path, Path(app.name) / path.relative_to(app))
        for book in rule_books():
            bundle.write(book, Path(app.name) / "docs" / "rules" / book.name)
    return target


def rule_books() -> list[Path]:
    """The games' rule books (docs/rules/*.md), as the repository holds them."""
    return sorted(RULE_BOOKS.glob("*.md"))


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        sys.exit(__doc__)
    app, platform, out = Path(argv[0]), argv[1], Path(argv[2])
    if not app.exists():
        sys.exit(f"{app}: no such app (build it first)")
    print(pack(app, platform, out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
