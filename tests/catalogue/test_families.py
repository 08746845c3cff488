"""The families a card may name are open (issue 39): those of the modules of the
entry-point group ``cardgen.effects`` installed, cardgen's own and a plugin's, and
``custom``; another is refused in one line that lists them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

from cardgen.catalogue.fields.families import EFFECTS_GROUP, card_families

ROOT = Path(__file__).resolve().parents[2]

DECK = ('name = "Space"\nbase = "classic"\n[cards]\ncomet = 1\n'
        '[[card]]\nid = "comet"\neffect = "wild"\npoints = 50\nname = "Comet"\n'
        'family = "{family}"\n')


def test_cardgens_own_families_are_those_of_its_entry_points() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    modules = declared["project"]["entry-points"][EFFECTS_GROUP]
    # the options several families share are no family of cards
    assert set(card_families()) == {name.partition(".")[0] for name in modules} - {
        "options"} | {"custom"}
    assert "classic" in card_families() and card_families()[-1] == "custom"


def _cardgen_with_a_plugin(tmp_path: Path, family: str,
                           *args: str) -> subprocess.CompletedProcess[str]:
    """``cardgen ARGS`` with a plugin installed whose module is of the family 'space'
    (its metadata on the path, as pip writes it; the module registers nothing)."""
    site = tmp_path / "site"
    info = site / "cardgen_space-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cardgen-space\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[{EFFECTS_GROUP}]\nspace.cards = cardgen_space\n")
    (site / "cardgen_space.py").write_text('"""Registers nothing."""\n')
    (tmp_path / "deck.toml").write_text(DECK.replace("{family}", family), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(site)}
    return subprocess.run([sys.executable, "-m", "cardgen.cli", *args], cwd=tmp_path,
                          env=env, capture_output=True, text=True, check=False)


def test_a_plugins_family_is_one_a_card_may_name(tmp_path: Path) -> None:
    done = _cardgen_with_a_plugin(tmp_path, "space", "cards", "deck.toml", "--json")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    assert [row["family"] for row in rows if row["id"] == "comet"] == ["space"]


def test_an_unknown_family_is_refused_naming_the_installed_ones(tmp_path: Path) -> None:
    done = _cardgen_with_a_plugin(tmp_path, "moon", "cards", "deck.toml")
    assert done.returncode == 1
    assert done.stderr.strip() == (
        "Error: deck.toml: card 'comet' has family 'moon'; use one of attack, classic, extra, "
        "flip, house, nomercy, unplugged, space, custom")
