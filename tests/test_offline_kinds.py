"""A fact's kind comes from what the fact is (its vocabulary, the head noun of its description)."""

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
    assert counted(checklist.facts["number_of_days"]) == ("days", "day", "nights", "night")  # a stay, either way


def test_an_agent_noun_names_a_person_but_a_thing_ending_alike_does_not() -> None:
    checklist = _checklist(("payee", "Name of the recipient", []), ("client", "Name of the client", []),
                           ("event", "Name of the event", []), ("floor", "Name of the floor", []))
    assert [fact_kind(checklist, f) for f in ("payee", "client", "event", "floor")] == [
        "person", "person", "title", "title"]


@pytest.mark.parametrize(("plain", "reworded", "kind"), [
    # a question names what it asks for after its determiner
    (("city", "City where the event is taking place"), ("city_event", "Which city or town is the event in?"), "place"),
    # "When ..." is a date unless the fact speaks of a time
    (("pickup_time", "Time of rental car pickup"), ("pick_up_time", "When to pick up the car"), "time"),
    (("pickup_date", "Date of rental car pickup"), ("date_of_pickup", "When the car will be picked up?"), "date"),
    # a clause after the head: "Date you are available ..."
    (("appointment_date", "Date for the appointment"), ("schedule", "Date you are available to see the provider"),
     "date"),
    # a head that says nothing: the one measure the description and name name
    (("dropoff_date", "End date of car rental"), ("end_of_rental_date", "Drop off car on this date"), "date"),
    # a length in days and an amount of days are counts
    (("number_of_days", "Number of days in the reservation"), ("amount_of_days", "Length of the reservation in days"),
     "count"),
    # a noun before "name" says what it names; a name of alternatives is a person's only if all are people
    (("city_of_event", "City where event is happening"), ("name_of_the_city", "City name for event location"), "place"),
    (("event_name", "Name of match or artist for event"), ("event_title", "Name of performing artist or playing teams"),
     "title"),
])
def test_a_reworded_fact_keeps_its_kind(plain: tuple[str, str], reworded: tuple[str, str], kind: str) -> None:
    assert fact_kind(_checklist((*plain, [])), plain[0]) == kind
    assert fact_kind(_checklist((*reworded, [])), reworded[0]) == kind


def test_a_count_reads_what_it_counts_from_its_name_too() -> None:
    checklist = _checklist(("number_of_beds", "Number of bed rooms", []), ("rooms", "How many sleeping rooms", []))
    assert counted(checklist.facts["number_of_beds"]) == ("rooms", "room", "beds", "bed")
    assert counted(checklist.facts["rooms"])[:2] == ("rooms", "room")


@pytest.mark.parametrize(("plain", "reworded", "kind"), [
    # "Which <noun>" asks for one named thing; "Which genre" asks for a class, said in the customer's words
    (("event_name", "Name of match or artist for event"),
     ("performer_or_match", "Which band is performing or teams are playing"), "title"),
    (("genre", "Genre of the song"), ("style", "Which genre is the song?"), "free"),
    # "Name of place" says only that a place has a name: the fact's own name says which
    (("city", "Name of the city"), ("city_name", "Name of place"), "place"),
    (("stylist_name", "Name of the hair stylist/salon"), ("stylist_or_salon_name", "Name of the hairdressing place"),
     "title"),
])
def test_a_reworded_name_keeps_its_kind(plain: tuple[str, str], reworded: tuple[str, str], kind: str) -> None:
    assert fact_kind(_checklist((*plain, [])), plain[0]) == kind
    assert fact_kind(_checklist((*reworded, [])), reworded[0]) == kind
