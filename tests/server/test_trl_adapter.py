"""``sim.trl.SupportSimToolEnv`` driven the way TRL's ``environment_factory`` drives it:
built with no arguments, ``reset(**row)``, public methods called as tools with keyword
arguments, ``reward`` read afterwards. TRL itself is not needed."""

from __future__ import annotations

import asyncio
import inspect
import re
import threading
from typing import Any

import pytest

from sim.errors import ConfigError
from sim.loader import get_scenario
from sim.trl import SupportSimToolEnv
from tests.server.helpers import Episode, play_in_process, reference_actions

TOOLS = {"reply", "search_kb", "issue_refund", "escalate", "close_ticket"}


def _tools(env: object) -> dict[str, Any]:
    """What TRL exposes: public bound methods other than ``reset`` and ``get_reward``."""
    return {
        name: member
        for name, member in inspect.getmembers(env, predicate=inspect.ismethod)
        if name not in ("reset", "get_reward") and not name.startswith("_")
    }


def _call(env: object, action: dict[str, Any]) -> str:
    """A tool call as TRL makes it: ``tools[name](**arguments)``."""
    arguments = {k: v for k, v in action.items() if k != "type" and v is not None}
    result = _tools(env)[action["type"]](**arguments)
    assert isinstance(result, str)
    return result


def test_public_methods_are_exactly_the_five_actions() -> None:
    assert set(_tools(SupportSimToolEnv())) == TOOLS


def test_tool_docstrings_document_every_argument() -> None:
    """TRL builds each tool's JSON schema from type hints and the ``Args:`` section."""
    for name, method in _tools(SupportSimToolEnv()).items():
        doc = inspect.getdoc(method) or ""
        assert doc.splitlines()[0], name
        args = doc.split("Args:", 1)[1].split("Returns:", 1)[0]
        documented = set(re.findall(r"^\s{4}(\w+):", args, flags=re.MULTILINE))
        params = inspect.signature(method).parameters
        assert documented == set(params), name
        for param in params.values():
            assert param.annotation is not inspect.Parameter.empty, (name, param.name)


def test_reference_episode_matches_in_process() -> None:
    scenario = "hard-double-billing"
    env = SupportSimToolEnv()
    assert (env.reward, env.done) == (0.0, False)
    row = {"prompt": [{"role": "user", "content": "Help."}], "scenario": scenario, "seed": 5}
    first = env.reset(**row)
    ticket = get_scenario(scenario).ticket
    assert ticket.subject in first and ticket.body.split(".")[0] in first
    for action in reference_actions(scenario):
        assert not _call(env, action).startswith("Error")
    assert env.done is True
    episode = Episode(scenario, seed=5, actions=reference_actions(scenario))
    expected = asyncio.run(play_in_process(episode, full=True))
    assert env.episode_state is not None
    assert env.episode_state.model_dump(mode="json") == expected
    assert env.reward == pytest.approx(expected["total_reward"]) and env.reward > 0


def test_search_results_and_customer_answers_come_back_as_text() -> None:
    env = SupportSimToolEnv()
    env.reset(scenario="easy-password-reset", seed=1)
    found = env.search_kb(query="reset forgotten password")
    assert "[password-reset]" in found and "24 hours" in found
    answer = env.reply(content="Could you confirm your email address?")
    assert "Customer:" in answer


def test_bad_amount_is_reported_as_text_and_penalized() -> None:
    env = SupportSimToolEnv()
    env.reset(scenario="hard-double-billing", seed=2)
    before = env.reward
    text = env.issue_refund(amount="twenty dollars", reason="Duplicate", target="CH-5502")
    assert text.startswith("Error:") and "amount" in text
    assert env.reward < before
    assert env.done is False
    assert env.issue_refund(amount=19.99, reason="Duplicate", target="CH-5502").startswith(  # type: ignore[arg-type]
        "Refunded 19.99"
    )


def test_refund_above_what_was_paid_is_reported_as_text() -> None:
    env = SupportSimToolEnv()
    env.reset(scenario="hard-double-billing", seed=2)
    text = env.issue_refund(amount="5000.00", reason="Because", target="CH-5502")
    assert text.startswith("Error:") and "rejected" in text


def test_tools_after_done_and_before_reset_answer_with_text() -> None:
    env = SupportSimToolEnv()
    assert env.close_ticket(resolution="x").startswith("Error: no episode")
    env.reset(scenario="easy-password-reset", seed=3)
    assert "Episode over" in env.escalate(reason="The customer asked for a human.")
    assert env.done is True
    reward = env.reward
    for text in (env.reply(content="Hello?"), env.close_ticket(resolution="Done.")):
        assert text.startswith("Error: the episode is over")
    assert env.reward == reward


def test_reset_starts_over_and_is_deterministic_per_seed() -> None:
    env, twin = SupportSimToolEnv(), SupportSimToolEnv()
    assert env.reset(scenario="two-factor-lockout", seed=9) == twin.reset(
        scenario="two-factor-lockout", seed=9
    )
    env.close_ticket(resolution="Done.")
    assert env.done
    env.reset(scenario="two-factor-lockout", seed=9)
    assert (env.done, env.reward) == (False, 0.0)
    # Instances do not share episodes.
    env.search_kb(query="backup codes")
    assert twin.episode_state is not None and twin.episode_state.step_count == 0


def test_reset_defaults_and_constructor_defaults() -> None:
    assert "New support ticket" in SupportSimToolEnv().reset()
    env = SupportSimToolEnv(scenario="two-factor-lockout")
    env.reset(seed=1)
    assert env.episode_state is not None
    assert env.episode_state.scenario.id == "two-factor-lockout"


@pytest.mark.parametrize(
    "row",
    [{"scenario": "no-such-scenario"}, {"scenario": 7}, {"seed": "7"}, {"persona": "nobody"}],
    ids=["unknown scenario", "scenario not a string", "seed a string", "unknown persona"],
)
def test_a_broken_dataset_row_fails_loudly(row: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        SupportSimToolEnv().reset(**row)


def test_runs_on_a_private_loop_without_threads() -> None:
    threads = threading.active_count()
    envs = [SupportSimToolEnv() for _ in range(8)]
    for env in envs:
        env.reset(scenario="easy-password-reset")
        env.search_kb(query="password")
    assert threading.active_count() == threads


async def test_inside_a_running_loop_reset_fails_clearly_and_tools_answer_text() -> None:
    env = SupportSimToolEnv()
    with pytest.raises(RuntimeError, match="running"):
        env.reset(scenario="easy-password-reset")
    assert env.search_kb(query="anything").startswith("Error:")
