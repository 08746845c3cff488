"""An SVG picture from a stranger's deck, attacked the ways an attacker reported (issue 29):
files outside the deck's folder pulled in, FIFOs and devices, web addresses, a 2 KB
<use> bomb, thousands of font families, sizes of 1e308 and nan. Each is refused with
one line naming the picture and what to fix, by `cardgen check` and by every output
alike, within seconds and a bounded memory; an embedded bitmap is drawn."""

from __future__ import annotations

import base64
import http.server
import io
import os
import resource
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pikepdf
import pytest
from helpers.cli import refused, run_in, unwrapped
from helpers.pdf_colours import scan
from PIL import Image

from cardgen.deck.picture import MAX_PICTURE_PIXELS

CARDGEN = [sys.executable, "-c", "from cardgen.cli import main; main()"]
HEAD = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'width="40" height="40">')
OUTSIDE = ("which leads outside the deck's folder (through '..', an absolute path or a "
           "link); copy that file into the deck's folder and refer to it from there")
#: Every output that draws a picture, in the deck's folder (each is refused there).
OUTPUTS = {
    "sheets": ["sheets", "deck.toml", "-o", "out.pdf"],
    "shop": ["sheets", "deck.toml", "--shop", "drivethrucards", "-o", "shop.pdf"],
    "rulebook": ["rulebook", "deck.toml", "--lang", "en", "-o", "rules.pdf"],
    "preview": ["preview", "deck.toml", "--no-open", "-o", "preview.png"],
    "png": ["png", "deck.toml", "-o", "images"],
}
#: A budget (seconds) any refusal must come within, on a busy machine.
SECONDS = 20


def svg(body: str, head: str = HEAD) -> str:
    return head + body + "</svg>"


def picture_deck(folder: Path, picture: str, *, back: bool = False) -> Path:
    """A deck in ``folder`` with one card whose picture is the SVG text ``picture``
    (pic.svg); with ``back``, pic.svg is the deck's back as well."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pic.svg").write_text(picture, encoding="utf-8")
    deck = folder / "deck.toml"
    deck.write_text(
        'name = "Fenced"\nbase = "classic"\n' + ('back = "pic.svg"\n' if back else "")
        + '\n[cards]\nsun = 1\n\n[[card]]\nid = "sun"\neffect = "wild"\npoints = 50\n'
        'name = "Sun"\npicture = "pic.svg"\n', encoding="utf-8")
    return deck


def check_error(folder: Path) -> str:
    """The one error `cardgen check` finds in the deck of ``folder``."""
    code, output = run_in(["check", "deck.toml", "--games", "0"], folder)
    errors = [line.removeprefix("error: ") for line in unwrapped(output).splitlines()
              if line.startswith("error: ")]
    assert code == 1 and len(errors) == 1, output
    return errors[0]


def card_problem(problem: str) -> str:
    return f"deck.toml: card 'sun': picture 'pic.svg' {problem}"


def png_bytes(size: tuple[int, int], colour: tuple[int, ...], mode: str = "RGB") -> bytes:
    out = io.BytesIO()
    Image.new(mode, size, colour).save(out, "PNG")
    return out.getvalue()


def data_url(data: bytes, kind: str = "image/png") -> str:
    return f"data:{kind};base64,{base64.b64encode(data).decode('ascii')}"


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder beside the deck's, holding what the attacker wants drawn: a photo, a
    JPEG and an SVG, all magenta."""
    secrets = tmp_path / "Pictures"
    secrets.mkdir()
    (secrets / "id.png").write_bytes(png_bytes((30, 30), (255, 0, 255)))
    Image.new("RGB", (30, 30), (255, 0, 255)).save(secrets / "id.jpg", "JPEG")
    (secrets / "plan.svg").write_text(svg('<rect id="a" width="40" height="40" '
                                          'fill="#FF00FF"/>'), encoding="utf-8")
    return secrets


# --- 1. files outside the deck's folder -------------------------------------------------------


