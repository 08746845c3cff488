"""Uno Olympique (O-27 … O-40), rotating partners (V-06) and the 50-point vote (U-49):
one exact situation per rule, each on a classic table with only that option on."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from helpers.paths import EXAMPLES, ROOT
from helpers.rules import HANDS, do, hands, ids, legal

from cardgen.check import check_deck
from cardgen.deck.load import load_deck
from cardgen.engine import EngineError, Variant
from cardgen.engine.game import Game
from cardgen.engine.official.scoreboard import RoundResult
from cardgen.engine.state import CHOOSE, COLOR, TURN, RoundState
from cardgen.engine.unplugged.rules import table_talk_vote
from cardgen.situation import build_state


def table(rules: list[str], players: int = 4, deck: str = "classic", **data: Any) -> RoundState:
    data.setdefault("top", "red-3")
    data.setdefault("turn", "P1")
    return build_state({"deck": deck, "players": players, "rules": rules, **data}, "test")


def classic_with(*cards: str) -> str:
    """A deck file: the classic deck plus one copy of each card named."""
    import tempfile

    path = Path(tempfile.mkdtemp()) / "with.toml"
    lines = "".join(f"{card} = 1\n" for card in cards)
    path.write_text(f'name = "Classic with more"\nbase = "classic"\n[cards]\n{lines}',
                    encoding="utf-8")
    return str(path)


def with_uno_card(rules: list[str], **data: Any) -> RoundState:
    """A classic table whose deck also holds one Uno card."""
    return table(rules, deck=classic_with("uno-card"), **data)


def first_card(rules: list[str], first: str, players: int = 4, deck: str = "classic",
               dealt: dict[str, list[str]] = HANDS) -> RoundState:
    """A round dealt as ``RoundState.deal`` does (``after_deal``, then the first card
    turned), with known hands (``dealt``) and ``first`` on top of the draw pile."""
    variant = Variant.from_deck(load_deck(deck), players, rules)
    state = RoundState(variant, players, 0, random.Random(1), log=True)
    pile = list(variant.deck)
    for seat in range(players):
        state.hands[seat] = [variant.kind(c) for c in dealt[f"P{seat}"]]
        for kind in state.hands[seat]:
            pile.remove(kind)
    pile.remove(variant.kind(first))
    state.draw_pile = [*pile, variant.kind(first)]
    state.universe = variant.deck_counts
    state.total = len(variant.deck)
    variant.rules.after_deal(state)
    state.start()
    return state


def result(seats: tuple[int, ...], winner: int | None, points: dict[int, int]) -> RoundResult:
    return RoundResult(index=0, seats=seats, dealer=seats[0], winner=winner, how="out",
                       hand_points=points, actions=0, turns=0, reshuffles=0, dry=False)


# --- O-27 … O-29 ---------------------------------------------------------------------------


def test_o27_a_missed_uno_costs_one_card_and_no_turn() -> None:
    state = do(table(["one-card-penalty"], hands={**HANDS, "P1": ["red-5", "green-7"]}),
               "play red-5")
    assert legal(state)[0] == "catch P1"
    do(state, "catch P1")
    assert len(state.hands[1]) == 1 + 1 and state.actor == 2 and state.phase == TURN


def test_o27_a_wrong_challenge_costs_the_four_and_one() -> None:
    state = do(table(["one-card-penalty"], hands=hands(P1=["wild-draw-four"]), color="yellow",
                     top="yellow-3"),
               "play wild-draw-four red", "challenge")
    assert len(state.hands[2]) == 3 + 4 + 1 and state.actor == 3


def test_o28_after_a_swap_play_goes_on_from_the_new_holder() -> None:
    state = do(table(["turns-follow-hands", "seven-swaps"], hands=hands(P1=["red-7"])),
               "play red-7", "swap-with P3")
    assert ids(state, 3) == HANDS["P1"] and state.actor == 0
    plain = do(table(["seven-swaps"], hands=hands(P1=["red-7"])), "play red-7", "swap-with P3")
    assert plain.actor == 2


def test_o28_after_a_zero_the_turn_follows_the_hand_that_played_it() -> None:
    # 002:255: "c'est le jeu qui importe, et non le joueur, dans le cas d'un changement
    # de jeux": the seat that now holds P1's hand counts as having just played.
    left = do(table(["turns-follow-hands", "zero-rotates-by-choice"],
                    hands=hands(P1=["red-0"])), "play red-0", "rotate left")
    assert ids(left, 2) == HANDS["P1"] and left.actor == 3
    right = do(table(["turns-follow-hands", "zero-rotates-by-choice"],
                     hands=hands(P1=["red-0"])), "play red-0", "rotate right")
    assert ids(right, 0) == HANDS["P1"] and right.actor == 1
    assert ids(right, 1) == HANDS["P2"]  # P2's hand, the next to play, plays


def test_o28_a_compulsory_zero_rotation_is_followed_too() -> None:
    state = do(table(["turns-follow-hands", "zero-rotates"], hands=hands(P1=["red-0"])),
               "play red-0")
    assert ids(state, 2) == HANDS["P1"] and state.actor == 3


def test_o28_gifts_move_cards_not_hands() -> None:
    state = table(["turns-follow-hands"], deck="unplugged",
                  hands=hands(P1=["generosite", "red-5", "red-6"]))
    do(state, "play generosite", "give red-5 P2", "give red-6 P3", "give green-7 P0")
    assert state.actor == 2  # each player kept his own hand: the turn goes on as usual


def test_o29_the_dealer_deals_seven_to_fifteen_each() -> None:
    variant = Variant.from_deck(load_deck("classic"), 4, ["dealer-deals-7-to-15"])
    sizes = set()
    for seed in range(60):
        state = RoundState.deal(variant, 4, 0, random.Random(seed), log=True)
        assert state.events is not None
        size = int(state.events[0].split()[3])  # "the dealer deals N cards each"
        # (P1 may have drawn for a first +2)
        assert [len(hand) for hand in state.hands[2:]] == [size, size]
        sizes.add(size)
        assert state.card_count() == 108
    assert sizes == set(range(7, 16))


def test_o29_a_large_table_is_capped_so_a_card_is_left_to_turn() -> None:
    variant = Variant.from_deck(load_deck("classic"), 10, ["dealer-deals-7-to-15"])
    sizes = {len(RoundState.deal(variant, 10, 0, random.Random(seed)).hands[5])
             for seed in range(40)}
    assert sizes == {7, 8, 9, 10}  # (108 - 1 - 4 +4s that may not start) // 10 = 10


def test_o29_the_cap_leaves_a_card_that_may_start() -> None:
    from cardgen.engine.options.olympique import deal_cap

    party = Variant.from_deck(load_deck("examples/party.toml"), 8, ["dealer-deals-7-to-15"])
    # 113 cards, some of which may not start (the +4s, the Uno card, the Downpours …)
    barred = sum(1 for k in party.deck if k not in party.start_kinds)
    assert deal_cap(party, 8) == (113 - 1 - barred) // 8 < 14
    for seed in range(30):
        RoundState.deal(party, 8, 0, random.Random(seed))  # never "no card may start"


def test_o29_a_deck_fixes_its_hand_size_within_what_it_can_deal(tmp_path: Path) -> None:
    path = tmp_path / "fifteen.toml"
    path.write_text('name = "Fifteen"\nbase = "classic"\nhand_size = 15\n', encoding="utf-8")
    deck = load_deck(str(path))
    state = RoundState.deal(Variant.from_deck(deck, 5), 5, 0, random.Random(3))
    assert len(state.hands[3]) == 15
    assert check_deck(deck, 7).errors == []  # 7 x 15 + 1 = 106 of 108
    errors = [p.message for p in check_deck(deck, 8).errors]
    assert errors == [f"{path}: 108 cards cannot deal 15 to each of 8 players and turn a "
                      "starting card (that takes 121); add cards, lower 'players.max' or "
                      "'hand_size'"]
    with pytest.raises(EngineError, match="cannot deal 15 to each of 8 players"):
        RoundState.deal(Variant.from_deck(deck, 8), 8, 0, random.Random(3))


def test_o29_a_hand_size_outside_7_to_15_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "sixteen.toml"
    path.write_text('name = "Sixteen"\nbase = "classic"\nhand_size = 16\n', encoding="utf-8")
    assert [p.message for p in load_deck(str(path)).errors] == [
        f"{path}: 'hand_size' is 16; give the cards dealt to each player, a whole number "
        "from 7 to 15"]


# --- O-32 ---------------------------------------------------------------------------------------


def test_o32_the_dealer_names_the_colour_of_a_first_wild() -> None:
    state = first_card(["dealer-lays-first-card"], "wild")
    assert state.phase == COLOR and state.actor == 0
    do(state, "color green")
    assert state.actor == 1 and state.variant.colors[state.color] == "green"


def test_o32_a_first_wild_draw_four_stays_and_hits_p1() -> None:
    state = first_card(["dealer-lays-first-card"], "wild-draw-four")
    assert state.phase == COLOR and state.actor == 0
    do(state, "color blue")
    assert len(state.hands[1]) == 3 + 4 and state.actor == 2
    assert state.variant.kinds[state.discard[-1]].id == "wild-draw-four"


def test_o32_a_first_reverse_is_the_dealers_so_his_right_plays() -> None:
    state = first_card(["dealer-lays-first-card"], "red-reverse")
    assert state.direction == -1 and state.actor == 3


def test_o32_the_dealer_chooses_for_a_first_seven() -> None:
    state = first_card(["dealer-lays-first-card", "seven-swaps-by-choice"], "red-7")
    assert state.phase == CHOOSE and state.actor == 0
    assert legal(state) == ["swap-with P1", "swap-with P2", "swap-with P3", "pass"]
    do(state, "swap-with P2")
    assert ids(state, 0) == HANDS["P2"] and state.actor == 1


def test_o32_after_the_dealer_swaps_on_a_first_seven_play_follows_his_hand() -> None:
    # O-32 with O-28: the dealer counts as having laid the 7, so the seat that now
    # holds his hand counts as having just played.
    state = first_card(["olympique"], "red-7")
    assert state.direction == 1 and state.phase == CHOOSE and state.actor == 0
    do(state, "swap-with P2")
    assert ids(state, 2) == HANDS["P0"] and state.actor == 3


def test_o32_after_the_dealer_rotates_on_a_first_zero_play_follows_his_hand() -> None:
    state = first_card(["olympique"], "red-0")
    assert state.direction == 1 and legal(state) == ["rotate left", "rotate right", "pass"]
    do(state, "rotate left")
    assert ids(state, 1) == HANDS["P0"] and state.actor == 2


def test_o32_p1_may_cover_a_first_draw_two_as_any_other() -> None:
    # O-32 with O-36: the dealer counts as having laid the +2, so P1 may overbid it.
    state = first_card(["olympique"], "red-draw-two", dealt=hands(P1=["blue-draw-two"]))
    assert state.actor == 1 and legal(state) == ["play blue-draw-two", "pass"]
    do(state, "play blue-draw-two")
    assert len(state.hands[2]) == 3 + 4 and state.actor == 3


def test_o32_p1_may_dodge_a_first_draw_two_with_the_uno_card() -> None:
    # O-32 with O-35: the Uno card passes the dealer's +2 on to P2.
    state = first_card(["olympique"], "red-draw-two", deck=classic_with("uno-card"),
                       dealt=hands(P1=["uno-card"]))
    assert state.actor == 1 and legal(state) == ["play uno-card", "pass"]
    do(state, "play uno-card")
    assert len(state.hands[1]) == 3 and len(state.hands[2]) == 3 + 2 and state.actor == 3


def test_o32_a_first_draw_two_unanswered_still_hits_p1() -> None:
    state = first_card(["olympique"], "red-draw-two")
    assert len(state.hands[1]) == 3 + 2 and state.actor == 2 and state.phase == TURN


def test_o32_the_dealer_names_the_victim_of_a_first_draw_two_choice() -> None:
    # O-32 with O-03: the dealer makes the card's choices, its victim included; the
    # player after him is still the one skipped (U-19 reading A).
    state = first_card(["dealer-lays-first-card"], "red-draw-two-choice",
                       deck=classic_with("red-draw-two-choice"))
    assert state.phase == CHOOSE and state.actor == 0
    assert legal(state) == ["victim P1", "victim P2", "victim P3"]
    do(state, "victim P3")
    assert len(state.hands[3]) == 3 + 2 and len(state.hands[1]) == 3 and state.actor == 2


def test_o32_the_dealer_names_victim_and_colour_of_a_first_wild_draw_four_choice() -> None:
    state = first_card(["dealer-lays-first-card"], "wild-draw-four-choice",
                       deck=classic_with("wild-draw-four-choice"))
    assert state.phase == COLOR and state.actor == 0
    do(state, "color green")
    assert state.phase == CHOOSE and legal(state) == ["victim P1", "victim P2", "victim P3"]
    do(state, "victim P2")
    assert len(state.hands[2]) == 3 + 4 and state.actor == 2
    assert state.variant.colors[state.color] == "green"


def test_o32_u19_a_first_pick_two_of_a_designer_skips_the_victim_it_names() -> None:
    # The designer's card keeps skip = "victim" (U-19): the victim named by the dealer
    # draws and loses his next turn; the player after the dealer plays first.
    deck = str(ROOT / "cardgen" / "data" / "effect_examples" / "decks" / "chosen-victims.toml")
    state = first_card(["dealer-lays-first-card"], "red-pick-two", deck=deck)
    do(state, "victim P3")
    assert len(state.hands[3]) == 3 + 2 and state.actor == 1 and state.losing == [3]


# --- O-34, O-35 ---------------------------------------------------------------------------------


def test_o34_two_identical_cards_at_once_skip_the_next_player() -> None:
    state = table(["identical-pair-skips"], hands=hands(P1=["red-5", "red-5"]))
    assert "pair red-5 red-5" in legal(state)
    do(state, "pair red-5 red-5")
    assert state.actor == 3 and len(state.hands[1]) == 3
    assert state.discard[-2:] == [state.variant.kind("red-5")] * 2


def test_o34_a_pair_of_draw_two_draws_two_once_and_skips_the_next_turn_too() -> None:
    state = do(table(["identical-pair-skips"], hands=hands(P1=["red-draw-two", "red-draw-two"])),
               "pair red-draw-two red-draw-two")
    assert len(state.hands[2]) == 3 + 2 and state.actor == 0


def test_o34_no_pair_of_two_different_cards() -> None:
    state = table(["identical-pair-skips"], hands=hands(P1=["red-5", "blue-5"]))
    assert not any(a.startswith("pair") for a in legal(state))


def test_o35_the_uno_card_passes_a_draw_on_to_the_next_player() -> None:
    state = do(with_uno_card(["invisible-uno-card"],
                             hands=hands(P1=["red-draw-two"], P2=["uno-card"])),
               "play red-draw-two")
    assert state.actor == 2 and legal(state) == ["play uno-card", "pass"]
    do(state, "play uno-card")
    assert len(state.hands[2]) == 3 and len(state.hands[3]) == 3 + 2 and state.actor == 0
    assert state.variant.kinds[state.discard[-1]].id == "red-draw-two"
    assert state.variant.kinds[state.discard[-2]].id == "uno-card"


def test_o35_the_uno_card_on_ones_turn_changes_nothing_to_match() -> None:
    state = do(with_uno_card(["invisible-uno-card"], hands=hands(P1=["uno-card"])),
               "play uno-card")
    assert state.actor == 2 and state.variant.kinds[state.discard[-1]].id == "red-3"
    assert ids(state, 2) == HANDS["P2"]  # no hand moved (that is O-14's card)


# --- O-37, O-38, O-39 ---------------------------------------------------------------------------


def test_o37_a_zero_rotates_either_way_or_not_at_all() -> None:
    state = do(table(["zero-rotates-by-choice"], hands=hands(P1=["red-0"])), "play red-0")
    assert legal(state) == ["rotate left", "rotate right", "pass"]
    do(state, "rotate right")
    assert ids(state, 0) == HANDS["P1"] and ids(state, 3) == HANDS["P0"] and state.actor == 2
    kept = do(table(["zero-rotates-by-choice"], hands=hands(P1=["red-0"])), "play red-0", "pass")
    assert ids(kept, 0) == HANDS["P0"] and kept.actor == 2


def test_o38_the_seven_swap_may_be_declined() -> None:
    state = do(table(["seven-swaps-by-choice"], hands=hands(P1=["red-7"])), "play red-7")
    assert legal(state) == ["swap-with P0", "swap-with P2", "swap-with P3", "pass"]
    do(state, "pass")
    assert ids(state, 1) == HANDS["P1"] and state.actor == 2


def test_o39_after_a_two_each_other_player_lays_a_two_or_draws_one() -> None:
    state = do(table(["twos-round"], draw=["green-1", "green-2", "green-3"],
                     hands=hands(P1=["red-2"], P3=["blue-2"])),
               "play red-2")
    assert state.actor == 2 and legal(state) == ["draw"]
    do(state, "draw")
    assert ids(state, 2)[-1] == "green-1" and state.actor == 3
    assert legal(state) == ["play yellow-2", "play blue-2", "draw"]
    do(state, "play blue-2")  # any colour; it starts no new round
    assert state.actor == 0 and legal(state) == ["play blue-2", "draw"]
    do(state, "draw")
    assert state.actor == 1 and "play blue-7" in legal(state)  # back to the 2's player


# --- O-40 ---------------------------------------------------------------------------------------


def test_o40_a_round_hundred_takes_99_off() -> None:
    game = Game(Variant.from_deck(load_deck("classic"), 3, ["round-hundreds-bonus"]), 1)
    game.scores = [150, 0, 60]
    game.rules.score_round(game, result((0, 1, 2), 1, {0: 50, 1: 0, 2: 100}))
    # P0: 200 in all is a round number; P2's round is 100 points (total 160).
    assert game.scores == [101, 0, 61]
    game.scores = [480, 10, 20]
    game.rules.score_round(game, result((0, 1, 2), 1, {0: 30, 1: 0, 2: 5}))
    assert game.rules.game_over(game) and game.rules.game_winners(game) == [1]


# --- the whole set ------------------------------------------------------------------------------


def test_o27_olympique_turns_on_the_whole_set() -> None:
    from cardgen.engine.house.rules import DealerPicksDirection
    from cardgen.engine.options import olympique as o
    from cardgen.engine.options.jump_ins import JumpInIdentical
    from cardgen.engine.options.stacking import StackDraws

    rules = Variant.from_deck(load_deck("classic"), 4, ["olympique"]).rules
    for part in (o.OneCardPenalty, o.TurnsFollowHands, o.DealerDeals7To15,
                 o.DealerLaysFirstCard, o.IdenticalPairSkips, o.InvisibleUnoCard,
                 o.ZeroRotatesByChoice, o.SevenSwapsByChoice, o.TwosRound,
                 o.RoundHundredsBonus, DealerPicksDirection, JumpInIdentical, StackDraws):
        assert isinstance(rules, part), part
    with pytest.raises(EngineError, match="cannot be played together"):
        Variant.from_deck(load_deck("classic"), 4, ["olympique", "zero-rotates"])


# --- V-06, U-49 ---------------------------------------------------------------------------------


def test_v06_three_rounds_a_new_partner_each_credited_to_both() -> None:
    game = Game(Variant.from_deck(load_deck("classic"), 4, ["rotating-partners"]), 2)
    partners = []
    for number in range(3):
        state, seats = game.new_round()
        partners.append({frozenset((seats[0], seats[2])), frozenset((seats[1], seats[3]))})
        state.end_round(-1, "blocked")
        state.winner = 0  # scored as won by the round's P0
        game.finish_round(state, seats)
        assert game.over == (number == 2)
    assert partners[0] | partners[1] | partners[2] == {
        frozenset(p) for p in ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))}
    game = Game(Variant.from_deck(load_deck("classic"), 4, ["rotating-partners"]), 2)
    game.rules.score_round(game, result((0, 2, 1, 3), 0, {0: 0, 1: 30, 2: 12, 3: 8}))
    assert game.scores == [20, 20, 0, 0]  # P0 and P1 sit opposite; P2 and P3 paid


def test_v06_needs_exactly_four_players() -> None:
    variant = Variant.from_deck(load_deck("classic"), 6, ["rotating-partners"])
    assert "exactly 4 players" in (variant.playability_problem() or "")


def test_u49_a_majority_vote_adds_fifty_points() -> None:
    game = Game(Variant.from_deck(load_deck("unplugged"), 4), 1)
    assert not table_talk_vote(game, game.rules, 2, 1)  # 1 of 3 others: no majority
    assert table_talk_vote(game, game.rules, 2, 2)
    assert game.scores == [0, 0, 50, 0]
    with pytest.raises(EngineError, match="4 votes"):
        table_talk_vote(game, game.rules, 2, 4)


def test_u49_the_vote_needs_lowest_total_scoring() -> None:
    game = Game(Variant.from_deck(load_deck("classic"), 3), 1)
    with pytest.raises(EngineError, match="lowest total"):
        table_talk_vote(game, game.rules, 0, 2)


# --- O-42 Uno Wizz ------------------------------------------------------------------------------

WIZZ = str(EXAMPLES / "wizz.toml")


def wizz_table(sector: str, monkeypatch: pytest.MonkeyPatch, **data: Any) -> RoundState:
    """P1 lays a red Wizz and the wheel (fixed here) lands on ``sector``."""
    from cardgen.engine.extra import wizz

    monkeypatch.setattr(wizz, "spin", lambda state: sector)
    data.setdefault("hands", hands(P1=["red-wizz"]))
    return do(table([], deck=WIZZ, **data), "play red-wizz")


def test_o42_the_wheel_is_uniform_and_seeded() -> None:
    from cardgen.engine.extra.wizz import SECTORS, spin

    state = table([], deck=WIZZ, hands=HANDS)
    spins = [spin(state) for _ in range(9000)]
    assert set(spins) == set(SECTORS)
    assert all(900 <= spins.count(s) <= 1100 for s in SECTORS)


def test_o42_the_next_player_spins_instead_of_playing(monkeypatch: pytest.MonkeyPatch) -> None:
    state = wizz_table("show-hand", monkeypatch)
    assert state.actor == 3 and state.phase == TURN
    assert all(state.revealed[s][2] == tuple(state.hands[2]) for s in (0, 1, 3))


def test_o42_one_colour_less_the_spinner_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    state = wizz_table("one-colour-less", monkeypatch)
    assert state.actor == 2 and legal(state) == ["wheel color red", "wheel color yellow"]
    do(state, "wheel color red")
    assert ids(state, 2) == ["yellow-6"] and state.at_uno[2] and state.actor == 3
    assert state.variant.kinds[state.discard[-1]].id == "red-wizz"


def test_o42_almost_uno_keeps_two_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    state = wizz_table("almost-uno", monkeypatch)
    assert legal(state) == ["wheel keep red-8 red-9", "wheel keep red-8 yellow-6",
                            "wheel keep red-9 yellow-6"]
    do(state, "wheel keep red-8 red-9")
    assert sorted(ids(state, 2)) == ["red-8", "red-9"] and state.actor == 3


def test_o42_draw_until_red_or_a_black_card(monkeypatch: pytest.MonkeyPatch) -> None:
    state = wizz_table("draw-to-red", monkeypatch, draw=["blue-5", "green-1", "wild", "red-1"])
    assert ids(state, 2)[-3:] == ["blue-5", "green-1", "wild"] and state.actor == 3


def test_o42_war_a_single_highest_may_discard_it(monkeypatch: pytest.MonkeyPatch) -> None:
    state = wizz_table("war", monkeypatch, hands={**hands(P1=["red-wizz"]), "P0": ["blue-2"]})
    # Highest numbers: P1 8, P2 9, P3 8, P0 2: P2 alone.
    assert state.actor == 2 and legal(state) == ["wheel drop red-9", "pass"]
    tie = wizz_table("war", monkeypatch, hands={**hands(P1=["red-wizz"]), "P0": ["blue-9"]})
    assert tie.actor == 3 and tie.phase == TURN


def test_o42_hands_pass_left(monkeypatch: pytest.MonkeyPatch) -> None:
    state = wizz_table("hands-left", monkeypatch)
    assert ids(state, 1) == HANDS["P0"] and ids(state, 3) == HANDS["P2"] and state.actor == 3


def test_o28_an_unplugged_echange_also_hands_the_turn_on() -> None:
    state = table(["turns-follow-hands"], deck="unplugged",
                  hands={**HANDS, "P1": ["echange", "green-7", "green-8"]})
    do(state, "play echange @P3")
    assert ids(state, 3) == ["green-7", "green-8"] and state.actor == 0


def test_o27_olympique_beside_one_of_its_parts_is_the_same_set() -> None:
    alone = Variant.from_deck(load_deck("classic"), 4, ["olympique"]).rules
    both = Variant.from_deck(load_deck("classic"), 4, ["stack-draws", "olympique"]).rules
    assert type(both) is type(alone)


def test_o34_a_pair_of_draws_stacked_on_loses_its_skip_and_nothing_later() -> None:
    state = do(table(["identical-pair-skips", "stack-draws"],
                     hands=hands(P1=["red-draw-two", "red-draw-two"], P2=["blue-draw-two"])),
               "pair red-draw-two red-draw-two", "play blue-draw-two")
    assert len(state.hands[3]) == 3 + 4 and state.actor == 0
    do(state, "play blue-2")
    assert state.actor == 1  # the next plain play skips nobody


# --- C-28 with Olympique's big deals --------------------------------------------------------------


def test_c28_a_position_back_three_times_with_nothing_to_draw_blocks_the_round() -> None:
    # Big Olympique deals can leave the piles dry while two players answer each other's
    # +4 out of turn for ever; the round loop counts each decision's position and ends
    # the round blocked when one comes back a third time with nothing to draw.
    from cardgen.engine.game import REPEATS, _repeated
    from cardgen.situation import build_state

    state = build_state({"hands": {"P0": ["red-5", "blue-2"], "P1": ["green-7"]},
                         "top": "red-3", "draw": []}, "c28")
    seen: dict[tuple[object, ...], int] = {}
    assert [_repeated(state, seen) for _ in range(REPEATS)] == [False] * (REPEATS - 1) + [True]
    other = build_state({"hands": {"P0": ["red-5", "blue-2"], "P1": ["green-8"]},
                         "top": "red-3", "draw": []}, "c28")
    assert not _repeated(other, seen)  # a hand that differs is another position
