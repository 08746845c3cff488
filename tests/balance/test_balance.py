"""`cardgen balance`: known answers of the study, determinism, outputs and bad input."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from helpers.cli import unwrapped
from helpers.paths import DECKS, EXAMPLES
from pypdf import PdfReader

from cardgen.balance.kinds import ablated, kind_groups
from cardgen.balance.report import _short, format_report
from cardgen.balance.study import Plan, run_study
from cardgen.cli import main
from cardgen.deck.load import load_deck
from cardgen.engine import Variant, play_game
from cardgen.play.players import make_players

# Slow (whole balance studies and their PDFs: minutes of games): run by `python -m pytest -m slow`.
pytestmark = pytest.mark.slow

KNOWN = str(DECKS / "balance-known.toml")
BROKEN = str(DECKS / "balance-broken.toml")
PARTY = str(EXAMPLES / "party.toml")


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def known() -> dict[str, dict]:
    """The yardstick deck's kinds: Deluge (a +8) and a renamed red 7 among classic ones."""
    deck = load_deck(KNOWN)
    report = run_study(Plan(deck, deck, games=60, seed="known",
                            only=("deluge", "lucky-seven", "draw-two", "wild")))
    assert report["settling"]["tolerance"] == 0.05  # the default: ±5 points
    return {k["key"]: k for k in report["tables"][0]["kinds"]}


def test_an_overwhelmingly_strong_kind_ranks_first_and_settles_helps_at_once(known: dict,
                                                                           ) -> None:
    ranked = [key for key, kind in known.items() if "effect" in kind]
    assert ranked[0] == "deluge"
    effect = known["deluge"]["effect"]["holder_win"]
    assert effect["estimate"] > 0.08 and effect["low"] > 0 and effect["verdict"] == "higher"
    assert effect["look"] == 1 and effect["pairs"] == 400  # the first look settles it
    assert effect["level"] == 0.95


def test_a_renamed_number_card_settles_no_effect_larger_than_the_tolerance(known: dict,
                                                                           ) -> None:
    effect = known["lucky-seven"]["effect"]["holder_win"]
    assert effect["verdict"] == "within"
    assert -0.05 < effect["low"] < 0 < effect["high"] < 0.05  # its 90 % interval
    assert effect["level"] == 0.90
    assert effect["n"] >= effect["pairs"]  # each pair has one holder or more
    assert "pairs_to_settle" not in effect


def test_an_ablation_deals_the_same_hands_with_plain_numbers_in_place() -> None:
    deck = Variant.from_deck(load_deck(KNOWN), 4)
    group = next(g for g in kind_groups(deck) if g.key == "deluge")
    plain = ablated(deck, group)
    assert len(plain.deck) == len(deck.deck)
    for k, (a, b) in enumerate(zip(deck.deck, plain.deck, strict=True)):
        card, stand_in = deck.kinds[a], plain.kinds[b]
        if card.id == "deluge":
            assert stand_in.effect == "number" and stand_in.value == 5, k
        else:
            assert stand_in == card, k


def test_every_ablation_of_the_unplugged_deck_plays_whole_games_by_the_rules() -> None:
    """An ablation may leave no card that answers a plain card (no Non): a Coup de bol
    run must still end as it does with the Non in the deck (a shortcut for such decks
    once stalled a run here on a card no longer held)."""
    deck = Variant.from_deck(load_deck("unplugged"), 4)
    for group in kind_groups(deck):
        if group.ablated:
            variant = ablated(deck, group)
            for seed in range(3):
                result = play_game(variant, make_players("heuristic", 4, seed), seed,
                                   check="full")
                assert result.problems == [], (group.key, seed, result.problems[:1])


def test_seat_advantage_of_the_classic_game_matches_a_long_run() -> None:
    classic = load_deck("classic")
    short = run_study(Plan(classic, classic, games=80, seed="short", ablate=False))
    long = run_study(Plan(classic, classic, games=400, seed="long", ablate=False,
                          workers=2))
    first = short["tables"][0]["deck"]["positions"][0]
    truth = long["tables"][0]["deck"]["positions"][0]["estimate"]
    assert first["low"] <= truth <= first["high"]
    assert first["high"] - first["low"] < 0.07  # and the interval says something


def test_same_seed_same_report_on_one_process_or_two() -> None:
    deck = load_deck("classic")
    plan = Plan(deck, load_deck("house"), games=12, seed="w", only=("skip",),
                rules=("stack-draws",), players=(3, 4), max_pairs=500)
    one = run_study(plan)
    two = run_study(Plan(**{**plan.__dict__, "workers": 2}))
    assert json.dumps(one) == json.dumps(two)


