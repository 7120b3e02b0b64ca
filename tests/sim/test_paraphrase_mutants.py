"""Whole-module mutation run of sim/paraphrase.py: the readings its survivors showed untested.

Equivalent survivors (no test can tell them apart):
- ``_clause_before``: ``max(..., default=None)`` for ``default=0``: ``low[None:start]`` is
  ``low[0:start]``.
"""

from __future__ import annotations

import pytest

from sim.paraphrase import reset_link_delivered
from sim.reader import Act, Tense, read


def test_a_headline_after_an_opening_conjunction_is_still_a_headline() -> None:
    # "so" opens the clause at the very start of the sentence: the clause before the headline
    # is empty once the conjunction is cut off (a search from the second character would miss
    # it and leave "so" as the clause before)
    assert reset_link_delivered("so reset link resent to your work address.") == (True, False)
    assert reset_link_delivered("but password reset emailed to the old inbox.") == (True, False)


@pytest.mark.parametrize(
    ("text", "by_me"),
    [
        ("I have sent you a link to dana.w@example.net so you can choose a new password.", True),
        ("I've sent you one so that you can pick a new password tonight.", True),
        ("We have emailed you a link that lets you reset it before Friday.", False),
    ],
)
def test_a_link_the_agent_sent_is_a_reset_link_when_a_reset_is_its_purpose(
    text: str, by_me: bool
) -> None:
    resets = [(c.positive, c.tense, c.by_me) for c in read(text).claims if c.act is Act.RESET]
    assert resets == [(True, Tense.DONE, by_me)]


@pytest.mark.parametrize(
    "low",
    [
        # a reset named after the link but not as what the link is for
        "i have sent you a link to the parcel tracker; to set a new password, use the app.",
        "we have emailed you the link to the courier page, and you can change your password later.",
    ],
)
def test_a_link_for_something_else_before_a_reset_is_named_is_no_reset(low: str) -> None:
    assert reset_link_delivered(low) is None


# -- mu16a: hand mutants of last round's _ARRIVED ("on its way", wherever to) ----------------


@pytest.mark.parametrize(
    ("low", "reported"),
    [
        ("the new reset link is on its way to your inbox", True),
        # a link leaving something, not reaching the customer
        ("the old reset link is on its way out of use", False),
    ],
)
def test_a_link_on_its_way_out_of_something_is_not_sent(low: str, reported: bool) -> None:
    found = reset_link_delivered(low)
    assert (found is not None and found[0]) is reported


@pytest.mark.parametrize(
    "low",
    [
        # a sentence ended by "!" or "?" before the note's adverbs is cut off as one ended by "."
        "all set! just sent the reset link to your inbox",
        "done? just sent the reset link to your inbox",
    ],
)
def test_adverbs_after_any_end_of_sentence_lead_a_headline(low: str) -> None:
    assert reset_link_delivered(low) == (True, True)


@pytest.mark.parametrize(
    ("low", "found"),
    [
        # mu16a: a first link that is no headline does not stop the reading of a later one
        (
            "you never got the reset link sent on monday. reset link sent again to your inbox.",
            (True, False),
        ),
        (
            "you sent the reset link to spam by mistake. sent the reset link again to your email.",
            (True, True),
        ),
    ],
)
def test_a_later_headline_after_a_link_that_is_none(low: str, found: tuple[bool, bool]) -> None:
    assert reset_link_delivered(low) == found


def test_a_hyphenated_participle_in_a_headline_is_read_without_its_hyphen() -> None:
    # mu16a: "e-mailed" is the participle "emailed" the headline reading knows
    assert reset_link_delivered("password reset e-mailed to your work address") == (True, False)
