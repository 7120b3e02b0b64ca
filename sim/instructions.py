"""The customer's instruction reader: which of its own tools an agent's message asks it to
use, and whether the instruction is clear (dual control, issue 15 point 3).

An instruction is **clear** when it is an imperative (or a polite request) that names the
step: "click the link in the email we just sent", "hold the power button for ten seconds",
"what error code does the screen show?". It is **vague** when it asks for an action without
naming the step: "reset it", "try the usual steps", "check your email". Statements ("I have
sent a link"), what the agent did itself ("I restarted our server") and negated steps
("don't restart it yet") are no instruction at all.

A vague instruction carries two readings: what a tech-savvy customer makes of it
(``savvy``, often the right step) and what a low-tech customer does instead (``misread``, a
wrong step or nothing). The accuracy of this reader on a labeled set
(``tests/customer/instructions_labeled.yaml``) is printed by ``bench/instruction_reader.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass
from enum import StrEnum

from sim.customer_tools import (
    CheckStatement,
    InstallUpdate,
    OpenResetLink,
    ReadErrorCode,
    RestartDevice,
)
from sim.lexicon import correct_typo
from sim.shorthand import expand_shorthand

__all__ = [
    "CANNOT",
    "CONFUSED",
    "LOW_TECH",
    "ONE_AT_A_TIME",
    "UNSURE",
    "WHICH",
    "Clarity",
    "Instruction",
    "Step",
    "StepPlan",
    "plan_steps",
    "read_instructions",
    "step_name",
]

Step = OpenResetLink | CheckStatement | ReadErrorCode | RestartDevice | InstallUpdate


class Clarity(StrEnum):
    CLEAR = "clear"
    VAGUE = "vague"


@dataclass(frozen=True, slots=True)
class Instruction:
    """One step the agent's message asks the customer to take."""

    clarity: Clarity
    savvy: Step | None
    """The step meant (clear), or a tech-savvy customer's reading of a vague one (``None``:
    nothing to go on)."""
    misread: Step | None
    """What a low-tech customer does with it: the step itself when clear; for a vague one a
    wrong step or ``None`` (asks what is meant)."""
    sentence: str
    """The sentence it came from."""


def step_name(step: Step | None) -> str:
    """``restart_device:hard`` for a hard restart, else the tool's name (``none``)."""
    if step is None:
        return "none"
    if isinstance(step, RestartDevice) and step.hard:
        return "restart_device:hard"
    return step.type


_F = re.IGNORECASE
_GAP = r"[^.!?]{0,60}?"


def _re(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, _F)


@dataclass(frozen=True, slots=True)
class _Rule:
    pattern: re.Pattern[str]
    clarity: Clarity
    savvy: Step | None
    misread: Step | None
    when: Callable[[str], bool] = lambda s: True
    imperative: bool = False
    """Only where the clause before the match is a request ("please", "try", "could you"):
    a vague word in a statement ("reset links expire after a day") asks for nothing."""


def _mentions(*words: str) -> Callable[[str], bool]:
    found = _re(r"\b(" + "|".join(words) + r")\b")
    return lambda s: bool(found.search(s))


def _lacks(*words: str) -> Callable[[str], bool]:
    has = _mentions(*words)
    return lambda s: not has(s)


_LINKISH = ("links?", "e-?mails?", "inbox", "passwords?", "mail")
_HARD, _SOFT = RestartDevice(hard=True), RestartDevice()
_RESET = _re(
    r"\breset(ting)?\s+(it|the|your|this|that|everything|them|my)\b|\b(a|another)\s+reset\b"
)
""""reset" used as a verb on something ("reset it", "reset your password"), or "give it a
reset"; not a noun in a statement ("reset links expire")."""

_DONE_BY_SOMEONE = (
    r"\s+(?:that\s+|which\s+)?(?:you|we|i|they)\s+(?:(?:just|already|have|had|'ve|'d|also)\s+)*"
    r"(?:did|done|tried|made|ran|performed|gave|completed|finished)\b"
    r"(?![^.!?]*\b(?:again|once\s+more)\b)"
)
"""A relative clause after a step's noun that says someone already did it ("the restart you
just did", "the reboot that we tried"): the noun names a past step, not a request ("do the
restart you did before once more" asks for it again)."""

