"""Days, times, numbers and places that belong to something else than the request, each beside the plain
statement it imitates: when another thing happens, a number labelling a thing, a value taken back mid-way, a
reason denied, a question answered in advance, someone else's request, and where the customer is now.
"""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from core.contract import VALUE_NOT_STATED, VALUE_WRONG_KIND, check
from core.extraction import Extraction
from core.extractors.offline import extract_facts
from tests.talking import talk

SALON = {
    "service_name": "Salon_9",
    "description": "Book a visit at a hair salon",
    "slots": [
        {"name": "stylist", "description": "Name of the stylist", "is_categorical": False},
        {"name": "visit_date", "description": "Date of the salon visit", "is_categorical": False},
        {"name": "visit_time", "description": "Time of the salon visit", "is_categorical": False},
    ],
    "intents": [{"name": "BookVisit", "description": "Book a salon visit",
                 "required_slots": ["stylist", "visit_date", "visit_time"]}],
}
FLATS = {
    "service_name": "Flats_7",
    "description": "Find a flat to rent",
    "slots": [
        {"name": "district", "description": "Area of the flat", "is_categorical": False},
        {"name": "bedrooms", "description": "Number of bedrooms", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4"]},
    ],
    "intents": [{"name": "FindFlat", "description": "Find a flat", "required_slots": ["district", "bedrooms"]}],
}
CAB = {
    "service_name": "Cab_5",
    "description": "Book a cab",
    "slots": [
        {"name": "destination", "description": "Destination of the cab ride", "is_categorical": False},
        {"name": "pooled", "description": "Whether the ride is pooled with other passengers",
         "is_categorical": True, "possible_values": ["True", "False"]},
        {"name": "seats", "description": "Number of passengers", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4"]},
    ],
    "intents": [{"name": "BookCab", "description": "Book a cab", "required_slots": ["destination", "pooled", "seats"]}],
}
WALLET = {
    "service_name": "Wallet_3",
    "description": "Check a balance",
    "slots": [{"name": "account", "description": "The customer's account", "is_categorical": True,
               "possible_values": ["checking", "savings"]}],
    "intents": [{"name": "Balance", "description": "Check an account balance", "required_slots": ["account"]}],
}


@pytest.fixture(scope="module")
def salon() -> Checklist:
    return Checklist.from_schema(SALON)




def visit(salon: Checklist, line: str) -> dict[str, str]:
    return extract_facts(salon, "BookVisit", talk(line))


@pytest.mark.parametrize(("trick", "plain"), [
    ("Book Rosa on Friday. My shift finishes at 6 pm.", "Book Rosa on Friday. The visit starts at 6 pm."),
    ("Book Rosa on Friday. I get off work at 6 pm.", "Book Rosa on Friday. I can come at 6 pm."),
    ("Book Rosa on Friday. The concert we have tickets for begins at 6 pm.", "Book Rosa on Friday at 6 pm."),
    ("Book Rosa on Friday. I must catch the 6 pm ferry.", "Book Rosa on Friday, the 6 pm slot."),
])
def test_the_time_of_another_thing_is_not_the_visit_time(salon, trick, plain):
    assert visit(salon, plain)["visit_time"] == "6 pm"
    assert "visit_time" not in visit(salon, trick)


@pytest.mark.parametrize(("trick", "plain"), [
    ("Book Rosa at 6 pm. Friday is my nephew's graduation.", "Book Rosa at 6 pm. Friday is best."),
    ("Book Rosa at 6 pm. Our wedding anniversary is on Friday.", "Book Rosa at 6 pm. The visit is on Friday."),
])
def test_a_day_said_to_be_another_occasion_is_not_the_visit_day(salon, trick, plain):
    assert visit(salon, plain)["visit_date"] == "Friday"
    assert "visit_date" not in visit(salon, trick)


def test_a_number_labelling_a_thing_is_no_count():
    flats = Checklist.from_schema(FLATS)
    labelled = extract_facts(flats, "FindFlat", talk("A flat in Leith please. We live in flat 2 of our building now."))
    assert labelled == {"district": "Leith"}
    counted = extract_facts(flats, "FindFlat", talk("A flat in Leith please, 2 bedrooms."))
    assert counted == {"district": "Leith", "bedrooms": "2"}


def test_a_day_taken_back_mid_sentence_is_not_stated(salon):
    assert "visit_date" not in visit(salon, "Book Rosa at 6 pm. Friday suits, hmm, no, I am away then.")
    assert visit(salon, "Book Rosa at 6 pm. Friday suits, thanks.")["visit_date"] == "Friday"
    assert visit(salon, "Book Rosa at 6 pm on Friday, no, Saturday.")["visit_date"] == "Saturday"


def test_a_reason_denied_states_no_choice():
    cab = Checklist.from_schema(CAB)
    denied = extract_facts(cab, "BookCab", talk("A cab to Leith for 2. It's not that I don't want a pooled ride."))
    assert "pooled" not in denied
    plain = extract_facts(cab, "BookCab", talk("A cab to Leith for 2. I don't want a pooled ride."))
    assert plain["pooled"] == "False"


def test_a_question_answered_in_advance_waits_for_the_answer(salon):
    assert "visit_time" not in visit(salon, "Book Rosa on Friday. Is 6 pm free? If so, 6 pm.")
    assert visit(salon, "Book Rosa on Friday. Can you do 6 pm?")["visit_time"] == "6 pm"


def test_what_someone_else_was_asking_about_is_theirs():
    wallet = Checklist.from_schema(WALLET)
    theirs = talk("My flatmate was typing here earlier asking about savings. I want a balance too.")
    assert extract_facts(wallet, "Balance", theirs) == {}
    assert extract_facts(wallet, "Balance", talk("I want the balance of my savings.")) == {"account": "savings"}


def test_where_the_customer_is_now_is_no_destination():
    cab = Checklist.from_schema(CAB)
    here = extract_facts(cab, "BookCab", talk("A pooled cab for 2. I'm at the Grand Hotel by the lobby."))
    assert "destination" not in here
    there = extract_facts(cab, "BookCab", talk("A pooled cab for 2 to the Grand Hotel."))
    assert there["destination"] in ("Grand Hotel", "the Grand Hotel")


def test_the_contract_refuses_a_time_of_another_thing(salon):
    reported = {"visit_time": "6 pm", "visit_date": "Friday"}
    verdict = check(salon, "BookVisit", talk("Book Rosa on Friday. I get off work at 6 pm."), Extraction(reported))
    assert ("visit_time", VALUE_NOT_STATED) in {(f.fact, f.code) for f in verdict.findings}
    plain = check(salon, "BookVisit", talk("Book Rosa on Friday at 6 pm."), Extraction(dict(reported)))
    assert plain.accepted == reported


def test_a_relation_is_no_name_of_the_person():
    purse = Checklist.from_schema({
        "service_name": "Purse_6", "description": "Pay people",
        "slots": [{"name": "sum", "description": "How much money to pay", "is_categorical": False},
                  {"name": "payee", "description": "Name of the person receiving the money", "is_categorical": False}],
        "intents": [{"name": "Pay", "description": "Pay someone", "required_slots": ["sum", "payee"]}]})
    assert extract_facts(purse, "Pay", talk("Send $55 to my colleague.")) == {"sum": "$55"}
    assert extract_facts(purse, "Pay", talk("Send $55 to my colleague Priya.")) == {"sum": "$55", "payee": "Priya"}
    lines = talk("Send $55 to my colleague.")
    verdict = check(purse, "Pay", lines, Extraction({"sum": "$55", "payee": "colleague"}))
    assert ("payee", VALUE_WRONG_KIND) in {(f.fact, f.code) for f in verdict.findings}
    mom = check(purse, "Pay", talk("Send $55 to Mom."), Extraction({"sum": "$55", "payee": "Mom"}))
    assert mom.accepted == {"sum": "$55", "payee": "Mom"}


@pytest.mark.parametrize(("reply", "cuisine"), [
    ("Some Punjabi kind of food in Leeds.", "Punjabi"),
    ("I need Pizza and Pasta kind of food in Leeds.", "Pizza and Pasta"),
    ("Some Freshwater fish kind of food in Leeds would be perfect.", "Freshwater fish"),
    ("Some kind of food in Leeds.", None),  # names no kind
    ("The best kind of food in Leeds.", None),
])
def test_the_words_before_kind_of_its_noun_are_the_kind(reply, cuisine):
    diner = Checklist.from_schema({
        "service_name": "Diner_3", "description": "Find places to eat",
        "slots": [{"name": "cuisine", "description": "Type of food served", "is_categorical": False},
                  {"name": "town", "description": "City of the place", "is_categorical": False}],
        "intents": [{"name": "FindPlace", "description": "Find a place to eat",
                     "required_slots": ["cuisine", "town"]}]})
    asked = ("What kind of food, and where?", ("cuisine", "town"))
    assert extract_facts(diner, "FindPlace", talk("Find me a place to eat.", asked, reply)).get("cuisine") == cuisine


def test_a_group_a_but_qualifies_is_no_count_of_riders():
    cab = Checklist.from_schema(CAB)
    group = talk("A pooled cab to Leith. There are 4 of us but we're taking two cars.")
    assert "seats" not in extract_facts(cab, "BookCab", group)
    verdict = check(cab, "BookCab", group, Extraction({"seats": "4", "destination": "Leith", "pooled": "True"}))
    assert ("seats", VALUE_NOT_STATED) in {(f.fact, f.code) for f in verdict.findings}
    plain = talk("A pooled cab to Leith. There are 4 of us.")
    assert extract_facts(cab, "BookCab", plain)["seats"] == "4"
    assert check(cab, "BookCab", plain, Extraction({"seats": "4"})).accepted == {"seats": "4"}
