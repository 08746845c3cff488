"""The challenge is said as the card it is about (C-21, FL-09): "challenge the Wild Draw
Color", never "challenge the +4" for a card that is none, at the table in every
language (the terminal's and the browser's words are these)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.engine.actions import parse_action
from cardgen.situation.run import load_situation
from cardgen.situation.setup import build_situation
from cardgen.table.words import Words

FLIP = Path(__file__).resolve().parents[1] / "situations" / "flip"

SAID = {
    "en": "challenge the Wild Draw Color",
    "fr": "contester le Joker pioche couleur",
    "es": "desafiar el Comodín Roba color",
    "de": "die Zieh-Farbe-Farbenwahlkarte anzweifeln",
    "it": "contestare il Jolly Pesca Colore",
}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_fl09_the_challenge_names_the_wild_draw_color(lang: str) -> None:
    data, label = load_situation(FLIP / "fl09_wild_draw_color_challenge_fails.toml")
    state = build_situation(data, label, FLIP).state
    state.play(parse_action("play wild-draw-color orange"))
    challenges = [action for action in state.legal_actions()
                  if getattr(action, "verb", "") == "challenge"]
    assert len(challenges) == 1
    assert Words(lang, False).action(state, challenges[0]) == SAID[lang]
