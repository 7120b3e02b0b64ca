r"""A case said to be "with" an area of the company is escalated only where the area heads its
noun phrase ("with our billing team", "with billing now"); an area that modifies another noun
("the issue is with our billing system") names no one the case was handed to
(:data:`sim.reader._PARTY_HELD`, :data:`sim.scope.NOUN_PHRASE_END`; the same end for
:data:`sim.act_aspect._TEAM`).

Hand mutants (mutmut does not mutate module-level patterns; each a one-edit copy run against
this file and tests/sim/test_act_aspect.py): every word and punctuation mark of the closed
class dropped, ``$`` dropped, ``\s*`` made ``\s``, the final ``\b`` dropped, the lookahead
negated, each area dropped from ``_PARTY_HELD``, the end removed from each of the three
patterns: 67 mutants, 66 killed (one, "billing" dropped from the first "case is with"
pattern of ``reader._ACT_VERBS``, by the "was assigned to" sentences added for it); the
other, ``_PARTY_HELD``'s ``s?`` after an area ("billings"), was removed from the pattern."""

from __future__ import annotations

import re

import pytest

from sim.reader import Act, read
from sim.scope import NOUN_PHRASE_END


def _escalations(text: str) -> list[bool]:
    return [c.positive for c in read(text).claims if c.act is Act.ESCALATE]


@pytest.mark.parametrize(
    "text",
    [
        "Your case is with our billing team now.",
        "Your case is with billing now.",
        "Your case is with billing.",
        "Your ticket is with our finance colleagues.",
        "Your request is now with the security desk.",
        "Your complaint has been passed to our billing department.",
        "Your complaint has been passed to our logistics people, who will call you.",
        "Your case is now with our billing and disputes team.",
        "Your case is with the billing people, who will email you.",
        "Your case is with our billing specialists as of this morning.",
        "Your ticket is with finance today; they will reply by email.",
        "Your claim is with our security staff because of the login alerts.",
        "Your report is with our logistics unit in Leeds.",
        "Your ticket has been forwarded to our finance group for review.",
        "Your case is already with security (the fraud desk).",
        "Your case is with billing - they will be in touch.",
        "Your file is with our finance managers until Friday.",
        "Your request is with our billing folks at the moment.",
        "Your case was assigned to our billing, who will call you.",
        "Your ticket was assigned to the billing desk this morning.",
    ],
)
def test_a_case_with_an_area_that_heads_its_noun_phrase_is_escalated(text: str) -> None:
    assert _escalations(text) == [True]


@pytest.mark.parametrize(
    "text",
    [
        "The issue is with our billing system.",
        "The issue is with our billing system, not your card.",
        "Your request is with our security settings page.",
        "Your complaint has been passed to our billing portal.",
        "The issue is with the finance module that prints invoices.",
        "The issue is with our security certificate, which expired overnight.",
        "Your ticket is with our logistics software queue.",
        "The issue is with the billing address on the order.",
        "Your case has been sent to our billing inbox automatically.",
        "The issue is with our billing cycle: it renews on the 3rd.",
    ],
)
def test_an_area_that_modifies_another_noun_names_no_one(text: str) -> None:
    assert _escalations(text) == []


_ENDS = (
    "",
    ".",
    ",",
    ";",
    ":",
    "!",
    "?",
    ")",
    "-",
    "\u2013",
    "\u2014",
    "now",
    "already",
    "today",
    "currently",
    "directly",
    "too",
    "also",
    "as",
    "and",
    "or",
    "but",
    "so",
    "who",
    "which",
    "that",
    "to",
    "for",
    "at",
    "in",
    "on",
    "with",
    "about",
    "from",
    "by",
    "because",
    "since",
    "while",
    "until",
    "if",
    "once",
    "team",
    "teams",
    "department",
    "departments",
    "specialist",
    "specialists",
    "desk",
    "unit",
    "group",
    "colleague",
    "colleagues",
    "manager",
    "managers",
    "supervisor",
    "supervisors",
    "people",
    "folks",
    "staff",
)
"""Every way the closed class lets a noun phrase end after its head."""


@pytest.mark.parametrize("end", _ENDS)
def test_the_noun_phrase_ends_at_each_word_of_the_closed_class(end: str) -> None:
    head = re.compile(rf"\bbilling{NOUN_PHRASE_END}")
    assert head.search(f"your case is with billing {end}".rstrip())
    assert head.search(f"your case is with billing{end}".rstrip())
    # the same word as the start of another word, or a noun after the head, ends nothing
    if end.isalpha():
        assert not head.search(f"your case is with billing {end}x")
    assert not head.search("your case is with billing system")


@pytest.mark.parametrize("area", ["finance", "billing", "security", "logistics"])
def test_each_area_heads_or_modifies(area: str) -> None:
    assert _escalations(f"Your case is with our {area} now.") == [True]
    assert _escalations(f"Your case is with our {area} systems now.") == []
    assert _escalations(f"Your complaint has been passed to our {area}.") == [True]
    assert _escalations(f"Your complaint has been passed to our {area} inbox.") == []
