"""An act the same reply says both ways (sim/act_both_ways.py): denied by the agent and handed
to a team that will surely do it; a charge refunded and its kind declared never refundable;
the old reset links switched off and an old link then said to work.

Mutation testing (mutmut, sim/act_both_ways.py with this file alone): 121 mutants, 113 killed
by the first run; of the 8 survivors 4 are killed by the tests at the end of this file
(memo keyed by None, continue -> break in both readings' skip, the bound searched from the
clause's start) and 4 are equivalent:
- act_both_ways' memo table named None, "XXact-both-waysXX" or "ACT-BOTH-WAYS": a private
  table name no other memo() caller uses, so the entries are the same (3 mutants).
- handed_denial's ``named = None``: it is only read in ``named or ...`` and ``not named``,
  where None and False act alike.

This round's readings (mu16b, mutmut with the selection in pyproject's [tool.mutmut] comment):
_both_ways 9/9, refunded_yet_kept 60 (55 killed, 2 by the tests at the end of this file, 3
equivalent), _skipped 5 (3, 2 by new tests), _none_back 8 (7, 1), return_both_ways 14 (13, 1).
The equivalent ones:
- refunded_yet_kept's ``before`` first set to None or "XXXX": that value is only read within
  the first sentence, and ``said`` is only searched for a sentence after a refund's.
- its reset to "XXXX" at a sentence's start: _OTHER_CHARGE's words are lower case and it needs
  a digit after "$", so "XXXX" adds no match.
Hand mutants of the module-level patterns (_GATE, _STAYS, _ALL_STAY, _APART, _OTHER_CHARGE,
_NO_RETURN, _NOT_GOODS, _RETURN_TAKEN, _SUPPOSED, _SOME_GOODS): 36/36, 8 by new tests.
"""

from __future__ import annotations

import pytest

from sim.act_both_ways import (
    CLASS_DENIED,
    HANDED,
    KEPT,
    RETURN_BOTH,
    REVIVED,
    act_both_ways,
    done_class_denied,
    handed_denial,
    refunded_yet_kept,
    return_both_ways,
    revived_link,
)
from sim.reader import read

# -- a denied act handed to another party who will do it ---------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "I can't cancel the order from here. I've passed it to our warehouse team, who will "
            "cancel it tonight.",
            "I've passed it to our warehouse team, who will cancel it tonight.",
        ),
        (
            "I'm unable to refund the $35.50 myself. Our finance department will refund the "
            "$35.50 by Friday.",
            "Our finance department will refund the $35.50 by Friday.",
        ),
        (
            "I cannot waive that fee, but my supervisor is going to waive it for you.",
            "I cannot waive that fee, but my supervisor is going to waive it for you.",
        ),
        (
            "I couldn't personally refund it from here, so our billing desk will refund it today.",
            "I couldn't personally refund it from here, so our billing desk will refund it today.",
        ),
        (
            "I'm not able to reset the account. I've told the security team; they'll reset it "
            "within the hour.",
            "I've told the security team; they'll reset it within the hour.",
        ),
    ],
)
def test_a_denied_act_foretold_of_another_party_is_read(text: str, said: str) -> None:
    assert handed_denial(read(text)) == [(said, HANDED)]


@pytest.mark.parametrize(
    "text",
    [
        # a hedge foretells nothing
        "I can't refund the $35.50 myself; our billing team may refund it after a review.",
        # another act: the team reviews, it does not refund
        "I can't refund it here. Our billing team will review it and email you.",
        # the condition holds the act: how a handoff works
        "I can't refund it here. Once they approve it, the billing team will refund it.",
        # another sum: another object
        "I can't refund the $35.50 myself. Our billing team will refund the $4.99 fee today.",
        # no team named for "they" to stand for
        "I can't refund the parcel fee. They will refund it at the depot.",
        # the other party's act denied too
        "I can't cancel it, and the warehouse team won't cancel it either.",
        # a condition after the foretold act holds it too
        "I can't refund it from this chat. Our returns team will refund it once it's back.",
        # a denial bound to a time is no denial of the act
        "I can't refund it until it's back with us. Our returns team will refund it.",
        # another act foretold than the one denied
        "I can't cancel the order here; our warehouse team will refund it.",
        # asked, not asserted
        "I can't refund the $12.00 here, so the billing team will refund it?",
        # the agent's own promise is not another party's
        "I can't refund it today, but I will refund it tomorrow.",
        # a team's act with no denial before it
        "Our billing team will refund the $35.50 within 5 business days.",
    ],
)
def test_a_hedged_other_or_undenied_act_is_not_read(text: str) -> None:
    assert handed_denial(read(text)) == []


