"""The sentence reader's joins (sim/reader.py ``_sentence_reading`` and ``_read``) at the
edges their mutants read differently: the role of goods said in the next clause, the label
line and the ended plan read only where nothing else claims the act, never in a question,
and the items of a list that goes on past a line ending in a colon."""

from __future__ import annotations

from decimal import Decimal as D

from sim.reader import Act, Tense, read


def _acts(text: str) -> list[tuple[Act, Tense]]:
    return [(c.act, c.tense) for c in read(text).claims]


def test_goods_sent_in_the_role_said_in_the_next_clause() -> None:
    """ "..., as a replacement." in the clause right after the verb's: a replacement."""
    assert _acts("We will post the grinder to you, as a replacement.") == [
        (Act.REPLACE, Tense.PROMISED)
    ]


def test_the_role_in_quotes_is_read_without_its_quotes() -> None:
    assert _acts("We'll dispatch the walnut tray today, 'as a replacement', tracked.") == [
        (Act.REPLACE, Tense.PROMISED)
    ]


def test_goods_sent_as_a_replacement_under_a_condition_are_conditional() -> None:
    assert _acts("If the photo shows a crack, we will mail the lamp, as a replacement.") == [
        (Act.REPLACE, Tense.CONDITIONAL)
    ]


def test_a_label_line_does_not_repeat_the_act_the_sentence_claims() -> None:
    """ "Refund: processed, we have refunded $35" is one refund of $35, not two."""
    claims = read("Refund: processed, we have refunded $35.").claims
    assert [(c.act, c.amounts) for c in claims] == [(Act.REFUND, (D("35.00"),))]


def test_a_label_line_asked_as_a_question_claims_nothing() -> None:
    assert read("Cancellation: done?").claims == ()


def test_an_ended_plan_asked_as_a_question_claims_nothing() -> None:
    assert read("Your fitness membership is now ended, right?").claims == ()


def test_an_ended_plan_after_another_act_in_the_sentence() -> None:
    """The refund does not hide the plan ended beside it; the claim keeps its sentence."""
    text = "I've refunded the $4.50 and your storage plan won't renew."
    claims = read(text).claims
    assert [c.act for c in claims] == [Act.REFUND, Act.CANCEL]
    assert claims[1].sentence == text


def test_a_list_goes_on_past_an_item_that_ends_in_a_colon() -> None:
    text = "I have refunded the following:\n- $6.25 delivery, as itemised:\n- $0.80 packaging"
    claims = read(text).claims
    assert [(c.act, c.amounts) for c in claims] == [(Act.REFUND, (D("6.25"), D("0.80")))]


def test_goods_named_past_an_apposition_keep_the_sentence_condition() -> None:
    """The subject, an appositive, then the verb: read as one clause, and a condition the
    sentence opens with still governs it."""
    assert _acts("So the right model, the silver Vortex 600, ships out to you.") == [
        (Act.REPLACE, Tense.DONE)
    ]
    assert _acts(
        "Once the faulty blender is collected, the right model, the silver Vortex 600, ships "
        "out to you."
    ) == [(Act.REPLACE, Tense.CONDITIONAL)]


# Surviving mutants of _sentence_reading, argued:
# - `later` stripped of "XX .!?\"'XX" (170): equivalent, the clause text is lower-cased and
#   holds no "X".
# - the replacement window widened to three clauses, index + 4 (174): not equivalent, left
#   unkilled: the only sentences it reads differently ("We will send the kettle, in blue,
#   boxed, as a replacement") are ones the wider window reads right, and a test would have
#   to assert that the reader misses a replacement.
