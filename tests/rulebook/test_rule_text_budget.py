"""A rule text from a stranger's deck folder runs on a budget (cardgen/rulebook/budget.py).

Each hostile line below once hung the tool, filled its memory or put a file from
outside the deck's folder into the PDF. Now each ends in a whole PDF that prints the
line as text, or one line naming the file, the line and the limit, within seconds.
"""

from __future__ import annotations

import socket
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from cardgen.cli import main

DECK = 'name = "Hostile"\nbase = "classic"\n\n[rulebook]\nen = "rules.en.md"\n'


def build(folder: Path, text: str) -> tuple[int, str, float]:
    """Write the deck and its rule text into ``folder`` and build the English rulebook."""
    (folder / "deck.toml").write_text(DECK, encoding="utf-8")
    (folder / "rules.en.md").write_text(text, encoding="utf-8")
    start = time.monotonic()
    result = CliRunner().invoke(main, ["rulebook", str(folder / "deck.toml"), "--lang", "en",
                                       "-o", str(folder / "out.pdf")])
    assert "Traceback" not in result.output
    return result.exit_code, result.output, time.monotonic() - start


def error_line(output: str) -> str:
    lines = [line for line in output.splitlines() if not line.startswith("warning:")]
    assert len(lines) == 1, output
    return lines[0]


TOO_LARGE = "more than the 200,000 a rule text may; print less"


@pytest.mark.parametrize(("line", "message"), [
    ('{{ "x" * 10**8 }}',
     "this would build a value of 100,000,000 items or characters, " + TOO_LARGE),
    ("{{ [1] * 100000000 }}",
     "this would build a value of 100,000,000 items or characters, " + TOO_LARGE),
    ("{{ lipsum(10**6) }}",
     "lipsum() makes at most 20 paragraphs of 1,000 words; ask for fewer"),
    ('{{ ("x" * 1000)|replace("x", "y" * 1000) }}',
     "this would build a value of 1,001,000 items or characters, " + TOO_LARGE),
    ('{{ "x"|center(1000000000) }}',
     "this would build a value of 1,000,000,001 items or characters, " + TOO_LARGE),
    ('{{ "abc".center(1000000000) }}',
     "this would build a value of 1,000,000,003 items or characters, " + TOO_LARGE),
    ("{{ 12345 ** 100000 }}",
     "this power has more than 4,096 bits; a rule text needs no number that large"),
    ('{% set ns = namespace(s="x") %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}'
     "{% endfor %}{{ ns.s|length }}",
     "this would build a value of 262,144 items or characters, " + TOO_LARGE),
    pytest.param(
        "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
        "the text takes more than 5 seconds to fill in (a loop that runs too long?); "
        "simplify it",
        marks=pytest.mark.slow),  # (it waits out the 5-second budget)
])
def test_a_rule_text_that_would_run_away_is_stopped_with_its_line(
        tmp_path: Path, line: str, message: str) -> None:
    code, output, seconds = build(tmp_path, f"# Our rules\n\n{line}\n")
    assert code == 1
    assert error_line(output) == f"Error: {tmp_path}/rules.en.md, line 3: {message}"
    assert seconds < 10
    assert not (tmp_path / "out.pdf").exists()


def test_a_rule_text_larger_than_a_megabyte_is_refused_unread(tmp_path: Path) -> None:
    code, output, _ = build(tmp_path, "# Rules\n\n" + "word " * 300_000)
    assert code == 1
    assert error_line(output) == (
        f"Error: {tmp_path}/rules.en.md: 'rules.en.md' is larger than 1000 kB; a rule text "
        "is a few pages of Markdown: check the file")


