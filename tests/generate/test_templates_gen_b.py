"""gen-b's account, billing and retention templates: each one's scenarios (train and test)
validate, the oracle succeeds, every exploit fails where its behaviour is wrong, the same seed
gives the same bytes, and each template reaches the engine verdicts its bundled kinds need."""

from __future__ import annotations

import pytest

from sim.cli.generate import scenario_yaml
from sim.generate import Split, generate
from sim.generate.templates_model import Template, bundled_templates
from tests.generate.test_generate import _check

VERDICTS: dict[str, set[str]] = {
    "account-advice": {"resolved"},
    "account-recovery": {"resolved", "declined"},
    "billing-double-charge": {"resolved", "declined", "escalated"},
    "billing-charged-after-cancel": {"resolved", "escalated"},
    "billing-annual-prorata": {"resolved", "escalated", "no_refund"},
    "billing-past-periods": {"declined", "resolved"},
    "billing-pending-authorisation": {"resolved"},
    "retention-end-now": {"resolved", "no_refund", "kept"},
}
"""The engine's verdicts each template must reach on 24 train and 24 test scenarios."""


def _template(template_id: str) -> Template:
    return next(t for t in bundled_templates() if t.id == template_id)


@pytest.mark.parametrize("split", list(Split))
@pytest.mark.parametrize("template_id", sorted(VERDICTS))
def test_template_scenarios_validate_and_only_the_oracle_succeeds(
    template_id: str, split: Split
) -> None:
    template = _template(template_id)
    for item in generate(template.family, 6, 21, split, [template]):
        _check(item, exploits=True)


@pytest.mark.parametrize("template_id", sorted(VERDICTS))
def test_template_reaches_its_verdicts_and_is_deterministic(template_id: str) -> None:
    template = _template(template_id)
    seen = set()
    for split in Split:
        items = list(generate(template.family, 24, 3, split, [template]))
        again = list(generate(template.family, 24, 3, split, [template]))
        assert [scenario_yaml(i.synthesized.scenario) for i in items] == [
            scenario_yaml(i.synthesized.scenario) for i in again
        ]
        seen |= {i.synthesized.outcome for i in items}
    assert VERDICTS[template_id] <= seen, seen
