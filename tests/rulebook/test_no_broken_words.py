"""No word of a rulebook is broken where its language cannot break it (issue 42).

Every rulebook of every built-in deck, in every language, standard and large print, is
read back line by line from the PDF: a line that ends inside a word must end in a hyphen
put at one of the word's hyphenation points (pyphen's dictionary of the language), and
the dot of a card's colour never stands alone on a line, away from the card's name.
The words of the language printed are those of the book's own text (its blocks, the
layout's labels, the deck's card and colour names): a piece of a word is none of them.
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import pdfplumber
import pyphen
import pytest

from cardgen.catalogue import catalogue
from cardgen.deck.load import Deck, load_deck
from cardgen.rulebook import rulebook_blocks, rulebook_pdf
from cardgen.rulebook.context import deck_description
from cardgen.rulebook.markup import block_texts
from cardgen.rulebook.templates import labels

DECKS = ("classic", "unplugged", "house", "attack", "nomercy")
LANGS = ("fr", "en", "es", "de", "it")
DOT = "\uf111"  # the colour dot before a card's name (Font Awesome's circle)
LETTERS = re.compile(r"[^\W\d_]+")
CARD_RATIO = 79 / 53


def _letters(text: str) -> list[str]:
    return LETTERS.findall(text)


def vocabulary(deck: Deck, lang: str) -> frozenset[str]:
    """Every word, case-folded, that the book of ``deck`` in ``lang`` may print."""
    texts = list(block_texts(rulebook_blocks(deck, lang)))
    texts += [str(value) for value in labels(lang).values()]
    texts += [card.name[lang] for card, _ in deck.card_list()]
    texts += [card.plural.get(lang, "") for card, _ in deck.card_list()]
    texts += [color.name[lang] for color in catalogue().colors.values()]
    texts += [deck.name[lang], deck_description(deck, lang) or ""]
    words = (_letters(html.unescape(re.sub(r"<[^>]+>", " ", text))) for text in texts)
    return frozenset(word.casefold() for group in words for word in group)


@cache
def _hyphenator(lang: str) -> pyphen.Pyphen:
    return pyphen.Pyphen(lang=lang)


@dataclass(frozen=True)
class Line:
    """One line of one paragraph or table cell, as the PDF draws it."""

    text: str
    x0: float
    x1: float
    top: float
    size: float
    baseline: float


def _runs(chars: list[dict[str, Any]]) -> Iterator[Line]:
    """Runs of characters, in the order the PDF draws them, on one baseline with no gap
    between them: reportlab draws a line of a paragraph as one string, spaces included,
    and nothing joins two cells. (The baseline, not the top: the colour dot is smaller.)"""
    run: list[dict[str, Any]] = []
    for char in [*chars, None]:
        if run and (char is None or abs(char["matrix"][5] - run[-1]["matrix"][5]) > 0.5
                    or not -0.5 < char["x0"] - run[-1]["x1"] < 1):
            base = max(run, key=lambda c: c["size"])
            yield Line("".join(c["text"] for c in run), run[0]["x0"], run[-1]["x1"],
                       base["top"], base["size"], run[0]["matrix"][5])
            run = []
        if char is not None:
            run.append(char)


def lines_of(data: bytes) -> Iterator[list[Line]]:
    """Each page's lines (of a paragraph or a cell), leaving out the text drawn on the
    card pictures (upright or turned in the title page's fan)."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages[1:]:  # the title page is a picture and a few words
            cards = [r for r in page.rects if r["width"] > 10
                     and abs(r["height"] / r["width"] - CARD_RATIO) < 0.01]
            level = [c for c in page.chars  # not the fan of cards, turned
                     if abs(c["matrix"][1]) < 0.01 and abs(c["matrix"][2]) < 0.01]
            yield [line for line in _runs(level)
                   if not any(r["x0"] <= line.x0 <= r["x1"] and r["top"] <= line.top
                              <= r["bottom"] for r in cards)]


def _next_line(line: Line, lines: list[Line]) -> Line | None:
    """The line under ``line`` in its paragraph or cell: the nearest one below it that
    shares some of its width, no further than two lines' leading."""
    below = [other for other in lines
             if line.top + 0.5 * line.size < other.top <= line.top + 2.2 * line.size
             and other.x0 < line.x1 and line.x0 < other.x1]
    return min(below, key=lambda other: other.top, default=None)


def broken_words(data: bytes, words: frozenset[str], lang: str) -> list[str]:
    """Every place a line of the PDF breaks a word badly, as "end/start" (page N), and
    every colour dot alone on its line."""
    found: list[str] = []
    hyphenator = _hyphenator(lang)
    for number, lines in enumerate(lines_of(data), start=2):
        carried: dict[int, str] = {}  # a line's first word's start, on the lines above
        for line in sorted(lines, key=lambda line: (line.top, line.x0)):
            text = line.text.replace("\u00a0", " ").strip()
            if text == DOT:
                if not any(abs(other.baseline - line.baseline) < 0.5
                           and 0 <= other.x0 - line.x1 < 0.5 * other.size for other in lines):
                    found.append(f"lone ● (page {number})")
                continue
            after = _next_line(line, lines)
            if after is None or not text or not after.text.split():
                continue
            end, start = text.split()[-1], after.text.split()[0]
            head, tail = _letters(end), _letters(start)
            hyphen = end.endswith("-")
            if not head or not tail or not end.endswith(head[-1] + "-" * hyphen) \
                    or not start.startswith(tail[0]):
                continue  # a line ending in a number or a stop: no word goes on
            piece, rest = head[-1], tail[0]
            if len(text.split()) == 1 and len(head) == 1:
                piece = carried.get(id(line), "") + piece
            joined = (piece + rest).casefold()
            where = f"{end}/{start} (page {number})"
            if hyphen and joined in words:  # hyphenated: at a hyphenation point?
                carried[id(after)] = piece
                if len(piece) not in hyphenator.positions(piece + rest):
                    found.append(where)
            elif hyphen:  # a hyphen of the text's own, as in "Zieh-Vier-Karte"
                # (the next line's word may be broken in turn: its own end tells)
                broken_on = start == rest + "-" and len(after.text.split()) == 1
                if piece.casefold() not in words or (rest.casefold() not in words
                                                     and not broken_on):
                    found.append(where)
            elif joined in words or piece.casefold() not in words:
                found.append(where)  # cut without a hyphen, or a piece of a word
    return found


def _check(deck_id: str, lang: str, large_print: bool) -> None:
    deck = load_deck(deck_id)
    data = rulebook_pdf(deck, lang, "a4", large_print=large_print)
    assert broken_words(data, vocabulary(deck, lang), lang) == []


def test_the_german_large_print_book_keeps_its_words_whole() -> None:
    _check("classic", "de", large_print=True)


@pytest.mark.slow
@pytest.mark.parametrize("large_print", [False, True], ids=["standard", "large"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("deck_id", DECKS)
def test_no_rulebook_breaks_a_word(deck_id: str, lang: str, large_print: bool) -> None:
    _check(deck_id, lang, large_print)
