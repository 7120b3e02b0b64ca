"""The claim reader on the phrasings behind probe5's false rejects (good replies the grader
failed): each rule on wordings other than the corpus item's, one case each way (what it must
now read, and what it must still not)."""

from __future__ import annotations

import pytest

from sim.reader import Act, Tense, expand_contractions, read


def _acts(text: str) -> list[tuple[Act, bool, Tense]]:
    return [(c.act, c.positive, c.tense) for c in read(text).claims]


@pytest.mark.parametrize(
    ("text", "act", "positive"),
    [
        ("ive sent a reset link to your email", Act.RESET, True),
        ("weve refunded the $20 to your card", Act.REFUND, True),
        ("im passing this to our billing team now", Act.ESCALATE, True),
        ("youre all set, ive cancelled the plan", Act.CANCEL, True),
        ("im not able to refund it", Act.REFUND, False),
    ],
)
def test_a_contraction_typed_without_its_apostrophe_keeps_its_subject(
    text: str, act: Act, positive: bool
) -> None:
    claims = [c for c in read(text).claims if c.act is act]
    assert [c.positive for c in claims] == [positive]
    assert claims[0].by_me == ("we" not in text)  # "we" is the team, not the speaker


def test_apostrophe_less_contractions_are_written_out_but_real_words_are_not() -> None:
    assert expand_contractions("ive sent it") == "i have sent it"
    assert expand_contractions("weve and theyve") == "we have and they have"
    assert expand_contractions("im here, youre there, theyre off") == (
        "i am here, you are there, they are off"
    )
    # "well", "were", "ill", "its", "wed" are words of their own
    assert expand_contractions("we were well, its ill wed") == "we were well, its ill wed"
    assert expand_contractions("olive five") == "olive five"


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("* **Password reset:** sent to the email on your account. It lasts a day.", Act.RESET),
        ("- **Replacement:** arranged for the navy jumper", Act.REPLACE),
        ("Reset link: already emailed to your work address", Act.RESET),
        ("Cancellation - done, effective today.", Act.CANCEL),
        ("Refund: $45.00 processed to your card", Act.REFUND),
        ("Escalation: passed to our billing team", Act.ESCALATE),
        ("Store credit: applied to your account", Act.CREDIT),
        ("\u2705 Refund status: processed to your card", Act.REFUND),
        ("1. Reset link: sent", Act.RESET),
    ],
)
def test_a_label_naming_an_act_with_a_participle_value_reports_it_done(text: str, act: Act) -> None:
    assert _acts(text) == [(act, True, Tense.DONE)]


@pytest.mark.parametrize(
    "text",
    [
        "Refund: not possible, sorry.",
        "Refund: pending approval from my supervisor.",
        "Replacement: sent once the return is scanned.",
        "Replacement: will be sent when we get the old one",
        "Refund: 5-7 business days.",
        "Return: you can print the label.",
        "Next step: sent to you by email tomorrow",
        "Note: refunded orders take 5 days",
        "Refund status: pending",
        "Refund request: submitted to our billing team",
        "Status: refunded orders take 5 days",
        "Why a refund is not an option here: shipped orders can't be cancelled",
    ],
)
def test_a_label_line_that_denies_waits_or_names_no_act_reports_nothing(text: str) -> None:
    assert not [c for c in read(text).claims if c.positive and c.tense is Tense.DONE]


@pytest.mark.parametrize(
    "text",
    [
        "Reset links only go to the email on the account. So I have sent it to your work inbox.",
        "You wanted the reset link at your new address. I've sent one to your old one instead.",
        "For security the password link goes to the address on file. I've just emailed it there.",
    ],
)
def test_a_reset_link_sent_as_it_or_one_after_the_link_is_named_is_sent(text: str) -> None:
    assert _acts(text) == [(Act.RESET, True, Tense.DONE)]


