"""The command line. It only wires options to the functions that do the work.

Every error a user can cause is a :class:`~cardgen.errors.CardgenError`; the group
below turns it into Click's ``Error: …`` line with exit code 1, never a traceback.
"""

from __future__ import annotations

import difflib
import errno
import os
import sys
from pathlib import Path
from typing import Any

import click

from cardgen.balance.command import balance
from cardgen.catalogue.option_facts import OPTION_FACTS, RELATION_LABELS
from cardgen.commands.common import LANG, emit_json, usable_deck
from cardgen.commands.discover import effects, pictograms
from cardgen.commands.iteration import preview, watch
from cardgen.commands.params import StandardOutputError, whole_writes_to_stdout
from cardgen.commands.printing import build, png, rulebook, sheets
from cardgen.commands.shops import shops
from cardgen.commands.start import examples, new
from cardgen.deck.check import check_deck, players_outside
from cardgen.deck.load import builtin_names, load_deck
from cardgen.errors import INTERRUPTED, CardgenError

# Drawing, rulebook and engine modules are imported inside their commands: they pull in
# most of reportlab, and `cardgen cards` or `check` should not wait for that.

class CardgenGroup(click.Group):
    """Reports :class:`CardgenError` as a one-line error instead of a traceback, and
    accepts the old names of commands."""

    #: `cardgen rules` was the name of `cardgen options` before the word "options" was
    #: used everywhere (issue 23); command lines written with it keep working.
    OLD_NAMES = {"rules": "options"}

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return super().get_command(ctx, self.OLD_NAMES.get(cmd_name, cmd_name))

    def invoke(self, ctx: click.Context) -> Any:
        whole_writes_to_stdout()
        try:
            result = super().invoke(ctx)
            sys.stdout.flush()  # a report that cannot go out whole fails here, not at exit
            return result
        except CardgenError as exc:
            raise click.ClickException(str(exc)) from None
        except KeyboardInterrupt:
            # Click would print "Aborted!" and exit 1, which a script reads as a failed
            # check. Every output is written to a temporary file first, so none is left.
            click.echo("interrupted (Ctrl-C); nothing more was written", err=True)
            sys.exit(INTERRUPTED)
        except OSError as exc:
            # A broken pipe (`| head`) is click's to handle quietly.
            if exc.errno == errno.EPIPE:
                raise
            if isinstance(exc, StandardOutputError):  # (a full disk, a closed terminal)
                sys.stdout = open(os.devnull, "w")  # noqa: SIM115 -- nothing more reaches it
                raise click.ClickException(
                    f"cannot write to standard output: {exc.strerror or exc}; write the "
                    "report into a file on a disk with free space") from None
            # A file cardgen writes is reported by outputs.py as a CardgenError; one that
            # gets here is said as the system says it, with its file when it has one
            # (an error without one used to be blamed on standard output).
            where = f"{exc.filename}: " if exc.filename is not None else ""
            raise click.ClickException(
                f"{where}{' '.join(str(exc.strerror or exc).split())}; check the path "
                "and its permissions") from None


@click.group(cls=CardgenGroup)
@click.version_option(package_name="cardgen", prog_name="cardgen")
def main() -> None:
    """Print-and-play UNO decks: card sheets, rulebooks, and a rules engine to check them.

    DECK is a built-in deck (see `cardgen variants`) or the path to a deck file.
    """


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def variants(as_json: bool) -> None:
    """List the built-in decks with their player range and card count."""
    rows: list[dict[str, Any]] = []
    for name in builtin_names():
        deck = load_deck(name)
        rows.append({
            "id": name,
            "name": deck.name.as_dict(),
            "min_players": deck.min_players,
            "max_players": deck.max_players,
            "total": deck.total(),
            "rules": list(deck.rules),
        })
    if as_json:
        emit_json(rows)
        return
    for row in rows:
        players = f"{row['min_players']}-{row['max_players']} players"
        click.echo(f"{row['id']:<12} {row['total']:>4} cards  {players:<13} {row['name']['en']}")


