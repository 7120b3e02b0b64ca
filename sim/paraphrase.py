"""Readings of good paraphrases the clause patterns of :mod:`sim.reader` miss.

Each rule reads one grammatical construction that agents use to report an act in other words
than the reader's act verbs, over a lower-cased sentence with contractions written out and
number words as digits (the reader's own normalized form):

- **a reset link said to have reached the customer**: the link (or "one", "it", "the link"
  after a reset is named) is the subject of a verb of arrival ("a reset link has gone to the
  address on your account", "the link is now in your inbox"), or the object of the agent's
  sending ("I've sent one to your work address");
- **a reset link reported in a note's grammar**, read by the one headline reading
  (:func:`sim.telegraphic.headline_report`): the link as a headline's subject ("Reset link sent
  to your email") is a report by nobody named, the sending with its subject left out ("Sent the
  reset link to your email") the agent's own act;
- **"'d" before a past participle** is "had", not "would" ("after you'd already cancelled"
  is past: no hedge on the sentence's act).

The functions are pure and string-in, string-out (no import of the reader: the reader calls
them), and each starts with a cheap keyword test, since the reader runs on every reply.
"""

from __future__ import annotations

import re

from sim.telegraphic import Headline, headline_report, note_adverbs

__all__ = ["HAD_CONTRACTION", "reset_link_delivered", "scheduled_promise"]

_RESET_NAMED = re.compile(
    r"\b(?:reset(?:s|ting)?|(?:new|temporary)\s+password|password\s+link"
    r"|(?:chang|choos|creat|pick|sett?)(?:e|es|ing)?\s+(?:a\s+|your\s+)?(?:new\s+)?password)\b"
)
"""A sentence that speaks of a password reset, by its noun or by its verb ("the email about
resetting your password", "a link to choose a new password"): "the link", "the email",
"one" or "it" in it is that link."""
_LINK_SUBJECT = (
    r"(?:(?:password\s+)?reset\s+(?:link|e-?mail|message)s?"
    r"|links?\s+to\s+(?:re)?(?:set|choose|create|pick|make)\s+(?:up\s+)?(?:a|your|the)\s+"
    r"(?:new\s+)?password"
    r"|(?:the|that|this)\s+(?:new\s+|fresh\s+)?(?:link|e-?mail)"
    r"|(?:a|the|your)\s+(?:new|fresh|replacement)\s+link(?!\s+to\s+(?!(?:re)?set\b)[a-z]+\b))"
)
_ARRIVED = (
    r"(?:(?:has|have)\s+(?:(?:just|now|already|also|not|never)\s+)*(?:gone(?:\s+out)?|been\s+(?:sent|"
    r"e-?mailed|issued|delivered)|arrived|landed)"
    r"|(?:is|are)\s+(?:(?:now|already|also|sitting|waiting)\s+)*(?:in\s+(?:your|the|that|this)"
    # on its way, wherever to: "to your inbox", "to helen@example.com", "to you", or unsaid
    r"|on\s+(?:its|the)\s+way(?!\s+(?:back|out\s+of)\b))"
    r"|went(?:\s+out)?\s+to|was\s+(?:sent|e-?mailed|issued))\b"
)
_FRESH_LINK = re.compile(r"(?:a|the|your)\s+(?:new|fresh|replacement)\s+link\b")
"""A link said to be new, sent in place of one that failed: on a reset ticket, the reset
link itself, even where no word of the reply names the reset ("a fresh link is on its way to
your email address")."""
_LINK_ARRIVED = re.compile(rf"\b{_LINK_SUBJECT}(?:\s+\S+){{0,3}}?\s+{_ARRIVED}")
"""The link as the subject of arrival: "a password reset link has gone to ..."."""
_AGENT_SENT = re.compile(
    r"\b(?:i|we)\s+(?:have\s+)?(?:(?:just|now|already|also)\s+)*(?:sent|e-?mailed|issued)\s+"
    r"(?:you\s+)?(?:1|one|it|(?:a|the)\s+(?:new\s+|fresh\s+)?(?:1|one|link|e-?mail))\b"
)
"""The agent's sending of a link the sentence names before: "I've sent one to ..."."""
_AGENT_SENT_RESET = re.compile(
    r"\b(?:i|we)\s+(?:have\s+)?(?:(?:just|now|already|also)\s+)*(?:sent|e-?mailed|issued)\s+"
    r"(?:you\s+)?(?:a|the)\s+(?:new\s+|fresh\s+)?password\s+reset\b"
)
"""The agent sending "a password reset" (the link left unnamed): "I've sent a password
reset to the email on your account"."""
_OPENS_CONDITION = re.compile(
    r"^(?:(?:and|but|so)\s+)?(?:if|unless|whether|once|when|whenever|as\s+soon\s+as|after|"
    r"before|until|in\s+case)\b"
)
_BOUNDARY = re.compile(r"[,;:()]|\s--?\s|\bbut\b|\bso\b|\band\s+(?=i|we|you|a|the|your)\b")
_NEGATION = re.compile(r"\b(?:not|never|no|nothing|yet\s+to|unable|failed|cannot|neither|nor)\b")


