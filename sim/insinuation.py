"""Rudeness by insinuation: blame and suspicion that a reply implies rather than states.

A curt reply can be rude without a single word of the dismissive lexicon, by what it implies
about the customer:

- **blame by generalisation**: the mishap is said to befall a class of careless people the
  customer belongs to ("happens to everyone who ignores the reminder emails", "common with
  people who don't read the terms", "that's what you get for ignoring the emails"); a bare
  reassurance ("this happens to everyone", "that happens to many of our learners") is not;
- **blame by speculation**: the reply asserts, with a modal of certainty, an error the
  customer made ("you must have read an old page", "you must have misread it"); "you must
  have been worried" (a feeling) and "you may be thinking of our old policy" (a hedge) are not;
- **suspicion of theft**: the customer is told, or taken to be trying, to keep or take what
  is not theirs ("try not to keep it, it's not yours", "someone trying to grab a laptop that
  isn't theirs", "don't get any ideas about keeping it");
- **a tally of the customer's requests**: their requests are counted against them ("the fifth
  refund you've asked for", "you've claimed four refunds since March", "yet another refund
  request", "quite a few missing items for one account"); "this is the second time" about
  our own error counts our failings, not theirs.
- **a habit of the customer's**: the mishaps made a pattern of theirs ("this is becoming a
  pattern with your orders, isn't it?", "funny how this keeps happening to you"); "we've
  noticed a pattern of failed deliveries in your area" blames the courier.

Each rule is a frame over a small closed class with a cheap gate, like the rules of
:mod:`sim.tone`, which runs them.
"""

from __future__ import annotations

import re

from sim.rudeness import CLAUSE_END, Rude, RudeRule

__all__ = ["INSINUATION_RULES"]

_END = CLAUSE_END

_CLASS = (
    r"(?:everyone|everybody|anyone|anybody|people|customers|users|folks|those|someone|"
    r"somebody|most people|a lot of people|many people|many customers)"
)
"""A class of people the customer is put in."""

_NEGLECT = (
    r"(?:ignores?|ignored|skips?|skipped|overlooks?|overlooked|neglects?|neglected|fails? to|"
    r"failed to|never (?:read|check|open|look)s?|(?:do|does|did) not (?:read|check|open|look|"
    r"bother|pay attention|follow)|can(?:not|'t) be bothered|chooses? not to)"
)
"""What the careless class did: ignoring, skipping, not reading (forgetting a password or
missing a delivery is a mishap, not neglect)."""

_ERROR = (
    r"(?:misread|misunderstood|misremembered|misheard|mistyped|mixed (?:it |them |that |this )?"
    r"up|confused|overlooked|missed|ignored|skipped|forgotten|got (?:it|that|this|them) wrong|"
    r"(?:read|seen|looked at|opened|used|visited|clicked|typed|entered|picked|chosen|"
    r"selected) (?:an?|the|some) (?:\w+ )?(?:old|older|outdated|wrong|different|cached|"
    r"expired|incorrect|out-of-date)\b)"
)
"""An error of the customer's own, in the past participle."""

_TAKE = (
    r"(?:keep|keeping|kept|take|taking|took|grab|grabbing|grabbed|steal|stealing|stole|"
    r"pocket|pocketing|hold on to|holding on to|hang on to|hanging on to|walk off with|"
    r"walking off with|divert|diverting|get|getting|obtain|obtaining|claim|claiming|sell|"
    r"selling)"
)
"""Verbs of taking or keeping something."""

_ORDINAL = (
    r"(?:third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|umpteenth|nth|"
    r"\d+(?:st|nd|rd|th))"
)
_COUNT = (
    r"(?:two|three|four|five|six|seven|eight|nine|ten|\d+|several|multiple|many|numerous|"
    r"a (?:lot of|number of|string of|series of)|quite a few|so many)"
)
_REQUEST = (
    r"(?:refunds?|returns?|claims?|requests?|complaints?|chargebacks?|disputes?|replacements?)"
)
"""What a customer asks for, counted against them."""

