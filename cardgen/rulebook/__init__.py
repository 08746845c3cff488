"""Rulebooks: a deck's rules of play as a PDF, in French or in English.

The rule text of each variant lives in ``templates/rulebook/<variant>.<lang>.md.j2``;
this package fills it from the deck's data (:mod:`.context`), renders it in a jinja2
sandbox (:mod:`.templates`), reads its block syntax (:mod:`.markup`) and lays it out
with reportlab (:mod:`.document`). The card list, counts, points and pictures all come
from the same deck data as the printed sheets, so the two cannot disagree.
"""

from __future__ import annotations

from pathlib import Path

from cardgen.decks import Deck
from cardgen.outputs import write_atomic
from cardgen.rulebook.context import template_context
from cardgen.rulebook.document import PAPER_SIZES, render_pdf
from cardgen.rulebook.markup import Block, parse
from cardgen.rulebook.styles import build_styles
from cardgen.rulebook.templates import french_spacing, labels, render_text, template_name

LANGS = ("fr", "en")
PAPERS = tuple(PAPER_SIZES)


def rulebook_blocks(deck: Deck, lang: str) -> list[Block]:
    """The deck's rule text in ``lang``, rendered and read into blocks."""
    text = render_text(deck.rulebook, lang, template_context(deck, lang))
    if lang == "fr":
        text = french_spacing(text)
    return parse(text, template_name(deck.rulebook, lang))


def rulebook_pdf(deck: Deck, lang: str, paper: str = "a4") -> bytes:
    """The rulebook of ``deck`` in ``lang`` as PDF bytes."""
    return render_pdf(deck, lang, paper, rulebook_blocks(deck, lang), build_styles(),
                      labels(lang))


def rulebook_filename(deck: Deck, lang: str) -> str:
    return f"{deck.id}-rulebook-{lang}.pdf"


def write_rulebook(deck: Deck, lang: str, path: Path, paper: str = "a4") -> Path:
    """Write the rulebook to ``path`` all at once (never a half-written PDF)."""
    write_atomic(path, rulebook_pdf(deck, lang, paper))
    return path


__all__ = ["LANGS", "PAPERS", "rulebook_blocks", "rulebook_filename", "rulebook_pdf",
           "write_rulebook"]
