"""Word lists the claim reader (:mod:`sim.reader`) uses: grammar, not scenario content.

Nothing here names a scenario, an amount or a product: these are the closed word classes of
English (function words, negation cues, conditional openers) and the vocabulary of support
work in general, used to correct typos ("buisness" -> "business").
"""

from __future__ import annotations

from functools import cache, lru_cache
from importlib import resources

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

__all__ = [
    "BENIGN_NEGATIONS",
    "FOLLOW_UP_VERBS",
    "CONDITIONAL_OPENERS",
    "DISMISSIVE_FORMS",
    "FUNCTION_WORDS",
    "NEGATION_CUES",
    "INSULTS",
    "RUDE_PATTERNS",
    "SAYING_VERBS",
    "SYNONYMS",
    "TONE_NOUNS",
    "VOCABULARY",
    "common_words",
    "correct_typo",
    "known_words",
]

FUNCTION_WORDS: frozenset[str] = frozenset(
    """
    a an the and or but nor so yet if then than because as at by for from in into of off on
    onto out over to up with within without about after before during until upon via per
    i me my mine we us our ours you your yours he him his she her hers it its they them their
    theirs this that these those there here who whom whose which what when where why how
    am is are was were be been being have has had having do does did doing will would shall
    should can could may might must not no never all any both each every some such own same
    just also very too only again further once more most other another now still even ever
    let lets please thanks thank hi hello dear okay ok yes well really already soon
    since while though although unless whether whereas through between across against under
    u ur
    """.split()
)
"""English function words (articles, pronouns, auxiliaries, prepositions, conjunctions; the
subordinating conjunctions too: "since nov 15 premium gets 75% back" opens with grammar), with
the pronouns as texted ("u", "ur": "refunded to ur original payment method" has grammar)."""

NEGATION_CUES: tuple[str, ...] = (
    "not",
    "no",
    "never",
    "nothing",
    "none",
    "neither",
    "nor",
    "nobody",
    "unable",
    "cannot",
    r"declin\w*",
    r"refus\w*",
    r"den(?:y|ied|ies)",
    r"reject\w*",
    "ineligible",
    r"not\s+eligible",
)
"""Words that negate the clause they stand in (contractions are expanded before: "won't" ->
"will not")."""

BENIGN_NEGATIONS: tuple[str, ...] = (
    r"no problem",
    r"not a problem",
    r"no worries",
    r"not to worry",
    r"no need to worry",
    r"not only",
    r"no later than",
    r"no more than",
    r"not more than",
    r"no longer works?",
    r"no longer than",
    r"do not hesitate",
    r"never hesitate",
    r"whether or not",
    r"if not",
    r"no matter",
    r"no questions asked",
    r"(?:do|does|will)\s+not\s+(?:need|have)\s+to\s+(?:return|send|ship|mail|do|pay)\w*",
    r"no\s+need\s+(?:for you\s+)?to\s+(?:return|send|ship|mail|do|pay)\w*",
    r"no\s+return\s+(?:is\s+)?(?:needed|required|necessary)",
    r"without\s+(?:needing\s+to\s+|having\s+to\s+)?(?:return|send|ship|mail)\w*(?:\s+it)?",
    r"(?:at\s+)?no\s+(?:extra\s+|additional\s+)?(?:cost|charge|fee)s?(?:\s+to\s+you)?",
    r"free\s+of\s+charge",
    r"no\s+(?:further\s+|other\s+)?action\s+(?:is\s+)?(?:needed|required)",
    r"nothing\s+(?:else\s+|more\s+)?(?:you\s+need\s+|for\s+you\s+|needed\s+)?to\s+do",
    r"no\s+further\s+action",
    r"not\s+(?:happen|occur)\s+again",
    r"never\s+(?:happens?|occurs?|recurs?)\s+again",
    r"will\s+not\s+be\s+charged\s+(?:again|twice)",
    # a counterfactual presupposes what it regrets: "the $10.00 should not have been taken"
    # says $10.00 was taken ("should not have to pay" is an obligation, and negates)
    r"should\s+not\s+have(?!\s+to\b)(?:\s+been)?",
)
"""Negations that do not negate what the clause says about the ticket ("no problem", "you
do not need to return it", "at no cost")."""

