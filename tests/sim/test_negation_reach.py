"""How far a negation reaches, outside clauses of reason and time (:mod:`sim.negation_reach`).

The measure set (``MEASURE``) was written from the meaning alone, before the code, both sides
of each construction, across refunds, escalations, cancellations, password resets and
replacements. Each row names an act and the reading its meaning gives:

- ``yes``: the act is read, affirmed (every claim of it positive, one of them done or
  promised);
- ``no``: the act is read, denied (every claim of it negative);
- ``hedged``: nothing is asserted about the act (no claim, or only conditional ones);
- ``unsaid``: the act is not affirmed (no positive claim that is done or promised).

Read right before the change: 36/52 (the misreadings: a non-restrictive relative clause
between the subject and its predicate, 4; "but" + a verb with no subject after a negated or
"not only" clause, 4; double negation, 4; a negated verb of saying or of knowing before the
act, 4). After: 52/52.
"""

from __future__ import annotations

import pytest

from sim.negation_reach import carried_subject, reach, relative_lifted, unasserted
from sim.reader import Act, Tense, read

MEASURE: list[tuple[str, Act, str]] = [
    # a non-restrictive relative clause
    ("The refund, which I couldn't process yesterday, has now been issued.", Act.REFUND, "yes"),
    ("Your refund, which wasn't approved on Monday, has now been issued.", Act.REFUND, "yes"),
    (
        "The replacement, which we couldn't send last week, has been shipped today.",
        Act.REPLACE,
        "yes",
    ),
    ("Your replacement, which is in stock today, has not been sent yet.", Act.REPLACE, "no"),
    ("The booking, which you can't use now, has been cancelled.", Act.CANCEL, "yes"),
    ("Your subscription, which I have not cancelled, renews on May 3.", Act.CANCEL, "no"),
    ("I've escalated it to billing, who won't need anything more from you.", Act.ESCALATE, "yes"),
    (
        "I have cancelled the subscription, which means you will not be charged again.",
        Act.CANCEL,
        "yes",
    ),
    (
        "I have refunded the $25.00, which should not take more than five days to reach you.",
        Act.REFUND,
        "yes",
    ),
    ("The $40, which I haven't refunded yet, is still on hold.", Act.REFUND, "no"),
    # contrast and replacement
    ("Rather than cancelling the plan, I've paused it.", Act.CANCEL, "unsaid"),
    ("Instead of refunding the $30, I have escalated it to billing.", Act.REFUND, "unsaid"),
    ("Instead of refunding the $30, I have escalated it to billing.", Act.ESCALATE, "yes"),
    ("I have refunded the $30 instead of escalating it.", Act.REFUND, "yes"),
    ("I haven't refunded it, but I have escalated it.", Act.REFUND, "no"),
    ("I haven't refunded it, but I have escalated it.", Act.ESCALATE, "yes"),
    ("We haven't cancelled the order but replaced it.", Act.CANCEL, "no"),
    ("We haven't cancelled the order but replaced it.", Act.REPLACE, "yes"),
    ("I didn't refund the fee but cancelled the renewal.", Act.CANCEL, "yes"),
    (
        "I've not only reset your password but also escalated the login issue to security.",
        Act.ESCALATE,
        "yes",
    ),
    (
        "I've not only reset your password but also escalated the login issue to security.",
        Act.RESET,
        "yes",
    ),
    ("We have not only refunded the $15 but also cancelled the membership.", Act.CANCEL, "yes"),
    ("Rather than refund you, I can only offer store credit.", Act.REFUND, "unsaid"),
    # "without" + a gerund or a noun
    ("I've refunded you without needing the item back.", Act.REFUND, "yes"),
    ("I can't refund you without the item.", Act.REFUND, "no"),
    ("We have sent a replacement without waiting for the return.", Act.REPLACE, "yes"),
    ("I have cancelled the plan without charging the early exit fee.", Act.CANCEL, "yes"),
    ("Without a receipt we cannot replace the kettle.", Act.REPLACE, "no"),
    ("Your case was escalated without delay.", Act.ESCALATE, "yes"),
    # negative words that are not about the act
    ("No problem, I've refunded it.", Act.REFUND, "yes"),
    ("No worries, your subscription has been cancelled.", Act.CANCEL, "yes"),
    ("Not to worry, I have escalated this to our billing team.", Act.ESCALATE, "yes"),
    ("Never fear, the replacement has been shipped.", Act.REPLACE, "yes"),
    ("No need to reply, the refund has been issued.", Act.REFUND, "yes"),
    ("No problem at all, I have reset your password.", Act.RESET, "yes"),
    ("No problem, but I can't refund it.", Act.REFUND, "no"),
    ("Don't worry, I haven't cancelled anything.", Act.CANCEL, "no"),
    ("Never fear: nobody has cancelled your booking.", Act.CANCEL, "no"),
    # double negation and litotes
    ("There's no reason I wouldn't refund this.", Act.REFUND, "unsaid-not-denied"),
    ("I can't not escalate this.", Act.ESCALATE, "yes"),
    ("There's no way I'm not replacing this.", Act.REPLACE, "yes"),
    ("There's no way I won't refund this.", Act.REFUND, "yes"),
    ("There's no way I can refund this.", Act.REFUND, "no"),
    ("There is no way I would ever refund that.", Act.REFUND, "unsaid"),
    # a negated verb of saying or knowing before the act
    ("I didn't say I refunded it.", Act.REFUND, "hedged"),
    ("I can't confirm that your order was cancelled.", Act.CANCEL, "hedged"),
    ("I'm not sure the refund has been issued.", Act.REFUND, "hedged"),
    ("I'm sure the refund has been issued.", Act.REFUND, "yes"),
    ("I didn't realise I had already refunded it.", Act.REFUND, "yes"),
    ("I can confirm that your order was cancelled.", Act.CANCEL, "yes"),
    ("It's not true that I cancelled your plan.", Act.CANCEL, "no"),
    ("I don't think the replacement has been sent.", Act.REPLACE, "unsaid"),
]


