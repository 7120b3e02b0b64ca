"""How far a negation reaches, second round (:mod:`sim.negation_reach`).

The measure set (``MEASURE``) was written from the meaning alone, before the code, both sides
of each construction, across refunds, escalations, cancellations, password resets and
replacements. Each row names an act and the reading its meaning gives (the kinds of
:func:`tests.sim.test_negation_reach.reading`, and):

- ``done``: affirmed, and one of its claims is done (not promised);
- ``offered``: read, every claim of it positive, in any tense ("we can replace it" is an
  offer, which the reader reads as conditional).

Read right before the change: 25/49 (the misreadings: a restrictive relative clause with a
negation of its own, 4; a relative clause holding commas of its own or a predicate that
opens with a past verb, 4; "but" + a modal and a verb, 6; a negated verb of negative
meaning, 5, and "i doubt", 1; "not only" / "not once" + an inverted auxiliary, 4). After:
46/49; the three left (``MISREAD``, strict xfail): a non-restrictive relative clause that
denies the very act its predicate affirms ("Your booking, which, as you know, we couldn't
cancel online, has now been cancelled") is asserted, and reads both ways; "There is no doubt
that your password was reset" reads nothing, as "Your password was reset" alone does.

Mutation (mutmut, the new and changed functions of :mod:`sim.negation_reach`, this file and
``test_negation_reach.py``): 215 mutants, 213 killed. The two survivors are equivalent:
``relative_lifted``'s ``next(..., 0)`` made ``next(..., None)`` (the default is only tested
for truth, and no predicate stands at index 0: the search starts at ``i + 2``); and
``restrictive_lifted``'s ``rstrip(" .!?")`` made ``rstrip("XX .!?XX")`` (the reader's parts
are lower-cased: no "X" to strip).
"""

from __future__ import annotations

import pytest

from sim.negation_reach import (
    carried_subject,
    inverted,
    reach,
    relative_lifted,
    restrictive_lifted,
    tense_words,
    unasserted,
)
from sim.reader import Act, Tense, read
from tests.sim.test_negation_reach import reading, right

