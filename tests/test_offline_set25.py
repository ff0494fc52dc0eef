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


LOCKERS = Checklist.from_schema({
    "service_name": "Lockers_9",
    "slots": [
        {"name": "locker_size", "description": "Size of the locker", "is_categorical": True,
         "possible_values": ["small", "large"]},
        {"name": "open_date", "description": "Date to open the locker", "is_categorical": False},
    ],
    "intents": [{"name": "OpenLocker", "required_slots": ["locker_size", "open_date"], "is_transactional": True}],
})


def opened(*turns: str) -> dict[str, str]:
    lines = talk(*turns)
    return check_mapping(LOCKERS, "OpenLocker", lines, read(LOCKERS, "OpenLocker", lines)).accepted


def test_the_last_thing_one_would_want_is_refused() -> None:
    assert opened("Open my small locker; the large one is the last thing I'd want you to open.").get(
        "locker_size") == "small"
    # the plain statement: the last thing left to do is still wanted
    assert opened("Open my large locker, it's the last thing I need to sort out.").get("locker_size") == "large"


def test_a_day_counted_from_is_not_the_day() -> None:
    assert "open_date" not in opened("Open the small locker two days after March 5th, or three, depending.")
    assert "open_date" not in opened("Open the small locker the day after March 5th.")
    assert opened("Open the small locker on March 5th.").get("open_date") == "March 5th"


RIDES = Checklist.from_schema({
    "service_name": "Rides_9",
    "slots": [
        {"name": "drop_point", "description": "Where the ride goes", "is_categorical": False},
        {"name": "pooled", "description": "Whether the ride is pooled with others", "is_categorical": True,
         "possible_values": ["True", "False"]},
    ],
    "intents": [{"name": "HailRide", "required_slots": ["drop_point", "pooled"], "is_transactional": True}],
})


def test_a_yes_no_left_hanging_before_a_question_is_weighed_not_answered() -> None:
    def pooled(reply: str) -> str | None:
        lines = talk("A ride to the pier, please.", ("Would you like it pooled?", ("pooled",)), reply)
        return check_mapping(RIDES, "HailRide", lines, read(RIDES, "HailRide", lines)).accepted.get("pooled")

    assert pooled("Pooled... What does pooled mean exactly, is it cheaper?") is None
    assert pooled("Pooled... yes, let's do that.") == "True"
    assert pooled("Pooled, please. Is it cheaper?") == "True"


def test_what_someone_else_says_or_always_does_is_theirs_after_though() -> None:
    said = opened("Open the small locker on March 5th. Though my wife says we should open it on the 6th.")
    assert said.get("open_date") == "March 5th"
    habit = opened("Open the small locker on March 5th. Ada's the one who always opens the large one.")
    assert habit.get("locker_size") == "small"
    # the plain statements: the customer's own correction after "though" still counts
    own = opened("Open the small locker on March 5th. Though I'd rather open it on the 6th.")
    assert own.get("open_date") != "March 5th"
