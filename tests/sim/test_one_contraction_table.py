"""One contraction table (sim.reader.expand_contractions) for every reading: each form written
out the same with a straight apostrophe, a curly one or none ("ive", "youll", "thats"), and
words that merely look like an apostrophe-less contraction ("well", "were", "its") left alone.
The claim reader (through its normalization) and the readings that call
expand_contractions on a sentence (hand-backs, rudeness, the article checks) read it alike."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.handback import handed_back
from sim.reader import Act, Tense, expand_contractions, read
from sim.rudeness import rude_acts
from sim.shorthand import expand_shorthand

FORMS = [
    ("ive", "i've", "i have"),
    ("weve", "we've", "we have"),
    ("youve", "you've", "you have"),
    ("theyve", "they've", "they have"),
    ("im", "i'm", "i am"),
    ("youre", "you're", "you are"),
    ("theyre", "they're", "they are"),
    ("thats", "that's", "that is"),
    ("theres", "there's", "there is"),
    ("whats", "what's", "what is"),
    ("cant", "can't", "can not"),
    ("wont", "won't", "will not"),
    ("dont", "don't", "do not"),
    ("doesnt", "doesn't", "does not"),
    ("didnt", "didn't", "did not"),
    ("isnt", "isn't", "is not"),
    ("arent", "aren't", "are not"),
    ("wasnt", "wasn't", "was not"),
    ("werent", "weren't", "were not"),
    ("hasnt", "hasn't", "has not"),
    ("havent", "haven't", "have not"),
    ("hadnt", "hadn't", "had not"),
    ("wouldnt", "wouldn't", "would not"),
    ("couldnt", "couldn't", "could not"),
    ("shouldnt", "shouldn't", "should not"),
    ("mustnt", "mustn't", "must not"),
    ("youll", "you'll", "you will"),
    ("itll", "it'll", "it will"),
    ("theyll", "they'll", "they will"),
    ("thatll", "that'll", "that will"),
]


@pytest.mark.parametrize(("bare", "straight", "written"), FORMS, ids=[f[0] for f in FORMS])
def test_each_form_reads_the_same_with_any_apostrophe_or_none(
    bare: str, straight: str, written: str
) -> None:
    curly = straight.replace("'", "\u2019")
    for said in (bare, straight, curly):
        assert expand_contractions(f"ok, {said} the next step") == f"ok, {written} the next step"


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("thats been sent", "that has been sent"),
        ("that\u2019s been sent", "that has been sent"),
        ("theres just been a refund", "there has just been a refund"),
        ("it's already gone out", "it has already gone out"),
        ("it\u2019s shipped", "it is shipped"),
        ("you\u2019d already paid", "you had already paid"),
        ("we\u2019d need a photo", "we would need a photo"),
        ("the courier\u2019s van", "the courier van"),
        ("we cannot", "we can not"),
    ],
)
def test_the_verb_a_contraction_stands_for_follows_what_comes_next(said: str, written: str) -> None:
    assert expand_contractions(said) == written


@pytest.mark.parametrize(
    "said",
    [
        "well, we were told",
        "the shell of the case",
        "one hell of a week",
        "i was ill",
        "its lid is cracked",
        "your id is on file",
        "we wed in june",
        "she sent hes and shes",
    ],
)
def test_words_that_merely_look_like_a_contraction_are_left_alone(said: str) -> None:
    assert expand_contractions(said) == said


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("we'll", "we will"),
        ("we\u2019re", "we are"),
        ("he'll", "he will"),
        ("she\u2019ll", "she will"),
        ("i'll", "i will"),
        ("i'd", "i would"),
        ("it's", "it is"),
    ],
)
def test_their_apostrophe_forms_are_contractions(said: str, written: str) -> None:
    assert expand_contractions(said) == written


@pytest.mark.parametrize("said", ["ive sent it", "we cant, it isnt", "thats it, youll see"])
def test_shorthand_keeps_no_second_contraction_table(said: str) -> None:
    assert expand_shorthand(said) == said


@pytest.mark.parametrize(
    ("hurried", "typed"),
    [
        (
            "ive refunded the $31 to your card, youll see it in 4 biz days",
            "I've refunded the $31 to your card, you'll see it in 4 business days",
        ),
        ("thats been cancelled for you", "That\u2019s been cancelled for you"),
        ("sorry, we cant refund that order", "Sorry, we can't refund that order"),
        ("its renewal is cancelled now", "Its renewal is cancelled now"),
    ],
)
def test_the_reader_reads_the_lowercase_agent_style_as_the_typed_one(
    hurried: str, typed: str
) -> None:
    fast, slow = read(hurried), read(typed)
    assert [c.text for c in fast.clauses] == [c.text for c in slow.clauses]
    assert [(c.act, c.positive, c.tense, c.by_me, c.amounts) for c in fast.claims] == [
        (c.act, c.positive, c.tense, c.by_me, c.amounts) for c in slow.claims
    ]


def test_hurried_forms_keep_their_facts_and_acts() -> None:
    reading = read("ive refunded the $31 to your card, youll see it in 4 biz days")
    assert [(c.act, c.positive, c.tense, c.by_me) for c in reading.claims] == [
        (Act.REFUND, True, Tense.DONE, True)
    ]
    assert reading.claims[0].amounts == (Decimal("31.00"),)
    assert [(d.low, d.high) for d in reading.stated_durations()] == [(Decimal(4), Decimal(4))]
    assert read("thats been cancelled").clauses[0].text == "that has been cancelled"
    assert [c.positive for c in read("sorry, we cant refund that").claims] == [False]


@pytest.mark.parametrize(
    "reply",
    [
        "I've reset your password. Sorry, I can't do resets from chat, so you'll need to use "
        "forgot password yourself.",
        "ive reset your password. sorry, i cant do resets from chat, so youll need to use "
        "forgot password yourself.",
        "I\u2019ve reset your password. Sorry, I can\u2019t do resets from chat, so you\u2019ll "
        "need to use forgot password yourself.",
    ],
)
def test_a_hand_back_reads_every_form_of_youll(reply: str) -> None:
    # handback reads the sentence through expand_contractions, not the reader's clauses
    assert [p for _, p in handed_back(read(reply))] == [
        "says the reset is done, then hands it back"
    ]


def test_a_hand_back_needs_the_customer_told_to_act() -> None:
    reply = "ive reset your password. sorry, i cant do resets from chat, so youll be all set."
    assert handed_back(read(reply)) == []


@pytest.mark.parametrize("said", ["You're lucky we refunded it at all.", "youre lucky we did"])
def test_rudeness_reads_a_contraction_either_way(said: str) -> None:
    assert rude_acts(said)
