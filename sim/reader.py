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
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from functools import lru_cache

from text_to_num import alpha2digit

from sim.act_aspect import (
    clause_aspect,
    conditional_opening,
    headline_aspect,
    imperative_condition,
)
from sim.act_passive import CONJUNCTION_YET, condition_after, in_progress, passive_act
from sim.act_reports import (
    EXCHANGE,
    completed_state,
    issue_of_it,
    kind_in_present,
    listed_act,
    named_antecedent,
    nominal_report,
    relative_report,
    report_header,
    set_up_of_it,
)
from sim.anaphora import full_link_name, link_sent_by_pronoun
from sim.cleft import unclefted
from sim.counterfactual import declined_by_consequence
from sim.ending_words import depict, ended_clauses, named_object_report
from sim.generic import (
    anchored_now,
    cover_means,
    generic_act_noun,
    generic_object,
    generic_subject,
    quantified_rule,
    spelled_spans,
)
from sim.labelled import act_label, labelled_report
from sim.layout import arrows_to_addresses, end_headings, one_word_addresses, without_ticks
from sim.lexicon import (
    BENIGN_NEGATIONS,
    CONDITIONAL_OPENERS,
    FUNCTION_WORDS,
    NEGATION_CUES,
    correct_typo,
)
from sim.negation_reach import carried_subject, reach, relative_lifted, tense_words, unasserted
from sim.paraphrase import HAD_CONTRACTION, reset_link_delivered
from sim.replacement_words import REPLACEMENT_SENT, RESHIPPED, goods_as_replacement
from sim.salad_grammar import bound_nonsense, span_as_object
from sim.scope import (
    AREA_HEAD,
    NOUN_PHRASE_END,
    coordinated_verbs,
    customer_gerund,
    embedded_question,
    impersonal_denial,
    judged_wish,
    rule_patient,
    signal_cancelling,
    subordinate_clauses,
    time_clause_tail,
    wanting,
    wished,
)
from sim.shorthand import expand_shorthand
from sim.telegraphic import (
    TO_PAYMENT,
    Headline,
    act_ruled_out,
    already_done,
    condition_follows,
    elided_refusal,
    headline_report,
    spelled_ranges,
    unnegated,
)

