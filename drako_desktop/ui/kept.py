"""Pictures kept to be drawn again, within bounds: every window size, language and game has pictures and texts
of its own, and a long session passes through many of them."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Callable, Iterator, Protocol, TypeVar

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


class DrawsWords(Protocol):
    @property
    def text(self) -> Any: ...  # the texts it draws its words with: the language shown when it was made


Pictures = TypeVar("Pictures", bound=DrawsWords)


def for_the_texts(made: dict[Any, Pictures], key: Any, text: Any, still_fits: Callable[[Pictures], bool],
                  make: Callable[[], Pictures]) -> Pictures:
    """A game's pictures for `key`, made with `text` (the language shown) and kept; made again when they no longer
    `still_fit` (other card data). Those made with a language shown before go: each kept its texts (up to 128 MB)
    and their fonts open, one more set each time the language was switched."""
    found = made.get(key)
    if found is None or found.text is not text or not still_fits(found):
        for stale in [k for k, kept in made.items() if kept.text is not text]:
            del made[stale]
        found = made[key] = make()
    return found
