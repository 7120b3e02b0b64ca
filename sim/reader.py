"""The claim reader: what an agent's text states, asks, claims and promises.

One pure, deterministic reader (no LLM) shared by the environment's appraisal (what the
customer reacts to) and the rule grader (what is checked against the state), so the two can
never disagree about what was said. :func:`read` turns a text into a :class:`Reading`:

- **sentences and clauses**, each with its polarity (negated or not), whether it is a
  question, and whether it is word salad (keywords without grammar);
- **values**: money amounts (``$150``, ``USD 150``, ``150 dollars``, "one hundred fifty
  dollars", "forty-four dollars and fifty cents"), durations ("5–7 business days", "ninety
  days", "two working days", "24h") and percentages ("50%", "half");
- **claims**: acts (refund, escalate, cancel, reset, replace, credit) the agent says it did,
  will do or will not do, with polarity, tense (done, promised, conditional), the amount and
  the team named beside them.

Number words are read with ``text2num``; typos in the words that matter are corrected with
``rapidfuzz`` against a small domain vocabulary. What it cannot do: resolve pronouns across
sentences, understand sarcasm, or read claims made by third parties ("finance will refund
you") as the agent's own; those are left to the optional LLM judge.
"""

from __future__ import annotations

import contextlib
import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from functools import lru_cache

from rapidfuzz import fuzz, process
from text_to_num import alpha2digit

from sim.lexicon import (
    BENIGN_NEGATIONS,
    CONDITIONAL_OPENERS,
    FUNCTION_WORDS,
    NEGATION_CUES,
    VOCABULARY,
    known_words,
)

__all__ = [
    "Act",
    "Claim",
    "Clause",
    "Duration",
    "Reading",
    "Tense",
    "Unit",
    "read",
]

MAX_READ_CHARS = 20_000
"""Longer texts are read up to this many characters (replies are capped at 8,000)."""


class Act(StrEnum):
    """Something an agent can claim to have done or promise to do."""

    REFUND = "refund"
    ESCALATE = "escalate"
    CANCEL = "cancel"
    RESET = "reset"
    REPLACE = "replace"
    CREDIT = "credit"


class Tense(StrEnum):
    DONE = "done"
    """Said to have happened ("I've refunded", "was cancelled")."""
    PROMISED = "promised"
    """Said to happen ("I will refund", "I'm passing your case", "you'll get it back")."""
    CONDITIONAL = "conditional"
    """Hedged or conditional ("if you like, I can", "would"); checked against nothing."""


class Unit(StrEnum):
    HOUR = "hour"
    DAY = "day"
    BUSINESS_DAY = "business_day"
    WEEK = "week"
    MONTH = "month"
    YEAR = "year"


@dataclass(frozen=True, slots=True)
class Duration:
    low: Decimal
    high: Decimal
    unit: Unit

    def days(self) -> tuple[Decimal, Decimal] | None:
        """The range in days where the unit converts (weeks to days; not months or hours)."""
        factor = {Unit.DAY: 1, Unit.BUSINESS_DAY: 1, Unit.WEEK: 7}.get(self.unit)
        return None if factor is None else (self.low * factor, self.high * factor)


@dataclass(frozen=True, slots=True)
class Claim:
    """One act the text claims, promises or denies."""

    act: Act
    positive: bool
    tense: Tense
    amounts: tuple[Decimal, ...]
    """Money amounts in the same clause (usually none or one)."""
    teams: tuple[str, ...]
    """Words naming a team in the same sentence ("finance", "billing", ...)."""
    by_me: bool
    """Said in the first person singular ("I will", "let me"): the agent's own act."""
    sentence: str
    """The sentence it was read from (for the grade's reasons)."""


@dataclass(frozen=True, slots=True)
class Clause:
    text: str
    """Normalized, lower-cased text of the clause."""
    sentence: str
    """The original sentence it belongs to."""
    negated: bool
    question: bool
    salad: bool
    conditional: bool
    amounts: tuple[Decimal, ...]
    durations: tuple[Duration, ...]
    percents: tuple[Decimal, ...]
    words: tuple[str, ...]
    """Content words (lower case, typos corrected)."""

    @property
    def states(self) -> bool:
        """Whether the clause affirms what it says (not negated, not asked, not salad)."""
        return not (self.negated or self.question or self.salad)


