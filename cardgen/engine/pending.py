"""What waits in a round: the phases of decision and the stack of pending effects.

These are the small types that the round (:mod:`cardgen.engine.state`), the rules and
the observation all need, so they live below every one of them.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from cardgen.engine.actions import Play, seat_name

#: Phases: what kind of decision the actor faces.
#: CHOOSE: an effect waits for its player's follow-up decision (``RoundState.ask``).
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

    #: Each answer a pending draw may allow, and the responders that give it.
    ANSWERED_BY = {"stackable": ("stack",), "reflectable": ("boomerang", "return-draw"),
                   "redirectable": ("derivation", "redirect-draw"),
                   "challengeable": ("challenge",)}

    def describe(self, responders: AbstractSet[str] | None = None) -> str:
        """One line; ``responders`` (the names of those the deck has) leaves out the
        answers nobody at this table can give (no Boomerang in a classic deck)."""
        text = f"{seat_name(self.target)} draws {self.amount}"
        if self.skipped is not None:
            text += f", {seat_name(self.skipped)} misses the turn"
        flags = [f for f, by in self.ANSWERED_BY.items() if getattr(self, f)
                 and (responders is None or not responders.isdisjoint(by))]
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
