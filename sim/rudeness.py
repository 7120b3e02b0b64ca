"""Rudeness: the one engine that reads a reply for rude, dismissive or hostile wording.

The grader's ``courteous`` check and the simulated customer's appraisal both call
:func:`rude_phrases`, which reads a reply four ways:

- a lexicon of dismissive phrasings (:data:`sim.lexicon.RUDE_PATTERNS`,
  :data:`sim.lexicon.DISMISSIVE_FORMS`) and insults aimed at the customer
  (:data:`sim.lexicon.INSULTS`);
- speech acts and constructions, :func:`rude_acts`: rules written over a grammatical frame and
  a small closed class of words, each of one :class:`Rude` kind, kept in rule tables by area:
  :mod:`sim.conduct` (blame, lecture, belittling, mockery, doubt, dismissal), :mod:`sim.tone`
  (threats, futility, contempt, minimising, grudging consent, reproach, rhetorical
  questions, mockery), :mod:`sim.brushoff`, :mod:`sim.talkdown`, :mod:`sim.retort`,
  :mod:`sim.insinuation`, :mod:`sim.snub`, :mod:`sim.sneers`, :mod:`sim.shrugs`,
  :mod:`sim.jibes` and :mod:`sim.hindsight`;
- shouting, read in the original case (a run of capitals, a lone stressed word, "!!");
- profanity, by the maintained ``profanex`` lexicon, clause by clause.

Every rule has a cheap gate (substrings one of which must occur) so that a reply pays only for
the rules whose words it contains; the results are cached per text. The LLM tone judge stays
the judge of tone: these rules are a deterministic floor under it.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from functools import cache, lru_cache

from sim.lexicon import DISMISSIVE_FORMS, INSULTS, RUDE_PATTERNS

__all__ = ["CLAUSE_END", "CLAUSE_START", "Rude", "RudeAct", "RudeRule", "rude_acts", "rude_phrases"]


class Rude(enum.Enum):
    """The kind of rude act or construction a rule finds."""

    # speech acts (sim.conduct)
    BLAME = "blame"
    LECTURE = "lecture"
    BELITTLE = "belittle"
    MOCK = "mock"
    DISTRUST = "distrust"
    DISMISS = "dismiss"
    # constructions (sim.tone and the tables it heads)
    THREAT = "threat"
    FUTILITY = "futility"
    CONTEMPT = "contempt"
    MINIMISE = "minimise"
    GRUDGE = "grudge"
    REPROACH = "reproach"
    RHETORIC = "rhetoric"
    SHOUT = "shout"
    DEFLECT = "deflect"
    EXASPERATE = "exasperate"
    SARCASM = "sarcasm"
    CONDESCEND = "condescend"


@dataclass(frozen=True, slots=True)
class RudeAct:
    """One rude act found in a reply: its kind and the words that perform it."""

    kind: Rude
    words: str


CLAUSE_END = r"(?=[.,!?;:]|$)"
"""Where a rule table's pattern may end: a clause's edge (what precedes it is said on its own)."""
CLAUSE_START = r"(?:^|(?<=[.!?;:]) |(?<=[.!?;:] -) |(?<=--) )"
"""Where a rule table's pattern may start: a reply's or a sentence's (or a dash aside's) start."""


@dataclass(frozen=True, slots=True)
class RudeRule:
    """A rule: its kind, a gate (substrings one of which must occur) and its pattern over
    lower-cased text."""

    kind: Rude
    gate: tuple[str, ...]
    pattern: re.Pattern[str]


@lru_cache(maxsize=1)
def _rule_groups() -> tuple[tuple[RudeRule, ...], ...]:
    """The rule tables in the order their acts are reported: the speech acts, then the
    constructions (imported here: the tables build on :class:`RudeRule`)."""
    from sim.brushoff import BRUSH_OFF_RULES, MANNER_RULES
    from sim.conduct import CONDUCT_RULES
    from sim.hindsight import HINDSIGHT_RULES
    from sim.insinuation import INSINUATION_RULES
    from sim.jibes import JIBE_RULES
    from sim.retort import RETORT_RULES
    from sim.shrugs import SHRUG_RULES
    from sim.sneers import SNEER_RULES
    from sim.snub import SNUB_RULES
    from sim.talkdown import TALK_DOWN_RULES
    from sim.tone import TONE_RULES

    constructions = TONE_RULES + BRUSH_OFF_RULES + MANNER_RULES + TALK_DOWN_RULES + RETORT_RULES
    return CONDUCT_RULES, (
        constructions
        + INSINUATION_RULES
        + SNUB_RULES
        + SNEER_RULES
        + SHRUG_RULES
        + JIBE_RULES
        + HINDSIGHT_RULES
    )


_CAPS_RUN = re.compile(r"\b(?:[A-Z]{2,}[',]?\s+){2,}[A-Z]{2,}\b")
"""Three or more words in capitals in a row: shouting (a code or an acronym stands alone)."""

_BANG = re.compile(r"!{2,}|\?!|!\?")
"""Doubled exclamation marks, or an exclamation fused with a question."""

_WARM = re.compile(
    r"(?:^|[.!?\n]\s*)(?:oh\s+|so\s+|really\s+|very\s+)*(?:sorry|apologies|thanks|thank\s+you|"
    r"congratulations|congrats|welcome|great\s+news|good\s+news|hooray|yay)\b[^.!?\n]{0,40}$"
)
"""A sentence of apology, thanks or good news before a doubled "!!" ("sorry about that!!",
"thanks so much!!"): warmth said loudly, not shouting at the customer."""
_STRESS = re.compile(
    r"(?<![A-Z-] )\b(?:SO|REALLY|VERY|NOT|NEVER|ALREADY|CLEARLY|ALWAYS|STILL|TWICE|AGAIN|ONLY|"
    r"EVERY|NO|NOTHING|ACTUALLY|LITERALLY|READ|DID|DO|DOES|IS|WAS|THIRD|SECOND|ALL|ANY|YOUR|YOU)"
    r"\b(?! [A-Z]{2,}\b)"
)
"""A lone word of stress in capitals amid lower case ("thank you SO much", "I have ALREADY
refunded it"): sarcasm or exasperation written in the case."""


def _shouts(text: str) -> list[RudeAct]:
    """Shouting in the original case: a run of capitalised words with at least one of four
    letters or more and no digits, or doubled exclamation marks (not after an apology, thanks
    or good news)."""
    found = [
        RudeAct(Rude.SHOUT, m.group(0))
        for m in _CAPS_RUN.finditer(text)
        if any(len(w.strip("',")) >= 4 for w in m.group(0).split())
    ]
    found += [
        RudeAct(Rude.SHOUT, m.group(0))
        for m in _BANG.finditer(text)
        if not _WARM.search(text[max(0, m.start() - 60) : m.start()].lower())
    ]
    if any(c.islower() for c in text):
        found += [RudeAct(Rude.SHOUT, m.group(0)) for m in _STRESS.finditer(text)]
    return found


def _forms(text: str) -> tuple[str, ...]:
    """Lower case with straight apostrophes and single spaces, as written and with
    contractions written out ("isn't" -> "is not", "courier's" -> "courier")."""
    from sim.reader import expand_contractions

    low = " ".join(text.lower().replace("\u2019", "'").split())
    return tuple(dict.fromkeys((low, expand_contractions(low))))


@lru_cache(maxsize=8192)
def rude_acts(text: str) -> tuple[RudeAct, ...]:
    """Every rude act in ``text``: each table's rules whose gate opens, over both written
    forms, in rule order (speech acts, then constructions), then shouting; each act once;
    cached per text."""
    return _rude_acts(text)


@lru_cache(maxsize=1)
def _gate_index() -> tuple[dict[str, tuple[str, ...]], tuple[str, ...]]:
    """Every rule's gate words by their first three characters, and those shorter."""
    heads: dict[str, dict[str, None]] = {}
    short: dict[str, None] = {}
    for rules in _rule_groups():
        for rule in rules:
            for word in rule.gate:
                if len(word) < 3:
                    short[word] = None
                else:
                    heads.setdefault(word[:3], {})[word] = None
    return {head: tuple(words) for head, words in heads.items()}, tuple(short)


def _gate_words_in(low: str) -> frozenset[str]:
    """The gate words that occur in ``low``: one pass over its three-character windows
    instead of a substring search for each of the hundreds of gate words."""
    heads, short = _gate_index()
    found = {word for word in short if word in low}
    # a word of three characters or more occurs where its head does: the heads present
    # (one set of the text's windows), then a substring search for each of their words
    windows = {low[i : i + 3] for i in range(len(low) - 2)}
    for head in windows.intersection(heads):
        found.update(word for word in heads[head] if word in low)
    return frozenset(found)


def _rude_acts(text: str) -> tuple[RudeAct, ...]:
    """:func:`rude_acts` uncached (mutation testing skips decorated functions)."""
    forms = _forms(text)
    opened = {low: _gate_words_in(low) for low in forms}
    found: list[RudeAct] = []
    for rules in _rule_groups():
        for low in forms:
            for rule in rules:
                if not opened[low].isdisjoint(rule.gate):
                    found += [RudeAct(rule.kind, m.group(0)) for m in rule.pattern.finditer(low)]
    found += _shouts(text)
    return tuple(dict.fromkeys(found))


_DISMISSIVE = re.compile(r"\b(?:" + "|".join(RUDE_PATTERNS) + ")")
_DISMISSIVE_FORM = re.compile(r"\b(?:" + "|".join(DISMISSIVE_FORMS) + ")")
_INSULT = re.compile(
    r"\b(?:you(?:'re| are| were| sound| seem)?|your)\s+(?:being\s+|so\s+|very\s+|a\s+bit\s+|"
    r"really\s+|quite\s+|just\s+|an?\s+)*(?:" + "|".join(INSULTS) + r")\b"
    r"|\b(?:stupid|dumb|silly|idiotic|ridiculous|pointless) "
    r"(?:question|mistake|request|complaint)\b"
)


@cache
def _profanity() -> object:
    from profanex import Filter, FilterConfig

    return Filter(FilterConfig())


@lru_cache(maxsize=8192)
def _rude(text: str) -> tuple[str, ...]:
    return tuple(_rude_phrases(text))


def rude_phrases(text: str) -> list[str]:
    """The rude wording of ``text``, each once, in this order: the dismissive lexicon and
    insults aimed at the customer, the rude acts (:func:`rude_acts`), profane sentences (the
    ``profanex`` lexicon). Empty for a courteous reply (cached per text)."""
    return list(_rude(text))


_LAST_STEP = re.compile(
    r"(?:^|[.!?:]\s+)(?:(?:great|ok|okay|now|then|next|finally|lastly|just|and|so)\b,?\s+)*"
    r"(?:go\s+to|tap|click|press|open|select|choose|hold|restart|reboot|install|enter|type|turn|"
    r"switch|unplug|plug|toggle|scroll|sign\s+in|log\s+in)\b[^.!?]*[.!?]\s+$"
)
"""A sentence that opens with an imperative of a step on a device or a screen ("now go to
Settings > Update and tap Install."), ending just before what follows."""
_THAT_IS_IT = re.compile(r"that(?: is|'s) it")


def _closes_steps(form: str, match: re.Match[str]) -> bool:
    """Whether "that's it" is the reply's last words right after an imperative step ("Tap
    Install. That's it."): the steps are complete, not the help. After a refusal or an
    account of a rule ("The window is 30 days. That's it.") it shuts the door."""
    if _THAT_IS_IT.fullmatch(match.group(0)) is None or form[match.end() :].strip(" .!"):
        return False
    return _LAST_STEP.search(form[: match.start()]) is not None


def _rude_phrases(text: str) -> list[str]:
    """:func:`rude_phrases` uncached."""
    from sim.reader import read

    found: list[str] = []
    for form in _forms(text):
        found += [m.group(0) for m in _DISMISSIVE.finditer(form) if not _closes_steps(form, m)]
        found += [m.group(0) for m in _INSULT.finditer(form)]
        found += [m.group(0) for m in _DISMISSIVE_FORM.finditer(form)]
    found += [act.words for act in rude_acts(text)]
    profanity = _profanity()
    for clause in read(text).clauses:
        if profanity.contains(clause.text):  # type: ignore[attr-defined]
            found.append(clause.sentence)
    return list(dict.fromkeys(found))
