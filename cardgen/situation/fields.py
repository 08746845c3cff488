"""The round fields the card families register (:class:`~cardgen.engine.api.RoundField`)
as a situation file writes them: read and checked into a round, and written back."""

from __future__ import annotations

from typing import Any

from cardgen.engine.actions import seat_name
from cardgen.engine.api import ROUND_FIELDS, RoundField
from cardgen.engine.state import RoundState
from cardgen.situation.reader import Reader


def round_fields(*, chance: bool) -> list[RoundField]:
    """The registered fields of the [chance] table, or of the top of the file."""
    return [f for f in ROUND_FIELDS.values() if f.chance == chance]


def set_field(reader: Reader, state: RoundState, field: RoundField, value: Any,
              where: str) -> Any:
    """Read a file's ``value`` in the field's form, check it, write it into ``state``;
    returns it as the round holds it."""
    forms = {"card": reader.card, "cards": reader.cards, "seat": reader.seat,
             "seats": reader.seats, "number": reader.integer, "text": reader.text,
             "flag": reader.flag}
    held = forms[field.form](value, where)
    problem = field.check(state, held)
    if problem is not None:
        raise reader.fail(problem)
    field.write(state, held)
    return held


def file_value(state: RoundState, field: RoundField, held: Any) -> Any:
    """A value as the round holds it, as the file writes it (a card by its id …)."""
    ids = [card.id for card in state.variant.kinds]
    if field.form == "card":
        return ids[held]
    if field.form == "cards":
        return [ids[k] for k in held]
    if field.form == "seat":
        return seat_name(held)
    if field.form == "seats":
        return [seat_name(s) for s in held]
    return held