CONDITIONAL_OPENERS: tuple[str, ...] = (
    "if",
    "once",
    "when",
    "whenever",
    "after",
    "as soon as",
    "unless",
    "provided",
    "in case",
    "should you",
    "assuming",
)
"""Words that open a conditional clause: what follows is not yet claimed."""

VOCABULARY: tuple[str, ...] = tuple(
    sorted(
        set(
            """
            business working calendar hours minutes days weeks months years
            refund refunds refunded refunding reimburse reimbursed
            escalate escalated escalating escalation specialist specialists supervisor
            manager department colleague transferred forwarded
            cancel cancelled canceled cancelling cancellation
            replace replaced replacement replacing
            password passwords reset forgot forgotten login account accounts
            warranty manufacturer repair repairs guarantee
            subscription subscriptions billing invoice invoices corrected duplicate
            charge charged charges payment payments original method statement
            finance security identity verification verify verified backup codes
            authentication authenticator window return returned returns period periods
            credit credited shipping express delivery delivered partial percent
            premium standard enterprise processed issued approved appear received
            receive within typically usually dollars amount purchase price policy
            apologize apologise apologies sorry understand frustrating inconvenience
            immediately unfortunately definitely separately eligible qualify
            please install settings update restart
            january february march april august september october november december
            monday tuesday wednesday thursday friday saturday sunday
            """.split()
        )
    )
)
"""Words of support work that typo correction may map a misspelling to; the names of months
and days (of five letters or more) too, as dates are facts ("Novmber 1" is November 1), and
see :data:`_GRAMMAR_WORDS` for the function words."""


@cache
def _frequency() -> tuple[tuple[str, int], ...]:
    path = resources.files("symspellpy") / "frequency_dictionary_en_82_765.txt"
    rows = (line.split(" ", 1) for line in path.read_text("utf-8").splitlines())
    return tuple((word, int(count)) for word, count in rows)


@cache
def known_words() -> frozenset[str]:
    """English words (symspellpy's 82,765-word frequency dictionary): never "corrected"."""
    return frozenset(word for word, _ in _frequency())


@cache
def common_words(top: int = 2500) -> frozenset[str]:
    """The ``top`` most frequent English words: too common to single out a passage."""
    ranked = sorted(_frequency(), key=lambda row: -row[1])
    return frozenset(word for word, _ in ranked[:top])


_PRAISE = (
    r"(?:well done|great|perfect|nice|good job|exactly|excellent|brilliant|spot on|"
    r"you(?:'ve| have) got it|you did it|now|next)\b"
)
"""Praise or a next step after "that's it" ("That's it, well done!", "That's it! Now tap
Install."): the customer got a step right, the conversation goes on; not a brush-off."""

_OUTCOME = (
    r"(?:and )?(?:it|everything|your \w+|the \w+) (?!(?:is|was|will|would|cannot|can|does|"
    r"did)\b)\w+"
)
"""The outcome of the steps just given, said of the thing they fix ("that's it, it should work
normally after", "that's it, everything restarts on its own"): the instructions are complete,
not the help. A state or a refusal ("that's it, the answer is no", "the policy won't change")
is not an outcome."""

_CUSTOMER_PAST_ACT = (
    r"\byou (?:\w+ )?(?:\w+ed|bought|paid|chose|had|got|took|kept|made|spent|went)\b"
)
"""The customer's own past act ("you used it", "you signed up and used the lessons"), the
cause from which blame draws a charge as its consequence."""

