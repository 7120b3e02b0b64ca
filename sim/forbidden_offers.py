"""Offers the agent makes that the scenario's policy gives it no way to keep.

- :func:`store_credit_instead`: the refund offered as store credit ("I'll reissue it as
  store credit instead") where the policy's refund methods exclude store credit.
- :func:`discount_offer`: a discount proposed by the agent ("I can give you 50% off next
  month") where nothing provides one: no credit tool, no store credit, and no retention offer
  for the customer's tier in any version of the policy.
- :func:`repeated_offer`: the customer's retention deal proposed again ("we can still do 50%
  off next month if you'd like to stay?") once the account's contact history records it as
  made. The policy makes the offer once per customer ("never repeat the offer").

- :func:`own_exception`: the agent granting itself an exception to the rule ("I'll make an
  exception this once and accept the return"; "normally you'd change it yourself; as you're
  a long-standing customer, I'm happy to make the switch for you"): no policy lets an agent
  set a rule aside on its own.

An offer binds even when hedged by a condition or asked as a question ("if the bank gives
you trouble, I'll reissue it as store credit"; "how about 50% off?"), so these rules read
conditional and interrogative clauses too; a negated one ("I can't give you a discount")
is a refusal. Each rule is gated by a keyword check on the text.
"""

from __future__ import annotations

import re

from sim.reader import Clause, Reading, expand_contractions
from sim.scenario import Scenario
from sim.world import RefundMethod

__all__ = [
    "call_promised",
    "offer_problems",
    "own_exception",
    "refund_on_preference",
    "card_instead",
    "store_credit_allowed",
    "deal_words",
    "discount_offer",
    "history_offered",
    "repeated_offer",
    "store_credit_instead",
]

_CREDIT = r"(?:a\s+|an\s+)?(?:store|account|shop|site|wallet)\s+credit\b"
_PARTICLE = r"(?:(?:back|over|across)\s+)?"
"""The particle of a phrasal move ("switch it back to", "move the refund over to")."""
_SUM_OF = r"(?:(?:\$\s?)?\d[\d,]*(?:\.\d+)?\s+(?:of|in)\s+)?"
"""A sum before the credit it is paid in ("into $45.00 of store credit")."""
_AS_CREDIT = re.compile(
    r"\b(?:reissue|re-issue|issue|refund|convert|turn|switch|change|send|put|give|make|pay)\s+"
    rf"(?:it|that|this|them|the\s+(?:refund|money|amount|sum)|you)\s+{_PARTICLE}(?:as|into|to|in|"
    rf"via)\s+{_SUM_OF}{_CREDIT}|\b{_CREDIT}\s+instead\b|\binstead\s+(?:as|of\s+(?:the|a)\s+refund,?)\s+"
    rf"{_CREDIT}|\brefund\s+(?:you\s+)?(?:as|in)\s+{_CREDIT}"
)
"""A refund offered as credit: "reissue it as store credit", "turn it into $45.00 of store
credit", "store credit instead"."""


def store_credit_allowed(scenario: Scenario) -> bool:
    """Whether store credit is a refund method in any version of the policy (the base or an
    update: "since September 1, sale items are refunded as store credit")."""
    methods = set(scenario.policy.refund.methods)
    methods |= {m for u in scenario.policy.updates if u.refund for m in u.refund.methods}
    return RefundMethod.STORE_CREDIT in methods


def store_credit_instead(reading: Reading, scenario: Scenario) -> list[tuple[str, str]]:
    """Clauses that offer the refund as store credit where the policy forbids that method."""
    if "credit" not in reading.text.lower() or store_credit_allowed(scenario):
        return []
    problem = "offers the refund as store credit; the policy does not allow that method"
    return _offered(reading, _AS_CREDIT, problem)


