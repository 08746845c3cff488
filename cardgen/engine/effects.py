"""What each card does: one handler per effect of ``cardgen/data/effects.toml``.

A card names its effect (``card.effect``); the engine looks the handler up in
:data:`EFFECTS`. A handler is consulted at four moments:

- ``targets``: the victims a play may name (a card with ``choose_victim``);
- ``on_play``: just after the card lands, before anyone may respond (a draw card
  attaches its pending :class:`~cardgen.engine.state.DrawPenalty` here);
- ``resolve``: when the responses are over and the card takes effect; it says whose
  turn comes next;
- ``on_start``: when the card is the first one turned up (C-06 … C-11).

Another module adds a card kind with one class::

    @register_effect
    class Peek(Effect):
        name = "peek"
        def resolve(self, state, entry): ...

Effects listed in effects.toml without a handler yet get :class:`NotYet`, which refuses
to be played with a clear message (the Uno Unplugged and extra cards come next).
"""

from __future__ import annotations

from typing import ClassVar

from cardgen.engine.cards import CardTables
from cardgen.engine.errors import NotImplementedYet
from cardgen.engine.pending import Pending
from cardgen.engine.state import RoundState


class Effect:
    """The default handler: a card with no effect (a number card)."""

    name: ClassVar[str] = ""
    implemented: ClassVar[bool] = True
    #: True when the matching table cannot say whether the card may be played, so the
    #: engine asks :meth:`playable` (e.g. a card that goes only on the previous number).
    decides_playability: ClassVar[bool] = False
    #: True for a card laid only in answer to a card waiting on the stack (Non,
    #: Boomerang …): never a turn's play, so never a jump-in either (H-11, U-22).
    answers_only: ClassVar[bool] = False
    #: The out-of-turn responses (names in responses.RESPONDERS) a deck holding this card
    #: needs, whatever its rules ("Non", Boomerang …).
    responders: ClassVar[tuple[str, ...]] = ()

    def targets(self, variant: CardTables, kind: int, seat: int, n: int) -> list[int | None]:
        """The victims a play of this card may name; [None] when it names none."""
        return [None]

    def playable(self, state: RoundState, seat: int, kind: int) -> bool:
        """Whether ``seat`` may play the card now (only asked if decides_playability)."""
        return False

    def on_play(self, state: RoundState, entry: Pending) -> None:
        """The card has landed; nobody has responded yet."""

    def hits(self, state: RoundState, entry: Pending) -> int | None:
        """The seat this card, waiting on the stack, will hit when it acts, asked first
        whether he answers it (U-40); None: the seat after its player is asked first. A
        draw card's victim is its penalty's target; this is for cards that move a draw."""
        return None

    def resolve(self, state: RoundState, entry: Pending) -> None:
        """The card takes effect; set whose turn is next."""
        state.turn = state.next_seat(entry.author)

    def on_start(self, state: RoundState, entry: Pending) -> None:
        """The card is the first one turned up: the dealer's left plays first (C-05)."""
        state.turn = state.next_seat(state.dealer)


EFFECTS: dict[str, Effect] = {}


def register_effect(cls: type[Effect]) -> type[Effect]:
    """Class decorator: make ``cls`` the handler of the effect named ``cls.name``."""
    EFFECTS[cls.name] = cls()
    return cls


class NotYet(Effect):
    """An effect of the catalogue that the engine does not play yet."""

    implemented: ClassVar[bool] = False

    def __init__(self, effect: str) -> None:
        self.effect = effect

    def refuse(self, state: RoundState, kind: int) -> NotImplementedYet:
        card = state.variant.kinds[kind].id
        return NotImplementedYet(
            f"card '{card}' has the effect '{self.effect}', which the rules engine does "
            "not play yet (it comes with the Uno Unplugged and optional rules)")

    def on_play(self, state: RoundState, entry: Pending) -> None:
        raise self.refuse(state, entry.kind)

    def on_start(self, state: RoundState, entry: Pending) -> None:
        raise self.refuse(state, entry.kind)


def effect_for(name: str) -> Effect:
    return EFFECTS.get(name) or NotYet(name)


@register_effect
class Number(Effect):
    name = "number"  # C-06, C-12


