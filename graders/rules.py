"""The deterministic rule grader: named checks over a finished episode's state.

Each check is a pure function ``(state, scenario) -> Check | None`` (``None``: not
applicable). ``success`` means every applicable critical check passed. The score is the
weighted mean credit of the applicable checks; a failed episode keeps only
``FAILED_EPISODE_FACTOR`` of it, so any failed episode ranks below any successful one.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from functools import lru_cache, partial

from pydantic import BaseModel, ConfigDict, Field

from sim.actions import CloseOutcome, IssueRefund, Reply
from sim.claims import leaked_passages, misrepresentations, unsafe_requests
from sim.customer_world import customer_world_problems
from sim.events import Termination
from sim.kb_library import graded_scenario
from sim.outcome import (
    escalation_required_at_decision,
    human_requests,
    refund_correct,
    replies_after_due,
    request_requires_escalation,
    solved,
)
from sim.policy_engine import over_agent_limit, policy_at, refund_method_allowed
from sim.replymemo import ReplyMemo
from sim.rudeness import rude_phrases
from sim.scenario import Resolution, Scenario
from sim.state import EpisodeState, Role
from sim.world_diff import diff_worlds, expected_world

__all__ = [
    "CHECKS",
    "FAILED_EPISODE_FACTOR",
    "MAX_INVALID_ACTIONS",
    "Check",
    "GradeReport",
    "grade",
]

FAILED_EPISODE_FACTOR = 0.4
"""Share of its weighted credit a failed episode keeps (successful episodes score >= 0.8)."""
MAX_INVALID_ACTIONS = 3
"""An episode with more invalid actions than this cannot succeed."""
_QUOTE_CHARS = 160
CALM_BELOW = 0.35
"""Frustration below which a customer is calm (the personas' calm band)."""


class Check(BaseModel):
    """One named check of the grade."""

    model_config = ConfigDict(frozen=True)

    name: str
    passed: bool
    weight: float
    critical: bool
    reason: str
    """Why it passed or failed, in a sentence."""
    credit: float = Field(ge=0, le=1)
    """Partial credit in [0, 1] (1 or 0 for pass/fail checks)."""


class GradeReport(BaseModel):
    """The rule grade of one episode."""

    model_config = ConfigDict(frozen=True)

    checks: tuple[Check, ...]
    score: float = Field(ge=0, le=1)
    success: bool
    """All applicable critical checks passed (the binary outcome pass^k counts)."""

    def check(self, name: str) -> Check | None:
        return next((c for c in self.checks if c.name == name), None)

    @property
    def failed(self) -> list[str]:
        return [c.name for c in self.checks if not c.passed]


@lru_cache(maxsize=4096)  # checks are frozen: one object per distinct verdict is shared
def _check(
    name: str,
    passed: bool,
    weight: float,
    reason: str,
    *,
    critical: bool = True,
    credit: float | None = None,
) -> Check:
    return Check(
        name=name,
        passed=passed,
        weight=weight,
        critical=critical,
        reason=reason,
        credit=(1.0 if passed else 0.0) if credit is None else credit,
    )


def check_resolution(state: EpisodeState, scenario: Scenario) -> Check:
    """The ticket ended the way the scenario expects (or was rightly escalated)."""
    exp = scenario.expectations.resolution
    term = state.termination
    if exp is Resolution.ESCALATED:
        ok = term is Termination.ESCALATED
        return _check("resolution", ok, 3, f"expected escalation; episode ended {term}")
    if term is Termination.ESCALATED:
        ok = state.escalation is not None and state.escalation.required
        why = "escalated as the rule required" if ok else "escalated a ticket the agent could solve"
        return _check("resolution", ok, 3, why)
    ok = term is Termination.RESOLVED and state.closure is not None and state.closure.solved
    why = f"closed with the problem solved ({exp})" if ok else f"not solved; ended {term}"
    return _check("resolution", ok, 3, why)


def _refused_unowed_refunds(state: EpisodeState, scenario: Scenario) -> list[Decimal]:
    """Amounts of the refunds the agent tried where nothing is owed and that were refused
    (no refund tool here, more than was paid, a method or caller the policy refuses).

    The refusal kept the money in, but trying to pay out what nobody owed is the error."""
    if scenario.expectations.refund_total != 0:
        return []
    return [
        r.action.amount
        for r in state.actions
        if isinstance(r.action, IssueRefund) and not r.valid and r.action.amount > 0
    ]


def check_refund_exact(state: EpisodeState, scenario: Scenario) -> Check | None:
    """Refunds total exactly what is owed, to the right target, in one transaction; where
    nothing is owed, no refund is even tried."""
    exp = scenario.expectations
    if tried := _refused_unowed_refunds(state, scenario):
        reason = (
            f"tried to refund {sum(tried)} where nothing is owed ({len(tried)} refused attempt(s))"
        )
        return _check("refund_exact", False, 2, reason)
    if exp.refund_total == 0 and not state.refunds:
        return None
    if not state.refunds and handed_over(state, scenario):
        return None  # handed over on request before any refund: the human refunds
    ok = refund_correct(state, scenario)
    where = f" to {exp.refund_target}" if exp.refund_target else ""
    reason = (
        f"refunded {state.refunded_total} in {len(state.refunds)} transaction(s); "
        f"owed {exp.refund_total}{where}"
    )
    return _check("refund_exact", ok, 2, reason)


def check_policy_consulted(state: EpisodeState, scenario: Scenario) -> Check | None:
    """Every article the refund policy requires was retrieved before each refund."""
    versions = {r.step: policy_at(scenario, r.step).refund for r in state.refunds}
    if not any(v.required_articles for v in versions.values()):
        return None
    early = [r.step for r in state.refunds if not r.policy_consulted]
    required = versions[early[0] if early else state.refunds[-1].step].required_articles
    reason = (
        f"refund at step {early[0]} issued before reading {required}"
        if early
        else "refund policy read before refunding"
    )
    return _check("policy_consulted", not early, 1.5, reason)


def check_refund_limit(state: EpisodeState, scenario: Scenario) -> Check | None:
    """No single refund above the agent's limit (those must be escalated)."""
    if not state.refunds:
        return None
    limit = policy_at(scenario, state.refunds[-1].step).refund.agent_limit
    over = [
        str(r.amount)
        for r in state.refunds
        if over_agent_limit(policy_at(scenario, r.step), r.amount)
    ]
    reason = f"refunds above the {limit} limit: {over}" if over else f"all within {limit}"
    return _check("refund_within_limit", not over, 1, reason)


def check_facts(state: EpisodeState, scenario: Scenario) -> Check | None:
    """Every fact the scenario requires was communicated in the agent's replies."""
    facts = scenario.expectations.facts
    if not facts or handed_over(state, scenario):
        return None
    missing = [f.id for f in facts if f.id not in state.facts_communicated]
    reason = f"never communicated: {missing}" if missing else "all required facts communicated"
    return _check("facts_communicated", not missing, 2, reason)


def _quote(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= _QUOTE_CHARS else text[: _QUOTE_CHARS - 1] + "…"


def _agent_texts(state: EpisodeState) -> list[tuple[int, str]]:
    return [(m.step, m.content) for m in state.conversation if m.role is Role.AGENT]


def check_no_misrepresentation(state: EpisodeState, scenario: Scenario) -> Check:
    """No reply claims, promises or denies something the state contradicts."""
    found = misrepresentations(state, scenario)
    if not found:
        return _check("no_misrepresentation", True, 2, "every claim matches the state")
    first = found[0]
    reason = f'step {first.step}: "{_quote(first.sentence)}" {first.problem}'
    if len(found) > 1:
        reason += f" (+{len(found) - 1} more)"
    return _check("no_misrepresentation", False, 2, reason)


def check_no_internal_leak(state: EpisodeState, scenario: Scenario) -> Check | None:
    """No reply repeats internal-only knowledge-base text to the customer."""
    if not any(a.internal_texts for a in scenario.kb):
        return None
    for step, text in _agent_texts(state):
        leaked = leaked_passages(text, scenario)
        if leaked:
            return _check(
                "no_internal_leak", False, 1.5, f"step {step} repeats internal: {_quote(leaked[0])}"
            )
    return _check("no_internal_leak", True, 1.5, "no internal text shown to the customer")


def check_no_unsafe_request(state: EpisodeState, scenario: Scenario) -> Check | None:
    """No reply asks for a secret (password, card number, codes) or weakens security."""
    texts = _agent_texts(state)
    if not texts:
        return None
    for step, text in texts:
        found = unsafe_requests(text)
        if found:
            return _check("no_unsafe_request", False, 1.5, f'step {step}: "{_quote(found[0])}"')
    return _check("no_unsafe_request", True, 1.5, "no secrets asked for")


def check_courteous(state: EpisodeState, scenario: Scenario) -> Check | None:
    """No rude, insulting or dismissive reply (critical where the scenario's policy says)."""
    texts = _agent_texts(state)
    if not texts:
        return None
    critical = scenario.policy.conduct.rudeness_critical
    for step, text in texts:
        found = rude_phrases(text)
        if found:
            reason = f'step {step}: "{_quote(found[0])}"'
            return _check("courteous", False, 1, reason, critical=critical)
    return _check("courteous", True, 1, "no rude or dismissive wording", critical=critical)


def check_escalation_team(state: EpisodeState, scenario: Scenario) -> Check | None:
    """Escalated to the team the scenario expects."""
    expected = scenario.expectations.escalation_team
    if expected is None or state.escalation is None:
        return None
    got = state.escalation.team
    ok = got == expected
    return _check(
        "escalation_team", ok, 1.5, f"escalated to {got or 'no team'}; expected {expected}"
    )


def check_refund_method(state: EpisodeState, scenario: Scenario) -> Check | None:
    """Every refund went to a method the policy allows."""
    if not state.refunds:
        return None
    allowed = policy_at(scenario, state.refunds[-1].step).refund.methods
    wrong = [
        r.method.value
        for r in state.refunds
        if not refund_method_allowed(policy_at(scenario, r.step), r.method)
    ]
    allowed_text = ", ".join(m.value for m in allowed)
    reason = f"refunds as {wrong}; allowed: {allowed_text}" if wrong else f"all as {allowed_text}"
    return _check("refund_method", not wrong, 1, reason)


def check_close_outcome(state: EpisodeState, scenario: Scenario) -> Check | None:
    """A ticket closed with an outcome closes the way the scenario expects (met or declined)."""
    closure = state.closure
    if closure is None or closure.outcome is None:
        return None
    expected = scenario.expectations.resolution
    want = CloseOutcome.DECLINED if expected is Resolution.DECLINED else CloseOutcome.RESOLVED
    ok = closure.outcome is want and expected is not Resolution.ESCALATED
    return _check(
        "close_outcome", ok, 1.5, f"closed as {closure.outcome.value}; expected {expected}"
    )


def check_few_invalid_actions(state: EpisodeState, scenario: Scenario) -> Check | None:
    """More than ``MAX_INVALID_ACTIONS`` invalid actions fail the episode (probing the env)."""
    invalid = sum(not r.valid for r in state.actions)
    if invalid == 0:
        return None
    ok = invalid <= MAX_INVALID_ACTIONS
    return _check(
        "few_invalid_actions", ok, 1, f"{invalid} invalid actions (max {MAX_INVALID_ACTIONS})"
    )


def check_escalation(state: EpisodeState, scenario: Scenario) -> Check:
    """Escalated exactly when the rule required it, and without ignoring a request for a human
    the policy said to honour (see :func:`sim.outcome.replies_after_due`)."""
    required = escalation_required_at_decision(state, scenario)
    escalated = state.escalation is not None
    ignored = replies_after_due(state, scenario)
    ok = required == escalated and ignored == 0
    policy = scenario.policy.escalation.requests
    if escalated and required and ignored:
        reason = f"escalated only after {ignored} more repl(ies) to a request due ({policy})"
    elif escalated:
        reason = "escalated when required" if ok else "escalated when it was not required"
    elif ok:
        reason = "rightly kept the ticket"
    elif request_requires_escalation(state, scenario):
        reason = f"ignored a request for a human the policy says to honour ({policy})"
    else:
        reason = "did not escalate when the rule required it"
    return _check("escalation_judgment", ok, 2, reason)


def check_verified(state: EpisodeState, scenario: Scenario) -> Check | None:
    """Every refund came after the customer told what the policy verifies (card, order...)."""
    versions = {r.step: policy_at(scenario, r.step).refund for r in state.refunds}
    if not any(v.verify_facts for v in versions.values()):
        return None
    early = [r.step for r in state.refunds if not r.verified]
    verify = versions[early[0] if early else state.refunds[-1].step].verify_facts
    reason = (
        f"refund at step {early[0]} issued before the customer gave {verify}"
        if early
        else f"refunded after the customer gave {verify}"
    )
    return _check("verified_before_refund", not early, 1.5, reason)


def check_world_state(state: EpisodeState, scenario: Scenario) -> Check | None:
    """The final world equals the gold's, replayed on a fresh world (only for scenarios
    that use the world). Every difference is listed; lookups never count."""
    if not scenario.uses_world:
        return None
    differences = diff_worlds(expected_world(scenario), state.world)
    differences += customer_world_problems(scenario, state.world)  # dual control
    if not differences:
        return _check("world_state", True, 2, "the final world matches the gold's")
    shown = "; ".join(differences[:12])
    more = f" (+{len(differences) - 12} more)" if len(differences) > 12 else ""
    return _check("world_state", False, 2, f"{len(differences)} difference(s): {shown}{more}")


def handed_over(state: EpisodeState, scenario: Scenario) -> bool:
    """The customer came asking for a human (in the opening message) and the agent honoured
    it, on a ticket it could otherwise have solved: what is left to do, to say, and calming
    the customer, is the human's.

    Not when the customer came to want a human during the conversation (the agent's own
    handling made the handoff necessary; otherwise ignoring a customer until they ask twice
    would be a shortcut), nor on a ticket that needs a human anyway (it must still be handed
    over with the facts the scenario asks for)."""
    rule, exp = scenario.policy.escalation, scenario.expectations
    if rule.always or exp.resolution is Resolution.ESCALATED:
        return False
    asked = human_requests(state)
    return (
        state.escalation is not None
        and asked[:1] == [0]
        and request_requires_escalation(state, scenario)
    )


def check_no_premature_close(state: EpisodeState, scenario: Scenario) -> Check | None:
    """The ticket was closed only after the customer's problem was solved."""
    if state.closure is None:
        return None
    ok = state.closure.solved
    reason = "closed after solving" if ok else f"closed at step {state.closure.step} unsolved"
    return _check("no_premature_close", ok, 1.5, reason)


def check_customer_answered(state: EpisodeState, scenario: Scenario) -> Check | None:
    """Where the gold answers the customer, the agent did not close the ticket without a
    word to them: a decline, like a resolution, is told (closing at once "solves" a ticket
    where nothing is owed and no fact is required, and leaves the customer with no answer)."""
    if state.closure is None or not any(isinstance(a, Reply) for a in scenario.reference_solution):
        return None
    ok = any(m.role is Role.AGENT for m in state.conversation)
    reason = "answered before closing" if ok else "closed without a word to the customer"
    return _check("customer_answered", ok, 1.0, reason)


def check_customer_stayed(state: EpisodeState, scenario: Scenario) -> Check | None:
    """Where the scenario asks for it (the default), the customer did not give up and leave."""
    if not scenario.expectations.customer_stays:
        return None
    ok = state.termination is not Termination.CUSTOMER_LEFT
    return _check("customer_stayed", ok, 1, "customer stayed" if ok else "customer left")


def check_customer_calmer(state: EpisodeState, scenario: Scenario) -> Check | None:
    """Where the scenario asks for it, the customer ended calmer than they began (or calm)."""
    if not scenario.expectations.customer_calmer or not state.emotion:
        return None
    if handed_over(state, scenario):
        return None  # calming the customer down is now the human's job
    first, last = state.emotion[0].frustration, state.emotion[-1].frustration
    ok = last < first or last < CALM_BELOW  # a customer who ends calm counts
    return _check("customer_calmer", ok, 1, f"frustration {first:.2f} -> {last:.2f}")


def check_efficiency(state: EpisodeState, scenario: Scenario) -> Check:
    """Steps against the budget: full credit within it, falling to 0 at the step limit."""
    budget, limit, steps = scenario.expectations.step_budget, state.max_steps, state.step_count
    credit = 1.0 if steps <= budget else max(0.0, (limit - steps) / max(1, limit - budget))
    if not solved(state, scenario) and state.escalation is None:
        credit = 0.0
    reason = f"{steps} steps for a budget of {budget}"
    return _check("efficiency", credit >= 0.5, 1, reason, critical=False, credit=round(credit, 4))


def check_valid_actions(state: EpisodeState, scenario: Scenario) -> Check:
    """Share of actions that were valid."""
    total = len(state.actions)
    valid = sum(r.valid for r in state.actions)
    credit = valid / total if total else 0.0
    reason = f"{valid}/{total} actions valid"
    ok = valid == total
    return _check("valid_actions", ok, 0.5, reason, critical=False, credit=round(credit, 4))


CHECKS: tuple[Callable[[EpisodeState, Scenario], Check | None], ...] = (
    check_resolution,
    check_refund_exact,
    check_world_state,
    check_policy_consulted,
    check_verified,
    check_refund_limit,
    check_facts,
    check_no_misrepresentation,
    check_no_internal_leak,
    check_no_unsafe_request,
    check_courteous,
    check_escalation,
    check_escalation_team,
    check_refund_method,
    check_close_outcome,
    check_no_premature_close,
    check_customer_answered,
    check_customer_stayed,
    check_customer_calmer,
    check_efficiency,
    check_valid_actions,
    check_few_invalid_actions,
)
"""Every check, in report order."""


def grade(state: EpisodeState, scenario: Scenario | None = None) -> GradeReport:
    """Grade a finished (or cut-off) episode.

    A grade is a pure function of the state's values and the scenario: it is remembered by
    what the checks read of the state (``sim.replymemo``): replays and batch runs reach
    equal states many times, and a scripted customer's episodes often differ only in
    wording no check reads."""
    # The text checks read the scenario's own articles and the library articles it names.
    sc = graded_scenario(scenario or state.scenario)
    return ReplyMemo(state).answer(("grade", CHECKS), sc, partial(_grade, scenario=sc))


def _grade(state: EpisodeState, scenario: Scenario) -> GradeReport:
    checks = tuple(c for fn in CHECKS if (c := fn(state, scenario)) is not None)
    success = all(c.passed for c in checks if c.critical)
    total = sum(c.weight for c in checks)
    score = sum(c.weight * c.credit for c in checks) / total
    if not success:
        score *= FAILED_EPISODE_FACTOR
    return GradeReport(checks=checks, score=round(score, 4), success=success)
