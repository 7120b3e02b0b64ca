"""The lines round 16 added to sim/reader.py's ``_claims_in``, ``_read`` and
``_sentence_reading`` under mutation (mu17; ``git diff 3fc5473 69b3500``): the survivor of the
mutmut run, killed here with new sentences.

The three functions have 551, 98 and 257 mutants in all; 54 sit on the added lines (31, 11,
12), picked one by one by their diff against ``x_<f>__mutmut_orig``. With the reader's test
files (pyproject's ``[tool.mutmut]`` comment) 52 were killed, one timed out (counted killed:
``_claims_in``'s ``pattern.search(clause, )``, which finds the same act word again and loops
for ever once a word of another sense is found) and one survived, killed below:

- ``_claims_in``: ``break`` for the ``continue`` after ``_goods_come_back``: a clause whose
  "nothing ... comes back" speaks of the goods stops being read for every later act, so the
  escalation or cancellation said in the same clause ("nothing has to come back to the
  warehouse as I have escalated this") is lost.

No equivalent survivor; none open.
"""

from __future__ import annotations

import pytest

from sim.reader import Act, read


@pytest.mark.parametrize(
    ("text", "act"),
    [
        (
            "Nothing has to come back to the warehouse as I have escalated this to our "
            "returns team.",
            Act.ESCALATE,
        ),
        ("Nothing needs to come back to us as I have cancelled the order for you.", Act.CANCEL),
    ],
)
def test_goods_that_need_not_come_back_leave_the_clause_read_for_other_acts(
    text: str, act: Act
) -> None:
    acts = {c.act for c in read(text).claims}
    assert act in acts, acts
    assert Act.REFUND not in acts, acts  # the goods stay with the customer: no refund denied


def test_nothing_coming_back_to_the_customer_is_still_money_and_the_act_after_it_read() -> None:
    text = "Nothing comes back to you as I have escalated this to our returns team."
    acts = {c.act for c in read(text).claims}
    assert {Act.REFUND, Act.ESCALATE} <= acts, acts
