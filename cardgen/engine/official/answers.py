"""The official hooks of the two answers out of turn every deck has: the +4's bluff and
challenge (C-19 … C-22) and the UNO call's catch (C-24), which
:class:`~cardgen.engine.official.rules.OfficialRules` inherits, so that an option
(``challenge-takes-back``, ``strict-wild-draw-four``, partners, Olympique's) overrides
only them. The cards and the answers themselves (the +4's effect, the ``challenge`` and
``catch`` responders) are the classic family's
(:mod:`cardgen.engine.classic.wild_draw_four`, :mod:`cardgen.engine.classic.uno_call`).
"""

from __future__ import annotations

from typing import ClassVar

from cardgen.engine.events import ChallengeSettled
from cardgen.engine.stack import DrawPenalty
from cardgen.engine.state import RoundState


class WildDrawFourHooks:
    """The official hooks of the +4's bluff and challenge, which
    :class:`~cardgen.engine.classic.rules.OfficialRules` inherits."""

    #: C-21: the extra cards a wrong challenger draws on top of the +4's amount.
    challenge_extra: ClassVar[int] = 2

    def is_bluff(self, state: RoundState, seat: int, color: int) -> bool:
        """C-20 (default, seed 004): a +4 is a bluff only if its player held a card of
        the colour in force; the same number or symbol in another colour is fine."""
        return color >= 0 and not state.variant.counts_as[color].isdisjoint(state.hands[seat])

    def challenge(self, state: RoundState, challenger: int) -> None:
        """C-21, C-22: ``challenger`` challenges the +4 that hit him: he sees the hand of
        its author (only he), and :meth:`challenge_outcome` says who draws what."""
        penalty = state.stack[-1].penalty
        assert penalty is not None and penalty.author is not None
        state.reveal(challenger, penalty.author)
        penalty.challengeable = False
        penalty.challenged = True
        was_bluff = penalty.bluff
        self.challenge_outcome(state, penalty, challenger)
        if state.events is not None:
            state.log(ChallengeSettled(was_bluff, penalty.waiting()))
        if not state.stack:  # the outcome ended the round (a bluff replayed on dry piles)
            return
        state.response_done()

    def challenge_outcome(self, state: RoundState, penalty: DrawPenalty,
                          challenger: int) -> None:
        """C-21 (default, seeds 004/002): a caught bluffer draws the amount instead, and
        the challenger is not skipped (only the draw moves); a wrong challenger draws the
        amount plus 2 and misses the turn. The +4 stays on the pile either way."""
        if penalty.bluff and penalty.author is not None:
            penalty.target = penalty.author
            penalty.skipped = None
        else:
            penalty.amount += self.challenge_extra
            penalty.target = challenger
            penalty.skipped = challenger
        # A challenge settles the attack at once (docs/rules.md U-42).
        penalty.stackable = penalty.reflectable = penalty.redirectable = False


class UnoCallHooks:
    """The official hooks of the UNO call, which
    :class:`~cardgen.engine.classic.rules.OfficialRules` inherits (an option overrides
    them there, as any other hook)."""

    #: C-24: the cards a player caught without calling UNO draws.
    uno_penalty: ClassVar[int] = 2

    def opponents(self, state: RoundState, seat: int, other: int) -> bool:
        """Whether ``seat`` plays against ``other`` (C-24: only an opponent catches a
        missed UNO call). Every other player is one, but for partners (V-05, V-06)."""
        return seat != other

    def catch_uno(self, state: RoundState, seat: int) -> None:
        """C-24: ``seat``, caught before the next player acts without having called UNO,
        draws the penalty."""
        state.uno_missed = -1
        state.draw_cards(seat, self.uno_penalty)
        state.response_done()
