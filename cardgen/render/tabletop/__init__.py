"""A deck for Tabletop Simulator: its sheets of faces, its back, and a saved object.

TTS builds a custom deck from grid images of at most 10 x 7 cells, read row by row; the
last cell of a face sheet is the image shown for a card hidden in someone's hand (here
the back), so a sheet holds 69 cards. The saved object is TTS's JSON: one ``DeckCustom``
whose ``CustomDeck`` has an entry per sheet (keyed "1", "2"…: its face and back image,
its grid), ``DeckIDs`` giving every copy as sheet number x 100 + its cell, and one
``Card`` per copy in ``ContainedObjects``, named in the chosen language
(:mod:`.saved_object`). A deck whose cards have several backs (a card's own back
picture, a card with none) gets a sheet of backs laid out as its faces, and
``UniqueBack``: each card then shows its own back.

The images are the renderer's faces (the sheets' drawing, rasterised with pdfium as in
:mod:`cardgen.render.png`; :mod:`.images`), the JSON written with its keys sorted: the
same deck, language and folder give the same bytes. The image addresses are
``file:///`` URIs of the files written, which TTS opens on the machine that wrote them
(docs/playing.md says how to upload them for a game online).
"""

from cardgen.render.tabletop.images import TabletopDeck, write_tabletop
from cardgen.render.tabletop.saved_object import ID_PER_SHEET, saved_object

__all__ = ["ID_PER_SHEET", "TabletopDeck", "saved_object", "write_tabletop"]
