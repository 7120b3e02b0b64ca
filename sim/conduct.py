"""Rude conduct read by speech act: what a reply does to the customer, not which words it uses.

:data:`sim.lexicon.RUDE_PATTERNS` and :data:`sim.lexicon.DISMISSIVE_FORMS` list dismissive
phrasings one by one. A rude reply written by someone else rarely repeats them: it blames
("you should have checked"), lectures ("in future, please check"), belittles ("doesn't
authorise anything, obviously"), mocks ("sarcasm noted"), doubts the customer's good faith
("if you really are the owner") or orders them about ("grow up"). Each rule here is one such
act, written over its grammar: who is addressed (``you``), the modal or marker that makes it
an act (a past modal of obligation, a future-behaviour marker, an obviousness intensifier),
and a small closed class of verbs or nouns. A polite reply keeps passing: "please note", "as
mentioned in our policy", "unfortunately I can't", "you should have received an email",
"next time you need help, just reply here" and "stop using the charger" are not rude.

Each rule has a cheap gate (substrings one of which must occur) so that a reply pays only for
the rules whose words it contains. :func:`sim.rudeness.rude_acts` runs them (this module is one
of its rule tables).
"""

from __future__ import annotations

import re

from sim.rudeness import CLAUSE_END, Rude, RudeRule

__all__ = ["CONDUCT_RULES"]

_END = CLAUSE_END
"""The end of a clause: what precedes it is said on its own, as a comment."""

_DILIGENCE = (
    r"(?:check|double-check|re-?check|verify|read|re-?read|look|make sure|ensure|remember|"
    r"be (?:more |a bit more |extra )?careful|pay (?:more )?attention|take (?:more )?care|"
    r"think|plan|order (?:\w+ ){0,3}(?:earlier|sooner)|avoid|keep (?:track|an eye|a copy|"
    r"your)|save|write (?:it|them|this|that) down)"
)
"""What a customer is told to do more carefully: checking, reading, remembering, planning."""

_FUTURE = r"(?:next time|in (?:the )?future|going forward|from now on|for future reference)"
"""Markers that turn advice into a lesson for the customer's future behaviour."""

_DIRECTIVE = (
    r"(?:please |maybe |perhaps |just |kindly |try to |try and |remember to |be sure to |"
    r"make sure (?:to |that )?|you (?:should|must|need to|might want to|may want to|will want to|"
    r"will need to|could|ought to) )"
)
"""What makes a verb a directive to the customer."""

_STRONG_TONE = (
    r"(?:sarcasm|sarcastic (?:comment|remark|tone)s?|attitude|theatrics|hostility|tantrum|snark|"
    r"snarkiness|whining|ranting|outburst|histrionics|melodrama)"
)
"""Names of the customer's manner that a support reply only uses to reprimand it."""

_BAD_FAITH = (
    r"(?:divert|steal|scam|trick|cheat|game|abuse|defraud|exploit|con|fool|grab|swindle|"
    r"pocket|milk|get (?:something|stuff|things|it|a \w+) for free|get free)"
)
"""Verbs a reply uses when it accuses the customer of acting in bad faith."""

