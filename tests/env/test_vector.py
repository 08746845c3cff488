"""cardgen.env.vector, many tables in one call: over every built-in deck, the same seed
gives the same arrays, the mask is the engine's legal actions at every step, and no
observation moves when another seat's hidden cards change (unless full information is
asked for); finished games start again as Gymnasium's autoreset modes say; the
process-pool variant deals the same games. These are the engine's path (``fast=False``,
whose tables the tests look into); tests/env/test_fast.py holds the compiled path to the
engine's and runs the same public checks on it."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from helpers.vector_runs import check_autoreset, one_round_deck_in, run, same  # noqa: E402

from cardgen.deck.load import builtin_names, load_deck  # noqa: E402
from cardgen.engine import Variant  # noqa: E402
from cardgen.engine.errors import EngineError  # noqa: E402
from cardgen.env.actions import EXTRA_SLOTS  # noqa: E402
from cardgen.env.observations import BlankCache, observation_layout  # noqa: E402
from cardgen.env.shared import SharedVectorEnv  # noqa: E402
from cardgen.env.table import RUNNING  # noqa: E402
from cardgen.env.vector import CardgenVectorEnv, sample_masked  # noqa: E402


def seats_for(deck: str) -> int:
    loaded = load_deck(deck)
    return min(max(4, loaded.min_players), loaded.max_players)


def playable(deck: str) -> str:
    """The deck, or a skip if the engine does not play it yet (a deck still being built)."""
    try:
        Variant.from_deck(load_deck(deck), seats_for(deck), ()).require_playable()
    except EngineError as error:
        pytest.skip(f"{deck}: {error}")
    return deck


DECKS = builtin_names()
#: options whose actions take the extra slots, or move cards between hands
OPTIONS = ("stack-draws", "jump-in", "seven-swaps", "zero-rotates", "play-identical-together")


@pytest.mark.parametrize("deck", DECKS)
def test_the_same_seed_gives_the_same_arrays(deck: str) -> None:
    players = seats_for(playable(deck))
    first = run(CardgenVectorEnv(3, deck, players, fast=False), 7, 60)
    assert same(first, run(CardgenVectorEnv(3, deck, players, fast=False), 7, 60))
    assert not same(first, run(CardgenVectorEnv(3, deck, players, fast=False), 8, 60))


def engine_legal_indices(tables: CardgenVectorEnv, number: int) -> tuple[set[int], int]:
    """The indices of the engine's legal actions at table ``number``, decoded by value
    (not through the index's own lookup by identity), and how many take extra slots."""
    state = tables.tables[number].state
    fixed = tables.index.fixed
    legal = state.legal_actions()
    known = {fixed[action] for action in legal if action in fixed}
    return known, min(sum(1 for action in legal if action not in fixed), EXTRA_SLOTS)


@pytest.mark.parametrize(("deck", "options"), [(deck, ()) for deck in DECKS]
                         + [("classic", OPTIONS)])
def test_the_mask_is_the_engines_legal_actions_at_every_step(
        deck: str, options: tuple[str, ...]) -> None:
    players = seats_for(playable(deck))
    tables = CardgenVectorEnv(4, deck, players, options, autoreset_mode="same-step",
                              fast=False)
    observations, infos = tables.reset(seed=3)
    rng = np.random.default_rng(3)
    first_extra, extras = tables.index.first_extra, 0
    for _ in range(150):
        for number, table in enumerate(tables.tables):
            mask = observations["action_mask"][number]
            known, extra = engine_legal_indices(tables, number)
            assert set(np.flatnonzero(mask[:first_extra])) == known
            assert mask[first_extra:].sum() == extra
            assert infos["seat"][number] == table.seats[table.state.actor]
            extras += extra
        actions = sample_masked(observations["action_mask"], rng)
        observations, _, _, _, infos = tables.step(actions)
    assert extras > 0 or not options  # the options' own actions were offered, and taken


def shuffle_hidden(tables: CardgenVectorEnv, number: int, observer: int) -> None:
    """Deal the cards the observer cannot see (the other hands, the draw pile) anew, each
    hand keeping its size. With two-faced cards it sees the other side of the other
    hands and of the draw pile's top (FL-06): only the cards under the top are hidden."""
    state = tables.tables[number].state
    if state.variant.two_faced:
        under = state.draw_pile[:-1]
        random.Random(number).shuffle(under)
        state.draw_pile[:len(under)] = under
        return
    others = [seat for seat in range(state.n) if seat != observer]
    hidden = [kind for seat in others for kind in state.hands[seat]] + state.draw_pile
    random.Random(number).shuffle(hidden)
    for seat in others:
        size = len(state.hands[seat])
        state.hands[seat][:], hidden = hidden[:size], hidden[size:]
    state.draw_pile[:] = hidden


def observe(tables: CardgenVectorEnv, number: int, seat: int) -> np.ndarray:
    writer, table = tables.writer, tables.tables[number]
    row = np.zeros(writer.size, np.float32)
    writer.write_into(memoryview(row.data).cast("B").cast("f"), 0, table.state, seat,
                      table.game, table.seats, BlankCache())
    return row


@pytest.mark.parametrize(("deck", "options"), [(deck, ()) for deck in DECKS]
                         + [("classic", OPTIONS)])
def test_no_observation_carries_another_seats_hidden_cards(
        deck: str, options: tuple[str, ...]) -> None:
    players = seats_for(playable(deck))
    tables = CardgenVectorEnv(4, deck, players, options, fast=False)
    full = CardgenVectorEnv(4, deck, players, options, full_information=True, fast=False)
    observations, _ = tables.reset(seed=5)
    full.reset(seed=5)
    rng = np.random.default_rng(5)
    changed = 0
    for step in range(40):
        for number, table in enumerate(tables.tables):
            if table.status != RUNNING:
                continue
            seat = table.state.actor
            assert np.array_equal(observe(tables, number, seat),
                                  observations["observation"][number])
            full.tables[number] = table  # the same round, seen with every hand
            before_full = observe(full, number, seat)
            shuffle_hidden(tables, number, seat)
            assert np.array_equal(observe(tables, number, seat),
                                  observations["observation"][number]), (deck, step)
            changed += not np.array_equal(observe(full, number, seat), before_full)
        observations, *_ = tables.step(sample_masked(observations["action_mask"], rng))
    # the full-information view does see them (none on a two-faced deck: the hands
    # are seen, and neither view holds the draw pile under its top)
    assert changed > 0 or tables.variant.two_faced


def test_the_full_information_view_and_the_state_hold_every_hand() -> None:
    tables = CardgenVectorEnv(2, "classic", 4, full_information=True, fast=False)
    observations, _ = tables.reset(seed=1)
    hands = observation_layout(tables.variant, 4, full_information=True)["hands"]
    kinds = len(tables.variant.kinds)
    for number, table in enumerate(tables.tables):
        state = table.state
        seen = observations["observation"][number][hands].reshape(4, kinds)
        for offset in range(4):
            seat = (state.actor + offset) % 4
            assert seen[offset].sum() == len(state.hands[seat])
    assert np.array_equal(tables.state(), observations["observation"])


@pytest.fixture
def one_round_deck(tmp_path: Path) -> str:
    return one_round_deck_in(tmp_path)


@pytest.mark.parametrize("mode", ["next-step", "same-step"])
def test_a_finished_game_starts_again_as_gymnasium_says(one_round_deck: str,
                                                        mode: str) -> None:
    check_autoreset(CardgenVectorEnv(2, one_round_deck, 3, autoreset_mode=mode, fast=False),
                    mode)


def test_an_illegal_action_is_refused_with_a_clear_error() -> None:
    tables = CardgenVectorEnv(2, "classic", 4, fast=False)
    observations, _ = tables.reset(seed=1)
    illegal = int(np.flatnonzero(observations["action_mask"][0] == 0)[0])
    with pytest.raises(ValueError, match="is not legal for the seat to act"):
        tables.step(np.array([illegal, illegal]))


def test_worker_processes_deal_the_same_games_as_one_process() -> None:
    alone = run(CardgenVectorEnv(5, "classic", 4, fast=False), 4, 40)
    with SharedVectorEnv(5, "classic", 4, workers=2, fast=False) as shared:
        assert same(alone, run(shared, 4, 40))
        full = observation_layout(shared.variant, 4, full_information=True)
        assert shared.state().shape == (5, max(part.stop for part in full.values()))
