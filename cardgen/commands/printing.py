"""The commands that print a deck: `rulebook`, `sheets` (with the alignment test and the
print-shop files), `png` and `build`. The work is in :mod:`cardgen.render` and
:mod:`cardgen.rulebook`; these only read the options."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from cardgen.commands.common import card_size, usable_deck
from cardgen.commands.params import (
    FiniteFloat,
    OutputPath,
    choice,
    fallback_option,
    lang_option,
    output_option,
    paper_option,
    players_option,
    workers_option,
)
from cardgen.errors import INTERRUPTED
from cardgen.render.layout import CardSize, design_size, layout


def _pdf_output(ctx: click.Context, param: click.Parameter, value: Path | None
                ) -> Path | None:
    """A PDF's file name ends in .pdf: out.png would hold a PDF no image viewer opens."""
    if value is not None and value.suffix.lower() != ".pdf":
        hint = " (`cardgen png` writes images)" if value.suffix.lower() == ".png" else ""
        raise click.BadParameter(f"'{value}': this command writes a PDF; give a file "
                                 f"name ending in .pdf, like {value.stem or 'out'}.pdf{hint}")
    return value


def _png_folder(ctx: click.Context, param: click.Parameter, value: Path | None
                ) -> Path | None:
    """`png -o` names a folder of images: a folder called out.pdf is a trap."""
    if value is not None and value.suffix.lower() in (".pdf", ".png"):
        raise click.BadParameter(f"'{value}': `cardgen png` writes a folder of images; give "
                                 f"a folder name, like {value.stem}-png (`cardgen sheets "
                                 "-o FILE.pdf` writes a PDF)")
    return value


@click.command()
@click.argument("deck")
@lang_option("Language of the rulebook: fr, en or another language of templates/locale/ "
             "(required).", default=None)
@fallback_option()
@paper_option()
@output_option("PDF file to write (default: DECK-rulebook-LANG.pdf here).",
               callback=_pdf_output)
def rulebook(deck: str, lang: str | None, paper: str, output: Path | None) -> None:
    """Write the rulebook of DECK as a PDF, in French or in English.

    The rule text is the deck file's own when its [rulebook] table names a file for
    the language, otherwise the built-in text it names (classic by default).
    """
    if lang is None:  # Click would list the choices one a line
        raise click.UsageError("Missing option '--lang': give --lang fr or --lang en")
    loaded = usable_deck(deck, None, lang)
    from cardgen import rulebook as rulebook_module

    path = output or Path(rulebook_module.rulebook_filename(loaded, lang))
    rulebook_module.write_rulebook(loaded, lang, path, paper)
    click.echo(f"wrote {path}")


def _back_offset(ctx: click.Context, param: click.Parameter, value: str) -> tuple[float, float]:
    try:
        x, y = (float(part) for part in value.split(","))
    except ValueError:
        raise click.BadParameter(f"'{value}' is not X,Y in millimetres, like 1.5,-2") from None
    if not (math.isfinite(x) and math.isfinite(y)):  # float() reads nan, inf and 1e999
        raise click.BadParameter(f"'{value}' is not two finite numbers; give X,Y in "
                                 "millimetres, like 1.5,-2")
    return x, y


