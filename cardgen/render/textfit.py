"""Fitting text in a box: wrap it, and shrink it until it fits.

Long captions must never overflow their box, so the size is the largest one (in steps
of a quarter point) at which every paragraph's wrapped lines fit the height. Texts that
must look alike (a card in each colour of its set) are fitted together.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardgen.typography import registered

STEP_PT = 0.25


@dataclass(frozen=True)
class Paragraph:
    text: str
    font: str


@dataclass(frozen=True)
class Fitted:
    size: float
    leading: float
    blocks: tuple[tuple[str, tuple[str, ...]], ...]  # (font, lines) per paragraph
    height: float  # of the whole block, with the gaps between paragraphs


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Lines of ``text`` no wider than ``width``; a word too long is cut after one of its
    hyphens ("Alle-drücken-" / "Joker"), or else by letters."""
    lines: list[str] = []
    for line in simpleSplit(text, font, size, width):
        while stringWidth(line, font, size) > width and len(line) > 1:
            cut = len(line)
            while cut > 1 and stringWidth(line[:cut], font, size) > width:
                cut -= 1
            hyphen = line.rfind("-", 0, cut) + 1
            cut = hyphen if hyphen > 1 else cut
            lines.append(line[:cut])
            line = line[cut:]
        lines.append(line)
    return lines


def fit(paragraphs: Sequence[Paragraph], width: float, height: float, max_size: float,
        min_size: float, leading: float, gap: float = 0.0) -> Fitted:
    """The largest size from max_size down at which the paragraphs fit width x height.

    ``gap`` is the space between two paragraphs, as a multiple of the size. Below
    ``min_size`` the text keeps shrinking (it must still fit) rather than overflow.
    """
    for paragraph in paragraphs:
        registered(paragraph.font)
    size = max_size
    floor = min(min_size, 2.0)
    while True:
        fitted = set_at(paragraphs, width, size, leading, gap)
        if fitted.height <= height or size <= floor:
            return fitted
        size -= STEP_PT


def set_at(paragraphs: Sequence[Paragraph], width: float, size: float, leading: float,
           gap: float = 0.0) -> Fitted:
    """The paragraphs wrapped at ``size``, however tall they come out."""
    blocks = tuple((p.font, tuple(wrap(p.text, p.font, size, width))) for p in paragraphs)
    count = sum(len(lines) for _, lines in blocks)
    total = count * size * leading + max(0, len(blocks) - 1) * gap * size
    return Fitted(size, size * leading, blocks, total)


def fit_alike(variants: Sequence[Sequence[Paragraph]], width: float, height: float,
              max_size: float, min_size: float, leading: float, gap: float = 0.0) -> Fitted:
    """The first variant fitted at one size for all: the largest at which every variant
    fits and each paragraph takes as many lines in every variant (down to ``min_size``;
    below it, the largest at which all fit, whatever their lines)."""
    first = variants[0]
    # No variant can be set larger than the first alone: start there.
    size = fit(first, width, height, max_size, min_size, leading, gap).size
    floor = min(min_size, 2.0)
    all_fit: float | None = None  # the largest size at which every variant fits
    while True:
        found = [set_at(v, width, size, leading, gap) for v in variants]
        if all(f.height <= height for f in found):
            all_fit = size if all_fit is None else all_fit
            if len({tuple(len(lines) for _, lines in f.blocks) for f in found}) == 1:
                return found[0]
        if size <= floor or (all_fit is not None and size - STEP_PT < min_size):
            return set_at(first, width, all_fit if all_fit is not None else size, leading,
                          gap)
        size -= STEP_PT