def _offered(reading: Reading, offer: re.Pattern[str], problem: str) -> list[tuple[str, str]]:
    """The sentences of affirmative clauses where ``offer`` matches, each clause read with
    the next clause of its sentence ("credit | instead of ...", "to your card | instead"); the
    offer starts in the affirmative clause (the next one only completes it: "within 14 days |
    so I can't put it on the card" offers nothing)."""
    clauses = reading.clauses
    found: list[tuple[str, str]] = []
    for i, clause in enumerate(clauses):
        if clause.negated:
            continue
        text = clause.text
        if i + 1 < len(clauses) and clauses[i + 1].sentence == clause.sentence:
            text += " " + clauses[i + 1].text
        said = offer.search(text)
        if said is not None and said.start() < len(clause.text):
            found.append((clause.sentence, problem))
    return list(dict.fromkeys(found))


_PROPOSAL = re.compile(
    r"\b(?:i|we)\s+(?:can|could|would\s+be\s+(?:happy|glad)\s+to|am\s+able\s+to|are\s+able\s+to|"
    r"will|would\s+like\s+to|want\s+to)\s+(?:also\s+|still\s+)?(?:give|offer|apply|add|throw\s+in|"
    r"knock)\b|\b(?:let\s+me\s+offer|how\s+about|what\s+about|would\s+you\s+(?:like|take|accept|"
    r"consider)|(?:can|could|may)\s+(?:i|we)\s+(?:offer|give|tempt))\b"
)
"""The agent proposing something: "I can give you", "how about", "would you like"."""
_DISCOUNT = re.compile(
    r"\b\d+(?:\.\d+)?\s*(?:%|percent)\s+(?:off|discount)\b|\bdiscount\b|\bhalf\s+(?:off|price)\b"
    r"|\b(?:a|1|one)\s+(?:free\s+month|month\s+(?:free|at\s+no\s+(?:charge|cost)|on\s+us))\b"
)
"""A discount: "50% off", "a discount", "half price", "a free month"."""


def _discount_possible(scenario: Scenario) -> bool:
    """Whether anything lets the agent give a discount: the credit tool, store credit as a
    refund method, or a retention offer for the customer's tier in some policy version."""
    tools = scenario.tools or ()
    if "apply_credit" in tools or store_credit_allowed(scenario):
        return True
    if "offer_retention" not in tools:
        return False
    sections = [scenario.policy.retention, *(u.retention for u in scenario.policy.updates)]
    tier = scenario.customer.tier
    return any(not o.tiers or tier in o.tiers for r in sections if r for o in r.offers)


def discount_offer(reading: Reading, scenario: Scenario) -> list[tuple[str, str]]:
    """Clauses in which the agent proposes a discount nothing in the scenario provides."""
    low = reading.text.lower()
    if not any(w in low for w in ("off", "discount", "free", "price", "month")):
        return []
    if _discount_possible(scenario):
        return []
    return [
        (c.sentence, "offers a discount no tool or policy provides for this customer")
        for c in reading.clauses
        if not c.negated and _PROPOSAL.search(c.text) and _DISCOUNT.search(c.text)
    ]


_OFFERED = re.compile(r"\boffer(?:ed|s)?\b(?<!\bno offer)(?<!\bnot offered)")
"""A past contact that records an offer: "offered 50% off the next month, declined"."""


def history_offered(scenario: Scenario) -> bool:
    """Whether the account's contact history records a retention offer already made."""
    return any(_OFFERED.search(c.topic.lower()) for c in scenario.customer.history.contacts)


