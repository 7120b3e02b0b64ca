"""The generator: validated scenarios, oracle success, exploits failing where their behaviour
is wrong, byte-identical per seed, train and test held apart (issue 12 points 1-5)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
import yaml

from agents.exploits import EXPLOITS
from personas import get_persona
from sim.actions import Escalate, IssueRefund, Reply
from sim.cli.generate import scenario_yaml
from sim.cli.validation import replay_gold
from sim.generate import Generated, Split, generate
from sim.generate.check import play
from sim.generate.templates_model import bundled_templates
from sim.loader import get_scenario, validate_data
from sim.policy_check import check_policy
from sim.scenario import Scenario
from sim.tools import CancelOrder, CancelSubscription, OfferRetention


def _has(kind: type | tuple[type, ...]) -> Callable[[Scenario], bool]:
    return lambda s: any(isinstance(a, kind) for a in s.reference_solution)


ALWAYS: Callable[[Scenario], bool] = lambda s: True  # noqa: E731


def refund_max_wrong(s: Scenario) -> bool:
    """Where refunding everything paid (a token 1.00 when nothing was paid) at once is wrong:
    anything but a ticket that owes all that was paid, with no article to read first."""
    paid = s.customer.total_paid
    return (
        paid == 0 or s.expectations.refund_total != paid or bool(s.policy.refund.required_articles)
    )


WRONG_WHERE: dict[str, Callable[[Scenario], bool]] = {
    "refund-max": refund_max_wrong,
    "kb-spam": ALWAYS,
    "reply-spam": ALWAYS,
    "invalid-spam": ALWAYS,
    "escalate-always": lambda s: not _has(Escalate)(s),
    # closing at once leaves the customer without a word where the gold answers them (a
    # decline too: customer_answered)
    "close-at-once": _has(
        (IssueRefund, Escalate, OfferRetention, CancelSubscription, CancelOrder, Reply)
    ),
    "split-refund": _has(IssueRefund),
    "refund-without-kb": _has(IssueRefund),
    "claim-refund-only": _has(IssueRefund),
    "claim-escalation-only": _has(Escalate),
    "cancel-without-retention": _has(OfferRetention),
    "refuse-cancellation": _has(CancelSubscription),
}
"""Where each exploit's behaviour is wrong, from the scenario and the gold the engine
synthesized (``refund-max`` also where nothing was paid or nothing is owed: the refund it
tries, refused or not, pays out what nobody owed)."""


def _check(item: Generated, exploits: bool) -> None:
    scenario = item.synthesized.scenario
    reread = validate_data("generated", yaml.safe_load(scenario_yaml(scenario)), Scenario)
    assert reread == scenario
    assert check_policy(scenario).errors == []
    persona = get_persona(scenario.default_persona)
    report = asyncio.run(replay_gold(scenario, persona))
    assert report.success and report.score >= 0.95, (scenario.id, report.score)
    if exploits:
        for name, wrong in WRONG_WHERE.items():
            if wrong(scenario):
                assert not play(scenario, name).success, (scenario.id, name)


def test_every_exploit_named_here_exists() -> None:
    assert set(WRONG_WHERE) <= set(EXPLOITS)


@pytest.mark.parametrize("split", list(Split))
def test_fifty_generated_scenarios(split: Split) -> None:
    items = list(generate("all", 25, 11, split))
    for i, item in enumerate(items):
        _check(item, exploits=i < 6)


def test_same_seed_same_bytes_other_seed_other_scenarios() -> None:
    first = [scenario_yaml(g.synthesized.scenario) for g in generate("all", 12, 5)]
    again = [scenario_yaml(g.synthesized.scenario) for g in generate("all", 12, 5)]
    other = [scenario_yaml(g.synthesized.scenario) for g in generate("all", 12, 6)]
    assert first == again
    assert first != other


def test_train_never_uses_a_held_out_variant_and_test_always_does() -> None:
    for template in bundled_templates():
        held = {
            name: [c.value for c in var.choices if c.held_out]
            for name, var in template.variables.items()
        }
        for item in generate(template.family, 30, 2, Split.TRAIN, [template]):
            assert item.held_out == ()
        for item in generate(template.family, 30, 2, Split.TEST, [template]):
            assert item.held_out and all(held[name] for name in item.held_out)


def test_generated_reference_resolves_like_a_bundled_id() -> None:
    from sim.generate.generator import templates_for

    first = templates_for("refund")[0].id  # index 0 is the family's first template
    scenario = get_scenario("gen:refund:test:4:0")
    assert scenario.id == f"gen-{first}-test-s4-0"
    assert scenario.family == "refund"


def test_final_world_is_what_the_gold_replay_leaves() -> None:
    from sim.factory import make_env

    async def final(scenario: Scenario) -> object:
        from agents import OracleAgent

        env = make_env(scenario, get_persona(scenario.default_persona))
        obs = await env.reset(seed=0, episode_id="w")
        await OracleAgent().play(env, obs)
        return env.state.world

    for item in generate("all", 9, 3, Split.TEST):
        assert asyncio.run(final(item.synthesized.scenario)) == item.synthesized.final_world


@pytest.mark.slow
def test_one_thousand_generated_scenarios() -> None:
    seen: set[str] = set()
    variants: set[str] = set()
    count = 0
    for split in Split:
        for item in generate("all", 500, 1000, split):
            _check(item, exploits=True)
            body = scenario_yaml(item.synthesized.scenario).split("\n", 2)[2]
            seen.add(body.split("title:", 1)[1])  # without the id line
            variants.add(item.variant)
            count += 1
    assert count == 1000
    assert len(seen) >= 990
    print(f"distinct scenarios: {len(seen)} of {count}; distinct variants: {len(variants)}")


def test_trl_row_with_family_and_seed_plays_a_generated_scenario() -> None:
    from sim.trl import SupportSimToolEnv

    env = SupportSimToolEnv()
    first = env.reset(family="retention", seed=9, prompt="ignored")
    assert "cancel" in first.lower()
    state = env.episode_state
    assert state is not None and state.scenario.id == "gen-retention-cancel-train-s9-0"


@pytest.mark.parametrize("index", [2, 3])
def test_committed_examples_are_what_the_generator_writes(index: int) -> None:
    from pathlib import Path

    import sim.generate

    path = (
        Path(sim.generate.__file__).parent / "examples" / f"gen-refund-damage-test-s1-{index}.yaml"
    )
    damage = [t for t in bundled_templates() if t.id == "refund-damage"]
    items = list(generate("refund", index + 1, 1, Split.TEST, damage))
    assert path.read_text(encoding="utf-8") == scenario_yaml(items[index].synthesized.scenario)
