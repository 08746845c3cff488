"""The one exception of SVG loading: a picture cardgen will not draw, and why."""

from __future__ import annotations


class PictureRefused(Exception):
    """``problem`` is a phrase that follows the picture's name ("'sun.svg' has an
    <image> … ; copy …"): it says what is wrong and what to do, on one line."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem
