"""A handoff to a team with tools of its own (the ``team_tools_handoff`` solver).

The kind of the bundled workflow-security-lockout: the first line may not do what the
ticket needs (the team's ``tools`` are refused to it), so the policy sends every ticket to a
human (``policy.escalation.always``) and its routing names the team for the ticket's topic.
What the gold does follows from the rendered scenario and the engine:

- the team is :func:`~sim.policy_engine.implied_expectations`' routed team (it must be the
  skeleton's ``handoff.team``, else the template is wrong);
- the first line reads the article, tells the customer and escalates with the handoff note
  (the ``handoff_note`` variable), which must state the skeleton's ``handoff.note_facts``;
- tier-2 asks for the identity answers, verifies (``verify_answers``), then does ``act``;
  each step goes through the same transitions the environment applies
  (:mod:`sim.transitions`): a caller the verification rejects (an impostor) gets the
  ``declined`` reply and no change (no reset, no account detail); an ``act`` the transition
  refuses is a template error, never a gold that silently fails.
"""

from __future__ import annotations

from typing import Any

from sim.actions import Action, CloseOutcome, CloseTicket, Escalate, Reply, SearchKB, parse_action
from sim.generate.sampler import render
from sim.generate.synthesis import Synthesized, _build, _provisional, _reply, final_world
from sim.generate.templates_model import Template
from sim.policy_engine import implied_expectations
from sim.scenario import Resolution
from sim.tools import Tool, VerifyIdentity
from sim.transitions import apply_tool, context_for
from sim.world import World

__all__ = ["customer_device", "customer_reset", "team_tools_handoff"]


def _tier2(
    template: Template, data: dict[str, Any], values: dict[str, Any]
) -> tuple[list[Action], bool]:
    """Tier-2's gold and whether the caller is verified: ask, verify, then ``act``, tell,
    close; a caller the verification transition rejects (an impostor) gets no change and no
    account detail: the ``declined`` reply, closed as declined. Each tool is checked by its
    transition."""
    if template.act is None or template.verify_answers is None:
        raise ValueError(f"template {template.id}: team_tools_handoff needs act and verify_answers")
    answers = {k: str(render(v, values)) for k, v in template.verify_answers.items()}
    verify = VerifyIdentity(answers=answers)
    act = parse_action(render(template.act, values))
    if not isinstance(act, Tool):
        raise ValueError(f"template {template.id}: act must be a tool")
    provisional = _provisional(data, [])
    world = World.from_account(provisional.customer)
    ask = _reply(template, "ask", values)
    for step, tool in ((2, verify), (3, act)):
        done = apply_tool(world, tool, context_for(provisional, step))
        if not done.valid:
            raise ValueError(f"template {template.id}: tier-2's {tool.type} fails: {done.feedback}")
        world = done.world
        if tool is verify and not world.security.verified:
            closed = "The caller could not be verified; no change made."
            refused = CloseTicket(outcome=CloseOutcome.DECLINED, resolution=closed)
            return [ask, verify, _reply(template, "declined", values), refused], False
    done_msg = "Caller verified by the team; done."
    return [
        ask,
        verify,
        act,
        _reply(template, "tier2", values),
        CloseTicket(outcome=CloseOutcome.RESOLVED, resolution=done_msg),
    ], True


def team_tools_handoff(
    template: Template, data: dict[str, Any], values: dict[str, Any]
) -> Synthesized:
    """The ``team_tools_handoff`` solver (see the module docstring)."""
    search = SearchKB(query=template.search_query)
    implied = implied_expectations(_provisional(data, [search]))
    spec = data.get("handoff")
    if not isinstance(spec, dict):
        raise ValueError(f"template {template.id}: the skeleton needs a handoff section")
    if implied.resolution is not Resolution.ESCALATED or implied.team != spec.get("team"):
        raise ValueError(
            f"template {template.id}: the policy must route the ticket to the handoff team "
            f"(engine: {implied.resolution}, team {implied.team})"
        )
    note = str(values.get("handoff_note", ""))
    if not note:
        raise ValueError(f"template {template.id}: the handoff_note variable is empty")
    gold: list[Action] = [
        search,
        _reply(template, "escalated", values),
        Escalate(team=implied.team, reason=note[:900]),
    ]
    tier2, verified = _tier2(template, data, values)
    handoff = {
        **spec,
        "reference_solution": [a.model_dump(mode="json", exclude_none=True) for a in tier2],
    }
    exp: dict[str, Any] = {
        "resolution": "escalated",
        "escalation_team": implied.team,
        "refund_total": "0.00",
        "refund_target": None,
    }
    if not verified:  # an impostor refused by the team may walk away
        exp["customer_stays"] = False
    scenario = _build({**data, "handoff": handoff}, exp, gold)
    return Synthesized(scenario, final_world(scenario), "escalated")


