"""Persona files: the bundled library, the loader and errors a person can act on."""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import pytest
import yaml
from pydantic import ValidationError

import personas
from personas import (
    DEFAULT_SENSITIVITY,
    Persona,
    bundled_persona_ids,
    get_persona,
    load_persona,
)
from sim.errors import ConfigError, ScenarioError
from sim.events import CustomerEvent
from sim.loader import bundled_scenario_ids, get_scenario

PACKAGE = Path(personas.__file__).parent
LIBRARY = PACKAGE / "library"

REQUIRED = {
    "calm-professional",
    "anxious-first-timer",
    "furious-repeat-caller",
    "terse-executive",
    "elderly-non-technical",
    "sarcastic",
    "non-native-speaker",
    "chatty-off-topic",
    "legal-threat",
    "patient-then-snaps",
    "social-engineer",
    "request-changer",
}

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


def test_library_has_every_required_persona() -> None:
    ids = bundled_persona_ids()
    assert set(ids) >= REQUIRED
    assert len(ids) >= 12


@pytest.mark.parametrize("persona_id", bundled_persona_ids())
def test_bundled_file_is_complete(persona_id: str) -> None:
    raw = yaml.safe_load((LIBRARY / f"{persona_id}.yaml").read_text(encoding="utf-8"))
    persona = get_persona(persona_id)
    assert persona.id == persona_id
    assert persona.goal.strip() and persona.style.strip()
    # Every event is given explicitly in the file, not left to the defaults.
    assert set(raw["emotion"]["sensitivity"]) == {e.value for e in CustomerEvent}
    for key in ("initial_frustration", "demand_human_at", "leave_at"):
        assert key in raw["emotion"]
    assert "traits" in raw
    assert persona.emotion.leave_at > persona.emotion.demand_human_at
    assert not persona.behaviour.reveals_unasked


def test_personas_differ_in_ways_that_matter() -> None:
    loaded = [get_persona(i) for i in bundled_persona_ids()]
    for a, b in itertools.combinations(loaded, 2):
        assert a.emotion.sensitivity != b.emotion.sensitivity, (a.id, b.id)
        key_a = (a.emotion.initial_frustration, a.emotion.demand_human_at, a.emotion.leave_at)
        key_b = (b.emotion.initial_frustration, b.emotion.demand_human_at, b.emotion.leave_at)
        assert key_a != key_b, (a.id, b.id)
    starts = [p.emotion.initial_frustration for p in loaded]
    assert max(starts) - min(starts) >= 0.5
    assert len({p.emotion.demand_human_at for p in loaded}) >= 4


def test_special_personas_have_their_knobs() -> None:
    assert get_persona("social-engineer").behaviour.social_engineering
    assert get_persona("request-changer").behaviour.changes_request_at_turn is not None
    assert get_persona("patient-then-snaps").emotion.snap is not None
    assert get_persona("chatty-off-topic").behaviour.off_topic_rate > 0
    furious = get_persona("furious-repeat-caller").emotion
    calm = get_persona("calm-professional").emotion
    assert furious.initial_frustration >= 0.6 > calm.initial_frustration


@pytest.mark.parametrize("scenario_id", bundled_scenario_ids())
def test_every_scenario_default_persona_exists(scenario_id: str) -> None:
    scenario = get_scenario(scenario_id)
    assert get_persona(scenario.default_persona).id == scenario.default_persona


def test_get_persona_by_id_or_path_is_cached(tmp_path: Path) -> None:
    assert get_persona("sarcastic") is get_persona("sarcastic")
    path = tmp_path / "tester.yaml"
    path.write_text(MINIMAL, encoding="utf-8")
    assert get_persona(path).id == "tester"
    assert get_persona(str(path)) is get_persona(path)


def test_unknown_persona_lists_the_bundled_ones() -> None:
    with pytest.raises(ConfigError, match="calm-professional") as info:
        get_persona("no-such-persona")
    assert "no-such-persona" in str(info.value)


