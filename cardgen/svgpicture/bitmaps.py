"""The bitmaps an SVG picture draws (``<image>`` of a PNG or JPEG file, or of one
embedded as a ``data:`` URL), decoded once each, within the pixel budget.

Only PNG and JPEG are drawn: the kinds svglib knows, and what a print needs. The size
is read from the header before anything is decoded, so a decompression bomb costs
nothing; the image handed to svglib is a Pillow image in RGB, or RGBA when it has
transparency, which the drawing keeps (reportlab writes it as an image with a mask).
"""

from __future__ import annotations

import binascii
import io
import re
import warnings
from typing import Any

from cardgen.svgpicture.document import JPEG_SIGNATURE, PNG_SIGNATURE
from cardgen.svgpicture.limits import MAX_PICTURE_PIXELS
from cardgen.svgpicture.refused import PictureRefused

#: A data URL of a base64 image: its media type and where the data starts.
_DATA_URL = re.compile(r"data:([^,;]*)((?:;[^,;]*)*),", re.IGNORECASE)


def is_data_url(reference: str) -> bool:
    return reference[:5].lower() == "data:"


def data_url_bytes(reference: str, said: str) -> bytes:
    """The bytes a ``data:`` URL embeds (base64 PNG or JPEG only)."""
    match = _DATA_URL.match(reference)
    if match is None or "base64" not in match.group(2).lower():
        raise PictureRefused(f"{said}, an embedded image not written in base64; save the "
                             "picture again from a drawing program, or use a PNG file")
    try:
        # Whitespace and line breaks are skipped, as in every editor's output.
        return binascii.a2b_base64(reference[match.end():].encode("ascii", "ignore"))
    except binascii.Error:
        raise PictureRefused(f"{said}, an embedded image whose base64 is damaged; embed it "
                             "again, or use a PNG file") from None


def bitmap_kind(data: bytes) -> str | None:
    """"PNG" or "JPEG" by the first bytes of ``data``, else None."""
    if data.startswith(PNG_SIGNATURE):
        return "PNG"
    if data.startswith(JPEG_SIGNATURE):
        return "JPEG"
    return None


def pixels_of(data: bytes, said: str) -> int:
    """The pixel count of the PNG or JPEG ``data`` (its header only), refused over the
    cap or when it is no PNG or JPEG."""
    if bitmap_kind(data) is None:
        raise PictureRefused(f"{said}, which is not a PNG or JPEG image (the bitmaps cardgen "
                             "draws in a picture); save it as PNG")
    size = _size(data, said)
    pixels = size[0] * size[1] if size is not None else None
    if pixels is None or pixels > MAX_PICTURE_PIXELS:
        measured = f"{size[0]} x {size[1]} pixels" if size else "hundreds of millions of pixels"
        raise PictureRefused(f"{said}, which is {measured}, more than the "
                             f"{MAX_PICTURE_PIXELS:,} pixels cardgen decodes for one picture; "
                             "scale it down")
    return pixels


def _size(data: bytes, said: str) -> tuple[int, int] | None:
    """Width and height from the header; None for an image so large Pillow will not
    even open it."""
    from PIL import Image

    try:
        # Pillow warns on stderr of an image over 89 million pixels, and refuses one of
        # twice that: the cap is lower, and cardgen says so in its own words.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as image:
                return image.size
    except Image.DecompressionBombError:
        return None
    except Exception:  # Pillow reports a damaged file with many kinds of error
        raise PictureRefused(f"{said}, which is damaged (it cannot be decoded); save it "
                             "again as PNG") from None


def decoded(data: bytes, said: str) -> Any:
    """The Pillow image of ``data`` (checked by :func:`pixels_of` first), fully decoded."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as image:
            image.load()
            transparent = image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
            mode = "RGBA" if transparent else "RGB"
            # Converting copies the pixels: an image already so is kept as it is.
            return image if image.mode == mode else image.convert(mode)
    except Exception:  # Pillow reports a damaged file with many kinds of error
        raise PictureRefused(f"{said}, which is damaged (it cannot be decoded); save it "
                             "again as PNG") from None
