"""The dynamic side of a game: one round in progress.

A round is built in layers, each in its own module, from the cards up:
:class:`~cardgen.engine.table.Table` (hands and piles, the log, the chance steps),
:class:`~cardgen.engine.turns.Seats` (the turn order),
:class:`~cardgen.engine.stack.PendingStack` (the stack of pending effects and the
decision waited for) and :class:`RoundState` here, which drives the round: it deals,
lists the legal actions and plays cards. Between two decisions runs the loop
(:func:`advance`, ``state.advance()``) that resolves the stack and asks the seats, in a
fixed order, whether they respond; it is here too, as functions of the round.

Only this top layer calls the rules' hooks (the card effects, the responders, the
rules in force); the layers below call nothing above them. It knows the hooks by what
it asks of them, the protocols :class:`CardEffect`, :class:`Responder` and
:class:`RoundRules` below, and finds them in its variant's tables
(:class:`RoundVariant`). The modules that implement them
(:mod:`cardgen.engine.classic.cards`, :mod:`cardgen.engine.classic.uno_call`,
:mod:`cardgen.engine.classic.rules` and the optional rules) import this one, never the
other way.

Two ways in: :meth:`RoundState.play` checks that the action is legal and refuses it
with a message quoting the action and the state; :meth:`RoundState.apply` trusts the
caller (a bot that picked from :meth:`legal_actions`) and skips the check.

Shuffles use the round's own seeded ``random.Random``, so a seed replays a round exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import ClassVar, Protocol

from cardgen.engine.actions import PASS, Action, NameColor, Play, seat_name
from cardgen.engine.cards import CardTables
from cardgen.engine.errors import IllegalAction, NotImplementedYet
from cardgen.engine.events import LosesTurn
from cardgen.engine.stack import (
    CHOOSE,
    COLOR,
    DRAWN,
    OVER,
    PHASE_NAMES,
    PHASE_TASKS,
    RESPOND,
    TURN,
    DrawPenalty,
    Pending,
    PendingStack,
)
from cardgen.engine.table import shuffle

# The round's vocabulary, also importable from here (it lives in the layers below).
__all__ = ["CHOOSE", "COLOR", "DRAWN", "OVER", "PHASE_NAMES", "RESPOND", "TURN", "CardEffect",
           "DrawPenalty", "Pending", "Responder", "RoundRules", "RoundState", "RoundVariant",
           "RuleEffect", "shuffle"]


# --- what the round asks of the rules it plays by ------------------------------------------


class CardEffect(Protocol):
    """A card's effect, as the round asks it (see :class:`cardgen.engine.classic.cards.Effect`)."""

    @property
    def decides_playability(self) -> bool: ...
    @property
    def answers_only(self) -> bool: ...
    def playable(self, state: RoundState, seat: int, kind: int) -> bool: ...
    def hits(self, state: RoundState, entry: Pending) -> int | None: ...
    def on_start(self, state: RoundState, entry: Pending) -> None: ...


class Responder(Protocol):
    """A kind of answer out of turn (see :class:`cardgen.engine.classic.uno_call.Responder`)."""

    @property
    def name(self) -> str: ...

    def active(self, state: RoundState) -> bool: ...
    def options(self, state: RoundState, seat: int) -> list[Action]: ...


class RoundRules(Protocol):
    """The hooks of the rules in force that a round and the card effects call, and what
    the rules say of themselves that the cards and the options ask (``stacks_draws`` …),
    each explained where the official rules define it
    (:class:`cardgen.engine.classic.rules.OfficialRules`)."""

    @property
    def uno_penalty(self) -> int: ...
    @property
    def start_color_blind(self) -> bool: ...
    @property
    def uno_card_rotates(self) -> bool: ...
    @property
    def round_ends_on_first_out(self) -> bool: ...
    @property
    def stacks_draws(self) -> bool: ...
    @property
    def draws_from_dispenser(self) -> bool: ...
    @property
    def uno_card_draws(self) -> int: ...
    @property
    def zero_moves_hands(self) -> str: ...
    @property
    def seven_moves_hands(self) -> str: ...
    def stack_kinds(self, state: RoundState, penalty: DrawPenalty) -> frozenset[int]: ...
    def jump_kinds(self, state: RoundState, top: int) -> frozenset[int]: ...
    def after_hands_moved(self, state: RoundState, before: dict[int, int]) -> None: ...
    def hand_size(self, state: RoundState) -> int: ...
    def after_deal(self, state: RoundState) -> None: ...
    def before_first_card(self, state: RoundState) -> None: ...
    def start_reverse(self, state: RoundState) -> None: ...
    def start_color_chooser(self, state: RoundState) -> int: ...
    def start_draw(self, state: RoundState, entry: Pending) -> bool: ...
    def turn_actions(self, state: RoundState, seat: int) -> list[Action]: ...
    def draw_turn(self, state: RoundState, seat: int) -> None: ...
    def drawn_actions(self, state: RoundState, seat: int, kind: int) -> list[Action]: ...
    def is_bluff(self, state: RoundState, seat: int, color: int) -> bool: ...
    def new_penalty(self, state: RoundState, entry: Pending, *, amount: int, target: int,
                    skipped: int | None, challengeable: bool) -> DrawPenalty: ...
    def challenge(self, state: RoundState, challenger: int) -> None: ...
    def catch_uno(self, state: RoundState, seat: int) -> None: ...
    def opponents(self, state: RoundState, seat: int, other: int) -> bool: ...
    def on_hand_empty(self, state: RoundState, seat: int) -> bool: ...
    def round_points(self, state: RoundState, seat: int) -> int: ...


