"""What one game of a run is: the recipe a process rebuilds the variant and the players
from, and the seed of game *i*.

Game *i* of a run with seed *S* is seeded with ``"S:i"``, whatever process plays it, so
the local worker pool (:mod:`cardgen.play.simulate`) and a Ray cluster
(:mod:`cardgen.play.cluster`) play the same games.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.catalogue import Card
from cardgen.deck.load import HAND_SIZE, TARGET
from cardgen.engine.game import Game, GameResult, play_game
from cardgen.engine.variant import Variant
from cardgen.play.players import make_players
from cardgen.play.records import RecordingGame


@dataclass(frozen=True)
class Recipe:
    """Everything a worker process needs to rebuild the variant and the players."""

    cards: tuple[tuple[Card, int], ...]
    players: int
    rules: tuple[str, ...]
    name: str
    player: str
    seed: int | str
    check: str = "fast"
    turn_cap: int | None = None
    record: bool = False  # rounds as RoundRecords (who held and drew what), for balance
    hand_size: int = HAND_SIZE
    target: int = TARGET
    dark_faces: tuple[tuple[Card, Card], ...] = ()  # a two-faced deck's pairs (FL-01)
    launcher: tuple[int, ...] | None = None  # the deck's launcher weights (AT-01)

    def variant(self) -> Variant:
        return Variant(self.cards, self.players, self.rules, name=self.name,
                       hand_size=self.hand_size, target=self.target,
                       dark_faces=self.dark_faces, launcher=self.launcher)

    @classmethod
    def of(cls, variant: Variant, player: str, seed: int | str, check: str = "fast",
           turn_cap: int | None = None, record: bool = False) -> Recipe:
        counts = variant.deck_counts
        cards = tuple((card, counts[k]) for k, card in enumerate(variant.kinds))
        return cls(cards, variant.players, variant.rule_names, variant.name, player, seed,
                   check, turn_cap, record, variant.hand_size, variant.target,
                   variant.dark_faces, variant.launcher)


def game_seed(seed: int | str, index: int) -> str:
    return f"{seed}:{index}"


def play_one(variant: Variant, recipe: Recipe, index: int) -> GameResult:
    seed = game_seed(recipe.seed, index)
    bots = make_players(recipe.player, variant.players, seed)
    return play_game(variant, bots, seed, check=recipe.check, turn_cap=recipe.turn_cap,
                     new_game=RecordingGame if recipe.record else Game)