def test_the_denial_must_come_first() -> None:
    text = "Our returns team will refund the $20.00. I can't refund the $20.00 from this chat."
    assert handed_denial(read(text)) == []


# -- a charge refunded, then its kind declared never refundable ---------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "I've refunded the $8.50 delivery charge to your card. Delivery charges are not "
            "refundable, so the rest stays as it is.",
            "Delivery charges are not refundable, so the rest stays as it is.",
        ),
        (
            "I have refunded the $15.00 priority handling fee. Just so you know, we never "
            "refund handling fees.",
            "Just so you know, we never refund handling fees.",
        ),
        (
            "I refunded your $6.00 gift wrap fee. Wrap fees themselves are never refundable.",
            "Wrap fees themselves are never refundable.",
        ),
    ],
)
def test_a_refunded_charge_whose_kind_is_declared_unrefundable_is_read(
    text: str, said: str
) -> None:
    assert done_class_denied(read(text)) == [(said, CLASS_DENIED)]


@pytest.mark.parametrize(
    "text",
    [
        # the refund was of something else
        "I've refunded the $64.00 for the lamp. Delivery charges are not refundable.",
        # a hedge leaves room for the exception
        "I've refunded the $8.50 delivery charge. Delivery charges are normally not refundable.",
        # no refund done: a promise
        "I'll refund the $8.50 delivery charge once it's back. Delivery charges are not "
        "refundable.",
        # another kind of charge
        "I've refunded the $8.50 delivery charge. Service fees are never refundable.",
        # a question
        "I've refunded the $8.50 delivery charge. Are delivery charges not refundable?",
        # the refund denied, not done
        "I haven't refunded the $8.50 delivery charge. Delivery charges are not refundable.",
        # a refund told as the customer's history, not the agent's act
        "The $8.50 delivery charge was refunded to you last month as a one-off. Delivery "
        "charges are not refundable.",
        # a condition
        "I've refunded the $8.50 delivery charge. If delivery charges are not refundable, "
        "I'll tell you.",
    ],
)
def test_another_kind_a_hedge_or_no_refund_is_not_read(text: str) -> None:
    assert done_class_denied(read(text)) == []


# -- old reset links switched off, then said to work ---------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "The new link went to your inbox, and it has deactivated all previous links. If "
            "you prefer, just click the earlier link instead.",
            "If you prefer, just click the earlier link instead.",
        ),
        (
            "I've sent a fresh link; the old link no longer works. The old link will still "
            "work for another hour, though.",
            "The old link will still work for another hour, though.",
        ),
        (
            "Sending a new email invalidated the older links. You can use the link from "
            "yesterday too.",
            "You can use the link from yesterday too.",
        ),
        (
            "Your earlier link won't work any more. Your original link is still valid.",
            "Your original link is still valid.",
        ),
    ],
)
def test_an_old_link_revived_after_the_old_links_were_switched_off_is_read(
    text: str, said: str
) -> None:
    assert revived_link(read(text)) == [(said, REVIVED)]


@pytest.mark.parametrize(
    "text",
    [
        # nothing switched off: the old link may still be fine
        "I've sent a new link. You can still use the old link if it hasn't expired.",
        # the old link is refused, not revived
        "The new email switched off all older links. Please don't use yesterday's link.",
        # a condition states how it goes
        "The older links were disabled. If you click the old link, you'll see an error.",
        # the new link, set against the old one
        "I've invalidated the previous links, so please use the new link rather than the old link.",
        # a question
        "The old links are switched off now. Did you use the old link this morning?",
        # a question switches nothing off
        "Has the old link expired? You can use the old link.",
        # only the switch-off, in both its forms
        "The old link no longer works, and yesterday's link has expired.",
    ],
)
def test_no_old_link_said_to_work_is_not_read(text: str) -> None:
    assert revived_link(read(text)) == []


# -- the gate and the combination -----------------------------------------------------------


def test_the_module_reports_every_rule_and_nothing_without_its_words() -> None:
    text = (
        "I can't refund the $12.00 here; our billing team will refund the $12.00 tomorrow. "
        "The older links were disabled, but you can use yesterday's link."
    )
    assert [p for _, p in act_both_ways(read(text))] == [HANDED, REVIVED]
    assert act_both_ways(read("Thanks for your patience, it's all sorted now.")) == []


def test_each_reading_keeps_its_own_findings() -> None:
    # two replies read one after the other: the second's verdict is its own, not the first's
    handed = "I can't waive the $7.00 fee; my manager will waive the $7.00 fee today."
    clean = "I've waived the $7.00 fee and sent you a new link."
    assert [p for _, p in act_both_ways(read(handed))] == [HANDED]
    assert act_both_ways(read(clean)) == []
    assert [p for _, p in act_both_ways(read(handed))] == [HANDED]


