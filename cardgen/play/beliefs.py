"""What a seat may believe of the other hands, from what it saw them do.

A player who draws a card and lays nothing held no card that would go on the pile then
(a careful player never draws when he can play, and lays the card he drew if it fits):
the next time the seat decides, it sees the pile unchanged and that player's hand one
card bigger, or (four-handed, where the pile seldom stays still between two of the
seat's turns) it reads the turns between from the cards laid and the hands' sizes.
:class:`Beliefs` notes such *bars* from the seat's own views, one decision to the next
(nothing else: it reads only what the seat sees), and
:func:`deal_by_beliefs` deals a world's hidden cards again so that they keep to them.
A world dealt uniformly gives a player who just drew on red as many reds as anyone;
the bars are what let a search see that keeping the colour red makes him draw again.

A bar covers the cards the player held when he drew; it is dropped a card at a time as
he lays cards (which ones he laid is not known, so every bar loses one), so it only
ever says less than what is known, never more.

Two more things a careful player's cards say: a colour named with a wild is the colour
its player holds most (:attr:`Beliefs.named`, :func:`deal_by_named`), and a +4 is no
bluff (:func:`honest_fours`): its author holds none of the colour asked. A bluffer
fools these beliefs, as he would fool a person who trusts him, until he is found out
(:class:`BluffWatch`): from then on his +4s are dealt as chance has it, and a search
challenges one when its worlds say it pays.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from cardgen.engine.actions import Action, Challenge, Play
from cardgen.engine.game import Player
from cardgen.engine.observation import SeatView
from cardgen.engine.state import RoundState


class Beliefs:
    """Bars on the other seats' hands, for one round seen from one seat."""

    __slots__ = ("_view", "_sizes", "_pile", "_top", "_color", "bars", "named", "bluffs",
                 "last_laid")

    def __init__(self) -> None:
        self._view: SeatView | None = None
        self._sizes: tuple[int, ...] = ()
        self._pile = self._top = self._color = -1
        #: seat -> [kinds barred, how many of its cards the bar covers]
        self.bars: dict[int, list[tuple[frozenset[int], int]]] = {}
        #: seat -> the colour it named with a wild and has laid nothing since: the
        #: colour it is believed to hold most (a careful player names that one)
        self.named: dict[int, int] = {}
        #: the seats found out bluffing a +4: theirs are not believed any more
        self.bluffs = BluffWatch()
        #: the card the other seat laid since this seat acted, two-handed, when it was all
        #: he did: a world must give him a hand from which a careful player lays it
        self.last_laid: LastLaid | None = None

    def observe(self, view: SeatView) -> None:
        """Read what happened since this seat last acted (a new view: a new round)."""
        if view is not self._view:  # a round's views live as long as the round
            self._view = view
            self.bars = {}
            self.named = {}
            self._sizes = ()
            self.bluffs.new_round()
        self.last_laid = None
        if not self._sizes:
            self.bluffs.observe(view, [])
            return
        sizes = view.hand_sizes
        pile = len(view.discard)
        laid = pile - self._pile  # by the others since this seat acted
        # Two-handed, the cards laid since this seat acted are the other's, and known.
        his = ([view.variant.kind(card.id) for card in view.discard[pile - laid:]]
               if view.variant.players == 2 and laid > 0 else None)
        self.bluffs.observe(view, his or [])
        if laid == 1 and view.variant.players == 2 and self._color >= 0 and not view.pending:
            other = view.next_seat()
            if sizes[other] == self._sizes[other] - 1:  # (he drew nothing)
                self.last_laid = LastLaid(other, view.variant.kind(view.discard[-1].id),
                                          self._top, self._color, view.color_index)
        if laid < 0:  # the pile was shuffled into a new draw pile: start again
            self.bars = {}
            self.named = {}
            return
        quiet = laid == 0 and view.top_kind == self._top and not view.pending
        drew = {} if quiet else self._walk(view, sizes, laid)
        for seat, size in enumerate(sizes):
            if seat == view.seat:
                continue
            grown = size - self._sizes[seat]
            # Cards laid (any of them may have been barred ones), counted by the pile:
            # a hand that drew two and laid one has grown, yet lost a card.
            gone = max(laid, -grown)
            bars = [(kinds, min(count - _worn(kinds, gone, laid, his), size))
                    for kinds, count in self.bars.get(seat, ())]
            bars = [bar for bar in bars if bar[1] > 0]
            if quiet and grown == 1 and view.color_index >= 0:
                bars.append((view.variant.matching(view.color_index, view.top_kind), size))
            elif seat in drew:
                bars.append((drew[seat], size))
            if bars:
                self.bars[seat] = bars
            else:
                self.bars.pop(seat, None)
            if grown < 0:
                self.named.pop(seat, None)
        self._note_named(view, sizes, laid)

    def _note_named(self, view: SeatView, sizes: tuple[int, ...], laid: int) -> None:
        """A wild on top, laid since this seat acted by the one other seat whose hand
        shrank: that seat named the colour in force, the colour it holds most."""
        if laid <= 0 or view.color_index < 0 or not view.variant.kinds[view.top_kind].any_card:
            return
        shrank = [s for s, size in enumerate(sizes)
                  if s != view.seat and size < self._sizes[s]]
        if len(shrank) == 1:
            self.named[shrank[0]] = view.color_index

    def _walk(self, view: SeatView, sizes: tuple[int, ...],
              laid: int) -> dict[int, frozenset[int]]:
        """The kinds that fitted the pile when each other seat drew and laid nothing
        that did not fit, read from the public record of the turns since this seat
        acted (the cards laid, in order, and each hand's size), when it can be read
        without doubt: the others each played once, in turn, number cards only (no
        card changed the turn order or the colour unseen), each laying one card, or
        drawing one and laying it or keeping it. Otherwise nothing."""
        variant = view.variant
        if view.pending or self._color < 0 or laid < 0:
            return {}
        new = [variant.kind(card.id) for card in view.discard[len(view.discard) - laid:]]
        if any(variant.kinds[k].effect != "number" for k in new):
            return {}
        top, color, at = self._top, self._color, 0
        found: dict[int, frozenset[int]] = {}
        for step in range(1, view.variant.players):
            seat = view.next_seat(step)
            grown = sizes[seat] - self._sizes[seat]
            if grown == 1 or grown == 0:  # he drew: nothing he held fitted
                found[seat] = variant.matching(color, top)
            if grown in (-1, 0):  # he laid a card (the one drawn, if he drew)
                if at >= len(new):
                    return {}
                top = new[at]
                color = variant.color_of[top]
                at += 1
            elif grown != 1:
                return {}
        return found if at == len(new) else {}

    def acted(self, view: SeatView, action: Action) -> None:
        """Note the round as this seat leaves it: the pile as its action makes it."""
        self.bluffs.acted(view, action)
        self._sizes = view.hand_sizes
        played = isinstance(action, Play)
        self._pile = len(view.discard) + (1 if played else 0)
        self._top = action.kind if isinstance(action, Play) else view.top_kind
        if isinstance(action, Play):
            # (a Play's colour_index is the colour it names: -1 for a coloured card); a
            # card that may change the turns leaves the next turns unread (-1)
            plain = view.variant.kinds[action.kind].effect in ("number", "wild")
            self._color = (-1 if not plain else action.color_index
                           if action.color_index >= 0 else view.variant.color_of[action.kind])
        else:
            self._color = view.color_index


