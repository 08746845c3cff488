"""The deck's faces as PNG images for the page, made by the renderer in memory.

The faces are those of the sheets: :func:`cardgen.render.png.faces_pdf` draws every kind
of the variant (and the back) as a page of one PDF, pdfium rasterises the pages and
:class:`~cardgen.render.raster.PngWriter` encodes them, as `cardgen png` does, but into
memory: the server writes no file. A language's images are made together on the first
request for one of them (about half a second for the classic deck) and kept. A
language the deck's texts lack is drawn in English.
"""

from __future__ import annotations

import io
import threading

import pypdfium2 as pdfium  # type: ignore[import-untyped]

from cardgen.catalogue.locale import languages
from cardgen.deck.load import Deck
from cardgen.engine import Variant
from cardgen.render.layout import design_size
from cardgen.render.png import Raster, faces_pdf
from cardgen.render.raster import PngWriter

#: Pixels per inch of a face on the page: 334 x 498 pixels for a 53 x 79 mm card,
#: sharp on a phone whose screen packs three pixels in a point.
DPI = 160
BACK = "back"


class FaceImages:
    """PNG bytes of each kind of a variant (by its index) and of the back, by language."""

    def __init__(self, deck: Deck, variant: Variant) -> None:
        self.deck, self.variant = deck, variant
        self._made: dict[str, dict[str, bytes]] = {}
        self._lock = threading.Lock()  # (pdfium is not to be used by two threads at once)

    def names(self) -> list[str]:
        return [str(kind) for kind in range(len(self.variant.kinds))] + [BACK]

    def image(self, lang: str, name: str) -> bytes | None:
        """The image ``name`` (a kind's index or "back") in ``lang``; None for no such."""
        if lang not in languages():
            return None
        if not self._speaks(lang):
            lang = "en"
        with self._lock:
            if lang not in self._made:
                self._made[lang] = self._make(lang)
            return self._made[lang].get(name)

    def _speaks(self, lang: str) -> bool:
        """The deck has its name and every card's name in ``lang``."""
        return lang in self.deck.name and all(lang in kind.name for kind in self.variant.kinds)

    def _make(self, lang: str) -> dict[str, bytes]:
        raster = Raster(design_size(), 0.0, DPI)
        pdf = faces_pdf([*self.variant.kinds, None], lang, [raster],
                        self.deck.back)
        document = pdfium.PdfDocument(pdf)
        images = {}
        try:
            for number, name in enumerate(self.names()):
                page = document[number]
                try:
                    picture = page.render(scale=DPI / 72, rev_byteorder=True).to_pil()
                finally:
                    page.close()
                buffer = io.BytesIO()
                png = PngWriter(buffer, *raster.pixels, dpi=DPI)
                png.rows(picture.crop((0, 0, *raster.pixels)))
                png.close()
                images[name] = buffer.getvalue()
        finally:
            document.close()
        return images