def _clause_before(low: str, start: int) -> str:
    """The text of the clause that ``start`` lies in, up to ``start``."""
    cut = max((m.end() for m in _BOUNDARY.finditer(low, 0, start)), default=0)
    return low[cut:start].strip()


_LINK_HEADLINE = re.compile(
    r"\b(?:new\s+|fresh\s+)?(?:(?:password\s+)?reset\s+(?:link|e-?mail|message)s?|password\s+reset)"
    r"\s*:?\s+(?:(?:just|now)\s+)?((?:re)?sent|e-?mailed|issued)\b"
)
"""A reset link as the subject of a headline, its auxiliary left out: "Reset link sent to
...", "Reset link: sent to ...", "new reset email just issued", or the reset named by its
noun alone, as "I've sent a password reset" names it: "Password reset sent to ..."."""
_LINK_SENDING = re.compile(
    r"\b((?:re)?sent|e-?mailed)\s+(?=(?:you\s+)?(?:a|the|your)\s+(?:new\s+|fresh\s+)?"
    r"(?:password\s+)?reset\s+(?:link|e-?mail|message)\b)"
)
"""The sending of a reset link, its subject left out: "sent the reset link to ...", "sent you
a fresh reset link"."""
_BEFORE_HEADLINE = re.compile(r"(?:.*[.!?])?\s*(?:\d+\.|[-*])?\s*")
"""What may come before a headline in its clause: the end of a sentence, a list mark."""
_AFTER_SENTENCE = re.compile(r"^.*[.!?]\s*")
_CLAUSE_END = re.compile(rf"{_BOUNDARY.pattern}|[.!?](?:\s|$)")


def _after_in_clause(low: str, end: int) -> str:
    """The text of the clause that ``end`` lies in, from ``end`` on."""
    cut = _CLAUSE_END.search(low, end)
    return low[end : cut.start() if cut is not None else len(low)]


def _headline_lead(opening: str) -> str | None:
    """What of the clause before a headline reaches the headline reading: nothing after the
    end of a sentence or a list mark (:data:`_BEFORE_HEADLINE`), or the adverbs a note puts
    before its verb ("just sent the reset link", :func:`sim.telegraphic.note_adverbs`);
    ``None`` when anything else comes first ("you sent", "never sent")."""
    if _BEFORE_HEADLINE.fullmatch(opening) is not None:
        return ""
    tail = _AFTER_SENTENCE.sub("", opening)
    return f"{tail} " if note_adverbs(tail) else None


def _headline_reset(low: str) -> tuple[bool, bool] | None:
    """A reset link reported sent in a note's grammar at the start of its clause, read by the
    one headline reading, :func:`sim.telegraphic.headline_report`: the link as the subject
    with no auxiliary ("Reset link sent to your email") is a report, by nobody named, like "a
    reset link has been sent"; the sending with its subject left out ("sent the reset link to
    your email") is the agent's own act (by_me). A link dated before the conversation or
    followed by a verb of its own ("reset links sent last week have expired") reports
    nothing."""
    for pattern in (_LINK_HEADLINE, _LINK_SENDING):
        for found in pattern.finditer(low):
            lead = _headline_lead(_clause_before(low, found.start()))
            if lead is None:
                continue
            before = lead + low[found.start() : found.start(1)]
            after = _after_in_clause(low, found.end(1))
            # "e-mailed" is the participle "emailed" as the headline reading knows it
            headline = headline_report(before, found.group(1).replace("-", ""), after)
            if headline is not None:
                return True, headline is Headline.OWN
    return None


def _reset_sent(low: str) -> tuple[bool, bool] | None:
    """The agent sending "a password reset", the link left unnamed ("I've sent a password
    reset to the email on your account"): the agent's own act, done, unless a condition or a
    negation holds it."""
    if "sent" not in low and "mailed" not in low:
        return None
    sent = _AGENT_SENT_RESET.search(low)
    return None if sent is None else _as_reported(low, sent, by_me=True)


def _as_reported(low: str, found: re.Match[str], *, by_me: bool) -> tuple[bool, bool] | None:
    """A found report of a reset read in its clause: nothing when the clause opens a
    condition ("if the link has gone to spam"), else (positive unless negated, by_me)."""
    opening = _clause_before(low, found.start())
    if _OPENS_CONDITION.match(opening):
        return None
    return _NEGATION.search(f"{opening} {found.group(0)}") is None, by_me


