"""Tricks tuned on set 14, each beside the plain statement it imitates (our own wording, invented schemas);
the tier and the contract are checked alike, so a model that reports the trick's value is refused."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from core.contract import check_value
from core.extractors.offline import extract_facts
from tests.talking import talk

CAB = Checklist.from_schema({
    "service_name": "Cab_10",
    "slots": [
        {"name": "drop_address", "description": "Address the cab goes to", "is_categorical": False},
        {"name": "shared_ride", "description": "Whether the ride is shared", "is_categorical": True,
         "possible_values": ["True", "False"]},
        {"name": "cab_class", "description": "Class of the cab", "is_categorical": True,
         "possible_values": ["Pool", "Regular", "Luxury"]},
    ],
    "intents": [{"name": "OrderCab", "required_slots": ["drop_address", "shared_ride"],
                 "optional_slots": {"cab_class": "Pool"}, "is_transactional": True}],
})
SALON = Checklist.from_schema({
    "service_name": "Salon_10",
    "slots": [
        {"name": "visit_day", "description": "Date of the appointment", "is_categorical": False},
        {"name": "visit_time", "description": "Time of the appointment", "is_categorical": False},
    ],
    "intents": [{"name": "BookVisit", "required_slots": ["visit_day", "visit_time"], "is_transactional": True}],
})
TUNES = Checklist.from_schema({
    "service_name": "Tunes_10",
    "slots": [{"name": "track", "description": "Name of the song", "is_categorical": False}],
    "intents": [{"name": "PlayTrack", "required_slots": ["track"], "is_transactional": True}],
})
PLANE = Checklist.from_schema({
    "service_name": "Plane_10",
    "slots": [
        {"name": "from_city", "description": "City the flight leaves from", "is_categorical": False},
        {"name": "to_city", "description": "City the flight goes to", "is_categorical": False},
        {"name": "carrier", "description": "Airline of the flight", "is_categorical": True,
         "possible_values": ["Nordwing", "Skybus"]},
    ],
    "intents": [{"name": "BookFlight", "required_slots": ["from_city", "to_city", "carrier"],
                 "is_transactional": True}],
})
COACH = Checklist.from_schema({
    "service_name": "Coach_10",
    "slots": [
        {"name": "from_city", "description": "City the coach leaves from", "is_categorical": False},
        {"name": "to_city", "description": "City the coach goes to", "is_categorical": False},
        {"name": "trip_date", "description": "Date of the trip", "is_categorical": False},
    ],
    "intents": [{"name": "BuyCoach", "required_slots": ["from_city", "to_city", "trip_date"],
                 "is_transactional": True}],
})
INN = Checklist.from_schema({
    "service_name": "Inn_10",
    "slots": [
        {"name": "town", "description": "Town of the inn", "is_categorical": False},
        {"name": "nights", "description": "Number of days of the stay", "is_categorical": False},
        {"name": "rooms", "description": "Number of bed rooms", "is_categorical": True,
         "possible_values": ["1", "2", "3"]},
    ],
    "intents": [{"name": "BookInn", "required_slots": ["town", "nights"], "is_transactional": True},
                {"name": "FindFlat", "required_slots": ["town", "rooms"]}],
})
SHOWS = Checklist.from_schema({
    "service_name": "Shows_10",
    "slots": [
        {"name": "film", "description": "Name of the film", "is_categorical": False},
        {"name": "town", "description": "City where the cinema is", "is_categorical": False},
        {"name": "show_day", "description": "Date of the show", "is_categorical": False},
    ],
    "intents": [{"name": "ShowTimes", "required_slots": ["film", "town", "show_day"]}],
})


def read(checklist: Checklist, *turns: str | tuple[str, tuple[str, ...]]) -> dict[str, str]:
    return extract_facts(checklist, next(iter(checklist.intents)), talk(*turns))


def kept(checklist: Checklist, fact: str, value: str, *turns: str | tuple[str, tuple[str, ...]],
         intent: str | None = None) -> str | None:
    return check_value(checklist, intent or next(iter(checklist.intents)), fact, value, talk(*turns))[0]


def test_a_zero_width_space_inside_a_negator_still_negates() -> None:
    trick = "A cab to 5 Elm Road. A shared ride is n\u200bot okay."
    plain = "A cab to 5 Elm Road. A shared ride is okay."
    assert read(CAB, trick)["shared_ride"] == "False"
    assert read(CAB, plain)["shared_ride"] == "True"


def test_symbols_between_a_time_and_its_negated_verb_keep_it_refused() -> None:
    trick = "On the 9th at 11 am. \u274c 10 am \U0001f559 doesn't work for me."
    assert read(SALON, trick) == {"visit_day": "the 9th", "visit_time": "11 am"}
    assert kept(SALON, "visit_time", "10 am", trick) is None
    assert read(SALON, "On the 9th at 10 am.")["visit_time"] == "10 am"


def test_any_weekday_is_a_date_to_the_contract() -> None:
    for day in ("Wednesday", "Saturday"):
        assert kept(SALON, "visit_day", day, f"On {day} at 10 am please.") == day


def test_anything_but_a_title_names_no_title() -> None:
    asked = ("What song would you like?", ("track",))
    assert read(TUNES, "Put on some music.", asked, "Anything but Yellow Sky.") == {}
    assert read(TUNES, "Put on some music.", asked, "Yellow Sky.") == {"track": "Yellow Sky"}


def test_a_vocabulary_word_after_a_comma_is_no_region_of_the_place() -> None:
    assert read(CAB, "A cab to Harbour Station, Pool please.")["drop_address"] == "Harbour Station"
    assert read(CAB, "A cab to Portland, OR please.")["drop_address"] == "Portland, OR"


def test_a_named_subject_of_a_counterfactual_if_and_a_choice_still_to_make() -> None:
    trick = "Book a flight from Leeds to Oslo. If Nordwing had an evening flight I'd take it, so I still need to " \
            "choose an airline."
    plain = "Book a flight from Leeds to Oslo with Nordwing."
    assert "carrier" not in read(PLANE, trick)
    assert read(PLANE, plain)["carrier"] == "Nordwing"
    assert kept(PLANE, "carrier", "Nordwing", trick) is None


def test_a_trip_back_where_the_form_has_no_end_date_is_another_leg() -> None:
    trick = "A coach from Leeds to York on May 2nd. We'll come back on the 6th."
    assert read(COACH, trick)["trip_date"] == "May 2nd"
    assert kept(COACH, "trip_date", "the 6th", trick) is None


def test_give_or_take_leaves_a_count_open() -> None:
    trick = "An inn in Whitby for 4 days. Well, give or take a day, it depends on work."
    plain = "An inn in Whitby for 4 days."
    assert "nights" not in read(INN, trick)
    assert read(INN, plain)["nights"] == "4"
    assert kept(INN, "nights", "4", trick) is None


def test_scrapping_a_fact_named_by_its_description_takes_it_back() -> None:
    turns = ("A 2 bedroom flat in Whitby.", ("Anything else?", ()), "Actually scrap the bedroom count for now.")
    assert "rooms" not in extract_facts(INN, "FindFlat", talk(*turns))
    assert kept(INN, "rooms", "2", *turns, intent="FindFlat") is None
    assert extract_facts(INN, "FindFlat", talk(*turns[:2], "That's all."))["rooms"] == "2"


def test_when_the_customer_will_know_is_no_value() -> None:
    asked = ("Which day?", ("visit_day",))
    assert "visit_day" not in read(SALON, "A trim please.", asked, "I'll know the exact day Monday.")
    assert read(SALON, "A trim please.", asked, "Monday.")["visit_day"] == "Monday"


@pytest.mark.parametrize("trick", ["Does it also play in Hull?", "Is Hull any better, do you think?"])
def test_a_question_about_somewhere_else_chooses_nothing(trick: str) -> None:
    said = f"What times is Dune on in Leeds on Friday? {trick}"
    assert read(SHOWS, said)["town"] == "Leeds"
    assert kept(SHOWS, "town", "Hull", said) is None


def test_a_habit_on_a_weekday_is_not_this_booking() -> None:
    trick = "My son sees his tutor on Tuesdays at 4 pm. I need a trim on the 12th."
    assert read(SALON, trick) == {"visit_day": "the 12th"}
    assert kept(SALON, "visit_time", "4 pm", trick) is None
    assert read(SALON, "I need a trim on the 12th at 4 pm.")["visit_time"] == "4 pm"


def test_someone_elses_wish_set_against_the_customers_own_is_theirs() -> None:
    trick = "What times is Dune on in Leeds? My wife wants to go on Friday, but I'm asking for myself."
    assert "show_day" not in read(SHOWS, trick)
    assert read(SHOWS, "What times is Dune on in Leeds on Friday?")["show_day"] == "Friday"


def test_a_question_to_someone_in_the_room_and_struck_out_markup_state_nothing() -> None:
    asked = ("Which day?", ("visit_day",))
    assert "visit_day" not in read(SALON, "A trim please.", asked, "Babe, does Saturday work for you?")
    assert "visit_day" not in read(SALON, "A trim please.", asked, "<s>Saturday</s> no, I'll confirm later.")
    assert read(SALON, "A trim please.", asked, "Saturday works for me.")["visit_day"] == "Saturday"


def test_taking_time_over_an_offer_takes_nothing() -> None:
    offer = ("Would 3 pm on the 9th suit you?", ("visit_time",))
    assert "visit_time" not in read(SALON, "A trim please.", offer, "Okay, let me think about it.")
    assert read(SALON, "A trim please.", offer, "Okay, that works.")["visit_time"] == "3 pm"
