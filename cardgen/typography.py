"""The fonts every PDF embeds, each registered with reportlab when first used.

They ship in ``fonts/`` (installed as the ``cardgen.fonts`` package) with their
licences, so a machine without them installed still prints every French glyph.
reportlab embeds TrueType fonts as subsets; each subset is named with a tag of six
letters of its own (:func:`subset_tag`), where reportlab gives the first subset of every
font the same one. Parsing a font file is most of what
registering it costs, so a drawing registers only the fonts it uses
(:func:`registered`); the rulebook, which styles paragraphs by family, registers them
all (:func:`register_fonts`). reportlab itself is imported by the first font
registered, so a command that draws nothing (`cardgen check`, `simulate`) never loads it.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import Any

from cardgen.datafolders import data_folder
from cardgen.errors import CardgenError

#: The end of Latin Extended-B: each of the fonts cards are printed in has a glyph for
#: every character up to here (tests/deck/test_deck_audit.py checks it), so a text within it
#: needs no font read to know it prints.
LATIN_MAX = 0x24F

#: reportlab font name -> file in fonts/
FONT_FILES = {
    "Sans": "DejaVuSans.ttf",
    "Sans-Bold": "DejaVuSans-Bold.ttf",
    "Sans-Oblique": "DejaVuSans-Oblique.ttf",
    "Condensed": "DejaVuSansCondensed.ttf",
    "Condensed-Bold": "DejaVuSansCondensed-Bold.ttf",
    "Icons": "fa-solid-900.ttf",  # Font Awesome Free, solid style
}


def font_path(file_name: str) -> Path:
    return data_folder("fonts") / file_name


@cache
def registered(name: str) -> str:
    """Register the project's font ``name`` with reportlab (once per process) and
    return the name, for ``canvas.setFont(registered(NAME), size)``."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFError

    path = font_path(FONT_FILES[name])
    if not path.is_file():
        raise CardgenError(f"{path}: font file missing; reinstall cardgen "
                           "(pip install -e .) or restore the fonts/ folder")
    try:
        pdfmetrics.registerFont(_tagged_font_class()(name, str(path)))
    except TTFError as exc:
        raise CardgenError(f"{path}: not a usable TrueType font ({exc}); restore it "
                           "from the repository") from None
    return name


def subset_tag(font: str, codes: list[int], taken: set[str]) -> str:
    """Six capital letters naming a font subset (the PDF specification's subset tag),
    drawn from the font's name and the characters the subset holds, so the same
    document always gets the same tags; a tag already ``taken`` in the document is
    drawn again from the next hash, so every tag of a document is distinct."""
    seed = f"{font}:{','.join(map(str, codes))}".encode()
    for attempt in range(1000):
        number = int.from_bytes(hashlib.sha256(seed + bytes([attempt % 256, attempt // 256]))
                                .digest()[:8])
        tag = ""
        for _ in range(6):
            number, letter = divmod(number, 26)
            tag += chr(ord("A") + letter)
        if tag not in taken:
            taken.add(tag)
            return tag
    raise AssertionError("no free subset tag")  # 26**6 tags: cannot happen


@cache
def _tagged_font_class() -> type:
    """reportlab's TrueType font, its subsets renamed with :func:`subset_tag` once it
    has made their objects (reportlab names subset n of every font alike)."""
    from reportlab.pdfbase import pdfdoc
    from reportlab.pdfbase.ttfonts import TTFont, makeToUnicodeCMap

    class TaggedTTFont(TTFont):  # type: ignore[misc]
        def addObjects(self, doc: Any) -> None:
            state = self.state.get(doc)
            subsets = [list(subset) for subset in state.subsets] if state else []
            names = [self.getSubsetInternalName(n, doc)[1:] for n in range(len(subsets))]
            super().addObjects(doc)
            taken = doc.__dict__.setdefault("cardgen_subset_tags", set())
            fonts = doc.idToObject["BasicFonts"].dict
            for name, codes in zip(names, subsets, strict=True):
                font = fonts[name]
                untagged = font.BaseFont.split("+", 1)[1]
                base = f"{subset_tag(untagged, codes, taken)}+{untagged}"
                font.BaseFont = base
                doc.idToObject[font.FontDescriptor.name].dict["FontName"] = \
                    pdfdoc.PDFName(base)
                doc.idToObject[font.ToUnicode.name].content = makeToUnicodeCMap(base, codes)

    return TaggedTTFont


@cache
def register_fonts() -> None:
    """Register every font of the project, and the Sans family for paragraphs."""
    from reportlab.pdfbase import pdfmetrics

    for name in FONT_FILES:
        registered(name)
    pdfmetrics.registerFontFamily("Sans", normal="Sans", bold="Sans-Bold",
                                  italic="Sans-Oblique", boldItalic="Sans-Bold")


#: The fonts a card face sets its names and captions in (see cardgen/render/faces.py).
TEXT_FONTS = ("Sans", "Sans-Bold", "Sans-Oblique", "Condensed")


def unprintable(text: str) -> str:
    """The characters of ``text`` (once each, in order) that one of the text fonts has no
    glyph for: they would print as empty boxes."""
    from reportlab.pdfbase import pdfmetrics

    rare = [c for c in text if ord(c) > LATIN_MAX and not c.isspace()]
    if not rare:  # every text font covers Latin: no need to parse the fonts to know
        return ""
    maps = [pdfmetrics.getFont(registered(name)).face.charToGlyph for name in TEXT_FONTS]
    return "".join(dict.fromkeys(c for c in rare if any(ord(c) not in m for m in maps)))
