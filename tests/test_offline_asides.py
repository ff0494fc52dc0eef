"""Asides around a request that name a value without asking for it, each beside the plain statement it imitates,
read by the offline tier and by the contract alike (our own wording, invented schemas): an earlier one of the
customer's own, another time, what someone else did, a mocked option, an option weighed by a question, a
clause the customer says to ignore, the customer's own thing named, another thing's day, and a choice still ahead."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from tests.talking import kept, read, talk

CLINIC = Checklist.from_schema({
    "service_name": "Clinic_9",
    "slots": [
        {"name": "town", "description": "Town where the clinic is", "is_categorical": False},
        {"name": "specialty", "description": "Kind of doctor", "is_categorical": True,
         "possible_values": ["Dermatologist", "Dentist", "Pediatrician"]},
    ],
    "intents": [{"name": "FindClinic", "required_slots": ["town", "specialty"], "is_transactional": False}],
})
CAB = Checklist.from_schema({
    "service_name": "Cab_9",
    "slots": [
        {"name": "drop_off", "description": "Address to drive to", "is_categorical": False},
        {"name": "cab_class", "description": "Class of the cab", "is_categorical": True,
         "possible_values": ["Economy", "Pooled", "Luxury"]},
        {"name": "seats", "description": "Number of seats", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4"]},
    ],
    "intents": [{"name": "OrderCab", "required_slots": ["drop_off", "cab_class", "seats"], "is_transactional": True}],
})
OUTINGS = Checklist.from_schema({
    "service_name": "Outings_9",
    "slots": [
        {"name": "town", "description": "Town to find outings in", "is_categorical": False},
        {"name": "kind", "description": "Kind of outing", "is_categorical": True,
         "possible_values": ["Jazz", "Theater", "Sports"]},
    ],
    "intents": [{"name": "FindOutings", "required_slots": ["town", "kind"], "is_transactional": False}],
})
HIRE = Checklist.from_schema({
    "service_name": "Hire_9",
    "slots": [
        {"name": "pickup_town", "description": "Town to collect the van in", "is_categorical": False},
        {"name": "van_size", "description": "Size of the van", "is_categorical": True,
         "possible_values": ["Compact", "Standard", "Large"]},
    ],
    "intents": [{"name": "HireVan", "required_slots": ["pickup_town", "van_size"], "is_transactional": True}],
})
TRAIN = Checklist.from_schema({
    "service_name": "Train_9",
    "slots": [
        {"name": "to_town", "description": "Town the train goes to", "is_categorical": False},
        {"name": "travel_day", "description": "Date of travel", "is_categorical": False},
    ],
    "intents": [{"name": "BookTrain", "required_slots": ["to_town", "travel_day"], "is_transactional": True}],
})


def _both(checklist: Checklist, intent: str, line: str, fact: str, value: str, stated: bool) -> None:
    lines = talk(line)
    assert (read(checklist, intent, lines).get(fact) == value) is stated
    assert kept(checklist, intent, lines, fact, value) is stated


@pytest.mark.parametrize(("line", "stated"), [
    ("I need a Dermatologist in Walnut Creek.", True),
    ("I need a Dermatologist. My old one was in Walnut Creek, but I've moved since.", False),
    ("I need a Dermatologist. My previous one was in Walnut Creek.", False),
    ("I need a Dermatologist. I'm from Walnut Creek originally, but I'm on the road now.", False),
])
def test_an_earlier_one_of_the_customers_own_is_another_times(line: str, stated: bool) -> None:
    _both(CLINIC, "FindClinic", line, "town", "Walnut Creek", stated)


@pytest.mark.parametrize(("line", "stated"), [
    ("Take me to 88 King Street, 2 seats, Economy.", True),
    ("2 seats, Economy. Yesterday you took me to 88 King Street, great driver.", False),
    ("2 seats, Economy. yesterday you took me to 88 King Street.", False),
])
def test_a_past_time_is_read_in_any_case(line: str, stated: bool) -> None:
    _both(CAB, "OrderCab", line, "drop_off", "88 King Street", stated)


@pytest.mark.parametrize(("line", "stated"), [
    ("Find me Jazz in Lisbon.", True),
    ("Find me Jazz, something like what my cousin posted from Lisbon.", False),
])
def test_what_someone_did_is_theirs(line: str, stated: bool) -> None:
    _both(OUTINGS, "FindOutings", line, "town", "Lisbon", stated)


@pytest.mark.parametrize(("line", "stated"), [
    ("Something fun in Porto. Sports, please.", True),
    ("Something fun in Porto. Sports? Ha, sure, because I just love watching grown men chase a ball.", False),
    ("Something fun in Porto. Pfft, right, Sports, because I love crowds.", False),
])
def test_an_option_the_customer_mocks_is_not_chosen(line: str, stated: bool) -> None:
    _both(OUTINGS, "FindOutings", line, "kind", "Sports", stated)


@pytest.mark.parametrize(("line", "stated"), [
    ("Take me to 22 Hill Street, 2 seats. Luxury, obviously.", True),
    ("Take me to 22 Hill Street, 2 seats. Luxury, obviously, since I'm a millionaire. Not.", False),
])
def test_a_claim_followed_by_a_mocking_not_is_taken_back(line: str, stated: bool) -> None:
    _both(CAB, "OrderCab", line, "cab_class", "Luxury", stated)


@pytest.mark.parametrize(("line", "stated"), [
    ("Take me to 500 Castro Street, 2 seats, Pooled.", True),
    ("Take me to 500 Castro Street, 2 seats. What's a Pooled cab exactly, is it cheaper?", False),
    ("Take me to 500 Castro Street, 2 seats. Is the Luxury one worth it, or should I go Pooled?", False),
    ("Take me to 500 Castro Street, 2 seats. Should I go Pooled?", False),
    ("Take me to 500 Castro Street, 2 seats. Pooled, is it cheaper?", False),
])
def test_an_option_weighed_by_a_question_is_not_chosen(line: str, stated: bool) -> None:
    _both(CAB, "OrderCab", line, "cab_class", "Pooled", stated)


def test_a_question_for_a_fact_still_asks_for_it() -> None:
    """"What time should we be there?" and "Where is that theater?" ask for a fact, not whether to take one."""
    lines = talk("Take me to 500 Castro Street, 2 seats, Pooled. What time should we be ready?")
    assert read(CAB, "OrderCab", lines).get("cab_class") == "Pooled"


@pytest.mark.parametrize(("line", "stated"), [
    ("A van in Leeds, Standard.", True),
    ("A van in Leeds, Large. My old hire agreement says Standard, ignore it.", False),
    ("A van in Leeds. Standard, ignore it.", False),
])
def test_a_clause_the_customer_says_to_ignore_is_taken_back(line: str, stated: bool) -> None:
    _both(HIRE, "HireVan", line, "van_size", "Standard", stated)


def test_ignore_it_with_more_to_say_takes_nothing_back() -> None:
    lines = talk("A Standard van in Leeds. If the site shows a banner, ignore it if you can.")
    assert read(HIRE, "HireVan", lines).get("van_size") == "Standard"


@pytest.mark.parametrize(("line", "town"), [
    ("A Compact van. My pickup town is Denver.", "Denver"),
    ("A Compact van. My flight is Delta 1130, no clue when it lands.", None),
    ("A Compact van. Our order is AB 5521.", None),
])
def test_the_customers_own_thing_named_is_no_fact_unless_it_is_one(line: str, town: str | None) -> None:
    lines = talk(line)
    assert read(HIRE, "HireVan", lines).get("pickup_town") == town
    for said in ("Denver", "Delta", "AB"):
        if said in line:
            assert kept(HIRE, "HireVan", lines, "pickup_town", said) is (said == town)


@pytest.mark.parametrize(("line", "day"), [
    ("A train to Atlanta. I travel the 5th.", "the 5th"),
    ("A train to Atlanta. My lease ends March 3rd, the movers come the 5th, and the job starts on the 14th.", None),
])
def test_the_day_another_thing_comes_is_its_own(line: str, day: str | None) -> None:
    lines = talk(line)
    assert read(TRAIN, "BookTrain", lines).get("travel_day") == day
    assert kept(TRAIN, "BookTrain", lines, "travel_day", "the 5th") is (day is not None)


@pytest.mark.parametrize(("reply", "stated"), [
    ("The 5th.", True),
    ("The 5th, but I need to sit down with a calendar before I pick the day.", False),
])
def test_a_choice_still_ahead_leaves_the_fact_open(reply: str, stated: bool) -> None:
    lines = talk("A train to Atlanta.", ("Which day do you travel?", ("travel_day",)), reply)
    assert (read(TRAIN, "BookTrain", lines).get("travel_day") == "The 5th") is stated
    assert kept(TRAIN, "BookTrain", lines, "travel_day", "The 5th") is stated


@pytest.mark.parametrize(("line", "stated"), [
    ("Find me Jazz in Porto.", True),
    ("Did my last trip to Porto count for points? Separately, find me Jazz.", False),
])
def test_a_question_about_an_earlier_one_names_no_fact(line: str, stated: bool) -> None:
    _both(OUTINGS, "FindOutings", line, "town", "Porto", stated)


@pytest.mark.parametrize("line", ["A Compact van. My pickup town is Denver.", "A Compact van. My town is Denver.",
                                  "A Compact van, pick up in Denver. My friend is Dana."])
def test_a_name_said_of_the_customers_own_thing_still_reads(line: str) -> None:
    """Only a code (letters and a number) marks the customer's own thing: a name may be the fact's."""
    assert read(HIRE, "HireVan", talk(line)).get("pickup_town") == "Denver"


PAY = Checklist.from_schema({
    "service_name": "Pay_9",
    "slots": [
        {"name": "payee", "description": "Person to pay", "is_categorical": False},
        {"name": "sum", "description": "Amount of money to pay", "is_categorical": False},
    ],
    "intents": [{"name": "PayPerson", "required_slots": ["payee", "sum"], "is_transactional": True}],
})


@pytest.mark.parametrize(("line", "stated"), [
    ("I need a Dentist in Fremont.", True),
    ("I need a Dentist. I grew up in Fremont.", False),
    ("I need a Dentist. I was born in Fremont, funny enough.", False),
    ("I need a Dentist. I wish I were in Fremont right now.", False),
    ("I need a Dentist. How far is Fremont?", False),
    ("I need a Dentist. I work in Fremont but that's irrelevant.", False),
])
def test_a_place_in_an_aside_is_not_the_one_asked_for(line: str, stated: bool) -> None:
    _both(CLINIC, "FindClinic", line, "town", "Fremont", stated)


@pytest.mark.parametrize("line", [
    "I need a Dentist. I heard Fremont has good ones, find me one there in Fremont.",
    "I forgot to ask earlier, I need a Dentist in Fremont.",
])
def test_hearing_and_forgetting_still_ask_for_what_they_name(line: str) -> None:
    """"I heard X is great, play it" and "I forgot to book, find me ..." ask for what they name."""
    assert read(CLINIC, "FindClinic", talk(line)).get("town") == "Fremont"


@pytest.mark.parametrize(("line", "stated"), [
    ("Pay Maria $50.", True),
    ("Pay Maria. Would $50 be enough, you think?", False),
    ("Pay Maria. Is $50 too much?", False),
    ("Pay Maria. $50? $60? Hmm.", False),
])
def test_an_amount_weighed_by_a_question_is_not_chosen(line: str, stated: bool) -> None:
    _both(PAY, "PayPerson", line, "sum", "$50", stated)


def test_a_question_whether_there_is_enough_still_states_its_number() -> None:
    lines = talk("Take me to 9 Elm Road, Economy. Are there enough seats for 3?")
    assert read(CAB, "OrderCab", lines).get("seats") == "3"


@pytest.mark.parametrize(("line", "stated"), [
    ("Something in Porto. Jazz is my favorite.", True),
    ("Something in Porto. I hate Jazz.", False),
    ("Something in Porto. We can't stand Jazz.", False),
    ("Something in Porto. Jazz would be my husband's pick, not mine.", False),
])
def test_a_kind_disliked_or_someone_elses_pick_is_not_chosen(line: str, stated: bool) -> None:
    _both(OUTINGS, "FindOutings", line, "kind", "Jazz", stated)


TABLE = Checklist.from_schema({
    "service_name": "Table_9",
    "slots": [
        {"name": "eatery", "description": "Name of the eatery", "is_categorical": False},
        {"name": "table_time", "description": "Time of the table booking", "is_categorical": False},
        {"name": "table_day", "description": "Date of the table booking", "is_categorical": False},
    ],
    "intents": [{"name": "BookTable", "required_slots": ["eatery", "table_time", "table_day"],
                 "is_transactional": True}],
})


@pytest.mark.parametrize(("line", "stated"), [
    ("A table at Sushi Zen on the 5th at 7 pm.", True),
    ("A table at Sushi Zen on the 5th. My train gets in at 7 pm.", False),
    ("A table at Sushi Zen on the 5th. The kids get out at 7 pm.", False),
    ("A table at Sushi Zen on the 5th. 7 pm would have been perfect but I'm stuck at work.", False),
])
def test_the_time_another_thing_arrives_or_a_past_wish_is_not_the_tables(line: str, stated: bool) -> None:
    _both(TABLE, "BookTable", line, "table_time", "7 pm", stated)


@pytest.mark.parametrize(("line", "stated"), [
    ("A table at Sushi Zen at 7 pm on March 3rd.", True),
    ("A table at Sushi Zen at 7 pm. March 3rd is when my visa expires.", False),
    ("A table at Sushi Zen at 7 pm. My lease at Oak Villas ends March 3rd.", False),
])
def test_the_day_another_thing_happens_is_its_own(line: str, stated: bool) -> None:
    _both(TABLE, "BookTable", line, "table_day", "March 3rd", stated)


def test_the_day_the_booking_itself_happens_still_reads() -> None:
    """"is when" of the form's own thing states its day: the table is the checklist's own word."""
    lines = talk("Sushi Zen at 7 pm. March 3rd is when the table should be.")
    assert read(TABLE, "BookTable", lines).get("table_day") == "March 3rd"
