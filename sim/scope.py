"""Where a negation's reach ends, and denials with no person as subject.

- **A coordinated verb phrase has its own polarity.** "Your Premium yearly won't renew and
  stays active until September 15" denies the renewal, not the access: the "and" joins a
  second verb of the same subject (a present-tense verb, "stays", "remains", "keeps", "runs",
  "ends"), which the negation before it does not reach. :func:`coordinated_verbs` splits a
  negated clause there, so a fact's phrase in the second half is read as affirmed; so does a
  modal's verb ("it isn't a second charge | and will fall away within 3 business days").
- **An impersonal denial.** "Once an order is on its way it's not possible to cancel it"
  denies the act for everyone, with "it" as an empty subject: :func:`impersonal_denial`
  reads "it is not possible / no longer possible / not allowed to VERB" before the act.

- **An embedded question asserts nothing.** "How you still get your money back:" (a heading)
  or "here's how you can get your money back" names the way, not the outcome: an act inside
  a clause opened by "how" (or "whether") is read as hedged (:func:`embedded_question`).

Pure functions over the reader's lower-cased, contraction-expanded text, each with a cheap
substring test first.
"""

from __future__ import annotations

import re

__all__ = ["coordinated_verbs", "embedded_question", "impersonal_denial"]

_NEGATION = re.compile(r"\b(?:not|never|no\s+longer)\b")
_AND_VERB = re.compile(
    r"\s+(?=and\s+(?:still\s+|also\s+|then\s+)?(?!(?:is|was|has|does|this|its|us|as|plus|"
    r"yes|less|unless|thus|always|perhaps|sometimes)\b)[a-z]{3,}(?<!s)(?<!')s\s+(?!and\b|or\b)\S"
    r"|and\s+(?:will|would|should|can|may|might|must)\s+(?!not\b|never\b)[a-z]+\b)"
)
"""An "and" before a verb of the same subject in the present tense ("and stays active"), or
a modal and its verb ("and will fall away by itself"): a second predicate of its own."""


def coordinated_verbs(part: str) -> list[str]:
    """``part`` split before "and" + a present-tense verb that follows a negation ("... will
    not renew | and stays active ..."), else ``[part]``."""
    if " and " not in part:
        return [part]
    negation = _NEGATION.search(part)
    if negation is None:
        return [part]
    cut = next((m.start() for m in _AND_VERB.finditer(part) if m.start() > negation.end()), None)
    if cut is None:
        return [part]
    return [part[:cut], part[cut:].lstrip()]


_IMPERSONAL = re.compile(
    r"\b(?:it|this|that)\s+is\s+(?:not|no\s+longer)\s+(?:\w+\s+)?(?:possible|allowed|permitted|"
    r"an\s+option)\s+(?:for\s+(?:us|me|anyone|anybody|an\s+agent|our\s+team)\s+)?to\s+$"
)


def impersonal_denial(before: str) -> bool:
    """Whether the words before an act deny it with an empty subject ("it is not possible to
    [cancel]", "it is no longer possible for us to [cancel]")."""
    if not any(word in before for word in ("possib", "allow", "permit", "option")):
        return False
    return _IMPERSONAL.search(before) is not None


_EMBEDDED = re.compile(
    r"(?:^|\s)(?:how|whether)\s+(?:you|we|i|they|your|the|to)\b(?:\s+\S+){0,4}\s+$"
)


def embedded_question(before: str) -> bool:
    """Whether the words before an act open an embedded question ("how you still get [your
    money back]", "whether we can [refund]"): the act is not asserted."""
    if "how" not in before and "whether" not in before:
        return False
    return _EMBEDDED.search(" " + before) is not None
