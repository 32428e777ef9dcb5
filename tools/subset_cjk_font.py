#!/usr/bin/env python3
"""Build the Traditional Chinese subset fonts the game ships in fonts/.

What it makes
    fonts/NotoSansCJKtc-Subset-Regular.otf
    fonts/NotoSansCJKtc-Subset-Bold.otf      (unless --no-bold)

Each is the "Noto Sans CJK TC" face of Noto Sans CJK (SIL Open Font Licence
1.1, see fonts/OFL-NotoSansCJK.txt) cut down to the characters a zh-TW
translation of the game needs:

    * printable ASCII (U+0020-U+007E) and Latin-1 (U+00A0-U+00FF);
    * General Punctuation (U+2000-U+206F), the CJK Symbols and Punctuation
      block (U+3000-U+303F) and Halfwidth and Fullwidth Forms (U+FF00-U+FFEF),
      plus a few symbols the UI uses (arrows, minus sign, check marks);
    * the Big5 level-1 "frequently used" hanzi: every valid double-byte Big5
      code from 0xA440 to 0xC67E, decoded with Python's own `big5` codec
      (5,401 characters; computed offline, nothing is downloaded);
    * every character found in drako_desktop/locales/*.yaml, re-read on every
      run, so a new translation string can never end up as missing boxes.

Only characters the source face actually has are kept. The subset keeps the
CFF hints (crisper small text) and the OpenType layout features used for
horizontal text, and drops vertical-writing data and the per-language (locl)
JP/KR/SC/HK alternates, which pygame/SDL_ttf does not use and which would
double the size; this keeps Regular + Bold together under 4 MB
(about 1.6 MB each with the Big5 level-1 set).

What it needs
    * Python 3.11+ with fontTools:      pip install fonttools
    * the Noto Sans CJK collections from Debian/Ubuntu:
          apt-get install -y fonts-noto-cjk
      which gives /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc and
      NotoSansCJK-Bold.ttc. The TC face is found inside the collection by its
      family name "Noto Sans CJK TC" (it is index 3 in fonts-noto-cjk
      1:20220127, but the index is not relied on). A single-face
      NotoSansCJKtc-Regular.otf / -Bold.otf from upstream works as well
      (pass it with --regular / --bold).

How to run (from the repository root)
    python tools/subset_cjk_font.py                 # Regular + Bold
    python tools/subset_cjk_font.py --no-bold       # Regular only
    python tools/subset_cjk_font.py --check         # also render-test with pygame-ce
    python tools/subset_cjk_font.py --no-hinting    # smaller (about 1.3 MB each)
    python tools/subset_cjk_font.py --help          # all options

Re-run it whenever drako_desktop/locales/*.yaml gains new text, and commit
the rebuilt .otf files. The run prints how many characters were requested,
how many the face lacks (listed), and the size of every file written.
"""

from __future__ import annotations

import argparse
import sys
import unicodedata
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.ttLib.ttCollection import TTCollection

REPO = Path(__file__).resolve().parent.parent
FONTS = REPO / "fonts"
LOCALES = REPO / "drako_desktop" / "locales"
FAMILY = "Noto Sans CJK TC"
SEARCH_DIRS = [
    Path("/usr/share/fonts/opentype/noto"),
    Path("/usr/share/fonts/opentype/noto-cjk"),
    Path("/usr/share/fonts/noto-cjk"),
    Path("/usr/local/share/fonts"),
    Path("/Library/Fonts"),
]
SOURCE_NAMES = {
    "Regular": ["NotoSansCJK-Regular.ttc", "NotoSansCJKtc-Regular.otf"],
    "Bold": ["NotoSansCJK-Bold.ttc", "NotoSansCJKtc-Bold.otf"],
}
# Horizontal-text features worth keeping. Left out on purpose: locl (JP/KR/SC/HK
# alternates, which would pull in thousands of extra glyphs), vertical-writing
# features, and aalt/salt/jp78-style alternates.
LAYOUT_FEATURES = ["ccmp", "kern", "liga", "calt", "mark", "mkmk", "halt", "palt"]
EXTRA_SYMBOLS = "←↑→↓↔⇐⇒−×÷±✓✔✗✘★☆●○■□▲△▼▽◆◇…‧※"
TEST_TEXT = "德拉克：艾瑟莉亞口袋版 和諧點數 傳奇 未探索之地 魔法傳送門"


