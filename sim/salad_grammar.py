"""Word salad that keeps its grammar words: spans and nouns where English puts none.

The count of function words (:func:`sim.reader._salad`) finds keyword lists ("refund $90
card 3 to 5 business days"). A salad can also keep every article and preposition and
scramble what they join: "the parcel of the refund treats the 3 to 5 business days". What
gives it away is a place English grammar reserves: a definite span of time ("the 3 business
days", "these 14 days") is an adverbial, so it follows a preposition or a conjunction
("within the 3 business days", "so the 14 days have passed") or a verb that measures time
("allow the 5 days", "wait the 48 hours"), or it opens a clause as its subject. Right after
any other word (a verb such as "processes", a noun) it is a noun phrase of time used as a
thing, which no reply that means what it says writes. Opening a clause, such a span does
nothing but pass, start, run, end, count or apply: made to settle, appear or refund
(:func:`span_as_agent`) it is a time phrase used as an agent.

A salad can also bind its nouns where English binds other kinds of words
(:func:`bound_nonsense`): "the restocking of your 10% speaker is refunded to the opened label,
so the $116.10 applies within the fee of your card" chains noun phrases by "of" that no reply
relates, gives a measure to a noun that takes none ("the password of 24 hours": a refund or
a window takes one) and makes a sum of money the object of "within", which takes a span, a
limit or a place. One such binding is ordinary English; three in a sentence are not. A sum of
money made the agent of an act only a person does ("the $10.00 surcharge refunds the
standard shipping") counts as two.

Three more bindings count towards the same three (:func:`_misbound`): a sum, a percent or a
span that heads an "of" phrase ("the $39.99 of the hold", "the 30 days of the supervisor": a
measure is what a noun has, not what has a noun), a thing as the subject of an act only a
person or a firm does ("the lamp refunds the card", "the offer cancels the discount"), and two
definite noun phrases equated by "is" ("the toaster is the lamp"). Each is ordinary once in a
sentence ("the completed one is the real payment", "a late delivery refunds the express
fee"); a salad piles them up.

A salad also gives words roles their kind cannot take (:func:`_roles_misplaced`, one binding
each): a thing with an "of" phrase acting as a person ("the review of the specialist team
refunds the speaker"; two when the phrase holds a sum: "the surcharge of $10.00 refunds the
shipping"), a thing as the one contacted or handed a case ("contacts the refund", "is passed
to the box"), an order or a charge as a container ("into the $86.40 order"), a bare "now" as
a predicate ("until the discount is now") and two counts of one event ("twice and once"). A
span of waiting time made the object of a verb through a relative clause ("the 3 to 5
business days that the parcel treated", :func:`span_as_relative_object`) is a time phrase
used as a thing, as :func:`span_as_object` reads.

What it cannot read: a salad whose nouns are related by verbs alone ("the address will email
the desk once Portland is processing the move"); that takes meaning, left to the LLM judge.
"""

from __future__ import annotations

import re

from sim.lexicon import FUNCTION_WORDS
from sim.scope import AUXILIARY

__all__ = ["bound_nonsense", "span_as_agent", "span_as_object", "span_as_relative_object"]

_SPAN = re.compile(
    r"([a-z]+)\s+(?:the|these|those|your)\s+\d+(?:\s*(?:to|-|–)\s*\d+)?\s+"
    r"(?:(?:business|working|bank)\s+days|hours|minutes)\b"
)
"""A word, then a definite span of waiting time: "treats the 3 to 5 business days" (a plural
unit: a hyphenated "the 30-day window" is a modifier, not a span). Only spans that measure a
wait: "the four months" or "the 3 days" can be what was paid for ("I've refunded the four
months you did not use"); business days and hours never are."""

_PREPOSITIONS = frozenset(
    "past beyond inside outside across through throughout since around under between against "
    "following besides like unlike except toward towards along among near over".split()
)
"""Prepositions the function-word list leaves out (a closed class of English)."""

_TIME_VERBS = frozenset(
    "wait waiting allow allowing take takes took taking need needs spend spent last lasts "
    "give gives count counting extend extended use used".split()
)
"""Verbs that take a span of time as their object ("allow the 5 business days")."""


