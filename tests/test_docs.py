"""The README and docs/ hold together: the README stays a front page, its contents line lists every section in order,
every page of docs/ is in its table of contents, every relative link resolves inside the repository (a heading too),
and every `make` target and `drako-desktop` command the pages name exists."""

from __future__ import annotations

import argparse
import re
import shlex
from pathlib import Path

ROOT = Path(__file__).parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
README_MAX_LINES = 250  # a front page a newcomer reads in two minutes; the rest is in docs/


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def pages() -> list[Path]:
    return [README, ROOT / "CHANGELOG.md", *sorted(DOCS.rglob("*.md"))]


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
    assert listed == {page.relative_to(ROOT).as_posix() for page in DOCS.rglob("*.md")}


# -- links, make targets and commands -----------------------------------------------------------------------------

FENCE = re.compile(r"(?ms)^```.*?^```")
CODE_SPAN = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
OUTSIDE = re.compile(r"[a-z][a-z0-9+.-]*:")  # a scheme: https:, mailto: ... (not checked here)


def code_of(text: str) -> list[str]:
    """The code a page shows: its fenced blocks' lines and its code spans."""
    blocks = [line for block in FENCE.findall(text) for line in block.splitlines()[1:-1]]
    return blocks + CODE_SPAN.findall(FENCE.sub("", text))


def prose_of(text: str) -> str:
    """A page without its code: a link written inside code is not a link."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def headings_anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a page's headings (a second heading of the same words gets -1, a third -2 ...)."""
    found: dict[str, int] = {}
    anchors = set()
    for heading in re.findall(r"(?m)^#{1,6} (.+?)\s*#*\s*$", FENCE.sub("", page.read_text(encoding="utf-8"))):
        name = anchor(CODE_SPAN.sub(r"\1", heading))
        seen = found.get(name, 0)
        found[name] = seen + 1
        anchors.add(name if seen == 0 else f"{name}-{seen}")
    return anchors


def broken_links(page: Path, root: Path = ROOT) -> list[str]:
    root, problems = root.resolve(), []
    for target in LINK.findall(prose_of(page.read_text(encoding="utf-8"))):
        if OUTSIDE.match(target):
            continue
        path, _, fragment = target.partition("#")
        if target.startswith("../"):
            problems.append(f"{target}: starts with ../")
        destination = (page.parent / path).resolve() if path else page
        if root != destination and root not in destination.parents:
            problems.append(f"{target}: outside the repository")
        elif not destination.exists():
            problems.append(f"{target}: no such file")
        elif fragment and destination.suffix == ".md" and fragment not in headings_anchors(destination):
            problems.append(f"{target}: no such heading")
    return [f"{page.resolve().relative_to(root)}: {problem}" for problem in problems]


def test_every_relative_link_resolves_inside_the_repository():
    assert [problem for page in pages() for problem in broken_links(page)] == []


def make_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return {name for names in re.findall(r"(?m)^([^\s:=#][^:=]*):(?!=)", text) for name in names.split()}


def named_make_targets(text: str) -> set[str]:
    return {found for code in code_of(text) for found in re.findall(r"(?<![\w/.-])make ([a-z][\w.-]*)", code)}


def test_every_make_target_the_docs_name_exists():
    targets = make_targets()
    assert {"play", "test"} <= targets
    missing = {f"{page.relative_to(ROOT)}: make {name}" for page in pages()
               for name in named_make_targets(page.read_text(encoding="utf-8")) - targets}
    assert missing == set()


def command_lines(text: str) -> list[list[str]]:
    """What follows `drako-desktop` in each command line a page shows, as words (a path to the frozen app, the log
    file's name and a message's `drako-desktop:` are not command lines)."""
    found = []
    for code in code_of(text):
        for rest in re.findall(r"(?<![\w/.-])drako-desktop(?=\s|$)((?: +[^ ]+)*)", code):
            rest = re.sub(r"\\?\|", " ", rest)  # FILE|--last: either
            try:
                words = shlex.split(rest)
            except ValueError:  # a quote the page leaves open
                words = rest.split()
            found.append([w for w in (word.strip("[]()") for word in words) if w])
    return found


def unknown_commands(words: list[str], parser: argparse.ArgumentParser) -> list[str]:
    """Subcommands and options of one command line that the command line's parser does not have."""
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    takes_value = {option for action in parser._actions if action.nargs != 0 for option in action.option_strings}
    problems, command, words = [], None, list(words)
    while words and command is None:
        word = words.pop(0)
        if word.startswith("-"):
            option = word.split("=")[0]
            if option not in parser._option_string_actions:
                problems.append(option)
            elif option in takes_value and "=" not in word and words:
                words.pop(0)
        elif re.fullmatch(r"[a-z][a-z-]*", word):
            command = word
        else:
            break  # a placeholder (COMMAND, FILE) or what the page leaves out (...)
    if command is not None and command not in subparsers.choices:
        return problems + [command]
    options = parser._option_string_actions.keys() | (
        subparsers.choices[command]._option_string_actions.keys() if command else
        {o for sub in subparsers.choices.values() for o in sub._option_string_actions})
    return problems + [w.split("=")[0] for w in words if w.startswith("--") and w.split("=")[0] not in options]


def test_every_command_the_docs_name_exists():
    from drako_desktop.cli import build_parser

    parser = build_parser()
    problems, named = [], 0
    for page in pages():
        for words in command_lines(page.read_text(encoding="utf-8")):
            named += 1
            problems += [f"{page.relative_to(ROOT)}: drako-desktop {' '.join(words)}: {unknown}"
                         for unknown in unknown_commands(words, parser)]
    assert named > 20 and problems == []


def test_the_checks_of_the_docs_find_what_is_wrong(tmp_path):
    """Each check above on a page made wrong on purpose: a link out of the repository, a missing file, a missing
    heading, a make target and a command that do not exist."""
    from drako_desktop.cli import build_parser

    docs = tmp_path / "repository" / "docs"
    docs.mkdir(parents=True)
    (docs / "testing.md").write_text("# Testing\n\n## Running part of it\n", encoding="utf-8")
    page = docs / "a-page-made-wrong.md"
    page.write_text("# A page\n\n## Seen here\n\n[out](../../elsewhere.md) [gone](no-such-page.md) "
                    "[heading](testing.md#no-such-heading) [fine](#seen-here) "
                    "[also fine](testing.md#running-part-of-it) `[code](not-a-link.md)`\n", encoding="utf-8")
    assert [p.split(": ", 1)[1] for p in broken_links(page, tmp_path / "repository")] == [
        "../../elsewhere.md: starts with ../", "../../elsewhere.md: outside the repository",
        "no-such-page.md: no such file", "testing.md#no-such-heading: no such heading"]
    assert named_make_targets("`make play` and `make bench-everything`") - make_targets() == {"bench-everything"}
    parser = build_parser()
    assert unknown_commands(["--cards", "DIR", "simulate", "--games", "3", "--no-such-option"], parser) == \
        ["--no-such-option"]
    assert unknown_commands(["teleport", "--seed", "1"], parser) == ["teleport"]
    assert unknown_commands(["play", "--seats", "human,ai:hard", "--continue"], parser) == []
    assert command_lines("`drako-desktop review FILE\\|--last [--seat N]` and `drako-desktop: an error` and "
                         "`dist/drako-desktop/drako-desktop --window`") == [["review", "FILE", "--last", "--seat", "N"]]
