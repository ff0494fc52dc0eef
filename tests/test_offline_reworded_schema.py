"""A reworded schema reads the same: an intent's name with a one-letter word in it, a count whose words share
no modifier with the customer's noun phrase. Each schema is invented for the test; each rewording stands
beside the plain wording it rewords."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from core.extractors.offline import extract_facts
from core.extractors.offline.profile import profile, spaced
from tests.talking import talk


def _shuttle(intent: str) -> Checklist:
    """The thing booked (a shuttle) is said only in the intent's name."""
    return Checklist.from_schema({
        "service_name": "Shuttles_9", "description": "Get around town",
        "slots": [{"name": "drop_off", "description": "Address to go to", "is_categorical": False},
                  {"name": "riders", "description": "Number of riders", "is_categorical": True,
                   "possible_values": ["1", "2", "3", "4"]}],
        "intents": [{"name": intent, "description": "Go somewhere", "is_transactional": True,
                     "required_slots": ["drop_off", "riders"]}],
    })


@pytest.mark.parametrize(("name", "words"), [
    ("BookShuttle", "Book Shuttle"),
    ("BookAShuttle", "Book A Shuttle"),
    ("FindARentalHouse", "Find A Rental House"),
    ("PlayMedia", "Play Media"),
])
def test_an_intent_name_reads_word_by_word(name: str, words: str) -> None:
    assert spaced(name) == words


@pytest.mark.parametrize("intent", ["BookShuttle", "BookAShuttle"])
def test_a_one_letter_word_in_an_intent_name_keeps_what_the_task_is(intent: str) -> None:
    """"BookAShuttle" names a shuttle as "BookShuttle" does: "a shuttle for 3" counts its riders under both."""
    checklist = _shuttle(intent)
    assert profile(checklist).on_task("I need a shuttle")
    assert extract_facts(checklist, intent, talk("Get me a shuttle for 3 to 12 Oak Street.")) == {
        "drop_off": "12 Oak Street", "riders": "3"}


def _concert(description: str) -> Checklist:
    return Checklist.from_schema({
        "service_name": "Concerts_9", "description": "Hear live music",
        "slots": [{"name": "band", "description": "Band playing", "is_categorical": False},
                  {"name": "seats", "description": description, "is_categorical": True,
                   "possible_values": ["1", "2", "3", "4"]}],
        "intents": [{"name": "Attend", "description": "Go to a show", "is_transactional": True,
                     "required_slots": ["seats"]}],
    })


@pytest.mark.parametrize("description", [
    "Number of tickets to buy for the concert",  # plain: shares "concert" with "two concert tickets"
    "Number of people to buy tickets for",
    "How many tickets are wanted",
])
@pytest.mark.parametrize(("line", "count"), [("Please buy me two concert tickets.", "2"),
                                             ("I want one balcony ticket.", "1")])
def test_a_count_reads_the_noun_it_counts_past_a_modifier(description: str, line: str, count: str) -> None:
    """What a number counts is the head of the noun phrase after it, whichever modifier stands between."""
    assert extract_facts(_concert(description), "Attend", talk(line)) == {"seats": count}


@pytest.mark.parametrize("line", ["Two and tickets for later, maybe.", "I want 3 more tickets than that.",
                                  "Book 2 pm tickets."])
def test_a_joining_word_or_a_unit_is_no_modifier(line: str) -> None:
    assert extract_facts(_concert("Number of people to buy tickets for"), "Attend", talk(line)) == {}

