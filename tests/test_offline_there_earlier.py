""""A hotel there": the area a customer named for the task before, read from where they go or are (a cue
word, "visiting", or a bare answer to the agent's question of where), never from where a journey leaves."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from core.extractors.offline import extract_facts
from tests.talking import exchange

HOTEL = {
    "service_name": "Stay_9",
    "description": "Find and book hotel rooms",
    "slots": [
        {"name": "city", "description": "City where the hotel is located", "is_categorical": False},
        {"name": "rooms", "description": "Number of rooms to book", "is_categorical": True,
         "possible_values": ["1", "2", "3"]},
    ],
    "intents": [{"name": "BookRoom", "description": "Book a hotel room", "required_slots": ["city", "rooms"]}],
}
DONE = ("a", "Your bus ticket has been booked.")
THERE = ("c", "Thanks. Can you find me a hotel there too? I need 2 rooms.")


@pytest.fixture(scope="module")
def hotel() -> Checklist:
    return Checklist.from_schema(HOTEL)


@pytest.mark.parametrize(("before", "city"), [
    ((("c", "I need a bus ticket. I'll be visiting Atlanta on Friday."),), "Atlanta"),
    ((("c", "I need a bus ticket to Atlanta on Friday."),), "Atlanta"),
    ((("c", "I need a bus ticket."), ("a", "Where are you going?"), ("c", "Kuala Lumpur, please.")), "Kuala Lumpur"),
    ((("c", "I need a bus ticket."), ("a", "Which city are you travelling to?"), ("c", "Atlanta.")), "Atlanta"),
])
def test_there_takes_the_area_named_for_the_task_before(hotel, before, city):
    lines = exchange(*before, DONE, THERE)
    assert extract_facts(hotel, "BookRoom", lines) == {"city": city, "rooms": "2"}


@pytest.mark.parametrize("before", [
    (("c", "I need a bus ticket leaving from Phoenix on Friday."),),
    (("c", "I need a bus ticket."), ("a", "Where are you leaving from?"), ("c", "Phoenix.")),
    (("c", "I want to watch a movie."), ("a", "Which movie would you like?"), ("c", "Hellboy.")),
    (("c", "I need a bus ticket."), ("a", "Where are you going?"), ("c", "Phoenix, I think, or maybe not.")),
])
def test_there_takes_no_start_of_a_journey_nor_a_bare_answer_to_another_question(hotel, before):
    lines = exchange(*before, DONE, THERE)
    assert "city" not in extract_facts(hotel, "BookRoom", lines)