_STILL_PROPOSED = re.compile(
    r"\b(?:i|we)\s+(?:can|could)\s+(?:still\s+|also\s+|always\s+)?(?!(?:see|tell|confirm|"
    r"understand|appreciate|imagine|assure|check|note|verify|hear|read|say|have|only|not)\b)"
    r"[a-z]+\b|\bif\s+you(?:(?:\s+would|'d|\u2019d)\s+"
    r"(?:like|rather|prefer)\s+to|\s+want\s+to|\s+decide\s+to|\s+choose\s+to)?\s+(?:stay|keep\s+"
    r"(?:it|the|your))\b"
)
"""Proposals the general :data:`_PROPOSAL` leaves out: the agent's ability to do something
with the deal ("we can still do 50% off", "I can set you up with half price"), whatever the
verb, unless it perceives, knows or reports ("I can see you were offered 50% off", "I could
have ..."); or the deal held out on staying ("if you'd like to stay")."""
_FREE_MONTH = (
    r"\b(?:(?:a|one|1)\s+)?(?:free\s+month|month\s+(?:free|at\s+no\s+(?:charge|cost)|on\s+us))\b"
)
_DEAL_STOP = frozenset("about with from your their the next month months price renewal".split())


def deal_words(scenario: Scenario) -> re.Pattern[str] | None:
    """The customer's retention deals as a reader finds them in a clause: by percentage
    ("50% off", "half price"), as a free month, or, for a deal of no discount, by two
    content words of its description ("a call with the account manager")."""
    tier = scenario.customer.tier
    sections = [scenario.policy.retention, *(u.retention for u in scenario.policy.updates)]
    forms: list[str] = []
    for offer in (o for r in sections if r for o in r.offers if not o.tiers or tier in o.tiers):
        percent = offer.percent_off.normalize()
        if percent >= 100:
            forms.append(_FREE_MONTH)
        elif percent > 0:
            forms.append(rf"\b{re.escape(f'{percent:f}')}\s*(?:%|percent)")
            if percent == 50:
                forms.append(r"\bhalf\s+(?:off|price)\b")
        else:
            words = [w for w in re.findall(r"[a-z]{4,}", offer.description.lower())]
            words = [w for w in words if w not in _DEAL_STOP]
            if len(words) >= 2:
                a, b = (re.escape(w) for w in words[:2])
                forms.append(rf"\b{a}\b.*\b{b}\b|\b{b}\b.*\b{a}\b")
    return re.compile("|".join(f"(?:{f})" for f in forms)) if forms else None


_RECOUNT = re.compile(
    r"\b(?:what|thing|things|only|all|one|1|the)(?:\s+[a-z]+){0,2}\s+(?:i|we)\s+(?:can|could|"
    r"were\s+able\s+to)\s+(?:\w+\s+)?(?:do|offer|give|suggest|make|extend)\b"
)
"""A deal recounted, not proposed: "here is what I can do", "the one thing we could offer",
the deal named by a noun its relative clause modifies ("the one offer we could make")."""

_WISH_DENIED = re.compile(
    r"\b(?:(?:would|do|will|could)\s+not\s+you|you\s+(?:would|do|will)\s+not)\s+"
    r"(?:like|want|prefer|fancy|rather|take)\b"
)
"""The hearer's wish asked in the negative: "wouldn't you like ...", "you don't want ..."."""


def _invites(clause: Clause) -> bool:
    """Whether a negated clause still proposes: a question whose negation sits on the
    customer's wish ("are you sure you wouldn't like a free month?", "don't you want half
    price?") presses the deal on them; the same words stated ("you wouldn't like it, you
    said") report their answer."""
    return clause.question and _WISH_DENIED.search(clause.text) is not None


def repeated_offer(reading: Reading, scenario: Scenario, made: bool) -> list[tuple[str, str]]:
    """Clauses that propose the customer's retention deal again once it was ``made``: a
    proposal, the deal asked as a question or held out on condition of staying. A negated
    clause ("I won't offer it again"), a report ("you were offered 50% off") and a recount
    ("the one thing we could offer was ...") propose nothing.

    Only the contact history makes an offer "made" before the episode: an ``offer_retention``
    in the episode is the offer that the next reply puts to the customer, not a first one."""
    if not made or "offer_retention" not in (scenario.tools or ()):
        return []
    deal = deal_words(scenario)
    if deal is None or not deal.search(reading.text.lower()):
        return []
    found: list[tuple[str, str]] = []
    for clause in reading.clauses:
        if (clause.negated and not _invites(clause)) or not deal.search(clause.text):
            continue
        text = _RECOUNT.sub(" ", clause.text)
        if (
            clause.question
            or _PROPOSAL.search(text)
            or _STILL_PROPOSED.search(text)
            or _STILL_PROPOSED.search(_RECOUNT.sub(" ", clause.sentence.lower()))
        ):
            found.append((clause.sentence, "repeats the retention offer; it was already made"))
    return list(dict.fromkeys(found))


