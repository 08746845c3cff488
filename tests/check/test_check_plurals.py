"""`cardgen check` asks for a plural a count would need: a card named in Spanish with no
Spanish plural reads "2 Lluvia de calabazas" in the rulebook, so check says so in one
line naming the card, the language and what to add. ``--lang`` checks the deck's words
in the languages asked."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.cli import run_in, unwrapped

from cardgen.catalogue import catalogue

DECK = """name = {{ fr = "Citrouilles", en = "Pumpkins", es = "Calabazas" }}
base = "classic"
[cards]
pumpkin-rain = {count}
[[card]]
id = "pumpkin-rain"
effect = "wild-draw"
params = {{ amount = 2 }}
points = 50
name = {{ fr = "Pluie de citrouilles", en = "Pumpkin Rain", es = "Lluvia de calabazas" }}
plural = {{ fr = "Pluies de citrouilles", en = "Pumpkin Rains"{more} }}
"""


def check(tmp_path: Path, *args: str, count: int = 2, more: str = "") -> list[str]:
    (tmp_path / "rain.toml").write_text(DECK.format(count=count, more=more), encoding="utf-8")
    code, output = run_in(["check", "rain.toml", "--games", "0", *args], tmp_path)
    assert code == 0, output
    return unwrapped(output).splitlines()


def test_a_spanish_name_without_its_plural_is_one_warning_saying_what_to_add(
        tmp_path: Path) -> None:
    lines = check(tmp_path)
    assert lines == [
        "warning: rain.toml: card 'pumpkin-rain' has no plural in es, so the rulebook "
        "counts \"2 Lluvia de calabazas\"; add plural = { es = \"…\" } to its [[card]]",
        "rain.toml: 110 cards, valid (0 error(s), 1 warning(s))"]


@pytest.mark.parametrize(("count", "more"), [(2, ', es = "Lluvias de calabazas"'), (1, "")])
def test_no_warning_with_the_plural_or_a_single_copy(tmp_path: Path, count: int,
                                                      more: str) -> None:
    assert check(tmp_path, count=count, more=more)[-1].endswith("(0 error(s), 0 warning(s))")


def test_check_lang_checks_the_languages_asked_only(tmp_path: Path) -> None:
    assert check(tmp_path, "--lang", "en")[-1].endswith("(0 error(s), 0 warning(s))")
    lines = check(tmp_path, "--lang", "de", "--lang", "ES")
    assert any("no 'de' text for the deck's name, pumpkin-rain (name)" in line
               for line in lines), lines
    assert any("has no plural in es" in line for line in lines), lines


def test_every_built_in_card_has_its_plural_in_every_language() -> None:
    assert {card.id: sorted(card.plural_missing) for card in catalogue().cards.values()
            if card.plural_missing} == {}