@dataclass(frozen=True, slots=True)
class Reading:
    """Everything :func:`read` found in one text."""

    text: str
    clauses: tuple[Clause, ...]
    claims: tuple[Claim, ...]

    @property
    def question_only(self) -> bool:
        """Every clause with content is a question: the text asks, it does not answer."""
        contentful = [c for c in self.clauses if c.words]
        return bool(contentful) and all(c.question for c in contentful)

    @property
    def salad(self) -> bool:
        """Most of the text is keywords without grammar."""
        contentful = [c for c in self.clauses if len(c.words) >= 2]
        return bool(contentful) and sum(c.salad for c in contentful) * 2 > len(contentful)

    def stated_amounts(self) -> set[Decimal]:
        return {a for c in self.clauses if c.states for a in c.amounts}

    def stated_durations(self) -> list[Duration]:
        return [d for c in self.clauses if c.states for d in c.durations]

    def stated_percents(self) -> set[Decimal]:
        return {p for c in self.clauses if c.states for p in c.percents}


# -- normalization --------------------------------------------------------------------------

_DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212"), "-")
_QUOTES = {
    ord("\u2018"): "'",
    ord("\u2019"): "'",
    ord("\u201c"): '"',
    ord("\u201d"): '"',
    ord("\u00a0"): " ",
}
_MENU_PATH = re.compile(r"\s+(?:>|->|»|→)\s+")
_MARKUP = re.compile(r"[*_#`>|]+|^\s*(?:[-+•]|\d+[.)])\s+", re.MULTILINE)
_QUOTED = re.compile(r"\"([^\"\n]{1,80})\"|'([^'\n]{1,80})'(?!\w)")
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
_CONTRACTIONS = (
    (re.compile(r"\bcan't\b|\bcannot\b"), "can not"),
    (re.compile(r"\bwon't\b"), "will not"),
    (re.compile(r"\b(\w+)n't\b"), r"\1 not"),
    (re.compile(r"\b(i|we|you|they|it|that|there|he|she)'ll\b"), r"\1 will"),
    (re.compile(r"\b(i|we|you|they)'ve\b"), r"\1 have"),
    (re.compile(r"\b(i|we|you|they)'d\b"), r"\1 would"),
    (re.compile(r"\bi'm\b"), "i am"),
    (re.compile(r"\b(we|you|they)'re\b"), r"\1 are"),
    (re.compile(r"\b(it|that|there|he|she)'s (been|got|gone|already|just)\b"), r"\1 has \2"),
    (re.compile(r"\b(it|that|there|what|he|she)'s\b"), r"\1 is"),
    (re.compile(r"(\w)'s\b"), r"\1"),
)


def _unquote(match: re.Match[str]) -> str:
    inner = match.group(1) or match.group(2) or ""
    return '"' + inner.replace("?", "").replace("!", "").replace(".", "") + '"'


@lru_cache(maxsize=8192)
def _correct(word: str) -> str:
    """A misspelt domain word corrected ("buisness" -> "business"); others unchanged."""
    if len(word) < 5 or word in FUNCTION_WORDS or word in known_words():
        return word
    hit = process.extractOne(word, VOCABULARY, scorer=fuzz.ratio, score_cutoff=84)
    return hit[0] if hit is not None else word


def _normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", text[:MAX_READ_CHARS]).translate(_DASHES)
    text = text.translate(_QUOTES)
    text = _QUOTED.sub(_unquote, text)
    return _MARKUP.sub(" ", _MENU_PATH.sub(" then ", text))


def _lower_words(text: str) -> str:
    low = text.lower()
    for pattern, repl in _CONTRACTIONS:
        low = pattern.sub(repl, low)
    low = _WORD.sub(lambda m: _correct(m.group(0)), low)
    with contextlib.suppress(Exception):  # a native parser: odd input never crashes a read
        low = alpha2digit(low, "en", threshold=0)
    return low


# -- sentences and clauses ------------------------------------------------------------------

