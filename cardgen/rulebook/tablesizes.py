"""The cards a deck leaves in the box at some table sizes, said in every book.

A deck file's ``[remove_for_players.N]`` takes cards out for a table of N players. One
shared piece of template says so, in ``_shared.<lang>.md.j2``: ``leave_out(r)`` is the
sentence ("Leave these cards in the box: 1 Swap, 1 Cow. You play with the remaining 139
cards."), ``table_sizes()`` a section with it for each size ("With 3 players"). Every
built-in text prints it where it speaks of the number of players: the classic text
beside its "Two players", Uno Unplugged's in its chapter on the cards. A deck's own text
that extends one keeps it; one that stands alone, or replaces the block that held it,
may call the piece itself. A size whose sentence is nowhere in the book gets its section
anyway, from ``_table_sizes.<lang>.md.j2``, before the gallery, as a card the text says
nothing of gets its own (:mod:`.owncards`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardgen.rulebook.markup import Block, Paragraph, block_texts, parse
from cardgen.rulebook.templates import environment, template_name


def untold_removals(blocks: Sequence[Block], context: dict[str, Any], lang: str,
                    spaced: Callable[[str, str], str]) -> list[dict[str, Any]]:
    """The table sizes of ``context["removals"]`` whose sentence the book (``blocks``) does
    not print; ``spaced`` sets a rendered text in the language's typography, as the
    book's text is."""
    shared = environment(lang).get_template(template_name("_shared")).make_module(context)
    leave_out = getattr(shared, "leave_out")  # noqa: B009 - a macro: mypy cannot see it
    printed = "\n".join(block_texts(blocks))
    untold = []
    for removal in context["removals"]:
        sentence = parse(spaced(str(leave_out(removal)), lang))
        if not all(isinstance(block, Paragraph) and block.text in printed
                   for block in sentence):
            untold.append(removal)
    return untold
