"""Contract checks tuned on contract folder 29, each beside the plain statement it imitates (our own wording,
invented schemas)."""

from __future__ import annotations

from core.checklist import Checklist
from core.contract import (
    VALUE_NOT_IN_CONVERSATION,
    VALUE_NOT_STATED,
    VALUE_ONLY_IN_AGENT_WORDS,
    VALUE_WRONG_KIND,
)
from tests.talking import codes

FERRIES = Checklist.from_schema({
    "service_name": "Ferries_9",
    "slots": [
        {"name": "sail_day", "description": "Date of the crossing", "is_categorical": False},
        {"name": "sail_hour", "description": "Time of the crossing", "is_categorical": False},
        {"name": "riders", "description": "Number of people on the crossing", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4"]},
    ],
    "intents": [{"name": "BookCrossing", "required_slots": ["sail_day"],
                 "optional_slots": {"sail_hour": "", "riders": "1"}, "is_transactional": True}],
})
CABINS = Checklist.from_schema({
    "service_name": "Cabins_9",
    "slots": [
        {"name": "region", "description": "Region of the cabin", "is_categorical": False},
        {"name": "sleeping_rooms", "description": "Number of bedrooms in the cabin", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4"]},
        {"name": "washrooms", "description": "Number of bathrooms in the cabin", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4"]},
    ],
    "intents": [{"name": "FindCabin", "required_slots": ["region"],
                 "optional_slots": {"sleeping_rooms": "1", "washrooms": "1"}}],
})
PLAYS = Checklist.from_schema({
    "service_name": "Plays_9",
    "slots": [{"name": "play_title", "description": "Title of the play", "is_categorical": False}],
    "intents": [{"name": "SeePlay", "required_slots": ["play_title"], "is_transactional": True}],
})
DUES = Checklist.from_schema({
    "service_name": "Dues_9",
    "slots": [
        {"name": "money_recipient", "description": "Name of the contact or account to make the transaction with",
         "is_categorical": False},
        {"name": "sum", "description": "Amount of the transaction", "is_categorical": False},
    ],
    "intents": [{"name": "AskForMoney", "required_slots": ["money_recipient", "sum"], "is_transactional": True}],
})


def test_a_reply_giving_another_day_turns_the_offered_one_down() -> None:
    # the day was taken for another task, then offered for this one and answered with another day
    taken = ("There is a concert on May 9th at the pier.", ()), "Great, I'd love that. Can I sail there?"
    assert codes(FERRIES, {"sail_day": "May 9th"}, *taken, ("Sailing on May 9th?", ("sail_day",)),
                 "I'd rather go the 8th.") == [VALUE_ONLY_IN_AGENT_WORDS]
    assert codes(FERRIES, {"sail_day": "May 9th"}, *taken, ("Sailing on May 9th? At what hour?",
                                                            ("sail_day", "sail_hour")),
                 "Leaving the 8th at noon.") == [VALUE_ONLY_IN_AGENT_WORDS]
    # the plain statement: an answer naming the offered day again, or giving only the hour asked beside it
    assert codes(FERRIES, {"sail_day": "May 9th"}, *taken, ("Sailing on May 9th?", ("sail_day",)),
                 "Yes, the 9th please.") == []
    assert codes(FERRIES, {"sail_day": "May 9th"}, *taken, ("Sailing on May 9th? At what hour?",
                                                            ("sail_day", "sail_hour")),
                 "Yes please, at noon.") == []


def test_one_number_before_two_plural_nouns_counts_both() -> None:
    lines = ("I need a cabin in Tahoe.", ("How many bedrooms?", ("sleeping_rooms",)))
    assert codes(CABINS, {"region": "Tahoe", "sleeping_rooms": "3", "washrooms": "3"}, *lines,
                 "It should have 3 bedrooms and bathrooms.") == []
    # each noun with its own count, or the second with an article, is counted apart
    assert codes(CABINS, {"region": "Tahoe", "washrooms": "3"}, *lines,
                 "It should have 3 bedrooms and a bathroom.") == [VALUE_NOT_STATED]
    assert codes(CABINS, {"region": "Tahoe", "washrooms": "3"}, *lines,
                 "It should have 3 bedrooms and 2 bathrooms.") == [VALUE_NOT_STATED]
    assert codes(CABINS, {"region": "Tahoe", "washrooms": "2"}, *lines,
                 "It should have 3 bedrooms and 2 bathrooms.") == []


def test_a_title_offered_with_its_article_is_the_customers_when_they_name_it_without() -> None:
    offer = "Find me a play in town.", ("There is one: The Cat Who Sang at Dawn.", ())
    assert codes(PLAYS, {"play_title": "The Cat Who Sang at Dawn"}, *offer,
                 "Please book Cat Who Sang at Dawn.") == []
    assert codes(PLAYS, {"play_title": "The Cat Who Sang at Dawn"}, *offer,
                 "Cat Who Sang at Dawn is perfect. When does it start?") == []
    # the plain statement it imitates, with the article typed
    assert codes(PLAYS, {"play_title": "The Cat Who Sang at Dawn"}, *offer,
                 "Please book The Cat Who Sang at Dawn.") == []
    # named only to be turned down, it is still not taken
    assert codes(PLAYS, {"play_title": "The Cat Who Sang at Dawn"}, *offer,
                 "Not Cat Who Sang at Dawn, anything else?") == [VALUE_ONLY_IN_AGENT_WORDS]


def test_a_relation_nobody_typed_is_still_the_wrong_kind_for_whom_to_ask() -> None:
    lines = ("I want to ask Priya for 40 dollars.",)
    assert codes(DUES, {"money_recipient": "my landlord", "sum": "40 dollars"}, *lines) == [VALUE_WRONG_KIND]
    assert codes(DUES, {"money_recipient": "my landlord", "sum": "40 dollars"},
                 "I want to ask my landlord for 40 dollars.") == [VALUE_WRONG_KIND]
    assert codes(DUES, {"money_recipient": "colleague", "sum": "40 dollars"}, *lines) == [VALUE_WRONG_KIND]
    # a name nobody typed is not in the conversation; the name typed stands, and "Mom" is a name
    assert codes(DUES, {"money_recipient": "Mom", "sum": "40 dollars"}, "I want to ask Mom for 40 dollars.") == []
    assert codes(DUES, {"money_recipient": "Priya", "sum": "40 dollars"}, *lines) == []
    assert codes(DUES, {"money_recipient": "Marco", "sum": "40 dollars"}, *lines) == [VALUE_NOT_IN_CONVERSATION]
