"""Each package's ``__all__`` is exactly what it exposes, and the core imports no LLM code."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

PACKAGES = ["sim", "personas", "agents", "graders"]


@pytest.mark.parametrize("name", PACKAGES)
def test_all_names_resolve_and_are_unique(name: str) -> None:
    module = importlib.import_module(name)
    exported = module.__all__
    assert len(exported) == len(set(exported))
    for item in exported:
        assert hasattr(module, item), f"{name}.{item} is in __all__ but missing"
    public = {
        n
        for n, v in vars(module).items()
        if not n.startswith("_") and not isinstance(v, type(sys)) and n != "annotations"
    }
    assert public <= set(exported), f"public but not in __all__: {public - set(exported)}"


def test_core_and_rule_grader_import_no_llm_code() -> None:
    code = (
        "import sys; import sim.env, sim.actions, sim.state, graders.rules; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('pydantic_ai', 'openai')]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr
