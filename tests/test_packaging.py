"""The project's own metadata and packaging: installing it must not print deprecation warnings; every build
freezes the same versions; the archives, icons and smoke test players' systems rely on."""

import struct
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

from drako_desktop import __version__

PYPROJECT = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_licence_is_a_spdx_expression_which_setuptools_reads_without_a_warning():
    # A table ({text = ...}) is deprecated since setuptools 77 and warns on every install.
    assert PYPROJECT["project"]["license"] == "MIT"
    assert any(req.startswith("setuptools>=") and int(req.split(">=")[1].split(".")[0]) >= 77
               for req in PYPROJECT["build-system"]["requires"])


def _pins(path: Path) -> dict[str, str]:
    """`name==version` lines of a requirements file (hashes and comments left out), names normalised."""
    pins = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        requirement = line.split("#")[0].split("--hash")[0].strip()
        if requirement:
            name, version = requirement.split("==")
            pins[name.strip().lower().replace("_", "-")] = version.strip()
    return pins


def test_the_windows_wheels_are_the_versions_the_linux_build_freezes():
    packaging = Path(__file__).parent.parent / "packaging"
    linux, windows = _pins(packaging / "pins.txt"), _pins(packaging / "windows" / "requirements.txt")
    assert {"pygame-ce", "pyyaml", "platformdirs", "pyinstaller"} <= linux.keys()
    assert {name: windows.get(name) for name in linux} == linux
    # Named although pip would not find them: PyInstaller needs them on Windows only (its markers say so).
    assert {"pefile", "pywin32-ctypes"} <= windows.keys()
    # Every Windows file is checked by its sha256.
    for line in (packaging / "windows" / "requirements.txt").read_text().splitlines():
        assert line.startswith("#") or "--hash=sha256:" in line


# ---- the build tools (tools/archive.py, tools/make_icons.py, tools/smoke.py) -----------------------------------

sys.path.insert(0, str(Path(__file__).parent.parent / "tools"))
import archive  # noqa: E402
import smoke  # noqa: E402

ICONS = Path(__file__).parent.parent / "packaging" / "icons"
# Where the archives hold the games' rule books, beside the executable (the path the rules screens name).
RULE_BOOKS = ["drako-desktop/docs/rules/aetherya-pocket.md", "drako-desktop/docs/rules/draco-mundis.md"]


def fake_app(tmp_path: Path) -> Path:
    app = tmp_path / "drako-desktop"
    (app / "_internal").mkdir(parents=True)
    (app / "drako-desktop").write_text("#!/bin/sh\n")
    (app / "drako-desktop").chmod(0o755)
    (app / "_internal" / "data.txt").write_text("data")
    return app


def test_the_linux_archive_carries_the_desktop_entry_and_the_icon_beside_the_executable(tmp_path):
    packed = archive.pack(fake_app(tmp_path), "linux-x64", tmp_path / "out")
    assert packed.name == f"drako-desktop-{__version__}-linux-x64.tar.gz"
    with tarfile.open(packed) as tar:
        members = {m.name: m for m in tar.getmembers()}
        entry = tar.extractfile("drako-desktop/drako-desktop.desktop").read().decode()  # type: ignore[union-attr]
    assert {"drako-desktop/drako-desktop", "drako-desktop/_internal/data.txt", "drako-desktop/drako-desktop.png",
            *RULE_BOOKS} <= members.keys()
    assert members["drako-desktop/drako-desktop"].mode & 0o111  # still runs once unpacked
    assert "Type=Application" in entry and "Exec=drako-desktop" in entry and "Icon=drako-desktop" in entry


def test_the_windows_archive_is_a_zip_of_the_app_folder_named_with_version_and_platform(tmp_path):
    packed = archive.pack(fake_app(tmp_path), "windows-x64", tmp_path / "out")
    assert packed.name == f"drako-desktop-{__version__}-windows-x64.zip"
    with zipfile.ZipFile(packed) as bundle:
        assert sorted(bundle.namelist()) == ["drako-desktop/_internal/data.txt", *RULE_BOOKS,
                                             "drako-desktop/drako-desktop"]
    with pytest.raises(ValueError):
        archive.pack(tmp_path, "amiga", tmp_path)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_icons_hold_every_size_each_system_asks_for():
    assert png_size((ICONS / "drako-desktop.png").read_bytes()) == (512, 512)
    ico = (ICONS / "drako-desktop.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    sizes = []
    for n in range(count):
        width, height, _, _, _, _, length, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * n:22 + 16 * n])
        assert png_size(ico[offset:offset + length]) == ((width or 256), (height or 256))
        sizes.append(width or 256)
    assert (reserved, kind) == (0, 1) and sizes == [16, 24, 32, 48, 64, 128, 256]
    icns = (ICONS / "drako-desktop.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    at, found = 8, {}
    while at < len(icns):
        kind_name, length = icns[at:at + 4], struct.unpack(">I", icns[at + 4:at + 8])[0]
        found[kind_name] = png_size(icns[at + 8:at + length])[0]
        at += length
    assert found[b"ic07"] == 128 and found[b"ic08"] == 256 and found[b"ic09"] == 512 and found[b"ic10"] == 1024


def test_the_smoke_test_tells_an_empty_screen_from_a_drawn_window(tmp_path):
    black = [bytes(3 * 64)] * 64
    assert not smoke.drawn(black)[0]
    drawn = [b"".join(bytes((x * 4, y * 4, (x * y) % 256)) for x in range(64)) for y in range(64)]
    assert smoke.drawn(drawn)[0]
    # The screenshot it saves is the picture it judged.
    smoke.write_png(tmp_path / "shot.png", 64, 64, drawn)
    import pygame

    picture = pygame.image.load(tmp_path / "shot.png")
    assert picture.get_size() == (64, 64) and tuple(picture.get_at((5, 7)))[:3] == (20, 28, 35)


def test_the_smoke_test_reads_a_version_resource_string():
    exe = b"MZ" + b"\0" * 30
    for key, value in (("ProductName", "Drako Desktop"), ("ProductVersion", "0.1.0")):  # Strings start 4-aligned
        exe += struct.pack("<HHH", 0, len(value) + 1, 1) + (key + "\0").encode("utf-16-le")
        exe += b"\0" * (-len(exe) % 4) + (value + "\0").encode("utf-16-le")
        exe += b"\0" * (-len(exe) % 4)
    assert smoke.resource_string(exe, "ProductName") == "Drako Desktop"
    assert smoke.resource_string(exe, "ProductVersion") == "0.1.0"
    assert smoke.resource_string(exe, "CompanyName") is None


def test_the_frozen_app_carries_the_rule_books(monkeypatch):
    """build.spec bundles docs/rules/ where the app looks for its files (resources.root()), so the macOS app, whose
    archive is its bundle alone, carries the rule books too."""
    from conftest import frozen_data_files

    rules = (Path(__file__).parent.parent / "docs" / "rules").resolve()
    assert frozen_data_files(monkeypatch)[rules] == "docs/rules"
    assert sorted(p.name for p in rules.glob("*.md")) == ["aetherya-pocket.md", "draco-mundis.md"]