def span_as_object(low: str) -> bool:
    """Whether lower-case ``low`` puts a definite span of time right after a word that is not
    a preposition, a conjunction or a verb of time, or makes it the subject of a verb that
    is not one of time passing (:func:`span_as_agent`): a time phrase used as a thing."""
    for m in _SPAN.finditer(low):
        word = m.group(1)
        if word not in FUNCTION_WORDS and word not in _PREPOSITIONS and word not in _TIME_VERBS:
            return True
    return span_as_agent(low) or span_as_relative_object(low)


_SPAN_RELATIVE = re.compile(
    r"\b(?:the|these|those|your)\s+\d+(?:\s*(?:to|-|–)\s*\d+)?\s+"
    r"(?:(?:business|working|bank)\s+days|hours|minutes)\s+(?:that|which)\s+"
    r"(?:the|your|our|its|this|that|it|you|we|they|i)\s+(?:[a-z]+\s+)?([a-z]+ed)\b"
    r"(?=\s*(?:$|[,;.]))"
)
"""A span of waiting time, then an object relative clause that ends on its verb in the past:
"within the 3 to 5 business days that the parcel treated" (the span is what "treated" acts
on)."""

_SPAN_VERBS = frozenset(
    "waited allowed needed spent used counted quoted mentioned stated promised gave given "
    "listed expected estimated lasted passed had got granted offered added extended agreed "
    "required asked noted".split()
)
"""Verbs whose object may be a span of time ("the 5 business days that we quoted", "the 48
hours that you allowed")."""


def span_as_relative_object(low: str) -> bool:
    """Whether lower-case ``low`` makes a definite span of waiting time the object of a verb
    that does not take one, through a relative clause ("the 3 to 5 business days that the
    parcel treated"): the same use of a time phrase as a thing as :func:`span_as_object`
    reads after a verb, with the verb moved behind the span."""
    return any(m.group(1) not in _SPAN_VERBS for m in _SPAN_RELATIVE.finditer(low))


_SUBJECT_SPAN = re.compile(
    r"(?:^|[,;:]\s*|\b(?:so|and|but|then|because|once|until|after|before|while|when)\s+)"
    r"(?:the|these|those|your)\s+(?:\d+(?:\s*(?:to|-|–)\s*\d+)?\s+"
    r"(?:(?:business|working|bank)\s+days|days|weeks|hours|minutes)|(?:business|working|bank)\s+"
    r"days)(?:\s+of\s+(?:the|your|its)\s+[a-z]+)?\s+((?:is|are|was|were)\s+)?([a-z]+)\b"
)
"""A definite span of time that opens a clause ("the 14 days", or "the business days" with no
count: business days are only ever time), an "of" phrase that says whose it is, and its verb
(the participle of a passive: "the 30 days of the policy are delivered")."""

_ELAPSE_VERBS = frozenset(
    "pass passed elapse elapsed start started starts begin began run ran runs end ended ends "
    "expire expired close closed count counted apply applied remain remaining left go went "
    "mentioned quoted stated given listed shown counted needed required calculated measured "
    "included extended reduced shortened allowed added spent used".split()
)
"""What a span of time does as a subject: it passes, starts, runs, ends, counts or applies
("so the 14 days ended on November 20"), or a participle that names it ("the 5 days quoted
are business days")."""


def span_as_agent(low: str) -> bool:
    """Whether lower-case ``low`` makes a definite span of time the subject of a verb that is
    not one of time passing ("so the 3 business days settle the bank", "the 5 to 7 business
    days appear within the refund"): a span does nothing but pass, so a clause that has it
    settle, appear or refund binds a time phrase as an agent, which only a salad does."""
    for m in _SUBJECT_SPAN.finditer(low):
        passive, word = m.group(1), m.group(2)
        if passive and not _PARTICIPLE.fullmatch(word):
            continue  # "the business days are monday to friday": a copula, no act
        if word not in FUNCTION_WORDS and word not in _PREPOSITIONS and word not in _ELAPSE_VERBS:
            return True
    return False


_PARTICIPLE = re.compile(r"[a-z]+ed|sent|paid|given|shown|taken|made|kept|done|put|sold|told")
"""A past participle, the verb of a passive ("are delivered", "are sent")."""


