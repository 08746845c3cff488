"""Whole games over every registered option: the invariants hold after every action and
every round ends.

The options come from the registry (``cardgen/data/options.toml``, which the engine must
play in full), not from a list kept here, so a new option is played the day it is
registered. Each plays alone on the classic deck, then beside ``olympique`` (the set the
soak of issue 23 found the crashes with), and each built-in deck and example plays its
own rules, alone and with ``olympique``. Every game is played twice, by the heuristic
bots and by the random ones (which draw, bluff and answer at random, so they reach the
odd corners), with ``check="full"``: every invariant after every action. The seeds are
fixed, so a failure names a game that replays.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.paths import EXAMPLES

from cardgen.catalogue.option_facts import OPTION_FACTS, combination_problems
from cardgen.deck.load import Deck, load_deck
from cardgen.engine import Variant, play_game
from cardgen.engine.official.rules import OPTIONS as REGISTERED
from cardgen.engine.official.rules import missing_options
from cardgen.play.players import make_players

# Slow (whole games of every option and deck, checked after every action): run by `python -m pytest -m slow`.
pytestmark = pytest.mark.slow

DECKS = ["classic", "unplugged", "house", "nomercy", *sorted(str(p) for p in EXAMPLES.glob("*.toml"))]
OPTIONS = sorted(OPTION_FACTS)
BOTS = ("heuristic", "random")
#: How a round may end; "capped" (still running after the turn cap) and "invalid" (an
#: invariant broke) may not.
ENDS = {"out", "blocked", "pingouin", "mercy"}  # (mercy: the last player in, NM-10)

_LOADED: dict[str, Deck] = {}


def deck(name: str) -> Deck:
    if name not in _LOADED:
        _LOADED[name] = load_deck(name)
    return _LOADED[name]


def variant_for(deck_name: str, rules: list[str], players: tuple[int, ...]) -> Variant | None:
    """The variant for the first of ``players`` the deck and the rules can be played by."""
    loaded = deck(deck_name)
    for count in players:
        if not loaded.min_players <= count <= loaded.max_players:
            continue
        variant = Variant.from_deck(loaded, count, rules)
        if variant.playability_problem() is None:
            return variant
    return None


def with_needs(name: str) -> list[str]:
    """An option with the options it cannot be played without (cursed-cards needs
    lowest-score)."""
    return [*OPTION_FACTS[name].needs, name]


def play(variant: Variant, bots: str, seed: str) -> None:
    result = play_game(variant, make_players(bots, variant.players, seed), seed, check="full")
    where = (f"{variant.name}, {variant.players} players, {bots}, rules "
             f"{variant.rule_names}, seed {seed!r}")
    assert result.problems == [], f"{where}: {result.problems[:3]}"
    ends = [r.how for r in result.rounds]
    assert set(ends) <= ENDS, f"{where}: rounds ended {ends}"
    assert result.finished, f"{where}: the game stopped after {len(ends)} rounds"


def test_the_engine_plays_every_registered_option() -> None:
    assert missing_options(OPTIONS) == []
    assert set(OPTIONS) == set(REGISTERED)
    assert len(OPTIONS) >= 44


@pytest.mark.parametrize("option", OPTIONS)
def test_every_option_alone_plays_whole_games(option: str) -> None:
    for seed, players in (("alone:0", (3, 4, 2, 5, 6)), ("alone:1", (4, 5, 6, 3, 2))):
        variant = variant_for("classic", with_needs(option), players)
        assert variant is not None, f"{option}: no player count of 2 to 6 can play it"
        for bots in BOTS:
            play(variant, bots, f"{option}:{seed}")


@pytest.mark.parametrize("option", OPTIONS)
def test_every_option_beside_olympique_plays_whole_games(option: str) -> None:
    rules = [*with_needs(option), "olympique"]
    if combination_problems(rules):
        pytest.skip(f"{option} does not go with olympique: {combination_problems(rules)[0]}")
    variant = variant_for("classic", rules, (4, 3, 5, 6))
    assert variant is not None
    for bots in BOTS:
        play(variant, bots, f"{option}:olympique")


@pytest.mark.parametrize("deck_name", DECKS, ids=[Path(d).stem for d in DECKS])
@pytest.mark.parametrize("extra", [(), ("olympique",)], ids=["own-rules", "olympique"])
def test_every_deck_plays_whole_games_with_its_rules(deck_name: str,
                                                     extra: tuple[str, ...]) -> None:
    rules = [*deck(deck_name).rules, *extra]
    if combination_problems(rules):
        pytest.skip(f"{deck_name} does not go with {extra}: {combination_problems(rules)[0]}")
    # (the random bots' games with the extra cards are long: one seed of theirs)
    for seed, players, bots_used in (("deck:0", (3, 4), BOTS), ("deck:1", (5, 4, 3), BOTS[:1])):
        variant = variant_for(deck_name, list(extra), players)
        assert variant is not None, deck_name
        for bots in bots_used:
            play(variant, bots, f"{Path(deck_name).stem}:{seed}")


# --- the games issue 23's soak found broken, replayed ------------------------------------------


def test_u22_a_non_jumping_in_on_a_non_no_longer_crashes_the_soak_game() -> None:
    # `cardgen simulate unplugged --players 3 --rule jump-in --rule olympique --player
    # random --seed 1`: game 0 raised IndexError when a Non jumped in on a Non (H-11).
    variant = variant_for("unplugged", ["jump-in", "olympique"], (3,))
    assert variant is not None
    result = play_game(variant, make_players("random", 3, "1:0"), "1:0", check="full")
    assert result.problems == [] and result.finished


def test_o43_random_players_end_every_extreme_draw_round() -> None:
    # `cardgen simulate classic --rule extreme-draw --player random --players 3 --seed 1`:
    # game 0's first round ran past 200 000 actions while players pressed by choice.
    variant = variant_for("classic", ["extreme-draw"], (3,))
    assert variant is not None
    result = play_game(variant, make_players("random", 3, "1:0"), "1:0", check="full",
                       turn_cap=30_000)
    assert {r.how for r in result.rounds} <= ENDS and result.finished
