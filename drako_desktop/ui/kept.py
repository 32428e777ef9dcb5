"""Pictures kept to be drawn again, within bounds: every window size, language and game has pictures and texts
of its own, and a long session passes through many of them."""

from __future__ import annotations

from collections import OrderedDict
from typing import Iterator

import pygame


def size_of(picture: pygame.Surface) -> int:
    """The bytes of a picture's pixels."""
    return picture.get_width() * picture.get_height() * picture.get_bytesize()


class KeptPictures:
    """Pictures by key: past `most_bytes` bytes (or `most` pictures), the least recently asked for go first."""

    def __init__(self, most_bytes: int, most: int | None = None) -> None:
        self._pictures: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.bytes = 0
        self.most_bytes = most_bytes
        self.most = most

    def get(self, key: tuple) -> pygame.Surface | None:
        found = self._pictures.get(key)
        if found is not None:
            self._pictures.move_to_end(key)
        return found

    def keep(self, key: tuple, picture: pygame.Surface) -> pygame.Surface:
        replaced = self._pictures.pop(key, None)
        if replaced is not None:
            self.bytes -= size_of(replaced)
        self._pictures[key] = picture
        self.bytes += size_of(picture)
        while len(self._pictures) > 1 and (self.bytes > self.most_bytes
                                           or self.most is not None and len(self._pictures) > self.most):
            _, dropped = self._pictures.popitem(last=False)
            self.bytes -= size_of(dropped)
        return picture

    def clear(self) -> None:
        self._pictures.clear()
        self.bytes = 0

    def values(self) -> list[pygame.Surface]:
        return list(self._pictures.values())

    def __iter__(self) -> Iterator[tuple]:
        return iter(list(self._pictures))

    def __len__(self) -> int:
        return len(self._pictures)

    def __contains__(self, key: object) -> bool:
        return key in self._pictures
