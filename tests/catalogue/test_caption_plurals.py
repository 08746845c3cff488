"""An own card that gives no caption gets its effect's caption, and the count in it reads
with the plural its language takes: never an English "s" glued to a German or Italian
noun ("3 Kartes", "2 cartas" in Italian)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.deck.load import load_deck

DECK = """name = "Downpours"
base = "classic"
[[card]]
id = "rain"
colors = ["red"]
effect = "draw"
params = {{ amount = {amount} }}
points = 20
name = {{ fr = "Pluie", en = "Rain", de = "Regen", es = "Lluvia", it = "Pioggia" }}
[cards]
rain = 2
"""


def caption(tmp_path: Path, amount: int) -> dict[str, str]:
    path = tmp_path / "deck.toml"
    path.write_text(DECK.format(amount=amount), encoding="utf-8")
    card = next(card for card, _ in load_deck(str(path)).card_list() if "rain" in card.id)
    return dict(card.caption)


@pytest.mark.parametrize(("amount", "expected"), [
    (3, {"en": "draws 3 cards", "fr": "pioche 3 cartes", "de": "zieht 3 Karten",
         "es": "roba 3 cartas", "it": "pesca 3 carte"}),
    (1, {"en": "draws 1 card", "fr": "pioche 1 carte", "de": "zieht 1 Karte",
         "es": "roba 1 carta", "it": "pesca 1 carta"}),
])
def test_a_drawn_count_takes_its_languages_plural(tmp_path: Path, amount: int,
                                                   expected: dict[str, str]) -> None:
    said = caption(tmp_path, amount)
    for lang, words in expected.items():
        assert words in said[lang], (lang, said[lang])
