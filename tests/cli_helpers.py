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
    """`cardgen check`'s output with each message on one line again: check wraps its
    lines to 100 columns, a message's continuations hanging 4 columns in under its start
    (at the left edge). Its indented lines (the balance summary's) stay as they are."""
    lines: list[str] = []
    for line in output.splitlines():
        if line.startswith("    ") and lines and lines[-1][:1] not in ("", " "):
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    return "".join(line + "\n" for line in lines)