_CARD = (
    r"(?:(?:your|ur|the)\s+(?:original\s+)?(?:card|credit\s+card|debit\s+card|"
    r"bank(?:\s+account)?|payment\s+method)|card)\b"
)
_TO_CARD = re.compile(
    r"\b(?:switch|change|move|put|send|refund|return|pay|convert|turn|reissue|re-issue|transfer)\s+"
    rf"(?:it|that|this|them|the\s+(?:refund|money|amount|sum|credit)|you|(?:the|that|this|your)\s+"
    rf"\$[\d,.]*\d)\s+{_PARTICLE}(?:to|onto|into|on)\s+{_CARD}|\brefund\w*\s+(?:to|on|onto)\s+{_CARD}[^.]*\binstead\b"
    rf"|\bback\s+(?:to|on|onto)\s+{_CARD}\s+instead\b"
)
"""Money offered back to the card: "I'll switch it to your card", "refund to your card instead"."""


def _card_forbidden(scenario: Scenario) -> bool:
    """Whether the refund rules in force (the newest section) exclude the original payment."""
    sections = [scenario.policy.refund] + [u.refund for u in scenario.policy.updates if u.refund]
    return RefundMethod.ORIGINAL_PAYMENT not in sections[-1].methods


def card_instead(reading: Reading, scenario: Scenario) -> list[tuple[str, str]]:
    """Clauses that offer the money back to the card where the policy refunds only as credit
    ("if you don't want credit, reply and I'll switch it to your card")."""
    low = reading.text.lower()
    if not ("card" in low or "bank" in low or "payment" in low) or not _card_forbidden(scenario):
        return []
    problem = "offers the money back to the card; the policy refunds only as credit"
    found = _offered(reading, _TO_CARD, problem)
    return list(dict.fromkeys(found + [(s, problem) for s in _switch_on_preference(reading)]))


_CALL_PROMISED = re.compile(
    r"\b(?:will|shall|going\s+to)\b[^.;!?]{0,50}?\b(?:phone|call|ring)\s+(?:you|u)\b"
    r"|\b(?:will|shall|going\s+to)\s+(?:\w+\s+){0,2}?(?:give|get)\s+(?:you|u)\s+a\s+(?:phone\s+)?"
    r"(?:call|ring)\b|\byou\s+will\s+(?:get|receive|have)\s+a\s+(?:phone\s+)?call\b"
)
"""Someone promised to phone the customer: "they'll phone you within the hour", "I'll have
my supervisor call you", "you'll get a call"."""
_CALL_ARRANGED = re.compile(
    r"\b(?:i|we)\s+(?:have\s+|had\s+)?(?:(?:already|just|also|now)\s+)*(?:asked|requested|told|"
    r"instructed|arranged\s+for|got)\s+(?:\w+\s+){1,3}?to\s+(?:(?:phone|call|ring)\s+(?:you|u)\b|"
    r"(?:give|get)\s+(?:you|u)\s+a\s+(?:phone\s+)?(?:call|ring)\b)"
    r"|\b(?:i|we)\s+(?:have\s+|had\s+)?(?:(?:already|just|also|now)\s+)*(?:arranged|booked|"
    r"scheduled|requested|set\s+up|organi[sz]ed)\s+(?:you\s+)?(?:a|an|your)\s+(?:phone\s+)?"
    r"(?:call|call-?back|ring)(?=\s*$|\s+(?:for|from|with|to|at|on|in|by|within|back|this|"
    r"tomorrow|today|tonight|later|soon|as)\b)"
)
"""A call the agent reports having set up with someone else: "I've asked them to phone you",
"we've booked you a callback" (a promise in the team's name as much as "they'll call you")."""
_CALL_OFFERED = re.compile(
    r"\b(?:call(?:s|ed)?\s+(?:you|the\s+customer|them|back)|call-?backs?|phone\s+calls?|by\s+phone|"
    r"over\s+the\s+phone|a\s+call\s+with|(?:phone|ring)s?\s+(?:you|the\s+customer|them))\b"
)
"""A scenario's own text offering a call: "a call with the account manager", "by phone"."""