_ASKED = r"(?:asked for|requested|claimed|made|filed|opened|raised|submitted|put in|lodged)"

_HABITUAL = r"(?:pattern|habit|regular (?:thing|occurrence)|recurring (?:thing|theme))"
"""What a run of mishaps is called when it is laid at the customer's door."""
_THEIRS = (
    r"(?:you\b|your (?:orders|account|requests|claims|deliveries|parcels|returns|refunds|"
    r"purchases)\b)"
)
"""The customer, or their dealings with us (not their router or their area)."""
_HABIT = re.compile(
    # the events said to become a habit: "this is becoming a pattern with your orders" (asked,
    # "is this becoming a regular thing?" is a question of diagnosis)
    r"(?<!is )(?<!has )\b(?:this|that|it)(?: is|'s| seems to be| seems| looks like it is)? "
    r"(?:becoming|turning into|getting to be|starting to (?:look like|become|be)) (?:a bit of |"
    rf"quite |something of )?a {_HABITUAL}\b"
    # a habit seen in the customer: "there's a bit of a pattern here with your deliveries"
    r"|\b(?:there is|there's|there seems to be|i see|i am seeing|i'm seeing|i notice|i have "
    rf"noticed|i've noticed) (?:a bit of |quite |something of )?a {_HABITUAL} (?:here )?with "
    rf"{_THEIRS}"
    rf"|\b(?:a|the|this|that) {_HABITUAL} (?:with|on|in|across) your (?:orders|account|requests|"
    r"claims|deliveries|parcels|returns|refunds|purchases)\b"
    # said, not asked ("is a slow connection a regular thing for you?")
    rf"|\ba {_HABITUAL} (?:with|for) you\b(?![^.!?]*\?)"
    # feigned wonder: "funny how this keeps happening with your parcels"
    r"|\b(?:funny|strange|odd|curious|interesting|amazing) how (?:this|that|it) (?:always |keeps |"
    r"seems to keep )?(?:happens?|happening)\b[^.!?;]{0,30}\b(?:you|your)\b"
)
"""A run of mishaps made the customer's habit: said to become "a pattern" with their
orders, or wondered at ("funny how this keeps happening to you"); a pattern of failed
deliveries in their area, or our own repeated failing, is not theirs."""

