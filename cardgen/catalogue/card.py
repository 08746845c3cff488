"""What a card is: one kind of card (:class:`Card`, of which a deck holds copies) and
the colour it may have (:class:`Color`), with their words in every language. The cards
are made from [[card]] tables by :mod:`cardgen.catalogue.fields.table`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.catalogue.fields.back import CardBack
from cardgen.catalogue.fields.corner import CornerIndex
from cardgen.catalogue.texts import Text

#: The gendered forms of a colour word a text may ask for, by placeholder: ``{color_f}``
#: the feminine ("Inversion verte", "Rote Retourkarte"), ``{color_m}`` the masculine and
#: ``{color_n}`` the neuter a declining language puts before a noun without an article
#: ("Roter Hexenfluch", "Rotes Feuer"). ``{color}`` is the word as a colour's name.
GENDERS = ("f", "m", "n")


@dataclass(frozen=True)
class Color:
    """A card colour and its word in each language, in each form a card's text may need:
    ``{color}`` is ``name``, ``{color_f}`` the feminine ``name_f`` ("verte", for names
    like "Inversion verte"), ``{color_m}`` / ``{color_n}`` the masculine and neuter
    (``name_m``, ``name_n``: German "Roter", "Rotes"), ``{Color}`` the name with a
    capital; in a plural name ("Inversions vertes") the plural forms. A language without
    genders or plurals repeats its one word."""

    id: str
    name: Text
    name_f: Text
    rgb: str
    plural: Text
    plural_f: Text
    name_m: Text = Text()
    name_n: Text = Text()
    plural_m: Text = Text()
    plural_n: Text = Text()

    def forms(self, lang: str, plural: bool = False) -> dict[str, str]:
        """Placeholder -> word in ``lang``: ``{color}``, ``{color_f}``, ``{color_m}``,
        ``{color_n}`` (plural forms with ``plural``; a gender the catalogue does not give
        is the name) and ``{Color}`` (always the singular name, capitalised)."""
        base = (self.plural if plural else self.name)[lang]
        said = {"{color}": base}
        for gender in GENDERS:
            form: Text = getattr(self, f"{'plural' if plural else 'name'}_{gender}")
            said[f"{{color_{gender}}}"] = form.get(lang) or base
        said["{Color}"] = self.name[lang].capitalize()
        return said

    def words(self, lang: str, plural: bool = False) -> set[str]:
        """Every form of the colour's word in ``lang`` (singular; with ``plural``, the
        plural forms too): what to leave out of a name to get the card's kind."""
        found = set(self.forms(lang).values())
        if plural:
            found |= set(self.forms(lang, plural=True).values())
        return {word for word in found if word}


@dataclass(frozen=True)
class Card:
    """One kind of card (a deck holds some number of copies of it)."""

    id: str
    effect: str
    family: str
    color: str | None
    value: int | None
    symbol: str
    points: int
    name: Text
    caption: Text
    pictogram: str | None = None
    #: The name after a count other than one ("8 Reverses", "8 Inversions"), in each
    #: language; where the card data gives none, the name itself ("8 Passe ton tour").
    plural: Text = Text()
    #: A picture file for a custom card (an SVG or PNG next to its deck file).
    picture: Path | None = None
    #: Its back: None for the deck's, "none" for no back at all, or a picture of its own.
    back: CardBack = None
    any_card: bool = False
    names_color: bool = False
    can_start: bool = True
    counts_as_color: bool = True
    reaction: bool = False
    can_finish: bool = True
    params: tuple[tuple[str, Any], ...] = field(default=())
    #: What the corner indices show, when the deck file chose it (``corner``).
    corner: CornerIndex | None = None
    #: The id its kind goes by in a rule text (``k.id``): for a card of a [[card]] table
    #: whose id has ``{color}`` in it, the table's id without the colour ("canon" for
    #: red-canon, yellow-canon … of "{color}-canon"), which names the table's cards as
    #: one; for any other card, its own id ("" is filled in as that).
    entry: str = ""
    #: The languages of its name that gave no plural, where the name stands in for one
    #: ("2 Lluvia de calabazas"): `cardgen check` asks for them. (Found when the card is
    #: made; a copy made with :func:`dataclasses.replace` has its plural whole.)
    plural_missing: frozenset[str] = field(default=frozenset(), init=False, compare=False)

    def __post_init__(self) -> None:
        if not self.entry:
            object.__setattr__(self, "entry", self.id)
        missing = frozenset(lang for lang in self.name if not self.plural.get(lang))
        if missing:
            object.__setattr__(self, "plural_missing", missing)
            object.__setattr__(self, "plural", Text({
                lang: self.plural.get(lang) or name for lang, name in self.name.items()}))

    def param(self, name: str, default: Any = None) -> Any:
        for key, value in self.params:
            if key == name:
                return value
        return default

    @property
    def is_standard(self) -> bool:
        """True for the cards of a standard 108-card box."""
        return self.family == "classic"
