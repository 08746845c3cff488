"""Actions: the small frozen values a seat chooses among, printed and parsed as text.

Every decision in a round is one action, written as a short line of text so that a
game can be written down, replayed and quoted in a bug report::

    play red-7              play a card
    play red-7 uno          ... calling UNO (the hand is left with one card)
    play wild blue          a wild, naming the colour
    play red-draw-two-choice @P2   a card whose victim is chosen
    draw                    draw instead of playing (or because nothing fits)
    keep                    keep the card just drawn and end the turn
    color green             name the starting colour (first card is a wild, C-10)
    challenge               challenge the +4 (or the like) that hit you (C-21)
    catch P2                catch P2, who did not call UNO (C-24)
    pass                    let a chance to respond go by

Actions compare by what their text says. The engine's own copies also carry the card
kind and colour as small integers (not compared, not printed) so that the hot path
never looks a name up. Another module adds a verb with :func:`action_verb`.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from cardgen.engine.errors import ActionSyntaxError


def seat_name(seat: int) -> str:
    return f"P{seat}"


def parse_seat(text: str, line: str) -> int:
    seat = whole_number(text[1:]) if text[:1] in ("P", "p") else None
    if seat is None:
        raise ActionSyntaxError(f"'{line}': '{text}' is not a seat; seats are written P0, P1, …")
    return seat


@dataclass(frozen=True, slots=True)
class Action:
    """Something a seat may do. Subclasses say what, and how it changes a round."""

    verb: ClassVar[str] = ""

    def apply_to(self, state: Any) -> None:  # pragma: no cover - abstract
        """Take the action in ``state``, a round. The round lives above the actions (it
        lists them), so each subclass names the round it needs: the official actions a
        :class:`Round`, those of the optional rules a RoundState."""
        raise NotImplementedError

    def cards_named(self) -> tuple[str, ...]:
        """The card ids the action's text names (a situation file's are checked against
        its deck): its ``card`` and its ``cards``, by default."""
        card = getattr(self, "card", None)
        return (*([card] if isinstance(card, str) else []), *getattr(self, "cards", ()))

    def __str__(self) -> str:
        return self.verb


class Round(Protocol):
    """What the official actions ask of a round (a RoundState): one method each."""

    def play_card(self, act: Play) -> None: ...
    def draw_turn(self) -> None: ...
    def keep_drawn(self) -> None: ...
    def pass_response(self) -> None: ...
    def name_start_color(self, act: NameColor) -> None: ...
    def challenge(self) -> None: ...
    def catch_uno(self, seat: int) -> None: ...


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card from the hand (on one's turn, the drawn card, or out of turn)."""

    verb: ClassVar[str] = "play"
    card: str
    color: str | None = None
    target: int | None = None
    uno: bool = False
    # Filled in by the engine for its own copies; never compared or printed.
    kind: int = field(default=-1, compare=False, repr=False)
    color_index: int = field(default=-1, compare=False, repr=False)
    #: How many actions share this card (colours x victims x UNO or not): the random
    #: player uses it to choose the card first and its options after.
    siblings: int = field(default=1, compare=False, repr=False)
    #: The colour in force once it is played (-1: the colour in force stays) and, then,
    #: the kinds that go on it: looked up once, when the variant builds its plays.
    sets_color: int = field(default=-1, compare=False, repr=False)
    match_after: frozenset[int] = field(default=frozenset(), compare=False, repr=False)

    def apply_to(self, state: Round) -> None:
        state.play_card(self)

    def __str__(self) -> str:
        text = f"play {self.card}"
        if self.color is not None:
            text += f" {self.color}"
        if self.target is not None:
            text += f" @{seat_name(self.target)}"
        if self.uno:
            text += " uno"
        return text


@dataclass(frozen=True, slots=True)
class Draw(Action):
    verb: ClassVar[str] = "draw"

    def apply_to(self, state: Round) -> None:
        state.draw_turn()


@dataclass(frozen=True, slots=True)
class Keep(Action):
    verb: ClassVar[str] = "keep"

    def apply_to(self, state: Round) -> None:
        state.keep_drawn()


@dataclass(frozen=True, slots=True)
class Pass(Action):
    verb: ClassVar[str] = "pass"

    def apply_to(self, state: Round) -> None:
        state.pass_response()


