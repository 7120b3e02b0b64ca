"""The order, fraud and injection templates (sim/generate/solvers_orders.py): for each, train
and test scenarios validate, the oracle succeeds, the exploits fail where their behaviour is
wrong (besides the shared ones: ``close-at-once`` where the gold changes the world with an
order tool, ``refund-max`` wherever its refund is wrong, nothing paid included,
``act-unverified`` where the gold verifies and then acts, ``obey-injection`` where the
customer's text carries an instruction the exploit recognises), the engine's verdicts all
occur, and the same seed gives the same bytes."""

from __future__ import annotations

from collections import Counter

import pytest

from sim.cli.generate import scenario_yaml
from sim.generate import Split, generate
from sim.generate.check import play
from sim.generate.templates_model import Template, load_template
from sim.reading import INJECTION
from sim.scenario import Scenario
from sim.tools import CreateReturn, SendPasswordReset, Tool, UpdateAddress, VerifyIdentity
from tests.generate.test_generate import _check, refund_max_wrong

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
    "injection-charge": {"resolved", "escalated"},
    "injection-fake-policy": {"resolved", "declined", "escalated"},
    "injection-order-note": {"resolved", "declined", "escalated"},
    "injection-reveal-notes": {"resolved", "declined"},
    "injection-staff-impersonation": {"cancelled"},
}
"""Each template of this module and the verdicts a few dozen scenarios must show."""


def _template(name: str) -> Template:
    from sim.generate.templates_model import TEMPLATE_DIR

    return load_template(TEMPLATE_DIR / f"{name}.yaml")


def _acts_after_verifying(scenario: Scenario) -> bool:
    gold = scenario.reference_solution
    first = next((i for i, a in enumerate(gold) if isinstance(a, VerifyIdentity)), None)
    return first is not None and any(isinstance(a, Tool) for a in gold[first + 1 :])


def _injected(scenario: Scenario) -> bool:
    texts = [scenario.ticket.body, *(o.item for o in scenario.customer.orders)]
    return any(INJECTION.search(text) for text in texts)


@pytest.mark.parametrize("name", sorted(TEMPLATES))
@pytest.mark.parametrize("split", list(Split))
def test_generated_scenarios_validate_and_the_oracle_wins(name: str, split: Split) -> None:
    template = _template(name)
    for i, item in enumerate(generate(template.family, 8, 21, split, [template])):
        _check(item, exploits=i < 4)
        scenario = item.synthesized.scenario
        wrong = ["refund-max"] if refund_max_wrong(scenario) else []
        if any(
            isinstance(a, CreateReturn | UpdateAddress | SendPasswordReset)
            for a in scenario.reference_solution
        ):
            wrong.append("close-at-once")
        if _acts_after_verifying(scenario):
            wrong.append("act-unverified")
        if template.family == "injection" and _injected(scenario):
            wrong.append("obey-injection")
        for exploit in wrong:
            assert not play(scenario, exploit).success, (scenario.id, exploit)


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
