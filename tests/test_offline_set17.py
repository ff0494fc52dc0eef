"""Rules taken from set 17's defeats, each trick beside the plain statement it imitates, read by the offline tier
and by the contract alike (our own wording, invented schemas): what another person does, a clause judged wrong, a
number that rates rather than counts, a stay said "from ... to ...", a condition opened by "provided", and the
time of a thing the customer has."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from core.contract import check_value
from core.corpus import Line
from tests.talking import kept, read, talk

FUNDS = Checklist.from_schema({
    "service_name": "Funds_9",
    "slots": [
        {"name": "ledger", "description": "Which ledger of the customer", "is_categorical": True,
         "possible_values": ["everyday", "reserve"]},
        {"name": "sum", "description": "Amount of money to move", "is_categorical": False},
        {"name": "payee", "description": "Name of the person receiving the money", "is_categorical": False},
    ],
    "intents": [
        {"name": "ShowFunds", "required_slots": ["ledger"], "is_transactional": False},
        {"name": "MoveFunds", "required_slots": ["ledger", "sum", "payee"], "is_transactional": True},
    ],
})
FORECAST = Checklist.from_schema({
    "service_name": "Forecast_9",
    "slots": [{"name": "town", "description": "Town to get the forecast for", "is_categorical": False}],
    "intents": [{"name": "GetForecast", "required_slots": ["town"], "is_transactional": False}],
})
CABIN = Checklist.from_schema({
    "service_name": "Cabin_9",
    "slots": [
        {"name": "area", "description": "Area to stay in", "is_categorical": False},
        {"name": "check_in_day", "description": "Day of checking in to the cabin", "is_categorical": False},
        {"name": "check_out_day", "description": "Day of checking out of the cabin", "is_categorical": False},
        {"name": "grown_ups", "description": "Number of adults staying", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4", "5"]},
        {"name": "stars", "description": "Star rating of the cabin", "is_categorical": False},
    ],
    "intents": [{"name": "BookCabin", "required_slots": ["area", "check_in_day", "check_out_day", "grown_ups"],
                 "optional_slots": {"stars": "dontcare"}, "is_transactional": True}],
})
CLINIC = Checklist.from_schema({
    "service_name": "Clinic_8",
    "slots": [
        {"name": "visit_day", "description": "Date of the appointment", "is_categorical": False},
        {"name": "visit_time", "description": "Time of the appointment", "is_categorical": False},
    ],
    "intents": [{"name": "BookVisit", "required_slots": ["visit_day", "visit_time"], "is_transactional": True}],
})
LEDGER_ASKED = ("Is that the everyday or the reserve ledger?", ("ledger",))
TOWN_ASKED = ("For which town?", ("town",))
ADULTS_ASKED = ("How many adults?", ("grown_ups",))
TIME_ASKED = ("What time suits you?", ("visit_time",))


@pytest.mark.parametrize(("line", "stands"), [
    ("The reserve one, please.", True),
    ("My husband only ever looks at the reserve one, he's obsessed with it. Which one do I want...", False),
    ("My husband usually checks the reserve one. Hmm, which do I want?", False),
])
def test_what_another_person_does_states_nothing_even_where_a_payee_is_someone_else(line: str, stands: bool) -> None:
    lines = talk("Show me my funds.", LEDGER_ASKED, line)
    assert read(FUNDS, "ShowFunds", lines).get("ledger") == ("reserve" if stands else None)


def test_a_person_named_for_the_payee_still_names_them() -> None:
    lines = talk("My landlord is Dimitri Vass. Move $800 to him from my everyday ledger.")
    assert read(FUNDS, "MoveFunds", lines) == {"ledger": "everyday", "sum": "$800", "payee": "Dimitri Vass"}


@pytest.mark.parametrize(("line", "stands"), [
    ("Denver.", True),
    ("My aunt in Denver keeps sending me photos of hail. I'm asking for wherever work sends me, no idea yet.", False),
])
def test_a_person_placed_somewhere_does_things_of_their_own(line: str, stands: bool) -> None:
    lines = talk("What's the forecast?", TOWN_ASKED, line)
    assert read(FORECAST, "GetForecast", lines).get("town") == ("Denver" if stands else None)
    assert kept(FORECAST, "GetForecast", lines, "town", "Denver") is stands


@pytest.mark.parametrize(("line", "stands"), [
    ("The reserve one, which is right.", True),
    ("The app still shows the reserve one from last time, which is wrong. Let me think.", False),
    ("Reserve, that's not right, hold on.", False),
])
def test_a_clause_judged_wrong_is_taken_back(line: str, stands: bool) -> None:
    lines = talk("Show me my funds.", LEDGER_ASKED, line)
    assert read(FUNDS, "ShowFunds", lines).get("ledger") == ("reserve" if stands else None)


def _cabin(*later: str | tuple[str, tuple[str, ...]]) -> tuple[Line, ...]:
    return talk("A cabin in Tahoe from March 1st to March 5th.", ADULTS_ASKED, *later)


@pytest.mark.parametrize(("line", "adults"), [
    ("4.", "4"),
    ("There will be a total of 4 people.", "4"),
    ("We're bringing 2 dogs and I want something rated 4 or better. The humans are still open.", None),
    ("Something with a rating of 4, the headcount I'll tell you later.", None),
])
def test_a_number_after_another_facts_word_is_that_facts(line: str, adults: str | None) -> None:
    lines = _cabin(line)
    assert read(CABIN, "BookCabin", lines).get("grown_ups") == adults
    assert kept(CABIN, "BookCabin", lines, "grown_ups", "4") is (adults is not None)


def test_a_stay_from_one_day_to_another_holds_both_days() -> None:
    facts = read(CABIN, "BookCabin", _cabin("2."))
    assert facts == {"area": "Tahoe", "check_in_day": "March 1st", "check_out_day": "March 5th", "grown_ups": "2"}
    # "to" changes the day it follows, without a "from" it is no end of the stay
    changed = _cabin("2.", ("Anything else?", ()), "Let's change the check in day to March 2nd.")
    assert read(CABIN, "BookCabin", changed)["check_in_day"] == "March 2nd"


@pytest.mark.parametrize(("line", "stands"), [
    ("I think the 12th could work.", True),
    ("Provided my insurer approves the referral, the 12th could work, but don't book until they call.", False),
    ("As long as my boss signs off, the 12th could work.", False),
])
def test_a_condition_opened_by_another_subordinator_supposes_the_value(line: str, stands: bool) -> None:
    lines = talk("I need a visit at 2 pm.", ("Which day?", ("visit_day",)), line)
    assert read(CLINIC, "BookVisit", lines).get("visit_day") == ("the 12th" if stands else None)


@pytest.mark.parametrize(("line", "stands"), [
    ("1 pm works, I have time then.", True),
    ("I have a meeting that day at 1 pm, so around that, I need to check the slots first.", False),
    ("P.S. I have physio at 1 pm, so some time after.", False),
])
def test_the_time_of_a_thing_the_customer_has_is_not_the_visits(line: str, stands: bool) -> None:
    lines = talk("A visit on March 6th.", TIME_ASKED, line)
    assert read(CLINIC, "BookVisit", lines).get("visit_time") == ("1 pm" if stands else None)
    assert kept(CLINIC, "BookVisit", lines, "visit_time", "1 pm") is stands


def test_having_to_do_something_is_not_having_a_thing() -> None:
    lines = talk("A visit at 1 pm.", ("Which day?", ("visit_day",)), "I have to be there on the 10th.")
    assert read(CLINIC, "BookVisit", lines)["visit_day"] == "the 10th"


DENTIST = Checklist.from_schema({
    "service_name": "Dentist_9",
    "slots": [
        {"name": "dentist", "description": "Name of the dentist", "is_categorical": False},
        {"name": "visit_day", "description": "Date of the appointment", "is_categorical": False},
    ],
    "intents": [{"name": "BookDentist", "required_slots": ["dentist", "visit_day"], "is_transactional": True}],
})
DENTIST_ASKED = ("Which dentist would you like to see?", ("dentist",))


@pytest.mark.parametrize(("line", "dentist"), [
    ("I need to see Dr. Carol Ames.", "Dr. Carol Ames"),  # the full stop of "Dr." ends no sentence
    ("Dr. Ames, please.", "Dr. Ames"),
    ("I would like to see Dr. Carol T. Ames.", "Dr. Carol T. Ames"),  # nor does a middle initial's
    ("Dr. Ames did my crown and it fell out within a month, so never again. I'll find someone new.", None),
    ("Dr. Ames pulled a tooth of mine back in 2019. Someone else this time.", None),
])
def test_a_name_after_a_form_of_address_is_read_whole(line: str, dentist: str | None) -> None:
    lines = talk("A dentist visit on Tuesday.", DENTIST_ASKED, line)
    assert read(DENTIST, "BookDentist", lines).get("dentist") == dentist


def test_a_form_of_address_alone_is_no_name() -> None:
    lines = talk("A dentist visit on Tuesday.", DENTIST_ASKED, "Dr. Ames, please.")
    assert check_value(DENTIST, "BookDentist", "dentist", "Dr", lines)[1][0].code == "value_wrong_kind"
    assert kept(DENTIST, "BookDentist", lines, "dentist", "Dr. Ames")


FLAT = Checklist.from_schema({
    "service_name": "Flat_9",
    "slots": [
        {"name": "area", "description": "Area to find a flat in", "is_categorical": False},
        {"name": "bedrooms", "description": "Number of bedrooms", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4"]},
    ],
    "intents": [{"name": "FindFlat", "required_slots": ["area", "bedrooms"], "is_transactional": False}],
})


@pytest.mark.parametrize(("line", "stands"), [
    ("2, what do most couples go for around there?", True),
    ("What do most couples go for around there, 2? We keep arguing about an office.", False),
])
def test_a_question_about_what_others_do_states_nothing(line: str, stands: bool) -> None:
    lines = talk("A flat in Fremont.", ("How many bedrooms?", ("bedrooms",)), line)
    assert read(FLAT, "FindFlat", lines).get("bedrooms") == ("2" if stands else None)
