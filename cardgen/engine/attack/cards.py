"""UNO Attack's cards that make others press the launcher (AT-05 … AT-07): Hit 2,
Wild All Hit, Wild Hit-Fire. Trade Hands and Discard All are the effects ``swap-hands``
(U-33) and ``discard-color`` (O-02), whose readings are the sheet's (AT-08, AT-09).
"""

from __future__ import annotations

from cardgen.engine.api import Effect, Pending, RoundState, register_effect
from cardgen.engine.attack.launcher import press_times, press_until_cards


@register_effect
class Hit(Effect):
    """AT-05: the next player presses the launcher ``presses`` times (2 on Hit 2) and
    misses his turn; with two players, play comes back to the card's player."""

    name = "hit"

    def resolve(self, state: RoundState, entry: Pending) -> None:
        victim = state.next_seat(entry.author)
        press_times(state, victim, int(state.variant.kinds[entry.kind].param("presses", 2)))
        state.turn = state.next_seat(entry.author, 2)

    def on_start(self, state: RoundState, entry: Pending) -> None:
        """AT-10: turned up first, the dealer's left presses and the next one plays."""
        victim = state.next_seat(state.dealer)
        press_times(state, victim, int(state.variant.kinds[entry.kind].param("presses", 2)))
        state.turn = state.next_seat(state.dealer, 2)


@register_effect
class AllHit(Effect):
    """AT-06: a wild (its colour named with the play) after which every other player
    presses once, from the next in the direction of play; then the next one plays."""

    name = "all-hit"

    def resolve(self, state: RoundState, entry: Pending) -> None:
        for seat in state.seats_from(state.next_seat(entry.author)):
            if seat != entry.author:
                press_times(state, seat, 1)
        super().resolve(state, entry)

    def on_start(self, state: RoundState, entry: Pending) -> None:
        """AT-10: turned up first, everyone but the dealer presses once, from the
        dealer's left; the dealer's left then names the colour and plays."""
        for seat in state.seats_from(state.next_seat(state.dealer)):
            if seat != state.dealer:
                press_times(state, seat, 1)
        state.turn = state.next_seat(state.dealer)
        state.ask_start_color(state.turn)


@register_effect
class HitFire(Effect):
    """AT-07: a wild (its colour named with the play) whose next player presses until
    cards come out and misses his turn."""

    name = "hit-fire"

    def resolve(self, state: RoundState, entry: Pending) -> None:
        press_until_cards(state, state.next_seat(entry.author))
        state.turn = state.next_seat(entry.author, 2)

    def on_start(self, state: RoundState, entry: Pending) -> None:
        """AT-10: turned up first, the dealer's left presses until cards come out; the
        player after him names the colour and plays."""
        press_until_cards(state, state.next_seat(state.dealer))
        state.turn = state.next_seat(state.dealer, 2)
        state.ask_start_color(state.turn)
