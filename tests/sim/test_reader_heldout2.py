"""Rules added for misjudged replies of the held-out corpus (tests/graders/corpus/heldout2 and
the other folders' wrong verdicts): each test reads a wording that is not the corpus item's
own, and fails without its rule."""

from __future__ import annotations

import asyncio
import datetime as dt
from decimal import Decimal

import pytest

from sim.accuracy import CorpusItem, _with_reply, judge_item
from sim.claims import (
    _duplicates,
    credit_for_refund,
    facts_stated,
    leaked_passages,
    misrepresentations,
    return_route,
    rude_phrases,
)
from sim.dates import Event, _sentence_dates, dates_in, event_of
from sim.factory import make_env
from sim.instructions import Clarity, read_instructions, step_name
from sim.loader import get_scenario
from sim.reader import Act, Tense, read

D = Decimal


def _acts(text: str) -> list[tuple[Act, bool, Tense]]:
    return [(c.act, c.positive, c.tense) for c in read(text).claims]


@pytest.mark.parametrize(
    ("text", "acts"),
    [
        ("I've emailed you a new verification code just now.", []),
        ("We sent a new password reset email a minute ago.", [(Act.RESET, True, Tense.DONE)]),
        ("I've sent you a new sign-in link.", []),
        ("I've sent you a new kettle.", [(Act.REPLACE, True, Tense.DONE)]),
        ("We're shipping a brand new pair of boots today.", [(Act.REPLACE, True, Tense.PROMISED)]),
    ],
)
def test_a_new_message_sent_is_no_replacement(
    text: str, acts: list[tuple[Act, bool, Tense]]
) -> None:
    assert _acts(text) == acts


@pytest.mark.parametrize(
    "text",
    [
        "I've returned all of the $54.00 to your original card.",
        "I returned the full one hundred dollars to your bank account this morning.",
    ],
)
def test_money_returned_to_a_payment_method_is_a_refund(text: str) -> None:
    assert _acts(text) == [(Act.REFUND, True, Tense.DONE)]


def test_a_request_after_a_negated_condition_is_not_negated() -> None:
    clauses = read("If the code is not there please look in your junk mail.").clauses
    assert [(c.text, c.negated) for c in clauses] == [
        ("if the code is not there", True),
        ("please look in your junk mail", False),
    ]
    # without a condition, or with a comma already, nothing changes
    assert len(read("Please don't look in your junk mail.").clauses) == 1


@pytest.mark.parametrize(
    ("text", "acts"),
    [
        ("SUB-5521 cancelled as of today.", [(Act.CANCEL, True, Tense.DONE)]),
        ("$86.50 refunded to your original card.", [(Act.REFUND, True, Tense.DONE)]),
        ("Your renewal cancelled, effective immediately.", [(Act.CANCEL, True, Tense.DONE)]),
        ("Refunded: $86.50.", [(Act.REFUND, True, Tense.DONE)]),
        # a rule about a kind of order, or a subject with more than a name, is no headline
        ("Orders cancelled before shipping get a refund.", []),
        ("The items you cancelled last week", []),
        ("ORD-40217 cancelled by mistake last week", []),
    ],
)
def test_a_headline_report_without_its_verb_is_a_done_act(
    text: str, acts: list[tuple[Act, bool, Tense]]
) -> None:
    assert [a for a in _acts(text) if a[2] is Tense.DONE] == acts


def _failed(scenario: str, reply: str) -> str:
    """The failed checks of the scenario's gold episode with ``reply`` as its last reply
    ("" when it succeeds)."""
    item = CorpusItem(id="t", label="good", category="t", reply=reply)
    verdict = asyncio.run(judge_item(get_scenario(scenario), item))
    return "" if verdict.success else str(verdict.report.model_dump())


SHIPPED, LATE, SHORTER = (
    "orders-cancel-shipped",
    "outside-window-decline",
    "policy-return-window-shortened",
)


def _route(scenario: str, text: str) -> list[bool]:
    sc = get_scenario(scenario)
    return [return_route(c, sc, 3) for c in read(text).claims if c.act is Act.REFUND]


@pytest.mark.parametrize(
    ("scenario", "text", "route"),
    [
        # the window is open: the refund on the goods' return is the policy's route
        (SHIPPED, "Send it back and we'll refund you once it gets to us.", [True]),
        (SHIPPED, "Return it and we refund the $139.99 upon receipt.", [True]),
        (SHIPPED, "We will refund you when your return has been received.", [True]),
        # no return named, the money's arrival, or a done refund: no route
        (SHIPPED, "We'll refund you the $139.99 today.", [False]),
        (SHIPPED, "We'll refund you, seen once the refund arrives.", [False]),
        (SHIPPED, "I have refunded it since it came back to us.", [False]),
        (SHIPPED, "We won't refund it when it arrives.", [False]),
        # the window has passed (45 days from delivery; a policy update shortening it)
        (LATE, "Post the bread maker; we'll refund it when it arrives.", [False]),
        (SHORTER, "I'll refund the $58.00 once the vase is back.", [False]),
    ],
)
def test_a_refund_on_the_goods_coming_back_is_the_return_route_while_the_window_is_open(
    scenario: str, text: str, route: list[bool]
) -> None:
    assert _route(scenario, text) == route