@register_effect
class Wild(Effect):
    """The colour is named with the play (it is part of the action, C-13)."""

    name = "wild"

    def on_start(self, state: RoundState, entry: Pending) -> None:
        # The dealer's left plays first; who names the colour is the rules' choice
        # (C-10: the same player; Unplugged: the dealer, U-10).
        state.turn = state.next_seat(state.dealer)
        state.ask_start_color(state.rules.start_color_chooser(state))


@register_effect
class Reverse(Effect):
    name = "reverse"

    def resolve(self, state: RoundState, entry: Pending) -> None:
        state.direction = -state.direction  # C-17
        if state.active_count() == 2:
            state.turn = entry.author  # V-01: with two players it plays again
        else:
            state.turn = state.next_seat(entry.author)

    def on_start(self, state: RoundState, entry: Pending) -> None:
        state.rules.start_reverse(state)  # C-08; Unplugged: U-08


@register_effect
class Skip(Effect):
    name = "skip"

    def resolve(self, state: RoundState, entry: Pending) -> None:
        state.turn = state.next_seat(entry.author, 2)  # C-18; V-02 with two players

    def on_start(self, state: RoundState, entry: Pending) -> None:
        state.turn = state.next_seat(state.dealer, 2)  # C-09


@register_effect
class DrawCards(Effect):
    """+2 (and +2? with ``choose_victim``): a pending draw penalty on the victim (C-16)."""

    name = "draw"
    challengeable: ClassVar[bool] = False

    def targets(self, variant: CardTables, kind: int, seat: int, n: int) -> list[int | None]:
        if variant.kinds[kind].param("choose_victim", False):
            return [s for s in range(n) if s != seat]
        return [None]

    def on_play(self, state: RoundState, entry: Pending) -> None:
        author = entry.author
        following = state.next_seat(author)
        chosen = entry.action.target if entry.action is not None else None
        # A chosen victim draws; the next player is still the one skipped (RULES.md
        # U-19 reading A: "the only difference is who draws").
        entry.penalty = state.rules.new_penalty(
            state, entry,
            amount=int(state.variant.kinds[entry.kind].param("amount", 2)),
            target=following if chosen is None else chosen,
            skipped=following,
            challengeable=self.challengeable,
        )

    def resolve(self, state: RoundState, entry: Pending) -> None:
        assert entry.penalty is not None
        state.apply_penalty(entry.penalty)

    def on_start(self, state: RoundState, entry: Pending) -> None:
        if state.rules.start_draw(state, entry):  # O-32: the dealer laid it
            return
        # C-07: the dealer's left draws and misses the turn. Nobody played the card, so
        # nobody can respond to it (RULES.md U-11): it applies at once.
        victim = state.next_seat(state.dealer)
        penalty = state.rules.new_penalty(
            state, entry, amount=int(state.variant.kinds[entry.kind].param("amount", 2)),
            target=victim, skipped=victim, challengeable=False)
        penalty.author = None
        state.apply_penalty(penalty)


@register_effect
class WildDrawCards(DrawCards):
    """+4, +4?, +8: a wild that draws; open to a challenge when it was a bluff (C-19…C-21)."""

    name = "wild-draw"
    challengeable = True

    def on_play(self, state: RoundState, entry: Pending) -> None:
        super().on_play(state, entry)
        assert entry.penalty is not None
        entry.penalty.bluff = state.rules.is_bluff(state, entry.author, entry.prev_color)

    def on_start(self, state: RoundState, entry: Pending) -> None:
        if state.rules.start_draw(state, entry):  # O-32: the dealer laid it
            return
        # Only reachable when a deck or an option lets such a card start (the classic +4
        # cannot: C-11; O-32 lets it). Then it acts as a first-card wild and a first-card
        # +2 together: the dealer's left draws and misses the turn, and the colour is
        # named by whoever the rules say names a first wild's (C-10; O-32: the dealer).
        victim = state.next_seat(state.dealer)
        entry.penalty = state.rules.new_penalty(
            state, entry, amount=int(state.variant.kinds[entry.kind].param("amount", 4)),
            target=victim, skipped=victim, challengeable=False)
        entry.penalty.author = None
        state.stack.append(entry)
        state.ask_start_color(state.rules.start_color_chooser(state))
