"""The full check of a deck, what `cardgen check` runs: its composition
(:mod:`cardgen.deck.check`), the texts its faces would print too small (measured by the
renderer), then sanity games played by the engine's bots.

It stands above the deck, the engine and the renderer because it uses all three; the
deck layer only reads and counts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardgen.deck.check import Report, check_composition, checked_counts, players_outside
from cardgen.deck.load import Deck

if TYPE_CHECKING:
    from cardgen.engine.game import GameResult


def check_deck(deck: Deck, players: int | None = None, games: int = 0,
               seed: int | str = 0, workers: int = 1,
               progress: Callable[[int], None] | None = None,
               on_game: Callable[[GameResult], None] | None = None,
               cluster: str | None = None) -> Report:
    """Check a deck for ``players`` players (None: for every count it claims to serve).

    With ``games``, a deck whose composition is sound also plays that many sanity games
    per player count (see :func:`cardgen.play.simulate.sanity_problems`), spread over
    ``workers`` processes or on the Ray cluster at ``cluster`` (same results);
    ``progress`` is told of every game played, ``on_game`` is given each of them, its
    rounds recorded (for the balance summary).
    Ctrl-C stops the games at once: the report is then marked ``interrupted``.
    """
    report = check_composition(deck, players)
    if players_outside(deck, players):
        return report  # the question does not fit the deck: nothing more to measure
    _small_texts(deck, players, report.adder("warning"))
    if games and report.valid:
        from cardgen.engine import Variant
        from cardgen.play.simulate import sanity_run

        counts = checked_counts(deck, players)
        report.games_requested = games * len(counts)
        error, warning = report.adder("error"), report.adder("warning")
        for n in counts:
            variant = Variant.from_deck(deck, n)
            found, played = sanity_run(variant, games, seed, workers, progress, on_game,
                                       cluster)
            for level, message, card in found:
                (error if level == "error" else warning)(message, card)
            if played is not None:
                report.games_played += played.games
                if played.interrupted:
                    report.interrupted = True
                    break
    return report


def _small_texts(deck: Deck, players: int | None,
                 warning: Callable[[str, str | None], None]) -> None:
    """Names and captions a face would shrink below readable. Only the deck's own cards
    are measured (tests/render/test_face_text_fit.py holds the built-in faces), so a built-in
    deck is checked without loading the fonts."""
    own = [card for card, _ in deck.card_list(players) if card.id in deck.custom_ids]
    if not own:
        return
    from cardgen.render.textsizes import small_texts

    for card in own:
        for message in small_texts(card):
            warning(message, card.id)
