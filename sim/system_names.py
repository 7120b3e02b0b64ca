"""Names of internal systems, tools, queues, reports, flags and codes told to the customer.

An internal passage often names the machinery behind a policy: the service that logs
lockouts (``AUTH-GUARD``), the tool that holds orders (``SEC-HOLD``), the report that counts
saves (``RET-DASH``), the portal disputes are answered in (``DSP``), a queue (``SEC-7``), a
rule (``FRD-221``), a code (``LL-WINBACK``). Whatever the reply says around it, repeating such
a name tells the customer something only staff know. Names are written as codes: capitals
joined by a hyphen or an underscore, with or without digits ("AUTH-GUARD", "QA-3302"), a
bare acronym of three or more capitals that is no English word ("DSP"), or a CamelCase word
("FraudShield"). A reply repeats one in any spelling a writer would use: another case,
another separator or none ("Auth-Guard", "Sec Hold", "RETDASH"; a space only in capitals
or title case, so "pay 7 days" is not the rule ``PAY-7``).

A name the customer may see (in the ticket, an article not marked internal, the account's
data) is not internal, whatever the notes say.
"""

from __future__ import annotations

import re
from functools import lru_cache

import Stemmer

from sim.lexicon import common_words

__all__ = [
    "internal_names",
    "internal_terms",
    "names_said",
    "terms_said",
    "unmentionables",
    "unmentionables_said",
]

_CODE = re.compile(
    r"(?<![\w-])(?:[A-Z][A-Z0-9]*(?:[-_][A-Z0-9]+)+|[A-Z]{3,}|[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+)"
    r"(?![\w-])"
)
"""A name written as a code: "AUTH-GUARD", "SEC-7", "DSP", "FraudShield"."""
_PART = re.compile(r"[A-Z][a-z]+|[A-Z0-9]+(?![a-z])|[a-z0-9]+")
"""The parts of a code: "AUTH-GUARD" -> AUTH, GUARD; "FraudShield" -> Fraud, Shield."""


def _parts(name: str) -> list[str]:
    return [p for chunk in re.split(r"[-_]", name) for p in _PART.findall(chunk)]


def _spellings(name: str) -> re.Pattern[str]:
    """The spellings of ``name`` a writer would use: any case with a hyphen, an underscore
    or nothing between its parts; or a space between them, in its own case or, for a name of
    letters only, in title case ("SEC HOLD", "Auth Guard")."""
    parts = _parts(name)
    loose = "[-_]?".join(map(re.escape, parts))
    spaced = [" ".join(map(re.escape, parts))]
    if all(p.isalpha() for p in parts):  # "Auth Guard"; not "Pay 7" (a sentence's first words)
        spaced.append(" ".join(re.escape(p.capitalize()) for p in parts))
    return re.compile(rf"(?<![\w-])(?:(?i:{loose})|{'|'.join(spaced)})(?![\w-])")


_pattern = lru_cache(maxsize=512)(_spellings)


def _internal_names(internal: str, public: str) -> tuple[str, ...]:
    """The code-like names in ``internal`` (the internal passages) that ``public`` (what the
    customer may see) never uses; an acronym that is an English word ("NEVER") is no name."""
    found: list[str] = []
    for name in dict.fromkeys(_CODE.findall(internal)):
        if name.isalpha() and name.isupper() and name.lower() in common_words(20000):
            continue
        if _pattern(name).search(public) is None and not _spelled_out(name, public):
            found.append(name)
    return tuple(found)


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _expansion(name: str) -> re.Pattern[str] | None:
    """The words a code of clipped words abbreviates, in order ("RET-DASH": "retention
    dashboard", "SEC-HOLD": "security hold"): a word beginning with each part, at least one
    part clipped by two letters or more. Only codes of two or more parts of three letters or
    more; "PAY-7" and "DSP" abbreviate nothing a reader can tell."""
    parts = _parts(name)
    if len(parts) < 2 or not all(p.isalpha() and len(p) >= 3 for p in parts):
        return None
    words = [rf"{re.escape(p.lower())}[a-z]*" for p in parts]
    clipped = "|".join(
        r"[\s-]+".join(
            w if j != i else rf"{re.escape(p.lower())}[a-z]{{2,}}" for j, w in enumerate(words)
        )
        for i, p in enumerate(parts)
    )
    return re.compile(rf"(?i)\b(?:{clipped})\b")


