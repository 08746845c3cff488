"""What ``pass-one-left`` does in play, written against cardgen's public effect API
(``cardgen.engine.api``) only.

Once the card has taken effect, every player who holds a card chooses one, in turn from
the card's player on, each without seeing the others' choices (the cards stay in their
hands until everyone has chosen); then every chosen card moves at once to the left
neighbour among the players who take part (the next one clockwise, whatever the
direction of play). The player after the card's player plays next, as after a number.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from cardgen.engine import api

#: The round's note of the question in progress: (the seats that take part, in the
#: order they are asked, ((seat, kind chosen), …)). Tuples only: a copy of the round
#: (a search, a perft count) must never share it.
CHOICES = "pass-one-left"


@api.register_effect
class PassOneLeft(api.Effect):
    """Everyone passes one card to the left."""

    name = "pass-one-left"
    # It is never a hand's last card (its can_finish fact is false): its player must
    # keep a card to pass, so it may be laid only from a hand of two cards or more.
    decides_playability = True

    def playable(self, state: api.RoundState, seat: int, kind: int) -> bool:
        return len(api.hand(state, seat)) > 1

    def resolve(self, state: api.RoundState, entry: api.Pending) -> None:
        state.turn = api.seat_after(state, entry.author)  # who plays once it is over
        count = api.seat_count(state)
        seats = tuple(seat for seat in ((entry.author + step) % count for step in range(count))
                      if api.hand(state, seat))
        if len(seats) < 2:  # nobody to pass to
            return
        api.log(state, EveryonePasses(entry.author))
        state.extra[CHOICES] = (seats, ())
        ask_next(state, entry.kind)


@dataclass(frozen=True, slots=True)
class EveryonePasses(api.PluginEvent):
    """What the table is told when the card takes effect, in each seat's language (the
    words are an entry of the plugin's catalogue; {seat} is the card's player)."""

    words: ClassVar[str] = "events|everyone-passes"
    seat: int

    def __str__(self) -> str:  # the round's log, in English (transcripts, explain)
        return "everyone passes one card to the left"


def ask_next(state: api.RoundState, card: int) -> None:
    """Ask the next seat which card he passes."""
    seats, chosen = state.extra[CHOICES]
    seat = seats[len(chosen)]
    choices: list[api.Action] = [PassCard(api.card_id(state, kind), kind=kind)
                                 for kind in sorted(set(api.hand(state, seat)))]
    api.ask(state, seat, choices, card=card)


@dataclass(frozen=True, slots=True)
class PassCard(api.Answer):
    """A seat's answer: the card he passes to his left neighbour."""

    verb: ClassVar[str] = "pass-card"
    # The words are entries of the plugin's catalogue (cardgen_pass_left/locale/), in
    # every language; the others are not told which card (a secret choice).
    said_as_key: ClassVar[str] = "answers|pass-card.said_as"
    said_to_others_key: ClassVar[str] = "answers|pass-card.said_to_others"
    card: str
    kind: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"pass-card {self.card}"

    def answered(self, state: api.RoundState) -> None:
        seats, chosen = state.extra[CHOICES]
        chosen = (*chosen, (state.actor, self.kind))
        if len(chosen) < len(seats):
            state.extra[CHOICES] = (seats, chosen)
            ask_next(state, state.extra.get(api.ASKING, -1))
            return
        del state.extra[CHOICES]
        api.give(state, [(seat, seats[(i + 1) % len(seats)], kind)
                         for i, (seat, kind) in enumerate(chosen)])
        state.advance()


@api.action_verb("pass-card")
def _parse_pass_card(args: list[str], line: str) -> api.Action:
    if len(args) != 1:
        raise api.ActionSyntaxError(f"'{line}': write 'pass-card' and one card, e.g. "
                                    "'pass-card red-5'")
    return PassCard(args[0])
