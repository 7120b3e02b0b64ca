"""The claim reader: values, polarity, questions, word salad and claims, one rule per case."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.reader import Act, Duration, Tense, Unit, read


def _amounts(text: str) -> list[Decimal]:
    return [a for c in read(text).clauses for a in c.amounts]


def _durations(text: str) -> list[Duration]:
    return [d for c in read(text).clauses for d in c.durations]


def _percents(text: str) -> list[Decimal]:
    return [p for c in read(text).clauses for p in c.percents]


D = Decimal


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I refunded $150.", [D("150.00")]),
        ("I refunded $ 150.00 today.", [D("150.00")]),
        ("A refund of USD 150 is on its way.", [D("150.00")]),
        ("That is 150 dollars back to you.", [D("150.00")]),
        ("You get forty dollars back.", [D("40.00")]),
        ("one hundred fifty dollars", [D("150.00")]),
        ("forty-four dollars and fifty cents", [D("44.50")]),
        ("fourteen dollars forty-nine each month", [D("14.49")]),
        ("the duplicate nineteen ninety-nine charge", [D("19.99")]),
        # a fraction ("7 12ths") is a share, not a price said in words ("7 12")
        ("Seven twelfths of $300.00 is $175.00.", [D("300.00"), D("175.00")]),
        ("about three sixteenths of it", []),
        ("the twenty fifteen charge", [D("20.15")]),
        ("The charge of $1,188.00 was refunded.", [D("1188.00")]),
        ("A refund of 19.99 was issued.", [D("19.99")]),
        ("Order ORD-7781 is refunded.", []),
        ("It takes 5 to 7 business days.", []),
        ("We refund 50% of it.", []),
        ("€20 credit", [D("20.00")]),
    ],
)
def test_amounts_in_every_form(text: str, expected: list[Decimal]) -> None:
    assert _amounts(text) == expected


@pytest.mark.parametrize(
    ("text", "low", "high", "unit"),
    [
        ("It appears within 5–7 business days.", 5, 7, Unit.BUSINESS_DAY),
        ("It appears within 5 - 7 business days.", 5, 7, Unit.BUSINESS_DAY),
        ("It appears within 5 to 7 business days.", 5, 7, Unit.BUSINESS_DAY),
        ("It takes between 2 and 4 days.", 2, 4, Unit.DAY),
        ("You have ninety days.", 90, 90, Unit.DAY),
        ("Two working days at most.", 2, 2, Unit.BUSINESS_DAY),
        ("Expect it in 3 buisness days.", 3, 3, Unit.BUSINESS_DAY),
        ("The link lasts 24h.", 24, 24, Unit.HOUR),
        ("Our 45-day window has passed.", 45, 45, Unit.DAY),
        ("It ships within one week.", 1, 1, Unit.WEEK),
        ("A 2-year warranty covers it.", 2, 2, Unit.YEAR),
        ("Within 12 months of delivery.", 12, 12, Unit.MONTH),
        ("The code works for 15 minutes.", 15, 15, Unit.MINUTE),
        ("Expect a call in 20-40 mins.", 20, 40, Unit.MINUTE),
        ("It takes one to two minutes.", 1, 2, Unit.MINUTE),
    ],
)
def test_durations_in_every_form(text: str, low: int, high: int, unit: Unit) -> None:
    assert _durations(text) == [Duration(D(low), D(high), unit)]


def test_durations_compare_in_hours() -> None:
    day, hours = _durations("one day")[0], _durations("24 hours")[0]
    assert day.hours() == hours.hours() == (D(24), D(24))
    assert _durations("2 weeks")[0].hours() == (D(336), D(336))
    assert _durations("1 month")[0].hours()[1] == D(720)
    assert _durations("1 year")[0].hours()[1] == D(8760)
    assert _durations("90 minutes")[0].hours() == (D("1.5"), D("1.5"))


@pytest.mark.parametrize("text", ["It takes one minute.", "Back in a minute.", "just 1 min"])
def test_a_single_minute_is_an_idiom_of_brevity(text: str) -> None:
    assert _durations(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We refund 50% of the price.", [D(50)]),
        ("We refund 50 percent.", [D(50)]),
        ("You get half of the price back.", [D(50)]),
        ("I refunded half the price.", [D(50)]),
        ("A quarter of the price", [D(25)]),
        ("Returns close a month and a half after delivery.", []),
        ("Wait half an hour.", []),
    ],
)
def test_percents(text: str, expected: list[Decimal]) -> None:
    assert _percents(text) == expected


@pytest.mark.parametrize(
    ("text", "negated"),
    [
        ("I will not refund the blender.", True),
        ("I won't refund it.", True),
        ("I cant refund it now.", True),
        ("No refund is possible.", True),
        ("Nothing will be refunded.", True),
        ("We never refund used months.", True),
        ("I am unable to refund this.", True),
        ("The request was declined.", True),
        ("You don't need to return it.", False),
        ("You do not have to send it back.", False),
        ("There is no need to return the item.", False),
        ("It was refunded without you returning it.", False),
        ("No problem at all.", False),
        ("No worries.", False),
        ("It will arrive no later than Friday.", False),
        ("It takes no more than 3 days.", False),
        ("It is replaced at no cost to you.", False),
        ("Don't hesitate to write back.", False),
        ("It will not happen again.", False),
        ("I refunded it.", False),
    ],
)
def test_polarity_of_a_clause(text: str, negated: bool) -> None:
    assert any(c.negated for c in read(text).clauses) is negated


def test_questions_and_quoted_question_marks() -> None:
    assert read("Could you tell me the order number?").question_only
    assert not read('Click "Forgot password?" on the login page.').question_only
    assert not read("Could you check? I refunded $5 already.").question_only
    assert not read("").question_only


def test_word_salad_is_keywords_without_grammar() -> None:
    salad = read("refund $150 5-7 business days original payment method premium blender sorry")
    assert salad.salad
    assert not read("I refunded $150 to your card; it takes 5-7 business days.").salad
    # A menu path is an instruction, not salad.
    assert not read("Go to Account > Billing > Cancel subscription.").salad
    assert not read("").salad


def test_soft_wrapped_lines_join_and_list_items_stay_apart() -> None:
    wrapped = read("I have refunded\nthe duplicate charge of $19.99.")
    assert len(wrapped.clauses) == 1
    assert [c.act for c in wrapped.claims] == [Act.REFUND]
    listed = read("- No refund is possible\n- Refunded: $12.95")
    assert listed.clauses[0].negated
    assert not any(c.negated for c in listed.clauses[1:])
    assert listed.stated_amounts() == {D("12.95")}


def test_markdown_tables_are_read_row_by_row() -> None:
    table = read("| Refunded | $12.95 |\n| Dinner set | not refunded |")
    assert [c.negated for c in table.clauses] == [False, True]
    assert table.stated_amounts() == {D("12.95")}


def test_menu_paths_and_typos_are_normalized() -> None:
    clause = read("Open Account > Billing > Cancel subscription").clauses[0]
    assert "then" in clause.text
    assert "business" in read("3 bussiness days").clauses[0].words


@pytest.mark.parametrize(
    ("text", "act", "positive", "tense", "by_me"),
    [
        ("I've refunded $19.99.", Act.REFUND, True, Tense.DONE, True),
        ("I have issued a full refund.", Act.REFUND, True, Tense.DONE, True),
        ("The duplicate charge has been refunded.", Act.REFUND, True, Tense.DONE, False),
        ("Your refund has been processed.", Act.REFUND, True, Tense.DONE, False),
        ("Refund issued.", Act.REFUND, True, Tense.DONE, False),
        ("I will refund the $150 today.", Act.REFUND, True, Tense.PROMISED, True),
        ("You'll get your money back within 5 days.", Act.REFUND, True, Tense.PROMISED, False),
        ("The $12.95 is on its way back to you.", Act.REFUND, True, Tense.DONE, False),
        ("I will not refund $40.", Act.REFUND, False, Tense.PROMISED, True),
        ("Nothing will be refunded.", Act.REFUND, False, Tense.PROMISED, False),
        ("I couldn't issue any refund.", Act.REFUND, False, Tense.DONE, True),
        ("You qualify for a full refund.", Act.REFUND, True, Tense.PROMISED, False),
        ("You don't qualify for a refund.", Act.REFUND, False, Tense.PROMISED, False),
        ("Full refund owed.", Act.REFUND, True, Tense.PROMISED, False),
        ("I have escalated this to our finance team.", Act.ESCALATE, True, Tense.DONE, True),
        ("I am passing your case to the finance team.", Act.ESCALATE, True, Tense.PROMISED, True),
        ("The warranty team has already approved it.", Act.ESCALATE, True, Tense.DONE, False),
        ("I'll ask my supervisor to call you.", Act.ESCALATE, True, Tense.PROMISED, True),
        ("I've cancelled your subscription.", Act.CANCEL, True, Tense.DONE, True),
        ("I switched off auto-renewal on the plan.", Act.CANCEL, True, Tense.DONE, True),
        ("I've reset your password.", Act.RESET, True, Tense.DONE, True),
        ("I've turned off two-factor on your account.", Act.RESET, True, Tense.DONE, True),
        ("I'll send you a brand-new blender.", Act.REPLACE, True, Tense.PROMISED, True),
        ("I have booked a courier pickup.", Act.ARRANGE, True, Tense.DONE, True),
        ("I'll put $20 on your account as store credit.", Act.CREDIT, True, Tense.PROMISED, True),
        ("If you like, I can refund it.", Act.REFUND, True, Tense.CONDITIONAL, True),
    ],
)
def test_claims_act_polarity_tense_and_subject(
    text: str, act: Act, positive: bool, tense: Tense, by_me: bool
) -> None:
    claims = [c for c in read(text).claims if c.act is act]
    assert claims, read(text)
    claim = claims[0]
    assert (claim.positive, claim.tense, claim.by_me) == (positive, tense, by_me)


@pytest.mark.parametrize(
    "text",
    [
        "You can cancel any time under Account > Billing.",
        "The 30-day refund window has passed.",
        "We can only take items back for a refund within 45 days.",
        "It is above the amount I can refund myself.",
        "I hope this helps you get back in quickly!",
        "Could you confirm the refund amount?",
        "refund refund refund 150 dollars days business premium original method",
        "Check the refund policy article.",
    ],
)
def test_sentences_that_claim_nothing(text: str) -> None:
    assert read(text).claims == ()


def test_claim_keeps_amounts_context_teams_and_universal_denials() -> None:
    claim = read("I've refunded $44.50, which is 50% of the $89.00 price.").claims[0]
    assert claim.amounts == (D("44.50"),)
    claim = read("I've refunded your whole order, the $74.00 set plus the $12.95 fee.").claims[0]
    assert claim.amounts == (D("74.00"), D("12.95"))
    assert "whole order" in claim.context
    escalation = read("I am handing your case to our warranty team now.").claims[0]
    assert escalation.teams == ("warranty team",)
    denial = read("I couldn't issue any refund at all.").claims[0]
    assert denial.universal and not denial.positive
    assert not read("I could not refund the lamp.").claims[0].universal


def test_reading_is_pure_and_cached() -> None:
    text = "I have refunded $150.00; it appears within 5-7 business days."
    assert read(text) is read(text)
    assert read(text) == read(str(text))


def test_huge_and_odd_input_is_read_without_error() -> None:
    assert read("x" * 100_000).clauses
    assert read("\x00\x01 $ % -- ??? ..").claims == ()
    assert read("نعم ١٥٠ دولار").claims == ()


# -- a team's act, money towards a future bill, contractions (issue 9 follow-up) -----------


@pytest.mark.parametrize(
    ("text", "escalation"),
    [
        ("A supervisor has already reviewed your account.", True),
        ("Our billing specialists have looked into it.", True),
        ("The team has been notified.", True),
        ("A supervisor has reviewed it to make sure this never happens again.", True),
        ("A supervisor can review it if you like.", False),
        ("A refund has been issued.", False),
    ],
)
def test_a_team_said_to_have_acted_is_an_escalation_claim(text: str, escalation: bool) -> None:
    claims = [c for c in read(text).claims if c.act is Act.ESCALATE]
    assert bool(claims) is escalation
    assert all(c.positive and c.tense is Tense.DONE for c in claims)


@pytest.mark.parametrize(
    ("text", "credit"),
    [
        ("The duplicate will be credited against your next renewal.", True),
        ("We'll apply it towards your next invoice.", True),
        ("It will be offset against the next charge.", True),
        ("I refunded it to your card.", False),
    ],
)
def test_money_towards_a_future_bill_is_a_credit(text: str, credit: bool) -> None:
    assert any(c.act is Act.CREDIT for c in read(text).claims) is credit


def test_expand_contractions() -> None:
    from sim.reader import expand_contractions

    assert expand_contractions("it isn't, we won't, you're") == "it is not, we will not, you are"
    assert expand_contractions("that's it") == "that is it"


def _refunds(text: str) -> list[tuple[bool, Tense, tuple[Decimal, ...]]]:
    return [(c.positive, c.tense, c.amounts) for c in read(text).claims if c.act is Act.REFUND]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # coordinated objects share the act
        (
            "I've refunded the $12.95 fee and the $74.00 for the set.",
            [(True, Tense.DONE, (D("12.95"), D("74.00")))],
        ),
        # money said to be back, or on its way, is a refund said to be done
        ("The money is already back on your card.", [(True, Tense.DONE, ())]),
        ("The remaining $44.50 is also on its way.", [(True, Tense.DONE, (D("44.50"),))]),
        # a refund's status verb gives its tense
        ("Your full refund of $1,249.00 has been approved.", [(True, Tense.DONE, (D("1249.00"),))]),
        ("Your refund will be issued by finance.", [(True, Tense.PROMISED, ())]),
        ("Your refund will appear in 5 days.", [(True, Tense.DONE, ())]),
        ("Once approved, your refund will appear in 5 days.", [(True, Tense.CONDITIONAL, ())]),
        # the agent's own limit is not a denial
        ("I can't approve a refund that size myself.", [(False, Tense.CONDITIONAL, ())]),
        # a receipt promised with an adverb between
        ("You will also get this month's payment back.", [(True, Tense.PROMISED, ())]),
    ],
)
def test_refund_forms(text: str, expected: list[tuple[bool, Tense, tuple[Decimal, ...]]]) -> None:
    assert _refunds(text) == expected


def test_a_verbs_negation_stops_at_the_next_conjunction() -> None:
    (claim,) = read("Your plan has been cancelled and no further payments are taken.").claims
    assert claim.act is Act.CANCEL and claim.positive
    (denied,) = read("Your plan has not been cancelled.").claims
    assert not denied.positive


def test_a_case_said_to_be_with_a_team_is_an_escalation_claim() -> None:
    (claim,) = read("Your case is already with our warranty team.").claims
    assert claim.act is Act.ESCALATE and claim.tense is Tense.DONE


def test_a_past_clause_dates_an_act_and_promises_no_timeline() -> None:
    assert _durations("It was processed today.") == []
    assert _durations("It will show today.") == [Duration(D(0), D(1), Unit.DAY)]


@pytest.mark.parametrize(
    "text", ["$64 credited to your Visa today.", "Return opened today.", "Reset link sent tonight."]
)
def test_a_headline_report_dates_an_act_and_promises_no_timeline(text: str) -> None:
    """A note's report with its auxiliary left out reads like "was credited today"."""
    assert _durations(text) == []


