"""The commands that play a round with a person or from a file: ``cardgen play`` (at the
terminal, :mod:`cardgen.terminal`) and ``cardgen explain`` (a situation file,
:mod:`cardgen.situation`)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from cardgen.commands.common import usable_deck
from cardgen.commands.params import (
    STRENGTHS,
    bots_option,
    fallback_option,
    json_option,
    lang_option,
    option_option,
    players_option,
    seed_option,
)
from cardgen.commands.stdout import emit_json
from cardgen.errors import INTERRUPTED


@click.command()
@click.argument("deck")
@players_option("Number of players, you included.", default=4)
@click.option("--seat", type=click.IntRange(0, 9), default=0, show_default=True,
              help="Your seat (P0 to one less than --players). No seat deals first: "
                   "the dealer is drawn by lot, as --seed fixes it, for every round, or "
                   "for the first only where the rules pass the deal to the left "
                   "(rotate-dealer, on in the unplugged deck).")
@click.option("--humans", type=click.IntRange(1, 10), default=1, show_default=True,
              help="People sharing this terminal (hot seat), at --seat and the seats after "
                   "it; the screen is cleared and the keyboard handed on before each hand "
                   "is shown.")
@bots_option("--bots", f"The other players' strength: {STRENGTHS}, or a comma list given "
             "to the bots' seats in order.")
@option_option()
@seed_option("Seed of the deal.")
@lang_option("Language of the table and of the card names.")
@fallback_option()
@click.option("--fast", is_flag=True, help="Show the bots' moves without pausing.")
def play(deck: str, players: int, seat: int, humans: int, bots: str,
         option_names: tuple[str, ...], seed: str, lang: str, fast: bool) -> None:
    """Play a whole game of DECK at the terminal against bots, alone or with --humans.

    Answer with a number or an action's text; `why CARD` says why a card cannot be
    played, `save FILE` writes the position for `cardgen explain`, `quit` ends the game
    (exit 0). Ctrl-C ends it too, with the scores so far (exit 130).
    """
    from cardgen.table.settings import TableSettings
    from cardgen.terminal.hotseat import HotSeatSession
    from cardgen.terminal.human import LeaveGame
    from cardgen.terminal.session import Session, TerminalSettings

    if seat >= players:
        raise click.BadParameter(f"seat {seat} does not exist at {players} players; choose "
                                 f"0 to {players - 1}", param_hint="--seat")
    if humans > players:
        raise click.BadParameter(f"{humans} people cannot sit at {players} players; choose "
                                 f"1 to {players} (or more --players)", param_hint="--humans")
    from cardgen.catalogue.face_languages import FaceLanguages

    loaded = usable_deck(deck, players, FaceLanguages(lang))
    settings = TerminalSettings(TableSettings(deck, players, option_names, bots, seed, lang),
                                seat, humans, fast,
                                # NO_COLOR: the common convention for a terminal without
                                # colour.
                                color=sys.stdout.isatty() and not os.environ.get("NO_COLOR"))

    def read(prompt: str) -> str | None:
        try:
            return input(prompt)
        except EOFError:
            return None

    session = (HotSeatSession if humans > 1 else Session)(loaded, settings, read, click.echo)
    try:
        session.run()
    except LeaveGame:
        click.echo(session.words("quit", scores=session.scores_line()))
    except KeyboardInterrupt:
        click.echo()
        click.echo(session.words("interrupted", scores=session.scores_line()))
        sys.exit(INTERRUPTED)


@click.command()
@click.argument("situation", type=click.Path(dir_okay=False, path_type=Path))
@json_option("Print every step as JSON.")
def explain(situation: Path, as_json: bool) -> None:
    """Show what the rules allow and do in SITUATION.toml, step by step.

    The file sets the table (hands, top card, colour, turn …) and may list actions to
    take and what should follow (see docs/playing.md). Exit 1 if that is not what happens.
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
