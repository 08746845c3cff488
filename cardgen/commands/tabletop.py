"""`cardgen tts`: a deck to play in Tabletop Simulator (:mod:`cardgen.render.tabletop`)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from cardgen.commands.common import usable_deck
from cardgen.commands.params import (
    lang_option,
    output_option,
    players_option,
    workers_option,
)
from cardgen.errors import INTERRUPTED


def _folder(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path | None:
    """`tts -o` names a folder: a folder called deck.json is a trap."""
    if value is not None and value.suffix.lower() in (".json", ".png", ".pdf"):
        raise click.BadParameter(f"'{value}': `cardgen tts` writes a folder (the saved "
                                 f"object and its images); give a folder name, like "
                                 f"{value.stem}-tts")
    return value


@click.command()
@click.argument("deck")
@output_option("Folder to write into (default: DECK-tts here).", folder=True,
               callback=_folder)
@lang_option("Language of the faces and of the cards' names in the game.")
@players_option("The deck as played by this many players.")
@workers_option("Processes making the images (the same images for any number).")
def tts(deck: str, output: Path | None, lang: str, players: int | None,
        workers: int) -> None:
    """Write DECK as a Tabletop Simulator saved object, with its sheet images.

    Copy the folder's DECK.json into TTS's Saved Objects folder (docs/playing.md);
    the images stay where they are written, or go online for a game with friends.
    """
    loaded = usable_deck(deck, players)
    folder = output or Path(f"{loaded.id}-tts")
    from cardgen.render.tabletop import write_tabletop

    try:
        written = write_tabletop(loaded, folder, lang=lang,
                                 players=players, workers=workers)
    except KeyboardInterrupt:
        click.echo(f"interrupted (Ctrl-C): nothing new written into {folder}", err=True)
        sys.exit(INTERRUPTED)
    for path in (*written.sheets, *written.backs):
        click.echo(f"wrote {path}")
    click.echo(f"wrote {written.saved_object}: {written.cards} cards on "
               f"{len(written.sheets)} sheet(s), {written.cell[0]} x {written.cell[1]} "
               "pixels a card; copy it into Tabletop Simulator's Saved Objects folder")
