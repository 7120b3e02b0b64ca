"""Rendering: the Jinja2 environment over the package's templates, and the inlined assets.

Autoescaping is on for every template: run data (messages, reasons, ids) is text, never
markup. JSON for ``<script>`` blocks goes through :func:`safe_json`, which escapes ``<``,
``>`` and ``&`` so that no message can close the script element.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import Any

from markupsafe import Markup

from sim.errors import ConfigError

__all__ = ["asset", "plotly_js", "render", "safe_json"]

_PACKAGE = "sim.report"


def _missing(name: str) -> ConfigError:
    return ConfigError(
        f"the HTML report needs {name} (the report extra): pip install jinja2 plotly"
    )


@cache
def _environment() -> Any:
    try:
        import jinja2
    except ImportError:
        raise _missing("jinja2") from None
    env = jinja2.Environment(
        loader=jinja2.PackageLoader(_PACKAGE, "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["asset"] = asset
    env.globals["plotly_js"] = plotly_js
    return env


def asset(name: str) -> Markup:
    """A file from ``sim/report/static`` as raw text to inline (our own CSS and JS)."""
    return Markup(files(_PACKAGE).joinpath("static", name).read_text(encoding="utf-8"))


@cache
def plotly_js() -> Markup:
    """plotly.js from the installed plotly package (its offline bundle), to inline."""
    try:
        from plotly.offline import get_plotlyjs
    except ImportError:
        raise _missing("plotly") from None
    # The bundle contains no "</script" sequence; guard anyway, it would end the element.
    return Markup(get_plotlyjs().replace("</script", "<\\/script"))


def safe_json(data: Any) -> Markup:
    """JSON safe to place inside a ``<script type="application/json">`` element."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False, default=str)
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def render(template: str, **context: Any) -> str:
    """Render one of the package's templates."""
    return str(_environment().get_template(template).render(**context))
