"""Readings drawn from probe11's false rejects, each in new words: a refusal put as an unreal
condition, a clause after a denial, a fraction, a "nothing to do" clause are read for what
they say, while the offers, denials and figures of the same grammar still are."""

from __future__ import annotations

import pytest

from sim.claims import _own_actions
from sim.instructions import read_instructions
from sim.kbcheck import kb_problems
from sim.labelled import labelled_report
from sim.loader import get_scenario
from sim.reader import Act, Tense, read
from sim.rudeness import rude_phrases
from sim.shorthand import expand_shorthand

# -- an act in an unreal condition with a redundant consequence: a refusal, not an offer ---


@pytest.mark.parametrize(
    "text",
    [
        "If I replaced it as well, you could end up with a duplicate kettle.",
        "If we refunded the fee too, you might be paid twice, so I can't.",
        "A refund from our side could duplicate what the bank returns.",
        "If I cancelled the order now, it could clash with the return you opened.",
    ],
)
def test_an_unreal_condition_with_a_redundant_consequence_offers_nothing(text: str) -> None:
    claims = read(text).claims
    assert not [c for c in claims if c.positive], text
    assert [c for c in claims if not c.positive], text


@pytest.mark.parametrize(
    "text",
    [
        # the same condition with a consequence that is no redundancy is an offer
        "If I refunded it today, you could have it back by Friday.",
        "If we replaced it, you might get the new one next week.",
    ],
)
def test_an_unreal_condition_with_another_consequence_stays_an_offer(text: str) -> None:
    claims = read(text).claims
    assert [c for c in claims if c.positive and c.tense is Tense.CONDITIONAL], text
    assert not [c for c in claims if not c.positive], text


def test_a_could_consequence_declines_the_act_it_names() -> None:
    acts = [
        (c.act, c.positive) for c in read("If I replaced it too, you could get it twice.").claims
    ]
    assert acts == [(Act.REPLACE, False)]


# -- a "label: value" line whose sum is for a thing named in more than one word -------------


@pytest.mark.parametrize(
    ("line", "act"),
    [
        ("refund: $30.00 for order ord-7710, issued this morning", "refund"),
        ("credit: $12.00 for the late delivery, applied today", "credit"),
        ("refund: $30.00 for your blue rug, sent to your card", "refund"),
    ],
)
def test_a_sum_for_a_thing_of_several_words_then_a_participle_is_a_report(
    line: str, act: str
) -> None:
    assert labelled_report(line) == act


@pytest.mark.parametrize(
    "line",
    [
        "refund: $30.00 for order ord-7710, pending approval",
        "refund: $30.00 for order ord-7710 once it is back",
        # more than three words between the sum and the participle: no longer its value
        "refund: $30.00 for the old blue wool rug, issued today",
    ],
)
def test_a_sum_for_a_thing_without_a_participle_reports_nothing(line: str) -> None:
    assert labelled_report(line) is None


# -- a subject, a long appositive in parentheses, then the subject's verb --------------------


@pytest.mark.parametrize(
    ("aside", "claimed"),
    [
        ("the large grey Alto wool blanket from order ORD-5512", True),  # 8 words after "the"
        ("the large grey Alto wool blanket", True),
        # an aside with its own verb is a clause, not an apposition
        ("the large grey Alto wool blanket you ordered in May", False),
        # nine words after "the": longer than a noun phrase the reader joins across
        ("the large grey Alto wool blanket from your order ORD-5512", False),
    ],
)
def test_a_parenthesised_apposition_between_subject_and_verb(aside: str, claimed: bool) -> None:
    text = f"Once the return is scanned, the replacement ({aside}) will ship to you."
    replaced = [c for c in read(text).claims if c.act is Act.REPLACE and c.positive]
    assert bool(replaced) is claimed


# -- courtesy: a troubleshooting check and a plain back-reference are not rude ---------------


@pytest.mark.parametrize(
    ("text", "rude"),
    [
        # checking that a part of the thing sits right is a troubleshooting step ...
        ("Meanwhile it may be worth checking that the filter sits fully in its slot.", False),
        ("You might want to check whether the plug is pushed all the way in.", False),
        ("It might be worth checking if the lid clicks shut before you start it.", False),
        # ... checking a page or one's own habit is blame
        ("It might be worth checking the dates before you order next time.", True),
        ("You may want to check the size guide more carefully.", True),
        # a bare back-reference to what the agent said points back; "already" reproaches
        ("As I mentioned, the one offer we have is a month at half price.", False),
        ("As we mentioned, the store credit never expires.", False),
        ("As I already mentioned, the window has closed.", True),
        ("As I said, the window has closed.", True),
        ("Like we explained, it is final.", True),
    ],
)
def test_a_check_of_the_thing_and_a_plain_back_reference(text: str, rude: bool) -> None:
    assert bool(rude_phrases(text)) is rude, rude_phrases(text)


# -- a pro-verb of the agent's reports the act the customer asked for -----------------------


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("I see you'd rather cancel, so I've done that for you today.", Act.CANCEL),
        ("You asked me to refund the fee, and I did that this morning.", Act.REFUND),
        ("You wanted the order cancelled and we did so within the hour.", Act.CANCEL),
    ],
)
def test_a_pro_verb_reports_the_act_asked_for_done(text: str, act: Act) -> None:
    done = [c for c in read(text).claims if c.tense is Tense.DONE and c.positive]
    assert [(c.act, c.by_me) for c in done] == [(act, True)], text