_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+|\n\s*\n|\n(?=\s*\S)")
_CLAUSE_SPLIT = re.compile(
    r"\s*[;:]\s+|,\s+|\s+-\s+|\s+\((?=\w)|\)\s*"
    r"|\s+(?=(?:but|however|although|though|whereas|because|since|unless|so that|so|"
    r"which|while|yet|otherwise|instead)\b)"
    r"|\s+(?=and\s+(?:i|we|you|it|they|your|our|this|that|there|the)\b)"
)
_DIGITS = r"\d+(?:,\d{3})*(?:\.\d+)?"
_MONEY_PATTERNS = (
    re.compile(rf"(?:\$|usd\s?|us\$\s?|€|eur\s?)\s?({_DIGITS})(?!\s*%)"),
    re.compile(
        rf"(?<![\w.,-])({_DIGITS})\s?(?:dollars?|usd|bucks)(?:\s+and\s+(\d{{1,2}})\s+cents?)?"
    ),
    re.compile(r"(?<![\w.,$-])(\d+(?:,\d{3})*\.\d{2})(?![\d%]|\.\d|\s?(?:%|percent))"),
)
_UNIT_WORDS = {
    "hour": Unit.HOUR,
    "hours": Unit.HOUR,
    "hr": Unit.HOUR,
    "hrs": Unit.HOUR,
    "h": Unit.HOUR,
    "day": Unit.DAY,
    "days": Unit.DAY,
    "week": Unit.WEEK,
    "weeks": Unit.WEEK,
    "month": Unit.MONTH,
    "months": Unit.MONTH,
    "year": Unit.YEAR,
    "years": Unit.YEAR,
}
_DURATION = re.compile(
    r"(?<![\w.$])(\d+(?:\.\d+)?)"
    r"(?:\s*(?:-|to|or|and|through)\s*(\d+(?:\.\d+)?))?"
    r"(?:\s*\+)?\s*-?\s*(business|working|calendar|bank)?\s*-?\s*"
    r"(hours?|hrs?|h|days?|weeks?|months?|years?)\b"
)
_BETWEEN = re.compile(r"between\s+(\d+)\s+and\s+(\d+)")
_PERCENT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s?(?:%|percent|per cent)")
_FRACTIONS = {"half": Decimal(50), "a quarter": Decimal(25), "a third": Decimal("33.33")}
_FRACTION = re.compile(r"\b(half|a quarter|a third)\b")


def _decimal(text: str) -> Decimal | None:
    try:
        value = Decimal(text.replace(",", ""))
    except InvalidOperation:
        return None
    return value if value.is_finite() else None


def _amounts(low: str) -> tuple[Decimal, ...]:
    found: list[tuple[int, Decimal]] = []
    taken: list[tuple[int, int]] = []
    for pattern in _MONEY_PATTERNS:
        for m in pattern.finditer(low):
            if any(s <= m.start() < e or s < m.end() <= e for s, e in taken):
                continue
            value = _decimal(m.group(1))
            if value is None:
                continue
            if pattern.groups > 1 and m.group(2):
                value += Decimal(m.group(2)) / 100
            taken.append(m.span())
            found.append((m.start(), value.quantize(Decimal("0.01"))))
    return tuple(v for _, v in sorted(found))


def _durations(low: str) -> tuple[Duration, ...]:
    low = _BETWEEN.sub(r"\1-\2", low)
    out: list[Duration] = []
    for m in _DURATION.finditer(low):
        a, b = _decimal(m.group(1)), _decimal(m.group(2)) if m.group(2) else None
        if a is None:
            continue
        unit = _UNIT_WORDS[m.group(4)]
        if unit is Unit.DAY and m.group(3) in ("business", "working", "bank"):
            unit = Unit.BUSINESS_DAY
        high = b if b is not None and b >= a else a
        out.append(Duration(a, high, unit))
    return tuple(out)


def _percents(low: str) -> tuple[Decimal, ...]:
    found = [_decimal(m.group(1)) for m in _PERCENT.finditer(low)]
    found += [_FRACTIONS[m.group(1)] for m in _FRACTION.finditer(low)]
    return tuple(v for v in found if v is not None)


_BENIGN = re.compile(r"\b(?:" + "|".join(BENIGN_NEGATIONS) + r")\b")
_NEG_CUE = re.compile(r"\b(?:" + "|".join(NEGATION_CUES) + r")\b")
_CONDITIONAL = re.compile(r"^(?:" + "|".join(CONDITIONAL_OPENERS) + r")\b")
_HEDGE = re.compile(r"\b(?:would|could|might|may|if|in case|whether)\b")


def _negated(low: str) -> bool:
    return _NEG_CUE.search(_BENIGN.sub(" ", low)) is not None


_IMPERATIVE = frozenset(
    "go click open select choose tap visit navigate head use press enter sign log check".split()
)


def _salad(words: list[str]) -> bool:
    if len(words) < 7 or words[0] in _IMPERATIVE:
        return False
    function = sum(w in FUNCTION_WORDS for w in words)
    return function / len(words) < 0.2


