"""Text a face would print too small to read, said before anyone prints it.

A name or caption too long for its box keeps shrinking rather than overflow
(:mod:`cardgen.render.textfit`); ``cardgen check`` warns when that takes it below the
least size the layout holds readable. The sizes are those of the design's 53 x 79 mm
card (a larger ``--size`` prints them a little larger).
"""

from __future__ import annotations

from cardgen.catalogue import Card
from cardgen.catalogue.face_languages import FRENCH_AND_ENGLISH, FaceLanguages
from cardgen.render.faces import text_blocks

_WHAT = {"name": "name", "title": "name", "caption": "caption"}
_FACES = {FRENCH_AND_ENGLISH: "faces in both languages", FaceLanguages("fr"): "French faces",
          FaceLanguages("en"): "English faces"}


def small_texts(card: Card) -> list[str]:
    """One message per text of ``card``'s face set below its least readable size."""
    found: dict[str, list[tuple[FaceLanguages, float, float]]] = {}
    for lang in _FACES:
        for block in text_blocks(card, lang):
            if block.fitted.size < block.least:
                found.setdefault(_WHAT[block.what], []).append(
                    (lang, block.fitted.size, block.least))
    messages = []
    for what, where in found.items():
        least = where[0][2]
        sizes = ", ".join(f"{size:g} pt on {_FACES[lang]}" for lang, size, _ in where)
        one_language_fits = all(lang.paired for lang, _, _ in where)
        fix = ("shorten it, or print the faces in one language (--lang fr or --lang en)"
               if one_language_fits else "shorten it")
        messages.append(f"card '{card.id}': its {what} would print at {sizes}, below the "
                        f"{least:g} pt the layout holds readable; {fix}")
    return messages