@pytest.mark.parametrize(
    "text",
    [
        # no wish or request: the pro-verb speaks of the act in general
        "Cancelling is easy and I've done it for many customers.",
        # negated, or under a condition
        "You asked me to cancel it, and I have not done that yet.",
        "You asked me to refund it; if the bank agrees, I did that already.",
        # no act named before it
        "You asked for help with the form, and I have done that.",
    ],
)
def test_a_pro_verb_without_an_act_asked_for_reports_nothing_done(text: str) -> None:
    assert not [c for c in read(text).claims if c.tense is Tense.DONE and c.positive], text


# -- a state of mind in the past tense is no act ----------------------------------------------


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("Thanks for the photos of the box; that's all I needed.", False),
        ("I wanted to let you know the parcel is on its way.", False),
        ("I noticed the order was placed twice.", False),
        ("I hoped the courier would be quicker.", False),
        # an act in the same grammar is still the agent's report
        ("That is all I paused.", True),
        ("I paused the plan for you.", True),
    ],
)
def test_a_past_state_of_mind_reports_no_act(text: str, act: bool) -> None:
    found = _own_actions(read(text), escalated=False)
    assert bool([f for f in found if f[2]]) is act, found


# -- the customer's wish shares words with a policy but states none ---------------------------

_NOW = "retention-cancel-now-no-refund"


@pytest.mark.parametrize(
    ("text", "negates"),
    [
        ("Since you would rather not have a call with your account manager, it ends today.", False),
        ("You would prefer not to have a call with an account manager.", False),
        ("You don't want a call with an account manager, which is fine.", False),
        # the policy itself negated, in the agent's words
        ("We do not offer enterprise accounts a call with an account manager.", True),
    ],
)
def test_a_customer_wish_is_not_read_against_the_article(text: str, negates: bool) -> None:
    found = kb_problems(read(text), get_scenario(_NOW))
    assert any("negates the article" in p for _, p in found) is negates, found


# -- an act on "it" that stands for the act claim before it in the sentence ------------------


@pytest.mark.parametrize(
    ("text", "own"),
    [
        ("You'll get $25.00 back on your card within a week; I've already issued it.", False),
        ("You will have the $12.00 back on your card by Friday; I have just sent it.", False),
        # no claim before the pronoun: the report stands alone, and is judged as one
        ("Thanks for waiting; I've already issued it.", True),
        # the claim before it denies the act: the report is no restatement of it
        ("You won't get $25.00 back on your card; I've already issued it.", True),
        # no pronoun: an act of its own
        ("You'll get $25.00 back on your card; I've already paused your plan.", True),
    ],
)
def test_an_act_on_a_pronoun_restates_the_claim_before_it(text: str, own: bool) -> None:
    found = [f for f in _own_actions(read(text), escalated=False) if f[2]]
    assert bool(found) is own, found


# -- words typed as symbols ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "written"),
    [
        (
            "confirm it w/ your card number + postcode",
            "confirm it with your card number and postcode",
        ),
        ("send it back w/o the charger", "send it back without the charger"),
        # numbers and a glued "+" stay; a slash inside a word stays
        ("2 + 2 days", "2 + 2 days"),
        ("call +44 20 7946", "call +44 20 7946"),
        ("and/or a refund", "and/or a refund"),
    ],
)
def test_words_typed_as_symbols_are_written_out(typed: str, written: str) -> None:
    assert expand_shorthand(typed) == written


def test_a_clause_with_symbols_for_words_is_no_salad() -> None:
    assert not read("Prove your identity w/ passport + utility bill.").clauses[0].salad


# -- a restart named as the subject of a past verb reports it, and asks for nothing ----------


@pytest.mark.parametrize(
    ("text", "steps"),
    [
        ("Nice, the reboot worked. Next, tap Install.", ["install_update"]),
        ("Good news: that restart did the trick.", []),
        ("This restart seems to have cleared the fault.", []),
        # the noun as the object of a request, or the verb, still asks for a restart
        ("Try the restart again, holding the button longer.", ["restart_device"]),
        ("Please reboot the modem.", ["restart_device"]),
        ("Give it a restart and tell me what you see.", ["restart_device"]),
    ],
)
def test_a_restart_reported_is_no_instruction(text: str, steps: list[str]) -> None:
    assert [i.savvy.type for i in read_instructions(text) if i.savvy] == steps


# -- "get it back" where "it" is the parcel delivered ---------------------------------------


@pytest.mark.parametrize(
    ("text", "refund"),
    [
        ("If it is delivered to your old house and you get it back, send it to us.", False),
        ("If it was shipped to the wrong flat and you receive it back, keep it.", False),
        # "it" is money: the charge, or a sum named beside it
        ("You paid $20 twice; you will get it back within 5 days.", True),
        ("Once it is delivered, you will get it back as a refund of $30.", True),
        # nothing delivered before the pronoun: the refund reading stays
        ("It was charged twice, so you will get it back within 5 days.", True),
    ],
)
def test_getting_the_delivered_parcel_back_is_no_refund(text: str, refund: bool) -> None:
    found = [c for c in read(text).claims if c.act is Act.REFUND and c.positive]
    assert bool(found) is refund, found


def test_a_pro_verb_after_the_act_reported_adds_no_second_report() -> None:
    text = "You asked me to refund the fee; I refunded it, and yes, I did that at once."
    done = [c for c in read(text).claims if c.tense is Tense.DONE and c.positive]
    assert [c.act for c in done] == [Act.REFUND]


def test_a_parcel_got_back_beside_money_named_keeps_the_refund() -> None:
    text = "If it is delivered to the old flat and you get it back, the money is yours."
    assert [c.act for c in read(text).claims if c.positive] == [Act.REFUND]
