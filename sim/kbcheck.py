"""What a reply says about the policy, compared with what the knowledge base says.

A reply can contradict an article without a wrong amount or a false act: "the reset link
doesn't expire" (it expires after 24 hours), "we turn off two-factor within 24 hours" (48),
"the warranty repair has a small handling fee" (free of charge), "the retry problem is still
being worked on" (fixed), "access stops immediately when you cancel" (active until the end of
the paid period), "please send the lamp back" (the customer keeps it). This module finds the
knowledge-base statement a reply's sentence is about, by the content words they share
(stemmed, typos corrected by the reader), and compares what each says about it:

- **values**: a duration stated beside the same topic must be the article's duration;
- **polarity**: a clause that closely restates an article clause must not negate it (or
  affirm what it negates);
- **cost**: free where the article says it costs, or a cost where the article says free;
- **states a policy fixes** (a small lexicon of opposite pairs): fixed / still broken, kept /
  must be returned, active until the end of the period / cut off at once, single-use /
  reusable.

All comparisons are between a reply and the scenario's own articles: nothing names a
scenario, a product or an amount. What it cannot see: a contradiction in words that share
nothing with the article ("it's covered for the first year" against a 2-year warranty reads
as a duration, but "premium members get half back too" against "a full refund for premium"
does not), nor which of two conflicting articles applies.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from functools import lru_cache, partial

import Stemmer

from sim.discounts import offers_discount, without_discount
from sim.elapsed import span_to_today
from sim.lexicon import FUNCTION_WORDS, NEGATION_CUES, SYNONYMS
from sim.portions import counted_parts
from sim.reader import Clause, Duration, Reading, expand_contractions, read
from sim.scenario import Scenario

__all__ = ["Cost", "anchors_of", "cost_of", "kb_problems"]

_STEM = Stemmer.Stemmer("english")
_IGNORED = frozenset(
    "day busi work hour week month year within after calendar bank time take "
    "we you your our us i it thi that they them noth none nobodi".split()
)
"""Stems that say nothing about the topic (units, pronouns, and the negative pronouns:
"nothing", "none" carry a clause's polarity, which is compared apart; "there's nothing you
need to do" shares no topic with "nothing needs to be refunded"). "neither" and "nor" stay:
they join a clause to the one before ("not refunded, neither in part nor in full")."""
_ASIDES = frozenset(
    "unfortunately fortunately luckily sadly happily usually typically normally generally "
    "actually basically honestly certainly definitely probably simply really".split()
)
"""Sentence adverbs ("unfortunately", "usually"): the speaker's comment, not the topic."""
_REFLEXIVE = frozenset("itself themselves yourself ourselves himself herself myself".split())
"""Reflexive pronouns, read as one ("drops off by itself" restates "drop off by
themselves")."""


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    stem = str(_STEM.stemWord(word))
    return _CANON.get(stem, stem)


_CANON: dict[str, str] = {
    str(_STEM.stemWord(w)): str(_STEM.stemWord(group[0])) for group in SYNONYMS for w in group
}


def _stems(words: Iterable[str], items: frozenset[str] = frozenset()) -> frozenset[str]:
    """Topic stems of ``words``: stemmed, synonyms merged, units and pronouns dropped, and
    the names of the things the customer bought read as "item" (an article says "the item"
    where a reply says "the sofa")."""
    return frozenset(
        s
        for s in (
            _stem("item" if w in items else "self" if w in _REFLEXIVE else w)
            for w in words
            if w not in _ASIDES
        )
        if s not in _IGNORED
    )


_GENERIC = frozenset("set pack with for and the of x".split())


def _item_words(scenario: Scenario) -> frozenset[str]:
    words = {w for o in scenario.customer.orders for w in re.findall(r"[a-z]+", o.item.lower())}
    return frozenset(
        w for w in words if len(w) > 2 and w not in _GENERIC and w not in FUNCTION_WORDS
    )


class Cost(StrEnum):
    """Whether a sentence says something is free or costs the customer."""

    FREE = "free"
    PAID = "paid"


_FREE = re.compile(
    r"\b(?:free\s+of\s+charge|for\s+free(?!\s+(?:and|or|tier|accounts?|members?|users?|plans?|customers?))|(?:is|are|be|it's|comes)\s+(?:completely\s+|totally\s+)?free\b|"
    r"free\s+(?:replacement|repair|return|collection|pick-?up|shipping|label|exchange|of\s+cost)|"
    r"(?:at\s+)?no\s+(?:extra\s+|additional\s+)?(?:cost|charge|fee)s?(?:\s+to\s+you)?|costs?\s+(?:you\s+)?"
    r"nothing|will\s+not\s+cost|complimentary|on\s+the\s+house|on\s+us(?=\s*[.,;!]|\s*$))"
)
_PAID = re.compile(
    r"\b(?:(?:a|small|handling|service|extra|additional|repair|return|collection|restocking|"
    r"processing|admin|administration)\s+(?:fee|charge)(?!\s+(?:of\s+)?(?:is\s+)?(?:refunded|waived|"
    r"back))|at\s+your\s+(?:own\s+)?(?:cost|expense)|you\s+(?:will\s+|would\s+)?(?:need\s+to\s+|"
    r"have\s+to\s+)?(?:pay|cover|bear)\s+(?:for|the)|(?:is|are)\s+not\s+free|you\s+(?:will\s+be|are)\s+"
    r"charged\s+for|will\s+cost\s+you|costs?\s+(?:you\s+)?\$\d|(?:at\s+)?(?:half|a\s+reduced|a\s+"
    r"discounted|a\s+lower)\s+price|at\s+a\s+discount|for\s+a\s+(?:small\s+)?fee)"
)


def cost_of(text: str) -> Cost | None:
    """The cost a (lower-case) clause or sentence states, if any."""
    paid = _PAID.search(text) is not None
    free = _FREE.search(text) is not None
    if paid == free:
        return None
    return Cost.PAID if paid else Cost.FREE


_MUST_COME_BACK = (
    # the item the subject, the customer unnamed: "the blender will need to be sent back",
    # "it has to be returned first", "the headphones must come back to us" (not the refund,
    # the money or a payment, which go back to a card)
    r"\b(?:(?:the|your|this|that)\s+(?!(?:refund|money|payment|amount|funds|credit|charge)s?\b)"
    r"(?:[\w-]+\s+){0,2}?|it\s+)(?:will\s+|would\s+)?(?:need|needs|has|have|must|should)\s+(?:to\s+)?"
    r"(?:be\s+(?:sent|shipped|mailed|posted|brought)\s+back|be\s+returned|come\s+back)\b"
    # the agent's need of it: "we'll need the blender back before refunding"
    r"|\b(?:we|i)\s+(?:will\s+|would\s+)?need\s+(?:the|your|it)\b(?:\s+[\w-]+){0,3}?\s+back\b"
)
"""The obligation to return the item said without the customer as its agent: the passive,
the item coming back, or the agent needing it back."""
_STATE_PAIRS: tuple[tuple[str, re.Pattern[str], re.Pattern[str]], ...] = (
    (
        "says a partial refund; the article gives a full refund",
        re.compile(r"^(?![\s\S]*\bpartial\b)[\s\S]*\bfull\s+refund\b"),
        re.compile(r"\bpartial\s+refund\b"),
    ),
    (
        "says the problem is not fixed; the article says it has been fixed",
        re.compile(
            r"\b(?:has|have)\s+been\s+(?:fixed|resolved|corrected|patched)\b|\bis\s+(?:now\s+)?"
            r"(?:fixed|resolved)\b"
        ),
        re.compile(
            r"\b(?:not\s+(?:yet\s+|been\s+|yet\s+been\s+)?(?:fixed|resolved|corrected|patched)|still\s+"
            r"(?:being\s+)?(?:worked\s+on|investigated|looked\s+into|open|ongoing|happening|"
            r"unresolved|broken)|(?:could|may|might|can|will|is\s+likely\s+to)\s+(?:still\s+)?"
            r"(?:happen|occur|recur)\s+again|keep\s+an\s+eye\s+on)\b"
        ),
    ),
    (
        "tells the customer to send the item back; the article says they keep it",
        re.compile(
            r"\b(?:keeps?\s+the\s+(?:item|product|goods)|(?:do|does|need)\s+not\s+(?:need\s+to\s+)?"
            r"return|no-return|without\s+returning)\b"
        ),
        re.compile(
            r"(?:^|\b(?:please|you\s+(?:will\s+|would\s+)?(?:need|have|must|are\s+required)\s+to|"
            r"you\s+must|make\s+sure\s+(?:you|to)|then)\s+)(?:\w+\s+){0,2}?(?:return|send|ship|mail|"
            r"post|drop\s+off|bring)\s+(?:the|your|it|this|that)\b(?:\s+\S+){0,5}?\s*(?:back|to\s+us|"
            r"with\s+the|using|within|label)\b|\b(?:prepaid|return)\s+label\s+(?:will\s+be|is\s+"
            r"being|we\s+will)\b|\brefund\s+(?:may|will|could)\s+be\s+reversed\b"
            rf"|{_MUST_COME_BACK}"
        ),
    ),
    (
        "says access ends at once; the article says it stays active to the end of the period",
        re.compile(
            r"\b(?:stays?|remains?)\s+active\s+until\s+the\s+end\b|\buntil\s+the\s+end\s+of\s+the\s+"
            r"(?:period|term|month|billing)"
        ),
        re.compile(
            r"\b(?:stops?|ends?|ceases?|terminat\w*|lose\s+(?:your\s+)?access|cut\s+off|"
            r"deactivat\w*|closes?)\b"
            # what stops may be the billing, not the access: "stop future payments right away"
            r"(?!\s+(?:\w+\s+){0,2}?(?:payments?|charges?|charging|billing|bills?|renewals?|"
            r"auto-?renew\w*|debits?)\b)[^.;]{0,40}\b(?:immediately|right\s+away|at\s+once|straight\s+"
            r"away|the\s+same\s+day|instantly)\b|\b(?:immediately|right\s+away|at\s+once|instantly)"
            r"\b[^.;]{0,20}\b(?:stops?|ends?|lose|lost)\b|\b(?:rest|remainder)\s+of\s+(?:the|this|your)"
            r"\s+(?:month|period|term)\s+(?:is|will\s+be)\s+(?:lost|forfeit\w*)"
        ),
    ),
    (
        "says there is no time limit; the article gives one",
        re.compile(r"\bexpir\w*|\bvalid\s+for\b"),
        re.compile(
            r"\bno\s+(?:time\s+)?(?:limit|deadline|expiry|expiration)\b|\bnever\s+expires?\b|"
            r"\b(?:does|do|will)\s+not\s+expire\b|\bwhenever\s+(?:it\s+)?suits\b|\bat\s+any\s+time\s+"
            r"you\s+(?:like|want|wish)\b"
        ),
    ),
    (
        "says a single-use code can be used again",
        re.compile(r"\b(?:single-use|single\s+use|one-time|one\s+time|used\s+once)\b"),
        re.compile(
            r"\b(?:re-?us(?:e|ed|able)|used?\s+(?:again|more\s+than\s+once|multiple\s+times|as\s+"
            r"(?:often|many\s+times))|as\s+often\s+as\s+you\s+(?:like|want|need))\b"
        ),
    ),
)
"""(problem, what an article says, what a reply says that contradicts it): states a policy
fixes, as opposite pairs."""


@dataclass(frozen=True, slots=True)
class _Statement:
    """One clause of an article, with the sentence around it."""

    clause: frozenset[str]
    sentence: frozenset[str]
    negated: bool
    durations: tuple[Duration, ...]
    cost: Cost | None
    text: str
    anchors: frozenset[str] = frozenset()
    """What its durations count from ("within 45 days of delivery": delivery)."""


def _statements(scenario: Scenario) -> tuple[tuple[_Statement, ...], str]:
    hit = _CACHE.get(id(scenario))
    if hit is None or hit[0] is not scenario:
        if len(_CACHE) > 1024:
            _CACHE.clear()
        hit = (scenario, _build(scenario))
        _CACHE[id(scenario)] = hit
    return hit[1]


_CACHE: dict[int, tuple[Scenario, tuple[tuple[_Statement, ...], str]]] = {}


_AND_A = re.compile(
    r"\s+and\s+(?=(?:a|an|the|it|its|they|their|we|is|are|was|were|has|have|will|can)\b)"
)


def _build(scenario: Scenario) -> tuple[tuple[_Statement, ...], str]:
    items = _item_words(scenario)
    # what the customer may be told: an internal note speaks of the company's side (its
    # costs, its tools), not of what the customer gets
    texts = [a.body for a in scenario.kb if not a.internal]
    out: list[_Statement] = []
    for text in texts:
        reading = read(text)
        by_sentence = _by_sentence(reading.clauses, items)
        for clause in reading.clauses:
            around = by_sentence[clause.sentence]
            cost = cost_of(
                " ".join(c.text for c in reading.clauses if c.sentence == clause.sentence)
            )
            # "the refund appears within 5 days and a corrected invoice is emailed": two
            # statements, each restated on its own
            parts = [clause] + [
                c for part in _AND_A.split(clause.text)[1:] for c in read(part).clauses
            ]
            if len(parts) > 1:
                parts[0] = read(_AND_A.split(clause.text)[0]).clauses[0]
            first = next(c for c in reading.clauses if c.sentence == clause.sentence)
            parts = [_with_subject(part, first) for part in parts]
            for part in parts:
                out.append(
                    _Statement(
                        _stems(part.words, items),
                        around,
                        part.negated,
                        part.durations,
                        cost,
                        clause.sentence,
                        anchors_of(part.text),
                    )
                )
    relevant = " ".join(a.body.lower() for a in scenario.kb if a.relevant)
    return tuple(out), relevant


_ELIDED = re.compile(
    r"^(?:(?:and|but|or)\s+)?(?:never|not|always|also|still|is|are|was|were|has|have|will|can|"
    r"cannot|does|do)\b"
)
"""A clause that opens with its verb phrase: its subject is the sentence's first ("store credit
is added at once, never expires and ...")."""
_SUBJECT = re.compile(
    r"^(?:\S+\s+){1,4}?(?=(?:is|are|was|were|has|have|will|can|cannot|does|do)\b)"
)
"""The words before a first clause's auxiliary: its subject ("store credit")."""


def _with_subject(part: Clause, first: Clause) -> Clause:
    """``part`` read with the subject it shares with the sentence's first clause, when it has
    none of its own, so "never expires" restates as "store credit never expires"."""
    if part is first or part.text == first.text or _ELIDED.match(part.text) is None:
        return part
    subject = _SUBJECT.match(first.text)
    if subject is None:
        return part
    return read(
        f"{subject.group(0)}{_ELIDED.sub(lambda m: m.group(0).split()[-1], part.text)}"
    ).clauses[0]


def _by_sentence(
    clauses: Sequence[Clause], items: frozenset[str] = frozenset()
) -> dict[str, frozenset[str]]:
    words: dict[str, set[str]] = {}
    for clause in clauses:
        words.setdefault(clause.sentence, set()).update(_stems(clause.words, items))
    return {k: frozenset(v) for k, v in words.items()}


def _span(d: Duration) -> bool:
    """Whether a duration is a short timeline (up to ten days) rather than a term."""
    return d.hours()[1] <= 240


def _same(said: Duration, want: Duration) -> bool:
    """The same longest wait, where both or neither start at once: "immediately" (up to an
    hour) is not "1 hour" (a link "only valid for 1 hour" where the article gives 24)."""
    same_start = (said.low == 0) == (want.low == 0)
    return (said.hours()[1] == want.hours()[1] and same_start) or said.hours() == want.hours()


def _score(clause: frozenset[str], sentence: frozenset[str], st: _Statement) -> tuple[int, int]:
    """(clause overlap, sentence overlap) of a reply clause with an article statement."""
    return len(clause & st.sentence), len(sentence & st.sentence)


def kb_problems(
    reading: Reading, scenario: Scenario, customer_said: Sequence[Duration] = ()
) -> list[tuple[str, str]]:
    """Sentences of ``reading`` that contradict the scenario's articles, as (sentence,
    problem)."""
    statements, relevant = _statements(scenario)
    if not statements:
        return []
    items = _item_words(scenario)
    by_sentence = _by_sentence(reading.clauses, items)
    everything = frozenset(s for stems in by_sentence.values() for s in stems)
    found: list[tuple[str, str]] = []
    seen_cost: set[str] = set()
    seen_scope: set[str] = set()
    previous: frozenset[str] = frozenset()
    for clause in reading.clauses:
        mine = _stems(clause.words, items)
        before, previous = previous, mine
        if clause.question or clause.salad:
            continue
        around = by_sentence[clause.sentence]
        problem = _duration_problem(
            clause,
            mine,
            around,
            statements,
            customer_said,
            everything,
            partial(span_to_today, clause.sentence, scenario=scenario),
        )
        if problem is None and not clause.conditional:
            # "It won't drop off on its own": the pronoun stands for what came just before
            thin = len(mine) < 2 and _PRONOUN_SUBJECT.match(clause.text) is not None
            said = mine | before if thin or _CONTRAST_TAIL.match(clause.text) else mine
            problem = _polarity_problem(clause, said, statements)
        if problem is None and clause.sentence not in seen_cost:
            seen_cost.add(clause.sentence)
            problem = _cost_problem(clause.sentence.lower(), around, statements)
        # a state pair is a policy statement, often put as a condition ("if you cancel,
        # access stops immediately")
        if problem is None and not clause.negated:
            problem = _state_problem(clause.text, relevant, statements)
        if problem is None and clause.sentence not in seen_scope:
            seen_scope.add(clause.sentence)
            problem = _scope_problem(clause.sentence.lower(), around, statements)
        if problem is not None:
            found.append((clause.sentence, problem))
    return list(dict.fromkeys(found))


_CONTRAST_TAIL = re.compile(
    r"^(?:but\s+|and\s+)?not\s+(?:to|at|in|on|onto|into|for|from|by|with|via|through|as|the|a|an|"
    r"another|your|our|any|its|their)\b"
)
"""A verbless contrast ("resets can only go there, | not to a new address"): it denies the
predicate of the clause before it of another thing, so it is read with that clause's words."""
_PRONOUN_SUBJECT = re.compile(r"^(?:(?:and|but|so)\s+)?(?:it|they|this|these|those)\b")
"""A clause whose subject is the thing the previous clause named ("that" is left out: it
opens a complement as often as it points back)."""


def _duration_problem(
    clause: Clause,
    mine: frozenset[str],
    around: frozenset[str],
    statements: Sequence[_Statement],
    customer_said: Sequence[Duration],
    message: frozenset[str],
    to_today: Callable[[Duration], bool],
) -> str | None:
    if clause.negated or not clause.durations:
        return None
    timed = [s for s in statements if s.durations]
    if not timed:
        return None
    anchors = anchors_of(clause.text)
    # "4 months have been used": this term's count, not a figure to check against the articles
    used = {d for span in counted_parts(clause.text) for d in read(span).stated_durations()}
    for said in clause.durations:
        if said in used or to_today(said):
            continue  # this customer's term or wait, measured between dates on the record
        stating = [s for s in timed if any(_same(said, want) for want in s.durations)]
        counted = [s for s in stating if s.anchors and s.sentence & around]
        if anchors and counted and all(not (s.anchors & anchors) for s in counted):
            theirs = ", ".join(sorted(counted[0].anchors))
            return (
                f"counts {_text(said)} from {', '.join(sorted(anchors))}; the article from {theirs}"
            )
        # compare like with like: a timeline in days with timelines, a window or a warranty
        # term with terms ("5-7 business days" is not a wrong "30-day window")
        kind = [s for s in timed if any(_span(want) == _span(said) for want in s.durations)]
        if not stating and all(len(mine & s.sentence) < 2 for s in kind):
            # about no article with a figure of its kind: maybe about one of the other kind
            other = [s for s in timed if s not in kind]
            problem = _magnitude_problem(said, clause.text, mine, other)
            if problem is not None:
                return problem
        if not kind:
            continue
        scores = [(_score(mine, around, s), s) for s in kind]
        best = max(score for score, _ in scores)
        near = [s for score, s in scores if score[0] >= best[0] - 1 and score[1] >= best[1] - 1]
        if best[0] < 3 and any(_same(said, c) or _same(c, said) for c in customer_said):
            continue  # the customer's own figure, not plainly about an article's topic
        if stating:
            # a duration some article gives: wrong only if the reply is about none of them,
            # or if this clause is plainly about another article's timeline
            if _borrowed(mine, best[0], stating) is None and (
                any(s.sentence & message for s in stating) or best[0] < 2
            ):
                continue
        elif best[0] < 2 or any(_same(said, want) for s in near for want in s.durations):
            continue  # the clause shares too little with any article to be about it
        want = near[0].durations[0]
        return f"states {_text(said)} where the article says {_text(want)}"
    return None


def _borrowed(
    mine: frozenset[str], best: int, stating: Sequence[_Statement]
) -> frozenset[str] | None:
    """The topic a clause takes its duration from when that duration belongs to another
    article: the clause shares three or more topic words with an article that gives another
    figure, and none with any article that gives this one ("two-factor is turned off within 24
    hours" where 24 hours is the reset link's life and two-factor takes 48): a timeline stated
    for the wrong event, whatever else the reply says about the link. None when it is not."""
    if best < 3 or any(s.sentence & mine for s in stating):
        return None
    return mine


def _magnitude_problem(
    said: Duration, text: str, mine: frozenset[str], other: Sequence[_Statement]
) -> str | None:
    """A duration no article gives, of the other kind than the article about the clause's
    topic gives: a term
    (weeks, months) where the article gives a short timeline, or the reverse ("the link stays
    valid for 30 days" where reset links expire after 24 hours). Like is compared with like
    first (:func:`_duration_problem`); this reads only a clause about no article with a figure
    of its kind and about exactly one of ``other`` kind (:func:`_mostly_about`)."""
    about = [s for s in other if _mostly_about(mine, s.sentence)]
    if len(about) != 1 or not _timed(text, said):
        return None
    return f"states {_text(said)} where the article says {_text(about[0].durations[0])}"


_TIMED = re.compile(
    r"\b(?:within|in|after|for|over|under|up\s+to)\s+(?:about\s+|around\s+|roughly\s+)?"
    r"(?:\d+\s*(?:to|-|–)\s*)?(\d+)\s+(?:(?:business|working|calendar)\s+)?"
    r"(?:minutes?|hours?|days?|weeks?|months?|years?)\b"
)
"""A duration put as a timeline, by a preposition of time ("valid for 30 days", "within 3
weeks"); "8 months refunded" and "for the 8 months left" count paid-for time, a quantity."""


def _timed(text: str, said: Duration) -> bool:
    """Whether clause ``text`` puts the duration ``said`` as a timeline (:data:`_TIMED`)."""
    return any(Decimal(m.group(1)) == said.high for m in _TIMED.finditer(text))


def _mostly_about(mine: frozenset[str], statement: frozenset[str]) -> bool:
    """Whether a clause is about an article statement: three topic words shared, or two that
    are half its topic ("the link stays valid" and "reset links expire"); two words of a long
    statement ("store credit" of one on when credit is added and used) are not enough."""
    shared = len(mine & statement)
    return shared >= 3 or (shared >= 2 and 2 * shared >= len(statement))


_PERSONAL = re.compile(r"\b(?:i|me|my|let\s+me)\b|^(?:(?:and|but|so|then)\s+)?(?:please|just|do)\b")
"""A clause about the agent's own act, or an instruction, rather than a statement of policy."""
_CUSTOMER_WISH = re.compile(
    r"\byou\s+(?:would\s+|do\s+not\s+|did\s+not\s+)?(?:rather|prefer\w*|like|love|want\w*|"
    r"wish\w*|hop\w*)\b"
)
"""The customer's wish ("since you'd prefer not to have a call with your account manager"):
what they want or refuse, not a statement of the policy it may share words with."""
_NOT_FOR_YOU = re.compile(r"\b(?:is|are)\s+not\s+(?:really\s+)?for\s+you\b")
_ACKNOWLEDGED = re.compile(
    r"\b(?:got\s+it|understood|noted|fair\s+enough|no\s+problem|i\s+understand|i\s+hear\s+you|"
    r"that\s+is\s+(?:completely\s+|totally\s+)?fine|makes\s+sense)\b"
)
"""An acknowledgement of what the customer said ("got it", "understood", "noted")."""


def _customer_choice(clause: Clause) -> bool:
    """Whether a clause tells the customer's own wish or refusal, not the policy: a wish
    (:data:`_CUSTOMER_WISH`), or "X isn't for you" acknowledged as what they said ("the
    account manager call isn't for you, got it"). Without the acknowledgement "isn't for
    you" can say who is eligible ("the offer isn't for you, it's for premium accounts"),
    which is policy."""
    if _CUSTOMER_WISH.search(clause.text):
        return True
    sentence = expand_contractions(clause.sentence.lower())
    return (
        _NOT_FOR_YOU.search(clause.text) is not None and _ACKNOWLEDGED.search(sentence) is not None
    )


_NOTICE_THAT = re.compile(
    r"^(?:(?:and|but|so)\s+)?(?:please\s+|do\s+)?(?:note|notice|remember|bear\s+in\s+mind|keep\s+in\s+"
    r"mind|be\s+aware)\s+that\s+"
)
"""An instruction to notice what follows ("do note that store credit does expire"): the
statement after "that" is the agent's word about the policy, not a step for the customer."""


_NEG_HEAD = re.compile(r"\b(?:not|never|no|cannot|can't|won't|don't|doesn't|isn't|aren't)\s+(.*)")
_SKIP = FUNCTION_WORDS | frozenset("be been being longer any able".split())


_OR_NOT = re.compile(r"\bor\s+not\b")
_CUES = re.compile(r"(?<![\w-])(?:" + "|".join(NEGATION_CUES) + r")(?![\w-])")


def _polarity(negated: bool, text: str) -> bool:
    """Negated, with a double negation read as an affirmation ("never change it for a caller
    who cannot be verified" says what "change it only for a verified caller" says)."""
    low = _OR_NOT.sub(" ", expand_contractions(text.lower()))  # "whether or not" negates nothing
    return negated and len(_CUES.findall(low)) % 2 == 1


def _negated_head(text: str) -> str | None:
    """The stem of the first content word a negation denies ("do not refund": refund), or
    ``None`` when no plain negation cue is found."""
    match = _NEG_HEAD.search(text.lower())
    if match is None:
        return None
    for word in re.findall(r"[a-z]+", match.group(1)):
        if word not in _SKIP:
            return _stem(word)
    return None


_NO_CHARGE = re.compile(r"\bno[- ](?:extra\s+|additional\s+)?charge\b|\bfree\s+of\s+charge\b")
"""Free of charge said with the word "charge" ("one month at no charge"): a negation of being
charged in an affirmative clause, as "you won't be charged" is."""
_CHARGE_STEMS = frozenset({"charg"})


def _polarity_problem(
    clause: Clause, mine: frozenset[str], statements: Sequence[_Statement]
) -> str | None:
    if len(mine) < 2 or _PERSONAL.search(_NOTICE_THAT.sub("", clause.text)):
        return None  # the agent's own act or an instruction: judged by the claim checks
    if _customer_choice(clause):
        return None  # the customer's wish or refusal, not the policy
    scored = sorted(((len(mine & s.clause), s) for s in statements), key=lambda p: -p[0])
    best, top = scored[0]
    # a restatement of one article clause: most of the article clause's words, and half of
    # the reply clause's ("the link never expires" restates "a link that expires")
    short = (
        len(mine) == 2
        and mine <= top.clause
        and len(top.clause) <= 4
        and len(clause.text.split()) >= 4  # a statement, not a menu path or a heading
    )
    if not short and (best < 3 or best * 2 < len(mine) or best * 3 < 2 * len(top.clause)):
        return None
    same = max((n for n, s in scored if s.negated == clause.negated), default=0)
    if _polarity(top.negated, top.text) != _polarity(clause.negated, clause.text) and same < best:
        # the flip must be about what the negation denies: "we do not refund periods that
        # have started" is not contradicted by "the period had started" (no refund said)
        negated_text, other = (top.text, mine) if top.negated else (clause.text, top.clause)
        head = _negated_head(negated_text)
        if head is not None and head not in other:
            return None
        if head in _CHARGE_STEMS and _NO_CHARGE.search(top.text.lower()):
            return None  # "one month at no charge" says "not charged" too: no flip
        verb = "negates" if clause.negated else "affirms what it negates"
        return f'{verb} the article: "{top.text}"'
    return None


def _cost_problem(
    sentence: str, around: frozenset[str], statements: Sequence[_Statement]
) -> str | None:
    said = cost_of(expand_contractions(" ".join(sentence.split())))
    if said is None:
        return None
    costed = [(len(around & s.sentence), s) for s in statements if s.cost is not None]
    costed = [(n, s) for n, s in costed if n >= 2]
    if not costed:
        return None
    best = max(n for n, _ in costed)
    near = [s for n, s in costed if n >= best]
    discounted = cost_of(expand_contractions(without_discount(sentence))) is not Cost.PAID
    if said is Cost.PAID and discounted and any(offers_discount(s.text) for s in near):
        return None  # "half price" restates the article's "50% off"
    if all(s.cost is not said for s in near):
        return f'says it is {said.value} where the article says otherwise: "{near[0].text}"'
    return None


def _state_problem(clause: str, relevant: str, statements: Sequence[_Statement]) -> str | None:
    for problem, article, reply in _STATE_PAIRS:
        if reply.search(clause) and article.search(relevant):
            return problem
    return _withdrawn(clause, statements)


_EVERY_CLASS = re.compile(
    r"\b(?:every|all|any|each)\s+(?:\w+\s+)?(?:accounts?|tiers?|members?|memberships?|customers?|"
    r"plans?)(?:\s+types?)?\b|\bregardless\s+of\s+(?:your\s+|the\s+)?(?:tier|account|membership|"
    r"plan)\b|\b(?:free|standard|premium|enterprise)\s+(?:members?\s+|accounts?\s+)?included\b|"
    r"\bthe\s+same\s+for\s+(?:everyone|every\s+\w+|all\s+\w+)"
)
"""A rule said to apply to every class of customer ("on every account type, premium
included")."""
_CLASS = re.compile(r"\b(?:free|standard|premium|enterprise|business|consumer)\b")
_WHETHER = re.compile(r"\bwhether\s+or\s+not\s+([^.;,]+)|\bwhether\s+([^.;,]+?)\s+or\s+not\b")
_CONDITION = re.compile(
    r"\b(?:only\s+(?:\w+\s+){0,4}?(?:if|when|where)|unless|as\s+long\s+as|provided\s+(?:that\s+)?)\b"
)


def _scope_problem(
    sentence: str, around: frozenset[str], statements: Sequence[_Statement]
) -> str | None:
    """A rule said to hold for every class of customer where the article it restates gives
    the classes different terms, or made to depend on a condition the article says does not
    matter ("whether or not the subscription was used")."""
    near = [s for s in statements if len(around & s.sentence) >= 2]
    if not near:
        return None
    if _EVERY_CLASS.search(sentence):
        for s in near:
            if len(set(_CLASS.findall(s.text.lower()))) >= 2:
                return f'says one rule for every account; the article distinguishes: "{s.text}"'
    if _CONDITION.search(sentence):
        for s in near:
            m = _WHETHER.search(s.text.lower())
            if m is None:
                continue
            phrase = m.group(1) or m.group(2) or ""
            words = _stems(re.findall(r"[a-z]+", phrase)) - FUNCTION_WORDS
            if len(words) >= 2 and len(words & around) * 2 >= len(words):
                return f'makes it depend on what the article says does not matter: "{s.text}"'
    return None


_STOPS = re.compile(
    r"^(?:(?:but|and|so|however|unfortunately|note\s+that|sadly)\s+)*(?P<subject>(?:\w+\s+){1,3}?)"
    r"(?:will\s+|would\s+)?(?:stops?\s+working|no\s+longer\s+works?|(?:do|does|will)\s+not\s+work|"
    r"(?:are|is|become|becomes|get|gets)\s+(?:invalid|invalidated|deactivated|disabled|void|useless))"
    r"\b(?P<rest>.*)$"
)
_OWN_LIMIT = re.compile(
    r"\b(?:after|once)\s+(?:\d|(?:it\s+is\s+|they\s+are\s+|they\s+have\s+been\s+)?used)|\bexpir|"
    r"\b(?:if|when|unless)\b"
)
"""What makes such a sentence true or hedged: the limit articles give (use, expiry) or a
condition."""


def _withdrawn(clause: str, statements: Sequence[_Statement]) -> str | None:
    """A means an article offers ("sign in with a backup code") said to stop working for a
    reason the article does not give ("backup codes stop working once a phone is stolen")."""
    m = _STOPS.search(clause)
    if m is None or _OWN_LIMIT.search(m.group("rest")):
        return None
    words = [w for w in re.findall(r"[a-z]+", m.group("subject")) if w not in FUNCTION_WORDS]
    subject = _stems(words)
    offered = [s for s in statements if not s.negated and subject <= s.clause]
    if len(subject) >= 2 and offered:
        return f'says it stops working; the article offers it: "{offered[0].text}"'
    return None


_ANCHORS: dict[str, tuple[str, ...]] = {
    "delivery": ("delivery", "delivered", "arrival", "arrived", "receipt", "receiving", "received"),
    "purchase": ("purchase", "purchased", "order", "ordered", "buying", "bought", "checkout"),
    "dispatch": ("dispatch", "dispatched", "shipping", "shipped", "shipment"),
    "approval": ("approval", "approved", "approving"),
    "request": ("request", "requested", "requesting", "asking", "application", "contacting"),
}
_ANCHOR = re.compile(
    r"\b(?:of|from|after|since|following)\s+(?:the\s+|your\s+|its\s+|their\s+|it\s+being\s+)?("
    + "|".join(w for words in _ANCHORS.values() for w in words)
    + r")\b"
)
_ANCHOR_OF = {w: name for name, words in _ANCHORS.items() for w in words}


def anchors_of(text: str) -> frozenset[str]:
    """What the durations of a (lower-case) clause count from: delivery, purchase, dispatch,
    approval or a request ("within 45 days of purchase": purchase)."""
    return frozenset(_ANCHOR_OF[m.group(1)] for m in _ANCHOR.finditer(text))


def _text(d: Duration) -> str:
    span = f"{d.low}" if d.low == d.high else f"{d.low}-{d.high}"
    return f"{span} {d.unit.value.replace('_', ' ')}s"
