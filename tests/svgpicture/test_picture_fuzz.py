"""A fuzz of SVG pictures: random elements, references to files inside and outside the
deck's folder (a link out, a FIFO, a web address, data URLs), numbers of every kind
(nan, inf, 1e308, tiny, negative) in sizes, coordinates and transforms.

Whatever the picture, making its drawing either gives one or refuses it with a
one-line problem; the drawing is then put on a PDF form, in RGB and in CMYK, and the
PDF written, with no exception, within seconds, and without a file outside the deck's
folder ever opened (an audit hook sees every file Python opens). The examples are
derandomized: every run tries the same ones.
"""

from __future__ import annotations

import base64
import io
import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from cardgen.render.colour import cmyk_printing
from cardgen.render.svg import draw_svg
from cardgen.svgpicture.load import picture_drawing
from cardgen.svgpicture.refused import PictureRefused

SETTINGS = settings(max_examples=300, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])
#: Seconds one example may take, its drawing made and drawn three times.
PATIENCE_S = 10

#: Everything Python opened (audit events), by path.
OPENED: list[str] = []


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if event == "open" and args and isinstance(args[0], str | bytes | os.PathLike):
        OPENED.append(os.fsdecode(args[0]))


sys.addaudithook(_audit)  # audit hooks cannot be removed: it only records


def _png(colour: tuple[int, int, int], size: int = 6) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (size, size), colour).save(out, "PNG")
    return out.getvalue()


MAGENTA = "#FF00FF"  # the colour of everything outside: never to be drawn
SECRET_SVG = f'<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><rect id="a" ' \
             f'width="9" height="9" fill="{MAGENTA}"/></svg>'


