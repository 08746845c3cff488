"""``cardgen balance``: the options, the progress bar and the outputs of the study."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import click

from cardgen.balance.sequential import DEFAULT_MAX_PAIRS, DEFAULT_TOLERANCE
from cardgen.commands.params import FiniteFloat, OutputPath
from cardgen.errors import INTERRUPTED, CardgenError

#: Whole games of the deck and of the baseline by default: enough for the shape of the
#: game (round length within a turn or two, rounds with no winner within a point or two).
DEFAULT_GAMES = 400


class _StageBars:
    """A progress bar per stage of the study: the whole games, then each look."""

    def __init__(self) -> None:
        self.bar: Any = None
        self.done = 0

    def stage(self, label: str, total: int) -> None:
        self.finish()
        self.bar = click.progressbar(length=max(1, total), label=label, file=sys.stderr)
        self.bar.__enter__()

    def advance(self, count: int) -> None:
        self.done += count
        if self.bar is not None:
            self.bar.update(count)

    def finish(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None


def _player_counts(ctx: click.Context, param: click.Parameter,
                   value: str | None) -> tuple[int, ...] | None:
    if value is None:
        return None
    try:
        counts = tuple(dict.fromkeys(int(part) for part in value.split(",")))
    except ValueError:
        raise click.BadParameter(f"'{value}' is not a player count or a comma list of "
                                 "them, like 4 or 3,5") from None
    if any(not 2 <= n <= 10 for n in counts):
        raise click.BadParameter(f"'{value}': UNO is played by 2 to 10 players")
    return counts


@click.command()
@click.argument("deck")
@click.option("--against", default="classic", show_default=True, metavar="classic|DECK",
              help="The deck to set it against (a built-in deck or a deck file).")
@click.option("--option", "--rule", "rules", multiple=True, metavar="NAME",
              help="Also measure this option's effect (repeat for several).")
@click.option("--players", callback=_player_counts, metavar="N[,N…]",
              help="Player counts to study (default: 4, or the deck's nearest count).")
@click.option("--games", type=click.IntRange(10, 100_000), default=DEFAULT_GAMES,
              show_default=True,
              help="Whole games of the deck and of the baseline (the shape of the game).")
@click.option("--tolerance", type=FiniteFloat(0.5, 50), default=DEFAULT_TOLERANCE * 100,
              show_default=True, metavar="POINTS",
              help="'No effect' allows this many points of the holder's chance to win a "
                   "round either way (for an option: this many % of round length).")
@click.option("--max-games", "max_pairs", type=click.IntRange(30, 100_000),
              default=DEFAULT_MAX_PAIRS, show_default=True,
              help="The most pairs of one-round games a kind or an option gets before it "
                   "is reported unsettled.")
@click.option("--seed", default="0", show_default=True,
              help="Seed of the study; game i of every run is seeded with SEED:i.")
@click.option("--workers", type=click.IntRange(1, 64), default=os.cpu_count() or 1,
              show_default="the number of cores",
              help="Processes to share the games (the report does not change).")
@click.option("--cluster", metavar="ADDRESS",
              help="Play the games on a Ray cluster: its address, ray://HOST:10001, or "
                   "'local' (needs pip install 'cardgen[cluster]'; same report).")
@click.option("--json", "as_json", is_flag=True, help="Print every figure as JSON.")
@click.option("-o", "--output", "output", type=OutputPath(dir_okay=False, path_type=Path),
              help="Also write the report's charts to this PDF.")
@click.option("--lang", type=click.Choice(["fr", "en"], case_sensitive=False), default="en",
              show_default=True, help="Language of the table and the PDF.")
def balance(deck: str, against: str, rules: tuple[str, ...], players: tuple[int, ...] | None,
            games: int, tolerance: float, max_pairs: int, seed: str, workers: int,
            cluster: str | None, as_json: bool, output: Path | None, lang: str) -> None:
    """Measure what each card kind and option of DECK does to the game, until settled.

    Plays whole games of DECK and of the baseline with the heuristic bots, for the shape
    of the game. Then each kind is measured on pairs of one-round games on the same
    seeds, DECK against DECK with the kind replaced by plain number cards, until its
    effect on its holder's chance to win a round is settled: it helps, it hurts, or it
    has no effect larger than --tolerance. Each verdict is wrong 5 % of the time at most.
    """
    from cardgen.balance.report import format_report
    from cardgen.balance.study import Plan, run_study
    from cardgen.deck.check import check_deck
    from cardgen.deck.load import load_deck
    from cardgen.outputs import output_file

    if output is not None:  # an unwritable path is said before minutes of games
        output_file(output)
    loaded = load_deck(deck)
    baseline = loaded if against == deck else load_deck(against)
    if players is None:
        players = (min(max(4, loaded.min_players), loaded.max_players),)
    for d in (loaded,) if baseline is loaded else (loaded, baseline):
        for n in players:
            report = check_deck(d, n)
            if not report.valid:
                raise CardgenError(report.errors[0].message)
    plan = Plan(loaded, baseline, rules, players, games, seed, workers, cluster,
                tolerance=tolerance / 100, max_pairs=max_pairs)
    if cluster is not None:  # a cluster out of reach is said before anything is played
        from cardgen.play.cluster import connect

        connect(cluster, workers)
    bars = _StageBars()
    try:
        result = run_study(plan, progress=bars)
    except KeyboardInterrupt:
        # A verdict rests on every pair up to its look: a part of them settles nothing.
        bars.finish()
        click.echo(f"interrupted (Ctrl-C) after {bars.done} games; a balance study needs "
                   "all of them, so there is no report"
                   + ("" if output is None else f" and {output} is not written"), err=True)
        sys.exit(INTERRUPTED)
    bars.finish()
    if output is not None:
        from cardgen.balance.charts import write_pdf

        write_pdf(result, output, lang)
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        click.echo(format_report(result, lang))
    if output is not None:
        click.echo(f"wrote {output}", err=as_json)