def _names_said(text: str, names: tuple[str, ...]) -> frozenset[str]:
    """The ``names`` that ``text`` repeats, in any of their spellings (see :func:`_spellings`)
    or spelled out (see :func:`_expansion`)."""
    if not names:
        return frozenset()
    flat = _key(text)
    return frozenset(
        name
        for name in names
        if (_key(name) in flat and _pattern(name).search(text) is not None)
        or _spelled_out(name, text)
    )


def _spelled_out(name: str, text: str) -> bool:
    """Whether ``text`` spells out the clipped words of ``name`` (see :func:`_expansion`)."""
    whole = _expansion(name)
    return whole is not None and whole.search(text) is not None


# cached per text (the bodies stay undecorated functions, which mutmut can mutate)
internal_names = lru_cache(maxsize=256)(_internal_names)
names_said = lru_cache(maxsize=4096)(_names_said)


# -- named internal machinery in plain words ("the refund-abuse flag") ---------------------

_STEM = Stemmer.Stemmer("english")
_MACHINERY = (
    "flag flags queue queues tool portal report log desk rule score dashboard reserve bug race "
    "review hold form"
).split()
_TERM = re.compile(
    rf"\b((?:[a-z]+-)?[a-z]+(?:\s+(?:[a-z]+-)?[a-z]+)?)\s+({'|'.join(_MACHINERY)})\b"
)
"""A named piece of internal machinery: "refund-abuse flag", "recall review", "seat-change
log", "fraud rate limit" (one or two words naming it, then what it is)."""
_FUNCTION_WORDS = frozenset(
    "a an the this that these those our your their its his her my any every each no on in of "
    "to for by with from at as is are was be and or not never do does carry carries trip trips "
    "open s mention mentions about tell name".split()
)


def _stems(text: str) -> frozenset[str]:
    return frozenset(_STEM.stemWord(w) for w in re.findall(r"[a-z]+", text.lower()))


def _internal_terms(
    internal: str, public: str
) -> tuple[tuple[str, frozenset[str], frozenset[str]], ...]:
    """(the machinery's stem, the stems naming it that no public text uses, all the stems
    naming it) of each named piece of internal machinery whose name the public text never
    uses."""
    public_stems = _stems(public)
    found: dict[tuple[str, frozenset[str], frozenset[str]], None] = {}
    for naming, head in _TERM.findall(internal.lower()):
        words = re.findall(r"[a-z]+", naming)
        while any(w in _FUNCTION_WORDS for w in words):  # "lead on form": only "form"
            words = words[1:]
        stems = frozenset(_STEM.stemWord(w) for w in words)
        distinctive = stems - public_stems
        if distinctive:
            head_stem = _STEM.stemWord(head)
            # an internal head ("recall review") keeps its public words ("motor"); a public
            # one ("a fraud review" where reviews are public) only its own
            named = stems if head_stem not in public_stems else distinctive
            found[(head_stem, distinctive, named)] = None
    return tuple(found)


_PARTICLES = frozenset("in on into out off up".split())
"""After a machinery word, the particle of a phrasal verb: "log in" is no log."""


_DETERMINERS = frozenset("your the a an my our this that his her their its".split())


def _phrasal(words: list[str], i: int) -> bool:
    """Whether ``words[i]`` is the verb of a phrasal verb ("log in and change"), not a noun
    followed by a preposition ("a flag on your account")."""
    after = words[i + 1 : i + 3]
    return (
        bool(after) and after[0] in _PARTICLES and (len(after) < 2 or after[1] not in _DETERMINERS)
    )


_KINDS = tuple(
    frozenset(_STEM.stemWord(w) for w in group.split())
    for group in (
        "bug race glitch fault error issue problem defect",
        "review investigation inquiry enquiry audit probe",
    )
)
"""Machinery words of one kind: a note's "scheduler race" is the reply's "scheduler issue",
its "recall review" the reply's "recall investigation"."""


def _kin(head: str) -> frozenset[str]:
    """The stems that name the machinery ``head`` names, in other words of its kind."""
    return next((kind for kind in _KINDS if head in kind), frozenset({head}))


def _terms_said(
    text: str, terms: tuple[tuple[str, frozenset[str], frozenset[str]], ...]
) -> tuple[str, ...]:
    """The terms (as "name head") ``text`` repeats: the machinery's word with a word naming
    it, that no public text uses, within four words either side, in any form ("flagged for
    refund abuse", "under review for a possible recall"); the machinery's word of its kind
    ("a timing issue in the scheduler" for the scheduler race) with such a word; or its own
    word with any word naming it, where that word is internal ("a quality review of the
    motor" for the motor recall review)."""
    if not terms:
        return ()
    words = re.findall(r"[a-z]+", text.lower())
    stems = [_STEM.stemWord(w) for w in words]
    found: list[str] = []
    for head, naming, named in terms:
        kin = _kin(head)
        for i, stem in enumerate(stems):
            if stem not in kin or _phrasal(words, i):
                continue
            near = set(stems[max(0, i - 4) : i + 5])
            if naming & near or (stem == head and named & near):
                found.append(f"{' '.join(sorted(naming))} {head}")
                break
    return tuple(found)