@main.command()
@click.argument("deck")
@click.option("--players", type=click.IntRange(2, 10), help="Number of players (some decks "
              "take cards out for small tables).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option("--lang", type=LANG, default="en", show_default=True,
              help="Language of the table.")
def cards(deck: str, players: int | None, as_json: bool, lang: str) -> None:
    """List the cards of DECK with their counts and points."""
    loaded = usable_deck(deck, players)
    rows: list[dict[str, Any]] = [
        {
            "id": card.id,
            "count": count,
            "points": card.points,
            "color": card.color,
            "value": card.value,
            "effect": card.effect,
            "family": card.family,
            "name": card.name.as_dict(),
            "caption": card.caption.as_dict(),
        }
        for card, count in loaded.card_list(players)
    ]
    if as_json:
        emit_json(rows)
        return
    width = max(len(r["id"]) for r in rows)
    for row in rows:
        click.echo(f"{row['count']:>3} x {row['id']:<{width}}  {row['points']:>3} pts  "
                   f"{row['name'][lang]}")
    click.echo(f"{sum(r['count'] for r in rows)} {'cartes' if lang == 'fr' else 'cards'}")


@main.command()
@click.argument("deck")
@click.option("--players", type=click.IntRange(2, 10), help="Check for this many players "
              "(default: the smallest and largest table the deck claims).")
@click.option("--games", type=click.IntRange(0, 100_000), default=200, show_default=True,
              help="Sanity games to play per player count (0: composition only).")
@click.option("--workers", type=click.IntRange(1, 64), default=os.cpu_count() or 1,
              show_default="the number of cores",
              help="Processes for the sanity games (same results for any number).")
@click.option("--cluster", metavar="ADDRESS", help="Play the sanity games on a Ray cluster "
              "(an address, ray://HOST:10001 or 'local'; the results do not change).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def check(deck: str, players: int | None, games: int, workers: int, cluster: str | None,
          as_json: bool) -> None:
    """Check that DECK is complete and playable. Exit 1 if it is not.

    Ctrl-C stops the sanity games: the report of those finished is printed, marked
    PARTIAL, and the exit code is 130.
    """
    loaded = load_deck(deck)
    outside = players_outside(loaded, players)
    if outside:  # the question does not fit the deck: a usage error, the deck is not judged
        raise click.BadParameter(f"{loaded.source}: {outside}", param_hint="'--players'")
    counts = 1 if players is not None else len({loaded.min_players, loaded.max_players})
    from cardgen.balance.quick import SanityBalance

    fairness = SanityBalance(loaded)  # the sanity games also say which cards stand out
    report = check_deck(loaded, players)  # the composition alone, in milliseconds
    if games and report.valid and cluster is not None:  # out of reach: said before playing
        from cardgen.play.cluster import connect

        connect(cluster, workers)
    if games and report.valid:  # no games, and no bar, for a deck that cannot be dealt
        # The bar goes to stderr (drawn only on a terminal), so --json output stays clean.
        with click.progressbar(length=games * counts, label="sanity games",
                               file=sys.stderr) as bar:
            report = check_deck(loaded, players, games=games, workers=workers,
                                progress=bar.update, on_game=fairness.add, cluster=cluster)
    if as_json:
        emit_json({**report.as_dict(), "balance": fairness.as_dict()})
    else:
        if report.interrupted:
            _echo_fitted(report.partial_line())
        for problem in report.problems:
            _echo_fitted(f"{problem.level}: {problem.message}", err=problem.level == "error")
        for line in fairness.lines():
            _echo_fitted(line)
        verdict = "valid" if report.valid else "NOT valid"
        _echo_fitted(f"{report.deck.source}: {report.deck.total(players)} cards, {verdict} "
                     f"({len(report.errors)} error(s), {len(report.warnings)} warning(s))"
                     + (" so far" if report.interrupted else ""))
    if report.interrupted:
        sys.exit(INTERRUPTED)
    if not report.valid:
        sys.exit(1)


