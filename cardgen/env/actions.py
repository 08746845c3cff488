"""The fixed action space of a deck's environment: every action an agent may ever take,
each at one index for the whole game.

The indices come in blocks, in this order: every play of every kind of the deck (with
each colour it may name, each seat it may target, with and without the UNO call), then
``draw``, ``keep``, ``pass``, ``challenge``, naming each colour, and catching each seat
that missed its UNO call. Options add actions of their own shapes (laying several cards
together, giving a card, rotating hands…); those go to :data:`EXTRA_SLOTS` last slots,
numbered in the order the engine lists them at that moment.
"""

from __future__ import annotations

from cardgen.engine import Action, Variant
from cardgen.engine.actions import CHALLENGE, DRAW, KEEP, PASS

#: Slots for the actions of an option's own shape (the i-th such legal action).
EXTRA_SLOTS = 16


class ActionIndex:
    """The index of every action of ``variant`` at ``players`` seats."""

    def __init__(self, variant: Variant, players: int) -> None:
        actions: dict[Action, int] = {}
        # The engine hands out the same action objects again and again (its plays are
        # made once per seat, card and call): looked up by identity first, an index
        # costs no hashing of the action's fields.
        self.by_identity: dict[int, int] = {}
        table = variant.play_table(players)
        plays = [play for seat in range(players) for with_uno in table[seat]
                 for of_kind in with_uno for play in of_kind]
        for action in (*plays, DRAW, KEEP, PASS, CHALLENGE, *variant.name_color_actions,
                       *variant.catch_actions):
            index = actions.setdefault(action, len(actions))
            self.by_identity[id(action)] = index
        self.fixed = actions
        self._keep = plays  # the objects whose identity is a key above stay alive
        self.names = [str(action) for action in actions]
        self.first_extra = len(actions)
        self.size = len(actions) + EXTRA_SLOTS

    def legal(self, legal: list[Action]) -> tuple[list[int], list[Action]]:
        """The index of each legal action, and the actions in the same order (an option's
        own actions take the extra slots)."""
        # Most often every action is one of the engine's own objects: two plain lists
        # then, which cost far less than a dict from index to action.
        # (map over C functions: no Python frame per action)
        try:
            return list(map(self.by_identity.__getitem__, map(id, legal))), legal
        except KeyError:
            return self._legal_by_value(legal)

    def _legal_by_value(self, legal: list[Action]) -> tuple[list[int], list[Action]]:
        """:meth:`legal` for a list where some action is a copy, or of an option's shape."""
        found: dict[int, Action] = {}
        extra = self.first_extra
        fixed, by_identity = self.fixed, self.by_identity
        for action in legal:
            index = by_identity.get(id(action))
            if index is None:
                index = fixed.get(action)
            if index is None:
                if extra >= self.size:
                    continue  # more than EXTRA_SLOTS at once: the rest wait
                index, extra = extra, extra + 1
            found[index] = action
        return list(found), list(found.values())
