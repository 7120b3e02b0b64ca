"""Model resolution (a pydantic-ai model string, or an OpenAI-compatible server by base URL),
and what a model run cost: tokens, and dollars from genai-prices when the model is known."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import httpx
import openai
from genai_prices import calc_price
from openai import AsyncOpenAI
from pydantic_ai.exceptions import AgentRunError, UserError
from pydantic_ai.models import Model, infer_model
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.providers.openai import OpenAIProvider
from pydantic_ai.usage import RequestUsage, RunUsage

from sim.customer import Usage
from sim.errors import ConfigError, RunError

__all__ = [
    "MODEL_ERRORS",
    "aclose_model",
    "estimate_cost",
    "make_model",
    "model_failures",
    "usage_from_run",
]

MODEL_ERRORS: tuple[type[BaseException], ...] = (
    AgentRunError,
    httpx.HTTPError,
    openai.OpenAIError,
    TimeoutError,
    ConnectionError,
)
"""What a model or the network raises once pydantic-ai and the SDK have spent their retries."""


@contextmanager
def model_failures(
    who: str, *, context: str = "", usage: Callable[[], Usage] | None = None
) -> Iterator[None]:
    """Model failures inside the block become ``RunError`` (an infrastructure error, with
    what ``usage()`` says was spent), setup mistakes (e.g. a missing key) ``ConfigError``."""
    try:
        yield
    except UserError as exc:
        raise ConfigError(f"{who} model{context}: {exc}") from exc
    except RunError as exc:  # another participant's model failed inside this block
        if exc.usage is None and usage is not None:
            exc.usage = usage()
        raise
    except MODEL_ERRORS as exc:
        raise RunError(
            f"{who} model failed ({type(exc).__name__}){context}: {exc}",
            usage=None if usage is None else usage(),
        ) from exc


def make_model(
    name: str,
    base_url: str | None = None,
    *,
    api_key: str | None = None,
    timeout: float = 60.0,
    max_retries: int = 4,
) -> Model:
    """``name`` is any pydantic-ai model string (``openai:gpt-4o``, ``anthropic:...``); with
    ``base_url`` it is the model name on an OpenAI-compatible server (vLLM, Ollama, llama.cpp),
    the key taken from ``OPENAI_API_KEY`` (a placeholder when the server needs none).

    For OpenAI-compatible servers the openai SDK retries 408/429/5xx and connection errors
    ``max_retries`` times with exponential backoff, honouring ``Retry-After``; ``timeout``
    bounds each HTTP request."""
    if base_url is not None:
        key = api_key or os.environ.get("OPENAI_API_KEY") or "not-needed"
        model_name = name.split(":", 1)[1] if name.startswith("openai:") else name
        client = AsyncOpenAI(
            base_url=base_url, api_key=key, timeout=timeout, max_retries=max_retries
        )
        return OpenAIChatModel(model_name, provider=OpenAIProvider(openai_client=client))
    try:
        return infer_model(name)
    except Exception as exc:  # unknown provider prefix, missing key, missing extra
        raise ConfigError(f"cannot use model {name!r}: {exc}") from None


async def aclose_model(model: object) -> None:
    """Close the HTTP connections of a model's openai client (other models: nothing to do).

    Close models when done with them, within their event loop: an openai client that is
    garbage-collected while its loop still runs closes its sockets late, and asyncio, which
    reuses file descriptors, can then unregister a live connection of another client, whose
    request hangs until it times out."""
    client = getattr(model, "client", None)
    if isinstance(client, AsyncOpenAI):
        await client.close()


def usage_from_run(run: RunUsage) -> Usage:
    """A pydantic-ai run's usage as supportsim's :class:`~sim.customer.Usage`.

    pydantic-ai prices each response from genai-prices' data by the model name the server
    answered with; ``cost`` is ``None`` (unknown) when no response could be priced, as for a
    local or mock model, and ``0.0`` only when no request was made."""
    cost = None if run.cost is None else float(run.cost)
    if cost is None and run.requests == 0 and run.input_tokens + run.output_tokens == 0:
        cost = 0.0
    return Usage(run.requests, run.input_tokens, run.output_tokens, cost)


def estimate_cost(
    model: str, input_tokens: int, output_tokens: int, *, provider: str | None = None
) -> float | None:
    """US dollars for the tokens on ``model`` (``gpt-4o`` or ``openai:gpt-4o``) from
    genai-prices' bundled price data; ``None`` when the model or provider is unknown."""
    if provider is None and ":" in model:
        provider, model = model.split(":", 1)
    usage = RequestUsage(input_tokens=input_tokens, output_tokens=output_tokens)
    try:
        price = calc_price(usage, model, provider_id=provider)
    except (LookupError, ValueError):
        return None
    return float(price.total_price)
