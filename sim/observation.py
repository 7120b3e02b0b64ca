"""The agent's observation, filled directly when validating it again would change nothing.

``SupportEnv`` builds an ``Observation`` at every reset and step; validating one costs more
than the rest of a replayed step's bookkeeping. Its values are the env's own validated
objects (ticket and account views, the conversation's records, the state's fields) and a
few the step computes (feedback, validity, reward, search results). When those are of the
exact types their fields declare, validation hands the same values back (nothing to coerce),
so :func:`observation` sets them as ``model_construct`` does, at a fraction of its cost;
a value of another type is validated as before (coerced, or rejected).
"""

from __future__ import annotations

from typing import Any

from sim.state import ArticleView, Message, Observation

__all__ = ["observation"]

_FIELDS = tuple(Observation.model_fields)
"""The fields in declaration order (the order validation fills ``__dict__`` in)."""
_SET = object.__setattr__


def _exact(values: dict[str, Any]) -> bool:
    """Whether the values a step computes (and the conversation it grew) are of the exact
    types their fields declare; the others are the env's validated objects."""
    results, conversation = values["search_results"], values["conversation"]
    return (
        type(values["episode_id"]) is str
        and type(values["feedback"]) is str
        and type(values["last_action_valid"]) is bool
        and type(values["reward"]) is float
        and type(results) is tuple
        and all(type(a) is ArticleView for a in results)
        and type(conversation) is tuple
        and all(type(m) is Message for m in conversation)
    )


def observation(**values: Any) -> Observation:
    """``Observation(**values)``, given every field: filled without validating when
    :func:`_exact` holds (the same values, fields set and order validation gives)."""
    if values.keys() != Observation.model_fields.keys() or not _exact(values):
        return Observation(**values)
    obs = Observation.__new__(Observation)
    _SET(obs, "__dict__", {name: values[name] for name in _FIELDS})
    _SET(obs, "__pydantic_fields_set__", set(_FIELDS))
    _SET(obs, "__pydantic_extra__", None)
    _SET(obs, "__pydantic_private__", None)
    return obs
