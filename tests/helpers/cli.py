"""Helpers shared by the tests of bad input: run cardgen as a user would, in a folder."""

from __future__ import annotations

import os
from pathlib import Path

from click.testing import CliRunner

from cardgen.cli import main


def run_in(args: list[str], cwd: Path) -> tuple[int, str]:
    """Run cardgen in ``cwd`` (in-process); its exit code and output, never a traceback."""
    old = Path.cwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(main, args)
    finally:
        os.chdir(old)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def refused(args: list[str], cwd: Path) -> str:
    """Run cardgen in ``cwd``; it must refuse with one line and write nothing there."""
    before = sorted(cwd.rglob("*"))
    code, output = run_in(args, cwd)
    assert code == 1, output
    lines = output.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), output
    assert sorted(cwd.rglob("*")) == before  # no file written, not even half of one
    return lines[0].removeprefix("Error: ")


def unwrapped(output: str) -> str:
    """`cardgen check`'s output with each message on one line again. check wraps its lines
    to 100 columns, a line's continuations hanging 4 columns further in than it, or under
    the text of a "- " bullet (cardgen.commands.stdout.fitted): a line indented just so is joined to
    the line above; the other indented lines (the balance summary's) stay as they are."""
    lines: list[str] = []
    hang = -1  # the indent a continuation of the last line has
    for line in output.splitlines():
        indent = len(line) - len(line.lstrip(" "))
        if lines and line.strip() and indent == hang:
            lines[-1] += " " + line.strip()
            continue
        lines.append(line)
        hang = indent + (2 if line[indent:].startswith("- ") else 4)
    return "".join(line + "\n" for line in lines)