MEASURE: list[tuple[str, Act, str]] = [
    # a restrictive relative clause with no commas between the subject and its verb
    ("The $40 that I couldn't refund yesterday has now been refunded.", Act.REFUND, "done"),
    ("The order that we couldn't cancel on Friday has now been cancelled.", Act.CANCEL, "done"),
    (
        "The replacement that wasn't in stock last week has been shipped today.",
        Act.REPLACE,
        "done",
    ),
    (
        "The ticket that nobody had looked at has been escalated to our billing team.",
        Act.ESCALATE,
        "done",
    ),
    ("The refund that I requested has not been issued.", Act.REFUND, "no"),
    ("The replacement that you ordered hasn't been shipped yet.", Act.REPLACE, "no"),
    ("The order that I mentioned was not cancelled.", Act.CANCEL, "no"),
    ("The $40 that I couldn't refund yesterday still hasn't been refunded.", Act.REFUND, "no"),
    ("The plan that I didn't cancel is still active.", Act.CANCEL, "no"),
    ("The $40 I couldn't refund yesterday has now been refunded.", Act.REFUND, "done"),
    ("The replacement you asked for hasn't been sent.", Act.REPLACE, "no"),
    # a relative clause with a comma of its own; a predicate with no finite verb first
    ("The refund, which, sadly, I couldn't process, has been issued.", Act.REFUND, "done"),
    (
        "Your booking, which, as you know, we couldn't cancel online, has now been cancelled.",
        Act.CANCEL,
        "done",
    ),
    ("The refund, which I couldn't process yesterday, got processed today.", Act.REFUND, "done"),
    (
        "The ticket, which we didn't escalate on Monday, got escalated to billing today.",
        Act.ESCALATE,
        "done",
    ),
    (
        "The ticket, which, as you know, was urgent, has not been escalated.",
        Act.ESCALATE,
        "no",
    ),
    ("Your order, which, I'm afraid, has shipped, can't be cancelled.", Act.CANCEL, "no"),
    # "but" + a modal (or an auxiliary) and a verb with no subject
    ("We can't refund it but can replace it.", Act.REPLACE, "offered"),
    ("We can't refund it but can replace it.", Act.REFUND, "no"),
    ("I couldn't cancel the plan but could pause it.", Act.CANCEL, "no"),
    ("I can't issue a refund but can escalate it to our billing team.", Act.ESCALATE, "offered"),
    ("We won't cancel the order but will replace the damaged kettle.", Act.REPLACE, "yes"),
    ("We won't cancel the order but will replace the damaged kettle.", Act.CANCEL, "no"),
    (
        "I can't reset your password but will escalate the issue to security.",
        Act.ESCALATE,
        "yes",
    ),
    ("We haven't refunded the fee but have cancelled the renewal.", Act.CANCEL, "done"),
    ("We can replace it but can't refund it.", Act.REFUND, "no"),
    ("We can replace it but can't refund it.", Act.REPLACE, "offered"),
    ("I will cancel the renewal but won't refund the last charge.", Act.REFUND, "no"),
    ("I will cancel the renewal but won't refund the last charge.", Act.CANCEL, "yes"),
    ("I have cancelled the order but have not refunded it yet.", Act.REFUND, "no"),
    ("I have cancelled the order but have not refunded it yet.", Act.CANCEL, "done"),
    # a negated verb of negative meaning
    ("I don't doubt that the refund was issued.", Act.REFUND, "done"),
    ("There's no question that we escalated it.", Act.ESCALATE, "done"),
    ("I can't deny that it was cancelled.", Act.CANCEL, "done"),
    ("There is no doubt that your password was reset.", Act.RESET, "done"),
    ("I won't deny that the replacement was sent.", Act.REPLACE, "done"),
    ("I doubt the refund went through.", Act.REFUND, "unsaid"),
    ("I doubt that your order was cancelled.", Act.CANCEL, "unsaid"),
    ("There's no question that we won't refund this.", Act.REFUND, "no"),
    ("I don't doubt that your ticket wasn't escalated.", Act.ESCALATE, "no"),
    ("I can't deny that we didn't escalate it sooner.", Act.ESCALATE, "no"),
    # an inverted auxiliary after "not only"
    ("Not only did we refund the $15, we also cancelled the membership.", Act.REFUND, "done"),
    ("Not only did we refund the $15, we also cancelled the membership.", Act.CANCEL, "done"),
    (
        "Not only have I reset your password, I've also escalated the issue to security.",
        Act.RESET,
        "done",
    ),
    ("Not only was the order cancelled, the $20 was refunded too.", Act.CANCEL, "done"),
    (
        "Not only will we replace the blender, we'll also refund the shipping.",
        Act.REPLACE,
        "yes",
    ),
    ("Never did we cancel your plan.", Act.CANCEL, "no"),
    ("Not once did we escalate your ticket.", Act.ESCALATE, "no"),
    ("Did we refund the $15?", Act.REFUND, "hedged"),
]


def reading2(text: str, act: Act) -> str:
    """The reading of :func:`reading`, and ``done`` / ``offered`` where they hold."""
    got = reading(text, act)
    claims = [c for c in read(text).claims if c.act is act]
    if got == "yes" and any(c.tense is Tense.DONE for c in claims):
        return "done"
    if got == "hedged" and claims and all(c.positive for c in claims):
        return "offered"
    return got


def right2(text: str, act: Act, expected: str) -> bool:
    """Whether the reader gives ``act`` in ``text`` the ``expected`` reading."""
    got = reading2(text, act)
    if expected == "yes":
        return got in ("yes", "done")
    if expected == "offered":
        return got in ("offered", "yes", "done")
    if expected in ("hedged", "unsaid"):
        return right(text, act, expected)
    return got == expected


