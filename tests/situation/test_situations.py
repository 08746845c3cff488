"""Situation files (`cardgen explain`): every file of tests/situations/ holds, the rules of
scoring read as situations, and each part of the format — a game in progress, actions
that name their seat, expected refusals, lists in any order, seats out, fixed chance
steps, points and event counts — both passes when it should and FAILS, with a clear
message, when the expectation is wrong.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers.paths import ROOT, SITUATIONS

from cardgen.cli import main
from cardgen.engine.errors import SituationError
from cardgen.situation import Explanation, build_state, explain

FILES = sorted(p for p in SITUATIONS.rglob("*.toml") if "decks" not in p.parts)


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def check(name: str) -> Explanation:
    result = explain(SITUATIONS / f"{name}.toml")
    assert result.checked, f"{name} states nothing to expect"
    assert result.failures == []
    return result


def changed(tmp_path: Path, name: str, *edits: tuple[str, str]) -> Path:
    """A copy of a situation file with some of its text replaced (each edit must apply)."""
    text = (SITUATIONS / f"{name}.toml").read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / f"{Path(name).name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def failures(path: Path) -> list[str]:
    """Run through the command line: exit 1, and the lines of what was not as expected."""
    code, out = run("explain", str(path))
    assert code == 1, out
    assert "NOT as expected" in out, out
    return [line[4:] for line in out.splitlines() if line.startswith("  - ")]


def error(path: Path) -> str:
    """Run through the command line: a file error is one line naming the file, exit 1."""
    code, out = run("explain", str(path))
    assert code == 1, out
    assert out.count("\n") == 1 and out.startswith(f"Error: {path}: "), out
    assert out.count(str(path)) == 1, out  # the file is named once
    return out.strip()


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SITUATIONS)) for p in FILES])
def test_every_situation_file_states_its_expectations_and_they_hold(path: Path) -> None:
    result = explain(path)
    assert result.checked > 0
    assert result.failures == []


# --- scoring as situations (C-31 … C-33, U-39, U-47, U-48, O-07, O-08, O-20, O-26) --------


def test_c31_winner_collects_and_ends_the_game() -> None:
    result = check("c31_winner_collects")
    assert result.scoring == ["round scored: P0 +0, P1 +118, P2 +0",
                              "game over: P1 wins the game"]


def test_c32_lowest_total_wins_a_tie_shares_the_win() -> None:
    result = check("c32_lowest_total_wins")
    assert result.game is not None and sorted(result.game["winners"]) == ["P1", "P2"]


def test_c33_scores_carry_over_and_the_deal_rotates() -> None:
    result = check("c33_next_round_rotate_dealer")
    assert result.game is not None and result.game["dealer"] == "P3"
    assert result.game["round"] == 4 and not result.game["over"]


def test_u49_a_majority_vote_puts_fifty_points_on_the_total(tmp_path: Path) -> None:
    check("unplugged/u49_table_talk_vote")
    lost = changed(tmp_path, "unplugged/u49_table_talk_vote", ('"vote P2 2"', '"vote P2 1"'))
    assert "game.scores.P2: expected 57, got 7" in failures(lost)
    too_many = changed(tmp_path, "unplugged/u49_table_talk_vote",
                       ('"vote P2 2"', '"vote P2 4"'))
    assert error(too_many) == (f"Error: {too_many}: action 1 (P3): 'vote P2 4': 4 votes: "
                               "the 3 other players vote, once each")
    no_game = changed(tmp_path, "unplugged/u49_table_talk_vote",
                      ("[game]\nscores = { P0 = 100, P1 = 40, P2 = 0, P3 = 250 }\n", ""),
                      ("[expect.game]\nscores = { P0 = 108, P1 = 41, P2 = 57, P3 = 250 }\n", ""))
    assert "a vote adds to a game total; give the situation a [game] table" in error(no_game)


def test_o08_the_target_set_is_the_one_played(tmp_path: Path) -> None:
    # With the default target (5), three rounds won do not end the game.
    path = changed(tmp_path, "options/o08_count_rounds", ("target = 3\nround", "round"),
                   ("target = 3\nover = true", "target = 5\nover = true"))
    assert failures(path) == ["game.over: expected True, got False",
                              "game.winners: expected ['P1'] in any order, got [] "
                              "(missing P1)"]


def test_h21_finishing_order_of_a_play_on_round() -> None:
    result = check("house/h21_finishing_order")
    assert result.final["finished"] == ["P3", "P1", "P4"]


# --- a game in progress --------------------------------------------------------------------


def test_wrong_game_totals_fail_with_the_seat_and_both_values(tmp_path: Path) -> None:
    path = changed(tmp_path, "c31_winner_collects", ("P1 = 568", "P1 = 500"),
                   ("round = 6\nover", "round = 7\nover"))
    assert failures(path) == ["game.scores.P1: expected 500, got 568",
                              "game.round: expected 7, got 6"]


def test_explain_json_has_the_game_before_and_after() -> None:
    code, out = run("explain", str(SITUATIONS / "c33_next_round_rotate_dealer.toml"), "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["game_start"] == {"scores": {"P0": 200, "P1": 35, "P2": 0, "P3": 90},
                                  "target": 500, "round": 3, "dealer": "P2", "over": False,
                                  "winners": []}
    assert data["game"]["scores"]["P3"] == 135 and data["game"]["dealer"] == "P3"


def test_game_errors_are_one_line(tmp_path: Path) -> None:
    over = changed(tmp_path, "c31_winner_collects", ("P1 = 450", "P1 = 500"))
    assert "with these totals the game is already over" in error(over)
    field = changed(tmp_path, "c31_winner_collects", ("round = 6\n\n", "rounds = 6\n\n"))
    assert "[game] has unknown field(s) rounds; it may have round, scores, target" in error(
        field)
    seat = changed(tmp_path, "c31_winner_collects", ("P2 = 0 }", "P7 = 0 }"))
    assert "game.scores: there is no seat P7 with 3 players (P0 … P2)" in error(seat)


# --- actions that name their seat, refusals -------------------------------------------------


def test_an_action_for_the_wrong_seat_is_an_error_unless_a_refusal_is_expected(
        tmp_path: Path) -> None:
    path = changed(tmp_path, "c18_skipped_player_may_not_play",
                   ("expect_refused = \"it is P3's move, not P2's\"\n", ""))
    assert error(path) == (f"Error: {path}: action 2 (P3): 'P2: play red-5': it is P3's "
                           "move, not P2's (top red-skip, colour red, clockwise, P3 to play "
                           "or draw)")


def test_an_expected_refusal_is_shown_and_leaves_the_state_unchanged() -> None:
    result = check("c18_skipped_player_may_not_play")
    assert result.steps[-1].refused is not None and result.steps[-1].action == "P2: play red-5"
    assert result.final["hands"]["P2"] == ["red-5", "yellow-6", "red-6"]
    code, out = run("explain", str(SITUATIONS / "c18_skipped_player_may_not_play.toml"))
    assert code == 0, out
    assert out.splitlines()[-2:] == [
        "2. P2: play red-5 — refused: 'P2: play red-5': it is P3's move, not P2's (top "
        "red-skip, colour red, clockwise, P3 to play or draw)", "as expected (4 check(s))"]


def test_an_allowed_action_fails_an_expected_refusal(tmp_path: Path) -> None:
    path = changed(tmp_path, "c12_card_that_does_not_match_is_refused",
                   ("P1: play blue-4", "P1: play red-9"))
    assert failures(path)[0] == ("expect_refused: the last action (P1: play red-9) was "
                                 "allowed; expected it refused with ''play blue-4' is not "
                                 "allowed for P1'")


def test_a_refusal_for_another_reason_fails(tmp_path: Path) -> None:
    path = changed(tmp_path, "c18_skipped_player_may_not_play",
                   ("it is P3's move, not P2's", "the round is over"))
    assert failures(path) == ["expect_refused: the last action was refused, but not with "
                              "'the round is over': 'P2: play red-5': it is P3's move, not "
                              "P2's (top red-skip, colour red, clockwise, P3 to play or draw)"]


def test_only_the_last_action_may_be_refused(tmp_path: Path) -> None:
    path = changed(tmp_path, "c18_skipped_player_may_not_play",
                   ('"P1: play red-skip", "P2: play red-5"',
                    '"P2: play red-5", "P1: play red-skip"'))
    assert "action 1 (P1): 'P2: play red-5': it is P1's move, not P2's" in error(path)


def test_a_seat_that_does_not_exist_is_a_file_error(tmp_path: Path) -> None:
    path = changed(tmp_path, "c18_skipped_player_may_not_play", ("P2: play red-5", "P9: pass"))
    assert "action 2 (P3): 'P9: pass': there is no seat P9 with 4 players" in error(path)


# --- lists in any order, or in order --------------------------------------------------------


def test_lists_compare_in_any_order_unless_ordered(tmp_path: Path) -> None:
    check("c12_card_that_does_not_match_is_refused")  # its legal list is in another order
    path = changed(tmp_path, "c12_card_that_does_not_match_is_refused",
                   ("hand_sizes", 'ordered = ["legal"]\nhand_sizes'))
    assert failures(path) == ["legal: expected ['draw', 'play green-3', 'play red-9'] in "
                              "this order, got ['play red-9', 'play green-3', 'draw']"]


def test_an_ordered_list_fails_in_another_order(tmp_path: Path) -> None:
    path = changed(tmp_path, "c27_reshuffled_wild_loses_its_colour",
                   ('draw = ["blue-1", "yellow-2"]', 'draw = ["yellow-2", "blue-1"]'))
    assert failures(path) == ["draw: expected ['yellow-2', 'blue-1'] in this order, got "
                              "['blue-1', 'yellow-2']"]


def test_a_hand_missing_a_card_says_which(tmp_path: Path) -> None:
    path = changed(tmp_path, "c18_skipped_player_may_not_play",
                   ('P2 = ["red-6", "yellow-6", "red-5"]', 'P2 = ["red-6", "yellow-6", "red-7"]'))
    assert failures(path) == ["hands.P2: expected ['red-6', 'yellow-6', 'red-7'] in any "
                              "order, got ['red-5', 'yellow-6', 'red-6'] (missing red-7; not "
                              "expected red-5)"]


# --- seats out, finishing order ---------------------------------------------------------------


def test_a_wrong_finishing_order_fails(tmp_path: Path) -> None:
    path = changed(tmp_path, "house/h21_finishing_order",
                   ('finished = ["P3", "P1", "P4"]', 'finished = ["P1", "P3", "P4"]'))
    assert failures(path) == ["finished: expected ['P1', 'P3', 'P4'], got ['P3', 'P1', 'P4']"]


def test_an_empty_hand_that_is_not_out_fails_a_wrong_expectation(tmp_path: Path) -> None:
    path = changed(tmp_path, "house/h20_empty_hand_goes_out",
                   ('finished = ["P1"]', "finished = []"), ('actor = "P2"', 'actor = "P1"'))
    assert failures(path) == ["finished: expected [], got ['P1']",
                              "actor: expected 'P1', got 'P2'"]


def test_a_seat_out_holds_no_card(tmp_path: Path) -> None:
    path = changed(tmp_path, "house/h21_finishing_order", ("P3 = []", 'P3 = ["blue-1"]'))
    assert "out: P3 is out of the round, so his hand must be empty (hands.P3 = [])" in error(
        path)
    turn = changed(tmp_path, "house/h21_finishing_order", ('turn = "P1"', 'turn = "P3"'))
    assert "turn: P3 is out of the round; give the turn to a seat still playing" in error(turn)


# --- chance steps -------------------------------------------------------------------------------


def test_first_back_fixes_where_a_refused_first_card_goes(tmp_path: Path) -> None:
    check("c11_first_card_goes_back_at_a_fixed_place")
    path = changed(tmp_path, "c11_first_card_goes_back_at_a_fixed_place",
                   ("first_back = 3", "first_back = 5"))
    assert failures(path) == ["draw: expected ['blue-1', 'wild-draw-four', 'green-2', "
                              "'yellow-3'] in this order, got ['blue-1', 'green-2', "
                              "'yellow-3', 'wild-draw-four']"]


def test_first_back_errors(tmp_path: Path) -> None:
    far = changed(tmp_path, "c11_first_card_goes_back_at_a_fixed_place",
                  ("first_back = 3", "first_back = 9"))
    assert ("chance.first_back: place 9 is not in the draw pile, which has 4 cards (1 puts "
            "the card on top, 5 at the bottom)") in error(far)
    again = changed(tmp_path, "c11_first_card_goes_back_at_a_fixed_place",
                    ("first_back = 3", "first_back = 1"))
    assert "a first card was refused once more than chance.first_back gives places" in error(
        again)


def test_o42_the_wheel_and_the_first_shout_fixed_by_the_situation(tmp_path: Path) -> None:
    check("options/o42_wheel_spin_fixed")
    wizz = str((SITUATIONS.parent.parent / "examples" / "wizz.toml").resolve())
    deck = ('deck = "../../../examples/wizz.toml"', f"deck = {wizz!r}")
    other = changed(tmp_path, "options/o42_wheel_spin_fixed", deck,
                    ('wheel = "uno-wizz"', 'wheel = "show-hand"'))
    # On another sector nobody is asked to drop a card: P3's drop is refused.
    assert "action 2 (P3): 'wheel drop blue-4' is not allowed for P3 now" in error(other)
    bad = changed(tmp_path, "options/o42_wheel_spin_fixed", deck,
                  ('wheel = "uno-wizz"', 'wheel = "jackpot"'))
    assert error(bad) == (f"Error: {bad}: action 1 (P1): chance.wheel: 'jackpot' is no sector "
                          "of the wheel; the sectors are almost-uno, one-number-less, "
                          "one-colour-less, draw-to-red, draw-to-blue, hands-left, show-hand, "
                          "uno-wizz, war")
    shout = changed(tmp_path, "options/o42_wheel_spin_fixed", deck,
                    ('shouters = ["P3"]', "shouters = []"))
    assert error(shout) == (f"Error: {shout}: action 1 (P1): the round needs one more shout "
                            "of Uno Wizz than chance.shouters gives; add its outcome to the "
                            "list")


def test_o43_dispenser_presses_fixed_by_the_situation(tmp_path: Path) -> None:
    check("options/o43_dispenser_presses_fixed")
    none = changed(tmp_path, "options/o43_dispenser_presses_fixed",
                   ("presses = 3", "presses = 0"))
    assert failures(none)[0].startswith("actor: expected 'P1', got 'P2'")
    many = changed(tmp_path, "options/o43_dispenser_presses_fixed",
                   ("presses = 3", "presses = 8"))
    assert error(many) == (f"Error: {many}: action 1 (P1): chance.presses: a press gives 0 to "
                           "7 cards, not 8")
    empty = changed(tmp_path, "options/o43_dispenser_presses_fixed",
                    ("presses = 3", "presses = []"))
    assert "needs one more press of the dispenser than chance.presses gives" in error(empty)


def test_a_reshuffle_order_must_hold_the_cards_reshuffled(tmp_path: Path) -> None:
    path = changed(tmp_path, "c27_reshuffled_wild_loses_its_colour",
                   ('[["wild", "blue-1", "yellow-2"]]', '[["wild", "blue-1", "red-2"]]'))
    assert error(path) == (f"Error: {path}: action 1 (P1): chance.reshuffles: reshuffle 1 "
                           "takes blue-1 wild yellow-2; list exactly these cards, the next "
                           "to be drawn first")


def test_the_cursed_card_needs_its_rule(tmp_path: Path) -> None:
    path = changed(tmp_path, "options/o20_cursed_cards",
                   ('rules = ["cursed-cards", "lowest-score"]', 'rules = ["lowest-score"]'))
    assert "chance.cursed names the cursed card of the cursed-cards rule" in error(path)


def test_a_different_cursed_card_changes_the_points(tmp_path: Path) -> None:
    path = changed(tmp_path, "options/o20_cursed_cards", ('cursed = "wild"', 'cursed = "red-0"'))
    assert failures(path)[0] == "points.P0: expected 202, got 52"


# --- named colours on the discard pile, points, events -----------------------------------------


def test_only_a_wild_carries_a_named_colour(tmp_path: Path) -> None:
    path = changed(tmp_path, "c27_reshuffled_wild_loses_its_colour",
                   ('"blue-1", "wild green"', '"blue-1 green", "wild green"'))
    assert "discard: 'blue-1 green': only a card without a colour of its own (a wild)" in error(
        path)


def test_wrong_points_fail(tmp_path: Path) -> None:
    path = changed(tmp_path, "unplugged/u47_card_points", ("P0 = 97", "P0 = 77"))
    assert failures(path) == ["points.P0: expected 77, got 97"]


def test_event_counts_and_absent_events_fail_when_wrong(tmp_path: Path) -> None:
    path = changed(tmp_path, "c27_reshuffled_wild_loses_its_colour",
                   ('"reshuffle: 3 cards" = 1', '"reshuffle: 3 cards" = 2'),
                   ('"P0 draws" = 0', '"P1 draws" = 0'))
    assert failures(path) == [
        "event_counts: expected 2 event(s) starting 'reshuffle: 3 cards', got 1: "
        "['reshuffle: 3 cards']",
        "event_counts: expected 0 event(s) starting 'P1 draws', got 1: ['P1 draws wild']"]


# --- errors in the file --------------------------------------------------------------------------


@pytest.mark.parametrize(("old", "new", "message"), [
    ("[expect]\n", "[expect]\nscore = 1\n", "[expect] has unknown field(s) score; it may have"),
    ('hands = { P2 = ["red-6"', 'hands = { P2 = ["red-66"',
     "expect.hands.P2: 'red-66' is not a card of the deck classic"),
    ('actor = "P3"', 'actor = "P12"', "expect.actor: there is no seat P12 with 4 players"),
    ('actor = "P3"', 'actor = "third"', "expect.actor: 'third' is not a seat; write seats as"),
    ('legal = ["draw"', 'legal = ["jump"', "expect.legal: 'jump': unknown verb 'jump'"),
    ("[hands]", "out = [\"P0\"]\n[hands]", "out: P0 is out of the round, so his hand must "
                                          "be empty"),
    ("[hands]", "[chance]\ncursd = 1\n[hands]", "[chance] has unknown field(s) cursd"),
    ("expect_refused = \"it is P3's move, not P2's\"", "expect_refused = 3",
     "expect_refused is 3; give a text in quotes"),
])
def test_file_errors_name_the_file_and_the_field(tmp_path: Path, old: str, new: str,
                                                 message: str) -> None:
    path = changed(tmp_path, "c18_skipped_player_may_not_play", (old, new))
    assert message in error(path)


def test_a_colour_named_on_the_top_card_is_the_colour_in_force() -> None:
    hands = {"P0": ["red-1"], "P1": ["blue-4", "red-9"]}
    state = build_state({"top": "wild blue", "turn": "P1", "hands": hands}, "test")
    assert state.variant.colors[state.color] == "blue"
    with pytest.raises(SituationError, match="test: the top card names its colour already; "
                                             "leave out 'color'"):
        build_state({"top": "wild blue", "color": "red", "hands": hands}, "test")
    with pytest.raises(SituationError, match="test: the top card has no colour of its own"):
        build_state({"top": "wild", "hands": hands}, "test")


def test_the_documented_example_is_a_situation_that_holds(tmp_path: Path) -> None:
    page = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    section = page[page.index("## Situation files"):]
    example = section[section.index("```toml\n") + 8:section.index("```\n", 8)]
    path = tmp_path / "example.toml"
    path.write_text(example, encoding="utf-8")
    result = explain(path)
    assert result.checked == 5 and result.failures == []


def test_a_table_of_eleven_is_refused_for_what_it_is(tmp_path: Path) -> None:
    path = changed(tmp_path, "c12_matching", ("players = 3", "players = 11"))
    assert error(path).endswith("players is 11; a table has 2 to 10 players")


def test_a_catch_by_a_seat_asked_later_says_who_is_asked_first(tmp_path: Path) -> None:
    """C-24, U-40: every opponent may catch, but they are asked in turn from P2 on."""
    path = changed(tmp_path, "c24_uno_caught",
                   ('actions = ["play red-9", "pass", "catch P1"]',
                    'actions = ["play red-9", "P3: catch P1"]'))
    assert error(path).endswith("it is P2's move, not P3's (top red-9, colour red, "
                                "clockwise, P2 to respond); P2 is asked first: write "
                                "'P2: pass' before")


@pytest.mark.parametrize(("deck", "answers"), [
    ("classic", "(challengeable)"),
    ("unplugged", "(reflectable, redirectable, challengeable)"),  # Boomerang, Dérivation
])
def test_a_pending_draw_lists_only_the_answers_the_deck_has(deck: str, answers: str,
                                                            tmp_path: Path) -> None:
    path = tmp_path / "plus4.toml"
    path.write_text(f'deck = "{deck}"\nplayers = 3\ntop = "red-3"\nturn = "P1"\n'
                    'actions = ["play wild-draw-four blue"]\n[hands]\n'
                    'P0 = ["red-1", "blue-2"]\nP1 = ["wild-draw-four", "yellow-1", "green-2"]\n'
                    'P2 = ["red-5", "yellow-6"]\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["explain", str(path)])
    assert result.exit_code == 0, result.output
    assert f"pending: P2 draws 4, P2 misses the turn {answers}\n" in result.output


def test_a_situation_on_a_deck_check_refuses_is_refused_with_the_same_reason(
        tmp_path: Path) -> None:
    (tmp_path / "odd.toml").write_text('name = "Odd"\nbase = "classic"\ntotal = 119\n'
                                       "[cards]\nwild = 5\n", encoding="utf-8")
    path = tmp_path / "s.toml"
    path.write_text('deck = "odd.toml"\nplayers = 3\ntop = "red-3"\nturn = "P1"\n'
                    '[hands]\nP0 = ["red-1"]\nP1 = ["red-2"]\nP2 = ["red-4"]\n',
                    encoding="utf-8")
    message = error(path)
    assert message.startswith(f"Error: {path}: ") and "119" in message and "109" in message


def test_a_misspelt_card_in_a_hand_gets_a_suggestion(tmp_path: Path) -> None:
    path = changed(tmp_path, "c12_matching", ('"red-1"', '"rde-1"'))
    assert "'rde-1' is not a card of the deck classic; did you mean 'red-1'?" in error(path)


def test_a_misspelt_card_in_an_action_is_an_error_even_when_a_refusal_is_expected(
        tmp_path: Path) -> None:
    # 'play blue-44' is no card at all: not an illegal play that expect_refused accepts.
    path = changed(tmp_path, "c12_card_that_does_not_match_is_refused",
                   ('"P1: play blue-4"', '"P1: play blue-44"'))
    message = error(path)
    assert ("action 1 'P1: play blue-44': 'blue-44' is not a card of the deck classic; did "
            "you mean 'blue-4'?") in message
