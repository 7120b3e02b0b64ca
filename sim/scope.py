"""Where a negation's reach ends, and denials with no person as subject.

- **A coordinated verb phrase has its own polarity.** "Your Premium yearly won't renew and
  stays active until September 15" denies the renewal, not the access: the "and" joins a
  second verb of the same subject (a present-tense verb, "stays", "remains", "keeps", "runs",
  "ends"), which the negation before it does not reach. :func:`coordinated_verbs` splits a
  negated clause there, so a fact's phrase in the second half is read as affirmed; so does a
  modal's verb ("it isn't a second charge | and will fall away within 3 business days").
- **An adverbial clause has its own polarity.** "Nothing has to come back to the warehouse
  as I have escalated this" denies the return, not the escalation; "As I haven't escalated
  it yet, your refund is on hold" denies the escalation, not the refund. A subordinator of
  reason or time ("as", "now that", "given that") that opens a finite clause (a subject,
  "nothing" and "no one" among them, and its verb) after a clause of its own starts a
  clause of its own, which a negation on the other side does not reach
  (:func:`subordinate_clauses`); "as" in its other senses ("as soon as", "as well as",
  "such as", "the same fee as", "as requested", "as a courtesy") opens no finite clause and
  is left alone. (The reader's clause split already cuts before "because", "since", "so",
  "although", "while" and "once".) A clause of time ("after", "when", "before", "until" and
  a finite clause) stays in its main clause, whose condition it is, but the main clause's
  negation is not read into it: "nothing else is needed after I have reset your password"
  affirms the reset (:func:`time_clause_tail`).
- **An impersonal denial.** "Once an order is on its way it's not possible to cancel it"
  denies the act for everyone, with "it" as an empty subject: :func:`impersonal_denial`
  reads "it is not possible / no longer possible / not allowed to VERB" before the act.

- **An embedded question asserts nothing.** "How you still get your money back:" (a heading)
  or "here's how you can get your money back" names the way, not the outcome: an act inside
  a clause opened by "how" (or "whether") is read as hedged (:func:`embedded_question`). So
  do the customer's options named as ways to an act ("you still have two ways to get your
  money back:").
- **The customer's wish asserts nothing.** "I understand you'd rather have the money back on
  your card" reports what the customer wants, not what the agent did: an act in the
  complement of the customer's verb of wanting is hedged (:func:`wished`), and "a voucher
  isn't what you wanted" judges the wish, it denies no voucher (:func:`judged_wish`). So is
  a wish named by a gerund with no subject of its own, the complement of the agent's
  understanding ("I completely understand wanting your money back"): :func:`wanting`.
- **A gerund after a preposition of time has the clause's subject.** "You were charged after
  cancelling" names the customer's own cancelling, as "after you cancelled" does: an act in
  a gerund after "after", "before", "since", "upon" or "despite", whose clause has "you" as
  its subject, is the customer's, neither claimed nor promised by the agent
  (:func:`customer_gerund`). "I'll confirm by email after cancelling it" is the agent's.

- **An act on a rule is no act on the customer's things.** "That rule was replaced from 1
  November" and "we replaced the old policy" tell how the company changed its terms: the act
  verb's patient (the passive's subject, the active's object) is a rule, a policy, a window
  or the terms, not an order, a plan or money (:func:`rule_patient`). "Your policy" (the
  customer's own cover) is left to the act.
- **"Cancel" in its sense of a signal neutralised.** "Noise-cancelling headphones", "the
  echo cancellation", "it cancels out background noise" name what a device does to a sound,
  not a cancellation of anything the agent can cancel (:func:`signal_cancelling`).

Pure functions over the reader's lower-cased, contraction-expanded text, each with a cheap
substring test first.
"""

from __future__ import annotations

import re

__all__ = [
    "AREA_HEAD",
    "AUXILIARY",
    "NOUN_PHRASE_END",
    "coordinated_verbs",
    "customer_gerund",
    "embedded_question",
    "impersonal_denial",
    "judged_wish",
    "opens_condition",
    "rule_patient",
    "signal_cancelling",
    "subordinate_clauses",
    "time_clause_tail",
    "wanting",
    "wished",
]

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


NOUN_PHRASE_END = (
    r"(?=\s*(?:$|[.,;:!?)\-\u2013\u2014]|(?:now|already|today|currently|directly|too|also|as|"
    r"and|or|but|so|who|which|that|to|for|at|in|on|with|about|from|by|because|since|while|until|"
    r"if|once|team|teams|department|departments|specialists?|desk|unit|group|colleagues?|"
    r"managers?|supervisors?|people|folks|staff)\b))"
)
"""Where a noun phrase ends after its head: the sentence's punctuation, a time adverb, a
conjunction, a preposition, a relative pronoun, or a party noun the word before modifies."""
AREA_HEAD = rf"(?:finance|billing|security|logistics)\b{NOUN_PHRASE_END}"
"""An area of the company as the head of its noun phrase ("with our billing team", "with
billing now"), a party a case can be with; not the modifier of another noun ("our billing
system")."""

