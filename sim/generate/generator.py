"""Generating scenarios: template -> sample -> render -> synthesize -> validate.

``generate(family, count, seed, split)`` is a pure function of its arguments: scenario
``i`` uses the ``i``-th template of the family (round-robin, in file order) and its own
seeded generator (:func:`sim.generate.sampler.rng_for`). Every scenario passes the same
checks as a file: the :class:`~sim.scenario.Scenario` model (with its ``kb_library`` and gold
checks) and :func:`sim.policy_check.check_policy` (no disagreement with the policy).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass

from sim.generate.difficulty import label_for
from sim.generate.sampler import Split, render, rng_for, sample
from sim.generate.synthesis import Synthesized, synthesize
from sim.generate.templates_model import Template, bundled_templates
from sim.generate.thresholds import near_threshold_points
from sim.policy_check import check_policy

__all__ = ["Generated", "GenerationError", "families", "generate", "generate_one", "templates_for"]


class GenerationError(ValueError):
    """A template produced a scenario that does not validate (a template bug)."""


@dataclass(frozen=True)
class Generated:
    """One generated scenario with where it came from."""

    synthesized: Synthesized
    template: str
    split: Split
    seed: int
    index: int
    held_out: tuple[str, ...]
    variant: str
    """The template, the choices drawn (integer ranges left out: ids, day counts) and the
    engine's verdict: two scenarios with the same variant differ only in numbers."""


def families(templates: list[Template] | None = None) -> list[str]:
    """The families that have templates, sorted."""
    return sorted({t.family for t in templates or bundled_templates()})


def templates_for(family: str, templates: list[Template] | None = None) -> list[Template]:
    """The templates of ``family`` (``all``: every template), in file order."""
    pool = templates or bundled_templates()
    chosen = pool if family == "all" else [t for t in pool if t.family == family]
    if not chosen:
        raise ValueError(f"no template for family {family!r}; known: {', '.join(families(pool))}")
    return chosen


def generate_one(template: Template, split: Split, seed: int, index: int) -> Generated:
    """Scenario ``index`` of ``template`` for ``split`` and ``seed``, validated."""
    rng = rng_for(template.family, template.id, split, seed, index)
    drawn = sample(template, split, rng)
    data = render(template.skeleton, drawn.values)
    if not isinstance(data, dict):
        raise GenerationError(f"template {template.id}: the skeleton is not a mapping")
    data = {
        "id": f"gen-{template.id}-{split.value}-s{seed}-{index}",
        "family": template.family,
        **data,
    }
    synthesized = synthesize(template, data, drawn.values)
    points = drawn.points + template.outcome_points.get(synthesized.outcome, 0)
    label = label_for(points + near_threshold_points(synthesized.scenario), synthesized)
    scenario = synthesized.scenario.model_copy(update={"difficulty": label})
    report = check_policy(scenario)
    if report.errors:
        raise GenerationError(
            f"template {template.id} (seed {seed}, index {index}): " + "; ".join(report.errors)
        )
    return Generated(
        Synthesized(scenario, synthesized.final_world, synthesized.outcome),
        template.id,
        split,
        seed,
        index,
        tuple(drawn.held_out),
        _variant(template, drawn.values, synthesized.outcome),
    )


def _variant(template: Template, values: dict[str, object], outcome: str) -> str:
    picked = {k: values[k] for k, v in template.variables.items() if v.choices}
    return json.dumps([template.id, picked, outcome], sort_keys=True, default=str)


def generate(
    family: str,
    count: int,
    seed: int,
    split: Split = Split.TRAIN,
    templates: list[Template] | None = None,
) -> Iterator[Generated]:
    """``count`` scenarios of ``family`` (or ``all``), round-robin over its templates."""
    chosen = templates_for(family, templates)
    for index in range(count):
        yield generate_one(chosen[index % len(chosen)], split, seed, index)
