"""The decision a round waits for and the stack of pending effects.

A card that has been played waits on the stack while the seats are asked, in a fixed
order, whether they respond (a +4 can be challenged, a missed UNO can be caught; the
variants add more). :class:`PendingStack` holds that stack, whose decision it is
(``actor``, ``phase``, ``options``), the colour in force and how the round ended, and
the moves that only set them (ask a seat, offer a card drawn, end the round). It calls
nothing above it: whatever runs the rules' hooks (the loop that resolves the stack and
polls the seats, every move that goes on with it) is the round's, one layer up.

The small types that the round (:mod:`cardgen.engine.state`), the rules and the
observation all need are here too, below every one of them: the phases of decision, a
pending draw (:class:`DrawPenalty`) and an entry of the stack (:class:`Pending`).
"""

from __future__ import annotations

import random
from collections.abc import Set as AbstractSet
from typing import Any

from cardgen.engine.actions import Action, Play, seat_name
from cardgen.engine.cards import CardTables
from cardgen.engine.events import DrawWaiting, RoundOver, WillMissTurn
from cardgen.engine.turns import Seats

#: Phases: what kind of decision the actor faces.
#: CHOOSE: an effect waits for its player's follow-up decision (:meth:`PendingStack.ask`).
TURN, DRAWN, RESPOND, COLOR, OVER, CHOOSE = range(6)
PHASE_NAMES = ("turn", "drawn", "respond", "color", "over", "choose")
#: What the actor is to do in each phase, as a round's one-line summary says it.
PHASE_TASKS = ("play or draw", "play or keep the card drawn", "respond", "name the colour",
               "", "choose")


class DrawPenalty:
    """A pending draw: who draws how many because of which card, and what may still be
    done about it. Every response to a draw is an operation on this one object: a
    challenge moves it (C-21); stacking, Boomerang, Dérivation and "Non" in the
    variants add to it, send it back or redirect it."""

    __slots__ = ("amount", "target", "author", "skipped", "skip_later", "card", "stackable",
                 "reflectable", "redirectable", "challengeable", "challenged", "bluff", "moved",
                 "until_color")

    def __init__(self, amount: int, target: int, *, author: int | None = None,
                 skipped: int | None = None, card: int = -1, stackable: bool = False,
                 reflectable: bool = False, redirectable: bool = False,
                 challengeable: bool = False, bluff: bool = False) -> None:
        self.amount = amount
        self.target = target
        self.author = author  # None: nobody played it (a first card)
        self.skipped = skipped  # the seat that misses its turn, if any
        #: the skipped seat is not the one who plays next (a victim picked further on,
        #: U-19): play goes on after the author, and that seat loses its next turn
        #: when it comes (lose_turn)
        self.skip_later = False
        self.card = card
        self.stackable = stackable
        self.reflectable = reflectable
        self.redirectable = redirectable
        self.challengeable = challengeable
        self.challenged = False
        self.bluff = bluff  # known to the engine only; a challenge reveals it
        #: a reaction (Boomerang, Dérivation) has acted on it: it is no longer the last
        #: card laid, so a "Non" can no longer cancel it (U-22)
        self.moved = False
        #: the colour (its id) drawn until before ``amount`` more, for a draw until a
        #: colour (UNO Flip's Wild Draw Color, FL-08); None for a count of cards
        self.until_color: str | None = None

    #: Each answer a pending draw may allow, and the responders that give it.
    ANSWERED_BY = {"stackable": ("stack",), "reflectable": ("boomerang", "return-draw"),
                   "redirectable": ("derivation", "redirect-draw"),
                   "challengeable": ("challenge",)}

    def waiting(self, responders: AbstractSet[str] | None = None) -> DrawWaiting:
        """What waits, as a value of the round's log; ``responders`` (the names of those
        the deck has) leaves out the answers nobody at this table can give (no Boomerang
        in a classic deck)."""
        flags = tuple(f for f, by in self.ANSWERED_BY.items() if getattr(self, f)
                      and (responders is None or not responders.isdisjoint(by)))
        return DrawWaiting(self.target, self.amount, self.skipped, self.skip_later, flags,
                           self.until_color)

    def describe(self, responders: AbstractSet[str] | None = None) -> str:
        """One line (see :meth:`waiting`)."""
        return str(self.waiting(responders))


class Pending:
    """A card on the stack of pending effects: played, not resolved yet."""

    __slots__ = ("kind", "author", "action", "prev_color", "prev_match", "penalty")

    def __init__(self, kind: int, author: int, action: Play | None, prev_color: int,
                 prev_match: frozenset[int] = frozenset()) -> None:
        self.kind = kind
        self.author = author  # -1: the first card, turned up by nobody
        self.action = action
        self.prev_color = prev_color  # the colour in force before it was played
        self.prev_match = prev_match  # and what could be played then (a "Non" restores it)
        self.penalty: DrawPenalty | None = None


