"""``cardgen balance``: the options, the progress bar and the outputs of the study."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from cardgen.commands.params import OutputPath
from cardgen.errors import INTERRUPTED, CardgenError

#: Games per run by default: at 4 players the whole Unplugged study (the deck, the
#: classic baseline and each of its 20 kinds ablated, 22 runs) fits in two minutes on
#: two cores (benchmarks/balance.py), and separates its strongest kinds from the rest.
DEFAULT_GAMES = 400


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
              show_default=True, help="Games per run (the deck, the baseline, each ablation).")
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
            games: int, seed: str, workers: int, cluster: str | None, as_json: bool,
            output: Path | None, lang: str) -> None:
    """Measure what each card kind and rule of DECK does to the game, with intervals.

    Plays DECK and the baseline with the heuristic bots, then DECK with each kind of
    card replaced by plain number cards, on the same seeds, and reports each kind's
    effect on its holder's chance to win a round, on round length and on the first
    player's advantage, each with its 95 % interval.
    """
    from cardgen.balance.report import format_report
    from cardgen.balance.study import Plan, run_study, total_games
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
    plan = Plan(loaded, baseline, rules, players, games, seed, workers, cluster)
    if cluster is not None:  # a cluster out of reach is said before anything is played
        from cardgen.play.cluster import connect

        connect(cluster, workers)
    total = total_games(plan)
    with click.progressbar(length=total, label="playing", file=sys.stderr) as bar:
        try:
            result = run_study(plan, progress=bar.update)
        except KeyboardInterrupt:
            # Each figure compares runs on the same seeds: a part of them measures nothing.
            bar.render_finish()
            click.echo(f"interrupted (Ctrl-C) after {bar.pos} of {total} games; a balance "
                       "study needs all of them, so there is no report"
                       + ("" if output is None else f" and {output} is not written"),
                       err=True)
            sys.exit(INTERRUPTED)
    if output is not None:
        from cardgen.balance.charts import write_pdf

        write_pdf(result, output, lang)
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        click.echo(format_report(result, lang))
    if output is not None:
        click.echo(f"wrote {output}", err=as_json)
