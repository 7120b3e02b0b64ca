"""The world's schema: optional fields, old files unchanged, ``World.from_account``."""

from __future__ import annotations

from decimal import Decimal

import pytest
from pydantic import ValidationError

from sim.actions import ACTION_TYPES, ALL_ACTION_TYPES, TOOL_TYPES, parse_action
from sim.loader import get_scenario
from sim.scenario import AccountVisibility, Scenario
from sim.world import OrderStatus, SubscriptionStatus, World
from tests.conftest import ORIGINAL_SCENARIO_IDS
from tests.sim.world_helpers import world_scenario


@pytest.mark.parametrize("scenario_id", ORIGINAL_SCENARIO_IDS)
def test_old_scenarios_keep_todays_defaults(scenario_id: str) -> None:
    scenario = get_scenario(scenario_id)
    assert scenario.tools is None
    assert scenario.available_tools == ACTION_TYPES
    assert scenario.account_visibility is AccountVisibility.FULL
    assert not scenario.uses_world
    world = World.from_account(scenario.customer)
    assert world.orders == tuple(scenario.customer.orders)
    assert all(o.status is OrderStatus.DELIVERED for o in world.orders)
    assert world.refunds == () and world.credit_balance == Decimal("0.00")


def test_world_from_account_holds_the_world_fields() -> None:
    sc = world_scenario("world-cancel-subscription")
    world = World.from_account(sc.customer)
    sub = world.subscription("SUB-301")
    assert sub is not None and sub.status is SubscriptionStatus.ACTIVE
    assert world.subscription("SUB-999") is None
    order_world = World.from_account(world_scenario("world-cancel-order").customer)
    order = order_world.order("ORD-9001")
    assert order is not None and order.status is OrderStatus.PROCESSING
    assert order_world.security.verify_with == {"postcode": "94607"}


def test_tool_names_are_their_tags() -> None:
    assert (*ACTION_TYPES, *TOOL_TYPES) == ALL_ACTION_TYPES
    assert len(TOOL_TYPES) == 10
    action = parse_action({"type": "lookup_order", "order_id": "ORD-1"})
    assert action.type == "lookup_order"


def _with(sc: Scenario, **changes: object) -> dict[str, object]:
    data = sc.to_yaml_dict()
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"tools": ["reply", "teleport"]}, "tools: unknown action names"),
        ({"tools": ["reply", "reply", "close_ticket"]}, "tools: names must be unique"),
        ({"tools": ["reply", "close_ticket"]}, "is not one of the scenario's tools"),
        ({"account_visibility": "sometimes"}, "account_visibility"),
    ],
    ids=["unknown-tool", "duplicate-tool", "gold-uses-unlisted-tool", "bad-visibility"],
)
def test_bad_world_fields_name_the_field(changes: dict[str, object], message: str) -> None:
    sc = world_scenario("world-cancel-order")
    with pytest.raises(ValidationError, match=message):
        Scenario.model_validate(_with(sc, **changes))


def test_unknown_retention_offer_and_routing_team_are_refused() -> None:
    sc = world_scenario("world-cancel-subscription")
    data = sc.to_yaml_dict()
    data["customer"]["accepts_retention"] = ["no-such-offer"]
    with pytest.raises(ValidationError, match="accepts_retention"):
        Scenario.model_validate(data)
    data = sc.to_yaml_dict()
    data["policy"]["routing"] = {"cancellation": "nobody"}
    with pytest.raises(ValidationError, match=r"policy\.routing"):
        Scenario.model_validate(data)


def test_unknown_order_status_is_refused() -> None:
    data = get_scenario("medium-defective-product").to_yaml_dict()
    data["customer"]["orders"][0]["status"] = "lost_in_space"
    with pytest.raises(ValidationError, match="status"):
        Scenario.model_validate(data)


def test_identity_cannot_require_itself() -> None:
    data = world_scenario("world-cancel-order").to_yaml_dict()
    data["policy"]["identity"]["required_for"] = ["verify_identity"]
    with pytest.raises(ValidationError, match="cannot itself require"):
        Scenario.model_validate(data)
    data["policy"]["identity"]["required_for"] = ["fly"]
    with pytest.raises(ValidationError, match="unknown action names"):
        Scenario.model_validate(data)
