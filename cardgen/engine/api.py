"""The public API of the rules engine: how a card effect or an option (a house rule) is
taught to cardgen, by cardgen's own card families and by a plugin alike.

Stable: what this module exports keeps its name and meaning; what it does not export
(the round's internals, the families' helpers) may change from one version to the next.
``docs/writing-an-effect.md`` walks through a whole plugin
(``examples/plugins/pass-left/``).

**What an effect declares** lives in two places. Its facts, parameters (with their
types and limits) and words in French and English are data: an ``effects.toml`` table
(the format of ``cardgen/data/effects.toml``) in the plugin's package, which the
catalogue reads through the entry-point group :data:`FACTS_GROUP`; its example
situations are the files of the ``effect_examples/`` folder beside it. What it does in
play is code: an :class:`Effect` subclass registered with :func:`register_effect`, whose
hooks the round calls:

- ``targets(variant, kind, seat, n)``: the victims a play of it may name;
- ``playable(state, seat, kind)``: whether it may be played now (with
  ``decides_playability``);
- ``on_play(state, entry)``: it has landed, nobody has answered yet;
- ``resolve(state, entry)``: the answers are over, it takes effect and says whose turn
  comes next;
- ``on_start(state, entry)``: it is the round's first card;
- ``responders``: the names of the answers out of turn (:class:`Responder`, registered
  with :func:`register_responder`) a deck holding it needs.

An option is an :class:`OfficialRules` subclass registered with :func:`option` that
overrides the hooks it changes (scoring is ``round_points`` and ``score_round``); its
facts are an ``options.toml`` table beside ``effects.toml``.

**The round's operations** an effect may use are the functions below, thin wrappers
over :class:`RoundState` that keep their meaning whatever the round becomes:
:func:`draw`, :func:`skip`, :func:`give`, :func:`ask`, :func:`log`, with :func:`hand`,
:func:`seat_after`, :func:`seats_in_order` and :func:`card_id` to read it. A seat's
answer to :func:`ask` is an :class:`Answer`, an action the plugin defines (its text is
read back by the parser registered with :func:`action_verb`).

**What a family keeps for a round** (in ``state.extra``, under keys of its own) and a
situation file may set is a :class:`RoundField` registered with
:func:`register_round_field`: its name in the file, its form, how to read it from a
round and write it into one, and how to check a value.

**Loading**: every module named in the entry-point group :data:`GROUP` is imported once,
when :mod:`cardgen.engine` is (:func:`load_families`); cardgen's own families are
entry points of that group too (``pyproject.toml``). A plugin's hook that raises stops
the game with a :class:`~cardgen.engine.errors.PluginError` naming the plugin and the
card.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from typing import Any, ClassVar

from cardgen.catalogue.effect_facts import FACTS_GROUP
from cardgen.engine.actions import (
    CHALLENGE,
    DRAW,
    KEEP,
    PASS,
    Action,
    Play,
    Round,
    action_verb,
    parse_seat,
    seat_name,
    whole_number,
)
from cardgen.engine.cards import CardTables, kinds_where
from cardgen.engine.errors import ActionSyntaxError, EngineError, PluginError
from cardgen.engine.hooks import (
    EFFECTS,
    REGISTERED_BY,
    RESPONDERS,
    Effect,
    Responder,
    effect_for,
    guard,
    loading,
    register_effect,
    register_responder,
    registering,
)
from cardgen.engine.official.rules import OPTIONS, OfficialRules, option
from cardgen.engine.official.scoreboard import RoundResult, Scoreboard
from cardgen.engine.stack import DrawPenalty, Pending
from cardgen.engine.state import OVER, TURN, RoundState, RuleEffect

__all__ = [
    "ASKING", "CHALLENGE", "DRAW", "EFFECTS", "FACTS_GROUP", "FIELD_FORMS", "GROUP", "KEEP",
    "OPTIONS", "OVER", "PASS", "REGISTERED_BY", "RESPONDERS", "ROUND_FIELDS", "TURN", "Action",
    "ActionSyntaxError", "Answer", "CardTables", "DrawPenalty", "Effect", "EngineError",
    "OfficialRules", "Pending", "Play", "PluginError", "Responder", "Round", "RoundField",
    "RoundResult", "RoundState", "RuleEffect", "Scoreboard", "action_verb", "ask", "card_id",
    "draw", "effect_for", "give", "hand", "hands_moved", "kinds_where", "load_families", "log",
    "option", "parse_seat", "register_effect", "register_responder", "register_round_field",
    "seat_after", "seat_count", "seat_name", "seats_in_order", "sizes", "skip", "whole_number",
]

#: The entry-point group of the modules that register effects, answers and options.
GROUP = "cardgen.effects"
#: The distribution whose families are cardgen's own (never guarded).
CARDGEN = "cardgen"


# --- the round's operations -------------------------------------------------------------


def draw(state: RoundState, seat: int, count: int) -> int:
    """``seat`` draws ``count`` cards (reshuffling the discard pile if need be, C-27);
    returns how many it got (fewer when both piles run dry)."""
    return state.draw_cards(seat, count)


def skip(state: RoundState, seat: int) -> None:
    """``seat`` misses his next turn, whenever play reaches him."""
    state.lose_turn(seat)


def seat_after(state: RoundState, seat: int, steps: int = 1) -> int:
    """The seat ``steps`` places after ``seat`` in the direction of play (seats that are
    out of the round are passed over). Setting ``state.turn`` to it says who plays next."""
    return state.next_seat(seat, steps)


def seats_in_order(state: RoundState, start: int) -> list[int]:
    """Every seat still in the round, in the direction of play, from ``start`` on."""
    return state.seats_from(start)


def seat_count(state: RoundState) -> int:
    """How many seats the round has, out or not (seats are 0 … count - 1; seat + 1 is the
    left neighbour, the next clockwise)."""
    return state.n


def hand(state: RoundState, seat: int) -> tuple[int, ...]:
    """The card kinds ``seat`` holds (read only; :func:`card_id` names each)."""
    return tuple(state.hands[seat])


def card_id(state: RoundState, kind: int) -> str:
    """The deck's id of the card kind ``kind`` (what actions and logs name)."""
    return state.variant.kinds[kind].id