RUDE_PATTERNS: tuple[str, ...] = (
    # blame: the customer is at fault
    r"(?:you|your \w+) (?:should|could|might) (?:have|'ve) (?:\w+ ){0,2}(?:read|known|"
    r"checked|kept|saved|noticed|looked|thought|asked|paid attention)",
    r"should have (?:kept|read|known|checked|saved|noticed)",
    r"(?:your|you're|you are) (?:own )?(?:fault|mistake|problem|responsibility)",
    r"(?:you|your) (?:didn't|did not|never) (?:bother|read|check|pay attention|listen)",
    r"if you (?:had|'d) (?:read|checked|bothered|paid attention|listened)",
    r"next time,? (?:try|make sure|remember|keep|read|check|pay)",
    r"try to remember",
    r"you used it,? so you pay",
    # condescension: it is simple, the customer should know
    r"(?:this|that|it) (?:is|was|'s) (?:really |pretty |very |quite )?(?:basic|obvious|"
    r"common sense|not (?:hard|difficult|complicated))(?: stuff)?\b",
    r"(?:basic|simple|easy) stuff",
    r"(?:not|n't) (?:exactly |really )?(?:rocket science|brain surgery|complicated|hard)",
    # (a bare "as I mentioned" points back to the offer made, as "as mentioned" does; with
    # "already" or "just" it reproaches the customer for not taking it in)
    r"(?:as|like) (?:i|we) (?:(?:already |just )(?:said|told you|explained|mentioned|wrote)|"
    r"(?:said|told you|explained|wrote))",
    r"i (?:already|just) (?:told|explained|said)",
    r"for the (?:last|third|hundredth|tenth|fifth|second) time",
    r"(?:it is|it's) (?:literally )?right (?:there|in front of you)",
    r"literally (?:right|on|the|just|says)",
    r"(?:obviously|clearly),? (?:you|didn't|did not|if you)",
    r"(?:anyone|everyone|a child) (?:can|could|knows)",
    r"read the (?:faq|manual|instructions|article|help (?:page|center|centre)|fine print|terms)",
    # brush-off: the conversation, or the help, is over
    r"not (?:my|our) (?:problem|job|fault|department|concern|issue|responsibility)",
    r"(?:your|the) problem now",
    r"deal with it",
    r"live with it",
    r"get over it",
    r"figure it out",
    r"(?:too bad|tough luck|bad luck|so be it|it is what it is|whatever)(?=[.,!]|$)",
    r"take it or leave it",
    r"take it up with",
    r"rules are rules",
    r"that(?: is|'s) (?:all|it(?!!|,? " + _PRAISE + r"|, " + _OUTCOME + r")|the best|final)"
    r"(?: you(?:'re| are| will|'ll) (?:get|getting|going to get))?(?=[.,!]|$)",
    r"that(?: is|'s) all you(?:'re| are) (?:getting|going to get)",
    r"end of (?:story|discussion)",
    r"nothing (?:more|else) (?:to (?:discuss|say|talk about))",
    r"nothing (?:(?:more|else) )?for (?:us|me) to do",
    r"not (?:much|something|anything) (?:else )?(?:i|we) can (?:do|help with) any ?more",
    r"not much (?:else )?(?:i|we) can do",
    r"(?<!can )(?<!you )(?<!to )(?:(?:do|cancel|fix|sort|handle) it|(?:sort|figure|work) "
    r"(?:it|this|that) out) yourself",
    r"(?:do not|don't|no need to|no point(?: in)?|please stop|stop) (?:email|contact|writ|messag|"
    r"call|chas|complain|bother)\w* (?:us |me )?(?:again|any ?more|about (?:this|it))",
    r"stop (?:complaining|whining|yelling|shouting|bothering|emailing|contacting|writing|"
    r"messaging|nagging)",
    r"(?:don't|do not) waste (?:my|our) time",
    r"go away",
    r"good luck with that",
    r"if you insist",
    r"not the end of the world",
    # tone policing and sarcasm aimed at the customer
    r"calm down",
    r"(?:cut|drop|lose) the (?:sarcasm|attitude|drama|tone)",
    r"(?:watch|mind|lower) your (?:tone|language|voice)",
    r"no need to (?:shout|yell|be rude|use caps|get upset|be so)",
    r"sarcasm (?:\w+ ){0,2}(?:help|helps|helping)",
    r"(?:above|beyond) my pay grade",
    r"but fine\b",
    r"thanks for nothing",
    r"nice try",
    r"people like you|you people",
    r"(?:seriously|honestly)\?",
    # minimizing the customer's problem
    r"(?:it|that|this) is (?:only|just) (?:a |an )?(?:\$|\d|few|small|minor|cosmetic|scratch|"
    r"one)",
    r"no (?:real )?harm done",
    r"(?:still )?perfectly (?:fine|usable|giftable|good|serviceable)",
    # (after an absolution, "no problem, it happens" forgives the customer's own slip)
    r"(?:these|such) things happen|(?<!no problem, )(?<!no worries, )(?<!do not worry, )"
    r"(?<!don't worry, )(?<!not at all, )it happens(?: sometimes)?(?=[.,!]|$)|(?:couriers|parcels|"
    r"things|mistakes|deliveries) (?:run late|happen|go wrong) (?:sometimes|all the time)",
    r"not (?:such )?a big deal|no big deal",
    # blame by implication
    # (keeping what the agent has just given, "save the new password", is a tip, not blame;
    # keeping a thing for later use, "keep it for another occasion", is advice: the blame
    # keeps it safe, carefully, next time)
    r"(?:might|may) (?:be worth|want to) (?:(?:sav|keep|writ)\w*\b(?! (?:down )?(?:the|your|this|"
    r"these) (?:new|backup|recovery|reference)\b)(?=[^.!?]*\b(?:safe\w*|careful\w*|somewhere|"
    r"next time|in (?:the )?future|going forward|from now on)\b)|(?:read|limit|clean|be more|"
    r"think)\w*|"
    # (checking that a part sits right, whether it is clean, is a step of troubleshooting the
    # thing; checking a habit or a page is blame)
    r"check\w*\b(?! (?:that|whether|if)\b))",
    r"keep (?:that|this) in mind (?:with|for|next)",
    r"on (?:the|your) customer'?s? side",
    r"(?:when|if) (?:people|customers|users) (?:reuse|forget|don't|do not|lose|ignore|overload)",
    r"(?:may|might) come down to (?:when|how|what) you",
    r"(?:don't|do not|won't|will not) last (?:long )?if",
    r"(?:are|is) never (?:cleaned|maintained|charged)",
    r"when (?:they are|they're|it is|it's) overloaded",
    # condescension
    r"keep (?:this|it) (?:very |really )?simple",
    r"(?:so it's|so it is) easy to follow",
    r"as i'?m sure (?:you|your)",
    r"(?:you'd|you would|you should|you'll) (?:be )?expect(?:ed)? to know",
    r"as you (?:should|would|must|surely) know",
    r"that'?s what (?:\w+ )?(?:are|is) for",
    r"if you somehow",
    r"(?:pretty|very|really|rather) hard to miss",
    r"before opening a (?:chat|ticket)",
    r"(?:it would|it might|it'd) help (?:to|if you) read",
    r"(?:stated|written|shown|explained) (?:very )?clearly (?:at|in|on)",
    r"(\d+) days means \1 days",
    r"means what it says",
    r"as explained in our",
    r"no (?:real )?need to (?:mark|make|call) (?:this|it) urgent",
    # tone policing
    r"(?:typing|writing|shouting) in (?:capitals|caps|all caps|capital letters)",
    r"let (?:the|your) (?:sarcasm|tone|attitude|comment) slide",
    r"(?:chasing|emailing|calling|messaging) (?:us )?(?:again |more )?(?:won't|will not|doesn't|"
    r"does not) (?:speed|help|make|change)",
    r"won't make (?:it|the \w+|things) (?:go |come |happen )?any (?:faster|quicker|sooner)",
)
"""Rude, dismissive or condescending phrasings, by kind: blame, condescension, brush-off,
tone policing. Each is a pattern over lower-cased text with whitespace collapsed."""