def test_balance_cli_json_table_and_pdf(tmp_path: Path) -> None:
    pdf = tmp_path / "report.pdf"
    result = CliRunner().invoke(main, ["balance", "classic", "--players", "3", "--games",
                                       "12", "--max-games", "400", "--json", "-o", str(pdf),
                                       "--workers", "1"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)  # the progress bar and "wrote" go to stderr
    table = report["tables"][0]
    assert table["players"] == 3 and table["deck"]["games"] == 12
    keys = [k["key"] for k in table["kinds"]]
    assert sorted(keys) == ["draw-two", "numbers", "reverse", "skip", "wild",
                            "wild-draw-four"]
    assert keys[-1] == "numbers"  # the yardstick comes last, not ranked
    effects = [k["effect"]["holder_win"]["estimate"] for k in table["kinds"][:-1]]
    assert effects == sorted(effects, reverse=True)
    with pdfplumber.open(pdf) as doc:
        text = "\n".join(page.extract_text() or "" for page in doc.pages)
    assert "Balance of Classic UNO" in text
    assert "Strength of each kind" in text
    assert "Wild Draw Four" in text


def test_balance_pdf_is_the_same_bytes_in_french_whatever_the_workers(tmp_path: Path) -> None:
    one, two = tmp_path / "one.pdf", tmp_path / "two.pdf"
    for path, workers in ((one, "1"), (two, "2")):
        code, out = run("balance", "tests/decks/balance-known.toml", "--against", "classic",
                        "--games", "10", "--max-games", "400", "--lang", "fr", "-o",
                        str(path), "--workers", workers)
        assert code == 0, out
    assert one.read_bytes() == two.read_bytes()
    assert "Sorte" not in out and "Les sortes de cartes" in out
    with pdfplumber.open(one) as doc:
        text = "\n".join(page.extract_text() or "" for page in doc.pages)
    assert "Équilibre de Jeu témoin" in text
    assert "Déluge" in text


def verdict_of(lines: list[str], row: int) -> str:
    """The verdict printed under a kind's row of the terminal table (it may wrap)."""
    said = []
    for line in lines[row + 1:]:
        if not line.startswith("    "):
            break
        said.append(line.strip().removeprefix("→ "))
    return " ".join(said)


def test_every_verdict_in_the_text_agrees_with_the_interval_printed_beside_it() -> None:
    code, out = run("balance", "classic", "--players", "3", "--games", "10",
                    "--max-games", "800", "--tolerance", "4")
    assert code == 0, out
    lines = out.splitlines()
    rows = [(line, verdict_of(lines, i))  # the kinds, by their English names
            for i, line in enumerate(lines)
            if line.startswith(("Skip ", "Reverse ", "Wild ", "+2 ", "Wild Draw Four "))]
    assert len(rows) == 5
    said = set()
    for row, verdict in rows:
        effect = row.split("]")[0]  # the holder's effect is the row's first interval
        low, high = (float(v) for v in effect[effect.index("[") + 1:].split(", "))
        if verdict.startswith("helps its holder"):
            assert low > 0, row
        elif verdict.startswith("hurts its holder"):
            assert high < 0, row
        elif verdict.startswith("no effect larger than ±4 points"):
            assert -4 < low < high < 4, row
        else:
            assert re.match(r"not settled after [\d,]+ pairs; about [\d,]+ would settle "
                            r"it \(--max-games\)", verdict), verdict
            assert low <= 0 <= high and not -4 < low < high < 4, row
        said.add(verdict.split(" (")[0])
    assert len(said) >= 2  # the seeds meet more than one kind of verdict


@pytest.mark.parametrize(("args", "message"), [
    (("--players", "3,x"), "'3,x' is not a player count"),
    (("--rule", "no-such-rule"), "unknown option 'no-such-rule'"),
    (("--players", "2", "--against", "unplugged"), "for 3 to 10 players, not 2"),
])
def test_balance_bad_input_gets_one_line(args: tuple[str, ...], message: str) -> None:
    code, out = run("balance", "classic", "--games", "10", *args)
    assert code != 0
    assert message in out
    assert "Traceback" not in out


def test_cluster_without_ray_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails
    code, out = run("balance", "classic", "--games", "10", "--cluster", "local")
    assert code == 1
    assert "pip install 'cardgen[cluster]'" in out
    assert len(out.strip().splitlines()[-1]) < 120


def test_cluster_nobody_answers_at_is_one_line() -> None:
    pytest.importorskip("ray")
    code, out = run("balance", "classic", "--games", "10", "--cluster", "127.0.0.1:1")
    assert code == 1
    assert out.strip().splitlines()[-1] == (
        "Error: nothing answers at the Ray cluster address '127.0.0.1:1'; give the address "
        "`ray start --head` printed (HOST:6379), ray://HOST:10001 or local")
    assert "playing" not in out


def test_check_cluster_nobody_answers_at_is_one_line_before_any_game() -> None:
    pytest.importorskip("ray")
    code, out = run("check", "classic", "--games", "10", "--cluster", "127.0.0.1:1")
    assert code == 1
    assert out.strip().splitlines()[-1] == (
        "Error: nothing answers at the Ray cluster address '127.0.0.1:1'; give the address "
        "`ray start --head` printed (HOST:6379), ray://HOST:10001 or local")
    assert "sanity games" not in out


def test_simulate_uses_every_core_by_default_with_the_same_results() -> None:
    import os

    from cardgen.commands.checking import simulate

    workers = next(p for p in simulate.params if p.name == "workers")
    assert workers.default == (os.cpu_count() or 1)
    args = ["simulate", "classic", "--games", "12", "--seed", "cores", "--json"]
    default = CliRunner().invoke(main, args)
    alone = CliRunner().invoke(main, [*args, "--workers", "1"])
    assert default.exit_code == alone.exit_code == 0
    assert json.loads(default.stdout) == json.loads(alone.stdout)


def test_check_ends_with_the_kinds_that_stand_out() -> None:
    code, out = run("check", KNOWN, "--players", "4", "--games", "40", "--workers", "1")
    assert code == 0, out
    assert "balance, 4 players" in out
    assert "deluge: a player dealt it wins" in out
    assert "lucky-seven:" not in out
    assert "  The deck works as a game: rounds do not block and the piles hold out." in out


def test_check_says_a_broken_deck_is_broken_and_names_no_kind_weak() -> None:
    result = CliRunner().invoke(main, ["check", BROKEN, "--players", "4", "--games", "40",
                                       "--workers", "1", "--json"])
    table = json.loads(result.stdout)["balance"][0]
    assert [t["trouble"] for t in table["health"]["troubles"]] == ["no_winner", "dry"]
    assert table["standing_out"] == []
    code, out = run("check", BROKEN, "--players", "4", "--games", "40", "--workers", "1")
    lines = unwrapped(out).splitlines()  # check wraps its lines to 100 columns
    at = lines.index("  THE DECK DOES NOT WORK AS A GAME; the figures below measure a broken "
                     "game:")
    share = 100 * table["health"]["troubles"][0]["share"]
    assert lines[at + 1] == (f"    - {share:.1f}% of rounds block: nobody can play on, and "
                             "nobody wins (`cardgen balance` tells which kinds cause it)")
    assert "megastorm:" not in out and "no card kind stands out" not in out


# --- the party deck's report, as the command prints and writes it -------------------------


@pytest.fixture(scope="module")
def party(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """`cardgen balance examples/party.toml` at 3 and 5 players, in French and English:
    the text, the JSON and the French PDF."""
    folder = tmp_path_factory.mktemp("party")
    pdf = folder / "party-balance.pdf"
    args = ["balance", PARTY, "--players", "3,5", "--games", "20", "--max-games", "400",
            "--workers", "2"]
    code, fr = run(*args, "--lang", "fr", "-o", str(pdf))
    assert code == 0, fr
    code, en = run(*args)
    assert code == 0, en
    result = CliRunner().invoke(main, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return {"fr": fr, "en": en, "json": json.loads(result.stdout), "pdf": pdf}


def pdf_fonts(path: Path) -> dict[str, bool]:
    """Every font the PDF's pages (and the forms they draw) use -> whether it is embedded."""
    fonts: dict[str, bool] = {}

    def walk(resources: object) -> None:
        resources = resources.get_object() if resources is not None else {}  # type: ignore[attr-defined]
        for font in resources.get("/Font", {}).values():  # type: ignore[attr-defined]
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            holder = descendants[0].get_object() if descendants else font
            descriptor = holder.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            fonts[str(font["/BaseFont"])] = any(
                key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
        for form in resources.get("/XObject", {}).values():  # type: ignore[attr-defined]
            walk(form.get_object().get("/Resources"))

    for page in PdfReader(path).pages:
        walk(page.get("/Resources"))
    return fonts


def test_the_balance_pdf_embeds_every_font(party: dict) -> None:
    """The charts are reportlab drawings, which start in Helvetica unless told otherwise:
    a font a printer may not have and that the PDF would not carry."""
    fonts = pdf_fonts(party["pdf"])
    assert {name.split("+")[-1] for name in fonts} >= {"DejaVuSans", "DejaVuSans-Bold"}
    assert all(fonts.values()), fonts
    assert not any("Helvetica" in name for name in fonts)


def test_the_report_is_titled_with_the_deck_s_name(party: dict) -> None:
    with pdfplumber.open(party["pdf"]) as doc:
        first = doc.pages[0].extract_text() or ""
        title = doc.metadata.get("Title")
    assert first.startswith("Équilibre de Soirée déluge")
    assert "Équilibre de party" not in first
    assert title == "Équilibre de Soirée déluge"
    assert "\nSoirée déluge face à UNO classique, 3 joueurs" in party["fr"]
    assert "\nDownpour party against Classic UNO, 3 players" in party["en"]
    report = party["json"]
    assert report["deck"] == "party" and report["against"] == "classic"  # ids for scripts
    assert report["names"]["deck"] == {"fr": "Soirée déluge", "en": "Downpour party"}


def test_no_figure_is_written_as_a_negative_zero(party: dict) -> None:
    with pdfplumber.open(party["pdf"]) as doc:
        text = "\n".join(page.extract_text() or "" for page in doc.pages)
    for output in (party["fr"], party["en"], text):
        assert "-0,0 " not in output and "-0,0]" not in output
        assert "-0.0 " not in output and "-0.0]" not in output and "-0.0," not in output
    assert "remélanges par manche                  0,0 [0,0 ; 0,0]" in party["fr"]


def test_an_unsettled_kind_says_how_far_it_got_in_both_languages(party: dict) -> None:
    """At 400 pairs (--max-games 400) some kinds of the party deck are not settled: the
    report says so with the pairs played and about how many would settle them, and
    never an absurd number."""
    open_ = [(table["players"], k) for table in party["json"]["tables"] for k in table["kinds"]
             if "effect" in k and k["effect"]["holder_win"]["verdict"] == "unsettled"]
    assert open_  # the study meets the case it is about
    for _, kind in open_:
        effect = kind["effect"]["holder_win"]
        assert effect["pairs"] == 400 and effect["look"] == 1
        assert effect["pairs_to_settle"] is None or 400 < effect["pairs_to_settle"] < 10**7
    for lang, said, five in (("en", "not settled after 400 pairs", ", 5 players"),
                             ("fr", "non tranché après 400 paires", ", 5 joueurs")):
        text = party[lang]
        tables = {3: text[:text.index(five)], 5: text[text.index(five):]}
        for players, kind in open_:
            lines = tables[players].splitlines()
            row = next(i for i, line in enumerate(lines)  # the name, then the copies
                       if re.match(re.escape(_short(kind["name"][lang])) + r" {2,}\d", line))
            assert verdict_of(lines, row).startswith(said), lines[row:row + 3]


def test_every_line_of_the_terminal_report_fits_in_100_columns(party: dict,
                                                               broken: dict) -> None:
    for lang in ("fr", "en"):
        for text in (party[lang], format_report(broken, lang)):
            widest = max(text.splitlines(), key=len)
            assert len(widest) <= 100, widest


def test_a_french_figure_never_leaves_its_percent_sign_or_colon_on_the_next_line(
        party: dict) -> None:
    import pdfplumber

    with pdfplumber.open(party["pdf"]) as pdf:
        lines = [line for page in pdf.pages for line in (page.extract_text() or "").splitlines()]
    assert any("part équitable" in line for line in lines)
    assert not [line for line in lines if line.lstrip().startswith(("%", ":"))]



@pytest.fixture(scope="module")
def broken() -> dict:
    """The classic deck plus 8 Megastorms (everyone else draws 5): a broken game."""
    report = run_study(Plan(load_deck(BROKEN), load_deck("classic"), games=30,
                            seed="broken", only=("megastorm", "skip"), max_pairs=200))
    return report


def test_a_deck_that_blocks_half_its_rounds_is_reported_broken_first(broken: dict) -> None:
    health = broken["tables"][0]["health"]
    assert not health["works"]
    troubles = {t["trouble"]: t for t in health["troubles"]}
    assert set(troubles) == {"no_winner", "dry", "long"}
    assert 0.35 < troubles["no_winner"]["share"] < 0.7
    assert troubles["no_winner"]["kinds"] == troubles["dry"]["kinds"] == ["megastorm"]
    assert "megastorm" in troubles["long"]["kinds"]
    text = format_report(broken)
    first_figure = text.index("How the game goes")
    assert text.index("THE DECK DOES NOT WORK AS A GAME") < first_figure
    assert (f"{100 * troubles['no_winner']['share']:.1f}% of rounds block: nobody can play "
            "on, and nobody wins" in text[:first_figure])
    assert "they come with Megastorm" in text[:first_figure]
    french = format_report(broken, "fr")
    assert "LE PAQUET NE FONCTIONNE PAS COMME JEU" in french
    assert "en cause : Mégatempête" in french


def test_the_card_that_breaks_the_game_is_not_called_weak(broken: dict) -> None:
    kinds = broken["tables"][0]["kinds"]
    storm = kinds[0]
    assert storm["key"] == "megastorm" and storm["breaks_game"]  # first, not last
    assert storm["effect"]["holder_win"]["verdict"] not in ("lower",)
    assert "breaks_game" not in next(k for k in kinds if k["key"] == "skip")
    lines = format_report(broken).splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("Megastorm"))
    said = verdict_of(lines, row)
    assert "hurts its holder" not in said and said.startswith("breaks the game")


def test_a_blocked_round_moves_its_holders_share_of_the_win_nowhere() -> None:
    from cardgen.balance.tally import win_share
    from cardgen.play.records import RoundRecord

    def record(winner: int | None) -> RoundRecord:
        return RoundRecord(0, (0, 1, 2, 3), 3, winner, "out" if winner is not None
                           else "blocked", {}, 0, 10, 0, False,
                           dealt={}, drew={}, drawn={}, left={}, points=0)

    assert [win_share(record(None), s) for s in range(4)] == [0.25] * 4
    assert [win_share(record(2), s) for s in range(4)] == [0.0, 0.0, 1.0, 0.0]


def test_the_unplugged_deck_is_reported_working_though_its_pingouin_ends_rounds() -> None:
    """U-39: a Pingouin ends the round at once with no winner, every player scoring his
    hand: the game as designed, not a breakage. The rounds with no winner are in the
    game's shape; the deck is not called broken for them."""
    report = run_study(Plan(load_deck("unplugged"), load_deck("classic"), games=40,
                            seed="pingouin", ablate=False))
    table = report["tables"][0]
    assert table["deck"]["no_winner"]["estimate"] > 0.15  # Pingouins end these rounds
    assert table["deck"]["blocked"]["estimate"] == 0
    assert table["health"]["works"], table["health"]
    assert "The deck works as a game" in format_report(report)


def test_the_classic_deck_is_reported_working() -> None:
    report = run_study(Plan(load_deck("classic"), load_deck("classic"), games=30,
                            seed="classic", ablate=False))
    turns = report["tables"][0]["deck"]["turns"]["estimate"]
    assert report["tables"][0]["health"] == {
        "works": True, "troubles": [],
        "length": {"turns": turns, "baseline": turns, "ratio": 1.0, "class": "about"},
        "thresholds": {"no_winner_share": 0.1, "no_winner_margin": 0.05,
                       "dry_share": 0.05, "long_factor": 3.0, "about_as_long": 0.1,
                       "cause_share": 0.5}}
    assert "The deck works as a game" in format_report(report)


def test_the_pdf_says_the_game_is_broken_and_words_its_verdicts(broken: dict,
                                                                tmp_path: Path) -> None:
    from cardgen.balance.charts import write_pdf

    write_pdf(broken, tmp_path / "broken.pdf")
    with pdfplumber.open(tmp_path / "broken.pdf") as pdf:
        first, second = (" ".join(page.extract_text().split()) for page in pdf.pages[:2])
    assert "THE DECK DOES NOT WORK AS A GAME" in first
    assert "rounds block" in first and "they come with Megastorm" in first
    # the legend of the colours, then each bar's verdict in words beside it
    assert ("helps its holder hurts its holder within ±5 points not settled" in first + second)
    assert "Megastorm breaks the game" in first + second
    assert "an effect told apart from none no clear effect" in first + second
