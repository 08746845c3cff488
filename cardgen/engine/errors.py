"""The engine's errors: all :class:`~cardgen.errors.CardgenError`, so the CLI shows one line."""

from __future__ import annotations

from cardgen.errors import CardgenError


class EngineError(CardgenError):
    """Something the rules engine cannot do with what it was given."""


class ActionSyntaxError(EngineError):
    """The text of an action cannot be read."""


class IllegalAction(EngineError):
    """An action the rules do not allow in this state; the message quotes both."""


class NotImplementedYet(EngineError):
    """A card effect or an optional rule the engine does not play yet."""


class SituationError(EngineError):
    """A situation file for `cardgen explain` that cannot be set up."""


class PluginError(EngineError):
    """A plugin's effect, answer or option failed: the message names the plugin (its
    distribution) and the card, so the game stops rather than going on wrong."""
