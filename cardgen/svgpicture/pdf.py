"""A picture's drawing put on a PDF canvas: reportlab's renderer, bitmaps drawn apart.

reportlab's renderer writes a drawing's bitmap inline in the page's content, and an
inline bitmap within a PDF form (each card face is one) breaks reportlab (a TypeError
for every picture with an ``<image>``). Bitmaps are drawn as image objects instead,
stored once in the PDF, their transparency kept as a soft mask (or flattened already,
in a print shop's CMYK file).
"""

from __future__ import annotations

from typing import Any

from reportlab.graphics.renderPDF import _PDFRenderer
from reportlab.lib.utils import ImageReader


class _PictureRenderer(_PDFRenderer):  # type: ignore[misc]  # reportlab has no types
    def drawImage(self, image: Any) -> None:
        bitmap = image.path
        if not hasattr(bitmap, "mode"):  # an <image> svglib could not resolve: no bitmap
            return
        self._canvas.drawImage(ImageReader(bitmap), image.x, image.y, image.width,
                               image.height, mask="auto" if bitmap.mode == "RGBA" else None)


class _OutlineRenderer(_PictureRenderer):
    def drawImage(self, image: Any) -> None:
        self._canvas.rect(image.x, image.y, image.width, image.height)


def draw_drawing(drawing: Any, canvas: Any, x: float = 0, y: float = 0, *,
                 bitmaps: bool = True) -> None:
    """Draw ``drawing`` with its origin at (x, y), as reportlab's renderPDF.draw does.
    Without ``bitmaps``, each bitmap's place is outlined instead: a trial drawing need
    not encode (and compress) forty million pixels to learn that the shapes draw."""
    renderer = _PictureRenderer() if bitmaps else _OutlineRenderer()
    renderer.draw(drawing, canvas, x, y)
