"""What the speed work remembers changes no answer: validation once per object still
validates every new or altered object, and the article check that reads the customer's
words on demand answers as the check given them all."""

from __future__ import annotations

from decimal import Decimal

import pytest
from pydantic import ValidationError

from sim.actions import IssueRefund
from sim.customer import EchoCustomer
from sim.env import SupportEnv
from sim.kbcheck import kb_problems
from sim.kbmemo import kb_problems_on_demand
from sim.loader import bundled_scenario_ids, get_scenario
from sim.reader import Duration, Unit, read
from sim.state import EpisodeState

SCENARIO = "medium-defective-product"


async def test_an_action_object_that_validation_changes_is_validated_at_every_step() -> None:
    """A string amount built without validation becomes a ``Decimal`` every time it is
    stepped, not only the first time (the object itself is not remembered as valid)."""
    action = IssueRefund.model_construct(amount="10.5", reason="x", target="ORD-7781")
    for seed in (1, 2):
        env = SupportEnv(get_scenario(SCENARIO), EchoCustomer())
        await env.reset(seed=seed)
        obs = await env.step(action)
        assert obs.last_action_valid
        recorded = env.state.actions[-1].action
        assert isinstance(recorded, IssueRefund)
        assert recorded.amount == Decimal("10.50") and isinstance(recorded.amount, Decimal)


async def test_an_invalid_action_object_is_refused_every_time() -> None:
    action = IssueRefund.model_construct(amount=Decimal("NaN"), reason="x", target="ORD-7781")
    env = SupportEnv(get_scenario(SCENARIO), EchoCustomer())
    await env.reset(seed=1)
    for _ in range(2):
        obs = await env.step(action)
        assert not obs.last_action_valid
    assert env.state.refunds == []


def test_a_changed_copy_of_a_valid_scenario_is_validated_again() -> None:
    """A scenario object is checked once; a copy with a broken field is a new object and is
    checked when it becomes part of an episode's state."""
    scenario = get_scenario(SCENARIO)
    broken = scenario.model_copy(update={"max_steps": 1})  # shorter than its gold
    with pytest.raises(ValidationError, match="max_steps"):
        EpisodeState(episode_id="e", seed=1, scenario=broken, persona_id="p", max_steps=1)
    EpisodeState(episode_id="e", seed=1, scenario=scenario, persona_id="p", max_steps=5)


_SAID = (
    (),
    (Duration(Decimal(5), Decimal(7), Unit.BUSINESS_DAY),),
    (Duration(Decimal(30), Decimal(30), Unit.DAY), Duration(Decimal(2), Decimal(2), Unit.WEEK)),
)


@pytest.mark.parametrize("scenario_id", bundled_scenario_ids())
def test_the_article_check_on_demand_answers_as_the_full_check(scenario_id: str) -> None:
    scenario = get_scenario(scenario_id)
    replies = [a.content for a in scenario.reference_solution if a.type == "reply"]
    replies += [
        "Your refund will arrive within 3 business days.",
        "Returns are accepted within 90 days of delivery, and refunds take 10 days.",
        "I can't refund this; the window closed 14 days ago.",
    ]
    for text in replies:
        reading = read(text)
        for said in _SAID:
            calls: list[int] = []

            def customer(
                said: tuple[Duration, ...] = said, calls: list[int] = calls
            ) -> tuple[Duration, ...]:
                calls.append(1)
                return said

            got = kb_problems_on_demand(reading, scenario, customer)
            assert got == kb_problems(reading, scenario, said), text
            assert len(calls) <= 1
        if not any(c.durations for c in reading.clauses):
            # no duration stated: the customer's words are never read
            def unread() -> tuple[Duration, ...]:
                raise AssertionError("the customer's words were read")

            kb_problems_on_demand(read(text + " "), scenario, unread)