class PendingStack(Seats):
    """What is pending, and who must decide what about it."""

    __slots__ = ("color", "match_set", "stack", "actor", "phase", "options", "poll_order",
                 "poll_i", "drawn", "uno_missed", "emptied", "top_author", "winner", "end",
                 "idle_before_play", "extra")

    def __init__(self, variant: CardTables, n: int, dealer: int, rng: random.Random, *,
                 log: bool) -> None:
        super().__init__(variant, n, dealer, rng, log=log)
        self.color = -1
        self.match_set: frozenset[int] = frozenset()  # the kinds that may be played now
        self.stack: list[Pending] = []
        self.actor = -1  # who decides now: the turn's player or a responder
        self.phase = TURN
        self.options: list[Action] = []  # a responder's choices
        self.poll_order: list[int] | None = None
        self.poll_i = 0
        self.drawn = -1  # the card just drawn, while its owner decides to play it
        self.uno_missed = -1  # the seat that may be caught for not calling UNO
        self.emptied: list[int] = []  # seats whose hand just became empty
        self.top_author = -1  # who laid the top card (-1: nobody, a first card)
        self.winner = -1
        self.end = ""  # "out", "blocked" (C-28) or set by the game ("capped")
        self.idle_before_play = 0  # for a play taken back (O-19), which is no progress
        self.extra: dict[str, Any] = {}  # round data of the variants' rules and options

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def quick_check(self) -> str | None:
        """The cheap invariants, for every action of a simulation."""
        count = (sum(map(len, self.hands)) + len(self.draw_pile) + len(self.discard)
                 + len(self.set_aside))  # card_count(), inline: this runs after every action
        if count != self.total:
            return f"{count} cards in play, the deck has {self.total}"
        if self.phase != OVER and not 0 <= self.actor < self.n:
            return f"no seat to decide (actor {self.actor}) in phase {PHASE_NAMES[self.phase]}"
        return None

    def offer_drawn(self, kind: int) -> None:
        """The card just drawn fits: its owner decides whether to play it (C-14)."""
        self.phase = DRAWN
        self.drawn = kind

    def ask(self, seat: int, options: list[Action]) -> None:
        """An effect needs a follow-up decision from ``seat`` (the two hands an Inversion
        swaps, the cards a Coup de bol lays …): the round waits in the CHOOSE phase. The
        chosen action does its part and then calls ``advance``."""
        self.phase = CHOOSE
        self.actor = seat
        self.options = options

    def ask_start_color(self, seat: int) -> None:
        self.phase = COLOR
        self.actor = seat

    def apply_penalty(self, penalty: DrawPenalty) -> None:
        """The pending draw takes effect; the turn goes past the skipped seat, or, when
        that seat is not the next to play (``skip_later``), it loses its next turn."""
        self.draw_cards(penalty.target, penalty.amount)
        if penalty.skipped is not None and penalty.skip_later and penalty.author is not None:
            self.lose_turn(penalty.skipped)
            self.log(WillMissTurn(penalty.skipped))
            self.turn = self.next_seat(penalty.author)
        elif penalty.skipped is not None:
            self.turn = self.next_seat(penalty.skipped)
        elif penalty.author is not None:
            self.turn = self.next_seat(penalty.author)

    def end_round(self, winner: int, how: str) -> None:
        self.phase = OVER
        self.winner = winner
        self.end = how
        self.actor = -1
        self.stack.clear()
        if self.events is not None:
            self.log(RoundOver(how, winner))

    def decision_problems(self) -> list[str]:
        """The invariants of the decision waited for (not whether it has a legal action)."""
        found: list[str] = []
        if self.phase == OVER:
            return found
        if not 0 <= self.actor < self.n or self.actor in self.out:
            found.append(f"actor is seat {self.actor}")
        if self.phase != COLOR and not 0 <= self.color < len(self.variant.colors):
            found.append(f"no colour in force ({self.color})")
        if self.phase in (TURN, DRAWN) and (self.stack or self.actor != self.turn):
            found.append("a turn began with effects pending or out of turn")
        if self.phase == DRAWN and self.drawn not in self.hands[self.actor]:
            found.append("the card drawn is not in its owner's hand")
        for seat, hand in enumerate(self.hands):
            if not hand and seat not in self.out and not self.stack and seat not in self.emptied:
                # (with something pending, going out may still be contested: C-26;
                # a card's follow-up decision comes before going out: U-30, H-18)
                found.append(f"{seat_name(seat)} has no card but the round goes on")
            # (a hand emptied by a card still open to answers is not out yet: U-44)
            if self.at_uno[seat] and len(hand) != 1 and seat not in self.emptied:
                found.append(f"{seat_name(seat)} is at UNO with {len(hand)} cards")
        return found
