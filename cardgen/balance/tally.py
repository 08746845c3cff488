"""Summing recorded games up into the figures of the balance report.

A :class:`Tally` reads one run's games (their rounds recorded, see
:mod:`cardgen.play.records`) in order and keeps, game by game, the sums the
intervals need (:class:`~cardgen.balance.stats.Clustered`). A run of a changed deck
(a kind ablated, a rule added) played on the same seeds as the deck is also compared
with it round by round: the round *r* of game *g* is dealt by the same seed in both,
so the difference is measured on paired rounds.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from cardgen.balance.stats import Clustered, Interval
from cardgen.engine.game import GameResult
from cardgen.play.records import RoundRecord


def position(record: RoundRecord, seat: int) -> int:
    """A seat's place in the round's order of play: 0 on the dealer's left (plays first)."""
    seats = record.seats
    return (seats.index(seat) - seats.index(record.dealer) - 1) % len(seats)


def win_share(record: RoundRecord, seat: int) -> float:
    """The seat's share of the round's win: 1 if it won, 0 if another seat did, and a
    fair share, one over the seats, if nobody did. A round that blocks or ends with no
    winner thus moves nobody's figure away from a fair share: a card that blocks half
    its rounds cannot look weak for its holders merely because they did not win them."""
    if record.winner is None:
        return 1 / len(record.seats)
    return float(record.winner == seat)


def first_seat_won(record: RoundRecord) -> int:
    return int(record.winner is not None and position(record, record.winner) == 0)


@dataclass
class _GameSums:
    """One game's sums, added to the run's accumulators when the game is over."""

    values: dict[str, list[float]] = field(default_factory=dict)

    def add(self, name: str, value: float) -> None:
        pair = self.values.setdefault(name, [0.0, 0])
        pair[0] += value
        pair[1] += 1


class Tally:
    """The round-level figures of one run."""

    def __init__(self, players: int, groups: dict[str, int] | None = None) -> None:
        self.players = players
        self.groups = groups or {}  # group key -> its kinds (mask), for a deck's own run
        self.sums: dict[str, Clustered] = {}
        self.games = 0
        self.rounds = 0
        self.turns = Counter[int]()
        self.game_wins = [0.0] * players
        self.finished = 0
        self.played: Counter[str] = Counter()
        self.drawn: Counter[str] = Counter()
        self.left: Counter[str] = Counter()
        self.paired: dict[tuple[int, int], RoundRecord] = {}

    def add(self, index: int, result: GameResult, keep: bool = False) -> None:
        """Count game ``index``; ``keep`` its rounds for the runs compared with this one."""
        sums = _GameSums()
        kind_masks = self.groups.items()
        for number, record in enumerate(result.rounds):
            assert isinstance(record, RoundRecord)
            if record.how == "capped":
                continue
            self.rounds += 1
            self.turns[record.turns] += 1
            sums.add("turns", record.turns)
            sums.add("points", record.points)
            sums.add("reshuffles", record.reshuffles)
            sums.add("blocked", record.how == "blocked")
            sums.add("no-winner", record.winner is None)  # blocked, or ended by a card
            sums.add("dry", record.dry)
            for seat in record.seats:
                sums.add(f"position:{position(record, seat)}", record.winner == seat)
            for key, mask in kind_masks:
                self._kind_round(sums, record, key, mask)
            if keep:
                self.paired[(index, number)] = record
        if self.groups:
            self._kind_game(result)
        self.games += 1
        if result.finished:
            self.finished += 1
            for seat in result.winners:
                self.game_wins[seat] += 1 / len(result.winners)
        for name, (total, count) in sums.values.items():
            self.sums.setdefault(name, Clustered.empty()).add(total, int(count))

    def _kind_round(self, sums: _GameSums, record: RoundRecord, key: str, mask: int) -> None:
        for seat in record.seats:
            won = record.winner == seat
            if record.dealt[seat] & mask:
                sums.add(f"dealt:{key}", won)
            else:
                sums.add(f"not-dealt:{key}", won)
                if record.drew[seat] & mask:
                    sums.add(f"drew:{key}", won)
                else:
                    sums.add(f"never:{key}", won)
        for kinds, counter in ((record.drawn, self.drawn), (record.left, self.left)):
            counter[key] += sum(n for k, n in kinds.items() if mask >> k & 1)

    def _kind_game(self, result: GameResult) -> None:
        for key, mask in self.groups.items():
            self.played[key] += sum(n for k, n in enumerate(result.played) if mask >> k & 1)

    def mean(self, name: str) -> Interval:
        return self.sums.get(name, Clustered.empty()).mean()

    def share(self, name: str) -> Interval:
        return self.sums.get(name, Clustered.empty()).proportion()

    def per_round(self, counter: Counter[str], key: str) -> float:
        return counter[key] / self.rounds if self.rounds else 0.0


class PairedTally:
    """A changed deck's run against the deck's own, paired round by round."""

    def __init__(self, base: Tally, holders: int | None = None, sign: int = 1) -> None:
        self.base = base
        self.sign = sign  # 1: the deck's figure minus this run's; -1: the other way
        self.holders = holders  # for an ablation: the ablated kinds in the deck (mask)
        self.sums: dict[str, Clustered] = {}
        self.own = Tally(base.players)

    def add(self, index: int, result: GameResult) -> None:
        self.own.add(index, result)
        sums = _GameSums()
        for number, record in enumerate(result.rounds):
            base = self.base.paired.get((index, number))
            if (base is None or not isinstance(record, RoundRecord) or record.how == "capped"
                    or base.seats != record.seats or base.dealer != record.dealer):
                continue
            # The deck's figure minus the changed deck's: what an ablated kind does (the
            # sign turned over for a rule added to the deck).
            sign = self.sign
            sums.add("turns", sign * (base.turns - record.turns))
            sums.add("points", sign * (base.points - record.points))
            sums.add("first-seat", sign * (first_seat_won(base) - first_seat_won(record)))
            sums.add("no-winner", sign * ((base.winner is None) - (record.winner is None)))
            sums.add("dry", sign * (base.dry - record.dry))
            if self.holders is not None:
                for seat in base.seats:
                    if base.dealt[seat] & self.holders:
                        sums.add("holder", win_share(base, seat) - win_share(record, seat))
        for name in ("turns", "points", "first-seat", "no-winner", "dry", "holder"):
            total, count = sums.values.get(name, [0.0, 0])
            self.sums.setdefault(name, Clustered.empty()).add(total, int(count))

    def effect(self, name: str) -> Interval:
        return self.sums.get(name, Clustered.empty()).mean()