# -- nouns bound where English binds other kinds of words ------------------------------------

_TOKEN = re.compile(r"[,;:()]|[^\s,;:()]+")

_DETERMINERS = frozenset("the your a an its their our my".split())
"""Determiners that open a noun phrase ("that" and "this" are also pronouns: "a motor that
smells of burning" has no noun phrase "that smells")."""

_PARTITIVES = frozenset(
    "end part rest one most all kind sort type lots lot number copy date day days middle start "
    "beginning top bottom half first second third last some any none each many instead out "
    "because front back case side proof version plenty majority remainder total amount".split()
)
"""Nouns of quantity, part or place that head a phrase of ordinary English ("the end of the
term", "the rest of your order", "the kind of thing"): their "of" binds nothing."""

_MEASURE_HEADS = frozenset(
    "refund refunds reimbursement charge charges fee fees payment payments price cost costs "
    "sum balance surcharge discount credit deduction difference renewal order invoice bill "
    "deposit value subscription plan adjustment hold authorisation authorization transaction "
    "purchase increase reduction rate limit minimum maximum window period delay wait term "
    "extension trial gesture compensation voucher loss".split()
)
"""Nouns that take a measure as their complement ("a refund of $45", "a window of 30 days";
"a total of 3 days" has a part noun): any other noun with "of $12.95" or "of 24 hours"
binds a measure to a thing that has none ("the password of 24 hours")."""

_UNITS = frozenset("minutes hours days weeks months years business working".split())

_WITHIN_MONEY = re.compile(
    r"\bwithin\s+(?:the|your|this|that|its)\s+(?:[a-z]+\s+){0,2}?"
    r"(?:refund|charge|fee|price|payment|credit|cost|amount|total|hold|sum|balance|surcharge|"
    r"discount|invoice|bill)s?(?=\s*(?:$|[,;.]|of\b|for\b|to\b|and\b|so\b|which\b|that\b))"
)
""""within" with a sum of money as its object ("the $116.10 applies within the fee"): within
takes a span of time, a limit or a place ("within 14 days", "within the return window"),
and a sum of money is none of them."""


_SUM_AS_AGENT = re.compile(
    r"\b(?:the|your|this|that)\s+(?:(?:\$\d[\d,]*(?:\.\d\d)?|\d[\d,]*\.\d\d)\s+(?:[a-z]+\s+)?|"
    r"(?:[a-z]+\s+)?(?:refund|charge|fee|surcharge|payment|sum|amount|total|price|cost|balance|"
    r"credit|difference|discount|deduction)\s+(?:of\s+(?:the|your)\s+[a-z]+\s+)?)"
    r"(?:refunds|corrects|approves|issues|cancels|escalates|verifies|reimburses)\s+"
    r"(?:the|your|a|an|its|our)\b"
)
"""A sum of money as the subject of an act only a person or a team does, with its object
("the $10.00 surcharge refunds the standard shipping", "the total of the card corrects the
checkout"): money is refunded, issued or approved, it refunds nothing. The verb in its
present "-s" form, active and transitive: "the $45 refunded yesterday" is a passive, "your
refund issues" no clause of English anyone writes."""


def _tokens(low: str) -> list[str]:
    """Words and phrase-breaking punctuation, a sentence's full stop left off each word."""
    return [t.rstrip(".!?") or t for t in _TOKEN.findall(low)]


def _genitive_heads(tokens: list[str]) -> list[int]:
    """Positions of the nouns that head a noun phrase bound by "of" to another ("the battery
    of your refund"), quantity and part nouns left out ("the end of the term")."""
    heads: list[int] = []
    for at, token in enumerate(tokens):
        if token != "of" or at == 0:
            continue
        head = tokens[at - 1]
        if not head.isalpha() or head in _PARTITIVES or head in FUNCTION_WORDS:
            continue
        for word in reversed(tokens[max(0, at - 5) : at - 1]):
            if word in _DETERMINERS:
                heads.append(at - 1)
                break
            if _SUM_WORD.fullmatch(word):
                continue  # "the $10.00 order of ...": a sum among the modifiers
            if word in FUNCTION_WORDS or not word[0].isalnum():
                break
    return heads


