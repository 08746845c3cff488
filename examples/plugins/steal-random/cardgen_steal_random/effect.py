"""What ``steal-random`` does in play, written against cardgen's public effect API
(``cardgen.engine.api``) only.

Once the card has taken effect, its player takes one card at random from the hand of
the next player (in the direction of play): the card is drawn with :func:`api.pick`,
from the round's own seeded generator, so a seed replays the game and a situation file
fixes it with ``[chance] picks = { steal-random = [i] }`` (``i``: the card's place in
the victim's hand). The table is told who stole from whom; only the thief and the
victim are told which card. The player after the card's player plays next, as after a
number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardgen.engine import api

#: The name of the chance step: what ``[chance] picks`` fixes.
STEP = "steal-random"


@api.register_effect
class StealRandom(api.Effect):
    """Take one card at random from the next player."""

    name = "steal-random"
    # It is never a hand's last card (its can_finish fact is false): a player who goes
    # out takes nobody's card, so it may be laid only from a hand of two cards or more.
    decides_playability = True

    def playable(self, state: api.RoundState, seat: int, kind: int) -> bool:
        return len(api.hand(state, seat)) > 1

    def resolve(self, state: api.RoundState, entry: api.Pending) -> None:
        victim = api.seat_after(state, entry.author)
        state.turn = victim  # who plays once it is over, as after a number
        held = api.hand(state, victim)
        if victim == entry.author or not held:  # nobody to steal from
            return
        kind = held[api.pick(state, len(held), step=STEP)]
        api.log(state, Steals(entry.author, victim, api.card_id(state, kind)))
        api.give(state, [(victim, entry.author, kind)])  # the API keeps the hands sound


@dataclass(frozen=True, slots=True)
class Steals(api.PluginEvent):
    """What the table is told, in each seat's language: everyone that ``seat`` stole a
    card from ``other``; the two of them, which card (the words are entries of the
    plugin's catalogue, cardgen_steal_random/locale/)."""

    words: ClassVar[str] = "events|steals"
    secret_words: ClassVar[str | None] = "events|steals.shown"
    seat: int
    other: int
    card: str

    def shown_to(self) -> frozenset[int]:
        return frozenset((self.seat, self.other))

    def __str__(self) -> str:  # the round's log, in English (transcripts, explain)
        return f"P{self.seat} steals {self.card} from P{self.other}"
