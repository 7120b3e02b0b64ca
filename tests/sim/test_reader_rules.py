"""The claim reader's rules one at a time: what mutation testing found unasserted.

Each test states one behaviour of ``sim.reader`` (through :func:`read`, or a helper where
the rule lives in it). Mutants of ``sim/reader.py`` left alive as equivalent (no input can
tell them apart from the code; counted out of the score):

- ``_unquote``: ``or "XXXX"`` after both groups: one of the two groups always matches.
- ``_lower_words``: ``contextlib.suppress(None)``: only differs when ``alpha2digit`` raises,
  which no input found does (the guard is kept for odd native-parser input).
- ``_amounts_at``: ``continue`` -> ``break`` after ``_decimal`` returns ``None``, and
  ``_durations`` the same: the patterns capture digits only, which always parse.
- ``_amounts_at``: ``s <= m.start()`` -> ``s < m.start()`` and ``m.end() <= e`` ->
  ``m.end() < e``: a later pattern never starts where an earlier match starts nor ends where
  it ends (their look-behinds and look-aheads exclude it).
- ``_durations``: ``b >= a`` -> ``b > a``: when ``b == a`` both give ``high = a``.
- ``_percents``: ``m.lastindex or 2``: a match always sets ``lastindex``.
- ``_negated``: the ``" "`` replacements -> ``"XX XX"``: they only separate words, and no
  negation cue is upper case or spans the removed words.
- ``_tense_of``: the defaults of ``negated`` and ``verb``: every call passes both.
- ``_read``: ``if s or s.strip()`` style filters of empty parts: a blank part gives no words
  and no clause text that any rule reads.
- ``_claims_in``: the ``(?:nothing|no) ... (?:be|been)$`` alternative made never to match:
  a ``before`` ending in "be"/"been" is already passive (``_PASSIVE``).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim import reader
from sim.reader import Act, Duration, Tense, Unit, read

D = Decimal


def _amounts(text: str) -> list[Decimal]:
    return [a for c in read(text).clauses for a in c.amounts]


def _durations(text: str) -> list[Duration]:
    return [d for c in read(text).clauses for d in c.durations]


def _sentences(text: str) -> list[str]:
    return list(dict.fromkeys(c.sentence for c in read(text).clauses))


def _acts(text: str) -> list[tuple[Act, bool, Tense]]:
    return [(c.act, c.positive, c.tense) for c in read(text).claims]


# -- normalization ---------------------------------------------------------------------------


def test_quoted_labels_lose_their_punctuation_and_keep_their_words() -> None:
    """A button named in quotes ("Forgot password?") neither asks nor ends a sentence."""
    text = 'Click "Forgot password?" then "Done!" and "v2.0" now.'
    assert _sentences(text) == ['Click "Forgot password" then "Done" and "v20" now.']
    assert not read(text).question_only


def test_single_quoted_labels_are_read_like_double_quoted_ones() -> None:
    assert _sentences("Click 'Forgot password?' now.") == ['Click "Forgot password" now.']


def test_soft_wrapped_lines_join_into_one_sentence() -> None:
    assert _sentences("I have refunded\nthe charge.") == ["I have refunded the charge."]


def test_menu_paths_read_as_steps() -> None:
    assert _sentences("Open Settings > Billing.") == ["Open Settings then Billing."]


def test_zero_in_words_is_a_number() -> None:
    assert _amounts("That leaves zero dollars.") == [D("0.00")]


def test_a_failing_number_parser_leaves_the_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """``alpha2digit`` is native code: if it ever raises, the text is read without it."""

    def broken(*_: object, **__: object) -> str:
        raise ValueError("odd input")

    monkeypatch.setattr(reader, "alpha2digit", broken)
    assert [c.text for c in reader._read("I refunded forty dollars.").clauses] == [
        "i refunded forty dollars"
    ]


def test_decimal_refuses_what_is_not_a_finite_number() -> None:
    assert reader._decimal("1,188.50") == D("1188.50")
    assert reader._decimal("Infinity") is None
    assert reader._decimal("NaN") is None
    assert reader._decimal("abc") is None


# -- amounts, durations, percentages ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a price in words ("19 99") that starts inside "USD 19" is not read again
        ("USD 19 99", [D("19.00")]),
        # after skipping an overlapping match, the same pattern keeps reading the clause
        ("USD 19 99 then 20 50", [D("19.00"), D("20.50")]),
        # amounts that touch are both read
        ("$5.00$6.00", [D("5.00"), D("6.00")]),
        ("19.99$5", [D("19.99"), D("5.00")]),
    ],
)
def test_overlapping_amounts_are_read_once(text: str, expected: list[Decimal]) -> None:
    assert _amounts(text) == expected


def test_bank_days_are_business_days() -> None:
    assert _durations("It takes 3 bank days.") == [Duration(D(3), D(3), Unit.BUSINESS_DAY)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("It will show in your account today.", [Duration(D(0), D(1), Unit.DAY)]),
        ("The refund will show tomorrow.", [Duration(D(1), D(1), Unit.DAY)]),
        # the agent's own act now is not a timeline
        ("I'll refund it right away.", []),
        # no timeline word: a farewell
        ("Have a great evening, speak tomorrow.", []),
    ],
)
def test_relative_times_are_timelines_of_what_shows(text: str, expected: list[Duration]) -> None:
    assert _durations(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We will refund half.", [D(50)]),
        ("I refunded a quarter of it.", [D(25)]),
        ("You get half of the price back.", [D(50)]),
    ],
)
def test_fractions_in_words_are_percentages(text: str, expected: list[Decimal]) -> None:
    assert [p for c in read(text).clauses for p in c.percents] == expected


# -- word salad ------------------------------------------------------------------------------


def test_salad_needs_seven_words() -> None:
    assert reader._salad("refund duplicate charge card billing account payment".split())
    assert not reader._salad("refund duplicate charge card billing account".split())


def test_an_instruction_is_not_salad() -> None:
    assert not reader._salad("click refund duplicate charge card billing account payment".split())


@pytest.mark.parametrize(
    ("words", "salad"),
    [
        # one function word in ten: still keywords without grammar
        ("refund duplicate charge card the billing account payment invoice receipt", True),
        # two in ten: the boundary, grammar enough
        ("refund duplicate charge the card the billing account payment invoice", False),
    ],
)
def test_salad_is_under_a_fifth_function_words(words: str, salad: bool) -> None:
    assert reader._salad(words.split()) is salad


def test_a_salad_clause_is_salad_in_a_sentence_with_grammar() -> None:
    text = (
        "Refund duplicate charge card billing account payment invoice, and I am sorry for all "
        "of the trouble that this has caused you."
    )
    assert [c.salad for c in read(text).clauses] == [True, False]


def test_a_seven_word_clause_of_a_salad_sentence_is_salad() -> None:
    """Seven words in the clause are enough to take the sentence's verdict."""
    keywords = "billing account payment invoice receipt refund charge card duplicate"
    text = f"The refund for the duplicate charge card, {keywords} {keywords}."
    assert not reader._salad("the refund for the duplicate charge card".split())
    assert [c.salad for c in read(text).clauses] == [True, True]


