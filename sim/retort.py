"""Retorts read by construction: sarcastic permission, curt acknowledgement, blame by
consequence, refused help, platitudes and scornful questions.

A reply can sneer in a sentence that names no fact at all:

- **sarcastic permission** grants what it scorns: "be my guest", "suit yourself", "have fun
  explaining that to your bank", "good luck getting your money back";
- **curt acknowledgement** answers with a lone token: "Duly noted.", "So what?",
  "Okay, and?", "Really?", "lol", an eye-roll emoji (not a "lol" at the company's own slip
  inside an apology for it: "sorry about that, def not a lamp lol");
- **blame by consequence** says the customer earned the outcome: "you were warned", "this is
  what happens when you reuse passwords", "serves you right", "you brought this on yourself";
- **refused help** declines the customer's need for care: "I'm not going to hold your hand",
  "we're not here to babysit", "I'm not your personal assistant", "Google it", "go ask your
  bank", "sort it out with the courier";
- **platitudes** wave the problem away: "that's life", "life isn't fair", "welcome to the
  real world", "get in line", "you're not our only customer", "it's in black and white";
- **scornful questions** ask what no answer can satisfy: "who orders a sofa without
  measuring?", "what were you thinking?", "how do you even lose both?", "why on earth...?".

Each rule is a frame over a small closed class, with a gate; "good luck with the new job",
"have fun with your new grinder", "noted, I've updated the address", "who placed the order?"
and "feel free to contact your bank" pass.
"""

from __future__ import annotations

import re

from sim.rudeness import CLAUSE_END, CLAUSE_START, Rude, RudeRule

__all__ = ["RETORT_RULES"]

_END = CLAUSE_END
_START = CLAUSE_START

_IN_SENTENCE = r"(?:[^.!?;:]|[.:](?=\d))"
"""A character of the same sentence: a point or a colon inside a number ("$86.50", "9:30")
ends none."""
_OWN_SLIP = (
    r"(?:(?:hi|hey|hello|oh|oops|whoops|ok|okay)\b[^.!?;:,]{0,20},\s*)?(?:(?:i|we)\s+(?:am|are)\s+)?"
    r"(?:oh\s+|so\s+|really\s+|very\s+)*(?:sorry|apologies|my\s+bad)\s+(?:about|for|"
    rf"on)\b(?!{_IN_SENTENCE}*\b(?:you|your|u|ur|can\s*not|cannot|cant|will\s+not|wont|unable|afraid|"
    r"unfortunately|too\s+late|no\s+(?:refund|replacement|credit|money|way|chance))\b)"
)
"""An apology that names what it is for, in a sentence with no "you" and no refusal: "sorry
about that, def not a lamp lol", "apologies for the toaster lol". A "lol" there laughs at the
company's own slip, with the customer; "sorry for your loss lol", "sorry, no refund lol" and a
bare "refunded lol" laugh at the customer."""

