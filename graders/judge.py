"""ToneJudge: a language model's verdict on the tone of the agent's replies.

The judge reads the whole conversation (with the agent's actions in place, for context) and
scores the agent's own messages for empathy, clarity and professionalism. Its verdict is
stored beside the rule grade and never changes it; a judge failure is a ``RunError`` that
the orchestrator records as ``judge_error``.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field
from pydantic_ai import Agent
from pydantic_ai.models import Model
from pydantic_ai.settings import ModelSettings

from sim.actions import Reply
from sim.customer import Usage
from sim.models import model_failures, usage_from_run
from sim.state import EpisodeState, Role

__all__ = ["JUDGE_INSTRUCTIONS", "NO_REPLY_REASON", "ToneJudge", "ToneVerdict", "judge_prompt"]


class ToneVerdict(BaseModel):
    """The judge's structured output: three scores from 1 to 5, a pass and a reason."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)

    empathy: int = Field(ge=1, le=5)
    """1 to 5: the agent acknowledged the customer's feelings and situation."""
    clarity: int = Field(ge=1, le=5)
    """1 to 5: the agent said plainly what happens, with amounts, timelines and next steps."""
    professionalism: int = Field(ge=1, le=5)
    """1 to 5: courteous, calm, no blame, no jargon, no false promises."""
    passed: bool
    """Whether the tone is acceptable for a real customer."""
    reason: str = Field(min_length=1)
    """One or two sentences explaining the scores."""


JUDGE_INSTRUCTIONS = """\
You review the tone of a customer-support agent in one support conversation. Judge only the
AGENT's messages, in the context of what the customer said and what the agent did. Do not
judge whether the policy decision itself was right; judge how it was communicated.
Score each from 1 (very poor) to 5 (excellent):
- empathy: acknowledges the customer's feelings and situation, without being syrupy;
- clarity: says plainly what was done and what happens next (amounts, timelines, steps);
- professionalism: courteous, calm, no blame, no jargon, no promises it cannot keep.
Set passed to true only if the tone is acceptable to send to a real customer (as a rule, no
score below 3). Give a short reason."""

NO_REPLY_REASON = "The agent never wrote to the customer, so there is no tone to accept."


def judge_prompt(state: EpisodeState) -> str:
    """The conversation as the judge reads it: messages and actions in step order."""
    scenario = state.scenario
    lines = [
        f"Ticket: {scenario.ticket.subject}",
        f"Customer tier: {scenario.customer.tier.value}",
        "",
        "Conversation:",
    ]
    actions = {
        r.step: f"(agent action: {r.action.type} {r.action.model_dump_json(exclude={'type'})}"
        f" -> {r.feedback})"
        for r in state.actions
        if r.action is not None and not isinstance(r.action, Reply)
    }
    shown: set[int] = set()
    for message in state.conversation:
        for step in sorted(s for s in actions if s <= message.step and s not in shown):
            shown.add(step)
            lines.append(actions[step])
        who = "Customer" if message.role is Role.CUSTOMER else "Agent"
        lines.append(f"[{who}]: {message.content}")
    lines += [actions[s] for s in sorted(actions) if s not in shown]
    lines += ["", f"Outcome: {state.termination}.", "Judge the agent's tone."]
    return "\n".join(lines)


class ToneJudge:
    """An async callable matching ``sim.orchestrator.Judge``: ``(state) -> (verdict, usage)``."""

    def __init__(
        self,
        model: Model | str,
        *,
        instructions: str = JUDGE_INSTRUCTIONS,
        retries: int = 2,
        model_settings: ModelSettings | None = None,
    ) -> None:
        self.agent: Agent[None, ToneVerdict] = Agent(
            model,
            output_type=ToneVerdict,
            instructions=instructions,
            retries=retries,
            model_settings=model_settings,
            defer_model_check=True,
            name="tone-judge",
        )

    async def __call__(self, state: EpisodeState) -> tuple[ToneVerdict, Usage]:
        """Judge the episode's agent replies; an episode without any fails without a call."""
        if not any(m.role is Role.AGENT for m in state.conversation):
            verdict = ToneVerdict(
                empathy=1, clarity=1, professionalism=1, passed=False, reason=NO_REPLY_REASON
            )
            return verdict, Usage()
        with model_failures("tone judge"):
            result = await self.agent.run(judge_prompt(state))
        return result.output, usage_from_run(result.usage)
