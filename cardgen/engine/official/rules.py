"""The rules in force: the official rules as named hooks, and the options over them.

:class:`OfficialRules` holds every decision the engine leaves to "the rules" — what a
seat may do on its turn, what drawing does, when a +4 is a bluff, who deals, how a
round is scored — each in one method (a *hook*). An option of
``cardgen/data/options.toml`` is a small subclass that overrides only the hooks that
differ and calls ``super()`` for the rest; the rules of a variant are combined by
Python's method resolution order, so several can be on at once::

    @option("lowest-score")
    class LowestScore(OfficialRules):
        def score_round(self, game, result): ...

The choices made where the sources disagree or are silent are marked with their rule
id from docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import ClassVar, Literal

from cardgen.catalogue.option_facts import OPTION_FACTS, combination_problems
from cardgen.engine.actions import DRAW, KEEP, Action
from cardgen.engine.cards import CardTables
from cardgen.engine.errors import EngineError
from cardgen.engine.hooks import REGISTERED_BY, RESPONDERS, Responder, guard
from cardgen.engine.hooks.plugin_code import claim, registering
from cardgen.engine.official.answers import UnoCallHooks, WildDrawFourHooks
from cardgen.engine.official.scoreboard import RoundResult, Scoreboard
from cardgen.engine.stack import DrawPenalty, Pending
from cardgen.engine.state import RoundState


class OfficialRules(WildDrawFourHooks, UnoCallHooks):
    """The official rules, with the default readings of docs/rules.md."""

    name: ClassVar[str] = "official"
    #: U-10: the seat that names a first wild's colour does it before seeing his hand.
    start_color_blind: ClassVar[bool] = False
    #: O-14: the Uno card rotates the hands and may be laid on any card waiting to act;
    #: False where an option gives it another meaning (O-25, O-35).
    uno_card_rotates: ClassVar[bool] = True
    #: C-29: the first player out wins and the round ends; False where the others play
    #: on (H-20). A last draw card is then only drawn (C-23): nobody answers it.
    round_ends_on_first_out: ClassVar[bool] = True

    # What the options change that other rules and cards ask about. A card or an option
    # asks these ("does the table stack draws?"), never which option class is in force;
    # the option that changes one sets it (see each option's class).

    #: C-16: a draw is drawn, never answered with another draw; True with stacking
    #: (H-09, O-23: :meth:`stack_kinds` says which draw cards go on which).
    stacks_draws: ClassVar[bool] = False
    #: No card is laid out of turn between turns; True with a jump-in option (H-11,
    #: O-10, O-12: :meth:`jump_kinds` says which cards may jump in on which).
    allows_jump_ins: ClassVar[bool] = False
    #: C-14: a draw takes one card from the pile; True where every draw is a press of
    #: Uno Extreme's dispenser (O-43), which the 2x card presses twice.
    draws_from_dispenser: ClassVar[bool] = False
    #: O-25: how many cards the Uno card makes the next player draw, who then plays
    #: (Rapido's reading); 0: it makes nobody draw.
    uno_card_draws: ClassVar[int] = 0
    #: What a 0 does to the hands once it has acted: nothing officially; "rotate":
    #: every hand moves one seat in the direction of play (H-13, O-09); "choose": its
    #: player moves them one seat to the left or right, or not at all (O-37).
    zero_moves_hands: ClassVar[Literal["", "rotate", "choose"]] = ""
    #: What a 7 does to the hands once it has acted: nothing officially; "swap": its
    #: player swaps hands with a player he picks (O-09); "choose": or keeps his own (O-38).
    seven_moves_hands: ClassVar[Literal["", "swap", "choose"]] = ""
    #: C-31: the winner of a round scores the others' hands and the highest total wins;
    #: True where everyone scores his own hand and the lowest total wins (C-32).
    lowest_total_wins: ClassVar[bool] = False

    # --- responses ---------------------------------------------------------------

    def responders(self) -> tuple[Responder, ...]:
        """The kinds of out-of-turn response in play, asked in this order."""
        return (RESPONDERS["challenge"], RESPONDERS["uno-catch"])

    def stack_kinds(self, state: RoundState, penalty: DrawPenalty) -> frozenset[int]:
        """The draw cards the player ``penalty`` hits may lay on it instead of drawing
        (asked where ``stacks_draws``). Officially none (C-16)."""
        return frozenset()

    def jump_kinds(self, state: RoundState, top: int) -> frozenset[int]:
        """The cards another player may lay out of turn on the card ``top`` once it has
        acted (asked where ``allows_jump_ins``). Officially none."""
        return frozenset()

    # --- players -------------------------------------------------------------------

    def players_problem(self, players: int) -> str | None:
        """Why this many players cannot play with these rules (None: they can)."""
        return None

    # --- the start of a round ------------------------------------------------------

    def hand_size(self, state: RoundState) -> int:
        """C-04: how many cards each seat is dealt (the deck's ``hand_size``, 7 by
        default). Asked once per deal, before the shuffle."""
        return state.variant.hand_size

    def start_kinds(self, variant: CardTables, kinds: frozenset[int]) -> frozenset[int]:
        """C-11: the kinds that may be a round's first card (``kinds``: those whose
        card says ``can_start``)."""
        return kinds

    def after_deal(self, state: RoundState) -> None:
        """The cards are dealt and the first card is not turned yet. Officially nothing."""

    def before_first_card(self, state: RoundState) -> None:
        """The first card is about to be turned, in a dealt round or a situation that
        gives its ``first`` card. Officially nothing."""

    def start_reverse(self, state: RoundState) -> None:
        """C-08 (default, seed 004): after a first-card Reverse the dealer plays first,
        then to the right (the other way from the deal's direction, H-03)."""
        state.direction = -state.direction
        state.turn = state.dealer

    def start_color_chooser(self, state: RoundState) -> int:
        """C-10 (default, seed 004): the dealer's left names the colour of a first wild."""
        return state.next_seat(state.dealer)

    def start_draw(self, state: RoundState, entry: Pending) -> bool:
        """A first draw card (+2, +4 …): True when the rules lay it as a play (O-32);
        officially False, and the card's first-card rule applies (C-07)."""
        return False

    # --- a turn --------------------------------------------------------------------

    def turn_actions(self, state: RoundState, seat: int) -> list[Action]:
        """C-12, C-13, C-15: any card that matches, or a draw (always allowed)."""
        hand = state.hands[seat]
        plays = state.plays[seat][len(hand) == 2]
        actions: list[Action] = []
        for kind in sorted(state.match_set.intersection(hand)):
            actions += plays[kind]
        variant = state.variant
        if variant.special_kinds:
            for kind in sorted(variant.special_kind_set.intersection(hand)):
                if variant.effect_of[kind].playable(state, seat, kind):
                    actions += plays[kind]
        actions.append(DRAW)
        return actions

    def draw_turn(self, state: RoundState, seat: int) -> None:
        """C-14, C-15: draw one card; if it fits, its owner may play it (and only it)."""
        if not state.draw_cards(seat, 1):
            state.idle_turn()  # C-28: nothing left to draw
            return
        drawn = state.hands[seat][-1]
        if state.can_play(seat, drawn):
            state.offer_drawn(drawn)
        else:
            state.end_turn()

    def drawn_actions(self, state: RoundState, seat: int, kind: int) -> list[Action]:
        hand = state.hands[seat]
        return [*state.plays[seat][len(hand) == 2][kind], KEEP]

    def new_penalty(self, state: RoundState, entry: Pending, *, amount: int, target: int,
                    skipped: int | None, challengeable: bool) -> DrawPenalty:
        """The pending draw a +2/+4 creates. Officially nothing stacks on it (C-16)."""
        # A draw laid by a player may be answered by Boomerang and Dérivation (U-27,
        # U-28) in any deck that holds them; a first card, laid by nobody, may not.
        return DrawPenalty(amount, target, author=entry.author, skipped=skipped,
                           card=entry.kind, challengeable=challengeable,
                           reflectable=entry.author >= 0, redirectable=entry.author >= 0)

    def after_play(self, state: RoundState, entry: Pending) -> None:
        """A card has landed (its effect is still pending). Officially nothing happens."""

    def after_resolve(self, state: RoundState, entry: Pending) -> None:
        """A card has taken effect (what the 0 and 7 options add). Officially nothing."""

    def after_hands_moved(self, state: RoundState, before: dict[int, int]) -> None:
        """Cards moved between hands other than by playing or drawing (a 7's swap, a 0's
        rotation, Échange …); ``before``: seat -> how many cards it held before the move.
        Officially nothing (the UNO call and the turn are the options', H-14, O-28)."""

    def on_hand_empty(self, state: RoundState, seat: int) -> bool:
        """C-29: the first empty hand wins the round (after a last +2/+4 is drawn, C-23,
        since pending effects resolve first). Return True when the round is over."""
        state.end_round(seat, "out")
        return True

    def knocked_out(self, state: RoundState) -> tuple[int, ...]:
        """The seats the rules took out of the round before its end, in order (the Mercy
        rule, NM-09). Officially none."""
        return ()

    # --- a game --------------------------------------------------------------------

    def round_seats(self, game: Scoreboard) -> list[int]:
        """The game seats dealt into the next round."""
        return [s for s in range(game.players) if s not in game.eliminated]

    def choose_dealer(self, game: Scoreboard, seats: list[int]) -> int:
        """C-03/C-33 (default): everyone draws for the deal each round, which is the same
        as a dealer picked uniformly at random: a seeded chance step."""
        return seats[game.rng.randrange(len(seats))]

    def round_points(self, state: RoundState, seat: int) -> int:
        """What a seat's hand counts for at the end of a round (C-30: the cards' values;
        options change the values or add to them)."""
        return state.hand_points(seat)

    def score_round(self, game: Scoreboard, result: RoundResult) -> None:
        """C-31, school A: the winner collects every other hand's points. A blocked round
        (C-28) has no winner and scores nothing."""
        if result.winner is not None:
            game.scores[result.winner] += sum(result.hand_points.values())

    def game_over(self, game: Scoreboard) -> bool:
        return any(score >= game.target for score in game.scores)

    def game_winners(self, game: Scoreboard) -> list[int]:
        best = max(game.scores)
        return [s for s, score in enumerate(game.scores) if score == best]


OPTIONS: dict[str, type[OfficialRules]] = {}


def option(name: str) -> Callable[[type[OfficialRules]], type[OfficialRules]]:
    """Class decorator: the hooks of the option ``name`` (one of options.toml)."""
    if name not in OPTION_FACTS:
        raise EngineError(f"'{name}' is not an option of cardgen/data/options.toml")

    def register(cls: type[OfficialRules]) -> type[OfficialRules]:
        dist = registering()
        if dist and dist != "cardgen":  # a plugin's hooks fail with its name
            hooks = {hook: guard(method, dist, f"the {hook} hook of option '{name}'",
                                 lambda args: "")
                     for hook, method in vars(cls).items()
                     if callable(method) and not hook.startswith("_")}
            cls = type(cls.__name__, (cls,), {**hooks, "__module__": cls.__module__})
        claim("option", name)
        cls.name = name
        OPTIONS[name] = cls
        REGISTERED_BY[name] = dist or "cardgen"
        return cls

    return register


def missing_options(names: Iterable[str]) -> list[str]:
    """The named options that options.toml lists but the engine does not play yet."""
    return [n for n in names if n in OPTION_FACTS and n not in OPTIONS]


def with_included(names: Iterable[str]) -> list[str]:
    """``names`` with the options each one is made of (options.toml's ``includes``) listed
    before it."""
    found: list[str] = []
    for name in names:
        found += with_included(OPTION_FACTS[name].includes)
        found.append(name)
    return found


def compose_rules(names: Iterable[str]) -> OfficialRules:
    """The official rules with the options ``names`` on top, in that order."""
    names = list(dict.fromkeys(names))
    unknown = [n for n in names if n not in OPTION_FACTS]
    if unknown:
        raise EngineError(f"unknown option(s) {', '.join(unknown)}; `cardgen options` lists them")
    problems = combination_problems(names)  # what options.toml says of needs and conflicts
    if problems:
        raise EngineError(problems[0])
    names = list(dict.fromkeys(with_included(names)))
    classes = [OPTIONS[n] for n in names if n in OPTIONS]
    # An option made of others whose class derives from theirs (rapido, olympique) holds
    # them already; one that does not (unplugged) is combined with them.
    classes = [c for c in classes if not any(o is not c and issubclass(o, c) for o in classes)]
    if not classes:
        return OfficialRules()
    if len(classes) == 1:
        return classes[0]()
    combined = type("+".join(c.name for c in classes), tuple(classes), {})
    rules: OfficialRules = combined()
    return rules

