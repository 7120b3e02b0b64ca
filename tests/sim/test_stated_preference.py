"""The customer's stated preference ("as you'd rather leave", "since you would prefer a
refund") gives the reason for the agent's act; its "would" does not hedge that act."""

from __future__ import annotations

import pytest

from sim.reader import Act, Tense, read


def _tenses(reply: str, act: Act) -> set[Tense]:
    return {c.tense for c in read(reply).claims if c.act is act and c.positive}


@pytest.mark.parametrize(
    ("reply", "act"),
    [
        ("as you'd rather leave I've cancelled your plan today.", Act.CANCEL),
        ("since you would prefer to go I have cancelled the subscription.", Act.CANCEL),
        ("understood, but as you'd rather leave ive cancelled Teamwork Pro now.", Act.CANCEL),
        ("because you'd prefer a card refund I've refunded the $20 to your card.", Act.REFUND),
        ("As you'd like it sorted today I've cancelled ORD-1234.", Act.CANCEL),
    ],
)
def test_a_stated_preference_does_not_hedge_the_act(reply: str, act: Act) -> None:
    assert _tenses(reply, act) == {Tense.DONE}


@pytest.mark.parametrize(
    ("reply", "act"),
    [
        ("I would cancel it today if you want.", Act.CANCEL),
        ("If you'd rather leave, I can cancel the plan today.", Act.CANCEL),
        ("I would have refunded the $20 to your card.", Act.REFUND),
        ("We could refund the $20 to your card.", Act.REFUND),
    ],
)
def test_a_hedged_act_stays_hedged(reply: str, act: Act) -> None:
    assert Tense.DONE not in _tenses(reply, act)
