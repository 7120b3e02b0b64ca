"""The claim checks of ``sim/claims.py`` asserted where the whole-module mutation run found
them unasserted: each case is a reply an agent would send, with the state it was sent in, that
a wrong rule (a bound moved by one, a dropped condition, an ``and`` for an ``or``) would judge
differently.

Texts here are their own (no other test reads them): mutmut picks each mutant's tests from a
run that records which test calls which function, and a cached reading would hide one.

Survivors of that run left alive as equivalent (no reply or state tells them apart):

- cache and memo table names (``"leaks"`` as ``None``, ``"XXleaksXX"`` or ``"LEAKS"``, and the
  same for ``"public-stems"``, ``"sentences"``, ``"tokens"``, ``"passages"``, ``"kept"``,
  ``"id-patterns"``, ``"duplicates"``); ``leaked_passages``' cache bypassed or its clear bound
  moved by one;
- ``_approval_asked``: ``s <= step`` (a step holds one action: no approval request shares the
  reply's step);
- ``_without_relative``: ``maxsplit`` dropped or 2 (only the first part is taken);
- ``_window_problem``: the default of ``sentence`` (its only caller passes it);
- ``_build_known``: ``"XXXX"`` fillers for an empty note or duration (they state no value);
  ``sum(paid)`` without ``Decimal("0")`` (``0 == Decimal("0.00")``, already in the set);
- ``_duplicates``: ``label.upper()`` for ``label.lower()`` (both fold case; they differ only on
  letters such as "ß" whose upper case is two letters).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim import claims
from sim.actions import IssueRefund, RequestApproval
from tests.sim.test_claims_exact import _agent, _record, _state

D = Decimal
APPROVAL = "workflow-approval-denied"


def _problems(scenario: str, **update: object) -> list[str]:
    state = _state(scenario, **update)
    return [m.problem for m in claims.misrepresentations(state, state.scenario)]


# -- a request handed to a supervisor ----------------------------------------------------------


def _ask(step: int) -> RequestApproval:
    refund = IssueRefund(amount=D("149.00"), target="ORD-66402", reason="an exception")
    return RequestApproval(action=refund, justification="the customer asks for an exception")


def test_a_promise_to_ask_the_supervisor_is_kept_by_an_approval_request_after_the_reply() -> None:
    reply = "Let me see what I can do: I'll forward your exception request to my supervisor now."
    asked_later = [_record(3, _ask(3))]
    assert _problems(APPROVAL, conversation=[_agent(2, reply)], actions=asked_later) == []
    # never asked: the promise was not kept
    assert _problems(APPROVAL, conversation=[_agent(2, reply)]) != []


# -- values the record supports ----------------------------------------------------------------


def _unsupported(scenario: str, reply: str) -> list[str]:
    state = _state(scenario, conversation=[_agent(2, reply)])
    return [str(m) for m in claims.unsupported_values(state, state.scenario)]


@pytest.mark.parametrize(
    ("scenario", "reply"),
    [
        # months between dates on the account, in no article
        (
            "fraud-chargeback-filed",
            "You have been a customer for 7 months, and I see both charges.",
        ),
        (
            "workflow-dual-device-error",
            "You have had this laptop for 18 months, so it is past the return window.",
        ),
    ],
)
def test_a_span_of_months_on_the_record_is_supported(scenario: str, reply: str) -> None:
    assert _unsupported(scenario, reply) == []
    # a span the record does not hold is not
    other = reply.replace("7 months", "9 months").replace("18 months", "15 months")
    assert len(_unsupported(scenario, other)) == 1