# Clear rules first: a sentence's clear step wins over a vague reading of the same tool.
_RULES: tuple[_Rule, ...] = (
    _Rule(
        _re(rf"\b(click|open|tap|follow|use|press|select){_GAP}\b(link|button)\b"),
        Clarity.CLEAR,
        OpenResetLink(),
        OpenResetLink(),
        _mentions(*_LINKISH),
    ),
    # "New reset link sent to your email; click it": the link named before, then the verb;
    # or what clicking "it" leads to ("click on it and pick a new password")
    _Rule(
        _re(r"\b(click|open|tap|follow|press|select)\s+(on\s+)?(it|that|this)\b"),
        Clarity.CLEAR,
        OpenResetLink(),
        OpenResetLink(),
        _mentions(r"links?", r"new\s+password"),
    ),
    _Rule(
        _re(
            rf"\b(check|look at|look through|open|view|go through){_GAP}"
            r"\b(statement|banking app|bank app|transactions)\b"
        ),
        Clarity.CLEAR,
        CheckStatement(),
        CheckStatement(),
    ),
    _Rule(
        _re(
            rf"\b(what|which|read|tell me|look at|check){_GAP}\b(error code|code|display|screen)\b"
        ),
        Clarity.CLEAR,
        ReadErrorCode(),
        ReadErrorCode(),
    ),
    _Rule(_re(rf"\bhold{_GAP}\bpower\b"), Clarity.CLEAR, _HARD, _HARD),
    _Rule(
        _re(
            # (a noun after "the", "that", "this" that is the subject of a verb reports a
            # restart already done: "the restart worked" asks for nothing; "try the restart
            # again" still does; so does a relative clause that says who did it: "the restart
            # you just did was the first step")
            r"(?<!\bthe\s)(?<!\bthat\s)(?<!\bthis\s)\b(restart|reboot)\b"
            r"|\b(?:the|that|this)\s+(?:restart|reboot)\b(?!\s+(?:worked|helped|did|fixed|went|"
            rf"was|is|has|seems|seemed|sorted|cleared|solved|got)\b|{_DONE_BY_SOMEONE})"
            r"|\b(turn|switch)\b[^.!?]{0,25}\boff\b[^.!?]{0,25}\bon\b"
            r"|\bunplug\b[^.!?]{0,60}\bplug\b[^.!?]{0,25}\bback\b"
        ),
        Clarity.CLEAR,
        _SOFT,
        _SOFT,
    ),
    _Rule(_re(r"\binstall\b"), Clarity.CLEAR, InstallUpdate(), InstallUpdate(), imperative=True),
    # -- vague: an action without the step (asked for, not stated) --------------------------
    _Rule(_RESET, Clarity.VAGUE, OpenResetLink(), None, _mentions(*_LINKISH), True),
    _Rule(_RESET, Clarity.VAGUE, _HARD, _SOFT, _lacks(*_LINKISH), True),
    _Rule(
        _re(r"\b(check|look in)\b[^.!?]{0,20}\b(e-?mail|inbox)\b"),
        Clarity.VAGUE,
        OpenResetLink(),
        None,
        imperative=True,
    ),
    _Rule(
        _re(r"\b(check|call|ask|talk to)\b[^.!?]{0,20}\bbank\b"),
        Clarity.VAGUE,
        CheckStatement(),
        None,
        imperative=True,
    ),
    _Rule(_re(r"\bpower[- ]?cycl"), Clarity.VAGUE, _SOFT, None, imperative=True),
    _Rule(
        _re(r"\bis there (an|any)\b[^.!?]{0,20}\berror"),
        Clarity.VAGUE,
        ReadErrorCode(),
        None,
        imperative=True,
    ),
    _Rule(
        _re(r"\bupdate\b(?! (is|was|will|has))"),
        Clarity.VAGUE,
        InstallUpdate(),
        None,
        imperative=True,
    ),
    _Rule(
        _re(
            r"\b(try|do|follow|run|go through)\b[^.!?]{0,15}"
            r"\b(usual|standard|normal|basic|regular)\b[^.!?]{0,15}"
            r"\b(steps|troubleshooting|fixes|things|checks)\b"
        ),
        Clarity.VAGUE,
        None,
        None,
    ),
)

