"""Shrugs read by construction: the defect waved off, the customer's contact declared futile,
their case left to someone's leisure, their purchase held against them.

A reply can brush a customer off politely worded, with no insult and no word of the
dismissive lexicon:

- **the defect said to go unnoticed**: others are said not to notice what the customer
  reports ("most people would never notice it", "nobody will spot the mark"); "if you notice
  anything odd, reply here" asks the customer to look;
- **the defective goods declared fine as they are**: "you'll be fine keeping it", "it'll be
  fine as a gift"; "you'll be fine using it until the replacement arrives" bridges a wait;
- **the customer's contact declared futile**: "there's no point chasing us", "no use calling
  again", "don't bother emailing"; "no need to contact us, we'll email you" spares them;
- **the case left to someone's leisure**: "they'll email you when they get round to it",
  "whenever they feel like it", "in their own sweet time", "they'll get to it sooner or
  later"; "in your own time" is the customer's;
- **the customer held to their purchase**: "that's what you agreed to", "what you signed
  up for", "you bought it cheap", "that's the risk you take"; "that's not what you paid for"
  takes their side.

"The policy is clear: 30 days" stays polite (tests/sim/test_snub.py): a rule called clear is
firm, not a shrug.

Each rule is a frame over a small closed class with a cheap gate, run by
:func:`sim.rudeness.rude_acts` after the sneers.
"""

from __future__ import annotations

import re

from sim.rudeness import CLAUSE_END, Rude, RudeRule

__all__ = ["SHRUG_RULES"]

_END = CLAUSE_END

_OTHERS = (
    r"(?:(?:most|many|other) (?:people|customers|buyers|users|owners|guests|visitors|"
    r"recipients)|anyone|anybody|people|others|"
    r"your (?:friend|guest|recipient|family|partner|visitor|mum|mom|dad|wife|husband)s?)"
)
"""Onlookers the customer's defect is said to escape."""

_NOBODY = r"(?:nobody|no one|hardly anyone|hardly anybody|few people|few customers)"
"""Onlookers denied as a whole."""

_MODAL = (
    r"(?:(?:would|will|could|is going to|are going to) )?(?:(?:ever|even|really|probably|"
    r"likely|honestly) )?"
)
"""An optional modal and adverb before the verb of perceiving."""

_NOTICE = r"(?:(?:notice|spot)s?|(?:see|sees|tell|tells) the difference)"
"""Verbs of perceiving a defect."""

_FLAW = (
    r"(?:scratch|mark|dent|scuff|chip|crack|stain|blemish|flaw|nick|scrape|marking|"
    r"discolou?ration|fault|defect|damage|imperfection)(?:es|s)?"
)
"""What is wrong with the goods."""

_NEGATED = (
    r"(?:(?:would|will|could|do|does|did|might|may) (?:not|never)|(?:are|is) (?:not|never) "
    r"going to|never|hardly|barely|scarcely)"
)
"""A negated modal or a negative adverb before the verb of perceiving."""

_DEFECT = (
    rf"(?:(?: (?:it|that|this|them|a thing|anything))?(?:{_END}| (?:at all|anyway|unless|if|"
    rf"once)\b)| (?:the|a|an|that|this|those|these|such an?|any) (?:\w+ )?{_FLAW}\b)"
)
"""What goes unperceived: a pronoun or nothing, then the end of the clause; or a flaw."""

_ASIS = r"(?:keeping|wrapping|giving|gifting)"
"""Ways of living with the goods as they came."""

_CONTACT = (
    r"(?:chasing|contacting|calling|phoning|ringing|emailing|e-mailing|messaging|writing|"
    r"following up|checking in|checking back|asking|pinging|nagging|pushing|pressing|"
    r"complaining|escalating)"
)
"""What a customer does to press their case."""

_SOMEONE = r"(?:they|we|i|he|she|someone|somebody|the (?:\w+ )?team)"
"""Whoever is to act on the customer's case."""

_AGREE = r"(?:agreed to|signed up for|accepted|consented to)"
"""The customer's own consent, held against them."""

