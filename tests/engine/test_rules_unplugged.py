"""One test (at least) per Uno Unplugged rule (U-…) of docs/rules.md that the engine plays.

The deck-composition rules (U-01 … U-04) are tested in test_decks.py. Some tests run a
situation file of tests/situations/unplugged/ (the files `cardgen explain` reads); the
others set the table inline with the same fields.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from helpers.paths import SITUATIONS
from helpers.rules import HANDS, do, ids, legal

from cardgen.deck.load import load_deck
from cardgen.engine import IllegalAction, Variant, parse_action, play_game
from cardgen.engine.game import Game
from cardgen.engine.observation import SeatView
from cardgen.engine.state import CHOOSE, COLOR, OVER, RESPOND, TURN, RoundState
from cardgen.play.players import make_players
from cardgen.situation import Explanation, build_state, explain

SITUATIONS = SITUATIONS / "unplugged"


def check(name: str) -> Explanation:
    result = explain(SITUATIONS / f"{name}.toml")
    assert result.checked, f"{name} states nothing to expect"
    assert result.failures == []
    return result


def table(players: int = 4, **data: Any) -> RoundState:
    """An Unplugged round set as a situation file would set it (P1 to play by default)."""
    data.setdefault("top", "red-3")
    data.setdefault("turn", "P1")
    return build_state({"deck": "unplugged", "players": players, **data}, "test")


def unplugged(players: int) -> Variant:
    return Variant.from_deck(load_deck("unplugged"), players)


#: Four plain hands of three cards, so that no play below leaves a single card.
def hands(**extra: list[str]) -> dict[str, list[str]]:
    """HANDS with cards added in front of some seats' hands."""
    return {seat: extra.get(seat, []) + cards for seat, cards in HANDS.items()}


# --- setting up a round (U-05 … U-11) -----------------------------------------------------


def test_u05_seven_cards_each_then_the_draw_pile() -> None:
    variant = unplugged(5)
    state = RoundState.deal(variant, 5, 0, random.Random(3))
    assert [len(h) for h in state.hands] == [7] * 5
    assert state.card_count() == 145 and state.problems() == []


def test_u06_the_deal_passes_clockwise_each_round() -> None:
    game = Game(unplugged(4), 2)
    dealers = []
    for _ in range(5):
        state, _seats = game.new_round()
        dealers.append(game.dealer)
        state.end_round(-1, "blocked")
        game.finish_round(state, _seats)
    assert all((b - a) % 4 == 1 for a, b in zip(dealers, dealers[1:], strict=False))


def test_u07_no_purple_card_and_no_draw_wild_opens_a_round() -> None:
    variant = unplugged(6)
    first = Counter()
    for seed in range(400):
        state = RoundState.deal(variant, 6, 0, random.Random(seed))
        first[variant.kinds[state.discard[0]].id] += 1
    assert first  # every first card may start
    for card_id in first:
        card = variant.kinds[variant.kind(card_id)]
        assert card.can_start and card.family == "classic" and card.effect != "wild-draw"


def test_u09_first_skip_starts_with_p2() -> None:
    state = build_state({"deck": "unplugged", "players": 4, "first": "green-skip",
                         "hands": HANDS}, "test")
    assert state.actor == 2 and state.direction == 1


def test_u10_first_joker_colour_named_by_the_dealer() -> None:
    result = check("u10_first_card_joker")
    assert result.start["actor"] == "P0" and result.start["phase"] == "color"


def test_u10_the_dealer_names_the_colour_without_seeing_his_hand() -> None:
    state = build_state({"deck": "unplugged", "players": 4, "first": "wild",
                         "hands": HANDS}, "test")
    assert state.phase == COLOR and state.actor == 0
    view = SeatView(state, 0)
    assert view.hand == () and view.hand_kinds == [] and view.as_dict()["hand"] == []
    assert view.hand_size == 3 and [c.id for c in SeatView(state, 1).hand] == HANDS["P1"]
    # A bot asked for the colour chooses it from that view, and plays on as usual.
    for bot in make_players("random,heuristic", 2, 7):
        assert bot.choose(view, state.legal_actions()) in state.legal_actions()
    do(state, "color blue")
    assert [c.id for c in SeatView(state, 0).hand] == HANDS["P0"]