_NEGATED = _re(r"\b(don'?t|do not|never|no need to|not need to|not have to|doesn'?t need)\b")
_OWN_DOING = _re(r"(^|[,;:]\s*)(i|we)\b(?!\s+(need|want|would like|'d like)\b)")
"""The agent saying what it did or will do itself, not asking the customer."""
_ASKS = _re(r"\b(you|your|please|could|can|would)\b")
_REQUEST = _re(
    r"^\W*((please|kindly|just|simply|now|first|then|next|also|and|so|ok(ay)?|try|try to|"
    r"go ahead and|let'?s|let us|tap|click|press|select|hit|choose|can you|could you|would you|"
    r"will you|"
    r"you should|you need to|you can|"
    r"you could|you'll need to|you will need to|give it|give your \w+|a|an|the)\W+)*$"
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")


_MENU_PATH = re.compile(
    r"(?:\b(?:tap|click|press|select|choose|hit|open|go\s+to|navigate\s+to|"
    r"head\s+(?:over\s+)?to)\s+(?:on\s+)?|^\W*(?:now|then|next|first|finally)\s*[:,]\s*)"
    r"(?:\**[\w']+(?:\s[\w']+)?\**\s*(?:>|->|→|»|=>)\s*)+\**$",
    _F,
)
"""A verb and the items of a menu path that lead to the step, each of one or two words
("tap Settings > Update > ", "go to **Settings** → "): the verb asks for the path's last
item. A path after a word that orders the steps, with no verb ("Now: Settings > Update >
Install"), is the terse form of the same request."""


def _without_menu_path(head: str) -> str:
    """``head`` (the sentence up to a step) with the menu path that leads to the step and the
    verb that governs it read as a request for the step ("now go to Settings > Update > " ->
    "now tap "); a path no verb governs ("Settings > Update > Install is where ...") stays."""
    if ">" not in head and "→" not in head and "»" not in head:
        return head
    path = _MENU_PATH.search(head)
    return head if path is None else f"{head[: path.start()]}tap "


def _clause_before(sentence: str, start: int) -> str:
    head = _without_menu_path(sentence[:start])
    cut = max(head.rfind(","), head.rfind(";"), head.rfind(" and "), head.rfind(" then "))
    return head[cut + 1 :] if cut >= 0 else head


def _instruction_at(sentence: str, start: int) -> bool:
    """Whether the step found at ``start`` is asked of the customer (not negated, not the
    agent's own doing)."""
    clause = _clause_before(sentence, start)
    if _NEGATED.search(clause):
        return False
    return not (_OWN_DOING.search(clause.strip()) and not _ASKS.search(clause))


_TYPED_WORD = re.compile(r"[a-z]+")


def _typed_out(sentence: str) -> str:
    """``sentence`` lower-cased as the customer understands it: shorthand written out and
    typos of support words corrected ("now pls instal it" -> "now please install it"), so a
    request typed in haste is still a request."""
    low = expand_shorthand(sentence.lower())
    return _TYPED_WORD.sub(lambda m: correct_typo(m.group(0)), low)


def _read_sentence(sentence: str) -> list[tuple[int, Instruction]]:
    found: list[tuple[int, Instruction]] = []
    kinds: set[str] = set()
    typed = _typed_out(sentence)
    for rule in _RULES:
        if not rule.when(typed):
            continue
        match = rule.pattern.search(typed)
        if match is None or not _instruction_at(typed, match.start()):
            continue
        if rule.imperative and not _REQUEST.match(_clause_before(typed, match.start())):
            continue
        kind = step_name(rule.savvy).split(":")[0]
        if kind in kinds or (kind == "none" and found):
            continue  # one reading per tool and sentence; a clear one came first
        kinds.add(kind)
        found.append(
            (match.start(), Instruction(rule.clarity, rule.savvy, rule.misread, sentence.strip()))
        )
    return found


def read_instructions(text: str) -> list[Instruction]:
    """The steps ``text`` asks the customer to take, in the order they are written."""
    out: list[Instruction] = []
    for sentence in _SENTENCE.split(text[:5000]):
        if sentence.strip():
            out += [i for _, i in sorted(_read_sentence(sentence), key=lambda p: p[0])]
    # a step asked clearly anywhere in the message (a markdown list puts each item on its own
    # line: "2. Select **Update**", "3. Tap **Install**") makes a vague reading of the same
    # tool elsewhere in it a part of that step, not another instruction
    clear = {step_name(i.savvy) for i in out if i.clarity is Clarity.CLEAR}
    return [i for i in out if i.clarity is Clarity.CLEAR or step_name(i.savvy) not in clear]


# -- what a customer does with the steps it was given ---------------------------------------

LOW_TECH = 0.35
"""A persona's ``traits.tech_level`` below this: it misreads vague instructions and takes one
step per message."""

CONFUSED = "I'm sorry, I don't understand what you mean. What exactly should I press?"
WHICH = "Which steps do you mean exactly? Tell me what to do and I'll do it."
UNSURE = "I wasn't sure what you meant, so that is what I tried."
ONE_AT_A_TIME = (
    "I did the first thing you said, but you lost me after that. What do I do next? "
    "One step at a time, please."
)
CANNOT = "I can't do that from here."


@dataclass(frozen=True, slots=True)
class StepPlan:
    """The steps a customer takes for one agent message, in order, and what it says when
    it cannot go on. Shared by the scripted customer and the mock LLM's customer."""

    steps: tuple[tuple[Step, Clarity], ...]
    stuck: str | None
    """Said after the steps taken: the customer did not know what to do, or cannot."""
    more: bool
    """A low-tech customer was told several steps and took only the first."""


def plan_steps(text: str, *, low_tech: bool, offered: Collection[str]) -> StepPlan | None:
    """What a customer with the tools ``offered`` does with the agent's message ``text``:
    clear steps as asked; vague ones by the savvy reading, or (low tech) misread; a low-tech
    customer takes the first step only. ``None``: the message asks for no step."""
    found = read_instructions(text)
    if not found:
        return None
    steps: list[tuple[Step, Clarity]] = []
    stuck: str | None = None
    for ins in found[:1] if low_tech else found:
        step = ins.savvy if ins.clarity is Clarity.CLEAR or not low_tech else ins.misread
        if step is None:
            stuck = CONFUSED if low_tech else WHICH
            break
        if step.type not in offered:
            stuck = CANNOT
            break
        steps.append((step, ins.clarity))
    return StepPlan(tuple(steps), stuck, low_tech and len(found) > 1)
