"""Why something happened to the person at the table: which card made them draw or miss
their turn, and who named them as its victim.

The engine's log says what happened ("P0 draws red-3 yellow-1"), not why, and a turn
passed over is no line of it at all. :class:`Causes` follows the round from the
person's seat instead: it is told of every action before the round takes it (the lines
that come next are that action's doing) and looks at the round each time the table
shows what happened. A turn that begins past the person's seat is a turn they missed,
unless their seat is out of the round, or laid a card out of turn meanwhile (a jump-in
or a +2 stacked is played instead of the turn; an answer such as a Boomerang is not:
the skip stays where it was, U-27), or the turn followed a hand that changed seats
(O-28). The card that did it is the one on top of the discard pile once the action is
done: the Skip, the +2 taken, the Boomerang that sent a draw back, the card jumped in
with; or the first card turned, when nobody laid it.
"""

from __future__ import annotations

from cardgen.engine import Action, Play, RoundState
from cardgen.engine.state import DRAWN, TURN
from cardgen.table.words import Words


class Causes:
    """What happened to the seat ``me`` of ``state`` (the round's numbering), and why,
    said with ``words``."""

    def __init__(self, words: Words, state: RoundState, me: int) -> None:
        self.words = words
        self.state = state
        self.me = me
        self.seat = -1  # who took the last action (-1: none yet, the lines of the deal)
        self.action: Action | None = None
        self.begun = -1  # the seat whose turn began last (-1: none yet this round)
        self.played = True  # whether that turn has been played (the next may begin)
        self.laid: set[int] = set()  # seats that laid a card since that turn began
        self.chooser = -1  # who named the person as the victim of a draw (-1: nobody)
        self.miss_said = False  # the engine's own line said the turn the person loses
        self.hands_moved = False  # the turn followed a hand that changed seats (O-28)

    def acting(self, seat: int, action: Action) -> None:
        """``seat`` takes ``action`` (called before the round takes it)."""
        state = self.state
        self.seat, self.action = seat, action
        if state.phase in (TURN, DRAWN) and seat == state.turn:
            self.played = True
        if isinstance(action, Play):
            kind = action.kind if action.kind >= 0 else state.variant.kind_of[action.card]
            if not state.variant.kinds[kind].reaction:  # (a Boomerang leaves the skip)
                self.laid.add(seat)
            if action.target == self.me and state.variant.kinds[kind].param(
                    "choose_victim", False):
                self.chooser = seat
        elif action.verb == "victim" and getattr(action, "seat", -1) == self.me:
            self.chooser = seat  # (a dealer naming the victim of a first +4?, O-32)

    def culprit(self) -> str:
        """The card that did it, and who laid it: the top of the discard pile."""
        words, state = self.words, self.state
        card = words.card(state, state.discard[-1])
        author = state.top_author
        if author < 0:
            return words("cause_first", card=card)
        if author == self.me:
            return words("cause_yours", card=card)
        return words("cause_card", seat=words.seat(author), card=card)

    def drawn(self, names: str, count: int) -> str:
        """The person draws ``count`` cards, ``names``: why, when it was not their own
        doing (a draw, a card they played), and who chose them as the victim."""
        words, action = self.words, self.action
        verb = action.verb if action is not None else ""
        why: str | None = None
        if verb == "catch" and getattr(action, "seat", -1) == self.me:
            why = words("cause_caught", seat=words.seat(self.seat))
        elif self.seat != self.me or verb in ("", "pass", "challenge"):
            why = self.culprit()  # (passing or challenging lets a waiting draw fall)
        if self.chooser >= 0:
            chooser, self.chooser = self.chooser, -1
            return words("you_chosen", seat=words.seat(chooser),
                         what=words("you_draw", count=count, names=names))
        if why is None:
            return words("you_draw", count=count, names=names)
        return words("you_draw_why", count=count, names=names, why=why)

    def missed(self) -> str:
        """The engine's own line: the person loses this turn."""
        self.miss_said = True
        return self.words("you_miss", why=self.culprit())

    def turn_follows_hand(self) -> None:
        """O-28: the hands changed seats and the turn went with them: the next turn is
        the next hand's, and no seat passed over has missed one."""
        self.hands_moved = True

    def turn_missed(self) -> str | None:
        """Once the lines of the last action are said: the line that says the person
        missed their turn, when a turn has begun past their seat since the last one."""
        state = self.state
        if state.phase != TURN or not self.played:
            return None
        since, begun = self.begun, state.turn
        self.begun, self.played = begun, False
        passed = self._passed(since, begun) - self.laid
        self.laid.clear()
        self.chooser = -1
        said, self.miss_said = self.miss_said, False
        moved, self.hands_moved = self.hands_moved, False
        if self.me not in passed or said or moved:
            return None
        return self.words("you_miss", why=self.culprit())

    def _passed(self, since: int, begun: int) -> set[int]:
        """The seats in the round passed over from the turn of ``since`` to that of
        ``begun``, in the direction of play now: every other one when they are the same
        seat (a Skip between two players), none before the round's first turn when the
        dealer plays it (a first Reverse)."""
        state = self.state
        if since < 0:  # the round's first turn: it follows the dealer's place
            since = state.dealer
            if begun == since:
                return set()
        passed: set[int] = set()
        seat = since
        for _ in range(state.n - 1):
            seat = (seat + state.direction) % state.n
            if seat == begun:
                break
            if seat not in state.out:
                passed.add(seat)
        return passed
