"""A two-faced deck's faces (docs/rules.md FL-01): ``dark_faces``, the dark face printed
behind each light card, and ``dark_colors``, the colours the dark faces take.

Every card the deck counts is a light face; each has exactly one dark face of its own
(a fixed pairing, kind by kind: every copy of ``red-1`` carries the same dark face). A
one-faced deck names neither field, and none of its cards may have a dark colour.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardgen.catalogue import Card, catalogue
from cardgen.catalogue.card import Color
from cardgen.deck.dark_colors import EXAMPLE, color_id
from cardgen.files.problems import Report, did_you_mean, toml_value

#: The effects whose card's other face becomes the top of the pile: that face must have
#: a colour, to be the colour in force (FL-04).
TURNS_OVER = frozenset({"flip"})


def read_faces(data: Mapping[str, Any], inherited: tuple[dict[str, str], tuple[str, ...]],
               cards: Mapping[str, Card], counts: Mapping[str, int],
               dark: Mapping[str, Color],
               report: Report) -> tuple[dict[str, str], tuple[str, ...]]:
    """The deck's (dark_faces, dark_colors), its base's when it names neither; ``dark``
    are the dark colours it may use (:func:`cardgen.deck.dark_colors.deck_dark_colors`);
    every problem reported, one line each."""
    raw_faces, raw_colors = data.get("dark_faces"), data.get("dark_colors")
    faces, colors = inherited
    if raw_colors is not None:
        colors = _dark_colors(raw_colors, dark, report)
    if raw_faces is not None:
        faces = _dark_faces(raw_faces, cards, report)
    if faces:
        _check_pairs(faces, colors or tuple(catalogue().dark_colors), cards, counts, report)
    else:
        _no_dark_colors(cards, counts, dark, report)
    return faces, colors


def _dark_colors(value: Any, known: Mapping[str, Color], report: Report) -> tuple[str, ...]:
    """The colour ids ``dark_colors`` lists: shipped ones by name, the deck's own as
    tables (read before the cards, :mod:`cardgen.deck.dark_colors`)."""
    shipped = list(catalogue().dark_colors)
    if not isinstance(value, list) or not all(isinstance(c, str | Mapping) for c in value):
        report.error(f"'dark_colors' is {toml_value(value)}; list the dark side's colours, "
                     f"among {', '.join(shipped)}, or your own as {EXAMPLE}")
        return ()
    ids = [color_id(entry) for entry in value]
    for entry, color in zip(value, ids, strict=True):
        if isinstance(entry, str) and color not in known:
            report.error(f"'dark_colors' names the colour '{color}'"
                         f"{did_you_mean(color, list(known))}; the dark colours are "
                         f"{', '.join(shipped)}, or your own as {EXAMPLE}")
    return tuple(c for c in dict.fromkeys(ids) if isinstance(c, str) and c in known)


def _dark_faces(value: Any, cards: Mapping[str, Card], report: Report) -> dict[str, str]:
    if not isinstance(value, Mapping) or not all(isinstance(v, str) for v in value.values()):
        report.error("'dark_faces' must be a table of light card id = dark card id, "
                     'e.g. red-1 = "teal-5"')
        return {}
    faces: dict[str, str] = {}
    for light, dark in value.items():
        for card_id in (light, dark):
            if card_id not in cards:
                report.error(f"[dark_faces] names the card '{card_id}', which is not a card "
                             f"cardgen knows{did_you_mean(card_id, list(cards))}", card_id)
        if light in cards and dark in cards:
            faces[light] = dark
    return faces


def _check_pairs(faces: Mapping[str, str], colors: tuple[str, ...], cards: Mapping[str, Card],
                 counts: Mapping[str, int], report: Report) -> None:
    light_colors = catalogue().colors
    seen: dict[str, str] = {}
    for light, dark in faces.items():
        if light not in counts:
            report.error(f"[dark_faces] gives '{light}' a dark face, but [cards] does not "
                         "count it", light)
        if dark in counts:
            report.error(f"'{dark}' is a dark face (of '{light}') and is counted in [cards]; "
                         "a card is counted by its light face", dark)
        if dark in seen:
            report.error(f"'{dark}' is the dark face of both '{seen[dark]}' and '{light}'; "
                         "each light card has a dark face of its own", dark)
        seen[dark] = light
        light_card, dark_card = cards[light], cards[dark]
        if light_card.color is not None and light_card.color not in light_colors:
            report.error(f"the light face '{light}' has the dark colour {light_card.color}; "
                         f"a light face takes one of {', '.join(light_colors)}", light)
        if dark_card.color is not None and dark_card.color not in colors:
            report.error(f"the dark face '{dark}' has the colour {dark_card.color}; a dark face "
                         f"takes one of the dark colours {', '.join(colors)}, or none", dark)
        for face, other in ((light_card, dark_card), (dark_card, light_card)):
            if face.effect in TURNS_OVER and other.color is None:
                report.error(f"'{face.id}' turns the cards over, but its other face "
                             f"'{other.id}' has no colour to be in force; pair it with a "
                             "coloured card", face.id)
    for card_id in counts:
        if card_id not in faces:
            report.error(f"card '{card_id}' has no dark face; a two-faced deck gives every "
                         "card one in [dark_faces]", card_id)


def _no_dark_colors(cards: Mapping[str, Card], counts: Mapping[str, int],
                    dark: Mapping[str, Color], report: Report) -> None:
    """A one-faced deck: a card of a dark colour (or that turns the cards over) has no
    side to be played on."""
    for card_id in counts:
        card = cards[card_id]
        if card.color in dark:
            report.error(f"card '{card_id}' has the dark colour {card.color}: it is a dark "
                         "face, printed behind a light card named in [dark_faces]", card_id)
        elif card.effect in TURNS_OVER:
            report.error(f"card '{card_id}' turns the cards over, which only a two-faced deck "
                         "can do; give its cards their dark faces in [dark_faces]", card_id)
