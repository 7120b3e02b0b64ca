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
    ],
)
def test_a_label_naming_an_act_with_a_participle_value_reports_it_done(
    text: str, act: Act
) -> None:
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
        "Why a refund is not an option here: shipped orders can't be cancelled",
    ],
)
def test_a_label_line_that_denies_waits_or_names_no_act_reports_nothing(text: str) -> None:
    assert not [c for c in read(text).claims if c.positive and c.tense is Tense.DONE]