def _size_option(what: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    named = ", ".join(f"{size} ({label})" for size, label in layout().card.sizes.items())
    return click.option("--size", default=design_size().name, show_default=True,
                        metavar="WxH", callback=card_size,
                        help=f"Trim size of {what} in mm: {named}, or any WxH.")


def _refuse_with_print_shop(ctx: click.Context, *names: str) -> None:
    """--print-shop has no pages of paper, no mirrored backs: say so rather than ignore."""
    given = [f"--{name.replace('_', '-')}" for name in names
             if ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE]
    if given:
        raise click.UsageError(f"--print-shop writes one card a page, its backs after the "
                               f"faces; leave out {', '.join(given)}", ctx)


@click.command()
@click.argument("deck", required=False)
@paper_option()
@_size_option("the cards")
@click.option("--bleed", type=FiniteFloat(), default=None, metavar="MM",
              help="Extend each face's background this far past its trim line (0 to "
              f"{layout().sheet.max_bleed_mm:g} mm; default 0, and "
              f"{layout().print_shop_bleed_mm:g} with --print-shop).")
@click.option("--print-shop", "print_shop", is_flag=True, help="One card a page at trim "
              "size plus bleed (in RGB; pages in --order), with TrimBox and BleedBox: for "
              "a shop --shop does not know.")
@click.option("--shop", metavar="NAME|FILE", help="One card a page made for this print "
              "shop (see `cardgen shops`, or a profile .toml of your own): its size, bleed, "
              "colour (CMYK, PDF/X-1a) and page order.")
@click.option("--order", type=choice(["faces-then-backs", "front-back", "back-front"]),
              default="faces-then-backs", show_default=True, help="With --print-shop: every "
              "face then its backs, each front then its back, or each back then its front.")
@click.option("--only", type=choice(["all", "specials"]),
              default="all", show_default=True, help="specials: only the cards a standard box "
              "lacks, to glue onto a second deck; all: the whole deck.")
@click.option("--backs", is_flag=True, help="Add a page of backs after each page of faces, "
              "mirrored for double-sided printing (flip on the long edge).")
@click.option("--back-offset", default="0,0", show_default=True, metavar="X,Y",
              callback=_back_offset, help="Shift the backs by X,Y mm to make up for a "
              "printer whose reverse side drifts.")
@click.option("--flip", type=choice(["long", "short"]), default="long",
              show_default=True, help="The edge your printer turns the paper over for "
              "the backs.")
@click.option("--alignment-test", "alignment_test", is_flag=True, help="Instead of a "
              "deck, two pages to print double-sided once, to read the --back-offset "
              "your printer needs.")
@click.option("--cutter", type=choice(["silhouette"]), default=None,
              help="Registration marks of this cutting machine instead of cut marks, "
              "and a cut file of the card outlines (FILE-cut.svg).")
@click.option("--cut-file", "cut_file", type=choice(["svg", "dxf"]), default="svg",
              show_default=True, help="Format of the --cutter cut file (dxf needs "
              "'cardgen[dxf]').")
@click.option("--cut-lines", "cut_lines", type=choice(["auto", "shared", "separate"]),
              default="auto", show_default=True, help="With a bleed, may neighbouring "
              "cards share their cut lines (auto: when more cards fit a page)?")
@lang_option("Language(s) of names and captions on the faces.", default="both", faces=True)
@fallback_option()
@players_option("Print the deck as played by this many players (some decks leave cards "
                "out).")
@output_option("PDF file to write (default: DECK-sheets-PAPER.pdf here).",
               callback=_pdf_output)
@click.pass_context
def sheets(ctx: click.Context, deck: str, paper: str, size: CardSize, bleed: float | None,
           print_shop: bool, shop: str | None, order: str, only: str, backs: bool,
           back_offset: tuple[float, float], flip: str, alignment_test: bool,
           cutter: str | None, cut_file: str, cut_lines: str,
           lang: str, players: int | None, output: Path | None) -> None:
    """Write print-and-cut sheets of DECK: faces with cut marks (53 x 79 mm by default),
    or with --print-shop or --shop one card a page for a print shop. Without DECK,
    --alignment-test writes two pages that measure the --back-offset a printer needs."""
    if alignment_test or deck is None:
        _alignment_test(ctx, deck, paper, flip, back_offset, lang, output)
        return
    if shop is not None:
        _sheets_for_shop(ctx, deck, shop, only, lang, players, output)
        return
    if not print_shop and ctx.get_parameter_source("order") == \
            click.core.ParameterSource.COMMANDLINE:
        raise click.UsageError("--order sets the order of a print shop's pages: add "
                               "--print-shop, or leave --order out", ctx)
    if print_shop:
        _refuse_with_print_shop(ctx, "paper", "backs", "back_offset", "flip", "cut_lines",
                                "cutter", "cut_file")
    elif cutter is None and ctx.get_parameter_source("cut_file") == \
            click.core.ParameterSource.COMMANDLINE:
        raise click.UsageError("--cut-file is the format of a cutting machine's cut file: "
                               "add --cutter silhouette, or leave --cut-file out", ctx)
    elif not backs and ctx.get_parameter_source("back_offset") == \
            click.core.ParameterSource.COMMANDLINE:
        raise click.UsageError("--back-offset shifts the pages of backs: add --backs, or "
                               "leave --back-offset out", ctx)
    loaded = usable_deck(deck, players, lang)
    from cardgen.render.paper import sheets as sheets_module

    if bleed is None:
        bleed = layout().print_shop_bleed_mm if print_shop else 0.0
    options = sheets_module.SheetOptions(
        paper=paper, bleed_mm=bleed, only=only, backs=backs,  # type: ignore[arg-type]
        back_offset_mm=back_offset, lang=lang, players=players,
        size=size, print_shop=print_shop, flip=flip, cut_lines=cut_lines,  # type: ignore[arg-type]
        cutter=cutter, cut_file=cut_file)  # type: ignore[arg-type]
    options.check()
    path = output or Path(sheets_module.sheets_filename(loaded, options))
    if print_shop:
        from cardgen.render.paper.printshop import ShopFile, write_print_shop

        write_print_shop(loaded, path, options, ShopFile(order))  # type: ignore[arg-type]
    else:
        sheets_module.write_sheets(loaded, path, options)
        cost = sheets_module.page_cost(loaded, options)
        if cost:
            click.echo(cost, err=True)
    click.echo(f"wrote {path}")
    if not print_shop:
        for extra in sheets_module.cut_files(loaded, path, options):
            click.echo(f"wrote {extra}")


def _alignment_test(ctx: click.Context, deck: str | None, paper: str, flip: str,
                    back_offset: tuple[float, float], lang: str, output: Path | None) -> None:
    """`cardgen sheets --alignment-test`: no deck, only the paper, flip and offset."""
    if deck is None and not ctx.params.get("alignment_test"):
        raise click.UsageError("give a DECK to print (or --alignment-test)", ctx)
    if deck is not None:
        raise click.UsageError("--alignment-test prints no deck; leave DECK out", ctx)
    given = [f"--{name.replace('_', '-')}" for name in ctx.params
             if name not in ("paper", "flip", "back_offset", "lang", "output",
                             "alignment_test")
             and ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE]
    if given:
        raise click.UsageError(f"--alignment-test takes --paper, --flip, --back-offset, "
                               f"--lang and -o; leave out {', '.join(given)}", ctx)
    from cardgen.render.paper.alignment import write_alignment_test

    path = output or Path(f"alignment-test-{paper}-{flip}.pdf")
    write_alignment_test(path, paper, flip, back_offset, lang)  # type: ignore[arg-type]
    click.echo(f"wrote {path}")


def _sheets_for_shop(ctx: click.Context, deck: str, ref: str, only: str, lang: str,
                     players: int | None, output: Path | None) -> None:
    """`cardgen sheets DECK --shop NAME`: the profile sets everything about the file."""
    from cardgen.commands.shops import shop_for

    profile = shop_for(ctx, ref, "sheets", deck, "paper", "size", "bleed", "print_shop", "order",
                       "backs", "back_offset")
    loaded = usable_deck(deck, players, lang)
    from cardgen.render.paper import sheets as sheets_module
    from cardgen.render.paper.printshop import ShopFile, shop_filename, write_print_shop

    options = sheets_module.SheetOptions(
        bleed_mm=profile.bleed_mm, only=only, lang=lang,  # type: ignore[arg-type]
        players=players, size=profile.size, print_shop=True)
    path = output or Path(shop_filename(loaded, options, profile))
    write_print_shop(loaded, path, options, ShopFile.of(profile))
    click.echo(f"wrote {path} for {profile.name}: {profile.summary()}")


@click.command()
@click.argument("deck")
@output_option("Folder to write the images into (default: DECK-png here).", folder=True,
               callback=_png_folder)
@click.option("--dpi", type=int, default=None, help="Resolution of the face images "
              "(default 300).")
@lang_option("Language(s) of names and captions on the faces.", default="both", faces=True)
@fallback_option()
@players_option("The deck as played by this many players.")
@_size_option("the faces")
@click.option("--bleed", type=FiniteFloat(), default=0.0, show_default=True, metavar="MM",
              help="Add this much bleed around each face image (0 to "
              f"{layout().sheet.max_bleed_mm:g} mm), for a print shop.")
@workers_option("Processes making the images (the same images for any number).")
@click.option("--shop", metavar="NAME|FILE", help="The images a print shop takes (see "
              "`cardgen shops`, or a profile .toml of your own): its size, bleed and "
              "pixels, without the Tabletop Simulator sheets.")
@click.pass_context
def png(ctx: click.Context, deck: str, output: Path | None, dpi: int | None, lang: str,
        players: int | None, size: CardSize, bleed: float, workers: int,
        shop: str | None) -> None:
    """Write one PNG per distinct face of DECK, and Tabletop Simulator deck sheets."""
    tts = True
    if shop is not None:
        from cardgen.commands.shops import shop_for

        profile = shop_for(ctx, shop, "png", deck, "size", "bleed", "dpi")
        size, bleed, dpi, tts = profile.size, profile.bleed_mm, profile.dpi, False
    loaded = usable_deck(deck, players, lang)
    folder = output or Path(f"{loaded.id}-{profile.id}" if shop else f"{loaded.id}-png")
    from cardgen.render import png as png_module

    try:
        result = png_module.write_pngs(loaded, folder, dpi=dpi,
                                       lang=lang,
                                       players=players, size=size, bleed_mm=bleed,
                                       workers=workers, tts=tts)
    except KeyboardInterrupt:
        click.echo(f"interrupted (Ctrl-C): no image written into {folder}", err=True)
        sys.exit(INTERRUPTED)
    click.echo(f"wrote {len(result.faces)} face images into {folder}")
    for path, cards in zip(result.tts_sheets, result.tts_cards, strict=True):
        click.echo(png_module.tts_grid_note(path, cards))


@click.command()
@click.option("--out", "out", type=OutputPath(file_okay=False, path_type=Path),
              default=Path("output"), show_default=True, help="Folder to write into.")
@paper_option("Paper size of the sheets and the rulebooks.")
def build(out: Path, paper: str) -> None:
    """Write every built-in deck's sheets and rulebooks into the output folder."""
    from cardgen import build as build_module

    for path in build_module.build_all(out, paper):
        click.echo(f"wrote {path}")