internal_terms = lru_cache(maxsize=256)(_internal_terms)
terms_said = lru_cache(maxsize=4096)(_terms_said)


# -- what a note forbids to mention ("never mention the hold or the tool") ------------------

_FORBID_MENTION = re.compile(
    r"\b(?:never|do\s+not|don't|not\s+to)\s+(?:mention|name|discuss|reveal|disclose|quote|"
    r"tell\s+(?:the\s+)?(?:customers?|callers?|them)\s+about)\s+((?:[a-z-]+\s*){1,8})"
)
"""A note's own word on what it keeps from the customer, and the words after it."""
_NP_DETERMINERS = frozenset("the any its their our".split())
_NP_END = frozenset(
    "to with for in on at by from unless when if before after or and nor it them this that".split()
)


def _forbidden_heads(words: list[str]) -> list[str]:
    """The head nouns of the noun phrases a "never mention" lists ("the hold or the tool to
    the caller": hold, tool; "save targets or the report": targets, report): the first
    phrase, then each one after "or", "and" or "nor" that opens with a determiner."""
    heads: list[str] = []
    phrase: list[str] = []
    for i, word in enumerate([*words, "."]):
        if word in _NP_END or word == ".":
            if phrase:
                heads.append(phrase[-1])
            phrase = []
            after = words[i + 1] if i + 1 < len(words) else ""
            if word not in ("or", "and", "nor") or after not in _NP_DETERMINERS:
                break
            continue
        if word not in _NP_DETERMINERS:
            phrase.append(word)
    return heads


def _unmentionables(internal: str, public: str) -> tuple[str, ...]:
    """The stems of the nouns the internal passages forbid to mention that no public text
    uses ("never mention the hold": hold)."""
    public_stems = _stems(public)
    found: dict[str, None] = {}
    for listed in _FORBID_MENTION.findall(internal.lower()):
        for head in _forbidden_heads(re.findall(r"[a-z-]+", listed)):
            stem = _STEM.stemWord(head)
            if stem not in public_stems and head not in _FUNCTION_WORDS:
                found[stem] = None
    return tuple(found)


_DETERMINED = re.compile(r"\b(?:a|an|the|this|that|our|your|any)\s+([a-z]+)\b")
"""A noun right after a determiner ("a hold", "the queue"); with a word between, the word
after may be a verb ("the replacement costs you nothing")."""
_MODIFIED = re.compile(
    r"\b(?:a|an|the|this|that|our|your|any)\s+[a-z]+(?:al|ive|ic|ous|ary|ate)\s+([a-z]+)\b"
)
"""A noun after a determiner and one adjective ("our internal form", "a separate log"): the
adjective's ending tells it from a noun that a verb may follow."""


_NOUN_MODIFIED = re.compile(
    r"\b(?:a|an|the|this|that|our|your|any)\s+(?:[a-z]+-[a-z-]+|[a-z]+(?:tion|sion|ment|ance|ence|"
    r"ity|ness|ship|age))\s+([a-z]+)\b"
)
"""A noun after a determiner and a noun that modifies it, known as one by a hyphen or a
noun's ending ("our retention report", "the missed-cancellation log", "the AUTH-GUARD
service"; "the old ledger" has an adjective); a word there ending in "s" may be a verb ("the
agent reports")."""


def _unmentionables_said(text: str, stems: tuple[str, ...]) -> tuple[str, ...]:
    """The forbidden nouns (by stem) ``text`` uses as nouns, after a determiner ("they'll
    put a hold on your order", "I record it on our retention report"); "we will hold it" is
    a verb."""
    if not stems:
        return ()
    low = text.lower()
    nouns = [
        w
        for w in _DETERMINED.findall(low) + _MODIFIED.findall(low)
        if not w.endswith(("ed", "ing"))
    ]
    nouns += [w for w in _NOUN_MODIFIED.findall(low) if not w.endswith(("ed", "ing", "s"))]
    said = {_STEM.stemWord(w) for w in nouns}  # "the paused parcel": a participle
    return tuple(stem for stem in stems if stem in said)


unmentionables = lru_cache(maxsize=256)(_unmentionables)
unmentionables_said = lru_cache(maxsize=4096)(_unmentionables_said)
