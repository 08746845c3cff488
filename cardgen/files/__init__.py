"""Reading the files a deck names, safely, and saying what is wrong with them.

The ground floor under the catalogue and the deck: a TOML file read within its limits
(:mod:`~cardgen.files.toml`), a picture kept inside its deck's folder
(:mod:`~cardgen.files.picture`), and the problems found on the way, each message headed
by its file (:mod:`~cardgen.files.problems`).
"""
