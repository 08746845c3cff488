"""A missing plugin says so (issue 40): `cardgen check` of a deck naming an effect that
neither cardgen nor an installed plugin brings ends with one error, that the effect is
not installed (naming the package when cardgen/data/plugins.toml knows it), and not the
knock-on "'total' says 112 … fix a count" of the cards it had to leave out."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from helpers.fake_plugin import DECK


def _check(tmp_path: Path, effect: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "deck.toml").write_text(DECK.format(name=effect), encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "cardgen.cli", "check", "deck.toml"],
                          cwd=tmp_path, capture_output=True, text=True, check=False)


def test_check_of_a_deck_whose_plugin_is_not_installed_names_the_package_and_nothing_else(
        tmp_path: Path) -> None:
    result = _check(tmp_path, "pass-one-left")
    assert result.returncode == 1
    assert "NOT valid (1 error(s)" in result.stdout, result.stdout
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, result.stderr
    assert "effect 'pass-one-left', which is not installed: it comes with the plugin " \
           "cardgen-pass-left (pip install cardgen-pass-left)" in " ".join(
               result.stderr.split()), result.stderr
    assert "'total' says" not in result.stderr


def test_check_of_a_deck_naming_an_effect_nobody_brings_says_to_install_its_plugin(
        tmp_path: Path) -> None:
    result = _check(tmp_path, "moon-effect")
    assert result.returncode == 1
    said = " ".join(result.stderr.split())
    assert said.count("error:") == 1, result.stderr
    assert "effect 'moon-effect', which does not exist: neither cardgen nor an installed " \
           "plugin brings it;" in said, said
    assert "if it comes from a plugin, install it" in said, said
    assert "'total' says" not in said