def _worn(kinds: frozenset[int], gone: int, laid: int, his: list[int] | None) -> int:
    """How many of a bar's cards may have left a hand that lost ``gone`` cards, ``laid``
    of them on the pile: any of them, unless the cards laid are known (``his``,
    two-handed) and were all he lost; then only those of a kind the bar allows (one it
    rules out was drawn after the bar, since he held none then)."""
    if his is None or gone != laid:
        return gone
    return sum(kind not in kinds for kind in his)


class LastLaid(NamedTuple):
    """One card the other seat laid (two-handed), and the pile as he found it."""

    seat: int
    kind: int
    top: int  # the pile's top he laid it on
    color: int  # the colour then in force
    named: int  # the colour in force after it (the one named, for a wild)


def lays_it(world: RoundState, laid: LastLaid, careful: Player) -> bool:
    """Whether ``careful``, holding ``world``'s hand of the seat that laid ``laid`` with
    that card back in it, would have laid it on the pile he found: a world where he
    would not have is one a careful player's choice rules out (a careful player lays an
    action card before a number, so one who laid a 2 on red held no red Skip)."""
    state = world.copy(rng=world.rng)
    seat = laid.seat
    state.hands[seat].append(laid.kind)
    state.discard.append(laid.top)
    state.color = laid.color
    state.match_set = state.variant.match_rows[laid.top][laid.color + 1]
    state.turn = seat
    action = careful.choose(SeatView(state, seat), state.rules.turn_actions(state, seat))
    return (isinstance(action, Play) and action.kind == laid.kind
            and action.color_index in (-1, laid.named))