_DETERMINER = r"(?:the|your|our|my|his|her|their|its|this|that|these|those|no)"
_SUBJECT = r"(?:i|we|you|they|he|she|it|there|nothing|nobody|none|no\s+(?:one|1))"
AUXILIARY = (
    r"(?:is|are|was|were|has|have|had|will|would|can|could|cannot|should|may|might|must|do|does|"
    r"did)"
)
"""A finite auxiliary or copula. No "am": "i am" and "am i" carry their "i", and a lone "am"
is the clock's ("the 9 am charge")."""
_FINITE_CLAUSE = (
    rf"{_SUBJECT}\s+[a-z]"
    rf"|{_DETERMINER}\s+(?:(?:\S+\s+){{0,3}}?{AUXILIARY}\b|(?:\S+\s+){{1,3}}?[a-z]+ed\b)"
)
"""A finite clause's opening: a subject pronoun and the next word ("i have", "we escalated"),
or a noun phrase of up to four words and a finite verb ("the parcel never arrived", "your
refund has been")."""
_SUBORDINATE = re.compile(rf"\s+(?=(?:as|(?:now|given)\s+that)\s+(?:{_FINITE_CLAUSE}))")
"""The space before a subordinator of reason or time that opens a finite clause ("... as |
i have escalated it", "... now that | the plan is cancelled", "... given that | nothing was
shipped"). Not "after" or "when" (a condition of time on the main clause, which
the main clause must keep: "it will be sent after it has been approved")."""
_CORRELATIVE = re.compile(r"\b(?:as\s+\S+|such|same(?:\s+\S+){0,2})$")
"""Words before an "as" that make it the second half of a comparison ("as soon as", "as well
as", "such as", "the same amount as"), not a subordinator."""
_MAIN_CLAUSE = re.compile(rf"\b(?:{_SUBJECT}|{AUXILIARY})\b")
"""A subject pronoun or a finite verb before the subordinator: the words are a clause that
the subordinate clause follows, not a noun and its participle that the clause sits inside
("the $12.99 charged as you had cancelled was refunded")."""


def subordinate_clauses(part: str) -> list[str]:
    """``part`` split before each subordinator of reason or time that opens a finite clause
    after a clause of its own ("nothing has to come back | as i have escalated this"), so
    that a negation in either clause stays in its own; an "as" that ends a comparison is not
    cut."""
    if not any(word in part for word in (" as ", " that ")):
        return [part]
    pieces, start = [], 0
    for m in _SUBORDINATE.finditer(part):
        head = part[: m.start()]
        if not _MAIN_CLAUSE.search(head):
            continue  # "the $9.99 charge | as you had cancelled | was refunded"
        if _CORRELATIVE.search(head) and part.startswith(" as ", m.start()):
            continue  # "as soon as", "such as", "the same fee as"
        pieces.append(part[start : m.start()])
        start = m.end()
    pieces.append(part[start:])
    return pieces


_TIME_CLAUSE = re.compile(rf"\s(?:after|when|before|until)\s+(?:{_FINITE_CLAUSE})")
"""A subordinator of time that opens a finite clause ("... after | i have reset it")."""


def time_clause_tail(before: str) -> str:
    """The words before an act from the last subordinator of time that opens a finite clause
    after a clause of its own ("nothing else is needed | after i have [reset]"), else all of
    ``before``: the main clause's negation does not reach an act in the time clause. The
    time clause is not cut off as :func:`subordinate_clauses` cuts a clause of reason: it is
    the main clause's condition, which the main clause keeps."""
    if not any(word in before for word in (" after ", " when ", " before ", " until ")):
        return before
    cuts = [
        m.start() for m in _TIME_CLAUSE.finditer(before) if _MAIN_CLAUSE.search(before[: m.start()])
    ]
    return before[cuts[-1] :] if cuts else before


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
    r"|\b(?:you\s+(?:still\s+|also\s+)?have|there\s+are|here\s+are)\s+(?:\w+\s+){0,2}?"
    r"(?:ways?|options?|routes?)\s+(?:to|you\s+can)\s+(?:\S+\s+){0,2}$"
)


def embedded_question(before: str) -> bool:
    """Whether the words before an act open an embedded question ("how you still get [your
    money back]", "whether we can [refund]"): the act is not asserted."""
    if not any(word in before for word in ("how", "whether", "way", "option", "route")):
        return False
    return _EMBEDDED.search(" " + before) is not None


_WISH = re.compile(
    r"\byou\s+(?:would\s+(?:rather|prefer|like|love)|(?:really\s+|only\s+)?(?:want|wanted|wish|"
    r"wished|hoped|prefer|preferred|asked\s+for|requested|were\s+hoping|had\s+hoped))\b"
    r"(?:\s+(?!(?:i|we|but|so|and)\b)\S+){0,6}?\s+$"
)
"""The customer's verb of wanting, then up to six words and no subject of the agent's own
before the act ("you'd rather have [the money back]", "you wanted [the reset] sent")."""


def wished(before: str) -> bool:
    """Whether the words before an act put it in the customer's wish ("I understand you'd
    like the reset sent to your new address"): what is wanted is not claimed done."""
    if "you" not in before:
        return False
    return _WISH.search(before) is not None


