"""An act reported done and, in the same reply, handed back to the customer to do.

"I've sent you a reset link. Actually I can't send resets from chat, so you'll need to use
'forgot password' yourself" and "I've cancelled your subscription. To finish cancelling, please
go to Account > Billing yourself" both say the act happened and that the customer still has to
perform it: the report is false or the instruction is. A sentence hands an act back when it
names the act, tells the customer to act (you'll need to, you have to, please, go to ...), and
either says the agent cannot do it here ("I can't", "we're unable") or says the act is not
finished yet ("to finish/complete the cancellation ... yourself").
"""

from __future__ import annotations

import re
from functools import lru_cache

from sim.reader import Act, Reading, Tense, expand_contractions

__all__ = ["handed_back"]

_ACT_WORDS: dict[Act, re.Pattern[str]] = {
    Act.RESET: re.compile(r"\breset\w*|\bforgot(?:ten)?\s+(?:your\s+)?password\b"),
    Act.CANCEL: re.compile(r"\bcancel\w*"),
    Act.REFUND: re.compile(r"\brefund\w*"),
    Act.ESCALATE: re.compile(r"\bescalat\w*"),
    Act.REPLACE: re.compile(r"\breplac\w*"),
}
"""The words that name each act a customer could be told to do themselves."""
_TELL_YOU = re.compile(
    r"\byou\s+(?:will\s+|would\s+)?(?:need|have|must|got)\s+to\b|\byou\s+must\b|\bplease\b"
    r"|(?:^|[,;:]\s*)(?:go|head|use|click|open|visit)\b"
)
_CANNOT = re.compile(
    r"\b(?:i|we)\s+(?:can\s+not|cannot|am\s+not\s+able|are\s+not\s+able|am\s+unable|"
    r"are\s+unable|do\s+not\s+have\s+(?:the\s+)?(?:access|ability))\b"
)
_OTHER = re.compile(r"\b(?:also|too|as\s+well|other|another|separate\w*|extra|add-on\w*)\b")
"""Another thing handed back ("I can't cancel the add-on from here, please do that one too")."""
_UNFINISHED = re.compile(r"\bto\s+(?:finish|complete|finali[sz]e)\b[^.]*\byourself\b")


def handed_back(reading: Reading) -> list[tuple[str, str]]:
    """(sentence, problem) per sentence handing an act reported done back to the customer."""
    done = frozenset(
        c.act for c in reading.claims if c.positive and c.by_me and c.tense is Tense.DONE
    )
    if not done & _ACT_WORDS.keys():
        return []
    sentences = tuple(dict.fromkeys(c.sentence for c in reading.clauses if not c.question))
    return list(_handed_back(done, sentences))


@lru_cache(maxsize=4096)
def _handed_back(done: frozenset[Act], sentences: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """Cached :func:`_handed_back_uncached` (pure; mutmut skips decorated functions)."""
    return _handed_back_uncached(done, sentences)


def _handed_back_uncached(
    done: frozenset[Act], sentences: tuple[str, ...]
) -> tuple[tuple[str, str], ...]:
    """The (sentence, problem) pairs of :func:`handed_back`, one per sentence at most: the
    first act done that the sentence names (sorted, so the problem is stable)."""
    found: list[tuple[str, str]] = []
    for sentence in sentences:
        said = expand_contractions(sentence.lower())
        if not _TELL_YOU.search(said) or _OTHER.search(said):
            continue
        if not (_CANNOT.search(said) or _UNFINISHED.search(said)):
            continue
        for act in sorted(done & _ACT_WORDS.keys()):
            if _ACT_WORDS[act].search(said):
                found.append((sentence, f"says the {act.value} is done, then hands it back"))
                break
    return tuple(found)
