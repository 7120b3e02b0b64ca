"""A plan's end in other words, list lines with pictographs, and "until" typed in a hurry.

The wordings are written as an agent would write them, not copied from the corpus items
whose misreading these rules fix.

Survivors of the mutation run of ``sim.ending_words`` left alive as equivalent (no sentence
tells them apart):

- ``_ended_clauses``: ``said = "XXXX"`` for ``""`` (the seed only ever precedes a space, and
  the condition search is for whole words, none of them "xxxx");
- ``_ended_clauses``: the strip characters with "XX" added at both ends (the text is
  lower-cased, so it holds no "X").
"""

from __future__ import annotations

import pytest

from sim.dates import Event, event_of
from sim.ending_words import depict, ended_clauses, named_object_report
from sim.reader import Act, Tense, read


def _cancels(text: str) -> list[tuple[bool, Tense]]:
    return [(c.positive, c.tense) for c in read(text).claims if c.act is Act.CANCEL]


@pytest.mark.parametrize(
    "text",
    [
        "Done: your FitTrack Premium won't renew.",
        "Your membership will not be renewed.",
        "The Family plan will not auto-renew again.",
        "Okay, CloudBox Plus is now ended as of today.",
        "Your yearly plan has been terminated, effective immediately.",
        "Your Gold plan is now set to end on March 3, so you keep it until then.",
        "Your plan has been set so it won't renew next month.",
        "Sorted, and your Premium membership is officially ended.",
    ],
)
def test_a_plan_named_as_the_subject_of_its_end_is_a_cancellation(text: str) -> None:
    assert _cancels(text) == [(True, Tense.DONE)]


@pytest.mark.parametrize(
    "text",
    [
        "Plans won't renew once cancelled.",  # a rule about every plan
        "Free plans will not renew.",  # a kind of plan
        "If you cancel today, your plan won't renew.",  # a condition before it
        "Once you confirm, the membership won't renew.",
        "Your plan won't renew at the old price.",  # refused only on some terms
        "Your plan will not renew unless you turn auto-renew back on.",
        "It won't renew.",  # a pronoun: the antecedent is not resolved here
        "I can't promise your plan won't renew.",  # the agent's own clause first
        "Your plan is still active and will renew on March 3.",
        "Has your plan been ended?",  # a question
    ],
)
def test_what_is_not_a_plan_ended(text: str) -> None:
    assert _cancels(text) == []


def test_ended_clauses_returns_the_clause_that_reports_the_end() -> None:
    low = "thanks for waiting: your gold plan will not renew, and no more charges follow"
    assert ended_clauses(low) == ("your gold plan will not renew",)
    assert ended_clauses("the plan renews on march 3") == ()
    assert ended_clauses("and so the plan will not renew") == ("and so the plan will not renew",)
    assert ended_clauses("your will not renew") == ()  # no name after the determiner
    assert ended_clauses("your plan will not renew yet") == ()


def test_a_reply_ending_several_plans_reports_each_clause() -> None:
    # every cue word at once ("ended", "set to", "terminated", "set so", "renew"): the cheap
    # keyword test lets the sentence through, each ending is its own clause
    low = (
        "as requested, all three have ended: cloudbox basic is set to end today, the photo "
        "add-on has been terminated, and your family plan has been set so it will not renew"
    )
    assert ended_clauses(low) == (
        "cloudbox basic is set to end today",
        "the photo add-on has been terminated",
        "and your family plan has been set so it will not renew",
    )


def test_an_ended_clause_comes_back_without_the_sentence_punctuation() -> None:
    assert ended_clauses("your gold plan will not renew.") == ("your gold plan will not renew",)
    assert ended_clauses('"the family plan is now ended!"') == ("the family plan is now ended",)


def test_an_article_with_no_noun_after_it_names_no_plan() -> None:
    assert ended_clauses("the will not renew") == ()  # a dropped noun: nothing is named
    assert ended_clauses("the gym pass will not renew") == ("the gym pass will not renew",)


@pytest.mark.parametrize(
    "text",
    [
        "- **Cancelled** CloudBox Plus, effective today.",
        "**Refunded** ORD-5521, in full.",
        "* Cancelled FitTrack",
    ],
)
def test_a_list_line_naming_what_was_acted_on_by_its_name_is_a_report(text: str) -> None:
    claims = read(text).claims
    assert claims and claims[0].positive and claims[0].tense is Tense.DONE
    assert claims[0].by_me


def test_named_object_report_reads_only_a_short_name_after_a_participle() -> None:
    assert named_object_report("", "cancelled", " cloudbox plus")
    assert named_object_report("", "refunded", " ord-5521")
    assert not named_object_report("", "cancelled", " orders")  # a kind of thing
    assert not named_object_report("", "cancelled", " it")
    assert not named_object_report("", "cancelled", " the big gold plan today")  # 5 words
    assert not named_object_report("", "cancelled", "")
    assert not named_object_report("i have", "cancelled", " cloudbox")  # a subject: not this
    assert not named_object_report("", "cancel", " cloudbox")  # not a participle
    assert not named_object_report("", "cancelled", " plans are not refunded")


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("✅ **Cancelled:** your CloudBox subscription.", Act.CANCEL),
        ("🔁 Cancelled: the Gold plan, from today", Act.CANCEL),
        ("💳 **Refunded:** $42.00 to your card", Act.REFUND),
    ],
)
def test_a_pictograph_before_a_list_line_is_no_subject(text: str, act: Act) -> None:
    claims = read(text).claims
    assert [(c.act, c.positive, c.tense) for c in claims] == [(act, True, Tense.DONE)]


def test_a_cross_mark_reads_as_not() -> None:
    assert depict("❌ refunded") == " not  refunded"
    assert depict("✔️ done") == "  done"
    assert depict("plain text") == "plain text"
    assert depict("café ✅") == "café  "
    assert all(not c.positive for c in read("❌ Refunded the $42.00 fee").claims)


@pytest.mark.parametrize(
    "clause",
    [
        "your access stays on untill march 3 and then nothing more is charged",
        "it remains active til march 3, the end of the month you paid for",
        "active till march 3, the last day of your paid month",
        "stays active until march 3 (end of your paid period)",
    ],
)
def test_a_span_end_typed_in_a_hurry_is_no_charge_date(clause: str) -> None:
    assert event_of(clause, clause.index("march")) is None


def test_a_paid_period_is_a_span_but_a_payment_is_still_a_charge() -> None:
    clause = "march 3 is the end of your paid period"
    assert event_of(clause, 0) is None
    assert event_of("you were charged on march 3", 19) is Event.CHARGED
    assert event_of("march 3, the day you paid", 0) is Event.CHARGED
