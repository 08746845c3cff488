"""Summing recorded games up into the figures of the balance report.

A :class:`Tally` reads one run's games (their rounds recorded, see
:mod:`cardgen.play.records`) in order and keeps, game by game, the sums the
intervals need (:class:`~cardgen.balance.stats.Clustered`). A :class:`PairTally`
compares a changed deck (a kind replaced, an option added) with the deck on pairs of
one-round games dealt by the same seed (:mod:`cardgen.play.rounds`), pair by pair.
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

    def __init__(self, players: int, groups: dict[str, int] | None = None,
                 mercy_limit: int = 0) -> None:
        self.players = players
        self.groups = groups or {}  # group key -> its kinds (mask), for a deck's own run
        self.mercy_limit = mercy_limit  # the Mercy rule's hand size (NM-09); 0: none
        self.first_knock_outs = Counter[int]()  # turn of a round's first knock-out -> rounds
        self.sums: dict[str, Clustered] = {}
        self.games = 0
        self.rounds = 0
        self.turns = Counter[int]()
        self.game_wins = [0.0] * players
        self.finished = 0
        self.played: Counter[str] = Counter()
        self.drawn: Counter[str] = Counter()
        self.left: Counter[str] = Counter()

    def add(self, index: int, result: GameResult) -> None:
        """Count game ``index``."""
        sums = _GameSums()
        kind_masks = self.groups.items()
        for record in result.rounds:
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
            if self.mercy_limit:
                self._knock_outs(sums, record)
            for key, mask in kind_masks:
                self._kind_round(sums, record, key, mask)
        if self.groups:
            self._kind_game(result)
        self.games += 1
        if result.finished:
            self.finished += 1
            for seat in result.winners:
                self.game_wins[seat] += 1 / len(result.winners)
        for name, (total, count) in sums.values.items():
            self.sums.setdefault(name, Clustered.empty()).add(total, int(count))

    def _knock_outs(self, sums: _GameSums, record: RoundRecord) -> None:
        """The Mercy rule's figures: whether it knocked anyone out, how many, whether it
        ended the round, and in which turn it first struck."""
        sums.add("knocked", record.knocked_out > 0)
        sums.add("knock-outs", record.knocked_out)
        sums.add("mercy-end", record.how == "mercy")
        if record.first_knock_out >= 0:
            sums.add("first-knock-out", record.first_knock_out)
            self.first_knock_outs[record.first_knock_out] += 1

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


class PairTally:
    """A changed deck's one-round games against the deck's own, pair by pair.

    Every figure is the deck's minus the changed deck's (what a replaced kind does), or
    the other way round with ``sign=-1`` (what an added option does). ``holders`` is the
    replaced kind's mask: the seats dealt it in the deck's round are its holders, and
    the same seats hold plain numbers instead in the changed deck's."""

    def __init__(self, holders: int | None = None, sign: int = 1) -> None:
        self.holders = holders
        self.sign = sign
        self.sums: dict[str, Clustered] = {}
        self.pairs = 0  # pairs taken, whether they could be compared or not

    def add(self, deck: RoundRecord, other: RoundRecord) -> None:
        self.pairs += 1
        if (deck.how == "capped" or other.how == "capped" or deck.seats != other.seats
                or deck.dealer != other.dealer):
            return  # a round that did not end, or a deal the change moved: no pair
        sign = self.sign
        self._add("turns", sign * (deck.turns - other.turns))
        self._add("points", sign * (deck.points - other.points))
        self._add("first-seat", sign * (first_seat_won(deck) - first_seat_won(other)))
        self._add("no-winner", sign * ((deck.winner is None) - (other.winner is None)))
        self._add("blocked", sign * ((deck.how == "blocked") - (other.how == "blocked")))
        self._add("dry", sign * (deck.dry - other.dry))
        # The change in round length as a share of the length without the change.
        self._add("length", sign * (deck.turns - other.turns),
                  other.turns if sign == 1 else deck.turns)
        if self.holders is not None:
            holders = [seat for seat in deck.seats if deck.dealt[seat] & self.holders]
            self._add("holder", sum(win_share(deck, seat) - win_share(other, seat)
                                    for seat in holders), len(holders))

    def _add(self, name: str, total: float, count: int = 1) -> None:
        self.sums.setdefault(name, Clustered.empty()).add(total, count)

    def effect(self, name: str) -> Interval:
        """The figure's mean effect with its plain 95 % interval."""
        return self.sums.get(name, Clustered.empty()).mean()

    def mean_se(self, name: str) -> tuple[float, float]:
        return self.sums.get(name, Clustered.empty()).mean_se()
