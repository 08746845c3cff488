"""Perft counts: from fixed positions, how many distinct sequences of legal actions there
are to depth 1, 2 and 3, checked against the counts stored in ``tests/perft/counts.toml``
(python-chess checks its move generator, variants included, the same way).

Each position is a situation file of ``tests/perft/`` (the format of ``cardgen
explain``): the table, then the actions that lead to the moment counted. A sequence
stops early where the round ends. The walk tries every action on a
:meth:`RoundState.copy`, so the counts check the copy too; one test walks a position
again by rebuilding it from its file and replaying each prefix, without any copy, and
must find the same counts.

A count that changes means the legal actions changed somewhere in the tree. After a
deliberate change of the rules, write the counts again and read the diff:

    python tests/engine/test_engine_perft.py
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

from cardgen.engine import Action, RoundState, parse_action
from cardgen.engine.state import OVER
from cardgen.situation.run import SEAT_PREFIX, load_situation
from cardgen.situation.setup import build_situation

# (no helpers import: this file also runs as a script, outside pytest)
TESTS = Path(__file__).resolve().parents[1]

PERFT = TESTS / "perft"
COUNTS = PERFT / "counts.toml"
POSITIONS = sorted(p.stem for p in PERFT.glob("*.toml") if p != COUNTS)
DEPTH = 3


def position(name: str) -> RoundState:
    """The round of ``tests/perft/<name>.toml`` after its actions."""
    path = PERFT / f"{name}.toml"
    data, label = load_situation(path)
    state: RoundState = build_situation(data, label, path.parent).state
    for text in data.get("actions", []):
        named = SEAT_PREFIX.fullmatch(text)
        assert named is not None, f"{name}: write each action with its seat: {text!r}"
        assert f"P{state.actor}" == named.group(1).upper(), f"{name}: {text!r} out of turn"
        state.play(parse_action(named.group(2)))
    return state


def legal(state: RoundState) -> list[Action]:
    actions = state.legal_actions()
    assert len(set(actions)) == len(actions), f"an action offered twice: {actions}"
    return actions


def perft(state: RoundState, depth: int) -> int:
    """The sequences of ``depth`` legal actions from ``state`` (or fewer, ending the round)."""
    if depth == 0 or state.phase == OVER:
        return 1
    total = 0
    for action in legal(state):
        child = state.copy()
        child.play(action)
        assert child.problems() == [], f"after {action}: {child.problems()}"
        total += perft(child, depth - 1)
    return total


def perft_by_replay(name: str, prefix: list[Action], depth: int) -> int:
    """As :func:`perft`, but every node is built from the file again: no copy at all."""
    state = position(name)
    for action in prefix:
        state.play(action)
    if depth == 0 or state.phase == OVER:
        return 1
    return sum(perft_by_replay(name, [*prefix, action], depth - 1) for action in legal(state))


def counts(name: str) -> list[int]:
    state = position(name)
    return [perft(state, depth) for depth in range(1, DEPTH + 1)]


def stored() -> dict[str, list[int]]:
    with COUNTS.open("rb") as handle:
        return {name: list(entry["counts"]) for name, entry in tomllib.load(handle).items()}


def test_every_position_has_stored_counts() -> None:
    assert sorted(stored()) == POSITIONS


@pytest.mark.parametrize("name", POSITIONS)
def test_perft_counts(name: str) -> None:
    assert counts(name) == stored()[name]


def test_the_first_level_is_what_the_rules_allow() -> None:
    # Counted by hand from the files: P1 may challenge P0's +4 or take it (C-21); P1 may
    # answer P0's +2 with his Boomerang, his Dérivation naming P0 or P2, his Non, or take
    # it (U-22 … U-28); after P1's Non, P2 may lay his own on it or pass (U-24); after
    # P0's red 5, P1 holds none and P2 is asked first whether he jumps in (H-11, U-40).
    assert counts("wild_draw_four_challenge")[:2] == [2, 3 + 3]  # then P1's or P2's turn
    assert counts("boomerang_on_draw_two")[0] == 5
    assert counts("non_on_non")[0] == 2
    assert counts("jump_in_window")[0] == 2


def test_the_copy_counts_as_replaying_from_the_file() -> None:
    for name in ("non_on_non", "run"):
        assert perft_by_replay(name, [], 2) == stored()[name][1]


def test_a_copy_plays_on_alone_and_as_the_original_would() -> None:
    from cardgen.engine.game import play_round
    from cardgen.play.players import make_players

    original = position("jump_in_window")
    snapshot = original.copy()
    twin = original.copy()
    play_round(original, make_players("random", 4, 5))
    assert original.phase == OVER
    # the copy taken before was left as it was
    assert snapshot.phase != OVER and legal(snapshot) == legal(position("jump_in_window"))
    assert [list(h) for h in snapshot.hands] == [list(h) for h in position("jump_in_window").hands]
    # and the same players take the same actions, chance steps included, on a copy
    play_round(twin, make_players("random", 4, 5))
    assert (twin.hands, twin.discard, twin.draw_pile, twin.winner, twin.reshuffles) == (
        original.hands, original.discard, original.draw_pile, original.winner,
        original.reshuffles)


if __name__ == "__main__":
    lines = ["# Perft counts of the positions of tests/perft/ at depth 1, 2, 3.",
             "# Written by `python tests/engine/test_engine_perft.py`; read the diff before keeping it.",
             ""]
    for name in POSITIONS:
        lines += [f"[{name}]", f"counts = {counts(name)}", ""]
    COUNTS.write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {COUNTS}", file=sys.stderr)