SHRUG_RULES: tuple[RudeRule, ...] = (
    # -- the defect said to go unnoticed by others ------------------------------------------
    # "most people would never notice it", "nobody will spot the mark"
    RudeRule(
        Rude.MINIMISE,
        ("notice", "spot", "difference"),
        re.compile(
            rf"\b{_NOBODY}(?: else)? {_MODAL}(?:(?:ever|even|really) )?{_NOTICE}{_DEFECT}"
            rf"|\b{_OTHERS}(?: else)? {_NEGATED} (?:(?:ever|even|really|probably) )?{_NOTICE}"
            rf"{_DEFECT}"
        ),
    ),
    # -- the defective goods declared fine as they are --------------------------------------
    RudeRule(
        Rude.MINIMISE,
        ("fine", "okay", " ok", "alright", "all right", "good enough"),
        re.compile(
            r"\byou(?: will|'ll| would|'d)? (?:still )?be (?:perfectly |totally |absolutely |"
            rf"just )?(?:fine|ok|okay|alright|all right) {_ASIS} (?:it|them|that|this)\b"
            r"(?! (?:until|till|while|for now|in the meantime|meanwhile|before)\b)"
            r"|\b(?:it|they|that|this)(?: will|'ll| would|'d| is|'s| are)? (?:still )?(?:be )?"
            r"(?:perfectly |totally |absolutely |just )?(?:fine|ok|okay|good enough) as (?:a |an )?"
            r"(?:gift|present)\b"
        ),
    ),
    # -- the customer's contact declared futile ---------------------------------------------
    # "there's no point chasing us", "don't bother calling"; "no need to" spares the customer
    RudeRule(
        Rude.DISMISS,
        ("no point", "no use", "no sense", "pointless", "bother", "waste your time"),
        re.compile(
            rf"\b(?:no (?:point|use|sense)(?: in)?|(?:is|'s) (?:pointless|useless)) {_CONTACT}\b"
            r"(?! (?:the|your|a|an|their|his|her) (?!team\b))"
            rf"|\b(?:do not|don't) (?:bother|waste your time) {_CONTACT} (?:us|me|the team|our "
            r"\w+ team|support|again)\b"
        ),
    ),
    # -- the case left to someone's leisure -------------------------------------------------
    RudeRule(
        Rude.DISMISS,
        ("round to", "feel like", "be bothered", "own time", "own sweet", "sooner or later"),
        re.compile(
            rf"\bwhen(?:ever)? {_SOMEONE} (?:(?:get|gets|got|can get) (?:a)?round to (?:it|this|"
            r"that|you|your)|(?:feel|feels) like it|can be bothered)\b"
            r"|\b(?:will|'ll) (?:get (?:a)?round to|get to|deal with|look at) (?:it|this|that|your "
            r"\w+) sooner or later\b"
            r"|\bin (?:their|our|my|his|her) own (?:sweet )?time\b"
        ),
    ),
    # -- the customer held to their purchase ------------------------------------------------
    # "that's what you agreed to", "you bought it cheap"; "not what you paid for" takes
    # their side, so the copula must be bare
    RudeRule(
        Rude.BLAME,
        ("what you", "cheap", "next to nothing", "a song", "peanuts", "risk", "price"),
        re.compile(
            rf"\b(?:is|was|are|were|'s|'re) (?:exactly |precisely |just |simply )?what you "
            rf"{_AGREE}\b"
            r"|\b(?:bought|got|purchased|ordered|picked up|paid for) (?:it|them|this|that|the "
            r"\w+) (?:so |that |this |really |very )?(?:cheap|cheaply|for (?:cheap|next to "
            r"nothing|a song|peanuts|pennies|a pittance))\b"
            # the mishap as the toll of the customer's choice: "that's the risk you take"
            r"|\b(?:that is|that's|this is|it is|it's|such is) (?:just )?the (?:risk|price) "
            r"(?:you (?:take|run|pay)|of (?:buying|ordering|shopping|booking|going for|choosing))\b"
        ),
    ),
)
"""The shrug rules, run by :func:`sim.rudeness.rude_acts` after the sneers."""
