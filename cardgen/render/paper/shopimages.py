"""The image folder a shop that takes images uploads as it is, with its manifest.

The Game Crafter's and MakePlayingCards' uploaders take one image per different face and
a quantity for each. So the folder holds, in deck order, one image per kind of card,
its position and its count in its name (``001-red-0-x1.png``, ``002-red-1-x2.png``), the
numbers zero-padded so that sorting by name, as every file picker and uploader does,
gives the deck's order. The backs sort apart, after every face: ``back.png``, the
deck's back, and ``back-007-own-x1.png`` for the card of face 007 when it has a back
of its own. ``manifest.csv`` lists every file (file, side, card id, name, count, the
face's back), for a person ticking off the uploads or a script doing them.

A run replaces what an earlier run wrote in the same folder (the files its manifest
listed), so a folder never mixes two decks' images; other files are left alone.
"""

from __future__ import annotations

import csv
import io
import os
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from cardgen.catalogue.face_languages import FRENCH_AND_ENGLISH, FaceLanguages
from cardgen.catalogue.fields.back import NO_BACK
from cardgen.deck.load import Deck
from cardgen.outputs import atomic_path, prepare_folder
from cardgen.render import raster
from cardgen.render.paper.shops import ShopProfile
from cardgen.render.png import BackOf, Page, Raster, _run, faces_pdf

MANIFEST = "manifest.csv"
DECK_BACK = "back.png"
COLUMNS = ("file", "side", "card_id", "name", "count", "back_file")


@dataclass(frozen=True)
class ShopImage:
    """One file of the folder: what it shows and how many cards it prints."""

    file: str
    side: Literal["face", "back"]
    card_id: str  # empty for the deck's back
    name: str
    count: int  # the cards printed with this image
    back_file: str  # a face's back ("": printed without one); empty for a back
    page: Page  # what the faces PDF draws for it

    def row(self) -> tuple[str, ...]:
        return (self.file, self.side, self.card_id, self.name, str(self.count),
                self.back_file)


def shop_images(deck: Deck, lang: FaceLanguages = FRENCH_AND_ENGLISH, players: int | None = None
                ) -> list[ShopImage]:
    """The folder's images in name order: the faces in deck order, then the backs."""
    listed = deck.card_list(players)
    width = max(3, len(str(len(listed))))
    faces: list[ShopImage] = []
    own_backs: list[ShopImage] = []
    deck_back_count = 0
    for number, (card, count) in enumerate(listed, start=1):
        stem = f"{number:0{width}d}-{card.id}-x{count}"
        if card.back == NO_BACK:
            back = ""
        elif card.back is None:
            back, deck_back_count = DECK_BACK, deck_back_count + count
        else:
            back = f"back-{stem}.png"
            own_backs.append(ShopImage(back, "back", card.id, lang.said(card.name), count, "",
                                       BackOf(card)))
        faces.append(ShopImage(f"{stem}.png", "face", card.id, lang.said(card.name), count,
                               back, card))
    common = ([ShopImage(DECK_BACK, "back", "", "", deck_back_count, "", None)]
              if deck_back_count else [])
    return [*faces, *own_backs, *common]


def manifest_text(images: list[ShopImage]) -> str:
    """manifest.csv: a header, then a row per file in name order."""
    out = io.StringIO()
    # RFC 4180's line end: the csv module then quotes a name holding a lone "\r" too.
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    writer.writerows(image.row() for image in images)
    return out.getvalue()


def write_manifest(folder: Path, images: list[ShopImage]) -> Path:
    """Write ``folder``'s manifest.csv: its line ends as the csv module wrote them, so a
    name holding a line break reads back whole on any system."""
    path = folder / MANIFEST
    with atomic_path(path) as temp:
        temp.write_text(manifest_text(images), encoding="utf-8", newline="")
    return path


def _earlier_files(folder: Path) -> Iterator[Path]:
    """The files an earlier run listed in the folder's manifest."""
    try:
        with (folder / MANIFEST).open(encoding="utf-8", newline="") as handle:
            rows = list(csv.reader(handle))
    except (OSError, UnicodeDecodeError, csv.Error):
        return
    for row in rows[1:]:
        # Only a plain file name of this folder: a manifest is no licence to delete
        # anything elsewhere.
        if row and row[0] and Path(row[0]).name == row[0] and row[0].endswith(".png"):
            yield folder / row[0]


def write_shop_images(deck: Deck, out: Path, shop: ShopProfile, *,
                      lang: FaceLanguages = FRENCH_AND_ENGLISH,
                      players: int | None = None, workers: int | None = None
                      ) -> list[ShopImage]:
    """Write the shop's folder (images and manifest) into ``out``, all or nothing."""
    prepare_folder(out)
    images = shop_images(deck, lang, players)
    face = Raster(shop.size, shop.bleed_mm, shop.dpi)
    stale = set(_earlier_files(out)) - {out / image.file for image in images}
    # Made in a hidden folder inside ``out`` and moved in once all are made: a run
    # stopped half-way leaves the folder as it was.
    staging = Path(tempfile.mkdtemp(prefix=".cardgen-png-", dir=out))
    try:
        jobs: list[raster.FaceJob | raster.SheetJob] = [
            raster.FaceJob(page, face.pixels, shop.dpi, staging / image.file)
            for page, image in enumerate(images)]
        pdf = faces_pdf([image.page for image in images], lang, [face], deck.back)
        _run(pdf, jobs, workers or os.cpu_count() or 1)
        for job in jobs:
            os.replace(job.path, out / job.path.name)
        write_manifest(out, images)
        for path in stale:
            path.unlink(missing_ok=True)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return images
