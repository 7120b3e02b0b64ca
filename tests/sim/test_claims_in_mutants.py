"""``reader._claims_in`` read exactly: the claims of one clause, as (act, positive, tense,
amounts). Written against the mutation run of the function with the reader's test files
(test_reader.py, test_reader_rules.py): each case is a clause that a wrong rule (an ``and``
for an ``or``, a dropped condition, a flipped polarity) would read differently.

Texts here are their own (no other test reads them): mutmut picks each mutant's tests from a
run that records which test calls which function, and a cached reading would hide one.

Figures (505 mutants): mutmut checked the first 309 with the reader's files and the first
version of this file (its entitlement cases): 262 killed, 47 survived (84.8%). 42 of the 47
fail on the cases added since (each checked on the mutated code, caches cleared, then
confirmed by a mutmut re-run of the 42): 304/309 (98.4%). Mutants 310-505, run with the
reader's files and this file as it stood then: 150 of 196 killed, 46 survived; 40 of the 46
fail on the cases added after them (checked on each mutated function, and by a mutmut
re-run of the survivors). In all: 494/505 killed (97.8%), 5 equivalent, 6 open.
Equivalent (argued, not killed): 251, 283, 284, the "nothing/no ... be(en)"
alternative of the claim filter dropped, and-ed or made unmatchable; ``before`` ends in "be "
or "been " whenever it matches, and ``_PASSIVE`` (read just before) matches every such
``before``, so the alternative never decides. 367, ``or True`` on ``m.start() ==
len(before)``: ``before`` is ``clause[: m.start()]``, so the test is always true. 504,
``_REGRET`` replaced by "XX XX" instead of " ": the match sits between word boundaries, so
neither replacement can make "i" or "let me" for ``_ME``.
Not killed, not argued: 301 and 302 (the relative-clause guard of the clause-wide
negation); 459, 460, 462, 467 (the credit that names a refund's form takes the refund's
tense: no clause found where the credit's own tense differs from its refund's)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.reader import Act, Claim, Tense, read

D = Decimal
C, P, DONE = Tense.CONDITIONAL, Tense.PROMISED, Tense.DONE

Read = list[tuple[Act, bool, Tense, tuple[Decimal, ...]]]


def claims(text: str) -> Read:
    """Each claim of ``text`` as (act, positive, tense, amounts)."""
    return [(c.act, c.positive, c.tense, c.amounts) for c in read(text).claims]


# -- "is refundable", "refunds are possible": a rule about a kind of thing, or this one -------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a kind of thing as the subject: a rule
        ("Renewals are refundable within 14 days.", [(Act.REFUND, True, C, ())]),
        # the act's noun as a bare plural subject: a rule too
        ("Refunds are possible only within 30 days of delivery.", [(Act.REFUND, True, C, ())]),
        # the customer's own renewal: an act owed
        ("Your renewal is refundable.", [(Act.REFUND, True, P, ())]),
        # a generic denial still denies this one: not a rule
        ("Renewals are not refundable.", [(Act.REFUND, False, P, ())]),
    ],
)
def test_an_entitlement_of_a_kind_is_a_rule(text: str, expected: Read) -> None:
    assert claims(text) == expected


def whole(text: str) -> list[Claim]:
    return list(read(text).claims)


@pytest.mark.parametrize(
    ("text", "act", "positive", "amounts", "universal"),
    [
        # the thing owed named after "owed"; the entitlement named after "entitled to"
        ("A replacement is owed to you for the cracked mug.", Act.REPLACE, True, (), False),
        ("You are entitled to a replacement of the kettle.", Act.REPLACE, True, (), False),
        ("You qualify for a refund of $27.30.", Act.REFUND, True, (D("27.30"),), False),
        ("The $18.40 delivery charge is refundable.", Act.REFUND, True, (D("18.40"),), False),
        # "non-refundable" denies without a "not"
        ("The gift voucher is non-refundable.", Act.REFUND, False, (), False),
        # "nothing" denies every refund
        ("Nothing on this order is refundable.", Act.REFUND, False, (), True),
    ],
)
def test_an_entitlement_is_one_claim_owed_to_the_customer(
    text: str, act: Act, positive: bool, amounts: tuple[Decimal, ...], universal: bool
) -> None:
    context = text.lower().rstrip(".")
    assert whole(text) == [Claim(act, positive, P, amounts, (), False, text, universal, context)]


# -- "sent ... back": goods go back, money comes back ------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # goods sent back: no refund claimed
        ("I have sent the old headset back.", []),
        # money sent back, or something sent back to a card: a refund done
        ("I have sent the $41.90 back.", [(Act.REFUND, True, DONE, (D("41.90"),))]),
        ("I have sent the old headset back to your card.", [(Act.REFUND, True, DONE, ())]),
        # the goods' return skipped, the act after it in the clause still read
        (
            "I have sent the old headset back and a replacement is on its way.",
            [(Act.REPLACE, True, DONE, ())],
        ),
    ],
)
def test_goods_sent_back_are_no_refund(text: str, expected: Read) -> None:
    assert claims(text) == expected


# -- "you cancelled": the customer's own act ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("You cancelled the annual plan on May 2.", []),
        ("You have already cancelled the annual plan.", []),
        # the agent's act; the customer's receiving (no past act of theirs)
        ("I cancelled the annual plan on May 2.", [(Act.CANCEL, True, DONE, ())]),
        ("You get your money back within five days.", [(Act.REFUND, True, P, ())]),
    ],
)
def test_an_act_the_customer_did_is_not_claimed(text: str, expected: Read) -> None:
    assert claims(text) == expected


def acts(text: str) -> list[Act]:
    return [c.act for c in read(text).claims]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a clause's act skipped (the customer's own, a wish judged, the bank's card), the
        # act after it in the same clause still read
        ("You cancelled the order before I shipped a replacement.", [Act.REPLACE]),
        ("A refund is not what you wanted as I have escalated the case.", [Act.ESCALATE]),
        ("Since the card was cancelled I have shipped a replacement.", [Act.REPLACE]),
    ],
)
def test_a_skipped_act_does_not_end_the_clause(text: str, expected: list[Act]) -> None:
    assert acts(text) == expected


# -- "the card was cancelled": the bank's act, seen within 25 characters before the verb
# and 20 after it ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "card" begins 25 characters before the verb: the bank's act
        ("The card you used in may was cancelled.", []),
        # 26 characters before: outside the window, the cancellation is read
        ("The card you used in june was cancelled.", [(Act.CANCEL, True, DONE, ())]),
        # "card" ends 20 characters after the verb: the bank's card
        ("I cancelled your red visa card today.", []),
        ("We cancelled your old card yesterday.", []),
        # 21 characters after: outside the window
        ("I cancelled your green visa card today.", [(Act.CANCEL, True, DONE, ())]),
    ],
)
def test_a_card_near_the_verb_makes_the_cancellation_the_banks(text: str, expected: Read) -> None:
    assert claims(text) == expected


# -- a report in a note's grammar: "Refunded: $86.50", "Plan cancelled today" ----------------


def spoken(text: str) -> list[tuple[Act, bool, Tense, tuple[Decimal, ...], bool]]:
    """Each claim as (act, positive, tense, amounts, said by the agent)."""
    return [(c.act, c.positive, c.tense, c.amounts, c.by_me) for c in read(text).claims]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Refunded: $64.30.", [(Act.REFUND, True, DONE, (D("64.30"),), False)]),
        ("Membership cancelled today.", [(Act.CANCEL, True, DONE, (), False)]),
        # the thing acted on named by its name
        ("Cancelled NewsDeck.", [(Act.CANCEL, True, DONE, (), True)]),
        # the verb with its object: the agent's own act
        ("Refunded the $8.75 handling fee.", [(Act.REFUND, True, DONE, (D("8.75"),), True)]),
    ],
)
def test_a_headline_report_is_a_claim(
    text: str, expected: list[tuple[Act, bool, Tense, tuple[Decimal, ...], bool]]
) -> None:
    assert spoken(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an act named as a noun ("for escalating", "instead of a refund"), a wish weighed:
        # no act claimed, the act after it in the same clause still read
        ("I wrote a note for escalating your case to the billing team.", []),
        ("I have escalated your case to the billing team.", [Act.ESCALATE]),
        ("Instead of a refund I have cancelled the renewal.", [Act.CANCEL]),
        ("Cancellation is what you asked for as I have arranged a replacement.", [Act.REPLACE]),
        # the customer's wish, without a subject of their own
        ("I can understand wanting the plan cancelled today.", []),
        # "it is not possible to": an act read with no subject of its own
        ("It is not possible to cancel the booking now.", [Act.CANCEL]),
    ],
)
def test_an_act_named_not_done_is_not_claimed(text: str, expected: list[Act]) -> None:
    assert acts(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a reset link said to wait in the mailbox, or there with the mailbox named: sent
        ("A password reset email is waiting in your inbox.", [(Act.RESET, True, DONE, ())]),
        (
            "Check your inbox, there is a link to choose a new password.",
            [(Act.RESET, True, DONE, ())],
        ),
        # the act itself said not to be possible: a denial
        ("Cancellation is no longer possible.", [(Act.CANCEL, False, P, ())]),
        # the act's noun and its participle: a report
        ("Refund of the delivery fee processed.", [(Act.REFUND, True, DONE, ())]),
    ],
)
def test_an_act_stated_by_its_state(text: str, expected: Read) -> None:
    assert claims(text) == expected


@pytest.mark.parametrize(
    ("text", "universal"),
    [
        # "nothing/no money/none of it ... comes back": a refund denied with no subject
        ("Nothing comes back to your card for that month.", True),
        ("No money comes back for the unused days.", False),
        ("None of it comes back to you.", False),
    ],
)
def test_nothing_coming_back_denies_a_refund(text: str, universal: bool) -> None:
    assert [(c.act, c.positive, c.universal) for c in read(text).claims] == [
        (Act.REFUND, False, universal)
    ]


# -- a denial read as a limit or a rule: "a charge this large", "myself ... finance" ---------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a size named: the agent's limit, not this refund denied
        ("I can't refund a charge this large.", [(Act.REFUND, False, C, ())]),
        # the agent's own limit and a hand-off in the sentence: a limit
        (
            "I can't refund the charge myself; a colleague in finance will.",
            [(Act.REFUND, False, C, ())],
        ),
        # the own limit without a hand-off, a hand-off without the own limit: a denial
        ("I can't refund the charge myself.", [(Act.REFUND, False, P, ())]),
        (
            "I can't refund the fee, but the finance team has it now.",
            [(Act.REFUND, False, P, ()), (Act.ESCALATE, True, DONE, ())],
        ),
        # the act ruled out, a condition in the next clause: a rule
        (
            "Cancellation is no longer possible, once it ships it is gone.",
            [(Act.CANCEL, False, C, ())],
        ),
    ],
)
def test_a_denial_with_a_limit_or_a_condition_is_a_rule(text: str, expected: Read) -> None:
    assert claims(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the act's noun and a participle, no verb: done
        ("Replacement sorted for the walnut desk.", [(Act.REPLACE, True, DONE, ())]),
        ("Cancellation of the gym plan confirmed.", [(Act.CANCEL, True, DONE, ())]),
        # an embedded question, the customer's wish: not asserted
        ("How you still get your money back:", [(Act.REFUND, True, C, ())]),
        ("I know you wanted the plan cancelled straight away.", [(Act.CANCEL, True, C, ())]),
        (
            "I understand you'd like the reset link sent to your new address.",
            [(Act.RESET, True, C, ())],
        ),
    ],
)
def test_a_nominal_report_is_done_and_a_wish_is_not(text: str, expected: Read) -> None:
    assert claims(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a named record's state before it: "it is cancelled" reports this order's cancellation
        (
            "ORD-55120 had not left the warehouse, so it is cancelled.",
            [(Act.CANCEL, True, DONE, ())],
        ),
        # in a condition, or with no record named: a rule
        ("If ORD-55120 has not shipped, it is cancelled.", [(Act.CANCEL, True, C, ())]),
        ("Your parcel had not shipped, so it is cancelled.", [(Act.CANCEL, True, C, ())]),
    ],
)
def test_a_named_record_before_a_present_passive_makes_it_done(text: str, expected: Read) -> None:
    assert claims(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # money said to arrive: it exists
        ("Your refund will appear on your card in three days.", [(Act.REFUND, True, DONE, ())]),
        # ... unless the sentence makes it wait on an event
        ("Your refund will appear once the return reaches us.", [(Act.REFUND, True, P, ())]),
        (
            "Your refund will show on your statement after the courier collects the box.",
            [(Act.REFUND, True, P, ())],
        ),
        # a link said to arrive: how it works, not a link sent
        ("Your reset link will arrive in a minute.", [(Act.RESET, True, P, ())]),
    ],
)
def test_money_said_to_arrive_exists_unless_it_waits(text: str, expected: Read) -> None:
    assert claims(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the act's noun in a finished state: done
        ("Your plan cancellation is confirmed.", [(Act.CANCEL, True, DONE, ())]),
        # with its agent after it: whose step it is, not that it happened
        ("Your plan cancellation is confirmed by the billing team.", [(Act.CANCEL, True, P, ())]),
        # a kind of act in the present: a rule
        ("Any cancellation is confirmed in writing.", [(Act.CANCEL, True, C, ())]),
        ("A replacement is sent by our warehouse team.", [(Act.REPLACE, True, C, ())]),
    ],
)
def test_an_acts_noun_in_a_finished_state_is_done(text: str, expected: Read) -> None:
    assert claims(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a present passive waiting on an event, in its clause or opening the next: a rule
        (
            "The $139.99 is refunded when the return arrives.",
            [(Act.REFUND, True, C, (D("139.99"),))],
        ),
        ("The refund is issued, once the parcel is back with us.", [(Act.REFUND, True, C, ())]),
        ("Your deposit is refunded, after the inspection.", [(Act.REFUND, True, C, ())]),
        # a bare plural subject: a rule, unless denied
        ("Exchanges are refunded to the original card.", [(Act.REFUND, True, C, ())]),
        ("Exchanges are not refunded to the card.", [(Act.REFUND, False, P, ())]),
        # what the customer's cover means: owed, not done
        ("Your cover means the blender is replaced.", [(Act.REPLACE, True, P, ())]),
        # a kind of object after the act: the policy
        ("We only refund duplicate charges.", [(Act.REFUND, True, C, ())]),
    ],
)
def test_an_act_waiting_on_an_event_or_of_a_kind_is_a_rule(text: str, expected: Read) -> None:
    assert claims(text) == expected


def test_the_customers_receiving_in_the_active_is_owed_not_done() -> None:
    # "you have got ... back": the customer's receiving, not the agent's act reported
    assert claims("You have got your money back.") == [(Act.REFUND, True, P, ())]


@pytest.mark.parametrize(
    ("text", "by_me"),
    [
        # the agent's regret before a denial: still the agent's refusal
        ("I'm afraid the charge can't be refunded.", True),
        ("I think the charge cannot be refunded.", True),
        # before an act granted: a rule, not the agent's act
        ("I'm afraid refunds are only possible within 30 days.", False),
    ],
)
def test_a_denial_after_the_agents_regret_is_the_agents(text: str, by_me: bool) -> None:
    assert [c.by_me for c in read(text).claims] == [by_me]
