"""One test per official rule (C-…) and official variant (V-…) of docs/rules.md.

Most set the table with a situation file of tests/situations/ (the same files
`cardgen explain` reads), take the actions it lists and check what it expects; the
others drive the engine or a game directly.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from helpers.paths import SITUATIONS
from helpers.rules import do, ids

from cardgen.deck.load import load_deck
from cardgen.engine import IllegalAction, Variant, parse_action
from cardgen.engine.game import Game
from cardgen.engine.observation import SeatView
from cardgen.engine.state import OVER, TURN, RoundState, shuffle
from cardgen.situation import Explanation, build_state, explain


def check(name: str) -> Explanation:
    """Run a situation file and assert every expectation it states."""
    result = explain(SITUATIONS / f"{name}.toml")
    assert result.checked, f"{name} states nothing to expect"
    assert result.failures == []
    return result


def table(**data: Any) -> RoundState:
    """A situation given inline, as the keyword arguments of a situation file."""
    return build_state(data, "test")


def classic(players: int, *rules: str) -> Variant:
    return Variant.from_deck(load_deck("classic"), players, rules)


def finished(state: RoundState, game: Game) -> None:
    assert state.phase == OVER
    game.finish_round(state, tuple(range(state.n)))


# --- setting up a round ---------------------------------------------------------------


def test_c03_dealer_is_a_seeded_draw() -> None:
    variant = classic(4)
    dealers = []
    for seed in range(200):
        game = Game(variant, seed)
        game.new_round()
        again = Game(variant, seed)
        again.new_round()
        assert game.dealer == again.dealer  # a seed replays the draw
        dealers.append(game.dealer)
    counts = Counter(dealers)
    assert set(counts) == {0, 1, 2, 3}
    assert min(counts.values()) > 30  # the draw favours no seat


def test_c04_deal_seven_each_rest_is_draw_pile() -> None:
    state = RoundState.deal(classic(4), 4, 0, random.Random(7))
    assert [len(h) for h in state.hands] == [7, 7, 7, 7]
    assert len(state.discard) == 1
    assert len(state.draw_pile) + sum(len(h) for h in state.hands) + 1 == 108 or \
        state.variant.kinds[state.discard[0]].effect == "draw"
    assert state.problems() == []


def test_c04_deal_one_card_at_a_time_from_the_left_of_the_dealer() -> None:
    variant = classic(3)
    rng = random.Random(11)
    pile = list(variant.deck)
    shuffle(random.Random(11), pile)
    state = RoundState.deal(variant, 3, 2, rng)
    # P0 (left of the dealer P2) gets the first card off the top, P1 the second …
    assert state.hands[0][0] == pile[-1]
    assert state.hands[1][0] == pile[-2]
    assert state.hands[2][0] == pile[-3]
    assert state.hands[0][1] == pile[-4]


def test_c05_left_of_dealer_opens_clockwise() -> None:
    check("c06_first_card_number")


def test_c06_first_card_number_has_no_effect() -> None:
    result = check("c06_first_card_number")
    assert result.start["hands"] == result.final["hands"]


def test_c08_option_first_reverse_right_dealers_right_opens() -> None:
    check("c08_first_card_reverse_dealers_right")
    # The option changes the start only: a caught bluffer still draws 4 (C-21).
    state = do(table(players=4, rules=["first-reverse-right"], top="red-3", turn="P1",
                     hands={"P0": ["green-6"], "P1": ["wild-draw-four", "red-1", "blue-1"],
                            "P2": ["yellow-6"], "P3": ["blue-8"]}),
               "play wild-draw-four green", "challenge")
    assert len(state.hands[1]) == 2 + 4 and len(state.hands[2]) == 1


def test_c10_first_card_wild_left_of_dealer_names_colour_and_plays() -> None:
    result = check("c10_first_card_wild")
    assert result.steps[0].legal == ["color red", "color yellow", "color green", "color blue"]


def test_c10_option_the_dealer_names_the_first_colour() -> None:
    result = check("c10_first_card_wild_dealer_names")
    assert result.start["actor"] == "P0" and result.start["phase"] == "color"


def test_c11_first_card_wild_draw_four_goes_back() -> None:
    result = check("c11_first_card_wild_draw_four")
    assert result.final["top"] != "wild-draw-four"
    assert result.final["color"] is not None


def test_c11_first_cards_that_cannot_start_never_open_a_round() -> None:
    variant = classic(4)
    for seed in range(300):
        state = RoundState.deal(variant, 4, 0, random.Random(seed))
        assert variant.kinds[state.discard[0]].can_start
        assert state.problems() == []


def test_c14_playing_the_drawn_card() -> None:
    state = do(table(players=3, top="red-3", turn="P1", draw=["red-8"],
                     hands={"P0": ["red-1", "blue-2"], "P1": ["blue-4", "green-9", "yellow-1"],
                            "P2": ["red-5", "yellow-6"]}),
               "draw", "play red-8")
    assert state.discard[-1] == state.variant.kind("red-8")
    assert state.actor == 2


def test_c15_voluntary_draw_only_the_drawn_card_may_follow() -> None:
    check("c15_voluntary_draw")
    state = table(players=3, top="red-3", turn="P1", draw=["red-9"],
                  hands={"P0": ["red-1", "blue-2"], "P1": ["red-4", "green-9", "yellow-1"],
                         "P2": ["red-5", "yellow-6"]})
    do(state, "draw")
    with pytest.raises(IllegalAction, match="'play red-4' is not allowed for P1"):
        state.play(parse_action("play red-4"))


def test_c16_draw_two_next_draws_two_no_stacking() -> None:
    result = check("c16_draw_two_no_stacking")
    # P2 was never asked anything: the penalty applied at once.
    assert [s.actor for s in result.steps] == ["P1"]


def test_c19_wild_draw_four_next_draws_four_and_misses_turn() -> None:
    result = check("c19_wild_draw_four")
    assert result.steps[1].legal == ["challenge", "pass"]
    assert result.steps[1].actor == "P2"


def test_c20_colour_asked_is_the_one_before_the_card() -> None:
    # P1 names green while holding green: still fair, as no red card was held.
    state = do(table(players=3, top="red-3", turn="P1", draw=["blue-1"] * 8,
                     hands={"P0": ["red-1", "blue-2"], "P1": ["wild-draw-four", "green-4"],
                            "P2": ["red-5", "yellow-6"]}),
               "play wild-draw-four green uno", "challenge")
    assert len(state.hands[2]) == 2 + 6


def test_c21_bluff_caught_bluffer_draws_four_challenger_plays() -> None:
    result = check("c20_held_colour_is_a_bluff")
    assert result.final["actor"] == "P2"


def test_c21_fair_card_challenger_draws_six_and_is_skipped() -> None:
    result = check("c20_same_number_is_no_bluff")
    assert result.final["actor"] == "P3"


def test_c21_only_the_victim_may_challenge() -> None:
    state = do(table(players=4, top="red-3", turn="P1",
                     hands={"P0": ["red-1", "blue-2"], "P1": ["wild-draw-four", "red-9",
                                                               "green-1"],
                            "P2": ["red-5", "yellow-6"], "P3": ["blue-5", "blue-6"]}),
               "play wild-draw-four blue")
    assert state.actor == 2
    do(state, "pass")
    assert state.actor == 3 and state.phase != OVER
    assert [str(a) for a in state.legal_actions()] == ["play blue-5", "play blue-5 uno",
                                                       "play blue-6", "play blue-6 uno",
                                                       "draw"]


def test_k05_challenge_takes_back_a_caught_bluffer_takes_his_card_back_and_draws_four(
        ) -> None:
    # Seed 001: the bluffer takes his +4 back, draws 4 and his turn is over; the red 3
    # is on top again, red in force, and the challenger plays.
    state = do(table(players=4, rules=["challenge-takes-back"], top="red-3", turn="P1",
                     draw=["green-1", "green-2", "green-3", "green-4"],
                     hands={"P0": ["green-6"], "P1": ["wild-draw-four", "red-1", "blue-1"],
                            "P2": ["yellow-6", "red-9"], "P3": ["blue-8"]}),
               "play wild-draw-four green", "challenge")
    assert sorted(ids(state, 1)) == sorted(["wild-draw-four", "red-1", "blue-1", "green-1",
                                            "green-2", "green-3", "green-4"])
    assert state.discard[-1] == state.variant.kind("red-3")
    assert state.variant.colors[state.color] == "red"
    assert state.phase == TURN and state.actor == 2 and ids(state, 2) == ["yellow-6", "red-9"]


def test_k05_challenge_takes_back_a_fair_card_costs_six_as_usual() -> None:
    state = do(table(players=4, rules=["challenge-takes-back"], top="red-3", turn="P1",
                     hands={"P0": ["green-6"], "P1": ["wild-draw-four", "blue-1"],
                            "P2": ["yellow-6", "red-9"], "P3": ["blue-8"]}),
               "play wild-draw-four green", "challenge")
    assert len(state.hands[2]) == 2 + 6 and state.actor == 3
    assert state.discard[-1] == state.variant.kind("wild-draw-four")


def test_c22_challenge_reveals_hand_to_challenger_only() -> None:
    check("c22_challenge_reveals_to_challenger")
    state = do(table(players=4, top="red-3", turn="P1", draw=["blue-1"] * 8,
                     hands={"P0": ["red-1", "blue-2"], "P1": ["wild-draw-four", "blue-3",
                                                               "green-8"],
                            "P2": ["red-5", "yellow-6"], "P3": ["blue-5", "blue-6"]}),
               "play wild-draw-four blue", "challenge")
    assert [c.id for c in SeatView(state, 2).revealed[1]] == ["blue-3", "green-8"]
    assert SeatView(state, 0).revealed == {} and SeatView(state, 3).revealed == {}


def test_c23_last_card_draw_two_drawn_before_scoring() -> None:
    result = check("c23_last_card_draw_two")
    assert result.final["points"]["P2"] == 5 + 6 + 6 + 5 + 50  # the 2 drawn count


def test_c23_last_card_wild_draw_four_cannot_be_challenged() -> None:
    result = check("c23_last_wild_draw_four_unchallengeable")
    assert result.final_legal == []


def test_c24_missed_uno_caught_before_next_player_acts() -> None:
    result = check("c24_uno_caught")
    assert result.steps[1].legal == ["catch P1", "pass"]  # P2 is asked first
    assert result.steps[1].actor == "P2"


def test_c24_window_stays_open_past_a_skipped_player() -> None:
    # P1 skips P2 with his second-to-last card and forgets UNO; P3 acts next, so P2 (who
    # is skipped) and P3 may still catch him before P3 plays.
    state = do(table(players=4, top="red-3", turn="P1", draw=["green-1", "green-2"],
                     hands={"P0": ["red-1", "blue-2"], "P1": ["red-skip", "yellow-1"],
                            "P2": ["red-5", "yellow-6"], "P3": ["blue-5", "blue-6"]}),
               "play red-skip")
    assert state.actor == 3 and [str(a) for a in state.legal_actions()] == ["catch P1", "pass"]
    do(state, "catch P1")
    assert len(state.hands[1]) == 3 and state.actor == 3


def test_c28_penalty_cut_short_when_piles_are_empty() -> None:
    # The draw pile is empty; the discard holds red-3 under the +2: one card to give.
    state = do(table(players=3, top="red-3", turn="P1", draw=[],
                     hands={"P0": ["red-1", "blue-2"], "P1": ["red-draw-two", "green-9",
                                                               "yellow-1"],
                            "P2": ["red-5", "yellow-6"]}),
               "play red-draw-two")
    assert [state.variant.kinds[k].id for k in state.hands[2]] == ["red-5", "yellow-6",
                                                                    "red-3"]
    assert state.dry_draws == 1
    assert state.problems() == []


def test_c30_card_points() -> None:
    variant = classic(4)
    points = {c.id: variant.points_of[k] for k, c in enumerate(variant.kinds)}
    assert points["red-0"] == 0 and points["blue-7"] == 7
    assert points["green-draw-two"] == points["yellow-reverse"] == points["red-skip"] == 20
    assert points["wild"] == points["wild-draw-four"] == 50
    assert sum(variant.points_of[k] for k in variant.deck) == 4 * (90 + 120) + 400


def _round_won_by_p1(players: int, rules: tuple[str, ...] = ()) -> RoundState:
    hands = {f"P{s}": ["red-9", "wild"] for s in range(players)}
    hands["P1"] = ["red-1"]
    state = table(players=players, top="red-3", turn="P1", uno=["P1"], rules=list(rules),
                  hands=hands, draw=[])
    return do(state, "play red-1")


def test_c31_winner_collects_the_others_hands() -> None:
    game = Game(classic(3), 1)
    finished(_round_won_by_p1(3), game)
    assert game.scores == [0, 2 * 59, 0]
    assert not game.over
    game.scores[1] = 450
    finished(_round_won_by_p1(3), game)
    assert game.over and game.winners == [1]


def test_c32_lowest_score_everyone_adds_own_hand() -> None:
    game = Game(classic(3, "lowest-score"), 1)
    finished(_round_won_by_p1(3, ("lowest-score",)), game)
    assert game.scores == [59, 0, 59]
    game.scores = [480, 300, 300]
    finished(_round_won_by_p1(3, ("lowest-score",)), game)
    assert game.over and game.winners == [1]


def test_c32_blocked_round_scores_every_hand() -> None:
    game = Game(classic(3, "lowest-score"), 1)
    state = check("c28_nothing_to_draw")
    assert state.final["end"] == "blocked"
    blocked = table(players=3, top="red-3", turn="P1", draw=[], rules=["lowest-score"],
                    hands={"P0": ["blue-1"], "P1": ["blue-9"], "P2": ["green-5"]})
    do(blocked, "draw", "draw", "draw")
    finished(blocked, game)
    assert game.scores == [1, 9, 5]


def test_c33_new_round_is_dealt_and_scores_carry_over() -> None:
    game = Game(classic(4), 5)
    state, seats = game.new_round()
    game.scores = [100, 0, 0, 0]
    state.end_round(0, "out")
    game.finish_round(state, seats)
    second, _ = game.new_round()
    assert [len(h) for h in second.hands] == [7, 7, 7, 7]
    assert game.scores[0] >= 100


def test_c33_rotate_dealer_passes_the_deal_left() -> None:
    game = Game(classic(4, "rotate-dealer"), 5)
    dealers = []
    for _ in range(5):
        state, seats = game.new_round()
        dealers.append(game.dealer)
        state.end_round(-1, "blocked")
        game.finish_round(state, seats)
    assert [(d - dealers[0]) % 4 for d in dealers] == [0, 1, 2, 3, 0]


def test_c35_illegal_action_refused_state_unchanged() -> None:
    state = table(players=3, top="red-3", turn="P1",
                  hands={"P0": ["red-1", "blue-2"], "P1": ["blue-4", "red-9", "yellow-1"],
                         "P2": ["red-5", "yellow-6"]})
    before = ([list(h) for h in state.hands], list(state.discard), state.color, state.actor)
    with pytest.raises(IllegalAction) as caught:
        state.play(parse_action("play blue-4"))
    message = str(caught.value)
    assert "'play blue-4' is not allowed for P1" in message
    assert "top red-3, colour red" in message and "allowed: play red-9, draw" in message
    assert ([list(h) for h in state.hands], list(state.discard), state.color,
            state.actor) == before


def test_c35_out_of_turn_play_refused() -> None:
    state = table(players=3, top="red-3", turn="P1",
                  hands={"P0": ["red-1", "blue-2"], "P1": ["blue-4", "red-9", "yellow-1"],
                         "P2": ["red-5", "yellow-6"]})
    with pytest.raises(IllegalAction, match="'play red-5' is not allowed for P1"):
        state.play(parse_action("play red-5"))


# --- two players, teams, UNO Challenge --------------------------------------------------


def test_v05_teams_score_the_other_teams_hands() -> None:
    game = Game(classic(4, "teams"), 1)
    state = _round_won_by_p1(4, ("teams",))
    finished(state, game)
    # P1 and P3 are partners: they collect P0's and P2's hands, not P3's.
    assert game.scores == [0, 118, 0, 118]
    game.scores = [0, 450, 0, 450]
    finished(_round_won_by_p1(4, ("teams",)), game)
    assert game.over and game.winners == [1, 3]


@pytest.mark.parametrize("rule", ["teams", "rotating-partners"])
def test_v05_v06_only_an_opponent_catches_a_missed_uno_not_the_partner(rule: str) -> None:
    """C-24 says an opponent catches the call; P3 sits opposite P1, his partner."""
    state = build_state({"players": 4, "rules": [rule], "top": "red-3", "turn": "P1",
                         "draw": ["blue-5", "green-7"],
                         "hands": {"P0": ["red-1", "blue-2"], "P1": ["red-9", "yellow-1"],
                                   "P2": ["red-5", "yellow-6"], "P3": ["red-7", "blue-8"]}},
                        "test")
    do(state, "play red-9")  # no call
    asked = []
    while state.phase != TURN:
        asked.append(state.actor)
        do(state, "pass")
    assert asked == [2, 0]  # the opponents, from the next player on; never P3


def test_v05_teams_need_an_even_number_of_players() -> None:
    assert "even number" in (classic(5, "teams").playability_problem() or "")
    assert classic(6, "teams").playability_problem() is None


def test_v07_uno_challenge_eliminates_at_the_target() -> None:
    variant = classic(3, "uno-challenge")
    game = Game(variant, 1)
    game.scores = [450, 0, 490]
    finished(_round_won_by_p1(3, ("uno-challenge",)), game)
    assert game.scores == [509, 0, 549]
    assert game.eliminated == {0, 2}
    assert game.over and game.winners == [1]


def test_v07_uno_challenge_next_round_deals_only_the_survivors() -> None:
    game = Game(classic(4, "uno-challenge"), 3)
    game.eliminated = {2}
    state, seats = game.new_round()
    assert seats == (0, 1, 3) and state.n == 3


def test_c26_contre_uno_stops_a_last_card_without_a_call() -> None:
    result = check("c26_contre_uno_caught")
    assert result.steps[1].legal == ["contre-uno P1", "pass"]


def test_c26_called_uno_cannot_be_stopped() -> None:
    state = do(table(players=3, top="red-3", turn="P1", uno=["P1"], rules=["contre-uno"],
                     hands={"P0": ["red-1", "blue-2"], "P1": ["red-9"],
                            "P2": ["red-5", "yellow-6"]}),
               "play red-9")
    assert state.phase == OVER and state.winner == 1


def test_c26_off_by_default() -> None:
    state = do(table(players=3, top="red-3", turn="P1",
                     hands={"P0": ["red-1", "blue-2"], "P1": ["red-9"],
                            "P2": ["red-5", "yellow-6"]}),
               "play red-9")
    assert state.phase == OVER and state.winner == 1
