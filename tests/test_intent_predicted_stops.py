"""A predicted intent never stops on a task the customer did not clearly ask for: each trick beside the plain
case it imitates, on small invented schemas."""

from __future__ import annotations

from core.checklist import Checklist
from core.corpus import AGENT, CUSTOMER, Line
from core.extractors.offline import OfflineExtractor
from core.intent import read_intent
from core.turn import take_turn

# A ferry service nobody tuned on: its purchase says "Buy", its search "Find".
FERRY = Checklist.from_schema({
    "service_name": "Ferries_9",
    "slots": [
        {"name": "port", "description": "Port the ferry leaves from", "is_categorical": False},
        {"name": "sail_date", "description": "Date of sailing", "is_categorical": False},
        {"name": "cabins", "description": "Number of cabins", "is_categorical": False},
    ],
    "intents": [
        {"name": "FindSailing", "description": "Find a ferry sailing from a port", "is_transactional": False,
         "required_slots": ["port"]},
        {"name": "BuyPassage", "description": "Buy a passage on a sailing", "is_transactional": True,
         "required_slots": ["port", "sail_date", "cabins"]},
    ],
})

# A service whose name is the word one intent's name repeats ("Kites" in FindKites).
KITES = Checklist.from_schema({
    "service_name": "Kites_9",
    "slots": [{"name": "kite_name", "description": "Name of the kite", "is_categorical": False}],
    "intents": [
        {"name": "FindKites", "description": "Search for a kite", "is_transactional": False, "required_slots": []},
        {"name": "FlyKite", "description": "Fly the selected kite", "is_transactional": True,
         "required_slots": ["kite_name"]},
    ],
})

# A clinic: its search requires a city, its time look-up a doctor and a date.
CLINIC = Checklist.from_schema({
    "service_name": "Clinic_9",
    "slots": [
        {"name": "city", "description": "City of the clinic", "is_categorical": False},
        {"name": "doctor", "description": "Name of the doctor", "is_categorical": False},
        {"name": "visit_date", "description": "Date of the visit", "is_categorical": False},
    ],
    "intents": [
        {"name": "FindClinics", "description": "Find clinics in a city", "is_transactional": False,
         "required_slots": ["city"]},
        {"name": "GetOpeningHours", "description": "Get opening hours of a doctor on a date",
         "is_transactional": False, "required_slots": ["doctor", "city", "visit_date"]},
    ],
})


def customer(*texts: str) -> tuple[Line, ...]:
    return tuple(Line(CUSTOMER, t) for t in texts)


def test_a_committing_verb_points_at_the_transaction_whatever_word_the_schema_uses():
    plain = read_intent(FERRY, customer("I want to buy a passage"))
    trick = read_intent(FERRY, customer("I want to reserve a sailing"))  # "reserve", where the schema says "Buy"
    assert (plain.intent, plain.settled) == ("BuyPassage", True)
    assert trick.intent == "BuyPassage"
    search = read_intent(FERRY, customer("Find me a ferry sailing"))
    assert (search.intent, search.settled) == ("FindSailing", True)


def test_a_reserved_ferry_never_stops_on_the_search():
    lines = (*customer("I'd like to reserve a sailing."), Line(AGENT, "Which port do you leave from?", ("port",)),
             *customer("From Dover."))
    turn = take_turn(FERRY, None, lines, OfflineExtractor())
    assert turn.decision == "ask"


def test_the_service_name_sets_no_intent_apart():
    plain = read_intent(KITES, customer("Can you search for something?"))
    assert (plain.intent, plain.settled) == ("FindKites", True)
    trick = read_intent(KITES, customer("I want some kites"))  # the service's own word, not a search
    assert not trick.settled
    turn = take_turn(KITES, None, customer("I want some kites"), OfflineExtractor())
    assert turn.decision == "ask"


def test_a_yes_to_the_agents_go_ahead_question_takes_its_words():
    plain = (*customer("Find a sailing from Dover"), Line(AGENT, "There is one at 9 am from Dover."),
             *customer("Great, I want to buy a passage."))
    assert read_intent(FERRY, plain).intent == "BuyPassage"
    trick = (*customer("Find a sailing from Dover"), Line(AGENT, "There is one at 9 am from Dover."),
             *customer("Great."), Line(AGENT, "Do you want to buy a passage?"), *customer("Yes, please."))
    reading = read_intent(FERRY, trick)
    assert reading.intent == "BuyPassage"
    assert take_turn(FERRY, None, trick, OfflineExtractor()).decision == "ask"  # date and cabins are missing
    refused = (*trick[:-1], *customer("No, thanks."))
    assert read_intent(FERRY, refused).intent != "BuyPassage"


def test_a_line_that_also_asks_for_another_intents_task_is_not_settled():
    plain = read_intent(CLINIC, customer("Find clinics in Leeds"))
    assert (plain.intent, plain.settled) == ("FindClinics", True)
    trick = customer("Find clinics in Leeds and their hours")  # a search, and what only the hours look-up gives
    reading = read_intent(CLINIC, trick)
    assert reading.intent == "FindClinics" and not reading.settled
    assert take_turn(CLINIC, None, trick, OfflineExtractor()).decision == "ask"


def test_a_line_asking_for_a_task_the_best_one_covers_still_settles():
    # the hours look-up needs every fact the search needs: a stop on it is complete for either
    reading = read_intent(CLINIC, customer("Find clinics in Leeds and tell me the opening hours"))
    assert (reading.intent, reading.settled) == ("GetOpeningHours", True)
