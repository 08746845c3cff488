"""The names `cardgen new NAME` can give a deck.

The last part of NAME names the folder and, inside it, the deck file (NAME.toml) and the
rule texts (NAME.fr.md, NAME.en.md); it is also written into them: the deck's title,
TOML comments, and a Jinja comment at the top of each rule text. A name those files
cannot hold is refused before anything is written, with what to give instead.
"""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path

from cardgen.outputs import NAME_MAX

#: The longest rule text's name is NAME.fr.md: the name keeps room for that suffix.
LONGEST_NAME = NAME_MAX - len(".fr.md")

#: Unicode's categories of control characters and of line and paragraph breaks: TOML
#: refuses the first in a comment or a text, and Python reads the others as line ends.
_BREAKING = {"Cc": "a control character", "Zl": "a line break", "Zp": "a paragraph break"}


def deck_name_problem(text: str) -> str | None:
    """What makes ``text`` a name `cardgen new` cannot give, in words, or None."""
    name = Path(text).name
    if text and Path(os.path.normpath(text)).name in ("", ".", ".."):
        return "give the name of a new folder for the deck, like `cardgen new my-deck`"
    if not name.strip():
        return "the name is empty or only spaces; give the deck a name, like my-deck"
    try:
        size = len(name.encode("utf-8"))
    except UnicodeEncodeError:  # bytes the terminal's encoding did not decode
        return ("the name is not UTF-8 text, which a deck file is; type it again in "
                "UTF-8, or give a name of plain letters")
    for char in name:
        what = _BREAKING.get(unicodedata.category(char))
        if what is not None:
            return (f"the name holds {what} ({char!r}), which a deck file cannot hold; "
                    "give a name of letters, digits, spaces and dashes")
    if "#}" in name:  # the comment at the top of each rule text would end there
        return "the name holds '#}', which would end a comment of the rule texts; leave it out"
    if size > LONGEST_NAME:
        return (f"the name is {size} bytes long; a deck's name has at most {LONGEST_NAME}, "
                f"so that its rule texts' names (NAME.fr.md) fit the {NAME_MAX} bytes a "
                "file system takes; choose a shorter name")
    for part in Path(text).parent.parts:
        if len(part.encode("utf-8", "surrogateescape")) > NAME_MAX:
            return (f"the folder name '{part[:40]}…' is longer than the {NAME_MAX} bytes a "
                    "file system takes; choose a shorter path")
    return None