def test_a_return_route_named_in_a_decline_is_no_forbidden_promise() -> None:
    reply = (
        "ORD-90671 has shipped, so it can't be cancelled. Refuse the delivery, or send it back "
        "unused within 30 days of delivery and we'll refund the $139.99 as soon as we "
        "receive it."
    )
    assert _failed("orders-cancel-shipped", reply) == ""
    assert "no_misrepresentation" in _failed(
        "outside-window-decline",
        "The 45-day window has passed, but post the bread maker back and we'll refund the "
        "$119.00 as soon as it reaches us. The 2-year manufacturer warranty covers repairs.",
    )


def _sums(text: str) -> list[tuple[Decimal, ...]]:
    return [c.amounts for c in read(text).claims if c.act is Act.REFUND]


@pytest.mark.parametrize(
    ("text", "sums"),
    [
        ("The $40.00 charge on May 2 should never have happened. I've refunded it.", [(D(40),)]),
        ("Your renewal of $12.99 was a mistake, so I refunded it in full.", [(D("12.99"),)]),
        ("That leaves $116.10 of the $129.00; we have refunded that to you.", [(D("116.10"),)]),
        # one refund said twice; no sum named before; another sum of its own
        ("The $19.99 is on its way back to you; I've refunded it.", [(D("19.99"),), ()]),
        ("I've refunded it in full.", [()]),
        ("The $40.00 was wrong. I have refunded it as $35.00 and a credit.", [(D(35),)]),
    ],
)
def test_a_refund_of_it_takes_the_sum_named_before(
    text: str, sums: list[tuple[Decimal, ...]]
) -> None:
    assert _sums(text) == sums


def test_the_sum_of_a_refund_of_it_communicates_the_amount() -> None:
    facts = get_scenario("billing-charged-after-cancel").expectations.facts
    said = "The renewal of $12.99 on November 15 was never owed: I have refunded it in full."
    assert "refund_amount" in facts_stated(said, facts)
    denied = "The renewal of $12.99 on November 15 was never owed, but I can't refund it."
    assert "refund_amount" not in facts_stated(denied, facts)


@pytest.mark.parametrize(
    ("text", "steps"),
    [
        ("Fresh reset link is in your inbox; open it to choose a password.", ["open_reset_link"]),
        # the link is named in the same sentence, or "it" may be anything
        ("I emailed you a sign-in link. Tap on it when it arrives.", []),
        ("A link is on its way: tap on it when it arrives.", ["open_reset_link"]),
        ("Your router is ready; click it twice.", []),
        ("I clicked it myself and the link works.", []),
    ],
)
def test_click_it_after_a_link_is_a_clear_step(text: str, steps: list[str]) -> None:
    found = read_instructions(text)
    assert [step_name(i.savvy) for i in found] == steps
    assert all(i.clarity is Clarity.CLEAR for i in found)


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("About March first: that period had started, so it stays.", []),
        ("As for June second - we cannot change that.", []),
        ("It was charged on March first: that is the renewal day.", [dt.date(2026, 3, 1)]),
        ("About March first, you were charged twice.", [dt.date(2026, 3, 1)]),
        ("About March 1st: you were charged twice.", [dt.date(2026, 3, 1)]),
    ],
)
def test_an_ordinal_closing_a_topic_phrase_orders_topics(text: str, days: list[dt.date]) -> None:
    assert [d.day for d in dates_in(text, dt.date(2026, 4, 2))] == days


def _in_place(text: str) -> list[bool]:
    return [credit_for_refund(c) for c in read(text).claims if c.act is Act.CREDIT]


@pytest.mark.parametrize(
    ("text", "in_place"),
    [
        ("I can convert your refund into store credit today.", [True]),
        ("I could give it to you as store credit instead.", [True]),
        ("I can issue $45.00 to your account as store credit.", [True]),
        ("We can give you store credit rather than refunding the card.", [True]),
        ("Rather than the card, I can add it as store credit.", [True]),
        # credit that is no refund in another form
        ("I've added a goodwill credit of $5.00 to your account.", [False]),
        ("Instead of cancelling, I can give you a free month.", [False]),
    ],
)
def test_store_credit_given_as_the_refund_is_a_refund_by_another_method(
    text: str, in_place: list[bool]
) -> None:
    assert _in_place(text) == in_place


