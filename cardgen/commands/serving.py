"""``cardgen serve``: a table in the browser (:mod:`cardgen.serve`), for the optional
``serve`` extra."""

from __future__ import annotations

import logging
import sys

import click

from cardgen.commands.common import usable_deck
from cardgen.commands.params import (
    bots_option,
    lang_option,
    option_option,
    players_option,
    seed_option,
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
@bots_option("--bots", "How the bots play: heuristic, random, or a comma list.")
@seed_option("Seed of the deal.")
@lang_option("Language of the terminal's lines and of the page until a person chooses.")
def serve(deck: str, players: int, option_names: tuple[str, ...], host: str, port: int,
          bots: str, seed: str, lang: str) -> None:
    """Serve a game of DECK to browsers: each person opens the link (or scans the QR
    code), picks a free seat and a name, and plays; bots take the other seats.

    The server holds the game and checks every move. Ctrl-C closes the table (exit 130).
    """
    try:
        from cardgen.serve.run import serve as run
        from cardgen.serve.table import TableSettings
    except ImportError as exc:
        if exc.name not in ("aiohttp", "segno") and not str(exc.name).startswith("aiohttp."):
            raise
        raise CardgenError(MISSING) from None
    loaded = usable_deck(deck, players)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s",
                        datefmt="%H:%M:%S", stream=sys.stderr)
    logging.getLogger("aiohttp").setLevel(logging.WARNING)
    try:
        run(loaded, TableSettings(players, option_names, bots, seed, lang), host, port,
            click.echo)
    except KeyboardInterrupt:
        sys.exit(INTERRUPTED)
