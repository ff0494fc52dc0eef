"""Shapes first seen in held-out set 25, each beside the plain statement it imitates (our own wording, an invented
schema): a name in a reply stops at a pictograph or at an interjection after a comma, and a reply asking to see other
options turns down the offer it repeats."""

from __future__ import annotations

from core.checklist import Checklist
from core.contract import check_mapping
from tests.talking import read, talk

CABINS = Checklist.from_schema({
    "service_name": "Cabins_9",
    "slots": [
        {"name": "cabin_name", "description": "Name of the cabin to rent", "is_categorical": False},
        {"name": "lake", "description": "Lake the cabin is on", "is_categorical": False},
    ],
    "intents": [{"name": "RentCabin", "required_slots": ["cabin_name", "lake"], "is_transactional": True}],
})
OFFER = ("How about Birch Hollow Lodge?", ("cabin_name",))


def rented(reply: str) -> dict[str, str]:
    """What the offline tier reads, through the contract, after the offer and this reply."""
    lines = talk("A cabin on Lake Tahoe, please.", OFFER, reply)
    return check_mapping(CABINS, "RentCabin", lines, read(CABINS, "RentCabin", lines)).accepted


def test_a_name_stops_at_a_pictograph() -> None:
    assert "cabin_name" not in rented("Birch Hollow 👎 too pricey. Show me a few more options.")
    assert rented("Birch Hollow 👍 perfect.").get("cabin_name") == "Birch Hollow"


def test_a_name_stops_at_an_interjection_after_a_comma() -> None:
    assert "cabin_name" not in rented("Birch Hollow, hmm, that's where my ex stays. Let me browse a bit more first.")
    assert rented("Birch Hollow, wow, yes book it.").get("cabin_name") == "Birch Hollow"


def test_asking_to_see_other_options_turns_down_the_offer_it_repeats() -> None:
    assert "cabin_name" not in rented("Birch Hollow Lodge, nice. What else is there?")
    # the plain statement: a question about this one keeps it
    assert rented("Birch Hollow Lodge, nice. What else do I need to bring?").get("cabin_name") == "Birch Hollow Lodge"