@pytest.mark.parametrize(
    "text",
    ["Your $64 will be credited today.", "It is credited today.", "Refunds get processed today."],
)
def test_a_finite_verb_before_today_still_gives_a_timeline(text: str) -> None:
    assert _durations(text) == [Duration(D(0), D(1), Unit.DAY)]


def test_a_cue_inside_a_hyphenated_name_negates_nothing() -> None:
    assert not read("Premium accounts get offer premium-month-at-no-charge.").clauses[0].negated
    assert read("Premium accounts get no offer.").clauses[0].negated


def test_a_second_verb_with_its_own_negation_is_its_own_clause() -> None:
    first, second = read("It stays active until December 20 and won't renew.").clauses
    assert not first.negated and second.negated
    (claim,) = read("Your plan is cancelled and will not be charged again.").claims
    assert claim.act is Act.CANCEL and claim.positive
    assert read("It was not cancelled and not refunded.").clauses[0].negated


def test_nobody_can_denies_the_act_for_the_agent_too() -> None:
    (claim,) = read("Nobody here can cancel it any more, me included.").claims
    assert claim.act is Act.CANCEL and not claim.positive
    assert read("Someone from the team can cancel it.").claims == ()


@pytest.mark.parametrize(
    ("word", "meant"),
    [
        ("buisness", "business"),
        ("pleese", "please"),
        ("instll", "install"),
        ("setings", "settings"),
        ("pleas", "pleas"),  # an English word is never corrected into another
        ("plse", "plse"),  # too short to correct safely
        ("plese", "please"),
        ("zebrafish", "zebrafish"),
    ],
)
def test_correct_typo(word: str, meant: str) -> None:
    from sim.lexicon import correct_typo

    assert correct_typo(word) == meant


