"""Hostile tone read by construction: threats, futility, grudging consent, shouting, barbs.

:mod:`sim.conduct` reads rude speech acts of blame, lecture and belittling. A rude reply can
also be rude by how it is built rather than by what it blames: it threatens a sanction if
the customer acts ("if you file a chargeback we may close your account"), declares the
customer's pressure futile ("threatening us won't change the policy"), grants a recourse
with contempt ("file your chargeback if you want") or predicts its failure ("you'll probably
lose"), shrinks the problem by degree ("technically it wasn't that late"), consents
grudgingly ("Fine, I've cancelled it"), reproaches by purpose ("this is exactly what the
renewal emails are for"), retro-lectures a purchase ("you really should check the address
before ordering"), asks rhetorical questions at the customer ("how hard is it to ...?"),
refers back to its own earlier message ("per my last email"), praises a mishap
("congratulations on losing it"), echoes the customer's words to mock them, or shouts (a
run of capitals, "!!").

Each rule is a grammatical frame over a small closed class (sanction verbs, pressure acts,
purchase acts, severity adjectives) with a cheap gate; a polite firm reply ("unfortunately I
can't", "please note", "you're free to raise a dispute with your bank if you wish", "if you'd
like, I can close your account") matches none. :func:`sim.rudeness.rude_acts` runs them (this
module is one of its rule tables; shouting, read in the original case, is the engine's own).
"""

from __future__ import annotations

import re

from sim.rudeness import Rude, RudeRule

__all__ = ["TONE_RULES"]

_END = r"(?=[.,!?;:]|$)"
"""The end of a clause."""

_START = r"(?:^|(?<=[.!?;:]) |(?<=[.!?;:] -) |(?<=--) )"
"""The start of a sentence (or of a clause after a colon, a semicolon or a dash)."""

_SANCTION = (
    r"(?:close|suspend|ban|terminate|block|restrict|deactivate|disable|freeze|lock|flag|"
    r"blacklist|report|pursue|remove|cancel|refuse)"
)
"""What a company can do to a customer as a sanction."""

_SANCTION_CLAUSE = (
    rf"(?:we|i) (?:will|may|might|would|could|shall|can|are going to|am going to|reserve the "
    rf"right to)(?: (?:then|also|unfortunately))?(?: (?:have|need|be forced|be obliged) to)? "
    rf"{_SANCTION}\w* (?:you|your (?:account|membership|subscription|orders?|access|profile))\b"
)
"""The agent's side doing a sanction to the customer or their account."""

_REQUEST = r"(?:want|wish|like|would|'d|prefer|ask|request|confirm|agree|need|are sure)"
"""Condition verbs by which the customer asks for the act: a service, not a threat."""

_PRESSURE = (
    r"(?:threatening|threats?|shouting|yelling|screaming|complaining|complaints|chasing|"
    r"demanding|demands|insisting|arguing|repeating yourself|begging|pushing|nagging|pestering|"
    r"swearing|cursing|ranting|raising your voice|getting (?:angry|upset|aggressive|worked up)|"
    r"being (?:rude|aggressive|abusive)|using (?:caps|capitals|all caps)|asking (?:again|"
    r"repeatedly|over and over)|(?:emailing|messaging|calling|writing) (?:us |me )?(?:again|"
    r"repeatedly|every day|over and over))"
)
"""A customer's way of pressing a demand, named as the subject of a futile act."""

_PRESSURE_OBJECT = (
    r"(?: (?:us|me|at us|at me|it|that|this))?(?: (?:a|an|the|with|to|about|like|in|over|"
    r"of|legal|your|for)\b(?: [\w'-]+){0,4}?)?"
)
"""What the pressure is aimed at or made of: "us", "a chargeback", "with legal action",
"about the delay", "in caps"."""

_NO_EFFECT = (
    r"(?:will not|won't|does not|doesn't|do not|don't|is not going to|are not going to|"
    r"cannot|can't|will never|never) (?:\w+ )?(?:change|help|speed|make|get|alter|work|move|"
    r"matter|hurry|force|sway|achieve|do anything)"
)
"""A negated effect: the pressure achieves nothing."""

_RECOURSE = (
    r"(?:(?:file|raise|open|lodge|start|submit|make|take|go ahead with) (?:your|a|the) "
    r"(?:\w+ )?(?:chargeback|dispute|complaint|review|claim|case)|(?:go|complain|talk|speak|"
    r"write) to (?:your|the) (?:bank|lawyer|solicitor|card issuer|ombudsman|regulator|"
    r"press)|(?:call|contact|sue|dispute|report|review) (?:your bank|us|me|the charge|it)|"
    r"(?:file|raise|lodge|open|start|take (?:it|this|that)(?: up)?) (?:it |one |a case )?with "
    r"(?:your|the) (?:bank|card issuer|card company|credit card company|lawyer|solicitor|"
    r"ombudsman|regulator))"
)
"""A recourse a customer can take against the company."""

