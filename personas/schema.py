"""The persona file format: who the customer is, how they speak and how their emotion moves.

Personas are YAML validated by :class:`Persona` (frozen, unknown fields rejected). Load them
with :func:`personas.load_persona` so every error names the file, the field and what was
expected.
"""

from __future__ import annotations

from string import Formatter
from types import MappingProxyType
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from sim.events import CustomerEvent

__all__ = [
    "DEFAULT_SENSITIVITY",
    "Behaviour",
    "EmotionParams",
    "Persona",
    "PhraseBank",
    "Snap",
    "Traits",
]

Unit = Annotated[float, Field(ge=0.0, le=1.0, allow_inf_nan=False)]
"""A number in [0, 1]."""

DEFAULT_SENSITIVITY: MappingProxyType[CustomerEvent, float] = MappingProxyType(
    {
        CustomerEvent.TURN_PASSED: 0.03,
        CustomerEvent.PROGRESS: 0.10,
        CustomerEvent.EMPATHY: 0.06,
        CustomerEvent.REFUND_CORRECT: 0.15,
        CustomerEvent.REFUND_WRONG: 0.15,
        CustomerEvent.REPEATED_QUESTION: 0.10,
        CustomerEvent.IGNORED_CONCERN: 0.08,
        CustomerEvent.ESCALATED: 0.10,
        CustomerEvent.PREMATURE_CLOSE: 0.25,
        CustomerEvent.HUMAN_REQUEST_IGNORED: 0.10,
        CustomerEvent.FALSE_CLAIM: 0.20,
    }
)
"""Weight of each event when a persona file leaves it out (the sign is fixed by the rule)."""


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)


class Traits(_Model):
    """Personality, each in [0, 1]. Traits shape the words; emotion params move the numbers."""

    patience: Unit = 0.5
    """How long the customer tolerates slow help (0 = none)."""
    politeness: Unit = 0.5
    """Courtesy of the wording (0 = rude)."""
    verbosity: Unit = 0.5
    """How much the customer writes (0 = one short line)."""
    tech_level: Unit = 0.5
    """Comfort with technical terms and instructions."""


class Snap(_Model):
    """A non-linear break: once a raise pushes frustration to ``at``, it jumps and stays touchy."""

    at: Unit
    """Frustration at which the customer snaps (only a raising event can trigger it)."""
    jump: Unit = 0.0
    """Extra frustration added once, at the moment of snapping."""
    multiplier: float = Field(default=1.0, ge=1.0, le=10.0, allow_inf_nan=False)
    """Raising events weigh this many times more once snapped."""


class EmotionParams(_Model):
    """How the customer's emotion starts and moves; see :func:`personas.transition`."""

    initial_frustration: Unit
    """Frustration when the conversation opens (a stress test may override it)."""
    initial_trust: Unit = 0.5
    """Trust in the support agent when the conversation opens."""
    sensitivity: dict[CustomerEvent, Unit] = Field(default_factory=dict)
    """Weight of every event; missing events take :data:`DEFAULT_SENSITIVITY`."""
    trust_sensitivity: float = Field(default=1.0, ge=0.0, le=3.0, allow_inf_nan=False)
    """Scales how fast trust moves."""
    demand_human_at: Unit
    """At or above this frustration the customer asks for a human."""
    leave_at: Unit
    """At or above this frustration the customer leaves (must exceed ``demand_human_at``)."""
    snap: Snap | None = None
    """Optional non-linear break (the patient-then-snaps customer)."""

    @field_validator("sensitivity", mode="after")
    @classmethod
    def _fill_defaults(cls, value: dict[CustomerEvent, float]) -> dict[CustomerEvent, float]:
        return {event: value.get(event, DEFAULT_SENSITIVITY[event]) for event in CustomerEvent}

    @field_validator("leave_at", mode="after")
    @classmethod
    def _above_demand(cls, value: float, info: ValidationInfo) -> float:
        demand = info.data.get("demand_human_at")
        if demand is not None and value <= demand:
            raise ValueError(f"must be greater than demand_human_at ({value} <= {demand})")
        return value


class Behaviour(_Model):
    """Knobs for special customers; all off by default."""

    social_engineering: bool = False
    """Tries to get more than owed or access to an account it is not entitled to."""
    changes_request_at_turn: int | None = Field(default=None, ge=1)
    """On this reply (1 = first answer after the opening) the customer changes its request."""
    changes_back_after: int | None = Field(default=None, ge=1)
    """Replies after the change at which the customer returns to its original request."""
    off_topic_rate: Unit = 0.0
    """Chance per reply of an off-topic aside."""
    reveals_unasked: bool = False
    """Volunteers hidden facts in the opening message (almost never wanted)."""

    @field_validator("changes_back_after", mode="after")
    @classmethod
    def _needs_change(cls, value: int | None, info: ValidationInfo) -> int | None:
        if value is not None and info.data.get("changes_request_at_turn") is None:
            raise ValueError("needs changes_request_at_turn to be set")
        return value