MISREAD = {
    (
        "Your booking, which, as you know, we couldn't cancel online, has now been cancelled.",
        Act.CANCEL,
    ),
    (
        "The ticket, which we didn't escalate on Monday, got escalated to billing today.",
        Act.ESCALATE,
    ),
    ("There is no doubt that your password was reset.", Act.RESET),
}
"""Read wrong after the change (see the module docstring): a non-restrictive relative
clause that denies the very act its predicate affirms reads both ways ("mixed"); "your
password was reset" is not read as a reset even alone."""


@pytest.mark.parametrize(
    ("text", "act", "expected"),
    [
        pytest.param(*row, marks=pytest.mark.xfail(strict=True)) if row[:2] in MISREAD else row
        for row in MEASURE
    ],
)
def test_measure_set(text: str, act: Act, expected: str) -> None:
    assert right2(text, act, expected), reading2(text, act)


def test_restrictive_lifted_reads_the_predicate_first() -> None:
    assert restrictive_lifted(
        "the $40 that i could not refund yesterday has now been refunded."
    ) == ("the $40 has now been refunded that i could not refund yesterday.")
    assert restrictive_lifted("the $40 i could not refund has been refunded") == (
        "the $40 has been refunded that i could not refund"
    )  # no "that": a subject pronoun opens the relative clause
    assert restrictive_lifted("$40 that we did not send is refunded!") == (
        "$40 is refunded that we did not send!"
    )
    assert restrictive_lifted("your new phone case that was not in stock was replaced") == (
        "your new phone case was replaced that was not in stock"
    )
    assert restrictive_lifted("the ticket that nobody looked at will be escalated") == (
        "the ticket will be escalated that nobody looked at"
    )
    assert restrictive_lifted("the plan that you never used still has not been cancelled") == (
        "the plan still has not been cancelled that you never used"
    )
    assert restrictive_lifted("the order we paid not a cent for was replaced") == (
        "the order was replaced that we paid not a cent for"
    )
    assert restrictive_lifted("the order we made no change to was cancelled") == (
        "the order was cancelled that we made no change to"
    )
    assert restrictive_lifted("the refund that i requested has not been issued") == (
        "the refund that i requested has not been issued"
    )  # no negation in the relative clause: left alone
    assert restrictive_lifted("this is the one that i can not refund is it") == (
        "this is the one that i can not refund is it"
    )  # the "subject" holds a finite verb: a clause of its own
    assert restrictive_lifted("refunds that we can not issue are rare") == (
        "refunds that we can not issue are rare"
    )  # no determiner
    assert restrictive_lifted("the refund has not been issued") == "the refund has not been issued"
    assert restrictive_lifted("the refund that not one person sent has been issued") == (
        "the refund has been issued that not one person sent"
    )
    assert restrictive_lifted("the refund that nobody agreed is sent") == (
        "the refund that nobody agreed is sent"
    )  # "agreed" has "-eed": no past verb of this reading
    assert restrictive_lifted("the refund that i never need was issued") == (
        "the refund that i never need was issued"
    )
    assert restrictive_lifted("the one thing we could offer was a call") == (
        "the one thing we could offer was a call"
    )
    assert restrictive_lifted("the $40 that i thought would not come has now come") == (
        "the $40 has now come that i thought would not come"
    )
    assert restrictive_lifted("the a b c d that i could not refund has been refunded") == (
        "the a b c d that i could not refund has been refunded"
    )  # a subject of more than four words
    assert restrictive_lifted(
        "the fee that one two three four five i could not refund is gone"
    ) == (
        "the fee that one two three four five i could not refund is gone"
    )  # more than four words before the relative clause's verb
    assert (
        restrictive_lifted("the fee that i could not one two three four five six seven is refunded")
        == "the fee that i could not one two three four five six seven is refunded"
    )
    assert restrictive_lifted(
        "the fee that i could not do is refunded as we told you they know"
    ) == (
        "the fee is refunded as we told you they know that i could not do"
    )  # every word of the gate in the part
    assert restrictive_lifted("the fee that i could not take back is now refunded") == (
        "the fee is now refunded that i could not take back"
    )
    assert restrictive_lifted("the fee that i could not take went away") == (
        "the fee that i could not take went away"
    )  # no finite verb opens the predicate


