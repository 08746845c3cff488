"""The situation files that show what each effect does, and running a plugin's.

cardgen's own are in ``cardgen/data/effect_examples/``; a plugin installed brings its
own in the ``effect_examples/`` folder of its package of facts
(:func:`~cardgen.catalogue.effect_facts.fact_sources`). Each file is named
``<effect>--<case>.toml``. ``cardgen check`` runs a plugin's examples before a deck that
uses its effects plays (:func:`plugin_example_failures`); ``cardgen effects --examples``
copies them all (:mod:`cardgen.designer.effect_examples`).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from cardgen.catalogue.effect_facts import fact_sources
from cardgen.engine.api import REGISTERED_BY
from cardgen.errors import CardgenError
from cardgen.situation.run import explain

#: What separates an example's effect from its case in the file's name.
SEPARATOR = "--"


def effect_examples_folder() -> Path:
    return Path(__file__).resolve().parent.parent / "data" / "effect_examples"


def example_roots() -> list[tuple[str, Path]]:
    """(the folder its examples are copied into, the folder of examples): cardgen's own
    (copied at the top), then each plugin's (into a folder named after it)."""
    roots = [("", effect_examples_folder())]
    roots += [(source.dist, source.folder / "effect_examples") for source in fact_sources()
              if (source.folder / "effect_examples").is_dir()]
    return roots


def effect_example_files() -> list[Path]:
    """Every example situation, cardgen's then each plugin's, each sorted by name (the
    decks they name are not among them)."""
    return [path for _, folder in example_roots()
            for path in sorted(folder.glob(f"*{SEPARATOR}*.toml"))]


def examples_of(effect: str) -> list[str]:
    """The file names of the examples of ``effect``."""
    return [path.name for path in effect_example_files()
            if path.name.split(SEPARATOR, 1)[0] == effect]


def plugin_example_failures(effects: Iterable[str]) -> list[tuple[str, str, str]]:
    """Run the example situations of every plugin effect among ``effects`` (cardgen's
    own are its tests'): (the plugin, the example's file name, what does not hold) for
    each failure."""
    effects = set(effects)
    found = []
    for dist, folder in example_roots()[1:]:
        for path in sorted(folder.glob(f"*{SEPARATOR}*.toml")):
            effect = path.name.split(SEPARATOR, 1)[0]
            if effect not in effects or REGISTERED_BY.get(effect, dist) != dist:
                continue
            try:
                failures = explain(path).failures
            except CardgenError as error:
                failures = [str(error)]
            found += [(dist, path.name, failure) for failure in failures]
    return found
