"""The Ray actor ships each call's own log lines: an episode's lines go back with the call
that played it (and lines of no episode with any call), so a call Ray retries after its
actor died cannot have had its episodes' lines written already. Needs no Ray: the actor's
line split is plain Python."""

from __future__ import annotations

import json

from sim.backends.ray_backend import EpisodeActor
from sim.logs import LogLine


def _line(event: str, episode: str | None) -> LogLine:
    fields: dict[str, object] = {"event": event, "level": "info"}
    if episode is not None:
        fields["episode"] = episode
    return (20, json.dumps(fields))


def _actor(lines: list[LogLine]) -> EpisodeActor:
    actor = EpisodeActor.__new__(EpisodeActor)  # no job: only the captured lines matter
    actor.lines = lines
    return actor


def test_a_call_ships_its_own_episodes_lines_and_keeps_the_others() -> None:
    captured = [
        _line("episode started", "a"),
        _line("episode started", "b"),
        _line("workers started", None),
        _line("episode finished", "b"),
        _line("episode finished", "a"),
        _line("episode started", "c"),
    ]
    logged = list(captured)
    actor = _actor(captured)
    shipped = actor._shipped({"a"})
    assert shipped == [logged[0], logged[2], logged[4]]  # in the order logged
    assert actor.lines is captured  # the capture's own list, which it goes on appending to
    assert captured == [
        _line("episode started", "b"),
        _line("episode finished", "b"),
        _line("episode started", "c"),
    ]
    captured.append(_line("episode finished", "c"))
    assert actor._shipped({"b", "c"}) == [
        _line("episode started", "b"),
        _line("episode finished", "b"),
        _line("episode started", "c"),
        _line("episode finished", "c"),
    ]
    assert captured == []


def test_nothing_captured_ships_nothing() -> None:
    actor = _actor([])
    assert actor._shipped({"a"}) == []
    assert actor._shipped(set()) == []


def test_lines_of_no_episode_go_with_any_call() -> None:
    captured = [_line("loop slow", None), _line("episode finished", "x")]
    actor = _actor(captured)
    assert actor._shipped(set()) == [_line("loop slow", None)]
    assert captured == [_line("episode finished", "x")]