def test_u11_first_draw_two_cannot_be_answered() -> None:
    # P1 holds a Boomerang and P3 a Non, yet nobody laid the card: P1 draws, P2 opens.
    state = build_state({"deck": "unplugged", "players": 4, "first": "blue-draw-two",
                         "draw": ["red-1", "red-2", "red-4"],
                         "hands": hands(P1=["boomerang"], P3=["non"])}, "test")
    assert state.phase == TURN and state.actor == 2
    assert ids(state, 1)[-2:] == ["red-1", "red-2"]


# --- turns and the classic cards (U-12 … U-21) -----------------------------------------


def test_u12_reactions_are_never_a_turns_play() -> None:
    state = table(hands=hands(P1=["non", "boomerang", "derivation", "red-5", "fouine"]))
    plays = {a.split()[1] for a in legal(state) if a.startswith("play")}
    assert plays == {"red-5", "fouine"} and legal(state)[-1] == "draw"
    drawn = do(table(draw=["non"], hands=hands(P1=["green-1"])), "draw")
    assert drawn.phase == TURN and drawn.actor == 2  # a Non drawn cannot be laid either


def test_u13_purple_card_goes_on_anything_and_keeps_the_colour() -> None:
    state = do(table(top="green-3", hands=hands(P1=["fouine"])), "play fouine @P3")
    assert state.actor == 2 and state.color == state.variant.colors.index("green")
    # No number to match on a purple card: P2's yellow 6 no longer... nothing green: draw.
    assert legal(state) == ["draw"]


def test_u14_draw_two_cannot_be_stacked_only_answered() -> None:
    state = do(table(hands=hands(P1=["red-draw-two"], P2=["blue-draw-two", "non"])),
               "play red-draw-two")
    assert state.actor == 2 and legal(state) == ["play non", "pass"]
    do(state, "pass")
    assert state.actor == 3 and len(state.hands[2]) == 7


def test_u15_reverse_turns_play_round() -> None:
    state = do(table(hands=hands(P1=["red-reverse"])), "play red-reverse")
    assert state.direction == -1 and state.actor == 0


def test_u16_skip_skips_the_next_player() -> None:
    state = do(table(hands=hands(P1=["red-skip"])), "play red-skip")
    assert state.actor == 3


def test_u17_five_jokers_each_names_a_colour() -> None:
    assert Counter(unplugged(5).deck)[unplugged(5).kind("wild")] == 5
    state = do(table(hands=hands(P1=["wild"])), "play wild yellow")
    assert state.variant.colors[state.color] == "yellow" and state.actor == 2


def test_u18_wild_draw_four_next_player_draws_four_and_is_skipped() -> None:
    state = do(table(hands=hands(P1=["wild-draw-four"], P2=["boomerang", "derivation"])),
               "play wild-draw-four blue")
    assert state.actor == 2
    assert legal(state) == ["challenge", "play boomerang", "play derivation @P0",
                            "play derivation @P1", "play derivation @P3", "pass"]
    do(state, "pass")
    assert len(state.hands[2]) == 9 and state.actor == 3


def test_u19_wild_draw_four_choice_victim_draws_next_player_skipped() -> None:
    state = table(hands=hands(P1=["wild-draw-four-choice"]))
    choices = [a for a in legal(state) if a.startswith("play wild-draw-four-choice red")]
    assert choices == ["play wild-draw-four-choice red @P0", "play wild-draw-four-choice red @P2",
                       "play wild-draw-four-choice red @P3"]  # never oneself
    do(state, "play wild-draw-four-choice blue @P0", "pass")
    assert len(state.hands[0]) == 7 and len(state.hands[2]) == 3
    assert state.actor == 3  # P2 was skipped all the same


def test_u20_wild_draw_eight_next_player_draws_eight() -> None:
    state = do(table(hands=hands(P1=["wild-draw-eight"])), "play wild-draw-eight green",
               "pass")  # P2 could challenge (U-41)
    assert len(state.hands[2]) == 11 and state.actor == 3


def test_u21_only_a_card_of_the_colour_makes_a_bluff() -> None:
    # P1 holds a blue 3 (same number, other colour) and a Joker: no card of red.
    state = do(table(hands={**HANDS, "P1": ["wild-draw-four", "blue-3", "wild", "green-1"]}),
               "play wild-draw-four green", "challenge")
    assert len(state.hands[2]) == 9 and state.actor == 3  # a wrong challenge: 4 + 2
    state = do(table(hands={**HANDS, "P1": ["wild-draw-four", "red-1", "green-1"]}),
               "play wild-draw-four green", "challenge")
    assert len(state.hands[1]) == 8 and state.actor == 2  # the bluffer draws 4 + 2


