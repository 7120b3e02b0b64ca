"""A replacement caused or sent again (sim.replacement_words.RESHIPPED): "I'll have a new
blender shipped to you", "we'll reship the order"; the order itself on its way, a link sent
again or a policy is no replacement."""

from __future__ import annotations

import pytest

from sim.reader import Act, Tense, read
from sim.replacement_words import RESHIPPED


@pytest.mark.parametrize(
    "text",
    [
        "I'll also have a new blender shipped to you today.",
        "We will get a brand-new kettle sent to you.",
        "I'm going to have a new lamp posted out to you.",
        "We will reship the parcel free of charge.",
        "The order will be re-dispatched tomorrow.",
    ],
)
def test_a_replacement_caused_or_sent_again(text: str) -> None:
    claims = [c for c in read(text).claims if c.act is Act.REPLACE]
    assert claims and claims[0].positive and claims[0].tense is Tense.PROMISED, text


@pytest.mark.parametrize(
    "text",
    [
        "Your new blender has been shipped.",  # the order itself
        "We have a new blender shipped every week.",  # no modal: a habit, not a promise
        "I can resend the link now.",
        "I'll resend the email in a minute.",
        "I will have a new policy statement sent to you.",  # a document
    ],
)
def test_no_replacement(text: str) -> None:
    assert not any(c.act is Act.REPLACE for c in read(text).claims), text


def test_the_pattern_alone() -> None:
    assert RESHIPPED.search("to have a new pair dispatched")
    assert RESHIPPED.search("reshipping it")
    assert not RESHIPPED.search("have the new pair dispatched")
    assert not RESHIPPED.search("shipping it")
