"""The README and docs/ hold together: the README stays a front page, its contents line lists every section in order,
and every page of docs/ is in its table of contents."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
README_MAX_LINES = 250  # a front page a newcomer reads in two minutes; the rest is in docs/


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def pages() -> list[Path]:
    return [README, *sorted(DOCS.rglob("*.md"))]


def test_the_readme_is_a_front_page():
    assert len(README.read_text(encoding="utf-8").splitlines()) <= README_MAX_LINES


def test_every_contents_line_lists_every_section_in_order():
    with_contents = [page for page in pages() if "**Contents:**" in page.read_text(encoding="utf-8")]
    assert README in with_contents
    for page in with_contents:
        text = page.read_text(encoding="utf-8")
        sections = re.findall(r"(?m)^## (.+)$", text)
        contents = text[text.index("**Contents:**"):text.index("\n\n", text.index("**Contents:**"))]
        links = re.findall(r"\[([^]]+)\]\(#([^)]+)\)", contents)
        assert [title for title, _ in links] == sections, page.name
        assert [target for _, target in links] == [anchor(s) for s in sections], page.name


def test_the_readme_lists_every_page_of_the_docs():
    text = README.read_text(encoding="utf-8")
    table = text[text.index("## Documentation"):text.index("\n## ", text.index("## Documentation") + 1)]
    listed = set(re.findall(r"\]\((docs/[^)#]+\.md)\)", table))
    assert listed == {page.relative_to(ROOT).as_posix() for page in DOCS.glob("*.md")}
