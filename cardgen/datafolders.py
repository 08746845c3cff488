"""Where the top-level data folders (templates/, fonts/, examples/) are found at run time.

Installed, they are the data packages ``cardgen.templates``, ``cardgen.fonts`` and
``cardgen.examples``. Run from a source checkout without an editable install (``python
-m pytest`` after ``pip install .``, or ``PYTHONPATH=.``), the checkout's ``cardgen/``
comes first on the path and has no such sub-packages: the folders are then the ones
beside it.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def data_folder(name: str) -> Path:
    """The folder of the data package ``cardgen.<name>`` ("templates", "fonts" or
    "examples")."""
    try:
        return Path(str(resources.files(f"cardgen.{name}")))
    except ModuleNotFoundError:
        return Path(__file__).resolve().parent.parent / name
