"""The plugin's own tests, run from its folder once it is installed beside cardgen:
``python -m pytest`` (or ``python -m pytest examples/plugins/steal-random/tests`` from
cardgen's checkout)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.catalogue import catalogue
from cardgen.deck.load import load_deck
from cardgen.engine import Variant, api, play_game
from cardgen.play.players import make_players
from cardgen.situation import explain

PLUGIN = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((PLUGIN / "cardgen_steal_random" / "effect_examples").glob("*--*.toml"))
DECK = PLUGIN / "deck" / "steal-random.toml"


def test_cardgen_knows_the_effect_its_facts_and_words() -> None:
    effect = catalogue().effects["steal-random"]
    assert effect.description.en == ("Its player takes one card at random from the hand "
                                     "of the next player.")
    assert effect.facts == {"any_card": True, "can_start": False, "can_finish": False}
    assert api.REGISTERED_BY["steal-random"] == "cardgen-steal-random"


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_every_example_holds(path: Path) -> None:
    result = explain(path)
    assert result.checked > 0 and result.failures == [], path.name


def test_games_with_the_deck_finish_and_cards_are_stolen() -> None:
    variant = Variant.from_deck(load_deck(str(DECK)), 4)
    stolen = 0
    for seed in range(6):
        result = play_game(variant, make_players("heuristic", 4, seed=seed), seed=seed,
                           check="full", transcript=True)
        assert result.finished and result.problems == [], seed
        stolen += sum(" steals " in line for line in result.transcript or [])
    assert stolen > 0


@pytest.mark.parametrize(("lang", "description"), [
    ("en", "Its player takes"), ("fr", "Son joueur prend"), ("de", "Ihr Spieler zieht"),
    ("es", "Su jugador toma"), ("it", "Il suo giocatore prende"),
])
def test_its_words_come_from_its_catalogue_in_every_language(lang: str,
                                                             description: str) -> None:
    assert catalogue().effects["steal-random"].description[lang].startswith(description)
