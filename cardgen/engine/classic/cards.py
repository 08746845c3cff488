"""The standard cards of the official rules: numbers, wild, Reverse, Skip and +2 (the +4
is :mod:`~cardgen.engine.classic.wild_draw_four`).
"""

from __future__ import annotations

from typing import ClassVar

from cardgen.engine.api import CardTables, Effect, Pending, RoundState, register_effect


@register_effect
class Number(Effect):
    name = "number"  # C-06, C-12


@register_effect
class Wild(Effect):
    """The colour is named with the play (it is part of the action, C-13)."""

    name = "wild"

    def on_start(self, state: RoundState, entry: Pending) -> None:
        # The dealer's left plays first; who names the colour is the rules' choice
        # (C-10: the same player; Unplugged: the dealer, U-10).
        state.turn = state.next_seat(state.dealer)
        state.ask_start_color(state.rules.start_color_chooser(state))


@register_effect
class Reverse(Effect):
    name = "reverse"

    def resolve(self, state: RoundState, entry: Pending) -> None:
        state.direction = -state.direction  # C-17
        if state.active_count() == 2:
            state.turn = entry.author  # V-01: with two players it plays again
        else:
            state.turn = state.next_seat(entry.author)

    def on_start(self, state: RoundState, entry: Pending) -> None:
        state.rules.start_reverse(state)  # C-08; Unplugged: U-08


@register_effect
class Skip(Effect):
    name = "skip"

    def resolve(self, state: RoundState, entry: Pending) -> None:
        state.turn = state.next_seat(entry.author, 2)  # C-18; V-02 with two players

    def on_start(self, state: RoundState, entry: Pending) -> None:
        state.turn = state.next_seat(state.dealer, 2)  # C-09


@register_effect
class DrawCards(Effect):
    """+2 (and +2? with ``choose_victim``): a pending draw penalty on the victim (C-16).
    The ``skip`` parameter says who misses a turn: the victim (``"victim"``, the default)
    or the next player whoever draws (``"next"``, U-19 reading A)."""

    name = "draw"
    challengeable: ClassVar[bool] = False

    def targets(self, variant: CardTables, kind: int, seat: int, n: int) -> list[int | None]:
        if variant.kinds[kind].param("choose_victim", False):
            return [s for s in range(n) if s != seat]
        return [None]

    def on_play(self, state: RoundState, entry: Pending) -> None:
        author = entry.author
        following = state.next_seat(author)
        chosen = entry.action.target if entry.action is not None else None
        card = state.variant.kinds[entry.kind]
        victim = following if chosen is None else chosen
        # A chosen victim draws and misses a turn, as the card says; with skip = "next"
        # the next player is the one skipped whoever draws (Uno Unplugged's +4?,
        # docs/rules.md U-19 reading A, K-12).
        skipped = following if card.param("skip", "victim") == "next" else victim
        entry.penalty = state.rules.new_penalty(
            state, entry,
            amount=int(card.param("amount", 2)),
            target=victim,
            skipped=skipped,
            challengeable=self.challengeable,
        )
        # A victim further on than the next player: the next one plays, and the victim
        # loses his next turn when it comes.
        entry.penalty.skip_later = skipped != following

    def resolve(self, state: RoundState, entry: Pending) -> None:
        assert entry.penalty is not None
        state.apply_penalty(entry.penalty)

    def on_start(self, state: RoundState, entry: Pending) -> None:
        if state.rules.start_draw(state, entry):  # O-32: the dealer laid it
            return
        # C-07: the dealer's left draws and misses the turn. Nobody played the card, so
        # nobody can respond to it (docs/rules.md U-11): it applies at once.
        victim = state.next_seat(state.dealer)
        penalty = state.rules.new_penalty(
            state, entry, amount=int(state.variant.kinds[entry.kind].param("amount", 2)),
            target=victim, skipped=victim, challengeable=False)
        penalty.author = None
        state.apply_penalty(penalty)
