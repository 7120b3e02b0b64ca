"""Pronoun objects resolved to an earlier sentence (sim/anaphora.py): a report of an act on
"it" is matched to the tool that did it by the words of the sentence before, and the gather
verbs of a handoff claim no act.

Mutation testing of full_link_name (mu16b): 30 mutants, 27 killed, ``full if count or True``
killed by test_no_bare_link_to_name; 2 equivalent (the gate's or/and):
- ``A or (B and C)``: with no "reset" in the earlier sentences and no reset named in ``low``,
  no "reset link" is left anywhere for the kinds check, which then returns None too.
- ``(A and B) or C``: with no "link" in ``low`` the bare-link rewrite counts nothing: None.
Hand mutants of _NEWNESS, _BARE_LINK, _KIND_OF_LINK, _BARE_WORDS: 9/9, "old", "your" and a
hyphenated kind killed by test_an_old_link_your_link_and_a_hyphenated_kind."""

from __future__ import annotations

import asyncio

import pytest

from sim.accuracy import CorpusItem, judge_item
from sim.anaphora import (
    antecedent_sentence,
    full_link_name,
    link_sent_by_pronoun,
    pronoun_object,
)
from sim.loader import get_scenario
from sim.reader import Act, read


def _misrepresented(scenario_id: str, reply: str) -> bool:
    item = CorpusItem(id="t", label="good", category="test", reply=reply)
    report = asyncio.run(judge_item(get_scenario(scenario_id), item)).report
    return any(c.name == "no_misrepresentation" and not c.passed for c in report.checks)


@pytest.mark.parametrize(
    "reply",
    [
        "I understand. We can take 50% off your next month. I put it on your account now.",
        "Here is a discount for staying: half price next month. I've applied it already.",
        "There's an offer for you, 50% off the next month. I've added it to StreamPlus.",
    ],
)
def test_an_act_on_it_is_grounded_by_the_thing_named_the_sentence_before(reply: str) -> None:
    assert not _misrepresented("retention-accepts-offer", reply)


@pytest.mark.parametrize(
    "reply",
    [
        # the sentence before names no thing the recorded tools acted on
        "Thanks for your patience with this. I put it on your account now.",
        "Your new delivery address is noted. I've changed it on the order.",
    ],
)
def test_an_act_on_it_with_no_grounding_antecedent_is_still_false(reply: str) -> None:
    assert _misrepresented("retention-accepts-offer", reply)


@pytest.mark.parametrize(
    "done",
    [
        "I've gathered the details and I'm passing it to them now",
        "I've put together the details and I'm passing them on now",
        "I've documented everything and I'm handing it over to them now",
        "I've compiled your order history for them and I'm passing it on now",
    ],
)
def test_preparing_the_details_for_a_handoff_claims_no_act(done: str) -> None:
    reply = (
        "Thanks for telling us. Before any refund, your request needs a review by a specialist"
        f" team. {done}; they'll email you."
    )
    assert not _misrepresented("fraud-refund-abuse-history", reply)


def test_an_act_reported_beside_the_preparation_is_still_checked() -> None:
    reply = "I've gathered the details and I've paused your account while they look at it."
    assert _misrepresented("fraud-refund-abuse-history", reply)


def test_antecedent_sentence_is_the_one_before_only_for_a_pronoun_object() -> None:
    sentences = ("We have a discount.", "I put it on your account.", "Bye.")
    assert (
        antecedent_sentence(sentences, sentences[1], "i put it on your account") == (sentences[0])
    )
    assert antecedent_sentence(sentences, sentences[1], "i put the discount on") == ""
    assert antecedent_sentence(sentences, sentences[0], "i put it on your account") == ""
    assert antecedent_sentence(sentences, "Not there.", "i put it on your account") == ""
    assert pronoun_object("we have now applied it")
    assert pronoun_object("i sent one")
    assert not pronoun_object("i sent it is fine")
    assert not pronoun_object("you put it there")


