"""Text that fits: rendered once and cached, wrapped, shrunk or ellipsized to its box.

No box assumes the width of a text (translations are longer or shorter), so
every place that draws text gives the space it has and this module makes it
fit: first by wrapping (where more lines are allowed), then by a smaller size
down to a floor, and last by ending the text with an ellipsis.
"""

from __future__ import annotations

from typing import Callable

import pygame

from .fonts import Fonts
from .kept import KeptPictures

Colour = tuple[int, int, int]
ELLIPSIS = "…"
HYPHEN = "-"
SMALLEST = 6  # px: a label shrinks down to this before it is cut; below it no text is legible
# The most texts kept, and the most they may take: every text drawn is kept (each game's log lines and scores
# are new ones, and each window size and language has its own); at 3840 x 2160, 3000 texts took 450 MB. The least
# recently drawn go first. A table's texts at that size take about 50 MB.
KEPT_TEXTS = 3000
KEPT_TEXT_BYTES = 128 * 2**20


# Where a line of CJK text may break: between any two ideographs or kana, but never before closing
# punctuation nor after opening punctuation (the usual kinsoku rules of Traditional Chinese text).
_NO_START = set("，。、；：！？）」』】〉》〕…‧·%％,.;:!?)]}»”’")
_NO_END = set("（「『【〈《〔([{«“‘")


def _breaks_anywhere(ch: str) -> bool:
    code = ord(ch)
    return 0x2E80 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF


def _tokens(text: str) -> list[str]:
    """The pieces a line may break between: words with their trailing space, and each CJK character
    (closing punctuation stays with the character before it, opening punctuation with the one after)."""
    out: list[str] = []
    word = ""
    for ch in text:
        if ch in _NO_START and (out or word):
            word += ch
            continue
        if _breaks_anywhere(ch) or ch in _NO_END:
            if word and word[-1] not in _NO_END:
                out.append(word)
                word = ""
            word += ch
            if ch not in _NO_END:
                out.append(word)
                word = ""
            continue
        if word and _breaks_anywhere(word[-1]) and word[-1] not in _NO_END:
            out.append(word)
            word = ""
        word += ch
        if ch == " ":
            out.append(word)
            word = ""
    if word:
        out.append(word)
    # Closing punctuation written after a finished CJK token joins it.
    merged: list[str] = []
    for token in out:
        if merged and token[0] in _NO_START and not merged[-1].endswith(" "):
            merged[-1] += token
        else:
            merged.append(token)
    return merged


def _hyphenated_head(word: str, fits: Callable[[str], bool]) -> str:
    """The longest start of `word` (at least one letter) that fits a line with a hyphen after it.

    Found by halving (a start is never narrower than a shorter one): trying every length, each measured
    whole, made a word of 10,000 letters (a value from a hostile file quoted in a message) take minutes."""
    low, high = 1, len(word) - 1  # word[:low] is kept whether it fits or not; is anything longer fitting?
    while low < high:
        middle = (low + high + 1) // 2
        if fits(word[:middle] + HYPHEN):
            low = middle
        else:
            high = middle - 1
    return word[:low]


class TextCheck:
    """A test hook (tests/test_i18n_layout.py): every text drawn while it is installed as
    `text.checking`, with what it had to fit, whether it had to be cut, and where it went."""

    def __init__(self) -> None:
        self.clipped: list[tuple[str, str]] = []  # (text, how it was cut)
        self.placed: list[tuple[str, pygame.Rect, pygame.Rect]] = []  # (text, its rect, the box it belongs in)
        self.surfaces: dict[int, tuple[str, pygame.Surface]] = {}

    def made(self, surface: pygame.Surface, text: str, cut: str = "") -> None:
        self.surfaces[id(surface)] = (text, surface)
        if cut:
            self.clipped.append((text, cut))

    def drawn(self, surface: pygame.Surface, rect: pygame.Rect, box: pygame.Rect) -> None:
        found = self.surfaces.get(id(surface))
        if found is not None and found[1] is surface:
            self.placed.append((found[0], pygame.Rect(rect), pygame.Rect(box)))


checking: TextCheck | None = None


KEPT_WIDTHS = 20_000  # measured words and wrapped texts kept (a few MB at most): all forgotten when there are more