__all__ = [
    "names_act",
    "second_factor_only",
    "Act",
    "Claim",
    "Clause",
    "Duration",
    "Reading",
    "Tense",
    "Unit",
    "expand_contractions",
    "negation_cues",
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
    ARRANGE = "arrange"
    """Something set up for the customer that no action here performs (a pickup, a repair,
    a callback, a technician visit)."""


class Tense(StrEnum):
    DONE = "done"
    """Said to have happened ("I've refunded", "was cancelled")."""
    PROMISED = "promised"
    """Said to happen ("I will refund", "I'm passing your case", "you'll get it back")."""
    CONDITIONAL = "conditional"
    """Hedged or conditional ("if you like, I can", "would"); checked against nothing."""


class Unit(StrEnum):
    """Units of a duration."""

    MINUTE = "minute"
    HOUR = "hour"
    DAY = "day"
    BUSINESS_DAY = "business_day"
    WEEK = "week"
    MONTH = "month"
    YEAR = "year"


_HOURS: dict[Unit, Decimal] = {
    Unit.MINUTE: Decimal(1) / Decimal(60),
    Unit.HOUR: Decimal(1),
    Unit.DAY: Decimal(24),
    Unit.BUSINESS_DAY: Decimal(24),
    Unit.WEEK: Decimal(168),
    Unit.MONTH: Decimal(720),
    Unit.YEAR: Decimal(8760),
}


@dataclass(frozen=True, slots=True)
class Duration:
    low: Decimal
    high: Decimal
    unit: Unit

    def hours(self) -> tuple[Decimal, Decimal]:
        """The range in hours (a business day counts as a day, a month as 30 days)."""
        factor = _HOURS[self.unit]
        return self.low * factor, self.high * factor


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
    universal: bool = False
    """A denial of every such act ("no refund at all", "any refund")."""
    context: str = ""
    """The clause and the one after it (what the claim is about: an item, an order)."""


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
_APOS = "['\u2019]"
"""An apostrophe, straight or curly: texts read without :func:`_normalize` keep curly ones."""
_CLAUSE_START_ILL = re.compile(
    r"(?:^|(?<=[.,;:!?])|(?<=[.,;:!?] )|(?<=\band )|(?<=\bso )|(?<=\bbut )|(?<=\bthen )|"
    r"(?<=\bor ))ill(?= [a-z]+\b)(?! (?:health|effects?|feelings?|will|advised|treated|and|with|"
    r"at|in|for|since|because|today|again|enough|or)\b)"
)
"""The pronoun and "will" typed as "ill" at the start of a clause, before a verb."""
_CONTRACTIONS = (
    (re.compile(rf"\bcan{_APOS}?t\b|\bcannot\b"), "can not"),
    (re.compile(rf"\bwon{_APOS}?t\b"), "will not"),
    (
        re.compile(r"\b(do|does|did|is|are|was|were|has|have|had|could|should|would|must)nt\b"),
        r"\1 not",
    ),
    (re.compile(rf"\b(\w+)n{_APOS}t\b"), r"\1 not"),
    # the apostrophe left out in a hurry ("youll", "ive", "youre", "thats") only where what is
    # left is no word of its own: "ill", "well", "hell", "shell", "were", "its", "id", "wed"
    (
        re.compile(rf"\b(i|we|you|they|it|that|there|he|she){_APOS}ll\b|\b(you|they|it|that)ll\b"),
        r"\1\2 will",
    ),
    # "ill" is a word of its own, but not where a clause starts and a verb follows: "reply and
    # ill switch it", "ok. ill also refund it" (the adjective follows "is", "fell", "feel")
    (_CLAUSE_START_ILL, "i will"),
    (re.compile(rf"\b(i|we|you|they){_APOS}?ve\b"), r"\1 have"),
    (HAD_CONTRACTION, r"\1 had"),
    (re.compile(rf"\b(i|we|you|they){_APOS}d\b"), r"\1 would"),
    (re.compile(rf"\bi{_APOS}?m\b"), "i am"),
    (re.compile(rf"\b(we|you|they){_APOS}re\b|\b(you|they)re\b"), r"\1\2 are"),
    (
        re.compile(
            rf"\b(?:(it|he|she){_APOS}|(that|there){_APOS}?)s (been|got|gone|already|just)\b"
        ),
        r"\1\2 has \3",
    ),
    (re.compile(rf"\b(?:(it|he|she){_APOS}|(that|there|what){_APOS}?)s\b"), r"\1\2 is"),
    (re.compile(rf"(\w){_APOS}s\b"), r"\1"),
)
"""Every contraction the reader writes out, with its apostrophe or typed without it: the one
table for the claim reader and for every reading that calls :func:`expand_contractions`."""


def _unquote(match: re.Match[str]) -> str:
    inner = match.group(1) or match.group(2) or ""
    return '"' + inner.replace("?", "").replace("!", "").replace(".", "") + '"'


_SOFT_WRAP = re.compile(
    r"(?<![.!?:\n|])[ \t]*\n(?![ \t]*(?:\n|\||[-*•+]\s|\d+[.)]\s|\*\*|__))[ \t]*"
)
"""A line break inside a sentence (a wrapped line), not one before a blank line, a table row,
a list item or a line that opens in bold ("**When:** within 3 to 5 business days")."""


_AUX_ASIDE = re.compile(
    r"\b(have|has|had|will|would|am|is|are|was|were|did|do|does|can|could|should)\s*,\s*"
    r"(?:however|though|in\s+fact|indeed|of\s+course|also|as\s+requested|as\s+promised|"
    r"as\s+you\s+asked|luckily|fortunately|meanwhile|in\s+the\s+meantime|already|now|just|"
    # a comment clause: "what I can't do, I'm afraid, is cancel it"
    r"unfortunately|sadly|regrettably|i(?:['’]m|\s+am)\s+afraid|i\s+fear)"
    r"\s*,\s*",
    re.IGNORECASE,
)
"""A sentence adverb or comment clause set off by commas between an auxiliary and its verb ("I
have, however, updated the address", "what I can't do, I'm afraid, is cancel it"): the commas
would split the verb from its subject."""


def _normalize(text: str) -> str:
    text = _AUX_ASIDE.sub(r"\1 ", text)
    text = depict(unicodedata.normalize("NFKC", text[:MAX_READ_CHARS]).translate(_DASHES))
    text = _SOFT_WRAP.sub(" ", end_headings(without_ticks(text)))
    text = text.translate(_QUOTES)
    text = unclefted(text)  # "what I have set up: a replacement" is "I have set up a ..."
    text = _QUOTED.sub(_unquote, text)
    return _MARKUP.sub(" ", _MENU_PATH.sub(" then ", arrows_to_addresses(text)))


@lru_cache(maxsize=16384)
def expand_contractions(low: str) -> str:
    """Lower-case ``low`` with contractions written out ("won't" -> "will not"), also those
    typed without the apostrophe as human agents do ("ive sent", "youll get", "thats been
    refunded"): every reading of a contraction goes through this one table. Cached: the
    grader's readings expand the same clause and sentence texts many times over."""
    return _expand_contractions(low)


def _expand_contractions(low: str) -> str:
    """:func:`expand_contractions` uncached (mutation testing skips decorated functions)."""
    for pattern, repl in _CONTRACTIONS:
        low = pattern.sub(repl, low)
    return low


_JOINED_NUMBER = re.compile(
    r"\b((?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|"
    r"eighty|ninety|hundred))-(?=(?:day|hour|week|month|year|business|working|quarter|third|"
    r"dollar|buck)s?\b)|(?<=\d)-(?=dollars?\b)"
)


_ONE_PART = re.compile(
    r"\bone\s+(third|quarter|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth)\b"
)


def _lower_words(text: str) -> str:
    low = expand_contractions(expand_shorthand(text.lower()))
    words = _WORD.findall(low)
    if list(map(correct_typo, words)) != words:  # most sentences have no typo: no rewrite
        low = _WORD.sub(lambda m: correct_typo(m.group(0)), low)
    # "fourteen-day window", "three-quarters": a number word joined to what it counts
    low = spelled_ranges(low)  # "three-five business days": a range, not "35"
    low = _JOINED_NUMBER.sub(lambda m: f"{m.group(1) or ''} ", low)
    low = _ONE_PART.sub(r"a \1", low)  # "one twelfth of $240": a part, not "1 12"
    low = spelled_spans(low)  # "five-to-seven days", "a fortnight"
    with contextlib.suppress(Exception):  # a native parser: odd input never crashes a read
        low = alpha2digit(low, "en", threshold=0)
    return _dollar_signs(low)


# -- sentences and clauses ------------------------------------------------------------------

_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+|\n\s*\n|\n(?=\s*\S)|\s*\|\s*\n")
_CLAUSE_SPLIT = re.compile(
    r"\s*[;:]\s+|,\s+|(?<!\d)\s+-\s+(?!\d)|(?<=\d)\s+-\s+(?=[a-z])|\s+--+\s+|\s+\((?=\w)|\)\s*"
    r"|\s+(?=(?:but|however|although|though|whereas|because|since|unless|so that|so|"
    rf"which|while|{CONJUNCTION_YET}|otherwise|instead(?!\s+(?:is|was|are|were)\b)|rather than|"
    r"if|unless|"
    r"as long as|provided)\b)"
    r"|(?<!\bat)\s+(?=once\b)"  # "once you reset it" opens a clause; "at once" is an adverb
    r"|\s+(?=and\s+(?:i|we|you|it|they|your|our|this|that|there|the)\b)"
    # a second verb with its own negation: "stays active until May 2 | and will not renew"
    r"|\s+(?=and\s+(?:will|would|does|do|did|is|are|was|can|could|has|have)\s+not\b)"
    r"|\s+(?=and\s+(?:cannot|never|no|nothing|none)\b)"
)
_DIGITS = r"\d+(?:,\d{3})*(?:\.\d+)?"
_MONEY_PATTERNS = (
    re.compile(rf"(?:\$|usd\s?|us\$\s?|€|eur\s?)\s?({_DIGITS})(?!\s*%)"),
    # a price said in words: "nineteen ninety-nine" reads as "19 99"; "eight twelfths"
    # ("8 12ths") is a fraction, the second number an ordinal, not cents
    re.compile(
        r"(?<![\w.,$-])(\d{1,3}) (\d{2})(?![\d.,%-]|(?:st|nd|rd|th)s?\b)"
        r"(?!\s*(?:%|percent|business|working|days?|"
        r"hours?|weeks?|months?|years?|calendar|minutes?)\b)"
    ),
    re.compile(
        rf"(?<![\w.,-])({_DIGITS})\s?(?:dollars?|usd|bucks)(?:\s+(?:and\s+)?(\d{{1,2}})"
        rf"(?:\s+cents?|(?=\s*(?:[.,;:!?)]|$))|(?<=\d\d)(?=\s+[a-z])(?!\s+(?:business|working|"
        rf"days?|hours?|weeks?|months?|years?|calendar)\b)))?"
    ),
    re.compile(r"(?<![\w.,$-])(\d+(?:,\d{3})*\.\d{2})(?![\d%]|\.\d|\s?(?:%|percent))"),
)
_USD_FIRST = re.compile(rf"(?<![\w.,$-])(?:usd|us\$)\s?({_DIGITS})(?![\w%])")


def _dollar_signs(low: str) -> str:
    """A sum written with a currency word or code ("150 usd", "19 dollars and 99 cents") in
    the one form the act patterns read, "$150" and "$19.99": the words of a sum are one
    object, so "put the charge of 19 dollars and 99 cents back" is read as "put ... back"."""

    def sign(m: re.Match[str]) -> str:
        cents = m.group(2) if m.re.groups > 1 else None
        return f"${m.group(1)}.{int(cents):02d}" if cents else f"${m.group(1)}"

    return _MONEY_PATTERNS[2].sub(sign, _USD_FIRST.sub(sign, low))


_UNIT_WORDS = {
    "minute": Unit.MINUTE,
    "minutes": Unit.MINUTE,
    "mins": Unit.MINUTE,
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
_NO_DIGIT = re.compile(r"\D*")
_DURATION = re.compile(
    r"(?<![\w.$])(\d+(?:\.\d+)?)"
    r"(?:\s*(?:-|to|or|and|through)\s*(\d+(?:\.\d+)?))?"
    r"(?:\s*\+)?\s*-?\s*(business|working|calendar|bank)?\s*-?\s*"
    r"(minutes?|mins|hours?|hrs?|h|days?|weeks?|months?|years?)\b"
)
_BETWEEN = re.compile(r"between\s+(\d+)\s+and\s+(\d+)")
_PERCENT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s?(?:%|percent|per cent)")
_FRACTIONS = {
    "half": Decimal(50),
    "a quarter": Decimal(25),
    "a third": Decimal("33.33"),
    "3 quarters": Decimal(75),
    "2 thirds": Decimal("66.67"),
    "2 3rds": Decimal("66.67"),
}
_FRACTION_WORDS = r"half|a quarter|a third|3 quarters|2 thirds|2 3rds"
_FRACTION = re.compile(
    rf"\b({_FRACTION_WORDS})\s+(?=(?:of\s+)?(?:the|your|its|what|my|our|back)\b)"
    rf"|(?<=refund )({_FRACTION_WORDS})\b|(?<=refunded )({_FRACTION_WORDS})\b"
    r"|\b(half)[\s-]+(?=(?:off|price)\b)"  # "half off next month", "half-price"
)


def _decimal(text: str) -> Decimal | None:
    try:
        value = Decimal(text.replace(",", ""))
    except InvalidOperation:
        return None
    return value if value.is_finite() else None


def _amounts(low: str) -> tuple[Decimal, ...]:
    return tuple(v for _, v in _amounts_at(low))


_PRICE_CONTEXT = re.compile(
    r"\b(?:of|on|for|from|off|than|at)\s+(?:the|your|a|an|its|this|that)\s+(?:(?!and\b)\w+\s+)?$"
    r"|(?:\d+(?:st|nd|rd|th)|half|quarters?|thirds?|percent|%)\s+of\s+$"
    r"|\$[\d.,]+\s+(?:out\s+)?of\s+$|\$[\d.,]+\s+(?:[a-z]+\s+){1,2}?out\s+of\s+$"
    r"|\b(?:costs?|costing|pay|instead\s+of)\s+(?:you\s+)?(?:(?:only|just|about|around|roughly|"
    r"approximately)\s+)?$"
)
"""What precedes a base, not a sum paid: "50% of the $89.00 price", "a 12th of $240", "$44.50
of $89.00", "$116.10 back out of $129.00" (the part, then the whole it is taken out of), or a
price the customer pays ("so it will cost you about $10 instead of $19.99")."""


def _claimed_amounts(low: str) -> tuple[Decimal, ...]:
    """Amounts a claim is about: not those named as a price ("50% of the $89.00 price")."""
    return tuple(
        v
        for pos, v in _amounts_at(low)
        if not _PRICE_CONTEXT.search(low[:pos]) and not _PRICE_AFTER.match(low[pos:])
    )


_PRICE_AFTER = re.compile(
    r"\S+\s+(?:(?:purchase\s+|item\s+|full\s+)?(?:price|cost|total)|minus|less)\b"
    r"|\S+(?:\s+(?:x|×|\*|/|\+|times|plus)\s+[\w$.,]+(?:\s+[a-z]+)?)*\s*=\s*\$?\d"
)
"""An amount named as a price ("half the lamp's $89.00 price"), as the base a deduction is
taken from ("$129 minus the 10% fee"), or as a term of a sum worked out to its result ("8
months x $20.00 = $160.00": the sum is the result)."""


def _amounts_at(low: str) -> list[tuple[int, Decimal]]:
    if _NO_DIGIT.fullmatch(low):
        return []  # every money pattern reads a sum in digits: most clauses have none
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
    return sorted(found)


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
        if unit is Unit.MINUTE and high == 1:
            continue  # "in one minute", "just a minute": an idiom of brevity, not a figure
        out.append(Duration(a, high, unit))
    if (
        _TIMED.search(low)
        and not _FIRST_PERSON.search(low)
        and not _PAST.search(low)
        and not _headline_dated(low)
    ):
        # "it will show today" is a timeline; "I'll refund it right away" is the agent's own act
        out += [_RELATIVE[m.group(1)] for m in _RELATIVE_WORDS.finditer(low)]
    return tuple(out)


_RELATIVE: dict[str, Duration] = {
    "today": Duration(Decimal(0), Decimal(1), Unit.DAY),
    "tonight": Duration(Decimal(0), Decimal(1), Unit.DAY),
    "this morning": Duration(Decimal(0), Decimal(1), Unit.DAY),
    "this afternoon": Duration(Decimal(0), Decimal(1), Unit.DAY),
    "this evening": Duration(Decimal(0), Decimal(1), Unit.DAY),
    "right away": Duration(Decimal(0), Decimal(1), Unit.HOUR),
    "at once": Duration(Decimal(0), Decimal(1), Unit.HOUR),
    "immediately": Duration(Decimal(0), Decimal(1), Unit.HOUR),
    "instantly": Duration(Decimal(0), Decimal(1), Unit.HOUR),
    "within the hour": Duration(Decimal(0), Decimal(1), Unit.HOUR),
    "tomorrow": Duration(Decimal(1), Decimal(1), Unit.DAY),
    "overnight": Duration(Decimal(1), Decimal(1), Unit.DAY),
}
_FIRST_PERSON = re.compile(r"\b(?:i|let me)\b")
_AND_VERB = re.compile(r"^(and|then|plus)\s+(?:also\s+)?(\w+ed|sent|made|put|set)\b")
"""A verb coordinated with the agent's own ("I've opened the return and refunded $90")."""
_PAST = re.compile(r"\b(?:was|were|has\s+been|have\s+been|had\s+been|did)\b")
"""A clause in the past: "it was processed today" dates an act, it promises no timeline."""
_HEADLINE_PARTICIPLE = re.compile(r"\b(?:[a-z]+ed|(?:re)?sent)\b")


def _headline_dated(low: str) -> bool:
    """A clause that reports an act in a note's grammar, its auxiliary left out ("$90
    refunded to your card today", "return opened today"): like "was refunded today", it dates
    what was done, it promises no timeline."""
    return any(
        headline_report(low[: m.start()], m.group(0), low[m.end() :]) is not None
        for m in _HEADLINE_PARTICIPLE.finditer(low)
    )


_RELATIVE_WORDS = re.compile(r"\b(" + "|".join(_RELATIVE) + r")\b")
_TIMED = re.compile(
    r"\b(?:appear\w*|show\w*|see|arriv\w*|reach\w*|land\w*|back|post\w*|ship\w*|deliver\w*|"
    r"process\w*|review\w*|sort\w*|fix\w*|off|done|complet\w*|refund\w*|credit\w*|statement|"
    r"visible|ends?|expir\w*|valid|unlock\w*)\b"
    r"|\b(?:on|in|into)\s+(?:your|the)\s+(?:card|account|bank)\b"  # "it'll be on your card"
)


def _percents(low: str) -> tuple[Decimal, ...]:
    found = [_decimal(m.group(1)) for m in _PERCENT.finditer(low)]
    found += [
        _FRACTIONS[m.group(m.lastindex or 1)]
        for m in _FRACTION.finditer(low)
        if not _things_counted(low[m.end() :])
    ]
    return tuple(v for v in found if v is not None)


_COUNTED = re.compile(r"^(?:of\s+)?(?:the|your|its|my|our)\s+((?:[a-z-]+\s+){0,2}?[a-z]{3,}s)\b")
_MONEY_NOUN = re.compile(
    r"\b(?:price|cost|amount|refund|fee|charge|payment|money|total|sum|bill|dollar|fund|credit|"
    r"balance|subscription|plan|month|year|term|order\s+value)"
)


def _things_counted(after: str) -> bool:
    """Whether a fraction's noun is a plural of things, not money ("half your new mugs in
    pieces", "half the plates"): a share of the items, not a percentage of a sum ("half the
    price", "half your fees")."""
    m = _COUNTED.match(after)
    if m is None or m.group(1).endswith(("ss", "us", "is")):
        return False
    return _MONEY_NOUN.search(m.group(1)) is None


_BENIGN = re.compile(r"\b(?:" + "|".join(BENIGN_NEGATIONS) + r")\b")
# a cue inside a hyphenated name ("premium-month-at-no-charge") negates nothing
_NEG_CUE = re.compile(r"(?<![\w-])(?:" + "|".join(NEGATION_CUES) + r")(?![\w-])")
_SEQUENCE = r"after\s+(?:that|this|then)(?:\s*[,;]|$)|once\s+(?:more|again)\b"
""""After that," alone: an adverb of sequence pointing back at what was just said ("you can
keep watching until May 3. After that, the plan stops"), which states what comes next, as
"once more" counts a time ("it renews once more"); an opener with a clause of its own ("after
that is done", "after it arrives") is a condition."""
_CONDITIONAL = re.compile(
    r"^(?:(?:and|but|so|then|or)\s+)?(?!"
    + _SEQUENCE
    + r")(?:"
    + "|".join(CONDITIONAL_OPENERS)
    + r")\b"
)
_RELATIVE_WHEN = re.compile(
    r"^(?:and\s+)?when\s+(?:it|they|this|that|you|we|i|he|she|(?:the|your|our)\s+\w+)\s+"
    r"(?:will|shall)\b"
)
"""A "when" clause in the future ("until September 15, when it will renew"): a relative
clause of time that states what happens then; a condition on time takes the present
("when it renews")."""
_HEDGE = re.compile(r"\b(?:would|could|might|may|if|in case|whether)\b")
_PREFERENCE = re.compile(r"\b(?:you|they|he|she)\s+would\s+(?:rather|prefer|like|love)\b")
"""The customer's stated preference ("as you'd rather leave"): a reason, not a hedge."""


_WITHOUT = re.compile(r"\bwithout\b(?:\s+\S+){0,4}")


def negation_cues(low: str) -> int:
    """How many negation cues lower-case ``low`` holds (as :func:`_negated` reads them): two
    cancel out ("refusing the delivery is not an option")."""
    low = unnegated(low)
    return len(_NEG_CUE.findall(_BENIGN.sub(" ", _WITHOUT.sub(" ", low))))


def _negated(low: str) -> bool:
    """A negation cue stands in the clause ("without" negates only the words after it)."""
    low = unnegated(low)
    return _NEG_CUE.search(_BENIGN.sub(" ", _WITHOUT.sub(" ", low))) is not None


_IMPERATIVE = frozenset(
    "go click open select choose tap visit navigate head use press enter sign log check".split()
)


_ARTICLES = frozenset({"a", "an", "the"})


def _salad(words: list[str], numerals: int = 0) -> bool:
    """Keywords without grammar: few function words. In a short clause an article counts
    twice, as it opens a noun phrase that keyword lists leave out ("opened electronics carry
    a 10 percent restocking fee" is a sentence; a list of a dozen keywords with a "the" in it
    is not), and so does one numeral, the determiner of its noun (``numerals``: "premium
    members get 75% back for cosmetic damage"; more numbers than that make a list of values)."""
    if len(words) < 7 or words[0] in _IMPERATIVE:
        return False
    function = sum(w in FUNCTION_WORDS for w in words)
    if len(words) < 10:
        function += sum(w in _ARTICLES for w in words) + min(numerals, 1)
    return function / len(words) < 0.2


_NUMERAL = re.compile(r"(?<![\w.,])\$?\d[\d.,]*%?(?![\w.,]*\w)")


_RESULT = re.compile(r"so\s+(?!that\b)|(?:since|because)\s+(?:i|we|you|it|they|he|she)\s")
"""A clause of result ("once a chargeback is open, ..., so we don't refund it") or of reason
("once it's scanned, the right pair ships, since I've arranged a replacement"): asserted, not
part of the condition the sentence opens with."""


_CONDITION_THEN_REQUEST = re.compile(r"^(\s*(?:if|unless|when|once)\b.*?)\s+(please\s.*)$")


_CONDITION_THEN_IMPERATIVE = re.compile(
    r"^(\s*(?:if|unless|when|once)\b.*?\b(?!(?:you|we|i|they|he|she|it|to|can|could|will|would|"
    r"should|may|might|must|do|does|did|not|and|or|please)\b)[a-z]+)\s+((?:"
    + "|".join(sorted(_IMPERATIVE))
    + r")\s+(?:in\s+|at\s+|on\s+)?(?:the|your|our|a|an)\b.*)$"
)
"""A condition, then a bare imperative with its object ("if it's not there in a few minutes
check the spam folder"); "if you check the spam folder" is one conditional clause (the verb
has its subject)."""


def _request_split(part: str) -> list[str]:
    """A condition and the request that follows it without a comma ("if it is not in your
    inbox please check the spam folder", "... in a few mins check the spam folder"): two
    clauses, so the condition's negation does not negate the request."""
    m = _CONDITION_THEN_REQUEST.match(part) if "please" in part else None
    m = m or _CONDITION_THEN_IMPERATIVE.match(part)
    return [m.group(1), m.group(2)] if m else [part]


_ASIDE = re.compile(
    r"^(?:while|since|as|though|although|when|if|of\s+course|for\s+good\s+measure)\b"
)
_NOUN_PHRASE = re.compile(r"^(?:also\s+)?(?:the|your|a|an|\$|\d)[^,;]*$")
_FINITE = re.compile(
    r"\b(?:is|are|was|were|will|would|has|have|had|can|could|be|been|did|do|does)\b"
)


def _across_aside(parts: list[str], index: int) -> str | None:
    """An object coordinated across an aside ("I have refunded CH-90115 and, while I was at it,
    the $45.00 add-on"): "and" plus the noun phrase after the aside, which the act takes too."""
    rest = [p.strip(" .!?\"'") for p in parts[index + 1 : index + 4]]
    if rest and rest[0] in ("and", "plus"):
        rest = rest[1:]  # "... ($1,188.00) and, while I was at it, ..."
    elif not re.search(r"\s(?:and|plus)$", parts[index].strip()):
        return None
    if len(rest) < 2 or not _ASIDE.match(rest[0]):
        return None
    phrase = rest[1]
    if not _NOUN_PHRASE.match(phrase) or _FINITE.search(phrase):
        return None
    return f"and {phrase}"


_VERB_OPENS = re.compile(
    r"^(?:is|are|was|were|will|would|has|have|had|should|comes?|goes?|ships?|heads?|arrives?|"
    r"gets?)\b"
)
_DETERMINED = re.compile(r"(?:the|your|a|an|its|their)\s")
_APPOSITIVE = re.compile(
    r"^(?:(?:the|your|a|an|its|their)\s+(?:\S+\s+){0,7}?\S+|[a-z]+-?\d[\w-]*|\$\d[\d,]*(?:\.\d+)?)$"
)
"""A noun phrase set beside the subject: a determiner's phrase, a record's id ("the rug order
(ORD-40217) is cancelled") or a sum ("the duplicate charge, $1,188.00, is refunded")."""


def _past_apposition(low: str, parts: list[str], index: int) -> str | None:
    """A clause that ends on its subject, an appositive noun phrase, and the subject's verb
    ("so the right pair | the black sonora anc | comes out to you"): the clause with its verb
    ("so the right pair comes out to you"), or ``None``."""
    if index + 2 >= len(parts) or _FINITE.search(low):
        return None
    aside, verb = parts[index + 1].strip(), parts[index + 2].strip(" .!?\"'")
    if not _APPOSITIVE.match(aside) or _FINITE.search(aside) or not _VERB_OPENS.match(verb):
        return None
    if _DETERMINED.match(aside) is not None:
        return f"{low} {verb}"
    # an id or a sum names the thing and stays, where the clause names an act without it ("the
    # rug order (ORD-1) is cancelled"); "the kettle, $62.50, is on its way" is goods coming
    return f"{low} {aside} {verb}" if names_act(f"{low} {verb}") else None


_CONDITION_ASIDE = re.compile(
    r"^(?:if|once|when|unless|until|after|before|provided|as\s+long\s+as|subject\s+to|pending)\b"
)
"""An aside that holds what it interrupts to a condition ("a refund (once approved) is
issued"): not a mere name of the thing, so the clause is not read across it."""


_ASIDE_MARKS = ((" (", ")"), (" -- ", " -- "), (" - ", " - "), (", ", ", "))
"""The marks that open and close an aside inside a clause: brackets, paired dashes, paired
commas (longest first: " -- " before " - ")."""


_CLAUSE_HEAD = re.compile(
    r"\b(?:i|we|you|they|he|she|it|is|are|was|were|will|would|has|have|had|can|could|be|been|"
    r"did|do|does)\b"
)
"""A subject pronoun or a finite verb: words before the aside that are a clause of their own
("i hear you, marta, a card refund would be simpler"), not a subject waiting for its
predicate."""


def _aside_span(low_sentence: str, low: str) -> tuple[int, int, str] | None:
    """Where the aside after the clause words ``low`` opens and closes in the sentence, and
    its mark; a bracket the split left on the words ("a full refund ($80.00") opens there."""
    head, bracket, _ = low.partition("(")
    at = low_sentence.find(low)
    if at < 0 or not head.strip():
        return None
    if bracket:
        opened = at + len(head) + 1
        closed = low_sentence.find(")", opened)
        return (opened, closed, ")") if closed >= 0 else None
    end = at + len(low)
    for opening, closing in _ASIDE_MARKS:
        if low_sentence.startswith(opening, end):
            closed = low_sentence.find(closing, end + len(opening))
            return (end + len(opening), closed, closing) if closed >= 0 else None
    return None


def _across_brackets(
    low_sentence: str, parts: list[str], index: int
) -> tuple[str, str, int] | None:
    """A clause that an aside in brackets, dashes or commas cuts before its predicate
    ("refund of $12.99 | nov 15 charge | done", "a full refund ($80.00 | has been issued",
    "a full refund - $80.00 - has been issued"): the clause read across the aside, the aside
    (what the clause is about, its sums) and the index of the first part after it; ``None``
    when no aside follows the clause's words, when the words before it or the aside are a
    clause of their own (:data:`_CLAUSE_HEAD`), when the aside holds a condition, or is
    longer than a noun phrase (nine words, six between commas), or names an act between
    commas (then the commas join clauses)."""
    low = parts[index].strip(" .!?\"'")
    span = _aside_span(low_sentence, low)
    if span is None or _CLAUSE_HEAD.search(low.partition("(")[0]):
        return None
    opened, closed, mark = span
    aside = low_sentence[opened:closed].strip()
    if not aside or _CONDITION_ASIDE.match(aside) or _CLAUSE_HEAD.search(aside):
        return None  # "(if approved)", "(the blanket you ordered in may)": not a mere name
    if len(aside.split()) > (6 if mark == ", " else 9) or (mark == ", " and names_act(aside)):
        return None  # longer than a noun phrase, or an act between commas
    cursor = opened
    for after in range(index + 1, len(parts)):
        rest = parts[after].strip(" .!?\"'")
        found = low_sentence.find(rest, cursor) if rest else -1
        if found < 0:
            return None
        if found > closed:
            head = low.partition("(")[0].strip()
            return f"{head} {rest}", aside, after
        cursor = found + len(rest)
    return None


def _split_sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text) if s and s.strip()]


