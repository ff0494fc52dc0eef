"""What an acknowledging reply takes from the agent's line before it, read by grammar: "there" points at a place
and nothing else the line named, and a word in a hyphenated compound ("one-way") refers to nothing. Each beside the
plain taking it imitates (our own wording, an invented schema)."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from core.contract import check_value
from core.extractors.offline import extract_facts
from tests.talking import talk

COACH = Checklist.from_schema({
    "service_name": "Coach_9",
    "slots": [
        {"name": "from_town", "description": "Town the coach leaves from", "is_categorical": False},
        {"name": "to_town", "description": "Town the coach goes to", "is_categorical": False},
        {"name": "leave_day", "description": "Day the coach leaves", "is_categorical": False},
    ],
    "intents": [{"name": "FindCoach", "required_slots": ["from_town", "to_town", "leave_day"],
                 "is_transactional": False}],
})
FORECAST = "In Oakland it will be around 75 degrees today with a 15 percent chance of rain."
COACH_OFFER = "There is a coach to Oakland from Reno that leaves today at 9 am."


@pytest.mark.parametrize(("agent", "reply", "day"), [
    (COACH_OFFER, "Okay, that one works.", "today"),  # the plain taking: a reference to the offer
    (COACH_OFFER, "Okay, I'll take it.", "today"),
    (FORECAST, "Okay thanks, I'd like a ticket going there. I leave from Reno.", None),  # "there" is the town
    (FORECAST, "Okay thanks, I'd like a one-way ticket from Reno.", None),  # "one-way" refers to nothing
])
def test_an_acknowledging_reply_takes_what_it_refers_to(agent: str, reply: str, day: str | None) -> None:
    lines = talk("I want the weather in Oakland." if agent == FORECAST else "Find me a coach.",
                 (agent, ()), reply)
    assert extract_facts(COACH, "FindCoach", lines).get("leave_day") == day


@pytest.mark.parametrize(("agent", "reply", "kept"), [
    (COACH_OFFER, "Okay, that one works.", True),
    (FORECAST, "Okay thanks, I'd like a ticket going there. I leave from Reno.", False),
])
def test_the_contract_takes_a_day_from_the_agent_only_where_the_reply_refers_to_it(agent: str, reply: str,
                                                                                   kept: bool) -> None:
    lines = talk("I want the weather in Oakland." if agent == FORECAST else "Find me a coach.", (agent, ()), reply)
    value, findings = check_value(COACH, "FindCoach", "leave_day", "today", lines)
    assert (value == "today") is kept
    assert kept or findings[0].code == "value_only_in_agent_words"


DOCTOR = Checklist.from_schema({
    "service_name": "Doctor_9",
    "slots": [{"name": "doctor", "description": "Name of the doctor", "is_categorical": False}],
    "intents": [{"name": "SeeDoctor", "required_slots": ["doctor"], "is_transactional": True}],
})


@pytest.mark.parametrize(("agent", "doctor"), [
    ("I have a family doctor named Dr. Nina R. Birnbaum, MD.", "Dr. Nina R. Birnbaum"),  # a credential after a name
    ("I have a family doctor named Dr. Nina R. Birnbaum, Dr. Amy Tran and Dr. Li.", None),  # names in a row
])
def test_a_credential_after_an_offered_name_lists_nobody_else(agent: str, doctor: str | None) -> None:
    lines = talk("I need a doctor in Albany.", (agent, ()), "Yes, that one works for me.")
    assert extract_facts(DOCTOR, "SeeDoctor", lines).get("doctor") == doctor


CAR = Checklist.from_schema({
    "service_name": "Car_9",
    "slots": [
        {"name": "pickup_town", "description": "Town to pick the car up in", "is_categorical": False},
        {"name": "pickup_day", "description": "Date to pick the car up", "is_categorical": False},
        {"name": "pickup_hour", "description": "Time to pick the car up", "is_categorical": False},
    ],
    "intents": [{"name": "RentCar", "required_slots": ["pickup_town", "pickup_day", "pickup_hour"],
                 "is_transactional": True}],
})


@pytest.mark.parametrize(("line", "hour"), [
    ("Car in Seattle, pick up Friday at 11 am.", "11 am"),
    ("Car in Seattle, pick up Friday at 11 am. Danke!", "11 am"),  # a word of thanks takes nothing back
    ("Car in Seattle, pick up Friday at 11 am. Die Uhrzeit stimmt nicht, die weiss ich noch nicht.", None),
    ("Car in Seattle, pick up Friday at 11 am. La hora no es correcta, todavia no la se.", None),
])
def test_a_line_with_a_sentence_the_tier_does_not_read_states_nothing(line: str, hour: str | None) -> None:
    assert extract_facts(CAR, "RentCar", talk(line)).get("pickup_hour") == hour