@pytest.fixture(scope="module")
def places(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """The deck's folder (with files a picture may name, a FIFO and a link out) and the
    folder outside it (magenta secrets)."""
    root = tmp_path_factory.mktemp("fuzz")
    outside, deck = root / "outside", root / "deck"
    (deck / "sub").mkdir(parents=True)
    outside.mkdir()
    (outside / "secret.svg").write_text(SECRET_SVG, encoding="utf-8")
    (outside / "secret.png").write_bytes(_png((255, 0, 255)))
    (deck / "inside.png").write_bytes(_png((0, 128, 255)))
    (deck / "inside.svg").write_text(SECRET_SVG.replace(MAGENTA, "#00AA00"), encoding="utf-8")
    (deck / "sub" / "part.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="5" height="5"><g id="a"><use '
        'href="../inside.svg#a"/><image href="../../outside/secret.png" width="2" '
        'height="2"/></g></svg>', encoding="utf-8")
    (deck / "link.svg").symlink_to(outside / "secret.svg")
    (deck / "out").symlink_to(outside, target_is_directory=True)
    os.mkfifo(deck / "fifo.png")
    yield deck, outside


#: Mostly ordinary numbers, often a strange one: a picture must get far enough to be
#: drawn for its odd numbers to reach reportlab.
ORDINARY = st.integers(1, 120).map(str)
NUMBERS = st.one_of(
    ORDINARY, ORDINARY, ORDINARY,
    st.sampled_from(["nan", "NaN", "inf", "-inf", "1e308", "-1e308", "1e39", "1e-300",
                     "0", "-0", "1e21", "3.5e7", "", "abc", "10%", "5mm", "2em", "1e999",
                     "-7"]),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
)
REFERENCES = st.sampled_from([
    "#a", "#b", "#missing", "", "inside.svg#a", "inside.svg", "inside.png", "sub/part.svg#a",
    "sub/part.svg", "../outside/secret.svg#a", "../outside/secret.png", "link.svg#a",
    "out/secret.png", "fifo.png", "pic.svg#a", "pic.svg", "/etc/hostname",
    "http://127.0.0.1:9/x.png", "file:///etc/hostname", "data:image/png;base64,"
    + base64.b64encode(_png((10, 200, 10))).decode("ascii"),
    "data:image/jpeg;base64,AAAA", "data:image/gif;base64,R0lGODlh", "data:text/plain,hi",
    "data:image/svg+xml;base64," + base64.b64encode(SECRET_SVG.encode()).decode("ascii"),
])
TRANSFORMS = st.builds(lambda kind, a, b: f"{kind}({a} {b})",
                       st.sampled_from(["translate", "scale", "rotate", "skewX", "matrix"]),
                       NUMBERS, NUMBERS)
ATTRIBUTES = {
    "x": NUMBERS, "y": NUMBERS, "width": NUMBERS, "height": NUMBERS, "r": NUMBERS,
    "rx": NUMBERS, "cx": NUMBERS, "stroke-width": NUMBERS, "font-size": NUMBERS,
    "transform": TRANSFORMS, "href": REFERENCES, "xlink:href": REFERENCES,
    "d": st.builds(lambda a, b, c: f"M{a} {b} L{c} {a} A{b} {c} 0 1 1 {a} {a} Z",
                   NUMBERS, NUMBERS, NUMBERS),
    "points": st.builds(lambda a, b: f"{a},{b} {b},{a} 1,1", NUMBERS, NUMBERS),
    "fill": st.sampled_from(["red", "#0f0", "none", "url(#a)", "url(#g)", "rgb(1,2,3)",
                             "url(http://127.0.0.1:9/p)"]),
    "clip-path": st.sampled_from(["url(#a)", "url(#b)", "url(#c)"]),
    "font-family": st.text(st.characters(categories=["L", "N", "P", "Zs"]), max_size=12),
    "style": st.sampled_from(["fill:red", "opacity:0.5;stroke:blue", "display:none",
                              "font-size:nan", "stroke-width:1e308"]),
    "id": st.sampled_from(["a", "b", "c", "g", "p", "q"]),
    "viewBox": st.builds(lambda a, b: f"0 0 {a} {b}", NUMBERS, NUMBERS),
    "offset": NUMBERS,
}
TAGS = ["g", "rect", "circle", "ellipse", "line", "path", "polyline", "polygon", "text",
        "tspan", "use", "image", "defs", "symbol", "clipPath", "linearGradient", "stop",
        "svg", "a", "switch", "video", "style"]


def _escaped(value: str) -> str:
    return (value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
            .encode("utf-8", "replace").decode("utf-8"))


@st.composite
def elements(draw: st.DrawFn, depth: int = 0) -> str:
    tag = draw(st.sampled_from(TAGS))
    names = draw(st.lists(st.sampled_from(sorted(ATTRIBUTES)), max_size=5, unique=True))
    attributes = "".join(f' {name}="{_escaped(draw(ATTRIBUTES[name]))}"' for name in names)
    if tag == "style":
        return f"<style>rect {{ fill: {draw(st.sampled_from(['red', 'url(#g)']))} }}</style>"
    children = "" if depth >= 3 else "".join(
        draw(st.lists(elements(depth + 1), max_size=4)))
    text = draw(st.sampled_from(["", "a", "Hello"])) if tag in ("text", "tspan") else ""
    return f"<{tag}{attributes}>{_escaped(text)}{children}</{tag}>"


@st.composite
def pictures(draw: st.DrawFn) -> str:
    # Mostly a size to draw at (so that what is inside gets drawn), else a strange one.
    size = draw(st.one_of(
        st.builds(lambda w, h: f' width="{w}" height="{h}"', ORDINARY, ORDINARY),
        st.builds(lambda w, h: f' width="{w}" height="{h}"', ORDINARY, ORDINARY),
        st.lists(st.sampled_from(["width", "height"]), unique=True).flatmap(
            lambda names: st.tuples(*[NUMBERS] * len(names)).map(lambda values: "".join(
                f' {n}="{_escaped(v)}"' for n, v in zip(names, values, strict=True))))))
    view_box = draw(st.one_of(st.just(""), ATTRIBUTES["viewBox"].map(
        lambda v: f' viewBox="{_escaped(v)}"')))
    body = "".join(draw(st.lists(elements(), min_size=1, max_size=6)))
    return ('<svg xmlns="http://www.w3.org/2000/svg" '
            f'xmlns:xlink="http://www.w3.org/1999/xlink"{size}{view_box}>{body}</svg>')


class _TooSlow(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise _TooSlow(f"an example took over {PATIENCE_S} s")


def _drawn_everywhere(path: Path) -> bytes:
    """The PDF of the picture drawn in a form (as a face), then in CMYK (a shop file)."""
    out = io.BytesIO()
    canvas = Canvas(out, pageCompression=0)
    canvas.beginForm("face")
    draw_svg(canvas, path, 10, 10, 150, 200, "#2E4256")
    canvas.endForm()
    canvas.doForm("face")
    with cmyk_printing(240):
        draw_svg(canvas, path, 10, 10, 150, 200, "#2E4256")
    canvas.showPage()
    canvas.save()
    return out.getvalue()


@pytest.mark.slow  # 300 generated pictures
@SETTINGS
@given(picture=pictures())
def test_any_picture_is_drawn_or_refused_in_one_line_reading_only_the_deck(
        places: tuple[Path, Path], picture: str) -> None:
    deck, outside = places
    path = deck / "pic.svg"
    path.write_text(picture, encoding="utf-8")
    OPENED.clear()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(PATIENCE_S)
    try:
        try:
            picture_drawing(path, deck)
        except PictureRefused as refused:
            assert "\n" not in refused.problem and refused.problem
        else:
            pdf = _drawn_everywhere(path)
            assert b" nan " not in pdf and b" inf " not in pdf
            assert b"1 0 1 rg" not in pdf.replace(b"1 0 1 RG", b"")  # no magenta fill
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    real = [os.path.realpath(p) for p in OPENED]
    assert [p for p in real if p.startswith((str(outside.resolve()), "/etc"))] == []
