"""The rulebook's tables: every font embedded, and columns that hold their words.

A reportlab table sets its cells' font on the canvas before drawing them, even when every
cell is a paragraph with a font of its own; that font defaults to Helvetica, which would
then be the one font of the rulebook not embedded in the PDF. The rulebook's tables use
:class:`Table` instead.

A narrow column (a table's, in large print most of all) may be narrower than one of its
words. reportlab would then cut the word at the last letter that fits ("Punk/te",
"Farbenwa/hlkarte"). The book's paragraphs (:func:`paragraph_class`) break such a word
instead at a hyphenation point of its language, from pyphen's dictionaries, and at the
hyphens it has ("Zieh-Vier-"), into pieces each as wide as the column at most; words
that fit are never touched. The grid tables (:mod:`.document`) give each column at
least its widest word, or, when the page is too narrow for that, its widest piece, so
that a piece always fits.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from functools import cache
from typing import Any

import pyphen
from reportlab.pdfbase.pdfmetrics import getRegisteredFontNames, stringWidth
from reportlab.platypus import Paragraph as RLParagraph
from reportlab.platypus import Table as PlatypusTable
from reportlab.platypus import TableStyle
from reportlab.platypus.paragraph import cleanBlockQuotedText
from reportlab.platypus.tableofcontents import defaultTableStyle

#: The cells' font, one of those cardgen.typography registers and embeds.
CELL_FONT = "Sans"

_CELL_FONT_STYLE = [("FONTNAME", (0, 0), (-1, -1), CELL_FONT)]


class Table(PlatypusTable):  # type: ignore[misc]
    """A platypus Table set in :data:`CELL_FONT` unless its style says otherwise."""

    def __init__(self, data: Any, *args: Any, style: Any = None, **kwargs: Any) -> None:
        super().__init__(data, *args, **kwargs)
        self.setStyle(_CELL_FONT_STYLE)
        if style is not None:
            self.setStyle(style)


#: The table of contents' own table style, with the cell font.
TOC_TABLE_STYLE = TableStyle(list(defaultTableStyle.getCommands()) + _CELL_FONT_STYLE)


# --- columns as wide as their words ------------------------------------------------

def column_widths(widths: Sequence[float], columns: Sequence[Sequence[RLParagraph]],
                  lang: str, padding: float) -> list[float]:
    """The widths of a grid table's columns, from their shares ``widths``: each at least
    as wide as its widest word (a column too narrow takes room from the others) where
    the table's width allows it; where it does not, the columns whose words cost the
    least room keep them whole, and the others get the room left, at least the widest
    piece their words break into at their language's hyphenation points. ``padding``:
    a cell's, left and right together."""
    def needs(measure: Any) -> list[float]:
        return [max(measure(cell) for cell in column) + padding for column in columns]

    whole = needs(lambda cell: longest_word(cell.text, cell.style.fontName,
                                            cell.style.fontSize, cell.style.firstLineIndent))
    least = needs(lambda cell: widest_piece(cell.text, cell.style.fontName,
                                            cell.style.fontSize, lang,
                                            cell.style.firstLineIndent))
    need = list(least)
    for column in sorted(range(len(columns)), key=lambda c: whole[c] - least[c]):
        # the whole words if the others' least leaves room for them, else what it leaves
        need[column] = max(least[column], min(whole[column],
                                              sum(widths) - sum(need) + need[column]))
    return widened(widths, need)


def widened(widths: Sequence[float], least: Sequence[float]) -> list[float]:
    """Column widths, each at least its ``least`` if the whole width allows it: a
    column too narrow for its longest word (large print) takes the room it lacks from
    the others' spare room, in proportion to it. Widths that fit stay as they are.

    >>> widened([50, 50], [60, 10])
    [60, 40.0]
    >>> widened([50, 50], [10, 10])
    [50, 50]
    """
    lacking = sum(max(0.0, need - width) for width, need in zip(widths, least, strict=True))
    spare = sum(max(0.0, width - need) for width, need in zip(widths, least, strict=True))
    if lacking == 0 or spare < lacking:
        return list(widths)
    share = lacking / spare
    return [need if width < need else width - (width - need) * share
            for width, need in zip(widths, least, strict=True)]


