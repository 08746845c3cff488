"""`cardgen effects` and `cardgen pictograms`: what a card of one's own can reuse, said
from the data files themselves."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from helpers.cli import run_in
from helpers.paths import ROOT
from helpers.pdf_fonts import not_embedded
from pypdf import PdfReader

from cardgen.catalogue import catalogue


def ok(args: list[str], cwd: Path) -> str:
    code, output = run_in(args, cwd)
    assert code == 0, output
    return output


def block_of(output: str, effect: str, colon: str = ":") -> list[str]:
    """The line of one effect and its indented lines."""
    lines = output.splitlines()
    start = lines.index(next(line for line in lines if line.startswith(f"{effect}{colon} ")))
    return lines[start:start + 3]


def test_effects_lists_every_effect_with_its_parameters_limits_and_facts(
        tmp_path: Path) -> None:
    output = ok(["effects"], tmp_path)
    heads = [line.split(":")[0] for line in output.splitlines() if not line.startswith(" ")]
    assert heads == list(catalogue().effects)
    downpour = block_of(output, "downpour")
    assert downpour[0] == ("downpour: Every other player draws cards, then its player names "
                           "the colour.")
    assert downpour[1] == ("    parameters: amount: a whole number from 1 to 5, the cards "
                           "each other player draws (default 1)")
    assert downpour[2].startswith("    what it does: goes on any card; its player names the "
                                  "colour; cannot start a round;")
    assert "choose_victim: true or false, false for “the next player” or true for “a " \
        "player you pick” (default false)" in block_of(output, "draw")[1]
    assert 'direction: "left" for “left” or "right" for “right” (default "left")' in \
        block_of(output, "pass-hands")[1]
    assert "can also be played out of turn, as an answer" in block_of(output, "cancel")[2]
    assert "cannot be the last card of a hand" in block_of(output, "pass-hands")[2]
    assert block_of(output, "skip")[1] == "    parameters: no parameters"


def test_effects_in_french(tmp_path: Path) -> None:
    output = ok(["effects", "--lang", "fr"], tmp_path)
    downpour = block_of(output, "downpour", " :")
    assert downpour[1] == ("    paramètres : amount : un nombre entier de 1 à 5, les cartes "
                           "que pioche chaque autre joueur (par défaut 1)")
    assert downpour[2].startswith("    ce qu'elle fait : se pose sur n'importe quelle "
                                  "carte ; son joueur annonce la couleur ;")
    assert "false pour « le joueur suivant » ou true pour « le joueur de votre choix »" in \
        block_of(output, "draw", " :")[1]


def test_effects_as_json_carry_the_limits_of_effects_toml(tmp_path: Path) -> None:
    rows = {row["id"]: row for row in json.loads(ok(["effects", "--json"], tmp_path))}
    data = tomllib.loads((ROOT / "cardgen" / "data" / "effects.toml").read_text("utf-8"))
    assert list(rows) == list(data)
    (amount,) = rows["downpour"]["params"]
    # French and English, whatever other languages the catalogues add.
    amount["what"] = {lang: amount["what"][lang] for lang in ("fr", "en")}
    assert amount == {"name": "amount", "default": 1, "type": "integer", "min": 1, "max": 5,
                      "what": {"fr": "les cartes que pioche chaque autre joueur",
                               "en": "the cards each other player draws"}}
    assert rows["cancel"]["facts"]["reaction"] is True
    assert rows["wild"]["facts"] == {"any_card": True, "names_color": True,
                                     "can_start": True, "counts_as_color": True,
                                     "reaction": False, "can_finish": True}
    direction = rows["pass-hands"]["params"][0]
    assert direction["type"] == "text" and list(direction["choices"]) == ["left", "right"]


def test_pictograms_lists_the_names_and_draws_each_with_its_name(tmp_path: Path) -> None:
    names = list(tomllib.loads((ROOT / "cardgen" / "data" / "pictograms.toml")
                               .read_text("utf-8")))
    assert ok(["pictograms"], tmp_path).splitlines() == names
    output = ok(["pictograms", "-o", "pictos.pdf"], tmp_path)
    assert output.splitlines() == [*names, "wrote pictos.pdf"]
    pdf = (tmp_path / "pictos.pdf").read_bytes()
    words = PdfReader(tmp_path / "pictos.pdf").pages[0].extract_text().split()
    assert set(names) <= set(words)
    assert not_embedded(pdf) == []
    ok(["pictograms", "-o", "again.pdf"], tmp_path)
    assert (tmp_path / "again.pdf").read_bytes() == pdf  # byte-identical


def test_pictograms_refuse_a_file_that_is_not_a_pdf(tmp_path: Path) -> None:
    code, output = run_in(["pictograms", "-o", "pictos.png"], tmp_path)
    assert code == 2 and "'pictos.png' is not a .pdf file" in output
    assert list(tmp_path.iterdir()) == []


def test_the_plus_four_fact_says_what_the_engine_does(tmp_path: Path) -> None:
    """Issue 31: the +4 rule lets a player lay a +4 only while holding no card of the
    colour asked, and a wild is no such card. `cardgen effects` said a wild "counts as a
    card of the colour asked", the opposite; it now says what the engine's table of
    those cards (Variant.counts_as, which C-20's bluff reads) holds."""
    from cardgen.deck.load import load_deck
    from cardgen.engine import Variant

    variant = Variant.from_deck(load_deck("unplugged"), 4)
    red = variant.colors.index("red")
    kinds = {variant.kinds[k].id for k in variant.counts_as[red]}
    assert "red-5" in kinds  # a red number rules out a +4 while red is asked
    assert not {"wild", "wild-draw-four", "coup-de-bol-red"} & kinds  # these never do
    output = ok(["effects"], tmp_path)
    assert "counts as a card of the colour" not in output
    wild = block_of(output, "wild")[2]
    assert ("rules out a +4 for its holder when it is of the colour asked (the +4 rule: a "
            "card with no colour never does)") in wild
    assert ("never rules out a +4 for its holder, even of the colour asked (the +4 rule)"
            in block_of(output, "lucky-run")[2])
    french = ok(["effects", "--lang", "fr"], tmp_path)
    assert "compte comme une carte de la couleur" not in french
    assert ("interdit le +4 à qui la tient quand elle est de la couleur demandée (règle du "
            "+4 : une carte sans couleur, jamais)") in block_of(french, "wild", " :")[2]
