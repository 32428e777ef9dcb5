"""The README's contents line lists every section, in order, and each link finds its heading."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).parent.parent / "README.md"


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def test_the_contents_line_lists_every_section_in_order():
    text = README.read_text(encoding="utf-8")
    sections = re.findall(r"(?m)^## (.+)$", text)
    contents = text[text.index("**Contents:**"):text.index("\n\n", text.index("**Contents:**"))]
    links = re.findall(r"\[([^]]+)\]\(#([^)]+)\)", contents)
    assert [title for title, _ in links] == sections
    assert [target for _, target in links] == [anchor(s) for s in sections]