# -- clauses -------------------------------------------------------------------------------


def test_clause_fields() -> None:
    reading = read("I will refund it if you send the receipt.")
    assert reading.text == "I will refund it if you send the receipt."
    assert [c.text for c in reading.clauses] == ["i will refund it", "if you send the receipt"]
    assert [c.conditional for c in reading.clauses] == [False, True]
    assert {c.sentence for c in reading.clauses} == {"I will refund it if you send the receipt."}


def test_a_conditional_sentence_makes_every_clause_conditional() -> None:
    reading = read("If it helps, I will refund the charge.")
    assert [c.conditional for c in reading.clauses] == [True, True]
    assert _acts("If it helps, I will refund the charge.") == [
        (Act.REFUND, True, Tense.CONDITIONAL)
    ]


def test_a_question_in_parentheses_is_a_question() -> None:
    assert read("(Is that the card ending in 4242?)").question_only
    assert read('Did you mean "the annual plan"?').question_only


def test_questions_claim_nothing() -> None:
    assert read("Did I refund you?").claims == ()


# -- claims ----------------------------------------------------------------------------------


def test_claim_fields() -> None:
    text = "I have refunded 50%, $44.50, against your order ORD-40311, as promised, thanks."
    (claim,) = read(text).claims
    assert claim.act is Act.REFUND and claim.positive and claim.tense is Tense.DONE
    assert claim.amounts == (D("44.50"),)
    assert claim.teams == ()
    assert claim.by_me and not claim.universal
    assert claim.sentence == text
    # what it is about: the clause and up to two clauses after it
    assert claim.context == "i have refunded 50% $44.50 against your order ord-40311"


def test_context_stops_at_the_next_act() -> None:
    (claim, _) = read("I have refunded $19.99, your plan is cancelled, as promised.").claims
    assert claim.context == "i have refunded $19.99"


def test_teams_belong_to_escalations_only() -> None:
    (claim,) = read("I refunded the billing charge.").claims
    assert claim.teams == ()
    (claim,) = read("I am passing your case to the billing team now.").claims
    assert claim.act is Act.ESCALATE and claim.teams == ("billing team",)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("You qualify for a full refund of $44.50.", (Act.REFUND, True)),
        ("You qualify for a replacement.", (Act.REPLACE, True)),
        ("This plan is non-refundable.", (Act.REFUND, False)),
        ("You are not eligible for a refund.", (Act.REFUND, False)),
    ],
)
def test_entitlements_are_promises(text: str, expected: tuple[Act, bool]) -> None:
    (claim,) = read(text).claims
    assert (claim.act, claim.positive, claim.tense) == (*expected, Tense.PROMISED)
    assert claim.sentence == text and claim.teams == () and not claim.by_me
    assert claim.context == text.lower().rstrip(".")


