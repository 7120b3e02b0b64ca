"""``sim.trl_tools.tool_env_for``: a TRL tool env with exactly a scenario's tools."""

from __future__ import annotations

import inspect
import re

import pytest

from graders import grade
from sim.actions import ACTION_TYPES, TOOL_TYPES
from sim.trl_tools import DomainTools, tool_env_for
from tests.server.test_trl_adapter import _call, _tools
from tests.sim.world_helpers import WORLD_DIR, WORLD_IDS, world_scenario


@pytest.mark.parametrize("name", WORLD_IDS)
def test_public_methods_are_exactly_the_scenarios_tools(name: str) -> None:
    env = tool_env_for(str(WORLD_DIR / f"{name}.yaml"))()
    assert set(_tools(env)) == set(world_scenario(name).available_tools)


def test_a_bundled_scenario_gets_the_five() -> None:
    assert set(_tools(tool_env_for("easy-password-reset")())) == set(ACTION_TYPES)


def test_domain_tool_docstrings_document_every_argument() -> None:
    methods = {n: getattr(DomainTools, n) for n in TOOL_TYPES}
    for name, method in methods.items():
        doc = inspect.getdoc(method) or ""
        assert doc.splitlines()[0] and "Returns:" in doc, name
        params = [p for p in inspect.signature(method).parameters.values() if p.name != "self"]
        args = doc.split("Args:", 1)[1].split("Returns:", 1)[0] if "Args:" in doc else ""
        assert set(re.findall(r"^\s{4}(\w+):", args, flags=re.MULTILINE)) == {
            p.name for p in params
        }
        assert all(p.annotation is not inspect.Parameter.empty for p in params), name


@pytest.mark.parametrize("name", WORLD_IDS)
def test_the_gold_played_through_the_tools_succeeds(name: str) -> None:
    sc = world_scenario(name)
    env = tool_env_for(str(WORLD_DIR / f"{name}.yaml"))()
    first = env.reset(seed=7)
    assert "Tools:" in first
    for action in sc.reference_solution:
        _call(env, action.model_dump(mode="json"))
    state = env.episode_state
    assert state is not None and env.done
    report = grade(state)
    assert report.success, report.failed


def test_lookup_mode_says_to_look_things_up() -> None:
    env = tool_env_for(str(WORLD_DIR / "world-cancel-order.yaml"))()
    text = env.reset(seed=1)
    assert "ORD-8120" not in text and "look them up" in text
    assert "ORD-8120" in env.lookup_account()
    assert "rejected" in env.cancel_order(order_id="ORD-9001", reason="x")  # unverified
