"""UNO Flip's rules (FL-…) of docs/rules.md, and the two-faced cards they stand on: the
deck format (FL-01), what each seat sees (FL-06) and situation files on the dark side
(FL-10). The other rules are the situation files of tests/situations/flip/, which
tests/situation/test_situations.py runs; one whole game checks every invariant."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers.cli import run_in, unwrapped
from helpers.paths import SITUATIONS

from cardgen.cli import main
from cardgen.deck.load import load_deck
from cardgen.engine import Variant, play_game
from cardgen.engine.errors import SituationError
from cardgen.engine.observation import SeatView
from cardgen.engine.state import RoundState
from cardgen.play.players import make_players
from cardgen.situation import build_state, explain

FLIP = SITUATIONS / "flip"

OWN_DECK = """\
name = "Two faces"
players = { min = 2, max = 6 }
dark_colors = ["pink", "teal"]

[cards]
red-1 = 2
blue-1 = 2
red-flip = 1

[dark_faces]
red-1 = "pink-5"
blue-1 = "teal-5"
red-flip = "teal-flip"
"""


def check_file(tmp_path: Path, text: str) -> str:
    (tmp_path / "deck.toml").write_text(text, encoding="utf-8")
    code, out = run_in(["check", "deck.toml", "--games", "0"], tmp_path)
    assert code == 1, out
    return unwrapped(out)


def test_fl01_a_deck_of_ones_own_with_two_faces_loads(tmp_path: Path) -> None:
    (tmp_path / "deck.toml").write_text(OWN_DECK, encoding="utf-8")
    deck = load_deck(str(tmp_path / "deck.toml"))
    assert deck.errors == []
    assert deck.total() == 5 and deck.dark_faces["red-flip"] == "teal-flip"
    variant = Variant.from_deck(deck, 2)
    assert variant.colors == ("red", "yellow", "green", "blue", "pink", "teal")
    red_1 = variant.kind("red-1")
    assert variant.kinds[variant.other_face[red_1]].id == "pink-5"


def test_fl01_a_missing_dark_face_is_one_line(tmp_path: Path) -> None:
    out = check_file(tmp_path, OWN_DECK.replace('blue-1 = "teal-5"\n', ""))
    assert "card 'blue-1' has no dark face; a two-faced deck gives every card one in " \
           "[dark_faces]" in out


def test_fl01_an_unknown_dark_colour_is_one_line(tmp_path: Path) -> None:
    out = check_file(tmp_path, OWN_DECK.replace('"teal"]', '"teel"]'))
    assert "'dark_colors' names the colour 'teel' (did you mean 'teal'?)" in out


def test_fl01_a_dark_face_of_a_light_colour_is_refused(tmp_path: Path) -> None:
    out = check_file(tmp_path, OWN_DECK.replace('"pink-5"', '"green-5"'))
    assert "the dark face 'green-5' has the colour green" in out


def test_fl01_a_dark_card_in_a_one_faced_deck_is_refused(tmp_path: Path) -> None:
    out = check_file(tmp_path, 'name = "x"\n[cards]\nred-1 = 30\npink-1 = 2\n')
    assert "card 'pink-1' has the dark colour pink" in out


def test_fl04_a_flip_backed_by_a_wild_is_refused(tmp_path: Path) -> None:
    out = check_file(tmp_path, OWN_DECK.replace('"teal-flip"', '"dark-wild"'))
    assert "'red-flip' turns the cards over, but its other face 'dark-wild' has no colour" in out


def test_fl06_a_seat_sees_the_other_side_of_the_others_hands_not_its_own() -> None:
    state = build_state({"deck": "flip", "players": 3, "top": "red-3", "turn": "P0",
                         "draw": ["red-5", "yellow-2"],
                         "hands": {"P0": ["red-1", "blue-2"], "P1": ["green-1", "yellow-4"],
                                   "P2": ["blue-4"]}}, "test")
    view = SeatView(state, 0)
    assert view.side == "light"
    assert [c.id for c in view.hand] == ["red-1", "blue-2"]
    assert view.other_side_of_hand(0) == ()
    assert [c.id for c in view.other_side_of_hand(1)] == ["teal-5", "pink-reverse"]
    top = view.draw_pile_top_other_side
    assert top is not None and top.id == "pink-3"  # red-5, the next card drawn
    seen = view.as_dict()
    assert seen["other_sides"] == {"P1": ["teal-5", "pink-reverse"], "P2": ["pink-9"]}
    assert "P0" not in seen["other_sides"]
    state.turn_over()
    assert SeatView(state, 0).side == "dark"
    assert [c.id for c in SeatView(state, 1).other_side_of_hand(0)] == ["red-1", "blue-2"]


def test_fl06_a_one_faced_deck_shows_nothing_more() -> None:
    state = build_state({"players": 3, "top": "red-3", "turn": "P0",
                         "hands": {"P0": ["red-1"], "P1": ["red-2"], "P2": ["red-4"]}}, "test")
    view = SeatView(state, 0)
    assert view.side is None and view.other_side_of_hand(1) == ()
    assert "other_sides" not in view.as_dict()


def test_fl10_a_light_face_on_the_dark_side_is_refused() -> None:
    with pytest.raises(SituationError, match="name each card by its dark face"):
        build_state({"deck": "flip", "side": "dark", "players": 3, "top": "pink-3",
                     "turn": "P0", "hands": {"P0": ["red-1"], "P1": ["teal-1"],
                                             "P2": ["teal-2"]}}, "test")


def test_fl10_every_flip_situation_holds() -> None:
    for path in sorted(FLIP.glob("*.toml")):
        result = explain(path)
        assert result.checked and result.failures == [], path.name


def test_fl02_a_dealt_round_turns_over_and_keeps_its_cards() -> None:
    variant = Variant.from_deck(load_deck("flip"), 4)
    state = RoundState.deal(variant, 4, 0, random.Random(7))
    before = [list(h) for h in state.hands]
    state.turn_over()
    assert state.side == 1 and state.problems() == []
    assert [[variant.other_face[k] for k in h] for h in before] == state.hands
    state.turn_over()
    assert state.hands == before and state.problems() == []


@pytest.mark.slow
def test_fl02_whole_games_keep_every_invariant() -> None:
    variant = Variant.from_deck(load_deck("flip"), 4)
    for seed in range(20):
        result = play_game(variant, make_players("random", 4, str(seed)), str(seed),
                           check="full")
        assert result.problems == [] and result.finished


def test_fl06_the_terminal_shows_the_side_in_force_and_the_others_other_side() -> None:
    code, out = _play_until_asked()
    assert code == 0, out
    assert "The light side is in force." in out or "The dark side is in force." in out
    assert "P1's cards show you their other side: " in out
    assert "P0's cards show you" not in out  # never one's own
    assert "The top of the draw pile shows: " in out


def _play_until_asked() -> tuple[int, str]:
    """`cardgen play flip` up to its first question, then quit."""
    result = CliRunner().invoke(main, ["play", "flip", "--fast", "--seed", "3"], input="quit\n")
    return result.exit_code, result.output


def test_fl06_every_sampled_world_gives_the_others_the_cards_their_other_side_shows() -> None:
    """A search bot's worlds keep what the seat sees (FL-06): each other hand is pinned by
    its other side (one kind behind each face, FL-01), and so is the draw pile's top;
    only the cards under the top are dealt anew."""
    state = build_state({"deck": "flip", "players": 3, "top": "red-3", "turn": "P0",
                         "draw": ["red-5", "yellow-2", "green-8", "blue-6", "red-7"],
                         "hands": {"P0": ["red-1", "blue-2"], "P1": ["green-1", "yellow-4"],
                                   "P2": ["blue-4", "green-skip", "flip-wild"]}}, "test")
    view = SeatView(state, 0)
    rng = random.Random(4)
    unders = set()
    for _ in range(30):
        world = view.sample_world(rng)
        assert world.hands == state.hands
        assert SeatView(world, 0).as_dict() == view.as_dict()
        assert world.draw_pile[-1] == state.draw_pile[-1]
        assert sorted(world.draw_pile) == sorted(state.draw_pile)
        unders.add(tuple(world.draw_pile[:-1]))
    assert len(unders) > 1  # what lies under the top is not known, and is dealt anew