_WANTING = re.compile(
    r"\b(?:understand|appreciate|see|get|sympathi[sz]e\s+with|relate\s+to)\s+(?:\w+\s+){0,2}?"
    r"(?:wanting|wishing\s+for|hoping\s+for|needing|preferring|asking\s+for|expecting)\b"
    r"(?:\s+(?!(?:i|we|but|so|and)\b)\S+){0,6}?\s+$"
)
"""A gerund of wanting as the object of a verb of understanding, then up to six words and no
subject of the agent's own before the act ("I understand wanting [your money back]")."""


def wanting(before: str) -> bool:
    """Whether the words before an act put it in a wish named by a gerund ("I can see
    needing [a replacement] quickly"): understood, not claimed done or promised."""
    if "ing" not in before:
        return False
    return _WANTING.search(before) is not None


_JUDGED = re.compile(
    r"^\s*(?:is|was|are|were)\s+not\s+(?:really\s+|quite\s+|exactly\s+)?what\s+you\b"
)


def judged_wish(after: str) -> bool:
    """Whether the words after an act's noun say it is not what the customer wanted ("a
    voucher is not what you wanted"): the negation judges the wish, it denies no act."""
    return _JUDGED.match(after) is not None


_CONDITION = re.compile(
    r"^(?:and\s+|but\s+|so\s+)?(?:if|once|when|whenever|after|as\s+soon\s+as|unless|provided|"
    r"until|in\s+case)\b"
)


def opens_condition(clause: str) -> bool:
    """Whether a clause is the condition of its sentence ("if you want it sent there"), which
    asserts nothing, rather than the main clause that a condition holds ("they'll send it")."""
    return _CONDITION.match(clause) is not None


_YOUR_GERUND = re.compile(
    r"\byou\s+(?:(?:still|also|then|just|only)\s+)?(?:were|was|are|have|had|got|get|kept|keep|"
    r"received|saw|[a-z]+ed)\b(?:\s+(?!(?:i|we|they|he|she)\b)\S+){0,5}?\s+(?:right\s+|just\s+)?"
    r"(?:after|before|since|upon|despite)\s+$"
)
""""you" and a finite verb, then up to five words with no other subject, then a preposition
of time before the act ("you were charged twice after [cancelling]")."""


def customer_gerund(before: str, verb: str) -> bool:
    """Whether an act said as a gerund ("cancelling") follows a preposition of time in a
    clause whose subject is the customer ("I'm sorry you were charged after [cancelling]"):
    the gerund's understood subject is "you", so the act is the customer's own."""
    if not verb.endswith("ing") or "you" not in before:
        return False
    return _YOUR_GERUND.search(before) is not None


_RULE = r"(?:rules?|polic(?:y|ies)|windows?|terms|guidelines?|procedures?|limits?|schemes?)"
"""Nouns of the company's terms: what a policy change acts on."""
_ADVERB = r"(?:now|since|just|already|also|recently|quietly|officially|\w+ly)"
_RULE_SUBJECT = re.compile(
    rf"(?<!\byour\s)\b{_RULE}\s+(?:(?:has|have|had)\s+(?:{_ADVERB}\s+)*been|was|were|is|are|got)\s+"
    rf"(?:{_ADVERB}\s+)*$"
)
"""A rule as the subject of a passive act verb: "that rule was replaced", "the old window has
since been"; not "your policy was cancelled" (the customer's own cover)."""
_RULE_OBJECT = re.compile(
    rf"^(?:\s+out)?\s+(?:the|that|this|our|its|these|those)\s+(?:[\w-]+\s+){{0,2}}?{_RULE}\b"
)
"""A rule as the object of an active act verb: "replaced the old 30-day policy"."""


def rule_patient(before: str, after: str) -> bool:
    """Whether an act verb acts on one of the company's rules ("that rule was replaced", "we
    replaced the old policy with a 14-day window"): a change of terms, not an act on the
    customer's order, plan or money. ``before`` and ``after`` are the clause's words around
    the verb."""
    return _RULE_SUBJECT.search(before) is not None or _RULE_OBJECT.match(after) is not None


_SIGNAL = r"(?:noise|echo|sound|feedback|interference|hum|wind|crosstalk|vibration)"
"""What a device cancels in the signal sense of the verb."""
_SIGNAL_BEFORE = re.compile(rf"\b{_SIGNAL}(?:-|\s+)$")
_SIGNAL_AFTER = re.compile(
    rf"^(?:\s+out)?\s+(?:(?:the|any|all|most|much|background|ambient|outside|external)\s+)*"
    rf"{_SIGNAL}\b"
)


def signal_cancelling(before: str, after: str) -> bool:
    """Whether a form of "cancel" has a sound or a signal as its object, in a compound
    ("noise-cancelling", "the echo cancellation") or after it ("cancels out background
    noise"): what a device does, not an act on the customer's account."""
    return _SIGNAL_BEFORE.search(before) is not None or _SIGNAL_AFTER.match(after) is not None
