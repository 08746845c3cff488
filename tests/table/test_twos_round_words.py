"""Olympique's round of 2s (O-39) is said as what it asks of the players, at the table in
every language: "each other player in turn must now lay a 2 or draw one card", never
the bare "a round of 2s starts" nobody could act on."""

from __future__ import annotations

import random

import pytest

from cardgen.deck.load import load_deck
from cardgen.engine import Variant
from cardgen.engine.events import TwosRoundBegins
from cardgen.engine.state import RoundState
from cardgen.table.narrator import TableLog
from cardgen.table.words import Words

SAID = {
    "en": "each other player in turn must now lay a 2 or draw one card",
    "fr": "chacun des autres joueurs, à son tour, doit maintenant poser un 2 ou piocher une "
          "carte",
    "de": "jetzt muss jeder andere Spieler der Reihe nach eine 2 legen oder eine Karte ziehen",
    "es": "ahora cada uno de los demás jugadores, por turno, tiene que echar un 2 o robar una "
          "carta",
    "it": "ora ogni altro giocatore, a turno, deve mettere un 2 o pescare una carta",
}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_o39_the_table_says_what_a_round_of_twos_asks(lang: str) -> None:
    variant = Variant.from_deck(load_deck("classic"), 4, ("olympique",))
    state = RoundState.deal(variant, 4, 0, random.Random(1))
    assert TableLog(Words(lang, False), state, 0).say(TwosRoundBegins()) == [SAID[lang]]
