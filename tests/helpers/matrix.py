"""A test matrix whose quick run still meets every value: every combination of the axes
is a case, and all but a few are marked slow. The quick ones walk the axes side by side
(the first values together, then the second…), so each value of each axis is tried at
least once by the README's quick command; ``-m slow`` tries every combination."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Any

import pytest


def quick_diagonal(*axes: Sequence[Any]) -> list[Any]:
    """The product of ``axes`` as pytest parameters, off-diagonal ones marked slow."""
    longest = max(len(axis) for axis in axes)
    quick = {tuple(axis[i % len(axis)] for axis in axes) for i in range(longest)}
    return [values if values in quick else pytest.param(*values, marks=pytest.mark.slow)
            for values in product(*axes)]
