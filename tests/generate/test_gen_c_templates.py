"""gen-c's templates (refund, policy-change and workflow kinds; the ``refund_flow`` solver):
each one's train and test scenarios validate, the oracle succeeds with score >= 0.95, the
exploits fail where their behaviour is wrong, the same seed gives the same bytes, and the
kinds the template is for are produced (issue 12 point 1)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from agents.registry import make_agent
from agents.tier2 import make_tier2
from sim.actions import IssueRefund, Reply, RequestApproval
from sim.cli.generate import scenario_yaml
from sim.factory import make_env
from sim.generate import Generated, Split, generate
from sim.generate.templates_model import TEMPLATE_DIR, Template, load_template
from sim.orchestrator import EpisodeResult, EpisodeSpec, run_episode
from sim.scenario import Scenario
from sim.tools import CreateReturn, OfferRetention, VerifyIdentity
from sim.world import RefundMethod
from tests.generate.test_generate import _check

GEN_C = [
    "refund-verify-order",
    "refund-warranty",
    "policy-percent-change",
    "policy-fee-change",
    "policy-sale-credit",
    "workflow-handoff",
    "workflow-approval",
    "policy-retention-midway",
]
"""The templates this file covers (file stems under ``sim/generate/templates``)."""


def _template(stem: str) -> Template:
    return load_template(TEMPLATE_DIR / f"{stem}.yaml")


def _items(stem: str, count: int, seed: int, split: Split) -> list[Generated]:
    t = _template(stem)
    return list(generate(t.family, count, seed, split, [t]))


def check_generated(stem: str, split: Split) -> None:
    """8 scenarios of ``stem`` validate, the oracle succeeds, the exploits fail where wrong."""
    for i, item in enumerate(_items(stem, 8, 21, split)):
        _check(item, exploits=i < 4)


def check_same_bytes(stem: str) -> None:
    """The same seed gives the same files; another seed gives others."""
    first = [scenario_yaml(g.synthesized.scenario) for g in _items(stem, 6, 4, Split.TEST)]
    again = [scenario_yaml(g.synthesized.scenario) for g in _items(stem, 6, 4, Split.TEST)]
    other = [scenario_yaml(g.synthesized.scenario) for g in _items(stem, 6, 5, Split.TEST)]
    assert first == again
    assert first != other


@pytest.mark.parametrize("split", list(Split))
@pytest.mark.parametrize("stem", GEN_C)
def test_generated_scenarios_validate_and_the_oracle_succeeds(stem: str, split: Split) -> None:
    check_generated(stem, split)


@pytest.mark.parametrize("stem", GEN_C)
def test_same_seed_same_bytes(stem: str) -> None:
    check_same_bytes(stem)


def _outcomes(stem: str, count: int = 60) -> Counter[str]:
    return Counter(
        g.synthesized.outcome for split in Split for g in _items(stem, count // 2, 7, split)
    )


def _refunds(s: Scenario) -> list[IssueRefund]:
    return [a for a in s.reference_solution if isinstance(a, IssueRefund)]


def _golds(stem: str, count: int = 40) -> list[Scenario]:
    return [g.synthesized.scenario for split in Split for g in _items(stem, count // 2, 7, split)]


def test_refund_verify_order_asks_which_order_before_refunding() -> None:
    """The kinds of medium-defective-product and standard-partial-refund: two orders of the
    same item, the policy verifies the order number, full and partial refunds."""
    assert set(_outcomes("refund-verify-order")) == {"resolved", "declined", "escalated"}
    partial = 0
    for s in _golds("refund-verify-order"):
        assert isinstance(s.reference_solution[0], Reply)
        assert "order number" in s.reference_solution[0].content
        if s.expectations.resolution.value == "resolved":
            refund = _refunds(s)[0]
            order = next(o for o in s.customer.orders if o.id == refund.target)
            partial += refund.amount < order.amount
    assert partial > 0


def test_refund_warranty_declines_or_escalates_to_the_warranty_team() -> None:
    """The kinds of outside-window-decline and premium-warranty-escalation."""
    assert set(_outcomes("refund-warranty")) == {"declined", "escalated"}
    for s in _golds("refund-warranty"):
        if s.expectations.resolution.value == "escalated":
            assert s.expectations.escalation_team == "warranty"
            assert s.policy.escalation.always
        assert _refunds(s) == []


def test_policy_percent_change_refunds_the_new_percentage() -> None:
    """The kind of policy-cosmetic-premium-percent: a dated update of percent_by_tier."""
    assert set(_outcomes("policy-percent-change")) == {"resolved", "declined"}
    for s in _golds("policy-percent-change"):
        assert s.policy.updates and s.policy.updates[0].effective is not None
        for refund in _refunds(s):
            order = next(o for o in s.customer.orders if o.id == refund.target)
            new = s.policy.updates[0].refund
            assert new is not None
            assert refund.amount == order.amount * new.percent_by_tier[s.customer.tier] / 100


def test_policy_fee_change_dated_and_mid_episode() -> None:
    """The kinds of policy-restocking-fee (a dated fee change) and policy-fee-waived-midway
    (the fee withdrawn at a step: the gold refunds in full after it arrives)."""
    midway = dated = 0
    for s in _golds("policy-fee-change", 60):
        update = s.policy.updates[0]
        refunds = _refunds(s)
        if refunds:
            assert isinstance(s.reference_solution[_position(s, CreateReturn)], CreateReturn)
            order = next(o for o in s.customer.orders if o.id == refunds[0].target)
            if update.at_step is not None:
                midway += 1
                assert _position(s, IssueRefund) + 1 >= update.at_step
                assert refunds[0].amount == order.amount
            else:
                dated += 1
                assert refunds[0].amount < order.amount
    assert midway and dated


@pytest.mark.parametrize("stem", ["policy-sale-credit", "refund-verify-order"])
def test_refund_method_follows_the_policy(stem: str) -> None:
    """The kind of policy-sale-item-store-credit, with the method varied (y of the brief):
    the customer's preferred method where the policy allows it, else the policy's first."""
    from sim.policy_engine import policy_at

    methods: Counter[RefundMethod] = Counter()
    for s in _golds(stem, 80):
        for refund in _refunds(s):
            allowed = policy_at(s, _position(s, IssueRefund) + 1).refund.methods
            assert refund.method in allowed
            if refund.method is not allowed[0]:
                assert refund.method.value.replace("_", " ") in s.ticket.body.lower()
            methods[refund.method] += 1
    assert set(methods) == {RefundMethod.STORE_CREDIT, RefundMethod.ORIGINAL_PAYMENT}


def _position(s: Scenario, kind: type) -> int:
    return next(i for i, a in enumerate(s.reference_solution) if isinstance(a, kind))


async def _oracle(s: Scenario, tier2: str | None = None) -> EpisodeResult:
    env = make_env(s, s.default_persona)
    spec = EpisodeSpec(s.id, s.default_persona, 0, 7)
    return await run_episode(
        env,
        make_agent("oracle"),
        spec,
        agent_name="oracle",
        tier2=None if tier2 is None else make_tier2(tier2),
    )


@pytest.mark.parametrize("tier2", ["oracle", "tier2"])
async def test_workflow_handoff_tier2_refunds_what_the_engine_owes(tier2: str) -> None:
    """The kind of workflow-tier2-laptop-refund: above the first line's limit the gold
    escalates to billing with a note, and tier-2 (the oracle's plan or the scripted tier-2
    agent) refunds the owed amount under the team's authority; the whole workflow succeeds."""
    assert set(_outcomes("workflow-handoff")) == {"resolved", "declined", "escalated"}
    escalated = [s for s in _golds("workflow-handoff", 24) if s.handoff is not None]
    assert escalated
    for s in escalated[:4]:
        assert s.handoff is not None and s.expectations.escalation_team == s.handoff.team
        result = await _oracle(s, tier2)
        assert result.success, (s.id, result.roles)
        assert result.roles is not None and result.roles.resolved
        assert result.state.refunded_total == s.handoff.refund_total


