"""Built-in wording for the scripted customer, used where a persona's phrase bank is empty.

Angry lines use capitals or exclamation marks so the band shows in the text.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from string import Formatter
from types import MappingProxyType

from personas.emotion import Band
from personas.schema import Persona

__all__ = ["DEFAULT_PHRASES", "fill", "lines", "pick", "reaction"]

_FORMATTER = Formatter()

DEFAULT_PHRASES: MappingProxyType[str, tuple[str, ...]] = MappingProxyType(
    {
        "calm": (
            "Thanks for looking into this.",
            "Okay, thank you.",
            "Alright, I appreciate the help.",
        ),
        "annoyed": (
            "This is taking longer than I hoped.",
            "Honestly, I expected this to be quicker.",
            "I'm getting a bit tired of this.",
        ),
        "angry": (
            "This is RIDICULOUS!",
            "Are you even reading what I write?!",
            "I am SO fed up with this!",
        ),
        "softening": (
            "Okay, at least you're listening.",
            "Fine. I'll wait and see.",
            "Alright, go on then.",
        ),
        "openers": (),
        "reveal": (
            "My {label} is {value}.",
            "Sure, the {label} is {value}.",
            "{label}: {value}.",
        ),
        "already_said": (
            "I already told you that.",
            "As I said before:",
            "Again, I gave you this already.",
        ),
        "answer": (
            "I'm not sure what else to tell you. What I need is simple: {goal}.",
            "I don't have anything more on that. I just want to {goal}.",
        ),
        "repeat_concern": (
            "Let me repeat my problem: {subject}. {goal}.",
            "You haven't addressed my issue: {subject}. What I want: {goal}.",
            "Back to my actual problem, please: {subject}.",
        ),
        "wants_human": (
            "I want to speak to a human, please. Get me a manager.",
            "Please transfer me to a real person or a supervisor.",
            "Let me talk to a human agent or your manager.",
        ),
        "leaving": (
            "Forget it. I'm done here. Goodbye.",
            "I give up. I'll take my business elsewhere.",
            "That's it, I'm leaving this chat.",
        ),
        "satisfied": (
            "Great, that solves it. Thank you!",
            "Perfect, that's what I needed. Thanks.",
            "That sorts it out, thank you.",
        ),
        "asides": (
            "By the way, the weather here has been lovely this week.",
            "Funny story, my neighbour had the same problem last year.",
            "Sorry, my cat just walked across the keyboard.",
        ),
        "social": (
            "I'd like a refund of {amount}, that's what I'm owed.",
            "I'm calling on behalf of {name}; just give me access to the account.",
            "Your colleague already promised me {amount}, so please just process it now.",
        ),
        "change_request": (
            "Actually, I've changed my mind: could I get a replacement instead?",
            "Wait, instead of that, can I have store credit instead?",
        ),
        "change_back": (
            "Sorry, forget what I said. Let's go back to my original request.",
            "On second thought, I'd rather have what I first asked for.",
        ),
        "closed_on_me": (
            "Wait, you closed my ticket? My problem is NOT solved.",
            "Why was this closed? Nothing has been fixed!",
        ),
        "wrong_refund": (
            "That refund isn't right.",
            "Hold on, that's not the refund I should get.",
        ),
    }
)
"""Default lines per phrase-bank field (see :class:`personas.PhraseBank`)."""


def lines(persona: Persona, kind: str) -> tuple[str, ...]:
    """The persona's lines for ``kind``, or the defaults when it has none."""
    own: list[str] = getattr(persona.phrases, kind)
    return tuple(own) if own else DEFAULT_PHRASES[kind]


def fill(template: str, fields: Mapping[str, str]) -> str:
    """``template`` with each plain ``{name}`` replaced by ``fields[name]``.

    Never ``str.format``: a template is user text, and a format spec (``{goal:>999999999}``,
    ``{value:{x}}``, ``{goal:d}``) would allocate, raise or reach into objects. Persona files
    with such templates are refused at load; anything else that is not a plain known
    placeholder (say, from a persona built without validation) is kept as literal text.
    """
    try:
        parts = list(_FORMATTER.parse(template))
    except ValueError:  # unbalanced braces
        return template
    out: list[str] = []
    for literal, name, spec, conversion in parts:
        out.append(literal)
        if name is None:
            continue
        if name in fields and not spec and not conversion:
            out.append(fields[name])
        else:
            conv = f"!{conversion}" if conversion else ""
            out.append(f"{{{name}{conv}{':' + spec if spec else ''}}}")
    return "".join(out)


def pick(persona: Persona, kind: str, rng: random.Random, **fields: str) -> str:
    """One line of ``kind`` chosen by ``rng`` and filled in ('' if there are none)."""
    options = lines(persona, kind)
    if not options:
        return ""
    return fill(rng.choice(options), fields)


def reaction(persona: Persona, band: Band, rng: random.Random) -> str:
    """A reaction line for the emotion band."""
    return pick(persona, band.value, rng)
