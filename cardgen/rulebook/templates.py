"""Rendering the rulebook templates: sandboxed, with autoescaping for reportlab's markup.

The templates (``templates/locale/<lang>/rulebook/*.md.j2``, installed as
``cardgen.templates``) hold the rule text of each variant in each language. What they
print from a deck (names, captions, descriptions written by users) goes through
:func:`escape_text`: ``<`` and ``&`` print as themselves instead of opening a tag or an
entity, and the characters the block syntax reads at the start of a line (``#``, ``@``,
``>``, ``|``, ``-``) cannot start a heading or a directive. The environment is a jinja2
sandbox because deck files come from users, and undefined names fail loudly instead of
printing nothing.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import BaseLoader, FileSystemLoader, StrictUndefined, TemplateError
from jinja2.ext import Extension
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup

from cardgen.catalogue.locale import labels as area_words
from cardgen.catalogue.locale import rulebook_folder, typography
from cardgen.datafolders import data_folder
from cardgen.errors import CardgenError

_LIST_MARK = re.compile(r"^\s*(-|\d+\.)")

#: Characters replaced by numeric character references, which reportlab prints as is.
_ENTITIES = {
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;",
    "#": "&#35;", "@": "&#64;", "|": "&#124;",
}


def escape_text(value: str) -> Markup:
    """Make deck text safe for reportlab paragraph markup and for the block syntax."""
    # One line, so that deck text cannot open a block; a space at either end is kept
    # (", " between list items).
    escaped = "".join(_ENTITIES.get(char, char) for char in re.sub(r"\s+", " ", value))
    mark = _LIST_MARK.match(escaped)
    if mark:  # "- x" or "1. x" at the start of a line would read as a list item
        at = mark.start(1)
        escaped = f"{escaped[:at]}&#{ord(escaped[at])};{escaped[at + 1:]}"
    return Markup(escaped)


#: The narrow no-break space French sets inside « » (the layout draws it).
NARROW_NBSP = "\u202f"


def spaced(text: str, lang: str) -> str:
    """``text`` with the spaces ``lang`` sets around punctuation (French's, below), for a
    language whose catalogue sets a space before a colon; else as it is."""
    return french_spacing(text) if typography(lang).before_colon else text


def french_spacing(text: str) -> str:
    """French puts a non-breaking space before : ; ! ? and a narrow one inside « »,
    so that a line never starts with one of them."""
    text = re.sub(r"«[ \u00a0]", "«" + NARROW_NBSP, text)
    text = re.sub(r"[ \u00a0]»", NARROW_NBSP + "»", text)
    return re.sub(r" ([:;!?])", "\u00a0\\1", text)


#: A tag of paragraph markup (left alone), or a straight double quote, as written or as
#: the entity a deck's text is escaped to.
_QUOTE_OR_TAG = re.compile(r"<[^>]*>|&#34;|&quot;|\"")
#: What may come before an opening quote: nothing, a space, an opening bracket or dash.
_OPENS_AFTER = re.compile(r"(?:^|[\s(\[{—–/-]|<[^>]*>)$")


def typographic_quotes(text: str, lang: str) -> str:
    """Straight double quotes as the language's own (its catalogue's): “UNO!” in
    English, « UNO ! » in French. A quote opens after a space, a bracket or the start of
    a line, and closes anywhere else."""
    opening, closing = typography(lang).quotes

    def swap(match: re.Match[str]) -> str:
        if match.group(0).startswith("<"):
            return match.group(0)
        return opening if _OPENS_AFTER.search(text, 0, match.start()) else closing

    return _QUOTE_OR_TAG.sub(swap, text)


def _finalize(value: Any) -> Any:
    """Runs on every {{ … }} value before autoescaping; Markup is left alone."""
    if isinstance(value, str) and not isinstance(value, Markup):
        return escape_text(value)
    return value


#: A line of text (not a line that starts with a ``{%`` or ``{#`` tag) ending in a
#: ``{% … %}`` tag that has no whitespace control of its own.
_TEXT_ENDING_IN_TAG = re.compile(
    r"^(?!\s*\{[%#])(?=\s*\S)(.*)(\{%(?:(?!%\}|\{%).)*?)(?<![+-])%\}([ \t]*)$", re.MULTILINE)


def keep_line_ends(source: str) -> str:
    """The template source with the line breaks of its text made safe from trimming.

    The block syntax is read line by line, so a template must never join a line of text
    to the next: "…it only has to match.{% endif %}" followed by "- 24 action cards"
    would print one run-on line. Two jinja2 settings do that silently: ``trim_blocks``
    removes the line break after *any* block tag, and a ``-`` inside a comment eats the
    line breaks around it. So a block tag that ends a line of text keeps its line break
    (jinja2's ``+%}``), and comments lose their ``-``: a comment on a line of its own
    still vanishes with its line, as ``trim_blocks`` and ``lstrip_blocks`` remove it.
    Lines made only of tags are left alone, so an ``{% if %}`` line prints nothing.
    """
    source = source.replace("{#-", "{#").replace("-#}", "#}")
    return _TEXT_ENDING_IN_TAG.sub(r"\1\2+%}\3", source)


class KeepLineEnds(Extension):
    """Runs :func:`keep_line_ends` on every template before jinja2 reads it."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        return keep_line_ends(source)


def template_folder(lang: str) -> Path:
    """The folder of the built-in rule texts in ``lang``: ``templates/locale/<lang>/rulebook``,
    where the texts name each other without a language (``"_shared.md.j2"``)."""
    return rulebook_folder(lang)


def environment(lang: str = "en") -> SandboxedEnvironment:
    """The environment of the built-in templates in ``lang``."""
    return _environment(template_folder(lang))


@cache
def _environment(folder: Path) -> SandboxedEnvironment:
    return sandbox(FileSystemLoader(str(folder)))


def sandbox(loader: BaseLoader,
            kind: type[SandboxedEnvironment] = SandboxedEnvironment) -> SandboxedEnvironment:
    """A sandbox with the settings every rule text is rendered with, built-in or not
    (a deck's own text in a :class:`~cardgen.rulebook.budget.BudgetedSandbox`)."""
    return kind(
        loader=loader,
        autoescape=True,
        extensions=[KeepLineEnds],
        finalize=_finalize,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def template_name(variant: str) -> str:
    """The file of the built-in text ``variant`` in its language's folder."""
    return f"{variant}.md.j2"


def template_label(variant: str, lang: str) -> str:
    """How messages name the built-in text ``variant`` in ``lang``."""
    return f"templates/locale/{lang}/rulebook/{template_name(variant)}"


def render_text(variant: str, lang: str, context: dict[str, Any]) -> str:
    """The rule text of ``variant`` in ``lang``, filled from ``context``."""
    try:
        return environment(lang).get_template(template_name(variant)).render(context)
    except TemplateError as exc:  # a bug in cardgen's own templates, said plainly
        raise CardgenError(f"{template_label(variant, lang)}: {exc}; the rulebook template "
                           "is broken, please report it") from None


@cache
def _toml(file_name: str) -> dict[str, Any]:
    with (data_folder("templates") / "rulebook" / file_name).open("rb") as handle:
        return tomllib.load(handle)


def labels(lang: str) -> dict[str, str]:
    """The words the layout prints around the text (headers, page labels): the area
    ``rulebook`` of templates/locale/."""
    return area_words("rulebook", lang)


def style_sheet() -> dict[str, Any]:
    """The rulebook's sizes and colours (``templates/rulebook/style.toml``)."""
    return _toml("style.toml")
