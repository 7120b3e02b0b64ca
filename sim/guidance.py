"""Guiding a customer through steps only the customer can take (dual control): what the
scripted support agent and the mock LLM's support agent share.

The agent never sees the customer's side of the world: it reads the customer's messages for
an error code and for what happened, finds the article that names the code, and relays that
article's steps ONE clear step per reply (a low-tech customer takes one step at a time).
After a password reset was sent it asks the customer, clearly, to use the link. It closes
only once the customer says it worked.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from sim.instructions import Clarity, read_instructions

__all__ = [
    "ASK_CODE",
    "RESET_STEP",
    "Guide",
    "GuideKind",
    "customer_done",
    "error_code_in",
    "fix_steps",
    "next_guidance",
]

ASK_CODE = "Could you tell me the error code the screen shows? Please read it to me exactly."
RESET_STEP = "Please click the link in the email we just sent and choose a new password."

_CODE = re.compile(
    r"\berror(?:\s+code)?\s+(?:is\s+|of\s+)?([A-Z]{1,3}-?\d{1,4})\b"
    r"|\b(?:shows?|showing|says?|displays?)\s+([A-Z]{1,2}-\d{1,4})\b"
)
_DONE = re.compile(
    r"signed in now|working again|error is gone|solves it|sorts? it out|\bsorted\b|"
    r"what I needed|all set|"
    r"(?:it'?s|it is|is) working(?: now| fine)?\b(?!\s+on)",
    re.I,
)
_NOT_DONE = re.compile(r"\b(still|not|isn'?t|no longer|doesn'?t)\b[^.!?]{0,20}\bworking\b", re.I)
_DEVICE = re.compile(
    r"\b(error|screen|display|router|modem|printer|device|blinking|light|won'?t (start|connect))",
    re.I,
)


class GuideKind(StrEnum):
    REPLY = "reply"
    SEARCH = "search"
    CLOSE = "close"


@dataclass(frozen=True, slots=True)
class Guide:
    """The agent's next move while guiding: a reply, a search, or closing."""

    kind: GuideKind
    text: str = ""


def error_code_in(texts: Sequence[str]) -> str | None:
    """The last error code a customer message quotes ("shows error code E-31")."""
    for text in reversed(texts):
        found = [m.group(1) or m.group(2) for m in _CODE.finditer(text)]
        if found:
            return found[-1]
    return None


def customer_done(text: str) -> bool:
    """The customer says it worked (signed in, the device working again)."""
    return bool(_DONE.search(text)) and not _NOT_DONE.search(text)


def fix_steps(articles: Sequence[tuple[str, str]], code: str) -> list[str]:
    """The clear steps (sentences) of the first article that names ``code``, in order."""
    for title, body in articles:
        if code.lower() not in f"{title} {body}".lower():
            continue
        sentences = re.split(r"(?<=[.!?])\s+", body.strip())
        return [
            s
            for s in sentences
            if any(
                i.clarity is Clarity.CLEAR
                and i.savvy is not None
                and i.savvy.type != "read_error_code"
                for i in read_instructions(s)
            )
        ]
    return []


def next_guidance(
    *,
    customer_said: Sequence[str],
    agent_said: Sequence[str],
    articles: Sequence[tuple[str, str]],
    searched: Sequence[str],
    reset_sent: bool,
) -> Guide | None:
    """The next move of a guided ticket, or ``None`` when there is nothing to guide (the
    caller's own logic goes on)."""
    last = customer_said[-1] if customer_said else ""
    said = " ".join(agent_said)
    device = any(_DEVICE.search(t) for t in customer_said[:1]) and any(
        re.search(r"\berror code", f"{t} {b}", re.I) for t, b in articles
    )
    if not (reset_sent or device):
        return None
    if len(customer_said) > 1 and customer_done(last):
        return Guide(GuideKind.CLOSE, "The customer confirmed it works now.")
    if reset_sent:
        if said.count(RESET_STEP) < 2:
            return Guide(GuideKind.REPLY, RESET_STEP)
        return None
    code = error_code_in(customer_said)
    if code is None:
        return Guide(GuideKind.REPLY, ASK_CODE) if ASK_CODE not in said else None
    steps = fix_steps(articles, code)
    if not steps and not any(code.lower() in q.lower() for q in searched):
        return Guide(GuideKind.SEARCH, f"error code {code}")  # find the article for the code
    for step in steps:
        if step not in said:
            return Guide(GuideKind.REPLY, f"Thank you. Next, one step: {step}")
    return None