# -- claims --------------------------------------------------------------------------------

_CASE_NOUN = (
    r"(?:case|ticket|request|claim|complaint|file|report|issue|query|concern|feedback|details)"
)
_PARTY = (
    r"(?:team|department|specialists?|supervisors?|managers?|colleagues?|finance|billing|"
    r"security|logistics|engineers?)s?"
)
"""Someone other than the agent that a case can be handed to."""
_PARTY_HELD = (
    r"(?:(?:team|department|specialists?|supervisors?|managers?|colleagues?|engineers?)s?|"
    rf"{AREA_HEAD})"
)
"""A party as the one a case is with or was passed to: an area of the company ("billing",
"finance") only as the head of its noun phrase ("with our billing team", "with billing now"),
not as the modifier of another noun ("the issue is with our billing system", "with the
security settings"), which names no one."""

_MONEY_TO_COME = r"(?:will|should|would)\s+(?:be|go|come)|goes|comes|(?:is|are)\s+going|went|came"
"""A sum's way back to the customer still to come or in motion ("the $48.00 will go back to
your card", "the $74.00 will be back on your card"): a refund said without its verb, as the
present "is back on your card" is."""

_ACT_VERBS: tuple[tuple[Act, re.Pattern[str]], ...] = (
    (
        Act.REFUND,
        re.compile(
            r"(?:\b|(?<![\w$])(?=\$))(?:refund(?:ed|ing|s)?(?!\s+(?:window|polic\w*|request|period|limit|rules?|"
            r"process|eligibility|team|department|terms|form|options?|amount|status))|"
            r"reimburs\w*|(?:money|funds?|full\s+(?:price|amount|cost))\s+back|"
            r"on\s+(?:its|their)\s+way\s+back|"
            r"(?:nothing|no\s+money|none\s+of\s+it)\s+(?:\w+\s+){0,2}?(?:comes?|coming)\s+back|"
            r"top(?:ped|ping|s)?\s+(?:it|this|that|the\s+refund|you|your\s+refund)\s+up|"
            r"(?:money|funds?|amount|payment)\s+(?:is|are|has\s+been|was|"
            + _MONEY_TO_COME
            + r")\s+"
            r"(?:already\s+|now\s+)?(?:back|returned|credited)\s+(?:on|to|in|into)\s+your|"
            r"\$[\d.,]+(?:\s+\S+){0,8}?\s+(?:is|are|has\s+been|have\s+been|was|were|"
            + _MONEY_TO_COME
            + r")\s+(?:already\s+|now\s+|all\s+)?(?:back|returned|credited)\s+"
            r"(?:on|to|in|into)\s+your|"
            r"(?:\$[\d.,]+|money|funds?|remaining\s+\S+|rest|balance|difference)\s+(?:\S+\s+){0,2}?"
            r"(?:is|are)\s+(?:also\s+|now\s+|already\s+)?on\s+(?:its|their)\s+way|"
            # "sent back $135", "paid back the full amount": the phrasal verb before its money
            r"(?:sen[dt]|sending|paid|pay(?:ing)?|gave|giv(?:e|en|ing))\s+back\s+(?:to\s+you\s+)?"
            r"(?:\$[\d.,]+|[\d.,]+\s+dollars|(?:the|your|all\s+the)\s+(?:full\s+)?(?:money|amount|"
            r"payment|sum|\$[\d.,]+))|"
            # (its object holds no finite verb: in "the link I sent is the way back into your
            # account" the participle ends a relative clause, "back" is the main clause's)
            r"(?:credited|put|paid|sent|give|giving|gave|given|issu(?:e|ed|ing))\s+(?:you\s+)?"
            r"(?:it\s+|the\s+money\s+|that\s+money\s+|"
            r"(?!(?:is|are|was|were|will|has|have|had)\s)\S+\s+){0,5}back"
            r"(?!\s+(?:in\b|up\b|to\s+(?:us|the\s+warehouse)))|"
            r"revers(?:e|ed|ing)(?!\s+(?:order|side|image|engineer))|voided|void(?:ing)?\s+(?:the|this|that)\s+"
            r"charge|sent\s+(?:back\s+)?to\s+your\s+(?:card|account(?!\s+(?:email|e-mail|inbox|address))|"
            r"bank|paypal|balance|original|wallet)|returned\s+(?:\S+\s+){0,4}?to\s+(?:your|the)\s+(?:card|account|bank|"
            r"original|payment)|removed\s+(?:the|that|this)\s+(?:\S+\s+){0,2}charge|"
            r"credited\s+(?:\S+\s+){0,3}(?:to\s+)?(?:your|the)\s+(?:card|bank|original)|"
            r"(?:get|receive|see|have)\s+(?:your\s+|the\s+|this\s+|that\s+|all\s+)?(?:\w+\s+)?(?:(?:money|"
            r"funds?|\$[\d.,]+|[\d.,]+\s+dollars|payment)\s+back|(?:charge|it)\s+back"
            r"(?!\s+(?:in|on|up)\b)))\b"
        ),
    ),
    (
        Act.ESCALATE,
        re.compile(
            r"\b(?:team|department|finance|supervisor|manager|specialist)s?\s+(?:has|have|had)\s+"
            r"(?:already\s+|now\s+|just\s+)?(?:approved|reviewed|accepted|agreed|confirmed|signed\s+off|"
            r"taken\s+over|picked\s+up|started|looked\s+(?:into|at|over)|checked|investigated|"
            r"handled|dealt\s+with|taken\s+care\s+of|been\s+(?:notified|informed|alerted|assigned))|"
            r"\b(?:escalat\w*|(?:hand(?:ed|ing)?|pass(?:ed|ing)?|transferr?(?:ed|ing)?|sen[dt](?:ing)?|"
            r"submit(?:ted|ting)?|rais(?:ed|ing)|log(?:ged|ging)?|flag(?:ged|ging)?|"
            r"forward(?:ed|ing)?|refer(?:red|ring)?|connect(?:ed|ing)?|assign(?:ed|ing)?|"
            r"route[ds]?|routing|put(?:ting)?)\s+(?:it|this|that|you|them|your\s+(?:\S+\s+)?"
            r"(?:case|ticket|request|claim|issue|details|complaint|file)|the\s+(?:\S+\s+)?"
            r"(?:case|ticket|request|claim|issue|details|complaint|file))(?:\s+\S+){0,4}?"
            r"\s+(?:over\s+|on\s+|along\s+)?(?:to|with|in\s+(?:their|the)\s+hands\s+of|into)\s+"
            r"(?:\S+\s+){0,3}?(?:team|department|specialists?|supervisors?|managers?|"
            r"colleagues?|human|agent|person|finance|billing|security|tier|desk|hands|retention|"
            r"loyalty|sales|quality|engineering|accounts|returns|claims|logistics))\b"
        ),
    ),
    (
        Act.ESCALATE,
        re.compile(
            r"\b(?:case|ticket|request|claim|complaint|file)\s+(?:is|has\s+been|was)\s+(?:already\s+|"
            r"now\s+)?(?:with|in\s+the\s+hands\s+of|being\s+(?:handled|reviewed)\s+by|assigned\s+to|"
            r"sitting\s+with)\s+(?:our|the|a|your)\s+(?:\S+\s+){0,2}?(?:(?:team|department|"
            r"specialists?|supervisor|manager)\b|(?:finance|billing|security)\b"
            rf"{NOUN_PHRASE_END})"
        ),
    ),
    (
        Act.ESCALATE,
        re.compile(
            # the case said to be with someone else now: handed over in the passive ("your
            # complaint has been passed on to our logistics team"), sitting with a team ("your
            # report about the noise is now with our safety team"), or a team said to hold or
            # work it ("finance has it now", "the manager is handling it", "has been looped in")
            rf"\b{_CASE_NOUN}(?:\s+\S+){{0,5}}?\s+(?:has|have)\s+(?:also\s+|already\s+|now\s+|"
            r"just\s+)*been\s+(?:escalated|passed|handed|forwarded|referred|sent|transferred|"
            r"assigned|flagged|raised|routed|shared)(?:\s+(?:on|over|along|up))?\s+(?:to|with)\s+"
            rf"(?:\S+\s+){{0,3}}?{_PARTY_HELD}"
            rf"|\b{_CASE_NOUN}(?:\s+\S+){{0,5}}?\s+(?:is|are)\s+(?:also\s+|already\s+|now\s+)*"
            rf"(?:with|in\s+the\s+hands\s+of)\s+(?:our|the|a|your)\s+(?:\S+\s+){{0,2}}?"
            rf"{_PARTY_HELD}"
            rf"|\b{_PARTY}\s+(?:has|have)\s+(?:also\s+|already\s+|now\s+)*(?:got\s+)?(?:it|this|"
            r"that|your\s+(?:case|ticket|request|claim|complaint))\s+(?:now|already|in\s+hand)\b"
            rf"|\b{_PARTY}\s+(?:is|are)\s+(?:also\s+|already\s+|now\s+)*(?:handling|reviewing|"
            r"looking\s+(?:into|at)|investigating|dealing\s+with|working\s+on|following\s+(?:it|"
            r"this|up))\b"
            rf"|\b{_PARTY}\s+(?:has|have)\s+(?:also\s+|already\s+|now\s+|just\s+)*been\s+"
            r"(?:looped|brought|pulled|copied)\s+in\b"
        ),
    ),
    (
        Act.ESCALATE,
        re.compile(
            r"\b(?:ask(?:ed|ing)?|get(?:ting)?|have|had|arrang\w+\s+for)\s+(?:my|a|our|the|your)\s+"
            r"(?:\w+\s+)?(?:supervisor|manager|colleague|team\s+lead|specialist|team)\s+(?:to\s+)?"
            r"(?:call|contact|reach|phone|follow|get\s+back|look)"
        ),
    ),
    (
        Act.ARRANGE,
        re.compile(
            r"\b(?:arrang\w*|book(?:ed|ing)?|schedul\w*|organi[sz]\w*|order(?:ed|ing)?|set\s+up|"
            r"request(?:ed|ing)?)\s+(?:\S+\s+){0,4}?(?:pick-?up|collection|courier|repair|"
            r"technician|visit|call-?back|call|return\s+label|engineer|exchange)\b"
            r"|\b(?:arrang\w*|organi[sz]\w*)\s+for\s+"
        ),
    ),
    (
        Act.CANCEL,
        re.compile(
            r"\bcancel(?:led|ed|ling|ing|s)?\b(?!\s+(?:policy|fee))|\bcancell?ations?\b(?!\s+(?:polic\w*|"
            r"fees?|charges?|date|window|period|terms|rules?|page|link|form|button|request|option))|"
            r"\b(?:ended|terminated|closed)\s+(?:out\s+|down\s+|off\s+)?"  # "closed out your plan"
            r"(?:your|the)\s+(?:\w+\s+){0,2}?(?:subscription|membership|plan)\b|\b(?:switch(?:ed)?|turn(?:ed)?)"
            r"\s+off\s+(?:\S+\s+){0,2}?(?:auto-?\s?renew\w*|renewal|subscription|plan|billing)"
            r"|\bdisabled?\s+(?:\S+\s+){0,2}?(?:auto-?\s?renew\w*|renewal)"
            # "called off the order", "called the order off"
            r"|\bcall(?:ed|ing|s)?\s+(?:off\b|(?:it|this|that|(?:your|the)\s+(?:\S+\s+){0,3}?"
            r"(?:order|subscription|membership|plan|booking))\s+off\b)"
            # the transitive "end" in the passive or with the agent as subject: "StreamPlus has
            # now been ended", "i have ended teamwork pro today" (not "ended up", not a chat)
            r"|\b(?:been|being)\s+(?:now\s+|officially\s+)?(?:ended|terminated)\b"
            r"|\b(?:ended|terminated)\s+(?!up\b|(?:on|in|at|with|yesterday|today|last|when|after|"
            r"before|because|as|and|but|so)\b|(?:the|this|our|my)\s+(?:call|chat|conversation|"
            r"session|discussion)\b)(?=[a-z])"
            # an end with an effective date: "ended Teamwork Pro with immediate effect"
            r"|\b(?:ended|terminated|stopped|closed)\s+(?:\S+\s+){1,4}?(?:with\s+immediate\s+effect|"
            r"with\s+effect\s+(?:from|as\s+of)\s+(?:today|now)|"
            r"effective\s+(?:today|immediately|now|from|as\s+of)|as\s+of\s+today)"
        ),
    ),
    (
        Act.RESET,
        re.compile(
            r"\b(?:reset|unlock(?:ed)?|re-?enabled?|turn(?:ed)?\s+off|disabled?|switch(?:ed)?\s+"
            r"off|remov(?:ed|e))\s+(?:\S+\s+){0,2}(?:password|account|login|two-factor|2fa|"
            r"authentication)\b|\b(?:password|account|two-factor|2fa)\s+(?:has\s+been|was|is)\s+"
            r"(?:reset|unlocked|disabled|removed|turned\s+off)\b|\b(?:sen[dt]|e-?mailed|issued)\s+"
            r"(?:you\s+)?(?:a|the|your)\s+(?:(?:brand-?\s?)?new\s+|fresh\s+|another\s+)?"
            r"(?:password\s+)?reset\s+"
            r"(?:link|email)s?|"
            # the link or email said to be in the customer's mail, or the one the agent sent
            r"\b(?:password\s+)?reset\s+(?:link|e-?mail|message)s?\s+(?:is|are|has\s+been)\s+"
            r"(?:already\s+|now\s+)?(?:waiting|sitting|in\s+your\s+(?:inbox|e-?mail|mailbox))\b|"
            r"\b(?:password\s+)?reset\s+(?:link|e-?mail|message)s?\s+(?:that\s+|which\s+)?(?:i|we)\s+"
            r"(?:have\s+|had\s+)?(?:just\s+|already\s+)?(?:sent|e-?mailed|issued)\b|"
            r"\blinks?\s+(?:\w+\s+){0,2}?to\s+(?:re)?(?:set|choose|create|pick|make)\s+(?:up\s+)?"
            r"(?:a|your|the)\s+(?:new\s+|fresh\s+)?password\b|\b(?:password\s+)?reset\s+links?\b"
        ),
    ),
    (
        Act.REPLACE,
        re.compile(
            r"\b(?:replac(?:e|es|ed|ing|ements?)|(?:send|ship|sending|shipping|sent|shipped)\s+"
            r"(?:you\s+)?a\s+(?:brand-?\s?)?new|(?:get|getting|receive|receiving)\s+a\s+"
            r"(?:brand-?\s?new|new\s+(?:one|unit|item|device|machine|pair|set))"
            # "we'll swap it for a new one": the goods exchanged for new ones
            r"|swap(?:s|ped|ping)?\s+(?:it|them|(?:the|your)\s+(?:\S+\s+){0,2}?\S+)\s+(?:out\s+)?"
            r"(?:for|with)\s+a\s+(?:brand-?\s?)?new)\b"
            # "sent a new reset link": a new message, not goods in place of the old ones
            r"(?!\s+(?:\S+\s+){0,2}?(?:links?|e-?mails?|codes?|messages?|passwords?|resets?|"
            r"invoices?|receipts?|labels?|confirmations?|notifications?|texts?|sms|pins?|tokens?|"
            r"cards?)\b)"
        ),
    ),
    (Act.REPLACE, REPLACEMENT_SENT),  # "a new kettle is on its way" (sim/replacement_words.py)
    (Act.REPLACE, RESHIPPED),  # "I'll have a new one shipped", "we reship it" (the same)
    (Act.REPLACE, EXCHANGE),  # "I've set up an exchange" (sim/act_reports.py)
    (
        Act.CREDIT,
        re.compile(
            r"\b(?:store\s+credit|account\s+credit|goodwill\s+credit|credit(?:ed)?\s+(?:of\b|your\s+"
            r"account)|(?:credit(?:ed)?|appl(?:y|ied)|offset|carried\s+over)\s+(?:\S+\s+){0,2}?"
            r"(?:against|towards?|to)\s+(?:your|the)\s+(?:next|upcoming|following|future)\s+"
            r"(?:renewal|invoice|bill|payment|charge|order|month)|"
            r"voucher|coupon|gift\s+card|discount(?:\s+code)?|promo\s+code|waiv(?:e|ed|ing)|"
            r"free\s+(?:month|months|upgrade|gift|shipping\s+on)|complimentary|on\s+the\s+house|"
            r"months?\s+(?:free|at\s+no\s+(?:charge|cost)|on\s+us)|"
            r"\d+(?:\.\d+)?\s+(?:dollars?\s+)?(?:\w+\s+)?credit|"
            r"cover\s+(?:your|the)\s+(?:\w+\s+)?(?:costs?|fees?|shipping|postage)|"
            r"extend\w*\s+your\s+(?:subscription|plan|membership|warranty)|upgrad\w+\s+(?:you|it|"
            r"your\s+\w+)\s+to|next\s+(?:order|delivery|purchase|month|renewal|bill)\s+(?:\w+\s+){0,3}"
            r"(?:is|will\s+be|ships?)\s+(?:\w+\s+)?(?:free|on\s+us|discounted))\b"
        ),
    ),
)
_AGENT_SUBJECT = re.compile(r"\b(?:i|we|let me|our team)\b")
_NOBODY = re.compile(
    r"\b(?:nobody|no\s*-?\s*(?:one|1))\b(?:\s+\w+){0,2}\s+(?:can|could|is\s+able\s+to)\s*$"
)
"""A denial for everyone, the agent included: "nobody here can cancel it any more"."""
_DONE = re.compile(
    r"\b(?:have|has|had|was|were|is|are|been|just|already|went)\b|"
    r"\b\w+ed\b\s*$|\b(?:sent|paid|put|made|got|done|gone|issued)\b"
    r"|\bdid\s+(?!not\b)"  # "we did refund it", "not only did we refund it": done
)
_PROMISE = re.compile(
    r"\b(?:will|shall|going to|am|are|is being|are being|about to|let me|can|happy to|"
    r"'ll|would like to|want to|plan to|need to|ready to)\b"
)
_PASSIVE = re.compile(
    r"\b(?:has|have|had|is|was|were|been|be|being|will be|are)\s+(?:not\s+)?"
    r"(?:(?:\w+ly|now|already|just|also|all|both)\s+)*$"
)
_COMPOUND = r"(?!\s+(?:window|polic\w*|request|period|limit|rules?|process|eligibility|terms|form))"
_STATUS_ADVERB = (
    r"(?:already|now|only|usually|normally|typically|all|fully|successfully|just|finally|"
    r"officially|properly)"
)
"""Adverbs of time, degree or manner between an act noun's auxiliary and its status ("your
replacement is all set up", "the refund has now been fully processed"): the status is still
said of the act."""
_NOUN_STATUS = re.compile(
    r"\b(?:refund|escalation|cancellation|replacement|credit|reset)\b"
    + _COMPOUND
    + r"(?:\s+\S+){0,6}?\s+"
    r"(?:has|have|had|is|was|were|will|should|would|can|could|may)\s+(?:not\s+)?(?:also\s+)?"
    rf"(?:{_STATUS_ADVERB}\s+){{0,2}}(?:(?:been|be)\s+(?:{_STATUS_ADVERB}\s+)?)?"
    r"(?:issued|processed|approved|initiated|submitted|completed?|confirmed|done|sent|arranged|"
    r"set\s+up|booked|organi[sz]ed|in\s+place|made|paid|credited|reversed|refunded|released|granted|given|applied|shipped|on\s+its\s+way|"
    r"dispatched|posted|mailed|gone\s+(?:through|out)|come\s+through|cleared|"
    r"coming|on\s+the\s+way|"
    r"through|pending|appear|show|arrive|reach|land|post|go\s+through|come\s+through|visible|follow|"
    r"back|in\s+your|with\s+you|come\s+(?:directly\s+|straight\s+)?from\s+(?:me|us))\b"
    r"|\b(?:refund|credit)\s+(?:" + _MONEY_TO_COME + r")\s+back\s+(?:on|to|in|into)\s+your\b"
    r"|\b(?:refund|cancellation|replacement|credit|reset)\s+(?:\S+\s+){0,3}?(?:issued|"
    r"processed|approved|initiated|submitted|completed?|confirmed|done|sent|arranged)\b"
    r"|\b(?:issued|processed|initiated|submitted|arranged|approved|put through|"
    r"set up|created|placed|scheduled|requested|ordered|logged|opened|filed|started)\s+"
    r"(?:\S+\s+){0,3}(?:refund|escalation|cancellation|replacement|credit|reset)\b"
)


