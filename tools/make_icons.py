"""The application icon, drawn from the game's own art: the Dragon card's emblem of Aetherya Pocket (its
colour and its icon from cards/aetherya-pocket/kingdom.yaml, drawn as the card draws it: a shaded tile,
a dark disc ringed in the card's light, the white dragon on it).

Writes packaging/icons/drako-desktop.png (512 px: Linux's desktop entry, the window's icon), .ico
(16 to 256 px: the Windows executable) and .icns (128 to 1024 px: the macOS bundle), all from one
1024 px drawing. The ICO and ICNS files hold PNG images (Windows Vista+, macOS 10.7+ read them).

    .venv/bin/python tools/make_icons.py
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402  (after the driver is chosen)
import yaml  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards" / "aetherya-pocket"
OUT = ROOT / "packaging" / "icons"
SIZE = 1024
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = {b"ic07": 128, b"ic08": 256, b"ic09": 512, b"ic10": 1024, b"ic11": 32, b"ic12": 64, b"ic13": 256,
              b"ic14": 512}


def shade(colour: tuple[int, int, int], factor: float) -> tuple[int, int, int]:
    return tuple(max(0, min(255, round(c * factor))) for c in colour)  # type: ignore[return-value]


def dragon_card() -> tuple[tuple[int, int, int], Path]:
    kingdom = yaml.safe_load((CARDS / "kingdom.yaml").read_text(encoding="utf-8"))
    card = next(c for c in kingdom["types"] if c["id"] == "dragon")
    text = card["colour"].lstrip("#")
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)), CARDS / card["icon"]


def draw() -> pygame.Surface:
    colour, icon_path = dragon_card()
    surf = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    margin, radius = SIZE // 16, SIZE // 5
    tile = pygame.Rect(margin, margin, SIZE - 2 * margin, SIZE - 2 * margin)
    pygame.draw.rect(surf, (*shade(colour, 0.42), 255), tile, border_radius=radius)
    inner = tile.inflate(-SIZE // 16, -SIZE // 16)
    face = pygame.Surface(inner.size, pygame.SRCALPHA)
    for y in range(inner.height):  # the card's gradient: lighter at the top
        t = y / (inner.height - 1)
        pygame.draw.line(face, (*shade(colour, 1.18 * (1 - t) + 0.72 * t), 255), (0, y), (inner.width, y))
    corners = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(corners, (255, 255, 255, 255), corners.get_rect(), border_radius=radius - SIZE // 32)
    face.blit(corners, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(face, inner)
    centre, disc = (SIZE // 2, SIZE // 2), round(SIZE * 0.34)
    pygame.draw.circle(surf, (*shade(colour, 0.38), 255), centre, disc)
    pygame.draw.circle(surf, (*shade(colour, 1.35), 255), centre, disc, width=disc // 14)
    icon = pygame.image.load_sized_svg(str(icon_path), (round(disc * 1.4), round(disc * 1.4)))
    surf.blit(icon, icon.get_rect(center=centre))
    return surf


def png(surface: pygame.Surface, size: int) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(pygame.transform.smoothscale(surface, (size, size)), buffer, "png")
    return buffer.getvalue()


def ico(surface: pygame.Surface) -> bytes:
    images = [png(surface, size) for size in ICO_SIZES]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries = b""
    for size, data in zip(ICO_SIZES, images):
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return header + entries + b"".join(images)


def icns(surface: pygame.Surface) -> bytes:
    body = b"".join(kind + struct.pack(">I", 8 + len(data)) + data
                    for kind, data in ((kind, png(surface, size)) for kind, size in ICNS_TYPES.items()))
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    pygame.init()
    pygame.display.set_mode((1, 1))
    picture = draw()
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "drako-desktop.png").write_bytes(png(picture, 512))
    (OUT / "drako-desktop.ico").write_bytes(ico(picture))
    (OUT / "drako-desktop.icns").write_bytes(icns(picture))
    print(f"wrote {OUT.relative_to(ROOT)}/drako-desktop.png, .ico, .icns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
