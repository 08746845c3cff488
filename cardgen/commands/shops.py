"""`cardgen shops`, and what `--shop` makes of the `sheets` and `png` options; and
`cardgen printers`, the home printers `--printer NAME` keeps.

A profile sets the size, bleed, resolution, colour and page order at once; an option
that would set one of them too is refused rather than silently overridden, so the file
is always the one the profile promises.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from cardgen.commands.params import json_option, lang_option, typed_options
from cardgen.commands.stdout import REPORT_WIDTH, emit_json
from cardgen.errors import CardgenError

if TYPE_CHECKING:  # the profiles are read when a command needs them
    from cardgen.catalogue.face_languages import FaceLanguages
    from cardgen.deck.load import Deck
    from cardgen.render.paper.shops import ShopProfile


def _headings(lang: str) -> list[str]:
    """The headings of `cardgen shops` in ``lang``, padded to line up."""
    from cardgen.catalogue.locale import labels

    words = labels("commands", lang)
    said = [words[f"shops_{key}"] for key in ("writes", "command", "upload")]
    width = max(len(heading) for heading in said)
    return [heading.ljust(width) for heading in said]


def command_for(shop: ShopProfile, deck: str = "DECK", ref: str | None = None) -> str:
    """The command line that writes this shop's files (``ref``: the profile as given)."""
    command = "sheets" if shop.format == "pdf" else "png"
    return f"cardgen {command} {deck} --shop {ref or shop.id}"


def shop_for(ctx: click.Context, ref: str, command: str, deck: str) -> ShopProfile:
    """The profile ``ref`` names, for `cardgen png`; a usage error if an option the
    profile sets is given too."""
    from cardgen.render.paper.shops import profile_clash

    clash = profile_clash(typed_options(ctx))
    if clash:
        raise click.UsageError(clash, ctx)
    return shop_profile(ref, command, deck)


def shop_profile(ref: str, command: str, deck: str) -> ShopProfile:
    """The profile ``ref`` names, for ``command`` (sheets or png); a CardgenError if the
    shop wants the other kind of file."""
    from cardgen.render.paper.shops import load_shop

    shop = load_shop(ref)
    wanted = "sheets" if shop.format == "pdf" else "png"
    if command != wanted:
        kind = "a PDF" if shop.format == "pdf" else "images"
        raise CardgenError(f"{shop.name} takes {kind}: run `{command_for(shop, deck, ref)}`")
    return shop


def write_shop_folder(deck: Deck, folder: Path, shop: ShopProfile, lang: FaceLanguages,
                      players: int | None, workers: int | None) -> None:
    """`cardgen png DECK --shop NAME`: the folder of images, then what to do with it."""
    from cardgen.render.paper.shopimages import MANIFEST, write_shop_images

    images = write_shop_images(deck, folder, shop, lang=lang,
                               players=players, workers=workers)
    faces = [image for image in images if image.side == "face"]
    backs = [image.file for image in images if image.side == "back"]
    click.echo(f"wrote {folder}: {len(faces)} face images for "
               f"{sum(image.count for image in faces)} cards ({faces[0].file} … "
               f"{faces[-1].file}), {', '.join(backs) or 'no back'} and {MANIFEST}")
    # The steps in the language of the faces; in English for faces in two.
    steps = (shop.upload.get(lang.first) if not lang.paired else None) or shop.upload.get("en")
    if steps:  # a profile of one's own may say nothing of uploading
        click.echo(f"{shop.name}:")
        for line in _steps(" ", steps):
            click.echo(line)


def _as_dict(shop: ShopProfile) -> dict[str, Any]:
    return {"id": shop.id, "name": shop.name, "product": shop.product.as_dict(),
            "writes": shop.summary(), "command": command_for(shop),
            "upload": shop.upload.as_dict()}


@click.command()
@lang_option("Language of the products and of what to upload.")
@json_option("Print the profiles as JSON.")
def shops(lang: str, as_json: bool) -> None:
    """The print shops cardgen writes files for: what each file is, and what to upload.

    Give a name to `cardgen sheets DECK --shop NAME` (or `cardgen png` for a shop that
    takes images), or the path to a profile of your own in the same form.
    """
    from cardgen.render.paper.shops import builtin_shops, load_shop

    profiles = [load_shop(name) for name in builtin_shops()]
    if as_json:
        emit_json([_as_dict(shop) for shop in profiles])
        return
    writes, command, upload = _headings(lang)
    for shop in profiles:
        click.echo(f"{shop.id}: {shop.name}, {shop.product[lang]}")
        click.echo(f"  {writes} {shop.summary(lang)}")
        click.echo(f"  {command} {command_for(shop)}")
        for line in _steps(upload, shop.upload[lang]):
            click.echo(line)


def _steps(heading: str, text: str) -> list[str]:
    """What to upload under its heading: the image shops' numbered steps one under the
    other, each wrapped under its own text (a file name is never broken)."""
    margin = " " * (len(heading) + 3)
    lines = []
    for number, step in enumerate(text.splitlines()):
        first = f"  {heading} " if number == 0 else margin
        hang = margin + " " * (len(step) - len(step.lstrip("0123456789. ")))
        lines += textwrap.wrap(step, REPORT_WIDTH, initial_indent=first,
                               subsequent_indent=hang, break_long_words=False,
                               break_on_hyphens=False)
    return lines


@click.command()
@click.option("--forget", metavar="NAME", help="Drop the printer kept under this name.")
@json_option("Print the printers as JSON.")
def printers(forget: str | None, as_json: bool) -> None:
    """The printers whose back offset cardgen keeps: name, --back-offset and --flip.

    `cardgen sheets DECK --backs --back-offset X,Y --printer NAME` keeps (or updates) a
    printer; `--printer NAME` alone then applies it. The offsets come from
    `cardgen sheets --alignment-test`.
    """
    from cardgen.render.paper.printers import forget as forget_printer
    from cardgen.render.paper.printers import load_printers, printers_file

    if forget is not None:
        path = forget_printer(forget)
        click.echo(f"forgot printer '{forget}' (in {path})")
        return
    kept = load_printers()
    if as_json:
        emit_json([printer.as_dict() for _, printer in sorted(kept.items())])
        return
    if not kept:
        click.echo("no printer kept yet: measure one with `cardgen sheets "
                   "--alignment-test`, then add `--back-offset X,Y --printer NAME` to "
                   f"`cardgen sheets DECK --backs` (kept in {printers_file()})")
        return
    for name, printer in sorted(kept.items()):
        click.echo(f"{name}: {printer.options()}")
    click.echo(f"(kept in {printers_file()})")