@pytest.mark.parametrize(("element", "reference"), [
    ("image", "../Pictures/id.png"),
    ("image", "../Pictures/id.jpg"),
    ("image", "../Pictures/plan.svg"),
    ("use", "../Pictures/plan.svg#a"),
])
def test_a_picture_cannot_pull_in_a_file_outside_the_deck_folder(
        tmp_path: Path, outside: Path, element: str, reference: str) -> None:
    folder = tmp_path / "deck"
    size = ' width="40" height="40"' if element == "image" else ""
    picture_deck(folder, svg(f'<{element} xlink:href="{reference}"{size}/>'))
    article = "an" if element == "image" else "a"
    message = card_problem(f"has {article} <{element}> '{reference}', {OUTSIDE}")
    assert check_error(folder) == message
    assert refused(OUTPUTS["sheets"], folder) == message


@pytest.mark.parametrize("output", sorted(OUTPUTS))
def test_every_output_refuses_an_outside_file_and_so_does_the_back(
        tmp_path: Path, outside: Path, output: str) -> None:
    folder = tmp_path / "deck"
    picture_deck(folder, svg('<use href="../Pictures/plan.svg#a"/>'), back=True)
    # The card's picture is reported (and the back, the same file, counted).
    assert refused(OUTPUTS[output], folder).startswith(card_problem(
        f"has a <use> '../Pictures/plan.svg#a', {OUTSIDE}"))


def test_a_back_picture_is_fenced_like_a_card_picture(tmp_path: Path, outside: Path) -> None:
    folder = tmp_path / "deck"
    picture_deck(folder, svg('<rect width="4" height="4"/>'))
    (folder / "back.svg").write_text(svg('<image href="../Pictures/id.png" width="9" '
                                         'height="9"/>'), encoding="utf-8")
    deck = folder / "deck.toml"
    deck.write_text(deck.read_text(encoding="utf-8").replace(
        'base = "classic"\n', 'base = "classic"\nback = "back.svg"\n'), encoding="utf-8")
    assert refused(OUTPUTS["sheets"], folder) == (
        f"deck.toml: the deck's back: picture 'back.svg' has an <image> "
        f"'../Pictures/id.png', {OUTSIDE}")


def test_a_link_or_a_linked_folder_inside_the_deck_leads_outside_all_the_same(
        tmp_path: Path, outside: Path) -> None:
    folder = tmp_path / "deck"
    picture_deck(folder, svg('<image href="id.png" width="9" height="9"/>'))
    (folder / "id.png").symlink_to(outside / "id.png")
    assert check_error(folder) == card_problem(f"has an <image> 'id.png', {OUTSIDE}")
    (folder / "id.png").unlink()
    (folder / "shared").symlink_to(outside, target_is_directory=True)
    picture_deck(folder, svg('<use href="shared/plan.svg#a"/>'))
    assert refused(OUTPUTS["preview"], folder) == card_problem(
        f"has a <use> 'shared/plan.svg#a', {OUTSIDE}")


def test_an_svg_inside_the_folder_cannot_reach_out_for_the_picture(
        tmp_path: Path, outside: Path) -> None:
    folder = tmp_path / "deck"
    (folder / "parts").mkdir(parents=True)
    (folder / "parts" / "tail.svg").write_text(svg(
        '<g id="tail"><image href="../../Pictures/id.png" width="9" height="9"/></g>'),
        encoding="utf-8")
    picture_deck(folder, svg('<use href="parts/tail.svg#tail"/>'))
    # svglib draws the <use>'s copy as part of pic.svg: its reference starts there.
    assert check_error(folder) == card_problem(
        "has an <image> '../../Pictures/id.png' (in 'parts/tail.svg', copied by a <use> "
        "into 'pic.svg', where its path starts), which was not found; put the file next to "
        "the picture, or correct the reference")
    picture_deck(folder, svg('<image href="parts/tail.svg" width="40" height="40"/>'))
    # An <image> of an SVG draws that file as it is: its own references start there.
    assert check_error(folder) == card_problem(
        f"has an <image> '../../Pictures/id.png' (in 'parts/tail.svg'), {OUTSIDE}")


def test_absolute_paths_and_web_addresses_are_refused(tmp_path: Path, outside: Path) -> None:
    folder = tmp_path / "deck"
    for reference in (str(outside / "id.png"), f"file://{outside / 'id.png'}"):
        picture_deck(folder, svg(f'<image href="{reference}" width="9" height="9"/>'))
        assert "draws only files in the deck's folder" in check_error(folder) \
            or "an absolute path; copy that file" in check_error(folder)


