"""`cardgen play` where the terminal shows no colour (NO_COLOR, or not a terminal): each
coloured card of the table and the hand comes after its colour's shape, the one the
faces print (issue 32). In colour the hand keeps its colours alone
(tests/terminal/test_play_terminal.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from cardgen.render.layout import layout

COMMAND = [sys.executable, "-c", "from cardgen.cli import main; main()", "play"]
SHAPES = {color: shape.symbol for color, shape in layout().card.color_shapes.shapes.items()}


def table(tmp_path: Path, **env: str) -> list[str]:
    """The lines `cardgen play classic --seed 3` shows before its first question."""
    done = subprocess.run([*COMMAND, "classic", "--seed", "3", "--fast"], input="quit\n",
                          capture_output=True, text=True, cwd=tmp_path, timeout=60,
                          env={**os.environ, **env})
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_without_colour_the_table_and_the_hand_show_each_colours_shape(
        tmp_path: Path) -> None:
    lines = table(tmp_path, NO_COLOR="1")
    top = next(line for line in lines if line.startswith("Top: "))
    hand = next(line for line in lines if line.startswith("Your hand: "))
    assert top == f"Top: {SHAPES['green']} Green +2, colour in force: green {SHAPES['green']}, " \
        "clockwise."
    blue, red, yellow = SHAPES["blue"], SHAPES["red"], SHAPES["yellow"]
    assert hand == (f"Your hand: {blue} Blue 1, {blue} Blue Skip, {red} Red 2, {red} Red 4, "
                    f"{red} Red 5, {yellow} Yellow 8, Wild")  # a wild has no colour, no shape


def test_output_that_is_not_a_terminal_shows_the_shapes_without_no_color(
        tmp_path: Path) -> None:
    """Piped output shows no colour, NO_COLOR or not: the shapes stand in for it."""
    lines = table(tmp_path, NO_COLOR="")
    assert any(line.startswith("Top: ") and SHAPES["green"] in line for line in lines)
