"""Reading a user's TOML file (a deck, a situation) with one-line errors that say where."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError


def read_toml_file(path: Path, label: str, what: str,
                   error: type[CardgenError] = CardgenError) -> dict[str, Any]:
    """Parse ``path``; any problem is an ``error`` naming ``label`` and what to do.

    ``what`` names the kind of file for the messages ("deck", "situation").
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(f"{label}: no such {what} file; check the path") from None
    except UnicodeDecodeError:
        raise error(f"{label}: not a text file in UTF-8; save the {what} as UTF-8 TOML") from None
    except OSError as exc:
        raise error(f"{label}: cannot be read ({exc.strerror}); check its permissions") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        # tomllib says "... (at line 3, column 7)": lead with the line, keep its words.
        message = str(exc)
        where = re.search(r"\(at line (\d+), column (\d+)\)", message)
        if where:
            message = message[: where.start()].strip()
            raise error(f"{label}: line {where.group(1)}, column {where.group(2)}: "
                        f"{message}; fix the TOML syntax there") from None
        raise error(f"{label}: {message}; fix the TOML syntax") from None