_PURPOSE = re.compile(
    r"^(?:\s+\S+){0,4}?\s+(?:so\s+(?:that\s+)?you\s+(?:can|could)|(?:that|which)\s+lets?\s+you|"
    r"for\s+you\s+to|to\s+let\s+you)\s+(?:\w+\s+)?$"
)


def _reset_purpose(after: str) -> bool:
    """Whether the words after a link the agent sent name a reset as its purpose ("a link to
    helen@example.com so you can choose a new password", "a link that lets you reset it"):
    the link is a reset link though its name comes after it."""
    named = _RESET_NAMED.search(after)
    return named is not None and _PURPOSE.match(after[: named.start()]) is not None


def reset_link_delivered(low: str) -> tuple[bool, bool] | None:
    """Whether a sentence reports a password reset link as sent to the customer: ``None``
    when it does not, else (positive, by the agent). A link said to arrive inside a condition
    ("if the link has gone to spam") reports nothing."""
    if "link" not in low and "reset" not in low and "sent" not in low:
        return None
    found = _LINK_ARRIVED.search(low)
    by_me = False
    if found is None or (
        not found.group(0).startswith(("reset", "password", "link"))
        and not _RESET_NAMED.search(low[: found.start()])
        and not _FRESH_LINK.match(found.group(0))
    ):
        found = _AGENT_SENT.search(low)
        if found is None or not (
            _RESET_NAMED.search(low[: found.start()]) or _reset_purpose(low[found.end() :])
        ):
            headline = _headline_reset(low)  # "reset link sent to ...", "sent the reset link"
            return headline if headline is not None else _reset_sent(low)
        by_me = found.group(0).startswith("i ")
    return _as_reported(low, found, by_me=by_me)


HAD_CONTRACTION = re.compile(
    r"\b(i|we|you|they|he|she)['\u2019]d(?=\s+(?:(?:already|just|never|not|ever|also|only)\s+)*"
    r"(?:been|\w+[^e\W]ed|got|gone|done|made|paid|sent|bought|had|seen|taken|given|left|spent|"
    r"told|said|set|put|kept|lost|chosen|known)\b)"
)
"""A "'d" that means "had": "you'd already cancelled", "I'd sent it" (not "I'd be glad")."""


_WHEN_STEP = re.compile(r"^\W*(?:once|when|as\s+soon\s+as|after)\b")
_HYPOTHESIS = re.compile(
    r"\b(?:if|unless|whether|in\s+case|would|could|might|may|can|should|provided|as\s+long\s+as)\b"
)
_WILL = re.compile(r"\b(?:will|shall)\b")


_JOINED_STEP = re.compile(r"^\W*(?:and|so|then)\s+(?:once|when|as\s+soon\s+as|after)\b")
"""A step still to come that opens the act's clause after a conjunction ("send it back, and
as soon as the return is scanned we ship the replacement")."""
_WE_PRESENT = re.compile(
    r"\b(?:we|i)\s+(?:(?:then|also|immediately)\s+)?(?!(?:can|could|would|might|may|should|"
    r"must|do|did|have|had|am|are|was|were|need|want|hope|think|expect|try)\b)[a-z]+(?<!ed)\b"
)
"""The agent's act in the simple present, a schedule ("... we ship the replacement"), not a
modal, an auxiliary or a past."""
_GOODS_GO = re.compile(
    r"\b(?!(?:you|we|i|they|to|and|then|please|will|would|can|could|should|may|might|must)\b)"
    r"[a-z]+\s+(?:ships|goes\s+out|leaves|(?:ship|go)\s+(?:out|to\s+you)|"
    r"(?:is|are)\s+(?:sent|shipped|dispatched|posted)|heads?\s+(?:out|your\s+way))\b"
)
"""The goods as the subject of a verb of dispatch in the simple present, a schedule ("your
replacement lamp ships", "the right size goes out", "the blue pair ship to you as a
replacement"); not an imperative ("ship it back to us") nor a modal."""


def scheduled_promise(sentence: str, context: str) -> bool:
    """Whether an act read as conditional because its sentence (or its clause, after "and")
    opens on a step still to come ("once", "when", "as soon as", "after") is promised all the
    same: the act is said with "will" ("once the return is scanned, we'll send your
    replacement": the step is expected, the act follows it) or in the agent's simple present
    ("as soon as the return is scanned we ship the replacement") or with the goods as the
    subject of their dispatch ("once it's scanned, your replacement kettle ships"), and
    nothing in the sentence makes it a hypothesis ("if", "could", "can")."""
    low = sentence.lower()
    if not _WHEN_STEP.match(low) and not _JOINED_STEP.match(context):
        return False
    if not (_WILL.search(context) or _WE_PRESENT.search(context) or _GOODS_GO.search(context)):
        return False
    return _HYPOTHESIS.search(low) is None
