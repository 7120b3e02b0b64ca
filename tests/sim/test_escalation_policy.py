"""The escalation policy over the whole conversation: requests for a human, the frustration
branch, and the grader's judgment (pure functions on hand-built states)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from graders.rules import check_escalation, check_facts
from sim.errors import ScenarioError
from sim.loader import get_scenario, load_scenario
from sim.outcome import (
    escalation_required,
    escalation_required_at_decision,
    human_requests,
    replies_after_due,
    request_due_step,
    request_requires_escalation,
)
from sim.scenario import EscalationReason, EscalationRule, HumanRequests, Resolution, Scenario
from sim.state import (
    ClosureRecord,
    CustomerIntent,
    EmotionPoint,
    EpisodeState,
    EscalationRecord,
    Message,
    Role,
)

C, H = CustomerIntent.CONTINUE, CustomerIntent.WANTS_HUMAN


def scenario(**rule: Any) -> Scenario:
    base = get_scenario("easy-password-reset")  # resolved, no refund, nothing "always"
    policy = base.policy.model_copy(update={"escalation": EscalationRule(**rule)})
    return base.model_copy(update={"policy": policy})


def state(sc: Scenario, turns: list[tuple[CustomerIntent, float]]) -> EpisodeState:
    """Customer turn i at step i (0 = the opening); an agent reply before each answer."""
    st = EpisodeState(episode_id="e", seed=0, scenario=sc, persona_id="p", max_steps=20)
    for step, (intent, frustration) in enumerate(turns):
        if step:
            st.conversation.append(Message(role=Role.AGENT, content=f"reply {step}", step=step))
        st.conversation.append(Message(role=Role.CUSTOMER, content="...", step=step))
        point = EmotionPoint(step=step, frustration=frustration, trust=0.5, intent=intent)
        st.emotion.append(point)
    st.step_count = len(turns) - 1
    return st


def escalate(st: EpisodeState) -> EpisodeState:
    step = st.step_count + 1
    required = escalation_required(st, st.scenario)
    st.escalation = EscalationRecord(step=step, reason="asked", required=required)
    st.emotion.append(EmotionPoint(step=step, frustration=0.5, trust=0.5, intent=H))
    return st


def close(st: EpisodeState) -> EpisodeState:
    step = st.step_count + 1
    required = escalation_required(st, st.scenario)
    st.closure = ClosureRecord(step=step, resolution="x", solved=True, escalation_required=required)
    st.emotion.append(EmotionPoint(step=step, frustration=0.5, trust=0.5, intent=H))
    return st


def test_old_files_keep_their_meaning() -> None:
    assert EscalationRule().requests is HumanRequests.AT_ONCE
    assert EscalationRule(on_customer_request=False).requests is HumanRequests.FOR_REASONS


@pytest.mark.parametrize(
    "rule",
    [
        {"on_customer_request": False, "human_requests": "at_once"},
        {"human_requests": "when_repeated", "reasons": ["declined"]},
        {"human_requests": "when_repeated", "repeats": 1},
    ],
)
def test_contradictory_rules_are_rejected(rule: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=r"human_requests|reasons|repeats"):
        EscalationRule(**rule)


def test_a_bad_rule_in_a_file_names_the_field(tmp_path: Any) -> None:
    data = get_scenario("easy-password-reset").to_yaml_dict()
    data["policy"]["escalation"] = {"human_requests": "sometimes"}
    import yaml

    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data))
    with pytest.raises(ScenarioError, match=r"policy\.escalation\.human_requests"):
        load_scenario(path)


def test_at_once_the_first_request_is_due_and_stays_due() -> None:
    sc = scenario(human_requests="at_once")
    st = state(sc, [(C, 0.2), (H, 0.8), (C, 0.4)])
    assert human_requests(st) == [1]
    assert request_due_step(st, sc) == 1
    assert escalation_required(st, sc)  # the customer calmed down; the request still stands
    assert replies_after_due(st, sc) == 1
    assert not request_requires_escalation(state(sc, [(C, 0.2), (C, 0.5)]), sc)


def test_when_repeated_the_second_request_is_due() -> None:
    sc = scenario(human_requests="when_repeated")
    once = state(sc, [(H, 0.9), (C, 0.6)])
    assert human_requests(once) == [0] and not escalation_required(once, sc)
    twice = state(sc, [(H, 0.9), (C, 0.6), (H, 0.8)])
    assert request_due_step(twice, sc) == 2 and escalation_required(twice, sc)
    assert replies_after_due(twice, sc) == 0
    thrice = scenario(human_requests="when_repeated", repeats=3)
    assert not escalation_required(twice, thrice)


def test_for_reasons_a_request_counts_only_when_a_reason_holds() -> None:
    plain = scenario(human_requests="for_reasons")
    st = state(plain, [(H, 0.9), (H, 0.9), (H, 0.9)])
    assert not escalation_required(st, plain)
    declined = scenario(human_requests="for_reasons", reasons=[EscalationReason.DECLINED])
    assert not escalation_required(st, declined)  # this ticket is not a decline
    exp = declined.expectations.model_copy(update={"resolution": Resolution.DECLINED})
    appeal = declined.model_copy(update={"expectations": exp})
    assert escalation_required(st, appeal) and request_due_step(st, appeal) == 0
    over = scenario(human_requests="for_reasons", reasons=[EscalationReason.OVER_AGENT_LIMIT])
    assert not escalation_required(st, over)
    refund = over.policy.refund.model_copy(update={"agent_limit": Decimal("0.50")})
    exp = over.expectations.model_copy(update={"refund_total": Decimal("1.00")})
    big = over.model_copy(
        update={"policy": over.policy.model_copy(update={"refund": refund}), "expectations": exp}
    )
    assert escalation_required(st, big)


def test_the_frustration_branch_judges_the_latest_frustration() -> None:
    sc = scenario(on_customer_request=False, frustration_at_least=0.7)
    assert not escalation_required(state(sc, [(C, 0.2), (C, 0.69)]), sc)
    assert escalation_required(state(sc, [(C, 0.2), (C, 0.7)]), sc)
    assert not escalation_required(state(sc, [(C, 0.9), (C, 0.6)]), sc)  # calmed down
    # judged at the decision: a close while furious missed it, a later calm does not undo it
    closed = close(state(sc, [(C, 0.2), (C, 0.8)]))
    assert escalation_required_at_decision(closed, sc)
    assert not check_escalation(closed, sc).passed
    kept = close(state(sc, [(C, 0.8), (C, 0.6)]))
    assert check_escalation(kept, sc).passed
    rightly = escalate(state(sc, [(C, 0.2), (C, 0.75)]))
    assert check_escalation(rightly, sc).passed
    wrongly = escalate(state(sc, [(C, 0.2), (C, 0.65)]))
    assert not check_escalation(wrongly, sc).passed


def test_always_and_expected_escalations_are_required_without_a_request() -> None:
    sc = scenario(always=True)
    assert escalation_required(state(sc, [(C, 0.0)]), sc)
    exp = sc.expectations.model_copy(update={"resolution": Resolution.ESCALATED})
    other = scenario().model_copy(update={"expectations": exp})
    assert escalation_required(state(other, [(C, 0.0)]), other)


def test_the_last_word_after_a_decision_is_not_a_request() -> None:
    sc = scenario(human_requests="at_once")
    closed = close(state(sc, [(C, 0.2), (C, 0.3)]))
    assert human_requests(closed) == []
    assert check_escalation(closed, sc).passed


@pytest.mark.parametrize("policy", ["at_once", "when_repeated"])
def test_grader_honoured_ignored_and_premature(policy: str) -> None:
    sc = scenario(human_requests=policy)
    due = 0 if policy == "at_once" else 1
    turns = [(H, 0.9), (H, 0.9)]
    honoured = escalate(state(sc, turns[: due + 1]))
    check = check_escalation(honoured, sc)
    assert check.passed, check.reason
    late = escalate(state(sc, [*turns, (H, 0.9)]))
    check = check_escalation(late, sc)
    assert not check.passed and "repl" in check.reason
    ignored = close(state(sc, [*turns, (C, 0.4)]))
    check = check_escalation(ignored, sc)
    assert not check.passed and "ignored a request" in check.reason
    if policy == "when_repeated":
        early = escalate(state(sc, [(H, 0.9)]))
        assert not check_escalation(early, sc).passed  # offer to help first


def test_a_handoff_on_request_leaves_the_facts_to_the_human() -> None:
    sc = get_scenario("easy-password-reset")
    assert sc.expectations.facts
    st = state(sc, [(H, 0.9)])
    assert check_facts(st, sc) is not None
    assert check_facts(escalate(st), sc) is None


def test_a_ticket_that_needs_a_human_anyway_keeps_its_facts() -> None:
    sc = scenario(always=True)
    assert sc.expectations.facts
    st = escalate(state(sc, [(H, 0.9)]))
    assert request_requires_escalation(st, sc)
    assert check_facts(st, sc) is not None


def test_escalation_reasons_name_what_went_wrong() -> None:
    sc = scenario(human_requests="when_repeated")
    cases = {
        "rightly kept the ticket": close(state(sc, [(C, 0.2), (C, 0.3)])),
        "escalated when it was not required": escalate(state(sc, [(C, 0.2)])),
        "escalated when required": escalate(state(sc, [(H, 0.9), (H, 0.9)])),
        "ignored a request for a human the policy says to honour (when_repeated)": close(
            state(sc, [(H, 0.9), (H, 0.9), (C, 0.5)])
        ),
        "escalated only after 1 more repl(ies) to a request due (when_repeated)": escalate(
            state(sc, [(H, 0.9), (H, 0.9), (H, 0.9)])
        ),
    }
    for reason, st in cases.items():
        check = check_escalation(st, sc)
        assert check.reason == reason
        assert check.weight == 2 and check.critical
    furious = scenario(on_customer_request=False, frustration_at_least=0.5)
    missed = close(state(furious, [(C, 0.9)]))
    assert check_escalation(missed, furious).reason == "did not escalate when the rule required it"


def _refunded(sc: Scenario, verified: bool) -> EpisodeState:
    from sim.state import RefundRecord

    st = state(sc, [(C, 0.3)])
    st.refunds.append(
        RefundRecord(
            step=3,
            amount=Decimal("1.00"),
            target=None,
            reason="r",
            policy_consulted=True,
            verified=verified,
        )
    )
    return st


def test_verified_before_refund_applies_only_to_refunds_under_a_verify_policy() -> None:
    from graders.rules import check_verified

    base = get_scenario("medium-defective-product")
    assert base.policy.refund.verify_facts == ["order_number"]
    assert check_verified(state(base, [(C, 0.3)]), base) is None  # no refund yet
    ok = check_verified(_refunded(base, True), base)
    assert ok is not None and ok.passed and ok.name == "verified_before_refund"
    assert ok.weight == 1.5 and ok.critical
    assert ok.reason == "refunded after the customer gave ['order_number']"
    bad = check_verified(_refunded(base, False), base)
    assert bad is not None and not bad.passed
    assert bad.reason == "refund at step 3 issued before the customer gave ['order_number']"
    refund = base.policy.refund.model_copy(update={"verify_facts": []})
    lax = base.model_copy(update={"policy": base.policy.model_copy(update={"refund": refund})})
    assert check_verified(_refunded(lax, False), lax) is None


def test_customer_calmer_needs_a_real_fall_or_a_calm_end() -> None:
    from graders.rules import CALM_BELOW, check_customer_calmer

    sc = get_scenario("hard-double-billing")
    assert sc.expectations.customer_calmer

    def calmer(first: float, last: float) -> bool:
        st = state(sc, [(C, first), (C, last)])
        check = check_customer_calmer(st, sc)
        assert check is not None and check.weight == 1
        return check.passed

    assert calmer(0.9, 0.8) and not calmer(0.8, 0.8) and not calmer(0.5, 0.6)
    assert calmer(0.2, 0.3) and not calmer(CALM_BELOW, CALM_BELOW)
    assert calmer(0.1, CALM_BELOW - 0.01) and not calmer(0.3, CALM_BELOW)
    # a request honoured on a ticket the agent could solve: calming down is the human's job
    policy = sc.policy.model_copy(update={"escalation": EscalationRule(human_requests="at_once")})
    asked = sc.model_copy(update={"policy": policy})
    handed = escalate(state(asked, [(H, 0.9), (C, 0.95)]))
    assert check_customer_calmer(handed, asked) is None


def test_a_handoff_on_request_before_any_refund_leaves_the_refund_to_the_human() -> None:
    from graders.rules import check_refund_exact
    from sim.state import RefundRecord

    sc = get_scenario("hard-double-billing")  # owes 19.99, when_repeated
    assert sc.expectations.refund_total > 0
    asked_twice = [(H, 0.9), (H, 0.9)]
    kept = close(state(sc, [(C, 0.3)]))
    assert check_refund_exact(kept, sc) is not None
    handed = escalate(state(sc, asked_twice))
    assert check_refund_exact(handed, sc) is None
    wrong = state(sc, asked_twice)
    wrong.refunds.append(
        RefundRecord(step=1, amount=Decimal("5.00"), target=None, reason="r", policy_consulted=True)
    )
    check = check_refund_exact(escalate(wrong), sc)
    assert check is not None and not check.passed  # a refund made must still be exact


def test_a_customer_provoked_into_asking_keeps_every_check() -> None:
    """Ignoring a customer until they ask twice, then handing over, is no shortcut."""
    sc = get_scenario("hard-double-billing")
    provoked = escalate(state(sc, [(C, 0.7), (H, 0.9), (H, 0.95)]))
    assert check_escalation(provoked, sc).passed  # the handoff itself was right...
    facts = check_facts(provoked, sc)
    assert facts is not None and not facts.passed  # ...but the work was not done
    from graders.rules import check_customer_calmer, check_refund_exact

    assert check_refund_exact(provoked, sc) is not None
    assert check_customer_calmer(provoked, sc) is not None


def test_refund_and_facts_checks_report_name_weight_and_reason() -> None:
    from graders.rules import check_refund_exact
    from sim.state import RefundRecord

    sc = get_scenario("medium-defective-product")  # 150.00 to ORD-7781
    st = close(state(sc, [(C, 0.3)]))
    check = check_refund_exact(st, sc)
    assert check is not None and check.name == "refund_exact" and check.weight == 2
    assert check.reason == "refunded 0 in 0 transaction(s); owed 150.00 to ORD-7781"
    untargeted = sc.model_copy(
        update={"expectations": sc.expectations.model_copy(update={"refund_target": None})}
    )
    assert check_refund_exact(st, untargeted).reason.endswith("owed 150.00")  # type: ignore[union-attr]
    free = get_scenario("easy-password-reset")
    assert check_refund_exact(state(free, [(C, 0.3)]), free) is None
    refunded = state(free, [(C, 0.3)])
    refunded.refunds.append(
        RefundRecord(step=1, amount=Decimal("1.00"), target=None, reason="r", policy_consulted=True)
    )
    extra = check_refund_exact(refunded, free)
    assert extra is not None and not extra.passed

    facts = check_facts(st, sc)
    assert facts is not None and facts.name == "facts_communicated" and facts.weight == 2
    assert facts.reason == "never communicated: ['refund_amount', 'refund_timing']"
    st.facts_communicated = ["refund_amount", "refund_timing"]
    done = check_facts(st, sc)
    assert done is not None and done.passed and done.reason == "all required facts communicated"
