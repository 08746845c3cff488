"""UNO Show 'Em No Mercy (NM-01 … NM-14): the rules the situation files of
tests/situations/nomercy/ do not show alone — each open to another deck, the Mercy
rule met while drawing, the hand set aside coming back at a reshuffle, and the deck."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers.cli import run_in
from helpers.rules import do, ids, legal

from cardgen.engine.observation import SeatView
from cardgen.engine.state import RoundState
from cardgen.situation import build_state

#: Nineteen cards that do not go on a red 3 (with the six a +6 brings, 25).
NINETEEN = ["yellow-5", "yellow-6", "yellow-7", "yellow-8", "blue-5", "blue-6", "blue-7",
            "blue-8", "green-5", "green-6", "green-7", "green-8", "yellow-1", "yellow-2",
            "blue-1", "blue-2", "green-1", "green-2", "yellow-4"]


def table(rules: list[str] | None = None, players: int = 3, deck: str = "nomercy",
          **data: Any) -> RoundState:
    data.setdefault("top", "red-3")
    data.setdefault("turn", "P1")
    if rules is not None:
        data["rules"] = rules
    return build_state({"deck": deck, "players": players, **data}, "test")


def test_nm01_stack_by_value_on_the_classic_deck() -> None:
    """Any deck may turn it on: on the classic deck a +4 goes on a +2, never a +2 on a +4."""
    hands = {"P0": ["red-1"], "P1": ["red-draw-two", "blue-9"],
             "P2": ["wild-draw-four", "blue-draw-two", "green-1"]}
    state = do(table(["stack-by-value"], deck="classic", hands=hands), "play red-draw-two")
    assert state.actor == 2
    assert "play wild-draw-four red" in legal(state)
    assert "play blue-draw-two" in legal(state)
    hands = {"P0": ["red-1"], "P1": ["wild-draw-four", "blue-9"],
             "P2": ["blue-draw-two", "green-1"]}
    state = do(table(["stack-by-value"], deck="classic", hands=hands), "play wild-draw-four red")
    assert not any("blue-draw-two" in action for action in legal(state))


def test_nm02_a_drawn_card_that_fits_cannot_be_kept_and_others_stay() -> None:
    state = table(hands={"P0": ["red-1"], "P1": ["green-9", "blue-1"], "P2": ["red-5"]},
                  draw=["blue-5", "red-9", "yellow-1"])
    do(state, "draw")
    assert legal(state) == ["play red-9"]
    do(state, "play red-9")
    assert ids(state, 1) == ["green-9", "blue-1", "blue-5"]


def test_nm02_draw_until_you_play_on_the_classic_deck() -> None:
    state = table(["draw-until-you-play"], deck="classic",
                  hands={"P0": ["red-1"], "P1": ["green-9"], "P2": ["red-5"]},
                  draw=["blue-5", "green-7", "red-9"])
    do(state, "draw")
    assert legal(state) == ["play red-9"]


def test_nm09_drawing_to_25_knocks_out_at_once() -> None:
    """The draw of NM-02 stops as soon as the Mercy rule knocks the drawer out."""
    state = table(hands={"P0": ["red-1", "red-2"], "P1": [*NINETEEN, "blue-9", "green-9"],
                         "P2": ["red-5", "red-6"]},
                  draw=["green-4", "yellow-9", "blue-4", "green-5", "red-9"])
    do(state, "draw")  # 21 + 4 cards that do not fit: 25
    assert state.hands[1] == []
    assert 1 in state.out
    assert state.actor == 2
    assert state.draw_pile and state.variant.kinds[state.draw_pile[-1]].id == "red-9"


def test_nm09_the_hand_set_aside_comes_back_at_the_next_reshuffle() -> None:
    state = table(hands={"P0": ["red-1", "red-2"], "P1": ["wild-draw-six", "red-9"],
                         "P2": NINETEEN},
                  draw=["green-3", "green-4", "yellow-3", "yellow-9", "blue-3", "blue-4"])
    do(state, "play wild-draw-six green")
    assert 2 in state.out
    under = [state.variant.kinds[k].id for k in state.discard[:-1]]
    assert len(under) == 1 + 25  # the red 3, and the whole hand under it
    assert state.draw_pile == []
    state.draw_cards(0, 1)  # the pile is empty: the reshuffle brings them back
    assert len(state.draw_pile) == 25
    assert not state.problems()


def test_nm09_the_mercy_rule_on_the_classic_deck() -> None:
    state = table(["mercy-rule", "stack-draws"], deck="classic",
                  hands={"P0": ["red-1", "red-2"], "P1": ["wild-draw-four", "red-9"],
                         "P2": [*NINETEEN, "yellow-9", "blue-9"]})
    do(state, "play wild-draw-four green", "pass")  # (P2 does not challenge)
    assert 2 in state.out and state.hands[2] == []


def test_nm10_last_player_in_wins_with_three() -> None:
    state = table(hands={"P0": [], "P1": ["wild-draw-six", "red-9"], "P2": NINETEEN},
                  knocked_out=["P0"])
    do(state, "play wild-draw-six green")
    assert state.winner == 1 and state.end == "mercy"


def test_nm13_a_knocked_out_seat_takes_no_part_in_a_zero() -> None:
    """NM-13 with NM-09: a 0's rotation passes over the seat knocked out."""
    state = table(players=4, hands={"P0": ["red-1"], "P1": ["red-0", "red-9"],
                                    "P2": [], "P3": ["blue-5", "blue-6", "blue-7"]},
                  knocked_out=["P2"])
    do(state, "play red-0 uno")
    assert ids(state, 3) == ["red-9"]
    assert state.hands[2] == []
    assert ids(state, 0) == ["blue-5", "blue-6", "blue-7"]


