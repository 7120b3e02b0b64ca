"""Acts reported in forms the reader's verb patterns miss: nouns, lists and consequences.

Agents report what they did without an act verb in a clause of its own:

- **an exchange** is a replacement: "I've set up an exchange so you get the green throw"
  (:data:`EXCHANGE`, a pattern the reader adds to its replacement patterns);
- **a nominal headline**: the act's noun, what it is of, and a participle, with no
  auxiliary: "Replacement of the sage green throw arranged.", "Refund for the late fee
  processed" (:func:`nominal_report`);
- **a list under a report of the agent's own acts**: "Here's what I've set up:" followed by
  "- A replacement of the throw you ordered": each item that names an act is that act, done
  (:func:`report_header`, :func:`listed_act`);
- **a consequence about a named thing**: "ORD-40217 hadn't shipped, so it's cancelled": "it"
  is the order the sentence named, not a kind of thing (:func:`named_antecedent`);
- **a relative clause of the agent's own**: "that's a refund of $160.00, which I've issued to
  your card": the act's noun, then "which I have" and a participle of completion, reports the
  act done (:func:`relative_report`);
- **a finished state of the act's noun**: "Your plan cancellation is confirmed", "the refund
  is complete" report the act done (:func:`completed_state`), but an indefinite noun in the
  present passive ("a refund of that size is approved by our finance team") says how such
  acts go, a rule (:func:`kind_in_present`).

All functions are pure, take the reader's lower-cased, contraction-expanded text, and start
with a cheap substring test: the reader runs on every reply.
"""

from __future__ import annotations

import re
from functools import lru_cache

from sim.generic import anchored_now

__all__ = [
    "set_up_of_it",
    "EXCHANGE",
    "completed_state",
    "issue_of_it",
    "kind_in_present",
    "listed_act",
    "named_antecedent",
    "nominal_report",
    "relative_report",
    "report_header",
]

EXCHANGE = re.compile(r"\bexchang(?:e|ed|ing)\b(?!\s+(?:rates?|polic\w*|window|period|terms))")
"""An exchange of the goods: a replacement."""

_ACT_NOUN = (
    r"(?:replacement|exchange|refund|reimbursement|cancellation|credit|(?:password\s+)?reset)"
)
_REPORTED = (
    r"(?:issued|processed|arranged|booked|confirmed|done|sent|set\s+up|created|approved|"
    r"completed|placed|started|initiated|organi[sz]ed|sorted|submitted|on\s+(?:its|the)\s+way)"
)
_NOMINAL = re.compile(
    rf"^(?P<np>(?:(?:a|an|the|your)\s+)?(?:full\s+|free\s+|partial\s+)?{_ACT_NOUN}"
    r"(?:\s+(?:of|for|on|to)\s+[^,;:]{1,60}?)?)"
    rf"\s+{_REPORTED}"
    r"(?P<pp>\s+(?:for|of|on|to)\s+[^,;:]{1,60}?)??"
    r"(?:\s+(?:now|today|already|for\s+you|as\s+requested|immediately))?\s*[.!]?$"
)
"""The act's noun phrase (``np``), a participle, what it is for when the noun phrase did
not say (``pp``: "replacement sorted for the sage green throw"), and at most an adverb of
time or manner."""
_NOT_A_NOUN_PHRASE = re.compile(
    r"\b(?:is|are|was|were|will|would|can|could|should|must|may|might|has|have|had|be|been|"
    r"not|no|never|if|once|when|until|unless|you|i|we|they)\b"
)


def _nominal_report(clause: str) -> bool:
    """Whether a clause is only an act's noun phrase and a participle, a headline of a done
    act ("replacement of the sage green throw arranged", "replacement sorted for the
    throw"): no finite verb, no negation, no condition, no subject pronoun inside the noun
    phrase or the phrase after the participle ("replacement sent to you once it is back")."""
    m = _NOMINAL.match(clause.strip())
    return m is not None and not any(
        _NOT_A_NOUN_PHRASE.search(m.group(g) or "") for g in ("np", "pp")
    )