_SUM_WORD = re.compile(r"\$\d[\d,]*(?:\.\d\d)?")


def _measure_after(tokens: list[str], at: int) -> bool:
    """Whether the words after "of" at ``at`` name a measure: a sum, a percent, a span of
    time ("of $12.95", "of your 10%", "of 24 hours", "of 3 to 5 business days")."""
    rest = [t for t in tokens[at + 1 : at + 4] if t not in ("the", "your")]
    if not rest:
        return False
    first = rest[0]
    if first.startswith("$") or re.fullmatch(r"\d[\d,]*\.\d\d|\d+(?:\.\d+)?%", first):
        return True
    return _span_after(tokens, at)


def _span_after(tokens: list[str], at: int) -> bool:
    """Whether the three words after "of" at ``at`` (determiners left out) are a count and
    its unit ("of 24 hours", "of your 36 weeks"), or the words right after it a range and its
    unit ("of 3 to 5 business days", "of 3-5 days")."""
    rest = [t for t in tokens[at + 1 : at + 4] if t not in ("the", "your")]
    if len(rest) > 1 and rest[0].isdigit() and rest[1] in _UNITS:
        return True
    after = tokens[at + 1 : at + 5]
    if re.fullmatch(r"\d+[-–]\d+", after[0] if after else "") and len(after) > 1:
        return after[1] in _UNITS
    return (
        len(after) > 3
        and after[0].isdigit()
        and after[1] in ("to", "-", "–")
        and (after[2].isdigit() and after[3] in _UNITS)
    )


def _wait_after(tokens: list[str], at: int) -> bool:
    """Whether the span after "of" at ``at`` is a wait ("of 24 hours", "of 3 to 5 business
    days"): hours, minutes and business days are never what was paid for, where months or
    days may be ("a refund of 8 months")."""
    if not _span_after(tokens, at):
        return False
    window = tokens[at + 1 : at + 6]
    unit = next((t for t in window if t in _UNITS), "")
    return unit in ("hours", "minutes", "business", "working")


_MEASURE = (
    r"(?:\$[\d,]+(?:\.\d\d)?|\d+(?:\.\d+)?%|\d+(?:\s*(?:to|-|–)\s*\d+)?\s+"
    r"(?:(?:business|working)\s+)?(?:days|hours|minutes|weeks|months))"
)

_MEASURE_OF = re.compile(
    r"\b(?:the|your|this|that)\s+(?:full\s+|first\s+|last\s+)?"
    + _MEASURE
    + r"\s+of\s+(?:the|your|a|an|its|our|[a-z]+\s+\d)"
)
"""A definite measure that heads an "of" phrase: "the $39.99 of the hold", "the 75% of
November 15" ("50% of the price" has no determiner: the measure is a part of its whole)."""

_THING_ACTS = re.compile(
    r"\b(?:the|your|this|that|a|an)\s+((?:[a-z]+\s+){0,2}?)([a-z]+)\s+"
    r"(?:refunds|cancels|resets|returns|passes|approves|escalates|credits|unlocks|verifies|"
    r"waives|reverses)\s+(?:the|your)\b"
)
"""A noun phrase, then an act of the agent's trade in the present with its object."""

_AGENTS = frozenset(
    "team bank company store shop support department desk agent manager supervisor system "
    "service courier carrier seller merchant retailer manufacturer provider issuer partner "
    "warehouse finance billing security staff".split()
)
"""Nouns of people and firms, who refund, cancel and pass things on (a closed set of the
parties a support reply names)."""

_EQUATION = re.compile(
    r"\b(?:the|your|both|all|these|those)\s+(?:[a-z$\d.,%-]+\s+){0,2}?[a-z$\d.,%-]+"
    r"(?:\s+of\s+(?:(?:the|your)\s+)?(?:[a-z$\d.,%-]+\s+){0,2}?[a-z$\d.,%-]+)?\s+(?:is|are)\s+"
    r"the\s+(?!(?:only|same|one|ones|reason|best|fastest|quickest|easiest|first|last|next)\b)"
)
"""Two definite noun phrases joined by "is": "the toaster is the lamp", "both addresses are
the email" ("the link is the only way" ranks, it does not equate)."""


