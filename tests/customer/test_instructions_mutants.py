"""The instruction reader at the edges its mutants read differently (sim/instructions.py):
the clause a step is asked in, a vague step a savvy customer takes as meant, and the word
tests the rule table is built from (built at import, so only a direct call reaches them)."""

from __future__ import annotations

import pytest

from sim.customer_tools import OpenResetLink, RestartDevice
from sim.instructions import (
    CONFUSED,
    WHICH,
    Clarity,
    _lacks,
    _mentions,
    _re,
    plan_steps,
    read_instructions,
    step_name,
)

_ALL_TOOLS = {"open_reset_link", "check_statement", "read_error_code", "restart_device"}


@pytest.mark.parametrize(
    "text",
    [
        # a negation in the clause before a semicolon, "and" or "then" does not reach the step
        "Don't worry about the old router; restart the new one now.",
        "We never ask for passwords and you should click the link in our email.",
        "Do not open the back cover then restart the speaker.",
        # the clause is cut at the LAST separator before the step, not the first
        "Okay, don't unplug anything, just restart the router.",
        "Leave the cables in; don't unplug them; restart the router from the app.",
        "Keep it plugged in and don't press anything else and just restart it.",
        "Stand by the speaker then don't unplug it then restart it from the app.",
    ],
)
def test_a_step_after_a_negated_clause_is_still_asked(text: str) -> None:
    found = read_instructions(text)
    assert [i.clarity for i in found] == [Clarity.CLEAR]


@pytest.mark.parametrize(
    "text",
    [
        "Please don't restart the new one now.",
        "We never ask you to click the link in our email.",
    ],
)
def test_a_negation_in_the_same_clause_asks_for_nothing(text: str) -> None:
    assert read_instructions(text) == []


@pytest.mark.parametrize(
    "text", ["Open the app and install the update.", "Open the app then install the update."]
)
def test_a_request_after_and_or_then_opens_with_the_conjunction(text: str) -> None:
    """The clause after the cut keeps its whole first word ("and install", "then install"):
    a request, so the install asked in it is read."""
    found = read_instructions(text)
    assert [(i.clarity, i.savvy and i.savvy.type) for i in found] == [
        (Clarity.CLEAR, "install_update")
    ]


def test_a_savvy_customer_takes_a_vague_step_as_meant() -> None:
    """ "Reset your password from the email" is vague; a tech-savvy customer opens the link,
    a low-tech one asks what is meant."""
    text = "Could you reset your password from the email, please?"
    savvy = plan_steps(text, low_tech=False, offered=_ALL_TOOLS)
    assert savvy is not None
    assert savvy.steps == ((OpenResetLink(), Clarity.VAGUE),)
    assert savvy.stuck is None
    low = plan_steps(text, low_tech=True, offered=_ALL_TOOLS)
    assert low is not None
    assert low.steps == ()
    assert low.stuck == CONFUSED
    assert WHICH != CONFUSED


def test_a_clear_step_is_taken_by_a_low_tech_customer_too() -> None:
    plan = plan_steps("Please restart the speaker.", low_tech=True, offered=_ALL_TOOLS)
    assert plan is not None
    assert plan.steps == ((RestartDevice(), Clarity.CLEAR),)


def test_the_word_tests_the_rules_are_built_from() -> None:
    """Whole words, any case, any of the alternatives; ``_lacks`` is the converse."""
    pattern = _re(r"\bbank\b")
    assert pattern.search("Call your BANK") is not None
    assert pattern.search("embankment") is None
    mentions = _mentions("links?", "inbox")
    assert mentions("Open the LINKS below") is True
    assert mentions("check your inbox") is True
    assert mentions("hyperlinking") is False
    lacks = _lacks("links?", "inbox")
    assert lacks("restart the router") is True
    assert lacks("open the link") is False


def _kinds(text: str) -> list[tuple[Clarity, str]]:
    return [(i.clarity, step_name(i.savvy)) for i in read_instructions(text)]


@pytest.mark.parametrize(
    ("text", "steps"),
    [
        # one reading per tool in a sentence: a hard restart and a restart are one tool
        (
            "Hold the power button for ten seconds to restart it.",
            [(Clarity.CLEAR, "restart_device:hard")],
        ),
        # past a tool already read, the sentence's other tools are still read
        (
            "Hold the power button to restart it and then install the update.",
            [(Clarity.CLEAR, "restart_device:hard"), (Clarity.CLEAR, "install_update")],
        ),
        (
            "Restart the router and check your bank statement.",
            [(Clarity.CLEAR, "restart_device"), (Clarity.CLEAR, "check_statement")],
        ),
        # "the usual steps" name no tool: nothing more once a step is read
        (
            "Restart the router and try the usual troubleshooting steps.",
            [(Clarity.CLEAR, "restart_device")],
        ),
        # an install that is no request is passed over, not the end of the sentence
        (
            "When the firmware is ready to install, check your email for the link.",
            [(Clarity.VAGUE, "open_reset_link")],
        ),
        # in the order written, also when two steps open at the same word
        (
            "Check your statement, then click the link in the email.",
            [(Clarity.CLEAR, "check_statement"), (Clarity.CLEAR, "open_reset_link")],
        ),
        (
            "Check your email and your bank statement.",
            [(Clarity.CLEAR, "check_statement"), (Clarity.VAGUE, "open_reset_link")],
        ),
    ],
)
def test_the_steps_of_one_sentence(text: str, steps: list[tuple[Clarity, str]]) -> None:
    assert _kinds(text) == steps


def test_a_message_is_read_up_to_its_first_5000_characters() -> None:
    head = "Thanks for waiting. " * 249 + " " * 15  # 4,995 characters, no step
    assert _kinds(head + "reboot it.") == []  # "reboot" ends at character 5,001
    assert _kinds(head[:-1] + "reboot it.") == [(Clarity.CLEAR, "restart_device")]


# Surviving mutants of _clause_before, argued equivalent:
# - `cut >= 0 or True`: with no separator cut is -1, and head[-1 + 1 :] is head.
# - `cut > 0` / `cut >= 1`: a cut at 0 keeps only the separator itself before the clause,
#   which the request (^\W*), negation and own-doing ([,;:]\s*) tests all read past.
