"""Font roles per language, loaded by path from the bundled `fonts/` folder.

Scenes ask for a role (title, heading, body, bold, number) and a size; the
language decides which file plays that role. Cinzel (titles) has no arrows,
ticks or CJK, so such text uses the body faces, and every role of zh-TW uses
the Noto Sans CJK TC subset.

A text with a character the role's file lacks (a language's own name in the
language menu, a player name typed in another script) is drawn with the
other script's face of the same weight instead (`for_text`), so it never
shows as boxes.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame
import pygame.freetype

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
# Per role, the faces to try (in order) for a text the role's own file cannot draw.
_FALLBACK_LATIN = {"title": ("SourceSans3-Bold.otf", _CJK["bold"]), "heading": ("SourceSans3-Bold.otf", _CJK["bold"]),
                   "body": (_CJK["body"],), "bold": (_CJK["bold"],), "number": (_CJK["bold"],)}
_FALLBACK_CJK = {role: (_LATIN["body" if role == "body" else "bold"],) for role in ROLES}
_faces: dict[str, pygame.freetype.Font] = {}
_known: dict[str, dict[str, bool]] = {}


def _has_glyph(file: str, ch: str) -> bool:
    """Whether the font file has a glyph for `ch` (freetype's metrics are None for a missing glyph)."""
    for _ in range(2):
        face = _faces.get(file)
        if face is None:
            if not pygame.freetype.get_init():
                pygame.freetype.init()
            face = _faces[file] = pygame.freetype.Font(str(resources.fonts() / file), 12)
        try:
            return face.get_metrics(ch)[0] is not None
        except pygame.error:  # freetype was quit and started again (pygame.quit): open the face again
            _faces.pop(file, None)
    return True


def covers(file: str, text: str) -> bool:
    """Whether the bundled font `file` has a glyph for every character of `text`."""
    known = _known.setdefault(file, {})
    for ch in text:
        has = known.get(ch)
        if has is None:
            has = known[ch] = ch.isspace() or _has_glyph(file, ch)
        if not has:
            return False
    return True


# The most Font objects kept (about 0.3 MB each): a window's screens use a few dozen, and every window size has
# sizes of its own (dragging a window's edge passes through dozens); the least recently used go first.
KEPT_FONTS = 96


class Fonts:
    """pygame Font objects by (role, size) for one language, created on first use."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.files = FILES_BY_LANGUAGE.get(language, _LATIN)
        self.fallback = _FALLBACK_CJK if self.files is _CJK else _FALLBACK_LATIN
        self._fonts: OrderedDict[tuple[str, int], pygame.font.Font] = OrderedDict()

    def get(self, role: str, size: int, file: str | None = None) -> pygame.font.Font:
        file = file or self.files[role]
        key = (file, size)
        font = self._fonts.get(key)
        if font is not None:
            self._fonts.move_to_end(key)
            return font
        font = self._fonts[key] = pygame.font.Font(str(resources.fonts() / file), size)
        if len(self._fonts) > KEPT_FONTS:
            self._fonts.popitem(last=False)
        return font

    def for_text(self, text: str, role: str, size: int) -> pygame.font.Font:
        """The role's font, or the other script's face when the role's file cannot draw the text."""
        if text.isascii() and self.files is _LATIN or covers(self.files[role], text):
            return self.get(role, size)
        other = next((f for f in self.fallback[role] if covers(f, text)), None)
        return self.get(role, size, other)