_SPAN_OF = re.compile(
    r"\b\d+(?:\s*(?:to|-|–)\s*\d+)?\s+(?:(?:business|working)\s+)?(?:days|hours|weeks|months)\s+"
    r"of\s+(?:the|your|its|their)\s+((?:[a-z][\w'-]*(?:\s*>\s*|\s+)){0,3}?[a-z][\w'-]*)"
    r"(?=\s*(?:$|[,;.]|\s(?:for|to|at|in|on|with|by|from|that|which|so|and|as|when|once)\b))"
)
"""A span of time counted from what follows its "of", up to where that noun phrase ends:
"within 30 days of the delivery", "within 5 to 7 business days of the speaker" (a menu path
such as "settings > security" is one noun phrase)."""

_EVENT_NOUNS = frozenset(
    "delivery purchase order request receipt return refund charge payment call email message "
    "notice dispatch shipment booking sale change reset cancellation start end date day time "
    "claim report update move checkout invoice statement deadline expiry transfer swap repair "
    "exchange pickup collection scan review check decision reply response visit signup sign-up "
    "renewal arrival approval contact chat letter conversation incident outage problem issue "
    "fault failure break damage loss theft accident appointment install setup trial period "
    "cycle month week year term window post pick-up drop-off dropoff".split()
)
"""Nouns of events and of dates, from which a span of time is counted ("within 14 days of
the purchase", "30 days of the trial"); deverbal nouns (:data:`_EVENT_SUFFIX`) are events as
well."""

_EVENT_SUFFIX = re.compile(r"(?:(?:tion|sion|ment|al|ure|ery|ance|ence)s?|ing)$")
"""Endings of nouns made from verbs ("arrival", "shipment", "closure", "acceptance", "arriving"; a
plural "-ings" names things: "settings", "savings")."""


_MEASURE_GOAL = re.compile(
    r"\b(?:refund|deliver|return|send|sent|ship|pass|post|mail|transferr?)(?:ed|s|es|ing)?"
    r"\s+(?:(?:the|your|it|them|this|that|these|those|a|an)\s+(?:[a-z$\d.,]+\s+){0,2}?)?to\s+"
    r"(?:(?:the|your|its|their)\s+"
    r"(?:[a-z\d-]+\s+)?(?:window|period|term|deadline|days|hours)\b(?!\s+(?:team|desk|department|page))"
    r"|\d[\d,]*(?:\.\d+)?%(?!\s+off\b))"
)
"""A measure made the goal of a transfer: "refunded to 50%", "returns the headphones to the
window": money and goods go to a person, a place or a card, never to a share or a span of
time ("reduced to 50%" changes an amount, it moves nothing; "up to 50%" bounds one)."""


def _spans_of_things(low: str) -> int:
    """How many spans of time lower-case ``low`` counts from a thing, not an event ("within 5
    to 7 business days of the speaker", "48 hours of the security code"): time runs from an
    arrival, a purchase or a request, never from a loudspeaker. Any word of the noun phrase
    that names an event ("of the speaker's arrival", "of the order date") reads it as one."""
    found = 0
    for m in _SPAN_OF.finditer(low):
        words = [w.removesuffix("'s") for w in re.findall(r"[a-z][\w'-]*", m.group(1))]
        if not any(w in _EVENT_NOUNS or _EVENT_SUFFIX.search(w) for w in words):
            found += 1
    return found


def _thing_acts(low: str) -> int:
    """How many acts of refunding, cancelling or passing on have a thing as their subject
    ("the laptop passes the chargers"), not a person or a firm ("your bank returns the money")."""
    found = 0
    for m in _THING_ACTS.finditer(low):
        phrase = [*m.group(1).split(), m.group(2)]
        if m.group(2) not in _AGENTS and not FUNCTION_WORDS.intersection(phrase):
            found += 1
    return found


def _misbound(low: str) -> int:
    """How many measures head an "of" phrase, things act, and noun phrases are equated in
    lower-case sentence ``low``: bindings a salad piles up and a reply uses once."""
    return len(_MEASURE_OF.findall(low)) + _thing_acts(low) + len(_EQUATION.findall(low))