def test_nm11_the_deck_plays_to_1000_and_reports_knock_outs(tmp_path: Path) -> None:
    code, output = run_in(["simulate", "nomercy", "--games", "5", "--json"], tmp_path)
    assert code == 0, output
    report = json.loads(output[output.index("{"):])
    assert report["target"] == 1000
    assert report["endings"].get("mercy", 0) > 0
    assert report["invariant_violations"] == 0
    # every round the Mercy rule ended knocked out all but one seat (NM-10)
    assert report["mercy_limit"] == 25
    assert report["rounds_with_knock_out"] >= report["endings"]["mercy"]
    assert report["knock_outs"] >= 3 * report["endings"]["mercy"]
    assert "knocked out by the Mercy rule (25 cards): " in run_in(
        ["simulate", "nomercy", "--games", "2"], tmp_path)[1]


def test_nm09_a_round_record_says_when_the_first_knock_out_came() -> None:
    """The balance study's record of a round (cardgen/play/records.py) counts the
    knock-outs and the turn of the first, as the round's loop counts turns: checked
    against a loop written here that counts them itself."""
    from cardgen.deck.load import load_deck
    from cardgen.engine import Variant
    from cardgen.engine.game import Game, play_game
    from cardgen.engine.state import OVER, TURN
    from cardgen.play.players import make_players
    from cardgen.play.records import RecordingGame

    variant = Variant.from_deck(load_deck("nomercy"), 4)
    result = play_game(variant, make_players("heuristic", 4, "k"), "k", check="none",
                       new_game=RecordingGame)
    game, bots = Game(variant, "k"), make_players("heuristic", 4, "k")
    for record in result.rounds:
        state, seats = game.new_round()
        turns, first = 0, -1
        while state.phase != OVER:
            if state.phase == TURN:
                turns += 1
            bot = bots[seats[state.actor]]
            state.apply(bot.choose(SeatView(state, state.actor), state.legal_actions()))
            if first < 0 and variant.rules.knocked_out(state):
                first = turns
        game.finish_round(state, seats, turns=turns)
        assert (record.turns, record.first_knock_out) == (turns, first)
        assert record.knocked_out == len(variant.rules.knocked_out(state)) > 0
    assert {r.how for r in result.rounds} <= {"mercy", "out"}
    classic = play_game(Variant.from_deck(load_deck("classic"), 4),
                        make_players("heuristic", 4, "k"), "k", new_game=RecordingGame)
    assert {(r.knocked_out, r.first_knock_out) for r in classic.rounds} == {(0, -1)}