#: The columns `cardgen check` fits its lines in, as the balance report does.
CHECK_WIDTH = 100


def fitted(text: str, width: int = CHECK_WIDTH) -> list[str]:
    """``text`` as lines of at most ``width`` columns, broken at spaces, never inside a
    `command` to type. A line's continuations hang under it: under the text of a bullet
    ("- "), else 4 columns further in than the line, so each message's start stands out.
    A word wider than ``width`` (a long path) is left whole rather than cut."""
    import re
    import textwrap

    lines = []
    for line in text.splitlines() or [""]:
        lead = len(line) - len(line.lstrip(" "))
        hang = lead + (2 if line[lead:].startswith("- ") else 4)
        # A command's spaces, hidden from textwrap as NULs, and given back after.
        kept = re.sub(r"`[^`]*`", lambda span: span[0].replace(" ", "\0"), line)
        lines += [part.replace("\0", " ") for part in textwrap.wrap(
            kept, width, subsequent_indent=" " * hang, break_long_words=False,
            break_on_hyphens=False)] or [""]
    return lines


def _echo_fitted(text: str, err: bool = False) -> None:
    for line in fitted(text):
        click.echo(line, err=err)


@main.command("options")
@click.option("--lang", type=LANG, default="en", show_default=True,
              help="Language of the descriptions.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a list.")
def list_options(lang: str, as_json: bool) -> None:
    """List the options a deck or `--option NAME` can turn on (also `cardgen rules`)."""
    if as_json:
        emit_json([{"name": r.name, "ids": list(r.ids), "description": r.description.as_dict(),
                     "needs": {need: list(met) for need, met in r.met_by().items()},
                     "includes": list(r.includes), "conflicts": list(r.conflicts)}
                    for r in OPTION_FACTS.values()])
        return
    width = max(len(name) for name in OPTION_FACTS)
    for rule in OPTION_FACTS.values():
        click.echo(f"{rule.name:<{width}}  {rule.description[lang]}")
        # What a combination needs and refuses, under the line (names are the same in
        # both languages: they are what --rule and a deck's rules take).
        relations = {
            "needs": [need + (f" ({RELATION_LABELS['or'][lang]} {', '.join(met[1:])})"
                              if met[1:] else "") for need, met in rule.met_by().items()],
            "includes": list(rule.includes),
            "conflicts": [c for c in rule.conflicts if c not in rule.includes],
        }
        for relation, names in relations.items():
            if names:
                colon = " :" if lang == "fr" else ":"  # French sets a space before it
                click.echo(f"{'':<{width}}    {RELATION_LABELS[relation][lang]}{colon} "
                           f"{', '.join(names)}")


@main.command()
@click.argument("deck")
@click.option("--players", type=click.IntRange(2, 10), default=4, show_default=True,
              help="Number of players.")
@click.option("--games", type=click.IntRange(1, 10_000_000), default=100, show_default=True,
              help="Number of whole games to play.")
@click.option("--seed", default="0", show_default=True,
              help="Seed of the run; game i is seeded with SEED:i.")
@click.option("--player", default="heuristic", show_default=True,
              help="The bots: random, heuristic, or a comma list cycled over the seats.")
@click.option("--option", "--rule", "extra_rules", multiple=True, metavar="NAME",
              help="Turn on an option (repeat for several; see `cardgen options`).")
@click.option("--workers", type=click.IntRange(1, 64), default=os.cpu_count() or 1,
              show_default="the number of cores",
              help="Processes to share the games (the results do not change).")
@click.option("--cluster", metavar="ADDRESS", help="Play the games on a Ray cluster "
              "(an address, ray://HOST:10001 or 'local'; the results do not change).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def simulate(deck: str, players: int, games: int, seed: str, player: str,
             extra_rules: tuple[str, ...], workers: int, cluster: str | None,
             as_json: bool) -> None:
    """Play whole games of DECK with bots and report how they went.

    Exit 1 if a game broke an invariant or a round did not terminate. Ctrl-C stops the
    run: the report of the games finished is printed, marked PARTIAL, with exit code 130.
    """
    from cardgen.engine import Variant
    from cardgen.play.players import player_names
    from cardgen.play.simulate import format_report
    from cardgen.play.simulate import simulate as run

    _known_options(extra_rules)
    variant = Variant.from_deck(usable_deck(deck, players), players, extra_rules)
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


