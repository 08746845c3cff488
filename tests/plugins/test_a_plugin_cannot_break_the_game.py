"""A plugin cannot break the game it joins (issue 40): whatever its hooks do — loop,
exit, corrupt the round, misuse the API, take a built-in's name — the command ends with
one line naming the plugin, the hook and the card, never a hang or a traceback.

Each test installs a small plugin on disk (helpers.fake_plugin) and runs the real
``cardgen`` in a process of its own, as a user would."""

from __future__ import annotations

import time
from pathlib import Path

from helpers.fake_plugin import make_plugin, run_cardgen

#: The effect's hooks, on a card that is laid: ``{body}`` is the resolve hook's body.
RESOLVING = '''
@api.register_effect
class Odd(api.Effect):
    name = "odd-effect"

    def resolve(self, state, entry):
        {body}
'''


def _one_error_line(result: object) -> str:
    """The last line of a failed command, which must be its one error line."""
    out = result.stdout + result.stderr  # type: ignore[attr-defined]
    assert "Traceback" not in out, out
    assert result.returncode == 1, out  # type: ignore[attr-defined]
    return out.strip().splitlines()[-1]


def test_a_hook_that_loops_ends_check_within_seconds_naming_plugin_hook_and_card(
        tmp_path: Path) -> None:
    site = make_plugin(tmp_path, "cardgen-looping", RESOLVING.format(body="while True: pass"))
    started = time.monotonic()
    result = run_cardgen(site, ["check", "deck.toml", "--games", "4"], tmp_path, budget=0.5)
    took = time.monotonic() - started
    line = _one_error_line(result)
    assert "the plugin cardgen-looping did not return from the resolve hook of effect " \
           "'odd-effect' for card 'odd' within 0.5 s" in line, line
    assert took < 30


def test_a_hook_that_calls_sys_exit_is_the_plugins_error_not_the_programs_exit(
        tmp_path: Path) -> None:
    site = make_plugin(tmp_path, "cardgen-exiting",
                       RESOLVING.format(body="import sys; sys.exit(0)"))
    result = run_cardgen(site, ["check", "deck.toml", "--games", "4"], tmp_path)
    line = _one_error_line(result)  # (exit 1, not the plugin's 0)
    assert "the plugin cardgen-exiting tried to end the program in the resolve hook of " \
           "effect 'odd-effect' for card 'odd'" in line, line


def test_a_hook_that_sets_the_turn_to_a_seat_that_is_not_there_is_named_as_the_plugins(
        tmp_path: Path) -> None:
    site = make_plugin(tmp_path, "cardgen-bad-turn", RESOLVING.format(body="state.turn = 99"))
    result = run_cardgen(site, ["check", "deck.toml", "--games", "4"], tmp_path)
    line = _one_error_line(result)
    assert "the plugin cardgen-bad-turn broke the round in the resolve hook of effect " \
           "'odd-effect' for card 'odd': the turn is 99, not a seat from 0 to" in line, line


def test_a_hook_that_sets_the_turn_to_a_text_is_one_line_across_worker_processes(
        tmp_path: Path) -> None:
    site = make_plugin(tmp_path, "cardgen-text-turn",
                       RESOLVING.format(body="state.turn = 'P1'"))
    result = run_cardgen(site, ["simulate", "deck.toml", "--games", "40", "--workers", "2"],
                         tmp_path)
    line = _one_error_line(result)
    assert "the plugin cardgen-text-turn broke the round in the resolve hook" in line, line
    assert "RemoteTraceback" not in result.stderr


def test_a_hook_that_empties_another_hand_is_reported_as_the_plugins_doing(
        tmp_path: Path) -> None:
    site = make_plugin(tmp_path, "cardgen-thief", RESOLVING.format(
        body="state.hands[api.seat_after(state, entry.author)].clear(); "
             "state.turn = api.seat_after(state, entry.author)"))
    result = run_cardgen(site, ["check", "deck.toml", "--games", "4"], tmp_path)
    line = _one_error_line(result)
    assert "the plugin cardgen-thief broke the round in the resolve hook of effect " \
           "'odd-effect' for card 'odd': cards lost:" in line, line
    assert "broke its own invariants" not in result.stdout + result.stderr


def test_a_plugin_taking_a_built_in_effects_name_is_refused_at_load_naming_both(
        tmp_path: Path) -> None:
    site = make_plugin(tmp_path, "cardgen-hijack", '''
@api.register_effect
class NoSkip(api.Effect):
    name = "skip"
''')
    result = run_cardgen(site, ["check", "classic", "--games", "4"], tmp_path)
    line = _one_error_line(result)
    assert line == ("Error: the plugin cardgen-hijack registers the effect 'skip', which "
                    "cardgen itself already has: the plugin must give its effect another "
                    "name (or uninstall one of the two)"), line


def test_an_api_call_with_a_seat_that_is_not_there_names_the_plugin_and_the_value(
        tmp_path: Path) -> None:
    site = make_plugin(tmp_path, "cardgen-far-seat", RESOLVING.format(
        body="api.draw(state, 99, 2); state.turn = api.seat_after(state, entry.author)"))
    result = run_cardgen(site, ["check", "deck.toml", "--games", "4"], tmp_path)
    line = _one_error_line(result)
    assert "the plugin cardgen-far-seat called api.draw with seat 99: the seats are 0 to" \
           in line, line
