"""Text that fits: rendered once and cached, wrapped, shrunk or ellipsized to its box.

No box assumes the width of a text (translations are longer or shorter), so
every place that draws text gives the space it has and this module makes it
fit: first by wrapping (where more lines are allowed), then by a smaller size
down to a floor, and last by ending the text with an ellipsis.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from .fonts import Fonts

Colour = tuple[int, int, int]
ELLIPSIS = "…"
_CACHE_LIMIT = 3000


def _tokens(text: str) -> list[str]:
    """Words with their trailing space; a text without spaces (CJK) breaks between any two characters."""
    if " " not in text:
        return list(text)
    out, word = [], ""
    for ch in text:
        word += ch
        if ch == " ":
            out.append(word)
            word = ""
    if word:
        out.append(word)
    return out


class Text:
    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self._surfaces: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    def _remember(self, key: tuple, surface: pygame.Surface) -> pygame.Surface:
        self._surfaces[key] = surface
        if len(self._surfaces) > _CACHE_LIMIT:
            self._surfaces.popitem(last=False)
        return surface

    def _cached(self, key: tuple) -> pygame.Surface | None:
        found = self._surfaces.get(key)
        if found is not None:
            self._surfaces.move_to_end(key)
        return found

    # -- one line ------------------------------------------------------------------

    def render(self, text: str, role: str, size: int, colour: Colour, shadow: bool = False) -> pygame.Surface:
        key = ("line", text, role, size, colour, shadow)
        found = self._cached(key)
        if found is not None:
            return found
        font = self.fonts.get(role, size)
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
        return self.fonts.get(role, size).size(text)[0]

    def line_height(self, role: str, size: int) -> int:
        return self.fonts.get(role, size).get_linesize()

    def fit_size(self, text: str, role: str, size: int, max_width: int, min_size: int | None = None) -> int:
        """The largest size <= `size` (and >= the floor) at which the text is at most max_width wide."""
        floor = min_size or max(8, round(size * 0.7))
        while size > floor and self.width(text, role, size) > max_width:
            size -= 1
        return size

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
        return self._remember(key, self.render(self.ellipsize(text, role, fit, max_width), role, fit, colour, shadow))

    # -- paragraphs --------------------------------------------------------------------

    def wrap(self, text: str, role: str, size: int, width: int) -> list[str]:
        font = self.fonts.get(role, size)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for token in _tokens(paragraph):
                candidate = line + token
                if line and font.size(candidate.rstrip())[0] > width:
                    lines.append(line.rstrip())
                    line = token.lstrip() if " " in paragraph else token
                else:
                    line = candidate
            lines.append(line.rstrip())
        return lines

    def block(self, text: str, role: str, size: int, colour: Colour, width: int, max_height: int | None = None,
              align: str = "left", min_size: int | None = None, spacing: float = 1.0) -> pygame.Surface:
        """A wrapped paragraph at most `width` wide; shrunk (down to a floor) to fit max_height,
        and cut with an ellipsis if it still does not."""
        key = ("block", text, role, size, colour, width, max_height, align, min_size, spacing)
        found = self._cached(key)
        if found is not None:
            return found
        floor = min_size or max(8, round(size * 0.7))
        while True:
            lines = self.wrap(text, role, size, width)
            step = round(self.line_height(role, size) * spacing)
            if max_height is None or len(lines) * step <= max_height or size <= floor:
                break
            size -= 1
        if max_height is not None and len(lines) * step > max_height:
            keep = max(1, max_height // step)
            lines = lines[:keep]
            lines[-1] = self.ellipsize(lines[-1] + ELLIPSIS, role, size, width)
        surfaces = [self.render(self.ellipsize(line, role, size, width), role, size, colour) for line in lines]
        out = pygame.Surface((width, max(1, step * len(lines))), pygame.SRCALPHA)
        for i, line in enumerate(surfaces):
            x = {"left": 0, "center": (width - line.get_width()) // 2, "right": width - line.get_width()}[align]
            out.blit(line, (x, i * step))
        return self._remember(key, out)


def blit_at(target: pygame.Surface, surface: pygame.Surface, anchor: str, pos: tuple[int, int]) -> pygame.Rect:
    """Blit with the surface's rect anchored at pos (anchor: 'center', 'midleft', 'topright', ...)."""
    rect = surface.get_rect(**{anchor: pos})
    target.blit(surface, rect)
    return rect