def test_missing_events_take_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(MINIMAL + "  sensitivity: {progress: 0.5}\n", encoding="utf-8")
    persona = load_persona(path)
    assert persona.emotion.sensitivity[CustomerEvent.PROGRESS] == 0.5
    assert (
        persona.emotion.sensitivity[CustomerEvent.EMPATHY]
        == (DEFAULT_SENSITIVITY[CustomerEvent.EMPATHY])
    )
    assert set(persona.emotion.sensitivity) == set(CustomerEvent)


@pytest.mark.parametrize(
    ("extra", "field", "expected"),
    [
        ("  sensitivity: {bogus_event: 0.1}\n", "emotion.sensitivity.bogus_event", "turn_passed"),
        ("  sensitivity: {progress: 2}\n", "emotion.sensitivity.progress", "less than or equal"),
        ("  snap: {at: 0.5, multiplier: 0.5}\n", "emotion.snap.multiplier", "greater than"),
        ("phrases: {reveal: ['no value here']}\n", "phrases.reveal", "{value}"),
        ("phrases: {social: ['{secret}']}\n", "phrases.social", "{amount}, {name}"),
        ("behaviour: {changes_back_after: 2}\n", "behaviour.changes_back_after", "needs"),
        ("colour: blue\n", "colour", "Extra inputs are not permitted"),
        ("traits: {patience: 1.5}\n", "traits.patience", "less than or equal"),
    ],
    ids=[
        "unknown-event",
        "weight-range",
        "snap-multiplier",
        "reveal-needs-value",
        "unknown-placeholder",
        "change-back-alone",
        "unknown-field",
        "trait-range",
    ],
)
def test_errors_name_file_field_and_expectation(
    tmp_path: Path, extra: str, field: str, expected: str
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(MINIMAL + extra, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_persona(path)
    message = str(info.value)
    assert str(path) in message
    assert any(p.startswith(field) and expected in p for p in info.value.problems), message


def test_leave_must_exceed_demand(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(MINIMAL.replace("leave_at: 0.9", "leave_at: 0.6"), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_persona(path)
    assert info.value.problems == [
        "emotion.leave_at: Value error, must be greater than demand_human_at (0.6 <= 0.7)"
    ]


def test_malformed_yaml_and_missing_file_are_config_errors(tmp_path: Path) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text("id: [unclosed\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match="malformed YAML"):
        load_persona(bad)
    with pytest.raises(ScenarioError, match="cannot read"):
        load_persona(tmp_path / "missing.yaml")


def test_persona_is_frozen() -> None:
    persona = get_persona("calm-professional")
    with pytest.raises(ValidationError):
        persona.name = "changed"  # type: ignore[misc]


def test_every_field_has_a_docstring() -> None:
    for model in (
        Persona,
        *(
            getattr(personas, n)
            for n in ("Traits", "EmotionParams", "Behaviour", "PhraseBank", "Snap")
        ),
    ):
        for name, info in model.model_fields.items():
            assert info.description, f"{model.__name__}.{name} has no docstring"


# -- package hygiene --------------------------------------------------------------------


def test_all_matches_public_names() -> None:
    public = {n for n in dir(personas) if not n.startswith("_")}
    modules = {
        "acting",
        "llm_acting",
        "emotion",
        "facts",
        "llm",
        "loader",
        "phrases",
        "prompt",
        "schema",
        "scripted",
    }
    assert set(personas.__all__) == public - modules
    assert len(personas.__all__) == len(set(personas.__all__))


ALLOWED_IMPORTS = re.compile(
    r"^(personas(\..*)?|sim\.(customer|events|state|scenario|loader|errors|outcome|actions|instructions|customer_tools|customer_world))$"
)
FORBIDDEN_ROOTS = {"agents", "graders"}


@pytest.mark.parametrize("module", sorted(p.name for p in PACKAGE.glob("*.py")))
def test_module_imports_only_core_and_is_small(module: str) -> None:
    source = (PACKAGE / module).read_text(encoding="utf-8")
    assert len(source.splitlines()) < 400
    for node in ast.walk(ast.parse(source)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        for name in names:
            root = name.split(".")[0]
            assert root not in FORBIDDEN_ROOTS, f"{module} imports {name}"
            if root in ("sim", "personas"):
                assert ALLOWED_IMPORTS.match(name), f"{module} imports {name}"
