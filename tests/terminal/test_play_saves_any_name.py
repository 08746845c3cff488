"""A save of `cardgen play` keeps any deck name and description whole (issue 42, item 7):
an emoji, a right-to-left script, a quote or a control character in them still makes a
file TOML reads back as written."""

from __future__ import annotations

import random
import tomllib

import pytest

from cardgen.deck.load import load_deck
from cardgen.engine import Variant
from cardgen.terminal.save import RecordedGame, situation_text


@pytest.mark.parametrize("name", ["decks/🎃 halloween.toml", "קלפים/deck.toml",
                                  'a "quoted" \\ deck.toml', "tab\there\x7f.toml"])
def test_a_save_reads_back_whatever_the_decks_name(name: str) -> None:
    variant = Variant.from_deck(load_deck("classic"), 3)
    game = RecordedGame(variant, 2)
    state, seats = game.new_round(log=True)
    chance = random.Random(3)
    for _ in range(5):
        seat, action = state.actor, chance.choice(state.legal_actions())
        state.record(seat, action)
        state.play(action)
    text = situation_text(name, (), state, game, seats, f"saved while playing {name}")
    assert text is not None
    read = tomllib.loads(text)
    assert read["deck"] == name
    assert read["description"] == f"saved while playing {name}"
