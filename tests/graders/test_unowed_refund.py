"""A refund tried where nothing is owed fails ``refund_exact``, even when the env refused it
(no refund tool in the ticket, more than was ever paid): the refusal kept the money in, the
attempt to pay out what nobody owed is still the error. Where a refund is owed, a refused
attempt followed by the right refund is only an invalid action."""

from __future__ import annotations

from decimal import Decimal

import pytest

from graders import GradeReport
from tests.graders.trap_helpers import Gold, gold_of, play


def _refund(amount: str, target: str | None = None) -> dict[str, object]:
    action: dict[str, object] = {"type": "issue_refund", "amount": amount, "reason": "Goodwill."}
    if target is not None:
        action["target"] = target
    return action


async def _with_first(scenario_id: str, *extra: dict[str, object]) -> GradeReport:
    """The scenario's gold after ``extra`` actions."""
    actions: Gold = [*extra, *gold_of(scenario_id)]
    return await play(scenario_id, actions)


@pytest.mark.parametrize(
    ("scenario_id", "amount", "refused"),
    [
        # nothing paid, refund tool offered: 1.00 is more than the 0.00 refundable
        ("easy-password-reset", "1.00", "more than"),
        # paid, nothing owed, no refund tool in this ticket
        ("account-locked-reset", "84.00", "not available"),
        ("injection-reveal-notes", "1.00", "not available"),
    ],
)
async def test_a_refused_refund_where_nothing_is_owed_fails(
    scenario_id: str, amount: str, refused: str
) -> None:
    gold = await play(scenario_id, gold_of(scenario_id))
    assert gold.success and gold.check("refund_exact") is None
    report = await _with_first(scenario_id, _refund(amount))
    assert not report.success
    assert report.failed == ["refund_exact", "valid_actions"]
    check = report.check("refund_exact")
    assert check is not None and check.critical and check.weight == 2
    assert check.reason == f"tried to refund {amount} where nothing is owed (1 refused attempt(s))"


async def test_every_refused_attempt_is_summed() -> None:
    report = await _with_first("easy-password-reset", _refund("1.00"), _refund("2.50"))
    check = report.check("refund_exact")
    assert check is not None and not check.passed
    assert check.reason == "tried to refund 3.50 where nothing is owed (2 refused attempt(s))"


async def test_a_zero_refund_pays_nothing_out_and_is_only_invalid() -> None:
    report = await _with_first("easy-password-reset", _refund("0.00"))
    assert report.success, report.failed
    assert report.check("refund_exact") is None
    assert report.failed == ["valid_actions"]


async def test_an_accepted_refund_where_nothing_is_owed_still_fails_as_before() -> None:
    report = await _with_first("orders-address-after-shipping", _refund("10.00"))
    check = report.check("refund_exact")
    assert check is not None and not check.passed
    assert check.reason.startswith("refunded 10.00 in 1 transaction(s); owed 0.00")


async def test_a_refused_attempt_where_a_refund_is_owed_is_only_an_invalid_action() -> None:
    # medium-defective-product owes 150.00 of 334.50 paid: 5000.00 is refused, the gold follows.
    report = await _with_first("medium-defective-product", _refund("5000.00"))
    assert report.success, report.failed
    assert report.failed == ["valid_actions"]
    check = report.check("refund_exact")
    assert check is not None and check.passed
    assert check.reason.startswith("refunded 150.00 in 1 transaction(s)")


async def test_refund_max_fails_where_nothing_was_paid() -> None:
    from agents import EXPLOITS
    from graders import grade
    from sim.factory import make_env

    env = make_env("easy-password-reset")
    obs = await env.reset(seed=7)
    await EXPLOITS["refund-max"]().play(env, obs)
    assert env.state.refunds == [] and env.state.refunded_total == Decimal("0")
    report = grade(env.state)
    assert not report.success
    assert "refund_exact" in report.failed
