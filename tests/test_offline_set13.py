"""Tricks tuned on set 13, each beside the plain statement it imitates (our own wording, invented schemas);
the tier and the contract are checked alike, so a model that reports the trick's value is refused."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from core.contract import check_value
from core.extractors.offline import extract_facts
from tests.talking import talk

WIRE = Checklist.from_schema({
    "service_name": "Wire_9",
    "slots": [
        {"name": "payee", "description": "Name of the person receiving the money", "is_categorical": False},
        {"name": "sum", "description": "Amount of money to send", "is_categorical": False},
        {"name": "source", "description": "Account to send from", "is_categorical": True,
         "possible_values": ["checking", "savings"]},
        # a fact the bank reports and never asks for
        {"name": "balance", "description": "Amount of money in the account", "is_categorical": False},
    ],
    "intents": [{"name": "SendMoney", "required_slots": ["payee", "sum", "source"], "is_transactional": True},
                {"name": "ShowBalance", "required_slots": ["source"], "result_slots": ["balance"]}],
})
TRAIN = Checklist.from_schema({
    "service_name": "Rail_9",
    "slots": [
        {"name": "from_city", "description": "City the train leaves from", "is_categorical": False},
        {"name": "to_city", "description": "City the train goes to", "is_categorical": False},
        {"name": "travel_date", "description": "Date of travel", "is_categorical": False},
    ],
    "intents": [{"name": "FindTrain", "required_slots": ["from_city", "to_city", "travel_date"]}],
})
DIARY = Checklist.from_schema({
    "service_name": "Diary_9",
    "slots": [
        {"name": "entry_date", "description": "Date of the diary entry", "is_categorical": False},
        {"name": "entry_time", "description": "Starting time of the diary entry", "is_categorical": False},
    ],
    "intents": [{"name": "ListEntries", "required_slots": ["entry_date"]},
                {"name": "AddEntry", "required_slots": ["entry_date", "entry_time"], "is_transactional": True}],
})
CAB = Checklist.from_schema({
    "service_name": "Cab_9",
    "slots": [
        {"name": "drop_address", "description": "Address the cab goes to", "is_categorical": False},
        {"name": "riders", "description": "Number of riders", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4"]},
    ],
    "intents": [{"name": "OrderCab", "required_slots": ["drop_address", "riders"], "is_transactional": True}],
})
VAN = Checklist.from_schema({
    "service_name": "Vans_9",
    "slots": [
        {"name": "collect_city", "description": "City to collect the van in", "is_categorical": False},
        {"name": "collect_spot", "description": "Place to collect the van", "is_categorical": False},
        {"name": "collect_day", "description": "Day to pick up the van", "is_categorical": False},
        {"name": "return_day", "description": "Day to drop off the van", "is_categorical": False},
    ],
    "intents": [{"name": "FindVans", "required_slots": ["collect_city", "collect_day", "return_day"]},
                {"name": "HireVan", "required_slots": ["collect_spot", "collect_day", "return_day"],
                 "is_transactional": True}],
})
TABLE = Checklist.from_schema({
    "service_name": "Tables_9",
    "slots": [
        {"name": "diner", "description": "Name of the restaurant", "is_categorical": False},
        {"name": "seat_time", "description": "Time of the reservation", "is_categorical": False},
    ],
    "intents": [{"name": "BookTable", "required_slots": ["diner", "seat_time"], "is_transactional": True}],
})


def read(checklist: Checklist, intent: str, *turns: str | tuple[str, tuple[str, ...]]) -> dict[str, str]:
    return extract_facts(checklist, intent, talk(*turns))


def kept(checklist: Checklist, intent: str, fact: str, value: str,
         *turns: str | tuple[str, tuple[str, ...]]) -> str | None:
    return check_value(checklist, intent, fact, value, talk(*turns))[0]


def test_a_figure_of_a_fact_the_service_only_reports_is_not_the_sum() -> None:
    trick = "Wire it to Lena from savings. My balance is roughly $3,100, for what it's worth."
    plain = "Wire $3,100 to Lena from savings."
    assert "sum" not in read(WIRE, "SendMoney", trick)
    assert read(WIRE, "SendMoney", plain)["sum"] == "$3,100"
    assert kept(WIRE, "SendMoney", "sum", "$3,100", trick) is None
    assert kept(WIRE, "SendMoney", "sum", "$3,100", plain) == "$3,100"


def test_any_day_but_one_excludes_that_day() -> None:
    trick = "A train from Leeds to York. Any day but the 9th, I'm working then."
    plain = "A train from Leeds to York on the 9th, I'm free then."
    assert "travel_date" not in read(TRAIN, "FindTrain", trick)
    assert read(TRAIN, "FindTrain", plain)["travel_date"] == "the 9th"
    assert kept(TRAIN, "FindTrain", "travel_date", "the 9th", trick) is None
    # "any day works, but the 9th is best" chooses the 9th
    assert read(TRAIN, "FindTrain", "A train from Leeds to York. Any day works but the 9th is best.")[
        "travel_date"] == "the 9th"


@pytest.mark.parametrize("trick", [
    "Wire $40 from checking to Tomas. Actually, not Tomas, he changed banks; I'll get back to you.",
    "Wire $40 from checking to Tomas. No wait, not Tomas.",
])
def test_a_verbless_not_takes_back_the_value_it_names(trick: str) -> None:
    plain = "Wire $40 from checking to Tomas."
    assert "payee" not in read(WIRE, "SendMoney", trick)
    assert read(WIRE, "SendMoney", plain)["payee"] == "Tomas"
    assert kept(WIRE, "SendMoney", "payee", "Tomas", trick) is None
    assert kept(WIRE, "SendMoney", "payee", "Tomas", plain) == "Tomas"


def test_a_verbless_not_keeps_the_value_it_sets_beside_another() -> None:
    said = "Wire $40 from checking to Tomas, not Ines."
    assert read(WIRE, "SendMoney", said)["payee"] == "Tomas"
    assert kept(WIRE, "SendMoney", "payee", "Tomas", said) == "Tomas"


def test_a_verbless_not_in_a_later_turn_takes_the_value_back() -> None:
    turns = ("Wire $40 from checking to Tomas.", ("Anything else?", ()), "Not Tomas. Sorry.")
    assert "payee" not in read(WIRE, "SendMoney", *turns)
    assert kept(WIRE, "SendMoney", "payee", "Tomas", *turns) is None


def test_someone_elses_own_schedule_is_theirs() -> None:
    trick = "What's in my diary? My partner wants to know about her own plans on the 3rd."
    plain = "What's in my diary on the 3rd?"
    assert "entry_date" not in read(DIARY, "ListEntries", trick)
    assert read(DIARY, "ListEntries", plain)["entry_date"] == "the 3rd"
    assert kept(DIARY, "ListEntries", "entry_date", "the 3rd", trick) is None


def test_a_day_and_time_of_the_customers_other_thing_are_not_the_entry() -> None:
    trick = "Put my pottery class in the diary. My physio is Thursday at 11 am, by the way."
    plain = "Put my pottery class in the diary on Thursday at 11 am."
    assert read(DIARY, "AddEntry", trick) == {}
    assert read(DIARY, "AddEntry", plain) == {"entry_date": "Thursday", "entry_time": "11 am"}
    assert kept(DIARY, "AddEntry", "entry_time", "11 am", trick) is None


def test_an_earlier_occasion_told_in_the_past_is_not_this_request() -> None:
    trick = "My previous cab downtown was for 4 riders and took ages. Now I need one to 12 Elm Road."
    plain = "I need a cab for 4 riders to 12 Elm Road."
    assert "riders" not in read(CAB, "OrderCab", trick)
    assert read(CAB, "OrderCab", plain)["riders"] == "4"
    assert kept(CAB, "OrderCab", "riders", "4", trick) is None
    # the customer's last name is no earlier occasion
    assert read(CAB, "OrderCab", "My last name is Oduya. A cab for 4 riders to 12 Elm Road.")["riders"] == "4"


def test_a_story_the_customer_is_writing_states_nothing() -> None:
    trick = "In the screenplay I'm drafting, the spy takes a train from Bonn to Turin on the 2nd. Anyway, from Leeds."
    plain = "A train from Leeds to Turin on the 2nd."
    assert read(TRAIN, "FindTrain", trick) == {"from_city": "Leeds"}
    assert read(TRAIN, "FindTrain", plain) == {"from_city": "Leeds", "to_city": "Turin", "travel_date": "the 2nd"}
    assert kept(TRAIN, "FindTrain", "to_city", "Turin", trick) is None


@pytest.mark.parametrize("trick", [
    "Book me a table at Olive Tree. Just curious, are they ever open at 5 pm?",
    "Book me a table at Olive Tree. Do they usually seat people as early as 5 pm?",
])
def test_a_question_about_how_things_go_chooses_nothing(trick: str) -> None:
    plain = "Book me a table at Olive Tree. Can they seat me at 5 pm?"
    assert "seat_time" not in read(TABLE, "BookTable", trick)
    assert read(TABLE, "BookTable", plain)["seat_time"] == "5 pm"
    assert kept(TABLE, "BookTable", "seat_time", "5 pm", trick) is None


def test_a_reply_closing_on_no_turns_the_offer_down() -> None:
    opening = "A table at Olive Tree please."
    offer = ("Would 7:15 pm suit you?", ("seat_time",))
    trick = "Hmm. 7:15 is when my shift ends, so, yeah, no."
    plain = "Hmm. 7:15 is fine, so, yeah, yes."
    assert "seat_time" not in read(TABLE, "BookTable", opening, offer, trick)
    assert read(TABLE, "BookTable", opening, offer, plain)["seat_time"] == "7:15"
    assert kept(TABLE, "BookTable", "seat_time", "7:15", opening, offer, trick) is None


def test_pick_up_and_drop_off_tell_two_days_apart_and_a_point_beats_its_area() -> None:
    said = "Hire a van at Central Depot in Leeds, pick up May 2nd, drop off May 6th."
    assert read(VAN, "HireVan", said) == {"collect_spot": "Central Depot", "collect_day": "May 2nd",
                                          "return_day": "May 6th"}


HOMES = Checklist.from_schema({
    "service_name": "Flats_9",
    "slots": [
        {"name": "town", "description": "Town of the flat", "is_categorical": False},
        {"name": "flat_name", "description": "Name of the flat", "is_categorical": False},
        {"name": "viewing_date", "description": "Date of the viewing", "is_categorical": False},
    ],
    "intents": [{"name": "FindFlat", "required_slots": ["town"]},
                {"name": "BookViewing", "required_slots": ["flat_name", "viewing_date"], "is_transactional": True}],
})


@pytest.mark.parametrize(("fact", "value"), [("payee", "980 bucks"), ("payee", "the 14th"), ("payee", "tomorrow")])
def test_a_sum_or_a_day_reported_as_a_name_is_the_wrong_kind(fact: str, value: str) -> None:
    said = "Tomorrow, wire 980 bucks from checking to Nadia; it's due on the 14th."
    assert check_value(WIRE, "SendMoney", fact, value, talk(said))[1][0].code == "value_wrong_kind"
    assert kept(WIRE, "SendMoney", "payee", "Nadia", said) == "Nadia"


def test_an_offer_passed_over_for_a_new_search_is_not_taken_by_a_later_yes() -> None:
    turns = ("A flat in Leith please.", ("Rowan House on Bath Street is a lovely place.", ()),
             "Does it allow pets?", ("Yes, it does.", ()), "Can you keep searching?",
             ("Another good one is Elm Court on Shore Road.", ()), "That one sound perfect.",
             ("Would you like to book a viewing?", ()), "Yes, on the 4th please.")
    assert kept(HOMES, "BookViewing", "flat_name", "Elm Court", *turns) == "Elm Court"
    assert kept(HOMES, "BookViewing", "flat_name", "Rowan House", *turns) is None
    # the plain way round: the first flat taken at once
    taken = ("A flat in Leith please.", ("Rowan House on Bath Street is a lovely place.", ()),
             "That one sounds perfect.", ("Would you like to book a viewing?", ()), "Yes, on the 4th please.")
    assert kept(HOMES, "BookViewing", "flat_name", "Rowan House", *taken) == "Rowan House"


def test_a_full_stop_glued_to_the_next_sentence_ends_a_place_and_an_abbreviation_does_not() -> None:
    assert read(TRAIN, "FindTrain", "A train from Leeds to York.I travel on the 9th.")["to_city"] == "York"
    assert read(TRAIN, "FindTrain", "A train from Leeds to St. Ives on the 9th.")["to_city"] == "St. Ives"
    assert read(TRAIN, "FindTrain", "A train from Leeds to Washington D.C. on the 9th.")["to_city"] == "Washington D.C"
