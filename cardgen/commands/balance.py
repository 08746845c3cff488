"""``cardgen balance``: the options, the progress bar and the outputs of the study
(:mod:`cardgen.balance`)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, NoReturn

import click

from cardgen.balance.sequential import DEFAULT_MAX_PAIRS, DEFAULT_TOLERANCE
from cardgen.commands.params import (
    FiniteFloat,
    cluster_option,
    json_option,
    lang_option,
    option_option,
    output_option,
    players_option,
    seed_option,
    workers_option,
)
from cardgen.commands.stdout import emit_json
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


@click.command()
@click.argument("deck")
@click.option("--against", default="classic", show_default=True, metavar="classic|DECK",
              help="The deck to set it against (a built-in deck or a deck file).")
@option_option("Also measure this option's effect (repeat for several).")
@players_option("Player counts to study (default: 4, or the deck's nearest count).",
                several=True)
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
@seed_option("Seed of the study; game i of every run is seeded with SEED:i.")
@workers_option("Processes to share the games (the report does not change).")
@cluster_option()
@click.option("--skill", metavar="BOT,BOT[,…]", default=None,
              callback=lambda ctx, param, value: _skills(value),
              help="Run the study once per bot strength, weakest first (e.g. "
                   "heuristic,strong), and set each kind's verdicts side by side.")
@click.option("--skill-rounds", type=click.IntRange(10, 1_000_000), default=200,
              show_default=True,
              help="With --skill: rounds of the strongest bot against the weakest on each "
                   "deck, for how much the deck rewards skill.")
@json_option("Print every figure as JSON.")
@output_option("Also write the report's charts to this PDF (with --skill: the by-skill chart).")
@lang_option("Language of the table and the PDF.")
def balance(deck: str, against: str, option_names: tuple[str, ...], players: tuple[int, ...] | None,
            games: int, tolerance: float, max_pairs: int, seed: str, workers: int,
            cluster: str | None, skill: list[str] | None, skill_rounds: int, as_json: bool,
            output: Path | None, lang: str) -> None:
    """Measure what each card kind and option of DECK does to the game, until settled.

    Plays whole games of DECK and of the baseline with the heuristic bots, for the shape
    of the game. Then each kind is measured on pairs of one-round games on the same
    seeds, DECK against DECK with the kind replaced by plain number cards, until its
    effect on its holder's chance to win a round is settled: it helps, it hurts, or it
    has no effect larger than --tolerance. Each verdict is wrong 5 % of the time at most.
    """
    from cardgen.balance.report import format_report
    from cardgen.balance.study import Plan, run_study
    from cardgen.check import check_deck
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
    plan = Plan(loaded, baseline, option_names, players, games, seed, workers, cluster,
                tolerance=tolerance / 100, max_pairs=max_pairs)
    if cluster is not None:  # a cluster out of reach is said before anything is played
        from cardgen.play.cluster import connect

        connect(cluster, workers)
    bars = _StageBars()
    if skill is not None:
        _by_skill(plan, skill, skill_rounds, bars, as_json, output, lang)
        return
    try:
        result = run_study(plan, progress=bars)
    except KeyboardInterrupt:
        _interrupted(bars, output)
    bars.finish()
    if output is not None:
        from cardgen.balance.charts import write_pdf

        write_pdf(result, output, lang)
    if as_json:
        emit_json(result)
    else:
        click.echo(format_report(result, lang))
    if output is not None:
        click.echo(f"wrote {output}", err=as_json)


def _interrupted(bars: _StageBars, output: Path | None) -> NoReturn:
    # A verdict rests on every pair up to its look: a part of them settles nothing.
    bars.finish()
    click.echo(f"interrupted (Ctrl-C) after {bars.done} games; a balance study needs "
               "all of them, so there is no report"
               + ("" if output is None else f" and {output} is not written"), err=True)
    sys.exit(INTERRUPTED)


def _skills(value: str | None) -> list[str] | None:
    """--skill's bots, weakest first: two or more, each one the engine has."""
    if value is None:
        return None
    from cardgen.play.players import player_names

    names = list(dict.fromkeys(part.strip().lower() for part in value.split(",")))
    player_names(names)
    if len(names) < 2:
        raise click.BadParameter(f"'{value}': name two bots or more, weakest first",
                                 param_hint="--skill")
    return names


def _by_skill(plan: Any, skills: list[str], rounds: int, bars: _StageBars, as_json: bool,
              output: Path | None, lang: str) -> None:
    """``--skill``: the study at each strength, and the by-skill table after each report
    (and its PDF)."""
    from cardgen.balance.report import format_report
    from cardgen.balance.skill import format_skill_report, run_skill_study, write_skill_pdf

    try:
        result = run_skill_study(plan, skills, rounds, progress=bars)
    except KeyboardInterrupt:
        _interrupted(bars, output)
    bars.finish()
    if output is not None:
        write_skill_pdf(result, output, lang)
    if as_json:
        emit_json(result)
    else:
        for skill in skills:
            click.echo(f"== {skill} ==")
            click.echo(format_report(result["studies"][skill], lang))
            click.echo("")
        click.echo(format_skill_report(result, lang))
    if output is not None:
        click.echo(f"wrote {output}", err=as_json)
