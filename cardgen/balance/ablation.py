"""Each kind and option measured on pairs of one-round games until its effect is settled.

A pair is the first round of game *j* (seeded ``SEED:pairs:j``) played twice: with the
deck, and with the deck changed (a kind's every copy replaced by plain numbers, see
:mod:`cardgen.balance.kinds`, or an option added). A kind takes only the seeds whose
deal gives it to someone (:func:`cardgen.play.rounds.dealt`): the other rounds say
nothing about its holders, so a card dealt in one round out of five costs no more than
one dealt in every round. An option takes every seed.

At each look of :func:`cardgen.balance.sequential.looks` (400 pairs, 800 …), every
unsettled kind gets the pairs it lacks, all played in one batch, then its interval is
looked at (:meth:`~cardgen.balance.sequential.Boundaries.settle`). Settled kinds get no more
games. Which seeds a kind takes depends on the deals alone, never on a result, and the
pairs are counted in seed order: the same seed gives the same report whatever the
number of workers, or a Ray cluster.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from cardgen.balance.sequential import Boundaries
from cardgen.balance.tally import PairTally
from cardgen.engine.variant import Variant
from cardgen.play.recipes import Recipe
from cardgen.play.records import RoundRecord
from cardgen.play.rounds import RoundJob, RoundPlayer, dealt
from cardgen.play.simulate import SANITY_TURN_CAP

#: No verdict before this many pairs could be compared (an interval needs a spread).
MIN_PAIRS = 30
#: Seeds dealt, at most, per pair of the budget: a kind dealt in fewer than one round in
#: this many may stop short of its budget.
SEEDS_PER_PAIR = 20


class Progress(Protocol):
    """What the study tells a progress bar: a stage begins, a job is done."""

    def stage(self, label: str, total: int) -> None: ...

    def advance(self, count: int) -> None: ...


@dataclass
class Measured:
    """One kind or option: its pairs so far and what they settled."""

    key: str  # the kind's group key or the option's name
    variant: Variant  # the deck changed
    holders: int | None  # the kind in the deck (mask); None for an option
    figure: str  # the figure that settles it: "holder" (a kind) or "length" (an option)
    tally: PairTally = field(init=False)
    taken: int = 0  # seeds taken for pairs
    cursor: int = 0  # the next seed to deal
    verdict: str | None = None
    look: int = 0  # the look it settled at (or the last one it had)

    def __post_init__(self) -> None:
        self.tally = PairTally(self.holders, sign=1 if self.holders is not None else -1)


def pairs_recipe(variant: Variant, player: str, seed: str) -> Recipe:
    return Recipe.of(variant, player, f"{seed}:pairs", check="none",
                     turn_cap=SANITY_TURN_CAP, record=True)


def measure(deck: Variant, measured: Sequence[Measured], schedule: Sequence[int],
            bounds: Boundaries, *, player: str, seed: str, workers: int = 1,
            cluster: str | None = None, progress: Progress | None = None) -> int:
    """Play pairs until each of ``measured`` is settled or has had its pairs at the last
    look of ``schedule``; returns how many rounds of the deck were played for pairs."""
    recipes = [pairs_recipe(deck, player, seed)]
    recipes += [pairs_recipe(m.variant, player, seed) for m in measured]
    max_pairs = schedule[-1]
    deals: dict[int, int] = {}  # seed -> every kind dealt in it (mask)
    deck_rounds: dict[int, RoundRecord] = {}
    played = 0  # the deck's rounds played and no longer kept

    def dealt_kinds(j: int) -> int:
        if j not in deals:
            mask = 0
            for hand in dealt(deck, recipes[0], j):
                mask |= hand
            deals[j] = mask
        return deals[j]

    with RoundPlayer(recipes, workers, cluster) as table:
        for number, target in enumerate(schedule, 1):
            active = [m for m in measured if m.verdict is None]
            if not active:
                break
            wanted: dict[int, list[int]] = {}
            for run, m in enumerate(measured, 1):
                while (m.verdict is None and m.taken < target
                       and m.cursor < SEEDS_PER_PAIR * max_pairs):
                    j, m.cursor = m.cursor, m.cursor + 1
                    if m.holders is None or dealt_kinds(j) & m.holders:
                        wanted.setdefault(j, []).append(run)
                        m.taken += 1
            jobs = [RoundJob(j, (() if j in deck_rounds else (0,)) + tuple(runs))
                    for j, runs in sorted(wanted.items())]
            if progress is not None:
                progress.stage(f"look {number}/{len(schedule)}, {len(active)} to settle",
                               len(jobs))
            for job, records in zip(jobs, table.play(jobs), strict=True):
                if job.runs[0] == 0:
                    deck_rounds[job.seed] = records[0]
                for run, record in zip(job.runs, records, strict=True):
                    if run:
                        measured[run - 1].tally.add(deck_rounds[job.seed], record)
                if progress is not None:
                    progress.advance(1)
            for m in active:
                m.look = number
                compared = m.tally.sums.get(m.figure)
                if compared is None or compared.games_with_data() < MIN_PAIRS:
                    continue
                m.verdict = bounds.settle(*m.tally.mean_se(m.figure))
            played += len(deck_rounds)
            # A kind takes seeds past its cursor only: the seeds behind every cursor are
            # never needed again (a long study keeps no more than a look's worth).
            behind = min((m.cursor for m in measured if m.verdict is None), default=0)
            deck_rounds = {j: r for j, r in deck_rounds.items() if j >= behind}
            played -= len(deck_rounds)
            deals = {j: d for j, d in deals.items() if j >= behind}
    return played + len(deck_rounds)