_I_CALL = re.compile(
    r"\bi\s+(?:will|shall|am\s+going\s+to)\s+(?:(?:also|personally|just|then|now)\s+)*(?:phone|call|"
    r"ring|give\s+(?:you|u)\s+a)\b"
)
"""The agent's own call ("I'll call you back"): a follow-up of the agent's, which
:func:`sim.claims` judges with its other follow-ups (void once the ticket is handed over)."""


def _calls_offered(scenario: Scenario) -> bool:
    """Whether the customer may be offered a call: the ticket came by phone, or the ticket,
    an article the customer may see, a team or a retention offer speaks of one."""
    if scenario.ticket.channel == "phone":
        return True
    sections = [scenario.policy.retention, *(u.retention for u in scenario.policy.updates)]
    public = [scenario.ticket.body, *(a.body for a in scenario.kb if not a.internal)]
    public += [t.description for t in scenario.teams]
    public += [o.description for r in sections if r for o in r.offers]
    return _CALL_OFFERED.search(" ".join(public).lower()) is not None


def call_promised(reading: Reading, scenario: Scenario) -> list[tuple[str, str]]:
    """Clauses promising the customer a phone call (even on a condition) where nothing in the
    scenario offers one: no team, article or offer calls customers, so nobody will."""
    if not any(w in reading.text.lower() for w in ("call", "phone", "ring")):
        return []
    if _calls_offered(scenario):
        return []
    return [
        (c.sentence, "promises a phone call nothing in the scenario offers")
        for c in reading.clauses
        if not c.negated
        and not c.question
        and (_CALL_PROMISED.search(c.text) or _CALL_ARRANGED.search(c.text))
        and not _I_CALL.search(c.text)
    ]


