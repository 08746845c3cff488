"""The hooks a round calls besides its rules: what each card does (an :class:`Effect`
per effect of ``cardgen/data/effects.toml``) and what a seat may do out of turn (a
:class:`Responder`), each in a registry that the card families fill.

A card names its effect (``card.effect``); the engine looks the handler up in
:data:`EFFECTS`. A handler is consulted at four moments:

- ``targets``: the victims a play may name (a card with ``choose_victim``);
- ``on_play``: just after the card lands, before anyone may respond (a draw card
  attaches its pending :class:`~cardgen.engine.state.DrawPenalty` here);
- ``resolve``: when the responses are over and the card takes effect; it says whose
  turn comes next;
- ``on_start``: when the card is the first one turned up (C-06 … C-11).

A family adds a card kind with one class::

    @register_effect
    class Peek(Effect):
        name = "peek"
        def resolve(self, state, entry): ...

Effects listed in effects.toml without a handler yet get :class:`NotYet`, which refuses
to be played with a clear message.

Responses out of turn: after a card lands and before it resolves (and again once the
stack of pending effects is empty, before the next player acts), the engine asks the
seats in a fixed order whether they respond. Each kind of response is a
:class:`Responder`: ``active`` says cheaply whether it can apply at all (most of the
time it cannot, and nobody is asked), ``options`` lists what one seat may do. A response
that changes the state calls ``state.response_done()``, and every seat is asked again,
so a response can be answered. The official rules have two: challenging a +4 (C-21,
:mod:`~cardgen.engine.classic.wild_draw_four`) and catching a missed UNO (C-24,
:mod:`~cardgen.engine.classic.uno_call`); the variants register more ("Non",
Boomerang, jump-in …) with :func:`register_responder` and list them in their rules'
``responders`` hook.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, ClassVar

from cardgen.engine.actions import Action
from cardgen.engine.cards import CardTables
from cardgen.engine.errors import NotImplementedYet
from cardgen.engine.hooks.plugin_code import claim, guarded_call, registering
from cardgen.engine.stack import Pending
from cardgen.engine.state import RoundState

# --- what a card does ----------------------------------------------------------------


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
    #: The out-of-turn responses (names in RESPONDERS) a deck holding this card
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
#: Effect, answer or option name -> the distribution that registered it (a plugin's, or
#: "cardgen"), as the entry points were loaded.
REGISTERED_BY: dict[str, str] = {}
#: The hooks of an effect a plugin's failure is caught in, and where each finds the kind
#: of its card among its arguments (after ``self``).
_EFFECT_HOOKS = {"targets": 1, "playable": 2, "on_play": 1, "hits": 1, "resolve": 1,
                 "on_start": 1}


def guard(method: Callable[..., Any], dist: str, what: str,
          card_of: Callable[[tuple[Any, ...]], str], *,
          check_round: bool = True) -> Callable[..., Any]:
    """``method`` of a plugin, called under the plugin guard
    (:func:`cardgen.engine.hooks.plugin_code.guarded_call`): a failure, a loop, an exit or a
    broken round becomes a :class:`PluginError` naming the plugin, ``what`` it was doing
    and the card."""

    @functools.wraps(method)
    def guarded(self: Any, *args: Any) -> Any:
        return guarded_call(dist, what, lambda: card_of(args), method, self, *args,
                            check_round=check_round)

    return guarded


def _card_of(hook: str) -> Callable[[tuple[Any, ...]], str]:
    where = _EFFECT_HOOKS[hook]

    def card(args: tuple[Any, ...]) -> str:
        tables, found = args[0], args[where]
        kind = found if isinstance(found, int) else getattr(found, "kind", -1)
        kinds = getattr(tables, "kinds", None) or tables.variant.kinds
        return f" for card '{kinds[kind].id}'" if kind >= 0 else ""

    return card


def register_effect(cls: type[Effect]) -> type[Effect]:
    """Class decorator: make ``cls`` the handler of the effect named ``cls.name``. The
    hooks of a plugin's effect are guarded (:func:`guard`)."""
    dist = registering()
    if dist and dist != "cardgen":
        hooks = {hook: guard(getattr(cls, hook), dist, f"the {hook} hook of effect "
                             f"'{cls.name}'", _card_of(hook))
                 for hook in _EFFECT_HOOKS if getattr(cls, hook) is not getattr(Effect, hook)}
        cls = type(cls.__name__, (cls,), {**hooks, "__module__": cls.__module__})
    claim("effect", cls.name)
    EFFECTS[cls.name] = cls()
    REGISTERED_BY[cls.name] = dist or "cardgen"
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



# --- what a seat may do out of turn ---------------------------------------------------


class Responder:
    name: ClassVar[str] = ""
    #: When it applies: "pending" while a card waits on the stack of pending effects,
    #: "between" once the stack is empty and before the next turn begins.
    window: ClassVar[str] = "pending"
    #: True when it answers only a pending draw (the top of the stack carries a
    #: penalty): the round then skips it for every other card, without asking ``active``.
    needs_penalty: ClassVar[bool] = False
    #: True when it answers only a missed UNO call (``state.uno_missed``): the round
    #: then skips it between turns when nobody missed one.
    needs_missed_uno: ClassVar[bool] = False

    def active(self, state: RoundState) -> bool:
        """Whether anyone could respond this way now."""
        raise NotImplementedError

    def options(self, state: RoundState, seat: int) -> list[Action]:
        """What ``seat`` may do this way now (empty: nothing)."""
        raise NotImplementedError


RESPONDERS: dict[str, Responder] = {}


#: The hooks of a responder a plugin's failure is caught in.
_RESPONDER_HOOKS = ("active", "options")


def register_responder(cls: type[Responder]) -> type[Responder]:
    """Class decorator: ``cls`` answers out of turn under the name ``cls.name``. The
    hooks of a plugin's responder are guarded (:func:`guard`)."""
    dist = registering()
    if dist and dist != "cardgen":
        hooks = {hook: guard(getattr(cls, hook), dist, f"the {hook} hook of answer "
                             f"'{cls.name}'", lambda args: "")
                 for hook in _RESPONDER_HOOKS}
        cls = type(cls.__name__, (cls,), {**hooks, "__module__": cls.__module__})
    claim("answer", cls.name)
    RESPONDERS[cls.name] = cls()
    return cls
