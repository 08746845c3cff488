"""The commands that print a deck: `rulebook`, `sheets` (with the alignment test and the
print-shop files), `png` and `build`. The work is in :mod:`cardgen.render` and
:mod:`cardgen.rulebook`; these only read the options."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from cardgen.commands.common import card_size, deck_faces, design_size_name, usable_deck
from cardgen.commands.params import (
    DataOption,
    FiniteFloat,
    LanguagesHelp,
    OutputPath,
    choice,
    color_shapes_option,
    fallback_option,
    lang_option,
    large_print_option,
    low_ink_option,
    output_option,
    paper_option,
    players_option,
    typed_options,
    workers_option,
)
from cardgen.errors import INTERRUPTED

if TYPE_CHECKING:  # the drawing is imported when a command runs, the layout with it
    from cardgen.catalogue.face_languages import FaceLanguages
    from cardgen.render.layout import CardSize, Layout


def layout() -> Layout:
    """cardgen/data/layout.toml, read when a command or its help needs it."""
    from cardgen.render.layout import layout as read

    return read()

if TYPE_CHECKING:
    from cardgen.deck.load import Deck
    from cardgen.render.paper.options import SheetOptions
    from cardgen.render.paper.printers import Printer


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


@click.command(cls=LanguagesHelp)
@click.argument("deck")
@lang_option("Language of the rulebook, one of templates/locale/ (required).", default=None)
@fallback_option()
@paper_option()
@large_print_option()
@color_shapes_option()
@output_option("PDF file to write (default: DECK-rulebook-LANG.pdf here, "
               "DECK-rulebook-LANG-large.pdf in large print).", callback=_pdf_output)
def rulebook(deck: str, lang: str | None, paper: str, large_print: bool, no_color_shapes: bool,
             output: Path | None) -> None:
    """Write the rulebook of DECK as a PDF, in one of the languages cardgen speaks.

    It writes {languages}: one language a book, given by --lang. The rule text is the
    deck file's own when its [rulebook] table names a file for the language, otherwise
    the built-in text it names (classic by default).
    """
    if lang is None:  # Click would list the choices one a line
        from cardgen.catalogue.locale import languages

        raise click.UsageError("Missing option '--lang': give one of "
                               f"{', '.join(languages())}, like --lang en")
    from cardgen.catalogue.face_languages import FaceLanguages

    loaded = usable_deck(deck, None, FaceLanguages(lang))
    from cardgen import rulebook as rulebook_module

    path = output or Path(rulebook_module.rulebook_filename(loaded, lang, large_print))
    with deck_faces(loaded, no_color_shapes):
        rulebook_module.write_rulebook(loaded, lang, path, paper, large_print)
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
    def said() -> str:
        named = ", ".join(f"{size} ({label})" for size, label in layout().card.sizes.items())
        return f"Trim size of {what} in mm: {named}, or any WxH."

    return click.option("--size", cls=DataOption, default_from=design_size_name,
                        show_default=True, metavar="WxH", callback=card_size, help_from=said)


@click.command()
@click.argument("deck", required=False)
@paper_option()
@_size_option("the cards")
@click.option("--bleed", type=FiniteFloat(), default=None, metavar="MM", cls=DataOption,
              help_from=lambda: "Extend each face's background this far past its trim "
              f"line (0 to {layout().sheet.max_bleed_mm:g} mm; default 0, and "
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
@click.option("--fold", is_flag=True, help="Each page holds faces on one half and their "
              "backs on the other: print one-sided, fold along the dashed line, glue or "
              "sleeve, cut.")
@click.option("--back-offset", default="0,0", show_default=True, metavar="X,Y",
              callback=_back_offset, help="Shift the backs by X,Y mm to make up for a "
              "printer whose reverse side drifts.")
@click.option("--flip", type=choice(["long", "short"]), default="long",
              show_default=True, help="The edge your printer turns the paper over for "
              "the backs.")
@click.option("--printer", metavar="NAME", help="Keep the --back-offset and --flip given "
              "with it under this name, or apply the ones kept (see `cardgen printers`).")
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
@color_shapes_option()
@low_ink_option()
@fallback_option()
@players_option("Print the deck as played by this many players (some decks leave cards "
                "out).")
@output_option("PDF file to write (default: DECK-sheets-PAPER.pdf here).",
               callback=_pdf_output)
@click.pass_context
def sheets(ctx: click.Context, /, deck: str | None, output: Path | None, **values: Any) -> None:
    """Write print-and-cut sheets of DECK: faces with cut marks (53 x 79 mm by default),
    or with --print-shop or --shop one card a page for a print shop. Without DECK,
    --alignment-test writes two pages that measure the --back-offset a printer needs."""
    from cardgen.render.paper.options import OptionClash, SheetOptions

    options = SheetOptions.asked(values, typed_options(ctx))
    try:
        options.check(deck=deck is not None)
    except OptionClash as clash:
        raise click.UsageError(str(clash), ctx) from None
    kept = None
    if options.printer is not None and (options.backs or options.alignment_test):
        options, kept = _printer_settings(ctx, options)
    if options.alignment_test or deck is None:
        _alignment_test(options, output)
        _keep(kept)
        return
    if options.shop is not None:
        _sheets_for_shop(ctx, deck, options, output)
        return
    loaded = usable_deck(deck, options.players, options.lang)
    ctx.with_resource(deck_faces(loaded, options.no_color_shapes, options.low_ink))
    from cardgen.render.paper import sheets as sheets_module

    _warn_coarse(loaded, options, SHOP_WORDS if options.print_shop else HOME_WORDS)
    path = output or Path(sheets_module.sheets_filename(loaded, options))
    if options.print_shop:
        from cardgen.render.paper.printshop import ShopFile, write_print_shop

        write_print_shop(loaded, path, options, ShopFile(options.order))
    else:
        sheets_module.write_sheets(loaded, path, options)
        cost = sheets_module.page_cost(loaded, options)
        if cost:
            click.echo(cost, err=True)
    click.echo(f"wrote {path}")
    if not options.print_shop:
        for extra in sheets_module.cut_files(loaded, path, options):
            click.echo(f"wrote {extra}")
    _keep(kept)


#: The least resolution of a picture, and what asks for it, in the warnings.
HOME_WORDS = (200, "a home sheet needs")
SHOP_WORDS = (300, "print shops ask for")


def _warn_coarse(deck: Deck, options: SheetOptions, least: tuple[int, str],
                 safe_mm: float = 0.0) -> None:
    """A warning on standard error for each picture that prints coarser than ``least``."""
    from cardgen.render.facetext import shop_safe_area
    from cardgen.render.paper.resolution import coarse_pictures

    with shop_safe_area(safe_mm):
        found = coarse_pictures(deck, least[0], options.size, options.bleed_mm,
                                options.lang, options.players)
    for picture in found:
        click.echo(f"warning: {picture.message(options.size, least[1])}", err=True)


def _printer_settings(ctx: click.Context, options: SheetOptions
                      ) -> tuple[SheetOptions, Printer | None]:
    """The options to print with under ``--printer NAME``: with the offset and flip typed,
    and the printer to keep once the file is written; or with those kept under the name."""
    from cardgen.render.paper.printers import Printer, printers_file, recall

    name = options.printer or ""
    if "--back-offset" in options.typed:
        return options, Printer(name, options.back_offset_mm, options.flip)
    kept = recall(name)
    if "--flip" in options.typed and options.flip != kept.flip:
        raise click.UsageError(f"printer '{name}' was measured with --flip {kept.flip}; "
                               "leave --flip out, or measure it again with this flip and "
                               "give --back-offset X,Y with --printer", ctx)
    click.echo(f"printer '{name}': {kept.options()} (kept in {printers_file()})", err=True)
    return replace(options, back_offset_mm=kept.back_offset_mm, flip=kept.flip), None


def _keep(printer: Printer | None) -> None:
    """Keep the printer measured (after its file is written: a run that failed keeps
    nothing), and say so on standard error."""
    if printer is None:
        return
    from cardgen.render.paper.printers import remember

    before, path = remember(printer)
    done = ("kept" if before is None else "kept as before:" if before == printer else
            f"updated from {before.options()} to")
    click.echo(f"printer '{printer.name}': {done} {printer.options()} in {path}", err=True)


def _alignment_test(options: SheetOptions, output: Path | None) -> None:
    """`cardgen sheets --alignment-test`: no deck, only the paper, flip and offset."""
    from cardgen.render.paper.alignment import write_alignment_test

    path = output or Path(f"alignment-test-{options.paper}-{options.flip}.pdf")
    write_alignment_test(path, options.paper, options.flip, options.back_offset_mm,
                         options.lang)
    click.echo(f"wrote {path}")


def _sheets_for_shop(ctx: click.Context, deck: str, options: SheetOptions,
                     output: Path | None) -> None:
    """`cardgen sheets DECK --shop NAME`: the profile sets everything about the file."""
    from cardgen.commands.shops import shop_profile

    profile = shop_profile(options.shop or "", "sheets", deck)
    loaded = usable_deck(deck, options.players, options.lang)
    ctx.with_resource(deck_faces(loaded, options.no_color_shapes))
    from cardgen.render.paper.printshop import ShopFile, shop_filename, write_print_shop

    options = options.for_shop(profile.bleed_mm, profile.size)
    _warn_coarse(loaded, options, SHOP_WORDS, profile.safe_mm)
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
              cls=DataOption, help_from=lambda: "Add this much bleed around each face "
              f"image (0 to {layout().sheet.max_bleed_mm:g} mm), for a print shop.")
@workers_option("Processes making the images (the same images for any number).")
@color_shapes_option()
@low_ink_option()
@click.option("--shop", metavar="NAME|FILE", help="The images a print shop takes (see "
              "`cardgen shops`, or a profile .toml of your own): its size, bleed and "
              "pixels, without the Tabletop Simulator sheets.")
@click.pass_context
def png(ctx: click.Context, deck: str, output: Path | None, dpi: int | None,
        lang: FaceLanguages,
        players: int | None, size: CardSize, bleed: float, workers: int,
        no_color_shapes: bool, low_ink: bool, shop: str | None) -> None:
    """Write one PNG per distinct face of DECK, and Tabletop Simulator deck sheets."""
    tts = True
    if shop is not None:
        from cardgen.commands.shops import shop_for

        profile = shop_for(ctx, shop, "png", deck)
        size, bleed, dpi, tts = profile.size, profile.bleed_mm, profile.dpi, False
    loaded = usable_deck(deck, players, lang)
    ctx.with_resource(deck_faces(loaded, no_color_shapes, low_ink))
    folder = output or Path(f"{loaded.id}-{profile.id}" if shop else f"{loaded.id}-png")
    from cardgen.render import png as png_module
    from cardgen.render.paper.resolution import coarse_pictures

    least = dpi or layout().png.default_dpi
    for picture in coarse_pictures(loaded, least, size, bleed, lang,
                                   players):
        click.echo(f"warning: {picture.message(size, f'these {least} dpi images need')}",
                   err=True)

    try:
        if shop is not None:
            from cardgen.commands.shops import write_shop_folder

            write_shop_folder(loaded, folder, profile, lang, players, workers)
            return
        result = png_module.write_pngs(loaded, folder, dpi=dpi,
                                       lang=lang,
                                       players=players, size=size, bleed_mm=bleed,
                                       workers=workers, tts=tts)
    except KeyboardInterrupt:
        click.echo(f"interrupted (Ctrl-C): no image written into {folder}", err=True)
        sys.exit(INTERRUPTED)
    click.echo(f"wrote {len(result.faces)} face images and the back ({result.back.name}) "
               f"into {folder}")
    for path, cards in zip(result.tts_sheets, result.tts_cards, strict=True):
        click.echo(png_module.tts_grid_note(path, cards))


@click.command()
@click.option("--out", "out", type=OutputPath(file_okay=False, path_type=Path),
              default=Path("output"), show_default=True, help="Folder to write into.")
@paper_option("Paper size of the sheets and the rulebooks.")
@large_print_option("Write the rulebooks in large print (DECK-rulebook-LANG-large.pdf) "
                    "instead of the standard ones.")
@color_shapes_option()
@workers_option("Processes sharing the files (the same bytes for any number).")
def build(out: Path, paper: str, large_print: bool, no_color_shapes: bool,
          workers: int) -> None:
    """Write every built-in deck's sheets and rulebooks into the output folder."""
    from cardgen import build as build_module

    settings = build_module.BuildSettings(out, paper, large_print, not no_color_shapes)
    for path in build_module.build_all(settings, workers):
        click.echo(f"wrote {path}")
