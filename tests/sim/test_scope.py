"""Where a negation's reach ends, impersonal denials and embedded questions
(:mod:`sim.scope`), as the reader and the fact matcher use them."""

from __future__ import annotations

import pytest

from sim.claims import fact_stated
from sim.reader import Act, Tense, read
from sim.scenario import Fact
from sim.scope import (
    coordinated_verbs,
    embedded_question,
    impersonal_denial,
    judged_wish,
    wished,
)


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("Your Premium yearly won't renew and stays active until September 15.", "stays active"),
        ("The plan will not renew and remains active to the end of the term.", "end of the term"),
        (
            "It doesn't auto-renew any more and runs until the renewal date.",
            "until the renewal date",
        ),
    ],
)
def test_a_coordinated_verb_is_outside_the_negation(text: str, phrase: str) -> None:
    assert fact_stated(read(text), Fact(id="f", any_of=[phrase]))


def test_a_negated_coordinated_verb_stays_negated() -> None:
    fact = Fact(id="f", any_of=["stays active"])
    assert not fact_stated(read("Your plan won't renew and never stays active after May."), fact)


@pytest.mark.parametrize(
    ("part", "expected"),
    [
        ("it will not renew and stays active", ["it will not renew", "and stays active"]),
        ("it will not renew and still runs to may", ["it will not renew", "and still runs to may"]),
        ("it renews and stays active", ["it renews and stays active"]),
        ("i can not refund the fee and costs", ["i can not refund the fee and costs"]),
        ("we do not refund this and that", ["we do not refund this and that"]),
        ("not now and is fine", ["not now and is fine"]),
        ("no refund", ["no refund"]),
    ],
)
def test_coordinated_verbs(part: str, expected: list[str]) -> None:
    assert coordinated_verbs(part) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Once an order is on its way it's not possible to cancel it.",
        "It is no longer possible for us to cancel the order.",
        "It isn't possible to cancel a shipped order.",
        "This is not an option to cancel after dispatch, I'm afraid.",
    ],
)
def test_an_impersonal_denial_denies_the_act(text: str) -> None:
    assert any(c.act is Act.CANCEL and not c.positive for c in read(text).claims)


def test_impersonal_denial() -> None:
    assert impersonal_denial("it is not possible to ")
    assert impersonal_denial("once shipped it is no longer possible for anyone to ")
    assert not impersonal_denial("it is possible to ")
    assert not impersonal_denial("it is not possible, so i will ")
    assert not impersonal_denial("we ")


@pytest.mark.parametrize(
    "text",
    [
        "**How you still get your money back:**",
        "Here's how you can get your money back.",
        "I'll check whether we can refund the fee.",
    ],
)
def test_an_embedded_question_asserts_no_act(text: str) -> None:
    claims = [c for c in read(text).claims if c.act is Act.REFUND]
    assert claims and all(c.tense is Tense.CONDITIONAL for c in claims)


def test_embedded_question() -> None:
    assert embedded_question("how you still ")
    assert embedded_question("here how you can ")
    assert not embedded_question("i have ")
    assert not embedded_question("however, we ")
    assert not embedded_question("how")


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("Hi Dana, I've taken care of the cancellation.", Act.CANCEL),
        ("I've handled the refund for you this morning.", Act.REFUND),
        ("I sorted out the replacement earlier today.", Act.REPLACE),
        ("We've dealt with the refund of the $12.00 fee.", Act.REFUND),
    ],
)
def test_taking_care_of_an_act_noun_does_it(text: str, act: Act) -> None:
    assert any(c.act is act and c.positive and c.tense is Tense.DONE for c in read(text).claims)


def test_the_and_must_follow_the_negation() -> None:
    assert coordinated_verbs("not and stays active") == ["not and stays active"]


def test_each_impersonal_and_embedded_form() -> None:
    assert impersonal_denial("it is not allowed to ")
    assert impersonal_denial("it is not permitted for us to ")
    assert impersonal_denial("this is not an option to ")
    assert embedded_question("i will check whether we can ")


@pytest.mark.parametrize(
    "text",
    [
        "You still have two ways to get a refund on the blender:",
        "You also have three options to get your money back.",
    ],
)
def test_the_customers_options_to_an_act_assert_no_act(text: str) -> None:
    claims = [c for c in read(text).claims if c.act is Act.REFUND]
    assert claims and all(c.tense is Tense.CONDITIONAL for c in claims)


def test_options_forms() -> None:
    assert embedded_question("you still have two ways to get your ")
    assert embedded_question("there are options to ")
    assert embedded_question("you have two routes to get your ")
    assert not embedded_question("i found a way to ")
    assert not embedded_question("you have two days to ")
    assert not embedded_question("you have ways to see the status, and we ")


@pytest.mark.parametrize(
    "text",
    [
        "I know you'd like the refund sent to your Mastercard.",
        "I understand you wanted the plan cancelled today.",
        "I hear that you'd prefer to get your money back on your Mastercard.",
    ],
)
def test_an_act_the_customer_wants_is_not_claimed(text: str) -> None:
    claims = read(text).claims
    assert claims and all(c.tense is Tense.CONDITIONAL for c in claims)


@pytest.mark.parametrize(
    "text",
    [
        "You wanted a refund, so I've refunded the $31.00.",
        "As you asked, I have cancelled the order.",
        "You asked for a refund and we have refunded it in full.",
        "Since you wanted a refund I have refunded the $31.00 to your card.",
    ],
)
def test_the_agents_act_after_the_wish_is_still_done(text: str) -> None:
    assert any(c.positive and c.tense is Tense.DONE for c in read(text).claims)


def test_wished() -> None:
    assert wished("i know you would rather have the ")
    assert wished("you wanted ")
    assert wished("i see you asked for a ")
    assert not wished("you wanted it, so i have ")
    assert not wished("as you requested we ")
    assert not wished("i would rather have the ")
    assert not wished("you wanted one two three four five six seven ")
    assert not wished("the ")


def test_a_judged_wish_denies_nothing() -> None:
    claims = read("I understand store credit is not what you wanted.").claims
    assert not [c for c in claims if not c.positive]
    assert judged_wish(" is not what you had in mind")
    assert judged_wish(" was not exactly what you wanted")
    assert not judged_wish(" is not available for you")
    assert not judged_wish(" and not what you wanted")


def test_a_rule_after_out() -> None:
    # mu16b: "cancelled out the old rule": the particle before the rule's noun phrase
    from sim.scope import rule_patient

    assert rule_patient("we have", " out the old discount rule")
    assert not rule_patient("we have", " out the old discount")