TONE_NOUNS: tuple[str, ...] = (
    "sarcasm",
    "tone",
    "attitude",
    "caps",
    "all caps",
    "capitals",
    "capital letters",
    "shouting",
    "yelling",
    "language",
    "drama",
    "rudeness",
    "hostility",
    "aggression",
    "exclamation marks",
    "theatrics",
    "outburst",
)
"""What a customer is told off for in tone policing ("the sarcasm isn't necessary")."""

_TONE = "(?:" + "|".join(TONE_NOUNS) + ")"
_CUSTOMER_ACT = (
    r"(?:writing|reaching|contacting|messaging|emailing|calling|getting in touch|raising|"
    r"opening|submitting|complaining|filing|logging)"
)

DISMISSIVE_FORMS: tuple[str, ...] = (
    # tone policing: the customer's tone is named and judged
    rf"(?:the|your|this|that|all (?:the|this|that)|such) {_TONE} (?:is|are|was) (?:not|hardly|"
    r"really not|un)\s?(?:necessary|needed|helpful|called for|appropriate|productive)",
    rf"{_TONE} (?:does not|will not|is not|won't|doesn't|isn't) (?:\w+ )?(?:help|helping|"
    r"necessary|needed|get you|change|speed)",
    rf"no need for (?:the |all the |that |this |such |any )?(?:\w+ )?{_TONE}",
    rf"(?:drop|cut|lose|spare me|enough with|less of|tone down) (?:the|your|that|this) {_TONE}",
    # blame: the customer did, or did not do, something
    r"\bhad you (?:\w+ ){0,2}(?:\w+ed|read|written|known|seen|done|kept|taken)\b",
    r"(?:you|your \w+) (?:should|could|ought to) (?:have|'ve) (?:easily |just |simply )?(?:gone|"
    r"bought|ordered|chosen|picked|upgraded|contacted|called|written|reported|told|used|taken|"
    r"thought|asked|worked|figured|found|spotted|seen|looked)\b",
    r"you (?:chose|decided|opted|elected) not to",
    # (a charge drawn from the customer's own act; "it is 50% off, so you pay half" is sums)
    _CUSTOMER_PAST_ACT + r"(?:(?!\b(?:i|we)\b)[^.!?;]){0,60}?,? (?:and )?so (?:naturally |"
    r"obviously |of course |"
    r"clearly )?you (?:pay|have to pay|owe|are charged|get charged|are billed)",
    r"(?:check|read|look at|look|review|pay attention)\w* (?:\S+ ){0,3}more carefully",
    rf"before {_CUSTOMER_ACT} (?:in|out|us|to us|a ticket|a chat|tickets|a complaint|a claim)\b",
    rf"did you (?:even |actually |really )?(?:try|read|check|bother|look)\w*[^.?!]*\bbefore "
    rf"{_CUSTOMER_ACT}",
    r"(?:this|that) is (?:exactly |precisely )?why we (?:tell|ask|advise|recommend|remind|say|"
    r"warn)",
    r"(?:work|works|worked) (?:fine|perfectly|properly|just fine|well) (?:when|if) (?:people|"
    r"customers|users|you|owners)",
    # condescension: the answer was obvious
    r"(?:clearly|plainly|explicitly) (?:states|stated|says|said|explains|explained|written|shown|"
    r"mentioned|spelled out)",
    r"(?:not|never) sure what (?:else )?you (?:expected|expect|were expecting)",
    r"what did you expect",
    r"(?:do not|don't) see why you (?:are|'re)",
    r"why you (?:are|'re) (?:so |this |that )(?:upset|angry|worked up|annoyed|bothered|bent)",
    r"(?:make|making|made) (?:a|such a|this) (?:drama|fuss|big deal|scene)",
    # minimizing the customer's problem
    r"(?:hardly|barely|scarcely) (?:shows|show|noticeable|visible|matters|a problem|an issue|"
    r"worth|anything)",
    r"(?:it|that|this) (?:is|'s) (?:only|just) (?:a |an )?(?:\$|\d|few|small|minor|little|"
    r"cosmetic|scratch|one|a few)",
    r",? to be fair(?=[.,!;]|$)",
    r"in fairness to (?:us|me|the)",
    r"(?:what|why) (?:all )?the (?:big )?fuss",
    r"(?:is|was|are) (?:really |honestly )?not (?:that|such a) (?:big|serious|hard|difficult|"
    r"complicated)",
    r"should be (?:obvious|self-explanatory)|self-explanatory",
    # brush-off: the agent closes the conversation on the customer
    r"per my (?:last|previous|earlier) (?:message|email|reply|response)",
    r"i (?:do not|don't) make the rules",
    r"(?:we are|we're|i am|i'm) done here",
    r"i (?:do not|don't) have all day",
    r"i am not going to (?:argue|repeat|debate|keep)",
    r"(?:can not|cannot|can't) help you if you (?:will not|won't|do not|don't|refuse)",
    r"sorry,? not sorry",
    r"with all due respect",
    r"(?:just |please )?(?:relax|chill)(?: out)?(?=[.,!;]|$)",
    r"(?:your|the|all this|this) (?:whining|moaning|ranting|complaining)\b",
    r"(?:you are|you're) (?:clearly|obviously) (?:not|confused|mistaken|wrong)",
    # blame: the customer's timing, choice or care
    r"(?:that|it) (?:is|was) (?:all )?on you\b",
    r"you (?:waited|left it|took) (?:too long|until the last|so long)",
    r"(?:most|other|many|all|any) (?:other )?(?:customers|people|users|buyers|owners) (?:manage|"
    r"seem to (?:manage|notice|understand|cope)|know (?:this|that|how)|notice|understand (?:this|"
    r"that|it)|(?:figure|work)\w* (?:\w+ )?out|get (?:it|this|that) right)",
    r"try not to (?:lose|forget|misplace|overload|drop|break|ignore|let)",
    r"write (?:it|this|them) down (?:this time|next time|so (?:you|that you) (?:do not|don't) "
    r"forget)",
    r"write (?:the |your )?(?:\w+ ){1,2}down (?:this time|next time)",
    r"so (?:that )?(?:we|i|you) (?:do not|don't|will not|won't) have to (?:do|go through|deal with|"
    r"repeat) (?:this|it|all this|that) (?:again|twice)",
    # the customer's own words turned against them, what they may not expect
    r"(?:as )?you (?:said|admitted|wrote|mentioned|told us) (?:so |it |this )?yourself",
    r"you (?:can not|cannot|can't|could not|couldn't|should not|shouldn't) (?:really |honestly |"
    r"seriously |just )?expect",
    # condescension: go and read the instructions
    r"give (?:the|your|our) (?:\w+ )?(?:manual|instructions|guide|faq|help (?:page|article)) a "
    r"(?:\w+ )?(?:read|look|glance)",
    r"(?:this|that) is the (?:second|third|fourth|fifth|\d+(?:st|nd|rd|th)|umpteenth|nth) time "
    r"(?:you|that you)",
    r"before (?:assuming|jumping to|accusing|blaming|panicking|complaining|shouting|demanding)",
    r"before \w+ing (?:\w+ )?next time",
    r"if you (?:had|would have) (?:actually|just|only|bothered)",
    # blame: the customer should have acted earlier, or did not need it that much
    r"(?:order|buy|book|plan|start|leave|allow)\w* (?:\S+ ){0,3}?(?:earlier|sooner|ahead|"
    r"in advance|in good time|more time) (?:next time|in future|in the future)\b",
    r"if (?:it|this|that|the \w+|\w+) (?:really )?(?:mattered|matters|was|is|were) (?:that|so) "
    r"(?:much|important|urgent|critical|essential)\b",
    # tone policing: the customer's tone brushed aside
    rf"{_TONE} aside\b",
    # condescension: the customer should have understood already
    r"(?:so|this|that) hard to (?:understand|follow|grasp|get)",
    # (the agent repeating itself; "so you won't need to explain it again" spares the customer)
    r"(?:^|(?<=[.!?;:] ))(?:(?!(?<!thank )\byou\b)[^.!?;])*?\b(?:say|explain|repeat|tell you) "
    r"(?:it|this|that) (?:one more|once more|one last|again)",
    r"spell (?:it|this|that) out",
    r"(?:clear|simple|plain) enough (?:this time|now|for you)|hopefully (?:that is|this is) clear",
    r"surely you (?:can|could|would|must) (?:see|understand|know|appreciate)",
    r"(?:do not|don't) see what the (?:problem|issue|big deal|fuss) is",
    r"(?:read|check|see) my (?:previous|last|earlier) (?:message|reply|email|answer)",
    r"no offen[cs]e,? but",
    r"try harder",
    # brush-off: the customer is left alone with it
    r"(?:that is|it is) (?:simply|just) (?:how it (?:is|works)|the way it (?:is|works))",
    r"(?:just )?have to (?:accept|live with|deal with|put up with) it",
    r"the rest is (?:up to you|on you|your (?:problem|job))",
    r"(?:if|when) (?:that|this) (?:is not|isn't) good enough",
    r"held responsible for your (?:own )?(?:choices|decisions|mistakes|actions)",
    r"(?:do not|don't) take that tone",
    r"(?:i am|i'm) sure you (?:will|'ll) (?:manage|cope|figure|work)",
    r"(?:a little|some|more) patience would",
    r"not (?:our|the) only customer",
    # impatience and sarcasm
    r"happy now\?|satisfied now\?|there,? (?:happy|satisfied)\?",
    r"(?:okay|ok|fine|alright),? (?:okay|ok|fine|alright)\b",
    r"(?:i would|i'd) appreciate (?:some|a little|a bit of|more) (?:patience|understanding|respect|"
    r"courtesy)",
    r"(?:have|show) some (?:patience|respect|understanding)",
    # belittling by comparison
    r"(?:it is|it's|this is|that is) (?:just |only )?(?:a|an) \w+(?: \w+)?,? not (?:a|an) (?:\w+ )?"
    r"(?:heirloom|emergency|disaster|tragedy|crisis|catastrophe|big deal|luxury|treasure|"
    r"life-or-death)",
    r"(?:is|are) not the end of the world",
    r"(?:you|you have) (?:clearly|obviously) (?:did not|didn't|have not|haven't|do not|don't) "
    r"(?:read|check|look|understand|follow)",
)
"""General forms of dismissal by kind (tone policing, blame, condescension, minimizing),
written over grammar and a small lexicon (:data:`TONE_NOUNS`) rather than whole phrases, so
that they catch wordings nobody listed. Matched over lower-cased text, once as written and
once with contractions expanded ("isn't" -> "is not")."""