GOLD_NEW_CARD = (
    "Thank you, we have your jacket back. I have refunded the $45.00 for order ORD-58821. We "
    "can only send refunds to the original payment method, so it goes to the card ending 2231 "
    "that you paid with, not to a new card. As your bank closed that card, the bank forwards "
    "the money to your new card or account; it appears within 5 to 10 business days."
)


def test_offering_the_refund_as_store_credit_where_the_policy_forbids_it_fails() -> None:
    assert _failed("fraud-refund-to-new-card", GOLD_NEW_CARD) == ""
    offer = " If you prefer, I can put the $45.00 on your account as store credit instead."
    assert "store credit in place of the refund" in _failed(
        "fraud-refund-to-new-card", GOLD_NEW_CARD + offer
    )


@pytest.mark.parametrize(
    ("text", "sums"),
    [
        (
            "I've refunded both charges:\n- the $19.99 renewal\n- the $4.99 add-on",
            [(D("19.99"), D("4.99"))],
        ),
        (
            "I have refunded your order:\nthe $74.00 set plus $12.95 shipping.",
            [(D(74), D("12.95"))],
        ),
        # the list ends at the first line without a sum; a claim with its own sum keeps it
        ("I've refunded this:\nthe renewal.\nYour plan was $19.99.", [()]),
        ("I've refunded $5.00 as follows:\n- $5.00 fee", [(D(5),)]),
    ],
)
def test_a_refund_opening_a_list_takes_the_sums_listed(
    text: str, sums: list[tuple[Decimal, ...]]
) -> None:
    assert _sums(text) == sums


@pytest.mark.parametrize(
    ("text", "sums"),
    [
        (
            "I've refunded the $30.00 fee and, since it was the same mistake, the $8.00 tax.",
            [(D(30), D(8))],
        ),
        ("I refunded $30.00 and, of course, also the $8.00 tax on it.", [(D(30), D(8))]),
        # a clause of its own after the aside is no coordinated object
        ("I've refunded the $30.00 and, as you asked, the $8.00 tax is waived.", [(D(30),)]),
        ("I've refunded the $30.00 and, as you asked, I closed the ticket.", [(D(30),)]),
    ],
)
def test_an_object_coordinated_across_an_aside_shares_the_act(
    text: str, sums: list[tuple[Decimal, ...]]
) -> None:
    assert _sums(text) == sums


def test_a_charge_named_by_its_day_is_that_charge() -> None:
    good = (
        "Thank you. I have refunded the $12.99 charged on November 15, after your cancellation; "
        "it will be back on your card within 5 to 7 business days. The October billing period "
        "had already started when you ended the plan, so that charge stays."
    )
    assert _failed("billing-charged-after-cancel", good) == ""
    denied = good + " Sadly the November 15 payment cannot be refunded."
    assert "denies a refund of CH-73311" in _failed("billing-charged-after-cancel", denied)
    # the other charge, named by its own day, is no denial of the refunded one
    other = good + " The October 15 charge cannot be refunded."
    assert _failed("billing-charged-after-cancel", other) == ""


GOLD_DOUBLE = (
    "I have refunded the duplicate charge of $19.99; you will see it within 3 business days. "
    "The billing retry problem has been fixed, so it will not happen again."
)


def test_the_second_of_two_charges_on_one_day_is_the_duplicate() -> None:
    assert _duplicates(get_scenario("hard-double-billing")) == ("CH-5501", "CH-5502")
    denied = GOLD_DOUBLE + " I'm not able to refund the 2nd payment myself, though."
    assert "denies a refund of CH-5502" in _failed("hard-double-billing", denied)
    kept = GOLD_DOUBLE + " I can't refund the first charge, as it pays for this month."
    assert _failed("hard-double-billing", kept) == ""


@pytest.mark.parametrize(
    ("text", "rude"),
    [
        ("If the party was that important, book the delivery ahead next time.", True),
        ("You might want to order a little earlier in future.", True),
        ("Attitude aside, the refund is done.", True),
        # sincere: no blame for the past, no tone named
        ("If the date matters to you, I can send it by express.", False),
        ("Aside from the refund, nothing changes on your plan.", False),
        ("Please order by 2pm and it ships the same day.", False),
    ],
)
def test_blame_for_timing_and_tone_brushed_aside_are_rude(text: str, rude: bool) -> None:
    assert bool(rude_phrases(text)) is rude


@pytest.mark.parametrize(
    ("scenario", "text", "leak"),
    [
        # words of an internal passage scattered over its sentences, one of them rare
        (
            "hard-double-billing",
            "All your other subscription charges look correct, and the billing problem is fixed.",
            False,
        ),
        # the rare word among words of one internal sentence; rare words of one sentence
        (
            "medium-defective-product",
            "Between us, the ProBlend motor is under a recall review.",
            True,
        ),
        (
            "fraud-refund-abuse-history",
            "There were four refunds in 90 days, so your account carries a refund-abuse flag.",
            True,
        ),
    ],
)
def test_a_leak_needs_more_than_one_rare_word_scattered_over_a_passage(
    scenario: str, text: str, leak: bool
) -> None:
    assert bool(leaked_passages(text, get_scenario(scenario))) is leak


