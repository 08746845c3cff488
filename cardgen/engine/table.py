"""The table of a round: the hands, the draw pile, the discard pile, and the round's log.

:class:`Table` is the lowest layer of a round (:class:`~cardgen.engine.state.RoundState`
builds on it): it moves cards between piles and hands and knows nothing of turns or
rules. Its chance steps (the shuffle, where a refused first card goes back, the order of
a reshuffle) are methods, so that a situation file can fix their outcome.

Cards are kinds (small integers, see :mod:`cardgen.engine.variant`); piles are lists
with their top at the end.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterable
from itertools import chain
from typing import ClassVar, Self

from cardgen.engine.cards import CardTables
from cardgen.engine.errors import EngineError
from cardgen.engine.events import (
    Dealt,
    Drew,
    Event,
    FirstCard,
    FirstCardBack,
    HandDealt,
    Reshuffled,
    cards_text,
)


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """A seeded uniform shuffle: each card gets a random key and the list is sorted by
    it. The same permutations as ``rng.shuffle``, equally likely, but the work is in C
    (``random.shuffle`` runs a Python loop per card, the cost of a whole turn)."""
    key = rng.random
    cards.sort(key=lambda _: key())


#: What a copy of a round shares with the original, not being able to change.
_IMMUTABLE = frozenset({int, bool, float, str, type(None), frozenset})
_INTS = frozenset({int, bool})
_ONLY_INT = frozenset({int})


_SLOTS: dict[type, tuple[str, ...]] = {}


def _slots(cls: type) -> tuple[str, ...]:
    """Every attribute slot of ``cls`` and of the classes it builds on."""
    slots = _SLOTS.get(cls)
    if slots is None:
        slots = _SLOTS[cls] = tuple(name for klass in cls.__mro__
                                    for name in getattr(klass, "__slots__", ()))
    return slots


class Table:
    """The cards of one round and where each one is."""

    __slots__ = ("variant", "n", "rng", "hands", "draw_pile", "discard", "set_aside",
                 "universe", "total", "played", "fired", "revealed", "at_uno", "idle",
                 "reshuffles", "dry_draws", "events", "side")

    def __init__(self, variant: CardTables, n: int, rng: random.Random, *, log: bool) -> None:
        self.variant = variant
        self.n = n
        self.rng = rng
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.draw_pile: list[int] = []
        self.discard: list[int] = []
        self.set_aside: list[int] = []  # cards out of play in this round (variants)
        self.universe: Counter[int] = Counter()  # every card of the round, read only
        self.total = 0
        self.played = [0] * len(variant.kinds)
        self.fired = [0] * len(variant.kinds)
        self.revealed: dict[int, dict[int, tuple[int, ...]]] = {}
        self.at_uno = [False] * n  # called UNO and still holds one card
        self.idle = 0  # turns in a row with nothing played and nothing drawn (C-28)
        self.reshuffles = 0
        self.dry_draws = 0  # draws cut short because both piles were empty
        self.events: list[Event] | None = [] if log else None
        #: The side in force of a two-faced deck: 0 light (as dealt), 1 dark (FL-02).
        self.side = 0

    #: What a copy shares with its original, what never changes during a round: the
    #: variant and the deck (a layer above adds what it holds of the same kind).
    SHARED: ClassVar[tuple[str, ...]] = ("variant", "universe")

    def copy(self, *, rng: random.Random | None = None) -> Self:
        """An independent copy of the round as it stands, to try actions on (a search, a
        perft count) without touching this one. The random source is copied with its
        state, so the copy's chance steps come out as this round's would; given ``rng``,
        the copy draws its chance steps from that one instead (not copied: a search's
        thousands of copies skip the random source's 2.5 kB state)."""
        memo: dict[int, object] = {id(value): value for name in self.SHARED
                                   if (value := getattr(self, name, None)) is not None}
        if rng is not None:
            memo[id(self.rng)] = rng
        new = object.__new__(type(self))
        later = []
        for name in _slots(type(self)):
            try:
                value = getattr(self, name)
            except AttributeError:
                continue
            # The piles and the counts are lists of small ints: copied at C speed (and
            # noted in the memo, so that what holds them by identity still does).
            # (the types are gathered at C speed: a search copies rounds by the thousand)
            if type(value) is list and _INTS.issuperset(map(type, value)):
                setattr(new, name, memo.setdefault(id(value), list(value)))
            elif type(value) is list and value and all(type(x) is list for x in value) and all(
                    _ONLY_INT.issuperset(map(type, hand)) for hand in value):
                copied = [memo.setdefault(id(hand), list(hand)) for hand in value]
                setattr(new, name, memo.setdefault(id(value), copied))
            elif type(value) in _IMMUTABLE:
                setattr(new, name, value)
            else:
                later.append(name)
        for name in later:  # what may hold the lists above (a family's round data …)
            setattr(new, name, copy.deepcopy(getattr(self, name), memo))
        if hasattr(self, "__dict__"):  # a subclass's attributes outside the slots
            new.__dict__.update(copy.deepcopy(self.__dict__, memo))
        return new

    def deal_cards(self, dealer: int, size: int) -> None:
        """C-04: shuffle the deck and deal ``size`` cards to each seat; the rest is the
        draw pile."""
        variant = self.variant
        n = self.n
        pile = list(variant.deck)
        if len(pile) < n * size + 1:
            raise EngineError(f"{variant.name}: {len(pile)} cards cannot deal {size} to "
                              f"each of {n} players and turn a first card")
        shuffle(self.rng, pile)
        # One card at a time from the dealer's left on, off the top (the end) of the pile:
        # the i-th seat dealt gets every n-th of the dealt cards from the i-th on.
        cut = len(pile) - n * size
        dealt = pile[cut:][::-1]  # in the order they are dealt
        del pile[cut:]
        for i in range(n):
            self.hands[(dealer + 1 + i) % n] = dealt[i::n]
        self.draw_pile = pile
        self.universe = variant.deck_counts
        self.total = len(variant.deck)
        if self.events is not None:
            self.log(Dealt(dealer))
            for seat, hand in enumerate(self.hands):
                self.log(HandDealt(seat, self.card_ids(hand)))

    def turn_first_card(self) -> int:
        """Turn up the first card of the discard pile (C-06) and return it. A card that
        may not start goes back into the draw pile at a random place (C-11)."""
        pile = self.draw_pile
        variant = self.variant
        if variant.start_kinds.isdisjoint(pile):
            raise EngineError(f"{variant.name}: no card left in the draw pile may start a "
                              "round")
        kind = pile.pop()
        while kind not in variant.start_kinds:
            pile.insert(self.first_card_back(len(pile) + 1), kind)
            self.log(FirstCardBack(variant.kinds[kind].id))
            kind = pile.pop()
        self.discard.append(kind)
        self.log(FirstCard(variant.kinds[kind].id))
        return kind

    def draw_cards(self, seat: int, count: int) -> int:
        """``seat`` draws up to ``count`` cards, reshuffling when the pile runs out. A
        draw that neither pile can supply is cut short (C-28). Returns how many."""
        hand = self.hands[seat]
        pile = self.draw_pile
        got = 0
        while got < count:
            if not pile and not self.reshuffle():
                self.dry_draws += 1
                break
            hand.append(pile.pop())
            got += 1
        if got:
            self.idle = 0
            self.at_uno[seat] = False  # C-25: back above one card, a new call is due
            if self.events is not None:
                self.log(Drew(seat, self.card_ids(hand[-got:])))
        return got

    def reshuffle(self) -> bool:
        """C-27: the discard pile but its top card becomes the draw pile. The colour in
        force stays; the colours named on the wilds shuffled back are forgotten (a kind
        carries no colour)."""
        discard = self.discard
        if len(discard) <= 1:
            return False
        below = discard[:-1]
        del discard[:-1]
        self.shuffle_back(below)
        self.draw_pile.extend(below)
        self.reshuffles += 1
        if self.events is not None:
            self.log(Reshuffled(len(below)))
        return True

    # The round's chance steps besides the deal, each a method so that a situation file
    # can fix its outcome (cardgen.situation subclasses the round).

    def first_card_back(self, places: int) -> int:
        """C-11: where a first card that may not start goes back into the draw pile, as
        an index among ``places`` (0 is the bottom): at random."""
        return self.rng.randrange(places)

    def shuffle_back(self, cards: list[int]) -> None:
        """C-27: the order of the cards a reshuffle makes the new draw pile."""
        shuffle(self.rng, cards)

    def dispenser_press(self, most: int) -> int:
        """O-43: how many cards one press of Uno Extreme's dispenser gives, from 0 to
        ``most``, each as likely."""
        return self.rng.randint(0, most)

    def wheel_spin(self, sectors: tuple[str, ...]) -> str:
        """O-42 (default reading, docs/rules.md): the sector one spin of the Uno Wizz wheel
        stops on, each as likely."""
        return sectors[self.rng.randrange(len(sectors))]

    def pick(self, step: str, count: int, weights: tuple[int, ...] | None = None) -> int:
        """A chance step named ``step``: one of ``count`` outcomes, each as likely, or
        as often as its weight in ``weights`` (:func:`cardgen.engine.api.pick`)."""
        if weights is None:
            return self.rng.randrange(count)
        return self.rng.choices(range(count), weights)[0]

    def first_shouter(self, seats: list[int]) -> int:
        """O-42, the wheel's "Uno Wizz" sector: which of ``seats`` shouts first, each
        as likely."""
        return seats[self.rng.randrange(len(seats))]

    def reveal(self, to: int, of: int) -> None:
        """Show ``of``'s hand to ``to`` (a challenge, C-22); it is part of ``to``'s view."""
        self.revealed.setdefault(to, {})[of] = tuple(self.hands[of])

    def turn_over(self) -> None:
        """FL-02: every card in play turns over, each where it lies (the piles keep their
        order, FL-05): the hands, the draw pile, the discard pile and the cards set aside
        show their other face, and the other side is in force."""
        other = self.variant.other_face
        for hand in self.hands:
            hand[:] = [other[k] for k in hand]
        for pile in (self.draw_pile, self.discard, self.set_aside):
            pile[:] = [other[k] for k in pile]
        self.side ^= 1
        variant = self.variant
        if self.universe is variant.deck_counts:
            self.universe = variant.flipped_counts
        elif self.universe is variant.flipped_counts:
            self.universe = variant.deck_counts
        else:
            self.universe = Counter({other[k]: n for k, n in self.universe.items()})

    def hand_points(self, seat: int) -> int:
        points = self.variant.points_of
        return sum(points[k] for k in self.hands[seat])

    def card_count(self) -> int:
        return (sum(map(len, self.hands)) + len(self.draw_pile) + len(self.discard)
                + len(self.set_aside))

    def card_problems(self) -> list[str]:
        """The invariants of the cards: none created or lost, a discard pile to play on."""
        found = []
        held = tuple(sorted(chain(*self.hands, self.draw_pile, self.discard, self.set_aside)))
        # Sorted piles compare kind by kind at C speed; only a difference is worth the
        # counting that names the cards. A dealt round's cards are the variant's deck,
        # already in order; a situation file's are sorted here.
        universe = self.universe
        if universe is self.variant.deck_counts:
            expected = self.variant.deck
        elif universe is self.variant.flipped_counts:
            expected = self.variant.flipped_deck
        else:
            expected = tuple(sorted(universe.elements()))
        if held != expected:
            counted = Counter(held)
            extra = counted - universe
            lost = universe - counted
            found.append("cards created: " + self.cards_text(extra.elements()) if extra
                         else "cards lost: " + self.cards_text(lost.elements()))
        if not self.discard:
            found.append("the discard pile is empty")
        if self.variant.two_faced:
            side_of = self.variant.side_of
            wrong = [k for k in held if side_of[k] != self.side]
            if wrong:
                found.append(f"faces of the side not in force: {self.cards_text(wrong)}")
        return found

    def log(self, event: Event) -> None:
        """Note what happened, when the round keeps a log (:mod:`cardgen.engine.events`)."""
        if self.events is not None:
            self.events.append(event)

    def card_ids(self, kinds: Iterable[int]) -> tuple[str, ...]:
        kinds_ = self.variant.kinds
        return tuple(kinds_[k].id for k in kinds)

    def cards_text(self, kinds: Iterable[int]) -> str:
        return cards_text(self.card_ids(kinds))