@pytest.mark.parametrize(
    "text",
    [
        # "before" ends the clause's own aside, not the denial: only a bound after it holds it
        "As I mentioned before I can't reverse the $44.00 charge; the billing team will reverse "
        "the $44.00 charge today.",
        "The $44.00 you paid before the move I can't reverse myself; the billing team will "
        "reverse the $44.00 tonight.",
    ],
)
def test_a_bound_word_before_the_denial_does_not_hold_it(text: str) -> None:
    assert [p for _, p in handed_denial(read(text))] == [HANDED]


def test_a_question_before_the_denial_does_not_end_the_reading() -> None:
    text = (
        "Was this the $18.75 renewal? I can't cancel the $18.75 renewal here; our accounts "
        "team will cancel it today."
    )
    assert [p for _, p in handed_denial(read(text))] == [HANDED]
    asked = "Was this the $18.75 renewal? Our accounts team will cancel it today."
    assert handed_denial(read(asked)) == []


def test_a_question_before_the_kind_denied_does_not_end_the_reading() -> None:
    text = (
        "I've refunded the $3.20 packing fee. Was that the only fee you meant? Packing fees "
        "are never refundable."
    )
    assert [p for _, p in done_class_denied(read(text))] == [CLASS_DENIED]


# -- a refunded charge said to stay, and goods said not to come back taken back ------------


@pytest.mark.parametrize(
    "text",
    [
        "I've refunded the $15.00 gift-wrap fee to your Visa. Looking again, the fee was "
        "charged correctly, so it stays.",
        "I've refunded the $4.99 delivery charge. That charge remains on your statement, though.",
        "I have refunded your $25 late payment fee today. The fee is valid under our terms.",
        "Refund done: I've refunded the $9.00 booking surcharge. The surcharge still stands.",
        "I've refunded the $120 annual payment to your card, and this payment has been applied "
        "correctly.",
        "I've refunded the second $24.50 today. All of your March payments will remain as they "
        "are.",
        "I refunded the doubled $7.00 just now; both fees stay on the invoice.",
    ],
)
def test_a_refunded_charge_said_to_stay_or_to_be_right_is_read(text: str) -> None:
    found = refunded_yet_kept(read(text))
    assert [p for _, p in found] == [KEPT]
    assert found[0] in act_both_ways(read(text))


@pytest.mark.parametrize(
    "text",
    [
        "I've refunded the $10.00 surcharge. The original charge for the sofa remains.",
        "I've refunded the $10.00 surcharge; the rest of the charge stays on your card.",
        "The fee was applied correctly, so I can't refund it.",
        "I've refunded the $30 delivery fee; the charge for the lamp itself remains.",
        "I've refunded the $12 gift-wrap fee. The payment is correct and stays as it is.",
        "I've refunded the $10.00 surcharge. If the fee was applied correctly, it would stay.",
        "I've refunded the $4.99 delivery charge. That charge doesn't remain on your card.",
        "I've refunded the duplicate $19.99; all other charges stay as they are.",
        "Both charges stay on your statement, so I can't refund either.",
    ],
)
def test_another_charge_a_charge_not_refunded_or_a_supposed_one_is_not_read(text: str) -> None:
    assert refunded_yet_kept(read(text)) == []


@pytest.mark.parametrize(
    "text",
    [
        "I've refunded the $45.00 in full and you don't need to return the vase. We'll email "
        "you a prepaid return label today.",
        "No need to send anything back. The refund is issued once we receive the speaker.",
        "Nothing needs to come back to us. When the warehouse gets the chair, your refund goes "
        "out.",
        "You won't need to post the blender back. Please use the return label I've sent you.",
        "There's no need to return the headphones; as soon as we receive them, the money is yours.",
    ],
)
def test_goods_said_not_to_come_back_and_then_taken_back_are_read(text: str) -> None:
    assert [p for _, p in return_both_ways(read(text))] == [RETURN_BOTH]
    assert (return_both_ways(read(text))[0]) in act_both_ways(read(text))


@pytest.mark.parametrize(
    "text",
    [
        "No need to send anything back, and there's no return label to print.",
        "You don't need to return the kettle. Once we receive your photos, I'll refund it.",
        "You don't need to return the lamp, but if you'd rather send it back, we'll email you "
        "a return label.",
        "We'll email you a return label; once we receive the parcel, the refund follows.",
        "You don't need to send the receipt back; once we receive the mixer, we'll refund you.",
        "There's no need to return anything else: once we receive the faulty charger, we'll "
        "send the new one.",
        "Do I need to send it back? Once we receive the toaster we refund it.",
        "There's no need to wait for the return to be scanned; once we receive the parcel, "
        "the label is closed.",
    ],
)
def test_a_return_denied_of_something_else_or_only_supposed_is_not_read(text: str) -> None:
    assert return_both_ways(read(text)) == []