_TRADE_ACT = r"(?:refunds|cancels|resets|returns|passes|approves|escalates|credits|settles)"
_THING_OF_ACTS = re.compile(
    r"\b(?:the|your|this|that)\s+(?:[a-z]+\s+){0,2}?([a-z]+)\s+of\s+((?:the|your|our|a|an)\s+)?"
    r"(?:[a-z$\d.,%-]+\s+){0,2}?[a-z$\d.,%-]+\s+" + _TRADE_ACT + r"\s+(?:the|your)\b"
)
"""A noun phrase with an "of" phrase after its head, then an act of the trade with its
object: "the review of the specialist team refunds the speaker", "the express surcharge of
$10.00 refunds the standard shipping" (the head, a thing, is the subject, not the noun that
ends the "of" phrase)."""

_THINGS = (
    r"(?:refund|charge|payment|order|parcel|package|box|label|fee|discount|offer|review|"
    r"tracking|item|return|surcharge|invoice|receipt)"
)
"""Things of the trade: what is refunded, sent or reviewed, never who is."""
_PHRASE_END = (
    r"(?=\s*(?:$|[,;.:])|\s+(?:and|or|so|to|for|with|at|by|in|on|about|once|when|if|because|"
    r"since|as|until|before|after|within)\b)"
)
"""Where a noun phrase ends: its head is the word before."""
_PERSON_OBJECT = re.compile(
    r"\b(?:contacts?|contacted|contacting|notif(?:y|ies|ied|ying)|informs?|informed|informing)\s+"
    r"(?:the|your)\s+(?:[a-z]+\s+)?" + _THINGS + _PHRASE_END
)
"""A verb whose object is a person or a firm given a thing ("contacts the refund", "notified
the parcel"): one contacts the courier or the bank, never the refund."""
_HANDED_TO_THING = re.compile(
    r"\b(?:passed|handed|escalated|forwarded|transferred|referred)\s+(?:on\s+|over\s+)?to\s+"
    r"(?:the|your)\s+(?:[a-z]+\s+)?(?:box|parcel|package|refund|charge|order|item|label|review|"
    r"tracking|discount|offer|fee)" + _PHRASE_END
)
"""A case passed on to a thing ("the missing review is passed to the box"): a case goes to a
team or a person."""
_MONEY_INTO_ORDER = re.compile(
    r"(?<!look\s)(?<!looks\s)(?<!looked\s)(?<!looking\s)(?<!delved\s)(?<!dug\s)(?<!gone\s)"
    r"(?<!go\s)(?<!went\s)(?<!going\s)\binto\s+(?:the|your|this|that)\s+(?:\$[\d,]+(?:\.\d\d)?\s+|[a-z]+\s+)?"
    r"(?:order|charge|refund|payment|purchase)" + _PHRASE_END
)
"""Something put "into" an order, a charge or a refund ("refunds the shipping into the $86.40
order", "dropping the $39.99 into the kettle order"): money goes back to a card or an
account, goods into a box; an order or a charge holds nothing ("I've looked into the order"
goes into it to find out)."""
_STATE_AS_NOW = re.compile(
    r"(?<!as\s)(?<!how\s)(?<!where\s)(?<!what\s)\b(?:the|your|this|that)\s+(?:[a-z]+\s+){0,2}?"
    r"[a-z]+\s+(?:is|are|was|were)\s+now\s*(?:$|[,;.!])"
)
"""A bare "now" as the whole predicate of a noun phrase ("until the discount is now"): "now"
dates a state, it is none ("the refund is now complete"; "as your plan is now" compares)."""
_FREQUENCIES = re.compile(
    r"\b(once|twice|thrice|never|always)\s+and\s+(once|twice|thrice|never|always)\b"
)
"""Two counts of the same event joined by "and" ("completes the authorisation twice and
once"): an event happens once or twice ("once or twice"), never both."""


_PEOPLE = frozenset(
    "head lead member members owner holder director officer representative rep colleague "
    "colleagues specialist specialists person people someone".split()
)
"""Nouns of people that head an "of" phrase ("the head of the billing team approves it")."""
_A_MEASURE = re.compile(r"\$\d|\d%")