async def test_workflow_approval_granted_inside_the_window_denied_outside() -> None:
    """The kind of workflow-approval-denied (an exception outside the window: asked,
    denied, declined) and its granted counterpart (approved, then refunded)."""
    seen: Counter[tuple[str, bool]] = Counter()
    for s in _golds("workflow-approval", 40):
        asked = any(isinstance(a, RequestApproval) for a in s.reference_solution)
        if not asked:
            continue
        result = await _oracle(s)
        assert result.success, (s.id, result.roles)
        approvals = result.state.approvals
        assert len(approvals) == 1
        granted = approvals[0].granted
        assert granted == (s.expectations.resolution.value == "resolved")
        seen[(s.expectations.resolution.value, granted)] += 1
    assert seen[("resolved", True)] and seen[("declined", False)]


def test_policy_retention_midway_offers_what_is_in_force_at_the_offer() -> None:
    """The kind of policy-retention-offer-midway: a standard member's offer exists only
    from the update's step on, and the gold (after verifying the caller) makes it."""
    assert set(_outcomes("policy-retention-midway")) == {"kept", "cancelled"}
    standard = 0
    for s in _golds("policy-retention-midway", 40):
        assert isinstance(s.reference_solution[1], VerifyIdentity)
        offers = [a for a in s.reference_solution if isinstance(a, OfferRetention)]
        update = s.policy.updates[0]
        if s.customer.tier.value == "standard":
            standard += 1
            assert not s.policy.retention.offers[0].tiers.count(s.customer.tier)
            assert update.retention is not None and len(offers) == 1
            assert offers[0].offer_id == update.retention.offers[-1].id
            assert update.at_step is not None
            assert _position(s, OfferRetention) + 1 >= update.at_step
        elif s.customer.tier.value == "free":
            assert offers == []
    assert standard


