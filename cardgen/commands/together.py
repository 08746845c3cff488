"""Playing a deck together before it is printed: `cardgen serve`, a table in the browser
(:mod:`cardgen.serve`, the optional ``serve`` extra), and `cardgen tts`, a deck for
Tabletop Simulator (:mod:`cardgen.render.tabletop`)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from cardgen.commands.common import usable_deck
from cardgen.commands.params import (
    STRENGTHS,
    bots_option,
    fallback_option,
    lang_option,
    option_option,
    output_option,
    players_option,
    seed_option,
    workers_option,
)
from cardgen.errors import INTERRUPTED, CardgenError

#: What a user without the extra is told.
MISSING = ("cardgen serve needs the web server of the 'serve' extra: pip install "
           "'cardgen[serve]'")


@click.command()
@click.argument("deck")
@players_option("Seats at the table (bots play those nobody takes).", default=4)
@option_option()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on: 0.0.0.0 lets the other devices of your network "
                   "join.")
@click.option("--port", type=click.IntRange(0, 65535), default=8035, show_default=True,
              help="Port to listen on (0: any free port).")
@bots_option("--bots", f"How the bots play: {STRENGTHS}, or a comma list given to the free "
             "seats in order.")
@seed_option("Seed of the deal.")
@lang_option("Language of the terminal's lines and of the page until a person chooses.")
@click.option("--seats-per-guest", type=click.IntRange(0, 10), default=1, show_default=True,
              help="Seats one guest (one address) may take; 0: any number.")
def serve(deck: str, players: int, option_names: tuple[str, ...], host: str, port: int,
          bots: str, seed: str, lang: str, seats_per_guest: int) -> None:
    """Serve a game of DECK to browsers: each person opens the link (or scans the QR
    code), picks a free seat and a name, and plays; bots take the other seats.

    The server holds the game and checks every move. Type `seats`, `free N` or `close`
    at the terminal to see who sits where, free a seat or close the lobby. Ctrl-C
    closes the table (exit 130).
    """
    try:
        from cardgen.serve.run import serve as run
        from cardgen.table.settings import TableSettings
    except ImportError as exc:
        if exc.name not in ("aiohttp", "segno") and not str(exc.name).startswith("aiohttp."):
            raise
        raise CardgenError(MISSING) from None
    loaded = usable_deck(deck, players)
    import logging  # here: the other commands log nothing

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s",
                        datefmt="%H:%M:%S", stream=sys.stderr)
    logging.getLogger("aiohttp").setLevel(logging.WARNING)
    try:
        run(loaded, TableSettings(deck, players, option_names, bots, seed, lang), host,
            port, click.echo, seats_per_guest)
    except KeyboardInterrupt:
        sys.exit(INTERRUPTED)


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
@fallback_option()
def tts(deck: str, output: Path | None, lang: str, players: int | None,
        workers: int) -> None:
    """Write DECK as a Tabletop Simulator saved object, with its sheet images.

    Copy the folder's DECK.json into TTS's Saved Objects folder (docs/playing.md);
    the images stay where they are written, or go online for a game with friends.
    """
    from cardgen.catalogue.face_languages import FaceLanguages

    loaded = usable_deck(deck, players, FaceLanguages(lang))
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