def _split_sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text) if s and s.strip()]


# -- claims --------------------------------------------------------------------------------

_ACT_VERBS: tuple[tuple[Act, re.Pattern[str]], ...] = (
    (
        Act.REFUND,
        re.compile(
            r"\b(?:refund(?:ed|ing|s)?(?!\s+(?:window|polic\w*|request|period|limit|rules?|"
            r"process|eligibility|team|department|terms|form|options?|amount|status))|"
            r"reimburs\w*|(?:money|it|funds?)\s+back|"
            r"(?:credited|put|paid|sent)\s+(?:it\s+|the\s+money\s+|\S+\s+)?back|reversed|"
            r"(?:get|receive|see)\s+(?:\S+\s+){0,3}back)\b"
        ),
    ),
    (
        Act.ESCALATE,
        re.compile(
            r"\b(?:escalat\w*|(?:hand(?:ed|ing)?|pass(?:ed|ing)?|transferr?(?:ed|ing)?|"
            r"forward(?:ed|ing)?|refer(?:red|ring)?|sen[dt](?:ing)?|rais(?:ed|ing)|"
            r"connect(?:ed|ing)?|assign(?:ed|ing)?|route[ds]?|routing)\s+(?:\S+\s+){0,4}?"
            r"(?:over\s+|on\s+|along\s+)?(?:to|with)\s+(?:\S+\s+){0,3}?(?:team|department|"
            r"specialists?|supervisors?|managers?|colleagues?|human|agent|person|finance|"
            r"billing|security|tier|desk))\b"
        ),
    ),
    (Act.CANCEL, re.compile(r"\bcancel(?:led|ed|ling|ing|s)?\b(?!\s+(?:policy|fee))")),
    (
        Act.RESET,
        re.compile(
            r"\b(?:reset|unlock(?:ed|ing)?|re-?enabled?)\b(?=.*\b(?:password|account|"
            r"two-factor|2fa|login|access|link)\b)|\bsent\s+(?:\S+\s+){0,3}reset\s+link"
        ),
    ),
    (
        Act.REPLACE,
        re.compile(
            r"\b(?:replac(?:e|ed|ing|ement)|(?:send|ship|sending|shipping|sent|shipped)\s+"
            r"(?:you\s+)?a\s+new)\b"
        ),
    ),
    (
        Act.CREDIT,
        re.compile(
            r"\b(?:store\s+credit|account\s+credit|credit(?:ed)?\s+(?:of\s+|your\s+account)|"
            r"voucher|coupon|gift\s+card|discount\s+code)\b"
        ),
    ),
)
_AGENT_SUBJECT = re.compile(r"\b(?:i|we|let me|our team|i will|we will)\b(?:\s+\S+){0,5}\s*$")
_DONE = re.compile(
    r"\b(?:have|has|had|was|were|is|are|been|just|already|went)\b|"
    r"\b\w+ed\b\s*$|\b(?:sent|paid|put|made|got|done|gone|issued)\b"
)
_PROMISE = re.compile(
    r"\b(?:will|shall|going to|am|are|is being|are being|about to|let me|can|happy to|"
    r"'ll|would like to|want to|plan to|need to|ready to)\b"
)
_PASSIVE = re.compile(r"\b(?:has|have|had|is|was|were|been|be|being|will be)\s+(?:\w+ly\s+)?$")
_COMPOUND = r"(?!\s+(?:window|polic\w*|request|period|limit|rules?|process|eligibility|terms|form))"
_NOUN_STATUS = re.compile(
    r"\b(?:refund|escalation|cancellation|replacement|credit|reset)\b"
    + _COMPOUND
    + r"(?:\s+\S+){0,6}?\s+"
    r"(?:has|have|had|is|was|were|will|should|would)\b"
    r"|\b(?:refund|cancellation|replacement|credit|reset)\s+(?:\S+\s+){0,3}?(?:issued|"
    r"processed|approved|initiated|submitted|completed|confirmed|done|sent|arranged)\b"
    r"|\b(?:issued|processed|initiated|submitted|arranged|approved|put through|"
    r"set up|created|placed|scheduled|requested|ordered|logged|opened|filed|started)\s+"
    r"(?:\S+\s+){0,3}(?:refund|escalation|cancellation|replacement|credit|reset)\b"
)
_YOU_RECEIVE = re.compile(
    r"\byou\s+(?:will|should|can|are going to)?\s*(?:now\s+)?(?:receive|get|see|be\s+\w+ed|"
    r"have)\b"
)
_CUSTOMER_SUBJECT = re.compile(
    r"\b(?:you|your bank|the customer)\s+(?:can|could|need to|should|must|may|might|will need|"
    r"have to|are able to)\b"
)
_SECOND_PARTY = re.compile(
    r"\b(?:they|he|she|the team|the \w+ team|finance|billing|security|a specialist|"
    r"a supervisor|a manager|someone|a colleague|who|which)\s+(?:will|would|can|is going to|"
    r"should|may|might|are going to)\b"
)
_TEAM_WORDS = re.compile(
    r"\b(finance|billing|security|warranty|tier\s?-?2|tier two|account manager|supervisor|"
    r"specialist|technical|support)\b(?:\s+(?:team|department|desk|specialists?))?"
)