# --- Non (U-22 … U-25) -------------------------------------------------------------------


def test_u22_non_is_too_late_once_the_next_turn_began() -> None:
    # The window on P2's red 8 is P3's chance: he passes, and his turn begins.
    state = do(table(turn="P2", hands=hands(P3=["non"])), "play red-8")
    assert state.phase == RESPOND and state.actor == 3 and legal(state) == ["play non", "pass"]
    do(state, "pass")
    assert state.phase == TURN and state.actor == 3 and "play non" not in legal(state)


def test_u23_cancelled_wild_leaves_the_colour_and_number_it_found() -> None:
    state = do(table(top="red-3", hands=hands(P1=["wild"], P3=["non"])), "play wild blue",
               "play non")
    assert state.variant.colors[state.color] == "red" and state.actor == 2
    assert "play red-9" in legal(state) and ids(state, 1) == HANDS["P1"]


def test_u23_cancelled_reverse_does_not_turn_play_round() -> None:
    state = do(table(hands=hands(P1=["red-reverse"], P0=["non"])), "play red-reverse",
               "play non")
    assert state.direction == 1 and state.actor == 2


def test_u24_non_on_non_lets_the_card_act() -> None:
    state = do(table(draw=["green-1", "green-2"],
                     hands=hands(P1=["red-draw-two"], P3=["non"], P0=["non"])),
               "play red-draw-two", "play non")
    assert state.actor == 0 and legal(state) == ["play non", "pass"]
    do(state, "play non")  # P0 answers P3's Non; nobody is left to answer P0's
    assert len(state.hands[2]) == 5 and state.actor == 3


def test_u25_a_last_non_laid_out_of_turn_wins_the_round() -> None:
    state = do(table(turn="P2", hands={**HANDS, "P3": ["non"]}), "play red-9")
    assert state.actor == 3
    do(state, "play non")
    assert state.phase == OVER and state.winner == 3


# --- Fouine, Boomerang, Dérivation (U-26 … U-29) ----------------------------------------


def test_u26_fouine_shows_one_hand_to_its_player_only() -> None:
    state = do(table(hands=hands(P1=["fouine"])), "play fouine @P3")
    assert [c.id for c in SeatView(state, 1).revealed[3]] == HANDS["P3"]
    assert SeatView(state, 0).revealed == {} and SeatView(state, 2).revealed == {}


def test_u27_the_author_cannot_boomerang_his_own_draw() -> None:
    state = do(table(hands=hands(P1=["red-draw-two", "boomerang"], P2=["boomerang"])),
               "play red-draw-two", "play boomerang")
    # The cards now go to P1, who holds a Boomerang too: he may not use it.
    assert state.phase == TURN and len(state.hands[1]) == 6 and state.actor == 3


def test_u29_author_answers_a_boomerang_with_a_derivation() -> None:
    state = do(table(hands=hands(P1=["wild-draw-four", "derivation"], P2=["boomerang"])),
               "play wild-draw-four green", "play boomerang")
    assert state.actor == 1 and legal(state) == ["play derivation @P0",
                                                 "play derivation @P2",
                                                 "play derivation @P3", "pass"]
    do(state, "play derivation @P3")
    assert len(state.hands[3]) == 7 and len(state.hands[1]) == 3 and state.actor == 3


def test_u22_the_author_cannot_cancel_his_draw_once_a_boomerang_has_acted() -> None:
    # P1 may cancel the Boomerang while it waits; once it has acted, the last card laid
    # is done and his +2 can no longer be cancelled: he draws the 2 himself.
    state = do(table(draw=["green-1", "green-2"],
                     hands=hands(P1=["red-draw-two", "non"], P2=["boomerang"])),
               "play red-draw-two", "play boomerang")
    assert state.actor == 1 and legal(state) == ["play non", "pass"]
    do(state, "pass")
    assert state.phase == TURN and state.actor == 3
    assert ids(state, 1) == ["non", *HANDS["P1"], "green-1", "green-2"]


