"""Contractions typed without their apostrophe read as the agent's own words."""

from __future__ import annotations

import pytest

from sim.reader import Act, Tense, expand_contractions, read


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("ive sent you a fresh password reset link just now", Act.RESET),
        ("weve refunded the 20 dollars to your card", Act.REFUND),
        ("ok, ive cancelled the order for you", Act.CANCEL),
    ],
)
def test_an_apostrophe_left_out_keeps_the_agent_as_subject(text: str, act: Act) -> None:
    claims = [c for c in read(text).claims if c.act is act]
    assert claims and claims[0].positive and claims[0].tense is Tense.DONE


def test_expanded_forms() -> None:
    assert expand_contractions("ive, weve, youve, theyve") == (
        "i have, we have, you have, they have"
    )
    assert expand_contractions("im sorry, youre right, theyre late") == (
        "i am sorry, you are right, they are late"
    )
    assert expand_contractions("we're here, you're right") == "we are here, you are right"
    assert expand_contractions("thats done") == "that is done"
    # real words that look like a contraction without its apostrophe stay as they are
    assert expand_contractions("you were right, well, the shell is ill") == (
        "you were right, well, the shell is ill"
    )


@pytest.mark.parametrize(
    "text",
    [
        "No worries, it happens. I've cancelled the renewal for you.",
        "Don't worry, it happens! The plan is cancelled.",
        "Not at all, it happens.",
    ],
)
def test_it_happens_after_an_absolution_forgives_the_customer(text: str) -> None:
    from sim.claims import rude_phrases

    assert rude_phrases(text) == []


@pytest.mark.parametrize(
    "text", ["Parcels get lost, it happens.", "It happens. Nothing we can do.", "Well, it happens."]
)
def test_it_happens_about_our_failure_still_waves_it_away(text: str) -> None:
    from sim.claims import rude_phrases

    assert rude_phrases(text)


@pytest.mark.parametrize(
    ("text", "act", "tense"),
    [
        ("ok, ill refund the 30 dollars today", Act.REFUND, Tense.PROMISED),
        ("thanks. ill cancel the plan now", Act.CANCEL, Tense.PROMISED),
        ("just reply and ill refund the rest", Act.REFUND, Tense.PROMISED),
    ],
)
def test_ill_where_a_clause_starts_is_i_will(text: str, act: Act, tense: Tense) -> None:
    claims = [c for c in read(text).claims if c.act is act]
    assert claims and claims[0].positive and claims[0].by_me and claims[0].tense is tense


def test_ill_as_a_word_of_its_own() -> None:
    assert expand_contractions("so ill also send it") == "so i will also send it"
    assert expand_contractions("done. ill check") == "done. i will check"
    assert expand_contractions("no, but ill try") == "no, but i will try"
    assert expand_contractions("ill keep at it") == "i will keep at it"
    for text in (
        "he fell ill and ill health kept him away",
        "sorry to hear you were ill",
        "ill, she stayed home",
        "the ill effects wore off",
        "ill-fitting boots",
        "and ill with flu",
        "then ill for a week",
    ):
        assert expand_contractions(text) == text, text