def big5_level1() -> set[str]:
    """Every valid double-byte Big5 code from 0xA440 to 0xC67E, decoded.

    Big5 lead bytes 0xA4-0xC6 with trail bytes 0x40-0x7E and 0xA1-0xFE; the
    range ends at 0xC67E, the last frequently-used hanzi.
    """
    chars: set[str] = set()
    for lead in range(0xA4, 0xC7):
        for trail in list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)):
            code = (lead << 8) | trail
            if not 0xA440 <= code <= 0xC67E:
                continue
            try:
                ch = bytes([lead, trail]).decode("big5")
            except UnicodeDecodeError:
                continue
            chars.add(ch)
    return chars


def base_set() -> set[str]:
    cps = list(range(0x20, 0x7F)) + list(range(0xA0, 0x100))
    cps += list(range(0x2000, 0x2070)) + list(range(0x3000, 0x3040)) + list(range(0xFF00, 0xFFF0))
    return {chr(c) for c in cps} | set(EXTRA_SYMBOLS)


def locale_chars(folder: Path, pattern: str = "*.yaml") -> tuple[set[str], list[Path]]:
    """All characters in every file matching `pattern` under `folder` (read as UTF-8 text)."""
    files = sorted(folder.rglob(pattern)) if folder.is_dir() else []  # parts of a language live in its folder
    chars: set[str] = set()
    for f in files:
        chars |= set(f.read_text(encoding="utf-8"))
    # Control characters and line breaks are not glyphs.
    chars = {c for c in chars if unicodedata.category(c)[0] != "C"}
    return chars, files


def find_source(weight: str) -> Path:
    for d in SEARCH_DIRS:
        for name in SOURCE_NAMES[weight]:
            p = d / name
            if p.is_file():
                return p
    sys.exit(
        f"error: no Noto Sans CJK {weight} source found in {', '.join(map(str, SEARCH_DIRS))}; "
        f"install it (apt-get install -y fonts-noto-cjk) or pass --{weight.lower()} PATH"
    )


def face_index(path: Path, family: str = FAMILY) -> int:
    """The index of `family` inside a .ttc (0 for a single-face font)."""
    if path.suffix.lower() not in (".ttc", ".otc"):
        return 0
    coll = TTCollection(str(path), lazy=True)
    for i, font in enumerate(coll.fonts):
        names = font["name"]
        fams = {names.getDebugName(16), names.getDebugName(1)}
        if family in fams:
            return i
    sys.exit(f"error: {path} has no face named {family!r}")


def build(src: Path, out: Path, text: set[str], hinting: bool, features: list[str]) -> tuple[int, set[str]]:
    index = face_index(src)
    # recalcTimestamp=False keeps head.modified from the source, so rebuilds are byte-identical.
    font = TTFont(str(src), fontNumber=index, lazy=False, recalcTimestamp=False)
    cmap = font.getBestCmap()
    missing = {c for c in text if ord(c) not in cmap}
    wanted = sorted(ord(c) for c in text if ord(c) in cmap)

    opts = subset.Options()
    opts.layout_features = list(features)
    opts.hinting = hinting
    opts.desubroutinize = False
    opts.name_IDs = ["*"]          # keep copyright, licence and trademark notices
    opts.name_languages = ["*"]
    opts.notdef_outline = True
    opts.glyph_names = False
    opts.drop_tables += ["VORG", "vhea", "vmtx", "BASE"]
    opts.recalc_bounds = True
    opts.prune_unicode_ranges = True
    sub = subset.Subsetter(options=opts)
    sub.populate(unicodes=wanted)
    sub.subset(font)
    out.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(out))
    return out.stat().st_size, missing


