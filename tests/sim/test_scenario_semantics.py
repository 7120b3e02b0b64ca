"""Semantic validation at load (ids, duplicates, rewards, a gold that keeps the scenario's own
rules), the gold replay in ``validate``, and telling persona files from scenario files."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from personas import get_persona, load_persona
from sim.cli import app
from sim.errors import ScenarioError
from sim.gold import MAX_ID_LENGTH
from sim.loader import detect_kind, get_scenario, load_scenario

Data = dict[str, Any]


def _medium() -> Data:
    return get_scenario("medium-defective-product").to_yaml_dict()


def _write(tmp_path: Path, data: Data, name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    return path


def _gold(data: Data) -> list[Data]:
    gold: list[Data] = data["reference_solution"]
    return gold


def _refund(data: Data) -> Data:
    return next(a for a in _gold(data) if a["type"] == "issue_refund")


LONG = "x" * (MAX_ID_LENGTH + 1)

CASES: dict[str, tuple[Callable[[Data], object], str]] = {
    "duplicate-order-id": (
        lambda d: d["customer"]["orders"][1].update(id="ORD-7781"),
        "customer: order/charge id 'ORD-7781' is used more than once",
    ),
    "order-and-charge-share-an-id": (
        lambda d: d["customer"]["charges"].append(
            {"id": "ORD-7120", "description": "x", "amount": "1.00", "date": "2026-01-01"}
        ),
        "customer: order/charge id 'ORD-7120' is used more than once",
    ),
    "duplicate-fact-id": (
        lambda d: d["expectations"]["facts"].append({"id": "refund_amount", "any_of": ["x"]}),
        "expectations.facts: fact id 'refund_amount' is used more than once",
    ),
    "duplicate-customer-fact": (
        lambda d: d["customer"]["facts"].append({"name": "symptom", "value": "x"}),
        "customer.facts: fact name 'symptom' is used more than once",
    ),
    "reward-nan": (
        lambda d: d.update(rewards={"step": float("nan")}),
        "rewards.step: must be a finite number",
    ),
    "reward-inf": (
        lambda d: d.update(rewards={"resolved": float("inf")}),
        "rewards.resolved: must be a finite number",
    ),
    "long-article-id": (
        lambda d: d["kb"][1].update(id=LONG),
        f"kb.1.id: longer than {MAX_ID_LENGTH} characters",
    ),
    "long-order-id": (
        lambda d: d["customer"]["orders"][1].update(id=LONG),
        f"customer.orders.1.id: longer than {MAX_ID_LENGTH} characters",
    ),
    "long-fact-id": (
        lambda d: d["expectations"]["facts"][0].update(id=LONG),
        f"expectations.facts.0.id: longer than {MAX_ID_LENGTH} characters",
    ),
    "gold-refund-zero": (
        lambda d: _refund(d).update(amount="0"),
        "reference_solution.1.amount: a refund must be greater than 0",
    ),
    "gold-refund-negative": (
        lambda d: _refund(d).update(amount="-5"),
        "reference_solution.1.amount: a refund must be greater than 0 (got -5.00)",
    ),
    "gold-refund-above-paid": (
        lambda d: _refund(d).update(amount="150.01"),
        "reference_solution.1.amount: 150.01 is more than the 150.00 still refundable for ORD-7781",
    ),
    "gold-refund-twice-above-paid": (
        lambda d: _gold(d).insert(2, dict(_refund(d), amount="1.00")),
        "reference_solution.2.amount: 1.00 is more than the 0.00 still refundable",
    ),
    "gold-refund-above-agent-limit": (
        lambda d: d["policy"]["refund"].update(agent_limit="100.00"),
        "reference_solution.1.amount: 150.00 is above the agent limit",
    ),
    "gold-refund-before-required-articles": (
        lambda d: _gold(d).pop(0),
        "reference_solution.0: refund before the required article(s) refund-policy-defective",
    ),
    "gold-search-that-misses-the-required-article": (
        lambda d: _gold(d)[0].update(query="shipping tracking"),
        "reference_solution.1: refund before the required article(s)",
    ),
    "gold-action-after-close": (
        lambda d: _gold(d).append({"type": "reply", "content": "one more thing"}),
        "reference_solution.4: reply after the episode ended at reference_solution.3 "
        "(close_ticket)",
    ),
    "gold-action-after-escalate": (
        lambda d: _gold(d).insert(3, {"type": "escalate", "reason": "x"}),
        "reference_solution.4: close_ticket after the episode ended at "
        "reference_solution.3 (escalate)",
    ),
}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_semantic_problems_are_rejected_at_load_with_their_path(
    tmp_path: Path, case: tuple[Callable[[Data], object], str]
) -> None:
    mutate, expected = case
    data = _medium()
    mutate(data)
    path = _write(tmp_path, data)
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert expected in info.value.problems[0] or any(expected in p for p in info.value.problems)
    assert str(path) in str(info.value)


def test_every_problem_is_listed_not_only_the_first(tmp_path: Path) -> None:
    data = _medium()
    data["rewards"] = {"step": float("nan")}
    data["kb"][1]["id"] = LONG
    _gold(data).append({"type": "reply", "content": "late"})
    with pytest.raises(ScenarioError) as info:
        load_scenario(_write(tmp_path, data))
    text = "\n".join(info.value.problems)
    assert "rewards.step" in text and "kb.1.id" in text and "reference_solution.4" in text


def test_bundled_gold_solutions_keep_their_rules() -> None:
    from sim.gold import scenario_problems
    from sim.loader import bundled_scenario_ids

    for sid in bundled_scenario_ids():
        assert scenario_problems(get_scenario(sid)) == [], sid


# -- validate replays the gold ---------------------------------------------------------


def test_validate_fails_a_scenario_whose_gold_does_not_succeed(tmp_path: Path) -> None:
    """Within every rule, yet wrong: a partial refund and a reply without the facts."""
    data = _medium()
    _refund(data).update(amount="100.00")
    _gold(data)[2]["content"] = "Done, all sorted."
    path = _write(tmp_path, data, "partial.yaml")
    load_scenario(path)  # statically fine
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 1
    assert "reference_solution: the gold episode does not succeed" in result.output
    assert "refund" in result.output


def test_validate_passes_bundled_scenarios_with_their_gold() -> None:
    result = CliRunner().invoke(
        app,
        [
            "validate",
            "sim/scenarios/medium-defective-product.yaml",
            "sim/scenarios/over-limit-escalation.yaml",
        ],
    )
    assert result.exit_code == 0, result.output
    assert result.output.count("(scenario)") == 2


# -- persona or scenario ---------------------------------------------------------------


def _persona_without_emotion_or_traits() -> Data:
    data = get_persona("calm-professional").model_dump(mode="json", exclude_none=True)
    del data["emotion"], data["traits"]
    return data


def test_persona_file_without_emotion_or_traits_is_reported_as_a_persona(
    tmp_path: Path,
) -> None:
    data = _persona_without_emotion_or_traits()
    assert detect_kind(data) == "persona"
    path = _write(tmp_path, data, "p.yaml")
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 1
    assert f"{path}: emotion: Field required" in result.output
    assert "ticket" not in result.output


def test_kind_key_decides_and_is_accepted_by_both_formats(tmp_path: Path) -> None:
    persona = get_persona("calm-professional").model_dump(mode="json", exclude_none=True)
    persona["kind"] = "persona"
    scenario = _medium()
    scenario["kind"] = "scenario"
    assert load_persona(_write(tmp_path, persona, "p.yaml")).kind == "persona"
    assert load_scenario(_write(tmp_path, scenario, "s.yaml")).kind == "scenario"
    assert detect_kind({"kind": "persona"}) == "persona"
    assert detect_kind({"kind": "scenario", "name": "x", "style": "y"}) == "scenario"
    result = CliRunner().invoke(
        app, ["validate", str(tmp_path / "p.yaml"), str(tmp_path / "s.yaml")]
    )
    assert result.exit_code == 0, result.output
    assert "(persona)" in result.output and "(scenario)" in result.output


def test_a_persona_given_as_a_scenario_is_named_as_such(tmp_path: Path) -> None:
    path = _write(tmp_path, _persona_without_emotion_or_traits(), "p.yaml")
    with pytest.raises(ScenarioError, match="this is a persona file"):
        load_scenario(path)
    with pytest.raises(ScenarioError, match="this is a scenario file"):
        load_persona(_write(tmp_path, _medium(), "s.yaml"))


def test_unknown_kind_is_a_field_error(tmp_path: Path) -> None:
    data = _medium()
    data["kind"] = "recipe"
    with pytest.raises(ScenarioError, match="kind: Input should be 'scenario'"):
        load_scenario(_write(tmp_path, data))
