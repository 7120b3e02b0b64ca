"""The shared guidance rules (sim/guidance.py): reading an error code and a customer's
report, picking the article's clear steps, one step per reply."""

from __future__ import annotations

from sim.guidance import (
    ASK_CODE,
    RESET_STEP,
    Guide,
    GuideKind,
    customer_done,
    error_code_in,
    fix_steps,
    next_guidance,
)

ARTICLES = [
    ("Error code E-12", "Error code E-12: a loose cable. Turn the router off and on again."),
    (
        "Error code E-31",
        "Error code E-31 means an update failed. Hold the power button for ten seconds. "
        "Then install the update from Settings. The router then works.",
    ),
]


def test_error_code_in() -> None:
    assert error_code_in(["The screen on my router shows error code E-31."]) == "E-31"
    assert error_code_in(["it says E-12 now", "no idea"]) == "E-12"
    assert error_code_in(["My order ORD-1234 is late."]) is None


def test_customer_done() -> None:
    assert customer_done("I'm signed in now. Thank you!")
    assert customer_done("my router is working again: the error is gone.")
    assert not customer_done("It is still not working.")
    assert not customer_done("That's very helpful, thank you kindly.")


def test_fix_steps_come_from_the_article_for_the_code() -> None:
    assert fix_steps(ARTICLES, "E-31") == [
        "Hold the power button for ten seconds.",
        "Then install the update from Settings.",
    ]
    assert fix_steps(ARTICLES, "E-99") == []


def _next(customer: list[str], agent: list[str], **kw: object) -> Guide | None:
    args: dict[str, object] = {"articles": ARTICLES, "searched": [], "reset_sent": False}
    args.update(kw)
    return next_guidance(customer_said=customer, agent_said=agent, **args)  # type: ignore[arg-type]


def test_device_flow_asks_then_relays_one_step_at_a_time_then_closes() -> None:
    opening = ["My router shows an error on its screen."]
    assert _next(opening, []) == Guide(GuideKind.REPLY, ASK_CODE)
    coded = [*opening, "It shows error code E-31."]
    first = _next(coded, [ASK_CODE])
    assert first is not None and "Hold the power button" in first.text
    second = _next([*coded, "Done, still E-31."], [ASK_CODE, first.text])
    assert second is not None and "install the update" in second.text
    assert _next([*coded, "It is working again!"], [ASK_CODE, first.text]) == Guide(
        GuideKind.CLOSE, "The customer confirmed it works now."
    )


def test_device_flow_searches_for_an_unknown_code_once() -> None:
    said = ["My router shows an error.", "It shows error code E-77."]
    assert _next(said, [ASK_CODE]) == Guide(GuideKind.SEARCH, "error code E-77")
    assert _next(said, [ASK_CODE], searched=["error code E-77"]) is None


def test_reset_flow_and_no_guidance_for_other_tickets() -> None:
    assert _next(["I can't sign in."], ["I sent a link."], reset_sent=True) == Guide(
        GuideKind.REPLY, RESET_STEP
    )
    assert _next(["I want a refund for my order."], [], articles=[]) is None
