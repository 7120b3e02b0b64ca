from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from sim.cli import app
from sim.errors import ConfigError, ScenarioError
from sim.loader import bundled_scenario_ids, get_scenario, load_scenario
from sim.scenario import Scenario

SEEDS = ("easy-password-reset", "medium-defective-product", "hard-double-billing")


def test_seed_tasks_and_more_are_bundled() -> None:
    ids = bundled_scenario_ids()
    assert set(SEEDS) <= set(ids)
    assert len(ids) >= 9


def test_seed_medium_refunds_exactly_150_after_policy() -> None:
    sc = get_scenario("medium-defective-product")
    assert str(sc.expectations.refund_total) == "150.00"
    assert sc.customer.tier == "premium"
    assert sc.policy.refund.required_articles


def test_refund_amounts_are_not_all_the_seed_numbers() -> None:
    totals = {get_scenario(s).expectations.refund_total for s in bundled_scenario_ids()}
    assert len(totals) >= 5


def test_every_bundled_scenario_validates(scenario: Scenario) -> None:
    assert scenario.reference_solution
    assert scenario.expectations.step_budget <= scenario.max_steps


def _write(tmp_path: Path, data: object, name: str = "s.yaml") -> Path:
    p = tmp_path / name
    p.write_text(yaml.safe_dump(data) if not isinstance(data, str) else data)
    return p


def _valid_dict() -> dict[str, object]:
    return get_scenario("medium-defective-product").to_yaml_dict()


def test_error_names_file_field_and_expectation(tmp_path: Path) -> None:
    data = _valid_dict()
    data["customer"]["orders"][0]["amount"] = "a lot"  # type: ignore[index]
    path = _write(tmp_path, data)
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    msg = str(info.value)
    assert str(path) in msg
    assert "customer.orders.0.amount" in msg
    assert "decimal" in msg.lower()


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda d: d.pop("ticket"), "ticket"),
        (lambda d: d["expectations"].update(resolution="maybe"), "expectations.resolution"),
        (lambda d: d["policy"]["refund"].update(required_articles=["nope"]), "required_articles"),
        (lambda d: d["expectations"].update(refund_total="999.00"), "refund_total"),
        (lambda d: d.update(rewards={"bogus": 1.0}), "rewards"),
        (lambda d: d.update(colour="blue"), "colour"),
        (lambda d: d["reference_solution"].append({"type": "dance"}), "reference_solution"),
    ],
    ids=[
        "missing-ticket",
        "bad-enum",
        "unknown-article",
        "refund-over-paid",
        "unknown-reward",
        "unknown-field",
        "unknown-action",
    ],
)
def test_semantic_errors(tmp_path: Path, mutate: object, field: str) -> None:
    data = _valid_dict()
    mutate(data)  # type: ignore[operator]
    with pytest.raises(ScenarioError) as info:
        load_scenario(_write(tmp_path, data))
    assert field in str(info.value)


def test_malformed_yaml_reports_line(tmp_path: Path) -> None:
    path = _write(tmp_path, "id: x\nticket: [unclosed\n")
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert "malformed YAML" in str(info.value)
    assert "line" in str(info.value)


def test_unknown_scenario_name_lists_bundled() -> None:
    with pytest.raises(ConfigError, match="easy-password-reset"):
        get_scenario("no-such-scenario")


def test_validate_cli_ok_and_errors(tmp_path: Path) -> None:
    runner = CliRunner()
    good = Path("sim/scenarios/easy-password-reset.yaml")
    result = runner.invoke(app, ["validate", str(good)])
    assert result.exit_code == 0, result.output
    assert "OK" in result.output

    data = _valid_dict()
    data["max_steps"] = -3
    bad = _write(tmp_path, data, "bad.yaml")
    broken = _write(tmp_path, "::: not: [yaml", "broken.yaml")
    missing = tmp_path / "missing.yaml"
    result = runner.invoke(app, ["validate", str(good), str(bad), str(broken), str(missing)])
    assert result.exit_code == 1
    out = result.output
    assert "Traceback" not in out
    assert f"{bad}: max_steps" in out
    assert "malformed YAML" in out
    assert "cannot read file" in out