def test_u29_nobody_cancels_a_draw_a_derivation_has_moved() -> None:
    # The Dérivation sends P1's +2 to P3; P3 may cancel the Dérivation while it waits,
    # but once it has acted neither P3 nor P1 (the author) may cancel the +2.
    state = do(table(draw=["green-1", "green-2"],
                     hands=hands(P1=["red-draw-two", "non"], P2=["derivation"],
                                 P3=["non"])),
               "play red-draw-two", "play derivation @P3")
    asked = []
    while state.phase == RESPOND:
        asked.append(state.actor)
        do(state, "pass")
    assert asked == [3, 1]  # each once, on the Dérivation
    assert state.phase == TURN and state.actor == 3 and len(state.hands[3]) == 6


def test_u29_non_on_a_boomerang_leaves_the_draw_where_it_was() -> None:
    state = do(table(hands=hands(P1=["red-draw-two", "non"], P2=["boomerang"])),
               "play red-draw-two", "play boomerang", "play non")
    assert len(state.hands[2]) == 5 and len(state.hands[1]) == 3 and state.actor == 3


# --- the purple cards (U-30 … U-39) ------------------------------------------------------


def test_u30_inversion_two_other_players_swap_hands() -> None:
    state = do(table(hands=hands(P1=["inversion"])), "play inversion")
    assert state.phase == CHOOSE and legal(state) == ["swap P0 P2", "swap P0 P3",
                                                      "swap P2 P3"]
    do(state, "swap P0 P3")
    assert ids(state, 0) == HANDS["P3"] and ids(state, 3) == HANDS["P0"]
    assert state.actor == 2


def test_u30_inversion_may_be_the_last_card() -> None:
    state = do(table(hands={**HANDS, "P1": ["inversion"]}), "play inversion", "swap P0 P2")
    assert state.phase == OVER and state.winner == 1


def test_u31_coup_de_bol_only_on_its_colour_and_a_non_ends_the_turn() -> None:
    state = table(top="blue-3", hands=hands(P1=["coup-de-bol-red", "red-5"]))
    assert not any("coup-de-bol" in a for a in legal(state))
    state = do(table(hands=hands(P1=["coup-de-bol-red", "red-5"], P3=["non"])),
               "play coup-de-bol-red", "play non")
    assert state.actor == 2 and "red-5" in ids(state, 1)


def test_u31_coup_de_bol_may_lay_nothing() -> None:
    state = do(table(hands=hands(P1=["coup-de-bol-red", "red-5"])), "play coup-de-bol-red")
    assert legal(state) == ["play red-5", "pass"]  # one red card: it can only end the run
    do(state, "pass")
    assert state.actor == 2 and "red-5" in ids(state, 1)


def test_u32_coup_de_bol_does_not_make_a_wild_draw_a_bluff() -> None:
    state = do(table(hands={**HANDS, "P1": ["wild-draw-four", "coup-de-bol-red", "green-1"]}),
               "play wild-draw-four green", "challenge")
    assert len(state.hands[2]) == 9  # no bluff: the challenger draws 6


def test_u33_echange_swaps_with_the_player_named_and_is_never_last() -> None:
    state = do(table(hands=hands(P1=["echange"])), "play echange @P3")
    assert ids(state, 3) == HANDS["P1"] and ids(state, 1) == HANDS["P3"]
    assert state.actor == 2  # turns follow seats, not hands
    alone = table(hands={**HANDS, "P1": ["echange"]})
    assert legal(alone) == ["draw"]


def test_u34_vache_passes_every_hand_to_the_left() -> None:
    state = do(table(direction="counter-clockwise", hands=hands(P1=["vache"])), "play vache")
    assert ids(state, 2) == HANDS["P1"] and ids(state, 0) == HANDS["P3"]
    assert state.actor == 0  # play still goes counter-clockwise


def test_u35_vache_folle_passes_every_hand_to_the_right() -> None:
    state = do(table(hands=hands(P1=["vache-folle"])), "play vache-folle")
    assert ids(state, 0) == HANDS["P1"] and ids(state, 3) == HANDS["P0"]
    assert legal(table(hands={**HANDS, "P1": ["vache-folle"]})) == ["draw"]


def test_u36_generosite_one_card_to_each_other_player() -> None:
    check("u36_generosite_last_gifts_win")
    short = table(hands={**HANDS, "P1": ["generosite", "red-1", "green-9"]})
    assert "play generosite" not in legal(short)  # two cards for three players