_EXCEPTION_MARK = (
    r"as\s+an?\s+(?:[\w-]+\s+)?exception|(?:just\s+)?this\s+(?:once|(?:one|1)\s+time)"
    # a favour named as a one-off or a goodwill gesture: "as a one-off", "as a one-time
    # courtesy", "as a goodwill gesture", "as a gesture of goodwill"
    r"|as\s+an?\s+(?:small\s+)?(?:one-off|one-time|once-off)(?:\s+(?:gesture|courtesy|favou?r|"
    r"thing|exception))?|as\s+an?\s+(?:small\s+)?(?:goodwill\s+)?gesture(?:\s+of\s+goodwill)?"
)
"""What marks a step as set apart from the rule: an exception, "this once", a one-off or a
goodwill gesture (no policy names its own steps so)."""
_OWN_EXCEPTION = re.compile(
    r"\b(?:i|we)\s+(?:will|shall|can|am\s+going\s+to|are\s+going\s+to|am\s+happy\s+to|"
    r"would\s+be\s+happy\s+to|am|are)\s+(?:\w+\s+)?(?:make|making|grant|granting)\s+(?:an?|this|one)"
    r"\s+(?:[\w-]+\s+)?exception\b"
    rf"|\b(?:{_EXCEPTION_MARK})\b(?=.*\b(?:i|we)\s+(?:will|shall|am\s+going\s+to|can)\b)"
    rf"|\b(?:i|we)\s+(?:will|shall|am\s+going\s+to|can)\b(?=.*\b(?:{_EXCEPTION_MARK})\b)"
)
"""The agent's own exception: "I'll make a one-time exception", "as an exception, I will
refund it", "I'll accept it just this once" (not "my supervisor approved an exception")."""
_ASKED_WHETHER = re.compile(r"\b(?:whether|if|ask\w*|request\w*)\b")
"""An exception asked about, not made: "I asked whether we could make an exception"."""
_APPROVED = re.compile(r"\b(?:approv\w*|sign(?:s|ed)?\s+off|authori[sz]\w*)\b")
"""Someone's approval named beside it: the exception is theirs, not the agent's own."""
_GET_APPROVED = re.compile(
    r"\b(?:i|we)\s+(?:will|shall|can|am\s+going\s+to)\s+(?:\w+\s+)?get\s+(?:\S+\s+){0,4}?"
    r"(?:approved|signed\s+off|authori[sz]ed)\b"
)
"""The agent's own errand for an approval ("I'll get the rest approved for you"): the offer
is still the agent's, whoever signs it."""
_NORM = re.compile(
    r"^(?:(?:and|but|so)\s+)?(?:normally|ordinarily|usually|as\s+a\s+rule|officially|strictly"
    r"(?:\s+speaking)?|technically),?\s+you\b"
    # the route named as the usual one: "the usual way is a backup code"
    r"|^(?:(?:and|but|so)\s+)?the\s+(?:usual|normal|standard|regular|official)\s+(?:way|route|"
    r"process|path|procedure)\b"
)
"""The customer's normal route, stated as such: "normally you'd change it yourself"."""
_STANDING = re.compile(
    r"\b(?:as|since|because|given(?:\s+that)?)\s+you\s+(?:are|have\s+been)\s+(?:a|an|such\s+a)\s+"
    r"(?:[\w-]+\s+){0,3}?(?:customer|member|client|subscriber)\b|\byou\s+have\s+been\s+with\s+us\b"
)
"""The customer's standing given as the reason: "as you're a long-standing premium customer",
"since you've been with us for years" (a favour, not a step the policy gives)."""
_PLIGHT = re.compile(
    r"^(?:(?:and|but|so)\s+)?(?:as|since|because|given\s+that)\s+you\s+(?:are|have|were|had)\b"
)
"""The customer's plight or a step they took given as the reason, opening its clause: "but
since you're stuck, ...", "as you've verified with me, ..." (after the usual route is named,
a reason to set it aside)."""
_FOR_YOU = re.compile(
    r"\b(?:i|we)\s+(?:will|shall|can|am\s+going\s+to|am\s+happy\s+to|would\s+be\s+happy\s+to|"
    r"am\s+glad\s+to)\b.*\b(?:for\s+you|(?:from|on)\s+(?:my|our)\s+(?:side|end))\b"
)
"""The agent doing a step on the customer's behalf: "I'm happy to make the switch for you"."""


_EXCEPTION_GATE = (
    "exception",
    "once",
    "time",
    "for you",
    "one-off",
    "gesture",
    "my side",
    "my end",
    "our side",
    "our end",
)
"""Words one of which an exception or a step taken on the customer's behalf needs."""

_PROTASIS = re.compile(r"^(?:(?:and|but|so)\s+)?(?:if|unless|once|when|whenever|in\s+case)\b")
"""A condition itself ("if we made an exception for you, ..."): it grants nothing. The main
clause after it does ("if the bank is slow, just reply and I'll refund it as a one-off"): an
offer binds on its condition."""