def _known_options(names: tuple[str, ...]) -> None:
    for name in names:
        if name not in OPTION_FACTS:
            close = difflib.get_close_matches(name, list(OPTION_FACTS), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise CardgenError(f"--rule: unknown rule(s) {name}{hint}; `cardgen rules` "
                               "lists them")


@main.command()
@click.argument("deck")
@click.option("--players", type=click.IntRange(2, 10), default=4, show_default=True,
              help="Number of players, you included.")
@click.option("--seat", type=click.IntRange(0, 9), default=0, show_default=True,
              help="Your seat (P0 deals the first round).")
@click.option("--bots", default="heuristic", show_default=True,
              help="The other players: heuristic, random, or a comma list.")
@click.option("--option", "--rule", "extra_rules", multiple=True, metavar="NAME",
              help="Turn on an option (repeat for several; see `cardgen options`).")
@click.option("--seed", default="0", show_default=True, help="Seed of the deal.")
@click.option("--lang", type=LANG, default="en", show_default=True,
              help="Language of the table and of the card names.")
@click.option("--fast", is_flag=True, help="Show the bots' moves without pausing.")
def play(deck: str, players: int, seat: int, bots: str, extra_rules: tuple[str, ...],
         seed: str, lang: str, fast: bool) -> None:
    """Play a whole game of DECK at the terminal against bots.

    Answer with a number or an action's text; `why CARD` says why a card cannot be
    played, `save FILE` writes the position for `cardgen explain`, `quit` ends the game
    (exit 0). Ctrl-C ends it too, with the scores so far (exit 130).
    """
    from cardgen.terminal.human import LeaveGame
    from cardgen.terminal.session import Session, TableSettings

    if seat >= players:
        raise click.BadParameter(f"seat {seat} does not exist at {players} players; choose "
                                 f"0 to {players - 1}", param_hint="--seat")
    _known_options(extra_rules)
    loaded = usable_deck(deck, players)
    settings = TableSettings(deck, players, seat, extra_rules, bots, seed, lang, fast,
                             # NO_COLOR: the common convention for a terminal without colour.
                             color=sys.stdout.isatty() and not os.environ.get("NO_COLOR"))

    def read(prompt: str) -> str | None:
        try:
            return input(prompt)
        except EOFError:
            return None

    session = Session(loaded, settings, read, click.echo)
    try:
        session.run()
    except LeaveGame:
        click.echo(session.words("quit", scores=session.scores_line()))
    except KeyboardInterrupt:
        click.echo()
        click.echo(session.words("interrupted", scores=session.scores_line()))
        sys.exit(INTERRUPTED)


@main.command()
@click.argument("situation", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print every step as JSON.")
def explain(situation: Path, as_json: bool) -> None:
    """Show what the rules allow and do in SITUATION.toml, step by step.

    The file sets the table (hands, top card, colour, turn …) and may list actions to
    take and what should follow (see the README). Exit 1 if that is not what happens.
    """
    from cardgen.situation import explain as run
    from cardgen.situation import format_explanation

    result = run(situation)
    if as_json:
        emit_json(result.as_dict())
    else:
        click.echo(format_explanation(result))
    if result.failures:
        sys.exit(1)


main.add_command(balance)
main.add_command(rulebook)
main.add_command(sheets)
main.add_command(png)
main.add_command(build)
main.add_command(new)
main.add_command(examples)
main.add_command(effects)
main.add_command(pictograms)
main.add_command(preview)
main.add_command(watch)
main.add_command(shops)


if __name__ == "__main__":  # python -m cardgen.cli, e.g. with -X importtime
    main()