def test_an_entitlement_carries_its_amount_and_universality() -> None:
    (claim,) = read("You qualify for a full refund of $44.50.").claims
    assert claim.amounts == (D("44.50"),) and not claim.universal


def test_two_acts_in_one_clause_are_two_claims() -> None:
    assert _acts("I have refunded the charge and cancelled the plan.") == [
        (Act.REFUND, True, Tense.DONE),
        (Act.CANCEL, True, Tense.DONE),
    ]


def test_a_skipped_act_does_not_hide_the_next_one() -> None:
    # cancelling is the customer's own step; the replacement they will get is still read
    assert _acts("You can cancel it then you get a replacement.") == [
        (Act.REPLACE, True, Tense.PROMISED)
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Most stores refund the difference.",  # nobody here does it
        "You can cancel the plan in settings.",  # the customer's own step
        "Finance will refund you.",  # a third party's act
    ],
)
def test_acts_of_others_are_not_claims(text: str) -> None:
    assert read(text).claims == ()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Your money is on its way back to you.", (Act.REFUND, True, Tense.DONE)),
        ("There is no refund for this.", (Act.REFUND, False, Tense.DONE)),
        ("Nothing will be refunded.", (Act.REFUND, False, Tense.PROMISED)),
        ("I have refunded nothing.", (Act.REFUND, False, Tense.DONE)),
        ("I refunded the charge which was not yours.", (Act.REFUND, True, Tense.DONE)),
        ("You have your money back now.", (Act.REFUND, True, Tense.PROMISED)),
    ],
)
def test_polarity_and_tense(text: str, expected: tuple[Act, bool, Tense]) -> None:
    assert _acts(text) == [expected]


def test_denials_of_every_refund_are_universal() -> None:
    assert [c.universal for c in read("Nothing will be refunded.").claims] == [True]
    assert [c.universal for c in read("I will not refund the fee.").claims] == [False]


@pytest.mark.parametrize(
    ("text", "tense"),
    [
        ("I would refund the charge.", Tense.CONDITIONAL),  # hedged
        ("I can refund the charge.", Tense.CONDITIONAL),  # an ability, not a promise
        ("A duplicate charge, which is refunded in full.", Tense.CONDITIONAL),  # a rule
        ("I am happy to say I have refunded the charge.", Tense.DONE),
        ("There are no refunds for past billing periods.", Tense.CONDITIONAL),  # a policy
        ("I can not give refunds for past billing periods.", Tense.PROMISED),
    ],
)
def test_tense(text: str, tense: Tense) -> None:
    assert [c.tense for c in read(text).claims] == [tense]


def test_an_entitlement_denied_outright_is_universal() -> None:
    (claim,) = read("You are not eligible for any refund.").claims
    assert (claim.act, claim.positive, claim.universal) == (Act.REFUND, False, True)


@pytest.mark.parametrize(
    "text",
    [
        "Keep the refund window in mind as I cancelled the plan.",  # a bare noun first
        "That is more than I can refund as I cancelled the plan.",  # a limit first
        "Finance will refund it as I cancelled the plan.",  # a third party first
        "Stores refund it as I cancelled the plan.",  # nobody first
    ],
)
def test_an_act_skipped_first_leaves_the_agents_act_after_it(text: str) -> None:
    assert [(c.act, c.positive, c.by_me) for c in read(text).claims] == [(Act.CANCEL, True, True)]


def test_the_agent_beside_a_third_party_still_claims() -> None:
    assert [
        (c.act, c.positive, c.by_me)
        for c in read("I hope they will accept that I refunded the charge.").claims
    ] == [(Act.REFUND, True, True)]


def test_money_on_its_way_back_is_a_claim_without_a_subject() -> None:
    assert _acts("On its way back to you now.") == [(Act.REFUND, True, Tense.PROMISED)]


def test_a_stated_status_reads_as_done() -> None:
    assert _acts("Store credit was credited to your account.") == [(Act.CREDIT, True, Tense.DONE)]


def test_a_name_before_the_verb_keeps_its_tense() -> None:
    """A stray "ed" (a name, a broken "-ed") before the verb reads as a past tense."""
    assert _acts("Ed or I refund your order.") == [(Act.REFUND, True, Tense.DONE)]


@pytest.mark.parametrize(
    ("text", "positive"),
    [
        # a negation inside a relative clause is about the object, not the act
        ("I refunded the charge that was not yours.", True),
        # a benign "no problem" cut at the window's edge is still benign
        ("I refunded it for you today and no problem at all.", True),
        # a negation more than 30 characters after the verb is not the act's
        ("I refunded the charges on your card never billed twice.", True),
    ],
)
def test_negations_after_the_verb(text: str, positive: bool) -> None:
    assert [c.positive for c in read(text).claims] == [positive]
