"""Brush-offs read by construction: turns that close, deflect, sigh, sneer or talk down.

:mod:`sim.tone` reads threats, futility and reproach. This module reads the other ways a
reply turns its back on the customer:

- **closing the exchange**: "I'm done discussing this", "this conversation is over", "can we
  move on now?", "accept it and move on";
- **deflection**: "blame the courier, not us", "that's between you and your bank", "shop
  elsewhere", "if you don't like it, cancel";
- **exasperation**: an interjection or a disbelieving question ("Ugh.", "*sigh*", "are you
  serious?", "what do you want me to do about it?", "yes, yes");
- **sarcasm**: praise of an attempt ("good try", "cute trick"), "great, another ...",
  "good for you", the non-apology "sorry you feel that way";
- **condescension**: comparison with other customers ("everyone else manages", "like a normal
  person"), "surely you know", "in plain English", "let me be very clear", "maybe try
  reading", a hedge before a jab ("with all due respect");
- **lessons**: a directive marked "this time" ("keep them safe this time"), a prohibition of a
  mishap ("don't lose this one"), "lesson learned", "hopefully you'll remember next time";
- **pressure rebuffed**: "your threats don't scare us", "we won't be bullied", "stop wasting
  our time", "nobody is falling for that".

Each rule is a frame over a small closed class, with a gate; polite forms of the same words
("once again, sorry", "don't forget to use the link", "please don't reply with your
password", "to be clear, the fee is refunded") match none.
"""

from __future__ import annotations

import re

from sim.rudeness import CLAUSE_END, Rude, RudeRule

__all__ = ["BRUSH_OFF_RULES", "MANNER_RULES"]

_END = CLAUSE_END
_START = r"(?:^|(?<=[.!?;:]) |(?<=[.!?;:] -) |(?<=--) |(?<=[.!?] \*) )"

_MISHAP_VERB = r"(?:lose|misplace|forget|reuse|ignore|break|drop|overload|miss|delete|mistype)"
"""Verbs of a mishap of the customer's own."""

_KEEP_VERB = r"(?:keep|write|save|store|remember|read|check|use|put|note|hold on to|look after|try)"
"""Verbs of the care a customer is told to take."""

_AGAIN = r"(?:this time|next time|again|this one|these ones|the new (?:one|ones|codes?|password))"
"""Markers that a directive refers to a failure the customer had before."""

_MISHAP_GATE = tuple(
    f"{no} {verb}"
    for no in ("not", "n't", "never", "not to")
    for verb in _MISHAP_VERB.strip("(?:)").split("|")
)
"""Gate of a prohibited mishap: a negation before the verb ("don't lose", "never reuse")."""