_SEVERITY = (
    r"(?:late|bad|big|serious|long|expensive|costly|much|slow|noticeable|damaged|broken|"
    r"important|urgent|major|significant|terrible|awful|dramatic|delayed|tragic|"
    r"catastrophic|scratched|faulty|wrong|overdue)"
)
"""Adjectives that grade how bad a customer's problem is."""

_PURCHASE = (
    r"(?:order|ordering|buy|buying|purchase|purchasing|check out|checking out|pay|paying|"
    r"book|booking|subscribe|subscribing|sign up|signing up|renew|renewing|place (?:an |the "
    r"|your )?order|placing (?:an |the |your )?orders?|you (?:order|ordered|buy|bought|"
    r"purchase|purchased|pay|paid|book|booked|subscribe|subscribed|sign up|signed up|place|"
    r"placed|renew|renewed)(?: \w+)?)"
)
"""The customer's act of buying: advice to check before it is a retrospective lesson."""

_CHECK = (
    r"(?:check|double-check|re-?check|verify|read|re-?read|look at|review|confirm|compare|"
    r"measure|make sure of|pay attention to|be careful with)"
)
"""What a customer is told they should have done before buying."""

_MISHAP = (
    r"(?:losing|forgetting|breaking|missing|ignoring|locking yourself|overloading|dropping|"
    r"deleting|misplacing|mistyping|ordering the wrong|getting locked|not reading|not checking)"
)
"""A mishap of the customer's own that praise can only mock."""

