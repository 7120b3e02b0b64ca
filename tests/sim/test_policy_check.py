"""``supportsim validate`` against the policy: every bundled scenario agrees with what its
policy implies, and each kind of disagreement is reported as
``where: the policy implies Y (because Z)``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import ValidationError

from sim.actions import parse_action
from sim.cli.validation import validate_file
from sim.loader import bundled_scenario_ids, get_scenario, load_scenario
from sim.policy_check import check_policy, policy_disagreements
from sim.scenario import Scenario
from tests.sim.cli_helpers import cli
from tests.sim.world_helpers import WORLD_IDS, world_scenario

POLICY_FIXTURE = Path(__file__).parent / "policy_scenarios" / "policy-midstream-window.yaml"


def _data(sc: Scenario) -> dict[str, Any]:
    return sc.model_dump(mode="json", exclude_none=True)


def _load(data: dict[str, Any]) -> Scenario:
    return Scenario.model_validate(data)


def _gold(sc: Scenario, gold: list[dict[str, Any]]) -> Scenario:
    """The scenario with another gold, without the load checks (the world replay refuses a
    gold whose tools break their invariants at load: here the policy's own report is
    tested)."""
    return sc.model_copy(update={"reference_solution": [parse_action(a) for a in gold]})


def _said(sc: Scenario) -> list[str]:
    return [str(d) for d in policy_disagreements(sc)]


@pytest.mark.parametrize("sid", bundled_scenario_ids())
def test_every_bundled_scenario_agrees_with_its_policy(sid: str) -> None:
    assert _said(get_scenario(sid)) == []


@pytest.mark.parametrize("name", WORLD_IDS)
def test_the_world_fixtures_agree_with_their_policy(name: str) -> None:
    assert _said(world_scenario(name)) == []


def test_the_policy_fixture_agrees_with_its_policy() -> None:
    assert _said(load_scenario(POLICY_FIXTURE)) == []


def test_a_partial_refund_the_policy_does_not_state_is_reported() -> None:
    data = _data(get_scenario("standard-partial-refund"))
    del data["policy"]["refund"]["percent_by_tier"]
    data["policy"]["refund"]["window_from"] = "purchase"
    assert _said(_load(data)) == [
        "expectations.refund_total: the policy implies 89.00, not 44.50 (because 89.00 owed "
        "for ORD-40917 of 89.00 paid (day 8 of the 14-day window from purchase))"
    ]


def test_a_refund_outside_the_window_is_reported_in_expectations_and_gold() -> None:
    data = _data(get_scenario("medium-defective-product"))
    data["policy"]["refund"]["window_days"] = 14
    why = "0.00 owed for ORD-7781 of 150.00 paid (day 15: outside the 14-day window from purchase)"
    assert _said(_load(data)) == [
        f"expectations.resolution: the policy implies declined, not resolved (because {why})",
        f"expectations.refund_total: the policy implies 0.00, not 150.00 (because {why})",
        f"reference_solution.2: the policy forbids this issue_refund (because more than is "
        f"owed: {why})",
    ]


def test_an_over_limit_refund_implies_escalation() -> None:
    data = _data(get_scenario("enterprise-annual-double-charge"))
    data["policy"]["refund"]["agent_limit"] = "1200.00"
    data["customer"]["charges"][1]["amount"] = "1250.00"  # the duplicate, above the limit
    data["customer"]["charges"][0]["amount"] = "1250.00"
    data["expectations"]["refund_total"] = "1188.00"
    said = _said(_load(data))
    assert said[0].startswith(
        "expectations.resolution: the policy implies escalated, not resolved (because 1250.00 "
        "owed for CH-90115"
    )
    assert said[0].endswith("above the agent's 1200.00 limit: a human refunds it)")
    assert said[1].startswith("expectations.refund_total: the policy implies 0.00, not 1188.00")


def test_the_escalation_team_follows_the_routing() -> None:
    data = _data(get_scenario("premium-warranty-escalation"))
    data["ticket"]["topic"] = "warranty_claim"
    data["policy"]["routing"] = {"warranty_claim": "tier2"}
    because = "policy.routing sends topic 'warranty_claim' to tier2"
    gold = len(data["reference_solution"]) - 1
    assert _said(_load(data)) == [
        f"expectations.escalation_team: the policy implies escalation to tier2, not warranty "
        f"(because {because})",
        f"reference_solution.{gold}: the policy implies escalation to tier2, not warranty "
        f"(because {because})",
    ]
    data["policy"]["routing"] = {"warranty_claim": "warranty"}
    assert _said(_load(data)) == []


def test_a_cancellation_without_the_required_offer_is_reported() -> None:
    data = _data(world_scenario("world-cancel-subscription"))
    del data["reference_solution"][2]  # the offer
    assert _said(_load(data)) == [
        "reference_solution.2: the policy forbids this cancel_subscription (because "
        "policy.retention.must_offer: an offer (half-off-3) must be made to the premium tier "
        "before SUB-301 is cancelled, and the gold makes none)"
    ]


def test_an_offer_not_allowed_for_the_tier_is_reported() -> None:
    data = _data(world_scenario("world-cancel-subscription"))
    data["reference_solution"][2]["offer_id"] = "one-free-month"
    said = _said(_gold(world_scenario("world-cancel-subscription"), data["reference_solution"]))
    assert said[0] == (
        "reference_solution.2: the policy forbids this offer_retention (because offer "
        "one-free-month is not allowed for the premium tier (allowed: half-off-3))"
    )


def test_an_account_change_before_verification_is_reported() -> None:
    data = _data(world_scenario("world-cancel-order"))
    del data["reference_solution"][2]  # verify_identity
    said = _said(_gold(world_scenario("world-cancel-order"), data["reference_solution"]))
    assert said == [
        f"reference_solution.{i}: the policy forbids this {what} (because "
        f"policy.identity.required_for lists {what} and no verify_identity of the gold has "
        "verified the caller before it)"
        for i, what in ((3, "cancel_order"), (4, "issue_refund"))
    ]


def test_a_return_after_the_window_shrank_is_reported() -> None:
    data = _data(load_scenario(POLICY_FIXTURE))
    search = data["reference_solution"][0]
    ret = {"type": "create_return", "order_id": "ORD-3100", "reason": "broken"}
    data["reference_solution"][1:1] = [search, search, ret]  # the return at step 4
    said = _said(_gold(load_scenario(POLICY_FIXTURE), data["reference_solution"]))
    assert (
        "reference_solution.3: the policy forbids this create_return (because a return of "
        "ORD-3100: day 12: outside the 7-day window)" in said
    )
    assert any(
        s.startswith("reference_solution.4: the policy forbids this issue_refund") for s in said
    )


def test_credits_and_shipped_orders_are_checked() -> None:
    data = _data(world_scenario("world-cancel-order"))
    data["tools"] += ["apply_credit", "update_address"]
    data["policy"]["credit"] = {"limit_per_action": "10.00"}
    base = _load({**data, "reference_solution": data["reference_solution"]})
    address = {"line1": "1 Main St", "city": "Oslo", "postcode": "0150", "country": "NO"}
    data["reference_solution"][5:5] = [
        {"type": "apply_credit", "amount": "10.01", "reason": "sorry"},
        {"type": "update_address", "order_id": "ORD-8120", "address": address},
    ]
    said = _said(_gold(base, data["reference_solution"]))
    assert said == [
        "reference_solution.5: the policy forbids this apply_credit (because a credit of 10.01: "
        "over the 10.00 limit per credit)",
        "reference_solution.6: the policy forbids this update_address (because update_address "
        "of ORD-8120: the order is delivered)",
    ]


def test_updates_that_never_apply_or_arrive_unannounced() -> None:
    data = _data(load_scenario(POLICY_FIXTURE))
    data["policy"]["updates"] = [
        {"effective": "2026-01-01", "refund": {"window_days": 30, "window_from": "delivery"}},
        {"at_step": 21, "notice": "late"},
        {"at_step": 5, "notice": "  "},
    ]
    del data["ticket"]["opened"]
    assert _said(_load(data)) == [
        "policy.updates.0.effective: the policy implies this version never applies (because "
        "the ticket has no opened date to compare the effective date with)",
        "policy.updates.1.at_step: the policy implies this update never arrives (because step "
        "21 is past max_steps (20))",
        "policy.updates.2.notice: the agent is never told of this update (because an update "
        "arriving mid-episode (at_step) is announced by its notice, which is empty)",
    ]


def test_an_override_turns_a_disagreement_into_a_note_and_a_stale_one_is_an_error() -> None:
    data = _data(world_scenario("world-cancel-subscription"))
    del data["reference_solution"][2]
    reason = "the customer refused to hear any offer"
    data["expectations"]["policy_overrides"] = {
        "reference_solution.2": reason,
        "expectations.refund_total": "no refund here",
    }
    report = check_policy(_load(data))
    assert report.errors == [
        "expectations.policy_overrides.expectations.refund_total: nothing to override here "
        "(the policy agrees)"
    ]
    assert len(report.notes) == 1
    assert report.notes[0].endswith(f"[overridden: {reason}]")
    assert report.notes[0].startswith("reference_solution.2: the policy forbids this")


@pytest.mark.parametrize(
    "overrides",
    [{"expectations.facts": "x"}, {"reference_solution.x": "x"}, {"reference_solution.1": " "}],
)
def test_override_keys_and_reasons_are_checked_at_load(overrides: dict[str, str]) -> None:
    data = _data(get_scenario("medium-defective-product"))
    data["expectations"]["policy_overrides"] = overrides
    with pytest.raises(ValidationError, match="policy_overrides"):
        _load(data)


def _write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / f"{data['id']}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def test_validate_fails_with_the_explanation_and_passes_with_an_override(tmp_path: Path) -> None:
    data = _data(get_scenario("standard-partial-refund"))
    del data["policy"]["refund"]["percent_by_tier"]
    path = _write(tmp_path, data)
    kind, problems, notes = validate_file(path)
    assert (kind, notes) == ("scenario", ())
    assert problems == [
        "expectations.refund_total: the policy implies 89.00, not 44.50 (because 89.00 owed "
        "for ORD-40917 of 89.00 paid (day 3 of the 14-day window from delivery))"
    ]
    res = cli("validate", str(path))
    assert res.returncode == 1
    assert "FAIL" in res.stderr and "expectations.refund_total: the policy implies 89.00" in (
        res.stderr
    )
    data["expectations"]["policy_overrides"] = {
        "expectations.refund_total": "cosmetic damage: half, by the KB article"
    }
    res = cli("validate", str(_write(tmp_path, data)))
    assert res.returncode == 0, res.stderr
    assert "note: expectations.refund_total: the policy implies 89.00" in res.stdout
    assert "[overridden: cosmetic damage: half, by the KB article]" in res.stdout