def reading(text: str, act: Act) -> str:
    """Which of the kinds of reading the docstring names the reader gives ``act`` in
    ``text`` (the most specific that holds)."""
    claims = [c for c in read(text).claims if c.act is act]
    asserted = [c for c in claims if c.tense is not Tense.CONDITIONAL]
    if asserted and all(c.positive for c in claims):
        return "yes"
    if claims and not any(c.positive for c in claims):
        return "no"
    if not asserted:
        return "hedged"
    return "mixed"


def right(text: str, act: Act, expected: str) -> bool:
    got = reading(text, act)
    if expected == "unsaid":
        return got in ("no", "hedged")
    if expected == "unsaid-not-denied":  # "no reason I wouldn't": not denied
        return got in ("yes", "hedged") and any(
            c.positive for c in read(text).claims if c.act is act
        )
    return got == expected


@pytest.mark.parametrize(("text", "act", "expected"), MEASURE)
def test_measure_set(text: str, act: Act, expected: str) -> None:
    assert right(text, act, expected), reading(text, act)


def test_relative_lifted_joins_the_subject_and_its_predicate() -> None:
    parts = ["the refund", "which i could not process", "has now been issued."]
    assert relative_lifted(parts) == [
        "the refund has now been issued.",
        "which i could not process",
    ]
    assert relative_lifted(["ok", "the $40", "who i asked", "was sent", "thanks"]) == [
        "ok",
        "the $40 was sent",
        "who i asked",
        "thanks",
    ]
    assert relative_lifted(["your plan", "which i have not cancelled", "still renews"]) == [
        "your plan",
        "which i have not cancelled",
        "still renews",
    ]  # the predicate does not open with a finite verb
    assert relative_lifted(["i have the refund", "which is late", "has been sent"]) == [
        "i have the refund",
        "which is late",
        "has been sent",
    ]  # the first part is a clause of its own
    assert relative_lifted(["the plan is active", "which i like", "has been cancelled"]) == [
        "the plan is active",
        "which i like",
        "has been cancelled",
    ]
    assert relative_lifted(["refunds", "which are late", "are sent"]) == [
        "refunds",
        "which are late",
        "are sent",
    ]  # no determiner: not the subject noun phrase of this reading
    assert relative_lifted(["the refund", "which is late"]) == ["the refund", "which is late"]
    assert relative_lifted(["$40", "which is late", "was sent"]) == [
        "$40 was sent",
        "which is late",
    ]
    assert relative_lifted(["the refund you asked for", "which is late", "was sent"]) == [
        "the refund you asked for was sent",
        "which is late",
    ]
    assert relative_lifted(["the refund", "that is late", "was sent"]) == [
        "the refund",
        "that is late",
        "was sent",
    ]
    assert relative_lifted(["the refund", "which is late", "now has been sent"]) == [
        "the refund now has been sent",
        "which is late",
    ]