Lines = list[Annotated[str, Field(min_length=1)]]


class PhraseBank(_Model):
    """Lines for the scripted customer; an empty list falls back to the built-in defaults."""

    PLACEHOLDERS: ClassVar[dict[str, frozenset[str]]] = {
        "reveal": frozenset({"label", "value"}),
        "answer": frozenset({"goal"}),
        "repeat_concern": frozenset({"subject", "goal"}),
        "social": frozenset({"amount", "name"}),
    }

    calm: Lines = Field(default_factory=list)
    """Reactions while calm (frustration below 0.35)."""
    annoyed: Lines = Field(default_factory=list)
    """Reactions while annoyed (0.35 to 0.65)."""
    angry: Lines = Field(default_factory=list)
    """Reactions while angry (0.65 and above)."""
    softening: Lines = Field(default_factory=list)
    """Said when the agent's last reply lowered frustration but nothing is solved yet."""
    openers: Lines = Field(default_factory=list)
    """Flavour put before the ticket in the opening message (none if empty)."""
    reveal: Lines = Field(default_factory=list)
    """Giving an asked-for fact; must contain ``{value}`` (and may use ``{label}``)."""
    already_said: Lines = Field(default_factory=list)
    """Said when asked again for something already given."""
    answer: Lines = Field(default_factory=list)
    """Answer to a question the customer has no fact for; may use ``{goal}``."""
    repeat_concern: Lines = Field(default_factory=list)
    """Restating the problem when ignored; may use ``{subject}`` and ``{goal}``."""
    wants_human: Lines = Field(default_factory=list)
    """Asking for a human or a manager."""
    leaving: Lines = Field(default_factory=list)
    """Giving up and leaving."""
    satisfied: Lines = Field(default_factory=list)
    """The problem is solved."""
    asides: Lines = Field(default_factory=list)
    """Off-topic chatter (see ``behaviour.off_topic_rate``)."""
    social: Lines = Field(default_factory=list)
    """Social-engineering attempts; may use ``{amount}`` and ``{name}``."""
    change_request: Lines = Field(default_factory=list)
    """Changing the request midway."""
    change_back: Lines = Field(default_factory=list)
    """Going back to the original request."""
    closed_on_me: Lines = Field(default_factory=list)
    """Reaction to the ticket being closed unsolved."""
    wrong_refund: Lines = Field(default_factory=list)
    """Reaction to a wrong refund."""

    @field_validator("*", mode="after")
    @classmethod
    def _check_placeholders(cls, lines: list[str], info: ValidationInfo) -> list[str]:
        name = info.field_name or ""
        allowed = cls.PLACEHOLDERS.get(name, frozenset())
        for i, line in enumerate(lines):
            try:
                parts = [(f, spec, conv) for _, f, spec, conv in Formatter().parse(line)]
            except ValueError as exc:
                raise ValueError(
                    f"line {i}: bad braces ({exc}); write {{{{ for a literal {{"
                ) from None
            for f, spec, conv in parts:
                if f is not None and (spec or conv):
                    shown = f"{{{f}{'!' + conv if conv else ''}:{spec}}}"[:40]
                    raise ValueError(
                        f"line {i}: placeholders take no format spec or conversion "
                        f"(got {shown!r}); write {{{f}}}"
                    )
            used = {f for f, _, _ in parts if f is not None}
            unknown = used - allowed
            if unknown:
                want = ", ".join(f"{{{p}}}" for p in sorted(allowed)) or "no placeholders"
                names = ", ".join(repr(u[:40]) for u in sorted(unknown)[:5])
                raise ValueError(f"line {i}: unknown placeholder(s) {names}; allowed: {want}")
            if name == "reveal" and "value" not in used:
                raise ValueError(f"line {i}: must contain {{value}}")
        return lines


class Persona(_Model):
    """A simulated customer's identity, goal, style, traits, emotion and behaviour."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=128)
    """Slug; bundled personas are named after it (``library/<id>.yaml``)."""
    name: str = Field(min_length=1)
    """Human-readable name."""
    description: str = Field(min_length=1)
    """Who this customer is, in a sentence or two."""
    goal: str = Field(min_length=1)
    """How this persona pursues any ticket's goal (scenario-independent)."""
    style: str = Field(min_length=1)
    """How the customer speaks (for the LLM customer and for people reading the file)."""
    traits: Traits = Field(default_factory=Traits)
    """Personality in [0, 1]."""
    emotion: EmotionParams
    """Initial emotion, event sensitivities and the thresholds for a human and for leaving."""
    behaviour: Behaviour = Field(default_factory=Behaviour)
    """Special behaviour (social engineering, changing the request, ...)."""
    phrases: PhraseBank = Field(default_factory=PhraseBank)
    """Wording for the scripted customer, per emotion band and situation."""
    kind: Literal["persona"] | None = None
    """Optional marker ``kind: persona``: says what the file is without relying on its shape."""