def sizes(state: RoundState, seats: Iterable[int]) -> dict[int, int]:
    """How many cards each of ``seats`` holds: what :func:`hands_moved` is given."""
    return {s: len(state.hands[s]) for s in seats}


def hands_moved(state: RoundState, before: dict[int, int]) -> None:
    """Bookkeeping after the hands of the seats of ``before`` (seat -> cards held before)
    changed other than by playing or drawing: the UNO calls, who is out, and the rules'
    ``after_hands_moved`` hook."""
    for seat in before:
        count = len(state.hands[seat])
        if count != 1:
            state.at_uno[seat] = False
            if state.uno_missed == seat:
                state.uno_missed = -1
        if count == 0:
            if seat not in state.out and seat not in state.emptied:
                state.emptied.append(seat)
        elif seat in state.emptied:  # handed a new hand before he could go out (H-24)
            state.emptied.remove(seat)
        elif seat in state.out:  # a player who was out holds cards again (H-18)
            state.out.remove(seat)
    state.rules.after_hands_moved(state, before)


def give(state: RoundState, moves: Iterable[tuple[int, int, int]]) -> None:
    """Move cards between hands all at once: each ``(giver, receiver, kind)`` takes one
    card ``kind`` from the giver's hand to the receiver's; then :func:`hands_moved`."""
    moves = list(moves)
    before = sizes(state, {seat for giver, receiver, _ in moves for seat in (giver, receiver)})
    for giver, _, kind in moves:
        state.hands[giver].remove(kind)
    for _, receiver, kind in moves:
        state.hands[receiver].append(kind)
    hands_moved(state, before)


#: Where :func:`ask` notes the card that asked, so that a failing answer names it.
ASKING = "api.asking"


def ask(state: RoundState, seat: int, choices: list[Action], *, card: int = -1) -> None:
    """Ask ``seat`` a question: the round waits until he takes one of ``choices`` (his
    legal actions meanwhile; a bot picks among them, a person at ``cardgen play`` is
    shown them). Call it last in a hook (``resolve`` then returns); the answer's
    :meth:`Answer.answered` goes on. ``card``: the kind of the card that asks."""
    if card >= 0:
        state.extra[ASKING] = card
    state.ask(seat, choices)


def log(state: RoundState, text: str) -> None:
    """Note an event in the round's log (kept only when the round keeps one: a game
    written down, ``cardgen play``, ``cardgen explain``)."""
    if state.events is not None:
        state.log(text)


@dataclass(frozen=True, slots=True)
class Answer(Action):
    """A seat's answer to :func:`ask`, defined by the effect that asks. A subclass sets
    ``verb``, its fields, ``__str__`` (the text :func:`action_verb`'s parser reads
    back) and :meth:`answered`; ``said_as`` may give, per language, how a person is
    shown it at ``cardgen play`` (``{card}`` is replaced by the name of the card it
    names, ``{seat}`` by the seat's), and ``said_to_others`` how the other seats are
    told of it (without the card, for a secret choice)."""

    said_as: ClassVar[dict[str, str]] = {}
    said_to_others: ClassVar[dict[str, str]] = {}
    #: The distribution whose module defined the answer ("" for cardgen's own).
    plugin: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # (no bare super(): a slots dataclass is a new class, which the cell misses)
        super(Answer, cls).__init_subclass__(**kwargs)
        dist = registering()
        answered = vars(cls).get("answered")
        if dist and dist != CARDGEN and answered and not hasattr(answered, "__wrapped__"):
            cls.plugin = dist
            cls.answered = _guarded_answer(cls.answered, dist)  # type: ignore[method-assign,assignment]

    def apply_to(self, state: RoundState) -> None:
        self.answered(state)

    def answered(self, state: RoundState) -> None:
        """The seat chose this answer: do its part, then ask the next question or end
        with ``state.advance()``."""
        raise NotImplementedError


