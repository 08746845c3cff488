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
:func:`draw`, :func:`skip`, :func:`give`, :func:`ask`, :func:`pick` (a chance
step), :func:`log` (what the round
says: a :class:`PluginEvent` of the plugin's own), with :func:`hand`,
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

import collections
import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from typing import Any, ClassVar

from cardgen.catalogue.effect_facts import FACTS_GROUP
from cardgen.catalogue.locale import SOURCE_LANG, find_word, word
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
from cardgen.engine.events import Event, Note, Picked
from cardgen.engine.hooks import (
    EFFECTS,
    REGISTERED_BY,
    RESPONDERS,
    Effect,
    Responder,
    effect_for,
    guard,
    register_effect,
    register_responder,
)
from cardgen.engine.hooks.plugin_code import guarded_call, loading, registering, running_plugin
from cardgen.engine.official.rules import OPTIONS, OfficialRules, option
from cardgen.engine.official.scoreboard import RoundResult, Scoreboard
from cardgen.engine.stack import DrawPenalty, Pending
from cardgen.engine.state import OVER, TURN, RoundState, RuleEffect

__all__ = [
    "ASKING", "CHALLENGE", "DRAW", "EFFECTS", "FACTS_GROUP", "FIELD_FORMS", "GROUP", "KEEP",
    "OPTIONS", "OVER", "PASS", "REGISTERED_BY", "RESPONDERS", "ROUND_FIELDS", "TURN", "Action",
    "ActionSyntaxError", "Answer", "CardTables", "DrawPenalty", "Effect", "EngineError", "Event",
    "OfficialRules", "Pending", "Play", "PluginError", "PluginEvent", "Responder", "Round",
    "RoundField", "RoundResult", "RoundState", "RuleEffect", "Scoreboard", "action_verb",
    "answer_words", "ask", "card_id", "draw", "effect_for", "give", "hand", "hands_moved",
    "kinds_where", "load_families", "log", "option", "parse_seat", "pick", "register_effect",
    "register_responder", "register_round_field", "seat_after", "seat_count", "seat_name",
    "seats_in_order", "sizes", "skip", "whole_number", "words_domain",
]

#: The entry-point group of the modules that register effects, answers and options.
GROUP = "cardgen.effects"
#: The distribution whose families are cardgen's own (never guarded).
CARDGEN = "cardgen"


# --- the round's operations -------------------------------------------------------------


def _misuse(operation: str, problem: str) -> EngineError:
    """A call of the API with a value it cannot take, named with the plugin that made
    it (cardgen's own families are the engine's own error)."""
    dist = running_plugin()
    if dist and dist != CARDGEN:
        return PluginError(f"the plugin {dist} called api.{operation} with {problem}")
    return EngineError(f"api.{operation} was called with {problem}")


def _seat(state: RoundState, seat: object, operation: str) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n:
        raise _misuse(operation, f"seat {seat!r}: the seats are 0 to {state.n - 1}")
    return seat


def _kind(state: RoundState, kind: object, operation: str) -> int:
    count = len(state.variant.kinds)
    if isinstance(kind, bool) or not isinstance(kind, int) or not 0 <= kind < count:
        raise _misuse(operation, f"card kind {kind!r}: the deck's kinds are 0 to {count - 1}")
    return kind


def _count(count: object, operation: str, most: int) -> int:
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= most:
        raise _misuse(operation, f"count {count!r}: a whole number from 0 to {most}")
    return count


def draw(state: RoundState, seat: int, count: int) -> int:
    """``seat`` draws ``count`` cards (reshuffling the discard pile if need be, C-27);
    returns how many it got (fewer when both piles run dry)."""
    return state.draw_cards(_seat(state, seat, "draw"), _count(count, "draw", state.total))


def skip(state: RoundState, seat: int) -> None:
    """``seat`` misses his next turn, whenever play reaches him."""
    state.lose_turn(_seat(state, seat, "skip"))


def seat_after(state: RoundState, seat: int, steps: int = 1) -> int:
    """The seat ``steps`` places after ``seat`` in the direction of play (seats that are
    out of the round are passed over). Setting ``state.turn`` to it says who plays next."""
    return state.next_seat(_seat(state, seat, "seat_after"),
                           _count(steps, "seat_after", state.n))


def seats_in_order(state: RoundState, start: int) -> list[int]:
    """Every seat still in the round, in the direction of play, from ``start`` on."""
    return state.seats_from(_seat(state, start, "seats_in_order"))


def seat_count(state: RoundState) -> int:
    """How many seats the round has, out or not (seats are 0 … count - 1; seat + 1 is the
    left neighbour, the next clockwise)."""
    return state.n


def hand(state: RoundState, seat: int) -> tuple[int, ...]:
    """The card kinds ``seat`` holds (read only; :func:`card_id` names each)."""
    return tuple(state.hands[_seat(state, seat, "hand")])


def card_id(state: RoundState, kind: int) -> str:
    """The deck's id of the card kind ``kind`` (what actions and logs name)."""
    return state.variant.kinds[_kind(state, kind, "card_id")].id


def pick(state: RoundState, count: int, *, step: str,
         weights: tuple[int, ...] | None = None) -> int:
    """A chance step of the plugin's: one of ``count`` outcomes (0 … count - 1), each as
    likely (or as often as its weight in ``weights``, one whole number per outcome, not
    all 0), drawn from the round's own seeded generator, so that a seed replays the
    game. ``step`` names the step (e.g. ``"steal-random"``): a situation file fixes its
    outcomes in order with ``[chance] picks = { steal-random = [2] }``, and ``cardgen
    explain`` shows each one."""
    if not isinstance(step, str) or not step:
        raise _misuse("pick", f"step {step!r}: name the chance step with a short text")
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise _misuse("pick", f"count {count!r}: at least one outcome to pick from")
    if weights is not None and (len(weights) != count or not any(weights)
                                or any(not isinstance(w, int) or w < 0 for w in weights)):
        raise _misuse("pick", f"weights {weights!r}: one whole number (0 or more) per "
                              "outcome, not all 0")
    picked = state.pick(step, count, weights)
    if state.events is not None:
        state.log(Picked(step, picked, count))
    return picked


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
    held = {seat: list(state.hands[_seat(state, seat, "give")])
            for giver, receiver, _ in moves for seat in (giver, receiver)}
    for giver, _, kind in moves:
        if _kind(state, kind, "give") not in held[giver]:
            raise _misuse("give", f"card '{state.variant.kinds[kind].id}' from seat {giver}, "
                                  "who does not hold it (or not that many)")
        held[giver].remove(kind)
    before = sizes(state, held)
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
    _seat(state, seat, "ask")
    if not choices or not all(isinstance(choice, Action) for choice in choices):
        raise _misuse("ask", "no choices, or a choice that is not an action")
    if card >= 0:
        state.extra[ASKING] = card
    state.ask(seat, choices)


def log(state: RoundState, event: Event | str) -> None:
    """Note what happened in the round's log (kept only when the round keeps one: a game
    written down, ``cardgen play``, ``cardgen serve``, ``cardgen explain``). Give an
    instance of your own :class:`PluginEvent` subclass, so that every seat is told it in
    its language and a secret stays with the seats that may see it; a plain English text
    (the older way) is shown as written, card ids replaced by names."""
    if state.events is not None:
        state.log(Note(event) if isinstance(event, str) else event)


@dataclass(frozen=True, slots=True)
class PluginEvent(Event):
    """A kind of event of a plugin's own: subclass it as a frozen dataclass, set
    ``words`` (the key, msgctxt, of its words in the plugin's catalogue; ``{field}``
    marks are filled with the event's fields) and ``__str__`` (the English line of the
    round's log, for transcripts and ``cardgen explain``). Fields named ``seat``,
    ``other`` or ending in ``_seat`` are seats, said by the table's numbering; ``card``
    or ending in ``_card`` a card id, said by its name; ``cards`` card ids.

    A secret: ``secret_words`` is said instead to the seats :meth:`shown_to` names
    (with every field), and ``words`` to the others, which should then not name the
    secret field."""

    words: ClassVar[str] = ""
    secret_words: ClassVar[str | None] = None
    #: The catalogue the words are in (by default the package the event is defined in,
    #: as for :class:`Answer`).
    words_domain: ClassVar[str] = ""
    #: The distribution whose module defined the event (its catalogue holds the words).
    plugin: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super(PluginEvent, cls).__init_subclass__(**kwargs)
        dist = registering()
        if dist:
            cls.plugin = dist

    def shown_to(self) -> frozenset[int]:
        """The seats told ``secret_words`` (none by default: the event is public)."""
        return frozenset()


@dataclass(frozen=True, slots=True)
class Answer(Action):
    """A seat's answer to :func:`ask`, defined by the effect that asks. A subclass sets
    ``verb``, its fields, ``__str__`` (the text :func:`action_verb`'s parser reads
    back) and :meth:`answered`. Its words (:func:`answer_words`) are entries of the
    plugin's catalogue: ``said_as_key`` names the msgctxt of how the seat that answers is
    shown it at ``cardgen play`` (``{card}`` is replaced by the name of the card it
    names, ``{seat}`` by the seat's), ``said_to_others_key`` that of how the other seats
    are told of it (without the card, for a secret choice). ``words_domain`` is the
    catalogue's domain: by default the answer's top-level package, whose
    ``locale/<lang>/LC_MESSAGES/<package>.po`` holds them. The older ``said_as`` and
    ``said_to_others``, tables by language code, are still read."""

    said_as_key: ClassVar[str] = ""
    said_to_others_key: ClassVar[str] = ""
    words_domain: ClassVar[str] = ""
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


#: What the other seats are told of an answer that names a card and gives them no words.
HIDDEN_ANSWER = "play|answer_hidden"


def answer_words(action: Action, lang: str, values: Mapping[str, str]) -> tuple[str, str]:
    """How the answer ``action`` is said in ``lang``: (what the seat that answers is
    shown, what the other seats are told), ``values`` filling its ``{card}``, ``{seat}``….
    English stands in for a language the plugin lacks. Without words of its own, the seat
    that answers is shown its text as typed, and the others are never told a card: they
    hear the answer's own words where those name none, else only that the seat answered."""
    own, others = _said(action, "said_as", lang), _said(action, "said_to_others", lang)
    if not isinstance(action, Answer) and own is None and others is None:
        return str(action), str(action)  # an engine action no label knows yet
    if others is None:
        others = own if own is not None and "{card}" not in own else word(HIDDEN_ANSWER, lang)
    return (_filled(own, values) if own is not None else str(action)), _filled(others, values)


def words_domain(said: object) -> str:
    """The catalogue a plugin's answer or event takes its words from: its class's
    ``words_domain``, else the top-level package it is defined in."""
    return getattr(type(said), "words_domain", "") or type(said).__module__.partition(".")[0]


def _said(action: Action, name: str, lang: str) -> str | None:
    """The words ``name`` (said_as, said_to_others) of ``action`` in ``lang``: from its
    catalogue key, else from its table by language (English standing in), else None."""
    key = getattr(type(action), f"{name}_key", "")
    if key:
        domain = words_domain(action)
        found = find_word(key, lang, domain)
        if found is not None:
            return found
    table = getattr(action, name, None)
    if isinstance(table, Mapping) and table:
        return str(table.get(lang) or table.get(SOURCE_LANG) or next(iter(table.values())))
    return None


def _filled(text: str, values: Mapping[str, str]) -> str:
    try:
        return text.format_map(collections.defaultdict(str, values))
    except (ValueError, IndexError):  # a stray brace in a translation: said as written
        return text


def _guarded_answer(method: Callable[[Any, RoundState], None],
                    dist: str) -> Callable[[Any, RoundState], None]:
    @functools.wraps(method)
    def guarded(answer: Any, state: RoundState) -> None:
        def card() -> str:
            kind = state.extra.get(ASKING, -1)
            return f" of card '{card_id(state, kind)}'" if kind >= 0 else ""

        guarded_call(dist, f"the answer '{answer}'", card, method, answer, state)

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
                         lambda args: "", check_round=False)

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
