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
