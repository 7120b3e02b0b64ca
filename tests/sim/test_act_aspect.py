"""The tense and aspect of an act report (done, in progress, promised, conditional) and acts
reported in paraphrase (:mod:`sim.act_aspect`).

The measure set below was written before the code, from the meaning of each sentence alone:
both sides of each construction (an act affirmed, denied, promised or held to a condition), in
the five domains the reader claims (refunds, escalations, cancellations, password resets,
replacements). Each row is a sentence, the act, and every claim of that act the sentence
should give as (positive, tense); ``[]`` where it claims no such act.
"""

from __future__ import annotations

import pytest

from sim.reader import Act, Tense, read

D, P, C = Tense.DONE, Tense.PROMISED, Tense.CONDITIONAL

MEASURE_SET: list[tuple[str, Act, list[tuple[bool, Tense]]]] = [
    # -- in progress: the act's noun with a progressive passive, or "in progress" ----------
    ("Your refund of $42.10 is being processed.", Act.REFUND, [(True, D)]),
    ("The cancellation of your gym membership is now being processed.", Act.CANCEL, [(True, D)]),
    ("Your replacement headphones are being packed at our warehouse.", Act.REPLACE, [(True, D)]),
    ("Your password reset is currently being processed.", Act.RESET, [(True, D)]),
    ("The reversal of your $19.99 charge is underway.", Act.REFUND, [(True, D)]),
    ("Your refund for the cracked vase is in progress.", Act.REFUND, [(True, D)]),
    ("Your refund is not being processed yet.", Act.REFUND, [(False, D)]),
    (
        "Your replacement isn't being shipped, as the kettle is out of stock.",
        Act.REPLACE,
        [(False, D)],
    ),
    ("Your refund will be processed tomorrow morning.", Act.REFUND, [(True, P)]),
    ("If your refund is being processed, the pending charge drops off.", Act.REFUND, [(True, C)]),
    # -- passive and perfect reports of the money ------------------------------------------
    ("The $19.99 charge has been reversed.", Act.REFUND, [(True, D)]),
    ("A refund of $40 has gone through to your Visa.", Act.REFUND, [(True, D)]),
    ("The $42.10 is on its way back to your card.", Act.REFUND, [(True, D)]),
    ("The charge hasn't been reversed yet.", Act.REFUND, [(False, D)]),
    ("Your password hasn't been reset yet.", Act.RESET, [(False, D)]),
    # -- the case said to be somewhere: a locative verb for "is with" ----------------------
    ("Your case now sits with our billing team.", Act.ESCALATE, [(True, D)]),
    ("Your request rests with our warranty specialists now.", Act.ESCALATE, [(True, D)]),
    ("Your ticket has landed with our claims team.", Act.ESCALATE, [(True, D)]),
    ("Your ticket is being looked at by our escalations team.", Act.ESCALATE, [(True, D)]),
    ("Your complaint is being reviewed by our billing team.", Act.ESCALATE, [(True, D)]),
    ("Your case isn't with our billing team yet.", Act.ESCALATE, [(False, D)]),
    ("Your ticket will be with our billing team by tomorrow.", Act.ESCALATE, [(True, P)]),
    # -- periphrastic acts -------------------------------------------------------------------
    ("I've gone ahead and refunded the $25.00 delivery fee.", Act.REFUND, [(True, D)]),
    ("I've put through a refund of $63.40.", Act.REFUND, [(True, D)]),
    ("I've raised this with our fraud team.", Act.ESCALATE, [(True, D)]),
    ("I've handed this over to our warranty team.", Act.ESCALATE, [(True, D)]),
    ("I've closed out the Premium subscription.", Act.CANCEL, [(True, D)]),
    ("I've issued a credit of $15 to your account.", Act.CREDIT, [(True, D)]),
    ("I haven't put through the refund yet.", Act.REFUND, [(False, D)]),
    ("I'll go ahead and cancel the annual plan.", Act.CANCEL, [(True, P)]),
    ("I'm going ahead with the cancellation now.", Act.CANCEL, [(True, P)]),
    # -- future and near future --------------------------------------------------------------
    ("I'm going to refund the $30 today.", Act.REFUND, [(True, P)]),
    ("I'll be refunding the $30 later this afternoon.", Act.REFUND, [(True, P)]),
    ("I'm about to escalate this to our claims team.", Act.ESCALATE, [(True, P)]),
    ("You'll see $40 back on your card within 5 days.", Act.REFUND, [(True, P)]),
    ("Expect the $40 back on your card within 5 business days.", Act.REFUND, [(True, P)]),
    ("Expect your replacement kettle to arrive on Thursday.", Act.REPLACE, [(True, P)]),
    ("I'm not going to cancel the plan today.", Act.CANCEL, [(False, P)]),
    ("I'm about to send you a password reset link.", Act.RESET, [(True, P)]),
    # -- conditionals in other forms ---------------------------------------------------------
    ("Should the item not arrive by Friday, I'll refund it.", Act.REFUND, [(True, C)]),
    ("Should the courier lose it again, we will send a replacement.", Act.REPLACE, [(True, C)]),
    ("In the event that the parcel is lost, we will refund the $30.", Act.REFUND, [(True, C)]),
    ("As long as the order hasn't shipped, I'll cancel it for you.", Act.CANCEL, [(True, C)]),
    ("So long as the plan is unused, we'll refund the full $99.", Act.REFUND, [(True, C)]),
    ("Supposing the link expires, I'll reset your password again.", Act.RESET, [(True, C)]),
    ("Were the kettle to arrive damaged, we would replace it.", Act.REPLACE, [(True, C)]),
    ("Once approved, the refund is issued to your card.", Act.REFUND, [(True, C)]),
    ("Provided that the order hasn't shipped, I can cancel it.", Act.CANCEL, [(True, C)]),
    ("In case the link expires, we will reset your password again.", Act.RESET, [(True, C)]),
    ("Since the item didn't arrive, I've refunded the $12.", Act.REFUND, [(True, D)]),
    ("You should see the $40 back on your card within 5 days.", Act.REFUND, [(True, P)]),
    # -- headline and list forms -------------------------------------------------------------
    ("Refund: issued ($40)", Act.REFUND, [(True, D)]),
    ("- Escalated to: billing", Act.ESCALATE, [(True, D)]),
    ("Status — cancelled", Act.CANCEL, [(True, D)]),
    ("Escalation: raised with the billing team", Act.ESCALATE, [(True, D)]),
    ("Replacement: to be shipped on Monday", Act.REPLACE, [(True, P)]),
    ("Cancellation: pending your confirmation", Act.CANCEL, []),
    ("Refund: pending approval from finance", Act.REFUND, []),
]


def reading(text: str, act: Act) -> list[tuple[bool, Tense]]:
    return [(c.positive, c.tense) for c in read(text).claims if c.act is act]


@pytest.mark.parametrize(("text", "act", "expected"), MEASURE_SET)
def test_measure_set(text: str, act: Act, expected: list[tuple[bool, Tense]]) -> None:
    assert reading(text, act) == expected


def test_the_measure_set_has_both_sides_in_every_domain() -> None:
    assert len(MEASURE_SET) >= 40
    for act in (Act.REFUND, Act.ESCALATE, Act.CANCEL, Act.RESET, Act.REPLACE):
        rows = [e for _, a, e in MEASURE_SET if a is act]
        assert len(rows) >= 4
