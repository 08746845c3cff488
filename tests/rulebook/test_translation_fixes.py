"""The sentences a native reader stopped at in the translated rulebooks (issue 42, item 3),
read back from the PDFs: each wrong wording is gone and its correction is there.

The text is compared flat: lines joined, a hyphen that only breaks a word at a line's end
taken out, spaces collapsed; a wording matches as whole words, in any case, so that
"lo Salta Turno" is not found in "giallo Salta Turno". The glossary's terms match as
written."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from cardgen.catalogue.locale import locale_root, words
from cardgen.cli import main

DECKS = ("classic", "house", "unplugged")

#: lang -> [(decks whose book is checked, wordings that must be gone, wordings there)].
FIXES: dict[str, list[tuple[tuple[str, ...], list[str], list[str]]]] = {
    "it": [
        (DECKS, ["uno Salta Turno", "lo Salta Turno"], ["un Salta Turno"]),
        (("classic", "unplugged"), [], ["il Salta Turno"]),
        (("classic", "house", "unplugged"), ["scoperta. Il numero più alto",
                                            "scoperta: il numero più alto",
                                            "carta, il numero più alto"],
         ["chi ha il numero più alto"]),
        (("classic",), ["il bluffatore pesca lui le 4 carte", "bluffatore"],
         ["chi ha bluffato pesca le 4 carte"]),
        (DECKS, ["Intercettazione", "intercettazioni"], ["Intervento fuori turno"]),
        (("unplugged",), ["reagire a lei"], ["possono reagirvi"]),
        # found on reading the rest of the books the same way
        (("classic",), ["Alcuni tavoli lo preferiscono", "scelto per lei"],
         ["Alcuni gruppi preferiscono contare così"]),
        (("classic", "house", "unplugged"), ["la mano si ferma"], ["la mano finisce"]),
        (("house",), ["carta pesca pesca"], []),
    ],
    "de": [
        (DECKS, ["Eine erste Retourkarte beginnt rechts vom Geber"],
         ["Ist die erste Karte eine Retourkarte, beginnt der Spieler rechts vom Geber"]),
        (DECKS, ["die höchste Zahl gibt"], ["Wer die höchste Zahl aufdeckt, gibt"]),
        (("classic", "house"), ["Ein erwischter Bluff", "Sein Spieler nimmt"],
         ["Fliegt ein Bluff auf, nimmt der Bluffer die +4 zurück"]),
        (("unplugged",), ["jeden Spieler außer dir"], ["jeder Spieler außer dir"]),
        (("classic",), ["Einige Tische spielen lieber so"], ["In manchen Spielrunden"]),
        (("unplugged",), ["4 Tauschkarten"], ["4 Tausch-Karten"]),
        (DECKS, ["die ihr Spieler genannt hat", "ihr Spieler nennt"], []),
    ],
    "es": [
        (("house", "unplugged"), ["reparte el número más alto"],
         ["reparte quien saque el número más alto"]),
        (("classic",), [], ["Reparte quien saque el número más alto"]),
        (DECKS, ["El reparto pasa un asiento en cada ronda"],
         ["El turno de repartir pasa al jugador de la izquierda en cada ronda"]),
        (("house",), ["juega al UNO como lo hace un grupo de amigos"],
         ["es el UNO tal como se juega entre amigos"]),
        (("house", "unplugged"), ["la ronda se para"], ["la ronda termina"]),
        (("unplugged",), ["una carta No puede", "un No es una carta"],
         ["una carta ¡No! puede", "un ¡No! es una carta"]),
        # found on reading the rest of the books the same way
        (("classic",), ["Algunas mesas la prefieren", "cuatro jugadores justos"],
         ["Hay quien prefiere contar así"]),
    ],
}

#: Olympique's "rounds of 2s" (O-39, option twos-round) says what happens, in the list of
#: optional rules: the whole of Olympique (not offered beside the house deck's own) and
#: twos-round alone.
OLYMPIQUE = ("classic", "unplugged")
TWOS = {
    "en": (["rounds of 2s", "for one trip round the table"],
           ["a 2 that makes every other player in turn lay a 2 or draw a card"],
           ["after a 2, every other player in turn must lay a 2 or draw one card"]),
    "fr": (["2 en cascade", "pour un tour de table"],
           ["un 2 qui oblige chacun des autres joueurs, à son tour, à poser un 2 ou piocher"],
           ["après un 2, chacun des autres joueurs, à son tour, doit poser un 2 ou piocher"]),
    "de": (["Zweierrunden", "eine Runde lang eine 2"],
           ["nach einer 2 muss jeder andere Spieler der Reihe nach eine 2 legen"],
           ["Nach einer 2 muss jeder andere Spieler der Reihe nach eine 2 legen oder eine "
            "Karte ziehen"]),
    "es": (["vueltas de doses", "durante una vuelta a la mesa"],
           ["un 2 que obliga a cada uno de los demás jugadores, por turno, a echar un 2"],
           ["tras un 2, cada uno de los demás jugadores, por turno, tiene que echar un 2 o "
            "robar una carta"]),
    "it": (["giri di 2", "per un giro del tavolo"],
           ["un 2 che obbliga ogni altro giocatore, a turno, a mettere un 2 o pescare"],
           ["dopo un 2, ogni altro giocatore, a turno, deve mettere un 2 o pescare una carta"]),
}
for _lang, (_gone, _whole, _alone) in TWOS.items():
    FIXES.setdefault(_lang, []).extend([(DECKS, _gone, _alone), (OLYMPIQUE, [], _whole)])

#: One book per language for the quick run; the whole matrix is slow.
QUICK = {"it": "classic", "de": "classic", "es": "house", "en": "classic", "fr": "classic"}


def flat(text: str) -> str:
    """Lines joined (a hyphen before a small letter only breaks the word), spaces
    collapsed."""
    text = re.sub(r"-\n(?=[^\W\dA-ZÄÖÜ])", "", text.replace("\u00ad", ""))
    return " ".join(text.replace("\u2019", "'").replace("\u00a0", " ").split())


def says(text: str, words: str, *, as_written: bool = False) -> bool:
    """``words`` is in ``text`` as whole words (in any case, unless ``as_written``)."""
    flags = 0 if as_written else re.IGNORECASE
    return re.search(rf"(?<!\w){re.escape(flat(words))}(?!\w)", text, flags) is not None


@cache
def book(deck: str, lang: str, folder: str) -> str:
    pdf = Path(folder) / f"{deck}-{lang}.pdf"
    result = CliRunner().invoke(main, ["rulebook", deck, "--lang", lang, "-o", str(pdf)])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(pdf) as document:
        return flat("\n".join(page.extract_text() or "" for page in document.pages))


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(tmp_path_factory.mktemp("books"))


def check(deck: str, lang: str, folder: str) -> None:
    text = book(deck, lang, folder)
    wrong, missing = [], []
    for decks, gone, there in FIXES[lang]:
        if deck in decks:
            wrong += [wording for wording in gone if says(text, wording)]
            missing += [wording for wording in there if not says(text, wording)]
    assert not wrong and not missing, (
        f"{deck} ({lang}): still says {wrong}; does not say {missing}")


@pytest.mark.parametrize(("lang", "deck"), sorted(QUICK.items()))
def test_one_book_per_language_reads_as_corrected(lang: str, deck: str, folder: str) -> None:
    check(deck, lang, folder)


@pytest.mark.slow
@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("lang", sorted(FIXES))
def test_every_book_reads_as_corrected(lang: str, deck: str, folder: str) -> None:
    if QUICK[lang] == deck:
        pytest.skip("the quick run reads this book")
    check(deck, lang, folder)


# The glossary of each language (templates/locale/<lang>/glossary.toml): its terms and
# card names are written in its books exactly so, and its names and plurals are the
# catalogue's, which the books and the cards print.

def glossary(lang: str) -> dict:
    with (locale_root() / lang / "glossary.toml").open("rb") as file:
        return tomllib.load(file)


def glossary_words(lang: str) -> list[str]:
    found = glossary(lang)
    return [*found["terms"].values(), *(card["name"] for card in found["cards"].values())]


def test_every_language_has_a_glossary_of_the_catalogue_s_card_names() -> None:
    for lang in QUICK:
        said = words(lang)
        for card, written in glossary(lang)["cards"].items():
            for field in written:
                keys = [f"cards.toml|card.{card}.{field}",
                        f"cards.toml|card.{{color}}-{card}.{field}",
                        f"cards.toml|card.{card}-{{color}}.{field}"]
                text = next(said[key] for key in keys if key in said)
                assert re.sub(r"\{\w+\}", "", text).strip() == written[field], (lang, card)


def missing_from_books(lang: str, folder: str) -> list[str]:
    books = " ".join(book(deck, lang, folder) for deck in DECKS)
    return [term for term in glossary_words(lang) if not says(books, term, as_written=True)]


def test_the_italian_books_write_every_glossary_term(folder: str) -> None:
    assert missing_from_books("it", folder) == []


@pytest.mark.slow
@pytest.mark.parametrize("lang", sorted(set(QUICK) - {"it"}))
def test_the_books_write_every_glossary_term(lang: str, folder: str) -> None:
    assert missing_from_books(lang, folder) == []


#: The editions' books (issue 43), read as a native reader reads them: the wrong wording
#: gone, its correction there. lang -> [(decks, wordings gone, wordings there)].
EDITION_FIXES: dict[str, list[tuple[tuple[str, ...], list[str], list[str]]]] = {
    "de": [
        (("flip",), ["bis zum nächsten Flip-Karte", "des Flip-Karte", "Nachziehstapel",
                     "die höchste Zahl gibt", "violett", "Alle-Aussetzen-Karte"],
         ["bis zur nächsten Flip-Karte", "Wer die höchste Zahl aufdeckt, gibt", "Violett",
          "Alle-aussetzen-Karte"]),
        (("nomercy",), ["Stapel eine gleichen", "Die höchste Zahl gibt", "Wählen Sie",
                        "Sie spielen noch einmal", "250 für jeden"],
         ["Staple eine gleichen", "250 Punkte für jeden"]),
        (("attack",), ["Sie darf nicht deine letzte Karte sein"],
         ["Als letzte Karte darfst du sie nicht legen"]),
    ],
    "es": [
        (("flip",), ["el número más alto reparte", "pila de descartes", "al final de una mano",
                     "no puede abrir una mano", "lo vuelve todo del revés", "Roba uno"],
         ["reparte quien saque el número más alto", "pila de robo", "Roba una"]),
        (("nomercy",), ["Reparte el número más alto", "tu olvido", "250 por cada"],
         ["Reparte quien saque el número más alto", "250 puntos por cada"]),
        (("attack",), ["No puede ser tu última carta", "a vuestra mesa"],
         ["No puedes echarla como última carta"]),
    ],
    "it": [
        (("flip",), ["il numero più alto distribuisce", "ed essere sfidato",
                     "chi sa leggerli"],
         ["distribuisce chi ha il numero più alto", "mazzo da pesca"]),
        (("nomercy",), ["pesca finché può,", "Il numero più alto fa il mazziere",
                        "a meno che rilanci", "250 per ogni"],
         ["Chi ha il numero più alto fa il mazziere", "a meno che non rilanci",
          "250 punti per ogni"]),
        (("attack",), ["Non può essere la tua ultima carta", "Colto senza",
                       "si gira verso sinistra", "finché escono carte"],
         ["Non puoi giocarla come ultima carta", "finché non escono carte"]),
    ],
}


@pytest.mark.slow
@pytest.mark.parametrize("deck", ["flip", "nomercy", "attack"])
@pytest.mark.parametrize("lang", sorted(EDITION_FIXES))
def test_the_editions_books_read_as_corrected(lang: str, deck: str, folder: str) -> None:
    text = book(deck, lang, folder)
    wrong, missing = [], []
    for decks, gone, there in EDITION_FIXES[lang]:
        if deck in decks:
            wrong += [wording for wording in gone if says(text, wording, as_written=True)]
            missing += [wording for wording in there if not says(text, wording)]
    assert not wrong and not missing, (
        f"{deck} ({lang}): still says {wrong}; does not say {missing}")


#: UNO Attack's books (AT-01): the launcher by the word its players use; "Werfer" alone
#: reads as a thrower and "lanciatore" as a pitcher.
LAUNCHER = {"it": (["lanciatore"], ["lanciacarte", "Jolly Tutti Premono", "Scambia Mani"]),
            "de": (["den Werfer", "der Werfer"], ["Kartenwerfer", "4 Alles-ablegen-Karten"]),
            "es": ([], ["lanzador", "Comodín Todos pulsan"])}


@pytest.mark.slow
@pytest.mark.parametrize("lang", sorted(LAUNCHER))
def test_the_attack_books_name_the_launcher_as_its_players_do(lang: str, folder: str) -> None:
    text = book("attack", lang, folder)
    gone, there = LAUNCHER[lang]
    assert [w for w in gone if says(text, w)] == []
    assert [w for w in there if not says(text, w)] == []
