"""`cardgen build`: every built-in deck's printable outputs, in one folder."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from cardgen.catalogue.locale import languages
from cardgen.deck.load import builtin_names, load_deck
from cardgen.outputs import prepare_folder, write_atomic
from cardgen.render.paper.options import SheetOptions
from cardgen.render.paper.sheets import has_specials, sheets_filename, write_sheets
from cardgen.rulebook import rulebook_filename, write_rulebook


def card_list_json(deck_ref: str) -> bytes:
    """The deck's card list as JSON, for spreadsheets and other tools."""
    deck = load_deck(deck_ref)
    rows = [
        {"id": card.id, "count": count, "points": card.points, "color": card.color,
         "name": card.name.as_dict(), "caption": card.caption.as_dict()}
        for card, count in deck.card_list()
    ]
    return (json.dumps(rows, ensure_ascii=False, indent=1) + "\n").encode()


def build_all(out: Path, paper: str = "a4", large_print: bool = False) -> Iterator[Path]:
    """Write every built-in deck's outputs into ``out``, sheets and rulebooks on
    ``paper``, the rulebooks in large print if asked; yield each path once it is
    written, so the command can say so as it goes."""
    prepare_folder(out)
    for name in builtin_names():
        path = out / f"{name}-cards.json"
        write_atomic(path, card_list_json(name))
        yield path
        deck = load_deck(name)
        for lang in languages():  # a rulebook in every language of templates/locale/
            yield write_rulebook(deck, lang, out / rulebook_filename(deck, lang, large_print),
                                 paper, large_print)
        # Full sheets, and the specials alone where a standard box lacks some.
        for only in ("all", "specials"):
            if only == "specials" and not has_specials(deck):
                continue
            options = SheetOptions(paper=paper, only=only)
            yield write_sheets(deck, out / sheets_filename(deck, options), options)
