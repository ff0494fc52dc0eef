"""Roles (where a thing starts or ends) and areas (a city, not a point in it) read the same however reworded."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from core.extractors.offline.profile import profile
from core.extractors.offline.roles import END, START, fact_role


def _checklist(*facts: tuple[str, str]) -> Checklist:
    return Checklist.from_schema({
        "service_name": "Form_1",
        "slots": [{"name": n, "description": d, "is_categorical": False, "possible_values": []} for n, d in facts],
        "intents": [{"name": "Do", "description": "", "required_slots": [n for n, _ in facts]}],
    })


@pytest.mark.parametrize(("name", "description", "role"), [
    ("origin_city", "Starting city for the trip", START),
    ("first_city", "City to look for flights from", START),  # "to look" is an infinitive, "from" ends the text
    ("destination", "City to look for flights to", END),
    ("return_date", "Date of the return flight", END),
    ("day_flight_returns", "Date for the flight from destination to source", END),  # the name decides: "returns"
    ("salon_city", "City to search for salons in", None),  # an infinitive "to" gives no role
    ("end_route_city", "Final stop in bus itinerary", END),  # an ordinal places it in the sequence
    ("start_date_of_hotel_reservation", "First day of hotel stay", START),
])
def test_a_role_from_role_words_before_prepositions(name: str, description: str, role: str | None) -> None:
    checklist = _checklist((name, description))
    assert fact_role(profile(checklist).facts[name]) == role


def test_a_place_is_an_area_by_its_words_or_by_the_form() -> None:
    weather = _checklist(("city", "Name of the city"))
    reworded = _checklist(("name_of_city", "See forecast for this city"))
    generic = _checklist(("location", "Location of the hotel"), ("address", "Address of the hotel"))
    beside_a_city = _checklist(("city", "City of the event"), ("event_location", "Location of event"))
    ride = _checklist(("destination", "Destination for taxi ride"))
    assert profile(weather).facts["city"].area and profile(reworded).facts["name_of_city"].area
    assert profile(generic).facts["location"].area and not profile(generic).facts["address"].area
    assert profile(beside_a_city).facts["city"].area and not profile(beside_a_city).facts["event_location"].area
    assert not profile(ride).facts["destination"].area  # where a ride ends is a point