def render_check(paths: list[Path], text: str, png: Path | None) -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.font.init()
    lines = []
    for p in paths:
        f = pygame.font.Font(str(p), 40)
        lines.append(f.render(text, True, (240, 240, 240)))
        lines.append(
            pygame.font.Font(str(p), 18).render(f"{p.name}: {text} ABC abc 123 ，。「」！？", True, (200, 200, 160))
        )
    if png:
        w = max(s.get_width() for s in lines) + 40
        h = sum(s.get_height() + 10 for s in lines) + 30
        surf = pygame.Surface((w, h))
        surf.fill((28, 32, 40))
        y = 15
        for s in lines:
            surf.blit(s, (20, y))
            y += s.get_height() + 10
        pygame.image.save(surf, str(png))
        print(f"render check: wrote {png}")
    else:
        print("render check: pygame-ce opened and rendered every font")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--regular", type=Path, help="source font for Regular (.ttc or .otf); default: search system folders"
    )
    ap.add_argument("--bold", type=Path, help="source font for Bold (.ttc or .otf); default: search system folders")
    ap.add_argument("--no-bold", action="store_true", help="build only the Regular subset")
    ap.add_argument("--out-dir", type=Path, default=FONTS, help=f"output folder (default: {FONTS})")
    ap.add_argument("--locales", type=Path, default=LOCALES, help=f"folder of *.yaml translations (default: {LOCALES})")
    ap.add_argument(
        "--no-big5", action="store_true", help="leave out the Big5 level-1 set (locale text + punctuation only)"
    )
    ap.add_argument(
        "--no-hinting", action="store_true", help="drop the CFF hints (about 15%% smaller, softer small text)"
    )
    ap.add_argument(
        "--max-total", type=float, default=4.0, help="fail if the files together exceed this many MiB (default 4)"
    )
    ap.add_argument("--strict", action="store_true", help="fail if a character of the locale files is not in the font")
    ap.add_argument("--check", action="store_true", help="open the results with pygame-ce and render a test line")
    ap.add_argument("--check-png", type=Path, help="with --check, also save the test render to this PNG")
    args = ap.parse_args(argv)

    text = base_set()
    if not args.no_big5:
        b5 = big5_level1()
        print(f"Big5 level-1 (0xA440-0xC67E): {len(b5)} characters")
        text |= b5
    loc, files = locale_chars(args.locales)
    if files:
        new = loc - text
        print(
            f"locales: {len(files)} file(s) in {args.locales}, {len(loc)} distinct characters, "
            f"{len(new)} not already in the set"
        )
    else:
        print(f"locales: no {args.locales}/*.yaml yet (nothing added)")
    text |= loc
    print(f"requested: {len(text)} characters")

    weights = ["Regular"] if args.no_bold else ["Regular", "Bold"]
    written: list[Path] = []
    total = 0
    all_missing: set[str] = set()
    for w in weights:
        src = getattr(args, w.lower()) or find_source(w)
        out = args.out_dir / f"NotoSansCJKtc-Subset-{w}.otf"
        size, missing = build(src, out, text, not args.no_hinting, LAYOUT_FEATURES)
        total += size
        written.append(out)
        all_missing |= missing
        print(f"wrote {out} from {src} (face {face_index(src)}): {size:,} bytes ({size / 1048576:.2f} MiB)")
    # Characters the face lacks are only a problem if a translation drawn with it uses them (zh-*.yaml;
    # English and other Latin-script languages are drawn with the bundled Latin faces).
    cjk_loc, _ = locale_chars(args.locales / "zh-TW", "*.yaml")
    cjk_loc |= locale_chars(args.locales, "zh*.yaml")[0]
    loc_missing = sorted(c for c in all_missing if c in cjk_loc)
    other_missing = len(all_missing) - len(loc_missing)
    print(f"not in the source face: {other_missing} punctuation/symbol code points of the requested blocks (harmless)")
    if loc_missing:
        print(
            "WARNING: locale characters missing from the font: " + " ".join(f"{c}(U+{ord(c):04X})" for c in loc_missing)
        )
    print(f"total: {total:,} bytes ({total / 1048576:.2f} MiB)")
    if args.check:
        render_check(written, TEST_TEXT, args.check_png)
    if args.strict and loc_missing:
        print("error: --strict and locale characters are missing", file=sys.stderr)
        return 1
    if total > args.max_total * 1048576:
        print(f"error: total exceeds {args.max_total} MiB", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