def test_distractor_articles_vary_and_the_library_is_drawn() -> None:
    """(x) Each template draws distractors (its own pool and/or the shared library) so the
    agent must pick the relevant article; the gold still retrieves the required one."""
    for stem in ("refund-verify-order", "refund-warranty", "policy-percent-change"):
        kbs = set()
        library = 0
        for s in _golds(stem, 40):
            kbs.add(tuple(sorted(a.id for a in s.kb if not a.relevant)))
            library += s.kb_library is not None
        assert len(kbs) >= 3, stem
        assert 0 < library < 40, stem


def _owed_full(s: Scenario) -> bool:
    r = _refunds(s)[0]
    return r.amount == next(o.amount for o in s.customer.orders if o.id == r.target)


def _tier(s: Scenario) -> str:
    return s.customer.tier.value


KINDS: dict[str, tuple[str, str, str, Callable[[Scenario], bool]]] = {
    "refund-damaged-on-arrival": ("refund", "refund-damage", "resolved", _owed_full),
    "standard-partial-refund": (
        "refund",
        "refund-verify-order",
        "resolved",
        lambda s: _tier(s) == "standard" and not _owed_full(s),
    ),
    "medium-defective-product": (
        "refund",
        "refund-verify-order",
        "resolved",
        lambda s: _tier(s) == "premium" and s.policy.refund.window_days == 30,
    ),
    "over-limit-escalation": ("refund", "refund-damage", "escalated", lambda s: True),
    "outside-window-decline": ("refund", "refund-warranty", "declined", lambda s: True),
    "premium-warranty-escalation": (
        "refund",
        "refund-warranty",
        "escalated",
        lambda s: _tier(s) == "premium",
    ),
    "policy-cosmetic-premium-percent": (
        "policy-change",
        "policy-percent-change",
        "resolved",
        lambda s: _tier(s) == "premium",
    ),
    "policy-fee-waived-midway": (
        "policy-change",
        "policy-fee-change",
        "resolved",
        lambda s: s.policy.updates[0].at_step is not None,
    ),
    "policy-restocking-fee": (
        "policy-change",
        "policy-fee-change",
        "resolved",
        lambda s: s.policy.updates[0].at_step is None,
    ),
    "policy-retention-offer-midway": (
        "policy-change",
        "policy-retention-midway",
        "cancelled",
        lambda s: _tier(s) == "standard" and _has_offer(s),
    ),
    "policy-return-window-shortened": (
        "policy-change",
        "policy-window-change",
        "declined",
        lambda s: True,
    ),
    "policy-sale-item-store-credit": (
        "policy-change",
        "policy-sale-credit",
        "resolved",
        lambda s: _refunds(s)[0].method is RefundMethod.STORE_CREDIT,
    ),
    "workflow-tier2-laptop-refund": (
        "workflow",
        "workflow-handoff",
        "escalated",
        lambda s: s.handoff is not None,
    ),
    "workflow-approval-granted": (
        "workflow",
        "workflow-approval",
        "resolved",
        lambda s: any(isinstance(a, RequestApproval) for a in s.reference_solution),
    ),
    "workflow-security-lockout": (
        "workflow",
        "workflow-security-lockout",
        "escalated",
        lambda s: s.handoff is not None and s.handoff.team == "security",
    ),
    "workflow-dual-password-reset": (
        "workflow",
        "workflow-dual-password-reset",
        "resolved",
        lambda s: s.expectations.customer_world is not None,
    ),
    "workflow-dual-device-error": (
        "workflow",
        "workflow-dual-device-error",
        "resolved",
        lambda s: bool(s.customer.devices),
    ),
    "workflow-approval-denied": (
        "workflow",
        "workflow-approval",
        "declined",
        lambda s: any(isinstance(a, RequestApproval) for a in s.reference_solution),
    ),
}
"""Each bundled kind of the refund, policy-change and workflow families (by the bundled id)
and what a generated scenario of that kind is: family, template, verdict, and a property."""


def _has_offer(s: Scenario) -> bool:
    return any(isinstance(a, OfferRetention) for a in s.reference_solution)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_of_the_bundled_scenarios_is_generated(kind: str) -> None:
    """Issue 12 point 1 for these families: some generated scenario (train split, seed 1,
    the family's first 60) is of the bundled scenario's kind."""
    from sim.loader import get_scenario

    family, template, outcome, prop = KINDS[kind]
    assert get_scenario(kind).family == family
    found = [
        g
        for g in generate(family, 60, 1, Split.TRAIN)
        if g.template == template
        and g.synthesized.outcome == outcome
        and prop(g.synthesized.scenario)
    ]
    assert found, kind
