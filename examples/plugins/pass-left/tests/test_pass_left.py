"""The plugin's own tests, run from its folder once it is installed beside cardgen:
``python -m pytest`` (or ``python -m pytest examples/plugins/pass-left/tests`` from
cardgen's checkout)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.catalogue import catalogue
from cardgen.deck.load import load_deck
from cardgen.engine import Variant, api, parse_action, play_game
from cardgen.play.players import make_players
from cardgen.situation import explain

PLUGIN = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((PLUGIN / "cardgen_pass_left" / "effect_examples").glob("*--*.toml"))
DECK = PLUGIN / "deck" / "pass-left.toml"


def test_cardgen_knows_the_effect_its_facts_and_words() -> None:
    effect = catalogue().effects["pass-one-left"]
    assert effect.description.en.startswith("Every player passes one card")
    assert effect.description.fr.startswith("Chaque joueur passe une carte")
    assert effect.facts == {"any_card": True, "can_start": False, "can_finish": False}
    assert api.REGISTERED_BY["pass-one-left"] == "cardgen-pass-left"


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_every_example_holds(path: Path) -> None:
    result = explain(path)
    assert result.checked > 0 and result.failures == [], path.name


def test_the_answer_reads_back_from_its_text() -> None:
    assert str(parse_action("pass-card  red-5")) == "pass-card red-5"


def test_games_with_the_deck_finish_and_the_cards_are_passed() -> None:
    variant = Variant.from_deck(load_deck(str(DECK)), 4)
    passed = 0
    for seed in range(6):
        result = play_game(variant, make_players("heuristic", 4, seed=seed), seed=seed,
                           check="full", transcript=True)
        assert result.finished and result.problems == [], seed
        passed += sum(line.count("pass-card") for line in result.transcript or [])
    assert passed > 0



@pytest.mark.parametrize(("lang", "own", "others", "description"), [
    ("en", "pass {} to the left", "pass a card to the left", "Every player passes"),
    ("fr", "passer {} à gauche", "passer une carte à gauche", "Chaque joueur passe"),
    ("de", "{} nach links weitergeben", "eine Karte nach links weitergeben", "Jeder Spieler"),
    ("es", "pasar {} a la izquierda", "pasar una carta a la izquierda", "Cada jugador"),
    ("it", "passare {} a sinistra", "passare una carta a sinistra", "Ogni giocatore"),
])
def test_its_words_come_from_its_catalogue_in_every_language(
        lang: str, own: str, others: str, description: str) -> None:
    """The seat that passes is shown the card; the others are told only that a card goes
    left, in their language, never the answer's text (which names the card)."""
    card = catalogue()["red-5"].name[lang]
    assert api.answer_words(parse_action("pass-card red-5"), lang, {"card": card}) == (
        own.format(card), others)
    assert catalogue().effects["pass-one-left"].description[lang].startswith(description)