BRUSH_OFF_RULES: tuple[RudeRule, ...] = (
    # -- closing the exchange -----------------------------------------------------------------
    RudeRule(
        Rude.DISMISS,
        (
            "i am done",
            "i'm done",
            "we are done",
            "we're done",
            "i am finished",
            "i'm finished",
            "we are finished",
            "we're finished",
            "conversation",
            "discussion",
            "exchange",
            "no further",
            "move on",
            "not going to",
            "not gonna",
            "do not reply",
            "don't reply",
            "do not respond",
            "don't respond",
            "do not write",
            "don't write",
        ),
        re.compile(
            r"\b(?:i am|i'm|we are|we're) (?:done|finished) (?:discussing|talking about|arguing "
            r"about|going over|with) (?:this|that|it)\b"
            r"|\b(?:this|the|our) (?:conversation|discussion|exchange) is (?:now )?(?:over|"
            r"closed|finished|done)\b"
            r"|\bno further (?:correspondence|discussion|replies|emails|messages) (?:will|on|about)"
            r"|\bcan we (?:please )?(?:just )?move on\b"
            r"|\baccept (?:it|this|that|the decision|our decision) and move on\b"
            r"|\b(?:i am|i'm|we are|we're) not (?:going to|gonna) (?:argue|debate|keep arguing|go "
            r"back and forth|discuss this further|keep discussing)\b"
            rf"|{_START}(?:please )?(?:do not|don't) (?:reply|respond|write back)(?: to this)?"
            rf"(?: (?:again|any ?more))?{_END}"
        ),
    ),
    # -- deflection: the problem handed to someone else, the customer shown the door ----------
    RudeRule(
        Rude.DEFLECT,
        (
            "not us",
            "your complaints",
            "your anger",
            "your frustration",
            "for you",
            "not me",
            "not ours",
            "not mine",
            "between you",
            "elsewhere",
            "don't like",
            "do not like",
            "bothers you",
        ),
        re.compile(
            r"\b(?:blame|ask|contact|call|email|complain to|talk to|take it up with) (?:the "
            r"|your )?\w+(?: \w+)?,? not (?:us|me)\b"
            r"|\b(?:problem|issue|concern),? not (?:ours|mine)\b"
            r"|\b(?:maybe|perhaps) (?:this|our|the) \w+ (?:is not|isn't) for you\b"
            r"|\b(?:that is|that's|this is|it is|it's) between you and (?:your|the)\b"
            r"|\b(?:shop|go|look|buy|take your (?:business|money|custom)) elsewhere\b"
            r"|\bif you (?:do not|don't) like it\b"
            r"|\b(?:direct|take|send|address) your (?:complaints|anger|frustration) to\b"
            r"|\bif it bothers you (?:so|that) much\b"
        ),
    ),
    # -- exasperation: a sigh, a disbelieving question, a doubled yes -------------------------
    RudeRule(
        Rude.EXASPERATE,
        (
            "ugh.",
            "ugh!",
            "sigh",
            "geez",
            "jeez",
            "unbelievable",
            "give me a break",
            "here we go again",
            "seriously",
            "sake",
            "grief",
            "*groan",
            "*eye",
            "*roll",
            "*facepalm",
            "again:",
            "satisfied?",
            "happy now?",
            "better now?",
            "whatever you say",
            "as good as mine",
            "are you",
            "be serious",
            "be kidding",
            "be joking",
            "want me",
            "want us",
            "expect me",
            "expect us",
            "want from",
            "expect from",
            "supposed to know",
            "meant to know",
            "expected to know",
            "yes, yes",
            "yes yes",
            "yeah, yeah",
            "yeah yeah",
            "ok, ok",
            "ok ok",
            "okay, okay",
            "okay okay",
            "sure, sure",
            "sure sure",
            "worth a",
            "worth the",
        ),
        re.compile(
            rf"{_START}(?:ugh|sigh|geez|jeez|unbelievable|good grief|give me a break|here we go "
            r"again|seriously|for (?:heaven's|goodness'?|pete's|crying out loud)(?: sake)?)"
            r"(?=[.!]|$)"
            r"|\*(?:sighs?|groans?|eye ?rolls?|rolls eyes|facepalms?)\*"
            rf"|{_START}again:|{_START}(?:satisfied|happy now|better now)\?"
            r"|\bwhatever you say\b|\byour guess is as good as mine\b"
            r"|\bare you (?:serious|kidding|joking)\b|\byou (?:cannot|can't|must) be (?:serious|"
            r"kidding|joking)\b"
            r"|\bwhat (?:else )?(?:do|did) you (?:want|expect) (?:me|us) to do\b"
            r"|\bwhat (?:else )?you (?:want|expect) from (?:me|us)\b"
            r"|\bhow (?:was|am|were|are) (?:i|we) (?:supposed|meant|expected) to know\b"
            rf"|{_START}(yes|yeah|ok|okay|sure),? \1{_END}"
            r"|\b(?:was|is) (?:that|it|this) (?:really )?worth (?:a|an|all|the)\b[^.!?]*\?"
        ),
    ),
    # -- sarcasm: praise of an attempt, mock cheer, the non-apology ---------------------------
    RudeRule(
        Rude.SARCASM,
        (
            "try",
            "attempt",
            "trick",
            "but no",
            "another",
            "good for you",
            "feel that way",
            "feel this way",
            "see it that way",
            "oh great",
            "just great",
        ),
        re.compile(
            r"\b(?:good|nice|lovely|cute|clever|valiant|brave|solid|decent|creative) (?:try|"
            r"attempt|trick)\b"
            rf"|\b(?:cute|clever|lovely|nice|funny),? but no{_END}"
            r"|(?:^|[.!?] )(?:oh )?(?:great|wonderful|brilliant|lovely|fantastic|perfect|"
            r"marvellous|marvelous|terrific|super),? (?:so |just )?another\b"
            rf"|\bgood for you{_END}"
            r"|\b(?:oh|just) (?:great|wonderful|brilliant|lovely|perfect|marvellous|fantastic)\b"
            r"|\bsorry (?:that )?you (?:feel|see it|think) (?:that way|this way|like that|so)\b"
        ),
    ),
    # -- condescension: comparison, "surely", plain words, a hedge before a jab ---------------
    RudeRule(
        Rude.CONDESCEND,
        (
            "everyone",
            "everybody",
            "anyone",
            "most people",
            "most customers",
            "most users",
            "other customers",
            "other people",
            "other users",
            "normal",
            "regular",
            "reasonable",
            "sensible",
            "grown",
            "functioning",
            "surely",
            "plain english",
            "let me be",
            "let us be",
            "let's be",
            "try read",
            "try look",
            "try check",
            "try using",
            "due respect",
            "offence",
            "offense",
            "be patient",
            "just wait",
            "sit tight",
            "patience",
            "mind reader",
            "charity",
            "magician",
            "miracle",
            "pay for",
            "real question",
            "all there",
            "all right there",
            "finally",
        ),
        re.compile(
            r"\b(?:everyone|everybody|anyone|most (?:people|customers|users)|other (?:customers|"
            r"people|users)) (?:else )?(?:seems? to |manages? to |seem able to )?(?:manage|"
            r"manages|cope|copes|figure|figures|figured|handle|handles|work it out|works it out|"
            r"get it|gets it)\b"
            r"|\blike (?:a|any) (?:normal|regular|reasonable|sensible|grown|functioning) "
            r"(?:person|adult|customer|human)\b"
            r"|\bsurely (?:you|even you) (?:can|could|know|knew|understand|realise|realize|"
            r"remember|see|have|noticed)\b"
            r"|\bin plain english\b"
            r"|\blet me be (?:very |perfectly |absolutely |crystal |really )clear\b|\blet us be "
            r"(?:very |perfectly |absolutely |crystal )?clear\b|\blet's be (?:very |perfectly "
            r"|absolutely |crystal )?clear\b"
            r"|\b(?:maybe|perhaps|next time) try (?:reading|looking|checking|using)\b"
            r"|\bwith (?:all )?due respect\b|\bno offen[cs]e,? but\b"
            r"|\bjust (?:be patient|wait(?: like| your turn)|sit tight and wait)\b|\b(?:a little|"
            r"some) patience (?:goes|would go|would help|is needed)\b"
            r"|\bwe are not (?:mind readers|a charity|magicians|miracle workers)\b"
            r"|\bpatience,? please\b|\b(?:do not|don't) expect (?:miracles|a miracle)\b"
            r"|\byou get what you pay for\b|\bthe real question is\b"
            rf"|\b(?:it is|it's) all (?:right )?there{_END}|\bfor you,? finally{_END}"
        ),
    ),
    # -- lessons: a directive that presumes the customer failed before ------------------------
    RudeRule(
        Rude.LECTURE,
        (
            *_MISHAP_GATE,
            "this time",
            "next time",
            "lesson",
            "hopefully",
            "i hope",
            "maybe ",
            "perhaps ",
            "price ",
        ),
        re.compile(
            rf"{_START}(?:please |maybe |just |and |try to |so )?(?:actually |at least )?"
            rf"{_KEEP_VERB}\b[^.!?;]{{0,40}}?\bthis time{_END}"
            rf"|\b(?:please |maybe |just )?(?:do not|don't|try not to|never) {_MISHAP_VERB}\b"
            rf"(?! to\b)[^.!?;]{{0,40}}?\b{_AGAIN}\b"
            r"|\b(?:maybe|perhaps) (?:do not|don't|try not to|stop|avoid)\b"
            r"|\bthe price (?:of|for) not \w+ing\b"
            rf"|\blesson (?:learned|learnt){_END}|\blearn(?:ed|t)? (?:your|a|the|this) lesson\b"
            r"|\b(?:hopefully|i hope) you(?: will|'ll| can| have)? (?:remember|learn|learned|"
            r"learnt|check|read|be more careful|keep|know better)\b[^.!?;]{0,40}?\b(?:next time|in "
            r"future|from now on|going forward|this time)\b"
        ),
    ),
    # -- pressure rebuffed: threats answered with defiance, good faith denied -----------------
    RudeRule(
        Rude.FUTILITY,
        (
            "threat",
            "impatien",
            "anger",
            "fake",
            "made",
            "forged",
            "bogus",
            "bull",
            "pressur",
            "intimidat",
            "blackmail",
            "wasting",
            "falling for",
            "both know",
            "seen this",
            "seen that",
        ),
        re.compile(
            r"\b(?:your )?(?:threats|complaints|demands|tantrums|insults|impatience|anger)(?: of "
            r"\w+)? (?:do not|don't|will not|won't) (?:scare|intimidate|work|impress|move|bother|"
            r"worry|speed|change|help|make|get)\b"
            r"|(?:^|[.!?;] )\w+ing\b[^.!?;]{0,50}\b(?:fake|made-up|made up|forged|bogus|invented|"
            r"fabricated|phony|phoney)\b[^.!?;]{0,30} (?:will not|won't|does not|doesn't|is not "
            r"going to) (?:\w+ )?(?:change|help|get|work|make)\b"
            r"|\b(?:respond|react) (?:well|kindly) to threats\b"
            r"|\b(?:will not|won't|are not going to|aren't going to|am not going to|not going to) "
            r"be (?:bullied|pressured|pressed|threatened|intimidated|blackmailed|guilted)\b"
            r"|\b(?:stop|quit) wasting (?:our|my) time\b|\byou are wasting (?:our|my) time\b"
            r"|\b(?:nobody|no one|we are not|we're not|i am not|i'm not|not) (?:is )?falling for\b"
            r"|\bwe both know\b|\b(?:we|i) have seen (?:this|that) (?:trick|one|story|before)\b"
        ),
    ),
    # -- blame by a past possibility: "you could have avoided this" ---------------------------
    RudeRule(
        Rude.REPROACH,
        ("avoided", "prevented", "saved yourself", "spared yourself"),
        re.compile(
            r"\byou (?:could|might) (?:easily |simply |just |so easily )?have (?:avoided|"
            r"prevented|saved yourself|spared yourself)\b"
        ),
    ),
)
"""The brush-off rules, run by :func:`sim.rudeness.rude_acts` after its own."""

