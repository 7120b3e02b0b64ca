"""Last round's readings in sim/reader.py under mutation (mu16a): the survivors of mutmut and
of hand mutants of the module patterns, each killed here with new sentences.

Equivalent survivors (no test can tell them apart):
- ``_link_by_head_noun``: the earlier clauses joined by "XX XX" for " ": a link's full name
  lies inside one clause's words, never across two, so the separator changes no lookup.
- ``_bracketed_claims``: the part after the aside stripped of nothing or other marks
  (``strip(None)``, ``strip("XX .!?...XX")``), and ``None`` for its sentence, its condition
  flag, its polarity or the teams: the call only asks whether that part claims anything on its
  own; these set a found claim's fields (tense, polarity, teams, the sentence kept), and a bare
  predicate's claim ("has been issued", "done", "ships") does not turn on a final mark. Tried
  with such sentences ("Refund of $12.99 (Nov 15 charge) done!", "If you send it back, a refund
  (the $80.00) will be issued.", "a full refund ($80.00) has not been issued"): no reading
  changed. The same for the clause read across: ``None`` for its polarity (the claim's
  polarity is read again from the joined clause's own words), and "XXXX" for the aside of the
  part after it (only whether that part claims anything is asked).
- ``_across_brackets``: the clause's and the later parts' words stripped of nothing or other
  marks (``strip(None)``, ``strip("XX .!?...XX")``): the same argument, a part's ends hold at
  most the sentence's final mark and the words are looked up in the sentence, which has it;
  ``low.partition("XX(XX")`` for ``"("``: what follows a bracket left on the words is inside the
  aside, which is searched for a clause head next anyway.
- ``_aside_span``: the bracket's mark "XX)XX" for ")" (only ", " is ever compared), and
  ``closed > 0`` or ``closed >= 1`` for ``closed >= 0``: an aside opens after the clause's
  words, so it never closes at 0.

- ``_across_brackets``: ``found <= 0`` or ``found < 1`` for ``found < 0``: a part is looked up
  from the aside's opening on, past the clause's words, so it is never found at 0.

Killed the round after, by the ``_across_brackets`` tests at the end of this file (each
mutant applied by hand, each failing a test): ``cursor = None`` and ``find(rest)`` from the
start (a later part's words found again before the aside), ``rfind`` for ``find``, an empty
part read on (``if rest or True``, ``else +1``), the limit of six words between commas for
every mark, and seven.

Open (not killed, not shown equivalent): ``_across_brackets``' ``found >= closed`` (a part
would have to begin on the aside's closing mark); its mutants 62-64 were not run (time);
``_aside_span``'s ``closed >= 0 or True`` (an aside left open). The 54 mutants of the lines
the round added to ``_claims_in``, ``_read`` and ``_sentence_reading`` were run the round
after: ``tests/sim/test_reader_mu17_mutants.py``.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.reader import Act, Tense, _across_brackets, read

D = Decimal


def _refunded(text: str) -> set[Decimal]:
    return {a for c in read(text).claims if c.act is Act.REFUND for a in c.amounts}


# -- _PRICE_CONTEXT: "$X <words> out of $Y", the whole the part is taken out of -------------


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        # two words between the part and "out of"
        ("You'll get $45.00 paid back out of $50.00.", D("45.00")),
        ("I've sent $18.00 straight back out of $20.00.", D("18.00")),
    ],
)
def test_two_words_before_out_of_still_make_a_whole(text: str, amount: Decimal) -> None:
    assert _refunded(text) == {amount}, text


def test_a_sum_after_a_part_taken_out_of_a_whole_is_still_claimed() -> None:
    # "out of $50.00" is the context of $50.00 only, not of every later sum
    assert _refunded("I sent $10.00 back out of $50.00 and refunded $25.00 as well.") == {
        D("10.00"),
        D("25.00"),
    }


# -- _aside_span: the aside after the clause's first occurrence in the sentence -------------


def test_the_aside_is_found_after_the_first_occurrence_of_the_clause_words() -> None:
    # "refund of $12.99" comes again later in the sentence; the aside follows the first
    text = "Refund of $12.99 (Nov 15 charge) done; refund of $12.99 for the cable was declined."
    claims = read(text).claims
    assert any(c.act is Act.REFUND and c.positive and D("12.99") in c.amounts for c in claims)


# -- _link_by_head_noun: the link named in full within the last twelve clauses --------------

LAST = "I can't send a new link while the old one is active."


def _reset_in_last(fillers: int) -> bool:
    fill = " ".join(f"Note {i} is here." for i in range(fillers))
    text = f"I've sent a password reset link to your email. {fill} {LAST}"
    return any(c.act is Act.RESET and c.sentence == LAST for c in read(text).claims)


def test_the_full_link_name_is_looked_up_twelve_clauses_back() -> None:
    # the full name as the twelfth clause before: read; as the thirteenth: too far
    assert _reset_in_last(11)
    assert not _reset_in_last(12)


# -- _CONDITION_ASIDE: an aside that holds a condition is not read across ---------------------


@pytest.mark.parametrize(
    "text",
    [
        "Your refund (once approved) has been issued.",
        "The replacement (once in stock) has been sent.",
        "Your refund - once approved - is done.",
    ],
)
def test_an_aside_opening_with_once_claims_no_done_act(text: str) -> None:
    assert read(text).claims == (), text


# -- _aside_span and _bracketed_claims: the bracket closed after it opens, the claim's fields --


@pytest.mark.parametrize(
    "text",
    [
        "(1) A full refund ($80.00) has been issued.",  # a ")" before the aside opens
        "A full refund ($80.00) has been issued (see your email).",  # another aside after it
    ],
)
def test_the_aside_closes_at_the_first_bracket_after_it_opens(text: str) -> None:
    claims = read(text).claims
    assert [(c.act, c.tense, c.positive, c.amounts, c.sentence) for c in claims] == [
        (Act.REFUND, Tense.DONE, True, (D("80.00"),), text)
    ]


def test_a_claim_read_across_an_aside_keeps_the_sentence_condition() -> None:
    text = "If you agree, a full refund ($80.00) has been issued."
    assert [c.tense for c in read(text).claims if c.act is Act.REFUND] == [Tense.CONDITIONAL]


def test_a_handoff_read_across_an_aside_keeps_its_team() -> None:
    text = "Your case (ticket 4411) has been passed to our billing team."
    assert [c.teams for c in read(text).claims if c.act is Act.ESCALATE] == [("billing team",)]


# -- hand mutants of _CLAUSE_HEAD, _MONEY_TO_COME and _STATUS_ADVERB ---------------------------


@pytest.mark.parametrize(
    "text",
    [
        "A full refund (which is $80.00) has been issued.",  # a finite "is" in the aside
        "A full refund (do check your card) has been issued.",  # an imperative "do"
    ],
)
def test_an_aside_that_is_a_clause_is_not_read_across(text: str) -> None:
    assert read(text).claims == (), text


@pytest.mark.parametrize(
    "text",
    [
        "The $48.00 is going back to your card.",  # money in motion, "is going"
        "The refund has now already been processed.",  # two adverbs before "been"
    ],
)
def test_a_refund_said_with_its_status_words(text: str) -> None:
    claims = read(text).claims
    assert [(c.act, c.tense, c.positive) for c in claims] == [(Act.REFUND, Tense.DONE, True)]


def test_an_aside_of_ten_words_is_longer_than_a_noun_phrase() -> None:
    # nine words at most between brackets: ten make it more than a name
    text = "A full refund (the one for the lamp and the cable from May) has been issued."
    assert read(text).claims == ()


def test_a_dashed_aside_closes_at_the_next_dash() -> None:
    text = "A full refund - $80.00 - has been issued - see below."
    claims = read(text).claims
    assert [(c.act, c.tense, c.positive) for c in claims] == [(Act.REFUND, Tense.DONE, True)]


# -- _across_brackets: the parts after the aside, looked up from the aside on ---------------


def test_a_part_said_before_the_aside_is_looked_up_after_it() -> None:
    # the predicate's words come earlier in the sentence too; they must be found after the aside
    sentence = "has been issued before: a full refund ($80.00) has been issued"
    assert _across_brackets(sentence, ["a full refund", "has been issued"], 0) == (
        "a full refund has been issued",
        "$80.00",
        1,
    )


def test_a_part_inside_the_aside_is_not_the_predicate_after_it() -> None:
    # the next part's words first stand inside the aside: the clause does not read across
    assert _across_brackets("a full refund (issued) issued", ["a full refund", "issued"], 0) is None


def test_an_empty_part_ends_the_reading() -> None:
    parts = ["a full refund", "", "has been issued"]
    assert _across_brackets("a full refund ($80.00) has been issued", parts, 0) is None


@pytest.mark.parametrize(
    ("sentence", "aside"),
    [
        # seven words in brackets: a noun phrase still (up to nine)
        (
            "a full refund (the one for the lamp and cable) has been issued",
            "the one for the lamp and cable",
        ),
        # six words between commas: the longest comma aside
        (
            "a full refund, for the lamp and the cable, has been issued",
            "for the lamp and the cable",
        ),
    ],
)
def test_an_aside_up_to_its_mark_s_limit_is_read_across(sentence: str, aside: str) -> None:
    parts = ["a full refund", "has been issued"]
    assert _across_brackets(sentence, parts, 0) == ("a full refund has been issued", aside, 1)


def test_seven_words_between_commas_join_clauses() -> None:
    sentence = "a full refund, the one for the lamp and cable, has been issued"
    assert _across_brackets(sentence, ["a full refund", "has been issued"], 0) is None
