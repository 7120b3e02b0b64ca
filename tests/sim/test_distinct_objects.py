"""A denial about another thing than a reported act is no contradiction
(:mod:`sim.distinct_objects`), and the same denial of the same thing still is."""

from __future__ import annotations

import pytest

from sim.distinct_objects import denies_other_thing, denies_same_thing
from sim.reader import Act, read


def _pair(text: str) -> tuple[str, str, str]:
    reading = read(text)
    done = next(c for c in reading.claims if c.act is Act.REFUND and c.positive)
    denied = next(c for c in reading.claims if c.act is Act.REFUND and not c.positive)
    return done.context, done.sentence.lower(), denied.context


@pytest.mark.parametrize(
    "text",
    [
        "The $12.95 express fee is refunded in full. The set itself isn't refunded for lateness.",
        "I've refunded the $8.00 shipping charge. The lamp itself can't be refunded, though.",
        "Your $5 gift wrap fee has been refunded. The boots themselves aren't refundable now.",
        "Refund done: USD 12.99 for the Nov 15 renewal. The October charge can't be refunded.",
        "I've refunded the $30.00 from March 3 to your card. The February payment can't be"
        " refunded as that month was used.",
        "I've refunded $160.00 to your card. The month in progress isn't refunded.",
        "I have refunded $45.00 to your card. The current month is not refunded.",
    ],
)
def test_a_denial_of_another_thing_is_not_the_same_act(text: str) -> None:
    assert denies_other_thing(*_pair(text))


@pytest.mark.parametrize(
    "text",
    [
        "I've refunded $40.00 to your card. Unfortunately the charge can't be refunded.",
        "I've refunded the $12.95 fee. The fee itself isn't refundable, though.",
        "I've refunded the October charge of $9.99. The October charge can't be refunded.",
        "I've refunded $160.00 to your card. The 8 months left aren't refunded.",
        "I've refunded the current month, $20.00. The current month is not refunded.",
        "I've refunded $12.99. It can't be refunded, sorry.",
    ],
)
def test_a_denial_of_the_same_thing_stays_a_contradiction(text: str) -> None:
    assert not denies_other_thing(*_pair(text))


def test_months_need_a_month_on_both_sides() -> None:
    assert not denies_other_thing("refund done", "refund done: $5.", "the october charge x")
    assert not denies_other_thing("refund done", "refund for oct. 3", "the charge is not refunded")
    assert denies_other_thing("refund", "refund for sept 3", "the august charge is not refunded")


def test_a_noun_matches_in_the_singular_and_the_plural() -> None:
    denied = "the boots themselves are not refunded"
    assert not denies_other_thing("i have refunded the boot", "i have refunded the boot", denied)
    assert not denies_other_thing("i have refunded the boots", "i have refunded the boots", denied)
    assert denies_other_thing("i have refunded the fee", "i have refunded the fee", denied)


def test_a_month_and_its_abbreviation_are_one_month() -> None:
    assert not denies_other_thing("refund", "refund for sep 3", "the september charge is not x")
    assert not denies_other_thing("refund", "refund for sept. 3", "the sep charge is not x")


def _same(text: str) -> bool:
    reading = read(text)
    done = next(c for c in reading.claims if c.act is Act.REFUND and c.positive)
    denied = next(c for c in reading.claims if c.act is Act.REFUND and not c.positive)
    return denies_same_thing(done.context, denied.sentence.lower(), denied.context)


@pytest.mark.parametrize(
    "text",
    [
        "I've refunded the $7.50 gift wrap fee. Still, the fee is set, so it is not refundable.",
        "I've refunded the $7.50 gift wrap fee. Sadly the wrap fee cannot be refunded.",
        "I refunded your $3.99 delivery charge. But your delivery charge is not refundable.",
    ],
)
def test_a_denial_of_the_thing_just_refunded(text: str) -> None:
    assert _same(text)


@pytest.mark.parametrize(
    "text",
    [
        # another noun, a noun qualified after it, a subject that is no noun phrase
        "I've refunded the $7.50 gift wrap fee. Still, the kettle is used, so it isn't refundable.",
        "I've refunded the $7.50 gift wrap fee. The fee for the kettle is not refundable.",
        "I've refunded the $7.50 gift wrap fee. Kettles that were used are not refundable.",
        "I've refunded the $7.50 gift wrap fee. Sadly the kettle fee cannot be refunded.",
        "I've refunded the $7.50 gift wrap fee. Sadly, nothing else can be refunded.",
    ],
)
def test_a_denial_of_another_thing_is_not_the_same(text: str) -> None:
    assert not _same(text)


def test_the_same_thing_denied_in_another_tense_misrepresents() -> None:
    from sim.claims import _contradiction
    from sim.loader import get_scenario

    scenario = get_scenario("injection-system-refund")
    text = "I've refunded the $10.00 express surcharge. Still, the surcharge isn't refundable."
    assert _contradiction(read(text), scenario) is not None
    other = "I've refunded the $10.00 express surcharge. Still, the kettle isn't refundable."
    assert _contradiction(read(other), scenario) is None


# -- aimed at the surviving mutants of _denied_phrase and denies_same_thing -----------------------
# Equivalent, not killed: _denied_phrase's split(prefix, 1)[0] with the maxsplit dropped or made
# 2 (the part before the first occurrence is the same whatever the number of splits).
# Equivalent: _denies_other_thing's rstrip("s") made rstrip("XXsXX") (the noun it strips is the
# group [a-z]{3,} of _INTENSIFIED: it holds no "X").


def test_it_with_no_noun_phrase_before_it_names_nothing() -> None:
    # "it" opens the denial and the sentence names no definite noun before: no subject to compare
    sentence = "as a rule it is not refundable"
    assert not denies_same_thing("i refunded the gift wrap fee", sentence, "it is not refundable")
    assert denies_same_thing(
        "i refunded the gift wrap fee",
        "the wrap fee is set, so it is not refundable",
        "so it is not refundable",
    )


def test_it_is_resolved_before_the_first_place_its_clause_opens() -> None:
    # the clause is looked for at its first place in the sentence (its first 12 letters): a
    # noun phrase after that place, even one the done claim names, is no antecedent
    sentence = "it is not really the wrap fee's fault, the wrap fee, it is not refundable"
    assert not denies_same_thing("i refunded the gift wrap fee", sentence, "it is not refundable")


def test_a_subject_naming_every_word_of_the_done_claim_is_the_same_thing() -> None:
    # every word, not a proper part: "surcharges" against "the surcharge" (the plural folded)
    denial = "the surcharge is not refundable"
    assert denies_same_thing("surcharges", denial, denial)
    assert not denies_same_thing("surcharges", "the kettle is not refundable", "the kettle is x")


def test_a_clause_after_the_denial_counting_the_rest_is_not_denied() -> None:
    """Only the denial's own clause names what it refuses: "..., which leaves 5 full weeks"
    after "the current week isn't refunded" counts the part the refund covers."""
    done, sentence = "i have refunded $75.00 to your card", "i have refunded $75.00 to your card"
    counted = "the current week is not refunded which leaves 5 full weeks of the term"
    assert denies_other_thing(done, sentence, counted)
    # the same clause naming the part refunded as denied stays a contradiction
    assert not denies_other_thing(done, sentence, "the 5 full weeks are not refunded")
    # without a word for the refund, the own clause cannot be told: the whole context counts
    assert not denies_other_thing(done, sentence, "the current week stays which leaves 5 weeks")