#: A hook called with the round and a card of the stack (an effect's ``resolve`` …).
EntryHook = Callable[["RoundState", Pending], None]
#: [seat][uno][kind] -> the actions that play that kind
PlayTable = tuple[tuple[tuple[tuple[Play, ...], ...], ...], ...]


class RoundVariant(CardTables):
    """What a round reads of its variant: the card tables, and the hooks of the rules in
    force looked up per kind. :class:`cardgen.engine.variant.Variant` fills them in."""

    rules: RoundRules
    effect_of: tuple[CardEffect, ...]
    resolve_of: tuple[EntryHook, ...]
    #: None where the effect does nothing when its card lands (the hot path skips it)
    on_play_of: tuple[EntryHook | None, ...]
    after_play: EntryHook | None
    after_resolve: EntryHook | None
    #: AT-01: the deck's launcher weights, how often a press gives 0, 1, 2 … cards
    launcher: tuple[int, ...] | None
    #: the responders asked while a card waits on the stack, with a pending draw or
    #: without one, and those asked once the stack is empty
    pending_responders: tuple[Responder, ...]
    quiet_responders: tuple[Responder, ...]
    between_responders: tuple[Responder, ...]
    between_unmissed: tuple[Responder, ...]
    unimplemented_kinds: frozenset[int]

    def play_table(self, n: int) -> PlayTable:
        """The interned play actions of an n-seat round: [seat][uno][kind] -> actions."""
        raise NotImplementedError


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


# --- the loop between decisions ---------------------------------------------------------
# Functions of the round, each given it as ``state``: the round's methods are what may be
# done and what an action does; these are what happens between two decisions. Only
# ``advance`` is also a method (every action ends by calling ``state.advance()``).


def advance(state: RoundState) -> None:
    """Run until a seat must decide or the round is over: the cards waiting on the stack
    resolve, each once the seats have been asked whether they answer it; the hands
    emptied are seen to; the seats are asked whether they answer between turns; then
    the next turn begins."""
    if state.phase == CHOOSE:  # the decision asked for is taken: go on
        state.phase = RESPOND
    stack = state.stack
    variant = state.variant
    if stack:
        while stack:
            responders = (variant.quiet_responders if stack[-1].penalty is None
                          else variant.pending_responders)
            for responder in responders:
                if responder.active(state):
                    if _poll(state, responders):
                        return
                    break
            resolve(state, stack.pop())
            if state.phase == OVER or state.phase == CHOOSE:
                return
    if state.emptied:
        emptied, state.emptied = state.emptied, []
        for seat in emptied:
            if state.rules.on_hand_empty(state, seat):
                return
        if stack:  # the hook put something on the stack
            state.advance()
            return
    responders = (variant.between_responders if state.uno_missed >= 0
                  else variant.between_unmissed)
    for responder in responders:
        if responder.active(state):
            if _poll(state, responders):
                return
            break
    # Nobody responds: the next turn begins, and with it the UNO catch window
    # closes (C-24: "before the next player plays or draws").
    state.uno_missed = -1
    state.poll_order = None
    if state.deferred is not None:
        deferred, state.deferred = state.deferred, None
        deferred(state)
        if state.phase == CHOOSE:
            return
    while state.losing and state.turn in state.losing:
        state.losing.remove(state.turn)
        state.log(LosesTurn(state.turn))
        state.turn = state.next_seat(state.turn)
    state.phase = TURN
    state.actor = state.turn


def resolve(state: RoundState, entry: Pending) -> None:
    """``entry``, off the stack, takes effect."""
    if isinstance(entry, RuleEffect):
        entry.resolver(state, entry)
    else:
        kind = entry.kind
        state.variant.resolve_of[kind](state, entry)
        state.fired[kind] += 1
        after_resolve = state.variant.after_resolve
        if after_resolve is not None:
            after_resolve(state, entry)
    state.poll_order = None


def _poll(state: RoundState, responders: tuple[Responder, ...]) -> bool:
    """Ask the seats, in order, whether they respond; True if one may."""
    active = [r for r in responders if r.active(state)]
    order = state.poll_order
    if order is None:
        order = state.poll_order = _poll_seats(state)
        state.poll_i = 0
    while state.poll_i < len(order):
        seat = order[state.poll_i]
        state.poll_i += 1
        options: list[Action] = []
        for responder in active:
            options += responder.options(state, seat)
        if options:
            options.append(PASS)
            state.options = options
            state.actor = seat
            state.phase = RESPOND
            return True
    return False