_MANNER = (
    r"(?:dramatic|rude|difficult|demanding|aggressive|hostile|impatient|entitled|unreasonable|"
    r"childish|emotional|worked up|hysterical|negative|confrontational|pushy|rude about it)"
)
"""How a customer is said to behave when a reply reprimands their manner."""

_CIVIL = r"(?:civil|polite|respectful|courteous|professional|calm|nice|reasonable)"
"""The manner a customer is ordered to adopt."""

_MANNER_GATE = tuple(
    word
    for group in (_MANNER, _CIVIL)
    for word in group.removeprefix("(?:").removesuffix(")").split("|")
)
"""Gate of the manner rules: one of the manner words must occur."""

_AMOUNT = r"(?:bucks|quid|dollars?|pounds?|euros?|cents|pennies|days?|minutes?|hours?|weeks?)"
"""Units of a small amount of money or time."""

MANNER_RULES: tuple[RudeRule, ...] = (
    # -- the customer's manner named and corrected ---------------------------------------------
    # "there's no reason to be so dramatic", "try to keep it civil", "I'd appreciate it if you
    # didn't shout"
    RudeRule(
        Rude.CONDESCEND,
        (*_MANNER_GATE, "appreciate it if"),
        re.compile(
            rf"\b(?:be|being|get|getting) (?:so|this|that|too|overly|quite this) {_MANNER}\b"
            rf"|\b(?:keep|stay|remain) (?:it |this |things |your (?:tone|language|messages|"
            rf"replies) )?{_CIVIL}\b(?! (?:while|as) (?:we|i)\b)"
            r"|\b(?:i would|i'd|we would|we'd) appreciate it if you (?:did not|didn't|would not|"
            r"wouldn't|stopped|could stop|refrained from|toned|were|could be|kept)\b"
        ),
    ),
    # -- the problem sized down: "it's twelve bucks", "it's only a week late, you'll survive" --
    RudeRule(
        Rude.MINIMISE,
        ("only", "just", "merely", "bucks", "quid", "survive", "get over", "still no", "means no"),
        re.compile(
            rf"\b(?:it is|it was|that is|this is) (?:only|just|merely) (?:a |an )?(?:few |couple "
            rf"of |little |tiny |small |single )?(?:\w+[- ])?{_AMOUNT}(?: \w+)?{_END}"
            r"|\b(?:it is|it was|that is|this is) (?:only |just )?(?:a few |\w+ )?(?:bucks|quid)\b"
            rf"|\byou(?: will|'ll) (?:survive|live){_END}|\bget over yourself\b"
            r"|\b(?:the|my|our) answer is (?:still|again) no\b|\bno means no\b"
        ),
    ),
    # -- repetition declared and indifference stated -------------------------------------------
    RudeRule(
        Rude.DISMISS,
        ("told you", "time i", "care", "suggest you"),
        re.compile(
            r"\b(?:i|we) (?:have |'ve )?(?:already )?told you(?: (?:already|before|twice|that "
            r"already|this already|several times|more than once))?(?=[.!?;:]|$| already| before)"
            r"|\b(?:second|third|fourth|fifth|\w+th|last) time (?:i am|i'm|i have|i've) "
            r"(?:telling|told|explaining|explained|saying|said|repeating)\b"
            r"|\b(?:i|we) (?:do not|don't|could not|couldn't) care\b|\bnot something (?:i|we) care "
            r"about\b"
            r"|\b(?:i|i would|i'd) suggest (?:that )?you (?:accept|drop|let it go|move on|stop)\b"
        ),
    ),
)
"""Rules on the customer's manner, on size, on repetition; run after the brush-offs."""