def test_u37_tresor_buries_a_hand_and_draws_as_many() -> None:
    state = do(table(draw=["green-1", "green-2", "green-3"], hands=hands(P1=["tresor"])),
               "play tresor @P3")
    assert ids(state, 3) == ["green-1", "green-2", "green-3"]
    assert [state.variant.kinds[k].id for k in state.discard[:3]] == HANDS["P3"]
    state = do(table(draw=["green-1", "green-2", "green-3"], hands=hands(P1=["tresor"])),
               "play tresor @P1")
    assert ids(state, 1) == ["green-1", "green-2", "green-3"]


def test_u38_effet_plus_only_on_the_previous_players_number() -> None:
    # P0 laid the yellow 7 and P1 drew: at P2's turn the 7 is not the previous player's.
    state = do(table(players=4, top="yellow-3", turn="P0", draw=["green-1"],
                     hands=hands(P0=["yellow-7"], P2=["effet-plus"])),
               "play yellow-7")
    assert state.actor == 1
    do(state, "draw")  # the green 1 drawn does not fit: his turn ends
    assert "play effet-plus" not in legal(state)
    turned = table(top="yellow-3", turn="P2", hands=hands(P2=["effet-plus"]))
    assert "play effet-plus" not in legal(turned)  # nobody laid the yellow 3 here


def test_u38_only_a_non_stops_effet_plus() -> None:
    state = do(table(top="yellow-3", hands=hands(P1=["yellow-7", "boomerang", "non"],
                                                P2=["effet-plus"])),
               "play yellow-7", "pass", "play effet-plus")  # P1 keeps his Non for later
    assert state.actor == 1 and legal(state) == ["play non", "pass"]


def test_u39_pingouin_stops_the_round_with_no_winner() -> None:
    check("u39_pingouin_stops_the_round")
    state = do(table(hands=hands(P1=["pingouin"], P2=["non"])), "play pingouin", "play non")
    assert state.phase == TURN and state.actor == 2


# --- reactions, challenges, the end of a round (U-40 … U-48) ------------------------------


def test_u40_the_player_hit_is_asked_first_then_in_the_direction_of_play() -> None:
    state = do(table(hands=hands(P0=["non"], P2=["non"], P3=["non"], P1=["red-draw-two"])),
               "play red-draw-two")
    asked = []
    while state.phase == RESPOND:
        asked.append(state.actor)
        do(state, "pass")
    assert asked == [2, 3, 0]


def test_u40_after_a_boomerang_the_player_now_due_to_draw_is_asked_first() -> None:
    state = do(table(hands=hands(P0=["non"], P1=["red-draw-two", "non"], P2=["boomerang"],
                                 P3=["non"])),
               "play red-draw-two", "play boomerang")
    asked = []
    while state.phase == RESPOND:
        asked.append(state.actor)
        do(state, "pass")
    assert asked == [1, 3, 0]  # P1, whom the Boomerang hits, then in the direction of play


def test_u41_a_fair_wild_draw_eight_challenge_costs_ten() -> None:
    state = do(table(hands={**HANDS, "P1": ["wild-draw-eight", "green-1"]}),
               "play wild-draw-eight blue", "challenge")
    assert len(state.hands[2]) == 13 and state.actor == 3


def test_u41_a_caught_bluffer_draws_amount_plus_two_and_nobody_is_skipped() -> None:
    state = do(table(hands={**HANDS, "P1": ["wild-draw-four-choice", "red-1", "blue-5"]}),
               "play wild-draw-four-choice green @P3", "challenge")
    assert len(state.hands[1]) == 8 and len(state.hands[3]) == 3
    assert state.actor == 2


def test_u41_no_challenge_after_answering_with_a_non() -> None:
    # P2 answers P1's +4 with a Non; P1 cancels that Non, so the +4 stands again. P2's
    # first answer was the Non: he may no longer challenge, and draws the 4.
    state = do(table(hands=hands(P1=["wild-draw-four", "non"], P2=["non"])),
               "play wild-draw-four green")
    assert state.actor == 2 and legal(state) == ["challenge", "play non", "pass"]
    do(state, "play non", "play non")
    assert state.phase == TURN and state.actor == 3 and len(state.hands[2]) == 3 + 4


