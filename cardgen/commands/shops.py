"""`cardgen shops`, and what `--shop` makes of the `sheets` and `png` options.

A profile sets the size, bleed, resolution, colour and page order at once; an option
that would set one of them too is refused rather than silently overridden, so the file
is always the one the profile promises.
"""

from __future__ import annotations

from typing import Any

import click

from cardgen.catalogue.locale import labels
from cardgen.commands.params import json_option, lang_option
from cardgen.commands.stdout import emit_json
from cardgen.errors import CardgenError
from cardgen.render.paper.shops import ShopProfile, builtin_shops, load_shop


def _headings(lang: str) -> list[str]:
    """The headings of `cardgen shops` in ``lang``, padded to line up."""
    words = labels("commands", lang)
    said = [words[f"shops_{key}"] for key in ("writes", "command", "upload")]
    width = max(len(heading) for heading in said)
    return [heading.ljust(width) for heading in said]


def command_for(shop: ShopProfile, deck: str = "DECK", ref: str | None = None) -> str:
    """The command line that writes this shop's files (``ref``: the profile as given)."""
    command = "sheets" if shop.format == "pdf" else "png"
    return f"cardgen {command} {deck} --shop {ref or shop.id}"


def shop_for(ctx: click.Context, ref: str, command: str, deck: str,
             *set_by_profile: str) -> ShopProfile:
    """The profile ``ref`` names, for ``command`` (sheets or png); a usage error if an
    option the profile sets is given too, a CardgenError if the shop wants the other
    kind of file."""
    given = [f"--{name.replace('_', '-')}" for name in set_by_profile
             if ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE]
    if given:
        raise click.UsageError(f"--shop sets the size, bleed, resolution, colour and page "
                               f"order; leave out {', '.join(given)} (or write a profile "
                               "of your own and give its path to --shop)", ctx)
    shop = load_shop(ref)
    wanted = "sheets" if shop.format == "pdf" else "png"
    if command != wanted:
        kind = "a PDF" if shop.format == "pdf" else "images"
        raise CardgenError(f"{shop.name} takes {kind}: run `{command_for(shop, deck, ref)}`")
    return shop


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
    profiles = [load_shop(name) for name in builtin_shops()]
    if as_json:
        emit_json([_as_dict(shop) for shop in profiles])
        return
    writes, command, upload = _headings(lang)
    for shop in profiles:
        click.echo(f"{shop.id}: {shop.name}, {shop.product[lang]}")
        click.echo(f"  {writes} {shop.summary(lang)}")
        click.echo(f"  {command} {command_for(shop)}")
        click.echo(f"  {upload} {shop.upload[lang]}")
