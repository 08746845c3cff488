"""`cardgen png` makes the same files whatever the number of worker processes."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from cardgen.deck.load import load_deck
from cardgen.render.png import write_pngs


def test_one_worker_or_two_write_the_same_bytes(tmp_path: Path) -> None:
    deck = load_deck("unplugged")
    one = write_pngs(deck, tmp_path / "one", dpi=50, workers=1, bleed_mm=2)
    two = write_pngs(deck, tmp_path / "two", dpi=50, workers=2, bleed_mm=2)
    assert [p.name for p in [*one.faces, one.back, *one.tts_sheets]] == \
        [p.name for p in [*two.faces, two.back, *two.tts_sheets]]
    for path in [*one.faces, one.back, *one.tts_sheets]:
        assert path.read_bytes() == (tmp_path / "two" / path.name).read_bytes(), path.name
    # Written row by row by our own writer: Pillow reads them whole, at their resolution.
    with Image.open(one.faces[0]) as image:
        image.load()
        assert image.mode == "RGB"
        assert round(image.info["dpi"][0]) == 50
    assert not list((tmp_path / "one").glob(".*"))  # no temporary file left behind
