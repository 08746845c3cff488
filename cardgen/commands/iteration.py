"""The commands of fast iteration: `cardgen preview` and `cardgen watch` (Click only;
the work is in :mod:`cardgen.render.preview` and :mod:`cardgen.designer.watch`)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from cardgen.commands.common import card_size, deck_faces, design_size_name
from cardgen.commands.params import (
    DataOption,
    color_shapes_option,
    fallback_en,
    fallback_option,
    lang_option,
    low_ink_option,
    output_option,
    paper_option,
)
from cardgen.errors import INTERRUPTED, CardgenError

if TYPE_CHECKING:  # the deck, its checks and the drawing are imported when a command runs
    from cardgen.catalogue.face_languages import FaceLanguages
    from cardgen.render.layout import CardSize


def _preview_output(ctx: click.Context, param: click.Parameter, value: Path | None
                    ) -> Path | None:
    if value is not None and value.suffix.lower() not in (".png", ".pdf"):
        raise click.BadParameter(f"'{value}': a preview is a .png image or a .pdf page; "
                                 f"name it {value.stem or 'preview'}.png or "
                                 f"{value.stem or 'preview'}.pdf")
    return value


def can_show() -> bool:
    """Whether a viewer can open a window here: not in CI, not without a display."""
    if os.environ.get("CI"):
        return False
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


@click.command()
@click.argument("deck")
@click.argument("cards", nargs=-1, metavar="[CARD]...")
@output_option("A .png image or a .pdf page (default: DECK-preview.png here).",
               callback=_preview_output)
@lang_option("Language(s) of names and captions on the faces.", default="both", faces=True)
@fallback_option()
@click.option("--size", cls=DataOption, default_from=design_size_name, show_default=True,
              metavar="WxH", callback=card_size,
              help="Trim size of the faces in mm, as for sheets.")
@click.option("--no-open", "no_open", is_flag=True,
              help="Write the file without opening it in the system's viewer.")
@color_shapes_option()
@low_ink_option()
def preview(deck: str, cards: tuple[str, ...], output: Path | None, lang: FaceLanguages,
            size: CardSize, no_open: bool, no_color_shapes: bool, low_ink: bool) -> None:
    """Show some faces of DECK on one image: the CARDs named (ids or names), else the
    deck's own cards, else all its faces; then open it in the system's viewer."""
    from cardgen.check import check_deck
    from cardgen.deck.languages import deck_in
    from cardgen.deck.load import load_deck

    loaded = load_deck(deck)
    report = check_deck(loaded)
    if not report.valid:
        raise CardgenError(report.errors[0].message)
    for warning in report.warnings:  # a caption printed too small, say
        click.echo(f"warning: {warning.message}", err=True)
    from cardgen.render.preview import preview_cards, preview_filename, write_preview

    loaded = deck_in(loaded, lang, fallback_en(click.get_current_context()),
                     note=lambda line: click.echo(line, err=True))
    chosen = preview_cards(loaded, cards)
    path = output or Path(preview_filename(loaded))
    with deck_faces(loaded, no_color_shapes, low_ink):
        write_preview(chosen, path, lang, size)
    click.echo(f"wrote {path} ({len(chosen)} face{'s' if len(chosen) != 1 else ''})")
    if no_open:
        return
    if not can_show():
        click.echo("(no display to open it on: open the file yourself)")
        return
    click.launch(str(path))  # returns at once: the viewer is not waited for


@click.command()
@click.argument("deck")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path),
              default=Path("."), show_default=True, help="Folder to write into.")
@paper_option("Paper of the sheets and rulebooks.")
def watch(deck: str, out: Path, paper: str) -> None:
    """Rebuild DECK's preview, sheets and both rulebooks whenever the deck file, its
    rule texts or its pictures change. Ctrl-C stops (exit 130, as every command)."""
    from cardgen.designer.watch import WatchOptions
    from cardgen.designer.watch import watch as run

    # Ctrl-C stops it, even in the middle of a rebuild: its files are whole or absent.
    try:
        run(deck, WatchOptions(out=out, paper=paper), click.echo)
    except KeyboardInterrupt:
        click.echo("stopped watching")
        sys.exit(INTERRUPTED)
