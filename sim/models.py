"""Model resolution: a pydantic-ai model string, or an OpenAI-compatible server by base URL."""

from __future__ import annotations

import os

from openai import AsyncOpenAI
from pydantic_ai.models import Model, infer_model
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.providers.openai import OpenAIProvider

from sim.errors import ConfigError

__all__ = ["make_model"]


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
