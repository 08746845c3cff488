"""Comments and docstrings name only files that exist.

A comment that sends the reader to ``docs/rules.md``, ``cardgen/data/layout.toml`` or
``tests/project/test_where.py`` must name a file (or folder) of the repository, so that a file
moved or renamed cannot leave a dead pointer behind. The comments and docstrings of
``cardgen/``, ``tests/`` and ``benchmarks/`` are read, and the comments of cardgen's data
files (``cardgen/data/**/*.toml``). A section named after its page, in brackets or
after 's, as in ``docs/playing.md ("Situation files")``, must be a heading of that page.

The rules inventory is not in the repository: it sits beside it, as
``../shared/RULES.md``, and a reference to it must say so. The repository's own account
of the rules, with the same ids, is ``docs/rules.md``.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

from helpers.paths import ROOT

#: Where a reference may point outside the repository: the folder shared beside it.
OUTSIDE = "../shared/"
#: A path from the top of the repository (or beside it), or a file at its top (README.md).
REFERENCE = re.compile(
    r"(?<![\w./-])((?:\.\./[\w./-]+)|"
    r"(?:docs|cardgen|tests|benchmarks|templates|examples|fonts|\.ci)/[\w./{},*<>-]*|"
    r"[A-Z][A-Z_]*\.md)")
#: A section named after its page: the page, then the heading in quotes, in brackets or
#: after 's.
SECTION = re.compile(r"\b(README|[\w./-]+\.md)(?:'s)? \(?[\"“]([^\"”]+)[\"”]")


def references(text: str) -> list[str]:
    """The paths a line names, without the punctuation of the sentence after them."""
    return [reference.rstrip(".,:;)") for reference in REFERENCE.findall(text)]


def sources() -> list[Path]:
    found = [path for folder in ("cardgen", "tests", "benchmarks")
             for path in (ROOT / folder).rglob("*.py")]
    return sorted(found + list((ROOT / "cardgen" / "data").rglob("*.toml")))


def python_texts(source: str) -> Iterator[tuple[int, str]]:
    """Each line of a module's comments and docstrings, with its line number."""
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef |
                      ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                for offset, line in enumerate(first.value.value.splitlines()):
                    yield first.lineno + offset, line


def toml_texts(source: str) -> Iterator[tuple[int, str]]:
    """Each comment of a TOML file, with its line number: what follows a # outside a
    string."""
    for number, line in enumerate(source.splitlines(), start=1):
        quoted = False
        for index, char in enumerate(line):
            if char == '"':
                quoted = not quoted
            elif char == "#" and not quoted:
                yield number, line[index:]
                break


def texts(path: Path) -> Iterator[tuple[int, str]]:
    source = path.read_text(encoding="utf-8")
    yield from (python_texts(source) if path.suffix == ".py" else toml_texts(source))


def pattern(reference: str) -> str:
    """A reference as a glob from the top of the repository: a placeholder in capitals
    or in <angle brackets> (``shops/NAME.toml``, ``_own_cards.<lang>.md.j2``) is any
    name."""
    reference = re.sub(r"<[^>]*>", "*", reference)
    return "/".join(re.sub(r"\b[A-Z]{1,8}\b(?=\.)", "*", part) if "/" in reference
                    else part for part in reference.split("/"))


def alternatives(reference: str) -> list[str]:
    """A reference with braces, ``{classic,house}.{fr,en}.md.j2``, as each name it gives."""
    match = re.search(r"\{([^{}]*)\}", reference)
    if not match:
        return [reference]
    return [name for choice in match[1].split(",")
            for name in alternatives(reference[:match.start()] + choice
                                     + reference[match.end():])]


def exists(reference: str) -> bool:
    for name in alternatives(pattern(reference)):
        if any(char in name for char in "*?["):
            if not any(ROOT.glob(name.rstrip("/"))):
                return False
        elif not (ROOT / name).exists():
            return False
    return True


def headings(page: Path) -> list[str]:
    text = re.sub(r"^ *```.*?^ *```", "", page.read_text(encoding="utf-8"),
                  flags=re.S | re.M)
    return [heading.replace("`", "") for heading in re.findall(r"^#+ +(.+)$", text,
                                                               flags=re.M)]


def problems_of(path: Path) -> list[str]:
    where = path.relative_to(ROOT).as_posix()
    found = []
    for number, text in texts(path):
        for reference in references(text):
            if reference.startswith(OUTSIDE):
                continue
            if reference.startswith("../"):
                found.append(f"{where}:{number}: {reference} is outside the repository")
            elif not exists(reference):
                hint = " (the repository's account of the rules is docs/rules.md; the " \
                       "inventory is ../shared/RULES.md)" if reference == "RULES.md" else ""
                found.append(f"{where}:{number}: no file {reference}{hint}")
        for page, title in SECTION.findall(text):
            file = ROOT / ("README.md" if page == "README" else page)
            if file.is_file() and not any(heading.startswith(title)
                                          for heading in headings(file)):
                found.append(f"{where}:{number}: {page} has no section \"{title}\"")
    return found


def test_references_are_recognised() -> None:
    line = ("# see docs/rules.md (U-11), cardgen/data/shops/NAME.toml, RULES.md, "
            "../shared/RULES.md and templates/rulebook/{classic,house}.{fr,en}.md.j2.")
    assert references(line) == [
        "docs/rules.md", "cardgen/data/shops/NAME.toml", "RULES.md", "../shared/RULES.md",
        "templates/rulebook/{classic,house}.{fr,en}.md.j2"]
    assert exists("cardgen/data/shops/NAME.toml") and exists("templates/rulebook/")
    assert exists("templates/locale/{fr,en}/rulebook/{classic,house}.md.j2")
    assert not exists("RULES.md") and not exists("templates/locale/fr/rulebook/{classic,nope}.md.j2")
    assert SECTION.findall('documented in the README ("Situation files")') == [
        ("README", "Situation files")]


def test_comments_and_docstrings_name_only_files_that_exist() -> None:
    paths = sources()
    assert ROOT / "cardgen" / "engine" / "state.py" in paths
    assert ROOT / "cardgen" / "data" / "decks" / "classic.toml" in paths
    problems = [problem for path in paths for problem in problems_of(path)]
    assert problems == []