def _guarded_answer(method: Callable[[Any, RoundState], None],
                    dist: str) -> Callable[[Any, RoundState], None]:
    @functools.wraps(method)
    def guarded(answer: Any, state: RoundState) -> None:
        try:
            method(answer, state)
        except EngineError:
            raise
        except Exception as error:
            kind = state.extra.get(ASKING, -1)
            card = f" of card '{card_id(state, kind)}'" if kind >= 0 else ""
            raise PluginError(f"the plugin {dist} failed in the answer '{answer}'{card}: "
                              f"{type(error).__name__}: {error}") from None

    return guarded


# --- what a family keeps for a round ----------------------------------------------------
# The data a card family keeps for a round (in ``state.extra``, under keys of its own)
# that a situation file can set and ``save`` at ``cardgen play`` writes: each is a
# RoundField registered by the family that keeps it, so that what reads and writes
# situation files (cardgen.situation) knows none of the families, cardgen's own or a
# plugin's.


#: The forms of a field's value: what the round holds (a file writes a card kind by its
#: id, a seat as ``"P2"``, the others as they are).
FIELD_FORMS = ("card", "cards", "seat", "seats", "number", "text", "flag")


def _no_problem(state: RoundState, value: Any) -> str | None:
    return None


@dataclass(frozen=True, slots=True)
class RoundField:
    """A value a family keeps for a round, as a situation file names it.

    - ``read(state)``: the value the round holds now, None when it holds none (a save
      writes the value it held when the round started; ``cardgen explain`` may show it);
    - ``write(state, value)``: set it, when a situation file gives it (after the cards,
      the direction and the seats out are set; before the first card is turned);
    - ``check(state, value)``: why the file's value cannot be, as a sentence that names
      the field as the file writes it (``chance.cursed …``), or None. The form is
      checked before (a card of the deck, a seat of the table …).
    """

    name: str
    form: str
    read: Callable[[RoundState], Any]
    write: Callable[[RoundState, Any], None]
    check: Callable[[RoundState, Any], str | None] = _no_problem
    chance: bool = False  # the outcome of a chance step: in the [chance] table


#: Field name -> the field, in the order the families registered them.
ROUND_FIELDS: dict[str, RoundField] = {}


def register_round_field(field: RoundField) -> RoundField:
    """Make ``field`` known to situation files and saves. The functions of a plugin's
    field are guarded, as its effects' hooks are (a failure names the plugin)."""
    if field.form not in FIELD_FORMS:
        raise PluginError(f"the round field '{field.name}' has the form '{field.form}'; "
                          f"a form is one of {', '.join(FIELD_FORMS)}")
    dist = registering()
    if dist and dist != "cardgen":
        def guarded(method: Callable[..., Any], what: str) -> Callable[..., Any]:
            return guard(method, dist, f"{what} the round field '{field.name}'",
                         lambda args: "")

        field = RoundField(field.name, field.form, guarded(field.read, "reading"),
                           guarded(field.write, "writing"),
                           guarded(field.check, "checking a value of"), field.chance)
    ROUND_FIELDS[field.name] = field
    return field


# --- loading the families ----------------------------------------------------------------


def family_entry_points() -> list[EntryPoint]:
    """The modules of :data:`GROUP`, cardgen's own first, each group by name."""
    found = list(entry_points(group=GROUP))
    return sorted(found, key=lambda ep: (_dist_name(ep) != CARDGEN, ep.name))


def _dist_name(ep: EntryPoint) -> str:
    return ep.dist.name if ep.dist is not None else ""


@functools.cache
def load_families() -> tuple[str, ...]:
    """Import every module of :data:`GROUP` once (each registers what it holds); returns
    the entry points' names. A plugin that cannot be imported is named in one line."""
    names = []
    for ep in family_entry_points():
        dist = _dist_name(ep)
        with loading(dist):
            try:
                ep.load()
            except EngineError:
                raise
            except Exception as error:
                raise PluginError(f"the plugin {dist or ep.value} (entry point '{ep.name}' "
                                  f"of {GROUP}) cannot be loaded: {type(error).__name__}: "
                                  f"{error}; reinstall it or uninstall it") from None
        names.append(ep.name)
    if "number" not in EFFECTS:
        raise PluginError(f"cardgen's own card families are not registered (no entry point "
                          f"of {GROUP}): reinstall cardgen (`pip install -e .` in a checkout)")
    return tuple(names)
