"""The round fields of the card families (`api.register_round_field`): what a family keeps
for a round, set by a situation file and written by a save, without the situation code
knowing the family. A plugin's field is read, checked and written as cardgen's own are.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.deck.load import load_deck
from cardgen.engine import Variant, api
from cardgen.engine.errors import PluginError
from cardgen.engine.hooks.plugin_code import loading
from cardgen.situation import build_situation
from cardgen.terminal.save import RecordedGame, save_situation, situation_text

BOMB = "test:bomb"
SITUATION = """\
players = 3
top = "red-5"
bomb = "{seat}"

[hands]
P0 = ["red-7", "blue-1"]
P1 = ["green-2"]
P2 = ["yellow-3", "red-9"]

[expect]
turn = "P1"
"""


def no_bomb_for_the_dealer(state: api.RoundState, seat: int) -> str | None:
    return "bomb: the dealer never holds the bomb" if seat == state.dealer else None


@pytest.fixture
def bomb() -> Iterator[api.RoundField]:
    """The field of the plugin docs/writing-an-effect.md shows, registered as a plugin's."""
    with loading("cardgen-test-bomb"):
        field = api.register_round_field(api.RoundField(
            name="bomb", form="seat", read=lambda state: state.extra.get(BOMB),
            write=lambda state, seat: state.extra.update({BOMB: seat}),
            check=no_bomb_for_the_dealer))
    yield field
    del api.ROUND_FIELDS["bomb"]


def explain(tmp_path: Path, text: str) -> tuple[int, str]:
    path = tmp_path / "bomb.toml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["explain", str(path)])
    return result.exit_code, result.output


def test_a_plugins_field_is_set_by_a_situation_file(tmp_path: Path,
                                                    bomb: api.RoundField) -> None:
    code, output = explain(tmp_path, SITUATION.format(seat="P2"))
    assert code == 0, output
    data = {"players": 3, "top": "red-5", "bomb": "P2",
            "hands": {"P0": [], "P1": ["green-2"], "P2": ["red-9"]}}
    assert build_situation(data, "bomb.toml").state.extra[BOMB] == 2


def test_a_plugins_field_refuses_a_value_with_its_own_sentence(tmp_path: Path,
                                                               bomb: api.RoundField) -> None:
    code, output = explain(tmp_path, SITUATION.format(seat="P0"))
    assert code == 1
    assert "bomb.toml: bomb: the dealer never holds the bomb" in output
    code, output = explain(tmp_path, SITUATION.format(seat="P7"))
    assert code == 1 and "bomb: there is no seat P7 with 3 players" in output


def test_a_field_is_unknown_to_situations_until_a_family_registers_it(tmp_path: Path) -> None:
    code, output = explain(tmp_path, SITUATION.format(seat="P2"))
    assert code == 1 and "unknown field(s) bomb" in output


def test_a_plugins_failing_field_names_the_plugin(tmp_path: Path) -> None:
    with loading("cardgen-test-bomb"):
        api.register_round_field(api.RoundField(
            name="bomb", form="seat", read=lambda state: None,
            write=lambda state, seat: 1 // 0))
    try:
        code, output = explain(tmp_path, SITUATION.format(seat="P2"))
    finally:
        del api.ROUND_FIELDS["bomb"]
    assert code == 1
    assert ("the plugin cardgen-test-bomb failed in writing the round field 'bomb': "
            "ZeroDivisionError") in output


def test_a_field_of_an_unknown_form_is_refused() -> None:
    with pytest.raises(PluginError, match="a form is one of card, cards, seat"):
        api.register_round_field(api.RoundField("bomb", "colour", lambda state: None,
                                                lambda state, value: None))
    assert "bomb" not in api.ROUND_FIELDS


def test_o20_a_save_writes_the_cursed_card_and_replays(tmp_path: Path) -> None:
    """The cursed card is shown at the deal, which a replay does not redo: the save
    writes it in [chance] (the field `cursed` of options/cursed.py) and the file comes
    back to the very moment saved."""
    rules = ("cursed-cards", "lowest-score")
    variant = Variant.from_deck(load_deck("classic"), 3, list(rules))
    game = RecordedGame(variant, 4)
    state, seats = game.new_round(log=True)
    chance = random.Random(1)
    for _ in range(12):
        seat, action = state.actor, chance.choice(state.legal_actions())
        state.record(seat, action)
        state.play(action)
    text = situation_text("classic", rules, state, game, seats, "cursed")
    assert text is not None
    cursed = variant.kinds[state.extra["options:cursed"]].id
    assert f'[chance]\ncursed = "{cursed}"' in text
    assert save_situation(tmp_path / "cursed.toml", text, state)
