"""The dynamic side of a game: one round in progress.

A :class:`RoundState` holds the hands, the piles, the colour in force, the direction,
whose decision it is, and the *stack of pending effects*: a card that has been played
waits on the stack while the seats are asked, in a fixed order, whether they respond
(a +4 can be challenged, a missed UNO can be caught; the variants add more). A
response can itself be answered. When every seat has passed, the top of the stack
resolves, and so on until it is empty; then the next turn begins.

Two ways in: :meth:`RoundState.play` checks that the action is legal and refuses it
with a message quoting the action and the state; :meth:`RoundState.apply` trusts the
caller (a bot that picked from :meth:`legal_actions`) and skips the check.

Cards are kinds (small integers, see :mod:`cardgen.engine.variant`); piles are lists
with their top at the end. Shuffles use the round's own seeded ``random.Random``, so a
seed replays a round exactly.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from cardgen.engine.actions import PASS, Action, NameColor, Play, seat_name
from cardgen.engine.errors import EngineError, IllegalAction, NotImplementedYet
from cardgen.engine.observation import SeatView

if TYPE_CHECKING:
    from cardgen.engine.responses import Responder
    from cardgen.engine.variant import Variant

#: Phases: what kind of decision the actor faces.
#: CHOOSE: an effect waits for its player's follow-up decision (see ``ask``).
TURN, DRAWN, RESPOND, COLOR, OVER, CHOOSE = range(6)
PHASE_NAMES = ("turn", "drawn", "respond", "color", "over", "choose")


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """A seeded uniform shuffle: each card gets a random key and the list is sorted by
    it. The same permutations as ``rng.shuffle``, equally likely, but the work is in C
    (``random.shuffle`` runs a Python loop per card, the cost of a whole turn)."""
    key = rng.random
    cards.sort(key=lambda _: key())


class DrawPenalty:
    """A pending draw: who draws how many because of which card, and what may still be
    done about it. Every response to a draw is an operation on this one object: a
    challenge moves it (C-21); stacking, Boomerang, Dérivation and "Non" in the
    variants add to it, send it back or redirect it."""

    __slots__ = ("amount", "target", "author", "skipped", "card", "stackable",
                 "reflectable", "redirectable", "challengeable", "challenged", "bluff", "moved")

    def __init__(self, amount: int, target: int, *, author: int | None = None,
                 skipped: int | None = None, card: int = -1, stackable: bool = False,
                 reflectable: bool = False, redirectable: bool = False,
                 challengeable: bool = False, bluff: bool = False) -> None:
        self.amount = amount
        self.target = target
        self.author = author  # None: nobody played it (a first card)
        self.skipped = skipped  # the seat that misses its turn, if any
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

    def describe(self) -> str:
        text = f"{seat_name(self.target)} draws {self.amount}"
        if self.skipped is not None:
            text += f", {seat_name(self.skipped)} misses the turn"
        flags = [f for f in ("stackable", "reflectable", "redirectable", "challengeable")
                 if getattr(self, f)]
        if flags:
            text += f" ({', '.join(flags)})"
        return text


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


class RuleEffect(Pending):
    """A pending effect that is no card: something the rules let the table contest before
    it happens, e.g. a player going out who never called UNO (C-26). It resolves with
    its own function instead of a card's effect."""

    __slots__ = ("resolver", "label")

    def __init__(self, author: int, resolver: Callable[[RoundState, RuleEffect], None],
                 label: str) -> None:
        super().__init__(-1, author, None, -1)
        self.resolver = resolver
        self.label = label