_HEADER = re.compile(
    r"\b(?:what|everything|all)\s+(?:i|we)\s+(?:have|had)\s+(?:just\s+|now\s+|already\s+|also\s+)*"
    r"(?:set\s+up|done|sorted(?:\s+out)?|arranged|organi[sz]ed|put\s+in\s+place|processed|"
    r"started|booked)\b"
    r"|\b(?:i|we)\s+(?:have|had)\s+(?:just\s+|now\s+|already\s+|also\s+)*(?:set\s+up|arranged|"
    r"organi[sz]ed|processed|booked|put\s+in\s+place|done)\s+(?:the\s+following|these|both|"
    r"(?:two|three|a\s+few)\s+things)\b"
    # the passive, the agent left out: "here's what's been arranged:", "all that is now done:"
    # ("what's been" is read "what is been": the contraction's "has" before "been")
    r"|\b(?:what|everything|all)\s+(?:that\s+)?(?:(?:is|has|have)\s+been|is|was|were)\s+"
    r"(?:just\s+|now\s+|already\s+|also\s+)*(?:set\s+up|done|sorted(?:\s+out)?|arranged|"
    r"organi[sz]ed|put\s+in\s+place|processed|booked|in\s+place)\b"
)


def report_header(low_sentence: str) -> bool:
    """Whether a sentence that opens a list reports the agent's own done acts as its object
    ("here's what I've set up:", "I have arranged the following:")."""
    said = low_sentence.strip().rstrip("*_ ")
    return said.endswith(":") and _HEADER.search(said) is not None


_LISTED = re.compile(
    r"^(?:(?:a|an|the|your)\s+)?(?:full\s+|free\s+|partial\s+|new\s+)?(replacement|exchange|refund|"
    r"reimbursement|cancellation|(?:password\s+)?reset\s+link|escalation)\b"
)
_LISTED_ACTS = {
    "replacement": "replace",
    "exchange": "replace",
    "refund": "refund",
    "reimbursement": "refund",
    "cancellation": "cancel",
    "escalation": "escalate",
}


def listed_act(item: str) -> str | None:
    """The act (an :class:`sim.reader.Act` value) a list item names by its noun ("a
    replacement of the throw you ordered": "replace"), or ``None``."""
    m = _LISTED.match(item.strip())
    if m is None or re.search(r"\b(?:not|no|never|if|unless|once|when|can|could|would)\b", item):
        return None
    word = m.group(1)
    return "reset" if word.endswith("link") else _LISTED_ACTS[word]


_NAMED_THING = re.compile(
    r"\b[a-z]{2,}-\d{3,}\b|\b(?:your|the)\s+(?:[\w-]+\s+){0,2}?(?:order|subscription|plan|"
    r"membership|charge|renewal|booking|payment)\b"
)
_IT_IS = re.compile(
    r"(?:^|\b(?:so|and|therefore|which\s+means))\s*(?:it|they|that)\s+(?:is|are)\s+$"
)


def named_antecedent(before: str, prior: str) -> bool:
    """Whether "it"/"they"/"that" before a passive participle refers to one thing the sentence
    named before ("ORD-40217 had not shipped, so it is cancelled", "the Nov 15 charge came
    after you cancelled, so that is refunded"; ``prior`` is the sentence up to the clause): a
    report about that thing, not a rule about a kind."""
    return _IT_IS.search(before) is not None and _NAMED_THING.search(prior) is not None


@lru_cache(maxsize=4096)
def nominal_report(clause: str) -> bool:
    """Cached :func:`_nominal_report` (pure; mutmut skips decorated functions)."""
    return _nominal_report(clause)


_COMPLETED = re.compile(
    r"\b(?:is|are)\s+(?:now\s+|already\s+|all\s+)?(?:confirmed|completed?|done|approved|"
    r"finali[sz]ed)\b"
)
"""The present with a participle of a finished state: "is confirmed", "is now complete"."""
_KIND_OF_ACT = re.compile(r"\b(?:a|an|any|every|each|no)\s+(?:\w+\s+)?$")
"""An indefinite or quantified determiner before the act's noun: "a refund", "any full refund"."""
_PRESENT_PARTICIPLE = re.compile(
    r"\b(?:is|are)\s+(?:\w+ly\s+|only\s+)?(?:\w+ed|sent|given|made|paid|done)\b"
)
"""The present passive, of a regular participle or an irregular one ("is sent", "is given")."""
_PARTICULAR = re.compile(r"\b(?:you|your|yours|[a-z]{2,4}-\d+)\b")
"""The customer or one of their records named: "a replacement is arranged for ORD-84452"."""