def own_exception(reading: Reading) -> list[tuple[str, str]]:
    """Sentences in which the agent grants itself an exception: says it makes one (not asks
    for one), or sets the customer's normal route aside to take the step for them ("normally
    you'd do it yourself; as you're a loyal customer, though, I'm happy to do it for you"). A
    refusal ("I can't make an exception") and a route offered on a condition ("but if you
    can't, ...") grant none; an exception offered on a condition ("just reply and I'll switch
    it as a one-off") binds like any offer, the condition itself ("if we made an exception")
    grants nothing."""
    low = reading.text.lower()
    if not any(w in low for w in _EXCEPTION_GATE):
        return []
    problem = "grants an exception to the policy on the agent's own authority"
    clauses = reading.clauses
    found: list[tuple[str, str]] = []
    for i, clause in enumerate(clauses):
        if not clause.states or _PROTASIS.match(clause.text):
            continue
        if (
            _made_exception(clause, clauses[i + 1 : i + 3])
            and not _goodwill_credit(clause.sentence)
        ) or (
            not clause.conditional and _FOR_YOU.search(clause.text) and _set_aside(clauses[: i + 1])
        ):
            found.append((clause.sentence, problem))
    return list(dict.fromkeys(found))


_CREDIT_GIVEN = re.compile(r"\b(?:credit|voucher|coupon|gift\s+card)\b")
_NAMED_EXCEPTION = re.compile(r"\bexception\b|\bthis\s+(?:once|(?:one|1)\s+time)\b")


def _goodwill_credit(sentence: str) -> bool:
    """Whether a favour marked only as a one-off or a gesture gives a credit ("as a one-off
    goodwill gesture, I'll add a $10.00 credit"): a goodwill credit is an instrument some
    policies provide, judged by the credit checks (sim.claims.forbidden_offer), not an
    exception to a rule; a refund "as a one-off" or anything "as an exception" still is."""
    low = sentence.lower()
    return _CREDIT_GIVEN.search(low) is not None and _NAMED_EXCEPTION.search(low) is None


def _made_exception(clause: Clause, following: tuple[Clause, ...]) -> bool:
    """Whether ``clause`` (read with the next clause of its sentence: "as an exception, |
    I'll refund it", past a one- or two-word aside: "as a one-off, | though, | I'll have it
    moved") says the agent makes an exception, not that it asked for one."""
    text = clause.text
    for nxt in following:
        if nxt.sentence != clause.sentence:
            break
        text += " " + nxt.text
        if len(nxt.text.split()) > 2:
            break
    said = _OWN_EXCEPTION.search(text)
    return (
        said is not None
        and said.start() < len(clause.text)
        and not _ASKED_WHETHER.search(text[: said.start()])
        and (
            not _APPROVED.search(clause.sentence.lower()) or _GET_APPROVED.search(text) is not None
        )
    )


def _set_aside(upto: tuple[Clause, ...]) -> bool:
    """Whether the clauses up to an offer (the last of ``upto``), in its sentence and the one
    before, state the customer's normal route ("normally you would ...", "the usual way is
    ...") and then set it aside for the customer's standing or plight, with no condition
    from that reason on ("... . as you are a premium member, though, ...", "but since you're
    stuck, I can switch it off for you"; not "..., but I can do it for you", which is help,
    nor "... as you're a member, if you have no code, ..."; a condition of the usual route
    itself, "a backup code, or recovery if you have none", sets nothing aside)."""
    sentence = upto[-1].sentence
    earlier = [c.sentence for c in upto if c.sentence != sentence]
    near = set(earlier[-1:]) | {sentence}
    scope = [c for c in upto if c.sentence in near]
    norm = next((k for k, c in enumerate(scope) if _NORM.search(c.text)), None)
    if norm is None:
        return False
    after = scope[norm + 1 :]
    reason = next(
        (k for k, c in enumerate(after) if _STANDING.search(c.text) or _PLIGHT.search(c.text)),
        None,
    )
    return reason is not None and not any(c.conditional for c in after[reason:])