CONDUCT_RULES: tuple[RudeRule, ...] = (
    # -- blame: the customer is told they caused the problem ---------------------------------
    # a past modal of obligation aimed at "you" ("you should have checked"); "you should have
    # received an email" or "you should have been refunded" is our obligation, not theirs, and
    # "you should have it back in 5 days" (have + its object) is what they can expect, as is
    # "the experience you should have with a new machine" (have + a preposition: its object
    # is the noun the relative clause hangs on)
    RudeRule(
        Rude.BLAME,
        ("should", "ought"),
        re.compile(
            r"\byou (?:really |honestly |simply |just )?(?:should|ought to)(?: (?:really |just |"
            r"simply )?have|'ve) (?!(?:to|received|got|gotten|heard|had|been (?:\w+ed|told|sent|"
            r"given|paid|shown|made|kept|sold|billed)|seen (?:an?|the|our) (?:email|message|"
            r"notification|confirmation|text)|it|them|this|that|these|those|the|a|an|your|one|"
            r"some|any|all|both|everything|access|no|with|from|in|on|at(?!\s+least)|by|for|"
            r"about|of|into|onto|after|during|until|within|without|here|there|and|or|but|if|"
            r"when|as)\b)\w+"
        ),
    ),
    # the customer failed, neglected or could not be bothered
    RudeRule(
        Rude.BLAME,
        ("you",),
        re.compile(
            r"\byou (?:clearly |obviously |simply |just )?(?:failed|neglected|forgot|chose not|"
            r"did not bother|never bothered|could not be bothered) to\b"
            r"|\byou (?:only )?have (?:only )?yourself to blame\b|\bblame yourself\b"
        ),
    ),
    # the fault is placed on the customer's side
    RudeRule(
        Rude.BLAME,
        ("your end", "your side"),
        re.compile(
            r"\b(?:error|mistake|problem|issue|fault|blame)s? (?:is|was|lies|lay|are|were) "
            r"(?:\w+ )?on your (?:end|side)\b"
        ),
    ),
    # -- lecture: the customer is told how to behave in future --------------------------------
    # the marker first: "in future, please check the address", "next time, read the terms"
    RudeRule(
        Rude.LECTURE,
        ("next time", "future", "going forward", "from now on"),
        re.compile(rf"\b{_FUTURE},? {_DIRECTIVE}?{_DILIGENCE}\b"),
    ),
    # the directive first: "maybe order a bit earlier next time", "please read it next time"
    RudeRule(
        Rude.LECTURE,
        ("next time", "future", "going forward", "from now on"),
        re.compile(rf"\b{_DIRECTIVE}{_DILIGENCE}\b[^.!?]{{0,80}}\b{_FUTURE}{_END}"),
    ),
    # a meta-comment on what was already explained to the customer
    RudeRule(
        Rude.LECTURE,
        ("already", "explained", "told you"),
        re.compile(
            r"\bas (?:i|we) have (?:already |previously )?(?:said|told you|explained|mentioned|"
            r"stated|pointed out)\b"
            r"|\bas already (?:said|explained|stated|pointed out)\b"
            r"|\b(?:i|we) (?:have )?(?:already )?(?:explained|told you|said|answered) (?:this|that|"
            r"it) (?:already|before|twice|several times|many times|multiple times|more than once)\b"
            r"|\b(?:i|we) (?:have )?already (?:explained|told you|said|answered|addressed|covered) "
            r"(?:this|that)(?=[.!?]|$)"
        ),
    ),
    # the answer was in front of the customer: "the terms are right there on the page", "it
    # says so in big letters", "try reading the instructions"
    RudeRule(
        Rude.LECTURE,
        (
            "right there",
            "says so",
            "big letters",
            "in bold",
            "black and white",
            "try reading",
            "clearly",
            "plainly",
            "obviously",
        ),
        re.compile(
            r"\b(?:terms|policy|date|information|details|answer|instructions|price|it|that|this)\s+"
            r"(?:is|are|was|were)\s+(?:all\s+)?right\s+there\b"
            # "it's clearly on our site": where it is, stressed as plain to see
            r"|\b(?:is|are|was|were|'s)\s+(?:clearly|plainly|obviously)\s+(?:on|in)\s+(?:our|the|"
            r"your)\s+(?:\w+\s+)?(?:site|website|page|terms|faq|receipt|email|listing|confirmation|"
            r"invoice|app)\b"
            r"|\bsays so (?:clearly|right|plainly|in (?:big|bold|plain|black))"
            r"|\bin (?:big letters|bold|black and white)\b"
            r"|\btry (?:actually )?reading\b"
        ),
    ),
    # the answer pointed at where the customer could have read it, by a colloquial "like":
    # "check your spam folder like the help page says"; "it looks like the page says 30 days"
    # reads the page, it does not point the customer to it
    RudeRule(
        Rude.LECTURE,
        ("like ",),
        re.compile(
            r"(?<!\blooks )(?<!\blook )(?<!\blooked )(?<!\bseems )(?<!\bseem )(?<!\bseemed )"
            r"(?<!\bsounds )(?<!\bsound )(?<!\bfeels )(?<!\bfeel )"
            r"\blike (?:the|our|your|it|this|that) (?:[a-z-]+ ){0,3}?(?:says|said|states|stated|"
            r"explains|explained|tells you|told you|shows|showed)\b"
        ),
    ),
    # a habit for the customer's future put as the subject of a would-be saving: "setting a
    # reminder next time would save us both the trouble"
    RudeRule(
        Rude.LECTURE,
        ("next time", "future", "going forward", "from now on"),
        re.compile(
            r"(?:^|[.!?;:] )(?:well,? |honestly,? |maybe |perhaps |just )?(?:setting|checking|"
            r"double-checking|reading|keeping|making sure|writing|saving|noting|remembering|"
            r"paying attention|ordering|planning|looking)\b[^.!?]{0,50}?\b"
            + _FUTURE
            + r"\b[^.!?]{0,10}?\b(?:would|could|might|will) (?:\w+ )?(?:save|spare|avoid|"
            r"prevent|help)\b"
        ),
    ),
    # a meta-comment that the point was made before: "we've been over this", "once again:",
    # "what part of 'no' is unclear"; "again, I'm sorry" repeats an apology, not a lesson
    RudeRule(
        Rude.LECTURE,
        ("over this", "through this", "again", "what part of"),
        re.compile(
            r"\b(?:we|i) have (?:already )?(?:been|gone) (?:over|through) (?:this|that|it)\b"
            r"|(?:^|[.!?] )(?:once )?again[,:] (?!(?:i am|i|we are|we|my|our)\b[^.!?]*\b(?:"
            r"sorry|apologi[sz]e|apologies)\b|thank|many thanks|my apologies|our apologies|sorry|"
            r"apologies)"
            r"|\bwhat part of\b"
        ),
    ),
    # a rule said to exist "for a reason", the reason withheld: the customer should have known
    # it ("the rules are on our website for a reason"); "asks for a reason" is a request
    RudeRule(
        Rude.LECTURE,
        ("for a reason", "for a good reason", "for a very good reason"),
        re.compile(
            r"(?<!\bask )(?<!\basks )(?<!\basked )(?<!\bneed )(?<!\bgive )(?<!\blooking )"
            r"\bfor a (?:very )?(?:good )?reason(?=\s*(?:[.!?;]|$))"
        ),
    ),
    # a diligence rule put in the passive before the customer's own act: "addresses need to
    # be checked before ordering" tells them what they failed to do, as "next time, check"
    RudeRule(
        Rude.LECTURE,
        ("before",),
        re.compile(
            r"\b(?:need|needs|has|have|must|should) (?:to )?be (?:carefully )?(?:checked|"
            r"double-checked|verified|confirmed|reviewed|read) (?:carefully )?before (?:ordering|"
            r"placing|checkout|checking out|buying|purchasing|submitting|paying|you (?:order|buy|"
            r"place|submit|pay|check out))\b"
        ),
    ),
    # "actually" in a request presumes the customer would not do it ("please actually send it
    # back", "make sure you actually read it"); "we do actually refund it" states a fact
    RudeRule(
        Rude.LECTURE,
        ("actually",),
        re.compile(
            r"\b(?:please|make sure (?:that )?you|be sure to|remember to|try to) actually [a-z]+"
        ),
    ),
    # "did you even read it?", "did you not check?"
    RudeRule(
        Rude.LECTURE,
        ("did you",),
        re.compile(
            r"\bdid you (?:even|actually|not|ever) (?:bother|read|check|look|try|open|think)\b"
        ),
    ),
    # -- belittle: the answer is said to be obvious or easy ----------------------------------
    # an obviousness intensifier on the reply's statement; "obviously our mistake" is not
    RudeRule(
        Rude.BELITTLE,
        ("obvious", "needless", "goes without"),
        re.compile(
            r"\bobviously\b(?! (?:(?:this|that|it) (?:is|was) )?(?:our|my|we|i)\b)"
            r"|\bneedless to say\b|\bit goes without saying\b"
        ),
    ),
    # judged easy to understand: "simple enough.", "easy enough to follow"
    RudeRule(
        Rude.BELITTLE,
        ("enough",),
        re.compile(
            rf"\b(?:simple|easy|straightforward|clear|basic) enough(?:{_END}| to (?:understand|"
            r"follow|grasp|get|read|figure|work out)| for (?:anyone|everyone|most people))"
        ),
    ),
    # handing the task to someone more capable
    RudeRule(
        Rude.BELITTLE,
        ("for you", "savvy", "to help"),
        re.compile(
            r"\b(?:ask|get|have) (?:someone|somebody|a (?:friend|relative|family member|\w+)|your "
            r"\w+)(?: \w+)? to (?:do|handle|sort|set|read|fix) (?:it|this|that|them)(?: up| out)? "
            r"for you\b"
            # "I'd suggest getting your grandson to help with it"
            r"|\b(?:ask|asking|get|getting|have|having) (?:someone|somebody|a (?:friend|relative|"
            r"family member|younger \w+)|your (?:grand\w+|son|daughter|kids?|children|family|"
            r"\w+ relative))(?: \w+)? to help (?:you )?(?:with|do|set|sort) (?:it|this|that|them)\b"
            r"|\btech-?savvy\b"
        ),
    ),
    # "like everyone else": the customer should manage as others do
    RudeRule(
        Rude.BELITTLE,
        ("everyone else", "everybody else"),
        # at the end of its clause, or before the next verb it coordinates ("use the warranty
        # like everyone else and claim it")
        re.compile(rf"\blike (?:everyone|everybody) else(?:{_END}| (?:and|then|or)\b)"),
    ),
    # -- mock: sarcasm and tone policing ------------------------------------------------------
    # the customer's manner named in order to reprimand it ("sarcasm noted", "skip the
    # attitude"); "my attitude" (an apology) is not aimed at them
    RudeRule(
        Rude.MOCK,
        (
            "sarcas",
            "attitude",
            "theatric",
            "hostil",
            "tantrum",
            "snark",
            "whin",
            "rant",
            "outburst",
            "histrionic",
            "melodrama",
        ),
        re.compile(
            rf"(?<!\bmy )(?<!\bour )\b{_STRONG_TONE}\b(?! (?:is|was) (?:\w+ )?(?:fair|"
            r"understandable|deserved|justified|warranted|earned|fine)\b)"
        ),
    ),
    # a hedge that withdraws the courtesy it follows: "thanks for your patience, I guess"
    RudeRule(
        Rude.MOCK,
        ("guess", "suppose", "i see"),
        re.compile(r"[,.] i (?:guess|suppose)(?=[.!?]|$)|, i see(?=[.!?]|$)"),
    ),
    RudeRule(
        Rude.MOCK,
        ("loss", "must be nice", "lucky"),
        re.compile(rf"\byour loss{_END}|\bmust be nice\b|\blucky (?:you|for you){_END}"),
    ),
    # -- distrust: the customer's good faith is doubted ---------------------------------------
    RudeRule(
        Rude.DISTRUST,
        (
            "really",
            "actually",
            "truly",
            "genuinely",
            "frankly",
            "attempt",
            "trying",
            "lying",
            "making",
            "face value",
            "your word",
        ),
        re.compile(
            r"\bif you (?:really|actually|truly) (?:are|were|did|own|bought|ordered|live)\b"
            r"|\bif (?:it|this|that) (?:is (?:really|actually|truly|genuinely)|(?:really|actually|"
            r"truly|genuinely) is) (?:you|yours)\b"
            r"|\bif you are (?:really|actually|truly|genuinely) (?:the|who|a)\b"
            r"|\b(?:quite |to be )?frankly\b"
            rf"|\b(?:an attempt|attempting|trying) to {_BAD_FAITH}\b"
            r"|\byou (?:are|were) (?:lying|making (?:this|it|that|things) up)\b"
            # the customer's account refused belief: "we can't just take this one at face
            # value", "I can't simply take your word for it"
            r"|\b(?:can ?not|could not|will not|would not|do not|are not able to|am not able to)"
            r"\s+(?:just\s+|simply\s+)?(?:take|accept)\s+(?:(?:this|that|it|your\s+\w+)(?:\s+one)?"
            r"\s+at\s+face\s+value|your\s+word\s+for\s+it)\b"
        ),
    ),
    # -- dismiss: orders that end the exchange, problems pushed onto others --------------------
    RudeRule(
        Rude.DISMISS,
        ("grow up", "grip", "let it go", "move on", "enough", "stop "),
        re.compile(
            rf"\b(?:grow up|get a grip)\b|(?:^|[.!?] |just |please |time to )(?:let it go|move on)"
            rf"{_END}"
            rf"|\b(?:that is|that's) enough{_END}|\benough already\b"
            r"|\bstop (?:sending (?:us|me)|asking|repeating|arguing|demanding|pestering|spamming|"
            r"harassing|threatening|insisting|pushing|panicking|overreacting|being so)\b"
        ),
    ),
    # the customer left alone with it: "that's between you and your bank", "that's unfortunate
    # for you", "not something we deal with", "whatever you say"
    RudeRule(
        Rude.DISMISS,
        ("between you", "for you", "not something", "whatever you", "know what"),
        re.compile(
            r"\b(?:that is|it is|this is) between you and\b"
            r"|\b(?:unfortunate|too bad|a shame|a pity|sad) for you\b"
            r"|\bnot something (?:we|i) (?:deal with|care about|bother with|get involved in)\b"
            r"|\bwhatever you say\b"
            r"|\b(?:do not|don't) know what (?:else )?you (?:want|expect)\b"
        ),
    ),
    RudeRule(
        Rude.DISMISS,
        ("'s problem", "'s job", "'s issue"),
        re.compile(
            r"\b(?:is|that is|that's|it is|it's) (?:the|your) \w+'s (?:problem|issue|job)\b"
        ),
    ),
    RudeRule(
        Rude.DISMISS,
        ("not how",),
        re.compile(r"\b(?:that|this) is not how (?:\w+ ){1,3}works?\b"),
    ),
)
"""The speech-act rules, run first by :func:`sim.rudeness.rude_acts`."""
