"""The project's own metadata: installing it must not print deprecation warnings."""

import tomllib
from pathlib import Path

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
