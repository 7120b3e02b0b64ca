"""The customer's instruction reader: clear and vague steps, statements, negation, order,
and its accuracy on the labeled sets (floors at the figures the bench printed)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from sim.customer_tools import InstallUpdate, OpenResetLink, RestartDevice
from sim.instructions import Clarity, read_instructions, step_name

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from instruction_reader import HELD_OUT, SET, score


def _one(text: str) -> tuple[str, str, str]:
    found = read_instructions(text)
    assert len(found) == 1, found
    return step_name(found[0].savvy), found[0].clarity.value, step_name(found[0].misread)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        (
            "Please click the link in the email we just sent.",
            ("open_reset_link", "clear", "open_reset_link"),
        ),
        (
            "Hold the power button for ten seconds.",
            ("restart_device:hard", "clear", "restart_device:hard"),
        ),
        ("Reset it.", ("restart_device:hard", "vague", "restart_device")),
        ("Try the usual steps.", ("none", "vague", "none")),
        ("Just reset your password.", ("open_reset_link", "vague", "none")),
        ("Update it.", ("install_update", "vague", "none")),
    ],
)
def test_clear_and_vague(text: str, want: tuple[str, str, str]) -> None:
    assert _one(text) == want


@pytest.mark.parametrize(
    "text",
    [
        "I have sent a password reset link to your email address.",
        "Don't restart the router yet.",
        "We restart the servers every night.",
        "Your device should work now.",
    ],
)
def test_no_instruction(text: str) -> None:
    assert read_instructions(text) == []


def test_several_steps_in_order() -> None:
    found = read_instructions(
        "First, hold the power button for ten seconds. When it is back, please install "
        "the update from the settings page."
    )
    assert [f.savvy for f in found] == [RestartDevice(hard=True), InstallUpdate()]
    assert all(f.clarity is Clarity.CLEAR for f in found)


def test_a_clear_step_wins_over_a_vague_reading_of_it() -> None:
    found = read_instructions("Open the email and click the Reset password button.")
    assert [(f.savvy, f.clarity) for f in found] == [(OpenResetLink(), Clarity.CLEAR)]


def test_long_text_is_bounded() -> None:
    assert len(read_instructions("Restart the router. " * 10_000)) <= 500


def test_accuracy_on_the_labeled_sets() -> None:
    right, total, _, misses = score(SET)
    assert right / total >= 0.95, misses
    right, total, _, misses = score(HELD_OUT)
    assert right / total >= 0.8, misses


def test_plan_steps_clear_vague_low_tech_and_not_offered() -> None:
    from sim.instructions import CANNOT, CONFUSED, WHICH, plan_steps

    device = {"read_error_code", "restart_device", "install_update"}
    both = "Hold the power button for ten seconds. Then install the update."
    savvy = plan_steps(both, low_tech=False, offered=device)
    assert savvy is not None and [s.type for s, _ in savvy.steps] == [
        "restart_device",
        "install_update",
    ]
    assert not savvy.more and savvy.stuck is None
    low = plan_steps(both, low_tech=True, offered=device)
    assert low is not None and len(low.steps) == 1 and low.more
    misread = plan_steps("Reset it.", low_tech=True, offered=device)
    assert misread is not None and misread.steps == ((RestartDevice(), Clarity.VAGUE),)
    usual = "Try the usual steps."
    assert plan_steps(usual, low_tech=True, offered=device) == plan_steps(
        usual, low_tech=True, offered=device
    )
    stuck_low = plan_steps(usual, low_tech=True, offered=device)
    stuck_savvy = plan_steps(usual, low_tech=False, offered=device)
    assert stuck_low is not None and stuck_low.stuck == CONFUSED and not stuck_low.steps
    assert stuck_savvy is not None and stuck_savvy.stuck == WHICH
    link = plan_steps("Click the link in the email.", low_tech=False, offered=device)
    assert link is not None and link.stuck == CANNOT and not link.steps
    assert plan_steps("Your router should work now.", low_tech=False, offered=device) is None


@pytest.mark.parametrize(
    "text",
    [
        "ok, now plz instll the firmware from the settings page.",
        "Now pleese install the new version.",
        "next pls restart the modem.",
    ],
)
def test_a_request_typed_in_haste_is_still_a_request(text: str) -> None:
    """Shorthand and typos of the request words ('plz', 'pleese', 'instal') are read as the
    words meant: the clause before the step is still a request."""
    found = read_instructions(text)
    assert len(found) == 1 and found[0].clarity is Clarity.CLEAR
    assert found[0].sentence == text


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Next: System → Firmware → Install.", True),
        ("Then, Menu > Tools > Install", True),
        ("First: Setup » Install.", True),
        ("Menu > Tools > Install is where the button lives.", False),
        ("Now Menu > Tools > Install shows the version number.", False),
        ("Earlier, System → Firmware → Install was greyed out.", False),
    ],
)
def test_a_menu_path_after_an_ordering_word_asks_for_its_last_item(text: str, asked: bool) -> None:
    """A verbless path after 'now:', 'next,' ... is the terse form of 'tap ...'; a path that is
    the subject of a statement asks for nothing."""
    found = read_instructions(text)
    assert bool(found) is asked
    if asked:
        assert found[0].savvy == InstallUpdate() and found[0].clarity is Clarity.CLEAR


def test_clicking_it_on_the_way_to_a_new_password_opens_the_link() -> None:
    """'it' in a sentence that leads to choosing a new password is the reset link."""
    found = read_instructions("Once it's there, tap on it and choose a new password.")
    assert [f.savvy for f in found] == [OpenResetLink()]
    assert read_instructions("Once it's there, tap on it.") == []
    assert read_instructions("Tap on it to choose a colour.") == []
