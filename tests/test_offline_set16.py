"""Rules taken from set 16's defeats once it was no longer held out, each trick beside the plain statement it
imitates (our own wording, invented schemas): a value taken back by "or not" after an interjection, and a count
said loosely ("give or take two", "or so")."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from core.contract import check_value
from core.extractors.offline import extract_facts
from tests.talking import talk

SHUTTLE = Checklist.from_schema({
    "service_name": "Shuttle_9",
    "slots": [
        {"name": "drop_point", "description": "Where the shuttle goes", "is_categorical": False},
        {"name": "riders", "description": "Number of riders", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4"]},
    ],
    "intents": [{"name": "BookShuttle", "required_slots": ["drop_point", "riders"], "is_transactional": True}],
})
RIDERS_ASKED = ("How many riders?", ("riders",))
LODGE = Checklist.from_schema({
    "service_name": "Lodge_9",
    "slots": [
        {"name": "lodge", "description": "Name of the lodge", "is_categorical": False},
        {"name": "nights", "description": "Number of nights to stay", "is_categorical": False},
        {"name": "arrival_time", "description": "Time of arrival", "is_categorical": False},
    ],
    "intents": [{"name": "StayAtLodge", "required_slots": ["lodge", "nights", "arrival_time"],
                 "is_transactional": True}],
})


@pytest.mark.parametrize(("line", "riders"), [
    ("Three.", "3"),
    ("Three. Ugh, the traffic is bad today.", "3"),  # an interjection alone takes nothing back
    ("Three. Ugh, or not, just put whatever is usual, I'm not counting.", None),
    ("Three, or not, I really can't say.", None),
])
def test_or_not_after_a_value_takes_it_back(line: str, riders: str | None) -> None:
    lines = talk("A shuttle to 9 Birch Road.", RIDERS_ASKED, line)
    assert extract_facts(SHUTTLE, "BookShuttle", lines).get("riders") == riders
    assert (check_value(SHUTTLE, "BookShuttle", "riders", "3", lines)[0] is not None) is (riders is not None)


@pytest.mark.parametrize(("line", "nights"), [
    ("The Pine Lodge for three nights, arriving at 4 pm.", "three"),
    ("The Pine Lodge for three nights, give or take two, arriving at 4 pm.", None),
    ("The Pine Lodge for 5 nights or so, arriving at 4 pm.", None),
    ("The Pine Lodge for 5 nights, plus or minus one, arriving at 4 pm.", None),
])
def test_a_count_said_loosely_is_no_count(line: str, nights: str | None) -> None:
    assert extract_facts(LODGE, "StayAtLodge", talk(line)).get("nights") == nights


def test_a_clock_time_said_loosely_is_still_the_time() -> None:
    got = extract_facts(LODGE, "StayAtLodge", talk("The Pine Lodge for 5 nights, arriving at 4:30 or so."))
    assert got["arrival_time"] == "4:30"


CAB = Checklist.from_schema({
    "service_name": "Cab_9",
    "slots": [
        {"name": "drop_address", "description": "Street address the cab goes to", "is_categorical": False},
        {"name": "pooled", "description": "Whether the ride is shared", "is_categorical": True,
         "possible_values": ["True", "False"]},
    ],
    "intents": [{"name": "HailCab", "required_slots": ["drop_address"], "optional_slots": {"pooled": "False"},
                 "is_transactional": True}],
})
ADDRESS_OFFER = ("Do you want to go to 55 Market Street?", ())


@pytest.mark.parametrize(("reply", "address"), [
    ("Yes, that one.", "55 Market Street"),
    ("Yes there, not shared.", "55 Market Street"),
    ("Yes there, not shared. Or 900 Pine Street, whichever is quicker.", None),  # another put forward beside it
    ("Yes, or 900 Pine Street, whichever is quicker.", None),
    ("Yes there. Or I could walk, I guess.", "55 Market Street"),  # "Or I" puts no other address forward
])
def test_a_reply_putting_another_forward_takes_neither(reply: str, address: str | None) -> None:
    lines = talk("I need a cab.", ADDRESS_OFFER, reply)
    assert extract_facts(CAB, "HailCab", lines).get("drop_address") == address
    kept = check_value(CAB, "HailCab", "drop_address", "55 Market Street", lines)[0]
    assert (kept is not None) is (address is not None)


@pytest.mark.parametrize(("line", "stands"), [
    ("Pick up Friday at 11 am in Denver.", True),
    ("Pick up Friday at 11 am in Denver. Bocsánat, nem péntek, még nem tudom a napot.", False),
    ("Pick up Friday at 11 am in Denver. Özür dilerim, cuma değil, henüz bilmiyorum.", False),
    ("Pick up Friday at 11 am in Denver, near the Café Rouge on Main.", True),  # a name with accents is English
])
def test_a_sentence_in_a_language_without_listed_words_is_still_not_read(line: str, stands: bool) -> None:
    day = extract_facts(CAR, "RentCar", talk(line)).get("pickup_day")
    assert day == ("Friday" if stands else None)


CAR = Checklist.from_schema({
    "service_name": "Car_8",
    "slots": [
        {"name": "pickup_town", "description": "Town to pick the car up in", "is_categorical": False},
        {"name": "pickup_day", "description": "Date to pick the car up", "is_categorical": False},
        {"name": "pickup_hour", "description": "Time to pick the car up", "is_categorical": False},
    ],
    "intents": [{"name": "RentCar", "required_slots": ["pickup_town", "pickup_day", "pickup_hour"],
                 "is_transactional": True}],
})
