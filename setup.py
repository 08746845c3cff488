"""Which packages to install; everything else about packaging is in pyproject.toml.

setuptools finds cardgen's packages, so a new sub-package or data folder ships without a
list to keep up to date. templates/ and fonts/ stay at the top of the repository (the
layout the project was designed with) and are installed as the data packages
cardgen.templates and cardgen.fonts (package-dir in pyproject.toml), and so is
examples/, as cardgen.examples (`cardgen examples DIR` copies it out); pyproject's
packages.find cannot rename a folder, so they are found and named here.
"""

from setuptools import find_namespace_packages, setup

# Data folders without an __init__.py (cardgen/data/decks, templates/rulebook) are
# packages too, so that their files are package data.
NOT_PACKAGES = ["*__pycache__*"]


def found(folder: str, package: str) -> list[str]:
    """``package`` installed from ``folder``, with every folder under it."""
    inner = find_namespace_packages(where=folder, exclude=NOT_PACKAGES)
    return [package, *(f"{package}.{name}" for name in inner)]


setup(packages=[*found("cardgen", "cardgen"), *found("templates", "cardgen.templates"),
                *found("fonts", "cardgen.fonts"), *found("examples", "cardgen.examples")])