@pytest.mark.parametrize(
    "text",
    [
        "Your order came to $54.00 and that charge is correct. I've refunded the $6.00 fee.",
        "I've refunded the $12.99 from March 3. The February period had already begun, so "
        "that charge stays.",
        "I've refunded the $9.00 surcharge. Your plan renewed on May 1; this payment stands.",
        "The fee is correct. Separately, I've refunded the $3.00 fee for gift wrap.",
    ],
)
def test_a_demonstrative_that_stands_for_another_charge_is_not_read(text: str) -> None:
    assert refunded_yet_kept(read(text)) == []


@pytest.mark.parametrize(
    "text",
    [
        "I've refunded the $5.00 card fee, though that charge was applied correctly.",
        "I've refunded the $5.00 card fee. Checking again, that fee stands.",
    ],
)
def test_a_demonstrative_in_the_refund_s_sentence_or_just_after_it_is_read(text: str) -> None:
    assert [p for _, p in refunded_yet_kept(read(text))] == [KEPT]


# -- hand mutants of this round's patterns (mu16b) -------------------------------------------


def test_words_between_the_verb_and_its_manner_or_a_bare_judgement_still_say_it_stays() -> None:
    # _STAYS' window of up to three words before "taken", and "is correct"
    for text in (
        "I've refunded the $8.00 packing fee. Having checked, the fee was actually taken "
        "correctly.",
        "I've refunded the $3.50 service charge, and the charge is correct.",
    ):
        assert [p for _, p in refunded_yet_kept(read(text))] == [KEPT]


@pytest.mark.parametrize(
    "text",
    [
        # a sum, or the word "charge", named before "that charge" in the next sentence
        "I've refunded the $14.00 surcharge. $9.99 went out on the 2nd, and that charge stands.",
        "I've refunded the $14.00 surcharge. A second charge went out on Friday, and that "
        "charge stands.",
    ],
)
def test_a_sum_or_a_charge_named_before_the_demonstrative_is_its_antecedent(text: str) -> None:
    assert refunded_yet_kept(read(text)) == []
    # the same demonstrative with nothing named before it stands for the refunded charge
    assert refunded_yet_kept(
        read("I've refunded the $14.00 surcharge. On Friday that charge stands.")
    )


@pytest.mark.parametrize(
    "text",
    [
        "There's no need to send the rug back. If you do, once we receive it we'll cover the "
        "postage.",
        "There's no need to send the rug back. Some customers would rather do so anyway, and "
        "once we receive it we cover the postage.",
    ],
)
def test_a_return_supposed_in_its_own_sentence_is_not_taken_for_granted(text: str) -> None:
    assert return_both_ways(read(text)) == []


def test_nothing_has_to_go_back_then_received_is_read() -> None:
    text = "Nothing has to go back to us; the money is yours once we receive the kettle."
    assert [p for _, p in return_both_ways(read(text))] == [RETURN_BOTH]


def test_the_gate_opens_on_back_alone() -> None:
    # no "return" or "refund" in the reply: "back" alone must let the reading run
    text = "No need to send anything back. Once we receive the speaker, the money is yours."
    assert [p for _, p in act_both_ways(read(text))] == [RETURN_BOTH]


# -- mutmut survivors of this round's functions (mu16b) --------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # no refund done: denied, or only promised
        "I haven't refunded the $6.00 booking fee, and the fee is correct.",
        "I will refund the $6.00 booking fee. The fee stands until then.",
        # the charge said to stay in a negated, asked or supposed clause
        "I've refunded the $7.00 fee; the fee was never applied correctly.",
        "I've refunded the $7.00 fee. Was the fee applied correctly?",
        "I've refunded the $7.00 fee. If the fee was applied correctly, it would stay.",
    ],
)
def test_no_refund_done_or_no_statement_that_it_stays(text: str) -> None:
    assert refunded_yet_kept(read(text)) == []


def test_a_sentence_before_the_refund_does_not_end_the_reading() -> None:
    text = "Thanks for waiting. I've refunded the $6.00 booking fee. The fee was applied correctly."
    assert [p for _, p in refunded_yet_kept(read(text))] == [KEPT]


@pytest.mark.parametrize(
    "text",
    [
        # the no-return held to a condition
        "If the seal is unbroken, there's no need to send anything back. Once we receive the "
        "mixer, we refund you.",
        # the label denied
        "There's no need to return the lamp, so we won't be emailing you a return label.",
    ],
)
def test_a_supposed_no_return_or_a_denied_label_takes_nothing_for_granted(text: str) -> None:
    assert return_both_ways(read(text)) == []
