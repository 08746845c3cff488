"""cardgen.env.fast, the vector environment's compiled path: a second implementation of
the classic rules, held to the engine's. Both paths play the same games side by side
(the same seeds deal the same cards: the kernel draws from Python's random streams) and
every step's arrays must be equal: masks, observations, rewards, flags, seats, and the
critic's state. The quick set plays a few rounds; the slow set thousands, at 2 to 10
seats. The public checks of tests/env/test_vector.py run here on the compiled path (in
one file, so that one test worker loads the compiled kernel)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("numba")

from helpers.vector_runs import check_autoreset, one_round_deck_in, run, same  # noqa: E402

from cardgen.deck.load import load_deck  # noqa: E402
from cardgen.engine import Variant  # noqa: E402
from cardgen.engine.actions import DRAW, KEEP  # noqa: E402
from cardgen.engine.table import shuffle  # noqa: E402
from cardgen.env.fast import fast_problem  # noqa: E402
from cardgen.env.fast.spec import CONSTS  # noqa: E402
from cardgen.env.fast.twister import STATE, below, seed, seed_words, uniform  # noqa: E402
from cardgen.env.fast.twister import shuffle as compiled_shuffle  # noqa: E402
from cardgen.env.shared import SharedVectorEnv  # noqa: E402
from cardgen.env.vector import CardgenVectorEnv, sample_masked  # noqa: E402

ARRAYS = ("observation", "mask", "reward", "terminated", "truncated", "seat", "seat_rewards")


@pytest.fixture(scope="module")
def small_deck(tmp_path_factory: pytest.TempPathFactory) -> str:
    """36 cards, 7 dealt to each of 4 players: the piles run dry, rounds end blocked
    (C-28)."""
    cards = [f"{color}-{number} = 1" for color in ("red", "yellow", "green", "blue")
             for number in range(1, 8)]
    cards += ["red-draw-two = 1", "yellow-skip = 1", "green-reverse = 1", "blue-draw-two = 1",
              "wild = 2", "wild-draw-four = 2"]
    deck = tmp_path_factory.mktemp("decks") / "small.toml"
    deck.write_text('name = "Small"\ntotal = 36\nplayers = { min = 2, max = 4 }\n'
                    'rulebook = "classic"\n[cards]\n' + "\n".join(cards) + "\n", encoding="utf-8")
    return str(deck)


@pytest.fixture(scope="module")
def one_round_deck(tmp_path_factory: pytest.TempPathFactory) -> str:
    return one_round_deck_in(tmp_path_factory.mktemp("decks"))


def arrays(returned: tuple[object, ...]) -> tuple[np.ndarray, ...]:
    observations, rewards, terminated, truncated, infos = returned  # type: ignore[misc]
    return (observations["observation"], observations["action_mask"], rewards, terminated,
            truncated, infos["seat"], infos["seat_rewards"])


def eager(masks: np.ndarray, engine: CardgenVectorEnv, rng: np.random.Generator,
          every: int) -> np.ndarray:
    """Random legal actions; every ``every``-th table's player never draws while it may
    play (the uniform random player draws so often that a round lasts 1 400 actions)."""
    index = engine.index.fixed
    chosen = masks.copy()
    rows = np.arange(0, len(chosen), every)
    chosen[rows[:, None], [index[DRAW], index[KEEP]]] = 0
    stuck = ~chosen.any(axis=1)
    chosen[stuck] = masks[stuck]
    return sample_masked(chosen, rng)


def lockstep(deck: str, players: int, tables: int, steps: int, seed: int, *, every: int = 1,
             turn_cap: int | None = None, **spec: object) -> Counter[str]:
    """Play both paths side by side, random legal actions (see :func:`eager`), comparing
    every array at every step; returns what was played (by verb) and how rounds ended.
    ``turn_cap`` cuts a round after so many actions (the engine's is 200 000)."""
    fast = CardgenVectorEnv(tables, deck, players, fast=True, **spec)  # type: ignore[arg-type]
    engine = CardgenVectorEnv(tables, deck, players, fast=False, **spec)  # type: ignore[arg-type]
    assert fast.fast is not None and engine.fast is None
    if turn_cap is not None:
        fast.fast.spec.consts[CONSTS.index("turn_cap")] = turn_cap
        for table in engine.tables:
            table.turn_cap = turn_cap
    observations, _ = fast.reset(seed=seed)
    expected, _ = engine.reset(seed=seed)
    for name in ("observation", "action_mask"):
        assert np.array_equal(observations[name], expected[name]), name
    rng = np.random.default_rng(seed)
    seen: Counter[str] = Counter()
    last: list[object] = [None] * tables
    for step in range(steps):
        actions = eager(expected["action_mask"], engine, rng, every)
        for number, action in enumerate(actions.tolist()):
            if engine.tables[number].indices:
                seen[engine.index.names[action].split()[0]] += 1
        got, want = arrays(fast.step(actions)), arrays(engine.step(actions))
        for name, one, other in zip(ARRAYS, got, want, strict=True):
            assert np.array_equal(one, other), (name, step, np.flatnonzero(
                (one != other).reshape(tables, -1).any(axis=1)))
        if step % 25 == 0:
            assert np.array_equal(fast.state(), engine.state()), step
        seen["games over"] += int(want[3].sum() + want[4].sum())
        for number, table in enumerate(engine.tables):
            rounds = table.game.rounds
            if rounds and rounds[-1] is not last[number]:  # a round ended: how
                last[number] = rounds[-1]
                seen[f"rounds {rounds[-1].how}"] += 1
                seen["rounds reshuffled"] += rounds[-1].reshuffles > 0
        expected = {"action_mask": want[1]}
    return seen


def test_the_compiled_random_streams_are_pythons() -> None:
    for text in ("cardgen:1:0:0:round:0", "cardgen:abc:12:3:game", ""):
        stream = random.Random(text)
        state = np.zeros(STATE, np.uint32)
        key = seed_words(text)
        seed(state, key, len(key))
        assert tuple(int(word) for word in state) == stream.getstate()[1]
        assert [below(state, n) for n in (1, 2, 3, 7, 108, 1000)] == [
            stream.randrange(n) for n in (1, 2, 3, 7, 108, 1000)]
        assert uniform(state) == stream.random()
        for count in (1, 2, 37, 108):
            cards = list(range(count))
            shuffle(stream, cards)
            compiled = np.arange(count, dtype=np.int16)
            compiled_shuffle(state, compiled, count, np.zeros((4, count)))
            assert compiled.tolist() == cards


def test_the_compiled_tables_play_the_engines_games(one_round_deck: str,
                                                    small_deck: str) -> None:
    seen = lockstep("classic", 4, 4, 150, 1)
    assert seen["play"] and seen["draw"]
    seen = lockstep(small_deck, 4, 4, 150, 3, every=2)
    assert seen["rounds reshuffled"] > 0
    seen = lockstep(one_round_deck, 3, 4, 150, 2, autoreset_mode="same-step",
                    reward="points", full_information=True)
    assert seen["games over"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 6, 10])