def test_u24_a_non_answered_by_a_non_does_not_reopen_the_challenge() -> None:
    # The same with a third player's Non between them: P3 cancels the +4, P2 (whom it
    # saved) cancels nothing, P1 cancels P3's Non. P2 never answered: he may challenge.
    state = do(table(hands=hands(P1=["wild-draw-four", "non"], P3=["non"])),
               "play wild-draw-four green", "pass", "play non", "play non")
    assert state.actor == 2 and legal(state) == ["challenge", "pass"]


def test_u42_after_a_challenge_nobody_may_react() -> None:
    state = do(table(hands=hands(P1=["wild-draw-four", "red-1"], P2=["boomerang"],
                                 P3=["non"])),
               "play wild-draw-four green", "challenge")
    assert state.phase == TURN and state.actor == 2 and len(state.hands[1]) == 4 + 6


def test_u43_no_uno_call_owed_after_a_hand_swap() -> None:
    state = do(table(hands={**HANDS, "P1": ["echange", "red-1", "red-2"], "P3": ["blue-4"]}),
               "play echange @P3")
    assert ids(state, 1) == ["blue-4"] and state.phase == TURN and state.actor == 2


def test_u44_last_draw_two_sent_back_still_wins_but_counts() -> None:
    state = do(table(draw=["green-1", "green-2"],
                     hands={**HANDS, "P1": ["red-draw-two"], "P2": ["boomerang", "red-9"]}),
               "play red-draw-two", "play boomerang")
    assert state.phase == OVER and state.winner == 1 and ids(state, 1) == ["green-1",
                                                                          "green-2"]
    assert state.hand_points(1) == 3


def test_u45_reshuffle_includes_the_cards_tresor_buried() -> None:
    # No draw pile: the 3 buried cards and the red 3 beneath the Trésor are reshuffled.
    state = do(table(draw=[], hands=hands(P1=["tresor"])), "play tresor @P2")
    assert state.reshuffles == 1 and len(state.hands[2]) == 3
    assert set(ids(state, 2)) <= {*HANDS["P2"], "red-3"} and len(state.draw_pile) == 1


def test_u46_a_round_ends_on_an_empty_hand_once_its_effects_are_done() -> None:
    state = do(table(hands={**HANDS, "P1": ["red-draw-two"], "P3": ["non"]}),
               "play red-draw-two")
    assert state.phase == RESPOND  # a Non may still come: P1 is not out yet
    do(state, "pass")
    assert state.phase == OVER and state.winner == 1 and len(state.hands[2]) == 5


def test_u47_points_numbers_face_black_fifty_specials_twenty() -> None:
    state = table(hands={**HANDS, "P1": ["wild-draw-four-choice", "pingouin", "effet-plus",
                                         "red-7"]})
    assert state.hand_points(1) == 50 + 20 + 20 + 7


def test_u48_lowest_total_wins_the_game() -> None:
    game = Game(unplugged(4), 1)
    game.scores = [490, 200, 350, 120]
    state = do(table(hands={**HANDS, "P1": ["red-1"]}), "play red-1")
    game.finish_round(state, (0, 1, 2, 3))
    assert game.scores == [490 + 17, 200, 350 + 23, 120 + 11]
    assert game.over and game.winners == [3]


# --- whole games ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 7, 10])
def test_unplugged_games_keep_every_invariant(players: int) -> None:
    variant = unplugged(players)
    for seed in range(6):
        for kind in ("random", "heuristic"):
            result = play_game(variant, make_players(kind, players, seed), seed,
                               check="full")
            assert result.problems == [] and result.finished


def test_unplugged_random_games_fire_every_special_card() -> None:
    variant = unplugged(6)
    fired = Counter()
    for seed in range(40):
        result = play_game(variant, make_players("random", 6, seed), seed)
        assert result.problems == []
        fired.update({variant.kinds[k].id: n for k, n in enumerate(result.fired)})
    specials = [c.id for c in variant.kinds if c.family == "unplugged"]
    assert [card for card in specials if fired[card] == 0] == []


def test_unplugged_refuses_an_illegal_answer() -> None:
    state = do(table(hands=hands(P1=["red-draw-two"], P3=["boomerang"])), "play red-draw-two")
    with pytest.raises(IllegalAction):
        state.play(parse_action("play boomerang"))  # only the player due to draw may