# --- words in narrow columns ------------------------------------------------------

#: The fewest letters a hyphenation leaves before the break: pyphen's German patterns
#: also allow "Fa-rben", which no German reader expects.
LEFT_MIN = 3

_TAG = re.compile(r"(<[^>]*>)")
_BULLET = re.compile(r"<bullet>.*?</bullet>", re.S)  # drawn apart, in the indent
_BREAK = re.compile(r"<br\s*/?>")
_SPACE = re.compile(r"([ \t\r\n]+)")  # not U+00A0: a no-break space joins two words


@cache
def _dictionary(lang: str) -> pyphen.Pyphen | None:
    """pyphen's hyphenation dictionary of ``lang``, None for a language it lacks."""
    return pyphen.Pyphen(lang=lang, left=LEFT_MIN) if pyphen.language_fallback(lang) else None


def compounds(word: str) -> list[str]:
    """A word cut after each of its own hyphens, where a line may end as it is.

    >>> compounds("Zieh-Vier-Farbenwahlkarte")
    ['Zieh-', 'Vier-', 'Farbenwahlkarte']
    """
    return [part for part in re.split(r"(?<=-)", word) if part]


def syllables(part: str, lang: str) -> list[str]:
    """A word with no hyphen of its own cut at ``lang``'s hyphenation points.

    >>> syllables("Farbenwahlkarte", "de")
    ['Far', 'ben', 'wahl', 'kar', 'te']
    """
    dictionary = _dictionary(lang)
    if dictionary is None or not part.strip("-"):
        return [part]
    return str(dictionary.inserted(part, hyphen="\0")).split("\0")


def _marked(part: str, lang: str) -> list[str]:
    """The syllables of one part of a word (:func:`compounds`), each but the last ending
    in NUL, where a break prints a hyphen."""
    own = part.endswith("-")
    inner = syllables(part[:-1] if own else part, lang)
    return [syllable + "\0" for syllable in inner[:-1]] + [inner[-1] + "-" * own]


def pieces(word: str, lang: str) -> list[str]:
    """The smallest pieces a word may be broken into, as a line ends with them.

    >>> pieces("Zieh-Vier-Farbenwahlkarte", "de")
    ['Zieh-', 'Vier-', 'Far-', 'ben-', 'wahl-', 'kar-', 'te']
    """
    return [piece.replace("\0", "-") for part in compounds(word)
            for piece in _marked(part, lang)]


def widest_face(font: str) -> str:
    """The bold face of ``font`` when it has one: the widest a word in a cell can be."""
    bold = font if font.endswith("Bold") else f"{font}-Bold"
    return bold if bold in getRegisteredFontNames() else font


def words_of(markup: str) -> list[str]:
    """The words of a paragraph's markup (no-break spaces join theirs)."""
    text = html.unescape(_TAG.sub("", _BREAK.sub(" ", _BULLET.sub("", markup))))
    return [word for word in _SPACE.split(text) if word.strip()]


def _widest(words: list[list[str]], font: str, size: float, indent: float) -> float:
    """The width of the widest of the pieces of the words, in the widest face of
    ``font``, after ``indent`` (a first line's: reportlab cuts a word too wide for the
    line it would start, even one the next lines would hold)."""
    face = widest_face(font)
    return max((stringWidth(piece, face, size) for pieces in words for piece in pieces),
               default=0.0) + indent


def longest_word(markup: str, font: str, size: float, indent: float = 0.0) -> float:
    """The width of the widest word of the markup, after ``indent``: of a word with
    hyphens of its own, its widest part, as a line may end after them."""
    return _widest([compounds(word) for word in words_of(markup)], font, size, indent)


