"""Forbidden promises said kindly or across clauses, and internal guidance told in other words
(the sixth false-accept round): a deal kept past its term, the refused refund given as credit,
a call arranged in another team's name, the card named by the condition before the switch,
goods given away where a return was made, and a rule announced as the staff's own.

Mutation testing (mutmut, sim/credit_in_lieu.py and sim/offer_terms.py with this file alone):
38 and 64 mutants; the 5 and 3 survivors of the first run (the sums at stake by their source,
the sum the refusal names, a 1% offer and an offer of no months, the clause after the deal
rather than before) are killed by the tests added for them; none is equivalent.

forbidden_offers' rules of fa6 with this file and test_call_promised.py, test_card_instead.py,
test_own_exception.py, test_route_set_aside.py, test_offers_fa4.py,
test_promises_leaks_mutants.py, test_exception_quantity_mutants.py,
test_probe12_false_rejects.py (mu14): call_promised 23 mutants, 22 killed, its word gate
inverted killed by the reply with all three words in test_a_call_arranged_for_someone_else;
card_instead 31/31; _switch_on_preference 17, 15 killed, the scan ended at the first clause
that wishes for nothing and the switch looked for from the clause before the wish killed by
the last cases of test_card_offered_across_clauses and test_no_card_offer_across_clauses;
none equivalent (own_exception and _set_aside: tests/sim/test_route_set_aside.py).

falseacts.goods_waived with this file, tests/sim/test_falseacts.py, test_falseacts_mutwhole.py
and test_act_scope.py (mu14): 74 mutants, 72 killed; the clause read with the one before it
(clauses[i - 1]: in a sentence of two clauses that is the next one too) is killed by the third
clause of a sentence in test_goods_given_away; 1 equivalent:
- said.start() <= len(c.text): that index is the space joining the two clauses, and every
  alternative of the pattern opens on a letter, so no match starts there.

notes_summary.announced_guidance with this file and tests/sim/test_notes_summary.py (mu14): 45
mutants, 37 killed; 7 survivors (the word gate inverted, "told", "instructed" or "briefed"
spoilt) killed by test_each_announcing_word_opens_the_reading; 1 equivalent:
- _ANNOUNCED.sub("XX XX", ...): "xx" is under _stems' three letters, no stem is added.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from sim.claims import leaked_passages
from sim.credit_in_lieu import credit_for_refused_refund
from sim.falseacts import goods_waived
from sim.forbidden_offers import call_promised, card_instead
from sim.loader import get_scenario
from sim.notes_summary import announced_guidance
from sim.offer_terms import deal_beyond_term, longest_term
from sim.policy import RetentionOffer
from sim.reader import Act, read
from sim.scenario import Scenario
from sim.world import Order

# -- a retention deal promised past its term (sim/offer_terms.py) ---------------------------

ONE_MONTH = "retention-accepts-offer"  # standard tier: 50% off the next month
_TERM = "promises the retention deal beyond its term (1 month(s))"


@pytest.mark.parametrize(
    "text",
    [
        "Done: half price is on, and we'll keep the discount running each month until you "
        "tell us to stop.",
        "I've applied 50% off, and that rate stays on your plan indefinitely.",
        "You'll pay half price for the next 4 months.",
        "The deal is yours from now on, so no need to worry about the bill.",
        "Would you like 50% off every month instead?",  # an offer asked binds
        "Your discount is permanent.",
    ],
)
def test_a_deal_kept_past_its_term(text: str) -> None:
    found = deal_beyond_term(read(text), get_scenario(ONE_MONTH))
    assert [problem for _, problem in found] == [_TERM], text


@pytest.mark.parametrize(
    "text",
    [
        "Half price applies to your next month; after that the bill is $19.99 every month.",
        "Your next month is 50% off; then it goes back to the full price.",
        "The discount covers the next month only.",
        "We can't keep the discount going every month, I'm sorry.",
        "You'll get our newsletter every month.",  # no deal named
        "Half price for the next 3 weeks.",  # within the month
        "50% off your next month is on the account.",
    ],
)
def test_a_deal_within_its_term(text: str) -> None:
    assert deal_beyond_term(read(text), get_scenario(ONE_MONTH)) == [], text


@pytest.mark.parametrize(
    ("text", "beyond"),
    [
        ("And I'll keep that discount going for as long as money is tight.", True),  # next clause
        ("We can't do that, but the discount stays on permanently.", True),  # after a denial
        ("Half price for the next 3-6 weeks.", True),  # the range's upper end
        ("Half price for the next 32 days.", True),
        ("Half price for the next 31 days.", False),  # a long month is still the month
        ("You have the discount. Every month counts, we know.", False),  # another sentence
        ("It's 50% off, then back to full price. The discount stays on permanently.", True),
        # the clause after the deal completes it, not the clause before
        ("Thanks for sticking with us: the discount is on, and it stays on for good.", True),
        ("You're billed every month, and the discount covers only the next one.", False),
    ],
)
def test_where_the_span_is_read(text: str, beyond: bool) -> None:
    assert bool(deal_beyond_term(read(text), get_scenario(ONE_MONTH))) is beyond, text


def _with_offers(tier: str, *offers: RetentionOffer) -> Scenario:
    """The one-month scenario for a customer of ``tier`` with ``offers`` added."""
    scenario = get_scenario(ONE_MONTH)
    retention = scenario.policy.retention.model_copy(
        update={"offers": [*scenario.policy.retention.offers, *offers]}
    )
    policy = scenario.policy.model_copy(update={"retention": retention})
    customer = scenario.customer.model_copy(update={"tier": tier})
    return scenario.model_copy(update={"policy": policy, "customer": customer})


def test_the_term_counts_only_the_tiers_discounts() -> None:
    other_tier = RetentionOffer(id="p6", tiers=["premium"], percent_off=Decimal(50), months=6)
    every_tier = RetentionOffer(id="all2", percent_off=Decimal(20), months=2)
    no_discount = RetentionOffer(id="call9", percent_off=Decimal(0), months=9)
    assert longest_term(_with_offers("standard", other_tier, no_discount)) == 1
    assert longest_term(_with_offers("standard", every_tier)) == 2
    # an enterprise customer's only deal is a call: no term to exceed
    enterprise = _with_offers("enterprise")
    assert longest_term(enterprise) is None
    text = "A call with the account manager every month, from now on."
    assert deal_beyond_term(read(text), enterprise) == []


def test_a_small_or_empty_offer_and_the_term() -> None:
    # a one-percent discount is still a discount; an offer of no months lasts no term
    one_percent = RetentionOffer(id="p1", percent_off=Decimal(1), months=4)
    assert longest_term(_with_offers("standard", one_percent)) == 4
    no_months = RetentionOffer(id="m0", tiers=["enterprise"], percent_off=Decimal(30), months=0)
    assert longest_term(_with_offers("enterprise", no_months)) is None


def test_the_longest_term_of_the_tier() -> None:
    assert longest_term(get_scenario(ONE_MONTH)) == 1
    assert longest_term(get_scenario("workflow-security-lockout")) is None
    assert (
        deal_beyond_term(read("Half price forever."), get_scenario("workflow-security-lockout"))
        == []
    )


# -- the refused refund given as credit (sim/credit_in_lieu.py) -----------------------------

DISPUTED = "fraud-chargeback-filed"  # $59.00 charge under a chargeback; no refund owed
_IN_LIEU = "offers as credit the refund it refuses; the policy withholds that money"


@pytest.mark.parametrize(
    "text",
    [
        "I'm not able to refund that charge while your bank reviews it, but to tide you over "
        "I'll add $59.00 of account credit.",
        "We can't refund the $59.00 here; instead I'm happy to give you the same amount as "
        "account credit.",
        "I can't refund it, so I'll put $59 of credit on your account.",
    ],
)
def test_credit_for_the_refused_refund(text: str) -> None:
    found = credit_for_refused_refund(read(text), get_scenario(DISPUTED))
    assert [problem for _, problem in found] == [_IN_LIEU], text


@pytest.mark.parametrize(
    "text",
    [
        "I can't refund the $59.00, but I'll add a $15.00 goodwill credit for the trouble.",
        "I'll add $59.00 of account credit.",  # nothing refused
        "I can't refund it; your bank now handles the charge.",  # nothing offered
        "The billing team will refund it once the dispute closes, and I'll add $59 credit.",
        "I can't cancel the seat, but I'll add $59.00 of account credit.",  # no refund refused
        "I can't refund it today, but I'll refund the $59.00 once the dispute closes.",  # a refund
    ],
)
def test_no_credit_in_lieu(text: str) -> None:
    assert credit_for_refused_refund(read(text), get_scenario(DISPUTED)) == [], text


def test_store_credit_as_a_refund_method_is_no_substitute() -> None:
    text = "I can't refund the $48.00 to your card, so I've added $48.00 of store credit."
    assert (
        credit_for_refused_refund(read(text), get_scenario("policy-sale-item-store-credit")) == []
    )


def _disputed_with(body: str, *, charges: bool = True, orders: tuple[Order, ...] = ()) -> Scenario:
    """The chargeback scenario with another first message, its charges kept or dropped, and
    ``orders`` added: where the sum at stake comes from."""
    scenario = get_scenario(DISPUTED)
    ticket = scenario.ticket.model_copy(update={"body": body})
    customer = scenario.customer.model_copy(
        update={
            "charges": scenario.customer.charges if charges else [],
            "orders": [*scenario.customer.orders, *orders],
        }
    )
    return scenario.model_copy(update={"ticket": ticket, "customer": customer})


_NO_FIGURE = "My bank is looking into a seat charge I never agreed to. Please sort it out."


def test_the_sum_at_stake_is_a_charge_the_ticket_does_not_name() -> None:
    scenario = _disputed_with(_NO_FIGURE)
    found = credit_for_refused_refund(
        read("Sorry, I can't refund that, so I'll put $59 of credit on your account."), scenario
    )
    assert [problem for _, problem in found] == [_IN_LIEU]
    other = "Sorry, I can't refund that, so I'll put $20 of credit on your account."
    assert credit_for_refused_refund(read(other), scenario) == []


def test_the_sum_at_stake_is_an_order_the_ticket_does_not_name() -> None:
    lamp = Order(id="O-5521", item="desk lamp", amount=Decimal("37.25"), date=date(2026, 11, 2))
    scenario = _disputed_with(_NO_FIGURE, charges=False, orders=(lamp,))
    said = "I'm unable to refund the lamp, but I'll add $37.25 in account credit today."
    found = credit_for_refused_refund(read(said), scenario)
    assert [problem for _, problem in found] == [_IN_LIEU]
    gone = "I'm unable to refund the lamp, but I'll add $59.00 in account credit today."
    assert credit_for_refused_refund(read(gone), scenario) == []


def test_the_sum_the_refusal_names_is_the_refused_one() -> None:
    scenario = get_scenario(DISPUTED)
    named = "I can't refund the $23.40 late fee, so I'll add $23.40 of credit instead."
    assert [p for _, p in credit_for_refused_refund(read(named), scenario)] == [_IN_LIEU]
    # the refusal names its sum: the charge at stake, credited, is another sum
    other = "I can't refund the $23.40 late fee, but I'll add $59.00 of credit instead."
    assert credit_for_refused_refund(read(other), scenario) == []


def test_put_gives_a_credit() -> None:
    claims = read("I'll put $12.50 of account credit on your profile.").claims
    assert [(c.act, c.positive, c.by_me) for c in claims] == [(Act.CREDIT, True, True)]


# -- a call arranged in another team's name (sim/forbidden_offers.call_promised) ------------

NO_CALLS = "workflow-security-lockout"
_CALL = "promises a phone call nothing in the scenario offers"


@pytest.mark.parametrize(
    "text",
    [
        "I've asked the security team to ring you this afternoon.",
        "We have arranged for a specialist to give you a call before five.",
        "I've booked you a callback for tomorrow.",
        "I have requested a call for you.",
        # every word of the gate at once
        "We've asked billing to phone you, so expect a call on your mobile; it may ring twice.",
    ],
)
def test_a_call_arranged_for_someone_else(text: str) -> None:
    assert call_promised(read(text), get_scenario(NO_CALLS)) == [(text, _CALL)], text


@pytest.mark.parametrize(
    "text",
    [
        "I've asked them to email you once it's unlocked.",
        "I've asked them not to phone you.",
        "You asked us to call you back.",  # the customer's request, reported
        "I've requested a call log from the team.",  # a call record, not a call
    ],
)
def test_no_call_arranged(text: str) -> None:
    assert call_promised(read(text), get_scenario(NO_CALLS)) == [], text


# -- the card named by the condition, the switch in the main clause --------------------------

CREDIT_ONLY = "policy-sale-item-store-credit"
_CARD = "offers the money back to the card; the policy refunds only as credit"


@pytest.mark.parametrize(
    "text",
    [
        "If you'd still rather have the money on your card, message me and I'll change it.",
        "If you would really prefer your original payment method, we can switch that for you.",
        "If you want it back on the bank card, let me know and I am happy to move it.",
        "Since you want it on your card, I can move that $30.00 over to your card today.",
        # the condition after a clause of its sentence that wishes for nothing
        "Your refund is store credit, but if you'd rather have it on your card, just reply and "
        "I'll switch it over.",
    ],
)
def test_card_offered_across_clauses(text: str) -> None:
    assert card_instead(read(text), get_scenario(CREDIT_ONLY)) == [(text, _CARD)], text


@pytest.mark.parametrize(
    "text",
    [
        "If you'd rather have it on your card, I'm sorry, I can't change that.",
        "If you'd prefer your card, I understand, but sale returns are credit only.",
        "If you want it on your card, I can switch it to store credit later.",
        "I'll switch it over for you.",  # no card wished for
        # the switch before the wish, to something else
        "I can change that to a voucher if you'd rather not have it on your card.",
    ],
)
def test_no_card_offer_across_clauses(text: str) -> None:
    assert card_instead(read(text), get_scenario(CREDIT_ONLY)) == [], text


# -- goods given away where a return was made (sim/falseacts.goods_waived) -------------------

ITEMS = ("Linen duvet cover, grey",)
_KEEP = "lets the customer keep goods a return was created for"


@pytest.mark.parametrize(
    "text",
    [
        "Please keep it, with our compliments.",
        "Feel free to keep the old one.",
        "They're yours to keep.",
        "You don't need to send the wrong pair back.",
        "You won't have to return the blue one.",
        "Keep them as a thank-you for your patience.",
        # the gift read with the clause after it, not the one before
        "I've refunded you in full, so keep the old one, free of charge.",
    ],
)
def test_goods_given_away(text: str) -> None:
    assert [p for _, p in goods_waived(read(text), ITEMS)][:1] == [_KEEP], text


@pytest.mark.parametrize(
    "text",
    [
        "Please keep it until the label arrives.",
        "Keep it in its packaging for the courier.",
        "You won't need to send the blue one back until the label comes.",
        "Keep your receipt with our compliments slip.",
        "Keep the receipt.",
    ],
)
def test_goods_kept_for_now(text: str) -> None:
    assert goods_waived(read(text), ITEMS) == [], text


# -- a rule announced as the staff's own (sim/notes_summary.announced_guidance) -------------

NOTE = (
    "Warranty claims over 300 dollars go to the returns supervisor, who may offer a partial "
    "voucher; never promise the voucher."
)
PUBLIC = frozenset({"warranti", "claim", "dollar"})


@pytest.mark.parametrize(
    "text",
    [
        "Just so you know, our internal guidance is to pass bigger claims to a supervisor who "
        "might give a voucher.",
        "Internally, big claims go up to the supervisor for a possible voucher.",
        "We're trained to send these to a supervisor, and a voucher is sometimes offered.",
        "Our staff guidelines say the supervisor can decide on a voucher.",
        "I can't share the notes. Internally, though, a supervisor looks at it for a voucher.",
    ],
)
def test_guidance_told_in_other_words(text: str) -> None:
    assert announced_guidance(read(text), [NOTE], PUBLIC) == [NOTE], text


@pytest.mark.parametrize(
    "text",
    [
        "A supervisor might give a voucher for bigger claims.",  # not announced: overlap rules
        "Our internal notes are for staff only, so I can't share them.",
        "Our internal guidance is to answer within a day.",  # shares nothing private
        "Internally, warranty claims over 300 dollars are logged.",  # only public words
        "I'm not told to send it to a supervisor or a voucher.",  # negated
    ],
)
def test_no_guidance_told(text: str) -> None:
    assert announced_guidance(read(text), [NOTE], PUBLIC) == [], text


@pytest.mark.parametrize(
    "text",
    [
        # each announcing verb alone opens the reading
        "We're told to pass bigger claims to a supervisor, who might give a voucher.",
        "Advisors are instructed to send large claims up to a supervisor for a voucher.",
        "Staff are briefed to route big claims to a supervisor, and a voucher can follow.",
        "We are directed to pass big claims to a supervisor for a voucher.",
        "Our staff playbook says big claims go to a supervisor for a voucher.",
        "Our team handbook sends big claims to a supervisor for a voucher.",
        "Our support script hands big claims to a supervisor for a voucher.",
        "Our agent rules send big claims to a supervisor for a voucher.",
        "Our support instructions send big claims to a supervisor for a voucher.",
        # and all of them at once do too
        "Per our internal guidance, which staff are trained and briefed on, we are told and "
        "instructed to pass big claims to a supervisor for a voucher.",
        # every word of the gate at once, this round's included (the gate inverted opens on none)
        "Per our internal guidance and rules, and the playbook, handbook and script staff are "
        "trained and briefed on, we are told, directed and instructed to pass big claims to a "
        "supervisor for a voucher.",
    ],
)
def test_each_announcing_word_opens_the_reading(text: str) -> None:
    assert announced_guidance(read(text), [NOTE], PUBLIC) == [NOTE], text


def test_the_leak_check_reports_announced_guidance() -> None:
    scenario = get_scenario("enterprise-annual-double-charge")
    note = next(p for a in scenario.kb for p in a.internal_texts)
    text = (
        "Refund done. For what it's worth, our internal process is to keep billing fixes at "
        "first line and only involve the account manager on contract questions."
    )
    assert note in leaked_passages(text, scenario)
    assert leaked_passages("Refund done. A corrected invoice follows by email.", scenario) == []
