"""Font roles per language, loaded by path from the bundled `fonts/` folder.

Scenes ask for a role (title, heading, body, bold, number) and a size; the
language decides which file plays that role. Cinzel (titles) has no arrows,
ticks or CJK, so such text uses the body faces, and every role of zh-TW uses
the Noto Sans CJK TC subset.
"""

from __future__ import annotations

import pygame

from .. import resources

ROLES = ("title", "heading", "body", "bold", "number")

_LATIN = {
    "title": "Cinzel-Bold.ttf",
    "heading": "Cinzel-Bold.ttf",
    "body": "SourceSans3-Regular.otf",
    "bold": "SourceSans3-Bold.otf",
    "number": "SourceSans3-Bold.otf",
}
_CJK = {
    "title": "NotoSansCJKtc-Subset-Bold.otf",
    "heading": "NotoSansCJKtc-Subset-Bold.otf",
    "body": "NotoSansCJKtc-Subset-Regular.otf",
    "bold": "NotoSansCJKtc-Subset-Bold.otf",
    "number": "NotoSansCJKtc-Subset-Bold.otf",
}
FILES_BY_LANGUAGE = {"zh-TW": _CJK}


class Fonts:
    """pygame Font objects by (role, size) for one language, created on first use."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.files = FILES_BY_LANGUAGE.get(language, _LATIN)
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}

    def get(self, role: str, size: int) -> pygame.font.Font:
        key = (role, size)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(str(resources.fonts() / self.files[role]), size)
            self._fonts[key] = font
        return font
