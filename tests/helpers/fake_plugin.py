"""A plugin made on disk for a test, as `pip install` would leave it: a module and its
distribution's metadata (entry points ``cardgen.effects`` and ``cardgen.facts``) in a
folder put on PYTHONPATH, so that a real ``cardgen`` process loads it, with no install."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import cardgen

#: The facts every fake effect has (cardgen/data/effects.toml's format).
FACTS = '''
[{name}]
description = {{ en = "A test plugin's effect.", fr = "L'effet d'un plugin de test." }}
caption = {{ en = "Does what the test says.", fr = "Fait ce que dit le test." }}
any_card = true
'''

#: A deck of the classic cards and four cards with the plugin's effect.
DECK = '''
name = {{ en = "Plugin test", fr = "Test de plugin" }}
description = {{ en = "A deck for a plugin's test.", fr = "Un paquet pour un test." }}
base = "classic"
total = 112

[cards]
odd = 4

[[card]]
id = "odd"
effect = "{name}"
points = 20
name = {{ en = "Odd card", fr = "Carte bizarre" }}
'''


def make_plugin(folder: Path, dist: str, code: str, effect: str = "odd-effect") -> Path:
    """The plugin ``dist`` (a distribution name) whose module is ``code`` (it imports
    ``cardgen.engine.api as api``), with the facts of ``effect``; returns the folder to
    put on PYTHONPATH. A deck using the effect is written to ``folder/deck.toml``."""
    site = folder / "site"
    module = dist.replace("-", "_")
    package = site / module
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "effect.py").write_text(
        "from cardgen.engine import api\n\n" + textwrap.dedent(code), encoding="utf-8")
    (package / "effects.toml").write_text(FACTS.format(name=effect), encoding="utf-8")
    info = site / f"{module}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(
        f"[cardgen.effects]\n{effect} = {module}.effect\n\n"
        f"[cardgen.facts]\n{effect} = {module}\n", encoding="utf-8")
    (folder / "deck.toml").write_text(DECK.format(name=effect), encoding="utf-8")
    return site


def run_cardgen(site: Path, args: list[str], cwd: Path, *, budget: float | None = None,
                timeout: float = 60, typed: str | None = None
                ) -> subprocess.CompletedProcess[str]:
    """``cardgen ARGS`` in a process of its own, the plugin at ``site`` installed;
    ``typed`` is piped to its input."""
    env = dict(os.environ)
    # (the cardgen under test first: the checkout the tests import, not another install)
    here = str(Path(cardgen.__file__).resolve().parents[1])
    env["PYTHONPATH"] = os.pathsep.join([here, str(site),
                                         *filter(None, [env.get("PYTHONPATH")])])
    if budget is not None:
        env["CARDGEN_PLUGIN_BUDGET"] = str(budget)
    return subprocess.run([sys.executable, "-m", "cardgen.cli", *args], cwd=cwd, env=env,
                          input=typed, capture_output=True, text=True, timeout=timeout, check=False)