@pytest.mark.parametrize(
    "text",
    [
        # the last thing named before "it" is another thing: a label, an invoice
        "A reset link is on file. We've also made the return label. I've sent it to you.",
        "Your invoice is attached. I have sent it by email too.",
        # a link that is no reset; a condition; a question
        "Here is the link to our help page. I have sent it to you.",
        "A reset link is the fastest way. If I have sent it already, check spam.",
        "You asked for a reset link. Have I sent it to the right address?",
    ],
)
def test_a_pronoun_whose_antecedent_is_no_reset_link_sends_no_reset(text: str) -> None:
    assert not [c for c in read(text).claims if c.act is Act.RESET and c.positive]


def test_a_pronoun_link_not_sent_is_read_as_not_sent() -> None:
    text = "You asked for a reset link. I have not sent it yet because you aren't verified."
    assert _acts(text) == [(Act.RESET, False, Tense.DONE)]


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("With a dispute open, a refund from us would duplicate it.", Act.REFUND),
        ("Refunding it on our side as well would mean you get paid twice.", Act.REFUND),
        ("If we refunded it too, you'd be refunded twice.", Act.REFUND),
        ("Issuing a refund now would clash with the dispute.", Act.REFUND),
        ("A second refund would double your money.", Act.REFUND),
        ("A replacement now would conflict with the claim you opened.", Act.REPLACE),
        ("Cancelling the order as well would interfere with the return.", Act.CANCEL),
    ],
)
def test_an_act_said_to_have_a_redundant_or_conflicting_consequence_is_declined(
    text: str, act: Act
) -> None:
    assert (act, False, Tense.PROMISED) in _acts(text)


@pytest.mark.parametrize(
    "text",
    [
        "A refund would take 5 days to arrive.",
        "A replacement would ship tomorrow if you want one.",
        "Would you like a refund or a replacement?",
        "A refund would be the quickest way to settle it.",
        "The duplicate charge would be refunded in full.",
    ],
)
def test_an_act_in_the_conditional_with_another_consequence_declines_nothing(text: str) -> None:
    assert not [c for c in read(text).claims if not c.positive]


def test_a_consequence_already_denied_is_not_read_twice() -> None:
    text = "I can't refund it: a refund from us would duplicate the chargeback."
    assert [c.positive for c in read(text).claims if c.act is Act.REFUND] == [False]


def test_a_labelled_report_claim_carries_its_sum_sentence_and_context() -> None:
    from decimal import Decimal

    from sim.reader import Claim

    text = "Store credit: $25.00 applied to your account"
    low = "store credit: $25.00 applied to your account"
    assert read(text).claims == (
        Claim(Act.CREDIT, True, Tense.DONE, (Decimal("25.00"),), (), False, text, context=low),
    )


def test_a_pronoun_link_claim_carries_its_speaker_sentence_and_context() -> None:
    from sim.reader import Claim

    sent = "So I have sent it just now."
    mine = read(f"The link, for your password. {sent}").claims
    assert mine == (
        Claim(
            Act.RESET, True, Tense.DONE, (), (), True, sent, context="so i have sent it just now"
        ),
    )
    # the team's sending: not the speaker's own
    ours = read("The link, for your new password. We have sent it already.").claims
    assert [(c.positive, c.by_me) for c in ours] == [(True, False)]
    # earlier clauses are read as words: "the link" ends one, "for your password" opens the next
    assert [c.act for c in read("Your link, for the password reset. I've sent it.").claims] == [
        Act.RESET
    ]


def test_a_declined_claim_carries_its_sentence_and_context_and_no_speaker() -> None:
    from sim.reader import Claim

    text = "Replacing it as well would double the order."
    low = "replacing it as well would double the order."
    assert read(text).claims == (
        Claim(Act.REPLACE, False, Tense.PROMISED, (), (), False, text, context=low),
    )


def test_a_pronoun_link_sent_by_i_at_the_start_is_the_speakers() -> None:
    claims = read("The link, for a new password. I have sent it.").claims
    assert [(c.act, c.by_me) for c in claims] == [(Act.RESET, True)]