_RELATIVE = re.compile(
    rf"^(?:which|that)\s+(?:i|we)\s+(?:have|had)\s+(?:(?:just|already|now|also)\s+)*{_REPORTED}\b"
)
"""A relative clause whose subject is the agent and whose verb reports an act done: "which I
have issued", "that we have just processed"."""
_NOUN_TAIL = re.compile(r"^(?:\s+(?:of|for|on|to|from)\s+[^,;:]{1,60})?\s*$")
"""What may follow the act's noun in its own clause: what it is of or for, no more."""
_FINITE = re.compile(
    r"\b(?:is|are|was|were|will|would|can|could|should|may|might|has|have|had|be|been|do|does)\b"
)


def relative_report(after: str, following: str) -> bool:
    """Whether the act's noun, with ``after`` the rest of its clause, is reported done by the
    relative clause ``following`` it ("a refund of $160.00 | which i have issued to the card"):
    the noun ends its clause with at most what it is of or for (no verb of its own), and the
    relative clause's subject is the agent with a participle of completion. "A refund, which
    I can arrange" promises; "a refund that you have asked for" is the customer's."""
    return (
        _RELATIVE.match(following) is not None
        and _NOUN_TAIL.match(after) is not None
        and _FINITE.search(after) is None
    )


def completed_state(before: str, status: str, after: str) -> bool:
    """Whether the act's noun (``before`` it, the ``status`` words from it, ``after`` them) is
    said to be in a finished state in the present ("your plan cancellation is confirmed"):
    the act is reported done. Not of a kind ("any cancellation is confirmed in writing") nor
    with its agent ("is approved by finance": whose step it is, not that it happened)."""
    return (
        _COMPLETED.search(status) is not None
        and _KIND_OF_ACT.search(before) is None
        and not after.lstrip().startswith("by ")
    )


def kind_in_present(before: str, status: str, clause: str) -> bool:
    """Whether an act's noun with an indefinite determiner takes a participle in the present
    ("a refund of that size is approved by our finance team"): how such acts go, a rule that
    promises nothing, unless the clause ties it to now ("a refund is approved as of today")
    or to the customer ("a replacement is arranged for your order"), or says nothing after
    the participle ("good news: a replacement is arranged")."""
    return (
        _KIND_OF_ACT.search(before) is not None
        and _PRESENT_PARTICIPLE.search(status) is not None
        and not anchored_now(clause)
        and _PARTICULAR.search(clause) is None
        and not _ENDS_AT.search(clause[clause.find(status) + len(status) :])
    )


_ENDS_AT = re.compile(r"^\W*$")
"""Nothing after the participle: a rule names how or when such acts go ("by our finance
team", "within 5 days", "for orders over $50"); "a replacement is arranged." names nothing
but the act, the news of this ticket."""


_ISSUE_IT = re.compile(
    r"\b(?:i|we)\s+(?:will|shall|am\s+going\s+to|are\s+going\s+to)\s+"
    r"(?:(?:then|also|immediately|promptly|gladly|personally)\s+)*"
    r"(?:issue|process|send|release|put\s+through)\s+(?:it|that|this)\b"
    r"(?!\s+(?:link|code|label|email|reset|password)\b)"
)
"""The agent promising to issue "it" ("as soon as they approve, I'll issue it to your card"):
the act of the noun named before it in the sentence."""


_SET_UP_IT = re.compile(
    r"^(?:(?:and|so|but|then)\s+)?(?:i|we)\s+(?:have\s+|had\s+)?(?:(?:now|just|already|also)\s+)*"
    r"(?:set\s+(?:it|that|this)\s+up|arranged\s+(?:it|that|this)|organi[sz]ed\s+(?:it|that|this)|"
    r"booked\s+(?:it|that|this)(?:\s+in)?|sorted\s+(?:it|that|this)(?:\s+out)?|put\s+(?:it|that|"
    r"this)\s+in\s+place)\b"
)
"""The agent's report that it set "it" up ("I've set that up on ORD-84452", "we've arranged
it"): the act of the noun named before it in the sentence."""


def set_up_of_it(clause: str) -> bool:
    """Whether ``clause`` reports the agent setting up "it" (see :data:`_SET_UP_IT`), to be
    read as the act the sentence named before ("... go out to you as a replacement; I've set
    that up")."""
    return _SET_UP_IT.search(clause) is not None


def issue_of_it(clause: str) -> bool:
    """Whether ``clause`` promises the agent's act on a pronoun with a verb of issuing ("I'll
    issue it", "we will process that"), to be read as the act the sentence named before."""
    return _ISSUE_IT.search(clause) is not None
