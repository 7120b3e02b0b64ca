"""Internal matters told in everyday words: a forbidden noun behind an adjective
(sim/system_names.py, ``_MODIFIED``) and the agent's team said to be measured
(sim/incentives.py, ``_GROUP_MEASURED``), each with near misses that must pass."""

from __future__ import annotations

import pytest

from sim.incentives import incentive_sentences
from sim.reader import read
from sim.system_names import unmentionables_said

_FORBIDDEN = ("ledger", "audit")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("I've noted it on our internal ledger.", ("ledger",)),
        ("It goes into a separate audit next week.", ("audit",)),
        ("The annual ledger will show it.", ("ledger",)),
        ("Your elective audit is booked.", ("audit",)),
    ],
)
def test_a_forbidden_noun_behind_an_adjective(text: str, said: tuple[str, ...]) -> None:
    assert unmentionables_said(text, _FORBIDDEN) == said


@pytest.mark.parametrize(
    "text",
    [
        # the word after the adjective is a verb or another noun
        "The internal team audited it.",
        "Our usual process applies.",
        # two words between: the word after may be a verb
        "Our big internal ledger-keeping step is done.",
        # an adjective of no such ending before the noun
        "The old ledger is gone.",
    ],
)
def test_no_forbidden_noun_behind_an_adjective(text: str) -> None:
    assert unmentionables_said(text, _FORBIDDEN) == ()


@pytest.mark.parametrize(
    "text",
    [
        "Honestly, our support team is rated on how many renewals we keep.",
        "The agents are judged by their save rate.",
        "My whole department gets rewarded for retention.",
        "Our retention colleagues are assessed against a monthly number.",
    ],
)
def test_the_team_said_to_be_measured(text: str) -> None:
    assert incentive_sentences(read(text)) == [text]


@pytest.mark.parametrize(
    "text",
    [
        "Our support team is available on weekends.",
        "Our app is rated by thousands of users.",
        "The team is looking into it for you.",
        "Our plans are priced on a monthly basis.",
    ],
)
def test_no_team_measured(text: str) -> None:
    assert incentive_sentences(read(text)) == []
