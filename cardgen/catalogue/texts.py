"""A short text in each language it is written in, the unit of every name and caption."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

#: cardgen's first two languages. Every built-in word exists in each language of
#: templates/locale/ (:func:`cardgen.catalogue.locale.languages`); a deck's own card
#: needs a name in French or English, which stands in for the other.
LANGS = ("fr", "en")


class Text(Mapping[str, str]):
    """A short text by language code: ``Text({"de": "Joker", …})``,
    ``Text(fr="Joker", en="Wild")``, or French then English, ``Text("Joker", "Wild")``.
    Immutable and hashable, like the strings it holds."""

    __slots__ = ("_texts",)

    def __init__(self, texts: Mapping[str, str] | str | None = None, english: str | None = None,
                 /, **by_lang: str) -> None:
        if isinstance(texts, str):
            texts = {"fr": texts, "en": texts if english is None else english}
        self._texts: dict[str, str] = {**(texts or {}), **by_lang}

    def __getitem__(self, lang: str) -> str:
        return self._texts[lang]

    def __iter__(self) -> Iterator[str]:
        return iter(self._texts)

    def __len__(self) -> int:
        return len(self._texts)

    def __hash__(self) -> int:
        return hash(tuple(self._texts.items()))

    def __eq__(self, other: Any) -> bool:
        if isinstance(other, Text):
            return self._texts == other._texts
        return NotImplemented

    def __repr__(self) -> str:
        return f"Text({self._texts!r})"

    @property
    def fr(self) -> str:
        return self._texts["fr"]

    @property
    def en(self) -> str:
        return self._texts["en"]

    def as_dict(self) -> dict[str, str]:
        return dict(self._texts)

    def missing(self, lang: str) -> bool:
        """Whether the text has nothing in ``lang``."""
        return lang not in self._texts