INSULTS: tuple[str, ...] = (
    "idiot",
    "idiotic",
    "stupid",
    "dumb",
    "moron",
    "moronic",
    "pathetic",
    "incompetent",
    "clueless",
    "lazy",
    "ridiculous",
    "whiny",
    "childish",
    "ignorant",
    "silly",
    "impatient",
    "rude",
    "unreasonable",
    "hysterical",
    "demanding",
    "difficult",
    "annoying",
    "careless",
    "irresponsible",
    "overreacting",
    "dramatic",
    "paranoid",
)
"""Words that insult when aimed at the customer ("you're being unreasonable")."""


SAYING_VERBS: frozenset[str] = frozenset(
    """
    checked looked reviewed confirmed verified noted seen saw found read received got understood
    explained answered asked searched pulled gone went double-checked rechecked looked
    apologised apologized considered investigated examined reread heard included listed
    mentioned outlined summarised summarized written wrote told said copied highlighted
    identified located spotted traced matched compared calculated worked figured tried
    gathered compiled documented recorded
    needed wanted hoped wished wondered liked loved appreciated realised realized noticed
    assumed expected imagined feared preferred
    """.split()
)
"""What an agent can say it did in a chat without any tool: look, read, explain, gather the
details it hands on ("I've gathered the details and I'm passing it to them"); and the states
of mind a past tense reports ("that's all I needed", "I wanted to let you know"), which
are no act at all."""

