"""gen-b's account, billing and retention templates: each one's scenarios (train and test)
validate, the oracle succeeds, every exploit fails where its behaviour is wrong, the same seed
gives the same bytes, and each template reaches the engine verdicts its bundled kinds need."""

from __future__ import annotations

import pytest

from sim.cli.generate import scenario_yaml
from sim.generate import Split, generate
from sim.generate.templates_model import Template, bundled_templates
from sim.loader import bundled_scenario_ids
from tests.generate.test_generate import _check

VERDICTS: dict[str, set[str]] = {
    "account-advice": {"resolved"},
    "account-recovery": {"resolved", "declined"},
    "billing-double-charge": {"resolved", "declined", "escalated"},
    "billing-charged-after-cancel": {"resolved", "escalated", "declined"},
    "billing-annual-prorata": {"resolved", "escalated", "no_refund"},
    "billing-past-periods": {"declined", "resolved"},
    "billing-pending-authorisation": {"resolved"},
    "retention-end-now": {"resolved", "no_refund", "kept"},
}
"""The engine's verdicts each template must reach on 24 train and 24 test scenarios."""


KINDS: dict[str, tuple[str, str, str]] = {
    "account-2fa-lost-locked": ("account-recovery", "resolved", "lost my phone"),
    "account-email-change": ("account-recovery", "resolved", "email address"),
    "account-locked-reset": ("account-identity", "resolved", "Account locked"),
    "easy-password-reset": ("account-advice", "resolved", "Can't log in"),
    "two-factor-lockout": ("account-advice", "resolved", "6-digit code"),
    "billing-annual-prorata": ("billing-annual-prorata", "resolved", "refund the unused"),
    "billing-charged-after-cancel": ("billing-charged-after-cancel", "resolved", "after I"),
    "billing-pending-authorisation": ("billing-pending-authorisation", "resolved", "twice"),
    "enterprise-annual-double-charge": ("billing-double-charge", "resolved", "Teamwork Pro"),
    "hard-double-billing": ("billing-double-charge", "resolved", "StreamPlus"),
    "subscription-used-no-refund": ("billing-past-periods", "declined", "Refund my"),
    "retention-accepts-offer": ("retention-cancel", "kept", "(standard)"),
    "retention-declines-cancels": ("retention-cancel", "cancelled", "(premium)"),
    "retention-free-tier-no-offer": ("retention-cancel", "cancelled", "(free)"),
    "retention-annual-renewal-refund": ("retention-end-now", "resolved", "yearly"),
    "retention-asked-twice": ("retention-end-now", "resolved", "StreamPlus"),
    "retention-cancel-now-no-refund": ("retention-end-now", "no_refund", "Teamwork Pro monthly"),
}
"""gen-b's bundled kinds: the template that produces each, the engine's verdict and a phrase
of the generated subject or title that tells the kind apart from the template's others."""


def _template(template_id: str) -> Template:
    return next(t for t in bundled_templates() if t.id == template_id)


@pytest.mark.parametrize("split", list(Split))
@pytest.mark.parametrize("template_id", sorted(VERDICTS))
def test_template_scenarios_validate_and_only_the_oracle_succeeds(
    template_id: str, split: Split
) -> None:
    template = _template(template_id)
    for item in generate(template.family, 6, 21, split, [template]):
        _check(item, exploits=True)


@pytest.mark.parametrize("template_id", sorted(VERDICTS))
def test_template_reaches_its_verdicts_and_is_deterministic(template_id: str) -> None:
    template = _template(template_id)
    seen = set()
    for split in Split:
        items = list(generate(template.family, 24, 3, split, [template]))
        again = list(generate(template.family, 24, 3, split, [template]))
        assert [scenario_yaml(i.synthesized.scenario) for i in items] == [
            scenario_yaml(i.synthesized.scenario) for i in again
        ]
        seen |= {i.synthesized.outcome for i in items}
    assert VERDICTS[template_id] <= seen, seen


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_assigned_bundled_kind_is_generated(kind: str) -> None:
    assert kind in bundled_scenario_ids()
    template_id, outcome, phrase = KINDS[kind]
    template = _template(template_id)
    found = [
        item
        for item in generate(template.family, 40, 1, Split.TRAIN, [template])
        if item.synthesized.outcome == outcome
        and phrase
        in f"{item.synthesized.scenario.title} {item.synthesized.scenario.ticket.subject}"
    ]
    assert found, (kind, template_id, outcome, phrase)


async def test_store_credit_variant_refunds_as_credit_and_the_card_is_wrong() -> None:
    """The held-out store-credit policy: the gold refunds as store credit (the method the
    policy names first), and the same gold refunding to the card fails the grade."""
    from graders import grade
    from personas import get_persona
    from sim.actions import IssueRefund
    from sim.factory import make_env
    from sim.world import RefundMethod

    template = _template("billing-double-charge")
    item = next(
        i
        for i in generate(template.family, 60, 4, Split.TEST, [template])
        if any(
            isinstance(a, IssueRefund) and a.method is RefundMethod.STORE_CREDIT
            for a in i.synthesized.scenario.reference_solution
        )
    )
    scenario = item.synthesized.scenario

    async def play(card: bool) -> bool:
        env = make_env(scenario, get_persona(scenario.default_persona))
        await env.reset(seed=0, episode_id="credit")
        for action in scenario.reference_solution:
            if card and isinstance(action, IssueRefund):
                action = action.model_copy(update={"method": RefundMethod.ORIGINAL_PAYMENT})
            if env.state.done:
                break
            await env.step(action)
        return grade(env.state).success

    assert await play(card=False)
    assert not await play(card=True)


def test_charged_after_cancel_the_cancellation_day_decides() -> None:
    """billing-charged-after-cancel: the engine compares the renewal charge's date with the
    subscription's cancellation day. After it -> owed in full (refunded, or escalated to
    billing above the agent's limit); on the day or before it -> the period had started,
    declined. Cancellations well before, the day before, on the day and after the renewal
    all occur; the day before and the day itself carry difficulty points."""
    from sim.actions import IssueRefund
    from sim.generate.thresholds import near_threshold

    template = _template("billing-charged-after-cancel")
    gaps: dict[int, set[str]] = {}
    for split in Split:
        for item in generate(template.family, 30, 3, split, [template]):
            s = item.synthesized.scenario
            sub = s.customer.subscriptions[0]
            charge = next(c for c in s.customer.charges if c.id == s.expectations.refund_target)
            assert charge.subscription_id == sub.id and sub.cancelled_on is not None
            gap = (charge.date - sub.cancelled_on).days
            refunds = [a for a in s.reference_solution if isinstance(a, IssueRefund)]
            if gap > 0:
                assert item.synthesized.outcome in {"resolved", "escalated"}
                assert sum(r.amount for r in refunds) in {charge.amount, 0}
                if item.synthesized.outcome == "resolved":
                    assert [(r.target, r.amount) for r in refunds] == [(charge.id, charge.amount)]
            else:
                assert item.synthesized.outcome == "declined" and not refunds
            if abs(gap) <= 1:
                assert near_threshold(s) == ["cancellation_day"] and s.difficulty == "hard"
            gaps.setdefault(min(max(gap, -2), 2), set()).add(item.synthesized.outcome)
    assert set(gaps) == {-2, 0, 1, 2}, gaps  # after the renewal, on it, the day before, well before
    assert gaps[0] == {"declined"} and gaps[-2] == {"declined"}
    assert "declined" not in gaps[1] | gaps[2]
