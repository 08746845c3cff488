"""`--cluster`: the same seeded batches as Ray tasks give the same report as one process.

Skipped only where Ray is not installed (CI installs the `cluster` extra)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from cardgen.balance.study import Plan, run_study
from cardgen.deck.load import load_deck

# Slow (a local Ray runtime and the games it plays): run by `python -m pytest -m slow`.
pytestmark = pytest.mark.slow

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_balance_on_a_local_ray_runtime_matches_one_process(local_ray: None) -> None:
    deck = load_deck("classic")
    plan = Plan(deck, load_deck("house"), games=30, seed="ray", only=("skip", "wild"),
                rules=("stack-draws",), players=(3,), max_pairs=500)
    alone = run_study(plan)
    on_ray = run_study(Plan(**{**plan.__dict__, "cluster": "local"}))
    assert json.dumps(on_ray) == json.dumps(alone)
    assert on_ray["tables"][0]["deck"]["games"] == 30


def test_simulate_on_a_local_ray_runtime_matches_one_process(local_ray: None) -> None:
    from cardgen.engine import Variant
    from cardgen.play.simulate import simulate

    variant = Variant.from_deck(load_deck("classic"), 4)
    alone = simulate(variant, games=30, seed="ray")
    on_ray = simulate(variant, games=30, seed="ray", cluster="local")
    assert on_ray.as_dict() == alone.as_dict()


def test_check_on_a_local_ray_runtime_matches_one_process(local_ray: None) -> None:
    from click.testing import CliRunner

    from cardgen.cli import main

    args = ["check", "classic", "--players", "3", "--games", "20", "--json"]
    alone = CliRunner().invoke(main, [*args, "--workers", "1"])
    on_ray = CliRunner().invoke(main, [*args, "--cluster", "local"])
    assert on_ray.exit_code == alone.exit_code == 0, on_ray.output
    assert json.loads(on_ray.stdout) == json.loads(alone.stdout)
    assert json.loads(on_ray.stdout)["games_played"] == 20