def test_relative_lifted_takes_a_relative_clause_with_commas_of_its_own() -> None:
    assert relative_lifted(
        ["the refund", "which", "sadly", "i could not process", "has been issued."]
    ) == [
        "the refund has been issued.",
        "which sadly i could not process",
    ]
    assert relative_lifted(["the refund", "who", "i could not process", "got processed today"]) == [
        "the refund got processed today",
        "who i could not process",
    ]
    assert relative_lifted(["ok", "the refund", "which", "a", "b", "c", "was sent"]) == [
        "ok",
        "the refund",
        "which",
        "a",
        "b",
        "c",
        "was sent",
    ]  # more than three parts of a relative clause
    assert relative_lifted(["the refund", "which", "b", "c", "was sent", "ok"]) == [
        "the refund was sent",
        "which b c",
        "ok",
    ]
    assert relative_lifted(["the refund", "which i saw", "went out today"]) == [
        "the refund went out today",
        "which i saw",
    ]
    assert relative_lifted(["the refund", "which i saw", "came back"]) == [
        "the refund came back",
        "which i saw",
    ]
    assert relative_lifted(["the refund", "which i saw", "sent today"]) == [
        "the refund sent today",
        "which i saw",
    ]
    assert relative_lifted(["the refund", "which i saw", "need a check"]) == [
        "the refund",
        "which i saw",
        "need a check",
    ]  # "need": no past verb
    assert relative_lifted(["the refund", "which i saw", "edited"]) == [
        "the refund",
        "which i saw",
        "edited",
    ]  # a past verb opens a predicate with more words after it
    assert relative_lifted(["the refund", "whichever", "was sent"]) == [
        "the refund",
        "whichever",
        "was sent",
    ]
    assert relative_lifted(["the $40 that i could not refund has been refunded"]) == [
        "the $40 has been refunded that i could not refund"
    ]
    assert relative_lifted(["not only did we refund it", "we also cancelled it"]) == [
        "we did refund it",
        "we also cancelled it",
    ]


def test_inverted_puts_the_auxiliary_after_its_subject() -> None:
    assert inverted(["not only did we refund the $15"]) == ["we did refund the $15"]
    assert inverted(["ok", "never was the order cancelled"]) == [
        "ok",
        "the order was not cancelled",
    ]
    assert inverted(["not", "once did we escalate it."]) == ["we did not escalate it."]
    assert inverted(["not", "sure"]) == ["not", "sure"]
    assert inverted(["once you reset it", "it works"]) == ["once you reset it", "it works"]
    assert inverted(["at no point have we cancelled it"]) == ["we have not cancelled it"]
    assert inverted(["at no time will i refund it"]) == ["i will not refund it"]
    assert inverted(["under no circumstances can they refund it"]) == ["they can not refund it"]
    assert inverted(["not only was your $40 refunded"]) == ["your $40 was refunded"]
    assert inverted(["not only was the damaged kettle replaced"]) == [
        "the damaged kettle was replaced"
    ]
    assert inverted(["never was the order sent"]) == ["the order was not sent"]
    assert inverted(["never was the password reset"]) == ["the password was not reset"]
    assert inverted(["never was the fee paid"]) == ["the fee was not paid"]
    assert inverted(["never was the fee one two three four paid"]) == [
        "never was the fee one two three four paid"
    ]
    assert inverted(["never has the refund been made"]) == ["the refund has not been made"]
    assert inverted(["never has the been made"]) == ["never has the been made"]
    assert inverted(["not only the refund"]) == ["not only the refund"]
    assert inverted(["not only did you", "x"]) == ["not only did you", "x"]
    assert inverted(["never did it"]) == ["never did it"]
    assert inverted(["we refunded it"]) == ["we refunded it"]
    assert inverted(["not only could he", "x"]) == ["not only could he", "x"]
    assert inverted(["not only had she paid"]) == ["she had paid"]
    assert inverted(["not once", "did we"]) == ["not once", "did we"]