def _tense_of(before: str, whole: str, conditional: bool) -> Tense:
    if conditional or _HEDGE.search(before):
        return Tense.CONDITIONAL
    if _PROMISE.search(before) and not re.search(r"\b(?:have|has|had)\s+(?:\w+\s+)?$", before):
        return Tense.PROMISED
    if _DONE.search(before) or re.search(r"\bed\b", before):
        return Tense.DONE
    if re.search(
        r"\b(?:refunded|escalated|cancell?ed|replaced|reset|credited|passed|handed|"
        r"transferred|forwarded|referred|sent|issued|processed|reversed)\b",
        whole,
    ):
        return Tense.DONE
    return Tense.PROMISED


def _claims_in(
    clause: str,
    sentence: str,
    conditional: bool,
    amounts: tuple[Decimal, ...],
    negated: bool,
    teams: tuple[str, ...],
) -> list[Claim]:
    claims: list[Claim] = []
    for act, pattern in _ACT_VERBS:
        m = pattern.search(clause)
        if m is None:
            continue
        before = clause[: m.start()]
        agent = _AGENT_SUBJECT.search(before) is not None
        passive = _PASSIVE.search(before) is not None
        noun = _NOUN_STATUS.search(clause) is not None and act is not Act.ESCALATE
        received = _YOU_RECEIVE.search(before) is not None
        if _CUSTOMER_SUBJECT.search(before) and not received:
            continue
        if _SECOND_PARTY.search(before) and not agent:
            continue
        if not (
            agent
            or passive
            or noun
            or received
            or "no " + m.group(0) in clause
            or re.search(r"\b(?:nothing|no)\b.*\b(?:be|been)\s*$", before)
        ):
            continue
        tense = _tense_of(before, clause, conditional)
        if received and tense is Tense.DONE and not passive:
            tense = Tense.PROMISED
        claims.append(
            Claim(
                act=act,
                positive=not negated,
                tense=tense,
                amounts=amounts,
                teams=teams if act is Act.ESCALATE else (),
                by_me=re.search(r"\b(?:i|let me)\b", before) is not None,
                sentence=sentence,
            )
        )
    return claims


# -- the reader -----------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def read(text: str) -> Reading:
    """Read ``text`` (pure and cached: the same text always gives the same reading)."""
    clauses: list[Clause] = []
    claims: list[Claim] = []
    for sentence in _split_sentences(_normalize(text)):
        question = sentence.rstrip("\"') ").endswith("?")
        low_sentence = _lower_words(sentence)
        teams = tuple(dict.fromkeys(m.group(0) for m in _TEAM_WORDS.finditer(low_sentence)))
        parts = [p for p in _CLAUSE_SPLIT.split(low_sentence) if p and p.strip()]
        conditional_sentence = bool(_CONDITIONAL.search(low_sentence.strip()))
        for part in parts:
            low = part.strip(" .!?\"'")
            words = _WORD.findall(low)
            negated = _negated(low)
            conditional = conditional_sentence or bool(_CONDITIONAL.search(low))
            amounts = _amounts(low)
            clause = Clause(
                text=low,
                sentence=sentence,
                negated=negated,
                question=question,
                salad=_salad(words) or (len(words) >= 7 and _salad(_WORD.findall(low_sentence))),
                conditional=conditional,
                amounts=amounts,
                durations=_durations(low),
                percents=_percents(low),
                words=tuple(w for w in words if w not in FUNCTION_WORDS),
            )
            clauses.append(clause)
            if not question and not clause.salad:
                claims += _claims_in(low, sentence, conditional, amounts, negated, teams)
    return Reading(text=text, clauses=tuple(clauses), claims=tuple(claims))