def _roles_misplaced(low: str) -> int:
    """How many places lower-case sentence ``low`` gives a word a role its kind cannot take:
    a thing with an "of" phrase acting as a person (two with a sum in it, as
    :data:`_SUM_AS_AGENT`), a thing as the object of contacting or the recipient of a
    handed-on case, an order or a charge as a container, "now" as a predicate, and two
    counts of one event."""
    score = 0
    for m in _THING_OF_ACTS.finditer(low):
        if m.group(1) not in _AGENTS | _PEOPLE and m.group(1) not in FUNCTION_WORDS:
            score += 2 if _A_MEASURE.search(m.group(0).split(" of ", 1)[1]) else 1
    score += len(_PERSON_OBJECT.findall(low)) + len(_HANDED_TO_THING.findall(low))
    score += len(_MONEY_INTO_ORDER.findall(low)) + len(_STATE_AS_NOW.findall(low))
    twice: int = sum(m.group(1) != m.group(2) for m in _FREQUENCIES.finditer(low))
    return score + twice


def bound_nonsense(low: str) -> bool:
    """Whether lower-case sentence ``low`` binds its nouns the way a salad that keeps its
    grammar does: three noun phrases chained by "of", or two with a measure bound to a noun
    that takes none ("the express of 12.95") or a sum as the object of "within". A measure
    that completes its noun ("a refund of $45") binds no two noun phrases. A sum made the
    agent of a person's act (:data:`_SUM_AS_AGENT`) counts twice, as a misbound measure does:
    one more binding of either kind makes the sentence salad. Two make a compound sentence
    salad where no person is in it ("i", "we", "you"): a sentence about the customer or the
    agent relates its nouns through them ("you can return it within 30 days for a refund of the
    item price"), and one clause with two bindings is ordinary ("the fee is included within
    the price of the plan"); a salad relates things to things, clause after clause."""
    score = binding_score(low)
    return score >= 3 or (score == 2 and _PERSON.search(low) is None and _compound(low))


_PERSON = re.compile(r"\b(?:i|we|you|me|us)\b")
"""A person named in a sentence: the agent or the customer."""
_CLAUSE_BREAK = re.compile(
    r",\s+|;\s+|\s+(?:so|and|when|while|as|then|since|until|once|because|but|which)\s+"
)
_PREDICATE = re.compile(rf"\b(?:{AUXILIARY}|been|be)\b|\b[a-z]{{3,}}ed\b")
"""A verb of a clause's own: a finite auxiliary (:data:`sim.scope.AUXILIARY`) or a past form."""


def _compound(low: str) -> bool:
    """Whether sentence ``low`` has two clauses of four words or more, one with a verb of its
    own (an auxiliary or a past form): "the reset has unlocked the link, so the account sets
    itself" is two clauses, "the lid of the blender and the colour of 2 boxes" is none."""
    pieces = [p for p in _CLAUSE_BREAK.split(low) if len(p.split()) >= 4]
    return len(pieces) >= 2 and any(_PREDICATE.search(p) for p in pieces)


def binding_score(low: str) -> int:
    """How many bindings of :func:`bound_nonsense` lower-case sentence ``low`` makes (a
    misbound measure or a sum as an agent counts two)."""
    tokens = _tokens(low)
    score = len(_WITHIN_MONEY.findall(low)) + 2 * len(_SUM_AS_AGENT.findall(low)) + _misbound(low)
    score += 2 * _spans_of_things(low) + 2 * len(_MEASURE_GOAL.findall(low))
    score += _roles_misplaced(low)
    for head in _genitive_heads(tokens):
        if not _measure_after(tokens, head + 1):
            score += 1  # two noun phrases bound
        elif tokens[head] not in _MEASURE_HEADS:
            score += 2  # bound, and to a measure it cannot take
        elif tokens[head] not in _SPAN_HEADS and _wait_after(tokens, head + 1):
            score += 2  # money bound to a wait: "the $10.00 order of 3 to 5 business days"
    return score


_SPAN_HEADS = frozenset(
    "window windows period periods delay wait term extension trial hold authorisation "
    "authorization subscription plan limit minimum maximum renewal rate".split()
)
"""Nouns of :data:`_MEASURE_HEADS` that take a span of time ("a window of 30 days", "a hold
of 3 business days"); the others take a sum ("a refund of $45", never "of 5 days")."""
