"""docs/rules.md covers every rule id of the specification, and each points at a real test.

The test-name convention: an exact-situation rule test is a function whose name starts
with the rule id in lowercase without its dash (`test_c07_…` for C-07), or a situation
file of tests/situations/ whose name starts so (`c07_first_card_draw_two.toml`), which
the parametrised test of tests/situation/test_situations.py runs.
"""

from __future__ import annotations

import re

import pytest
from helpers.paths import ROOT

DOC = ROOT / "docs" / "rules.md"
SPEC = ROOT.parent / "shared" / "RULES.md"  # the specification sits beside the repository

#: A rule's heading: the specification's one-letter ids, and the editions' two-letter
#: ones (FL- UNO Flip …), which the specification does not list.
HEADING = re.compile(r"^### ([A-Z]{1,2}-\d\d) · ", re.MULTILINE)


def doc_entries() -> dict[str, str]:
    text = DOC.read_text(encoding="utf-8")
    starts = [(m.group(1), m.start()) for m in HEADING.finditer(text)]
    ends = [start for _, start in starts[1:]] + [len(text)]
    return {rule_id: text[start:end] for (rule_id, start), end in zip(starts, ends, strict=True)}


def defined_test_names() -> set[str]:
    """The test functions, and a ``test_<file name>`` for each situation file."""
    names: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        names.update(re.findall(r"^\s*def (test_\w+)", path.read_text(encoding="utf-8"),
                                re.MULTILINE))
    names.update(f"test_{path.stem}" for path in (ROOT / "tests" / "situations").rglob("*.toml")
                 if "decks" not in path.parts)
    return names


@pytest.mark.skipif(not SPEC.is_file(), reason="the specification is not beside the repo")
def test_every_id_of_the_specification_has_exactly_one_entry() -> None:
    spec_ids = re.findall(r"^\*\*([A-Z]-\d\d) · ", SPEC.read_text(encoding="utf-8"),
                          re.MULTILINE)
    spec_ids += re.findall(r"^\| (X-\d\d) \|", SPEC.read_text(encoding="utf-8"), re.MULTILINE)
    headings = [h for h in HEADING.findall(DOC.read_text(encoding="utf-8"))
                if len(h.split("-")[0]) == 1]
    assert len(spec_ids) == 225
    assert sorted(headings) == sorted(spec_ids)


def test_every_entry_says_how_it_is_covered() -> None:
    for rule_id, entry in doc_entries().items():
        assert re.search(r"^- \*\*(Test|Out of engine scope|Decided in)[:*]", entry,
                         re.MULTILINE), rule_id


def test_no_rule_is_left_not_yet_in_the_engine() -> None:
    """Every rule the engine can play is played: the X- entries are the only ones it
    leaves out, and they say why."""
    text = DOC.read_text(encoding="utf-8")
    assert re.findall(r"(?i)not yet in the engine|no option (?:for this one )?yet", text) == []


def test_every_test_an_entry_names_exists() -> None:
    names = defined_test_names()
    missing = []
    for rule_id, entry in doc_entries().items():
        for prefix in re.findall(r"`(test_[a-z0-9]+)_\*`", entry):
            assert prefix == "test_" + rule_id.lower().replace("-", ""), rule_id
            if not any(name.startswith(prefix + "_") for name in names):
                missing.append(rule_id)
    assert missing == [], f"docs/rules.md names tests that do not exist for {missing}"
