"""Rulebooks: a deck's rules of play as a PDF, in French or in English.

The rule text of each variant lives in ``templates/locale/<lang>/rulebook/<variant>.md.j2``;
a deck file may bring its own, in Markdown (:mod:`.markdown`, :mod:`.owntext`, which
checks every card id it names before it runs). This package fills the
text from the deck's data (:mod:`.context`), renders it in a jinja2 sandbox
(:mod:`.templates`), reads its block syntax (:mod:`.markup`), adds sections for the
deck's own cards it leaves out (:mod:`.owncards`) and for the table sizes it does not
speak of (:mod:`.tablesizes`), and lays it out with reportlab (:mod:`.document`). The
card list, counts, points and pictures all come from the same deck data as the printed
sheets, so the two cannot disagree.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from cardgen.deck.load import Deck
from cardgen.errors import CardgenError
from cardgen.outputs import write_atomic
from cardgen.rulebook.budget import check_layout
from cardgen.rulebook.context import template_context
from cardgen.rulebook.markup import Block, parse
from cardgen.rulebook.owncards import check_card_ids, missing_kinds, with_own_card_sections
from cardgen.rulebook.owntext import deck_names, line_of, render_own_text
from cardgen.rulebook.tablesizes import untold_removals
from cardgen.rulebook.templates import (
    labels,
    render_text,
    spaced,
    template_label,
    typographic_quotes,
)

LANGS = ("fr", "en")


def rulebook_blocks(deck: Deck, lang: str) -> list[Block]:
    """The deck's rule text in ``lang`` (its own file, or a built-in text), rendered and
    read into blocks, with a section for each card of its own the text leaves out."""
    context = template_context(deck, lang)
    own = deck.rule_texts.get(lang)
    if own is not None:
        text, lines = render_own_text(own, lang, context, deck_names(deck))
        source = own.label
        check_layout(text, lines, source)
        blocks = parse(_spaced(text, lang), source, lines)
        check_card_ids(blocks, deck, source, partial(line_of, own))
    else:
        text = render_text(deck.rulebook, lang, context)
        source = template_label(deck.rulebook, lang)
        blocks = parse(_spaced(text, lang), source)
        check_card_ids(blocks, deck, source)
    missing = missing_kinds(blocks, context)
    if missing:
        sections = render_text("_own_cards", lang, {**context, "missing": missing})
        blocks = with_own_card_sections(blocks, _spaced(sections, lang),
                                        template_label("_own_cards", lang))
    untold = untold_removals(blocks, context, lang, _spaced)
    if untold:  # the cards left out at a table size its text never mentions
        sections = render_text("_table_sizes", lang, {**context, "removals": untold})
        blocks = with_own_card_sections(blocks, _spaced(sections, lang),
                                        template_label("_table_sizes", lang))
    return blocks


def _spaced(text: str, lang: str) -> str:
    """The rendered text set in the language's typography: its quotes, its spaces."""
    text = typographic_quotes(text, lang)
    return spaced(text, lang)


def rulebook_pdf(deck: Deck, lang: str, paper: str = "a4", large_print: bool = False) -> bytes:
    """The rulebook of ``deck`` in ``lang`` as PDF bytes (in large print: the same
    sections, in the same order, the body at 16 pt)."""
    # reportlab here, for the PDF only: `cardgen check` renders the blocks without it
    from reportlab.platypus.doctemplate import LayoutError

    from cardgen.rulebook.document import render_pdf
    from cardgen.rulebook.styles import build_styles

    blocks = rulebook_blocks(deck, lang)
    try:
        return render_pdf(deck, lang, paper, blocks, build_styles(large_print), labels(lang))
    except LayoutError:
        # A block that no page can hold: a table row made tall by long words in narrow
        # columns. Only a deck's own text can hold one (the built-ins are tested).
        own = deck.rule_texts.get(lang)
        source = own.label if own is not None else template_label(deck.rulebook, lang)
        raise CardgenError(f"{source}: a table row (or another block) is taller than a "
                           "page once laid out; shorten its cells or give its columns "
                           "more room") from None


def rulebook_filename(deck: Deck, lang: str, large_print: bool = False) -> str:
    """``<deck>-rulebook-<lang>.pdf``, ``…-large.pdf`` in large print."""
    return f"{deck.id}-rulebook-{lang}{'-large' if large_print else ''}.pdf"


def write_rulebook(deck: Deck, lang: str, path: Path, paper: str = "a4",
                   large_print: bool = False) -> Path:
    """Write the rulebook to ``path`` all at once (never a half-written PDF)."""
    write_atomic(path, rulebook_pdf(deck, lang, paper, large_print))
    return path


__all__ = ["LANGS", "rulebook_blocks", "rulebook_filename", "rulebook_pdf",
           "write_rulebook"]