INSINUATION_RULES: tuple[RudeRule, ...] = (
    # -- blame by generalisation --------------------------------------------------------------
    RudeRule(
        Rude.BLAME,
        ("who", "what you get"),
        re.compile(
            rf"\b(?:happens|common|typical|usual|normal|standard)\b[^.!?;]{{0,30}}?\b(?:to|for|"
            rf"with|among|of) {_CLASS} who (?:just |simply |always |never )?{_NEGLECT}\b"
            r"|\b(?:is|that is|that's|this is) what you get (?:for|when|if) (?:not )?\w+"
            rf"|\b(?:is|that is|that's|this is) what you get{_END}"
        ),
    ),
    # -- blame by comparison: no one else had the customer's problem; the customer bought or
    # agreed without reading ("you clicked through without reading")
    RudeRule(
        Rude.BLAME,
        ("no one", "nobody", "no other", "without"),
        re.compile(
            r"\b(?:nobody|no one|no other (?:customer|user|buyer)s?)(?: else)? (?:has|have|had) "
            r"(?:ever )?(?:had (?:a|any|this|that|the same) (?:problem|issue|trouble|complaint)s?|"
            r"complained)\b"
            r"|\byou (?:\w+ed|bought|paid|chose|went|signed up|clicked through)\b(?: \w+){0,3}? "
            r"without (?:even |actually |properly |first |ever )?(?:reading|checking|looking|"
            r"thinking|reviewing)\b"
        ),
    ),
    # -- condescension by implication: what "anyone" would know ------------------------------
    RudeRule(
        Rude.CONDESCEND,
        ("as anyone", "as anybody", "as everyone", "as everybody", "as any ", "as most "),
        re.compile(
            r"\bas (?:anyone|anybody|everyone|everybody|most people|any (?:\w+ )?(?:person|"
            r"customer|adult|user|buyer))\b[^.!?]{0,60}?\b(?:knows|know|can see|could see|"
            r"could tell|would tell you|understands|is aware|expects|realises|realizes|"
            r"(?:would|should|could|will|must) (?:know|expect|understand|realise|realize|guess|"
            r"see|have (?:known|expected|guessed|realised|realized)))\b"
        ),
    ),
    # -- blame by speculation ------------------------------------------------------------------
    RudeRule(
        Rude.BLAME,
        ("must have", "must've"),
        re.compile(
            rf"\byou (?:must|must surely|surely must)(?: have|'ve) (?:simply |just )?{_ERROR}"
        ),
    ),
    # -- suspicion of theft --------------------------------------------------------------------
    RudeRule(
        Rude.DISTRUST,
        ("not yours", "not theirs", "n't yours", "n't theirs", "keep", "ideas"),
        re.compile(
            rf"\b{_TAKE}\b(?! over\b)[^.!?;:]{{0,40}}?\b(?:is|are|was|were|'s) (?:not|n't) "
            r"(?:yours|theirs)\b"
            r"|\b(?:is|are|'s) (?:not|n't) (?:yours|theirs) to (?:keep|take|use|sell)\b"
            r"|\bwhat (?:is|was) (?:not|n't) (?:yours|theirs)\b"
            r"|\btry (?:not to|and not) (?:keep|take|steal|pocket|sell)\b"
            r"|\b(?:do not|don't) (?:even )?(?:think about|get any ideas about|be tempted to|"
            r"try) (?:keep|keeping|selling|sell)\b"
            r"|\b(?:get|getting|have) (?:any )?ideas about (?:keeping|selling)\b"
        ),
    ),
    # -- a tally of the customer's requests ----------------------------------------------------
    RudeRule(
        Rude.DISTRUST,
        ("you", "yet another", "for one", "for a single", "for just one", "on one", "on a single"),
        re.compile(
            rf"\b{_ORDINAL} {_REQUEST}(?: (?:request|claim))? (?:that )?you(?: have|'ve)? "
            rf"(?:now |already )?{_ASKED}\b"
            rf"|\byou(?: have|'ve)? (?:now |already )?{_ASKED} (?:us (?:for )?)?{_COUNT} "
            rf"(?:\w+ )?{_REQUEST}\b"
            rf"|\byour {_ORDINAL} {_REQUEST}\b"
            rf"|\byet another {_REQUEST}\b"
            # the account's history held up: "your account has had a lot of these lately"
            rf"|\b(?:you|your account)(?: have| has|'ve|'s)? had {_COUNT} (?:of )?(?:these|those|"
            rf"them|{_REQUEST})\b"
            # a count held up against one customer: "this is quite a few missing items for one
            # account" (said of them; "several items for one customer arrived" only counts)
            r"|\b(?<!there )(?<!there)(?:is|are|'s|seems?(?: like)?|looks?(?: like)?|"
            rf"sounds? like) (?:(?:really|rather|quite|awfully) )?{_COUNT} "
            r"(?:[\w-]+ ){0,2}?[\w-]+s (?:for|on|from) (?:one|"
            r"a single|just one|the same) (?:account|customer|person|household|buyer|shopper|user|"
            r"member)\b"
        ),
    ),
    # -- the customer's mishaps made a habit of theirs -----------------------------------------
    RudeRule(Rude.DISTRUST, ("pattern", "habit", "regular", "how th", "how it"), _HABIT),
)
"""The insinuation rules, run by :func:`sim.rudeness.rude_acts` after the retorts."""
