"""One test (at least) per rule of the house sheet (H-…) of docs/rules.md.

``house(...)`` sets a table of the ``house`` deck, which turns on all eleven of its
options; ``only(rules, ...)`` sets a classic table with just the options named, to
show that each works alone.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from helpers.paths import SITUATIONS
from helpers.rules import HANDS, do, hands, ids, legal

from cardgen.deck.load import load_deck
from cardgen.engine import Variant, play_game
from cardgen.engine.game import Game
from cardgen.engine.options.stacking import digit_sum
from cardgen.engine.state import CHOOSE, OVER, TURN, RoundState
from cardgen.play.players import make_players
from cardgen.situation import build_state, explain

SITUATIONS = SITUATIONS / "house"


def check(name: str) -> None:
    result = explain(SITUATIONS / f"{name}.toml")
    assert result.checked and result.failures == []


def house(players: int = 4, **data: Any) -> RoundState:
    data.setdefault("top", "red-3")
    data.setdefault("turn", "P1")
    return build_state({"deck": "house", "players": players, **data}, "test")


def only(rules: list[str], players: int = 4, **data: Any) -> RoundState:
    data.setdefault("top", "red-3")
    data.setdefault("turn", "P1")
    return build_state({"deck": "classic", "players": players, "rules": rules, **data},
                       "test")


def house_variant(players: int) -> Variant:
    return Variant.from_deck(load_deck("house"), players)


# --- dealing and turns (H-01 … H-08) ------------------------------------------------------


def test_h01_first_dealer_is_a_seeded_choice() -> None:
    dealers = Counter()
    for seed in range(120):
        game = Game(house_variant(4), seed)
        game.new_round()
        dealers[game.dealer] += 1
    assert set(dealers) == {0, 1, 2, 3}


def test_h02_dealer_picks_the_direction_and_its_neighbour_opens() -> None:
    variant = house_variant(5)
    seen = set()
    for seed in range(60):
        state = RoundState.deal(variant, 5, 2, random.Random(seed))
        first = variant.kinds[state.discard[0]]
        if first.effect == "number":
            seen.add(state.direction)
            assert state.actor == (2 + state.direction) % 5
    assert seen == {1, -1}


def test_h03_first_card_rules_on_the_side_the_dealer_picked() -> None:
    state = build_state({"deck": "house", "players": 5, "first": "green-skip",
                         "direction": "counter-clockwise",
                         "hands": {**HANDS, "P4": ["red-1", "red-2"]}}, "test")
    assert state.actor == 3  # P4 is skipped: the second seat on the dealer's right


def test_h04_blank_on_anything_coloured_actions_on_colour_or_symbol() -> None:
    state = house(top="green-3", hands=hands(P1=["blank", "red-skip", "green-reverse"]))
    plays = [a for a in legal(state) if a.startswith("play")]
    assert set(plays) == {"play green-reverse", "play blank", "play green-7", "play green-8"}


def test_h05_drawing_ends_the_turn_even_with_a_playable_card() -> None:
    state = do(only(["draw-and-pass"], draw=["red-1"], hands=HANDS), "draw")
    assert ids(state, 1)[-1] == "red-1" and state.actor == 2 and state.phase == TURN


def test_h06_reshuffle_keeps_the_top_card() -> None:
    state = do(house(draw=[], discard=["blue-4", "green-1"], hands=HANDS), "draw")
    assert state.reshuffles == 1 and ids(state, 1)[-1] in ("blue-4", "green-1")
    assert state.variant.kinds[state.discard[-1]].id == "red-3"


def test_h07_a_waiting_draw_allows_only_stacking_cancelling_or_taking() -> None:
    state = do(house(hands=hands(P1=["red-draw-two"], P2=["wild", "blank", "blue-draw-two"])),
               "play red-draw-two")
    assert state.actor == 2 and legal(state) == ["play blue-draw-two", "pass"]


def test_h08_reverse_and_skip_as_in_classic() -> None:
    state = do(house(hands=hands(P1=["red-reverse"])), "play red-reverse")
    assert state.direction == -1 and state.actor == 0
    state = do(house(hands=hands(P1=["red-skip"])), "play red-skip")
    assert state.actor == 3


# --- stacking and cancelling (H-09 … H-17) -------------------------------------------------


def test_h09_stacked_draw_twos_add_up_and_the_last_player_draws_them() -> None:
    state = do(only(["stack-draws"], hands=hands(P1=["red-draw-two"], P2=["blue-draw-two"])),
               "play red-draw-two", "play blue-draw-two")
    # P3 has no draw card to go on with: he takes the 4 and misses his turn.
    assert len(state.hands[3]) == 7 and state.actor == 0 and state.phase == TURN


def test_h09_wild_draw_four_on_a_draw_two() -> None:
    state = do(only(["stack-draws"], hands=hands(P1=["red-draw-two"], P2=["wild-draw-four"])),
               "play red-draw-two", "play wild-draw-four green")
    assert len(state.hands[3]) == 9 and state.actor == 0


def test_h10_no_draw_two_on_a_wild_draw_four_and_no_challenge_of_a_stacked_one() -> None:
    state = do(only(["stack-draws"],
                    hands=hands(P1=["wild-draw-four"], P2=["red-draw-two", "wild-draw-four"])),
               "play wild-draw-four red")
    assert legal(state) == ["challenge", "play wild-draw-four red",
                            "play wild-draw-four yellow", "play wild-draw-four green",
                            "play wild-draw-four blue", "pass"]
    do(state, "play wild-draw-four red")  # P3 may not challenge it: he takes the 8
    assert state.phase == TURN and len(state.hands[3]) == 11 and state.actor == 0


def test_h11_identical_card_jumps_in_and_play_goes_on_from_there() -> None:
    state = do(house(hands=hands(P1=["red-5"], P3=["red-5"])), "play red-5")
    assert state.actor == 3 and legal(state) == ["play red-5", "pass"]
    do(state, "play red-5")
    assert state.phase == TURN and state.actor == 0  # P2 missed his turn


def test_h11_an_identical_wild_draw_four_intercepts_before_the_victim_draws() -> None:
    # P1's +4 waits on P2; P3 lays the same +4 before P2 draws: 8 pending against P0,
    # the player after P3; P2 draws nothing and misses his turn, P0 is skipped.
    state = do(only(["jump-in-identical"], draw=[f"green-{n}" for n in range(1, 9)],
                    hands=hands(P1=["wild-draw-four"], P3=["wild-draw-four"])),
               "play wild-draw-four blue")
    assert state.actor == 2 and legal(state) == ["challenge", "pass"]
    do(state, "pass")
    assert state.actor == 3 and "play wild-draw-four green" in legal(state)
    do(state, "play wild-draw-four green")
    assert state.phase == TURN and state.actor == 1
    assert len(state.hands[0]) == 3 + 8 and len(state.hands[2]) == 3


def test_h11_an_identical_draw_two_intercepts_in_the_house_deck() -> None:
    state = do(house(hands=hands(P1=["red-draw-two"], P3=["red-draw-two"])),
               "play red-draw-two", "play red-draw-two")
    assert state.phase == TURN and state.actor == 1
    assert len(state.hands[0]) == 3 + 4 and len(state.hands[2]) == 3


def test_h11_only_the_very_same_card_jumps_in() -> None:
    state = do(house(hands=hands(P1=["red-5"], P3=["blue-5", "red-6"])), "play red-5")
    assert state.phase == TURN and state.actor == 2


def test_h12_identical_cards_together_draws_add_and_skips_count_once() -> None:
    state = house(hands=hands(P1=["red-draw-two", "red-draw-two"]))
    assert "together red-draw-two red-draw-two" in legal(state)
    do(state, "together red-draw-two red-draw-two")
    assert len(state.hands[2]) == 7 and state.actor == 3
    state = do(house(hands=hands(P1=["red-skip", "red-skip"])), "together red-skip red-skip")
    assert state.actor == 3
    state = do(house(hands=hands(P1=["red-reverse", "red-reverse"])),
               "together red-reverse red-reverse")
    assert state.direction == 1 and state.actor == 2


def test_h12_four_wild_draw_fours_make_sixteen() -> None:
    state = do(only(["play-identical-together"], draw=["red-1"] * 20,
                    hands=hands(P1=["wild-draw-four"] * 4)),
               "together wild-draw-four wild-draw-four wild-draw-four wild-draw-four blue",
               "pass")
    assert len(state.hands[2]) == 3 + 16 and state.actor == 3


def test_h12_numbers_of_one_number_together_whatever_their_colours() -> None:
    state = do(only(["play-identical-together"], hands=hands(P1=["red-4", "blue-4"])),
               "together red-4 blue-4")
    assert state.variant.colors[state.color] == "blue" and state.actor == 2


def test_h13_zero_rotates_hands_in_direction_of_play() -> None:
    state = do(only(["zero-rotates"], direction="counter-clockwise",
                    hands=hands(P1=["red-0"])), "play red-0")
    assert ids(state, 0) == HANDS["P1"] and ids(state, 3) == HANDS["P0"]
    assert state.actor == 0  # the next player, counter-clockwise, now with P1's old hand


def test_h14_a_rotation_that_leaves_one_card_puts_its_holder_at_uno() -> None:
    state = do(only(["zero-rotates", "uno-after-hand-change"],
                    hands={**HANDS, "P1": ["red-0", "green-1"]}), "play red-0")
    assert ids(state, 2) == ["green-1"] and state.at_uno[2]


def test_h15_a_two_of_the_colour_cancels_a_draw_two() -> None:
    state = do(only(["chain-cancel"], hands=hands(P1=["red-draw-two"], P2=["red-2"])),
               "play red-draw-two")
    assert state.actor == 2 and legal(state) == ["play red-2", "pass"]
    do(state, "play red-2")
    assert len(state.hands[1]) == 5 and len(state.hands[2]) == 3
    assert state.actor == 3 and state.phase == TURN


def test_h15_a_player_holding_a_draw_card_cannot_cancel() -> None:
    state = do(only(["chain-cancel"],
                    hands=hands(P1=["red-draw-two"], P2=["red-2", "blue-draw-two"])),
               "play red-draw-two")
    assert state.phase == TURN and state.actor == 3


def test_h15_a_chain_cancelled_onto_a_player_who_went_out_on_it_brings_him_back() -> None:
    """With play-on (H-20), P1 lays his last card, a +2, P2 stacks, P3 cancels: P1, who
    began the chain, draws its 4 cards. A player holding cards is in the round: he is
    not listed as out, and he plays again when his turn comes."""
    state = do(house(players=5, uno=["P1"], draw=["green-2", "green-3", "green-4", "green-5"],
                     hands={"P0": ["green-1", "blue-2", "blue-5"], "P1": ["red-draw-two"],
                            "P2": ["red-draw-two", "yellow-1", "yellow-2"],
                            "P3": ["red-4", "blue-8"],
                            "P4": ["green-7", "green-8", "green-9", "blue-4"]}),
               "play red-draw-two", "play red-draw-two", "play red-4")
    assert ids(state, 1) == ["green-2", "green-3", "green-4", "green-5"]
    assert state.out == []
    while state.phase != TURN:  # the catch windows after P3's second-to-last card
        do(state, "pass")
    assert state.actor == 4
    do(state, "play blue-4")  # P4
    do(state, "play blue-2")  # P0
    assert state.actor == 1 and "play green-2" in legal(state)


@pytest.mark.parametrize("rules", [["stack-draws", "chain-cancel"], ["jump-in-identical"]])
def test_h15_c23_without_play_on_a_last_draw_card_is_only_drawn(rules: list[str]) -> None:
    """The round ends on the first player out (C-29): his last +2 is drawn by the next
    player and counted (C-23), but nobody stacks on it (O-13), intercepts it (O-12) or
    cancels it (H-15): the round is already won."""
    state = do(only(rules, players=5, uno=["P1"], draw=["green-2", "green-3"],
                    hands={"P0": ["green-1"], "P1": ["red-draw-two"],
                           "P2": ["red-draw-two", "red-2", "yellow-1"],
                           "P3": ["red-draw-two", "blue-8"], "P4": ["green-7"]}),
               "play red-draw-two")
    assert state.phase == OVER and state.winner == 1
    assert ids(state, 2) == ["red-draw-two", "red-2", "yellow-1", "green-2", "green-3"]


def test_h15_the_player_who_began_the_chain_may_cancel_it_and_draws_its_total() -> None:
    state = do(house(players=3, draw=[f"green-{n}" for n in range(1, 8)],
                     hands={"P0": ["red-draw-two", "blue-2", "blue-5"],
                            "P1": ["red-draw-two", "red-6", "yellow-4"],
                            "P2": ["red-draw-two", "blue-1", "blue-8"]}),
               "play red-draw-two", "play red-draw-two", "play red-draw-two")
    assert state.actor == 1 and "play red-6" in legal(state)  # 2 + 2 + 2 on P1
    do(state, "play red-6 uno")
    assert ids(state, 1)[0] == "yellow-4" and len(state.hands[1]) == 7
    assert state.actor == 2 and state.phase == TURN  # not skipped: play passes on


def test_h16_totals_above_nine_add_their_digits() -> None:
    assert [digit_sum(n) for n in (2, 9, 10, 12, 16, 28)] == [2, 9, 1, 3, 7, 1]
    # +4 +4 +4 = 12 cancelled by a 3 of the colour named last (green).
    state = do(house(draw=["red-1"] * 20,
                     hands=hands(P1=["wild-draw-four"], P2=["wild-draw-four"],
                                 P3=["wild-draw-four"], P0=["green-3"])),
               "play wild-draw-four red", "play wild-draw-four red",
               "play wild-draw-four green")
    assert state.actor == 0 and legal(state) == ["play green-3", "pass"]
    do(state, "play green-3")
    assert len(state.hands[1]) == 3 + 12 and state.actor == 1


def test_h17_a_cancel_out_of_turn_saves_the_player_hit() -> None:
    state = do(only(["chain-cancel"], hands=hands(P1=["red-draw-two"], P3=["red-2"])),
               "play red-draw-two")
    assert state.actor == 3 and legal(state) == ["play red-2", "pass"]
    do(state, "play red-2")
    assert len(state.hands[1]) == 5 and len(state.hands[2]) == 3
    assert state.actor == 2  # the player saved plays next


# --- the blank card, penalties, going out (H-18 … H-27) ------------------------------------


def test_h18_blank_card_swaps_any_two_hands() -> None:
    state = do(house(hands=hands(P1=["blank"])), "play blank")
    assert state.phase == CHOOSE and "swap P0 P1" in legal(state) and len(legal(state)) == 6
    do(state, "swap P0 P3")
    assert ids(state, 0) == HANDS["P3"] and ids(state, 3) == HANDS["P0"]


def test_h18_blank_card_brings_a_player_back_from_out() -> None:
    state = house(turn="P0", hands={**HANDS, "P0": ["red-1"],
                                    "P2": ["blank", "red-9", "red-8"]})
    do(state, "play red-1")
    assert 0 in state.out and state.actor == 1
    do(state, "draw", "play blank", "swap P0 P2")
    assert 0 not in state.out and ids(state, 0) == ["red-9", "red-8"]
    assert 2 in state.out


def test_h20_going_out_does_not_end_the_round() -> None:
    state = do(house(hands={**HANDS, "P1": ["red-1"]}), "play red-1")
    assert state.phase == TURN and 1 in state.out and state.actor == 2
    do(state, "play red-9", "draw", "play yellow-9")
    assert state.actor == 2  # P1's seat is passed over


def test_h20_a_player_out_who_is_made_to_draw_is_back_in_the_round() -> None:
    """P1 goes out on a 3; P2's Effet Plus (U-38) makes the previous player, P1, draw 3.
    A seat out holds no card: P1 is back in the turn order with his 3 cards."""
    state = build_state({"deck": "unplugged", "players": 4, "rules": ["play-on"],
                         "top": "red-5", "turn": "P1", "uno": ["P1"],
                         "draw": ["green-2", "green-3", "green-4", "green-5"],
                         "hands": {"P0": ["red-1", "blue-2"], "P1": ["red-3"],
                                   "P2": ["effet-plus", "yellow-1", "yellow-2"],
                                   "P3": ["red-4", "blue-8"]}},
                        "test")
    do(state, "play red-3")
    assert state.out == [1]
    do(state, "play effet-plus")
    assert ids(state, 1) == ["green-2", "green-3", "green-4"] and state.out == []
    assert state.problems() == []
    do(state, "play red-4 uno", "play red-1")  # P3, P0
    assert state.actor == 1


def test_h21_the_round_stops_with_two_players_left_up_to_five() -> None:
    state = do(house(players=3, hands={"P0": ["green-6", "blue-2"], "P1": ["red-1"],
                                       "P2": ["red-9", "yellow-6"]}), "play red-1")
    assert state.phase == OVER and state.winner == 1
    two_out = {"P1": ["red-1"], "P2": ["red-2"], "P3": ["red-4"]}
    state = do(house(players=4, hands={**HANDS, **two_out}), "play red-1", "play red-2")
    assert state.phase == OVER and state.winner == 1
    six = {**HANDS, "P4": ["yellow-1", "yellow-3"], "P5": ["green-3", "green-4"], **two_out}
    state = do(house(players=6, hands=six), "play red-1", "play red-2")
    assert state.phase == TURN and state.out == [1, 2]
    do(state, "play red-4")
    assert state.phase == OVER and state.winner == 1


def test_h22_no_going_out_on_a_black_card() -> None:
    state = do(house(draw=["blue-5"], hands={**HANDS, "P1": ["wild"]}), "play wild green")
    assert ids(state, 1) == ["blue-5"] and state.at_uno[1] and state.phase == TURN
    assert state.actor == 2 and state.variant.colors[state.color] == "green"


def test_h23_a_last_skip_still_skips_with_play_on() -> None:
    state = do(house(hands={**HANDS, "P1": ["red-skip"]}), "play red-skip")
    assert 1 in state.out and state.actor == 3


def test_h24_going_out_on_a_zero_hands_the_win_on() -> None:
    state = do(only(["zero-rotates", "zero-finish-passes-win"], hands={**HANDS, "P1": ["red-0"]}),
               "play red-0")
    assert state.phase == OVER and state.winner == 2 and ids(state, 1) == HANDS["P0"]


def test_h24_without_the_option_a_last_zero_ends_the_round_first() -> None:
    state = do(only(["zero-rotates"], hands={**HANDS, "P1": ["red-0"]}), "play red-0")
    assert state.phase == OVER and state.winner == 1 and ids(state, 2) == HANDS["P2"]


def test_h25_a_missed_uno_costs_two_cards() -> None:
    state = do(house(hands={**HANDS, "P1": ["red-1", "green-7"]}), "play red-1")
    assert state.actor == 2 and legal(state) == ["catch P1", "pass"]
    do(state, "catch P1")
    assert len(state.hands[1]) == 3


def test_h26_at_uno_then_more_cards_ends_the_uno_status() -> None:
    state = do(only(["zero-rotates", "uno-after-hand-change"], uno=["P2"],
                    hands={**HANDS, "P2": ["red-9"], "P1": ["red-0", "green-7", "green-8"]}),
               "play red-0")
    assert ids(state, 2) == ["green-7", "green-8"] and not state.at_uno[2]
    assert ids(state, 3) == ["red-9"] and state.at_uno[3]


def test_h27_the_rest_is_classic_winner_collects_and_the_challenge() -> None:
    game = Game(house_variant(3), 4)
    state = do(house(players=3, hands={"P0": ["green-6", "blue-2"], "P1": ["red-1"],
                                       "P2": ["red-9", "yellow-6"]}), "play red-1")
    game.finish_round(state, (0, 1, 2))
    assert game.scores == [0, 8 + 15, 0]
    state = do(house(hands=hands(P1=["wild-draw-four", "red-1"])), "play wild-draw-four blue",
               "challenge")
    assert len(state.hands[1]) == 4 + 4 and state.actor == 2  # C-21: a caught bluff


# --- whole games --------------------------------------------------------------------------


# Four players in the quick set; the smallest and the largest table in the slow set.
@pytest.mark.parametrize("players", [pytest.param(2, marks=pytest.mark.slow), 4,
                                     pytest.param(7, marks=pytest.mark.slow)])
def test_house_games_keep_every_invariant(players: int) -> None:
    variant = house_variant(players)
    for seed in range(4):
        for kind in ("random", "heuristic"):
            result = play_game(variant, make_players(kind, players, seed), seed,
                               check="full")
            assert result.problems == [] and result.finished, (seed, kind)
