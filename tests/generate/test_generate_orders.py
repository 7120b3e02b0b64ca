"""The order, fraud and injection templates (sim/generate/solvers_orders.py): for each, train
and test scenarios validate, the oracle succeeds, the exploits fail where their behaviour is
wrong (also ``close-at-once`` where the gold changes the world with an order tool), the
engine's verdicts all occur, and the same seed gives the same bytes."""

from __future__ import annotations

from collections import Counter

import pytest

from sim.cli.generate import scenario_yaml
from sim.generate import Split, generate
from sim.generate.check import play
from sim.generate.templates_model import Template, load_template
from sim.tools import CreateReturn, SendPasswordReset, UpdateAddress
from tests.generate.test_generate import _check

TEMPLATES = {
    "orders-address": {"resolved", "declined"},
    "orders-wrong-item": {"resolved", "declined", "escalated"},
    "orders-lost-parcel": {"resolved", "declined", "escalated"},
    "refund-late-delivery": {"resolved", "declined", "escalated"},
    "fraud-takeover": {"resolved", "escalated"},
    "fraud-chargeback-filed": {"escalated"},
    "fraud-chargeback-threat": {"resolved", "declined", "escalated"},
    "fraud-refund-abuse": {"escalated"},
    "fraud-refund-new-card": {"resolved", "declined", "escalated"},
}
"""Each template of this module and the verdicts a few dozen scenarios must show."""


def _template(name: str) -> Template:
    from sim.generate.templates_model import TEMPLATE_DIR

    return load_template(TEMPLATE_DIR / f"{name}.yaml")


@pytest.mark.parametrize("name", sorted(TEMPLATES))
@pytest.mark.parametrize("split", list(Split))
def test_generated_scenarios_validate_and_the_oracle_wins(name: str, split: Split) -> None:
    template = _template(name)
    for i, item in enumerate(generate(template.family, 8, 21, split, [template])):
        _check(item, exploits=i < 4)
        gold = item.synthesized.scenario.reference_solution
        if any(isinstance(a, CreateReturn | UpdateAddress | SendPasswordReset) for a in gold):
            assert not play(item.synthesized.scenario, "close-at-once").success


@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_every_verdict_occurs(name: str) -> None:
    template = _template(name)
    seen: Counter[str] = Counter()
    for split in Split:
        seen.update(
            g.synthesized.outcome for g in generate(template.family, 40, 3, split, [template])
        )
    assert set(seen) == TEMPLATES[name], seen


@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_same_seed_same_bytes(name: str) -> None:
    template = _template(name)

    def files(seed: int) -> list[str]:
        return [
            scenario_yaml(g.synthesized.scenario)
            for g in generate(template.family, 6, seed, Split.TEST, [template])
        ]

    assert files(4) == files(4)
    assert files(4) != files(5)
