"""A count of people said without a people word: "a group of 4", "a cab there for 3", beside numbers that count
something else ("for 3 nights", "for 5 pm") and a checklist that counts two things."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from core.extractors.offline import extract_facts
from tests.talking import talk


def shuttle(*counts: str) -> Checklist:
    slots = [{"name": "drop_off", "description": "Address the shuttle goes to", "is_categorical": False}]
    slots += [{"name": n, "description": f"Number of {n.split('_')[0]} to book", "is_categorical": True,
               "possible_values": ["1", "2", "3", "4"]} for n in counts]
    return Checklist.from_schema({
        "service_name": "Shuttle_3", "description": "Book airport shuttles", "slots": slots,
        "intents": [{"name": "BookShuttle", "description": "Book a shuttle",
                     "required_slots": ["drop_off", *counts]}]})


@pytest.mark.parametrize(("line", "seats"), [
    ("I need a shuttle to 12 Oak Street for a group of 4.", "4"),
    ("Get me a shuttle there for 3, please. It goes to 12 Oak Street.", "3"),
    ("A shuttle to 12 Oak Street, make it a shared one for two.", "2"),
    ("A shuttle to 12 Oak Street for 3 people.", "3"),
])
def test_the_people_a_request_is_for_are_its_count(line, seats):
    assert extract_facts(shuttle("seats_count"), "BookShuttle", talk(line)) == {
        "drop_off": "12 Oak Street", "seats_count": seats}


@pytest.mark.parametrize("line", ["I need a shuttle to 12 Oak Street for 3 nights.",
                                  "I need a shuttle to 12 Oak Street for 5 pm.",
                                  "I need a shuttle to 12 Oak Street for 2 hours.",
                                  "A coffee for 2, then a shuttle to 12 Oak Street."])
def test_a_number_with_a_unit_after_for_is_no_count_of_people(line):
    assert extract_facts(shuttle("seats_count"), "BookShuttle", talk(line)) == {"drop_off": "12 Oak Street"}


def test_a_bare_for_n_decides_nothing_where_two_things_are_counted():
    found = extract_facts(shuttle("seats_count", "bags_count"), "BookShuttle",
                          talk("Get me a shuttle for 3 to 12 Oak Street, please."))
    assert found == {"drop_off": "12 Oak Street"}
