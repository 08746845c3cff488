"""`cardgen check` builds what the deck would print (issue 40): a rule text that
`cardgen rulebook` would refuse is a check error, with its file and line, in each
language the deck has a text in. The texts are rendered, not drawn: no PDF is made."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

CARDGEN = [sys.executable, "-m", "cardgen.cli"]


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CARDGEN, *args], cwd=cwd, capture_output=True, text=True,
                          check=False, timeout=300)


def test_check_fails_on_the_rule_text_line_naming_a_card_deleted_from_a_new_deck(
        tmp_path: Path) -> None:
    assert _run(["new", "x"], tmp_path).returncode == 0
    deck = tmp_path / "x" / "x.toml"
    text = deck.read_text(encoding="utf-8").replace("comet = 2\n", "", 1)
    start = text.index("[[card]]")  # the Comet's table, up to the next table
    end = re.compile(r"^\[", re.M).search(text, start + len("[[card]]"))
    text = text[:start] + (text[end.start():] if end else "")
    deck.write_text(re.sub(r"^total = \d+", "total = 108", text, flags=re.M), "utf-8")

    rulebook = _run(["rulebook", "x/x.toml", "--lang", "en"], tmp_path)
    assert rulebook.returncode == 1
    assert "x/x.en.md, line 12: no card has the id or key 'comet'" in rulebook.stderr

    check = _run(["check", "x/x.toml", "--games", "0"], tmp_path)
    said = " ".join(check.stderr.split())
    assert check.returncode == 1, check.stdout + check.stderr
    assert "Traceback" not in said
    for lang in ("fr", "en"):
        assert f"x/x.{lang}.md, line 12: no card has the id or key 'comet'" in said, said
    assert "NOT valid (2 error(s)" in check.stdout
    assert not list(tmp_path.glob("**/*.pdf"))  # rendered, not drawn


def test_check_of_a_new_deck_as_made_is_valid_with_its_rule_texts(tmp_path: Path) -> None:
    assert _run(["new", "x"], tmp_path).returncode == 0
    check = _run(["check", "x/x.toml", "--games", "0"], tmp_path)
    assert check.returncode == 0, check.stdout + check.stderr
