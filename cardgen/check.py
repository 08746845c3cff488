"""The full check of a deck, what `cardgen check` runs: its composition
(:mod:`cardgen.deck.check`), the texts its faces would print too small (measured by the
renderer), then sanity games played by the engine's bots, after the example situations
of the plugins whose effects the deck uses.

It stands above the deck, the engine and the renderer because it uses all three; the
deck layer only reads and counts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardgen.deck.check import Report, check_composition, checked_counts, players_outside
from cardgen.deck.load import Deck

if TYPE_CHECKING:
    from cardgen.balance.quick import SanityBalance
    from cardgen.play.simulate import SimulationReport


def check_deck(deck: Deck, players: int | None = None, games: int = 0,
               seed: int | str = 0, workers: int = 1,
               progress: Callable[[int], None] | None = None,
               summary: SanityBalance | None = None,
               cluster: str | None = None,
               more: Callable[[int], None] | None = None,
               pictures: bool = False, rule_texts: bool = False,
               langs: tuple[str, ...] | None = None, player: str = "heuristic") -> Report:
    """Check a deck for ``players`` players (None: for every count it claims to serve).

    With ``games``, a deck whose composition is sound also plays that many sanity games
    per player count (see :func:`cardgen.play.simulate.sanity_problems`), by the bots
    ``player`` names (heuristic by default), spread over
    ``workers`` processes or on the Ray cluster at ``cluster`` (same results);
    ``progress`` is told of every game played, and ``summary`` (the balance summary
    the command prints) is given each of them, its rounds recorded.

    A player count whose games do not work as a game (the verdict of
    :mod:`cardgen.balance.health` the summary prints: rounds that block, piles that run
    dry) is an error, which says what to change. When only the deck's largest table
    fails (or only its smallest), the counts in between are played too, ``games`` each
    (``more`` is told of them first), from the end that works until one fails: the
    error names the bound under which every table played works.
    Ctrl-C stops the games at once: the report is then marked ``interrupted``.
    With ``pictures``, a picture too coarse for a print shop is a warning (the commands
    that print say it themselves, at the size and resolution they print at).
    With ``rule_texts``, the deck's rule texts are rendered (not drawn) in each language
    it has, as `cardgen rulebook` would: an error of one is an error of the deck.
    With ``langs``, the deck's words and rule texts are checked in those languages only
    (a word missing in one is a warning); without, in each language it has.
    """
    report = check_composition(deck, players, langs)
    if players_outside(deck, players):
        return report  # the question does not fit the deck: nothing more to measure
    _small_texts(deck, players, report.adder("warning"))
    if pictures:
        _coarse_pictures(deck, players, report.adder("warning"))
    if rule_texts and report.valid:  # a broken deck's text would only fail with it
        _rule_text_errors(deck, report.adder("error"), langs)
    if games and report.valid:
        _plugin_examples(deck, report.adder("error"))
    if games and report.valid:
        from cardgen.balance.quick import SanityBalance

        run = _SanityRun(deck, report, games, seed, workers, progress, cluster, more)
        run.player = player
        run.check(checked_counts(deck, players), summary or SanityBalance(deck))
        if players is None and not report.interrupted:
            run.look_between()
        run.say_broken()
    return report


def _plugin_examples(deck: Deck, add_error: Callable[..., None]) -> None:
    """Run the example situations of every plugin effect the deck's cards have: a plugin
    whose own examples do not hold plays no game (each failure is an error)."""
    from cardgen.situation.examples import plugin_example_failures

    effects = {card.effect for card, _ in deck.card_list()}
    for dist, name, failure in plugin_example_failures(effects):
        add_error(f"the plugin {dist}'s example {name} does not hold, so no game is "
                  f"played: {failure}")


class _SanityRun:
    """The sanity games of one check, count by count, and the verdict on each count."""

    def __init__(self, deck: Deck, report: Report, games: int, seed: int | str,
                 workers: int, progress: Callable[[int], None] | None,
                 cluster: str | None, more: Callable[[int], None] | None) -> None:
        self.deck, self.report, self.games = deck, report, games
        self.seed, self.workers, self.progress, self.cluster = seed, workers, progress, cluster
        self.more = more
        self.player = "heuristic"  # the bots of the games
        #: count -> whether it works: no error of its own, and its games a working game
        self.works: dict[int, bool] = {}
        #: count -> the health of a count that plays, but not as a game
        self.broken: dict[int, dict[str, Any]] = {}
        #: the counts the check covers (the others are played only to find the nearest
        #: table that works)
        self.checked: list[int] = []
        #: failing count -> (the farthest table towards it whose games work, every table
        #: from the other end to it working; the table after it, which failed too, if any)
        self.nearest: dict[int, tuple[int, int | None]] = {}

    def play(self, n: int, summary: SanityBalance) -> tuple[list[tuple[str, str, str | None]],
                                                             SimulationReport | None]:
        """Play count ``n``'s games into ``summary``; note whether it works."""
        from cardgen.engine import Variant
        from cardgen.play.simulate import sanity_run

        found, played = sanity_run(Variant.from_deck(self.deck, n), self.games, self.seed,
                                   self.workers, self.progress, summary.add, self.cluster,
                                   player=self.player)
        if played is not None:
            self.report.games_played += played.games
            self.report.interrupted |= played.interrupted
            health = summary.health(n)
            if health is not None:
                own_error = any(level == "error" for level, _, _ in found)
                self.works[n] = health["works"] and not own_error
                if not health["works"] and not own_error:
                    self.broken[n] = health
        return found, played

    def check(self, counts: list[int], summary: SanityBalance) -> None:
        """The counts the check covers: their findings, and their verdicts."""
        from cardgen.play.simulate import shortages

        self.checked = counts
        self.report.games_requested += self.games * len(counts)
        error, warning = self.report.adder("error"), self.report.adder("warning")
        for n in counts:
            found, played = self.play(n, summary)
            for level, message, card in found:
                (error if level == "error" else warning)(message, card)
            if played is None:
                continue
            said = {t["trouble"] for t in self.broken.get(n, {}).get("troubles", [])}
            for trouble, (_, message, card) in shortages(played).items():
                if trouble not in said:  # a broken game's error says it already
                    warning(message, card)
            if self.report.interrupted:
                break

    def look_between(self) -> None:
        """When only the largest (or only the smallest) table fails, play the counts
        from the other end towards it until one fails too: the tables before it all
        work, and the last of them is the largest (smallest) table to allow."""
        from cardgen.balance.quick import SanityBalance

        low, high = self.deck.min_players, self.deck.max_players
        for failing, working, step in ((high, low, 1), (low, high, -1)):
            if not (self.works.get(working) and failing in self.broken):
                continue
            fails_too = None
            for n in range(working + step, failing, step):
                if self.more is not None:
                    self.more(self.games)
                self.report.games_requested += self.games
                self.play(n, SanityBalance(self.deck))  # not a count the summary covers
                if self.report.interrupted:
                    return
                if not self.works.get(n):
                    fails_too = n
                    break
                working = n
            self.nearest[failing] = (working, fails_too)

    def say_broken(self) -> None:
        """An error for each count checked whose games do not work as a game."""
        from cardgen.balance.report import labels, trouble_text

        words = labels("en")  # check speaks English
        error = self.report.adder("error")
        low, high = self.deck.min_players, self.deck.max_players
        change = "add cards or take out cards that make players draw"
        for n in self.checked:
            if n not in self.broken:
                continue
            troubles = "; ".join(trouble_text(t, "", words)
                                 for t in self.broken[n]["troubles"])
            message = f"with {n} players the deck does not work as a game ({troubles})"
            if n in self.nearest:
                working, fails_too = self.nearest[n]
                if fails_too is not None:
                    message += f", nor with {fails_too} players"
                bound, verb = ("max", "lower") if working < n else ("min", "raise")
                tables = sorted({working, low if bound == "max" else high})
                works = (f"with {tables[0]} players" if len(tables) == 1
                         else f"from {tables[0]} to {tables[1]} players")
                message += (f": {verb} 'players.{bound}' to {working} (the games work "
                            f"{works}), or {change}")
            elif n == low and n != high:
                message += f": {change}, or raise 'players.min' above {n}"
            else:
                message += f": {change}, or lower 'players.max' below {n}"
            error(message)


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


