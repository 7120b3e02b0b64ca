"""Mutants of this round's probe10 readings (sim/portions.py, sim/lexicon.py, ...) killed with
new sentences: each test pins an edge the probe10 tests left open (a repeated clause, a
clause not in its sentence, a modal outcome after "that's it", "and so" of blame).

Equivalent mutants, argued (mutmut 3.8 names):
- sim.portions.x_portions_of__mutmut_23 (``m.group(3)`` -> ``m.group(4)``) and _40
  (``m.group(5)`` -> ``m.group(6)``): each pair of groups sits in one alternative of
  _PORTION with neither optional, so one matches exactly when the other does.
- sim.portions.x_with_elided_subject__mutmut_8 (``at > 0`` -> ``at >= 0``): at 0 the prefix
  ``sentence[:0]`` is empty, the result is ``context`` either way.
- sim.kbcheck.x__duration_problem__mutmut_68 (``_same(said, c) or _same(c, said)`` -> ``and``):
  _same compares the high ends or both ends, each an equality, so it is symmetric.
- sim.reader.x__request_split__mutmut_3 (``"please" in part`` -> ``... or True``):
  _CONDITION_THEN_REQUEST needs "please" itself; the substring test only spares the match.
- sim/lexicon.py (hand mutation, only tables changed): the optional "and " before "so you
  pay" dropped: the lazy 60-character window before it takes "and " in, short of its limit.
"""

from __future__ import annotations

import pytest

from sim.grounding import grounded_report
from sim.portions import with_elided_subject
from sim.rudeness import rude_phrases

# -- sim.portions.with_elided_subject ------------------------------------------------------


def test_an_elided_subject_is_taken_from_before_the_clauses_first_occurrence() -> None:
    sentence = "the fee is waived and is not charged, the cap is kept and is not charged"
    assert with_elided_subject(sentence, "and is not charged") == (
        "the fee is waived and is not charged"
    )


def test_a_clause_not_in_its_sentence_is_left_as_it_is() -> None:
    assert with_elided_subject("june is in progress", "so is not refunded") == (
        "so is not refunded"
    )
    assert with_elided_subject("june is in progress", "june is in progress") == (
        "june is in progress"
    )


def test_a_single_character_before_the_clause_is_its_subject_too() -> None:
    assert with_elided_subject("x so is not refunded", "so is not refunded") == (
        "x so is not refunded"
    )
    assert with_elided_subject("xso is not refunded", "so is not refunded") == (
        "xso is not refunded"
    )


# -- sim.lexicon: "that's it" before an outcome, blame by "and so" ----------------------------


@pytest.mark.parametrize(
    ("text", "rude"),
    [
        # a modal statement of what stays is a refusal, not the outcome of steps
        ("That's it, the price will stay the same.", True),
        ("That's it, your order would stay as it is.", True),
        ("Restart the router. That's it, the light turns green.", False),
    ],
)
def test_thats_it_before_a_modal_is_no_outcome(text: str, rude: bool) -> None:
    assert bool(rude_phrases(text)) is rude


@pytest.mark.parametrize(
    ("text", "rude"),
    [
        ("You skipped the return window and so you pay the restocking fee.", True),
        ("You opened the box, and so you owe the full price.", True),
        ("The box was a gift and so you pay nothing.", False),
    ],
)
def test_blame_drawn_by_and_so_from_the_customers_act(text: str, rude: bool) -> None:
    assert bool(rude_phrases(text)) is rude


# -- sim.kbcheck._duration_problem: a count of used months is skipped, not the clause ----------


def test_a_wrong_window_after_a_count_of_used_months_in_one_clause_is_still_checked() -> None:
    from sim.kbcheck import kb_problems
    from sim.loader import get_scenario
    from sim.reader import read

    scenario = get_scenario("billing-annual-prorata")
    text = "3 months have been used and renewals can be refunded within 5 months of the charge."
    [(_, problem)] = kb_problems(read(text), scenario)
    assert "5 months" in problem
    assert kb_problems(read("3 months have been used and the rest is refunded."), scenario) == []


# -- sim.grounding.grounded_report: an earlier action of another tool does not end the search --


def test_a_request_for_approval_after_another_tool_still_grounds_i_requested_it() -> None:
    from decimal import Decimal

    from sim.actions import IssueRefund, RequestApproval
    from sim.loader import get_scenario
    from sim.state import ActionRecord, EpisodeState
    from sim.tools import CreateReturn

    asked = RequestApproval(
        action=IssueRefund(amount=Decimal("64.00"), target="ORD-81244", reason="cracked"),
        justification="cracked",
    )
    other = CreateReturn(order_id="ORD-81244", reason="cracked")
    records = [
        ActionRecord(step=i, action=a, valid=True, feedback="", reward=0.0, events=())
        for i, a in enumerate((other, asked), start=1)
    ]
    state = EpisodeState(
        episode_id="e",
        seed=1,
        scenario=get_scenario("workflow-approval-granted"),
        persona_id="p",
        max_steps=30,
    ).model_copy(update={"actions": records})
    sentence = "This needs my manager's sign-off, so I requested it."
    assert grounded_report(sentence, "so i requested it", "requested", state, 3)
    assert not grounded_report(sentence, "so i requested it", "requested", state, 2)


# -- sim.reader._request_split: a request with "please" after a condition ---------------------


def test_a_please_request_after_a_condition_is_a_clause_of_its_own() -> None:
    from sim.reader import read

    text = "if the code is not in your inbox please check the junk folder"
    assert [(c.text, c.negated) for c in read(text).clauses] == [
        ("if the code is not in your inbox", True),
        ("please check the junk folder", False),
    ]
    # no condition before it: one clause
    assert len(read("you can please check the junk folder").clauses) == 1