@pytest.mark.parametrize("line", [
    '{{ "<img src=\\"/etc/hostname\\" width=\\"200\\" height=\\"60\\"/>"|safe }}',
    '{{ "<font face=\\"/no/such/font.ttf\\">x</font>"|safe }}',
    '{{ "<a href=\\"http://192.0.2.1/\\">x</a>"|urlize }}',
    '{{ {"<img src=\\"/etc/hostname\\"/>": 1}|xmlattr }}',
])
def test_safe_markup_from_a_rule_text_prints_as_text_and_opens_nothing(
        tmp_path: Path, line: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`|safe` and its kin would hand raw reportlab markup over: a picture or a font from
    anywhere on the disk, a link to anywhere. In a rule text they give plain text."""
    opened: list[str] = []

    def no_network(*args: Any, **kwargs: Any) -> None:
        opened.append(repr(args))
        raise OSError("no network while building a rulebook")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    monkeypatch.setattr(socket, "getaddrinfo", no_network)  # no name looked up either
    code, output, _ = build(tmp_path, f"Before {line} after\n")
    assert code == 0, output
    text = " ".join(page.extract_text() for page in PdfReader(tmp_path / "out.pdf").pages)
    own = text[text.index("Before"):]
    assert own.split()[-1] == "after"
    assert any(tag in own for tag in ("<img ", "<font ", "<a ")), own  # printed, as text
    assert not any(page.images for page in PdfReader(tmp_path / "out.pdf").pages)
    assert opened == []


MARKDOWN = st.sampled_from(["# ", "## ", "- ", "1. ", "> ", "| a | b |\n|---|---|\n| ",
                            "**", "*", "`", "", "\n", "@pagebreak\n", "@cards\n", "---\n"])
EXPRESSIONS = st.sampled_from([
    "{{ 1 + 2 }}", "{{ 'ab' * 3 }}", "{{ range(5)|join(',') }}", "{{ lipsum(1) }}",
    "{{ 'x'|center(30) }}", "{{ 'a b c'|wordwrap(2) }}", "{{ '<b>'|safe }}", "{{ 2 ** 10 }}",
    "{% for i in range(3) %}{{ i }}{% endfor %}", "{{ 'x' ~ 'y' }}", "{{ [1, 2]|sum }}",
    "{{ 'abc'|replace('b', 'bb') }}", "{{ undefined_name }}", "{{ 1 / 0 }}", "{% if %}",
    "{{", "}}", "{% endfor %}", "{{ 'x' * 10**9 }}", "{{ ''.__class__ }}"])
WORDS = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)),
                max_size=30)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.lists(st.tuples(MARKDOWN, WORDS, EXPRESSIONS), min_size=1, max_size=8))
# Found by this test: a record separator (U+001E), which str.splitlines() breaks lines at,
# once cut a table row in two and the error lost its file and line.
@example([("| a | b |\n|---|---|\n| ", "\x1e", "{{ 1 + 2 }}")])
# And: a table row split by an expression's own line breaks, with no line of the file
# to blame, began "rulebook template FILE" instead of with the file.
@example([("| a | b |\n|---|---|\n| ", "", "{{ 'a b c'|wordwrap(2) }}")])
def test_any_rule_text_ends_in_a_pdf_or_one_line(tmp_path: Path,
                                                 parts: list[tuple[str, str, str]]) -> None:
    """Random Markdown, text and jinja expressions: a PDF or one error line, soon."""
    text = "\n".join(f"{mark}{words} {expression}" for mark, words, expression in parts)
    for old in tmp_path.iterdir():
        old.unlink()
    code, output, seconds = build(tmp_path, text)
    assert seconds < 10, text
    if code == 0:
        assert (tmp_path / "out.pdf").stat().st_size > 0
    else:
        assert code == 1, output
        assert error_line(output).startswith(f"Error: {tmp_path}"), output
        assert not (tmp_path / "out.pdf").exists()


def rows(count: int, columns: int = 2, cell: str = "x") -> str:
    head = "| " + " | ".join("h" for _ in range(columns)) + " |\n|" + "---|" * columns + "\n"
    return head + ("| " + " | ".join(cell for _ in range(columns)) + " |\n") * count


@pytest.mark.parametrize(("text", "message"), [
    (rows(1_200), "line 1001: more than 1,000 table rows; a rulebook needs far fewer: "
                  "shorten the text"),
    (rows(1, columns=3_000), "line 1: a table of 3,000 columns; at most 12 fit across a page"),
    ("@table 1000 1\n" + rows(1), "line 1: @table 1000 1 makes a column narrower than 1/40 "
                                  "of the table, too narrow for a letter; give the columns "
                                  "closer widths"),
    ("word " * 60_000, "line 1: a line of 299,999 characters, more than the 20,000 a "
                        "paragraph may have; split it"),
    ("# " + "x" * 5_000, "line 1: a heading of 5,002 characters, more than 300; shorten it"),
    ("".join(f"# Part {n}\n\ntext\n\n" for n in range(5_000)),
     "line 1201: more than 300 headings; a rulebook needs far fewer: shorten the text"),
    ("a\n\n@pagebreak\n" * 5_000, "line 603: more than 200 pagebreaks; a rulebook needs far "
                                  "fewer: shorten the text"),
    ("@card wild\nx\n@end\n" * 3_000, "line 901: more than 300 @card blocks; a rulebook needs "
                                      "far fewer: shorten the text"),
    (rows(2, columns=12, cell="x" * 500), "a table row (or another block) is taller than a "
                                          "page once laid out; shorten its cells or give its "
                                          "columns more room"),
])
def test_a_text_the_layout_cannot_hold_is_refused_with_its_line(
        tmp_path: Path, text: str, message: str) -> None:
    code, output, seconds = build(tmp_path, text)
    assert code == 1
    separator = ", " if message.startswith("line ") else ": "
    assert error_line(output) == f"Error: {tmp_path}/rules.en.md{separator}{message}"
    assert seconds < 10
    assert not (tmp_path / "out.pdf").exists()


def test_the_largest_text_within_the_limits_is_laid_out_in_seconds(tmp_path: Path) -> None:
    text = "{% for i in range(24) %}{{ 'word ' * 3999 }}\n\n{% endfor %}"  # ~480,000 chars
    code, output, seconds = build(tmp_path, text)
    assert code == 0, output
    assert seconds < 20  # about 5 s on an idle machine; the margin is for a loaded one
