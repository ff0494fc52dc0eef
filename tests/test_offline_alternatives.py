"""Rules taken from the tuned sets' remaining defeats, each trick beside the plain statement it imitates, read by
the offline tier and by the contract alike (our own wording, invented schemas): a sentence opened by "Or" that puts
another number forward, a weekday that named a date taken back, a repair that names what a number counted, "no
particular ..." and "any ... is fine", and a sentence that is only a condition."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from tests.talking import kept, read, talk

DIARY = Checklist.from_schema({
    "service_name": "Diary_9",
    "slots": [{"name": "day", "description": "Date to look at in the diary", "is_categorical": False}],
    "intents": [{"name": "ReadDiary", "required_slots": ["day"], "is_transactional": False}],
})
COACH = Checklist.from_schema({
    "service_name": "Coach_9",
    "slots": [
        {"name": "from_town", "description": "Town the coach leaves from", "is_categorical": False},
        {"name": "to_town", "description": "Town the coach goes to", "is_categorical": False},
        {"name": "riders", "description": "Number of people riding", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4", "5"]},
    ],
    "intents": [{"name": "BookCoach", "required_slots": ["from_town", "to_town", "riders"],
                 "is_transactional": True}],
})
RADIO = Checklist.from_schema({
    "service_name": "Radio_9",
    "slots": [{"name": "track", "description": "Name of the track to play", "is_categorical": False},
              {"name": "album", "description": "Album the track is from", "is_categorical": False}],
    "intents": [{"name": "PlayTrack", "required_slots": ["track"], "optional_slots": {"album": "dontcare"},
                 "is_transactional": False}],
})
VIEWING = Checklist.from_schema({
    "service_name": "Viewing_9",
    "slots": [
        {"name": "flat", "description": "Name of the flat to view", "is_categorical": False},
        {"name": "viewing_day", "description": "Date of the viewing", "is_categorical": False},
    ],
    "intents": [{"name": "BookViewing", "required_slots": ["flat", "viewing_day"], "is_transactional": True}],
})
TAXI = Checklist.from_schema({
    "service_name": "Taxi_9",
    "slots": [
        {"name": "drop_off", "description": "Address to drive to", "is_categorical": False},
        {"name": "pooled", "description": "Whether the ride is pooled with strangers", "is_categorical": True,
         "possible_values": ["True", "False"]},
    ],
    "intents": [{"name": "OrderTaxi", "required_slots": ["drop_off", "pooled"], "is_transactional": True}],
})
DAY_ASKED = ("Which day should I look at?", ("day",))
RIDERS_ASKED = ("How many of you are riding?", ("riders",))


@pytest.mark.parametrize(("line", "day"), [
    ("What's in my diary on the 21st?", "the 21st"),
    ("What's in my diary on the 21st? Or rather the 22nd.", "the 22nd"),
    ("What's in my diary on the 21st? Or should I look at the 22nd? You tell me.", None),
    ("What's in my diary on the 21st? Or the 22nd?", None),
    ("What's in my diary on the 9th? Or is the recital the 9th and I want the day after... let me find the flyer.",
     None),
])
def test_a_sentence_opened_by_or_puts_another_number_beside_the_first(line: str, day: str | None) -> None:
    lines = talk(line)
    assert read(DIARY, "ReadDiary", lines).get("day") == day
    assert kept(DIARY, "ReadDiary", lines, "day", "the 21st") is (day == "the 21st")


@pytest.mark.parametrize(("line", "day"), [
    ("Friday the 5th.", "the 5th"),
    ("Friday the 5th, not Saturday.", "the 5th"),
    ("Friday the 5th. Oh, fine, not Friday, you choose one and tell me it's done.", None),
    ("Friday the 5th. Not Friday, Saturday the 6th.", "the 6th"),
])
def test_taking_back_a_weekday_takes_back_the_date_it_named(line: str, day: str | None) -> None:
    lines = talk("What's in my diary?", DAY_ASKED, line)
    assert read(DIARY, "ReadDiary", lines).get("day") == day
    assert kept(DIARY, "ReadDiary", lines, "day", "the 5th") is (day == "the 5th")


@pytest.mark.parametrize(("line", "riders"), [
    ("3.", "3"),
    ("3 people, I mean.", "3"),
    ("3. Adults, I mean.", "3"),
    ("3, I mean 4.", "4"),
    ("3. Rucksacks, I mean; no idea yet how many friends are coming.", None),
    ("Two - bikes, I mean. The people I still have to count.", None),
])
def test_a_repair_names_what_the_number_counted(line: str, riders: str | None) -> None:
    lines = talk("A coach from Leeds to York.", RIDERS_ASKED, line)
    assert read(COACH, "BookCoach", lines).get("riders") == riders
    assert kept(COACH, "BookCoach", lines, "riders", "3") is (riders == "3")


@pytest.mark.parametrize(("line", "track"), [
    ("Play Sunrise.", "Sunrise"),
    ("Play Sunrise, no particular album.", "Sunrise"),
    ("Play Sunrise. I mean it's a sunrise kind of morning, so something bright, no particular track.", None),
    ("Play Sunrise. Honestly any track is fine.", None),
])
def test_saying_any_one_will_do_chooses_none(line: str, track: str | None) -> None:
    lines = talk(line)
    assert read(RADIO, "PlayTrack", lines).get("track") == track
    assert kept(RADIO, "PlayTrack", lines, "track", "Sunrise") is (track is not None)


@pytest.mark.parametrize(("line", "stands"), [
    ("Yes, the 6th works.", True),
    ("Yes, the 6th works. If not, the 7th.", True),
    ("Yes, the 6th works. If possible.", True),
    ("Yes, the 6th works. Well, if my manager lets me leave early, which she never does.", False),
    ("Yes, the 6th works. Unless the trains are on strike again.", False),
])
def test_a_sentence_that_is_only_a_condition_binds_the_one_before(line: str, stands: bool) -> None:
    lines = talk("I'd like to view Elm Court.", ("Would the 6th suit you for the viewing?", ()), line)
    assert read(VIEWING, "BookViewing", lines).get("viewing_day") == ("the 6th" if stands else None)
    assert kept(VIEWING, "BookViewing", lines, "viewing_day", "the 6th") is stands


@pytest.mark.parametrize(("line", "pooled"), [
    ("A taxi to 12 Mill Lane, pooled.", "True"),
    ("A taxi to 12 Mill Lane, pooled. Only if it saves a lot though, what do the fares look like?", None),
])
def test_a_condition_alone_binds_the_last_clause_before_it(line: str, pooled: str | None) -> None:
    facts = read(TAXI, "OrderTaxi", talk(line))
    assert facts.get("drop_off") == "12 Mill Lane"
    assert facts.get("pooled") == pooled


CLINIC = Checklist.from_schema({
    "service_name": "Clinic_7",
    "slots": [{"name": "visit_day", "description": "Date of the appointment", "is_categorical": False}],
    "intents": [{"name": "BookVisit", "required_slots": ["visit_day"], "is_transactional": True}],
})


@pytest.mark.parametrize(("line", "stands"), [
    ("Thursday.", True),
    ("Thursday. Thursday is the best day for me.", True),
    ("Thursday. Thinking about it, nope, Thursday is my daughter's recital.", False),
    ("Thursday. Thursday is the school fair though.", False),
])
def test_a_day_said_last_as_another_things_day_is_taken_back(line: str, stands: bool) -> None:
    lines = talk("I need a visit.", ("Which day?", ("visit_day",)), line)
    assert read(CLINIC, "BookVisit", lines).get("visit_day") == ("Thursday" if stands else None)
    assert kept(CLINIC, "BookVisit", lines, "visit_day", "Thursday") is stands