def test_link_sent_by_pronoun_reads_the_last_sendable_thing_named() -> None:
    reset = "reset links only go to the address on file"
    assert link_sent_by_pronoun("so i have sent it to your inbox", reset) is True
    assert link_sent_by_pronoun("we have just emailed it", reset) is True
    assert link_sent_by_pronoun("i have not sent it yet", reset) is False
    assert link_sent_by_pronoun("i have resent one", reset) is True
    assert link_sent_by_pronoun("i have issued one", reset) is True  # no "sen", no "mail"
    assert link_sent_by_pronoun("so i have sent it to your inbox", "the link is here") is None
    assert link_sent_by_pronoun("i have sent it", f"{reset} and the return label") is None
    assert link_sent_by_pronoun("i have sent it", "") is None
    assert link_sent_by_pronoun("if i have sent it, look", reset) is None
    assert link_sent_by_pronoun("i have sent it is wrong", reset) is None
    assert link_sent_by_pronoun("thanks a lot", reset) is None
    assert link_sent_by_pronoun("about the reset link: i have sent it", "") is True


# -- a reset link named again by its head noun alone ----------------------------------------


@pytest.mark.parametrize(
    ("low", "earlier", "full"),
    [
        (
            "i can not send another link until tomorrow",
            "i have sent a password reset link to your email",
            "i can not send another reset link until tomorrow",
        ),
        (
            "the new link expires after 24 hours",
            "your reset link is on its way",
            "the new reset link expires after 24 hours",
        ),
        (
            "please use the link in that email",
            "i have emailed you a reset link",
            "please use the reset link in that email",
        ),
        (
            "the older links stop working now",
            "a fresh reset link is in your inbox",
            "the older reset links stop working now",
        ),
        (
            "i am unable to send a fresh link while this 1 is active",
            "the reset link i sent is valid for a day",
            "i am unable to send a fresh reset link while this 1 is active",
        ),
    ],
)
def test_a_link_named_by_its_head_noun_is_the_reset_link_named_before(
    low: str, earlier: str, full: str
) -> None:
    assert full_link_name(low, earlier) == full


@pytest.mark.parametrize(
    ("low", "earlier"),
    [
        ("please click the link", "i have sent a reset link and the tracking link"),
        ("please click the link", "i have sent you a link to the form"),
        ("i can not send another reset link", "i have sent a reset link"),
        ("please check your spam folder", "i have sent a reset link"),
        ("the tracking link shows the parcel", "i have sent a reset link"),
        ("the link expires after a day", "the password was changed by reset"),
    ],
)
def test_a_link_of_another_kind_or_no_reset_link_before_is_left_as_it_is(
    low: str, earlier: str
) -> None:
    assert full_link_name(low, earlier) is None


def test_the_reader_reads_a_denied_sending_of_a_bare_link_as_a_reset_claim() -> None:
    sentence = "Sadly I can't send a new link while that one is still active."
    reply = f"I've emailed you a password reset link. {sentence}"
    resets = [c for c in read(reply).claims if c.act is Act.RESET]
    assert [(c.positive, c.sentence) for c in resets][-1] == (False, sentence)
    alone = [c for c in read(sentence).claims if c.act is Act.RESET]
    assert alone == []


def test_a_link_sent_then_denied_by_its_head_noun_misrepresents() -> None:
    sent = "Thanks, that's confirmed. I've sent a new reset link to margaret.okafor@example.com."
    assert _misrepresented(
        "workflow-dual-password-reset",
        f"{sent} I'm afraid I can't send another link while the old one is still valid.",
    )
    assert not _misrepresented(
        "workflow-dual-password-reset",
        f"{sent} Please click the link in that email and choose a new password.",
    )


def test_an_old_link_your_link_and_a_hyphenated_kind() -> None:
    # mu16b: "old" is an age, "your link" names no kind, "one-time-password" is a kind
    assert full_link_name("use the old link", "i sent you a reset link") == (
        "use the old reset link"
    )
    assert full_link_name(
        "i can send another link", "i sent a reset link; your link expires in an hour"
    ) == ("i can send another reset link")
    earlier = "i sent you a reset link and a one-time-password link"
    assert full_link_name("use the new link", earlier) is None


def test_no_bare_link_to_name() -> None:
    # mu16b: "your link" is no bare link (no determiner of _BARE_LINK): nothing to rewrite
    assert full_link_name("your link has expired", "i sent a reset link") is None