def _poll_seats(state: RoundState) -> list[int]:
    """docs/rules.md U-40 (default): the seat the pending effect hits first, then the
    others in the direction of play; with nothing pending, the next player first."""
    if state.stack:
        top = state.stack[-1]
        hit = None
        if top.penalty is not None:
            hit = top.penalty.target
        elif top.kind >= 0:  # a card that moves a draw hits its new drawer (Boomerang)
            hit = state.variant.effect_of[top.kind].hits(state, top)
        if hit is not None and hit not in state.out:
            start = hit
        else:
            start = state.next_seat(top.author) if top.author >= 0 else state.turn
    else:
        start = state.turn
    return state.seats_from(start)


class RoundState(PendingStack):
    """One round: it deals, says what may be done, takes the actions, and goes on with
    the loop between decisions (:func:`advance`)."""

    __slots__ = ("rules", "plays", "deferred")
    variant: RoundVariant  # (the layers below read only its card tables)
    #: A copy shares the rules in force and their tables of plays too.
    SHARED: ClassVar[tuple[str, ...]] = (*PendingStack.SHARED, "rules", "plays")

    def __init__(self, variant: RoundVariant, n: int, dealer: int, rng: random.Random, *,
                 log: bool = False) -> None:
        super().__init__(variant, n, dealer, rng, log=log)
        self.rules = variant.rules
        self.plays = variant.play_table(n)
        #: A follow-up decision that waits until the out-of-turn plays between turns have
        #: passed (a run's next card, O-15); it may ask a seat (see ``ask``) or do nothing.
        self.deferred: Callable[[RoundState], None] | None = None

    @classmethod
    def deal(cls, variant: RoundVariant, n: int, dealer: int, rng: random.Random, *,
             log: bool = False) -> RoundState:
        """C-04: shuffle the deck, deal to every seat, turn the first card (C-06…C-11).

        The shuffle is the round's only chance step besides reshuffles (C-27) and the
        return of a card that may not start (C-11); all three use ``rng``.
        """
        state = cls(variant, n, dealer, rng, log=log)
        state.deal_cards(dealer, variant.rules.hand_size(state))
        variant.rules.after_deal(state)
        state.start()
        return state

    def start(self) -> None:
        """Turn up the first card, apply its first-card rule (so does a situation's)."""
        self.rules.before_first_card(self)
        kind = self.turn_first_card()
        self.color = self.variant.color_of[kind]
        self.match_set = self.variant.match_rows[kind][self.color + 1]
        self.variant.effect_of[kind].on_start(self, entry := Pending(kind, -1, None, -1))
        if entry.penalty is None and entry not in self.stack:  # (a draw waiting acts later)
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
        if phase == COLOR:  # the colours of the side in force (FL-03)
            actions = self.variant.name_color_actions
            return [actions[i] for i in self.variant.side_colors[self.side]]
        return []

    def summary(self) -> str:
        """One line: top card, colour in force, direction, who decides and what's pending."""
        variant = self.variant
        top = variant.kinds[self.discard[-1]].id if self.discard else "none"
        color = variant.colors[self.color] if self.color >= 0 else "none"
        text = (f"top {top}, colour {color}, "
                f"{'clockwise' if self.direction == 1 else 'counter-clockwise'}")
        if self.phase == OVER:
            return text + ", round over"
        text += f", {seat_name(self.actor)} to {PHASE_TASKS[self.phase]}"
        if self.stack and self.stack[-1].penalty is not None:
            answers = {r.name for r in self.variant.pending_responders}
            text += f", pending: {self.stack[-1].penalty.describe(answers)}"
        return text

    def can_play(self, seat: int, kind: int) -> bool:
        """Whether ``kind`` may go on the pile now (matching, C-12)."""
        if kind in self.match_set:
            return True
        effect = self.variant.effect_of[kind]
        return effect.decides_playability and effect.playable(self, seat, kind)

    def plays_of(self, seat: int, kinds: Iterable[int]) -> list[Action]:
        """Every play of ``kinds`` by ``seat``, kind by kind in order (each colour named,
        victim and UNO call): what an answer out of turn or a follow-up choice offers."""
        table = self.plays[seat][len(self.hands[seat]) == 2]
        return [play for kind in sorted(kinds) for play in table[kind]]

    def problems(self) -> list[str]:
        """Every invariant that does not hold (empty when the state is legal)."""
        found = self.card_problems() + self.seat_problems() + self.decision_problems()
        if self.phase != OVER and not self.legal_actions():
            found.append("the actor has no legal action")
        return found

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
            on_play(self, entry)  # (it may read the previous card's author)
        self.top_author = seat
        self.stack.append(entry)
        if variant.after_play is not None:
            variant.after_play(self, entry)
        self.poll_order = None
        self.advance()

    def draw_turn(self) -> None:
        self.rules.draw_turn(self, self.actor)

    def challenge(self) -> None:
        self.rules.challenge(self, self.actor)

    def catch_uno(self, seat: int) -> None:
        self.rules.catch_uno(self, seat)

    # --- what goes on with the loop ------------------------------------------------------

    #: Run until a seat must decide or the round is over: :func:`advance` above, the loop
    #: between decisions, as a method (an action that changes the round ends with it).
    advance = advance

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
