"""A step that sends the customer back to an older reset link (sim/stale_steps.py), on
wordings of its own and their near neighbours."""

from __future__ import annotations

import pytest

from sim.loader import get_scenario
from sim.stale_steps import older_link, stale_step_problems
from sim.state import ActionRecord, EpisodeState, Message, Role
from sim.tools import SendPasswordReset, VerifyIdentity


@pytest.mark.parametrize(
    "text",
    [
        "Please go back to yesterday's email and click the link there again, it should work now.",
        "I've sent a fresh reset link; you can also just use the link from your earlier email.",
        "Try the old link from yesterday once more, it has been reactivated.",
        "Please open the first email we sent you and click the link in it.",
        "You can click the link in the original email again.",
        "You can simply go back to the email from yesterday and use the link in it.",
        "Open the email we sent you yesterday and click the link.",
        "Just reuse the expired link, it works again.",
        "Tap on the previous reset button.",
        "Return to last week's message and follow the link.",
    ],
)
def test_a_step_on_an_older_link(text: str) -> None:
    assert older_link(text) == (text,)


@pytest.mark.parametrize(
    "text",
    [
        "Please use the newest email; the old one from yesterday no longer works.",
        "Please ignore yesterday's email, as that link has expired, and click the one in today's.",
        "Open the latest message from us and click its link to choose a new password.",
        "Use the new link, not the one in yesterday's email.",
        "Use the link in today's email rather than yesterday's email.",
        "Use today's link instead of the old one.",
        "Delete the old email from yesterday and click the link in the new one.",
        "If you click the old link, it will say it has expired.",
        "Did you click the link in the first email?",
        "First, open the email we just sent and click the link.",
        "Open the email, then click the link. The old link has expired.",
        "Open the reset email in your old work inbox and click the link.",
        "Please open your old work email and click the reset link.",
        "Go back to your original email account and click the link.",
        "Don't use the old link.",
    ],
)
def test_no_step_on_an_older_link(text: str) -> None:
    assert older_link(text) == (), text


def _state(*records: ActionRecord) -> EpisodeState:
    scenario = get_scenario("workflow-dual-password-reset")
    return EpisodeState(
        episode_id="e", seed=1, scenario=scenario, persona_id="p", max_steps=30
    ).model_copy(update={"actions": list(records)})


def _record(step: int, *, valid: bool = True, reset: bool = True) -> ActionRecord:
    action = SendPasswordReset() if reset else VerifyIdentity(answers={"email": "x"})
    return ActionRecord(step=step, action=action, valid=valid, feedback="", reward=0.0, events=())


def test_only_after_a_new_reset_was_sent() -> None:
    text = "Please go back to yesterday's email and click the link there again."
    message = Message(role=Role.AGENT, content=text, step=5)
    assert stale_step_problems(message, _state(_record(4))) == [
        (text, "sends the customer to an older reset link; the new one replaced it")
    ]
    for record in (
        _record(5),
        _record(6),
        _record(4, valid=False),
        _record(4, reset=False),
    ):
        assert stale_step_problems(message, _state(record)) == []
    assert stale_step_problems(message, _state()) == []


def test_every_clause_is_read_and_only_the_step_s_mailbox_counts() -> None:
    text = "Did you get it? Please go back to yesterday's email and click the link."
    assert older_link(text) == ("Please go back to yesterday's email and click the link.",)
    # the former mailbox named before the step is not what the step names
    before = "From your old work inbox open yesterday's email and click the link."
    assert older_link(before) == (before,)


def test_the_hook_reads_the_message_step() -> None:
    text = "Please go back to yesterday's email and click the link there again."
    early = Message(role=Role.AGENT, content=text, step=3)
    assert stale_step_problems(early, _state(_record(4))) == []