def test_carried_subject_after_but_and_a_modal() -> None:
    assert carried_subject("we can not refund it", "but can replace it") == "but we can replace it"
    assert (
        carried_subject("i will cancel it", "but will not refund it") == "but i will not refund it"
    )
    assert carried_subject("we have not refunded it", "but have cancelled the renewal") == (
        "but we have cancelled the renewal"
    )
    assert (
        carried_subject("i can not", "but also could escalate it") == "but i also could escalate it"
    )
    assert (
        carried_subject("i can not", "but could never refund it") == "but i could never refund it"
    )
    assert carried_subject("i can not", "but can replace orders that are late") == (
        "but i can replace orders that are late"
    )  # the modal is the finite verb: a later one is another clause's
    assert carried_subject("i can not", "but can i ask") == "but can i ask"
    assert carried_subject("i can not", "but have a look") == "but have a look"
    assert carried_subject("i can not", "but have the refund") == "but have the refund"
    assert carried_subject("you can not", "but can call us") == "but can call us"
    assert carried_subject("i can not", "but canreplace") == "but canreplace"
    for modal in ("could", "would", "may", "might", "should", "must", "has", "had"):
        assert carried_subject("we can not", f"but {modal} send it") == f"but we {modal} send it"


def test_reach_and_tense_after_a_negated_verb_of_negative_meaning() -> None:
    assert reach("i do not doubt that the ") == " that the "
    assert reach("there is no question that we ") == " that we "
    assert reach("no doubt the ") == " the "
    assert reach("there is no question of ") == "there is no question of "
    assert reach("there is no doubt about the ") == "there is no doubt about the "
    assert reach("i can not deny that it was ") == " that it was "
    assert reach("i do not doubt you were ") == " you were "
    assert reach("i can not deny the ") == "i can not deny the "
    assert reach("we will not dispute that it was ") == " that it was "
    assert reach("i would not question that we ") == " that we "
    assert reach("there is no denying we ") == " we "
    assert reach("no doubt of ") == "no doubt of "
    assert reach("i do not deny of ") == "i do not deny of "
    assert tense_words("i can not deny that it was ") == " that it was "
    assert tense_words("i did not realise i had ") == " i had "
    assert tense_words("i did not say i ") == "i did not say i "
    assert tense_words("there is no doubt that your ") == " that your "
    assert tense_words("i have ") == "i have "
    assert tense_words("there is no way i am not ") == "there is no way i am not "
    assert tense_words("we never knew that it was ") == " that it was "


def test_unasserted_reads_a_verb_of_doubt() -> None:
    assert unasserted("i doubt that your order was ")
    assert unasserted("we really doubt the ")
    assert unasserted("i do doubt it was ")
    assert unasserted("we rather doubt it was ")
    assert not unasserted("i do not doubt that the ")
    assert not unasserted("no doubt the ")
    assert not unasserted("i doubt one two three four five six ")
    assert not unasserted("you doubt the ")


def test_emphatic_did_reads_done() -> None:
    for text, act in (
        ("We did refund the $15.", Act.REFUND),
        ("I did cancel the renewal.", Act.CANCEL),
        ("Not only did I reset your password, I escalated it too.", Act.RESET),
    ):
        assert reading2(text, act) == "done", text
    assert reading2("We did not refund the $15.", Act.REFUND) == "no"
