"""The reader's steps the whole-module mutation run did not reach, asserted: the sentence
reader and the typo corrector (cached, so mutmut skipped them until their bodies moved into
undecorated functions) and the parts of ``_read`` that join sentences (a reset link sent as
"it", a list under a report of the agent's acts, the sums of a list's items).

Texts here are their own (no other test reads them): mutmut picks each mutant's tests from a
run that records which test calls which function, and a cached reading would hide one.

Survivors left alive as equivalent (no text tells them apart):

- ``_read``: ``listed`` or ``header`` starting as ``None`` (both are falsy and replaced before
  any use); the sums computed ``if listed or True`` (with no open list they go nowhere);
  ``sentence.lstrip()`` for ``rstrip()`` (sentences come stripped);
- ``_sentence_reading``: ``speaker = None`` (only its truth is read); ``"XX"`` added to strip
  characters of lower-cased text; a part kept when only ``p or p.strip()`` (no split part is
  whitespace only: every separator takes the spaces around it, checked on every string of up
  to five separators); the and-verb rewrite run ``or speaker`` or with ``count`` 0 or 2 (the
  pattern is anchored: it matches once or not at all); ``"XX"`` in the question test's strip
  characters (a sentence ends at its "?", so no capital X follows one).

Not killed, and not equivalent: ``_read``'s ``listed += [...]`` as ``listed = [...]`` differs
only where a list item with a sum ends in a colon (a sub-list); which reading is right there
is open, so it is not pinned.
"""

from __future__ import annotations

from decimal import Decimal

from sim.reader import Act, Tense, read

D = Decimal


def _claims(text: str) -> list[tuple[Act, bool, Tense, tuple[Decimal, ...], str]]:
    return [(c.act, c.positive, c.tense, c.amounts, c.sentence) for c in read(text).claims]


def _words(text: str) -> list[str]:
    return [w for c in read(text).clauses for w in c.words]


# -- typo correction ---------------------------------------------------------------------------


def test_a_misspelt_act_of_five_letters_is_corrected() -> None:
    text = "I have refnd the $27 delivery charge."
    assert "refund" in _words(text)
    assert _claims(text) == [(Act.REFUND, True, Tense.DONE, (D("27.00"),), text)]


def test_a_misspelling_exactly_at_the_similarity_bound_is_corrected() -> None:
    # "rezet" and "reset" share four letters of ten: a ratio of exactly 80
    assert "reset" in _words("Your rezet email is on its way to the address we hold.")


def test_a_short_unknown_word_is_kept_as_written() -> None:
    # four letters: too short to tell a typo from an abbreviation ("rset" is 89% of "reset")
    assert "rset" in _words("Open the rset page from the sign-in screen.")


def test_a_name_like_no_support_word_is_kept_as_written() -> None:
    assert "quorvane" in _words("Your Quorvane blender ships on Friday.")


def test_two_words_run_together_are_not_read_as_the_one_they_contain() -> None:
    # a partial match ("refund" inside) is no misspelling: only the whole word is compared
    assert "refundteam" in _words("The refundteam will look at the blender.")


# -- a reset link sent as "it" -----------------------------------------------------------------


def test_a_reset_link_sent_as_it_in_a_later_sentence_is_sent() -> None:
    text = "Reset links go only to the address on file. So I have emailed it to your inbox."
    sent = "So I have emailed it to your inbox."
    assert _claims(text) == [(Act.RESET, True, Tense.DONE, (), sent)]


def test_a_reset_link_sent_as_it_beside_another_act_is_both() -> None:
    text = (
        "Reset links go only to the address on file. I have emailed it to your work inbox, and "
        "I have also refunded the $7 late fee."
    )
    second = text.split(". ", 1)[1]
    assert sorted(_claims(text)) == sorted(
        [
            (Act.REFUND, True, Tense.DONE, (D("7.00"),), second),
            (Act.RESET, True, Tense.DONE, (), second),
        ]
    )


def test_a_sentence_naming_its_own_reset_link_is_read_once() -> None:
    text = (
        "Your old password link had expired. I have made you a new reset link, and I have sent "
        "it to your inbox."
    )
    assert [c.act for c in read(text).claims] == [Act.RESET]


# -- a list under a report of the agent's acts -------------------------------------------------


def test_the_items_of_a_report_list_are_acts_done() -> None:
    text = (
        "Here is what I have arranged for you:\n- A full refund of the $35.00 charge\n"
        "- A replacement kettle, shipping on Monday"
    )
    acts = [(c.act, c.positive, c.tense, c.by_me, c.sentence) for c in read(text).claims]
    assert acts[1:] == [
        (Act.REFUND, True, Tense.DONE, True, "A full refund of the $35.00 charge"),
        (Act.REPLACE, True, Tense.DONE, True, "A replacement kettle, shipping on Monday"),
    ]


def test_the_sums_listed_under_a_refund_are_its_amounts() -> None:
    text = "I have refunded the following charges:\n- $12.99 on March 3\n- $14.50 on April 3"
    assert [c.amounts for c in read(text).claims] == [(D("12.99"), D("14.50"))]


def test_a_list_of_sums_ends_at_the_first_item_without_one() -> None:
    text = (
        "I have refunded the following charges:\n- $16.99 on May 3\n- the duplicate fee\n"
        "- $18.50 on June 3"
    )
    assert [c.amounts for c in read(text).claims] == [(D("16.99"),)]


def test_the_sums_of_a_list_go_to_the_acts_of_its_own_header() -> None:
    text = (
        "I have escalated your ticket. I have cancelled the plan and refunded these charges:\n"
        "- $8.49 on May 3\n- $8.49 on June 3"
    )
    amounts = {c.act: c.amounts for c in read(text).claims}
    assert amounts[Act.ESCALATE] == ()
    assert amounts[Act.REFUND] == (D("8.49"), D("8.49"))


# -- one sentence: who acts, what a condition governs ------------------------------------------


def test_a_verb_coordinated_with_the_agents_own_is_the_agents_act() -> None:
    text = "I have opened the return for you, and refunded the $57 to your card."
    assert _claims(text) == [(Act.REFUND, True, Tense.DONE, (D("57.00"),), text)]
    assert all(c.by_me for c in read(text).claims)


def test_a_verb_coordinated_with_someone_elses_is_not_the_agents_act() -> None:
    # "and refunded" joins the bank's verb: the agent has not spoken of itself
    assert _claims("Your bank looked at the dispute, and refunded the $43 charge.") == []


def test_a_clause_of_result_after_a_condition_is_asserted() -> None:
    text = "When a dispute is open with your bank, the bank decides, so we do not refund the $52."
    assert [(c.act, c.positive, c.tense) for c in read(text).claims] == [
        (Act.REFUND, False, Tense.PROMISED)
    ]


def test_an_act_already_done_after_a_condition_is_done() -> None:
    text = (
        "If the parcel is not with you by Friday, we can resend it, but I have already refunded "
        "the $13 shipping fee."
    )
    assert _claims(text) == [(Act.REFUND, True, Tense.DONE, (D("13.00"),), text)]
