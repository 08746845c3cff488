"""U-19 and its kin: a draw card whose player picks the victim (``choose_victim``) plays
what it prints. By default (``skip = "victim"``) the victim draws and misses a turn: at
once when he plays next, else at his next turn. With ``skip = "next"`` (Uno Unplugged's
+4? and the +2?, U-19 reading A) the next player misses the turn whoever draws.

The six examples of cardgen/data/effect_examples/ for draw and wild-draw must hold: they
are the effects' oracles, run by the same situation runner as `cardgen explain`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers.paths import ROOT
from helpers.rules import HANDS, do

from cardgen.catalogue import catalogue
from cardgen.engine.events import LosesTurn, WillMissTurn
from cardgen.engine.state import RESPOND, TURN, RoundState
from cardgen.situation import build_state, explain

EXAMPLES = ROOT / "cardgen" / "data" / "effect_examples"
DECK = EXAMPLES / "decks" / "chosen-victims.toml"
#: Each example's case, and what its description starts with after the effect's name.
CASES = {"choose_victim-false": "choose_victim = false",
         "choose_victim-true": "choose_victim = true",
         "skip-victim": 'skip = "victim"', "skip-next": 'skip = "next"'}
MINE = [f"{effect}--{case}.toml" for effect in ("draw", "wild-draw") for case in CASES]


@pytest.mark.parametrize("name", MINE)
def test_the_draw_examples_hold(name: str) -> None:
    effect, case = Path(name).stem.split("--")
    result = explain(EXAMPLES / name)
    assert result.checked, f"{name} states nothing to expect"
    assert result.failures == []
    assert result.description.startswith(f"{effect}, {CASES[case]}: "), result.description


def table(**data: Any) -> RoundState:
    """A classic round with the four chosen-victim cards in the deck, P1 to play."""
    data.setdefault("top", "red-3")
    data.setdefault("turn", "P1")
    data.setdefault("draw", ["blue-5", "green-7", "yellow-1", "red-9", "blue-1", "red-4",
                             "green-2", "yellow-3"])
    return build_state({"deck": str(DECK), "players": 4, **data}, "test")


def hands(**extra: list[str]) -> dict[str, list[str]]:
    return {seat: extra.get(seat, []) + cards for seat, cards in HANDS.items()}


def test_u19_a_victim_further_on_draws_and_misses_his_next_turn() -> None:
    state = do(table(hands=hands(P1=["red-pick-two"], P2=["red-1"])),
               "play red-pick-two @P3")
    assert len(state.hands[3]) == 5
    assert state.actor == 2 and state.phase == TURN  # the next player plays as usual
    assert state.losing == [3]
    do(state, "play red-1")
    assert state.actor == 0  # P3's turn is passed over once
    assert state.losing == []
    assert WillMissTurn(3) in state.events
    assert LosesTurn(3) in state.events


def test_u19_a_victim_who_plays_next_draws_and_is_skipped_at_once() -> None:
    state = do(table(hands=hands(P1=["red-pick-two"])), "play red-pick-two @P2")
    assert len(state.hands[2]) == 5
    assert state.actor == 3 and state.losing == []


def test_u19_the_victims_missed_turn_comes_only_once() -> None:
    state = do(table(hands=hands(P1=["red-pick-two", "red-5"], P2=["red-1"], P0=["red-2"])),
               "play red-pick-two @P3", "play red-1", "play red-2")
    assert state.actor == 1  # P3 lost one turn, P1 plays
    do(state, "play red-5", "play red-9")
    assert state.actor == 3  # and plays at his next one


def test_u19_skip_next_the_victim_draws_and_the_next_player_is_skipped() -> None:
    state = do(table(hands=hands(P1=["red-pick-two-next"])), "play red-pick-two-next @P3")
    assert len(state.hands[3]) == 5 and len(state.hands[2]) == 3
    assert state.actor == 3 and state.losing == []


def test_u19_the_pending_draw_says_the_victim_misses_his_next_turn() -> None:
    state = do(table(hands=hands(P1=["wild-pick-four"])), "play wild-pick-four green @P3")
    assert state.phase == RESPOND and state.actor == 3
    penalty = state.stack[-1].penalty
    assert penalty is not None
    assert penalty.describe({"challenge"}) == \
        "P3 draws 4, P3 misses the next turn (challengeable)"
    do(state, "pass")
    assert len(state.hands[3]) == 7 and state.actor == 2 and state.losing == [3]


def test_u19_wild_draw_skip_next_keeps_the_skip_on_the_next_player() -> None:
    state = do(table(hands=hands(P1=["wild-pick-four-next"])),
               "play wild-pick-four-next green @P3", "pass")
    assert len(state.hands[3]) == 7 and len(state.hands[2]) == 3
    assert state.actor == 3 and state.losing == []


def test_u19_a_caught_bluff_moves_the_draw_and_nobody_misses_a_turn() -> None:
    # C-21: P1 held green, the colour in force; P3 challenges and wins: P1 draws the 4,
    # P3 loses nothing, P2 plays next as usual and P3 after him.
    state = do(table(top="green-3", hands=hands(P1=["wild-pick-four", "green-1"],
                                                P2=["red-1"])),
               "play wild-pick-four red @P3", "challenge")
    assert len(state.hands[1]) == 3 + 1 + 4 and len(state.hands[3]) == 3
    assert state.actor == 2 and state.losing == []
    do(state, "play red-1")
    assert state.actor == 3


def test_u19_a_wrong_challenge_by_a_victim_further_on_costs_six_and_his_next_turn() -> None:
    # C-21: the +4 was fair; P3 challenges and loses: he draws 6 and misses his turn,
    # which is his next one, since P2 plays before him.
    state = do(table(hands=hands(P1=["wild-pick-four"], P2=["green-1"])),
               "play wild-pick-four green @P3", "challenge")
    assert len(state.hands[3]) == 3 + 6
    assert state.actor == 2 and state.losing == [3]
    do(state, "play green-1")
    assert state.actor == 0


def test_u19_the_captions_say_who_misses_the_turn() -> None:
    effects = catalogue().effects
    draw, wild_draw = effects["draw"], effects["wild-draw"]
    assert draw.auto_caption({"amount": 2, "choose_victim": True, "skip": "victim"}).en == \
        "A player you pick draws 2 cards and misses a turn."
    assert draw.auto_caption({"amount": 2, "choose_victim": True, "skip": "next"}).en == \
        "A player you pick draws 2 cards and the next player misses a turn."
    assert draw.auto_caption(dict(draw.params)).fr == \
        "Le joueur suivant pioche 2 cartes et passe son tour."
    assert wild_draw.auto_caption({"amount": 4, "choose_victim": True, "skip": "next"}).fr == (
        "Annoncez la couleur : le joueur de votre choix pioche 4 cartes et le joueur "
        "suivant passe son tour. Seulement si vous n'avez aucune carte de la couleur "
        "demandée.")


def test_u19_the_unplugged_card_skips_the_next_player_and_says_so() -> None:
    card = catalogue().cards["wild-draw-four-choice"]
    assert card.param("choose_victim") is True and card.param("skip") == "next"
    assert "next player misses a turn" in card.caption.en
    assert "joueur suivant passe son tour" in card.caption.fr
