"""The data a card family keeps for a round (in ``state.extra``, under keys of its own)
that a situation file can set and ``save`` at ``cardgen play`` writes: each is a
:class:`RoundField`, registered by the family that keeps it, so that what reads and
writes situation files knows none of the families (cardgen's own or a plugin's).

A field has a name (its key in a situation file: at the top, or in the ``[chance]``
table for the outcome of a chance step) and a form, which says how the file writes the
value and what the round holds: a card id for a card kind, ``"P2"`` for a seat …
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardgen.engine.errors import PluginError
from cardgen.engine.hooks import guard, registering
from cardgen.engine.state import RoundState

#: The forms of a field's value: what the round holds (a file writes a card kind by its
#: id, a seat as ``"P2"``, the others as they are).
FIELD_FORMS = ("card", "cards", "seat", "seats", "number", "text", "flag")


def _no_problem(state: RoundState, value: Any) -> str | None:
    return None


@dataclass(frozen=True, slots=True)
class RoundField:
    """A value a family keeps for a round, as a situation file names it.

    - ``read(state)``: the value the round holds now, None when it holds none (a save
      writes the value it held when the round started; ``cardgen explain`` may show it);
    - ``write(state, value)``: set it, when a situation file gives it (after the cards,
      the direction and the seats out are set; before the first card is turned);
    - ``check(state, value)``: why the file's value cannot be, as a sentence that names
      the field as the file writes it (``chance.cursed …``), or None. The form is
      checked before (a card of the deck, a seat of the table …).
    """

    name: str
    form: str
    read: Callable[[RoundState], Any]
    write: Callable[[RoundState, Any], None]
    check: Callable[[RoundState, Any], str | None] = _no_problem
    chance: bool = False  # the outcome of a chance step: in the [chance] table


#: Field name -> the field, in the order the families registered them.
ROUND_FIELDS: dict[str, RoundField] = {}


def register_round_field(field: RoundField) -> RoundField:
    """Make ``field`` known to situation files and saves. The functions of a plugin's
    field are guarded, as its effects' hooks are (a failure names the plugin)."""
    if field.form not in FIELD_FORMS:
        raise PluginError(f"the round field '{field.name}' has the form '{field.form}'; "
                          f"a form is one of {', '.join(FIELD_FORMS)}")
    dist = registering()
    if dist and dist != "cardgen":
        def guarded(method: Callable[..., Any], what: str) -> Callable[..., Any]:
            return guard(method, dist, f"{what} the round field '{field.name}'",
                         lambda args: "")

        field = RoundField(field.name, field.form, guarded(field.read, "reading"),
                           guarded(field.write, "writing"),
                           guarded(field.check, "checking a value of"), field.chance)
    ROUND_FIELDS[field.name] = field
    return field
