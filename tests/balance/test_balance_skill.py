"""`cardgen balance --skill`: the study at each bot strength, and what skill changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.balance.skill import change
from cardgen.cli import main

DECKS = Path(__file__).parents[1] / "decks"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@pytest.mark.parametrize(("verdicts", "said"), [
    (["within", "higher"], "skill_only_skilled"),
    (["lower", "within", "higher"], "skill_only_skilled"),
    (["higher", "within"], "skill_only_unskilled"),
    (["lower", "within"], "skill_changes"),
    (["higher", "higher"], None),
    (["unsettled", "higher"], None),  # an unsettled verdict says nothing yet
])
def test_a_verdict_that_changes_with_skill_is_named(verdicts: list[str],
                                                     said: str | None) -> None:
    assert change(verdicts) == said


@pytest.mark.parametrize(("args", "said"), [
    (["--skill", "strong"], "two bots or more"),
    (["--skill", "heuristic,clever"], "unknown player 'clever'"),
])
def test_bad_skills_are_one_line(args: list[str], said: str) -> None:
    code, out = run("balance", "classic", *args)
    assert code in (1, 2) and said in out and "Traceback" not in out


@pytest.mark.slow
def test_the_study_by_skill_sets_the_verdicts_side_by_side() -> None:
    code, out = run("balance", "classic", "--players", "2", "--games", "10", "--max-games",
                    "30", "--skill", "random,heuristic", "--skill-rounds", "10",
                    "--workers", "1")
    assert code == 0, out
    assert "by skill (random, heuristic)" in out and "Skill: heuristic wins" in out
    done = CliRunner().invoke(main, ["balance", "classic", "--players", "2", "--games", "10",
                                     "--max-games", "30", "--skill", "random,heuristic",
                                     "--skill-rounds", "10", "--workers", "1", "--json"])
    result = json.loads(done.stdout)  # the progress bars go to stderr
    assert result["skills"] == ["random", "heuristic"]
    (table,) = result["tables"]
    assert table["skill_figure"]["deck"]["share"] > 0.5
    assert {k["key"] for k in table["kinds"]} >= {"wild", "wild-draw-four", "draw-two"}


@pytest.mark.slow
def test_a_card_that_needs_judgement_is_called_out_in_the_pdf(tmp_path: Path) -> None:
    """The planted Deluge (a +8 that is a bluff when laid holding the colour asked) helps
    the careful bot and not the random one: the PDF names it; the Gift, which helps
    whoever lays it, is not named. (About a minute of CPU: the random bot's verdicts
    take hundreds of pairs to settle.)"""
    import pdfplumber

    pdf = tmp_path / "skill.pdf"
    code, out = run("balance", str(DECKS / "skill-planted.toml"), "--players", "2",
                    "--games", "10", "--max-games", "800", "--skill", "random,heuristic",
                    "--skill-rounds", "10", "--workers", "2", "--output", str(pdf))
    assert code == 0, out
    with pdfplumber.open(pdf) as document:
        text = " ".join((page.extract_text() or "") for page in document.pages)
    text = " ".join(text.split())
    assert "Balance of Planted deck by skill" in text
    assert "random: " in text and "heuristic: " in text
    assert "Deluge: helps its holder only in skilled hands." in text
    assert "Gift" in text and "Gift: " not in text  # on the chart, not called out
    assert "How much the deck rewards skill" in text
