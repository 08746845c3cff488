"""The languages a face prints: one, or two set one above the other.

On the command line (``--lang``) they are written ``de`` (German alone), ``de+en``
(German above English) or ``both`` (French above English, as the printed cards). That
text is read here once, into a :class:`FaceLanguages` every drawing function takes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cardgen.catalogue.locale import languages
from cardgen.catalogue.texts import LANGS
from cardgen.errors import CardgenError

#: How ``--lang`` names the pair of cardgen's first two languages, French above English.
BOTH = "both"


class FaceLanguageError(CardgenError):
    """A ``--lang`` of the faces that names no language, or more than two."""


@dataclass(frozen=True)
class FaceLanguages:
    """The language of a face (``first``), and the one printed under it, if any, in the
    smaller type and the other font."""

    first: str
    second: str | None = None

    @classmethod
    def parse(cls, text: str) -> FaceLanguages:
        """``both``, ``de`` or ``de+en`` (in any case) as the languages of a face; a
        :class:`FaceLanguageError` saying what to give for anything else."""
        spelled = text.strip().lower()
        codes = LANGS if spelled == BOTH else tuple(spelled.split("+"))
        if (any(code not in languages() for code in codes) or not 1 <= len(codes) <= 2
                or len(set(codes)) != len(codes)):
            raise FaceLanguageError(
                f"'{spelled}' is not a language of the faces; give one of "
                f"{', '.join(languages())}, two joined by + (like de+en), or both "
                "(French and English)")
        return cls(*codes)

    @property
    def codes(self) -> tuple[str, ...]:
        """Each language the face prints, the first one first."""
        return (self.first,) if self.second is None else (self.first, self.second)

    @property
    def paired(self) -> bool:
        """Whether the face prints two languages (and so the layout of two)."""
        return self.second is not None

    @property
    def last(self) -> str:
        """The language read last: the second one, or the only one."""
        return self.second or self.first

    def said(self, text: Mapping[str, str]) -> str:
        """``text`` in the first language, then `` / `` and the second where it differs
        (a title, a file's list of names)."""
        if self.second is None or text[self.first] == text[self.second]:
            return text[self.first]
        return f"{text[self.first]} / {text[self.second]}"

    def __str__(self) -> str:
        return BOTH if self.codes == LANGS else "+".join(self.codes)


#: French above English: the faces of the printed cards and of a French or English rulebook.
FRENCH_AND_ENGLISH = FaceLanguages(*LANGS)
