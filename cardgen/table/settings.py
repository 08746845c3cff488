"""What a table was asked for, once for every screen that shows it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TableSettings:
    """One game's table, as `cardgen play` and `cardgen serve` were asked for it: the
    deck, how many seats, the rules, how the bots play, the deal and the language."""

    deck: str  # the deck as given on the command line (a built-in name or a path)
    players: int
    rules: tuple[str, ...] = ()
    bots: str = "heuristic"
    seed: str = "0"
    lang: str = "en"  # the table's (in the browser: the page's until a person chooses)
