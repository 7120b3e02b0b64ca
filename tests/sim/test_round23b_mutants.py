r"""Tests written from the mutants of round 23's second batch of readings that survived
test_round23_readings.py (mutmut and hand mutants of the module patterns; the figures are in
pyproject.toml's [tool.mutmut] comment).

Equivalent mutants (no reply can tell them apart from the rule):

- mutmut, sim/forbidden_offers.py _made_exception: ``said.start() < len(clause.text)`` made
  ``<=``: every alternative of _OWN_EXCEPTION opens with \b and a word character, so no match
  starts at len(clause.text), the space that joins the next clause.
- mutmut, sim/reader.py _past_apposition: ``.strip("XX .!?\"'XX")`` (and the same in
  _refund_of_it): the text is lower-case, it holds no "X"; ``names_act(...) or True``: when
  the clause with its verb names no act, the id or sum beside it adds none, so the joined
  clause claims nothing, and the verb's part read alone (which the join skips) names no act
  either (the parts after it that do are not joined to it).
- hand, "an" dropped from the determiners of _ENTITLED, _DOUBTS ("whether", "rather than",
  "may not") and claims._OTHER_DESTINATION: no act noun (refund, replacement, repair, credit)
  nor "full" or "partial" takes "an", nor does a word of "different", "new", "second" (and
  "an other" is written "another", an alternative of its own).
- hand, \b dropped before "you" (_ENTITLED) and before {act} in "{act} is not guaranteed"
  (_DOUBTS), before "i|we" (act_reports._ISSUE_IT): the words that end in "you", "i", "we"
  or an act noun ("bayou", "wifi", "disrepair", "discredit") never stand in those places.
- hand, _PREDICATE's \b before [a-z]{3,}ed: differs only for a past form glued to a digit or
  an underscore.
- hand, _PRONOUN_CANCELLED: ^ dropped (it is used with .match); its final \b dropped (no
  word goes on from "cancelled" or "canceled").
- hand, _CARD_BEFORE: \b before "card" dropped (a word ending in "card" just before the
  pronoun is a card too: "giftcard", "keycard"), \b after it dropped ([^a-z]*$ after it
  already forbids a letter), \d{4} made \d{3} (the fourth digit is matched by [^a-z]*).
  (Measured when _card_cancelled found the clause in the sentence by its first 20
  characters; it now reads the clauses before it, and ``at > 0`` and ``find`` are gone.)
- hand, claims._OTHER_DESTINATION: \b dropped before "to" ("into" or "onto" a different
  card means the same).

Open:

- hand, _OTHER_DESTINATION's "second" and "someone else's" dropped: dead alternatives, the
  reader writes "second" as "2nd" and drops the possessive "'s" before the pattern is
  applied ("we're not able to send refunds to a second card" / "to someone else's card" was
  read as denying the refund made): fixed after this run (dbce0fc); its final \b
  dropped ("to other cards" is read as a denial of the refund: a gap, not pinned).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.act_reports import issue_of_it
from sim.forbidden_offers import own_exception, store_credit_instead
from sim.loader import get_scenario
from sim.reader import Act, read
from sim.salad_grammar import bound_nonsense
from sim.telegraphic import without_relative_negation
from sim.undercut import entitlement_undercut
from tests.sim.gold_replay import gold_with, problems

# -- sim/undercut.py ------------------------------------------------------------------------


def test_the_gate_reads_a_reply_with_every_gate_word() -> None:
    # all five gate words in one reply: the gate lets it through ("not in" for "in" would not)
    text = (
        "You qualify for a refund: you are eligible, entitled and owed one, with the right to it "
        "in law. Whether a refund is owed at all depends on the inspection."
    )
    assert entitlement_undercut(read(text)) == [
        (
            "Whether a refund is owed at all depends on the inspection.",
            "puts in doubt what the reply said the customer is owed",
        )
    ]


def test_a_choice_offered_does_not_end_the_reading_of_the_reply() -> None:
    # the choice is skipped, the sentences after it are still read
    text = (
        "You qualify for a full refund. If you would prefer a replacement instead, just say so. "
        "The refund is not guaranteed, though."
    )
    assert entitlement_undercut(read(text)) == [
        (
            "The refund is not guaranteed, though.",
            "puts in doubt what the reply said the customer is owed",
        )
    ]


def test_the_problem_of_one_sentence_names_the_act() -> None:
    text = "You qualify for a full refund, but the refund is not guaranteed."
    assert entitlement_undercut(read(text)) == [
        (
            "You qualify for a full refund, but the refund is not guaranteed.",
            "says the customer is owed a refund, then doubts it",
        )
    ]


def test_every_act_said_owed_is_kept_across_sentences() -> None:
    # the refund of the first sentence stays owed after the second names a replacement
    text = (
        "You qualify for a full refund. You are also entitled to a replacement charger. "
        "The refund is not guaranteed, though."
    )
    assert entitlement_undercut(read(text)) == [
        (
            "The refund is not guaranteed, though.",
            "puts in doubt what the reply said the customer is owed",
        )
    ]
    near = "You qualify for a full refund. The replacement is not guaranteed, though."
    assert entitlement_undercut(read(near)) == []


# each alternative of the entitlement, the doubt and the gate, alone in a sentence
@pytest.mark.parametrize(
    "text",
    [
        # the entitlement's verbs and words (one gate word each)
        "You are owed a refund of $80.00, but the refund is not guaranteed.",
        "You have a right to a repair, though the repair is not certain.",
        "You qualify for a partial refund of $40.00, though the refund is not guaranteed.",
        "You are eligible for a replacement, but the replacement is not certain.",
        "You are entitled to a repair, though you might not receive the repair.",
        "You have a right to a credit, though you may not be given the credit.",
        # "whether ... is": each determiner and each participle
        "You qualify for a refund, but whether the refund is due is for finance to say.",
        "You qualify for a replacement. Whether any replacement is possible depends on stock.",
        "You qualify for a refund. Whether a full refund is approved depends on the review.",
        "You qualify for a credit. Whether a credit is given depends on the team.",
        "You qualify for a refund. Whether a refund is warranted depends on the inspection.",
        "You qualify for a replacement. Whether a replacement is granted depends on the team.",
        "You qualify for a refund. Whether a refund is justified depends on the inspection.",
        # "rather than", "instead of": each determiner
        "You qualify for a refund, but finance may send a credit instead of your refund.",
        "You qualify for a refund, but finance will likely approve a repair rather than a refund.",
        "You qualify for a full refund, but finance may approve a repair rather than the full "
        "refund.",
        # "is not guaranteed" with "no" for "not"
        "You qualify for a refund, but no refund is guaranteed.",
        # "may not" / "might not": each verb and participle, each determiner
        "You qualify for a refund, but you might not get a refund this month.",
        "You qualify for a refund, but you may not receive the refund this month.",
        "You qualify for a replacement, but you may not be granted the replacement.",
        "You qualify for a refund, but you may not be approved any refund for it.",
        "You qualify for a credit, but you may not be owed the credit after all.",
        "You qualify for a refund, but you may not be owed any refund after the review.",
        "You qualify for a full refund, but you might not get the full refund.",
    ],
)
def test_each_entitlement_and_each_doubt_is_read(text: str) -> None:
    assert entitlement_undercut(read(text)), text


@pytest.mark.parametrize(
    "text",
    [
        # the customer's choice, each way of saying it
        "You qualify for a full refund, but if you pick a replacement instead of the refund, "
        "it ships today.",
        "You qualify for a full refund; should you pick a replacement instead of the refund, "
        "it ships today.",
        "You qualify for a full refund, unless you pick a replacement instead of the refund.",
        "You qualify for a full refund, and whenever you pick a replacement instead of the "
        "refund, it ships the same day.",
        "You qualify for a full refund, or a replacement instead of the refund, as you prefer.",
        "You qualify for a full refund, or a replacement instead of the refund, as you would "
        "prefer.",
        "You qualify for a full refund, or a replacement instead of the refund, whichever you "
        "would rather have.",
        "You qualify for a full refund, or a replacement instead of the refund, as you choose.",
        "You qualify for a full refund, or a replacement instead of the refund, whichever you "
        "opt for.",
        "You qualify for a full refund, or a replacement instead of the refund, as you want.",
        "You qualify for a full refund, or a replacement instead of the refund, as you like.",
        # a word that starts with the act's noun is not the act
        "You are owed a refundable deposit of $50.00; whether a refund is owed on the order "
        "depends on the inspection.",
        "You qualify for a full refund, paid to your card rather than a refundable voucher.",
    ],
)
def test_each_choice_and_each_longer_word_passes(text: str) -> None:
    assert entitlement_undercut(read(text)) == [], text


# -- sim/salad_grammar.py: two bindings in a compound sentence with no person ---------------


def test_a_clause_of_four_words_counts_as_a_clause() -> None:
    # "then the box arrived." is four words: the sentence has two clauses
    assert bound_nonsense(
        "the courier of the refund sends the label of the parcel, then the box arrived."
    )


def test_a_clause_of_three_words_does_not() -> None:
    assert not bound_nonsense(
        "the courier of the refund sends the label of the parcel, so it opened."
    )


_TWO_BINDINGS = "the courier of the refund sends the label of the parcel"
"""A clause with two bindings and no verb _PREDICATE reads ("sends" is neither an auxiliary nor
a past form)."""


@pytest.mark.parametrize(
    "second",
    [
        # each clause break
        ", the box is opened.",
        "; the box is opened.",
        *(
            f" {word} the box is opened."
            for word in ("so and when while as then since until once because but which".split())
        ),
        # each auxiliary as the second clause's verb
        *(
            f", so the box {aux} open."
            for aux in (
                "is are was were be been has have had will would can could should may "
                "might does did do".split()
            )
        ),
        # a past form of three letters and "ed"
        ", so the lid fixed itself.",
    ],
)
def test_two_bindings_and_a_second_clause_with_a_verb_are_salad(second: str) -> None:
    assert bound_nonsense(_TWO_BINDINGS + second), second


@pytest.mark.parametrize(
    "second",
    [
        # a word that only looks like a past form: two letters before "ed", "ed" inside a word
        ", so the label lists used boxes.",
        ", so the parcel proceeds onward.",
        # a person in the sentence, each pronoun
        ", so i booked the box.",
        ", so the box is sent to me.",
        ", so the box is sent back to us.",
        ", so you booked the box.",
        ", so we booked the box.",
    ],
)
def test_no_verb_of_its_own_or_a_person_keeps_the_sentence(second: str) -> None:
    assert not bound_nonsense(_TWO_BINDINGS + second), second


def test_a_person_is_a_whole_word() -> None:
    # "status" ends in "us" and "time" in "me": no person
    assert bound_nonsense(
        "the status of the refund sends the label of the parcel, so the box is opened."
    )
    assert bound_nonsense(
        "the time of the refund sends the label of the parcel, so the box is opened."
    )


# -- sim/reader.py: a card cancelled by the bank, a refund of "it", a subject past an aside --


def test_a_cancellation_not_of_that_or_it_after_a_card_stays() -> None:
    text = "I have refunded the card ending 2231 - your order has been cancelled too."
    assert any(c.act is Act.CANCEL and c.positive for c in read(text).claims)


def test_that_cancelled_after_no_card_stays_a_cancellation() -> None:
    text = "Your plan renews no more - since that's been cancelled, you're set."
    assert any(c.act is Act.CANCEL and c.positive for c in read(text).claims)


def test_it_cancelled_after_a_card_is_the_card_past_a_comma() -> None:
    # the clause "and it was cancelled" is found in the sentence by its opening words
    text = "I've sent it to the card ending 2231, and it was cancelled, so your bank forwards it."
    assert not any(c.act is Act.CANCEL for c in read(text).claims)


def test_a_refund_promised_as_it_keeps_its_clause_and_no_teams() -> None:
    text = (
        "You qualify for a full refund of $289.00; I've asked my supervisor to approve it, and "
        "as soon as they do I'll issue it to your Amex."
    )
    promised = [c for c in read(text).claims if c.context.startswith("and as soon as")]
    assert [(c.context, c.teams, c.amounts) for c in promised] == [
        ("and as soon as they do i will issue it to your amex", (), (Decimal("289.00"),))
    ]


def test_issue_it_after_a_refund_denied_promises_no_refund() -> None:
    text = (
        "We cannot refund the $10.00 fee, but as soon as my supervisor approves, I will process it."
    )
    assert not any(c.act is Act.REFUND and c.positive for c in read(text).claims)


def test_a_sum_set_apart_stays_with_its_subject() -> None:
    claims = read("The duplicate charge, $45.00, is refunded to your card.").claims
    assert [c.amounts for c in claims if c.act is Act.REFUND] == [(Decimal("45.00"),)]


def test_a_subject_past_a_noun_phrase_is_read_with_its_verb() -> None:
    claims = read("The refund, the full one, is issued to your Amex.").claims
    assert [c.context for c in claims] == ["the refund is issued to your amex"]


def test_an_aside_that_is_no_noun_phrase_is_not_read_into_the_clause() -> None:
    claims = read("The blender order, sadly, is cancelled.").claims
    assert claims and not any("sadly" in c.context for c in claims)


def test_a_clause_with_a_subject_of_its_own_after_the_aside_is_read_alone() -> None:
    # "we cancelled" opens with its own subject, not with the verb of "the blender order"
    claims = read("The blender order, the red one, we cancelled.").claims
    assert [c.context for c in claims] == ["we cancelled"]


# -- sim/claims.py: a refund denied to another destination ----------------------------------


@pytest.mark.parametrize(
    "destination",
    [
        "any other account",
        "your new bank account",
        "the new payment method",
        "another method",
        "another person",
    ],
)
async def test_refunds_denied_to_each_other_destination_do_not_deny_the_refund_made(
    destination: str,
) -> None:
    state = await gold_with(
        "fraud-refund-to-new-card",
        "Thank you, Nadia. The $45.00 refund went to the original card ending 2231; we're not "
        f"able to send refunds to {destination}. Your bank forwards it to your new card, within "
        "5 to 10 business days.",
    )
    assert not any("denies a refund" in p for p in problems(state)), problems(state)


# -- sim/forbidden_offers.py: store credit offered with its sum -----------------------------


@pytest.mark.parametrize(
    "offer",
    [
        "I can turn it into $45.00 of store credit.",
        "I can turn it into $ 45.00 of store credit.",
        "I can turn it into 45 of store credit.",
        "I can turn it into $1,045.00 of store credit.",
        "I can reissue it as $45.00 in store credit.",
    ],
)
def test_store_credit_offered_with_each_way_of_writing_its_sum(offer: str) -> None:
    assert store_credit_instead(read(offer), get_scenario("fraud-refund-to-new-card")), offer


# -- sim/telegraphic.py: a negated relative clause with each modal --------------------------


@pytest.mark.parametrize("modal", ["will", "can", "should", "may", "might", "shall"])
def test_a_negated_relative_clause_with_each_modal_is_taken_out(modal: str) -> None:
    low = f"i have refunded the months you {modal} not use"
    assert without_relative_negation(low) == "i have refunded the months "


# -- sim/act_reports.py: the agent issuing "it" ---------------------------------------------


@pytest.mark.parametrize(
    "clause",
    [
        "i will issue it today",
        "we will process that now",
        "i shall send this to your card",
        "i am going to release it",
        "we are going to put through it",
        "i will then issue it",
        "i will also process it",
        "i will immediately send it",
        "i will promptly release it",
        "i will gladly issue it",
        "i will personally process it",
        "i will then also issue it",
    ],
)
def test_each_way_of_promising_to_issue_it(clause: str) -> None:
    assert issue_of_it(clause), clause


@pytest.mark.parametrize(
    "clause",
    [
        # a link, a code, a label, an email, a reset or a password is sent as "it ..."
        "i will send it link first",
        "i will send this code again",
        "i will send that label now",
        "i will send it email",
        "i will send that reset again",
        "i will send this password again",
        # not the agent; not a pronoun
        "you will issue it",
        "they will process it",
        "i will send items",
        "i will issue its label",
    ],
)
def test_issue_it_is_the_agent_s_act_on_a_pronoun(clause: str) -> None:
    assert not issue_of_it(clause), clause


# -- sim/forbidden_offers.py: an exception read with the clauses after its mark -------------


@pytest.mark.parametrize(
    ("text", "granted"),
    [
        # the last clause of a sentence is read alone, the next sentence is not joined
        ("I'll refund the full price as an exception. Thanks for your patience.", True),
        # a two-word aside is passed
        ("As an exception, this time, I will refund the full price.", True),
        # a three-word aside is a clause of its own: the mark stays before it
        ("As a one-off, as you know, I'll refund the fee.", False),
        # someone's approval named: the agent's own errand for it keeps the exception its own
        ("As an exception, I'll get the refund approved for you today.", True),
        ("As an exception, I'll refund it once my manager approves.", False),
    ],
)
def test_an_exception_is_read_with_at_most_a_two_word_aside(text: str, granted: bool) -> None:
    assert bool(own_exception(read(text))) is granted, text


@pytest.mark.parametrize(
    "aside",
    [
        "as it had already been cancelled",
        "because this was cancelled",
        "now that it is cancelled",
        "and that has now been cancelled",
        "but it has already been canceled",
        "so this is now cancelled",
        "that has been cancelled",
    ],
)
def test_each_way_of_saying_that_the_card_was_cancelled(aside: str) -> None:
    text = f"It has gone to the card ending 2231 - {aside}, your bank forwards it to your new card."
    assert not any(c.act is Act.CANCEL for c in read(text).claims), aside


def test_a_card_among_the_customer_s_cards_is_a_card() -> None:
    text = "It has gone to one of your cards - since that's been cancelled, your bank forwards it."
    assert not any(c.act is Act.CANCEL for c in read(text).claims)


def test_a_card_ending_in_its_digits_is_a_card() -> None:
    text = (
        "It has gone to the card ending in 2231 - since that's been cancelled, your bank "
        "forwards it."
    )
    assert not any(c.act is Act.CANCEL for c in read(text).claims)


def test_a_card_named_further_back_is_not_what_that_stands_for() -> None:
    text = (
        "The refund is on your card, and the plan renews no more - since that's been cancelled, "
        "you're set."
    )
    assert any(c.act is Act.CANCEL and c.positive for c in read(text).claims)


@pytest.mark.parametrize(
    ("text", "context"),
    [
        # a noun phrase beside the subject, each determiner: the clause is read without it
        ("The blender order, your red one, is cancelled.", "the blender order is cancelled"),
        ("The refund, a full one, is issued to your Amex.", "the refund is issued to your amex"),
        ("The blender order, an old one, is cancelled.", "the blender order is cancelled"),
        ("The plan, its yearly one, is cancelled.", "the plan is cancelled"),
        ("The plan, their family one, is cancelled.", "the plan is cancelled"),
        # an id that starts with the letters of a determiner is an id: it stays
        ("The rug order, ANB-40217, is cancelled.", "the rug order anb-40217 is cancelled"),
    ],
)
def test_a_subject_past_each_kind_of_aside(text: str, context: str) -> None:
    assert [c.context for c in read(text).claims] == [context]
