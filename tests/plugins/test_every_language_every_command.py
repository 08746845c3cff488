"""Every language, every command, any deck (issue 40): a deck whose own texts and whose
plugin effect's words are French and English only never ends in a traceback. Without
``--fallback-en`` the command refuses in one line naming the words missing; with it,
English stands in and one line says which cards and which effects lack the language.

The deck is the fake plugin's (helpers.fake_plugin), run by the real ``cardgen``."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.fake_plugin import make_plugin, run_cardgen

from cardgen.catalogue.locale import languages

#: An effect that does nothing more than a card laid does.
QUIET = '''
@api.register_effect
class Odd(api.Effect):
    name = "odd-effect"

    def resolve(self, state, entry):
        pass
'''

#: Each command as a user types it, with where it writes (relative to the deck's folder).
COMMANDS: dict[str, list[str]] = {
    "rulebook": ["rulebook", "deck.toml", "-o", "out.pdf"],
    "sheets": ["sheets", "deck.toml", "-o", "out.pdf"],
    "png": ["png", "deck.toml", "-o", "out-png", "--workers", "1"],
    "tts": ["tts", "deck.toml", "-o", "out-tts", "--workers", "1"],
    "preview": ["preview", "deck.toml", "--no-open", "-o", "out.pdf"],
    "play": ["play", "deck.toml", "--players", "2", "--seed", "1"],
    "cards": ["cards", "deck.toml"],
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_plugin(tmp_path_factory.mktemp("plugin"), "cardgen-odd", QUIET)


def _run(site: Path, command: str, lang: str, folder: Path, fallback: bool
         ) -> tuple[int, str]:
    (folder / "deck.toml").write_text((site.parent / "deck.toml").read_text("utf-8"), "utf-8")
    args = [*COMMANDS[command], "--lang", lang, *(["--fallback-en"] if fallback else [])]
    result = run_cardgen(site, args, folder, typed="quit\n", timeout=300)
    out = result.stdout + result.stderr
    assert "Traceback" not in out, out
    return result.returncode, out


def _said_in(site: Path, command: str, lang: str, folder: Path) -> None:
    """The command refuses in one line without --fallback-en (when the language lacks
    words), leaving nothing behind, and works with it, saying where English stands in."""
    code, out = _run(site, command, lang, folder, fallback=False)
    if lang in ("fr", "en"):
        assert code == 0, out
        return
    assert code == 1, out
    assert out.strip().splitlines()[-1] == (
        f"Error: deck.toml: no '{lang}' text for the deck's name, the deck's description, "
        f"odd (name); add {lang} = \"…\" to each of these names and captions, or give "
        "--fallback-en to print their English text"), out
    assert sorted(p.name for p in folder.iterdir()) == ["deck.toml"], "nothing written"
    code, out = _run(site, command, lang, folder, fallback=True)
    assert code == 0, out
    assert f"note: deck.toml: no '{lang}' text for the deck's name, the deck's " \
           "description, odd (name); their English text is used" in out, out
    assert f"note: the plugin effect(s) odd-effect have no '{lang}' words; their " \
           "English words are used" in out, out


def test_a_german_rulebook_of_a_french_and_english_plugin_deck_says_what_english_stands_in_for(
        site: Path, tmp_path: Path) -> None:
    _said_in(site, "rulebook", "de", tmp_path)


def test_cardgen_effects_in_german_lists_a_french_and_english_plugin_effect_in_english(
        site: Path, tmp_path: Path) -> None:
    result = run_cardgen(site, ["effects", "--lang", "de"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "odd-effect: A test plugin's effect." in result.stdout
    assert "note: the plugin effect(s) odd-effect have no 'de' words" in result.stderr


@pytest.mark.slow  # every command in every language: a few minutes
@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_in_every_language_on_a_french_and_english_plugin_deck(
        site: Path, tmp_path: Path, command: str, lang: str) -> None:
    _said_in(site, command, lang, tmp_path)