class RoundState:
    """One round: the cards, whose decision it is, and what is pending."""

    __slots__ = (
        "variant", "rules", "n", "dealer", "rng", "plays", "hands", "draw_pile", "discard",
        "set_aside", "color", "match_set", "direction", "turn", "actor", "phase", "stack",
        "options", "poll_order", "poll_i", "drawn", "at_uno", "uno_missed", "emptied", "out",
        "winner", "end", "idle", "idle_before_play", "reshuffles", "dry_draws", "played",
        "fired", "revealed", "events", "universe", "total", "top_author", "extra", "losing",
        "deferred",
    )

    def __init__(self, variant: Variant, n: int, dealer: int, rng: random.Random, *,
                 log: bool = False) -> None:
        self.variant = variant
        self.rules = variant.rules
        self.n = n
        self.dealer = dealer
        self.rng = rng
        self.plays = variant.play_table(n)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.draw_pile: list[int] = []
        self.discard: list[int] = []
        self.set_aside: list[int] = []  # cards out of play in this round (variants)
        self.color = -1
        self.match_set: frozenset[int] = frozenset()
        self.direction = 1  # 1: clockwise (to the left), -1: counter-clockwise
        self.turn = 0  # whose turn it is
        self.actor = -1  # who decides now: the turn's player or a responder
        self.phase = TURN
        self.stack: list[Pending] = []
        self.options: list[Action] = []  # a responder's choices
        self.poll_order: list[int] | None = None
        self.poll_i = 0
        self.drawn = -1  # the card just drawn, while its owner decides to play it
        self.at_uno = [False] * n  # called UNO and still holds one card
        self.uno_missed = -1  # the seat that may be caught for not calling UNO
        self.emptied: list[int] = []  # seats whose hand just became empty
        self.out: list[int] = []  # seats no longer in the turn order (variants)
        self.winner = -1
        self.end = ""  # "out", "blocked" (C-28) or set by the game ("capped")
        self.idle = 0  # turns in a row with nothing played and nothing drawn
        self.idle_before_play = 0  # for a play taken back (O-19), which is no progress
        self.reshuffles = 0
        self.dry_draws = 0  # draws cut short because both piles were empty
        self.played = [0] * len(variant.kinds)
        self.fired = [0] * len(variant.kinds)
        self.revealed: dict[int, dict[int, tuple[int, ...]]] = {}
        self.events: list[str] | None = [] if log else None
        self.universe: Counter[int] = Counter()
        self.total = 0
        self.top_author = -1  # who laid the top card (-1: nobody, a first card)
        self.extra: dict[str, Any] = {}  # round data of the variants' rules and options
        self.losing: list[int] = []  # seats that will lose their next turn (lose_turn)
        #: A follow-up decision that waits until the out-of-turn plays between turns have
        #: passed (a run's next card, O-15); it may ask a seat (see ``ask``) or do nothing.
        self.deferred: Callable[[RoundState], None] | None = None

    # --- setting up ------------------------------------------------------------------

    @classmethod
    def deal(cls, variant: Variant, n: int, dealer: int, rng: random.Random, *,
             log: bool = False) -> RoundState:
        """C-04: shuffle the deck, deal to every seat, turn the first card (C-06…C-11).

        The shuffle is the round's only chance step besides reshuffles (C-27) and the
        return of a card that may not start (C-11); all three use ``rng``.
        """
        state = cls(variant, n, dealer, rng, log=log)
        pile = list(variant.deck)
        size = variant.rules.hand_size(state)
        if len(pile) < n * size + 1:
            raise EngineError(f"{variant.name}: {len(pile)} cards cannot deal {size} to "
                              f"each of {n} players and turn a first card")
        shuffle(rng, pile)
        # One card at a time from the dealer's left on, off the top (the end) of the pile:
        # the i-th seat dealt gets every n-th of the dealt cards from the i-th on.
        cut = len(pile) - n * size
        dealt = pile[cut:][::-1]  # in the order they are dealt
        del pile[cut:]
        for i in range(n):
            state.hands[(dealer + 1 + i) % n] = dealt[i::n]
        state.draw_pile = pile
        state.universe = variant.deck_counts  # read only
        state.total = len(variant.deck)
        if state.events is not None:
            state.log(f"deal: dealer {seat_name(dealer)}")
            for seat, hand in enumerate(state.hands):
                state.log(f"{seat_name(seat)} holds {state.cards_text(hand)}")
        variant.rules.after_deal(state)
        state.start()
        return state

    def start(self) -> None:
        """Turn up the first card and apply its first-card rule."""
        pile = self.draw_pile
        kinds = self.variant.kinds
        if self.variant.start_kinds.isdisjoint(pile):
            raise EngineError(f"{self.variant.name}: no card left in the draw pile may "
                              "start a round")
        kind = pile.pop()
        while kind not in self.variant.start_kinds:
            # C-11: it goes back into the draw pile at a random place, without effect.
            pile.insert(self.first_card_back(len(pile) + 1), kind)
            self.log(f"first card {kinds[kind].id} may not start: back into the pile")
            kind = pile.pop()
        self.discard.append(kind)
        self.color = self.variant.color_of[kind]
        self.match_set = self.variant.match_rows[kind][self.color + 1]
        self.log(f"first card {kinds[kind].id}")
        entry = Pending(kind, -1, None, -1)
        self.variant.effect_of[kind].on_start(self, entry)
        if entry not in self.stack:
            self.fired[kind] += 1
        if self.phase != COLOR:
            self.advance()

    # --- what may be done ---------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The actions the actor may take now, in a stable order."""
        phase = self.phase
        if phase == TURN:
            return self.rules.turn_actions(self, self.actor)
        if phase == DRAWN:
            return self.rules.drawn_actions(self, self.actor, self.drawn)
        if phase in (RESPOND, CHOOSE):
            return self.options
        if phase == COLOR:
            return list(self.variant.name_color_actions)
        return []

    def can_play(self, seat: int, kind: int) -> bool:
        """Whether ``kind`` may go on the pile now (matching, C-12)."""
        if kind in self.match_set:
            return True
        effect = self.variant.effect_of[kind]
        return effect.decides_playability and effect.playable(self, seat, kind)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    # --- taking actions -------------------------------------------------------------------

    def play(self, action: Action) -> None:
        """Take ``action`` for the actor, after checking that the rules allow it."""
        if self.phase == OVER:
            raise IllegalAction(f"'{action}': the round is over ({self.summary()})")
        legal = self.legal_actions()
        try:
            chosen = legal[legal.index(action)]
        except ValueError:
            allowed = ", ".join(str(a) for a in legal)
            raise IllegalAction(f"'{action}' is not allowed for {seat_name(self.actor)} "
                                f"now ({self.summary()}); allowed: {allowed}") from None
        chosen.apply_to(self)

    def apply(self, action: Action) -> None:
        """Take an action from :meth:`legal_actions` without checking it (the bots' path)."""
        action.apply_to(self)

    def play_card(self, act: Play) -> None:
        seat = self.actor
        kind = act.kind
        variant = self.variant
        if kind in variant.unimplemented_kinds:
            raise NotImplementedYet(
                f"card '{act.card}' has the effect '{variant.kinds[kind].effect}', which "
                "the rules engine does not play yet (it comes with the Uno Unplugged and "
                "optional rules)")
        hand = self.hands[seat]
        hand.remove(kind)
        entry = Pending(kind, seat, act, self.color, self.match_set)
        self.discard.append(kind)
        self.played[kind] += 1
        self.idle_before_play = self.idle
        self.idle = 0
        self.drawn = -1
        color = act.sets_color
        if color >= 0:  # a card with no colour and none named keeps the colour in force
            self.color = color
            self.match_set = act.match_after
        else:
            self.match_set = variant.match_rows[kind][self.color + 1]
        left = len(hand)
        if left == 1:
            # C-24: the call goes with the second-to-last card.
            self.at_uno[seat] = act.uno
            if not act.uno:
                self.uno_missed = seat
        elif left == 0:
            self.emptied.append(seat)
        on_play = variant.on_play_of[kind]
        if on_play is not None:
            on_play(self, entry)
        self.top_author = seat
        self.stack.append(entry)
        if variant.after_play is not None:
            variant.after_play(self, entry)
        self.poll_order = None
        self.advance()

    def draw_turn(self) -> None:
        self.rules.draw_turn(self, self.actor)

    def offer_drawn(self, kind: int) -> None:
        """The card just drawn fits: its owner decides whether to play it (C-14)."""
        self.phase = DRAWN
        self.drawn = kind

    def keep_drawn(self) -> None:
        self.end_turn()

    def end_turn(self) -> None:
        """The turn's player is done without playing: the next seat plays."""
        self.drawn = -1
        self.turn = self.next_seat(self.turn)
        self.advance()

    def idle_turn(self) -> None:
        """C-28: a turn with nothing played and nothing to draw. When every seat in turn
        has passed like this, the round ends blocked."""
        self.idle += 1
        if self.idle >= self.active_count():
            self.end_round(-1, "blocked")
        else:
            self.end_turn()

    def ask(self, seat: int, options: list[Action]) -> None:
        """An effect needs a follow-up decision from ``seat`` (the two hands an Inversion
        swaps, the cards a Coup de bol lays …): the round waits in the CHOOSE phase. The
        chosen action does its part and then calls :meth:`advance`."""
        self.phase = CHOOSE
        self.actor = seat
        self.options = options

    def ask_start_color(self, seat: int) -> None:
        self.phase = COLOR
        self.actor = seat

    def name_start_color(self, act: NameColor) -> None:
        self.color = act.color_index
        self.match_set = self.variant.match_rows[self.discard[-1]][self.color + 1]
        self.advance()

    def pass_response(self) -> None:
        self.advance()

    def response_done(self) -> None:
        """A response changed the state: ask every seat again, from the first."""
        self.poll_order = None
        self.advance()

    # --- the engine between decisions ---------------------------------------------------

    def advance(self) -> None:
        """Run until a seat must decide or the round is over."""
        if self.phase == CHOOSE:  # the decision asked for is taken: go on
            self.phase = RESPOND
        stack = self.stack
        variant = self.variant
        if stack:
            responders = variant.pending_responders
            resolve_of = variant.resolve_of
            after_resolve = variant.after_resolve
            while stack:
                for responder in responders:
                    if responder.active(self):
                        if self._poll(responders):
                            return
                        break
                entry = stack.pop()
                if isinstance(entry, RuleEffect):
                    entry.resolver(self, entry)
                else:
                    resolve_of[entry.kind](self, entry)
                    self.fired[entry.kind] += 1
                    if after_resolve is not None:
                        after_resolve(self, entry)
                self.poll_order = None
                if self.phase == OVER or self.phase == CHOOSE:
                    return
        if self.emptied:
            emptied, self.emptied = self.emptied, []
            for seat in emptied:
                if self.rules.on_hand_empty(self, seat):
                    return
            if stack:  # the hook put something on the stack
                self.advance()
                return
        for responder in variant.between_responders:
            if responder.active(self):
                if self._poll(variant.between_responders):
                    return
                break
        # Nobody responds: the next turn begins, and with it the UNO catch window
        # closes (C-24: "before the next player plays or draws").
        self.uno_missed = -1
        self.poll_order = None
        if self.deferred is not None:
            deferred, self.deferred = self.deferred, None
            deferred(self)
            if self.phase == CHOOSE:
                return
        while self.losing and self.turn in self.losing:
            self.losing.remove(self.turn)
            self.log(f"{seat_name(self.turn)} loses this turn")
            self.turn = self.next_seat(self.turn)
        self.phase = TURN
        self.actor = self.turn

    def _poll(self, responders: tuple[Responder, ...]) -> bool:
        """Ask the seats, in order, whether they respond; True if one may."""
        active = [r for r in responders if r.active(self)]
        order = self.poll_order
        if order is None:
            order = self.poll_order = self._poll_seats()
            self.poll_i = 0
        while self.poll_i < len(order):
            seat = order[self.poll_i]
            self.poll_i += 1
            options: list[Action] = []
            for responder in active:
                options += responder.options(self, seat)
            if options:
                options.append(PASS)
                self.options = options
                self.actor = seat
                self.phase = RESPOND
                return True
        return False

    def _poll_seats(self) -> list[int]:
        """RULES.md U-40 (default): the seat the pending effect hits first, then the
        others in the direction of play; with nothing pending, the next player first."""
        if self.stack:
            top = self.stack[-1]
            hit = None
            if top.penalty is not None:
                hit = top.penalty.target
            elif top.kind >= 0:  # a card that moves a draw hits its new drawer (Boomerang)
                hit = self.variant.effect_of[top.kind].hits(self, top)
            if hit is not None and hit not in self.out:
                start = hit
            else:
                start = self.next_seat(top.author) if top.author >= 0 else self.turn
        else:
            start = self.turn
        order = [start]
        seat = start
        for _ in range(self.n - 1):
            seat = (seat + self.direction) % self.n
            if seat not in self.out:
                order.append(seat)
        return order

    # --- moving cards ---------------------------------------------------------------------

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
                self.log(f"{seat_name(seat)} draws {self.cards_text(hand[-got:])}")
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
            self.log(f"reshuffle: {len(below)} cards")
        return True

    # The round's chance steps, each a method so that a situation file can fix its
    # outcome (cardgen.engine.situation subclasses the round).

    def first_card_back(self, places: int) -> int:
        """C-11: where a first card that may not start goes back into the draw pile, as
        an index among ``places`` (0 is the bottom): at random."""
        return self.rng.randrange(places)

    def shuffle_back(self, cards: list[int]) -> None:
        """C-27: the order of the cards a reshuffle makes the new draw pile."""
        shuffle(self.rng, cards)

    def apply_penalty(self, penalty: DrawPenalty) -> None:
        """The pending draw takes effect; the turn goes past the skipped seat."""
        self.draw_cards(penalty.target, penalty.amount)
        if penalty.skipped is not None:
            self.turn = self.next_seat(penalty.skipped)
        elif penalty.author is not None:
            self.turn = self.next_seat(penalty.author)

    def lose_turn(self, seat: int) -> None:
        """``seat`` loses his next turn, whenever it comes (an effect sent back to its
        author, O-04): it is passed over once, when play reaches him."""
        self.losing.append(seat)

    def reveal(self, to: int, of: int) -> None:
        """Show ``of``'s hand to ``to`` (a challenge, C-22); it is part of ``to``'s view."""
        self.revealed.setdefault(to, {})[of] = tuple(self.hands[of])

    def end_round(self, winner: int, how: str) -> None:
        self.phase = OVER
        self.winner = winner
        self.end = how
        self.actor = -1
        self.stack.clear()
        if self.events is not None:
            self.log(f"round over: {how}" + (f", {seat_name(winner)} wins" if winner >= 0
                                              else ""))

    # --- seats ----------------------------------------------------------------------------

    def next_seat(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places after ``seat`` in the direction of play."""
        if not self.out:
            return (seat + self.direction * steps) % self.n
        for _ in range(steps):
            seat = (seat + self.direction) % self.n
            while seat in self.out:
                seat = (seat + self.direction) % self.n
        return seat

    def active_count(self) -> int:
        return self.n - len(self.out)

    def hand_points(self, seat: int) -> int:
        points = self.variant.points_of
        return sum(points[k] for k in self.hands[seat])

    def view(self, seat: int) -> SeatView:
        return SeatView(self, seat)

    # --- checking ----------------------------------------------------------------------------

    def card_count(self) -> int:
        return (sum(map(len, self.hands)) + len(self.draw_pile) + len(self.discard)
                + len(self.set_aside))

    def quick_check(self) -> str | None:
        """The cheap invariants, for every action of a simulation."""
        count = (sum(map(len, self.hands)) + len(self.draw_pile) + len(self.discard)
                 + len(self.set_aside))  # card_count(), inline: this runs after every action
        if count != self.total:
            return f"{count} cards in play, the deck has {self.total}"
        if self.phase != OVER and not 0 <= self.actor < self.n:
            return f"no seat to decide (actor {self.actor}) in phase {PHASE_NAMES[self.phase]}"
        return None

    def problems(self) -> list[str]:
        """Every invariant that does not hold (empty when the state is legal)."""
        found = []
        held = Counter(k for hand in self.hands for k in hand)
        held.update(self.draw_pile)
        held.update(self.discard)
        held.update(self.set_aside)
        if held != self.universe:
            extra = held - self.universe
            lost = self.universe - held
            found.append("cards created: " + self.cards_text(extra.elements()) if extra
                         else "cards lost: " + self.cards_text(lost.elements()))
        if not self.discard:
            found.append("the discard pile is empty")
        if self.direction not in (1, -1):
            found.append(f"direction is {self.direction}")
        if not 0 <= self.turn < self.n:
            found.append(f"turn is seat {self.turn}")
        if self.phase != OVER:
            if not 0 <= self.actor < self.n or self.actor in self.out:
                found.append(f"actor is seat {self.actor}")
            if self.phase != COLOR and not 0 <= self.color < len(self.variant.colors):
                found.append(f"no colour in force ({self.color})")
            if self.phase in (TURN, DRAWN) and (self.stack or self.actor != self.turn):
                found.append("a turn began with effects pending or out of turn")
            if self.phase == DRAWN and self.drawn not in self.hands[self.actor]:
                found.append("the card drawn is not in its owner's hand")
            for seat, hand in enumerate(self.hands):
                if (not hand and seat not in self.out and not self.stack
                        and seat not in self.emptied):
                    # (with something pending, going out may still be contested: C-26;
                    # a card's follow-up decision comes before going out: U-30, H-18)
                    found.append(f"{seat_name(seat)} has no card but the round goes on")
                # (a hand emptied by a card still open to answers is not out yet: U-44)
                if self.at_uno[seat] and len(hand) != 1 and seat not in self.emptied:
                    found.append(f"{seat_name(seat)} is at UNO with {len(hand)} cards")
            if not self.legal_actions():
                found.append("the actor has no legal action")
        return found

    # --- text ----------------------------------------------------------------------------

    def log(self, text: str) -> None:
        if self.events is not None:
            self.events.append(text)

    def cards_text(self, kinds: Iterable[int]) -> str:
        names = [self.variant.kinds[k].id for k in kinds]
        return " ".join(names) if names else "nothing"

    def summary(self) -> str:
        """One line: top card, colour in force, direction, who decides and what's pending."""
        variant = self.variant
        top = variant.kinds[self.discard[-1]].id if self.discard else "none"
        color = variant.colors[self.color] if self.color >= 0 else "none"
        text = (f"top {top}, colour {color}, "
                f"{'clockwise' if self.direction == 1 else 'counter-clockwise'}")
        if self.phase == OVER:
            return text + ", round over"
        text += f", {seat_name(self.actor)} to {PHASE_NAMES[self.phase]}"
        if self.stack and self.stack[-1].penalty is not None:
            text += f", pending: {self.stack[-1].penalty.describe()}"
        return text
