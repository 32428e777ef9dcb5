"""A release's notes: its section of CHANGELOG.md (Keep a Changelog), printed for the release workflow.

    python tools/release_notes.py VERSION [--dated] [--changelog FILE]

Prints the text under `## [VERSION] - ...` up to the next release's heading. Exit status 2 when the changelog has no
section for VERSION, or an empty one, or (with --dated, as the workflow asks) one still marked Unreleased rather than
dated: a release is published with the notes of its own version only.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

CHANGELOG = Path(__file__).resolve().parent.parent / "CHANGELOG.md"
HEADING = re.compile(r"^## \[(?P<version>[^\]]+)\] - (?P<date>\d{4}-\d{2}-\d{2}|Unreleased)\s*$", re.MULTILINE)


@dataclass(frozen=True)
class Release:
    version: str
    date: str  # YYYY-MM-DD, or "Unreleased"
    notes: str


class NotesError(ValueError):
    """The changelog has no usable section for the version asked for."""


def releases(text: str) -> list[Release]:
    """Every release section of a changelog, newest first as written."""
    headings = list(HEADING.finditer(text))
    ends = [h.start() for h in headings[1:]] + [len(text)]
    return [Release(h["version"], h["date"], text[h.end():end].strip()) for h, end in zip(headings, ends)]


def notes_of(text: str, version: str, dated: bool = False) -> str:
    found = [r for r in releases(text) if r.version == version]
    if len(found) != 1:
        raise NotesError(f"CHANGELOG.md has {len(found)} sections for {version}, not one")
    release = found[0]
    if not release.notes:
        raise NotesError(f"CHANGELOG.md says nothing under {version}")
    if dated and release.date == "Unreleased":
        raise NotesError(f"CHANGELOG.md still calls {version} Unreleased: give it its release date")
    return release.notes


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Print a release's section of CHANGELOG.md.")
    parser.add_argument("version", help="the release's version, e.g. 0.3.0 (a tag's name without its v)")
    parser.add_argument("--dated", action="store_true", help="refuse a section still marked Unreleased")
    parser.add_argument("--changelog", type=Path, default=CHANGELOG, help="the changelog (default CHANGELOG.md)")
    args = parser.parse_args(argv)
    try:
        print(notes_of(args.changelog.read_text(encoding="utf-8"), args.version, args.dated))
    except (OSError, NotesError) as exc:
        print(f"release_notes: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
