"""Values said roughly, as a share or a ceiling, or of where the customer stands, each beside the plain value it
imitates, read by the offline tier and the contract alike (invented schemas, our own wording)."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from tests.talking import kept, read, talk
from tests.test_offline_set21 import ASK_DAY, FUNDS, VIEWINGS

SHUTTLES = Checklist.from_schema({
    "service_name": "Shuttles_9",
    "slots": [{"name": "drop_off", "description": "Destination of the shuttle ride", "is_categorical": False}],
    "intents": [{"name": "BookShuttle", "required_slots": ["drop_off"], "is_transactional": True}],
})
ASK_SUM = ("How much?", ("sum",))


@pytest.mark.parametrize(("line", "value"), [("Half of 400.", "400"), ("Up to $300.", "$300"),
                                             ("Three hundred-ish.", "Three hundred"), ("Under $300.", "$300")])
def test_an_amount_as_a_share_a_ceiling_or_roughly_is_not_stated(line: str, value: str) -> None:
    lines = talk("Send money to Ana.", ASK_SUM, line)
    assert "sum" not in read(FUNDS, "MoveFunds", lines)
    assert not kept(FUNDS, "MoveFunds", lines, "sum", value)
    plain = talk("Send money to Ana.", ASK_SUM, f"{value}.")
    assert read(FUNDS, "MoveFunds", plain)["sum"] == value
    assert kept(FUNDS, "MoveFunds", plain, "sum", value)


@pytest.mark.parametrize("line", ["Saturday-ish.", "Ideally Saturday. Realistically, who knows."])
def test_a_day_said_roughly_is_not_stated(line: str) -> None:
    lines = talk("A viewing at Oak Court.", ASK_DAY, line)
    assert "viewing_day" not in read(VIEWINGS, "BookViewing", lines)
    assert not kept(VIEWINGS, "BookViewing", lines, "viewing_day", "Saturday")
    plain = talk("A viewing at Oak Court.", ASK_DAY, "Saturday.")
    assert read(VIEWINGS, "BookViewing", plain)["viewing_day"] == "Saturday"


def test_where_the_customer_waits_is_no_destination() -> None:
    asked = ("Where to?", ("drop_off",))
    for line in ("I'm waiting at the Hyatt.", "We're standing outside the Hyatt."):
        assert read(SHUTTLES, "BookShuttle", talk("A shuttle, please.", asked, line)) == {}, line
    assert read(SHUTTLES, "BookShuttle", talk("A shuttle, please.", asked, "The Hyatt."))["drop_off"] == "The Hyatt"


def test_the_contract_refuses_where_the_customer_waits_as_the_destination() -> None:
    asked = ("Where to?", ("drop_off",))
    assert not kept(SHUTTLES, "BookShuttle", talk("A shuttle, please.", asked, "I'm waiting at the Hyatt."),
                    "drop_off", "the Hyatt")
    assert kept(SHUTTLES, "BookShuttle", talk("A shuttle, please.", asked, "To the Hyatt."), "drop_off", "the Hyatt")
