"""Actions print and parse as text, and the engine's own copies compare equal to parsed ones."""

from __future__ import annotations

import random

import pytest

from cardgen.deck.load import load_deck
from cardgen.engine import ActionSyntaxError, Variant, parse_action
from cardgen.engine.actions import Catch, Draw, NameColor, Play
from cardgen.engine.state import RoundState


@pytest.mark.parametrize("text", [
    "play red-7", "play red-7 uno", "play wild blue", "play wild-draw-four green uno",
    "play red-draw-two-choice @P3", "draw", "keep", "pass", "challenge", "catch P2",
    "color yellow",
])
def test_round_trip(text: str) -> None:
    assert str(parse_action(text)) == text


def test_parsed_values() -> None:
    assert parse_action("play wild-draw-four red @P2 uno") == Play("wild-draw-four", "red", 2,
                                                                   True)
    assert parse_action("draw") == Draw()
    assert parse_action("catch p4") == Catch(4)
    assert parse_action("COLOR Blue") == NameColor("blue")


@pytest.mark.parametrize("text, message", [
    ("", "empty line"),
    ("jump red-7", "unknown verb 'jump'"),
    ("plays red-7", "unknown verb 'plays'; did you mean 'play'\\?"),
    ("P1 play red-7", "unknown verb 'P1'; to name the seat, write it with a colon: 'P1: …'"),
    ("play", "say which card"),
    ("play wild red blue", "unexpected 'blue'"),
    ("catch", "write 'catch' and the seat"),
    ("catch X3", "'X3' is not a seat"),
    ("draw now", "'draw' takes nothing"),
])
def test_bad_text_is_refused_with_the_line(text: str, message: str) -> None:
    with pytest.raises(ActionSyntaxError, match=message):
        parse_action(text)


def test_every_legal_action_round_trips_and_is_found_again() -> None:
    variant = Variant.from_deck(load_deck("classic"), 4)
    for seed in range(30):
        state = RoundState.deal(variant, 4, 0, random.Random(seed))
        legal = state.legal_actions()
        for action in legal:
            again = parse_action(str(action))
            assert again == action and again in legal
            assert hash(again) == hash(action)


def test_actions_are_frozen() -> None:
    action = parse_action("play red-7")
    with pytest.raises(AttributeError):
        action.card = "red-8"  # type: ignore[misc]