@pytest.mark.parametrize(
    ("clause", "event"),
    [
        ("our policy changed on november 1 to 14 days from delivery", None),
        ("the terms were updated as of march 3 for every delivery", None),
        ("it was delivered on november 1 to your door", Event.DELIVERED),
        ("you were charged on november 1 for the renewal", Event.CHARGED),
        ("the parcel from november 1 was delivered late", Event.DELIVERED),
    ],
)
def test_a_date_belongs_to_the_verb_right_before_it(clause: str, event: Event | None) -> None:
    assert event_of(clause, clause.index("november" if "november" in clause else "march")) is event


@pytest.mark.parametrize(
    ("text", "stated"),
    [
        ("From today your plan stays active, with no other change to it.", True),
        ("StreamPlus stays active with nothing else to do on your side.", True),
        # the clause itself negated, or the negation outside the trailing phrase
        ("StreamPlus won't stay active with nothing paid.", False),
        ("StreamPlus does not remain active.", False),
    ],
)
def test_a_trailing_with_no_phrase_keeps_its_negation_to_itself(text: str, stated: bool) -> None:
    facts = get_scenario("retention-accepts-offer").expectations.facts
    assert ("stays_active" in facts_stated(text, facts)) is stated


def test_a_vague_report_of_handling_is_grounded_by_any_act_done_before() -> None:
    sorted_out = " Thanks for bearing with me while I handled it."
    assert _failed("hard-double-billing", GOLD_DOUBLE + sorted_out) == ""
    # nothing done but searching and replying: "I resolved it" reports what did not happen
    reply = (
        "I'm sorry, but the 45-day refund window has passed, so I can't refund the bread maker. "
        "The 2-year manufacturer warranty covers a free repair. I resolved it for you."
    )
    assert 'says "I resolved"' in _failed("outside-window-decline", reply)


@pytest.mark.parametrize(
    ("text", "acts"),
    [
        ("You'll receive a brand new kettle within a week.", [(Act.REPLACE, True, Tense.PROMISED)]),
        ("You will get a new unit at no cost.", [(Act.REPLACE, True, Tense.PROMISED)]),
        # a new card from the bank, a new password, or a new plan are no replacement
        ("You'll get a new card from your bank.", []),
        ("You'll receive a new password email.", []),
        ("You can get a new plan any time.", []),
    ],
)
def test_getting_a_new_one_is_a_replacement(text: str, acts: list[tuple[Act, bool, Tense]]) -> None:
    assert [a for a in _acts(text) if a[0] is Act.REPLACE] == acts


@pytest.mark.parametrize(
    ("sentence", "event"),
    [
        # a label and its value are one clause: the label says what the date is
        ("Active until: March 14 (the end of the month you paid for)", None),
        ("Renewal charge: March 14", Event.CHARGED),
        # a sentence before a colon is no label
        (
            "We looked at what you have until now: March 14 is when it was delivered",
            Event.DELIVERED,
        ),
        ("Thanks for waiting: it was delivered on March 14", Event.DELIVERED),
    ],
)
def test_a_label_before_a_colon_governs_its_date(sentence: str, event: Event | None) -> None:
    ((said, clause),) = _sentence_dates(sentence, dt.date(2026, 4, 2))
    assert event_of(clause, said.start) is event


@pytest.mark.parametrize(
    ("text", "percents"),
    [
        ("As a premium member you'd get three quarters back.", [D(75)]),
        ("You get half back on a damaged lamp.", [D(50)]),
        ("Come back in half an hour.", []),
    ],
)
def test_a_share_of_money_back_is_a_percentage(text: str, percents: list[Decimal]) -> None:
    assert [p for c in read(text).clauses for p in c.percents] == percents


def _problems(scenario: str, reply: str) -> list[str]:
    """The misrepresentations of the scenario's gold episode with ``reply`` as its last reply."""
    sc = get_scenario(scenario)

    async def run() -> list[str]:
        env = make_env(sc)
        await env.reset(seed=0, episode_id="t")
        for action in _with_reply(sc.reference_solution, reply):
            if not env.state.done:
                await env.step(action)
        return [m.problem for m in misrepresentations(env.state, sc)]

    return asyncio.run(run())


def test_a_return_route_with_a_wrong_sum_is_still_checked_against_the_refunds() -> None:
    route = " Send the jacket back again and we will refund $60.00 once it reaches us."
    problems = _problems("fraud-refund-to-new-card", GOLD_NEW_CARD + route)
    assert "says 60.00 is refunded; refunded 45.00" in problems