def test_carried_subject_gives_but_the_subject_before_it() -> None:
    assert carried_subject("we have not cancelled it", "but replaced it") == "but we replaced it"
    assert (
        carried_subject(" i have not only reset it", "but also escalated it")
        == "but i also escalated it"
    )
    assert carried_subject("so i did not refund it", "but sent a card") == "but i sent a card"
    assert carried_subject("we did not", "but reset it") == "but we reset it"
    assert carried_subject("you did not", "but replaced it") == "but replaced it"
    assert carried_subject("the team did not", "but replaced it") == "but replaced it"
    assert carried_subject("we did not", "but the replacement") == "but the replacement"
    assert carried_subject("we did not", "and replaced it") == "and replaced it"
    assert carried_subject("i am sorry", "but cancelled orders can not be refunded") == (
        "but cancelled orders can not be refunded"
    )
    assert carried_subject("i am sorry", "butreplaced it") == "butreplaced it"


def test_reach_leaves_a_double_negation_out() -> None:
    assert reach("i can not not ") == "i "
    assert reach("we could not simply not ") == "we "
    assert reach("there is no way i am not ") == "there is "
    assert reach("there is no reason why we would not be ") == "there is "
    assert reach("there is not a chance that i will never ") == "there is "
    assert reach("there is no way i can ") == "there is no way i can "
    assert reach("there is no reason we never ") == "there is "
    assert reach("i can not ") == "i can not "
    assert reach("i refunded ") == "i refunded "


def test_reach_keeps_only_the_complement_of_a_negated_report() -> None:
    assert reach("i did not say i ") == " i "
    assert reach("i did not realise that we had already ") == " that we had already "
    assert reach("i was not aware we ") == " we "
    assert reach("i did not know if we ") == "i did not know if we "
    assert reach("i did not know the ") == "i did not know the "
    assert reach("i never noticed it was ") == " it was "
    assert reach("i had not realised we ") == " we "
    assert reach("i have not realized that it was ") == " that it was "
    assert reach("i am not really sure the ") == " the "


def test_unasserted_reads_a_negated_verb_of_saying_or_certainty() -> None:
    assert unasserted("i did not say i ")
    assert unasserted("i can not confirm that your order was ")
    assert unasserted("i am not sure the ")
    assert unasserted("i am not certain of the ")
    assert unasserted("we never promised you would be ")
    assert unasserted("i do not remember whether i ")
    assert unasserted("i could not actually guarantee that it was ")
    assert not unasserted("i can not promise a ")
    assert not unasserted("i am sure the ")
    assert not unasserted("i did say i ")
    assert not unasserted("i do not think the ")
    assert not unasserted("i did not realise i had ")
    assert not unasserted("i did not say anything, and then one two three four five six ")
    assert not unasserted("i did not say that one two three four five six seven ")
    assert unasserted("i am not sure that your new ")
    assert not unasserted("i am not sure one two three four five six ")


def test_the_clock_am_is_no_finite_verb() -> None:
    # Both finite-verb tests take scope.AUXILIARY, which has no "am" ("i am" carries its
    # "i"): a lone "am" is the clock's, in the subject or in the "but" clause's object.
    assert relative_lifted(["the 9 am refund", "which i could not process", "has been issued"]) == [
        "the 9 am refund has been issued",
        "which i could not process",
    ]
    assert carried_subject("we have not cancelled it", "but replaced the 9 am slot") == (
        "but we replaced the 9 am slot"
    )
    for text, act in (
        ("The 9 am refund, which I couldn't process yesterday, has now been issued.", Act.REFUND),
        ("We have not cancelled the order but replaced the 9 am delivery.", Act.REPLACE),
    ):
        assert reading(text, act) == "yes", text
