"""UNO Attack's launcher (AT-01 … AT-04): a press gives a random number of cards, from
the deck's ``launcher`` weights, and the option ``launcher`` makes every draw of a turn
a press that ends the turn.

A press is a chance step of the round (``RoundState.pick``, step ``launcher``): a
situation file fixes what presses give with ``[chance] picks = { launcher = [3, 0] }``
(3 cards, then none), and a seed replays the same presses.
"""

from __future__ import annotations

from cardgen.engine.api import OfficialRules, RoundState, option
from cardgen.engine.events import LauncherPressed
from cardgen.engine.nomercy.rules import knock_out_full_hands
from cardgen.engine.options.jump_ins import forget_laid

#: AT-01 (docs/rules.md): how often a press gives 0, 1, 2 … cards when the deck sets no
#: ``launcher``. Counted on a launcher, it fired on 34 presses of 96 (about one in
#: three), and gave "usually 3 to 8" cards when it did: two presses in three give
#: nothing, the third gives 3 to 8, each as likely (1.83 cards a press on average).
DEFAULT_LAUNCHER = (12, 0, 0, 1, 1, 1, 1, 1, 1)
#: AT-07: a "press until cards come out" that has pressed this often stops (it only can
#: with a launcher whose weights give a card almost never).
MOST_PRESSES = 1000


def can_give(state: RoundState) -> bool:
    """Whether a card can come out: the draw pile, or a discard pile to reshuffle."""
    return bool(state.draw_pile) or len(state.discard) > 1


def press(state: RoundState, seat: int) -> int | None:
    """AT-01: ``seat`` presses the launcher once and takes what comes out; how many
    cards, or None when nothing could have come out (both piles are dry, C-28)."""
    weights = state.variant.launcher or DEFAULT_LAUNCHER
    # The round's own pick, not api.pick: the press is said once, by LauncherPressed.
    count = state.pick("launcher", len(weights), weights)
    if not can_give(state):
        state.log(LauncherPressed(seat, 0))
        return None
    state.log(LauncherPressed(seat, count))
    return state.draw_cards(seat, count) if count else 0


def press_times(state: RoundState, seat: int, times: int) -> None:
    """AT-05, AT-06: ``seat`` presses ``times`` times, one after the other."""
    for _ in range(times):
        press(state, seat)


def press_until_cards(state: RoundState, seat: int) -> None:
    """AT-07: ``seat`` presses until cards come out (or none can any more)."""
    for _ in range(MOST_PRESSES):
        got = press(state, seat)
        if got is None or got > 0:
            return


@option("launcher")
class Launcher(OfficialRules):
    """AT-02, AT-03, AT-04: a player who does not play (cannot, or will not) presses the
    launcher once instead of drawing, and his turn is over whatever came out, a playable
    card included; a player caught without calling UNO presses twice."""

    def draw_turn(self, state: RoundState, seat: int) -> None:
        forget_laid(state)
        if press(state, seat) is None:
            state.idle_turn()  # C-28: nothing left to come out
        elif knock_out_full_hands(state) and seat in state.out:
            # NM-09 with the Mercy rule on: the press filled his hand, he is out at once
            # and the turn has passed over him already.
            state.drawn = -1
            state.advance()
        else:
            state.end_turn()

    def catch_uno(self, state: RoundState, seat: int) -> None:
        state.uno_missed = -1
        press_times(state, seat, 2)
        state.response_done()
