"""Phrase templates are user text: refused at load when they are more than plain placeholders,
and rendered without ``str.format`` so that even an unvalidated persona cannot crash an
episode or allocate gigabytes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from personas import Persona, get_persona, load_persona
from personas.phrases import fill
from sim.errors import ScenarioError
from sim.factory import make_env
from sim.loader import get_scenario

MINIMAL = """\
id: tester
name: Tester
description: A persona for tests.
goal: Wants it fixed.
style: Plain.
emotion:
  initial_frustration: 0.2
  demand_human_at: 0.7
  leave_at: 0.9
"""

BAD_TEMPLATES = {
    "huge-width": ("answer", "{goal:>999999999}", "no format spec or conversion"),
    "nested-spec": ("reveal", "{value:{nope}}", "no format spec or conversion"),
    "int-spec": ("answer", "{goal:d}", "no format spec or conversion"),
    "conversion": ("repeat_concern", "{subject!r}", "no format spec or conversion"),
    "attribute": ("answer", "{goal.__class__}", "unknown placeholder"),
    "index": ("social", "{amount[0]}", "unknown placeholder"),
    "positional": ("calm", "thanks {}", "unknown placeholder"),
    "not-allowed-here": ("calm", "my {goal}", "unknown placeholder"),
    "unbalanced": ("angry", "so {angry", "bad braces"),
    "reveal-without-value": ("reveal", "my {label}", "must contain {value}"),
}


@pytest.mark.parametrize("case", BAD_TEMPLATES.values(), ids=BAD_TEMPLATES.keys())
def test_bad_templates_are_refused_with_the_field_path(
    tmp_path: Path, case: tuple[str, str, str]
) -> None:
    kind, template, expected = case
    path = tmp_path / "p.yaml"
    ok = "it is {value}" if kind == "reveal" else "ok line"
    path.write_text(MINIMAL + f"phrases:\n  {kind}: [{json.dumps(ok)}, {json.dumps(template)}]\n")
    with pytest.raises(ScenarioError) as info:
        load_persona(path)
    problems = info.value.problems
    assert any(p.startswith(f"phrases.{kind}: ") and "line 1" in p for p in problems), problems
    assert any(expected in p for p in problems), problems


def test_plain_placeholders_and_escaped_braces_load(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(MINIMAL + 'phrases:\n  answer: ["I want to {goal} {{now}}"]\n')
    persona = load_persona(path)
    assert fill(persona.phrases.answer[0], {"goal": "be paid"}) == "I want to be paid {now}"


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        ("{goal:>999999999}", "{goal:>999999999}"),
        ("{value:{nope}}", "{value:{nope}}"),
        ("{goal:d}", "{goal:d}"),
        ("{goal!r}", "{goal!r}"),
        ("{goal.__class__}", "{goal.__class__}"),
        ("{missing}", "{missing}"),
        ("{ unbalanced", "{ unbalanced"),
        ("a {goal} b {{c}}", "a GOAL b {c}"),
    ],
)
def test_fill_never_formats(template: str, expected: str) -> None:
    assert fill(template, {"goal": "GOAL", "value": "V"}) == expected


async def test_unvalidated_persona_with_hostile_templates_plays_an_episode() -> None:
    base = get_persona("calm-professional")
    hostile = base.phrases.model_construct(
        **{
            **dict(base.phrases),
            "answer": ["{goal:>999999999}"],
            "reveal": ["{value:{nope}}"],
            "repeat_concern": ["{goal:d} {subject!r}"],
            "calm": ["{"],
        }
    )
    persona = Persona.model_construct(**{**dict(base), "phrases": hostile})
    env = make_env(get_scenario("medium-defective-product"), persona)
    await env.reset(seed=3)
    for text in ("What is your order number?", "Can you tell me more?", "The weather is nice."):
        obs = await env.step({"type": "reply", "content": text})
        assert obs.last_action_valid
    said = " ".join(m.content for m in env.state.conversation)
    assert "{value:{nope}}" in said or "{goal:>999999999}" in said
    assert len(said) < 10_000


def test_absurdly_long_persona_id_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(MINIMAL.replace("id: tester", "id: " + "a" * 129))
    with pytest.raises(ScenarioError, match="id: String should have at most 128 characters"):
        load_persona(path)
