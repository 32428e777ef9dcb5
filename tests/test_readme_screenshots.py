"""tools/readme_screenshots.py still draws the README's pictures from the real app (it once fell behind the
controller's API and nobody knew until the pictures were wanted)."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

sys.path.insert(0, str(Path(__file__).parent.parent / "tools"))
import readme_screenshots  # noqa: E402


def test_the_readme_screenshots_are_drawn_at_the_persons_turn(tmp_path, monkeypatch):
    pictures = []
    monkeypatch.setattr(readme_screenshots, "ROUNDS", 1)  # one round is enough to reach the person's turn
    monkeypatch.setattr(sys, "argv", ["readme_screenshots.py", "--out", str(tmp_path)])
    readme_screenshots.main()
    for name in ("screenshot-table.jpg", "screenshot-zh-TW.jpg"):
        picture = pygame.image.load(str(tmp_path / name))
        assert picture.get_size() == readme_screenshots.SIZE
        pictures.append(pygame.image.tobytes(picture, "RGB"))
    # a table, not an empty window: many colours, and the two languages' words differ
    assert len(set(pictures[0][::301])) > 50
    assert pictures[0] != pictures[1]
