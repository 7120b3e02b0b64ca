"""A supervisor's answer reported the other way round.

After a ``request_approval`` the episode records the supervisor's answer (granted or not). A
reply that reports the answer ("I asked my supervisor about an exception, which was
approved", "my manager has signed it off", "the request was turned down") is read against
it: a denial told as an approval, or an approval told as a denial, misinforms the customer
about the one thing the agent asked for, and usually says the refund both happens and does
not ("which was approved. So I'm unable to refund it").

Two constructions report an answer: the approver as the subject of a verb of deciding in the
past or the perfect ("my supervisor approved it", "the team lead has declined the
exception"), and what was asked as the subject of a passive ("which was approved", "the
exception has been refused", "your request got the go-ahead"). A clause held to a condition
("once it's approved") or asked is not read, nor a negated approval ("it wasn't approved":
the reader reads a denial as a negation, so only a denial's own verb tells one); nor is a
rule ("refunds over $50 need to be approved").

What it cannot read: an answer told without its verb ("good news from my supervisor").
"""

from __future__ import annotations

import re

from sim.reader import Reading

__all__ = ["answer_misreported"]

_GRANTED = (
    r"(?:approved|granted|accepted|authori[sz]ed|okayed|ok'd|signed\s+(?:it\s+|this\s+|that\s+)?off"
    r"(?:\s+on)?|agreed(?:\s+to)?|cleared|(?:got\s+)?the\s+(?:go-?ahead|green\s+light|sign-?off))"
)
_DENIED = r"(?:declined|denied|refused|rejected|turned\s+down|vetoed|said\s+no)"

_APPROVER = (
    r"\b(?:supervisors?|managers?|team\s+leads?|approvers?|(?:my|our|the)\s+lead)\s+"
    r"(?:has\s+|have\s+|had\s+)?(?:already\s+|now\s+|just\s+|kindly\s+)?"
)
"""The approver as the subject, then the verb in the past or the perfect."""
_ASKED = (
    r"\b(?:which|that|it|this|(?:the|your|my)\s+(?:\w+\s+)?(?:exception|request|refund|approval|"
    r"application))\s+(?:was|has\s+been|had\s+been|got|is\s+now|has\s+now\s+been)\s+"
    r"(?:already\s+|now\s+|just\s+)?"
)
"""What was asked, as the subject of a passive report of the answer."""

_SAYS_GRANTED = re.compile(rf"{_APPROVER}{_GRANTED}\b|{_ASKED}{_GRANTED}\b")
_SAYS_DENIED = re.compile(rf"{_APPROVER}{_DENIED}\b|{_ASKED}{_DENIED}\b")


def answer_misreported(reading: Reading, granted: set[bool]) -> list[tuple[str, str]]:
    """Sentences that report the supervisor's answer the other way round from ``granted``
    (the answers the requests made before the reply got: only one answer given to every
    request is read, as with two answers either report may be true)."""
    if len(granted) != 1:
        return []
    said, problem = (
        (_SAYS_DENIED, "reports the approval denied; it was granted")
        if True in granted
        else (_SAYS_GRANTED, "reports the approval granted; it was denied")
    )
    if not said.search(reading.text.lower()):
        return []
    return list(
        dict.fromkeys(
            (clause.sentence, problem)
            for clause in reading.clauses
            if not (clause.conditional or clause.question)
            and (said is _SAYS_DENIED or not clause.negated)
            and said.search(clause.text)
        )
    )