RETORT_RULES: tuple[RudeRule, ...] = (
    # -- sarcastic permission ----------------------------------------------------------------
    RudeRule(
        Rude.SARCASM,
        (
            "guest",
            "knock yourself",
            "suit yourself",
            "your way",
            "floats",
            "good luck",
            "have fun",
            "enjoy",
            "your luck",
            "right ahead",
            "bring it",
            "who wins",
        ),
        re.compile(
            rf"\bbe my guest{_END}|\bknock yourself out\b|\bsuit yourself\b|\bhave it your way\b"
            r"|\bwhatever floats your boat\b|\btry your luck\b|\bbring it on\b"
            rf"|{_START}(?:so |then |well,? )?go right ahead{_END}|\bwe(?: will|'ll) see who wins\b"
            # a wish for the customer's own search of a thing is sincere ("good luck finding
            # the lamp", "... a rug you love"); a search for someone else, another or better
            # one is the dare: "good luck finding anyone who refunds that"
            r"|\bgood luck (?:getting|trying|explaining|convincing|proving|winning|"
            r"finding (?:(?:any|some|no)(?:one|body|thing|where)\b|an?other\b|a (?:better|"
            r"cheaper)\b|better\b|cheaper\b|\w+ else\b|a (?:shop|store|seller|company|"
            r"retailer)\b))\b"
            r"|\bhave fun (?:with that|explaining|waiting|trying|arguing)\b"
            r"|\b(?:hope you |)enjoy (?:the |your )?(?:\d+ days of )?(?:waiting|wait|queue)\b"
            # a wish after a shrugging interjection: "Well, enjoy the toast."
            rf"|{_START}(?:well|anyway|oh well)(?: then)?,? enjoy\b"
        ),
    ),
    # -- curt acknowledgement: a lone token answers the customer ------------------------------
    RudeRule(
        Rude.EXASPERATE,
        (
            "noted",
            "and?",
            "so what",
            "point being",
            "point is",
            "cool story",
            "oh well",
            "meh",
            "lol",
            "lmao",
            "smh",
            "rofl",
            "really?",
            "excuse me",
            "pardon",
            "\U0001f644",
            "\U0001f602",
            "\U0001f923",
            "\U0001f937",
            "\U0001f612",
        ),
        re.compile(
            rf"\bduly noted{_END}|\b(?:ok|okay|so|right),? and\?|\bso what\?"
            r"|\byour point (?:being|is)\?|\bcool story\b"
            rf"|{_START}oh well{_END}|\b(?:meh|smh|rofl)\b"
            rf"|(?:^|(?<=[.!?;:])(?!\d))(?!\s*{_OWN_SLIP}){_IN_SENTENCE}*?\b(?:lol|lmao)\b"
            rf"|{_START}(?:really|excuse me|pardon|pardon me)\?"
            "|[\U0001f644\U0001f602\U0001f923\U0001f937\U0001f612]"
        ),
    ),
    # -- blame by consequence -----------------------------------------------------------------
    RudeRule(
        Rude.REPROACH,
        (
            "warn",
            "happens when",
            "serves you",
            "yourself",
            "told you so",
            "own doing",
            "self-inflicted",
        ),
        re.compile(
            rf"\byou (?:were|have been|had been) (?:\w+ )?warned{_END}"
            r"|\bwe (?:did |had |have )?(?:already )?warned you\b|\bwe did warn you\b"
            r"|\b(?:this|that) is (?:exactly |just )?what happens when (?:you|people|customers|"
            r"someone|users)\b"
            r"|\bserves you right\b|\bbrought (?:this|it|that) on yourself\b|\btold you so\b"
            r"|\byour own doing\b|\bself-inflicted\b"
        ),
    ),
    # -- refused help ---------------------------------------------------------------------------
    RudeRule(
        Rude.DISMISS,
        (
            "hand",
            "spoon",
            "babysit",
            "assistant",
            "secretary",
            "nanny",
            "google",
            "look it up",
            "go ask",
            "sort it out with",
            "figure it out with",
            "work it out with",
        ),
        re.compile(
            r"\b(?:hold|holding) your hand\b|\bspoon-?feed\w*\b|\bbabysit\w*\b"
            r"|\b(?:not|n't) (?:your|a) (?:personal )?(?:assistant|secretary|nanny|babysitter|"
            r"butler|servant)\b"
            rf"|\bgoogle (?:it|that|this){_END}|\blook it up(?: yourself)?{_END}"
            r"|\bgo ask (?:your|the)\b"
            r"|\b(?:sort|figure|work) (?:it|that|this) out with (?:your|the)\b"
        ),
    ),
    # -- platitudes ---------------------------------------------------------------------------
    RudeRule(
        Rude.CONDESCEND,
        (
            "life",
            "real world",
            "get in line",
            "only customer",
            "special",
            "black and white",
            "plain as day",
            "personally",
            "not even for you",
            "any simpler",
            "any clearer",
            "any easier",
            "read your mind",
            "not that it",
            "that's rich",
            "that is rich",
            "pretend i",
            "both ways",
            "eat it",
        ),
        re.compile(
            rf"\b(?:that is|that's|such is) life{_END}|\blife (?:is not|isn't) fair\b"
            r"|\bwelcome to the real world\b|\bget in line\b"
            r"|\b(?:you are|you're) not (?:our|the|my) only customer\b|\b(?:you are|you're) not "
            r"special\b|\bnot even for you\b"
            r"|\bin black and white\b|\bplain as day\b|\b(?:do not|don't) take it personally\b"
            r"|\b(?:cannot|can't) make (?:it|this|that) any (?:simpler|clearer|easier|plainer)\b"
            r"|\bnot like (?:we|i) can read your mind\b|\bnot that it (?:is|'s|matters)\b"
            r"|\b(?:that is|that's) rich\b|\b(?:i will|i'll) pretend i (?:did not|didn't) (?:see|"
            r"read)\b"
            r"|\b(?:cannot|can't|can not) have it both ways\b|\bhave your cake and eat it\b"
        ),
    ),
    # -- the customer's own word quoted back to be corrected: 'it's not "some voucher", it's
    # store credit'
    RudeRule(
        Rude.CONDESCEND,
        ('"', "\u201c", "'", "\u2018"),
        re.compile(
            r"\b(?:it|this|that) is not (?:an? |the |some |your )?[\"\u201c][^\"\u201d]{1,40}"
            r"[\"\u201d],? (?:it is|this is|that is)\b"
            # in single quotes ("it's not 'some voucher', it's store credit"): a quote closes
            # before the comma, so an apostrophe inside ("'the seller's fault'") cannot end it
            r"|\b(?:it|this|that) is not (?:an? |the |some |your )?['\u2018][^.!?]{1,40}?"
            r"['\u2019],? (?:it is|this is|that is)\b"
        ),
    ),
    # -- a curt verdict: a refusal said in a bare noun phrase, a sentence of its own ("No
    # refund.", "Not a refund case."); "no refund is needed" says more, and "No return." or
    # "No replacement." in a terse reply spare the customer a step rather than refuse one
    RudeRule(
        Rude.DISMISS,
        ("no ", "not a"),
        re.compile(
            rf"{_START}(?:so,? |then,? |and )?(?:no|not an?) (?:refund|exchange|exception|"
            r"cancellation)s?(?: case| situation)?(?: here| then)?"
            r"[.!](?= |$)"
        ),
    ),
    # -- a favour held over the customer, impatience with them -------------------------------
    RudeRule(
        Rude.CONDESCEND,
        (
            "expect",
            "slide",
            "lucky",
            "more than we",
            "last time",
            "habit",
            "even for you",
            "even you",
            "keep up",
            "breath",
            "chill",
            "first world",
            "first-world",
            "about you",
            "around you",
            "all day",
            "some of us",
            "moving on",
        ),
        re.compile(
            r"\b(?:do not|don't) expect (?:this|it|that|the same|a refund|another) (?:\w+ )?"
            r"(?:again|every time|next time|in future)\b"
            r"|\b(?:i|we)(?: will|'ll) let (?:it|this|that) slide\b"
            r"|\bconsider yourself lucky\b|\b(?:you are|you're) lucky (?:we|i|that)\b"
            r"|\bmore than we (?:have to|need to|are (?:obliged|required) to|normally do)\b"
            r"|\bthe last time (?:we|i)(?: will|'ll)? (?:do|make|allow|offer)\b"
            r"|\bmake a habit of (?:it|this|that)\b"
            rf"|\beven (?:for )?you{_END}|\beven you (?:can|could|should)\b"
            rf"|\btry to keep up{_END}|\btake a (?:deep )?breath\b|\bdeep breaths\b"
            rf"|{_START}chill(?: out)?{_END}"
            r"|\bfirst[- ]world problem\b|\bnot everything is about you\b|\brevolves? "
            r"around you\b"
            r"|\b(?:i|we) (?:do not|don't) have all day\b|\bsome of us have\b"
            r"|" + _START + r"moving on(?=[.!]|$)"
        ),
    ),
    # -- the problem disowned: "a you problem", "hardly our concern", "we don't owe you
    # anything", a tautology that closes the question ("policy is policy")
    RudeRule(
        Rude.DISMISS,
        (
            "you problem",
            "you issue",
            "hardly",
            "owe you",
            "special treatment",
            "miracles",
            "policy",
            "rule",
            "terms",
            "deadline",
            "law",
        ),
        re.compile(
            r"\ba you (?:problem|issue|thing)\b"
            r"|\b(?:hardly|scarcely|not really) (?:our|my) (?:problem|concern|issue|fault|"
            r"responsibility|job)\b"
            r"|\b(?:we|i) (?:do not|don't) owe you (?:anything|a thing|an explanation|any "
            r"explanation|more)\b|\b(?:we|i) owe you nothing\b"
            r"|\b(?:do not|don't) expect (?:any )?(?:special treatment|miracles|an exception|"
            r"exceptions)\b"
            rf"|{_START}(?:a |the |our )?(policy|rule|terms|deadline|law)s? (?:is|are) (?:a |the "
            rf")?\1s?{_END}"
        ),
    ),
    # -- scornful questions ---------------------------------------------------------------------
    RudeRule(
        Rude.RHETORIC,
        ("?",),
        re.compile(
            r"\bwho (?:in their right mind )?(?:orders|buys|reuses|loses|forgets|ignores|throws|"
            r"keeps|does|doesn't|does not|never)\b[^.!?]*\b(?:without|these days|any ?more|"
            r"nowadays)\b[^.!?]*\?"
            r"|\bwhat kind of (?:person|customer|people|adult)\b[^.!?]*\?"
            r"|\bhow do you (?:even |manage to |somehow )?(?:lose|forget|miss|break|manage|mess)\b"
            r"[^.!?]*\?"
            r"|\bwhy on earth\b|\bwhy would (?:anyone|anybody|someone|you ever)\b[^.!?]*\?"
            r"|\bwhat were you thinking\b|\bwhat did you think would happen\b"
        ),
    ),
)
"""The retort rules, run by :func:`sim.rudeness.rude_acts` after the talking-down rules."""
