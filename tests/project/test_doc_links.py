"""Every relative link of the README and of the pages in docs/ leads somewhere: to a file
of the repository, to a heading of a Markdown page (`page.md#a-heading`, as GitHub makes
the anchor from the heading's words), or to a line of a source file (`file.py#L12`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers.pages import PAGES, prose
from helpers.paths import ROOT

#: A Markdown link or image, [text](target) or ![alt](target), with no title.
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: the words of the heading in lower case, its
    punctuation dropped (dashes kept), each space a dash."""
    words = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text stays
    return re.sub(r"[^\w\- ]", "", words.strip().lower()).replace(" ", "-")


def prose_keep_spans(page: Path) -> str:
    """The page without its code blocks (a heading's code spans are part of its anchor)."""
    text = page.read_text(encoding="utf-8")
    return re.sub(r"^ *```.*?^ *```", "", text, flags=re.S | re.M)


def anchors(page: Path) -> set[str]:
    """The anchors of a page's headings; a heading met again gets -1, -2 … as on GitHub."""
    found: set[str] = set()
    for heading in re.findall(r"^#{1,6} +(.+?) *#*$", prose_keep_spans(page), flags=re.M):
        name, number = anchor(heading), 1
        while name in found:
            name, number = f"{anchor(heading)}-{number}", number + 1
        found.add(name)
    return found


def links(page: Path) -> list[str]:
    """The relative links of a page (not web addresses, not mail)."""
    return [target for target in LINK.findall(prose(page.read_text(encoding="utf-8")))
            if not re.match(r"[a-z][a-z+.-]*:", target)]


def test_the_pages_have_links_to_check() -> None:
    readme = links(ROOT / "README.md")
    assert "docs/printing.md" in readme and "docs/images/classic-sheet.png" in readme
    assert anchor("Situation files: `cardgen explain`") == "situation-files-cardgen-explain"
    assert anchor("The engine's oracles") == "the-engines-oracles"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_relative_link_leads_to_a_file_and_heading_that_exist(page: Path) -> None:
    broken = []
    for target in links(page):
        path, _, fragment = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.is_file() or ROOT not in file.parents:
            broken.append(f"{target}: no such file in the repository")
        elif fragment and file.suffix == ".md" and fragment not in anchors(file):
            broken.append(f"{target}: no heading #{fragment} in {file.name}")
        elif re.fullmatch(r"L\d+", fragment) and \
                int(fragment[1:]) > len(file.read_text(encoding="utf-8").splitlines()):
            broken.append(f"{target}: {file.name} has no line {fragment[1:]}")
    assert broken == []