def test_nm12_the_deck_holds_168_cards(tmp_path: Path) -> None:
    code, output = run_in(["cards", "nomercy"], tmp_path)
    assert code == 0
    assert output.strip().endswith("168 cards")
    counts = {line.split()[2]: int(line.split()[0]) for line in output.splitlines()
              if " x " in line}
    assert counts["red-0"] == 2 and counts["red-skip"] == 3 and counts["red-draw-four"] == 2
    assert counts["red-skip-everyone"] == 2 and counts["red-discard-all"] == 3
    assert counts["wild-draw-six"] == counts["wild-draw-ten"] == 4
    assert counts["wild-reverse-draw-four"] == counts["wild-color-roulette"] == 8
    assert "wild" not in counts and "wild-draw-four" not in counts


def test_nm13_a_seven_must_swap() -> None:
    state = table(hands={"P0": ["red-1"], "P1": ["red-7", "blue-9", "blue-8"],
                         "P2": ["red-5", "red-6"]})
    do(state, "play red-7")
    assert legal(state) == ["swap-with P0", "swap-with P2"]


def test_nm14_a_wild_draw_ten_goes_on_a_wild_draw_six() -> None:
    state = table(hands={"P0": ["red-1"], "P1": ["wild-draw-six", "blue-9"],
                         "P2": ["wild-draw-ten", "red-5"]})
    do(state, "play wild-draw-six red", "play wild-draw-ten blue")
    assert len(state.hands[0]) == 1 + 16
    assert state.color == state.variant.colors.index("blue")


@pytest.mark.slow
def test_nm09_whole_games_keep_every_invariant(tmp_path: Path) -> None:
    for players in ("2", "6", "10"):
        code, output = run_in(["simulate", "nomercy", "--games", "20", "--players", players,
                               "--json"], tmp_path)
        assert code == 0, output
        report = json.loads(output[output.index("{"):])
        assert report["invariant_violations"] == 0 and report["non_terminating"] == 0


def test_nm10_when_every_player_in_fills_at_once_the_fewest_cards_stay_in() -> None:
    """NM-10 (docs/rules.md): hands may fill where the rule does not look (UNO Attack's
    launcher with the Mercy rule: 10^5-game runs met it), so that every player still in
    holds 25 cards at once. One stays in, the one with the fewest cards, and wins the
    round as the last player in; knocking out everyone left the turn to nobody and the
    round looped for ever (the alarm turns that into a failure)."""
    import signal

    from cardgen.deck.load import load_deck
    from cardgen.engine import Variant
    from cardgen.engine.game import Game
    from cardgen.engine.nomercy.rules import knock_out_full_hands

    def hang(*_: object) -> None:
        raise TimeoutError("the round never found a seat to play")

    variant = Variant.from_deck(load_deck("attack"), 3, ["mercy-rule", "mercy-points"])
    state, _ = Game(variant, "full").new_round()
    for seat, size in ((0, 27), (1, 26), (2, 26)):
        while len(state.hands[seat]) < size:
            state.hands[seat].append(state.draw_pile.pop())
    state.turn = 2
    before = signal.signal(signal.SIGALRM, hang)
    signal.alarm(5)
    try:
        assert knock_out_full_hands(state)
        state.advance()
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, before)
    assert sorted(state.out) == [0, 1]  # P2 and P1 tie on 26: P2's turn comes first
    assert (state.end, state.winner) == ("mercy", 2)
    assert state.problems() == []
