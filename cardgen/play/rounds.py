"""One-round games, dealt and played by seed, for studies that compare decks round by round.

Game *j* of a recipe is seeded ``"S:j"`` (:func:`~cardgen.play.recipes.game_seed`) and
only its first round is played: the deal, the dealer and every player's random source
come from that seed alone, so two decks that differ in a few cards get the same hands
but for those cards, and the same players. ``cardgen balance`` plays such pairs: the
deck's round *j* against the round *j* of the deck with one kind of card replaced.

:func:`dealt` only deals (a twentieth of the cost of playing), to find the seeds where a
kind reaches a hand before any game is played. :class:`RoundPlayer` plays lists of
(seed, runs) jobs on local processes or on a Ray cluster and gives back, in the order of
the jobs, the same records whoever played them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Any

from cardgen.engine.game import play_round
from cardgen.engine.variant import Variant
from cardgen.play.players import make_players
from cardgen.play.recipes import Recipe, game_seed
from cardgen.play.records import RecordingGame, RecordingRound, RoundRecord

#: Jobs per chunk sent to a worker: a round takes about a millisecond.
CHUNK = 16


@dataclass(frozen=True)
class RoundJob:
    """Play the first round of game ``seed`` of each of ``runs`` (recipe indices)."""

    seed: int
    runs: tuple[int, ...]


def dealt(variant: Variant, recipe: Recipe, seed: int) -> list[int]:
    """The kinds each seat of the round is dealt (bit masks, in round seat order)."""
    state, _ = RecordingGame(variant, game_seed(recipe.seed, seed)).new_round()
    assert isinstance(state, RecordingRound)
    return state.dealt_masks


def play_first_round(variant: Variant, recipe: Recipe, seed: int) -> RoundRecord:
    """The record of the first round of game ``seed`` of ``recipe``."""
    name = game_seed(recipe.seed, seed)
    game = RecordingGame(variant, name)
    state, seats = game.new_round()
    bots = make_players(recipe.player, variant.players, name)
    actions, turns = play_round(state, [bots[s] for s in seats], check=recipe.check,
                                turn_cap=recipe.turn_cap)
    record = game.finish_round(state, seats, actions=actions, turns=turns)
    assert isinstance(record, RoundRecord)
    return record


def _play_jobs(recipes: Sequence[Recipe], variants: Sequence[Variant],
               jobs: Sequence[RoundJob]) -> list[list[RoundRecord]]:
    return [[play_first_round(variants[run], recipes[run], job.seed) for run in job.runs]
            for job in jobs]


_worker: list[tuple[tuple[Recipe, ...], list[Variant]]] = []


def _start_worker(recipes: tuple[Recipe, ...]) -> None:
    _worker[:] = [(recipes, [recipe.variant() for recipe in recipes])]


def _worker_chunk(jobs: Sequence[RoundJob]) -> list[list[RoundRecord]]:
    recipes, variants = _worker[0]
    return _play_jobs(recipes, variants, jobs)


def _ray_chunk(recipes: Sequence[Recipe], jobs: Sequence[RoundJob]) -> list[list[RoundRecord]]:
    """A chunk of jobs inside a Ray worker."""
    return _play_jobs(recipes, [recipe.variant() for recipe in recipes], jobs)


class RoundPlayer:
    """Plays jobs on one pool of processes kept for the whole study (or on Ray)."""

    def __init__(self, recipes: Sequence[Recipe], workers: int = 1,
                 cluster: str | None = None) -> None:
        self.recipes = tuple(recipes)
        self.variants = [recipe.variant() for recipe in recipes]
        self.workers = workers
        self.cluster = cluster
        self._pool: Any = None
        self._ray: Any = None
        self._ray_recipes: Any = None

    def __enter__(self) -> RoundPlayer:
        if self.cluster is not None:
            from cardgen.play.cluster import connect

            self._ray = connect(self.cluster, self.workers)
            self._ray_recipes = self._ray.put(self.recipes)  # sent to the object store once
        elif self.workers > 1:
            from cardgen.pools import start_pool

            self._pool = start_pool(self.workers, _start_worker, self.recipes)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()

    def play(self, jobs: Sequence[RoundJob]) -> Iterator[list[RoundRecord]]:
        """Each job's records (one per run, in the job's order), job after job."""
        chunks = [jobs[i:i + CHUNK] for i in range(0, len(jobs), CHUNK)]
        if self._ray is not None:
            remote = self._ray.remote(_ray_chunk).remote
            refs = [remote(self._ray_recipes, chunk) for chunk in chunks]
            results: Iterator[list[list[RoundRecord]]] = (self._ray.get(ref) for ref in refs)
        elif self._pool is not None:
            results = self._pool.imap(_worker_chunk, chunks)
        else:
            results = (_play_jobs(self.recipes, self.variants, chunk) for chunk in chunks)
        for chunk_records in results:
            yield from chunk_records