HANDLING_VERBS: frozenset[str] = frozenset("sorted handled resolved settled".split())
"""Verbs that report the ticket handled without naming an act ("while I sorted it out"):
true of whatever the agent did, so any act done before grounds them."""

FOLLOW_UP_VERBS: frozenset[str] = frozenset(
    """
    call phone ring contact follow reach email text rush expedite prioritise prioritize upgrade
    waive guarantee raise increase pause unlock reset reactivate extend arrange book schedule
    ship open file compensate cover credit mark flag personally override approve authorise
    authorize speed fast-track courier collect visit send give offer add apply discount put hold
    """.split()
)
"""Things an agent can promise to do itself that no action in a support chat performs."""


SYNONYMS: tuple[tuple[str, ...], ...] = (
    ("email", "emailed", "mail", "mailed", "send", "sent", "sends"),
    ("refund", "refunded", "reimburse", "reimbursed", "repay", "repaid"),
    ("cost", "costs", "fee", "fees", "price", "expense"),
    (
        "item",
        "items",
        "product",
        "products",
        "unit",
        "units",
        "piece",
        "pieces",
        "appliance",
        "appliances",
        "goods",
        "device",
    ),
    ("verify", "verified", "verification", "confirm", "confirmed", "confirmation"),
    ("start", "started", "begin", "began", "initiate", "initiated", "open", "opened"),
    (
        "appear",
        "appears",
        "show",
        "shows",
        "arrive",
        "arrives",
        "land",
        "lands",
        "reach",
        "reaches",
        "visible",
        "post",
        "posts",
    ),
    ("window", "period"),
    ("expire", "expires", "expired", "expiry", "valid", "validity", "lapse", "lapses"),
    ("fix", "fixed", "resolve", "resolved", "solved"),
    ("guarantee", "guaranteed", "promise", "promised"),
    ("receive", "receives", "received", "get", "gets", "got"),
)
"""Words of support work that name the same thing, for comparing a reply with an article by
topic ("emailed automatically" and "sent automatically")."""


@lru_cache(maxsize=8192)
def correct_typo(word: str) -> str:
    """A misspelt word of support work corrected ("buisness" -> "business", "pleese" ->
    "please"); English words, short words and function words unchanged (a typo is read as
    the word the writer meant, never as another English word)."""
    return _corrected_typo(word)


def _corrected_typo(word: str) -> str:
    """:func:`correct_typo` uncached (mutation testing skips decorated functions)."""
    if len(word) < 5 or word in FUNCTION_WORDS or word in known_words():
        return word
    hit = process.extractOne(word, VOCABULARY, scorer=fuzz.ratio, score_cutoff=80)
    if hit is not None:
        return hit[0]
    return next((w for w in _GRAMMAR_WORDS if OSA.distance(word, w) <= 1), word)


_GRAMMAR_WORDS: tuple[str, ...] = tuple(sorted(w for w in FUNCTION_WORDS if len(w) >= 5))
"""Function words of five letters or more, which carry a sentence's grammar ("untill December
20" is until a date, "becuase", "wihtin"): a misspelling one edit away (a letter added, lost,
changed, or two swapped: "thier" is "their", never "other") is read as the word."""
