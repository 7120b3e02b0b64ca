"""The report's figures, built with plotly in Python and drawn by plotly.js in the page.

Each function returns a :class:`Figure`: a title, the question the plot answers, and the
plotly figure as JSON (or ``None`` with a note when the run holds nothing to draw).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import plotly.graph_objects as go
import plotly.io as pio
from plotly.subplots import make_subplots

from graders.metrics import PARTICIPANTS, GroupStats
from sim.report.collect import PlotData

__all__ = [
    "Figure",
    "cost_tokens",
    "escalation_by_frustration",
    "frustration_lines",
    "reward_per_step",
    "success_heatmap",
]

_COLORS = (
    "#4c78a8",
    "#f58518",
    "#54a24b",
    "#e45756",
    "#72b7b2",
    "#b279a2",
    "#ff9da6",
    "#9d755d",
    "#bab0ac",
    "#eeca3b",
)
_LAYOUT: dict[str, Any] = {
    "template": "plotly_white",
    "margin": {"l": 60, "r": 20, "t": 30, "b": 50},
    "font": {"family": "system-ui, sans-serif", "size": 12},
    "legend": {"orientation": "h", "y": -0.2},
}


@dataclass(frozen=True, slots=True)
class Figure:
    id: str
    title: str
    answers: str
    """The question this plot answers (shown under its title, and in the README)."""
    spec: dict[str, Any] | None
    note: str = ""


def _spec(fig: go.Figure, **layout: Any) -> dict[str, Any]:
    fig.update_layout(**{**_LAYOUT, **layout})
    text = pio.to_json(fig, validate=False, engine="json")
    spec: dict[str, Any] = json.loads(text)
    spec["layout"].pop("template", None)  # plotly.js's own defaults are close; saves ~10 KB
    spec["layout"].update({"plot_bgcolor": "#fff", "paper_bgcolor": "#fff"})
    return spec


def success_heatmap(cells: dict[tuple[str, str], GroupStats]) -> Figure:
    title, answers = (
        "Success by scenario × persona",
        "Which tickets fail, and against which customers?",
    )
    if not cells:
        return Figure("heatmap", title, answers, None, "No graded episodes.")
    scenarios = sorted({s for s, _ in cells})
    personas = sorted({p for _, p in cells})
    z: list[list[float | None]] = []
    text: list[list[str]] = []
    for s in scenarios:
        zr: list[float | None] = []
        tr: list[str] = []
        for p in personas:
            st = cells.get((s, p))
            rate = None if st is None else st.success_rate
            zr.append(None if rate is None else round(rate, 4))
            tr.append("" if st is None or rate is None else f"{100 * rate:.0f}% (n={st.graded})")
        z.append(zr)
        text.append(tr)
    fig = go.Figure(
        go.Heatmap(
            z=z,
            x=personas,
            y=scenarios,
            text=text,
            texttemplate="%{text}",
            zmin=0,
            zmax=1,
            colorscale="RdYlGn",
            colorbar={"title": {"text": "success"}, "tickformat": ".0%"},
            hovertemplate="%{y}<br>%{x}<br>%{text}<extra></extra>",
        )
    )
    fig.update_xaxes(tickangle=-35)
    height = max(300, 28 * len(scenarios) + 130)
    margin = {"l": 240, "r": 20, "t": 20, "b": 120}
    return Figure("heatmap", title, answers, _spec(fig, height=height, margin=margin))


def escalation_by_frustration(bins: dict[float, GroupStats]) -> Figure:
    title = "Escalation judgment and success by starting frustration"
    answers = "As customers start angrier, does the agent still escalate exactly when it should?"
    graded = {b: s for b, s in bins.items() if s.graded}
    if len(graded) < 2:
        return Figure(
            "escalation",
            title,
            answers,
            None,
            "This run has one starting frustration level; a `supportsim stress` run (or a "
            "run over personas of different frustration) draws this plot.",
        )
    xs = sorted(graded)
    fig = make_subplots(specs=[[{"secondary_y": True}]])
    fig.add_bar(
        x=xs,
        y=[graded[b].graded for b in xs],
        name="episodes",
        marker_color="#dddddd",
        secondary_y=True,
        width=0.06,
    )
    series: dict[str, Callable[[GroupStats], float | None]] = {
        "escalation precision": lambda s: s.escalation.precision,
        "escalation recall": lambda s: s.escalation.recall,
        "success": lambda s: s.success_rate,
        "escalation required": lambda s: s.rate(s.escalation.required),
    }
    for i, (name, value) in enumerate(series.items()):
        fig.add_scatter(
            x=xs,
            y=[value(graded[b]) for b in xs],
            name=name,
            mode="lines+markers",
            line={"color": _COLORS[i], "dash": "dot" if name == "escalation required" else None},
            connectgaps=False,
            secondary_y=False,
        )
    fig.update_yaxes(range=[-0.03, 1.03], tickformat=".0%", secondary_y=False)
    fig.update_yaxes(
        title_text="episodes",
        showgrid=False,
        rangemode="tozero",
        tickmode="auto",
        nticks=5,
        secondary_y=True,
    )
    fig.update_xaxes(title_text="starting frustration (bin)", dtick=0.1)
    fig.update_layout(height=380)
    return Figure("escalation", title, answers, _spec(fig))


def frustration_lines(data: PlotData) -> Figure:
    title = "The customer's frustration over the episode"
    answers = "Does the agent calm customers down or wind them up, and which personas boil over?"
    if not data.persona_mean:
        return Figure("frustration", title, answers, None, "No customer turns recorded.")
    fig = go.Figure()
    for i, persona in enumerate(sorted(data.persona_mean)):
        color = _COLORS[i % len(_COLORS)]
        xs: list[int | None] = []
        ys: list[float | None] = []
        for steps, values in data.lines.get(persona, []):
            xs += [*steps, None]
            ys += [*values, None]
        if xs:
            fig.add_scatter(
                x=xs,
                y=ys,
                mode="lines",
                line={"color": color, "width": 1},
                opacity=0.15,
                legendgroup=persona,
                showlegend=False,
                hoverinfo="skip",
            )
        means = data.persona_mean[persona]
        steps = sorted(means)
        fig.add_scatter(
            x=steps,
            y=[round(means[s].value or 0.0, 4) for s in steps],
            mode="lines+markers",
            name=f"{persona} (mean)",
            legendgroup=persona,
            line={"color": color, "width": 3},
        )
    fig.update_yaxes(title_text="frustration", range=[-0.02, 1.02])
    fig.update_xaxes(title_text="step")
    fig.update_layout(height=420)
    note = (
        f"Thin lines: {data.drawn} of {data.seen} episodes (every {data.stride}th); "
        "thick lines: the mean per persona over the episodes still open at that step."
        if data.stride > 1
        else "Thin lines: each episode; thick lines: the mean per persona over the episodes "
        "still open at that step."
    )
    return Figure("frustration", title, answers, _spec(fig), note)


def reward_per_step(data: PlotData) -> Figure:
    title = "Reward per step, by action"
    answers = "Where in an episode is reward earned or lost, and by which actions?"
    if not data.reward:
        return Figure("reward", title, answers, None, "No actions recorded.")
    fig = go.Figure()
    for i, kind in enumerate(sorted(data.reward)):
        by_step = data.reward[kind]
        steps = sorted(by_step)
        fig.add_bar(
            x=steps,
            y=[round(by_step[s].value or 0.0, 4) for s in steps],
            name=kind,
            marker_color=_COLORS[i % len(_COLORS)],
            customdata=[by_step[s].count for s in steps],
            hovertemplate=f"{kind}<br>step %{{x}}<br>mean reward %{{y:.3f}}"
            "<br>n=%{customdata}<extra></extra>",
        )
    fig.update_layout(barmode="group", height=380)
    fig.update_xaxes(title_text="step", dtick=1)
    fig.update_yaxes(title_text="mean reward", zeroline=True)
    return Figure("reward", title, answers, _spec(fig))


def cost_tokens(data: PlotData) -> Figure:
    title = "Tokens and cost per participant"
    answers = "Who spends the tokens and the money (agent, customer, judge), on which tickets?"
    scenarios = sorted(data.tokens)
    if not scenarios:
        return Figure("cost", title, answers, None, "No episodes.")
    fig = make_subplots(
        rows=1,
        cols=2,
        subplot_titles=("tokens per episode", "cost (US$, total)"),
        column_widths=[0.6, 0.4],
    )
    spent = False
    for i, who in enumerate(PARTICIPANTS):
        tokens = [round(data.tokens[s][who].value or 0.0, 1) for s in scenarios]
        spent = spent or any(tokens)
        fig.add_bar(
            x=scenarios,
            y=tokens,
            name=who,
            legendgroup=who,
            marker_color=_COLORS[i],
            row=1,
            col=1,
        )
    costs: dict[str, float | None] = {}
    for who in PARTICIPANTS:
        values = [data.cost[s][who] for s in scenarios]
        costs[who] = None if any(v is None for v in values) else sum(v or 0.0 for v in values)
    fig.add_bar(
        x=list(PARTICIPANTS),
        y=[c or 0.0 for c in costs.values()],
        text=["unknown price" if c is None else f"${c:.4f}" for c in costs.values()],
        textposition="outside",
        marker_color=list(_COLORS[: len(PARTICIPANTS)]),
        showlegend=False,
        row=1,
        col=2,
    )
    fig.update_layout(barmode="stack", height=440)
    fig.update_xaxes(tickangle=-35, row=1, col=1)
    fig.update_yaxes(rangemode="tozero")
    note = "" if spent else "No participant spent tokens in this run (scripted agent and customer)."
    unknown = [who for who, c in costs.items() if c is None]
    if unknown:
        note += (
            f" Cost unknown for {', '.join(unknown)}: the model's price is not in genai-prices."
        ).lstrip()
    margin = {"l": 60, "r": 20, "t": 90, "b": 150}
    legend = {"orientation": "h", "y": 1.22, "x": 0}
    return Figure("cost", title, answers, _spec(fig, margin=margin, legend=legend), note)
