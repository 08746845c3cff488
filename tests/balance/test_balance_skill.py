"""`cardgen balance --skill`: the study at each bot strength, and what skill changes."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardgen.balance.skill import change
from cardgen.cli import main


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
