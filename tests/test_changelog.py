"""CHANGELOG.md keeps the releases in the Keep a Changelog form, the version the app reports has its section, and the
release workflow's notes are that section (tools/release_notes.py)."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from drako_desktop import __version__

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import release_notes  # noqa: E402

CHANGELOG = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
KINDS = {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}  # Keep a Changelog's kinds of change


def version_key(version: str) -> tuple[int, ...]:
    return tuple(int(n) for n in version.split("."))


def test_the_version_the_app_reports_has_its_section():
    assert __version__ in [release.version for release in release_notes.releases(CHANGELOG)]
    assert release_notes.notes_of(CHANGELOG, __version__).strip()


def test_the_releases_are_newest_first_each_dated_but_the_coming_one():
    releases = release_notes.releases(CHANGELOG)
    assert len(releases) == len(re.findall(r"(?m)^## ", CHANGELOG)) >= 3  # every section is a release's heading
    versions = [version_key(r.version) for r in releases]
    assert versions == sorted(versions, reverse=True) and len(set(versions)) == len(versions)
    assert all(r.date != "Unreleased" for r in releases[1:])
    dates = [r.date for r in releases if r.date != "Unreleased"]
    assert dates == sorted(dates, reverse=True)
    for release in releases:
        kinds = re.findall(r"(?m)^### (.+)$", release.notes)
        assert kinds and set(kinds) <= KINDS, release.version


def test_the_version_is_written_in_one_place():
    """pyproject takes the installed package's version from drako_desktop.__version__ and writes none of its own;
    the command line says the same."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "drako_desktop.__version__"}
    shown = subprocess.run([sys.executable, "-m", "drako_desktop", "--version"], capture_output=True, text=True,
                           check=True)
    assert shown.stdout.strip() == f"drako-desktop {__version__}"


def test_the_release_notes_are_the_versions_section_only(tmp_path, capsys):
    changelog = tmp_path / "CHANGELOG.md"
    changelog.write_text("# Changelog\n\n## [1.1.0] - Unreleased\n\n### Added\n\n- Wings.\n\n"
                         "## [1.0.0] - 2027-01-02\n\n### Fixed\n\n- Claws.\n", encoding="utf-8")
    assert release_notes.main(["1.0.0", "--dated", "--changelog", str(changelog)]) == 0
    assert capsys.readouterr().out == "### Fixed\n\n- Claws.\n"
    assert release_notes.main(["1.1.0", "--changelog", str(changelog)]) == 0
    assert capsys.readouterr().out == "### Added\n\n- Wings.\n"
    # A release is published with notes of its own, dated version only.
    for refused in (["1.1.0", "--dated"], ["0.9.0"], ["1.0"]):
        assert release_notes.main([*refused, "--changelog", str(changelog)]) == 2
        assert capsys.readouterr().err.startswith("release_notes: ")


@pytest.mark.parametrize("text", ["## [2.0.0] - 2027-01-01\n", "## [2.0.0] - 2027-01-01\n\n## [2.0.0] - 2026-01-01\n"
                                  "\n- Twice.\n"])
def test_an_empty_or_doubled_section_gives_no_notes(text):
    with pytest.raises(release_notes.NotesError):
        release_notes.notes_of(text, "2.0.0")