@dataclass(frozen=True, slots=True)
class NameColor(Action):
    verb: ClassVar[str] = "color"
    color: str
    color_index: int = field(default=-1, compare=False, repr=False)

    def apply_to(self, state: Round) -> None:
        state.name_start_color(self)

    def __str__(self) -> str:
        return f"color {self.color}"


@dataclass(frozen=True, slots=True)
class Challenge(Action):
    verb: ClassVar[str] = "challenge"

    def apply_to(self, state: Round) -> None:
        state.challenge()  # C-21, C-22


@dataclass(frozen=True, slots=True)
class Catch(Action):
    verb: ClassVar[str] = "catch"
    seat: int

    def apply_to(self, state: Round) -> None:
        state.catch_uno(self.seat)  # C-24

    def __str__(self) -> str:
        return f"catch {seat_name(self.seat)}"


DRAW = Draw()
KEEP = Keep()
PASS = Pass()
CHALLENGE = Challenge()

Parser = Callable[[list[str], str], Action]
_PARSERS: dict[str, Parser] = {}


def action_verb(verb: str) -> Callable[[Parser], Parser]:
    """Register how the text of a verb's actions is read (``parse_action`` uses it)."""

    def register(parser: Parser) -> Parser:
        from cardgen.engine.hooks.plugin_code import claim  # (hooks import the actions)

        claim("verb", verb)
        _PARSERS[verb] = parser
        return parser

    return register


def registered_verbs() -> dict[str, Parser]:
    """Every verb an action may start with, and the function that reads its text."""
    return dict(_PARSERS)


def parse_action(text: str) -> Action:
    """Read an action from its text, e.g. ``"play wild blue"`` or ``"catch P2"``.

    >>> str(parse_action("play  wild-draw-four   red uno"))
    'play wild-draw-four red uno'
    """
    words = text.split()
    if not words:
        raise ActionSyntaxError("an empty line is not an action")
    parser = _PARSERS.get(words[0].lower())
    if parser is None:
        if words[0].upper().startswith("P") and whole_number(words[0][1:]) is not None:
            hint = f"; to name the seat, write it with a colon: '{words[0]}: …'"
        else:
            close = difflib.get_close_matches(words[0].lower(), list(_PARSERS), n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
        raise ActionSyntaxError(f"'{text}': unknown verb '{words[0]}'{hint}; the verbs are "
                                f"{', '.join(sorted(_PARSERS))}")
    return parser(words[1:], text)


def _no_arguments(action: Action) -> Parser:
    def parse(args: list[str], line: str) -> Action:
        if args:
            raise ActionSyntaxError(f"'{line}': '{action.verb}' takes nothing after it")
        return action

    return parse


for _simple in (DRAW, KEEP, PASS, CHALLENGE):
    action_verb(_simple.verb)(_no_arguments(_simple))


@action_verb("play")
def _parse_play(args: list[str], line: str) -> Action:
    if not args:
        raise ActionSyntaxError(f"'{line}': say which card to play, e.g. 'play red-7'")
    card, rest = args[0], args[1:]
    color: str | None = None
    target: int | None = None
    uno = False
    for word in rest:
        if word.lower() == "uno":
            uno = True
        elif word.startswith("@"):
            target = parse_seat(word[1:], line)
        elif color is None:
            color = word.lower()
        else:
            raise ActionSyntaxError(f"'{line}': unexpected '{word}'; write "
                                    "'play CARD [COLOUR] [@P<seat>] [uno]'")
    return Play(card, color, target, uno)


@action_verb("color")
def _parse_color(args: list[str], line: str) -> Action:
    if len(args) != 1:
        raise ActionSyntaxError(f"'{line}': write 'color' and one colour, e.g. 'color red'")
    return NameColor(args[0].lower())


@action_verb("catch")
def _parse_catch(args: list[str], line: str) -> Action:
    if len(args) != 1:
        raise ActionSyntaxError(f"'{line}': write 'catch' and the seat caught, e.g. 'catch P2'")
    return Catch(parse_seat(args[0], line))


#: The most digits of a number typed by a person (a seat, a count of cards, a choice in a
#: list): a few are enough for any table. A longer run is refused before int() is asked,
#: which fails past 4,300 digits and does needless work well before.
MAX_DIGITS = 9


def whole_number(text: str) -> int | None:
    """``text`` as a whole number when it is one in ASCII digits ("12"), else None.

    str.isdigit() takes "²", which int() refuses, and int() takes other scripts' digits
    ("٣" is 3): a number typed at the table or written in a file is 0-9 only.
    """
    if 0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit():
        return int(text)
    return None