def _rule_text_errors(deck: Deck, error: Callable[..., None],
                      langs: tuple[str, ...] | None = None) -> None:
    """What `cardgen rulebook` would refuse in the deck's rule text, in French, English
    and each language it brings a text of its own in ("x.en.md, line 12: …"); a
    language the deck's words lack is rendered with English standing in, as under
    ``--fallback-en`` (the commands say that lack themselves)."""
    from cardgen.catalogue.face_languages import FaceLanguages
    from cardgen.deck.languages import deck_in
    from cardgen.errors import CardgenError
    from cardgen.rulebook import rulebook_blocks

    for lang in langs or dict.fromkeys(("fr", "en", *deck.rule_texts)):
        try:
            rulebook_blocks(deck_in(deck, FaceLanguages(lang), fallback_en=True), lang)
        except CardgenError as exc:
            error(str(exc))


def _coarse_pictures(deck: Deck, players: int | None,
                     warning: Callable[[str, str | None], None]) -> None:
    """Pictures that print under the 300 ppi print shops ask for, on the design's
    cards (`cardgen sheets` and `png` say it again at the size they print)."""
    if not deck.back and not any(card.picture is not None or card.back is not None
                                 for card, _ in deck.card_list(players)):
        return  # no picture: no need to load the renderer
    from cardgen.render.layout import design_size
    from cardgen.render.paper.resolution import SHOP_PPI, coarse_pictures

    for picture in coarse_pictures(deck, SHOP_PPI, players=players):
        warning(picture.message(design_size(), "print shops ask for (200 for home "
                                "sheets)"), picture.card)