TONE_RULES: tuple[RudeRule, ...] = (
    # -- threat: a sanction made conditional on the customer's act -----------------------------
    # "if you go ahead with a chargeback we may have to close your account"; "if you'd like,
    # I can close your account" is a service (the condition is a request)
    RudeRule(
        Rude.THREAT,
        ("if you",),
        re.compile(
            rf"\bif you (?!{_REQUEST}\b)(?:[^.!?;]{{0,80}}?),? (?:then )?{_SANCTION_CLAUSE}"
            rf"|{_SANCTION_CLAUSE}[^.!?;]{{0,30}}? if you (?!{_REQUEST}\b)\w+"
        ),
    ),
    # the sanction as a warned consequence: "will result in the suspension of your account"
    RudeRule(
        Rude.THREAT,
        ("result in", "warning", "be warned"),
        re.compile(
            r"\b(?:will|may|could|would|can) (?:\w+ )?(?:result in|lead to) (?:the |a )?"
            r"(?:suspension|closure|termination|ban|blocking|restriction|removal|cancellation) "
            r"of your (?:account|membership|subscription|access)\b"
            r"|\b(?:consider this|this is) (?:a|your) (?:final |last |formal )?warning\b"
            rf"|\bbe warned{_END}"
        ),
    ),
    # -- futility: the customer's pressure named and declared useless ------------------------
    # "threatening us won't change the policy", "complaining again won't speed it up"
    RudeRule(
        Rude.FUTILITY,
        (
            "threat",
            "shout",
            "yell",
            "scream",
            "complain",
            "chasing",
            "demand",
            "insist",
            "argu",
            "repeating",
            "begging",
            "pushing",
            "nagging",
            "pester",
            "swear",
            "cursing",
            "ranting",
            "raising your voice",
            "getting ",
            "being ",
            "using ",
            "asking ",
            "emailing",
            "messaging",
            "calling",
            "writing",
        ),
        re.compile(
            rf"{_START}(?:\w+ ){{0,2}}{_PRESSURE}{_PRESSURE_OBJECT}(?: (?:again|more))? "
            rf"{_NO_EFFECT}\b"
        ),
    ),
    # -- contempt: a recourse granted with disdain, its failure predicted --------------------
    # a bare imperative of the recourse + "if you want" ("file your chargeback if you want");
    # "you're free to raise a dispute if you wish" is a statement of a right, not an order
    RudeRule(
        Rude.CONTEMPT,
        (
            "if you want",
            "if you like",
            "if you must",
            "if you insist",
            "if you wish",
            "if you really",
        ),
        re.compile(
            rf"{_START}(?:just |so |then )?(?:go ahead and )?{_RECOURSE}\b[^.!?;]{{0,50}}?,? "
            rf"if you (?:really )?"
            rf"(?:want|like|must|insist|wish|feel like it|feel you must)(?: to)?{_END}"
            rf"|\bif you must{_END}"
        ),
    ),
    RudeRule(
        Rude.CONTEMPT,
        ("lose", "win", "nowhere", "chance", "end up", "left with", "wind up", "same", "nothing"),
        re.compile(
            r"\byou(?: will|'ll|would|'d)? (?:probably|likely|most likely|almost certainly|"
            rf"surely|just) (?:lose|fail|get nowhere)(?: (?:it|that|anyway|the (?:dispute|"
            rf"chargeback|case|claim)))?{_END}"
            r"|\byou (?:will|would) (?:not|never) (?:win|get anywhere)\b"
            r"|\byou (?:do not|don't|won't|will not) stand a chance\b"
            # the recourse predicted to change nothing: "you'll likely end up with the same
            # result", "you would probably get nothing more"
            r"|\byou(?: will|'ll| would|'d)? (?:probably |likely |most likely |almost certainly |"
            r"surely |just |only )?(?:end up|be left|wind up|come away) with (?:the (?:exact )?"
            r"same|nothing|no more|no different)\b"
            r"|\byou(?: will|'ll| would|'d) (?:probably|likely|most likely|almost certainly|surely|"
            r"just|only) (?:get|receive|hear) (?:the (?:exact )?same (?:result|outcome|answer|"
            r"decision|response)|nothing (?:more|else|back))\b"
        ),
    ),
    # -- minimise: the problem graded as not that bad ----------------------------------------
    # "it wasn't that late", "the scratch is not all that noticeable"
    RudeRule(
        Rude.MINIMISE,
        ("not that", "not all that", "n't that", "technically"),
        re.compile(
            rf"\b(?:is|was|are|were|'s) (?:really |honestly )?(?:not|n't) (?:really |even |"
            rf"actually )?(?:all )?that {_SEVERITY}\b"
            rf"|\btechnically,? (?:it|this|that|the \w+|your \w+) (?:is|was|were|are|'s) "
            rf"(?:not|n't|never|still|actually|only)\b"
        ),
    ),
    # the customer told to be grateful for what went wrong: "count your blessings", "consider
    # yourself lucky", "you're lucky we take it back", "lucky you can return it at all";
    # "we're grateful for your patience" is ours, "you're lucky to have caught it early" a good
    # catch
    RudeRule(
        Rude.MINIMISE,
        ("blessings", "lucky", "fortunate", "grateful", "thankful", "glad"),
        re.compile(
            r"\bcount your blessings\b|\b(?:consider|count|think) yourself (?:lucky|fortunate)\b"
            # lucky in what we grant ("you're lucky we take it back", "lucky you can return it"),
            # not in a good catch
            r"|\byou(?: are|'re| were) (?:very |quite |really )?(?:lucky|fortunate) (?:that )?"
            r"(?:we|you (?:can|could|even|are allowed|were allowed|get to|got to))\b"
            # the grant scorned as more than due by a bare "at all": "lucky it's refundable at
            # all", "you should be glad we replied at all"
            r"|\byou(?: are|'re| were| should be| can be| must be)? (?:very |quite |really |so |"
            r"just )?(?:lucky|fortunate|grateful|thankful|glad)\b[^.!?;]{0,50}?\bat all\b"
            r"|\b(?:you should|just|at least) be (?:grateful|thankful|glad) (?:that|for|we|it|"
            r"you)\b"
        ),
    ),
    # -- grudge: consent given as a sigh ---------------------------------------------------------
    # a sentence opened by a bare "Fine" ("Fine, I've cancelled it.", "OK, fine."); "it works
    # fine" or "that's fine" is not an interjection
    RudeRule(
        Rude.GRUDGE,
        ("fine",),
        re.compile(
            rf"{_START}(?:(?:ok|okay|oh|well|alright|all right|ugh|sigh),? )?fine(?: then)?"
            r"(?=[.,!;:]| -|$)"
        ),
    ),
    # -- reproach by purpose: the customer ignored what was there for them ------------------
    # "this is exactly what the renewal emails are for"; "that's what we're here for" is not
    RudeRule(
        Rude.REPROACH,
        ("exactly", "precisely"),
        re.compile(
            r"\b(?:this|that|it) is (?:exactly|precisely) (?:what|why) (?!(?:we|i)\b)"
            r"(?:\w+ ){1,4}(?:is|are|was|were|exist|exists) (?:for|there)\b"
            r"|\b(?:this|that|it) is (?:exactly|precisely) why (?:you|customers|people|everyone) "
            r"(?:should|need|must|are asked|are told|are advised)\b"
        ),
    ),
    # a retrospective lesson on a purchase: "you really should check the address before
    # ordering", "please measure before you buy"
    RudeRule(
        Rude.REPROACH,
        ("before",),
        re.compile(
            r"\b(?:you (?:really |honestly |seriously |always )?(?:should|must|need to|ought to|"
            r"have to|might want to|may want to)|please|maybe|perhaps|always|try to|remember "
            rf"to) {_CHECK}\b[^.!?;]{{0,60}}? before {_PURCHASE}\b"
        ),
    ),
    # an intensified present obligation on the customer: "you really should read the terms"
    RudeRule(
        Rude.REPROACH,
        ("really", "seriously", "honestly"),
        re.compile(
            r"\byou (?:really|seriously|honestly) (?:should|need to|must|ought to) (?:have )?"
            r"(?:check|read|look|verify|pay attention|be more careful|keep|save|remember|know)\b"
        ),
    ),
    # -- rhetorical questions aimed at the customer ------------------------------------------
    RudeRule(
        Rude.RHETORIC,
        ("?",),
        re.compile(
            r"\bhow (?:hard|difficult) (?:is|was|can|could) (?:it|that)\b[^.!?]*\?"
            r"|\bis (?:that|it|this) (?:really )?(?:so|that|too) (?:hard|difficult|much to ask)"
            r"[^.!?]*\?"
            r"|\bwhy (?:did not|didn't|would not|wouldn't|could not|couldn't|have not|haven't|"
            r"had not|hadn't) you\b[^.!?]*\?"
            r"|\b(?:do|did) you (?:really|honestly|seriously|actually) (?:think|expect|believe|"
            r"imagine|suppose)\b[^.!?]*\?"
            r"|\bwhat (?:part of|else did you|did you think)\b[^.!?]*\?"
            r"|\bis (?:that|this) (?:clear|simple|easy) (?:enough|now)\b[^.!?]*\?"
            # an echo question of exasperation, a bare noun phrase: "Another missing item?"
            rf"|{_START}(?:oh,? |what,? |so,? )?(?:yet )?another (?:[a-z'-]+ ){{0,2}}[a-z'-]+\?"
        ),
    ),
    # -- reference back to the agent's own message: "per my last email" -----------------------
    RudeRule(
        Rude.REPROACH,
        ("per my", "my last", "my previous", "my earlier", "repeat myself"),
        re.compile(
            r"\b(?:as )?per my (?:last|previous|earlier|prior) (?:\w+ )?(?:message|email|e-mail|"
            r"reply|response|note|answer)\b"
            r"|\bas (?:i )?(?:stated|said|explained|mentioned|noted|wrote) (?:in|on) my "
            r"(?:last|previous|earlier|prior) (?:message|email|e-mail|reply|response|note|"
            r"answer)\b"
            r"|\b(?:to )?repeat myself\b"
        ),
    ),
    # -- mock: praise for a mishap, the customer's words echoed back ---------------------------
    RudeRule(
        Rude.MOCK,
        ("congrat", "well done", "bravo", "good job", "nice work", "great job", "nice going"),
        re.compile(
            r"\b(?:congratulations|congrats|well done|bravo|good job|nice work|great job|"
            rf"nice going) (?:on|for) {_MISHAP}\b"
        ),
    ),
    RudeRule(
        Rude.MOCK,
        ('"', "\u201c", "so-called", "what a "),
        re.compile(
            r"[\"\u201c][^\"\u201d]{1,40}[\"\u201d](?: \w+){0,2},? (?:you say|you call it|you said|"
            r"apparently|huh)\b"
            # the customer's words quoted back and acknowledged: '"Really impressive work" -
            # thanks, I'll pass that on', '"Worst service ever", noted.'
            r"|[\"\u201c][^\"\u201d]{1,40}[\"\u201d]\s?[-\u2013\u2014,:]?\s?(?:noted|(?:thanks|"
            r"thank you|cheers),? (?:(?:i|we)(?: will|'ll) pass (?:that|it|this) on|for (?:the|"
            r"your) (?:feedback|kind words|compliment|input)))\b"
            r"|\bso-called\b"
            rf"|{_START}(?:wow,? |oh,? |well,? )?what an? (?:catastrophe|tragedy|disaster|crisis|"
            rf"drama|surprise|shocker|ordeal){_END}"
        ),
    ),
)
"""The construction rules, run by :func:`sim.rudeness.rude_acts` after the speech acts and
before :mod:`sim.brushoff`, :mod:`sim.talkdown`, :mod:`sim.retort` and :mod:`sim.insinuation`."""
