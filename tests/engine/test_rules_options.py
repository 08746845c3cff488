"""One test (at least) per optional rule and extra card of the encyclopedia (O-…) that
the engine plays. Each sets a classic table with the option named (or a deck holding
the extra card) and checks the exact outcome. The house sheet's siblings (O-09 … O-13,
O-30, O-33, O-36) share their code with tests/engine/test_rules_house.py.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from helpers.paths import EXAMPLES
from helpers.rules import HANDS, do, hands, ids, legal

from cardgen.deck.load import load_deck
from cardgen.engine import EngineError, Variant, play_game
from cardgen.engine.game import Game
from cardgen.engine.options.cursed import curse_of
from cardgen.engine.options.draws import PRESS_MAX
from cardgen.engine.state import CHOOSE, DRAWN, OVER, TURN, RoundState
from cardgen.play.players import make_players
from cardgen.situation import build_state


def table(rules: list[str], players: int = 4, deck: str = "classic", **data: Any) -> RoundState:
    data.setdefault("top", "red-3")
    data.setdefault("turn", "P1")
    return build_state({"deck": deck, "players": players, "rules": rules, **data}, "test")


_DECKS: dict[tuple[str, ...], str] = {}


def _write_deck(cards: tuple[str, ...]) -> str:
    """A deck file: the classic deck plus one copy of each card named."""
    import tempfile

    if cards not in _DECKS:
        folder = Path(tempfile.mkdtemp())
        lines = "\n".join(f"{card} = 1" for card in cards)
        path = folder / "extra.toml"
        path.write_text(f'name = "Extra"\nbase = "classic"\ntotal = {108 + len(cards)}\n'
                        f'[cards]\n{lines}\n', encoding="utf-8")
        _DECKS[cards] = str(path)
    return _DECKS[cards]


def with_cards(cards: tuple[str, ...], rules: list[str] | None = None,
               **data: Any) -> RoundState:
    return table(rules or [], 4, _write_deck(cards), **data)


# --- the extra cards (O-01 … O-07) ---------------------------------------------------------


def test_o01_swap_hands_wild_swaps_with_anyone_not_at_uno() -> None:
    state = do(with_cards(("wild-swap-hands",), hands={**hands(P1=["wild-swap-hands"]),
                                                       "P3": ["blue-1"]}),
               "play wild-swap-hands blue")
    assert state.phase == CHOOSE and legal(state) == ["swap-with P0", "swap-with P2"]
    do(state, "swap-with P2")
    assert ids(state, 2) == HANDS["P1"] and ids(state, 1) == HANDS["P2"]
    assert state.variant.colors[state.color] == "blue" and state.actor == 2


def test_o01_swap_hands_wild_as_last_card_only_names_the_colour() -> None:
    state = do(with_cards(("wild-swap-hands",), hands={**HANDS, "P1": ["wild-swap-hands"]}),
               "play wild-swap-hands green")
    assert state.phase == OVER and state.winner == 1


def test_o01_swap_hands_wild_turned_up_first() -> None:
    state = build_state({"deck": _write_deck(("wild-swap-hands",)), "players": 4,
                         "first": "wild-swap-hands", "hands": HANDS}, "test")
    assert state.actor == 1 and legal(state)[0] == "color red"
    do(state, "color yellow", "swap-with P3")
    assert ids(state, 1) == HANDS["P3"] and state.actor == 1 and state.phase == TURN


def test_o02_discard_all_puts_the_colour_under_it() -> None:
    state = do(with_cards(("red-discard-all",),
                          hands=hands(P1=["red-discard-all", "red-1", "red-5"])),
               "play red-discard-all")
    assert ids(state, 1) == HANDS["P1"]
    assert state.variant.kinds[state.discard[-1]].id == "red-discard-all"
    assert [state.variant.kinds[k].id for k in state.discard[-3:-1]] == ["red-1", "red-5"]
    assert state.actor == 2


def test_o03_draw_two_choice_names_its_victim() -> None:
    state = do(with_cards(("red-draw-two-choice",),
                          hands=hands(P1=["red-draw-two-choice"])),
               "play red-draw-two-choice @P3")
    assert len(state.hands[3]) == 5 and len(state.hands[2]) == 3 and state.actor == 3


def test_o04_white_boomerang_sends_a_draw_back() -> None:
    state = do(with_cards(("white-boomerang",),
                          hands=hands(P1=["red-draw-two"], P2=["white-boomerang"])),
               "play red-draw-two")
    assert legal(state) == ["play white-boomerang", "pass"]
    do(state, "play white-boomerang")
    assert len(state.hands[1]) == 5 and len(state.hands[2]) == 3 and state.actor == 3


def test_o04_white_boomerang_sends_a_skip_back() -> None:
    state = do(with_cards(("white-boomerang",),
                          hands=hands(P1=["red-skip"], P2=["white-boomerang"]),
                          draw=["green-5"]),
               "play red-skip")
    assert legal(state) == ["play white-boomerang", "pass"]
    do(state, "play white-boomerang")
    assert state.actor == 2 and len(state.hands[2]) == 3
    do(state, "play red-9", "draw", "play yellow-9")  # P2, P3, P0; P1 loses his turn
    assert state.actor == 2 and state.losing == []


def test_o05_downpour_every_other_player_draws() -> None:
    state = do(with_cards(("downpour-two",), hands=hands(P1=["downpour-two"])),
               "play downpour-two yellow")
    assert [len(h) for h in state.hands] == [5, 3, 5, 5]
    assert state.actor == 2 and state.variant.colors[state.color] == "yellow"


def test_o07_extra_cards_points() -> None:
    state = with_cards(("wild-swap-hands", "red-discard-all", "uno-card", "downpour-one",
                        "white-boomerang", "red-double-draw"),
                       hands={**HANDS, "P1": ["wild-swap-hands", "red-discard-all",
                                              "uno-card", "downpour-one", "white-boomerang",
                                              "red-double-draw"]})
    assert state.hand_points(1) == 30 + 30 + 100 + 50 + 20 + 20


# --- scoring and drawing options (O-08 … O-20) -----------------------------------------------


def test_o08_count_rounds_first_to_five() -> None:
    variant = Variant.from_deck(load_deck("classic"), 3, ["count-rounds"])
    game = Game(variant, 1)
    for _ in range(5):
        state = do(table(["count-rounds"], 3, hands={"P0": ["green-6"], "P1": ["red-1"],
                                                     "P2": ["red-9", "yellow-6"]}),
                   "play red-1")
        game.finish_round(state, (0, 1, 2))
    assert game.scores == [0, 5, 0] and game.over and game.winners == [1]


def test_o09_seven_swaps_with_a_chosen_player() -> None:
    state = do(table(["seven-swaps"], hands=hands(P1=["red-7"])), "play red-7")
    assert legal(state) == ["swap-with P0", "swap-with P2", "swap-with P3"]
    do(state, "swap-with P0")
    assert ids(state, 0) == HANDS["P1"] and ids(state, 1) == HANDS["P0"] and state.actor == 2


def test_o10_jump_in_with_the_same_number_any_colour() -> None:
    state = do(table(["jump-in"], hands=hands(P1=["red-5"], P3=["blue-5"])), "play red-5")
    assert state.actor == 3 and legal(state) == ["play blue-5", "pass"]
    do(state, "play blue-5")
    assert state.actor == 0 and state.variant.colors[state.color] == "blue"


def test_o10_no_jump_in_with_a_zero_or_an_action() -> None:
    state = do(table(["jump-in"], hands=hands(P1=["red-0"], P3=["blue-0"])), "play red-0")
    assert state.phase == TURN and state.actor == 2


def test_o11_same_number_together_last_sets_the_colour() -> None:
    state = table(["play-identical-together"], hands=hands(P1=["red-4", "yellow-4"]))
    assert "together red-4 yellow-4" in legal(state)
    assert "together yellow-4 red-4" not in legal(state)  # the first must be playable
    do(state, "together red-4 yellow-4")
    assert state.variant.colors[state.color] == "yellow" and len(state.hands[1]) == 3


def test_o12_jump_in_identical_needs_the_same_colour() -> None:
    state = do(table(["jump-in-identical"], hands=hands(P1=["red-5"], P3=["blue-5"])),
               "play red-5")
    assert state.phase == TURN and state.actor == 2


def test_o13_stacking_moves_the_total_on() -> None:
    state = do(table(["stack-draws"], hands=hands(P1=["red-draw-two"], P2=["wild-draw-four"],
                                                  P3=["wild-draw-four"])),
               "play red-draw-two", "play wild-draw-four blue", "pass")
    assert len(state.hands[3]) == 4 + 6 and state.actor == 0


def test_o14_uno_card_rotates_hands_against_play_even_out_of_turn() -> None:
    state = do(with_cards(("uno-card",), hands=hands(P1=["red-5"], P3=["uno-card"])),
               "play red-5", "play uno-card")
    assert ids(state, 2) == HANDS["P3"] and ids(state, 1) == ["yellow-6", "red-9", "red-8"]
    assert state.actor == 2  # whose turn it is does not change


def test_o14_uno_card_as_last_card_gives_the_win_to_the_previous_player() -> None:
    state = do(with_cards(("uno-card",), hands={**HANDS, "P1": ["uno-card"]}),
               "play uno-card")
    assert state.phase == OVER and state.winner == 0 and ids(state, 1) == HANDS["P2"]


def test_o15_runs_same_number_or_next_in_colour() -> None:
    state = do(table(["runs"], hands=hands(P1=["red-5", "red-6", "blue-6", "green-1"])),
               "play red-5")
    assert state.phase == CHOOSE and legal(state) == ["play red-6", "pass"]
    do(state, "play red-6")
    assert legal(state) == ["play blue-6", "pass"]
    do(state, "play blue-6", "pass")
    assert state.actor == 2 and state.variant.colors[state.color] == "blue"


@pytest.mark.parametrize("rules", [["runs", "zero-rotates"], ["zero-rotates", "runs"]])
def test_o15_a_zero_inside_a_run_turns_the_hands_and_the_run_goes_on(
        rules: list[str]) -> None:
    # Every card of a run acts as it lands: P1's red 0 moves every hand one seat on, and
    # P1 goes on, if he likes, from the hand he now holds (P0's), after the 0.
    state = do(table(rules, hands=hands(P0=["blue-0"], P1=["red-1", "red-0", "yellow-0"])),
               "play red-1", "play red-0")
    assert ids(state, 1) == ["blue-0", *HANDS["P0"]]
    assert state.phase == CHOOSE and legal(state) == ["play blue-0", "pass"]
    do(state, "play blue-0")  # another 0: the hands move again, P1 now holds P3's first
    assert ids(state, 2) == HANDS["P0"] and legal(state) == ["play blue-1", "pass"]
    do(state, "pass")
    assert state.phase == TURN and state.actor == 2


def test_o15_a_jump_in_interrupts_a_run() -> None:
    state = do(table(["runs", "jump-in-identical"],
                     hands=hands(P1=["red-5", "red-6"], P3=["red-5"])), "play red-5")
    assert state.actor == 3 and legal(state) == ["play red-5", "pass"]
    do(state, "play red-5")  # P3 jumps in: P1's run is over, play goes on from P3
    assert state.actor == 0 and state.phase == TURN and "red-6" in ids(state, 1)


def test_o15_the_run_goes_on_when_nobody_jumps_in() -> None:
    state = do(table(["runs", "jump-in-identical"],
                     hands=hands(P1=["red-5", "red-6"], P3=["red-5"])), "play red-5", "pass")
    assert state.actor == 1 and legal(state) == ["play red-6", "pass"]


def test_o16_royal_run_lays_one_to_nine() -> None:
    nine = ["red-1", "blue-2", "green-3", "yellow-4", "red-5", "blue-6", "green-7",
            "yellow-8", "blue-9"]
    state = table(["royal-run"], hands={**HANDS, "P1": [*nine, "green-9"]})
    royal = [a for a in legal(state) if a.startswith("royal")]
    ends_green = "royal " + " ".join([*nine[:-1], "green-9"]) + " uno"
    assert sorted(royal) == sorted(["royal " + " ".join(nine) + " uno", ends_green])
    do(state, ends_green)
    assert ids(state, 1) == ["blue-9"] and state.at_uno[1] and state.actor == 2


@pytest.mark.parametrize("jump", ["jump-in-identical", "jump-in"])
def test_o16_nobody_jumps_in_on_a_royal_runs_last_card(jump: str) -> None:
    nine = ["red-1", "blue-2", "green-3", "yellow-4", "red-5", "blue-6", "green-7",
            "yellow-8", "blue-9"]
    state = table(["royal-run", jump], hands={**HANDS, "P1": [*nine, "red-reverse"],
                                              "P3": ["blue-9", *HANDS["P3"]]})
    do(state, "royal " + " ".join(nine) + " uno")
    assert state.phase == TURN and state.actor == 2 and ids(state, 3)[0] == "blue-9"


def test_o17_same_number_finish_goes_out() -> None:
    state = table(["same-number-finish"], hands={**HANDS, "P1": ["blue-3", "green-3"]})
    assert "together blue-3 green-3" in legal(state)
    do(state, "together green-3 blue-3")
    assert state.phase == OVER and state.winner == 1


def test_o18_draw_until_playable_stops_at_three() -> None:
    state = do(table(["draw-until-playable"], draw=["green-1", "blue-4", "yellow-5", "red-6"],
                     hands=HANDS), "draw")
    assert state.phase == DRAWN and legal(state) == ["draw"]
    do(state, "draw", "draw")
    assert state.phase == TURN and state.actor == 2 and len(state.hands[1]) == 6


def test_o18_may_play_a_drawn_card_or_draw_on() -> None:
    state = do(table(["draw-until-playable"], draw=["red-1", "blue-4", "red-6"], hands=HANDS),
               "draw")
    assert legal(state) == ["play red-1", "draw", "keep"]
    do(state, "draw", "draw")
    assert legal(state) == ["play red-1", "play red-6", "keep"]
    do(state, "play red-6")
    assert state.actor == 2 and "red-1" in ids(state, 1)


def test_o18_a_player_who_could_play_and_draws_draws_one_card_as_officially() -> None:
    """O-18 is for a player who cannot play; one who can and draws anyway (C-15) draws
    one card, plays it if it fits, or keeps it and his turn ends."""
    state = do(table(["draw-until-playable"], draw=["blue-1", "green-2", "red-9"],
                     hands=hands(P1=["red-7", "yellow-1"])), "draw")
    assert state.phase == TURN and state.actor == 2 and ids(state, 1)[-1] == "blue-1"
    state = do(table(["draw-until-playable"], draw=["red-9", "green-2", "blue-1"],
                     hands=hands(P1=["red-7", "yellow-1", "blue-8"]), top="red-1"), "draw")
    assert legal(state) == ["play red-9", "keep"]  # no drawing on


def test_o19_strict_wild_draw_four_bluff_takes_the_card_back() -> None:
    # No red, but a blue 3 matches the number: with the strict rule that is a bluff.
    state = do(table(["strict-wild-draw-four"],
                     hands=hands(P1=["wild-draw-four", "blue-3"])),
               "play wild-draw-four green", "challenge")
    assert "wild-draw-four" in ids(state, 1) and len(state.hands[1]) == 5 + 6
    assert state.variant.colors[state.color] == "red" and state.actor == 2


def test_o19_a_zero_or_skip_blocks_the_wild_draw_four() -> None:
    state = do(table(["strict-wild-draw-four"],
                     hands=hands(P1=["wild-draw-four"], P2=["blue-skip"])),
               "play wild-draw-four green")
    assert legal(state) == ["challenge", "play blue-skip", "pass"]
    do(state, "play blue-skip")
    assert len(state.hands[2]) == 3 and state.actor == 0  # P3 is skipped by the block


def test_o19_a_wild_draw_four_answers_a_wild_draw_four() -> None:
    state = do(table(["strict-wild-draw-four"],
                     hands=hands(P1=["wild-draw-four", "red-5"], P2=["wild-draw-four"])),
               "play wild-draw-four green")
    assert "play wild-draw-four blue" in legal(state)  # P2 holds no green
    do(state, "play wild-draw-four blue")
    assert state.actor == 3 and legal(state) == ["challenge", "pass"]
    do(state, "challenge")  # P2 was fair: 2 more, and P3 may challenge P1
    assert state.actor == 3 and legal(state) == ["challenge", "pass"]
    do(state, "challenge")  # P1 bluffed (red-5): he takes 8 + 2 + 2, and P3 plays
    assert len(state.hands[1]) == 4 + 12 and len(state.hands[3]) == 3
    assert state.actor == 3


def test_o19_each_wrong_challenge_of_a_four_chain_costs_two() -> None:
    state = do(table(["strict-wild-draw-four"],
                     hands=hands(P1=["wild-draw-four"], P2=["wild-draw-four"])),
               "play wild-draw-four green", "play wild-draw-four blue", "challenge",
               "challenge")
    assert len(state.hands[3]) == 3 + 12 and state.actor == 0


def test_o19_no_answer_with_a_four_while_holding_the_colour() -> None:
    state = do(table(["strict-wild-draw-four"],
                     hands=hands(P1=["wild-draw-four"], P2=["wild-draw-four"])),
               "play wild-draw-four red")
    assert "play wild-draw-four blue" not in legal(state)  # P2 holds red cards


def test_o20_cursed_cards_cost_points() -> None:
    variant = Variant.from_deck(load_deck("classic"), 4, ["cursed-cards", "lowest-score"])
    state = RoundState.deal(variant, 4, 0, random.Random(5))
    cursed = state.extra["options:cursed"]
    assert variant.kinds[cursed].id and state.card_count() == 108
    assert curse_of(state, variant.kind("red-5")) == 25
    assert curse_of(state, variant.kind("wild")) == 75
    assert curse_of(state, variant.kind("red-skip")) == 50
    state.hands[2].append(cursed)
    state.draw_pile.remove(cursed) if cursed in state.draw_pile else None
    rules = variant.rules
    assert rules.round_points(state, 2) == state.hand_points(2) + curse_of(state, cursed)
    with pytest.raises(EngineError):
        Game(Variant.from_deck(load_deck("classic"), 4, ["cursed-cards"]), 1)


# --- Rapido (O-21 … O-26) ---------------------------------------------------------------------


def test_o21_rapido_drawing_is_your_play() -> None:
    state = do(table(["rapido"], draw=["red-1"], hands=HANDS), "draw")
    assert ids(state, 1)[-1] == "red-1" and state.actor == 2


def test_o23_rapido_defends_like_for_like_only() -> None:
    state = do(table(["rapido"], hands=hands(P1=["red-draw-two"],
                                             P2=["blue-draw-two", "wild-draw-four"])),
               "play red-draw-two")
    assert legal(state) == ["play blue-draw-two", "pass"]
    do(state, "play blue-draw-two")
    assert len(state.hands[3]) == 7 and state.actor == 0


def test_o23_a_skip_answers_a_skip() -> None:
    state = do(table(["rapido"], hands=hands(P1=["red-skip"], P2=["blue-skip"])),
               "play red-skip")
    assert legal(state) == ["play blue-skip", "pass"]
    do(state, "play blue-skip")
    # Only P3 is skipped: P2's Skip passed it on, P1's never acted.
    assert state.actor == 0 and state.variant.colors[state.color] == "blue"


def test_o24_rapido_identical_card_out_of_turn() -> None:
    state = do(table(["rapido"], hands=hands(P1=["red-5"], P3=["red-5"])), "play red-5",
               "play red-5")
    assert state.actor == 0


def test_o24_rapido_identical_cards_before_and_after_ones_play() -> None:
    state = table(["rapido"], hands=hands(P1=["red-3", "red-skip", "red-skip"]))
    assert {"rapido red-3 red-skip", "rapido red-skip red-skip",
            "rapido red-3 red-skip red-skip"} <= set(legal(state))
    do(state, "rapido red-3 red-skip red-skip")
    # Only the last Skip acts: P2 alone is skipped.
    assert state.actor == 3 and ids(state, 1) == HANDS["P1"]


@pytest.mark.parametrize("top", ["red-draw-two", "wild-draw-four", "red-skip"])
def test_o24_no_rapido_on_a_draw_or_skip_then_a_play_on_ones_turn(top: str) -> None:
    copies = [top, top] if top == "wild-draw-four" else [top]  # (the deck holds 2 or 4)
    state = table(["rapido"], top=top, color="red", hands=hands(P1=[*copies, "red-5"]))
    turns = [a.split() for a in legal(state) if a.startswith("rapido")]
    assert "play red-5" in legal(state)
    # A copy of the top card laid before a play is refused; a play followed by a copy
    # of itself stays allowed.
    assert not any(cards[1] == top and cards[2] != top for cards in turns)
    assert not any(cards.count(top) == 3 for cards in turns)
    if len(copies) == 2:
        assert any(cards[1:3] == [top, top] for cards in turns)


def test_o24_rapido_only_the_last_reverse_acts() -> None:
    state = do(table(["rapido"], top="blue-reverse", color="blue",
                     hands=hands(P1=["red-reverse", "red-reverse"])),
               "rapido red-reverse red-reverse")
    assert state.direction == -1 and state.actor == 0


def test_o25_rapido_uno_card_next_draws_eight_then_plays() -> None:
    state = do(with_cards(("uno-card",), ["rapido"], hands=hands(P1=["uno-card"])),
               "play uno-card")
    assert len(state.hands[2]) == 11 and state.actor == 2


def test_o25_uno_card_cannot_go_on_a_skip() -> None:
    for top in ("red-skip", "red-draw-two", "wild-draw-four"):
        state = with_cards(("uno-card",), ["rapido"], top=top, color="red",
                           hands=hands(P1=["uno-card"]))
        assert "play uno-card" not in legal(state), top
    state = with_cards(("uno-card",), ["rapido"], hands=hands(P1=["uno-card"]))
    assert "play uno-card" in legal(state)


def test_o26_rapido_scoring_values() -> None:
    state = table(["rapido"], hands={**HANDS, "P1": ["red-draw-two", "red-skip", "wild", "red-4"]})
    assert state.variant.rules.round_points(state, 1) == 50 + 20 + 50 + 4
    # Rapido is made of draw-and-pass (among others): naming it too changes nothing.
    both = Variant.from_deck(load_deck("classic"), 4, ["rapido", "draw-and-pass"]).rules
    assert type(both) is type(state.variant.rules)


# --- the house sheet's siblings and Olympique options played by them ------------------------


def test_o30_dealer_picks_the_direction() -> None:
    variant = Variant.from_deck(load_deck("classic"), 4, ["dealer-picks-direction"])
    directions = {RoundState.deal(variant, 4, 0, random.Random(s)).direction
                  for s in range(30)}
    assert directions == {1, -1}


def test_o31_the_deal_rotates() -> None:
    game = Game(Variant.from_deck(load_deck("classic"), 3, ["rotate-dealer"]), 3)
    first = game.new_round()[0]
    first.end_round(-1, "blocked")
    dealer = game.dealer
    game.finish_round(first, (0, 1, 2))
    game.new_round()
    assert game.dealer == (dealer + 1) % 3


def test_o33_interception_with_an_identical_card() -> None:
    state = do(table(["jump-in-identical"], hands=hands(P1=["wild"], P3=["wild"])),
               "play wild blue")
    assert legal(state)[:4] == ["play wild red", "play wild yellow", "play wild green",
                                "play wild blue"]
    do(state, "play wild green")
    assert state.actor == 0 and state.variant.colors[state.color] == "green"


def test_o36_a_draw_two_is_overbid_by_a_wild_draw_four_not_the_reverse() -> None:
    state = do(table(["stack-draws"], hands=hands(P1=["wild-draw-four"], P2=["red-draw-two"])),
               "play wild-draw-four red")
    assert legal(state) == ["challenge", "pass"]


def test_o43_extreme_draw_gives_zero_to_seven() -> None:
    counts = set()
    for seed in range(40):
        state = table(["extreme-draw"], seed=seed, hands=HANDS)
        before = len(state.hands[1])
        do(state, "draw")
        counts.add(len(state.hands[1]) - before)
    assert counts <= set(range(PRESS_MAX + 1)) and len(counts) >= 6
    state = do(with_cards(("red-double-draw",), hands=hands(P1=["red-double-draw"])),
               "play red-double-draw")
    assert len(state.hands[2]) == 5 and state.actor == 3


def test_o43_only_a_player_who_must_draw_presses_the_dispenser() -> None:
    # 002:307: the machine is worked "quand un joueur doit piocher"; a voluntary draw
    # (C-15) would let players press on and on, and rounds would never end.
    state = table(["extreme-draw"], hands=hands(P1=["red-5"]))
    assert legal(state) == ["play red-5"]
    stuck = table(["extreme-draw"], hands=HANDS)
    assert legal(stuck) == ["draw"]


def test_party_deck_extra_cards_keep_every_invariant() -> None:
    variant = Variant.from_deck(load_deck(str(EXAMPLES / "party.toml")), 5)
    for seed in range(6):
        result = play_game(variant, make_players("heuristic", 5, seed), seed, check="full")
        assert result.problems == [] and result.finished, seed
    # Random players stack and pour without mercy: rounds of tens of thousands of actions.
    result = play_game(variant, make_players("random", 5, 0), 0)
    assert result.problems == []


def test_rapido_and_cursed_cards_games() -> None:
    for rules in (["rapido"], ["cursed-cards", "lowest-score", "zero-rotates", "seven-swaps"]):
        variant = Variant.from_deck(load_deck("classic"), 4, rules)
        for seed in range(3):
            result = play_game(variant, make_players("heuristic", 4, seed), seed, check="full")
            assert result.problems == [] and result.finished, (rules, seed)


def test_o19_a_bluff_taken_back_on_dry_piles_cannot_keep_a_round_alive() -> None:
    # Seed 1:2 once looped: with both piles empty, two players replayed the same bluffed
    # +4 forever, each taking it back and drawing nothing. A play taken back is no
    # progress, so the round ends blocked (C-28) instead of running into the cap. (Since
    # a waiting draw can be intercepted, H-11, seed 1:9 is the one that gets there.)
    variant = Variant.from_deck(load_deck("classic"), 4, ("rapido", "strict-wild-draw-four"))
    result = play_game(variant, make_players("heuristic", 4, "1:9"), "1:9", turn_cap=20_000)
    assert result.problems == []
    assert [r.how for r in result.rounds].count("capped") == 0
    assert "blocked" in [r.how for r in result.rounds]
