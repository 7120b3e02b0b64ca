"""A menu-path fact is stated only when each step after the first is named
(sim/fact_paths.py, used by sim.claims.fact_stated)."""

from __future__ import annotations

import pytest

from sim.claims import _phrase_stems, fact_stated
from sim.fact_paths import path_steps, steps_named
from sim.reader import read
from sim.scenario import Fact

_CANCEL = Fact(id="cancel_steps", any_of=["Account then Billing then Cancel subscription"])
_PROFILE = Fact(id="profile", any_of=["Account > Profile", "Profile page"])


def _steps(phrase: str) -> tuple[tuple[int, ...], ...]:
    return path_steps(phrase, _phrase_stems(phrase), _phrase_stems)


def test_the_steps_of_a_path_after_the_first() -> None:
    assert _steps("Account then Billing then Cancel subscription") == ((1,), (2, 3))
    assert _steps("Account > Billing > Cancel subscription") == ((1,), (2, 3))
    assert _steps("Account, Billing") == ((1,),)
    assert _steps("Settings -> Security") == ((1,),)
    # no path: one part, a part that is no name, a step of function words only
    for phrase in (
        "Profile page",
        "old and the new address",
        "Account > the profile",
        "no refunds, sorry",
        "Account > The",
    ):
        assert _steps(phrase) == (), phrase


def test_each_step_needs_one_word_found() -> None:
    assert steps_named(((1,), (2, 3)), [False, True, False, True])
    assert not steps_named(((1,), (2, 3)), [True, False, True, True])
    assert not steps_named(((1,), (2, 3)), [True, True, False, False])
    assert steps_named((), [False])


@pytest.mark.parametrize(
    "text",
    [
        "To stop future payments, go to Account > Billing > Cancel subscription.",
        "Open Billing in your account and choose Cancel subscription.",
        "Go to Billing and click Cancel subscription.",
        "Cancel under Account, then Billing, then Cancel subscription.",
    ],
)
def test_a_path_stated(text: str) -> None:
    assert fact_stated(read(text), _CANCEL), text


@pytest.mark.parametrize(
    "text",
    [
        "If you don't want to continue, you can cancel the subscription in your account.",
        "You can cancel your subscription from your account whenever you like.",
        "Cancel the subscription under your account settings.",
    ],
)
def test_a_path_left_out(text: str) -> None:
    assert not fact_stated(read(text), _CANCEL), text


def test_a_path_fact_with_another_phrase() -> None:
    assert fact_stated(read("Change it under Account > Profile."), _PROFILE)
    assert fact_stated(read("Change it on your Profile page."), _PROFILE)
    assert not fact_stated(read("Change it in your account settings."), _PROFILE)