_PREFERENCE = re.compile(
    r"\bif\s+you(?:\s+would|'d)?\s+(?:(?:really|still|actually|much)\s+)?(?:rather|prefer|want|"
    r"like)\b|\bif\s+you\s+(?:rather|prefer)\b"
)
"""The customer's preference as the condition: "if you'd rather have your money back"."""
_OTHERS_REFUND = re.compile(
    r"\b(?:they|he|she|the\s+(?:[a-z]+\s+)?team|finance|billing|a\s+colleague|someone)\s+"
    r"(?:will|would|can|could|shall|is\s+going\s+to|are\s+going\s+to)\s+(?:also\s+|then\s+|"
    r"happily\s+|gladly\s+)?refund\b"
)
"""Another party's refund to come: "they'll refund it", "the billing team can refund you"."""


def refund_on_preference(reading: Reading, scenario: Scenario) -> list[tuple[str, str]]:
    """Sentences that hold out a refund by another party at the customer's choice ("if you'd
    rather have your money back, just tell them and they'll refund it instead") where the
    scenario owes no refund, to the first line or to the team it hands over to: a choice the
    policy does not give, offered in the team's name. (The agent's own offer of the kind is a
    refund claim, which :func:`sim.claims.forbidden_offer` judges.)"""
    if "refund" not in reading.text.lower() or scenario.expectations.refund_total > 0:
        return []
    if scenario.handoff is not None and scenario.handoff.refund_total > 0:
        return []
    found: list[tuple[str, str]] = []
    for clause in reading.clauses:
        low = clause.sentence.lower()
        if clause.negated or clause.question or not _OTHERS_REFUND.search(clause.text):
            continue
        if _PREFERENCE.search(expand_contractions(low)):
            found.append((clause.sentence, "offers a refund the policy does not allow"))
    return list(dict.fromkeys(found))


_CARD_WISHED = re.compile(rf"(?:{_PREFERENCE.pattern})[^.;!?]*?\b(?:card|bank|payment\s+method)\b")
"""The card named as the customer's wish in a condition: "if you'd rather have it on your
card", "if you prefer your original payment method"."""
_SWITCH_IT = re.compile(
    r"\b(?:i|we)\s+(?:will|can|could|shall|would\s+be\s+(?:happy|glad)\s+to|am\s+(?:happy|"
    r"glad)\s+to|are\s+(?:happy|glad)\s+to)\s+(?:(?:just|gladly|happily|then|also)\s+)?"
    r"(?:switch|change|move|swap|transfer|convert|redo|reissue|re-issue|sort)\s+(?:it|that|this|them)"
    r"\b(?!\s+(?:\w+\s+)?(?:to|into|as|onto)\s+(?:\w+\s+)?credit\b)"
)
"""The agent's promise to move the money with no destination of its own ("I'll switch it
over", "we can change that"): its destination is what the condition before it wished for."""


def _switch_on_preference(reading: Reading) -> list[str]:
    """Sentences whose condition wishes for the card and whose main clause then promises the
    switch ("if you'd rather have it on your card, just reply and I'll switch it over"): the
    card offered in two clauses. A refusal ("I can't change that") promises nothing."""
    found: list[str] = []
    for i, clause in enumerate(reading.clauses):
        if not _CARD_WISHED.search(expand_contractions(clause.text)):
            continue
        rest = [c for c in reading.clauses[i + 1 :] if c.sentence == clause.sentence]
        if any(not c.negated and not c.question and _SWITCH_IT.search(c.text) for c in rest):
            found.append(clause.sentence)
    return found


def offer_problems(reading: Reading, scenario: Scenario) -> list[tuple[str, str]]:
    """Every forbidden offer in one agent message, as (sentence, problem)."""
    found = store_credit_instead(reading, scenario) + discount_offer(reading, scenario)
    found += repeated_offer(reading, scenario, history_offered(scenario))
    found += card_instead(reading, scenario) + call_promised(reading, scenario)
    return found + own_exception(reading) + refund_on_preference(reading, scenario)