def customer_reset(template: Template, data: dict[str, Any], values: dict[str, Any]) -> Synthesized:
    """The ``customer_reset`` solver: the kind of workflow-dual-password-reset (the customer
    acts with its own tools, ``customer_tools``).

    The gold verifies the caller (``verify_answers``) and does ``act`` (a fresh reset link),
    both through the agent's transitions; its ``resolved`` reply must ask clearly for the
    customer's steps (read by :func:`sim.instructions.read_instructions`, as the simulated
    customer reads it). ``expectations.customer_world`` is the customer side after those
    steps go through the customer's transitions (:func:`sim.customer_tools.apply_customer_tool`):
    a reply asking nothing clearly, or a step the transition refuses, is a template error.
    A caller the verification rejects (an impostor) is declined: no link, no account detail,
    ``customer_world`` signed out."""
    if template.act is None or template.verify_answers is None:
        raise ValueError(f"template {template.id}: customer_reset needs act and verify_answers")
    search = SearchKB(query=template.search_query)
    answers = {k: str(render(v, values)) for k, v in template.verify_answers.items()}
    verify = VerifyIdentity(answers=answers)
    act = parse_action(render(template.act, values))
    if not isinstance(act, Tool):
        raise ValueError(f"template {template.id}: act must be a tool")
    provisional = _provisional(data, [search, verify, act])
    world = World.from_account(provisional.customer)
    for step, tool in ((3, verify), (4, act)):
        done = apply_tool(world, tool, context_for(provisional, step))
        if not done.valid:
            raise ValueError(
                f"template {template.id}: the gold's {tool.type} fails: {done.feedback}"
            )
        world = done.world
        if tool is verify and not world.security.verified:
            return _unverified(template, data, values, [search, verify])
    told = _reply(template, "resolved", values)
    world = _customer_steps(template, world, told.content, set(data.get("customer_tools", [])))
    gold: list[Action] = [
        search,
        _reply(template, "ask", values),
        verify,
        act,
        told,
        CloseTicket(
            outcome=CloseOutcome.RESOLVED,
            resolution="Caller verified; a fresh link was sent and the customer used it.",
        ),
    ]
    exp = {
        "resolution": "resolved",
        "customer_world": {"logged_in": world.security.logged_in},
    }
    scenario = _build(data, exp, gold)
    return Synthesized(scenario, final_world(scenario), "resolved")


def _unverified(
    template: Template, data: dict[str, Any], values: dict[str, Any], done: list[Action]
) -> Synthesized:
    """A caller the verification rejects (an impostor): no reset, no account detail told;
    the ``declined`` reply, closed as declined; the customer stays signed out."""
    search, verify = done
    gold: list[Action] = [
        search,
        _reply(template, "ask", values),
        verify,
        _reply(template, "declined", values),
        CloseTicket(
            outcome=CloseOutcome.DECLINED,
            resolution="The caller could not be verified; no reset sent, no change made.",
        ),
    ]
    exp = {
        "resolution": "declined",
        "customer_stays": False,
        "customer_world": {"logged_in": False},
        "facts": [],  # the skeleton's facts (the reset sent) are owed to the owner only
    }
    scenario = _build(data, exp, gold)
    return Synthesized(scenario, final_world(scenario), "declined")


def _customer_steps(template: Template, world: World, text: str, allowed: set[str]) -> World:
    """``world`` after the customer's tools that ``text`` asks for clearly (as the simulated
    customer reads it), each through the customer's transition; none clear, a tool the
    scenario does not give the customer, or a refused step is a template error."""
    from sim.customer_tools import apply_customer_tool
    from sim.instructions import Clarity, read_instructions

    steps = [i.savvy for i in read_instructions(text) if i.clarity is Clarity.CLEAR]
    if not steps or any(s is None or s.type not in allowed for s in steps):
        raise ValueError(f"template {template.id}: a gold reply asks no customer step clearly")
    for s in steps:
        assert s is not None
        moved = apply_customer_tool(world, s)
        if not moved.valid:
            raise ValueError(
                f"template {template.id}: the customer's {s.type} fails: {moved.feedback}"
            )
        world = moved.world
    return world


def customer_device(
    template: Template, data: dict[str, Any], values: dict[str, Any]
) -> Synthesized:
    """The ``customer_device`` solver: the kind of workflow-dual-device-error.

    The device's ``fix`` (a skeleton field, from the sampled error code) decides the gold:
    ask for the code (the ``ask`` reply), then one reply per fix step (``replies`` keyed by
    the step: ``restart``, ``hard_restart``, ``install_update``; the first after the
    ``explain`` reply), then close. Each reply's clear steps go through the customer's
    transitions; ``expectations.customer_world`` is each device's status at the end."""
    from sim.world import Device

    devices = [Device.model_validate(d) for d in data["customer"].get("devices", [])]
    if len(devices) != 1:
        raise ValueError(f"template {template.id}: customer_device needs exactly one device")
    device = devices[0]
    allowed = set(data.get("customer_tools", []))
    world = World.from_account(_provisional(data, []).customer)
    ask = _reply(template, "ask", values)
    world = _customer_steps(template, world, ask.content, allowed)
    gold: list[Action] = [SearchKB(query=template.search_query), ask]
    for i, step in enumerate(device.fix):
        text = _reply(template, step.value, values).content
        if i == 0:
            text = f"{_reply(template, 'explain', values).content} {text}"
        world = _customer_steps(template, world, text, allowed)
        gold.append(Reply(content=text))
    status = {d.id: d.status.value for d in world.devices}
    gold.append(
        CloseTicket(
            outcome=CloseOutcome.RESOLVED,
            resolution=f"Error {device.error_code}: the customer did the steps; "
            f"{device.name} is {status[device.id]}.",
        )
    )
    exp = {"resolution": "resolved", "customer_world": {"devices": status}}
    scenario = _build(data, exp, gold)
    return Synthesized(scenario, final_world(scenario), "resolved")
