"""How much one SVG picture may ask of cardgen.

A picture comes from strangers (a deck shared as a zip): what it may read is capped
here, in bytes and in pixels; a picture over a cap is refused, with the cap.
"""

from __future__ import annotations

#: The largest picture file cardgen reads, and the most all the files one SVG picture
#: pulls in (itself, the SVG and bitmap files it refers to) may add up to.
MAX_PICTURE_BYTES = 20_000_000

#: The largest bitmap cardgen decodes, in pixels: a face printed at 600 dpi needs about
#: 1300 x 1900, a photo from a phone about 12 million; a "decompression bomb" (a few
#: kilobytes of PNG) has billions. For an SVG picture, the bitmaps it draws, each
#: counted as often as its <use> copies draw it.
MAX_PICTURE_PIXELS = 40_000_000