def test_thousands_of_rounds_are_the_engines(one_round_deck: str, players: int) -> None:
    seen = lockstep(one_round_deck, players, 24, 6000, players, every=2)
    seen += lockstep("classic", players, 8, 3000, 100 + players, every=1,
                     autoreset_mode="same-step", reward="points")
    assert seen["rounds out"] >= 500, seen
    for verb in ("keep", "color", "challenge", "catch", "pass"):
        assert seen[verb] > 0, (verb, seen)
    assert seen["rounds reshuffled"] > 0 and seen["games over"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_dry_piles_and_cut_rounds_end_as_the_engines(small_deck: str, players: int) -> None:
    seen = lockstep(small_deck, players, 16, 3000, players, every=2)
    assert seen["rounds blocked"] > 0 and seen["rounds reshuffled"] > 0, seen
    seen = lockstep(small_deck, players, 8, 1500, players, turn_cap=60)
    assert seen["rounds capped"] > 0, seen


def test_the_fast_path_is_taken_where_it_covers_the_spec() -> None:
    assert CardgenVectorEnv(2, "classic", 4).fast is not None
    assert CardgenVectorEnv(2, "classic", 4, fast=False).fast is None
    assert CardgenVectorEnv(2, "classic", 4, ("stack-draws",)).fast is None
    assert CardgenVectorEnv(2, "classic", 4, opponents="random").fast is None
    assert CardgenVectorEnv(2, "unplugged", 4).fast is None
    with pytest.raises(ValueError, match="cannot play this spec: options"):
        CardgenVectorEnv(2, "classic", 4, ("jump-in",), fast=True)
    assert fast_problem(Variant.from_deck(load_deck("flip"), 4)) is not None
    with pytest.raises(ValueError, match="cannot play this spec"):  # before any worker
        SharedVectorEnv(2, "classic", 4, ("jump-in",), workers=1, fast=True)


# --- tests/env/test_vector.py's public checks, on the compiled path -----------------------


def test_the_same_seed_gives_the_same_arrays() -> None:
    first = run(CardgenVectorEnv(3, "classic", 4), 7, 60)
    assert same(first, run(CardgenVectorEnv(3, "classic", 4), 7, 60))
    assert not same(first, run(CardgenVectorEnv(3, "classic", 4), 8, 60))


@pytest.mark.parametrize("mode", ["next-step", "same-step"])
def test_a_finished_game_starts_again_as_gymnasium_says(one_round_deck: str,
                                                        mode: str) -> None:
    check_autoreset(CardgenVectorEnv(2, one_round_deck, 3, autoreset_mode=mode), mode)


def test_an_illegal_action_is_refused_with_a_clear_error() -> None:
    tables = CardgenVectorEnv(2, "classic", 4)
    observations, _ = tables.reset(seed=1)
    illegal = int(np.flatnonzero(observations["action_mask"][0] == 0)[0])
    with pytest.raises(ValueError, match="is not legal for the seat to act"):
        tables.step(np.array([illegal, illegal]))


def test_worker_processes_deal_the_same_games_as_one_process(tmp_path: Path) -> None:
    alone = run(CardgenVectorEnv(5, "classic", 4, fast=False), 4, 40)
    with SharedVectorEnv(5, "classic", 4, workers=2) as shared:
        assert same(alone, run(shared, 4, 40))
