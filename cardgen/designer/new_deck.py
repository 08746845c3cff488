"""``cardgen new``: a folder a designer can build at once, to make into their own deck.

The folder holds a deck file whose every field is explained in a comment, a rule text
per language that extends the base deck's built-in text, and a placeholder picture that
the deck's own card shows. Its files are made from the templates of
``templates/newdeck/``; with ``--from`` the folder is a copy of an example deck instead.

The folder is written whole or not at all: its files go into a hidden folder beside it,
which takes its name once every file is written.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, nodes

from cardgen.catalogue.locale import rulebook_folder
from cardgen.datafolders import data_folder
from cardgen.errors import CardgenError, OutputError

#: What the placeholder card's picture is called in the new folder.
PICTURE = "comet.svg"
#: The copies of the deck's own card the deck file counts (its [cards] table).
OWN_COPIES = 2


def new_deck(folder: Path, base: str, langs: Sequence[str]) -> list[Path]:
    """Write a new deck folder starting from the built-in deck ``base``, with a rule text
    for each language of ``langs``; the files written, deck file first."""
    from cardgen.deck.load import load_deck

    refuse_used_folder(folder)
    slug = folder.name
    start = load_deck(base)
    values = {
        "slug": slug, "title": _title(slug), "base": base, "langs": list(langs),
        **_card_words(slug, base, langs),
        "total": start.total() + OWN_COPIES,
        "min_players": start.min_players, "max_players": start.max_players,
        "rules": list(start.rules), "hand_size": start.hand_size,
        "devices": list(start.devices),
    }
    files = {f"{slug}.toml": _render("deck.toml.j2", values)}
    for lang in langs:
        # templates/locale/<lang>/newdeck/rules.md.j2; a language without one gets the
        # base deck's built-in text alone.
        own_folder = rulebook_folder(lang).parent / "newdeck"
        if (own_folder / "rules.md.j2").is_file():
            files[f"{slug}.{lang}.md"] = _render(
                "rules.md.j2", {**values, "blocks": builtin_blocks(base, lang)}, own_folder)
    files[PICTURE] = (_folder() / PICTURE).read_text(encoding="utf-8")
    return write_folder(folder, {name: text.encode("utf-8") for name, text in files.items()})


def deck_from_example(folder: Path, example: str) -> list[Path]:
    """Write a new deck folder holding a copy of the example deck ``example``."""
    from cardgen.designer.examples import example_folder, files_of_example

    refuse_used_folder(folder)
    root = example_folder().resolve()
    files = {path.relative_to(root).as_posix(): path.read_bytes()
             for path in files_of_example(example)}  # the deck file first
    return write_folder(folder, files)


def refuse_used_folder(folder: Path) -> None:
    """A one-line error when ``folder`` is a file, or a folder with something in it."""
    if Path(os.path.normpath(folder)).name in ("", ".", ".."):
        raise OutputError(f"{folder}: give the name of a new folder for the deck, like "
                          "`cardgen new my-deck`")
    if folder.is_symlink():  # its files would be written wherever the link leads
        raise OutputError(f"{folder}: is a symbolic link; `cardgen new` never writes "
                          "through a link: give a new name")
    if folder.is_dir():
        if any(folder.iterdir()):
            raise OutputError(f"{folder}: this folder exists and is not empty; `cardgen new` "
                              "writes a whole folder: give a new name")
    elif folder.exists() or folder.is_symlink():
        raise OutputError(f"{folder}: exists and is not a folder; give a new name")


def write_folder(folder: Path, files: Mapping[str, bytes]) -> list[Path]:
    """Write ``files`` (relative name -> bytes) as the folder ``folder``, all or nothing."""
    parent = folder.absolute().parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        # A short fixed prefix, not the folder's name: a name of 249 bytes, which the
        # deck file takes, must not be refused for its staging twin's longer one.
        staging = Path(tempfile.mkdtemp(prefix=".cardgen-new-", suffix=".part",
                                        dir=parent))
    except OSError as exc:
        raise OutputError(f"{folder}: cannot create this folder ({exc.strerror}); choose "
                          "another place") from None
    try:
        for name, data in files.items():
            (staging / name).parent.mkdir(parents=True, exist_ok=True)
            (staging / name).write_bytes(data)
        umask = os.umask(0)
        os.umask(umask)
        staging.chmod(0o777 & ~umask)  # mkdtemp makes it private; a deck folder is not
        if folder.is_dir():
            folder.rmdir()  # empty, as refuse_used_folder found it
        staging.rename(folder)
    except OSError as exc:
        raise OutputError(f"{folder}: cannot be written ({exc.strerror}); choose another "
                          "place") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return [folder / name for name in files]


def builtin_blocks(base: str, lang: str) -> list[str]:
    """The blocks a text extending the built-in text ``base`` may replace, in order (none
    for a text written without blocks, like Uno Unplugged's)."""
    folder = rulebook_folder(lang)
    environment = Environment()
    names: list[str] = []
    template: str | None = f"{base}.md.j2"
    while template is not None:
        tree = environment.parse((folder / template).read_text(encoding="utf-8"))
        names = [block.name for block in tree.find_all(nodes.Block)] + names
        template = next((node.template.value for node in tree.find_all(nodes.Extends)
                         if isinstance(node.template, nodes.Const)), None)
    return list(dict.fromkeys(names))


def _card_words(slug: str, base: str, langs: Sequence[str]) -> dict[str, dict[str, str]]:
    """The new deck's own words (its name, description, its card's name, plural and caption),
    each in French, English and every language of ``langs``, from the catalogues'
    area ``newdeck``: a German deck is born with German names."""
    from cardgen.catalogue.locale import labels

    said = {lang: labels("newdeck", lang) for lang in dict.fromkeys(("fr", "en", *langs))}
    return {
        "deck_name": {lang: _title(slug) for lang in said},
        "description": {lang: words["description"][base] for lang, words in said.items()},
        **{what: {lang: words[f"card_{what}"] for lang, words in said.items()}
           for what in ("name", "plural", "caption")},
    }


def _title(slug: str) -> str:
    """The deck's name made from its folder's: "family-deck" -> "Family deck"."""
    words = " ".join(re.split(r"[-_\s]+", slug)).strip() or slug
    return words[:1].upper() + words[1:]


def _folder() -> Path:
    return data_folder("templates") / "newdeck"


def _render(template: str, values: Mapping[str, Any], folder: Path | None = None) -> str:
    """A file of templates/newdeck/ (or of ``folder``), filled with ``values``. Its tags
    are << >> and <% %>, so that the {{ }} and {% %} of a rule text, and TOML's [[card]],
    are text."""
    folder = folder or _folder()
    environment = Environment(
        loader=FileSystemLoader(str(folder)), undefined=StrictUndefined,
        variable_start_string="<<", variable_end_string=">>",
        block_start_string="<%", block_end_string="%>",
        comment_start_string="<#", comment_end_string="#>",
        keep_trailing_newline=True, autoescape=False)
    environment.filters["toml"] = lambda value: json.dumps(value, ensure_ascii=False)
    # A text by language as an inline table: { fr = "…", en = "…", de = "…" }.
    environment.filters["texts"] = lambda value: "{ " + ", ".join(
        f"{lang} = {json.dumps(text, ensure_ascii=False)}" for lang, text in value.items()) + " }"
    try:
        return environment.get_template(template).render(values)
    except Exception as exc:  # noqa: BLE001 - a bug in cardgen's own templates
        raise CardgenError(f"{folder / template}: {exc}; the template is broken, please "
                           "report it") from None