def widest_piece(markup: str, font: str, size: float, lang: str,
                 indent: float = 0.0) -> float:
    """The width of the widest piece (:func:`pieces`) of any word of the markup."""
    return _widest([pieces(word, lang) for word in words_of(markup)], font, size, indent)


def _filled(pieces: list[str], room: float, font: str, size: float) -> list[str]:
    """Lines of consecutive pieces, as many on each as ``room`` holds (a piece wider
    than the room alone on its line); NUL ending a piece is the hyphen a break there
    prints, dropped when the next piece joins it on its line."""
    lines: list[str] = []
    for piece in pieces:
        if lines:
            joined = lines[-1].removesuffix("\0") + piece
            if stringWidth(joined.replace("\0", "-"), font, size) <= room:
                lines[-1] = joined
                continue
        lines.append(piece)
    return lines


def _broken(word: str, room: float, font: str, size: float, lang: str) -> str:
    """``word`` in lines no wider than ``room``, joined by line breaks: cut after its
    own hyphens, and a part still too wide at its language's hyphenation points."""
    lines: list[str] = []
    for line in _filled(compounds(word), room, font, size):
        if stringWidth(line, font, size) <= room:
            lines.append(line)
        else:  # one part, too wide
            lines += [piece.replace("\0", "-")
                      for piece in _filled(_marked(line, lang), room, font, size)]
    return "<br/>".join(lines)


def break_long_words(markup: str, room: float, font: str, size: float, lang: str) -> str:
    """The markup with each word wider than ``room`` broken at its hyphenation points
    (:func:`_broken`); the text between tags only, words that fit left as they are."""
    out = []
    in_bullet, bold = False, False  # a bullet is drawn apart, in the indent
    for chunk in _TAG.split(markup):
        if chunk.startswith("<") or not chunk or in_bullet:
            in_bullet = chunk == "<bullet>" or in_bullet and chunk != "</bullet>"
            bold = chunk == "<b>" or bold and chunk != "</b>"
            out.append(chunk)
            continue
        face = widest_face(font) if bold else font
        words = []
        for word in _SPACE.split(chunk):
            if word.isspace() or not word:
                words.append(word)
                continue
            fits = "&" in word or stringWidth(word, face, size) <= room
            words.append(word if fits else _broken(word, room, face, size, lang))
        out.append("".join(words))
    return "".join(out)


class WholeWordParagraph(RLParagraph):  # type: ignore[misc]  # reportlab has no hints
    """A paragraph whose words too wide for its column break at hyphenation points of
    :attr:`lang` (see :func:`paragraph_class`), decided each time it is laid out, as
    its width is only known then."""

    lang = ""

    def __init__(self, text: str | None, style: Any = None, bulletText: Any = None,
                 frags: Any = None, **options: Any) -> None:
        # reportlab makes the two halves of a split paragraph from frags, with no text:
        # their words are already broken.
        self._markup, self._style, self._bullet = text, style, bulletText
        self._laid_out_as = text
        super().__init__(text, style, bulletText, frags, **options)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        if self._markup is not None and self.lang:
            style = self._style
            # The first line's room, which reportlab holds every word to (_widest).
            room = (availWidth - style.leftIndent - style.rightIndent
                    - max(0.0, style.firstLineIndent))
            text = break_long_words(self._markup, room, style.fontName, style.fontSize,
                                    self.lang)
            if text != self._laid_out_as:
                self._laid_out_as = text
                self._setup(text, style, self._bullet or getattr(style, "bulletText", None),
                            None, cleanBlockQuotedText)
        width, height = super().wrap(availWidth, availHeight)
        return width, height


@cache
def paragraph_class(lang: str) -> type[WholeWordParagraph]:
    """The paragraph class that breaks words at ``lang``'s hyphenation points."""
    return type(f"WholeWordParagraph_{lang}", (WholeWordParagraph,), {"lang": lang})
