"""The vector environment's compiled path: B tables of a classic-rules deck held as
arrays and stepped in one call by a numba kernel, writing the same arrays as the
engine's path (:class:`cardgen.env.vector.CardgenVectorEnv` takes it by itself when it
covers the spec; ``fast=False`` forces the engine).

Modules: :mod:`~cardgen.env.fast.spec` (what it covers, the rule tables as arrays),
:mod:`~cardgen.env.fast.twister` (Python's random streams, compiled),
:mod:`~cardgen.env.fast.rounds` and :mod:`~cardgen.env.fast.deal` (the official rules of
a round), :mod:`~cardgen.env.fast.observe` (observation and mask rows),
:mod:`~cardgen.env.fast.kernel` (the batch's step) and
:mod:`~cardgen.env.fast.tables` (the arrays, and the seeds fed to the kernel).

numba comes with the ``rl`` extra; without it the engine's path is used. The kernel is
compiled once per machine (``cache=True``) and kept beside the modules, in
``__pycache__``. numba renews a function's cache when its own module changes, not when
a function it calls from another module does: after editing one of these modules,
delete ``cardgen/env/fast/__pycache__`` before measuring or testing.
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING

from cardgen.engine import Variant
from cardgen.env.fast.spec import unsupported

if TYPE_CHECKING:
    from cardgen.env.fast.tables import FastTables

__all__ = ["FastTables", "fast_problem"]


def fast_problem(variant: Variant, *, opponents: str | None = None) -> str | None:
    """Why the compiled path cannot play this spec (None: it can)."""
    if importlib.util.find_spec("numba") is None:
        return "numba is not installed (pip install 'cardgen[rl]')"
    return unsupported(variant, opponents=opponents)