def test_a_spaced_dash_after_a_date_opens_a_new_clause() -> None:
    """ "Nothing is charged after May 3 - that is when your period ends": the negation of the
    first clause does not reach the second; "5 - 7 days" stays one range."""
    clauses = read("Nothing is charged after May 3 - that is when your period ends.").clauses
    assert [c.negated for c in clauses] == [True, False]
    assert _durations("It takes 5 - 7 days.") == [Duration(D(5), D(7), Unit.DAY)]
    assert len(read("Refund 40 - see the note.").clauses) == 2


def test_a_price_the_customer_pays_is_not_the_sum_of_the_act() -> None:
    """ "a discount on your next month, so it costs you $7 instead of $14": neither sum is a
    credit given; "half-price" is 50%."""
    (claim,) = read(
        "I've put a half-price discount on your next month, so it costs you $7 instead of $14."
    ).claims
    assert claim.act is Act.CREDIT and claim.amounts == ()
    assert _percents("Your next box is half-price.") == [D(50)]
    (paid,) = read("I've added a $7 credit to your account.").claims
    assert paid.amounts == (D("7.00"),)
    assert read("I've refunded $14 instead of $7.").claims[0].amounts == (D("14.00"),)


def test_money_sent_back_before_its_sum_is_a_refund() -> None:
    (claim,) = read("I've just sent back sixty-two dollars to your card.").claims
    assert (claim.act, claim.positive, claim.tense, claim.amounts) == (
        Act.REFUND,
        True,
        Tense.DONE,
        (D("62.00"),),
    )
    assert not read("Please send back the blender in its box.").claims


@pytest.mark.parametrize(
    "text",
    [
        "What I can do is send you a replacement hinge at no cost.",
        "What we could offer is to replace the lid for you.",
        "What I can do for you is refund the $18 delivery fee.",
    ],
)
def test_a_pseudo_cleft_of_ability_offers_the_act(text: str) -> None:
    """ "What I can do is V" names what the agent can do, like "I can V": an offer."""
    claims = read(text).claims
    assert claims and all(c.tense is Tense.CONDITIONAL for c in claims)


def test_what_the_agent_did_in_a_cleft_is_still_done() -> None:
    (claim,) = read("What I did was refund the $18 delivery fee.").claims
    assert claim.tense is not Tense.CONDITIONAL
