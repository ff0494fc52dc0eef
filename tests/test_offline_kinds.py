"""A fact's kind comes from what the fact is (its vocabulary, its description's head noun), not its first keyword."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from core.extractors.offline.kinds import KINDS, counted, fact_kind


def _checklist(*facts: tuple[str, str, list[str]]) -> Checklist:
    return Checklist.from_schema({
        "service_name": "Form_1",
        "slots": [{"name": n, "description": d, "is_categorical": bool(v), "possible_values": v} for n, d, v in facts],
        "intents": [{"name": "Do", "description": "", "required_slots": [n for n, _, _ in facts]}],
    })


@pytest.mark.parametrize(("name", "description", "kind"), [
    # "name" names a place, a person or a thing depending on what it is the name of
    ("airport", "The name of the airport or city", "place"),
    ("weather_city", "Name of the city", "place"),
    ("dentist_name", "Name of the dentist", "person"),
    ("recipient", "The account name of the recipient who is to receive the money", "person"),
    ("artist", "Name of the artist the song is performed by", "person"),
    ("restaurant_name", "Name of the restaurant", "title"),
    ("hotel_name", "Name of the hotel", "title"),
    ("event_name", "Title of event", "title"),
    # "days" counts, a date is a date
    ("number_of_days", "Number of days in the reservation", "count"),
    ("check_in_date", "Start date for the reservation", "date"),
    # the head of the first noun phrase decides, not a keyword further on
    ("fare_class", "Fare class of the ticket", "free"),
    ("amount", "The amount of money to transfer", "money"),
    ("show_time", "Time of the show", "time"),
    ("cuisine", "Cuisine of food served in the restaurant", "free"),
    ("phone_number", "Contact number for the doctor", "free"),
    ("destination", "Destination address or location for cab", "place"),
    # with no description the fact's own name is read the same way
    ("restaurant_name", "", "title"),
    ("origin_city", "", "place"),
])
def test_kind_from_what_the_fact_is(name: str, description: str, kind: str) -> None:
    assert fact_kind(_checklist((name, description, [])), name) == kind


def test_vocabulary_decides_before_words() -> None:
    checklist = _checklist(("shared", "Whether the ride is shared", ["True", "False"]),
                           ("seats", "Number of seats", ["1", "2", "3"]),
                           ("type", "Type of the account", ["checking", "savings"]))
    assert [fact_kind(checklist, f) for f in ("shared", "seats", "type")] == ["boolean", "count", "closed"]
    assert set(KINDS) >= {"boolean", "count", "closed", "place", "person", "title", "free"}


def test_a_count_knows_what_it_counts() -> None:
    checklist = _checklist(("number_of_days", "Number of days in the reservation", []))
    assert counted(checklist.facts["number_of_days"]) == ("days", "day")