class BluffWatch:
    """The seats found out bluffing a +4 (C-20), from what this seat sees: the author's
    hand shown to it after its own challenge (C-22), or, two-handed, a card of the
    colour asked laid later by an author who has drawn nothing since (so he held it when
    he laid the +4). A seat found out stays so from round to round: a careful player
    trusts a +4 until its author is caught lying once."""

    __slots__ = ("bluffers", "_open", "_challenged")

    def __init__(self) -> None:
        self.bluffers: set[int] = set()
        #: author -> (the colour asked, his hand's size since): +4s not yet judged
        self._open: dict[int, tuple[int, int]] = {}
        self._challenged = -1  # the author this seat has just challenged

    def new_round(self) -> None:
        self._open = {}
        self._challenged = -1

    def observe(self, view: SeatView, his: list[int]) -> None:
        """Judge the open +4s by what was shown since this seat acted and, two-handed, by
        the cards the other laid since (``his``; empty otherwise), then note a new one."""
        variant = view.variant
        sizes = view.hand_sizes
        if self._challenged >= 0:
            author, self._challenged = self._challenged, -1
            asked = self._open.pop(author, (-1, 0))[0]
            shown = view.revealed.get(author, ())
            if asked >= 0 and any(variant.kind(card.id) in variant.counts_as[asked]
                                  for card in shown):
                self.bluffers.add(author)
        # Two-handed, the cards laid since this seat acted are all the other's.
        for author, (asked, size) in list(self._open.items()):
            if sizes[author] > size - len(his):  # he drew: not the hand he laid it from
                del self._open[author]
            elif not variant.counts_as[asked].isdisjoint(his):
                self.bluffers.add(author)
                del self._open[author]
            else:
                self._open[author] = (asked, sizes[author])
        self._note_four(view)

    def _note_four(self, view: SeatView) -> None:
        """A +4 of another seat open to a challenge on the pile, the colour asked known
        from the card under it."""
        pending = view.pending
        if not pending or len(view.discard) < 2:
            return
        last = pending[-1]
        author = last["author"]
        variant = view.variant
        if (not last["challengeable"] or author is None or author == view.seat
                or author in self._open
                or variant.kind(view.discard[-1].id) != variant.kind(last["card"])):
            return
        asked = variant.color_of[variant.kind(view.discard[-2].id)]
        if asked >= 0:
            self._open[author] = (asked, view.hand_sizes[author])

    def acted(self, view: SeatView, action: Action) -> None:
        if isinstance(action, Challenge) and view.pending:
            author = view.pending[-1]["author"]
            self._challenged = author if author is not None else -1


def deal_by_beliefs(world: RoundState, bars: dict[int, list[tuple[frozenset[int], int]]],
                    rng: random.Random) -> None:
    """Swap cards of ``world``'s barred hands with the draw pile until each keeps to its
    bars (a card that no card left in the pile can replace stays as it is). With
    two-faced cards the other hands are seen by their other side (FL-06) and the world
    already holds them as they are: nothing is swapped."""
    pile = world.draw_pile
    if not pile or world.variant.two_faced:
        return
    for seat, seat_bars in bars.items():
        hand = world.hands[seat]
        for slot in range(len(hand)):
            barred = frozenset().union(*(kinds for kinds, count in seat_bars if count > slot))
            if not barred or hand[slot] not in barred:
                continue
            for _ in range(8):  # a few random picks, then a scan from a random place
                at = rng.randrange(len(pile))
                if pile[at] not in barred:
                    break
            else:
                start = rng.randrange(len(pile))
                at = next((i % len(pile) for i in range(start, start + len(pile))
                           if pile[i % len(pile)] not in barred), -1)
                if at < 0:
                    continue
            hand[slot], pile[at] = pile[at], hand[slot]


def deal_by_named(world: RoundState, named: dict[int, int],
                  bars: dict[int, list[tuple[frozenset[int], int]]],
                  rng: random.Random) -> None:
    """Swap cards of ``world``'s hands that named a colour with the draw pile until that
    colour is the one each holds most (wilds count for none), taking from the pile only
    cards of that colour that no bar of the hand forbids."""
    pile = world.draw_pile
    color_of = world.variant.color_of
    for seat, color in named.items():
        hand = world.hands[seat]
        barred = frozenset().union(*(kinds for kinds, _ in bars.get(seat, ())))
        for _ in range(len(hand)):
            counts: dict[int, int] = {}
            for kind in hand:
                counts[color_of[kind]] = counts.get(color_of[kind], 0) + 1
            counts.pop(-1, None)
            most = max(counts, key=lambda c: (counts[c], c == color), default=color)
            if most == color:
                break
            start = rng.randrange(len(pile)) if pile else 0
            at = next((i % len(pile) for i in range(start, start + len(pile))
                       if color_of[pile[i % len(pile)]] == color
                       and pile[i % len(pile)] not in barred), -1)
            if at < 0:
                break
            slot = next(i for i, kind in enumerate(hand) if color_of[kind] == most)
            hand[slot], pile[at] = pile[at], hand[slot]


def honest_fours(world: RoundState, seat: int) -> dict[int, list[tuple[frozenset[int], int]]]:
    """Bars from a careful player's +4, never a bluff (C-20): the author of a +4 still
    open to ``seat``'s challenge holds no card of the colour asked."""
    found: dict[int, list[tuple[frozenset[int], int]]] = {}
    for entry in world.stack:
        penalty = entry.penalty
        if (penalty is None or not penalty.challengeable or penalty.author is None
                or penalty.author == seat or entry.prev_color < 0):
            continue
        author = penalty.author
        found.setdefault(author, []).append(
            (world.variant.counts_as[entry.prev_color], len(world.hands[author])))
    return found


def judge_fours(world: RoundState, seat: int) -> None:
    """Whether each open +4 of another seat is a bluff, by its author's hand as dealt."""
    for entry in world.stack:
        penalty = entry.penalty
        if (penalty is not None and penalty.challengeable and penalty.author is not None
                and penalty.author != seat):
            penalty.bluff = world.rules.is_bluff(world, penalty.author, entry.prev_color)
