"""The commands that judge a deck by playing it: ``cardgen check``, ``cardgen simulate``
and ``cardgen rate``. The work is in :mod:`cardgen.check`, :mod:`cardgen.play.simulate`
and :mod:`cardgen.play.ratings`."""

from __future__ import annotations

import sys

import click

from cardgen.commands.common import usable_deck
from cardgen.commands.params import (
    STRENGTHS,
    Language,
    bots_option,
    cluster_option,
    json_option,
    option_option,
    players_option,
    seed_option,
    workers_option,
)
from cardgen.commands.stdout import echo_fitted, emit_json
from cardgen.errors import INTERRUPTED


@click.command()
@click.argument("deck")
@players_option("Check for this many players (default: the smallest and largest table the "
                "deck claims).")
@click.option("--games", type=click.IntRange(0, 100_000), default=200, show_default=True,
              help="Sanity games to play per player count (0: composition only).")
@bots_option("--player", f"The bots of the sanity games: {STRENGTHS}, search-N, or a comma "
             "list cycled over the seats.")
@workers_option("Processes for the sanity games (same results for any number).")
@cluster_option("the sanity games")
@click.option("--lang", "langs", type=Language(), multiple=True, metavar="LANG",
              help="Check the deck's words in this language (repeat for several): a name, "
                   "caption or plural missing there, and its rule text. Default: every "
                   "language the deck's cards are named in.")
@json_option("Print the report as JSON.")
def check(deck: str, players: int | None, games: int, player: str, workers: int,
          cluster: str | None, langs: tuple[str, ...], as_json: bool) -> None:
    """Check that DECK is complete and playable. Exit 1 if it is not.

    Ctrl-C stops the sanity games: the report of those finished is printed, marked
    PARTIAL, and the exit code is 130.
    """
    from cardgen.check import check_deck
    from cardgen.deck.check import players_outside
    from cardgen.deck.load import load_deck

    loaded = load_deck(deck)
    outside = players_outside(loaded, players)
    if outside:  # the question does not fit the deck: a usage error, the deck is not judged
        raise click.BadParameter(f"{loaded.source}: {outside}", param_hint="'--players'")
    counts = 1 if players is not None else len({loaded.min_players, loaded.max_players})
    from cardgen.balance.quick import SanityBalance

    fairness = SanityBalance(loaded)  # the sanity games also say which cards stand out
    asked = tuple(dict.fromkeys(langs)) or None
    report = check_deck(loaded, players, pictures=True,  # the composition, in milliseconds
                        rule_texts=True, langs=asked)
    if games and report.valid and cluster is not None:  # out of reach: said before playing
        from cardgen.play.cluster import connect

        connect(cluster, workers)
    if games and report.valid:  # no games, and no bar, for a deck that cannot be dealt
        # The bar goes to stderr (drawn only on a terminal), so --json output stays clean.
        with click.progressbar(length=games * counts, label="sanity games",
                               file=sys.stderr) as bar:
            def more(games: int) -> None:  # tables played to find the one that works
                bar.length = (bar.length or 0) + games

            report = check_deck(loaded, players, games=games, workers=workers,
                                progress=bar.update, summary=fairness, cluster=cluster,
                                more=more, pictures=True, rule_texts=True, langs=asked,
                                player=player)
    if as_json:
        emit_json({**report.as_dict(), "balance": fairness.as_dict()})
    else:
        if report.interrupted:
            echo_fitted(report.partial_line())
        for problem in report.problems:
            echo_fitted(f"{problem.level}: {problem.message}", err=problem.level == "error")
        for line in fairness.lines():
            echo_fitted(line)
        verdict = "valid" if report.valid else "NOT valid"
        echo_fitted(f"{report.deck.source}: {report.deck.total(players)} cards, {verdict} "
                     f"({len(report.errors)} error(s), {len(report.warnings)} warning(s))"
                     + (" so far" if report.interrupted else ""))
    if report.interrupted:
        sys.exit(INTERRUPTED)
    if not report.valid:
        sys.exit(1)


@click.command()
@click.argument("deck")
@players_option("Number of players.", default=4)
@click.option("--games", type=click.IntRange(1, 10_000_000), default=100, show_default=True,
              help="Number of whole games to play.")
@seed_option()
@bots_option("--player", f"The bots: {STRENGTHS}, search-N, or a comma list cycled over "
             "the seats (docs/playing.md).")
@option_option()
@workers_option()
@cluster_option()
@json_option("Print the report as JSON.")
def simulate(deck: str, players: int, games: int, seed: str, player: str,
             option_names: tuple[str, ...], workers: int, cluster: str | None,
             as_json: bool) -> None:
    """Play whole games of DECK with bots and report how they went.

    Exit 1 if a game broke an invariant or a round did not terminate. Ctrl-C stops the
    run: the report of the games finished is printed, marked PARTIAL, with exit code 130.
    """
    from cardgen.engine import Variant
    from cardgen.play.players import player_names
    from cardgen.play.simulate import format_report
    from cardgen.play.simulate import simulate as run

    variant = Variant.from_deck(usable_deck(deck, players), players, option_names)
    variant.require_playable()
    player_names(player)
    if games >= 50:
        with click.progressbar(length=games, label="playing", file=sys.stderr) as bar:
            report = run(variant, games=games, seed=seed, player=player, workers=workers,
                         progress=bar.update, cluster=cluster)
    else:
        report = run(variant, games=games, seed=seed, player=player, workers=workers,
                     cluster=cluster)
    if as_json:
        emit_json(report.as_dict())
    else:
        click.echo(format_report(report))
    if report.interrupted:
        sys.exit(INTERRUPTED)
    if report.invariant_violations or report.non_terminating:
        sys.exit(1)


@click.command()
@click.argument("deck")
@players_option("Number of players.", default=2)
@bots_option("--bots", f"The bots to rate, a comma list of two or more of {STRENGTHS} "
             "and search-N.", default="random,heuristic,strong")
@click.option("--rounds", type=click.IntRange(1, 10_000_000), default=200, show_default=True,
              help="Rounds to play.")
@seed_option("Seed of the run; round i is dealt with SEED:i.")
@option_option()
@workers_option()
def rate(deck: str, players: int, bots: str, rounds: int, seed: str,
         option_names: tuple[str, ...], workers: int) -> None:
    """Play rounds of DECK between bots and rate them on one scale (Elo points,
    Bradley-Terry, heuristic at 1000), with 95 % intervals and each pair's win share."""
    from cardgen.engine import Variant
    from cardgen.play.players import player_names
    from cardgen.play.ratings import format_ladder, run_ladder

    names = player_names(bots)
    if len(set(names)) < 2:
        raise click.BadParameter(f"'{bots}': name two bots or more to rate", param_hint="--bots")
    names = list(dict.fromkeys(names))
    variant = Variant.from_deck(usable_deck(deck, players), players, option_names)
    variant.require_playable()
    with click.progressbar(length=rounds, label="playing", file=sys.stderr) as bar:
        outcomes = run_ladder(variant, names, rounds, seed, workers, progress=bar.update)
    click.echo(format_ladder(deck, players, outcomes, names, seed))
