"""Numbers that count something other than the form's total, each beside the plain count it imitates, read by the
offline tier and the contract alike (invented schemas, our own wording): people where the form counts rooms, one
each, a count that grows by an unknown number, and people counted in parts with no total said."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from tests.talking import kept, read, talk

FLATS = Checklist.from_schema({
    "service_name": "Flats_9",
    "slots": [
        {"name": "town", "description": "Town of the flat", "is_categorical": False},
        {"name": "bedrooms", "description": "Number of bedrooms", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4"]},
    ],
    "intents": [{"name": "FindFlat", "required_slots": ["town", "bedrooms"], "is_transactional": False}],
})
GIGS = Checklist.from_schema({
    "service_name": "Gigs_9",
    "slots": [
        {"name": "show", "description": "Name of the show", "is_categorical": False},
        {"name": "seats", "description": "Number of seats to buy", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4"]},
    ],
    "intents": [{"name": "BuySeats", "required_slots": ["show", "seats"], "is_transactional": True}],
})
ASK_BEDROOMS = ("How many bedrooms?", ("bedrooms",))
ASK_SEATS = ("How many seats?", ("seats",))


def test_people_do_not_count_rooms() -> None:
    lines = talk("A flat in Reno.", ASK_BEDROOMS, "We have 3 kids, so you figure it out.")
    assert "bedrooms" not in read(FLATS, "FindFlat", lines)
    assert not kept(FLATS, "FindFlat", lines, "bedrooms", "3")
    for plain in ("3, please.", "3 bedrooms.", "I need 3 of those."):
        lines = talk("A flat in Reno.", ASK_BEDROOMS, plain)
        assert read(FLATS, "FindFlat", lines)["bedrooms"] == "3", plain
        assert kept(FLATS, "FindFlat", lines, "bedrooms", "3"), plain


def test_people_still_count_seats() -> None:
    lines = talk("Seats for Hamlet.", ASK_SEATS, "For 3 kids.")
    assert read(GIGS, "BuySeats", lines)["seats"] == "3"


@pytest.mark.parametrize(("line", "number"), [
    ("One for each of my kids.", "1"), ("Two adults plus however many kids want to come.", "2"),
    ("Two adults and one kid.", "1"), ("2 adults + 2 children.", "2"),
])
def test_a_count_in_parts_or_per_person_states_no_total(line: str, number: str) -> None:
    lines = talk("Seats for Hamlet.", ASK_SEATS, line)
    assert "seats" not in read(GIGS, "BuySeats", lines)
    assert not kept(GIGS, "BuySeats", lines, "seats", number)
    plain = talk("Seats for Hamlet.", ASK_SEATS, f"{number} seats.")
    assert read(GIGS, "BuySeats", plain)["seats"] == number
    assert kept(GIGS, "BuySeats", plain, "seats", number)
