"""Scenario generator: family templates + the policy engine -> unlimited valid scenarios
with train and test splits (see the README section "Generated scenarios")."""

from sim.generate.generator import Generated, GenerationError, families, generate, generate_one
from sim.generate.sampler import Split

__all__ = ["Generated", "GenerationError", "Split", "families", "generate", "generate_one"]
