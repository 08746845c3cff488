"""The entries of docs/rules.md with a two-letter prefix (NM- No Mercy, and the other
editions' FL-, AT-), which test_docs_rules.py's specification ids leave out: each says how
it is covered, and the tests it names exist."""

from __future__ import annotations

import re

from helpers.paths import ROOT
from test_docs_rules import defined_test_names

DOC = ROOT / "docs" / "rules.md"
HEADING = re.compile(r"^### ([A-Z]{2}-\d\d) · ", re.MULTILINE)


def edition_entries() -> dict[str, str]:
    text = DOC.read_text(encoding="utf-8")
    starts = [(m.group(1), m.start()) for m in HEADING.finditer(text)]
    ends = [start for _, start in starts[1:]] + [len(text)]
    # An entry ends at the next heading of any level.
    return {rule_id: re.split(r"^#{2,3} ", text[start:end][4:], flags=re.MULTILINE)[0]
            for (rule_id, start), end in zip(starts, ends, strict=True)}


def test_nm_entries_are_there() -> None:
    assert [f"NM-{i:02d}" for i in range(1, 15)] == [
        rule_id for rule_id in edition_entries() if rule_id.startswith("NM-")]


def test_every_edition_entry_names_tests_that_exist() -> None:
    names = defined_test_names()
    missing = []
    for rule_id, entry in edition_entries().items():
        assert re.search(r"^- \*\*(Test|Decided in)[:*]", entry, re.MULTILINE), rule_id
        for prefix in re.findall(r"`(test_[a-z0-9]+)_\*`", entry):
            assert prefix == "test_" + rule_id.lower().replace("-", ""), rule_id
            if not any(name.startswith(prefix + "_") for name in names):
                missing.append(rule_id)
    assert missing == [], f"docs/rules.md names tests that do not exist for {missing}"