def _status_denied(rest: str) -> bool:
    """Whether the act's noun heads a clause whose status verb is negated, however far the
    noun's complements push the "not" ("a refund of the $289.00 for ORD-81244 was not
    approved"): the window that reads a "not" just after the act word does not reach it."""
    status = _NOUN_STATUS.match(rest)
    if status is None:
        return False
    auxiliaries = list(_AUX.finditer(status.group(0)))
    return bool(auxiliaries) and status.group(0)[auxiliaries[-1].end() :].startswith(" not ")


_AUX = re.compile(r"\b(?:has|have|had|is|was|were|will|should|would|can|could|may)\b")
"""The auxiliary of the status verb: the last one in the match ("was not approved"), not one
among the noun's complements ("the refund for the months you have not used has been
issued")."""


_YOU_RECEIVE = re.compile(
    r"\byou\s+(?:will|should|can|are going to)?\s*(?:(?:now|also|still|then|soon|even|both)\s+)*"
    r"(?:receive|get|see|be\s+\w+ed|have)\b"
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


_CHOICE_NOTED = re.compile(
    r"^(?:(?:ok|okay|so|right|fine|alright|understood|sure)\s+)*no\s+(?![^,;]*\bfor\s+you\b)"
    r"[^,;]*\bthen$"
)
"""A verbless "no ... then" ("understood, no month at no charge then", "ok, no replacement
then"): the agent notes what the customer chose to go without; no act is denied. Not "no
refund for you then", nor a sentence that regrets it (:data:`_DECLINING`): the agent's denial."""
_DECLINING = re.compile(r"\b(?:afraid|sorry|unfortunately|sadly|regret\w*|can\W?t|cannot|unable)\b")


_ABILITY = re.compile(
    r"\b(?:can|able to)\s+(?:\w+\s+)?$"
    # a pseudo-cleft names what the agent can do: "what I can do is get you a replacement"
    r"|\bwhat\s+(?:i|we)\s+(?:can|could)\s+(?:do|offer)\s+(?:for\s+you\s+)?is\s+(?:to\s+)?"
    r"(?:\w+\s+){0,3}$"
)
_MODAL_PASSIVE = re.compile(r"\b(?:can|may|could|must)\s+(?:only\s+|also\s+)?be\s+$")
_I_PAST = re.compile(
    r"\bi\s+(?:have\s+|had\s+)?(?:already\s+|just\s+|also\s+)?(?!need)\w+ed\s+(?:\S+\s+){0,3}$"
)
_PAST_ABILITY = re.compile(r"\b(?:was|were)\s+able\s+to\s+(?:\w+\s+)?$")
_BEFORE_CONDITION = re.compile(r"\b(?:before|until)\s+(?:\S+\s+){0,3}$")
"""An act inside a "before ..." clause is a condition: "needs a review before anything is
refunded" claims no refund."""


def _tense_of(
    before: str, whole: str, conditional: bool, negated: bool = False, verb: str = ""
) -> Tense:
    if negated and re.search(r"\b(?:could not|was not able|were not able|unable)\b", before):
        return Tense.DONE
    if "would" in before:
        before = _PREFERENCE.sub(" ", before)
    if conditional or _HEDGE.search(before) or _BEFORE_CONDITION.search(before):
        return Tense.CONDITIONAL
    if not negated and _MODAL_PASSIVE.search(before):
        return Tense.CONDITIONAL  # "a renewal can only be refunded within 14 days": a rule
    if not negated and _I_PAST.search(before):
        return Tense.DONE  # "I offered you a free month": the agent reports what it did
    if not negated and _PAST_ABILITY.search(before):
        return Tense.DONE  # "I was able to cancel it": it was done
    if not negated and _ABILITY.search(before):
        return Tense.CONDITIONAL  # "the amount I can refund": an ability, not a promise
    if (
        not negated
        and _GENERIC_PASSIVE.search(before)
        and verb.endswith("ed")
        and not anchored_now(whole)  # "it's cancelled as of today": this case, now
    ):
        return Tense.CONDITIONAL  # "a duplicate charge, which is refunded in full": a rule
    if not negated and quantified_rule(before):
        return Tense.CONDITIONAL  # "any appliance that fails in a year is replaced": a rule
    if in_progress(before):
        return Tense.DONE  # "your subscription is being cancelled now": the act begun
    if _PROMISE.search(before) and not re.search(r"\b(?:have|has|had)\s+(?:\w+\s+)?$", before):
        return Tense.PROMISED
    if _DONE.search(before) or re.search(r"\bed\b", before):
        return Tense.DONE
    if re.match(r"(?:\w+ed|paid|gave)\b", verb):
        return Tense.DONE  # "switched off auto-renewal", "booked a pickup", "paid $89 back"
    if re.search(
        r"\b(?:refunded|escalated|cancell?ed|replaced|credited|passed|handed|"
        r"transferred|forwarded|referred|issued|processed|reversed|unlocked|disabled|sent|"
        r"emailed)\b",
        whole,
    ):
        return Tense.DONE
    return Tense.PROMISED


_AS_FORM = re.compile(r"\brefund\w*\s+(?:\w+\s+)?(?:as|in|into|via)\s+(?:\w+\s+)?$")
"""A credit named as the form of a refund: "refunded as store credit", "refund it in credit"."""


def _refund_form(act: Act, before: str, claims: list[Claim]) -> Claim | None:
    """The refund claim of the clause whose form a credit names ("refunded as store credit",
    "refund it in account credit"): the credit is that refund, in its tense."""
    if act is not Act.CREDIT or _AS_FORM.search(before) is None:
        return None
    return next((c for c in claims if c.act is Act.REFUND), None)


_TEAM_DID = re.compile(
    r"(?:team|department|finance|supervisor|manager|specialist)s?\s+ha(?:s|d|ve)\b"
)
_LIMIT_CLAUSE = re.compile(
    r"\b(?:amount|limit|most|maximum|more\s+than|much|sum|what|anything)\s+(?:that\s+)?(?:i|we)\s+"
    r"(?:can|could|am\s+able\s+to|are\s+able\s+to|may|am\s+allowed\s+to)\s+(?:\w+\s+)?$"
)
_BARE_NOUN = re.compile(
    r"\b(?:a|an|the|your|any|full|partial|for|this|that|of)\s+(?:full\s+|partial\s+|free\s+|"
    r"cash\s+)?$"
)
_GIVING = re.compile(
    r"\b(?:issu\w*|process\w*|giv\w*|gave|offer\w*|sen[dt]\w*|mak\w*|made|arrang\w*|approv\w*|"
    r"e-?mail(?:ed|ing)|texted|texting|messaged|mailed|"
    r"tak(?:e|en|ing)\s+care\s+of|took\s+care\s+of|"
    r"handl(?:e|ed|ing)|sort(?:ed|ing)\s+out|dealt\s+with|deal(?:ing)?\s+with|"
    r"initiat\w*|submit\w*|put\s+through|put|get|got|getting|receiv\w*|see|provid\w*|authori[sz]\w*|"
    r"start\w*|organi[sz]\w*|complet\w*|order\w*|ship\w*|book\w*|grant\w*|add\w*|"
    r"appl(?:y|ied)|set\s+up|creat\w*|open\w*|rais\w*|(?:go(?:es|ing|ne)?|went)\s+ahead\s+with|"
    r"proceed\s+with|"
    r"carry\s+out|finali[sz]e)\s+(?:\S+\s+){0,3}$"
)
_ENTITLED = re.compile(
    r"\b(?:qualif\w*\s+for|eligible\s+for|entitled\s+to|entitles\s+you\s+to|owed|due|"
    r"earns?)\s+(?:\S+\s+){0,2}?(refund|reimbursement|money\s+back|replacement)\b"
    r"|\b(refund|replacement)\s+(?:is\s+)?(?:owed|due)\b"
    r"|\b(?:is|are|was|were|be|being)\s+(?:not\s+)?(?:fully\s+|entirely\s+)?(refundable)\b"
    r"|\b(non-refundable)\b|\brefunds?\s+(?:(?:for|on|of)\s+[^,;]{0,40}?\s+)?(?:are|is)\s+(?:not\s+)?"
    r"(?:given|granted|offered|possible)\b"
)
_UNIVERSAL = re.compile(r"\b(?:any|anything|nothing|no\s+refunds?|at\s+all|whatsoever)\b")
_ME = re.compile(r"\b(?:i|let me)\b")
_REGRET = re.compile(r"\bi\s+am\s+(?:afraid|sorry)\b|\bi\s+(?:fear|think|believe)\b")
"""The agent's regret or belief about what follows ("I'm afraid refunds are only possible
..."): the agent speaks, but an act the clause grants is not the agent's (a denial after
it, "I'm afraid the charge can't be refunded", is still the agent's refusal)."""
_POLICY_CLASS = re.compile(r"\bno\s+refunds\s+(?:for|on|of)\b")
_GENERIC_PLURAL = re.compile(
    r"(?:^|[^\w\s]\s*|\b(?!(?:the|your|my|our|these|those|both|any|all|two|such|their|his|her)"
    r"\b)[a-z]+\s+)(?:refunds|replacements|cancellations|exchanges)\s+(?:are|can|may|must|only)\b"
)
"""The act's noun as a bare plural subject ("refunds are only possible within 30 days",
"I'm afraid replacements can only ship after ..."): acts of a kind, a rule, unlike "your
refunds are on their way"."""
_CONJOINED = re.compile(r"\b(?:and|but|so|or|then|while)\b")
"""Where a verb's own phrase ends: "cancelled and no further payments" negates nothing of
"cancelled"."""
_SIZE_LIMIT = re.compile(
    r"\b(?:(?:that|this|of\s+this|of\s+that)\s+(?:size|amount)|(?:this|that|so)\s+(?:large|big|high))\b"
)
_OWN_LIMIT = re.compile(r"\b(?:myself|on\s+my\s+own|personally)\b")
_HANDOFF = re.compile(
    r"\b(?:pass\w*|hand(?:s|ed|ing|over|off)?|escalat\w*|transfer\w*|forward\w*|approv\w*|finance|supervisor|"
    r"colleague|specialist|manager|team)\b"
)
"""An agent's own limit ("I can't approve that myself, so I'm passing it to finance") is a
limit, not a denial, where the sentence hands the act to someone who can."""
_STATED = re.compile(
    r"\s(?:is|are|(?:has|have)\s+(?:(?:also|already|now|just)\s+)*been|was|were)\s"
    r"|\s(?:comes?|goes?|heads?|ships?)\s+(?:out\s+)?(?:to\s+you|your\s+way)\b"
    r"|\s(?:will\s+|should\s+)?(?:ships?|dispatches)$"
    r"|\s(?:" + _MONEY_TO_COME + r")\s+back\s+(?:on|to|in|into)\s+your$"
)
"""The act stated as what happens to the money or the goods ("$44.50 is on its way", "the
right pair comes out to you", "your replacement lamp will ship")."""
_COORDINATED = re.compile(
    r"^(?:and|plus|as\s+well\s+as|along\s+with)\s+(?:also\s+)?(?:the|your|a|an|\$|\d)[^,;]*"
)
"""A clause that only adds another object to the act before it ("and the $45.00 add-on")."""
_GENERIC_PASSIVE = re.compile(
    r"(?:^|\b(?:which|that|it|they|charges|items|orders|(?:^|\b(?:a|an|any|each|every)\s+)"
    r"(?:\w+\s+)?(?:charge|item|order))\s+)(?:is|are)\s+$"
)
"""A rule about a kind of thing ("a duplicate charge, which is refunded in full", "orders are
cancelled"), not a report about the customer's own ("the rug order is cancelled")."""


_WISHED_FOR = re.compile(
    r"\s+(?:is|are|was|were)\s+(?:not\s+|never\s+)?(?:exactly\s+|quite\s+|really\s+)?what\s+"
    r"(?:you|they|he|she)\b"
)
"""An act's noun weighed against what the customer wants ("store credit isn't what you
wanted", "a refund is what you asked for"): it says nothing of the act being given or not."""
_YOU_DID = re.compile(r"\byou\s+(?:have\s+|had\s+|already\s+|just\s+)*$")
_PASSIVE_GIVING = re.compile(
    r"\b(?:is|are|was|were|be|been)\s+(?:now\s+|then\s+)?(?:sent|shipped|dispatched|issued|"
    r"arranged|created|set\s+up)\s+(?:out\s+)?(?:as\s+)?(?:a|an|the|your)\s+$"
)
"""A passive act named by its noun: "the right pair is sent out as a replacement"."""
_GOODS_BACK = re.compile(r"^(?:sen[dt]|ship\w*|post\w*|mail\w*)\b")
_MONEY = re.compile(r"\$|\d|\b(?:money|funds?|amount|refund|payment|cash|price)\b")
_PAYMENT_THING = re.compile(r"\b(?:card|cards|debit|bank\s+account)\b")
_OUR_THING = re.compile(
    r"\b(?:order|subscription|plan|membership|renewal|booking|(?<!bank\s)account|service|"
    r"trial|delivery|auto-?renew\w*)\b"
)


def _prior(sentence: str, clause: str) -> str:
    """The lower-cased sentence before ``clause`` ("" when the clause opens it)."""
    low = expand_contractions(sentence.lower())
    at = low.find(clause[:20])
    return low[:at] if at > 0 else ""


def _claims_in(
    clause: str,
    following: str,
    sentence: str,
    conditional: bool,
    negated: bool,
    teams: tuple[str, ...],
) -> list[Claim]:
    claims: list[Claim] = []
    amounts = _claimed_amounts(clause) or _claimed_amounts(following)
    # "I refunded the $12.95 fee and the $74.00 for the set": coordinated objects share the act
    joined = _COORDINATED.match(following)
    if joined and _claimed_amounts(clause):
        amounts += _claimed_amounts(joined.group(0))
    context = f"{clause} {following}".strip()
    # "nothing will be refunded" denies every refund; "no refunds for past months" is a policy
    # about one kind of charge
    universal = (
        negated and _UNIVERSAL.search(clause) is not None and not _POLICY_CLASS.search(clause)
    )
    entitled = _ENTITLED.search(clause)
    if entitled and not conditional:
        # "renewals are refundable only within 14 days": a rule about a kind of thing
        # (a generic denial, "shipping fees aren't refundable", still denies this one)
        rule = not negated and (
            (entitled.group(3) is not None and generic_subject(clause[: entitled.start()]))
            or _GENERIC_PLURAL.search(clause) is not None  # "refunds are possible only ..."
        )
        claims.append(
            Claim(
                Act.REPLACE if "replacement" in entitled.group(0) else Act.REFUND,
                not negated and "non-refundable" not in entitled.group(0),
                Tense.CONDITIONAL if rule else Tense.PROMISED,
                amounts,
                (),
                False,
                sentence,
                universal,
                context,
            )
        )
        return claims
    for act, pattern in _ACT_VERBS:
        m = pattern.search(clause)
        while m is not None and _other_sense(act, clause, m):
            m = pattern.search(clause, m.end())  # "noise-cancelling ... and I've cancelled it"
        if m is None or any(c.act is act for c in claims):
            continue
        before = clause[: m.start()]
        goods = _GOODS_BACK.match(m.group(0)) and m.group(0).endswith("back")
        if act is Act.REFUND and goods and not _money_sent_back(m.group(0), clause[m.end() :]):
            continue  # "nothing needs to be sent back": the goods go back, not money
        if act is Act.REFUND and _goods_come_back(m.group(0), clause[m.end() :]):
            continue  # "nothing needs to come back to us": the goods, not money
        if _YOU_DID.search(before) and re.match(r"\w+ed\b", m.group(0)):
            continue  # "you ended the plan on November 3": the customer's own act
        if customer_gerund(before, m.group(0).split()[0]):
            continue  # "you were charged after cancelling": the customer's own act
        if judged_wish(clause[m.end() :]):
            continue  # "a voucher is not what you wanted": the wish judged, no act denied
        near = f"{before[-25:]} {clause[m.end() : m.end() + 20]}"
        if act is Act.CANCEL and _PAYMENT_THING.search(near) and not _OUR_THING.search(near):
            continue  # "as that card was cancelled": the bank's act on a card, not ours
        # "Refunded: $86.50", "Plan cancelled today", "Refunded the $10.00 surcharge" (the
        # agent's own act): a report in a note's grammar (sim/telegraphic.py); "Cancelled
        # StreamPlus": the thing acted on named by its name (sim/ending_words.py)
        headline = headline_report(before, m.group(0), clause[m.end() :])
        own = headline is Headline.OWN or named_object_report(before, m.group(0), clause[m.end() :])
        bare = headline is not None or own
        team_did = act is Act.ESCALATE and _TEAM_DID.match(m.group(0)) is not None
        # "the money is already back on your card": the match states the refund itself
        stated = (
            act in (Act.REFUND, Act.ESCALATE, Act.REPLACE)
            and _STATED.search(m.group(0)) is not None
        )
        stated = stated or _in_mailbox(act, before, sentence, m.group(0))
        # "cancellation is no longer possible": the act itself said not to be possible
        ruled_out = act_ruled_out(before, m.group(0), clause[m.end() :])
        nominal = nominal_report(clause)  # "Replacement of the green throw arranged."
        # "that's a refund of $160.00, which I've issued to your card"
        nominal = nominal or relative_report(clause[m.end() :], following)
        if (
            not team_did
            and not stated
            and not ruled_out
            and not nominal
            and _BARE_NOUN.search(before)
            and not (_GIVING.search(before) or _NOUN_STATUS.search(clause[m.start() :]))
        ):
            continue  # "take it back for a refund", "the refund window": not an act claimed
        if _LIMIT_CLAUSE.search(before):
            continue  # "above the amount I can refund myself": a limit, not an offer
        if _WISHED_FOR.match(clause[m.end() :]):
            continue  # "a voucher isn't what you wanted": the act weighed against a wish
        if _CHOICE_NOTED.match(clause) and not _DECLINING.search(sentence.lower()):
            continue  # "understood, no free month then": the customer's choice, noted
        agent = _AGENT_SUBJECT.search(before) is not None or _TEAM_DID.match(m.group(0)) is not None
        passive = (
            _PASSIVE.search(before) is not None
            or m.group(0).startswith("on ")
            or stated
            or _PASSIVE_GIVING.search(before) is not None
        )
        noun = (_NOUN_STATUS.search(clause) is not None or nominal) and act is not Act.ESCALATE
        received = _YOU_RECEIVE.search(before + m.group(0)) is not None
        if (_CUSTOMER_SUBJECT.search(before) or wanting(before)) and not received:
            continue  # "you'd like your money back", "I understand wanting your money back"
        if _SECOND_PARTY.search(before) and not agent:
            continue
        refusal = elided_refusal(before)  # "can't refund it here, since ..."
        if not (
            agent
            or bare
            or passive
            or noun
            or received
            or _NOBODY.search(before) is not None
            or impersonal_denial(before)  # "it is not possible to cancel it"
            or refusal
            or ruled_out
            or "no " + m.group(0) in clause
            or m.group(0).startswith(("nothing ", "no money", "none of"))
            or re.search(r"\b(?:nothing|no)\b.*\b(?:be|been)\s*$", before)
        ):
            continue
        negated = (
            ruled_out
            or _negated(reach(time_clause_tail(before)) + m.group(0))
            or _status_denied(clause[m.start() :])
            or (
                _negated(clause)
                and not re.search(r"\b(?:that|which|who)\b", clause[m.end() :])
                and _negated(_CONJOINED.split(clause[m.end() : m.end() + 30])[0])
            )
        )
        if negated and act is Act.RESET and second_factor_only(m.group(0)):
            continue  # "can't disable 2FA over chat": no tool does it, nothing is denied
        tense = (
            Tense.DONE
            if _TEAM_DID.match(m.group(0))
            else _tense_of(tense_words(before), clause, conditional, negated, m.group(0))
        )
        if negated and (
            _SIZE_LIMIT.search(clause)
            or (_OWN_LIMIT.search(clause) and _HANDOFF.search(sentence.lower()))
        ):
            tense = Tense.CONDITIONAL  # "I can't approve a refund that size myself": a limit
        if ruled_out and condition_follows(following):
            tense = Tense.CONDITIONAL  # "cancellation is not possible once it ships": a rule
        if stated and tense is not Tense.CONDITIONAL and not negated:
            tense = _stated_tense(act, m.group(0), sentence)  # "the money is back on your card"
        if nominal and not negated:
            tense = Tense.DONE  # "Refund for the late fee processed."
        if (
            embedded_question(before)
            or unasserted(before)
            or (wished(before) and not _AGENT_SUBJECT.search(clause[m.end() :]))
        ):
            # "How you still get your money back:"; "you'd rather have the money back" (not
            # "because you'd prefer a card refund I've refunded it": the agent's act follows)
            tense = Tense.CONDITIONAL
        if (
            tense is Tense.CONDITIONAL
            and not conditional
            and named_antecedent(before, _prior(sentence, clause))
        ):
            tense = Tense.DONE  # "ORD-40217 had not shipped, so it is cancelled"
        status = _NOUN_STATUS.search(clause[m.start() :]) if m.start() == len(before) else None
        if noun and status is not None and tense is not Tense.CONDITIONAL and not negated:
            # "your refund has been approved" is done; "your refund will be issued" promised;
            # "your refund will appear" says it exists (unless it waits on a condition)
            said = status.group(0)
            if re.search(r"\b(?:will|shall|going\s+to)\b", said):
                arrives = re.search(
                    r"\b(?:appear|show|arrive|reach|land|post|visible|back)\b", said
                )
                waits = re.search(
                    r"\b(?:once|after|when|if|as\s+soon\s+as|until)\b", sentence.lower()
                )
                # money said to arrive exists; a reset link said to land is how it works
                money = act in (Act.REFUND, Act.CREDIT)
                tense = Tense.DONE if arrives and not waits and money else Tense.PROMISED
            elif re.search(r"\b(?:has|have|had|was|were|been|is\s+on)\b", said):
                tense = Tense.DONE
            elif completed_state(before, said, clause[m.start() + status.end() :]):
                tense = Tense.DONE  # "your plan cancellation is confirmed": a state reached
            elif kind_in_present(before, said, clause):
                tense = Tense.CONDITIONAL  # "a refund of that size is approved by finance"
        if tense is Tense.DONE and _awaits_event(before, clause[m.end() :], following):
            tense = Tense.CONDITIONAL  # "the $139.99 is refunded when the return arrives"
        if _POLICY_CLASS.search(clause) and not _ME.search(before):
            tense = Tense.CONDITIONAL  # "no refunds for past months": a rule, not this ticket
        if not negated and _GENERIC_PLURAL.search(clause):
            tense = Tense.CONDITIONAL  # "refunds are only possible within 30 days": a rule
        if tense is Tense.DONE and cover_means(before):
            tense = Tense.PROMISED  # "your cover means it is replaced": owed, not yet done
        if tense is Tense.PROMISED and generic_object(before, clause[m.end() :]):
            tense = Tense.CONDITIONAL  # "we only refund duplicate charges": the policy
        if (
            tense is Tense.PROMISED
            and not negated
            and generic_act_noun(before, m.group(0), clause[m.end() :])
        ):
            tense = Tense.CONDITIONAL  # "we can only give refunds within 45 days": the policy
        form = _refund_form(act, before, claims)
        if form is not None:
            tense = form.tense  # "sale items are refunded as store credit": the refund's form
        if received and tense is Tense.DONE and not passive:
            tense = Tense.PROMISED
        if (
            tense is Tense.PROMISED
            and not negated
            and condition_after(clause[m.end() :], following)
        ):
            tense = Tense.CONDITIONAL  # "I'll refund it, should the item not arrive"
        claims.append(
            Claim(
                act=act,
                positive=not negated,
                tense=tense,
                amounts=amounts,
                teams=teams if act is Act.ESCALATE else (),
                by_me=_ME.search(before if negated else _REGRET.sub(" ", before)) is not None
                or own
                or refusal
                or _FROM_ME.match(clause[m.end() :]) is not None,
                sentence=sentence,
                universal=universal,
                context=context,
            )
        )
    return claims


_FROM_ME = re.compile(
    r"(?:\s+\S+){0,4}?\s+(?:will|would|is\s+going\s+to)\s+come\s+(?:directly\s+|straight\s+)?"
    r"from\s+me\b|(?:\s+\S+){0,4}?\s+(?:will\s+be|is)\s+(?:issued|sent|processed|made)\s+by\s+me\b"
)
"""The agent named as the act's source after the act's noun ("the refund itself will come
from me", "the refund will be issued by me"): its own act, as "I will refund" is."""


_SECOND_FACTOR = re.compile(r"\b(?:2fa|two-?\s?factor|two-?\s?step|authentication|mfa)\b")
_PASSWORD = re.compile(r"\b(?:password|login|account)s?\b")


def second_factor_only(act_words: str) -> bool:
    """Whether the words of a reset act name the second factor and not the password or the
    account ("disable 2fa", "turn off two-factor authentication"): denied, it denies what no
    agent tool does ("I can't disable 2FA over chat"), so the password reset the agent sent
    does not contradict it."""
    return _SECOND_FACTOR.search(act_words) is not None and _PASSWORD.search(act_words) is None


def _other_sense(act: Act, clause: str, m: re.Match[str]) -> bool:
    """Whether the act word at ``m`` names no act on the customer's things: a rule changed
    ("that rule was replaced") or a sound cancelled ("the noise cancelling")."""
    before, after = clause[: m.start()], clause[m.end() :]
    if act is Act.CANCEL and signal_cancelling(before, after):
        return True
    return rule_patient(before, after)


_OWN_SENT = re.compile(
    r"\b(?:i|we)\s+(?:have\s+|had\s+)?(?:just\s+|already\s+)?(?:sent|e-?mailed|issued)\b"
)
"""A link named with the agent's own sending of it: "the reset email I've just sent"."""
_THERE_IS = re.compile(
    r"\bthere\s+(?:is|are)\s+(?:now\s+|already\s+)?(?:a|an|the|your)\s+(?:new\s+|fresh\s+)?"
    # the link inside a message that is there: "there's an email from us with a link to ..."
    r"(?:(?:e-?mail|message)\s+(?:\S+\s+){0,4}?(?:with|containing)\s+(?:a|an|the)\s+)?$"
)
_MAILBOX = re.compile(r"\b(?:inbox|mailbox|e-?mail|mail|spam|junk)\b")


_WAITING = re.compile(r"\s(?:waiting|sitting|in\s+your\s+(?:inbox|e-?mail|mailbox))$")


def _in_mailbox(act: Act, before: str, sentence: str, said: str) -> bool:
    """A reset link said to be there in the customer's mail ("a reset email is waiting in
    your inbox", "check your inbox: there's a link to set a new password") or named with the
    agent's sending of it ("the reset link we just emailed"): it was sent. A link on a
    sign-in page is not."""
    if act is not Act.RESET:
        return False
    if _WAITING.search(said) or _OWN_SENT.search(said):
        return True  # "... is waiting in your inbox", "the reset link I just sent"
    return _THERE_IS.search(before) is not None and _MAILBOX.search(sentence.lower()) is not None


_PRESENT_PASSIVE = re.compile(r"\b(?:is|are)\s+(?:\w+ly\s+|then\s+|only\s+)?$")
_EVENT_AFTER = re.compile(
    r"^(?:\s*\S+){0,5}?\s*\b(?:when|once|after|as\s+soon\s+as|upon|on\s+receipt|if)\b"
)
"""An event named right after the act (within a few words), not a later clause's "when"."""


_NOUN_PRESENT_PASSIVE = re.compile(r"^\s+(?:\S+\s+){0,3}?(?:is|are)\s+(?:\w+ed|sent|paid|given)\b")
_NOTE_PARTICIPLE = re.compile(r"^\s+(?:\w+ed|sent|paid|given)\b")
"""The act's noun and its participle in a note's grammar, no auxiliary: "(refund issued when
we receive it)"."""


_FUTURE = re.compile(r"\b(?:will|should|would|going)\b")
_WAITS_ON = re.compile(r"\b(?:once|after|when|if|as\s+soon\s+as|until)\b")


def _stated_tense(act: Act, said: str, sentence: str) -> Tense:
    """The tense of money said to be back or on its way: done ("$44.50 is on its way", "the
    $48.00 will go back to your card": it exists), but promised when its way back is still to
    come and waits on an event ("the $74.00 will be back on your card after the return is
    scanned": nothing is refunded until then). Goods stated to ship ("your replacement will
    ship when the old one is back") are done: the replacement arranged exists."""
    if act is Act.REFUND and _FUTURE.search(said) and _WAITS_ON.search(sentence.lower()):
        return Tense.PROMISED
    return Tense.DONE


def _awaits_event(before: str, after: str, following: str = "") -> bool:
    """An act in the present passive tied to an event still to come ("the $139.99 is refunded
    when the return arrives", "the refund is issued once the parcel reaches us"): how the
    process goes, not a report that it happened."""
    passive = _PRESENT_PASSIVE.search(before) or _NOUN_PRESENT_PASSIVE.match(after)
    if passive is None and _NOTE_PARTICIPLE.match(after) is None:
        return False
    if _EVENT_AFTER.match(after):
        return True
    # the event may open the next clause ("the refund is issued, once the parcel is back");
    # a note's participle reports the act done ("Reset link sent, which unlocks it once ...")
    return (
        passive is not None
        and len(after.split()) <= 5
        and _EVENT_AFTER.match(following) is not None
    )


_OBLIGED = re.compile(
    r"\b(?:needs?|has|have)\s+to\s+(?:\w+\s+)?come\s+back\b|\bmust\s+come\s+back\b"
)
_TO_US = re.compile(
    r"^\s+(?:to\s+(?:us|me|the\s+(?:\w+\s+)?(?:warehouse|store|shop|seller|sender|depot))|here)\b"
)


def _goods_come_back(said: str, after: str) -> bool:
    """Whether "nothing ... comes back" speaks of the goods: what is obliged to come back
    ("nothing needs to come back") or comes back to the shop ("nothing comes back to us")
    is the customer's return, not money; "nothing comes back to you" still denies a
    refund, and money named in the match is money."""
    if not said.startswith("nothing") or _MONEY.search(said) is not None:
        return False
    return _OBLIGED.search(said) is not None or _TO_US.match(after) is not None


def _money_sent_back(said: str, after: str) -> bool:
    """Whether what is "sent back" is money: the match names money, or it goes back to a card,
    a bank or a payment method ("the $86.40 has been sent back to your card"), where goods
    never go."""
    return _MONEY.search(said) is not None or TO_PAYMENT.match(after) is not None


def names_act(text: str) -> bool:
    """Whether lower-case ``text`` uses one of the act verbs the claim reader knows."""
    return any(p.search(text) for _, p in _ACT_VERBS)


# -- the reader -----------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def read(text: str) -> Reading:
    """Read ``text`` (pure and cached: the same text always gives the same reading)."""
    return _read(text)


def _read(text: str) -> Reading:
    clauses: list[Clause] = []
    claims: list[Claim] = []
    listed: list[int] = []  # claims with no sum of their own that open a list ("...:")
    header = ""  # "here's what I've set up:": the list's items are the agent's acts
    label = ""  # "Your new reset link:": the act the next line's participle reports
    for sentence in _split_sentences(_normalize(text)):
        said, claimed = _read_sentence(sentence)
        if clauses and said and not any(c.act is Act.RESET for c in claimed):
            claimed += _pronoun_link(said, clauses) or _link_by_head_noun(sentence, clauses)
        claimed = (
            claimed or _listed_claims(header, said, sentence) or _under_label(label, said, sentence)
        )
        header = _header_of(sentence, said, header)
        label = _label_of(sentence, said)
        if any(_PRONOUN_OBJECT.search(c.context) for c in claimed):
            claimed = _with_antecedent(claimed, clauses, said)
        sums = tuple(a for c in said for a in _claimed_amounts(c.text)) if listed else ()
        if sums and not claimed:  # the list's items, up to the first without a sum
            for i in listed:
                claims[i] = replace(claims[i], amounts=claims[i].amounts + sums)
        else:
            listed = []
        clauses += said
        claims += claimed
        if sentence.rstrip().endswith(":"):
            listed += [
                len(claims) - len(claimed) + i for i, c in enumerate(claimed) if not c.amounts
            ]
    return Reading(text=text, clauses=tuple(clauses), claims=tuple(claims))


def _pronoun_link(said: tuple[Clause, ...], earlier: list[Clause]) -> tuple[Claim, ...]:
    """A reset link sent as "it" or "one", named in an earlier sentence (:mod:`sim.anaphora`)."""
    if said[0].question:
        return ()
    low = ", ".join(c.text for c in said)
    sent = link_sent_by_pronoun(low, " ".join(c.text for c in earlier[-12:]))
    if sent is None:
        return ()
    by_me = low.startswith("i ") or " i " in low
    return (Claim(Act.RESET, sent, Tense.DONE, (), (), by_me, said[0].sentence, context=low),)


def _link_by_head_noun(sentence: str, earlier: list[Clause]) -> tuple[Claim, ...]:
    """The reset claims of a sentence that names a reset link by its head noun alone ("I
    can't send a new link while the old one is active"), read with the link named in full
    (:func:`sim.anaphora.full_link_name`); the claims keep the sentence as written."""
    full = full_link_name(_lower_words(sentence), " ".join(c.text for c in earlier[-12:]))
    if full is None:
        return ()
    return tuple(
        replace(c, sentence=sentence) for c in _read_sentence(full)[1] if c.act is Act.RESET
    )


def _header_of(sentence: str, said: tuple[Clause, ...], header: str) -> str:
    """The text of a sentence that opens a list of the agent's done acts, else the open
    header while the list goes on (items with no act end it)."""
    if sentence.rstrip(" *_").endswith(":") and report_header(
        expand_contractions(sentence.lower())
    ):
        return " ".join(c.text for c in said)
    return header if header and said and listed_act(said[0].text) else ""


def _label_of(sentence: str, said: tuple[Clause, ...]) -> str:
    """A sentence that is only an act's name over what follows ("**Your new reset link**"
    over "- Sent just now to your email"), as the label of a "label: value" line; else ""."""
    if len(said) != 1 or not sentence.rstrip(" *_").endswith(":"):
        return ""
    text = said[0].text.rstrip(": ")
    return text if act_label(text) is not None else ""


def _under_label(label: str, said: tuple[Clause, ...], sentence: str) -> tuple[Claim, ...]:
    """The line under an act's label read as its value (:mod:`sim.labelled`): "Your new reset
    link:" then "Sent just now to the email on your account" reports the link sent."""
    if not label or not said or said[0].question:
        return ()
    line = f"{label}: {_lower_words(sentence).strip()}"
    act = labelled_report(line)
    if act is None:
        return ()
    amounts = _claimed_amounts(said[0].text)
    return (Claim(Act(act), True, Tense.DONE, amounts, (), False, sentence, context=line),)


def _listed_claims(header: str, said: tuple[Clause, ...], sentence: str) -> tuple[Claim, ...]:
    """An item of a list under a report of the agent's own acts, named by its act's noun."""
    if not header or not said or said[0].question:
        return ()
    act = listed_act(said[0].text)
    if act is None:
        return ()
    context = f"{header} {' '.join(c.text for c in said)}"
    return (Claim(Act(act), True, Tense.DONE, (), (), True, sentence, context=context),)


_PRONOUN_OBJECT = re.compile(
    r"^(?:(?:and|so|but|then)\s+)?(?:i|we)\s+(?:have\s+|had\s+)?(?:now\s+|just\s+|already\s+|"
    r"also\s+)*(?:refunded|reimbursed|reversed|refund|reverse)\s+(?:it|that|this|them|those)"
    r"(?!\s+\S*\d)\b"
    r"|^(?:(?:and|so|but|then)\s+)?(?:it|that|this|they|those)\s+(?:has|have|had|was|were|is|are)\s+"
    r"(?:not\s+|never\s+)?(?:(?:now|just|already|also)\s+)*(?:been\s+)?(?:refunded|reimbursed|"
    r"reversed)\b(?!\s+\S*\d)"
)
"""A refund of "it": the sum is the one named before ("the renewal of $12.99 should never
have gone through: I've refunded it in full", "..., so it has been refunded in full"), also
where it is denied ("the $86.40 for the bedding was correct, so it isn't refunded")."""


def _opens(context: str, clause: str) -> bool:
    """Whether a claim's context opens with ``clause``, as read ("and refunded it" is read
    "and i have refunded it" after the agent's own verb)."""
    return context.startswith(clause) or context.startswith(
        _AND_VERB.sub(r"\1 i have \2", clause, count=1)
    )


def _with_antecedent(
    claimed: tuple[Claim, ...], earlier: list[Clause], said: tuple[Clause, ...]
) -> tuple[Claim, ...]:
    """Refund claims of "it" with no sum of their own take the last sum named before them in
    the sentence, else in the sentence before (a sum paid, not a price: "$116.10 of the
    $129.00"), unless an earlier claim of the sentence already carries it ("the $19.99 is on
    its way back; I've refunded it" is one refund)."""
    out: list[Claim] = []
    for claim in claimed:
        if claim.act is Act.REFUND and not claim.amounts and _PRONOUN_OBJECT.search(claim.context):
            at = next((i for i, c in enumerate(said) if _opens(claim.context, c.text)), 0)
            before = [c for c in said[:at] if c.amounts]
            if not before:
                sentence = earlier[-1].sentence if earlier else None
                before = [c for c in earlier if c.sentence == sentence and c.amounts]
            sums = _claimed_amounts(before[-1].text)[-1:] if before else ()
            if sums and not any(set(sums) & set(c.amounts) for c in out):
                claim = replace(claim, amounts=sums)
        out.append(claim)
    return tuple(out)


@lru_cache(maxsize=16384)
def _read_sentence(sentence: str) -> tuple[tuple[Clause, ...], tuple[Claim, ...]]:
    """The clauses and claims of one sentence (a sentence reads the same in any text:
    customers' and agents' messages that are new as a whole repeat known sentences).
    Cached :func:`_sentence_reading` (pure; mutmut skips decorated functions)."""
    return _sentence_reading(sentence)


def _sentence_reading(sentence: str) -> tuple[tuple[Clause, ...], tuple[Claim, ...]]:
    """:func:`_read_sentence` uncached: the sentence split into clauses, each clause's claims."""
    clauses: list[Clause] = []
    claims: list[Claim] = []
    question = sentence.rstrip("\"') ").endswith("?")
    low_sentence = _lower_words(sentence)
    teams = tuple(dict.fromkeys(m.group(0) for m in _TEAM_WORDS.finditer(low_sentence)))
    parts = [
        q
        for p in _CLAUSE_SPLIT.split(low_sentence)
        if p and p.strip()
        for r in _request_split(p)
        for a in subordinate_clauses(r)  # "nothing comes back | as i have escalated it"
        for q in coordinated_verbs(a)  # "will not renew | and stays active"
    ]
    parts = relative_lifted(parts)  # "the refund | which i could not | has been issued"
    conditional_sentence = bool(_CONDITIONAL.search(low_sentence.strip())) or conditional_opening(
        low_sentence
    )
    speaker = False
    read_with_subject: set[int] = set()
    for index, part in enumerate(parts):
        low = part.strip(" .!?\"'")
        words = _WORD.findall(low)
        negated = _negated(low)
        opens = _CONDITIONAL.search(low) is not None and _RELATIVE_WHEN.match(low) is None
        conditional = (
            opens
            or (conditional_sentence and not (index and (_RESULT.match(low) or already_done(low))))
            # "set a new password with it | and your account is unlocked"
            or (index > 0 and imperative_condition(parts[index - 1], low))
        )
        clause = Clause(
            text=low,
            sentence=sentence,
            negated=negated,
            question=question,
            salad=_salad(_WORD.findall(one_word_addresses(low)), len(_NUMERAL.findall(low)))
            or (
                len(words) >= 7
                and _salad(
                    _WORD.findall(one_word_addresses(low_sentence)),
                    len(_NUMERAL.findall(low_sentence)),
                )
            )
            or span_as_object(low_sentence)
            or bound_nonsense(low_sentence),
            conditional=conditional,
            amounts=_amounts(low),
            durations=_durations(low),
            percents=_percents(low),
            words=tuple(w for w in words if w not in FUNCTION_WORDS),
        )
        clauses.append(clause)
        low = carried_subject(parts[index - 1], low) if index else low  # "but [we] replaced it"
        if _FIRST_PERSON.search(low) and not _AND_VERB.match(low):
            speaker = True
        elif _AND_VERB.match(low) and speaker:
            low = _AND_VERB.sub(r"\1 i have \2", low, count=1)  # "... and refunded $90"
        if not question and not clause.salad and index not in read_with_subject:
            # what the claim is about may follow it: "I've refunded 50%, $44.50, against
            # your order ORD-40311" (up to two more clauses, up to the next act)
            after: list[str] = []
            for nxt in parts[index + 1 : index + 3]:
                nxt = nxt.strip(" .!?\"'")
                if any(p.search(nxt) for _, p in _ACT_VERBS):
                    break
                after.append(nxt)
            following = _across_aside(parts, index) or " ".join(after)
            found = _claims_in(low, following, sentence, conditional, negated, teams)
            joined = None if found else _past_apposition(low, parts, index)
            if joined is not None:  # "the right pair, the black ANC, comes out to you"
                found = _claims_in(joined, "", sentence, conditional, negated, teams)
                read_with_subject.add(index + 2)  # its verb is read here, not again alone
            if not found:  # "Refund of $12.99 (Nov 15 charge) done"
                found = _bracketed_claims(sentence, parts, index, conditional, teams)
            claims += [c for c in found if not _card_cancelled(c, parts[:index])]
            later = " ".join(p.strip(" .!?\"'") for p in parts[index + 1 : index + 3])
            claims += _replacement_sent(low, later, sentence, conditional, claims)
    if not question:
        claims += _refund_of_it(parts, claims, sentence)
        claims += _replacement_of_it(parts, claims, sentence)
    if not question and not any(c.act is Act.RESET for c in claims):
        claims += _link_claims(low_sentence, sentence)
    if not question and not claims:
        claims += _labelled_claims(low_sentence, sentence)
    if not question:
        claims += _aspect_claims(clauses, low_sentence, sentence, claims, teams)
        claims = _declined_claims(low_sentence, sentence, claims)
        claims = [c for c in claims if not _goods_got_back(c, low_sentence)]
        claims += _pro_verb_claims(low_sentence, sentence, claims)
    if not question and not any(c.act is Act.CANCEL for c in claims):
        claims += _ended_claims(low_sentence, sentence)
    return tuple(clauses), tuple(claims)


def _refund_of_it(parts: list[str], claims: list[Claim], sentence: str) -> list[Claim]:
    """A refund promised as "it" ("you qualify for a full refund of $289.00; as soon as my
    supervisor approves, I'll issue it"): the refund named by an earlier claim of the sentence,
    with its sums, promised by the agent in the clause that issues it."""
    named = next((c for c in claims if c.act is Act.REFUND and c.positive and c.amounts), None)
    if named is None:
        return []
    out: list[Claim] = []
    for part in parts:
        low = part.strip(" .!?\"'")
        if issue_of_it(low) and not named.context.startswith(low):
            out.append(
                Claim(
                    Act.REFUND, True, Tense.PROMISED, named.amounts, (), True, sentence, context=low
                )
            )
    return out


_REPLACEMENT_NAMED = re.compile(r"\breplacements?\b")


def _replacement_of_it(parts: list[str], claims: list[Claim], sentence: str) -> list[Claim]:
    """A replacement reported as "it" ("the pair you ordered goes out to you as a replacement;
    I've set that up"): the agent's act on the replacement an earlier clause of the sentence
    named, where no claim of the sentence reads a replacement already."""
    if any(c.act is Act.REPLACE for c in claims):
        return []
    for at, part in enumerate(parts):
        low = part.strip(" .!?\"'")
        named = any(_REPLACEMENT_NAMED.search(p.lower()) for p in parts[:at])
        if named and set_up_of_it(low):
            return [Claim(Act.REPLACE, True, Tense.DONE, (), (), True, sentence, context=low)]
    return []


_PRONOUN_CANCELLED = re.compile(
    r"^(?:(?:since|as|because|now\s+that|and|but|so)\s+)?(?:that|it|this)\s+(?:has|had|was|is)\s+"
    r"(?:now\s+|already\s+)?(?:been\s+)?cancell?ed\b"
)
_CARD_BEFORE = re.compile(r"\bcards?\b(?:\s+ending(?:\s+in)?\s+\d{4})?[^a-z]*$")


def _card_cancelled(claim: Claim, before: list[str]) -> bool:
    """Whether a cancellation claimed of "that" or "it" is of the payment card named just
    before, in the clauses ``before`` it ("it's gone to the card ending 2231 - since that's
    been cancelled, your bank forwards it"): a card the customer's bank cancelled, not an act
    of the agent's."""
    if claim.act is not Act.CANCEL or not before or not _PRONOUN_CANCELLED.match(claim.context):
        return False
    return _CARD_BEFORE.search(" ".join(p.strip() for p in before)) is not None


def _bracketed_claims(
    sentence: str, parts: list[str], index: int, conditional: bool, teams: tuple[str, ...]
) -> list[Claim]:
    """The claims of a clause read across a bracketed aside (:func:`_across_brackets`), where
    the part after the aside claims nothing on its own ("has been cancelled" after "your order
    (ORD-1)" is read there already)."""
    across = _across_brackets(_lower_words(sentence), parts, index)
    if across is None:
        return []
    joined, aside, after = across
    rest = parts[after].strip(" .!?\"'")
    if _claims_in(rest, "", sentence, conditional, _negated(rest), teams):
        return []
    return _claims_in(joined, aside, sentence, conditional, _negated(joined), teams)


def _replacement_sent(
    low: str, following: str, sentence: str, conditional: bool, claims: list[Claim]
) -> tuple[Claim, ...]:
    """Goods sent "as a replacement" (:func:`sim.replacement_words.goods_as_replacement`),
    where the sentence has no replacement claim yet."""
    at = goods_as_replacement(low, following)
    if at is None or any(c.act is Act.REPLACE and c.sentence == sentence for c in claims):
        return ()
    negated = _negated(low[: at + 12])
    tense = _tense_of(low[:at], low, conditional, negated, low[at:].split(" ", 1)[0])
    me = _ME.search(low[:at]) is not None
    return (Claim(Act.REPLACE, not negated, tense, (), (), me, sentence, context=low),)


def _declined_claims(low: str, sentence: str, claims: list[Claim]) -> list[Claim]:
    """``claims`` read with an act declined by the consequence it would have
    (:mod:`sim.counterfactual`): the act in the unreal condition ("if I refunded it as well,
    you could be paid twice") is the hypothesis of a refusal, not an offer, so its conditional
    claim gives way to a denial (unless the sentence already denies the act)."""
    act = declined_by_consequence(low)
    if act is None:
        return claims
    kept = [
        c
        for c in claims
        if not (c.act.value == act and c.positive and c.tense is Tense.CONDITIONAL)
    ]
    if any(c.act.value == act and not c.positive for c in kept):
        return kept
    return [*kept, Claim(Act(act), False, Tense.PROMISED, (), (), False, sentence, context=low)]


_GOT_IT_BACK = re.compile(r"\b(?:get|gets|got|have|receive|receives)\s+it\s+back\b")
_IT_DELIVERED = re.compile(
    r"\bit\s+(?:is|was|gets|got|has\s+been|comes|came|goes|went)\s+(?:\w+\s+)?(?:delivered|shipped|"
    r"posted|dispatched|returned\s+to\s+(?:us|the\s+sender|sender)|sent\s+back|back\s+to\s+us)\b"
    r"|\bit\s+(?:arrives|arrived|lands|landed|turns\s+up|turned\s+up)\b"
)
""""it" as the subject of the goods' own journey ("if it is delivered to the old flat")."""


def _goods_got_back(claim: Claim, low: str) -> bool:
    """Whether a refund claim read from "get it back" is about the goods: the pronoun's
    antecedent, earlier in the sentence, is the subject of a delivery ("if it is delivered
    to the old flat and you get it back, you can return it"), so "it" is the parcel, not the
    money, and nothing is refunded by these words."""
    if claim.act is not Act.REFUND or not claim.positive:
        return False
    if not _GOT_IT_BACK.search(claim.context) or _MONEY.search(claim.context):
        return False
    got = _GOT_IT_BACK.search(low)
    return got is not None and _IT_DELIVERED.search(low[: got.start()]) is not None


_PRO_VERB = re.compile(
    r"\b(?:i|we)\s+(?:have\s+|had\s+)?(?:(?:now|just|already|gone\s+ahead\s+and)\s+)?"
    r"(?:done|did)\s+(?:that|so|this|it)\b(?!\s+(?:is|was|will|has)\b)"
)
"""The agent's act named by a pro-verb ("so I have done that for you", "and we did so
today"): the verb it stands for is the act named before it in the sentence."""
_ASKED_FOR = re.compile(r"\b(?:prefer\w*|rather|want\w*|wish\w*|like|asked|request\w*)\b")
"""The customer's wish or request the act answers ("you'd prefer to cancel", "you asked me
to refund it"): what makes the pro-verb report this act, not an act in general ("cancelling
is easy and I've done it for many customers")."""


def _pro_verb_claims(low: str, sentence: str, claims: list[Claim]) -> tuple[Claim, ...]:
    """The act a pro-verb of the agent's reports done ("you'd prefer to cancel, so I've done
    that for you now": cancelled): the last act verb before it in the sentence, where the
    customer wished or asked for it, unless the sentence already reports that act done or
    the pro-verb is negated or conditional."""
    found = _PRO_VERB.search(low)
    if found is None:
        return ()
    before = low[: found.start()]
    pieces = [p.strip() for p in _CLAUSE_SPLIT.split(before) if p and p.strip()]
    if _negated(low[found.start() : found.end() + 12]) or (
        pieces and _CONDITIONAL.search(pieces[-1])
    ):
        return ()
    named = [(m.start(), act) for act, p in _ACT_VERBS for m in p.finditer(before)]
    if not named or not _ASKED_FOR.search(before):
        return ()
    act = max(named, key=lambda n: n[0])[1]
    if any(c.act is act and c.positive and c.tense is Tense.DONE for c in claims):
        return ()
    context = low[found.start() :].strip(" .!?")
    return (Claim(act, True, Tense.DONE, (), (), True, sentence, context=context),)


def _aspect_claims(
    clauses: list[Clause], low: str, sentence: str, claims: list[Claim], teams: tuple[str, ...]
) -> list[Claim]:
    """Acts reported by their aspect or in a headline (:mod:`sim.act_aspect`) where the
    sentence claims no such act yet, in the clause's polarity and condition; an act in
    progress until an event the next clause opens ("is being shipped | once the old one
    reaches us") is held to it."""
    said = [
        (c.text, c.negated, c.conditional, nxt, clause_aspect(c.text) or passive_act(c.text))
        for c, nxt in zip(clauses, [*(c.text for c in clauses[1:]), ""], strict=True)
        if not c.salad
    ]
    said.append((low, False, False, "", headline_aspect(low)))
    out: list[Claim] = []
    for text, negated, conditional, nxt, found in said:
        if found is None or any(c.act.value == found[0] for c in claims + out):
            continue
        act, tense = Act(found[0]), Tense(found[1])
        if (
            conditional
            or (tense is Tense.DONE and condition_follows(nxt))
            or (tense is Tense.PROMISED and not negated and condition_after(text, nxt))
        ):
            tense = Tense.CONDITIONAL
        me = _ME.search(text) is not None
        team = teams if act is Act.ESCALATE else ()
        amounts = _claimed_amounts(text)
        out.append(Claim(act, not negated, tense, amounts, team, me, sentence, context=text))
    return out


def _labelled_claims(low: str, sentence: str) -> tuple[Claim, ...]:
    """An act reported done as a "label: value" line (:mod:`sim.labelled`)."""
    act = labelled_report(low.strip())
    if act is None:
        return ()
    # the label is words only: the sums of the line are its value's
    return (
        Claim(Act(act), True, Tense.DONE, _claimed_amounts(low), (), False, sentence, context=low),
    )


def _ended_claims(low: str, sentence: str) -> tuple[Claim, ...]:
    """The customer's plan reported as ended in words the act patterns miss
    (:mod:`sim.ending_words`): "StreamPlus is now ended", "your plan won't renew"."""
    return tuple(
        Claim(Act.CANCEL, True, Tense.DONE, (), (), False, sentence, context=clause)
        for clause in ended_clauses(low)
    )


def _link_claims(low: str, sentence: str) -> tuple[Claim, ...]:
    """A reset link reported as sent in words the act patterns miss (:mod:`sim.paraphrase`)."""
    said = reset_link_delivered(low)
    if said is None:
        return ()
    return (Claim(Act.RESET, said[0], Tense.DONE, (), (), said[1], sentence, context=low),)