class Text:
    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self._surfaces = KeptPictures(KEPT_TEXT_BYTES, KEPT_TEXTS)
        self._widths: dict[tuple[str, str, str, int], int] = {}
        self._wraps: dict[tuple[str, str, str, int, int, bool], tuple[str, ...]] = {}  # (as `wrap` broke them)

    def _remember(self, key: tuple, surface: pygame.Surface) -> pygame.Surface:
        return self._surfaces.keep(key, surface)

    def _cached(self, key: tuple) -> pygame.Surface | None:
        return self._surfaces.get(key)

    # -- one line ------------------------------------------------------------------

    def render(self, text: str, role: str, size: int, colour: Colour, shadow: bool = False) -> pygame.Surface:
        key = ("line", text, role, size, colour, shadow)
        found = self._cached(key)
        if found is not None:
            return found
        font = self.fonts.for_text(text, role, size)
        face = font.render(text, True, colour)
        if shadow:
            offset = max(1, size // 14)
            out = pygame.Surface((face.get_width() + offset, face.get_height() + offset), pygame.SRCALPHA)
            dark = font.render(text, True, (0, 0, 0))
            dark.set_alpha(150)
            out.blit(dark, (offset, offset))
            out.blit(face, (0, 0))
            face = out
        return self._remember(key, face)

    def width(self, text: str, role: str, size: int) -> int:
        # Remembered: a frame measures the same words again and again (fitting, wrapping, centring).
        key = (self.fonts.language, text, role, size)
        found = self._widths.get(key)
        if found is None:
            if len(self._widths) >= KEPT_WIDTHS:
                self._widths.clear()
            found = self._widths[key] = self.fonts.for_text(text, role, size).size(text)[0]
        return found

    def line_height(self, role: str, size: int) -> int:
        return self.fonts.get(role, size).get_linesize()

    def fit_size(self, text: str, role: str, size: int, max_width: int, min_size: int | None = None) -> int:
        """The largest size <= `size` (and >= the floor) at which the text is at most max_width wide."""
        floor = min_size or max(8, round(size * 0.7))
        while size > floor and self.width(text, role, size) > max_width:
            size -= 1
        return size

    def label(self, text: str, role: str, size: int, colour: Colour, max_width: int, max_height: int,
              min_size: int | None = None) -> pygame.Surface:
        """A short label (a card's name) that is never dropped nor cut: on one line, shrunk down to the floor;
        else on two lines broken between words, at the largest size they fit `max_height`; else on one line
        shrunk below the floor, down to the smallest legible size; and only if a single word is still too
        wide there, hyphenated. The same picture as `fitted` whenever that one fits without an ellipsis."""
        key = ("label", text, role, size, colour, max_width, max_height, min_size)
        found = self._cached(key)
        if found is not None:
            return found
        floor = min_size or max(8, round(size * 0.7))
        fit = self.fit_size(text, role, size, max_width, floor)
        if self.width(text, role, fit) <= max_width:
            return self._remember(key, self.render(text, role, fit, colour))
        lines: list[str] = []
        for two in range(size, SMALLEST - 1, -1):  # two lines between words, if they are several
            lines = self.wrap(text, role, two, max_width)
            if len(lines) == 2 and 2 * self.line_height(role, two) <= max_height and \
                    all(self.width(line, role, two) <= max_width for line in lines):
                return self._remember(key, self._lines(lines, role, two, colour, max_width, "center", 1.0))
        one = self.fit_size(text, role, fit, max_width, SMALLEST)
        lines = self.wrap(text, role, one, max_width, hyphenate=True)
        return self._remember(key, self._lines(lines, role, one, colour, max_width, "center", 1.0))

    def _lines(self, lines: list[str], role: str, size: int, colour: Colour, width: int, align: str,
               spacing: float, tight: bool = False) -> pygame.Surface:
        step = round(self.line_height(role, size) * spacing)
        surfaces = [self.render(line, role, size, colour) for line in lines]
        if tight:
            width = max(1, max(line.get_width() for line in surfaces))
        out = pygame.Surface((width, max(1, step * len(lines))), pygame.SRCALPHA)
        for i, line in enumerate(surfaces):
            x = {"left": 0, "center": (width - line.get_width()) // 2, "right": width - line.get_width()}[align]
            out.blit(line, (x, i * step))
        return out

    def ellipsize(self, text: str, role: str, size: int, max_width: int) -> str:
        if self.width(text, role, size) <= max_width:
            return text
        while text and self.width(text + ELLIPSIS, role, size) > max_width:
            text = text[:-1]
        return text.rstrip() + ELLIPSIS

    def fitted(self, text: str, role: str, size: int, colour: Colour, max_width: int,
               min_size: int | None = None, shadow: bool = False) -> pygame.Surface:
        """One line at most max_width wide: shrunk, then ellipsized if still too long."""
        key = ("fitted", text, role, size, colour, max_width, min_size, shadow)
        found = self._cached(key)
        if found is not None:
            return found
        fit = self.fit_size(text, role, size, max_width, min_size)
        shown = self.ellipsize(text, role, fit, max_width)
        out = self._remember(key, self.render(shown, role, fit, colour, shadow))
        if checking is not None:
            checking.made(out, text, f"ellipsized to {max_width}px" if shown != text else "")
        return out

    # -- paragraphs --------------------------------------------------------------------

    def wrap(self, text: str, role: str, size: int, width: int, hyphenate: bool = False) -> list[str]:
        """Lines at most `width` wide, broken between words (and between CJK characters), never inside a
        word; with `hyphenate`, a single word wider than a whole line is broken with a hyphen instead of
        being left too wide."""
        key = (self.fonts.language, text, role, size, width, hyphenate)
        found = self._wraps.get(key)
        if found is None:
            if len(self._wraps) >= KEPT_WIDTHS:
                self._wraps.clear()
            found = self._wraps[key] = tuple(self._wrap(text, role, size, width, hyphenate))
        return list(found)

    def _wrap(self, text: str, role: str, size: int, width: int, hyphenate: bool) -> list[str]:
        font = self.fonts.for_text(text, role, size)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for token in _tokens(paragraph):
                candidate = line + token
                if line and font.size(candidate.rstrip())[0] > width:
                    lines.append(line.rstrip())
                    line = token.lstrip()
                else:
                    line = candidate
                while hyphenate and font.size(line.rstrip())[0] > width and len(line.strip()) > 1:
                    head = _hyphenated_head(line.strip(), lambda s: font.size(s)[0] <= width)
                    lines.append(head + HYPHEN)
                    line = line.strip()[len(head):] + (" " if line.endswith(" ") else "")
            lines.append(line.rstrip())
        return lines

    def fits(self, text: str, role: str, size: int, width: int, max_height: int, spacing: float = 1.0) -> bool:
        """Whether the paragraph, wrapped at `width` at this size, is no taller than `max_height` and has no word
        wider than a line (what `block` would show without cutting, at that size)."""
        lines = self.wrap(text, role, size, width)
        return len(lines) * round(self.line_height(role, size) * spacing) <= max_height and \
            all(self.width(line, role, size) <= width for line in lines)

    def block(self, text: str, role: str, size: int, colour: Colour, width: int, max_height: int | None = None,
              align: str = "left", min_size: int | None = None, spacing: float = 1.0,
              tight: bool = False) -> pygame.Surface:
        """A wrapped paragraph at most `width` wide; shrunk (down to a floor) to fit max_height,
        and cut with an ellipsis if it still does not. `tight`: the picture is only as wide as its longest
        line (left-aligned text placed by its left edge), not `width`: a status line across a 4K window is
        otherwise 3,000 transparent pixels a row to blend."""
        key = ("block", text, role, size, colour, width, max_height, align, min_size, spacing, tight)
        found = self._cached(key)
        if found is not None:
            return found
        floor = min_size or max(8, round(size * 0.7))
        while True:
            lines = self.wrap(text, role, size, width)
            step = round(self.line_height(role, size) * spacing)
            fits = max_height is None or len(lines) * step <= max_height
            if (fits and all(self.width(line, role, size) <= width for line in lines)) or size <= floor:
                break
            size -= 1  # too tall, or a word wider than the line: smaller, before any word is cut
        if any(self.width(line, role, size) > width for line in lines):  # at the floor: hyphenate the word
            lines = self.wrap(text, role, size, width, hyphenate=True)
        cut = ""
        if max_height is not None and len(lines) * step > max_height:
            keep = max(1, max_height // step)
            cut = f"{len(lines) - keep} of {len(lines)} lines cut to fit {max_height}px"
            lines = lines[:keep]
            lines[-1] = self.ellipsize(lines[-1] + ELLIPSIS, role, size, width)
        shown = [self.ellipsize(line, role, size, width) for line in lines]
        if not cut and shown != lines:
            cut = f"a word wider than {width}px"
        out = self._lines(shown, role, size, colour, width, align, spacing, tight)
        if checking is not None:
            checking.made(out, text, cut)
        return self._remember(key, out)


def blit_at(target: pygame.Surface, surface: pygame.Surface, anchor: str, pos: tuple[int, int],
            box: pygame.Rect | None = None) -> pygame.Rect:
    """Blit with the surface's rect anchored at pos (anchor: 'center', 'midleft', 'topright', ...).
    `box`: the area the text belongs in (default: the whole target), for the layout tests."""
    rect = surface.get_rect(**{anchor: pos})
    target.blit(surface, rect)
    if checking is not None:
        checking.drawn(surface, rect, box if box is not None else target.get_rect())
    return rect