def test_a_picture_name_with_a_nul_character_is_one_line(tmp_path: Path) -> None:
    deck = picture_deck(tmp_path, svg(""))
    deck.write_text(deck.read_text(encoding="utf-8").replace(
        'picture = "pic.svg"', 'picture = "pic\\u0000.svg"'), encoding="utf-8")
    assert check_error(tmp_path) == ("deck.toml: card 'sun': the name of its picture holds "
                                     "a NUL character (\\u0000); write the picture file's "
                                     "name as it is")


def test_files_inside_the_folder_are_drawn(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    (folder / "parts").mkdir(parents=True)
    (folder / "parts" / "cat.png").write_bytes(png_bytes((8, 8), (0, 200, 0)))
    (folder / "parts" / "shapes.svg").write_text(svg(
        '<rect id="box" width="9" height="9" fill="#0000FF"/>'
        '<image id="cat" href="cat.png" width="9" height="9"/>'), encoding="utf-8")
    picture_deck(folder, svg('<use href="parts/shapes.svg#box"/>'
                             '<image href="parts/cat.png" x="20" width="9" height="9"/>'
                             '<image href="parts/shapes.svg" y="20" width="40" height="20"/>'))
    code, output = run_in(["check", "deck.toml", "--games", "0"], folder)
    assert code == 0, output
    code, output = run_in(OUTPUTS["sheets"], folder)
    assert code == 0, output


# --- FIFOs, devices, and files too large -----------------------------------------------------


def run_limited(args: list[str], cwd: Path, memory_mb: int = 1500) -> tuple[int, str, float]:
    """Run cardgen in a process of ``memory_mb`` of address space at most (`ulimit -v`):
    a regression that reads /dev/zero fails fast instead of eating the machine. Its
    exit code, its output (both streams) and the seconds it took (a hang fails the test)."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory_mb << 20, memory_mb << 20))

    start = time.monotonic()
    done = subprocess.run([*CARDGEN, *args], cwd=cwd, capture_output=True, text=True,
                          timeout=SECONDS * 3, preexec_fn=limit, check=False)
    return done.returncode, done.stdout + done.stderr, time.monotonic() - start


def test_a_fifo_is_refused_before_it_is_opened(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    picture_deck(folder, svg('<image href="wait.png" width="9" height="9"/>'))
    os.mkfifo(folder / "wait.png")  # opening it would wait for a writer for ever
    message = card_problem("has an <image> 'wait.png', which is not a regular file (a "
                           "FIFO, a device or a socket); refer to a picture file")
    code, output, seconds = run_limited(["check", "deck.toml", "--games", "0"], folder)
    assert code == 1 and seconds < SECONDS
    assert f"error: {message}\n" in unwrapped(output)
    code, output, seconds = run_limited(OUTPUTS["sheets"], folder)
    assert code == 1 and seconds < SECONDS
    assert output == f"Error: {message}\n"


def test_a_fifo_as_the_picture_itself_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    picture_deck(folder, svg(""))
    (folder / "pic.svg").unlink()
    os.mkfifo(folder / "pic.svg")
    code, output, seconds = run_limited(OUTPUTS["sheets"], folder)
    assert code == 1 and seconds < SECONDS
    assert output == ("Error: deck.toml: card 'sun': picture 'pic.svg' is not a regular file "
                   "(a folder, a FIFO, a device or a socket); name a picture file\n")


def test_dev_zero_is_never_read(tmp_path: Path) -> None:
    folder = tmp_path / "a" / "b" / "deck"
    depth = len(folder.parts) - 1
    for reference in ("../" * depth + "dev/zero", "zero.png"):
        picture_deck(folder, svg(f'<image href="{reference}" width="9" height="9"/>'))
        if reference == "zero.png":
            (folder / "zero.png").symlink_to("/dev/zero")
        code, output, seconds = run_limited(OUTPUTS["sheets"], folder, memory_mb=1000)
        assert code == 1 and seconds < SECONDS, output
        assert output == f"Error: {card_problem(f'has an <image> {reference!r}, {OUTSIDE}')}\n"


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node takes root")
def test_a_device_inside_the_folder_is_never_opened(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    picture_deck(folder, svg('<use href="zero.svg#a"/>'))
    os.mknod(folder / "zero.svg", stat.S_IFCHR | 0o644, os.makedev(1, 5))  # /dev/zero
    code, output, seconds = run_limited(OUTPUTS["sheets"], folder, memory_mb=1000)
    assert code == 1 and seconds < SECONDS
    assert output == (f"Error: {card_problem('has a <use> ' + repr('zero.svg#a') + ', which is ')}"
                   "not a regular file (a FIFO, a device or a socket); refer to a picture "
                   "file\n")


def test_the_files_a_picture_refers_to_count_toward_its_20_mb(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    picture_deck(folder, svg('<use href="huge.svg#a"/>'))
    with (folder / "huge.svg").open("wb") as handle:
        handle.truncate(25_000_000)  # sparse: nothing is written to the disk
    assert check_error(folder) == card_problem(
        "has a <use> 'huge.svg#a', which takes the picture past the 20 MB cardgen reads "
        "for one picture, with every file it refers to; save smaller copies")
    padding = f"<desc>{'x' * 1_000_000}</desc>" * 11  # two files of 11 MB: not both
    for name in ("one.svg", "two.svg"):
        (folder / name).write_text(svg(f'<rect id="a" width="4" height="4"/>{padding}'),
                                   encoding="utf-8")
    picture_deck(folder, svg('<use href="one.svg#a"/><use href="two.svg#a"/>'))
    assert "has a <use> 'two.svg#a', which takes the picture past the 20 MB" \
        in check_error(folder)


# --- web addresses: nothing is fetched ---------------------------------------------------------


@pytest.fixture
def web_server() -> Iterator[tuple[str, list[str]]]:
    """A web server on 127.0.0.1 that serves a PNG for any path; the paths it was asked."""
    asked: list[str] = []
    picture = png_bytes((9, 9), (255, 0, 255))

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            asked.append(self.path)
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.end_headers()
            self.wfile.write(picture)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", asked
    finally:
        server.shutdown()
        server.server_close()


def test_web_addresses_in_a_picture_are_never_fetched(
        tmp_path: Path, web_server: tuple[str, list[str]]) -> None:
    address, asked = web_server
    folder = tmp_path / "deck"
    for element in (f'<image href="{address}/x.png" width="9" height="9"/>',
                    f'<use xlink:href="{address}/x.svg#a"/>'):
        picture_deck(folder, svg(element))
        assert "a web address or another URL; cardgen draws only files in the deck's " \
               "folder" in check_error(folder)
    # What svglib never follows (a DTD, CSS imports and url()s, a link): drawn as it is,
    # without a request either.
    picture_deck(folder, f'<!DOCTYPE svg SYSTEM "{address}/svg.dtd">' + svg(
        f'<style>@import url("{address}/a.css"); rect {{ fill: url({address}/p.svg#g) }}'
        f'</style><a href="{address}/page"><rect width="9" height="9" '
        f'fill="url({address}/q.png)" clip-path="url({address}/c.svg#c)"/></a>'))
    code, output = run_in(OUTPUTS["sheets"], folder)
    assert code == 0, output
    assert asked == []


# --- 2. the work a picture asks for ------------------------------------------------------------


def use_bomb(levels: int = 8, copies: int = 10) -> str:
    """2 KB: each group holds ten copies of the group before it (10^8 rects in all)."""
    groups = "".join(f'<g id="g{level}">' + f'<use href="#g{level - 1}"/>' * copies + "</g>"
                     for level in range(1, levels + 1))
    return svg(f'<defs><rect id="g0" width="1" height="1"/>{groups}</defs>'
               f'<use href="#g{levels}"/>')


def test_a_use_bomb_is_refused_at_once(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    picture_deck(folder, use_bomb())
    assert (folder / "pic.svg").stat().st_size < 2_500
    code, output, seconds = run_limited(OUTPUTS["sheets"], folder)
    assert code == 1 and seconds < SECONDS, output
    assert output.startswith("Error: deck.toml: card 'sun': picture 'pic.svg' is more than "
                             "cardgen draws in one picture: "), output
    assert "cardgen draws at most 3,000 shapes" in output and output.count("\n") == 1


def test_a_bomb_across_files_and_a_loop_of_uses_are_refused(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "a.svg").write_text(svg('<g id="a">' + '<use href="b.svg#b"/>' * 20 + "</g>"),
                                  encoding="utf-8")
    (folder / "b.svg").write_text(svg('<g id="b">' + '<use href="a.svg#a"/>' * 20 + "</g>"),
                                  encoding="utf-8")
    picture_deck(folder, svg('<use href="a.svg#a"/>'))
    assert "refers to itself in a loop" in check_error(folder)
    picture_deck(folder, svg('<g id="x"><use href="#x"/></g>'))
    assert check_error(folder) == card_problem(
        "refers to itself in a loop ('#x' of 'pic.svg' is drawn inside itself); remove the "
        "<use> that closes the loop")


@pytest.mark.parametrize("body", [
    "".join(f'<path d="M{i % 37} 1 L5 5 Z"/>' for i in range(56_000)),  # 1.7 MB
    '<path d="M0 0 ' + " ".join(f"A5 7 30 1 1 {i % 97} {i % 89}" for i in range(40_000))
    + '"/>',
    '<text x="' + " ".join(str(i % 50) for i in range(20_000)) + '">' + "a" * 20_000
    + "</text>",
], ids=["56000-paths", "path-data", "glyphs"])
def test_a_picture_over_the_budget_is_refused_quickly(tmp_path: Path, body: str) -> None:
    folder = tmp_path / "deck"
    picture_deck(folder, svg(body))
    start = time.monotonic()
    problem = check_error(folder)
    assert time.monotonic() - start < SECONDS
    assert "more than" in problem and "save it as PNG" in problem


def test_styles_repeated_over_many_shapes_are_budgeted(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    style = ";".join(f"x{i}:{i}" for i in range(1000))
    rects = "".join(f'<rect x="{i % 30}" width="3" height="4"/>' for i in range(1000))
    picture_deck(folder, svg(f'<g style="{style}">' * 20 + rects + "</g>" * 20))
    start = time.monotonic()
    assert "attributes looked up" in check_error(folder)  # took 71 s to draw
    assert time.monotonic() - start < SECONDS
    rules = "".join(f"rect, .c{i} {{ fill: red }} " for i in range(5000))
    picture_deck(folder, svg(f"<style>{rules}</style>" + rects))
    assert "10,000 style selectors" in check_error(folder)  # took 9 s


def test_many_font_families_never_run_a_font_search(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "deck"
    texts = "".join(f'<text font-family="Family{i}, ../../x{i}" y="9">a</text>'
                    for i in range(1000))
    picture_deck(folder, svg(texts))

    def no_process(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"a process was started: {args}")

    monkeypatch.setattr(subprocess, "Popen", no_process)  # fc-match is such a process
    start = time.monotonic()
    code, output = run_in(OUTPUTS["sheets"], folder)
    assert code == 0, output
    assert time.monotonic() - start < SECONDS  # 2,000 families took over two minutes


def test_nested_groups_deeper_than_the_limit_are_refused(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    picture_deck(folder, svg("<g>" * 60 + '<rect width="4" height="4"/>' + "</g>" * 60))
    assert check_error(folder) == card_problem(
        "nests its elements more than 50 deep, more than cardgen draws; simplify it "
        "(ungroup) or save it as PNG")
    chain = "".join(f'<g id="l{i}"><use href="#l{i + 1}"/></g>' for i in range(60))
    picture_deck(folder, svg(f'<defs>{chain}<rect id="l60" width="4" height="4"/></defs>'
                             '<use href="#l0"/>'))
    assert "nests its shapes (with their <use> copies) more than 50 deep" in \
        check_error(folder)


# --- 3. bitmaps inside a picture -------------------------------------------------------------


def two_colour_png() -> bytes:
    """12 x 12 pixels: the top half red, the bottom half green, a stripe of transparent
    blue on the right (so that a bitmap drawn upside down or without its mask shows)."""
    image = Image.new("RGBA", (12, 12), (220, 0, 0, 255))
    image.paste((0, 160, 0, 255), (0, 6, 12, 12))
    image.paste((0, 0, 255, 0), (9, 0, 12, 12))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def pixels_of_page(pdf: Path, tmp_path: Path, page: int = 1) -> Image.Image:
    subprocess.run(["pdftoppm", "-r", "60", "-png", "-f", str(page), "-l", str(page),
                    "-singlefile", str(pdf), str(tmp_path / "page")], check=True)
    with Image.open(tmp_path / "page.png") as image:
        return image.convert("RGB")


def where(image: Image.Image, colour: tuple[int, int, int]) -> list[tuple[int, int]]:
    """The pixels of ``image`` near ``colour``."""
    width = image.width
    return [(i % width, i // width) for i, pixel in enumerate(image.get_flattened_data())
            if all(abs(a - b) < 40 for a, b in zip(pixel, colour, strict=True))]


def test_an_embedded_png_is_drawn_the_right_way_up(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    picture_deck(folder, svg(f'<image href="{data_url(two_colour_png())}" width="40" '
                             'height="40"/>'))
    code, output = run_in(["sheets", "deck.toml", "--only", "specials", "-o", "out.pdf"],
                          folder)
    assert code == 0, output  # a TypeError before
    page = pixels_of_page(folder / "out.pdf", tmp_path)
    red, green = where(page, (220, 0, 0)), where(page, (0, 160, 0))
    assert len(red) > 100 and len(green) > 100
    assert max(y for _, y in red) < min(y for _, y in green)  # red above green
    assert where(page, (0, 0, 255)) == []  # the transparent stripe is transparent


@pytest.mark.parametrize("output", ["preview", "png", "rulebook"])
def test_an_embedded_jpeg_is_drawn_in_every_output(tmp_path: Path, output: str) -> None:
    jpeg = io.BytesIO()
    Image.new("RGB", (8, 8), (0, 0, 230)).save(jpeg, "JPEG")
    folder = tmp_path / "deck"
    picture_deck(folder, svg(f'<image href="{data_url(jpeg.getvalue(), "image/jpeg")}" '
                             'width="40" height="40"/>'))
    code, result = run_in(OUTPUTS[output], folder)
    assert code == 0, result


def test_an_embedded_png_in_a_shop_file_is_cmyk_without_a_mask(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    picture_deck(folder, svg(f'<image href="{data_url(two_colour_png())}" width="40" '
                             'height="40"/>'))
    code, output = run_in([*OUTPUTS["shop"], "--only", "specials"], folder)
    assert code == 0, output
    with pikepdf.open(folder / "shop.pdf") as pdf:
        found = scan(pdf)
    assert found.images and found.operators <= {"k", "K", "g", "G"}
    for image in found.images:
        assert image.ColorSpace == "/DeviceCMYK" and "/SMask" not in image
    page = pixels_of_page(folder / "shop.pdf", tmp_path, page=2)  # its back comes first
    pixels = page.get_flattened_data()
    reds = [p for p in pixels if p[0] > 150 and p[1] < 90 and p[2] < 90]
    greens = [p for p in pixels if p[1] > 100 and p[0] < 90 and p[2] < 110]
    assert len(reds) > 50 and len(greens) > 50


@pytest.mark.parametrize(("href", "problem"), [
    (data_url(b"GIF89a" + b"\x00" * 30, "image/gif"),
     "which is not a PNG or JPEG image (the bitmaps cardgen draws in a picture); save it "
     "as PNG"),
    ("data:image/png,%89PNG", "an embedded image not written in base64; save the picture "
                              "again from a drawing program, or use a PNG file"),
])
def test_embedded_images_cardgen_does_not_draw_are_refused(tmp_path: Path, href: str,
                                                           problem: str) -> None:
    folder = tmp_path / "deck"
    picture_deck(folder, svg(f'<image href="{href}" width="9" height="9"/>'))
    shown = href if len(href) <= 60 else href[:60] + "…"
    assert check_error(folder) == card_problem(f"has an <image> '{shown}', {problem}")


def test_an_embedded_decompression_bomb_is_refused(tmp_path: Path) -> None:
    bomb = io.BytesIO()
    Image.new("1", (8000, 8000)).save(bomb, "PNG")  # 64 million pixels in a few KB
    folder = tmp_path / "deck"
    picture_deck(folder, svg(f'<image href="{data_url(bomb.getvalue())}" width="9" '
                             'height="9"/>'))
    assert check_error(folder).endswith(
        f"which is 8000 x 8000 pixels, more than the {MAX_PICTURE_PIXELS:,} pixels cardgen "
        "decodes for one picture; scale it down")


# --- 4. sizes and numbers no PDF can hold ------------------------------------------------------


@pytest.mark.parametrize(("picture", "problem"), [
    ('<svg xmlns="http://www.w3.org/2000/svg" width="inf" height="40"><rect width="4" '
     'height="4"/></svg>',
     "is an SVG picture whose size is not a number (nan or infinite); give its <svg> "
     "element a width and a height, or a viewBox, of ordinary numbers"),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 nan 40" width="40"><rect '
     'width="4" height="4"/></svg>',
     "has a size, coordinate or transform that is not a finite number cardgen can draw "
     "(transform nan); write numbers within ±10,000,000 (no inf, no nan), or save it "
     "again from a drawing program"),
    ('<svg xmlns="http://www.w3.org/2000/svg" width="1e39" height="40"><rect width="4" '
     'height="4"/></svg>',
     "is an SVG picture of 7.5e+38 x 30 points; give its <svg> element a width and a "
     "height, or a viewBox, between 0.01 and 10,000,000"),
    (svg('<circle cx="3" cy="3" r="nan"/>'),
     "has a size, coordinate or transform that is not a finite number cardgen can draw "
     "(r nan); write numbers within ±10,000,000 (no inf, no nan), or save it again from "
     "a drawing program"),
    (svg('<circle cx="3" cy="3" r="1e308"/>'),
     "has a size, coordinate or transform that is not a finite number cardgen can draw "
     "(r 1e+308); write numbers within ±10,000,000 (no inf, no nan), or save it again "
     "from a drawing program"),
    (svg('<g transform="scale(1000)">' * 4 + '<rect width="4" height="4"/>' + "</g>" * 4),
     "has a size, coordinate or transform that is not a finite number cardgen can draw: "
     "its transforms, one inside another, scale or move it past ±10,000,000; simplify its "
     "transforms, or save it again from a drawing program"),
])
def test_sizes_and_numbers_no_pdf_can_hold_are_refused(tmp_path: Path, picture: str,
                                                       problem: str) -> None:
    folder = tmp_path / "deck"
    picture_deck(folder, picture)
    assert check_error(folder) == card_problem(problem)
    assert refused(OUTPUTS["sheets"], folder) == card_problem(problem)


# --- 5. svglib's log -----------------------------------------------------------------------------


def test_svglib_never_writes_to_the_terminal(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    # svglib logs, as warnings and errors, a clip path it cannot find, a font it has no
    # file for, an element it does not draw.
    picture_deck(folder, svg('<rect width="4" height="4" clip-path="url(#nowhere)"/>'
                             '<text font-family="No Such Font">a</text><video/>'))
    for args in (["check", "deck.toml", "--games", "0"], OUTPUTS["sheets"],
                 OUTPUTS["rulebook"]):
        done = subprocess.run([*CARDGEN, *args], cwd=folder, capture_output=True,
                              text=True, timeout=SECONDS * 6, check=False)
        assert done.returncode == 0, done.stderr
        assert "clipping" not in done.stderr + done.stdout
        assert "font" not in (done.stderr + done.stdout).lower()


# --- the drawing is made once a command, and again when a file changes ----------------------


def test_a_picture_is_converted_once_a_command_and_again_once_changed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen.svgpicture import load

    folder = tmp_path / "deck"
    (folder / "parts").mkdir(parents=True)
    (folder / "parts" / "a.svg").write_text(svg('<rect id="a" width="4" height="4"/>'),
                                            encoding="utf-8")
    picture_deck(folder, svg('<use href="parts/a.svg#a"/>'), back=True)
    made: list[Path] = []
    real = load._made

    def counted(path: Path, where: Path) -> object:
        made.append(path)
        return real(path, where)

    monkeypatch.setattr(load, "_made", counted)
    code, output = run_in(OUTPUTS["rulebook"], folder)
    assert code == 0, output
    assert [path.name for path in made] == ["pic.svg"]  # checked, drawn on faces and backs
    (folder / "parts" / "a.svg").write_text(svg('<rect id="a" width="5" height="5"/>'),
                                            encoding="utf-8")
    code, output = run_in(OUTPUTS["sheets"], folder)
    assert code == 0, output
    assert len(made) == 2  # a file it refers to changed (the same size, at once)
